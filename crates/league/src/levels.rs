//! The bot levels' measured strength as the lobby reads it
//! (`GET /api/levels`, built by [`crate::ratings::shipped_levels`]). Fields
//! are in sorted order, as the answer was written when it was a map.

use serde::Serialize;

/// One level of a game at one table size: its rating and 95% interval.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LevelRating {
    pub bot: String,
    pub high: f64,
    pub low: f64,
    pub rating: f64,
}

/// A game at one table size: the levels of the ladder entry it reads.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LadderGame {
    pub levels: Vec<LevelRating>,
    /// The levels are in order, with intervals that do not overlap.
    pub ordered: bool,
    pub players: u8,
    pub preset: String,
    /// The table size the levels were measured at.
    pub rated_players: u8,
}
