//! Helpers shared by the bots' integration tests.

use domino_engine::{Rules, RulesSpec};

/// A preset's rules with the given players (default if `None`) and options.
pub fn rules(preset: &str, players: Option<u8>, options: serde_json::Value) -> Rules {
    let mut spec = RulesSpec::preset(preset);
    spec.players = players;
    if let serde_json::Value::Object(o) = options {
        spec.options = o;
    }
    spec.resolve().unwrap()
}
