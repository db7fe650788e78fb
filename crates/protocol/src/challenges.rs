//! Challenges to bot accounts over HTTP: the request, and what the
//! challenger and the challenged bot are answered (see the server's
//! `challenges/`, docs/botapi.md).

use domino_engine::RulesSpec;
use serde::{Deserialize, Serialize};

/// A challenge as asked for: whom, the game, and the challenger's name
/// when not signed in.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct NewChallenge {
    pub to: String,
    pub rules: RulesSpec,
    #[serde(default)]
    pub rated: bool,
    /// Read by [`crate::bots::challenge_clock`], so that a clock written
    /// wrong is `bad_clock`, not a body that does not parse.
    #[serde(default)]
    pub clock: Option<serde_json::Value>,
    #[serde(default)]
    pub fill: Option<String>,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub guest: Option<String>,
}

/// A challenge made: its id, and the challenger's seat token.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ChallengeMade))]
pub struct Made {
    pub id: String,
    pub token: String,
}

/// Where a challenge stands.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ChallengeStatus))]
pub struct Status {
    pub id: String,
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Where the challenged bot sits: its table, seat and seat token.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Accepted {
    pub table: String,
    pub seat: u8,
    pub token: String,
}

/// A declined challenge's reason, if the bot gives one.
#[derive(Debug, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Decline {
    #[serde(default)]
    pub reason: Option<String>,
}
