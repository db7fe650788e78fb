//! Bot accounts (docs/botapi.md): a profile that became a bot, its API
//! tokens, its events socket (tables it was seated at, challenges to it)
//! and challenges from people and bots (`crate::challenges`, a room of
//! its own). The bearer authentication is
//! `crate::bearer`, what a node keeps in memory `crate::botstate`, the
//! pool's `opponents` and the server's bot pairing policy
//! `crate::pool::passes`, and a bot's seats with their cap
//! `crate::bot_seats`, which the pool and the challenges both ask.
//!
//! What lives only in this node's memory is in [`Registry`]: the events
//! sockets open here, the pending challenges (a minute at most), the rate
//! buckets of the tokens, and the revocation signal of each token's open
//! sockets. Accounts, tokens and bot seats are stored ([`domino_store::bots`]).

pub mod accounts;
pub mod docs;
pub mod events;

pub use crate::bearer::BotAuth;
pub use crate::botstate::Registry;
pub use crate::pool::{Opponents, Pairing};

/// Live tokens a bot account may hold.
pub const MAX_TOKENS: usize = 10;
