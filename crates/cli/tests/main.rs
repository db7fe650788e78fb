//! The crate's integration tests, one module per file, built as one
//! binary: one compile and one link instead of one per file, which
//! was most of CI's build time (each file linked the whole crate).
#![allow(clippy::unwrap_used)]

#[path = "../../server/tests/common/mod.rs"]
mod common;
mod serving;

mod analysis;
mod arena;
mod cluster;
mod commands;
mod crash;
mod engine;
mod play;
mod puzzles;
mod serve;
