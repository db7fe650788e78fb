//! The games and their options as data: the engine protocol's `presets`
//! answer, `domino rules --json` and the browser lobby all serve this list.
//!
//! Fields are declared in alphabetical order, the order of the sorted JSON
//! the protocol writes, so serializing these values directly or through a
//! `serde_json::Value` gives the same bytes.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::behaviour::{EndCount, MatchWin, Redeal};
use crate::game::{first_rule, later_redeals};
use crate::rules::{option_specs, Blocked, Claims, DrawRule, LayoutKind, OptionKind, OptionSpec};
use crate::rules::{Preset, Rules, RulesSpec, Skunk};
use crate::tile::Tile;

/// One game: its name, player counts and options.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GameInfo {
    pub default_players: u8,
    pub name: &'static str,
    /// The options as they stand for the player count asked for.
    pub options: Vec<OptionInfo>,
    /// The player counts at which the default options play in two
    /// partnerships.
    pub partnerships: Vec<u8>,
    /// The allowed player counts, smallest first.
    pub players: Vec<u8>,
    pub summary: &'static str,
}

/// One option of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
        partnerships: (min..=max)
            .filter(|&n| {
                let spec = RulesSpec {
                    preset: preset.name().into(),
                    players: Some(n),
                    options: Map::new(),
                };
                spec.resolve().is_ok_and(|r| r.partners())
            })
            .collect(),
        players: (min..=max).collect(),
        summary: preset.summary(),
    }
}

/// What a client needs to show a table of some rules: the score's form,
/// the layout's shape, partnerships, claims, and how hands are dealt (for
/// the page's own deal check). Read off the resolved rules, so no client
/// decides them from a preset's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableFacts {
    /// A blocked partnership hand goes to the lighter team, not to the
    /// side of the lightest player.
    pub blocked_by_team: bool,
    /// Who must claim the points of a play: `muggins` or `strict`; absent
    /// when they are credited by themselves.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub claims: Option<&'static str>,
    pub deal: DealFacts,
    /// A player who cannot play draws from the boneyard.
    pub draws: bool,
    pub layout: Shape,
    pub max_pip: u8,
    pub partners: bool,
    pub players: u8,
    pub score: ScoreForm,
    /// Each seat's side, by seat: the index of its score in `scores`
    /// ([`Rules::side_of`]), so a client never works out partnerships.
    pub sides: Vec<usize>,
}

/// What dealing a hand takes besides the set and the seats: the hand size,
/// the tiles left out of the set, and the redeal rules hands are dealt
/// under (`double`, a tile, `turn_over` or `never`, as each hand's
/// commitment publishes its own).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DealFacts {
    pub hand_size: u8,
    /// The first hand's redeal rule, fixed by the game.
    pub first_redeal: Redeal,
    /// Every rule a later hand may be dealt under (which one follows from
    /// how the match went).
    pub later_redeals: Vec<Redeal>,
    /// Tiles of the set the game plays without, in the set's order.
    pub removed: Vec<Tile>,
}

impl DealFacts {
    pub fn of(rules: &Rules) -> DealFacts {
        DealFacts {
            hand_size: rules.hand_size(),
            first_redeal: first_rule(rules).redeal(),
            later_redeals: later_redeals(rules),
            removed: rules.removed().iter().collect(),
        }
    }
}

/// How the board grows, as a client draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Shape {
    /// Two open ends.
    Line,
    /// The first double opens all four ways (club fives' T).
    Spinner,
    /// The posed double takes four tiles before anything else.
    Cross,
    /// The cross, and every later double opens two more chains.
    Branches,
    /// Four arms from the posed double, each number waiting for its double.
    Arms,
    /// A station with a train per player (and the Mexican train).
    Trains,
    /// A centre double taking four or six, every later double a foot.
    Foot,
}

/// How the match score is kept and shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ScoreForm {
    /// Hands won, to `goal` ahead of a side with none; counts go back to
    /// love when every side has scored (without partners).
    Love {
        goal: i32,
        resets_when_all_scored: bool,
    },
    /// Penalty points: the fewest win once somebody reaches `goal`.
    Penalty { goal: i32 },
    /// Pegs (a point per five) to `goal`; a loser below `skunk_below` is
    /// skunked, where the skunk is played.
    Pegs {
        goal: i32,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        skunk_below: Option<i32>,
    },
    /// Points to `goal`.
    Points { goal: i32 },
    /// Pips left, added up over `hands` hands: the fewest win.
    Hands { hands: u8 },
}

impl TableFacts {
    pub fn of(rules: &Rules) -> TableFacts {
        let score = match rules.win() {
            MatchWin::Hands { count } => ScoreForm::Hands { hands: count },
            MatchWin::Love { goal } => ScoreForm::Love {
                goal,
                resets_when_all_scored: !rules.partners(),
            },
            MatchWin::Target { low_wins: true, .. } => ScoreForm::Penalty {
                goal: rules.target(),
            },
            MatchWin::Target { .. } if rules.ends() == EndCount::OnePerFive => ScoreForm::Pegs {
                goal: rules.target(),
                skunk_below: (rules.skunk() != Skunk::Off).then_some(rules.skunk_below()),
            },
            MatchWin::Target { .. } => ScoreForm::Points {
                goal: rules.target(),
            },
        };
        TableFacts {
            blocked_by_team: rules.partners() && rules.blocked() == Blocked::TeamTotal,
            claims: match rules.claims() {
                Claims::Auto => None,
                Claims::Muggins => Some("muggins"),
                Claims::Strict => Some("strict"),
            },
            deal: DealFacts::of(rules),
            draws: rules.draw() != DrawRule::Never,
            layout: match rules.layout() {
                LayoutKind::Line => Shape::Line,
                LayoutKind::FirstDoubleSpinner => Shape::Spinner,
                LayoutKind::Cross => Shape::Cross,
                LayoutKind::CrossEveryDouble => Shape::Branches,
                LayoutKind::French => Shape::Arms,
                LayoutKind::Trains { .. } => Shape::Trains,
                LayoutKind::ChickenFoot { .. } => Shape::Foot,
            },
            max_pip: rules.max_pip(),
            partners: rules.partners(),
            players: rules.players(),
            score,
            sides: (0..rules.players()).map(|s| rules.side_of(s)).collect(),
        }
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
        assert_eq!(jam.partnerships, vec![4]);
        let block = list.iter().find(|g| g.name == "block").unwrap();
        // Four play block in two partnerships unless told otherwise.
        assert_eq!(block.partnerships, vec![4]);
    }

    fn facts(preset: &str, options: serde_json::Value) -> serde_json::Value {
        let spec: RulesSpec =
            serde_json::from_value(json!({"preset": preset, "options": options})).unwrap();
        serde_json::to_value(TableFacts::of(&spec.resolve().unwrap())).unwrap()
    }

    /// Each score form and layout shape, as the page reads them.
    #[test]
    fn table_facts_say_how_each_game_is_shown() {
        let jam = facts("jamaican", json!({}));
        assert_eq!(
            jam["score"],
            json!({"kind": "love", "goal": 6, "resets_when_all_scored": false})
        );
        assert_eq!(
            (jam["layout"].clone(), jam["partners"].clone()),
            (json!("line"), json!(true))
        );
        assert_eq!(jam["blocked_by_team"], json!(false));
        // Partners sit across: seats 0 and 2 play for side 0.
        assert_eq!(jam["sides"], json!([0, 1, 0, 1]));
        assert_eq!(facts("cutthroat", json!({}))["sides"], json!([0, 1, 2, 3]));
        assert_eq!(jam["draws"], json!(false));
        assert_eq!(facts("draw", json!({}))["draws"], json!(true));
        assert_eq!(facts("chiva", json!({}))["score"]["goal"], json!(4));
        assert_eq!(
            facts("cutthroat", json!({}))["score"]["resets_when_all_scored"],
            json!(true)
        );
        let pr = facts("puerto-rican", json!({}));
        assert_eq!(pr["blocked_by_team"], json!(true));
        assert_eq!(
            facts("french", json!({}))["score"],
            json!({"kind": "penalty", "goal": 100})
        );
        assert_eq!(facts("french", json!({}))["layout"], json!("arms"));
        let club = facts("club-fives", json!({}));
        assert_eq!(club["score"]["kind"], json!("pegs"));
        assert_eq!(club["score"]["goal"], json!(61));
        assert_eq!(club["layout"], json!("spinner"));
        let dn = facts("double-nine-cross", json!({}));
        assert_eq!(
            (dn["layout"].clone(), dn["max_pip"].clone()),
            (json!("branches"), json!(9))
        );
        assert_eq!(facts("cross", json!({}))["layout"], json!("cross"));
        assert_eq!(
            facts("all-fives", json!({"claims": "muggins"}))["claims"],
            json!("muggins")
        );
        assert_eq!(
            facts("all-fives", json!({}))["score"],
            json!({"kind": "points", "goal": 100})
        );
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
