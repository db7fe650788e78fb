//! The tournaments' words that are stored and answered alike.

use serde::{Deserialize, Serialize};

/// Where a tournament is: taking entries, being played, or over. Stored
/// in the `state` column as its snake-case name, and answered so.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
