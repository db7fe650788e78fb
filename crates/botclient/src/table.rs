//! One table, on its own socket: resume the seat by its token, act when
//! the seat's `state` says it is to move (with the state's `seq`, so a
//! move chosen from an old state is refused, never played late), say
//! `ready` between hands, and come back after a lost connection.

use std::time::Duration;

use domino_engine::{Action, Phase, SeatView};
use domino_protocol::socket::Request;
use serde_json::Value;

use crate::backoff::Backoff;
use crate::error::ClientError;
use crate::http::Server;
use crate::policy::{Player, Policy, Turn};
use crate::socket::Socket;
use crate::{Progress, Report};
use domino_protocol::socket::Sent;

/// How long a finished rated table is watched for its rating changes,
/// which the table sends once the store has them.
const RATINGS_WAIT: Duration = Duration::from_secs(5);
/// A message to the server at least this often, so that a quiet table
/// never looks like a dead connection.
const KEEPALIVE: Duration = Duration::from_secs(20);
/// How long to wait before sending again a message the server refused
/// for the rate.
const RETRY_AFTER: Duration = Duration::from_secs(1);

/// A seat the bot holds: the table and the seat token it resumes with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    pub table: String,
    pub token: String,
    /// How the bot came to sit there: `seek` or `challenge`.
    pub via: String,
}

/// A seat's rating before and after a rated match.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingChange {
    pub before: f64,
    pub after: f64,
}

/// How a match ended for the bot.
#[derive(Debug, Clone, PartialEq)]
pub struct Finished {
    pub table: String,
    pub seat: u8,
    pub rated: bool,
    /// The match's scores by side, and the bot's side.
    pub scores: Vec<i32>,
    pub side: usize,
    /// Whether the bot's side won (`None`: nobody did).
    pub won: Option<bool>,
    pub rating: Option<RatingChange>,
}

/// A decision as it comes back from its thread: the player and its
/// answer, or the panic that lost both.
type Decided = Result<(Box<dyn Player>, Result<Action, ClientError>), tokio::task::JoinError>;

/// What the table task keeps across reconnections.
struct Play<'a> {
    seat: &'a Seat,
    policy: &'a dyn Policy,
    report: &'a Report,
    player: Option<Box<dyn Player>>,
    /// The `seq` of the last state acted on: a state no newer is not
    /// acted on again.
    acted: i64,
    /// The hand the bot last said `ready` after.
    ready_after: Option<u32>,
    seat_no: Option<u8>,
    /// Set once the match is over and the rating awaited.
    over: Option<(Finished, tokio::time::Instant)>,
    /// The last state, and when to act on it again after an action the
    /// server did not handle (over the rate): no new state would come.
    last: Option<Value>,
    retry: Option<tokio::time::Instant>,
    /// The server refused the policy's action as illegal: the state is
    /// acted on again with a legal action of its own list.
    forced: bool,
}

/// Play `seat` until its match is over.
pub async fn play(
    server: &Server,
    seat: &Seat,
    policy: &dyn Policy,
    report: &Report,
) -> Result<Finished, ClientError> {
    let mut play = Play {
        seat,
        policy,
        report,
        player: None,
        acted: -1,
        ready_after: None,
        seat_no: None,
        over: None,
        last: None,
        retry: None,
        forced: false,
    };
    let mut backoff = Backoff::default();
    loop {
        match play.session(server).await {
            Ok(Some(done)) => return Ok(done),
            Ok(None) => {}
            Err(e) if e.is_fatal() => return Err(e),
            // The table refused the seat (no such table, a bad token): no
            // retry makes it take it.
            Err(e @ ClientError::Refused { .. }) => return Err(e),
            Err(e) => report(Progress::Retrying {
                what: format!("table {}", seat.table),
                error: e.to_string(),
                after: backoff.peek(),
            }),
        }
        if let Some((done, _)) = play.over.take() {
            return Ok(done);
        }
        backoff.wait().await;
    }
}

impl Play<'_> {
    /// One connection: `Some` once the match is over, `None` when the
    /// connection was lost first.
    async fn session(&mut self, server: &Server) -> Result<Option<Finished>, ClientError> {
        let mut socket = Socket::open(server).await?;
        socket
            .send(
                &Request::Resume {
                    table: self.seat.table.clone(),
                    token: self.seat.token.clone(),
                }
                .sent_as("resume"),
            )
            .await?;
        let mut keepalive = tokio::time::interval(KEEPALIVE);
        keepalive.tick().await;
        loop {
            let deadline = self.over.as_ref().map(|(_, at)| *at);
            let message = tokio::select! {
                m = socket.next() => m?,
                _ = keepalive.tick() => {
                    socket.send(&Request::Ping {}.sent()).await?;
                    continue;
                }
                _ = sleep_until(deadline) => {
                    socket.close().await;
                    return Ok(self.over.take().map(|(f, _)| f));
                }
                _ = sleep_until(self.retry) => {
                    self.retry = None;
                    self.acted = -1;
                    if let Some(last) = self.last.clone() {
                        if let Some(reply) = self.on_state(&last).await? {
                            socket.send(&reply).await?;
                        }
                    }
                    continue;
                }
            };
            let Some(message) = message else {
                return Ok(None);
            };
            match message.get("type").and_then(Value::as_str) {
                Some("joined") => {
                    self.seat_no = message.get("seat").and_then(Value::as_u64).map(|s| s as u8);
                }
                Some("error") => self.refused(&message)?,
                Some("state") => {
                    self.last = Some(message.clone());
                    if let Some(reply) = self.on_state(&message).await? {
                        socket.send(&reply).await?;
                    }
                    if let Some((done, _)) = &self.over {
                        if done.rating.is_some() || !done.rated {
                            socket.close().await;
                            return Ok(self.over.take().map(|(f, _)| f));
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// A refusal: of the seat (the end of this table), or of an action
    /// (reported; the next state says what to do).
    fn refused(&mut self, message: &Value) -> Result<(), ClientError> {
        let text = |k: &str| {
            message
                .get(k)
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string()
        };
        if message.get("id").and_then(Value::as_str) == Some("resume") {
            return Err(ClientError::Refused {
                status: 0,
                code: text("code"),
                message: text("message"),
            });
        }
        let code = text("code");
        if matches!(code.as_str(), "rate_limited" | "rate") {
            // Not handled at all: the same state stands, so act on it again.
            self.retry = Some(tokio::time::Instant::now() + RETRY_AFTER);
        }
        let ours = message
            .get("id")
            .and_then(Value::as_str)
            .is_some_and(|id| id.starts_with("act-"));
        if code == "illegal_action" && ours {
            // No new state comes after a refused action: act on this one
            // again at once, with a legal action of its own list.
            self.forced = true;
            self.retry = Some(tokio::time::Instant::now());
        }
        (self.report)(Progress::Refused {
            table: self.seat.table.clone(),
            code,
            message: text("message"),
        });
        Ok(())
    }

    /// What to send after this state, if anything.
    async fn on_state(&mut self, message: &Value) -> Result<Option<Sent>, ClientError> {
        let seq = message.get("seq").and_then(Value::as_i64).unwrap_or(0);
        let state = message.get("state").cloned().unwrap_or(Value::Null);
        let seat = state
            .get("seat")
            .and_then(Value::as_u64)
            .map(|s| s as u8)
            .or(self.seat_no)
            .ok_or_else(|| ClientError::Protocol("a state for no seat".into()))?;
        if message.get("finished").and_then(Value::as_bool) == Some(true) {
            let done = finished(&self.seat.table, seat, message);
            let at = self
                .over
                .as_ref()
                .map(|(_, at)| *at)
                .unwrap_or_else(|| tokio::time::Instant::now() + RATINGS_WAIT);
            self.over = Some((done, at));
            return Ok(None);
        }
        let view = SeatView::from_state(&state)
            .map_err(|e| ClientError::Protocol(format!("table {}: {e}", self.seat.table)))?;
        if view.phase() == Phase::HandOver && self.ready_after != Some(view.hand_number()) {
            self.ready_after = Some(view.hand_number());
            return Ok(Some(Request::Ready {}.sent()));
        }
        if view.to_act() != Some(seat) || view.legal().is_empty() || seq <= self.acted {
            return Ok(None);
        }
        self.acted = seq;
        let mut player = match self.player.take() {
            Some(p) => p,
            None => self.policy.player(&view.rules().spec())?,
        };
        // A policy that fails or panics, or whose action the server
        // refused as illegal, does not stop the table: the first legal
        // action is played instead.
        let legal = view.legal().to_vec();
        let turn = Turn {
            time_left_ms: time_left(message, seat),
            state,
            view,
        };
        // A decision may think for a while (the expert's budget, a Python
        // function): off the async threads.
        let chosen = if std::mem::take(&mut self.forced) {
            self.player = Some(player);
            Err(ClientError::Policy(
                "the server refused its action as illegal".into(),
            ))
        } else {
            let chosen = tokio::task::spawn_blocking(move || {
                let a = player.act(&turn);
                (player, a)
            })
            .await;
            self.took(chosen)
        };
        let action = match chosen {
            Ok(a) => a,
            Err(error) => {
                let Some(&fallback) = legal.first() else {
                    return Ok(None);
                };
                (self.report)(Progress::PolicyFailed {
                    table: self.seat.table.clone(),
                    error: error.to_string(),
                    played: fallback.to_string(),
                });
                fallback
            }
        };
        let act = Request::Act {
            action,
            seq: Some(seq),
        };
        Ok(Some(act.sent_as(format!("act-{seq}"))))
    }

    /// The policy's answer from its thread, keeping the player (lost with
    /// a panic: the next turn makes another).
    fn took(&mut self, chosen: Decided) -> Result<Action, ClientError> {
        match chosen {
            Ok((player, a)) => {
                self.player = Some(player);
                a
            }
            Err(e) => Err(ClientError::Policy(format!("the policy panicked: {e}"))),
        }
    }
}

/// The seat's time left (ms) when its clock runs, from a state message's
/// `clock` (`{left_ms: [..], running}`).
fn time_left(message: &Value, seat: u8) -> Option<u64> {
    let clock = message.get("clock")?;
    if clock["running"].as_u64() != Some(u64::from(seat)) {
        return None;
    }
    clock["left_ms"]
        .get(usize::from(seat))?
        .as_i64()
        .map(|ms| ms.max(0) as u64)
}

/// The match's end as the bot's seat saw it.
fn finished(table: &str, seat: u8, message: &Value) -> Finished {
    let state = &message["state"];
    let side = message["facts"]["sides"]
        .get(seat as usize)
        .and_then(Value::as_u64)
        .unwrap_or(seat as u64) as usize;
    let won = state
        .get("winner")
        .map(|w| w.get("side").and_then(Value::as_u64) == Some(side as u64))
        .filter(|_| !state["winner"].is_null());
    let rating = message["ratings"].as_array().and_then(|all| {
        all.iter()
            .find(|r| r["seat"].as_u64() == Some(seat as u64))
            .and_then(|r| {
                Some(RatingChange {
                    before: r["before"].as_f64()?,
                    after: r["after"].as_f64()?,
                })
            })
    });
    Finished {
        table: table.into(),
        seat,
        rated: message["rated"].as_bool().unwrap_or(false),
        scores: state["scores"]
            .as_array()
            .map(|s| {
                s.iter()
                    .filter_map(|v| v.as_i64().map(|n| n as i32))
                    .collect()
            })
            .unwrap_or_default(),
        side,
        won,
        rating,
    }
}

async fn sleep_until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;

    #[test]
    fn the_end_of_a_match_is_read_for_the_seat_that_played_it() {
        let message = json!({
            "type": "state", "finished": true, "rated": true, "seq": 40,
            "facts": {"sides": [0, 1, 0, 1]},
            "ratings": [
                {"seat": 1, "before": 1500.0, "after": 1530.5, "deviation": 200.0, "player": "b"},
                {"seat": 0, "before": 1500.0, "after": 1470.0, "deviation": 200.0, "player": "a"}
            ],
            "state": {"scores": [3, 6], "winner": {"side": 1}}
        });
        let f = finished("t1", 3, &message);
        assert_eq!(f.side, 1);
        assert_eq!(f.won, Some(true));
        assert_eq!(f.scores, vec![3, 6]);
        assert_eq!(f.rating, None, "seat 3 has no rating line");
        let f = finished("t1", 1, &message);
        assert_eq!(
            f.rating,
            Some(RatingChange {
                before: 1500.0,
                after: 1530.5
            })
        );
        let drawn = json!({"finished": true, "facts": {"sides": [0, 1]}, "ratings": [],
            "state": {"scores": [1, 1], "winner": null}});
        assert_eq!(finished("t", 0, &drawn).won, None);
        assert!(!finished("t", 0, &drawn).rated);
    }
}
