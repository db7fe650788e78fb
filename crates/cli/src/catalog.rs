//! Looking up games by name for the commands; the games as data are the
//! engine's (`domino_engine::catalog`).

use domino_engine::catalog::{game_info, GameInfo};
use domino_engine::rules::{option_specs, OptionSpec};
use domino_engine::Preset;
use serde_json::Map;

/// A preset by name, or a message listing the valid names.
pub fn find(name: &str) -> Result<Preset, String> {
    Preset::named(name)
}

/// Every preset name, in the engine's order: the twelve, then the trains
/// family.
pub fn names() -> Vec<&'static str> {
    Preset::EVERY.iter().map(|p| p.name()).collect()
}

/// Every game as the protocol's `presets` data describes it, at its
/// default players: the twelve, then the trains family.
pub fn games() -> Vec<GameInfo> {
    Preset::EVERY
        .iter()
        .map(|&p| game_info(p, p.default_players()))
        .collect()
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
        assert!(e.contains("mexican-train") && e.contains("chicken-foot"));
    }

    #[test]
    fn the_trains_family_is_listed_and_found() {
        assert_eq!(names().len(), 14);
        assert_eq!(&names()[12..], ["mexican-train", "chicken-foot"]);
        assert_eq!(find("chicken-foot"), Ok(Preset::ChickenFoot));
    }
}
