//! The site's rules beyond one match, as pure functions: no I/O, no
//! async, no wire types. The server stores and answers what these compute;
//! each is tested here on its own.
//!
//! [`fair`] commits to each hand's seed before the hand and reveals it
//! after; [`ratings`] rates finished matches (Glicko-2, Weng-Lin) and
//! holds the bot levels' seeds ([`levels`] is what the lobby reads of
//! them); [`name`] checks display names and gives the keys a profile's
//! name is unique by, with [`text`] for what shows and chat lines;
//! [`tournament`] pairs rounds, ranks entrants and scores duplicate
//! rounds; [`pool`] groups the pool's waiting seeks into tables; and
//! [`verdict`] says how bad a play was for the coach.

pub mod fair;
pub mod levels;
pub mod name;
pub mod pool;
pub mod ratings;
pub mod text;
pub mod tournament;
pub mod verdict;
