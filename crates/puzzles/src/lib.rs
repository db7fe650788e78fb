//! Domino puzzles proved by the exact solver.
//!
//! A [`Puzzle`] is a position of a seeded deal (the seed and the actions so
//! far) or of a recorded match (its record cut there), its kind, its answer and the proof that the answer is the only
//! one: the solver's value of every choice. [`prove`] finds that proof for
//! a position or refuses it (one choice only, every choice as good,
//! several best, too many hidden worlds); [`verify`] proves a stored
//! puzzle again and says where it differs. [`mine`] finds puzzles in
//! self-played hands, [`mine_record`] in recorded matches; both rate them
//! by how often the bot levels solve them. The format is described in
//! docs/puzzles.md.

pub mod explain;
pub mod format;
pub mod line;
pub mod mine;
pub mod position;
pub mod prove;
pub mod rate;
pub mod record;
pub mod stored;
pub mod themes;
pub mod turns;

pub use explain::{explain, Explained, Lacks};
pub use format::{Choice, Kind, Puzzle, Theme};
pub use line::{played_out, LineError, Played};
pub use position::{PuzzleError, Setup};
pub use prove::{prove, verify, Limits, Proof, Rejection, VerifyError};
pub use record::{prove_at, setup_at, FromRecordError, RecordPuzzle};
pub use stored::mine_record;
pub use turns::{missed, Missed};
