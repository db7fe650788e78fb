//! The report a player gives of a hand, its refusals, and which of its
//! parts a game asks for.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::behaviour::{EndCount, Settle};
use crate::rules::Rules;

use super::check::{fives_only, play_points_in};

/// An act at a physical table that the sources penalise; engine-run play
/// makes them impossible, so only the scorekeeper knows them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ActKind {
    /// French: three passes in a row cost the passer 10.
    ThreePasses,
    /// French: the seat's play went round the table unanswered, and each
    /// of the others pays 10.
    BoardPass,
    /// French: passing while able to play costs 10.
    PassedWhenAble,
    /// French: a wrong play costs 10.
    WrongPlay,
    /// Club fives: an over-draw; the seat may not score on its first play
    /// (`points` says what that play would have made).
    OverDraw,
    /// Club fives: a trip to the boneyard while holding a playable tile;
    /// no scoring for the rest of the hand (`points`: what was lost).
    BoneyardTrip,
    /// Club fives under the alternate rule: a domino exposed after the
    /// deal may not score (`points`: what it would have made).
    Exposed,
}

impl ActKind {
    /// The act as the API spells it (its serde name), for messages.
    pub const fn as_str(self) -> &'static str {
        match self {
            ActKind::ThreePasses => "three_passes",
            ActKind::BoardPass => "board_pass",
            ActKind::PassedWhenAble => "passed_when_able",
            ActKind::WrongPlay => "wrong_play",
            ActKind::OverDraw => "over_draw",
            ActKind::BoneyardTrip => "boneyard_trip",
            ActKind::Exposed => "exposed",
        }
    }

    /// Whether the game penalises this act: the French acts where passes
    /// are penalised, the club acts in two-player club fives.
    pub fn in_game(self, rules: &Rules) -> bool {
        match self {
            ActKind::ThreePasses
            | ActKind::BoardPass
            | ActKind::PassedWhenAble
            | ActKind::WrongPlay => rules.pass_penalties(),
            ActKind::OverDraw | ActKind::BoneyardTrip | ActKind::Exposed => {
                rules.ends() == EndCount::OnePerFive && !rules.partners()
            }
        }
    }
}

/// A penalised act by one seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableAct {
    pub seat: u8,
    pub act: ActKind,
    /// Club fives: the points the act cancels (already counted in the
    /// report's `points`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub points: i32,
}

fn is_zero(p: &i32) -> bool {
    *p == 0
}

/// A finished hand as a player at the table reports it, in the game's own
/// terms. Fields a game does not use stay empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HandReport {
    /// Who went out: one seat, or (both partners out) the two partners in
    /// the order they went out; one partner out and then blocked lists
    /// him alone. Empty: blocked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dominoed: Vec<u8>,
    /// Each seat's pip count at the end of the hand.
    pub counts: Vec<u32>,
    /// French: the seats still holding a double.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub doubles: Vec<u8>,
    /// Points made during play, by side (end counts, the Puerto Rican pass
    /// bonus). Empty: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<i32>,
    /// French: the last tile was a double.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub double: bool,
    /// Jamaican: the last tile was the key tile.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub key_tile: bool,
    /// Puerto Rican: capicú.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub capicu: bool,
    /// Puerto Rican: chuchazo (went out with the double blank).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chuchazo: bool,
    /// Penalised acts at the table.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub acts: Vec<TableAct>,
}

/// Why a hand report was refused. The messages say what to change.
// Serialized as `{"kind": "two_dominoes", "facts": {"first": 0, ...}}`:
// what a client needs to say the reason in its own language.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "kind", content = "facts", rename_all = "snake_case")]
pub enum ReportError {
    #[error("there is no seat {seat}: this game has {players} players (seats 0 to {last})", last = players - 1)]
    NoSuchSeat { seat: u8, players: u8 },
    #[error("there is no side {side}: this game has {sides} sides")]
    NoSuchSide { side: usize, sides: usize },
    #[error("give {players} counts, one per player, not {got}")]
    CountsLength { players: u8, got: usize },
    #[error("give the points of the {sides} sides, not {got} numbers")]
    PointsLength { sides: usize, got: usize },
    #[error("seats {first} and {second} cannot both have dominoed: only one player goes out")]
    TwoDominoes { first: u8, second: u8 },
    #[error("seat {0} is listed twice")]
    Repeated(u8),
    #[error("the hand ended when partners {first} and {second} were both out, so seat {seat} cannot have gone out after")]
    OutAfterEnd { seat: u8, first: u8, second: u8 },
    #[error("seat {seat} dominoed, so its count is 0, not {count}")]
    DominoCount { seat: u8, count: u32 },
    #[error("a count of {count} is impossible: the whole set holds {max} pips")]
    CountTooHigh { count: u32, max: u32 },
    #[error("the counts add up to {total}, more than the {max} pips of the whole set")]
    CountsTooHigh { total: u32, max: u32 },
    #[error("points cannot be negative ({0})")]
    NegativePoints(i32),
    #[error("this game scores nothing during play: leave the points empty")]
    NoPlayPoints,
    #[error("all fives scores multiples of 5 during play, not {0}")]
    NotFives(i32),
    #[error("{0} is not scored in this game")]
    NotInGame(#[serde(serialize_with = "thing_key")] &'static str),
    #[error("{0} needs somebody to have dominoed")]
    NeedsDomino(#[serde(serialize_with = "thing_key")] &'static str),
    #[error("capicú and chuchazo cannot both be: the double blank fits one end only")]
    CapicuChuchazo,
    #[error("seat {0} dominoed, so it holds no double")]
    DominoHoldsDouble(u8),
    #[error("the act {} is not penalised in this game", act.as_str())]
    ActNotInGame { act: ActKind },
    #[error("the act {} cancels points: say how many (1 or more)", act.as_str())]
    ActPoints { act: ActKind },
    #[error("the acts cancel {cancelled} points of side {side}, which made only {made}")]
    CancelsTooMuch {
        side: usize,
        cancelled: i32,
        made: i32,
    },
    #[error("side {first} and side {second} cannot both reach the target during play: the hand stops at the first")]
    BothReachTarget { first: usize, second: usize },
    #[error(
        "no deal leaves seat {seat} {count} pips in 1 to {most} tiles{}",
        holding_double(double)
    )]
    SeatCannotHold {
        seat: u8,
        count: u32,
        most: u8,
        double: Option<bool>,
    },
    #[error("no deal leaves seats {} these counts at once: the set has too few tiles of the counts they need", seat_list(seats))]
    NoDeal { seats: Vec<u8> },
    #[error("the last tile was {0}, but these counts leave none of them on the table")]
    LastTileHeld(#[serde(serialize_with = "thing_key")] &'static str),
    #[error("pass points come in multiples of {unit} at this table, not {points}")]
    NotPassPoints { points: i32, unit: i32 },
    #[error("side {side} cannot make {points} points in play in one hand: at most {max}")]
    PlayPointsTooHigh { side: usize, points: i32, max: i32 },
    #[error("side {side} cannot make exactly {points} points in play: no sum of this game's scoring plays gives it")]
    NoPlaySum { side: usize, points: i32 },
    #[error("side {side} cannot make {points} points in play from a score of {score}: the hand stops when a side reaches {target}, so at most {max}")]
    PastTarget {
        side: usize,
        points: i32,
        score: i32,
        target: i32,
        max: i32,
    },
    #[error(
        "seats {}: a count of 0 means going out here, as no tile of this game counts 0",
        seat_list(seats)
    )]
    ZeroNotOut { seats: Vec<u8> },
    #[error(
        "seats {} cannot all count 0 while holding tiles: only the double blank counts 0",
        seat_list(seats)
    )]
    ZerosHeld { seats: Vec<u8> },
    #[error("the act {} cancels one play's points, at most {max}, not {points}", act.as_str())]
    ActPointsTooHigh { act: ActKind, points: i32, max: i32 },
    #[error("the match is over: start a new sheet")]
    MatchOver,
    #[error("there is no hand to undo")]
    NothingToUndo,
}

/// What part of a report no deal could produce: the server's refusal
/// codes and the clients' words follow it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Impossible {
    /// The counts, doubles or last tile: no disjoint hands of the set.
    Counts,
    /// Points in play beyond a hand's, or not in the game's unit.
    Points,
    /// A penalty cancelling more than its act can.
    Acts,
}

impl ReportError {
    /// Which part of the report no deal could produce; `None` for a
    /// malformed report (a seat that does not exist, terms of another
    /// game, ...).
    pub fn impossible(&self) -> Option<Impossible> {
        match self {
            ReportError::SeatCannotHold { .. }
            | ReportError::NoDeal { .. }
            | ReportError::ZeroNotOut { .. }
            | ReportError::ZerosHeld { .. }
            | ReportError::LastTileHeld(_) => Some(Impossible::Counts),
            ReportError::NotPassPoints { .. }
            | ReportError::PlayPointsTooHigh { .. }
            | ReportError::NoPlaySum { .. }
            | ReportError::PastTarget { .. } => Some(Impossible::Points),
            ReportError::ActPointsTooHigh { .. } => Some(Impossible::Acts),
            _ => None,
        }
    }
}

/// The key a client names one of the report's things by (the phrases in
/// [`ReportError`]'s English messages).
fn thing_key<S: serde::Serializer>(thing: &&'static str, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match *thing {
        "a double out" => "double_out",
        "the key tile" => "key_tile",
        "capicú" => "capicu",
        "holding a double" => "holding_double",
        "the double blank" => "double_blank",
        "a double" => "double",
        other => other,
    })
}

fn holding_double(double: &Option<bool>) -> &'static str {
    match double {
        Some(true) => " with a double among them",
        Some(false) => " without a double",
        None => "",
    }
}

fn seat_list(seats: &[u8]) -> String {
    let words: Vec<String> = seats.iter().map(u8::to_string).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => words.concat(),
    }
}

/// Which parts of a [`HandReport`] a game uses, for a form that asks
/// only those: the same tests [`HandReport::check`] applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReportFields {
    pub players: u8,
    pub sides: usize,
    pub partners: bool,
    /// Both partners go out (two seats in `dominoed`).
    pub both_partners_out: bool,
    /// The most pips the whole set holds (a count's upper bound).
    pub max_count: u32,
    /// Points are made during play (`points`, by side).
    pub play_points: bool,
    /// Those points come in multiples of 5.
    pub fives: bool,
    /// French: the doubles still held, and whether the last tile was one.
    pub doubles: bool,
    pub key_tile: bool,
    pub capicu: bool,
    pub chuchazo: bool,
    /// The table acts this game penalises.
    pub acts: Vec<ActKind>,
}

impl ReportFields {
    pub fn of(rules: &Rules) -> ReportFields {
        let french = rules.settle() == Settle::OwnPipsDoubled;
        let all_pips = rules.settle() == Settle::AllPips;
        let acts = [
            ActKind::ThreePasses,
            ActKind::BoardPass,
            ActKind::PassedWhenAble,
            ActKind::WrongPlay,
            ActKind::OverDraw,
            ActKind::BoneyardTrip,
            ActKind::Exposed,
        ]
        .into_iter()
        .filter(|&a| a.in_game(rules))
        .collect();
        ReportFields {
            players: rules.players(),
            sides: rules.sides(),
            partners: rules.partners(),
            both_partners_out: rules.both_partners_out() && rules.partners(),
            max_count: rules.count(rules.tiles()),
            play_points: play_points_in(rules),
            fives: fives_only(rules),
            doubles: french,
            key_tile: rules.key_tile(),
            capicu: all_pips,
            chuchazo: all_pips,
            acts,
        }
    }
}
