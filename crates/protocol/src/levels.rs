//! The bot levels' measured strength as the lobby reads it
//! (`GET /api/levels`); the types are the league's, which computes them.

pub use domino_league::levels::{LadderGame, LevelRating};

/// The rated player (and bot account) of a built-in level: `bot:LEVEL`.
pub fn bot_player(level: &str) -> String {
    format!("bot:{level}")
}
