//! The scorekeeper's HTTP bodies and answers (see the server's `sheets/`).

use domino_engine::RulesSpec;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// `POST /api/sheets`: the rules and one name per side.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewSheet {
    pub rules: RulesSpec,
    #[serde(default)]
    pub names: Vec<String>,
}

/// A sheet as the engine settles it, with what the server keeps of it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SheetView {
    /// The engine's sheet (`domino_engine::Sheet::to_json`).
    #[serde(flatten)]
    pub sheet: Value,
    pub created_at: i64,
    pub id: String,
    pub names: Vec<String>,
    /// The editing secret, in the answer to the sheet's creation only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
    pub updated_at: i64,
    pub version: String,
}

/// `GET /api/sheets/{id}/version`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SheetVersion {
    pub version: String,
}
