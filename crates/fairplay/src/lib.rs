//! Fair play: evidence that a player consults the expert, and flags for
//! people to review (docs/fairplay.md).
//!
//! Pure: a finished match's analysis ([`domino_bots::analysis`], the
//! coach's) goes in, figures and flags come out; nothing here reads a
//! database or a clock. [`evidence`] turns each seat's decisions into
//! agreement with the expert and cost, summed per profile; [`norm`] holds
//! what is normal per rating band; [`flags`] compares the two; [`sim`]
//! and [`bench`] simulate honest players and cheaters to measure it all.

pub mod bench;
pub mod evidence;
pub mod flags;
pub mod norm;
pub mod shipped;
pub mod sim;
pub mod stats;

pub use evidence::{match_evidence, Evidence, MoveTime};
pub use flags::{review, Flag, Policy, Profile};
pub use norm::{Band, Norms, Source};
