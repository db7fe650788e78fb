//! Every message the server sends or reads, as a Rust type with serde
//! derives: what the sockets, the HTTP routes and the nodes say to each
//! other is written once, here, and the server, its examples and its
//! tests share it. Those the page reads also derive `ts_rs::TS` under the
//! `ts` feature (on only for `tests/page_types.rs`), which writes them into
//! web/types/; a field kept as a `Value` names its real type there.
//!
//! This module is a leaf: it names the engine's types and the refusals,
//! never the server's tasks, so any area may import it.

pub mod bots;
pub mod history;
pub mod keep;
pub mod levels;
pub mod ops;
pub mod profile;
pub mod relay;
pub mod seat;
pub mod socket;
pub mod table;
pub mod tournament;
