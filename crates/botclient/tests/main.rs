//! The crate's integration tests, one module per file, built as one
//! binary: one compile and one link instead of one per file, which
//! was most of CI's build time (each file linked the whole crate).
#![allow(clippy::unwrap_used)]

mod common;

mod rated_match;
mod seat;
mod survives;
mod tls;
