//! Finished matches over HTTP: the history list and a replay (see
//! the server's `http.rs`).

use domino_engine::catalog::TableFacts;
use domino_engine::record::Record;
use domino_engine::wire::Drawn;
use domino_engine::Event;
use serde::Serialize;
use serde_json::Value;

pub use domino_league::fair::Reveal;

/// How much of the match a seat's player really played.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatPlay {
    pub bot_moves: i64,
    /// The hand they left in, if they left for good.
    pub left: Option<i64>,
    pub moves: i64,
}

/// A finished match for the lists.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchSummary {
    pub abandoned: bool,
    pub bot: String,
    /// Each seat's player is a bot account (the bot mark beside its name).
    pub bot_accounts: Vec<bool>,
    pub created_at: i64,
    pub finished_at: i64,
    pub hands: usize,
    pub id: String,
    pub names: Vec<Option<String>>,
    pub players: Vec<SeatPlay>,
    /// The rules as the table was made with them (a `RulesSpec`).
    #[cfg_attr(feature = "ts", ts(as = "domino_engine::RulesSpec"))]
    #[cfg_attr(feature = "openapi", schema(value_type = domino_engine::RulesSpec))]
    pub rules: Value,
    /// The final scores (none when the record no longer replays).
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<i32>>"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<i32>>))]
    pub scores: Option<Value>,
    #[cfg_attr(feature = "ts", ts(as = "Option<domino_engine::Winner>"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<domino_engine::Winner>))]
    pub winner: Option<Value>,
}

/// One step of a replay in the full view: a hand's deal (no `step`) or
/// the state after action `step`, with its events.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Frame {
    pub events: Vec<Event>,
    pub hand: usize,
    pub layout: Drawn,
    pub state: Value,
    pub step: Option<usize>,
}

/// `GET /api/history/{id}`: a finished match to replay and verify.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Replay {
    pub facts: Option<TableFacts>,
    pub fair: Vec<Reveal>,
    pub frames: Vec<Frame>,
    pub record: Record,
    pub summary: MatchSummary,
    pub verified: bool,
}
