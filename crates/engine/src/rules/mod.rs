//! Game presets and their options, resolved and validated into a [`Rules`] value.
//!
//! A [`RulesSpec`] is what a user writes (`{"preset", "players", "options"}`);
//! [`RulesSpec::resolve`] checks it against the preset's option table and fills
//! every default into a [`Rules`], which the rest of the engine reads
//! through accessors and cannot build any other way.

mod access;
mod choices;
mod chosen;
mod derived;
mod options;
mod preset;
mod spec;

pub use choices::{
    Blocked, Centre, Claims, DrawRule, FirstTurn, LayoutKind, MugginsBy, Scoring, Skunk,
};
pub use options::{option_specs, OptionKind, OptionName, OptionSpec};
pub use preset::Preset;
pub use spec::{RulesError, RulesSpec};

use crate::behaviour::{EndCount, MatchWin};

use crate::tile::{Tile, TileSet};
use chosen::Choices;
use derived::Behaviour;

/// Resolved rules of a match: a preset with every option given a value.
///
/// Built only by validation ([`RulesSpec::resolve`], [`Rules::of_preset`]),
/// so every value is one some spec resolves to: the fields are private and
/// read through accessors (`access.rs`). What the user chose is kept apart
/// from what the preset and those choices imply.
///
/// ```compile_fail
/// // Rules come only from a resolved spec: no field can be set.
/// let mut r = domino_engine::Rules::of_preset("jamaican").unwrap();
/// r.target = 7;
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    preset: Preset,
    players: u8,
    /// The options' values.
    chosen: Choices,
    // Derived: never chosen, decided from the preset and the choices.
    /// Tiles taken out of the set before dealing.
    removed: TileSet,
    draw: DrawRule,
    layout: LayoutKind,
    /// How the game behaves (`derived`): nothing else asks which preset
    /// it is.
    how: Behaviour,
}

impl Rules {
    /// Rules of a preset with default players and options.
    ///
    /// ```
    /// use domino_engine::Rules;
    /// let r = Rules::of_preset("jamaican").unwrap();
    /// assert_eq!((r.players(), r.hand_size(), r.key_tile()), (4, 7, true));
    /// ```
    pub fn of_preset(name: &str) -> Result<Rules, RulesError> {
        RulesSpec::preset(name).resolve()
    }

    /// The tiles in play: the set minus removed tiles.
    pub const fn tiles(&self) -> TileSet {
        TileSet::full(self.max_pip()).minus(self.removed)
    }

    /// Number of scoring sides: 2 teams, or one per player.
    pub const fn sides(&self) -> usize {
        if self.chosen.partners {
            2
        } else {
            self.players as usize
        }
    }

    /// The side a seat scores for.
    pub const fn side_of(&self, seat: u8) -> usize {
        if self.chosen.partners {
            (seat % 2) as usize
        } else {
            seat as usize
        }
    }

    /// Pip value of a tile for counts (French may count 0-0 as 10).
    pub const fn count_of(&self, t: Tile) -> u32 {
        if self.chosen.double_blank_ten && t.high() == 0 {
            10
        } else if self.chosen.double_blank > 0 && t.high() == 0 {
            self.chosen.double_blank as u32
        } else {
            t.pips() as u32
        }
    }

    /// A player's count: total pips still held.
    pub fn count(&self, hand: TileSet) -> u32 {
        let mut sum = hand.pips();
        if hand.contains(Tile::double(0)) {
            if self.chosen.double_blank_ten {
                sum += 10;
            }
            // The trains family: 0-0 left in hand counts as the house says.
            sum += self.chosen.double_blank as u32;
        }
        sum
    }

    /// Whether the match is won by hands in a row against a side with none.
    pub const fn is_six_love(&self) -> bool {
        matches!(self.how.win, MatchWin::Love { .. })
    }

    /// Hands won needed to win a six-love style match.
    pub const fn love_goal(&self) -> i32 {
        match self.how.win {
            MatchWin::Love { goal } => goal,
            MatchWin::Target { .. } | MatchWin::Hands { .. } => 0,
        }
    }

    /// Whether points are scored on open-end totals during play.
    pub const fn scores_ends(&self) -> bool {
        !matches!(self.how.ends, EndCount::Off)
    }

    /// Club fives: a loser below this many points at the match's end is
    /// skunked (where the skunk is played). RULES.md: the turn of the
    /// board, half the target rounded up (31 for 61, 61 for 121).
    pub const fn skunk_below(&self) -> i32 {
        (self.chosen.target + 1) / 2
    }

    /// Whether the fewest points win the match (French).
    pub const fn low_score_wins(&self) -> bool {
        matches!(
            self.how.win,
            MatchWin::Target { low_wins: true, .. } | MatchWin::Hands { .. }
        )
    }

    /// A seat's partner, in the partnership games.
    pub const fn partner_of(&self, seat: u8) -> Option<u8> {
        if self.chosen.partners {
            Some((seat + 2) % 4)
        } else {
            None
        }
    }

    /// Whether `a` and `b` play for the same side (a seat with itself too).
    pub const fn same_side(&self, a: u8, b: u8) -> bool {
        self.side_of(a) == self.side_of(b)
    }

    /// The spec that resolves to these rules, with every option spelled out.
    pub fn spec(&self) -> RulesSpec {
        let given = self.chosen.written();
        let options = option_specs(self.preset, self.players, &given)
            .into_iter()
            .filter_map(|s| Some((s.name.to_string(), given.get(s.name)?.clone())))
            .collect();
        RulesSpec {
            preset: self.preset.name().to_string(),
            players: Some(self.players),
            options,
        }
    }
}

/// Every preset with each of `players` and each set (its own, double-nine,
/// double-twelve) that resolves, in that order: the cases the engine's
/// fast paths are checked against its general ones on.
#[cfg(test)]
pub(crate) fn every_preset_set_and_count(
    players: std::ops::RangeInclusive<u8>,
) -> Vec<(Preset, u8, Rules)> {
    let mut all = Vec::new();
    for preset in Preset::EVERY {
        for set in [None, Some(9), Some(12)] {
            for n in players.clone() {
                let mut spec = RulesSpec::preset(preset.name());
                spec.players = Some(n);
                if let Some(set) = set {
                    spec.options.insert("set".into(), set.into());
                }
                if let Ok(rules) = spec.resolve() {
                    all.push((preset, n, rules));
                }
            }
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Map, Value};

    /// A choice's name as the option table spells it.
    fn named<T: serde::Serialize>(choice: T) -> Value {
        serde_json::to_value(choice).unwrap_or(Value::Null)
    }

    fn spec(v: Value) -> RulesSpec {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn every_preset_resolves_with_defaults_for_every_player_count() {
        for p in Preset::EVERY {
            let (min, max) = p.player_range();
            for n in min..=max {
                let s = RulesSpec {
                    preset: p.name().into(),
                    players: Some(n),
                    options: Map::new(),
                };
                let r = s.resolve().unwrap();
                let dealt = r.hand_size() as u32 * n as u32;
                assert!(dealt <= r.tiles().len(), "{} {n}", p.name());
                assert_eq!(r.spec().resolve().unwrap(), r, "{} {n}", p.name());
            }
        }
    }

    #[test]
    fn unknown_preset_and_options_are_named() {
        let e = spec(json!({"preset": "poker"})).resolve().unwrap_err();
        assert_eq!(e.code().as_str(), "unknown_preset");
        assert!(e.to_string().contains("poker"));
        let e = spec(json!({"preset": "jamaican", "options": {"keytile": true}}))
            .resolve()
            .unwrap_err();
        assert_eq!(e.code().as_str(), "bad_option");
        assert!(e.to_string().contains("keytile"));
        let e = spec(json!({"preset": "jamaican", "options": {"key_tile": 3}}))
            .resolve()
            .unwrap_err();
        assert!(e.to_string().contains("key_tile"));
        let e = spec(json!({"preset": "jamaican", "players": 3}))
            .resolve()
            .unwrap_err();
        assert_eq!(e.code().as_str(), "bad_option");
    }

    #[test]
    fn cutthroat_sizes_and_boneyard() {
        let r = spec(json!({"preset": "cutthroat", "players": 2}))
            .resolve()
            .unwrap();
        assert_eq!((r.hand_size(), r.draw), (14, DrawRule::Never));
        let r = spec(json!({"preset": "cutthroat", "players": 2, "options": {"boneyard": true}}))
            .resolve()
            .unwrap();
        assert_eq!((r.hand_size(), r.draw), (7, DrawRule::UntilAble));
        let r = spec(json!({"preset": "cutthroat", "players": 3}))
            .resolve()
            .unwrap();
        assert_eq!(r.hand_size(), 9);
        assert_eq!(r.tiles().len(), 27);
        assert!(!r.tiles().contains(Tile::double(0)));
        assert!(
            spec(json!({"preset": "cutthroat", "players": 3, "options": {"boneyard": true}}))
                .resolve()
                .is_err()
        );
    }

    #[test]
    fn block_sets_and_targets() {
        let r = spec(json!({"preset": "block", "options": {"set": 12}}))
            .resolve()
            .unwrap();
        assert_eq!((r.max_pip(), r.hand_size(), r.partners()), (12, 12, true));
        let r = spec(json!({"preset": "block", "options": {"scoring": "hand"}}))
            .resolve()
            .unwrap();
        assert_eq!(r.target(), 5);
        let r = spec(json!({"preset": "draw"})).resolve().unwrap();
        assert_eq!((r.hand_size(), r.partners()), (4, false));
        assert!(spec(json!({"preset": "block", "options": {"set": 8}}))
            .resolve()
            .is_err());
        assert!(
            spec(json!({"preset": "block", "players": 3, "options": {"partners": true}}))
                .resolve()
                .is_err()
        );
    }

    /// Every name an option table offers for a typed choice is a value of
    /// its type, and the type writes it back the same: one spelling, both
    /// ways.
    #[test]
    fn every_choice_the_tables_offer_reads_as_its_type_and_back() {
        fn round<T: serde::de::DeserializeOwned + serde::Serialize>(name: &str) -> bool {
            serde_json::from_value::<T>(json!(name)).is_ok_and(|t| named(t) == json!(name))
        }
        let mut seen = 0;
        for preset in Preset::EVERY {
            let (min, max) = preset.player_range();
            for players in min..=max {
                for spec in option_specs(preset, players, &Map::new()) {
                    let OptionKind::Choice(names) = spec.kind else {
                        continue;
                    };
                    for &n in names {
                        let ok = match spec.name {
                            "claims" => round::<Claims>(n),
                            "scoring" => round::<Scoring>(n),
                            "muggins_by" => round::<MugginsBy>(n),
                            "blocked" => round::<Blocked>(n),
                            "first_turn" => round::<FirstTurn>(n),
                            "centre" => round::<Centre>(n),
                            _ => continue,
                        };
                        assert!(ok, "{}: {} offers {n:?}", preset.name(), spec.name);
                        seen += 1;
                    }
                }
            }
        }
        assert!(seen > 10, "{seen}");
    }
}
