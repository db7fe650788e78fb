//! What a table pushes to its sockets (documented in `docs/server.md`):
//! its `state` (each built from one viewer's view), `chat` lines and the
//! `rematch` made after a match.

use domino_engine::catalog::TableFacts;
use domino_engine::wire::Drawn;
use domino_engine::Redeal;
use domino_engine::{HandResult, RulesSpec};
use serde::{Deserialize, Serialize};
use serde_json::Value;

// The `type` each pushed message carries first, as its own one-word type
// (so that the page's declaration names it, where serde's tag would not).

/// The `type` of a [`ChatLine`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ChatType {
    #[serde(rename = "chat")]
    Chat,
}

/// The `type` of a [`RematchMade`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum RematchType {
    #[serde(rename = "rematch")]
    Rematch,
}

/// The `type` of a [`StateMessage`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum StateType {
    #[serde(rename = "state")]
    State,
}

/// A chat line or phrase, as sent and as kept for those who join later
/// (and by a sleeping table in the store).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChatLine {
    #[serde(rename = "type")]
    pub kind: ChatType,
    pub at: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub phrase: Option<String>,
    pub seat: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub text: Option<String>,
}

/// The rematch table exists: everyone at the table may follow.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RematchMade {
    #[serde(rename = "type")]
    pub kind: RematchType,
    pub table: String,
}

/// One seat as the state shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatView {
    /// A computer plays this seat now (a bot seat, or a person's taken over).
    pub bot: bool,
    /// The seat's player is a bot account (docs/botapi.md): a program,
    /// marked as a bot wherever its name shows.
    pub bot_account: bool,
    /// A player's seat nobody is connected to: the milliseconds left of
    /// the grace period before a computer plays it (0 once one does);
    /// `None` while its player is here, or for a seat never taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot_in_ms: Option<u64>,
    pub human: bool,
    /// A waiting invited seat's code, for the creator's invite link only.
    pub invite: Option<String>,
    pub invited: bool,
    pub left: bool,
    /// The level of the bot that plays this seat when a bot does.
    pub level: Option<String>,
    pub name: Option<String>,
    pub present: bool,
    pub ready: bool,
}

/// A hand's fair-deal commitment; its key once revealed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FairHand {
    pub commit: String,
    pub hand: u32,
    pub key: Option<String>,
    pub redeal: Option<Redeal>,
}

/// A rated seat's change of rating at the end of the match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RatingChange {
    pub after: f64,
    pub before: f64,
    pub deviation: f64,
    pub player: String,
    pub seat: i64,
}

/// A finished hand's line of the score sheet.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HandLine {
    pub hand: u32,
    pub result: Option<HandResult>,
    pub scores: Vec<i32>,
}

/// How a match ended before its score decided it: the seat that did
/// it. (A match played to its end has none.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "how", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Ended {
    /// The seat's side conceded: it places last, the others by their
    /// scores; rated play counts it as a loss.
    Resigned { seat: u8 },
    /// The seat called the match off before it was under way: no result,
    /// nothing rated.
    Aborted { seat: u8 },
}

/// The table as one viewer may see it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StateMessage {
    #[serde(rename = "type")]
    pub kind: StateType,
    pub bot: String,
    /// The turn clock: each seat's time left and whose clock runs; absent
    /// at a table without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<domino_engine::ClockView>,
    /// The chat so far, for a connection that has just come (with `log`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub chat: Option<Vec<ChatLine>>,
    #[cfg_attr(feature = "ts", ts(as = "Vec<domino_engine::Event>"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<domino_engine::Event>))]
    pub events: Vec<Value>,
    pub facts: TableFacts,
    pub fair: Vec<FairHand>,
    pub finished: bool,
    pub hints: bool,
    pub host: Option<u8>,
    pub layout: Drawn,
    /// The hand's events so far as this viewer may see them (with `log`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<domino_engine::Event>>"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<domino_engine::Event>>))]
    pub log: Option<Vec<Value>>,
    pub move_at_us: i64,
    pub ratings: Vec<RatingChange>,
    /// Whether the match counts for ratings as the table stands (a
    /// casual match otherwise); the table says which.
    pub rated: bool,
    pub rematch: Option<String>,
    pub rules: RulesSpec,
    pub seat: Option<u8>,
    pub seats: Vec<SeatView>,
    pub seq: i64,
    /// The score sheet: a line per finished hand.
    #[cfg_attr(feature = "ts", ts(as = "Vec<HandLine>"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<HandLine>))]
    pub sheet: Vec<Value>,
    pub started: bool,
    /// The match was resigned or aborted (its `state` then shows it over).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub ended: Option<Ended>,
    /// The viewer's seat may still abort the match (see [`Ended::Aborted`]).
    pub may_abort: bool,
    #[cfg_attr(feature = "ts", ts(as = "domino_engine::wire::State<'static>"))]
    #[cfg_attr(feature = "openapi", schema(value_type = domino_engine::wire::State<'static>))]
    pub state: Value,
    pub table: String,
    pub watching: usize,
}
