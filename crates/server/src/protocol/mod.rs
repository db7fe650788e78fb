//! Every message the server sends or reads, as a Rust type with serde
//! derives: what the sockets, the HTTP routes and the nodes say to each
//! other is written once, here, and the server, its examples and its
//! tests share it. The types are plain serde (no generator's attributes),
//! so that a generator for the page's types can be pointed at them.
//!
//! This module is a leaf: it names the engine's types and the refusals,
//! never the server's tasks, so any area may import it.

pub mod history;
pub mod keep;
pub mod ops;
pub mod profile;
pub mod relay;
pub mod seat;
pub mod socket;
pub mod table;
pub mod tournament;
