//! `POST /api/turns`, the lobby's "your turn" list: the seats the page
//! holds, and each table's clock as answered (see the server's
//! `turns/`).

use domino_engine::TimeControl;
use serde::{Deserialize, Serialize};

/// A table the page holds a seat at.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Held {
    pub table: String,
    pub token: String,
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Ask {
    pub seats: Vec<Held>,
}

/// One of the asker's tables.
#[derive(Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MyTable {
    pub table: String,
    pub seat: u8,
    pub preset: String,
    pub clock: TimeControl,
    /// The asker's clock runs: it is their move.
    pub your_turn: bool,
    /// The other people at the table, by seat.
    pub opponents: Vec<String>,
    /// The running clock's time left, ms (absent: no clock runs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_ms: Option<i64>,
}
