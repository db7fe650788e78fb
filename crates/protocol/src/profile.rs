//! The profiles' HTTP answers (see the server's `profiles/`).

use serde::{Deserialize, Serialize};

/// A profile as anyone may see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ProfileCard {
    /// A bot account (docs/botapi.md).
    pub bot: bool,
    pub created_at: i64,
    pub id: String,
    pub name: String,
}

/// `GET /api/profile/me` and signing out: the signed-in profile, if any.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Me {
    pub profile: Option<ProfileCard>,
}

/// A one-time sign-in link for another device.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SignInLink {
    pub expires_at: i64,
    pub path: String,
    /// The link as an SVG QR code.
    pub qr: String,
    pub url: String,
}

/// One rated match on a rating's chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RatingPoint {
    pub at: i64,
    pub rating: f64,
    pub table: String,
}

/// A profile's rating in one game, with its history (oldest first).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GameRating {
    pub deviation: f64,
    pub game: String,
    pub history: Vec<RatingPoint>,
    pub matches: i64,
    pub rating: f64,
}

/// A profile's counts over its recent matches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ProfileStats {
    pub blocked_wins: i64,
    pub capicus: i64,
    pub dominoes: i64,
    pub hands: i64,
    pub hands_won: i64,
    pub matches: usize,
    pub matches_won: usize,
}

/// One of a profile's recent matches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RecentMatch {
    pub after: Option<f64>,
    pub at: i64,
    pub before: Option<f64>,
    pub game: String,
    pub hands: i64,
    pub hands_won: i64,
    pub table: String,
    pub won: bool,
}

/// `GET /api/profiles/{id}`: a profile's public page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PublicProfile {
    pub profile: ProfileCard,
    pub ratings: Vec<GameRating>,
    pub recent: Vec<RecentMatch>,
    pub stats: ProfileStats,
}

/// One row of a game's leaderboard (a bot's `player` is `bot:LEVEL`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Leader {
    /// A bot account or a built-in level.
    pub bot: bool,
    /// The built-in level, for a `bot:LEVEL` row.
    pub level: Option<String>,
    pub deviation: f64,
    pub matches: i64,
    pub name: Option<String>,
    pub player: String,
    pub rating: f64,
}

/// `GET /api/leaderboard`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Leaderboard {
    pub game: String,
    pub min: i64,
    pub players: Vec<Leader>,
}
