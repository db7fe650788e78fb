//! Each preset's option table: names, kinds, ranges, defaults and help.

use serde_json::{Map, Value};

use crate::tile::set_size;

use super::{Preset, RulesError};

/// The allowed values of an option.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Bool,
    Int {
        min: i64,
        max: i64,
    },
    Choice(&'static [&'static str]),
    /// A set size: 6, 9 or 12 (double-six, double-nine, double-twelve).
    Set(&'static [i64]),
    /// A number of points, where `true` means `on` points and `false` 0 (so
    /// specs written when the option was a switch still resolve).
    Points {
        max: i64,
        on: i64,
    },
    /// A number of points, or one of some named choices.
    PointsOr {
        max: i64,
        choices: &'static [&'static str],
    },
}

/// One option of a preset, with its default for a player count.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
    pub default: Value,
    pub help: &'static str,
}

impl OptionSpec {
    /// A checked value as a number of points (`Points` options).
    pub(super) fn points(&self, v: &Value) -> i64 {
        match (self.kind, v) {
            (OptionKind::Points { on, .. }, Value::Bool(b)) => {
                if *b {
                    on
                } else {
                    0
                }
            }
            _ => v.as_i64().unwrap_or(0),
        }
    }

    pub(super) fn check(&self, v: &Value) -> Result<(), RulesError> {
        let bad = |reason: String| RulesError::BadOption {
            option: self.name.to_string(),
            reason,
        };
        match self.kind {
            OptionKind::Bool => {
                v.as_bool()
                    .ok_or_else(|| bad(format!("expected true or false, got {v}")))?;
            }
            OptionKind::Int { min, max } => {
                let n = v
                    .as_i64()
                    .ok_or_else(|| bad(format!("expected a whole number, got {v}")))?;
                if n < min || n > max {
                    return Err(bad(format!("{n} is out of range {min}..={max}")));
                }
            }
            OptionKind::Choice(c) => {
                let s = v.as_str().unwrap_or("");
                if !c.contains(&s) {
                    return Err(bad(format!("expected one of {}, got {v}", c.join(", "))));
                }
            }
            OptionKind::Set(s) => {
                let n = v.as_i64().unwrap_or(-1);
                if !s.contains(&n) {
                    let list: Vec<String> = s.iter().map(|n| n.to_string()).collect();
                    return Err(bad(format!(
                        "expected the set's highest double, one of {}, got {v}",
                        list.join(", ")
                    )));
                }
            }
            OptionKind::Points { max, .. } => {
                let n = match v {
                    Value::Bool(_) => 0,
                    _ => v.as_i64().ok_or_else(|| {
                        bad(format!(
                            "expected points (0 to {max}) or true/false, got {v}"
                        ))
                    })?,
                };
                if !(0..=max).contains(&n) {
                    return Err(bad(format!("{n} is out of range 0..={max}")));
                }
            }
            OptionKind::PointsOr { max, choices } => {
                let ok = match v {
                    Value::String(w) => choices.contains(&w.as_str()),
                    _ => v.as_i64().is_some_and(|n| (0..=max).contains(&n)),
                };
                if !ok {
                    return Err(bad(format!(
                        "expected points (0 to {max}) or one of {}, got {v}",
                        choices.join(", ")
                    )));
                }
            }
        }
        Ok(())
    }
}

/// Every option's name, spelled once: the option tables and `resolve`
/// name options by these, so a misspelt name does not compile.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionName {
    Set,
    HandSize,
    Sporting,
    KeyTile,
    Playoff,
    TieReplays,
    Boneyard,
    Blocked,
    PassPoints,
    Premiums,
    Claims,
    MugginsBy,
    Skunk,
    Partners,
    BothPartnersOut,
    Scoring,
    Target,
    DoubleBlankTen,
    CapicuSameEnds,
    StartDouble,
    Rounds,
    DoubleBlank,
    FirstTurn,
    MexicanTrain,
    OpenTrainsStart,
    Centre,
}

impl OptionName {
    /// The name as users and the protocol write it.
    pub const fn name(self) -> &'static str {
        match self {
            OptionName::Set => "set",
            OptionName::HandSize => "hand_size",
            OptionName::Sporting => "sporting",
            OptionName::KeyTile => "key_tile",
            OptionName::Playoff => "playoff",
            OptionName::TieReplays => "tie_replays",
            OptionName::Boneyard => "boneyard",
            OptionName::Blocked => "blocked",
            OptionName::PassPoints => "pass_points",
            OptionName::Premiums => "premiums",
            OptionName::Claims => "claims",
            OptionName::MugginsBy => "muggins_by",
            OptionName::Skunk => "skunk",
            OptionName::Partners => "partners",
            OptionName::BothPartnersOut => "both_partners_out",
            OptionName::Scoring => "scoring",
            OptionName::Target => "target",
            OptionName::DoubleBlankTen => "double_blank_ten",
            OptionName::CapicuSameEnds => "capicu_same_ends",
            OptionName::StartDouble => "start_double",
            OptionName::Rounds => "rounds",
            OptionName::DoubleBlank => "double_blank",
            OptionName::FirstTurn => "first_turn",
            OptionName::MexicanTrain => "mexican_train",
            OptionName::OpenTrainsStart => "open_trains_start",
            OptionName::Centre => "centre",
        }
    }
}

pub(super) use OptionName as O;

fn opt(name: OptionName, kind: OptionKind, default: Value, help: &'static str) -> OptionSpec {
    OptionSpec {
        name: name.name(),
        kind,
        default,
        help,
    }
}

fn sporting() -> OptionSpec {
    boolean(
        O::Sporting,
        false,
        "the 6-6 holder may pose any tile on the first hand",
    )
}

/// The play-off and tie options of the partnership love games.
fn love_extras() -> [OptionSpec; 2] {
    [
        boolean(
            O::Playoff,
            false,
            "a hand that would make 1-1 is played off for 2-0",
        ),
        boolean(
            O::TieReplays,
            false,
            "a tied hand is replayed for one point more",
        ),
    ]
}

fn boolean(name: OptionName, default: bool, help: &'static str) -> OptionSpec {
    opt(name, OptionKind::Bool, Value::Bool(default), help)
}

fn int(name: OptionName, min: i64, max: i64, default: i64, help: &'static str) -> OptionSpec {
    opt(name, OptionKind::Int { min, max }, default.into(), help)
}

/// Default hand size for a preset, player count, set and boneyard choice.
fn default_hand_size(preset: Preset, players: u8, max_pip: u8, boneyard: bool) -> u8 {
    match preset {
        Preset::Jamaican | Preset::French => 7,
        Preset::Cutthroat => match players {
            2 if boneyard => 7,
            2 => 14,
            3 => 9,
            _ => 7,
        },
        Preset::Chiva | Preset::PuertoRican => 7,
        Preset::Block => match (max_pip, players) {
            (9, _) => 9,
            (12, _) => 12,
            (_, 2) => 8,
            (_, 5) => 5,
            _ => 6,
        },
        Preset::Draw | Preset::Cross => match (max_pip, players) {
            (9, _) => 7,
            (12, _) => 9,
            (_, 2) => 7,
            (_, 3) => 5,
            (_, 4) => 4,
            _ => 3,
        },
        Preset::DoubleNineCross => {
            if players <= 3 {
                7
            } else {
                5
            }
        }
        Preset::AllFives | Preset::FivesAndThrees | Preset::ClubFives => 5,
        Preset::ChickenFoot if max_pip == 9 => match players {
            2 => 9,
            3 | 4 => 7,
            5 | 6 => 6,
            _ => 5,
        },
        Preset::MexicanTrain | Preset::ChickenFoot => match players {
            2..=4 => 15,
            5 | 6 => 12,
            _ => 10,
        },
    }
}

const SETS_ANY: &[i64] = &[6, 9, 12];
const SETS_BIG: &[i64] = &[9, 12];

/// The option table of a preset for a player count, in a stable order, with
/// defaults that may depend on the values already chosen (`set`, `boneyard`,
/// `scoring`), read from `given`.
pub fn option_specs(preset: Preset, players: u8, given: &Map<String, Value>) -> Vec<OptionSpec> {
    let given_bool =
        |k: OptionName, d: bool| given.get(k.name()).and_then(Value::as_bool).unwrap_or(d);
    let given_set = |d: i64| {
        given
            .get(O::Set.name())
            .and_then(Value::as_i64)
            .unwrap_or(d)
    };
    let mut v = Vec::new();
    let mut max_pip = 6u8;
    let mut boneyard = false;
    match preset {
        Preset::Jamaican => {
            v.push(sporting());
            v.push(boolean(
                O::KeyTile,
                true,
                "dominoing with the key tile scores 2",
            ));
            v.extend(love_extras());
        }
        Preset::Cutthroat => {
            v.push(sporting());
            if players == 2 {
                boneyard = given_bool(O::Boneyard, false);
                v.push(boolean(
                    O::Boneyard,
                    false,
                    "deal 7 each and draw from the rest",
                ));
            }
        }
        Preset::Chiva => {
            if players == 4 {
                v.push(sporting());
                v.extend(love_extras());
                v.push(opt(
                    O::Blocked,
                    OptionKind::Choice(&["team_total", "lowest_player"]),
                    "team_total".into(),
                    "a blocked hand goes to the team with the lower combined count, or to the team of the player with the lowest count",
                ));
            }
        }
        Preset::French | Preset::Cross => {}
        Preset::MexicanTrain | Preset::ChickenFoot => {
            max_pip = trains_options(preset, given, &mut v);
        }
        Preset::PuertoRican => {
            if players == 4 {
                v.push(opt(
                    O::PassPoints,
                    OptionKind::Points { max: 1000, on: 10 },
                    10.into(),
                    "points a pass gives the other team (0: none; true means 10, false 0)",
                ));
            }
            v.push(boolean(
                O::Premiums,
                true,
                "bonuses for hands 1 and 2, capicu and chuchazo",
            ));
            v.push(boolean(
                O::CapicuSameEnds,
                false,
                "capicu also when both ends show the same number and the last tile fits either",
            ));
        }
        Preset::Block | Preset::Draw => {
            max_pip = given_set(6) as u8;
            v.push(opt(
                O::Set,
                OptionKind::Set(SETS_ANY),
                6.into(),
                "the set: 6, 9 or 12 for double-six, -nine, -twelve",
            ));
        }
        Preset::DoubleNineCross => {
            max_pip = given_set(9) as u8;
            v.push(opt(
                O::Set,
                OptionKind::Set(SETS_BIG),
                9.into(),
                "the set: 9 or 12",
            ));
        }
        Preset::AllFives | Preset::FivesAndThrees => {
            v.push(opt(
                O::Claims,
                OptionKind::Choice(&["auto", "muggins"]),
                "auto".into(),
                "auto: points credited; muggins: claim them or the next player may take them",
            ));
            v.push(opt(
                O::MugginsBy,
                OptionKind::Choice(&["next", "any"]),
                "next".into(),
                "with claims muggins: who may take unclaimed points, the next player or any other player",
            ));
        }
        Preset::ClubFives => {
            v.push(opt(
                O::Claims,
                OptionKind::Choice(&["auto", "strict"]),
                "auto".into(),
                "auto: points credited; strict: claim them or lose them",
            ));
            v.push(opt(
                O::Skunk,
                OptionKind::PointsOr {
                    max: 1000,
                    choices: &["no_skunk", "double_game"],
                },
                0.into(),
                "a loser below half the target (31 of 61): extra points to the winner (0: reported only), no_skunk, or double_game (the match counts twice)",
            ));
        }
    }
    if matches!(preset, Preset::Block | Preset::Draw | Preset::Cross) {
        let partner_default = preset == Preset::Block && players == 4;
        if players == 4 {
            v.push(boolean(
                O::Partners,
                partner_default,
                "two partnerships, seats 0+2 and 1+3",
            ));
        }
        if players == 4 && preset != Preset::Cross {
            v.push(boolean(
                O::BothPartnersOut,
                false,
                "with partners: a team wins only when both partners are out",
            ));
        }
    }
    if matches!(
        preset,
        Preset::Block | Preset::Draw | Preset::Cross | Preset::DoubleNineCross
    ) {
        v.push(opt(
            O::Scoring,
            OptionKind::Choice(&["hand", "spots"]),
            "spots".into(),
            "hand: 1 per hand won; spots: the losers' pips",
        ));
        let hand = given.get(O::Scoring.name()).and_then(Value::as_str) == Some("hand");
        v.push(int(
            O::Target,
            1,
            100_000,
            if hand { 5 } else { 100 },
            "points that win the match",
        ));
    }
    match preset {
        Preset::PuertoRican | Preset::AllFives | Preset::FivesAndThrees => {
            v.push(int(O::Target, 1, 100_000, 100, "points that win the match"));
        }
        Preset::French => {
            v.push(boolean(O::DoubleBlankTen, false, "0-0 counts 10 pips"));
            v.push(int(
                O::Target,
                1,
                100_000,
                100,
                "a total that ends the match",
            ));
        }
        Preset::ClubFives => v.push(int(O::Target, 1, 100_000, 61, "points that win the match")),
        _ => {}
    }
    let mut size = set_size(max_pip) as i64;
    if preset == Preset::Cutthroat && players == 3 {
        size -= 1;
    }
    let max_hand = (size / players as i64).clamp(1, 60);
    let default = (default_hand_size(preset, players, max_pip, boneyard) as i64).min(max_hand);
    v.push(int(
        O::HandSize,
        1,
        max_hand,
        default,
        "tiles dealt to each player",
    ));
    v
}

/// The trains family's options (RULES.md 13 and 14); the set's highest
/// double, which the engines fall from.
fn trains_options(preset: Preset, given: &Map<String, Value>, v: &mut Vec<OptionSpec>) -> u8 {
    let mexican = preset == Preset::MexicanTrain;
    let own_set = if mexican { 12 } else { 9 };
    let max_pip = given
        .get(O::Set.name())
        .and_then(Value::as_i64)
        .filter(|n| SETS_BIG.contains(n))
        .unwrap_or(own_set);
    v.push(opt(
        O::Set,
        OptionKind::Set(SETS_BIG),
        own_set.into(),
        "the set: 9 or 12 for double-nine or double-twelve",
    ));
    let start = given
        .get(O::StartDouble.name())
        .and_then(Value::as_i64)
        .unwrap_or(max_pip)
        .clamp(0, max_pip);
    v.push(int(
        O::StartDouble,
        0,
        12,
        max_pip,
        "the first hand's engine double; each hand after starts one lower",
    ));
    v.push(int(
        O::Rounds,
        1,
        13,
        start + 1,
        "hands in the match (at most one per engine, down to 0-0)",
    ));
    v.push(opt(
        O::DoubleBlank,
        OptionKind::Points { max: 1000, on: 50 },
        (if mexican { 0 } else { 50 }).into(),
        "what 0-0 left in hand counts (true means 50, false 0)",
    ));
    if mexican {
        v.push(opt(
            O::FirstTurn,
            OptionKind::Choice(&["one", "chain"]),
            "one".into(),
            "one: a tile on the first turn as on every other; chain: as many as the player will on their own train",
        ));
        v.push(boolean(
            O::MexicanTrain,
            true,
            "the shared Mexican train is played",
        ));
        v.push(boolean(
            O::OpenTrainsStart,
            false,
            "every train starts open to everyone",
        ));
    } else {
        v.push(opt(
            O::Centre,
            OptionKind::Choice(&["four", "six"]),
            "four".into(),
            "four: one tile on each side and end of the centre double first; six: three on each long side",
        ));
    }
    max_pip as u8
}
