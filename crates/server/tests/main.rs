//! The crate's integration tests, one module per file, built as one
//! binary: one compile and one link instead of one per file, which
//! was most of CI's build time (each file linked the whole crate).
#![allow(clippy::unwrap_used)]

mod common;

mod abuse;
mod asleep;
mod bot_retry;
mod bots;
mod clocks;
mod coach;
mod crate_rules;
mod creates;
mod fair_vectors;
mod fairplay;
mod guards;
mod hints;
mod keep;
mod limits;
mod modules;
mod nodes;
mod openapi;
mod ops;
mod own_puzzles;
mod pairing;
mod pairload_player;
mod people;
mod presence;
mod profiles;
mod puzzle_runs;
mod puzzles;
mod refusal_words;
mod refused_writes;
mod restore;
mod seats;
mod session;
mod sockets;
mod tournament;
mod trust;
