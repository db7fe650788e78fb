//! Bot accounts (docs/botapi.md): a profile that became a bot, its API
//! tokens, the bearer authentication they give on HTTP and `/ws`, its
//! events socket (tables it was seated at, challenges to it), challenges
//! from people and bots, the pool's `opponents` and the server's bot
//! pairing policy, and the per-token limits.
//!
//! What lives only in this node's memory is in [`Registry`]: the events
//! sockets open here, the pending challenges (a minute at most), the rate
//! buckets of the tokens, and the revocation signal of each token's open
//! sockets. Accounts, tokens and bot seats are stored ([`crate::store::bots`]).

pub mod accounts;
pub mod auth;
pub mod challenges;
pub mod events;
pub mod pool;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::watch;

use axum::http::StatusCode;

use crate::answer::HttpRefusal;
use crate::hub::Hub;
use crate::limits::Bucket;
use crate::refusal::Code;
use crate::table::{ConnId, Outbox};

pub use auth::BotAuth;
pub use pool::{Opponents, Pairing};

/// Live tokens a bot account may hold.
pub const MAX_TOKENS: usize = 10;

/// What this node keeps in memory about bot accounts.
#[derive(Debug, Default)]
pub struct Registry {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    /// The events sockets open here, by bot account.
    online: HashMap<String, Vec<(ConnId, Outbox)>>,
    /// Set to true when a token is revoked: every socket opened with it
    /// watches its own.
    revoked: HashMap<String, watch::Sender<bool>>,
    /// Each token's request rate.
    buckets: HashMap<String, Bucket>,
    pub(crate) challenges: HashMap<String, challenges::Challenge>,
}

impl Registry {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic elsewhere while holding it leaves the maps usable.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Take one request of `token`'s rate (`rate` a second, `burst`
    /// above it); false when over it.
    pub fn take(&self, token: &str, rate: u32, burst: u32) -> bool {
        self.lock()
            .buckets
            .entry(token.to_string())
            .or_insert_with(|| Bucket::new(rate, burst))
            .take()
    }

    /// A signal that turns true when `token` is revoked.
    pub fn watch_token(&self, token: &str) -> watch::Receiver<bool> {
        self.lock()
            .revoked
            .entry(token.to_string())
            .or_insert_with(|| watch::channel(false).0)
            .subscribe()
    }

    /// Close every socket opened with `token` here.
    pub fn revoke(&self, token: &str) {
        let mut inner = self.lock();
        if let Some(tx) = inner.revoked.remove(token) {
            let _ = tx.send(true);
        }
        inner.buckets.remove(token);
    }

    /// A bot's events socket opened.
    pub fn online(&self, profile: &str, conn: ConnId, out: Outbox) {
        self.lock()
            .online
            .entry(profile.to_string())
            .or_default()
            .push((conn, out));
    }

    /// A bot's events socket closed.
    pub fn offline(&self, profile: &str, conn: ConnId) {
        let mut inner = self.lock();
        if let Some(list) = inner.online.get_mut(profile) {
            list.retain(|(c, _)| *c != conn);
            if list.is_empty() {
                inner.online.remove(profile);
            }
        }
    }

    pub fn is_online(&self, profile: &str) -> bool {
        self.lock().online.contains_key(profile)
    }

    /// The bot accounts with an events socket here.
    pub fn online_bots(&self) -> Vec<String> {
        let mut ids: Vec<String> = self.lock().online.keys().cloned().collect();
        ids.sort();
        ids
    }

    /// Push an event to every events socket of `profile`. A socket whose
    /// queue is full is a bot that does not read: it is closed, as a table
    /// closes a page that cannot keep up, and gets its tables and
    /// challenges again when it reconnects.
    pub fn push(&self, profile: &str, event: &serde_json::Value) {
        let text: Arc<str> = event.to_string().into();
        let inner = self.lock();
        for (_, out) in inner.online.get(profile).into_iter().flatten() {
            if out.tx.try_send(text.clone()).is_err() {
                out.kick.notify_one();
            }
        }
    }
}

/// A bot account at as many unfinished tables as it may (`--bot-tables`)
/// is refused another: `429 too_many_tables`.
pub async fn limit_tables(hub: &Hub, profile: &str) -> Result<(), HttpRefusal> {
    let cap = hub.config.bot_tables;
    if hub.store.playing_bot_seats(profile).await?.len() >= cap {
        return Err(HttpRefusal::new(
            StatusCode::TOO_MANY_REQUESTS,
            Code::TooManyTables,
            format!("a bot account plays at most {cap} tables at once: finish one first"),
        ));
    }
    Ok(())
}
