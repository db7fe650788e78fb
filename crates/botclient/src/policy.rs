//! Who chooses the moves: a built-in bot, or any [`Policy`] a caller
//! brings (Python's `domino.connect` brings a Python function).

use domino_bots::{levels, Bot, BotConfig};
use domino_engine::{Action, RulesSpec, SeatView};
use serde_json::Value;

use crate::error::ClientError;

/// One decision: the seat's `state` object as the server sent it, and
/// the same read as an engine view.
#[derive(Debug)]
pub struct Turn {
    pub state: Value,
    pub view: SeatView,
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
        let bot = levels::level_bot(&self.spec, config)
            .map_err(|_| ClientError::UnknownBot(self.spec.clone()))?;
        Ok(Box::new(BotPlayer(bot)))
    }
}

/// A built-in bot at one table.
#[derive(Debug)]
pub struct BotPlayer(pub Box<dyn Bot>);

impl Player for BotPlayer {
    fn act(&mut self, turn: &Turn) -> Result<Action, ClientError> {
        self.0
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
    fn a_built_in_bot_plays_a_legal_move_from_a_state_object() {
        let rules: RulesSpec =
            serde_json::from_value(serde_json::json!({"preset": "draw"})).unwrap();
        let m = Match::new(rules.resolve().unwrap(), Some(5), None).unwrap();
        let seat = m.to_act().unwrap();
        let state = m.seat_view(seat).to_json();
        let turn = Turn {
            view: SeatView::from_state(&state).unwrap(),
            state,
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
