//! The pool over HTTP: asking for a game, joining a friend's team, where
//! a seek stands, and who waits for each game (see the server's
//! `pool/`, docs/server.md, "Pairing").

use domino_engine::{RulesSpec, TimeControl};
use serde::{Deserialize, Serialize};

/// Whom a seek may be paired with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Opponents {
    People,
    Bots,
    Any,
}

impl Opponents {
    pub fn as_str(self) -> &'static str {
        match self {
            Opponents::People => "people",
            Opponents::Bots => "bots",
            Opponents::Any => "any",
        }
    }

    pub fn parse(s: &str) -> Option<Opponents> {
        [Opponents::People, Opponents::Bots, Opponents::Any]
            .into_iter()
            .find(|o| o.as_str() == s)
    }

    /// Whether a seeker who is a bot (or not) is admitted.
    pub fn admits(self, bot: bool) -> bool {
        match self {
            Opponents::People => !bot,
            Opponents::Bots => bot,
            Opponents::Any => true,
        }
    }
}

/// A request for a game.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Seek {
    pub rules: RulesSpec,
    #[serde(default)]
    pub rated: bool,
    /// Seconds after which the computer takes the seats nobody took;
    /// none: wait for people.
    #[serde(default)]
    pub fill_s: Option<u32>,
    /// The name to sit under (a signed-in player sits under the profile's).
    #[serde(default)]
    pub name: String,
    /// A guest's browser id (a signed-in player's profile says who).
    #[serde(default)]
    pub guest: Option<String>,
    /// Ask as the first of a team: the answer's `team` code is for the
    /// partner to join with.
    #[serde(default)]
    pub team: bool,
    /// Whom to be paired with: people, bots or any (docs/botapi.md);
    /// none: people for a person, any for a bot account.
    #[serde(default)]
    pub opponents: Option<Opponents>,
    /// The table's clock: none (a casual game's default), the rated
    /// pairing's (a rated game's, and its only one), or a correspondence
    /// pace. Paired only with seekers who chose the same.
    #[serde(default)]
    pub clock: Option<TimeControl>,
}

/// A friend joining a team.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Join {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub guest: Option<String>,
}

/// How a seeker proves a seek is theirs when taking it back, besides being
/// signed in as one of its members: the guest id it was asked with, or the
/// seat token it was given (`DELETE /api/seeks/{id}`; the body is optional).
#[derive(Debug, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CancelSeek {
    #[serde(default)]
    pub guest: Option<String>,
    #[serde(default)]
    pub token: Option<String>,
}

/// A seek made: its id (to follow and cancel it), the seat token the
/// table will know this player by, and a team's code for the partner.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SeekMade))]
pub struct Made {
    pub seek: String,
    pub token: String,
    pub team: Option<String>,
}

/// Where a seek stands.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SeekStatus))]
pub struct Status {
    pub seek: String,
    /// `forming` (a team waiting for its partner), `waiting`, or `paired`
    /// (its table is open: `table`, and the members' `seats`).
    pub state: &'static str,
    pub rules: RulesSpec,
    pub rated: bool,
    pub clock: TimeControl,
    pub waited_ms: i64,
    /// The rating window now: ± this many points.
    pub window: f64,
    pub names: Vec<String>,
    pub team: Option<String>,
    pub table: Option<String>,
    pub seats: Vec<u8>,
}

/// How many players wait for one game.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Waiting {
    pub rules: RulesSpec,
    pub rated: bool,
    pub clock: TimeControl,
    pub players: usize,
}
