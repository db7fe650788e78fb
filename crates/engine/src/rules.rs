//! Game presets and their options, resolved and validated into a [`Rules`] value.
//!
//! A [`RulesSpec`] is what a user writes (`{"preset", "players", "options"}`);
//! [`RulesSpec::resolve`] checks it against the preset's option table and fills
//! every default, so the rest of the engine reads plain fields.

use serde::{Deserialize, Serialize};

use crate::behaviour::{EndCount, MatchWin, NextPose, PoseRule, Settle};
use serde_json::{Map, Value};
use thiserror::Error;

use crate::code::{ErrorCode, Failure};
use crate::tile::{set_size, Tile, TileSet};

/// The twelve games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    Jamaican,
    Cutthroat,
    Chiva,
    PuertoRican,
    Block,
    Draw,
    Cross,
    DoubleNineCross,
    French,
    AllFives,
    FivesAndThrees,
    ClubFives,
}

impl Preset {
    pub const ALL: [Preset; 12] = [
        Preset::Jamaican,
        Preset::Cutthroat,
        Preset::Chiva,
        Preset::PuertoRican,
        Preset::Block,
        Preset::Draw,
        Preset::Cross,
        Preset::DoubleNineCross,
        Preset::French,
        Preset::AllFives,
        Preset::FivesAndThrees,
        Preset::ClubFives,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Preset::Jamaican => "jamaican",
            Preset::Cutthroat => "cutthroat",
            Preset::Chiva => "chiva",
            Preset::PuertoRican => "puerto-rican",
            Preset::Block => "block",
            Preset::Draw => "draw",
            Preset::Cross => "cross",
            Preset::DoubleNineCross => "double-nine-cross",
            Preset::French => "french",
            Preset::AllFives => "all-fives",
            Preset::FivesAndThrees => "fives-and-threes",
            Preset::ClubFives => "club-fives",
        }
    }

    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    /// A preset by name, or a message for people listing the games.
    pub fn named(name: &str) -> Result<Preset, String> {
        Preset::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
            format!(
                "unknown preset `{name}`: the games are {}",
                names.join(", ")
            )
        })
    }

    /// Allowed player counts.
    pub const fn player_range(self) -> (u8, u8) {
        match self {
            Preset::Jamaican | Preset::French => (4, 4),
            Preset::Cutthroat | Preset::Chiva | Preset::PuertoRican => (2, 4),
            Preset::Block | Preset::Draw | Preset::Cross => (2, 5),
            Preset::DoubleNineCross => (2, 8),
            Preset::AllFives | Preset::FivesAndThrees => (2, 4),
            Preset::ClubFives => (2, 2),
        }
    }

    pub const fn default_players(self) -> u8 {
        match self {
            Preset::AllFives | Preset::FivesAndThrees | Preset::ClubFives => 2,
            _ => 4,
        }
    }

    /// The game's name for people (English; the pages translate it).
    pub const fn title(self) -> &'static str {
        match self {
            Preset::Jamaican => "Jamaican partner",
            Preset::Cutthroat => "Jamaican cut-throat",
            Preset::Chiva => "Chiva",
            Preset::PuertoRican => "Puerto Rican points",
            Preset::Block => "Block",
            Preset::Draw => "Draw",
            Preset::Cross => "Cross",
            Preset::DoubleNineCross => "Double-nine cross",
            Preset::French => "French",
            Preset::AllFives => "All fives",
            Preset::FivesAndThrees => "All fives and threes",
            Preset::ClubFives => "Club fives",
        }
    }

    /// One line describing the game.
    pub const fn summary(self) -> &'static str {
        match self {
            Preset::Jamaican => "Jamaican partner dominoes: two teams race to six-love, hands won 1 point (2 with the key tile)",
            Preset::Cutthroat => "Jamaican cut-throat: each for himself, six hands won while somebody still has none",
            Preset::Chiva => "Chiva: four-love between two teams, or a draw game for 2 or 3",
            Preset::PuertoRican => "Puerto Rican points: the winner takes the pips left, with pass points and premiums, to 100",
            Preset::Block => "English block game: no drawing, winners score the losers' spots",
            Preset::Draw => "English draw game: draw from the boneyard until able to play",
            Preset::Cross => "Cross: the draw game started with a double played on all four sides",
            Preset::DoubleNineCross => "Double-nine cross: a cross start, then every double opens two new lines",
            Preset::French => "French: four arms gated by doubles, penalty points, low score wins at 100",
            Preset::AllFives => "All fives (muggins): score the open ends when they total a multiple of 5, to 100",
            Preset::FivesAndThrees => "All fives and threes: multiples of 3 or 5 score, to 100",
            Preset::ClubFives => "Club fives for two: one point per 5, crossing the T, to 61",
        }
    }
}

/// How open ends are arranged.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LayoutKind {
    /// Two open ends.
    Line,
    /// A posed double takes both long sides first, then its short ends open.
    FirstDoubleSpinner,
    /// A posed double takes four tiles on its sides before anything else.
    Cross,
    /// The cross, then every later double opens two new chains.
    CrossEveryDouble,
    /// Four arms from the posed double, each number waiting for its double.
    French,
}

/// When a player who cannot play may draw.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawRule {
    /// The undealt tiles sleep.
    Never,
    /// Draw until able to play or the boneyard is empty.
    UntilAble,
    /// As `UntilAble`, but the last two tiles are never drawn.
    KeepTwo,
}

impl DrawRule {
    /// Boneyard tiles that can never be drawn.
    pub const fn reserve(self) -> u8 {
        match self {
            DrawRule::Never => u8::MAX,
            DrawRule::UntilAble => 0,
            DrawRule::KeepTwo => 2,
        }
    }
}

/// Block and draw game scoring.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// One point per hand won.
    Hand,
    /// The winners score the losers' pips.
    Spots,
}

/// Who must claim the points of a play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Claims {
    /// Points are credited automatically.
    Auto,
    /// Unclaimed points may be taken by the next player.
    Muggins,
    /// Unclaimed points are lost.
    Strict,
}

/// Who may take points left unclaimed under `claims: muggins`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MugginsBy {
    /// Only the next player, before his own action.
    Next,
    /// Any other player, each before his own next action, until the turn
    /// comes back to the scorer or somebody takes them.
    Any,
}

/// Who wins a blocked hand in a partnership game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// The player with the lowest count wins for his side.
    LowestPlayer,
    /// The side with the lowest combined count wins.
    TeamTotal,
}

/// What a skunk (a club-fives loser below 31) costs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Skunk {
    /// No skunk at all (the common house choice): not even reported.
    Off,
    /// Reported, and the winner's match score gains this many points (0:
    /// reported only).
    Points(i32),
    /// Reported, and the match counts as two games in a series.
    DoubleGame,
}

/// Resolved rules of a match: a preset with every option given a value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub preset: Preset,
    pub players: u8,
    /// Highest pip of the set: 6, 9 or 12.
    pub max_pip: u8,
    pub hand_size: u8,
    /// Two partnerships: seats 0 and 2, seats 1 and 3.
    pub partners: bool,
    /// Tiles taken out of the set before dealing.
    pub removed: TileSet,
    pub draw: DrawRule,
    pub layout: LayoutKind,
    pub sporting: bool,
    pub key_tile: bool,
    pub playoff: bool,
    pub tie_replays: bool,
    pub boneyard: bool,
    /// Puerto Rican pass bonus to the other team (4 players); 0 is off.
    pub pass_points: i32,
    pub premiums: bool,
    /// How a blocked partnership hand is won.
    pub blocked: Blocked,
    pub target: i32,
    pub scoring: Scoring,
    pub both_partners_out: bool,
    pub double_blank_ten: bool,
    /// Puerto Rican: a last tile fitting both ends that show the same
    /// number is capicú too (RULES.md's default: the ends must differ).
    pub capicu_same_ends: bool,
    pub claims: Claims,
    pub muggins_by: MugginsBy,
    pub skunk: Skunk,
    // What follows is how the game behaves, decided here from the preset
    // and the options (`behaviour`): nothing else asks which preset it is.
    /// How a finished hand becomes points.
    pub settle: Settle,
    /// Which open-end totals score during play.
    pub ends: EndCount,
    /// Who poses the first hand (and after most ties).
    pub first_pose: PoseRule,
    /// Who poses after a hand somebody won.
    pub next_pose: NextPose,
    /// How the match is won.
    pub win: MatchWin,
    /// French penalties: everyone else pays when a player's play goes round
    /// the table unanswered, and three passes in a row cost the passer.
    pub pass_penalties: bool,
    /// Points move into the match score during play (end counts, pass
    /// points, penalties), not only when the hand ends.
    pub live_scoring: bool,
}

/// Rules as written by a user: a preset name with optional players and options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RulesSpec {
    pub preset: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<u8>,
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub options: Map<String, Value>,
}

/// Why a rules specification was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    #[error("unknown preset `{0}`: run `domino rules` to list the games")]
    UnknownPreset(String),
    #[error("{preset} is played by {min} to {max} players, not {got}")]
    BadPlayers {
        preset: &'static str,
        got: u8,
        min: u8,
        max: u8,
    },
    #[error("unknown option `{option}` for {preset}: it takes {known}")]
    UnknownOption {
        preset: &'static str,
        option: String,
        known: String,
    },
    #[error("option `{option}`: {reason}")]
    BadOption { option: String, reason: String },
}

impl RulesError {
    /// The protocol's error code.
    pub const fn code(&self) -> ErrorCode {
        match self {
            RulesError::UnknownPreset(_) => ErrorCode::UnknownPreset,
            _ => ErrorCode::BadOption,
        }
    }
}

/// A refused request's line names the error's code and says what went wrong.
impl From<RulesError> for Failure {
    fn from(e: RulesError) -> Failure {
        Failure::new(e.code(), e.to_string())
    }
}

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
    fn points(&self, v: &Value) -> i64 {
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

    fn check(&self, v: &Value) -> Result<(), RulesError> {
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
        }
    }
}

use OptionName as O;

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

impl RulesSpec {
    /// A spec for a preset with its default players and options.
    pub fn preset(name: &str) -> RulesSpec {
        RulesSpec {
            preset: name.to_string(),
            players: None,
            options: Map::new(),
        }
    }

    /// Validate and fill every default.
    pub fn resolve(&self) -> Result<Rules, RulesError> {
        let preset = Preset::from_name(&self.preset)
            .ok_or_else(|| RulesError::UnknownPreset(self.preset.clone()))?;
        let (min, max) = preset.player_range();
        let players = self.players.unwrap_or(preset.default_players());
        if players < min || players > max {
            return Err(RulesError::BadPlayers {
                preset: preset.name(),
                got: players,
                min,
                max,
            });
        }
        let specs = option_specs(preset, players, &self.options);
        for (k, v) in &self.options {
            let spec =
                specs
                    .iter()
                    .find(|s| s.name == k)
                    .ok_or_else(|| RulesError::UnknownOption {
                        preset: preset.name(),
                        option: k.clone(),
                        known: specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", "),
                    })?;
            spec.check(v)?;
        }
        let get = |name: OptionName| -> Value {
            self.options
                .get(name.name())
                .cloned()
                .or_else(|| {
                    specs
                        .iter()
                        .find(|s| s.name == name.name())
                        .map(|s| s.default.clone())
                })
                .unwrap_or(Value::Null)
        };
        let b = |name: OptionName| get(name).as_bool().unwrap_or(false);
        let spec_of = |name: OptionName| specs.iter().find(|s| s.name == name.name());
        let n = |name: OptionName| get(name).as_i64().unwrap_or(0);
        let max_pip = match n(O::Set) {
            0 => 6,
            s => s as u8,
        };
        let partners = match preset {
            Preset::Jamaican => true,
            Preset::Chiva | Preset::PuertoRican => players == 4,
            Preset::Block | Preset::Draw | Preset::Cross => b(O::Partners),
            _ => false,
        };
        let removed = if preset == Preset::Cutthroat && players == 3 {
            Tile::double(0).bit()
        } else {
            TileSet::EMPTY
        };
        let draw = match preset {
            Preset::Jamaican | Preset::French | Preset::Block => DrawRule::Never,
            Preset::Cutthroat if b(O::Boneyard) => DrawRule::UntilAble,
            Preset::Cutthroat => DrawRule::Never,
            Preset::Chiva if players == 4 => DrawRule::Never,
            Preset::PuertoRican if players == 4 => DrawRule::Never,
            Preset::Chiva | Preset::PuertoRican => DrawRule::UntilAble,
            Preset::Draw | Preset::Cross | Preset::DoubleNineCross => DrawRule::UntilAble,
            Preset::AllFives | Preset::FivesAndThrees | Preset::ClubFives => DrawRule::KeepTwo,
        };
        let layout = match preset {
            Preset::Cross => LayoutKind::Cross,
            Preset::DoubleNineCross => LayoutKind::CrossEveryDouble,
            Preset::French => LayoutKind::French,
            Preset::ClubFives => LayoutKind::FirstDoubleSpinner,
            _ => LayoutKind::Line,
        };
        let claims = match get(O::Claims).as_str() {
            Some("muggins") => Claims::Muggins,
            Some("strict") => Claims::Strict,
            _ => Claims::Auto,
        };
        let scoring = match get(O::Scoring).as_str() {
            Some("hand") => Scoring::Hand,
            _ => Scoring::Spots,
        };
        if b(O::BothPartnersOut) && !partners {
            return Err(RulesError::BadOption {
                option: O::BothPartnersOut.name().into(),
                reason: "it needs partners (option `partners`: true)".into(),
            });
        }
        // Jamaican blocked hands go to the lowest player; the other
        // partnership games compare team totals unless chiva says otherwise.
        let blocked = match (preset, get(O::Blocked).as_str()) {
            (Preset::Jamaican, _) | (_, Some("lowest_player")) => Blocked::LowestPlayer,
            _ if partners => Blocked::TeamTotal,
            _ => Blocked::LowestPlayer,
        };
        let muggins_by = match get(O::MugginsBy).as_str() {
            Some("any") => MugginsBy::Any,
            _ => MugginsBy::Next,
        };
        // As `both_partners_out` without partners: a value that would
        // change nothing is refused, the default (`next`) left alone so
        // every spelled-out spec resolves.
        if muggins_by == MugginsBy::Any && claims != Claims::Muggins {
            return Err(RulesError::BadOption {
                option: O::MugginsBy.name().into(),
                reason:
                    "it needs claims: muggins (otherwise points are credited and nobody takes them)"
                        .into(),
            });
        }
        let skunk = match preset {
            Preset::ClubFives => match get(O::Skunk) {
                Value::String(w) if w == "no_skunk" => Skunk::Off,
                Value::String(w) if w == "double_game" => Skunk::DoubleGame,
                v => Skunk::Points(v.as_i64().unwrap_or(0) as i32),
            },
            _ => Skunk::Off,
        };
        // Pass points are paid between partnerships only.
        let pass_points = spec_of(O::PassPoints)
            .filter(|_| partners)
            .map_or(0, |s| s.points(&get(O::PassPoints)));
        let sporting = b(O::Sporting);
        let behaviour = Behaviour::of(preset, partners, sporting);
        Ok(Rules {
            preset,
            players,
            max_pip,
            hand_size: n(O::HandSize) as u8,
            partners,
            removed,
            draw,
            layout,
            sporting: b(O::Sporting),
            key_tile: b(O::KeyTile),
            playoff: b(O::Playoff),
            tie_replays: b(O::TieReplays),
            boneyard: b(O::Boneyard),
            pass_points: pass_points as i32,
            premiums: b(O::Premiums),
            blocked,
            target: n(O::Target) as i32,
            scoring,
            both_partners_out: b(O::BothPartnersOut),
            double_blank_ten: b(O::DoubleBlankTen),
            capicu_same_ends: b(O::CapicuSameEnds),
            claims,
            muggins_by,
            skunk,
            settle: behaviour.settle,
            ends: behaviour.ends,
            first_pose: behaviour.first_pose,
            next_pose: behaviour.next_pose,
            win: behaviour.win,
            pass_penalties: behaviour.pass_penalties,
            live_scoring: behaviour.live_scoring,
        })
    }
}

/// The behaviour values of a preset (the one place that says, game by
/// game, how it is played; see [`crate::behaviour`]).
struct Behaviour {
    settle: Settle,
    ends: EndCount,
    first_pose: PoseRule,
    next_pose: NextPose,
    win: MatchWin,
    pass_penalties: bool,
    live_scoring: bool,
}

impl Behaviour {
    fn of(preset: Preset, partners: bool, sporting: bool) -> Behaviour {
        use Preset::*;
        let love = |goal, next_pose| Behaviour {
            settle: Settle::Love,
            ends: EndCount::Off,
            first_pose: PoseRule::HighestDouble { any: sporting },
            next_pose,
            win: MatchWin::Love { goal },
            pass_penalties: false,
            live_scoring: false,
        };
        let target = |settle, ends, first_pose, next_pose, in_play| Behaviour {
            settle,
            ends,
            first_pose,
            next_pose,
            win: MatchWin::Target {
                low_wins: false,
                in_play,
            },
            pass_penalties: false,
            live_scoring: ends != EndCount::Off,
        };
        let highest = PoseRule::HighestDouble { any: false };
        let winner_picks = if partners {
            NextPose::WinnerOrPartner
        } else {
            NextPose::Winner
        };
        match preset {
            Jamaican | Cutthroat => love(6, winner_picks),
            Chiva => love(
                4,
                if partners {
                    NextPose::WinnerOrPartnerUnlessBlocked
                } else {
                    NextPose::Winner
                },
            ),
            PuertoRican => Behaviour {
                // Pass points go to the match score as they are made.
                live_scoring: true,
                ..target(
                    Settle::AllPips,
                    EndCount::Off,
                    highest,
                    NextPose::Winner,
                    false,
                )
            },
            Block | Draw | Cross | DoubleNineCross => target(
                Settle::LosersPips,
                EndCount::Off,
                highest,
                NextPose::First,
                false,
            ),
            French => Behaviour {
                win: MatchWin::Target {
                    low_wins: true,
                    in_play: false,
                },
                pass_penalties: true,
                live_scoring: true,
                ..target(
                    Settle::OwnPipsDoubled,
                    EndCount::Off,
                    PoseRule::Holder(Tile::double(0)),
                    NextPose::WinnerWithDouble,
                    false,
                )
            },
            AllFives => target(
                Settle::FivesBonus,
                EndCount::Fives,
                PoseRule::FivesOpening,
                NextPose::First,
                true,
            ),
            FivesAndThrees => target(
                Settle::FivesBonus,
                EndCount::FivesAndThrees,
                PoseRule::FivesOpening,
                NextPose::First,
                true,
            ),
            ClubFives => target(
                Settle::FivesBonus,
                EndCount::OnePerFive,
                PoseRule::TurnOver,
                NextPose::Alternate,
                false,
            ),
        }
    }
}

impl Rules {
    /// Rules of a preset with default players and options.
    ///
    /// ```
    /// use domino_engine::Rules;
    /// let r = Rules::preset("jamaican").unwrap();
    /// assert_eq!((r.players, r.hand_size, r.key_tile), (4, 7, true));
    /// ```
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        RulesSpec::preset(name).resolve()
    }

    /// The tiles in play: the set minus removed tiles.
    pub const fn tiles(&self) -> TileSet {
        TileSet::full(self.max_pip).minus(self.removed)
    }

    /// Number of scoring sides: 2 teams, or one per player.
    pub const fn sides(&self) -> usize {
        if self.partners {
            2
        } else {
            self.players as usize
        }
    }

    /// The side a seat scores for.
    pub const fn side_of(&self, seat: u8) -> usize {
        if self.partners {
            (seat % 2) as usize
        } else {
            seat as usize
        }
    }

    /// Pip value of a tile for counts (French may count 0-0 as 10).
    pub const fn count_of(&self, t: Tile) -> u32 {
        if self.double_blank_ten && t.high() == 0 {
            10
        } else {
            t.pips() as u32
        }
    }

    /// A player's count: total pips still held.
    pub fn count(&self, hand: TileSet) -> u32 {
        let mut sum = hand.pips();
        if self.double_blank_ten && hand.contains(Tile::double(0)) {
            sum += 10;
        }
        sum
    }

    /// Whether the match is won by hands in a row against a side with none.
    pub const fn is_six_love(&self) -> bool {
        matches!(self.win, MatchWin::Love { .. })
    }

    /// Hands won needed to win a six-love style match.
    pub const fn love_goal(&self) -> i32 {
        match self.win {
            MatchWin::Love { goal } => goal,
            MatchWin::Target { .. } => 0,
        }
    }

    /// Whether points are scored on open-end totals during play.
    pub const fn scores_ends(&self) -> bool {
        !matches!(self.ends, EndCount::Off)
    }

    /// Club fives: a loser below this many points at the match's end is
    /// skunked (where the skunk is played). RULES.md: the turn of the
    /// board, half the target rounded up (31 for 61, 61 for 121).
    pub const fn skunk_below(&self) -> i32 {
        (self.target + 1) / 2
    }

    /// Whether the fewest points win the match (French).
    pub const fn low_score_wins(&self) -> bool {
        matches!(self.win, MatchWin::Target { low_wins: true, .. })
    }

    /// A seat's partner, in the partnership games.
    pub const fn partner_of(&self, seat: u8) -> Option<u8> {
        if self.partners {
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
        let specs = option_specs(self.preset, self.players, &self.given_map());
        let mut options = Map::new();
        let given = self.given_map();
        for s in specs {
            if let Some(v) = given.get(s.name) {
                options.insert(s.name.to_string(), v.clone());
            }
        }
        RulesSpec {
            preset: self.preset.name().to_string(),
            players: Some(self.players),
            options,
        }
    }

    /// Every option value this rules value holds, by option name.
    fn given_map(&self) -> Map<String, Value> {
        let mut m = Map::new();
        let mut put = |k: OptionName, v: Value| {
            m.insert(k.name().to_string(), v);
        };
        put(O::Sporting, self.sporting.into());
        put(O::KeyTile, self.key_tile.into());
        put(O::Playoff, self.playoff.into());
        put(O::TieReplays, self.tie_replays.into());
        put(O::Boneyard, self.boneyard.into());
        // Always a number, as `presets` lists it; records that wrote the
        // old switch (`true`/`false`) still read.
        put(O::PassPoints, self.pass_points.into());
        put(
            O::Blocked,
            match self.blocked {
                Blocked::LowestPlayer => "lowest_player",
                Blocked::TeamTotal => "team_total",
            }
            .into(),
        );
        put(
            O::MugginsBy,
            match self.muggins_by {
                MugginsBy::Next => "next",
                MugginsBy::Any => "any",
            }
            .into(),
        );
        put(O::Premiums, self.premiums.into());
        put(O::Target, self.target.into());
        put(
            O::Scoring,
            match self.scoring {
                Scoring::Hand => "hand",
                Scoring::Spots => "spots",
            }
            .into(),
        );
        put(O::BothPartnersOut, self.both_partners_out.into());
        put(O::DoubleBlankTen, self.double_blank_ten.into());
        // Written only when on, so records of the other games keep their
        // bytes.
        if self.capicu_same_ends {
            put(O::CapicuSameEnds, true.into());
        }
        put(
            O::Claims,
            match self.claims {
                Claims::Auto => "auto",
                Claims::Muggins => "muggins",
                Claims::Strict => "strict",
            }
            .into(),
        );
        put(
            O::Skunk,
            match self.skunk {
                Skunk::Off => "no_skunk".into(),
                Skunk::Points(n) => n.into(),
                Skunk::DoubleGame => "double_game".into(),
            },
        );
        put(O::Set, (self.max_pip as i64).into());
        put(O::Partners, self.partners.into());
        put(O::HandSize, (self.hand_size as i64).into());
        m
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
    for preset in Preset::ALL {
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
    use serde_json::json;

    fn spec(v: Value) -> RulesSpec {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn every_preset_resolves_with_defaults_for_every_player_count() {
        for p in Preset::ALL {
            let (min, max) = p.player_range();
            for n in min..=max {
                let s = RulesSpec {
                    preset: p.name().into(),
                    players: Some(n),
                    options: Map::new(),
                };
                let r = s.resolve().unwrap();
                let dealt = r.hand_size as u32 * n as u32;
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
        assert_eq!((r.hand_size, r.draw), (14, DrawRule::Never));
        let r = spec(json!({"preset": "cutthroat", "players": 2, "options": {"boneyard": true}}))
            .resolve()
            .unwrap();
        assert_eq!((r.hand_size, r.draw), (7, DrawRule::UntilAble));
        let r = spec(json!({"preset": "cutthroat", "players": 3}))
            .resolve()
            .unwrap();
        assert_eq!(r.hand_size, 9);
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
        assert_eq!((r.max_pip, r.hand_size, r.partners), (12, 12, true));
        let r = spec(json!({"preset": "block", "options": {"scoring": "hand"}}))
            .resolve()
            .unwrap();
        assert_eq!(r.target, 5);
        let r = spec(json!({"preset": "draw"})).resolve().unwrap();
        assert_eq!((r.hand_size, r.partners), (4, false));
        assert!(spec(json!({"preset": "block", "options": {"set": 8}}))
            .resolve()
            .is_err());
        assert!(
            spec(json!({"preset": "block", "players": 3, "options": {"partners": true}}))
                .resolve()
                .is_err()
        );
    }
}
