//! `domino rules [PRESET]`: the games and their options, in words or JSON.

use std::fmt::Write;

use domino_engine::catalog::Allowed;
use domino_engine::rules::OptionSpec;
use domino_engine::Preset;
use serde_json::Value;

use crate::catalog;

/// Players as a range: `4` or `2-5`.
fn players(p: Preset) -> String {
    match p.player_range() {
        (min, max) if min == max => min.to_string(),
        (min, max) => format!("{min}-{max}"),
    }
}

/// The table of all games.
pub fn table() -> String {
    let width = catalog::names().iter().map(|n| n.len()).max().unwrap_or(0);
    let mut out = format!("{:width$}  {:7}  summary\n", "game", "players");
    for p in Preset::EVERY {
        let _ = writeln!(
            out,
            "{:width$}  {:7}  {}",
            p.name(),
            players(p),
            p.summary()
        );
    }
    out.push_str("\nrun `domino rules GAME` for a game's options\n");
    out
}

/// A value as a person writes it: strings without quotes.
fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn allowed(o: &OptionSpec) -> String {
    fn list<T: ToString>(items: &[T]) -> String {
        items
            .iter()
            .map(T::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
    match o.allowed() {
        Allowed::Switch(b) => list(&b),
        Allowed::Words(w) => list(w),
        Allowed::Numbers(n) => list(n),
        Allowed::Range { max, min } => format!("{min} to {max}"),
        Allowed::RangeOr { choices, max, min } => format!("{min} to {max}, {}", list(choices)),
    }
}

/// One game in words, its options as they stand for `n` players.
pub fn describe(p: Preset, n: u8) -> String {
    let mut out = format!("{}: {}\n\n", p.name(), p.summary());
    let _ = writeln!(
        out,
        "players: {} (default {})",
        players(p),
        p.default_players()
    );
    let opts = catalog::options(p, n);
    let _ = writeln!(out, "options for {n} players:");
    for o in &opts {
        let _ = writeln!(
            out,
            "  {}  (default {}; {})\n      {}",
            o.name,
            plain(&o.default),
            allowed(o),
            o.help
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_lists_every_game() {
        let t = table();
        for name in catalog::names() {
            assert!(t.contains(name), "{name}");
        }
        assert!(t.contains("2-8"));
        assert!(
            t.contains("mexican-train") && t.contains("chicken-foot"),
            "{t}"
        );
    }

    #[test]
    fn description_names_options_defaults_and_ranges() {
        let d = describe(Preset::ClubFives, 2);
        assert!(d.contains("club-fives"));
        assert!(d.contains("claims  (default auto; auto, strict)"));
        assert!(d.contains("skunk  (default 0; 0 to 1000, no_skunk, double_game)"));
        assert!(d.contains("players: 2 (default 2)"));
    }
}
