//! What a node says of itself: `/healthz` and `/readyz` (see
//! the server's `ops.rs`).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `GET /healthz`: alive, with what the node holds and what its limits
/// refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Health {
    pub actions: u64,
    pub ok: bool,
    pub parked: usize,
    /// Refusals by limit since the start.
    pub refused: BTreeMap<String, u64>,
    pub sockets: usize,
    pub tables: usize,
}

/// `/readyz`'s answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Readiness {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub ready: bool,
}
