//! Every message the server sends or reads, as a Rust type with serde
//! derives: what the sockets, the HTTP routes and the nodes say to each
//! other is written once, here, and the server, its examples and its
//! tests share it. Those the page reads also derive `ts_rs::TS` under the
//! `ts` feature (on only for `tests/page_types.rs`), which
//! writes them into web/types/; a field kept as a `Value` names its real
//! type there.
//!
//! [`refusal`] holds the codes a request is refused with and the HTTP
//! status each is answered with. The types the league computes (a hand's
//! reveal, the bot levels, a tournament's games and standings) are the
//! league's, named here again where a message carries them.
//!
//! This crate is a leaf: it names the engine's and the league's types,
//! never the server's, so any crate may use it (no axum, no tokio, no sqlx).

pub mod bots;
pub mod challenges;
pub mod coach;
pub mod fairplay;
pub mod history;
pub mod keep;
pub mod levels;
pub mod ops;
pub mod pool;
pub mod profile;
pub mod puzzles;
pub mod refusal;
pub mod relay;
pub mod seat;
pub mod socket;
pub mod strict;
pub mod table;
pub mod tokens;
pub mod tournament;
pub mod turns;
