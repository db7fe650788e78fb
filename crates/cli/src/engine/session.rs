//! One engine-protocol session: the match being played (if any) and the
//! handling of one request line, kept free of I/O so tests can drive it.

use std::panic::{catch_unwind, AssertUnwindSafe};

use domino_bots::BotConfig;
use domino_engine::{
    Action, DealSpec, Event, Match, MatchError, MoveList, Phase, Record, RulesSpec, Viewer,
};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::reply::{fields, ok, to_json, Failure};
use domino_engine::ErrorCode;

/// The commands, for the `unknown_command` message.
const COMMANDS: &str = "presets, new, state, legal, act, next, go, record, load, puzzle, settle";

/// Seeds picked for the client stay below 2^53 so that JavaScript clients,
/// whose numbers are doubles, can send them back exactly.
const RANDOM_SEED_MASK: u64 = (1 << 53) - 1;

/// A request: a JSON object with a `cmd`. Unknown fields are ignored, so
/// clients written for a later protocol version still work here.
type Request = Map<String, Value>;

/// The state of one protocol connection.
#[derive(Debug, Default)]
pub struct Session {
    game: Option<Match>,
}

impl Session {
    pub fn new() -> Session {
        Session::default()
    }

    /// Answer one request line. A failure leaves the session as it was.
    pub fn handle(&mut self, line: &str) -> Value {
        // An engine panic must not end the process or leave a half-applied
        // action behind: answer `internal` and restore the match as it was.
        let before = self.game.clone();
        match catch_unwind(AssertUnwindSafe(|| self.dispatch(line))) {
            Ok(Ok(fields)) => ok(fields),
            Ok(Err(failure)) => failure.to_json(),
            Err(_) => {
                self.game = before;
                Failure::new(
                    ErrorCode::Internal,
                    "the engine failed on this request (a bug; please report it with the \
                     request); the session is unchanged",
                )
                .to_json()
            }
        }
    }

    fn dispatch(&mut self, line: &str) -> Result<Map<String, Value>, Failure> {
        let req: Value = serde_json::from_str(line).map_err(|e| {
            Failure::new(ErrorCode::BadJson, format!("the request is not JSON: {e}"))
        })?;
        let Value::Object(req) = req else {
            return Err(Failure::bad_request(
                "a request is a JSON object with a \"cmd\" field",
            ));
        };
        let cmd = match req.get("cmd") {
            Some(Value::String(s)) => s.as_str(),
            Some(_) => return Err(Failure::bad_request("field `cmd` must be a string")),
            None => {
                return Err(Failure::bad_request(
                    "missing field `cmd`: every request names its command",
                ))
            }
        };
        match cmd {
            "presets" => Ok(fields([(
                "presets",
                serde_json::to_value(domino_engine::catalog::games()).unwrap_or_default(),
            )])),
            "new" => self.new_match(&req),
            "state" => self.state(&req),
            "legal" => self.legal(),
            "act" => self.act(&req),
            "next" => self.next(&req),
            "go" => self.go(&req),
            "record" => Ok(fields([("record", to_json(&self.game()?.record())?)])),
            "load" => self.load(&req),
            "puzzle" => {
                let (game, out) = super::puzzle::puzzle(&req)?;
                if let Some(g) = game {
                    self.game = Some(g);
                }
                Ok(out)
            }
            "settle" => settle::settle(&req),
            other => Err(Failure::new(
                ErrorCode::UnknownCommand,
                format!("unknown command `{other}`: the commands are {COMMANDS}"),
            )),
        }
    }

    fn game(&self) -> Result<&Match, Failure> {
        self.game.as_ref().ok_or_else(no_match)
    }

    fn game_mut(&mut self) -> Result<&mut Match, Failure> {
        self.game.as_mut().ok_or_else(no_match)
    }

    fn new_match(&mut self, req: &Request) -> Result<Map<String, Value>, Failure> {
        let spec: RulesSpec = required(req, "rules")?;
        let seed: Option<u64> = optional(req, "seed")?;
        let deal: Option<DealSpec> = optional(req, "deal")?;
        let rules = spec.resolve()?;
        let seed = match (seed, &deal) {
            (None, None) => Some(rand::random::<u64>() & RANDOM_SEED_MASK),
            (seed, _) => seed,
        };
        let m = Match::new(rules, seed, deal.as_ref())?;
        let state = m.state_json(Viewer::All);
        self.game = Some(m);
        Ok(fields([("state", state)]))
    }

    fn state(&self, req: &Request) -> Result<Map<String, Value>, Failure> {
        let m = self.game()?;
        let viewer = match optional::<u8>(req, "seat")? {
            None => Viewer::All,
            Some(s) if s < m.rules().players() => Viewer::Seat(s),
            Some(s) => {
                return Err(Failure::bad_request(format!(
                    "field `seat`: seat {s} is not at this table (seats 0 to {})",
                    m.rules().players() - 1
                )))
            }
        };
        Ok(fields([("state", m.state_json(viewer))]))
    }

    fn legal(&self) -> Result<Map<String, Value>, Failure> {
        let mut moves = MoveList::new();
        self.game()?.legal(&mut moves);
        Ok(fields([("actions", to_json(&moves.as_slice())?)]))
    }

    fn act(&mut self, req: &Request) -> Result<Map<String, Value>, Failure> {
        let action: Action = required(req, "action")?;
        let seat: Option<u8> = optional(req, "seat")?;
        let m = self.game_mut()?;
        let mut events: Vec<Event> = Vec::new();
        // The engine changes nothing when it refuses an action.
        match seat {
            Some(seat) => m.act_as(seat, action, &mut events)?,
            None => m.act(action, &mut events)?,
        }
        Ok(fields([
            ("events", to_json(&events)?),
            ("state", m.state_json(Viewer::All)),
        ]))
    }

    fn next(&mut self, req: &Request) -> Result<Map<String, Value>, Failure> {
        let deal: Option<DealSpec> = optional(req, "deal")?;
        let m = self.game_mut()?;
        m.next_hand(deal.as_ref())?;
        Ok(fields([("state", m.state_json(Viewer::All))]))
    }

    /// A bot's choice for the seat to act, from that seat's view only;
    /// nothing is applied.
    fn go(&self, req: &Request) -> Result<Map<String, Value>, Failure> {
        let name: Option<String> = optional(req, "bot")?;
        let budget_ms: Option<u64> = optional(req, "budget_ms")?;
        let seed: Option<u64> = optional(req, "seed")?;
        let Some(name) = name else {
            return Err(Failure::new(
                ErrorCode::UnknownBot,
                format!(
                    "name the bot in field `bot`: one of {}",
                    domino_bots::BOT_NAMES.join(", ")
                ),
            ));
        };
        let config = BotConfig {
            seed: seed.unwrap_or(1),
            budget_ms: budget_ms.unwrap_or(domino_bots::expert::DEFAULT_BUDGET_MS),
        };
        let mut bot = domino_bots::by_name(&name, config)
            .map_err(|e| Failure::new(ErrorCode::UnknownBot, e.to_string()))?;
        let m = self.game()?;
        let Some(seat) = m.to_act() else {
            return Err(match m.phase() {
                Phase::MatchOver => MatchError::MatchOver.into(),
                _ => MatchError::HandOver.into(),
            });
        };
        let action = bot
            .act(&m.seat_view(seat))
            .map_err(|e| Failure::new(ErrorCode::Internal, e.to_string()))?;
        Ok(fields([("action", to_json(&action)?)]))
    }

    fn load(&mut self, req: &Request) -> Result<Map<String, Value>, Failure> {
        let raw = req
            .get("record")
            .ok_or_else(|| Failure::bad_request("missing field `record`"))?;
        let rec: Record = serde_json::from_value(raw.clone()).map_err(|e| {
            Failure::new(
                ErrorCode::BadRecord,
                format!("field `record` is not a domino-record/1 record: {e}"),
            )
        })?;
        let m = domino_engine::record::replay(&rec)?;
        let state = m.state_json(Viewer::All);
        self.game = Some(m);
        Ok(fields([("state", state)]))
    }
}

fn no_match() -> Failure {
    Failure::new(
        ErrorCode::NoMatch,
        "no match yet: start one with {\"cmd\": \"new\", \"rules\": {\"preset\": ...}}",
    )
}

/// Field `name`, absent or null meaning `None`.
fn optional<T: DeserializeOwned>(req: &Request, name: &str) -> Result<Option<T>, Failure> {
    match req.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => serde_json::from_value(v.clone())
            .map(Some)
            .map_err(|e| Failure::bad_request(format!("field `{name}`: {e}"))),
    }
}

fn required<T: DeserializeOwned>(req: &Request, name: &str) -> Result<T, Failure> {
    optional(req, name)?.ok_or_else(|| Failure::bad_request(format!("missing field `{name}`")))
}

mod settle;

#[cfg(test)]
mod fuzz;
#[cfg(test)]
mod tests;
