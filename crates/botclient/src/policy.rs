//! Who chooses the moves: a built-in bot, or any [`Policy`] a caller
//! brings (Python's `domino.connect` brings a Python function).

use domino_bots::{levels, Bot, BotConfig};
use domino_engine::{Action, RulesSpec, SeatView};
use serde_json::Value;

use crate::error::ClientError;

/// One decision: the seat's `state` object as the server sent it, the
/// same read as an engine view, and the seat's time left on the table's
/// clock when it runs for this decision (ms; `None` without a clock).
#[derive(Debug)]
pub struct Turn {
    pub state: Value,
    pub view: SeatView,
    pub time_left_ms: Option<u64>,
}

impl Turn {
    /// The legal actions as the `act` message takes them.
    pub fn legal_json(&self) -> Value {
        self.state
            .get("legal")
            .cloned()
            .unwrap_or(Value::Array(Vec::new()))
    }
}

/// Makes a player for each table.
pub trait Policy: Send + Sync + std::fmt::Debug {
    /// A player for a new table of `rules` (a bot may keep memory per table).
    fn player(&self, rules: &RulesSpec) -> Result<Box<dyn Player>, ClientError>;
}

/// Chooses the moves at one table; called off the async threads, since a
/// decision may think for a while.
pub trait Player: Send {
    fn act(&mut self, turn: &Turn) -> Result<Action, ClientError>;
}

/// A built-in bot: a level (`expert`, `heuristic`, ...) or a bot spec, as
/// `domino play` and `domino serve` take them.
#[derive(Debug, Clone)]
pub struct BuiltIn {
    spec: String,
    config: BotConfig,
}

impl BuiltIn {
    /// The bot `spec`, checked now so that a typo stops the client at once.
    pub fn new(spec: &str) -> Result<BuiltIn, ClientError> {
        BuiltIn::with_config(spec, BotConfig::default())
    }

    /// The bot `spec` with its budget and seed (each table's bot gets a
    /// seed of its own, drawn from this one's).
    pub fn with_config(spec: &str, config: BotConfig) -> Result<BuiltIn, ClientError> {
        levels::level_bot(spec, config).map_err(|_| ClientError::UnknownBot(spec.into()))?;
        Ok(BuiltIn {
            spec: spec.into(),
            config,
        })
    }
}

impl Policy for BuiltIn {
    fn player(&self, _rules: &RulesSpec) -> Result<Box<dyn Player>, ClientError> {
        let config = BotConfig {
            seed: self.config.seed ^ rand::random::<u64>(),
            ..self.config
        };
        Ok(Box::new(BotPlayer::new(&self.spec, config)?))
    }
}

/// The share of the time left a decision may think for: a bot on a
/// running clock keeps most of it for the moves still to come.
const CLOCK_SHARE: u64 = 10;
/// Time left aside for the way to the server and back, ms.
const NETWORK_MARGIN_MS: u64 = 500;
/// The least a decision thinks for on a nearly spent clock, ms.
const LEAST_BUDGET_MS: u64 = 5;

/// The thinking budget of one decision: a tenth of the time left on the
/// seat's clock after a margin for the network, never more than the
/// `configured` budget (nor less than a few ms); the configured budget
/// when no clock runs.
pub fn fitted_budget(configured: u64, time_left_ms: Option<u64>) -> u64 {
    match time_left_ms {
        Some(left) => (left.saturating_sub(NETWORK_MARGIN_MS) / CLOCK_SHARE)
            .clamp(LEAST_BUDGET_MS.min(configured), configured),
        None => configured,
    }
}

/// A built-in bot at one table, remade with a smaller budget when its
/// clock leaves less time than the configured budget (see
/// [`fitted_budget`]).
#[derive(Debug)]
pub struct BotPlayer {
    spec: String,
    config: BotConfig,
    bot: Box<dyn Bot>,
    /// The budget `bot` was made with.
    budget_ms: u64,
}

impl BotPlayer {
    pub fn new(spec: &str, config: BotConfig) -> Result<BotPlayer, ClientError> {
        let bot =
            levels::level_bot(spec, config).map_err(|_| ClientError::UnknownBot(spec.into()))?;
        Ok(BotPlayer {
            spec: spec.into(),
            config,
            bot,
            budget_ms: config.budget_ms,
        })
    }
}

impl Player for BotPlayer {
    fn act(&mut self, turn: &Turn) -> Result<Action, ClientError> {
        let budget_ms = fitted_budget(self.config.budget_ms, turn.time_left_ms);
        if budget_ms != self.budget_ms {
            let config = BotConfig {
                budget_ms,
                ..self.config
            };
            self.bot = levels::level_bot(&self.spec, config)
                .map_err(|_| ClientError::UnknownBot(self.spec.clone()))?;
            self.budget_ms = budget_ms;
        }
        self.bot
            .act(&turn.view)
            .map_err(|e| ClientError::Policy(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use domino_engine::Match;

    #[test]
    fn the_budget_is_a_share_of_the_clock_never_more_than_configured() {
        // No clock, or plenty of time: the configured budget.
        assert_eq!(fitted_budget(1_000, None), 1_000);
        assert_eq!(fitted_budget(1_000, Some(75_000)), 1_000);
        // A tenth of what is left after the network's half second.
        assert_eq!(fitted_budget(1_000, Some(5_500)), 500);
        assert_eq!(fitted_budget(1_000, Some(10_500)), 1_000);
        // A spent clock still lets the bot choose, within the configured.
        assert_eq!(fitted_budget(1_000, Some(200)), LEAST_BUDGET_MS);
        assert_eq!(fitted_budget(2, Some(0)), 2);
    }

    #[test]
    fn a_built_in_bot_plays_a_legal_move_from_a_state_object() {
        let rules: RulesSpec =
            serde_json::from_value(serde_json::json!({"preset": "draw"})).unwrap();
        let m = Match::new(rules.resolve().unwrap(), Some(5), None).unwrap();
        let seat = m.to_act().unwrap();
        let state = m.seat_view(seat).to_json();
        let turn = Turn {
            view: SeatView::from_state(&state).unwrap(),
            state,
            time_left_ms: Some(1_000),
        };
        let mut player = BuiltIn::new("expert").unwrap().player(&rules).unwrap();
        let a = player.act(&turn).unwrap();
        assert!(m.seat_view(seat).legal().contains(&a));
        assert!(turn.legal_json().as_array().is_some_and(|l| !l.is_empty()));
        assert!(matches!(
            BuiltIn::new("grandmaster"),
            Err(ClientError::UnknownBot(_))
        ));
    }
}
