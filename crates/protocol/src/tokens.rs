//! A bot account's HTTP bodies and answers: becoming a bot, its API
//! tokens, and the list of bots to play (see the server's
//! `bots/accounts.rs`, docs/botapi.md).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The body of `POST /api/profile/bot`: `{}`, nothing more.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Empty {}

/// A token to make, by the name its owner knows it by.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct NewToken {
    pub name: String,
}

/// A token as listed.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Listed {
    pub id: String,
    pub name: String,
    pub created: i64,
    pub last_used: Option<i64>,
}

/// A token just made: the only answer that shows it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TokenMade))]
pub struct Made {
    pub id: String,
    pub name: String,
    pub token: String,
    pub created: i64,
}

/// A bot to play: an online bot account, or a built-in level.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Playable {
    pub id: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<BTreeMap<String, f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tables: Option<usize>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub builtin: bool,
}
