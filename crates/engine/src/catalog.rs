//! The games and their options as data: the engine protocol's `presets`
//! answer, `domino rules --json` and the browser lobby all serve this list.
//!
//! Fields are declared in alphabetical order, the order of the sorted JSON
//! the protocol writes, so serializing these values directly or through a
//! `serde_json::Value` gives the same bytes.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::rules::{option_specs, OptionKind, OptionSpec, Preset};

/// One game: its name, player counts and options.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameInfo {
    pub default_players: u8,
    pub name: &'static str,
    /// The options as they stand for the player count asked for.
    pub options: Vec<OptionInfo>,
    /// The allowed player counts, smallest first.
    pub players: Vec<u8>,
    pub summary: &'static str,
}

/// One option of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OptionInfo {
    pub default: Value,
    pub help: &'static str,
    pub name: &'static str,
    pub values: Allowed,
}

/// The values an option takes: a list, or a range of numbers (and perhaps
/// some named choices besides).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Allowed {
    Switch([bool; 2]),
    Words(&'static [&'static str]),
    Numbers(&'static [i64]),
    Range {
        max: i64,
        min: i64,
    },
    RangeOr {
        choices: &'static [&'static str],
        max: i64,
        min: i64,
    },
}

impl OptionSpec {
    /// The values this option allows.
    pub fn allowed(&self) -> Allowed {
        match self.kind {
            OptionKind::Bool => Allowed::Switch([false, true]),
            OptionKind::Int { min, max } => Allowed::Range { max, min },
            OptionKind::Choice(c) => Allowed::Words(c),
            OptionKind::Set(s) => Allowed::Numbers(s),
            OptionKind::Points { max, .. } => Allowed::Range { max, min: 0 },
            OptionKind::PointsOr { max, choices } => Allowed::RangeOr {
                choices,
                max,
                min: 0,
            },
        }
    }

    fn info(&self) -> OptionInfo {
        OptionInfo {
            default: self.default.clone(),
            help: self.help,
            name: self.name,
            values: self.allowed(),
        }
    }
}

/// `preset` with its options for `players`.
pub fn game_info(preset: Preset, players: u8) -> GameInfo {
    let (min, max) = preset.player_range();
    GameInfo {
        default_players: preset.default_players(),
        name: preset.name(),
        options: option_specs(preset, players, &Map::new())
            .iter()
            .map(OptionSpec::info)
            .collect(),
        players: (min..=max).collect(),
        summary: preset.summary(),
    }
}

/// Every game in the engine's order, options at its default player count.
pub fn games() -> Vec<GameInfo> {
    Preset::ALL
        .iter()
        .map(|&p| game_info(p, p.default_players()))
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;

    #[test]
    fn twelve_games_with_their_options() {
        let list = games();
        assert_eq!(list.len(), 12);
        let jam = &list[0];
        assert_eq!((jam.name, jam.default_players), ("jamaican", 4));
        assert_eq!(jam.players, vec![4]);
        let key = jam.options.iter().find(|o| o.name == "key_tile").unwrap();
        assert_eq!(key.default, json!(true));
        assert_eq!(key.values, Allowed::Switch([false, true]));
        assert!(!key.help.is_empty());
    }

    /// The list's JSON is the same written directly or through a sorted map.
    #[test]
    fn direct_and_sorted_json_agree() {
        let list = games();
        let direct = serde_json::to_string(&list).unwrap();
        let sorted = serde_json::to_value(&list).unwrap().to_string();
        assert_eq!(direct, sorted);
        let range = Allowed::Range { max: 7, min: 2 };
        assert_eq!(
            serde_json::to_value(range).unwrap(),
            json!({"min": 2, "max": 7})
        );
    }
}
