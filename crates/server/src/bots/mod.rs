//! Bot accounts (docs/botapi.md), the feature's room: a profile that
//! became a bot, its API tokens, its events socket (tables it was seated
//! at, challenges to it) and the list of bots to play. The service
//! [`BotAccounts`] holds their rules once (who may become a bot, a
//! token's name, how many tokens); `api.rs` is the HTTP adapters.
//!
//! Beside it: the bearer authentication is `crate::bearer`, what a node
//! keeps in memory `crate::botstate` ([`Registry`]: the events sockets
//! open here, the pending challenges, the tokens' rate buckets and
//! revocation signals), a bot's seats and their cap `crate::bot_seats`,
//! the challenges `crate::challenges` and the pool's bot policy
//! `crate::pool::passes`. Accounts, tokens and bot seats are stored
//! ([`domino_store::bots`]).
//!
//! - `accounts.rs`: becoming a bot account, its tokens, the bots to play.
//! - `events.rs`: an events socket subscribed, and what it is told first.

mod accounts;
pub mod api;
mod events;

use std::sync::Arc;

use crate::cluster::relay::Relay;
use crate::fault::failed;

pub use crate::bearer::BotAuth;
pub use crate::botstate::Registry;
pub use api::routes;

/// Live tokens a bot account may hold.
pub const MAX_TOKENS: usize = 10;
/// The longest token name, in characters.
const NAME_CHARS: usize = 60;

/// The bot accounts' service: the store's accounts, tokens and seats,
/// its profiles (a bot's name, its ratings), this node's registry, and
/// the relay that tells other nodes of a revoked token.
#[derive(Clone, Debug)]
pub struct BotAccounts {
    bots: domino_store::BotAccounts,
    profiles: domino_store::Profiles,
    registry: Arc<Registry>,
    relay: Option<Arc<Relay>>,
}

impl BotAccounts {
    pub fn new(
        bots: domino_store::BotAccounts,
        profiles: domino_store::Profiles,
        registry: Arc<Registry>,
        relay: Option<Arc<Relay>>,
    ) -> BotAccounts {
        BotAccounts {
            bots,
            profiles,
            registry,
            relay,
        }
    }
}
