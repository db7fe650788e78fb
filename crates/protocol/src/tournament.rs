//! The tournaments' words that are stored and answered alike.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Where a tournament is: taking entries, being played, or over. Stored
/// in the `state` column as its snake-case name, and answered so.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum TournamentState {
    Open,
    Playing,
    Finished,
}

impl TournamentState {
    pub const ALL: [TournamentState; 3] = [
        TournamentState::Open,
        TournamentState::Playing,
        TournamentState::Finished,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            TournamentState::Open => "open",
            TournamentState::Playing => "playing",
            TournamentState::Finished => "finished",
        }
    }

    /// The state stored as `s`; `None` for a word no version wrote.
    pub fn parse(s: &str) -> Option<TournamentState> {
        TournamentState::ALL.into_iter().find(|t| t.as_str() == s)
    }
}

pub use domino_league::tournament::standings::Line;
pub use domino_league::tournament::Game;

/// A tournament for the lists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TournamentSummary {
    pub format: String,
    /// The game's preset.
    pub game: Value,
    pub id: String,
    pub max_entrants: i64,
    pub name: String,
    pub starts_at: Option<i64>,
    pub state: TournamentState,
}

/// `GET /api/tournaments`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TournamentList {
    pub tournaments: Vec<TournamentSummary>,
}

/// An entrant as the page shows it (a bot's `level`; a person's or
/// team's member names).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EntrantView {
    pub bot: bool,
    pub entrant: i64,
    pub level: Option<String>,
    pub members: Vec<String>,
    pub name: String,
}

/// One table of a round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BoardView {
    pub entrants: Vec<usize>,
    pub finished: bool,
    pub names: Vec<String>,
    /// The result, once published.
    pub result: Option<Game>,
    /// The table's id, once opened.
    pub table: Option<String>,
}

/// A duplicate round's deals: the hash of its secret while it plays, the
/// secret after.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Deals {
    pub commit: String,
    pub secret: Option<String>,
}

/// A round as played so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RoundView {
    pub byes: Vec<usize>,
    pub deals: Option<Deals>,
    pub round: i64,
    /// Nobody may watch its tables or read their replays yet.
    pub sealed: bool,
    pub tables: Vec<BoardView>,
}

/// An entrant's line in the standings, with its name.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Standing {
    /// The entrant is a built-in level or a bot account (the bot mark).
    pub bot: bool,
    #[serde(flatten)]
    pub line: Line,
    pub name: String,
}

/// The winner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Champion {
    pub entrant: usize,
    pub name: String,
}

/// `GET /api/tournaments/{id}`: a tournament as the page shows it (with
/// the organiser's `secret` in the answer to its creation only).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TournamentView {
    pub bot: String,
    pub champion: Option<Champion>,
    pub duplicate: bool,
    pub entrants: Vec<EntrantView>,
    pub format: String,
    pub id: String,
    pub max_entrants: i64,
    pub name: String,
    pub per_table: usize,
    pub played: Vec<RoundView>,
    pub rounds: i64,
    /// The rules as the organiser gave them (a `RulesSpec`).
    pub rules: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
    pub standings: Vec<Standing>,
    pub starts_at: Option<i64>,
    pub state: TournamentState,
    pub teams: bool,
    pub total_rounds: usize,
}

/// The answer to joining: the entrant, and each player's seat token.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Entered {
    pub entrant: i64,
    pub name: String,
    pub players: Vec<String>,
    pub tokens: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_are_stored_and_answered_with_one_spelling() {
        for s in TournamentState::ALL {
            assert_eq!(TournamentState::parse(s.as_str()), Some(s));
            assert_eq!(
                serde_json::to_value(s).ok(),
                Some(serde_json::Value::from(s.as_str()))
            );
        }
        assert_eq!(TournamentState::parse("Finished"), None);
    }
}

/// `GET /api/tables/{id}/tournament`: the tournament a table belongs to,
/// or none, so that its page offers the way back rather than a rematch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableTournament {
    pub tournament: Option<String>,
}

/// `POST /api/tournaments`: a new tournament.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewTournament {
    #[serde(default)]
    pub name: String,
    pub rules: domino_engine::RulesSpec,
    /// `round_robin`, `swiss` or `elimination`.
    pub format: String,
    /// A Swiss tournament's rounds.
    #[serde(default)]
    pub rounds: i64,
    /// Entrants are partnerships (the game's sides are).
    #[serde(default)]
    pub teams: bool,
    #[serde(default)]
    pub starts_at: Option<i64>,
    #[serde(default)]
    pub max_entrants: Option<i64>,
    /// The computer players' level (`heuristic` when none is given).
    #[serde(default)]
    pub bot: Option<String>,
    #[serde(default)]
    pub duplicate: bool,
}

/// `POST /api/tournaments/{id}/join`: an entrant's name, and a
/// partnership's two players.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct JoinTournament {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub members: Vec<String>,
}

/// `POST /api/tournaments/{id}/bots`: computer players of one level (the
/// tournament's when none is given).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AddBots {
    #[serde(default = "one")]
    pub count: i64,
    #[serde(default)]
    pub level: Option<String>,
}

impl Default for AddBots {
    fn default() -> AddBots {
        AddBots {
            count: 1,
            level: None,
        }
    }
}

fn one() -> i64 {
    1
}
