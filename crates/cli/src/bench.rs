//! `domino bench`: random playouts on one thread, to measure engine speed.

use std::time::Instant;

use domino_engine::playout::Playout;
use domino_engine::{Rules, RulesSpec};
use serde::Serialize;

/// One bench result; a struct so the JSON keeps this field order.
#[derive(Debug, Serialize)]
pub struct Report {
    pub preset: &'static str,
    pub players: u8,
    pub hands: u64,
    pub seconds: f64,
    pub hands_per_sec: u64,
    pub actions_per_hand: f64,
}

/// Play `hands` random hands of `rules` and report the speed.
pub fn run(rules: Rules, hands: u64, seed: u64) -> Report {
    let mut p = Playout::new(rules, seed);
    let start = Instant::now();
    for _ in 0..hands {
        p.hand();
    }
    let seconds = start.elapsed().as_secs_f64();
    Report {
        preset: rules.preset.name(),
        players: rules.players,
        hands,
        seconds,
        // Guard the division: a coarse clock can report zero for tiny runs.
        hands_per_sec: (hands as f64 / seconds.max(1e-9)).round() as u64,
        actions_per_hand: p.actions as f64 / hands.max(1) as f64,
    }
}

/// The rules a bench runs: a preset's defaults, with an optional player count.
pub fn rules(preset: &str, players: Option<u8>) -> Result<Rules, domino_engine::RulesError> {
    RulesSpec {
        preset: preset.to_string(),
        players,
        options: Default::default(),
    }
    .resolve()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn reports_the_fields() {
        let r = run(rules("draw", Some(3)).unwrap(), 20, 1);
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["preset"], "draw");
        assert_eq!(v["players"], 3);
        assert_eq!(v["hands"], 20);
        assert!(v["actions_per_hand"].as_f64().unwrap() > 1.0);
    }
}
