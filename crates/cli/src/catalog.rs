//! Looking up games by name for the commands; the games as data are the
//! engine's (`domino_engine::catalog`).

use domino_engine::rules::{option_specs, OptionSpec};
use domino_engine::Preset;
use serde_json::Map;

/// A preset by name, or a message listing the valid names.
pub fn find(name: &str) -> Result<Preset, String> {
    Preset::named(name)
}

/// Every preset name, in the engine's order.
pub fn names() -> Vec<&'static str> {
    Preset::ALL.iter().map(|p| p.name()).collect()
}

/// The options of `p` for `players`, with every default.
pub fn options(p: Preset, players: u8) -> Vec<OptionSpec> {
    option_specs(p, players, &Map::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_names_list_the_games() {
        let e = find("nope").expect_err("unknown");
        assert!(e.contains("nope") && e.contains("jamaican") && e.contains("club-fives"));
    }
}
