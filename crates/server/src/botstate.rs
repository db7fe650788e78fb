//! What this node keeps in memory about bot accounts (docs/botapi.md): the
//! events sockets open here, the pending challenges (a minute at most), the
//! rate buckets of the tokens, and the revocation signal of each token's
//! open sockets. The hub holds it; `crate::bots` acts on it. It lives apart
//! from `bots` so that the hub, which every handler uses, imports nothing
//! that imports the hub.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use domino_engine::RulesSpec;
use tokio::sync::watch;
use tokio::time::Instant;

use crate::limits::Bucket;
use crate::table::{ConnId, Outbox};

use domino_protocol::bots::BotEvent;

/// An event as its socket sends it (a failure, which these plain values
/// never meet, is logged and the event dropped).
pub fn event_text(event: &BotEvent) -> Option<Arc<str>> {
    match serde_json::to_string(event) {
        Ok(t) => Some(t.into()),
        Err(e) => {
            tracing::error!("writing a bot event: {e}");
            None
        }
    }
}

/// A challenge, pending or answered.
#[derive(Clone, Debug)]
pub struct Challenge {
    pub id: String,
    /// `p:` and a profile id, or `g:` and a guest's browser id.
    pub player: String,
    pub from_id: String,
    pub from_name: String,
    pub from_profile: Option<String>,
    pub from_bot: bool,
    pub to: String,
    pub rules: RulesSpec,
    pub rated: bool,
    /// The table's clock, as checked (a rated challenge's default filled in).
    pub clock: domino_engine::TimeControl,
    pub fill: String,
    /// The challenger's seat token, given to them when they challenged.
    pub(crate) token: String,
    /// The address it was made from: its waiting challenges are limited
    /// too (a guest's id costs nothing to make).
    pub(crate) address: std::net::IpAddr,
    pub state: &'static str,
    pub table: Option<String>,
    pub reason: Option<String>,
    pub(crate) at: Instant,
}

/// The way a table's event reaches a bot's events sockets on the other
/// nodes (the relay, with several nodes).
pub trait Forward: Send + Sync + std::fmt::Debug {
    /// Send `text`, an event for bot account `profile`, to the other nodes.
    fn forward(&self, profile: &str, text: &str);
}

/// What this node keeps in memory about bot accounts.
#[derive(Debug, Default)]
pub struct Registry {
    inner: Mutex<Inner>,
    /// Unknown bearer tokens per address in the last minute
    /// (`crate::web::guard`).
    pub(crate) bad_tokens: crate::limits::Creators,
    /// The other nodes, once the relay runs (see [`Registry::tell_all_nodes`]).
    forward: std::sync::OnceLock<Box<dyn Forward>>,
}

#[derive(Debug, Default)]
pub(crate) struct Inner {
    /// The events sockets open here, by bot account.
    online: HashMap<String, Vec<(ConnId, Outbox)>>,
    /// Set to true when a token is revoked: every socket opened with it
    /// watches its own.
    revoked: HashMap<String, watch::Sender<bool>>,
    /// Each token's request rate.
    buckets: HashMap<String, Bucket>,
    pub(crate) challenges: HashMap<String, Challenge>,
}

impl Registry {
    pub(crate) fn lock(&self) -> MutexGuard<'_, Inner> {
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

    /// From now on, [`Registry::tell_all_nodes`] reaches the other nodes through
    /// `forward` too (set once, when the relay has started).
    pub fn forward_to(&self, forward: Box<dyn Forward>) {
        let _ = self.forward.set(forward);
    }

    /// Push an event to every events socket of `profile` here. Challenges
    /// go this way only: a challenge waits on the node its bot is online
    /// on, and is answered there.
    pub fn push(&self, profile: &str, event: &BotEvent) {
        if let Some(text) = event_text(event) {
            self.push_text(profile, &text);
        }
    }

    /// Push a table's event (`table`, `match_over`, `opponent_gone`,
    /// `opponent_back`) to `profile`'s events sockets here and on the other
    /// nodes: a bot's events socket need not be on the node that runs its
    /// table or paired its seek.
    pub fn tell_all_nodes(&self, profile: &str, event: &BotEvent) {
        let Some(text) = event_text(event) else {
            return;
        };
        self.push_text(profile, &text);
        if let Some(forward) = self.forward.get() {
            forward.forward(profile, &text);
        }
    }

    /// Push an event's text to every events socket of `profile` here. A
    /// socket whose queue is full is a bot that does not read: it is
    /// closed, as a table closes a page that cannot keep up, and gets its
    /// tables and challenges again when it reconnects.
    pub fn push_text(&self, profile: &str, text: &Arc<str>) {
        let inner = self.lock();
        for (_, out) in inner.online.get(profile).into_iter().flatten() {
            if out.tx.try_send(text.clone()).is_err() {
                out.kick.notify_one();
            }
        }
    }
}

impl crate::table::TellBots for Registry {
    fn tell(&self, profile: &str, event: &BotEvent) {
        self.tell_all_nodes(profile, event);
    }
}
