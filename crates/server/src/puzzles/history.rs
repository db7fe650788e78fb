//! A player's tries at the set's puzzles, to look back on, and any puzzle
//! of the set opened by its id to try again (unrated: it was not served).

use domino_protocol::puzzles::{HistoryRow, Shown};
use domino_protocol::refusal::{Code, Refusal};

use super::set::{by_id, game_of};
use super::show::unrated_shown;
use super::{fault, Puzzles};

/// How many tries the history lists, newest first.
const HISTORY_LENGTH: i64 = 100;

impl Puzzles {
    /// `player`'s first tries at the set's puzzles, newest first; a puzzle
    /// no longer in the set is left out.
    pub async fn history(&self, player: &str) -> Result<Vec<HistoryRow>, Refusal> {
        let tries = self
            .puzzles
            .puzzle_tries(player, HISTORY_LENGTH)
            .await
            .map_err(fault)?;
        Ok(tries
            .into_iter()
            .filter_map(|t| {
                let p = by_id(&t.puzzle)?;
                Some(HistoryRow {
                    id: t.puzzle,
                    game: game_of(p).to_string(),
                    tried_ms: t.tried_at,
                    right: t.solved,
                    rated: t.rated,
                })
            })
            .collect())
    }

    /// A puzzle of the set by its id, without ratings and not served: its
    /// tries are not rated.
    pub fn open(&self, id: &str) -> Result<Shown, Refusal> {
        let p =
            by_id(id).ok_or_else(|| Refusal::new(Code::NoPuzzle, format!("no puzzle {id:?}")))?;
        unrated_shown(p)
    }
}
