//! Puzzles (docs/puzzles.md, "On the server"), the feature's room: the
//! service [`Puzzles`] holds every rule (what is served, what is rated and
//! once, the runs' scores, a player's own puzzles and their limit, the
//! history) and answers in the wire's types or a [`Refusal`]; the `api.rs`
//! files are the HTTP adapters, which read who asks and what and call it.
//!
//! - `rated.rs`: the set's puzzles, served near the player's rating, and a
//!   try, rated once.
//! - `runs/`: streak and storm.
//! - `own/`: puzzles made from the player's own finished matches.
//! - `history.rs`: the player's tries, and a puzzle opened by its id.
//! - `show.rs`: what a puzzle shows and what its answer teaches.
//! - `set.rs`: the shipped set, and the choice of a puzzle in it.

pub mod api;
mod history;
pub mod own;
mod rated;
pub mod runs;
mod set;
pub(crate) mod show;

use domino_protocol::refusal::{Code, Refusal};

use crate::clock::TimeSource;
use crate::finished::FinishedMatches;

pub use api::routes;
pub use rated::{Attempt, NextAsk};
pub use set::{all, by_id, daily, game_of, games, near, near_unserved, Filter};

/// The puzzles' service: the store's puzzles, the finished matches (for
/// a player's own puzzles) and the clock the runs read.
#[derive(Clone, Debug)]
pub struct Puzzles {
    puzzles: domino_store::Puzzles,
    finished: FinishedMatches,
    time: TimeSource,
}

impl Puzzles {
    pub fn new(
        puzzles: domino_store::Puzzles,
        finished: FinishedMatches,
        time: TimeSource,
    ) -> Puzzles {
        Puzzles {
            puzzles,
            finished,
            time,
        }
    }

    /// Now, on the clock the runs are timed by (tests move it).
    pub fn now(&self) -> i64 {
        self.time.now_ms()
    }
}

/// A fault of the server's own (the store could not say): logged, and
/// refused `internal`.
fn fault(e: impl std::fmt::Display) -> Refusal {
    crate::fault::fault("puzzles", Code::Internal, e)
}
