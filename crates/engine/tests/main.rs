//! The crate's integration tests, one module per file, built as one
//! binary: one compile and one link instead of one per file, which
//! was most of CI's build time (each file linked the whole crate).
#![allow(clippy::unwrap_used)]

mod common;

mod behaviour;
mod chicken_foot;
mod house_rules;
mod layers;
mod line_games;
mod mexican_train;
mod properties;
mod spinner_games;
mod trains_properties;
mod wire;
