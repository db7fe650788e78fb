//! Bot accounts (docs/botapi.md): a profile that became a bot, its API
//! tokens, its events socket (tables it was seated at, challenges to it)
//! and challenges from people and bots. The bearer authentication is
//! `crate::bearer`, what a node keeps in memory `crate::botstate`, and
//! the pool's `opponents`, the server's bot pairing policy and the table
//! cap `crate::pairing::bots`: the hub, the profiles and the pool use
//! those without importing this module, which uses them.
//!
//! What lives only in this node's memory is in [`Registry`]: the events
//! sockets open here, the pending challenges (a minute at most), the rate
//! buckets of the tokens, and the revocation signal of each token's open
//! sockets. Accounts, tokens and bot seats are stored ([`domino_store::bots`]).

pub mod accounts;
pub mod challenges;
pub mod docs;
pub mod events;

pub use crate::bearer::BotAuth;
pub use crate::botstate::Registry;
pub use crate::pairing::bots::{Opponents, Pairing};

/// Live tokens a bot account may hold.
pub const MAX_TOKENS: usize = 10;
