//! What happened, as typed events: the protocol's `events` list.

use serde::Serialize;

use crate::action::Action;
use crate::result::{HandResult, Side};
use crate::tile::Tile;

/// Why points were scored.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ScoreReason {
    /// The open ends made a scoring total.
    Ends,
    /// An opponent passed (Puerto Rican pass points).
    Pass,
    /// Points the previous player left unclaimed.
    Muggins,
}

/// Why a penalty was charged.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum PenaltyReason {
    /// Three passes in a row (French).
    ThreePasses,
    /// A play made all the others pass (French).
    BoardPass,
}

/// A club-fives skunk at the end of a match: the skunked side, the points it
/// added to the winner's match score, and how many games the match counts for
/// in a series (2 under `skunk: "double_game"`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SkunkReport {
    pub side: usize,
    pub points: i32,
    pub games: u8,
}

/// Something that happened in a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Event {
    /// A seat acted.
    Action {
        seat: u8,
        action: Action,
    },
    /// A seat drew; the tile is present only where the viewer may see it.
    Drew {
        seat: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        tile: Option<Tile>,
    },
    Scored {
        side: usize,
        points: i32,
        reason: ScoreReason,
    },
    Penalty {
        seat: u8,
        points: i32,
        reason: PenaltyReason,
    },
    /// Points made by a play but not claimed, and so lost or open to muggins.
    Unclaimed {
        seat: u8,
        points: i32,
    },
    /// A seat dominoed but plays on for the partner (both partners out).
    Out {
        seat: u8,
    },
    HandOver {
        result: HandResult,
    },
    MatchOver {
        winner: Option<Side>,
        /// Club fives: the loser was skunked, and what it cost.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        skunk: Option<SkunkReport>,
    },
}

/// Where events go; `()` drops them, for playouts.
pub trait Events {
    fn push(&mut self, e: Event);
    /// Whether anyone listens, so callers can skip building events.
    fn wanted(&self) -> bool {
        true
    }
}

impl Events for () {
    #[inline]
    fn push(&mut self, _: Event) {}
    #[inline]
    fn wanted(&self) -> bool {
        false
    }
}

impl Events for Vec<Event> {
    fn push(&mut self, e: Event) {
        Vec::push(self, e);
    }
}
