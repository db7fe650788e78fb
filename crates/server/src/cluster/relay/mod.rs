//! Players on any node reach any table: the relay carries a socket's
//! requests to the node that owns its table and that table's messages back,
//! through PostgreSQL's LISTEN/NOTIFY (no other link between nodes).
//!
//! Each node listens on its own channel (a hash of its `--node` name and
//! this run of its process, [`wire::channel`]). A socket on a node that does not own its table talks
//! to a [`remote`] proxy there, which looks to the socket like the table
//! itself; the proxy sends the requests to the owner, where [`served`]
//! attaches each remote socket to the table as if it were local, with an
//! outbox whose messages (each built from that socket's own seat view, as
//! for any socket) go back on the socket's node's channel. A socket on the
//! owner never goes through here. When a table changes owner (the owner
//! died and another took its lease), the proxies attach their sockets to
//! the new owner, under the seat tokens they hold; so they do when the owner
//! was restarted under its name (a new run, which knows none of them).
//!
//! Messages to one node leave in order from one task per destination,
//! several per notification when they come together, and all the
//! notifications waiting for one node in one statement.

pub mod remote;
pub mod served;
pub mod wire;

use std::collections::{HashMap, HashSet};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;
use sqlx::postgres::{PgConnectOptions, PgListener, PgPool, PgPoolOptions};
use tokio::sync::{mpsc, oneshot};

use futures_util::future::BoxFuture;

use crate::table::{ConnId, Handle, Outbox, Refusal, RematchPlan};
use crate::Config;
use domino_protocol::relay::{Answer, Item, Request};
use domino_store::Holder;

/// This node's own tables as the relay reaches them: it serves them to
/// sockets on other nodes and makes the rematches of those it serves. The
/// hub implements it, so that the relay (which the hub holds) need not
/// name the hub: the two import each other no more.
pub trait Local: Send + Sync + 'static {
    /// Table `id`, when it runs here (woken if it sleeps).
    fn table<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Option<Handle>>;

    /// Make the rematch a table's `answer` plans (or pass on the id of the
    /// one already made).
    fn follow_rematch<'a>(
        &'a self,
        h: &'a Handle,
        answer: Result<String, Box<RematchPlan>>,
    ) -> BoxFuture<'a, Result<String, Refusal>>;

    /// Close the sockets opened here with the bot token `token` (its id),
    /// revoked on another node.
    fn revoke_token(&self, token: &str);

    /// Push `text`, an event another node wrote for bot account `profile`,
    /// to its events sockets here.
    fn bot_event(&self, profile: &str, text: &str);
}

/// The local tables as the relay's tasks hold them.
pub type Tables = Arc<dyn Local>;

/// How long a request to another node waits for its answer: longer than
/// any table takes to answer, short enough that a player whose table's
/// node died hears it and tries again.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(5);

/// The most items one statement takes from a destination's queue.
const BATCH: usize = 2048;

/// Connections for sending: one statement at a time per destination, so
/// this many destinations are sent to at once.
const SENDING_CONNECTIONS: u32 = 4;

/// Send `payloads` to `channel` in one statement: one round trip, one
/// transaction, whose notifications arrive together and in this order
/// (each payload differs from the others, since PostgreSQL delivers only
/// one of identical notifications sent in one transaction; [`wire::pack`]
/// numbers them).
async fn notify_all(
    pool: &PgPool,
    channel: &str,
    payloads: Vec<String>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS u(p, i) ORDER BY i",
    )
    .bind(channel)
    .bind(payloads)
    .execute(pool)
    .await?;
    Ok(())
}

/// A request sent to another node, waiting for its answer.
#[derive(Debug)]
pub struct Asked {
    relay: Arc<Relay>,
    q: u64,
    rx: oneshot::Receiver<Answer>,
}

impl Asked {
    /// The answer; `Err(true)` when the request was given up because its
    /// table moved to another node, `Err(false)` when no answer came in
    /// time (the node is gone or slow).
    pub async fn answer(self) -> Result<Answer, bool> {
        let r = tokio::time::timeout(ANSWER_WITHIN, self.rx).await;
        if let Ok(mut p) = self.relay.pending.lock() {
            p.remove(&self.q);
        }
        match r {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(_)) => Err(true),
            Err(_) => {
                self.relay
                    .counts
                    .requests_timed_out
                    .fetch_add(1, Ordering::Relaxed);
                Err(false)
            }
        }
    }
}

/// This node's end of the relay.
#[derive(Debug)]
pub struct Relay {
    /// This node's channel.
    pub me: String,
    /// This node's run as the leases name it.
    holder: Holder,
    /// The store's leases: who holds a table, which runs listen, and the
    /// tables other nodes hold as a lobby shows them.
    leases: domino_store::Leases,
    /// The connections notifications leave on (not the store's, so that
    /// the tables' writes and the relay do not wait for each other).
    sending: PgPool,
    /// The sending task of each destination channel.
    queues: Mutex<HashMap<String, mpsc::UnboundedSender<Item>>>,
    /// Requests sent to other nodes, waiting for their answers.
    pending: Mutex<HashMap<u64, oneshot::Sender<Answer>>>,
    next_req: AtomicU64,
    /// Sockets here attached to other nodes' tables: where their messages go.
    routes: Mutex<HashMap<ConnId, Outbox>>,
    /// Remote sockets attached to this node's tables, by their node's
    /// channel and their id there.
    served: Mutex<HashMap<(String, u64), served::Serving>>,
    /// Nodes whose remote sockets were here but that were not listening at
    /// the last look.
    suspects: Mutex<HashSet<String>>,
    /// The channels nodes listened on at the last look.
    live: Mutex<HashSet<String>>,
    /// Bot accounts' events for the other nodes, in order (see
    /// [`Relay::bot_event`]).
    bot_events: mpsc::UnboundedSender<(String, String)>,
    /// The proxies of other nodes' tables, by table.
    proxies: Mutex<HashMap<String, remote::Proxy>>,
    /// Notifications and items sent and received, for `/metrics`.
    pub counts: Counts,
}

/// What the relay did, for `/metrics`.
#[derive(Debug, Default)]
pub struct Counts {
    pub notifications_sent: AtomicU64,
    pub statements_sent: AtomicU64,
    pub notifications_received: AtomicU64,
    pub items_sent: AtomicU64,
    pub items_received: AtomicU64,
    pub requests_timed_out: AtomicU64,
}

impl Relay {
    /// Listen on this node's channel and start answering; the listener's
    /// connection is named after the channel, so that other nodes see in
    /// `pg_stat_activity` which nodes are up.
    pub async fn start(
        config: &Config,
        leases: domino_store::Leases,
        local: Tables,
    ) -> anyhow::Result<Arc<Relay>> {
        let holder = config.holder();
        let me = holder.channel.clone();
        let opts = PgConnectOptions::from_str(&config.db)?.application_name(&me);
        let pool = PgPoolOptions::new()
            .max_connections(1)
            .connect_with(opts)
            .await?;
        let mut listener = PgListener::connect_with(&pool).await?;
        listener.listen(&me).await?;
        let sending = PgPoolOptions::new()
            .max_connections(SENDING_CONNECTIONS)
            .connect_with(PgConnectOptions::from_str(&config.db)?)
            .await?;
        let (bot_events, bot_rx) = mpsc::unbounded_channel();
        let relay = Arc::new(Relay {
            me,
            holder,
            leases,
            sending,
            queues: Mutex::new(HashMap::new()),
            pending: Mutex::new(HashMap::new()),
            next_req: AtomicU64::new(1),
            routes: Mutex::new(HashMap::new()),
            served: Mutex::new(HashMap::new()),
            suspects: Mutex::new(HashSet::new()),
            live: Mutex::new(HashSet::new()),
            bot_events,
            proxies: Mutex::new(HashMap::new()),
            counts: Counts::default(),
        });
        tokio::spawn(listen(local, relay.clone(), listener, pool));
        tokio::spawn(forward_bot_events(Arc::downgrade(&relay), bot_rx));
        Ok(relay)
    }

    /// Queue `item` for the node listening on `to`.
    pub fn send(self: &Arc<Relay>, to: &str, item: Item) {
        let Ok(mut q) = self.queues.lock() else {
            return;
        };
        if let Some(tx) = q.get(to) {
            let _ = tx.send(item);
            return;
        }
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(self.clone().sender(to.to_string(), rx));
        let _ = tx.send(item);
        q.insert(to.to_string(), tx);
    }

    /// Send to `to` whatever is queued for it, in order: everything that
    /// waited while the last statement ran goes in the next one (as few
    /// notifications as it fits in, all in one statement), so a busy
    /// destination costs fewer round trips, not a longer queue.
    async fn sender(self: Arc<Relay>, to: String, mut rx: mpsc::UnboundedReceiver<Item>) {
        let mut next_id = 0;
        while let Some(first) = rx.recv().await {
            let mut items = vec![first];
            while items.len() < BATCH {
                match rx.try_recv() {
                    Ok(i) => items.push(i),
                    Err(_) => break,
                }
            }
            self.counts
                .items_sent
                .fetch_add(items.len() as u64, Ordering::Relaxed);
            let payloads = wire::pack(&self.me, &items, &mut next_id);
            self.counts
                .notifications_sent
                .fetch_add(payloads.len() as u64, Ordering::Relaxed);
            self.counts.statements_sent.fetch_add(1, Ordering::Relaxed);
            if let Err(e) = notify_all(&self.sending, &to, payloads).await {
                tracing::warn!(to = %to, "relay: {e}");
            }
        }
    }

    /// Queue socket `conn`'s request for `table` at `to` now (so that it
    /// leaves in order with what this node sends it next); its answer
    /// comes on the receiver.
    pub fn request(self: &Arc<Relay>, to: &str, table: &str, conn: ConnId, cmd: Request) -> Asked {
        let q = self.next_req.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        if let Ok(mut p) = self.pending.lock() {
            p.insert(q, tx);
        }
        let item = Item::Cmd {
            t: table.to_string(),
            c: conn,
            q: Some(q),
            cmd,
        };
        self.send(to, item);
        Asked {
            relay: self.clone(),
            q,
            rx,
        }
    }

    pub(crate) fn route(&self, conn: ConnId, out: Outbox) {
        if let Ok(mut r) = self.routes.lock() {
            r.insert(conn, out);
        }
    }

    pub(crate) fn unroute(&self, conn: ConnId) {
        if let Ok(mut r) = self.routes.lock() {
            r.remove(&conn);
        }
    }

    /// Sockets here attached to other nodes' tables.
    pub fn remote_sockets(&self) -> usize {
        self.routes.lock().map(|r| r.len()).unwrap_or(0)
    }

    /// Sockets of other nodes attached to this node's tables.
    pub fn served_sockets(&self) -> usize {
        self.served.lock().map(|s| s.len()).unwrap_or(0)
    }

    /// One item from another node (one this node does not read is
    /// logged and dropped: a newer node's, say).
    fn receive(self: &Arc<Relay>, local: &Tables, from: &str, item: Value) {
        let item: Item = match serde_json::from_value(item) {
            Ok(item) => item,
            Err(e) => {
                tracing::debug!(from = %from, "relay: an item this node does not read: {e}");
                return;
            }
        };
        match item {
            Item::Msg { c, m } => {
                let out = self.routes.lock().ok().and_then(|r| r.get(&c).cloned());
                if let Some(out) = out {
                    if out.tx.try_send(Arc::from(m)).is_err() {
                        // Like a local socket that cannot keep up.
                        out.kick.notify_one();
                    }
                }
            }
            Item::Kick { c } => {
                if let Some(out) = self.routes.lock().ok().and_then(|r| r.get(&c).cloned()) {
                    out.kick.notify_one();
                }
            }
            Item::Rep { q, r } => {
                let waiting = self.pending.lock().ok().and_then(|mut p| p.remove(&q));
                if let Some(tx) = waiting {
                    let _ = tx.send(r);
                }
            }
            Item::Cmd { t, c, q, cmd } => served::receive(local, self, from, &t, c, (q, cmd)),
            Item::Revoked { token } => local.revoke_token(&token),
            Item::BotEvent { p, m } => local.bot_event(&p, &m),
        }
    }

    /// Tell every other node up now that the bot token `token` (its id)
    /// was revoked, so that each closes the sockets opened with it.
    pub async fn revoked(self: &Arc<Relay>, token: &str) {
        let live = match self.leases.live_channels().await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!("relay: telling the nodes of a revoked token: {e}");
                return;
            }
        };
        for to in live.iter().filter(|c| **c != self.me) {
            let token = token.to_string();
            self.send(to, Item::Revoked { token });
        }
    }

    /// Send an event for bot account `profile` to every other node up,
    /// whose events sockets of that bot get it; events leave in the order
    /// they were told.
    pub fn bot_event(&self, profile: &str, text: &str) {
        let _ = self
            .bot_events
            .send((profile.to_string(), text.to_string()));
    }

    /// On each heartbeat: let go of remote sockets whose node is down, and
    /// move the proxies of tables that changed owner to the new one.
    pub async fn beat(self: &Arc<Relay>) -> Result<(), sqlx::Error> {
        let live: HashSet<String> = self.leases.live_channels().await?.into_iter().collect();
        served::drop_dead(self, &live);
        if let Ok(mut l) = self.live.lock() {
            *l = live;
        }
        remote::follow(self).await
    }

    /// Whether the node listening on `channel` is up: its listening
    /// connection is open (a killed node's closes at once). Asked again
    /// when the last look did not see it (a node started since).
    pub async fn is_live(&self, channel: &str) -> bool {
        if self.live.lock().is_ok_and(|l| l.contains(channel)) {
            return true;
        }
        match self.leases.live_channels().await {
            Ok(live) => {
                let up = live.iter().any(|c| c == channel);
                if let Ok(mut l) = self.live.lock() {
                    *l = live.into_iter().collect();
                }
                up
            }
            // Not known: let the request try.
            Err(_) => true,
        }
    }

    /// Give up waiting for the answers to requests `qs` (their node is
    /// gone): their askers hear at once that the table's node does not
    /// answer.
    pub(crate) fn abandon(&self, qs: &[u64]) {
        if let Ok(mut p) = self.pending.lock() {
            for q in qs {
                p.remove(q);
            }
        }
    }

    /// Whether request `q` still waits for its answer.
    pub(crate) fn waiting(&self, q: u64) -> bool {
        self.pending.lock().is_ok_and(|p| p.contains_key(&q))
    }
}

/// Read this node's channel until the process ends.
async fn listen(local: Tables, relay: Arc<Relay>, mut listener: PgListener, _pool: sqlx::PgPool) {
    let mut joiner = wire::Joiner::default();
    loop {
        match listener.try_recv().await {
            Ok(Some(n)) => {
                relay
                    .counts
                    .notifications_received
                    .fetch_add(1, Ordering::Relaxed);
                if let Some((from, items)) = joiner.take(n.payload()) {
                    relay
                        .counts
                        .items_received
                        .fetch_add(items.len() as u64, Ordering::Relaxed);
                    for item in items {
                        relay.receive(&local, &from, item);
                    }
                }
            }
            // The connection was lost; the next call reconnects (what
            // came meanwhile is lost: its requests time out and are tried
            // again).
            Ok(None) => tracing::warn!("relay: the listening connection was lost"),
            Err(e) => {
                tracing::warn!("relay: {e}");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
}

/// Send the bot accounts' events to the other nodes, in order: the nodes
/// up are read for each batch of events waiting (not from the last
/// heartbeat's list, which misses a node started since).
async fn forward_bot_events(
    relay: std::sync::Weak<Relay>,
    mut rx: mpsc::UnboundedReceiver<(String, String)>,
) {
    while let Some(first) = rx.recv().await {
        let mut batch = vec![first];
        while let Ok(more) = rx.try_recv() {
            batch.push(more);
        }
        let Some(relay) = relay.upgrade() else {
            return;
        };
        let live = match relay.leases.live_channels().await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!("relay: telling the nodes of bot events: {e}");
                continue;
            }
        };
        for to in live.iter().filter(|c| **c != relay.me) {
            for (p, m) in &batch {
                let item = Item::BotEvent {
                    p: p.clone(),
                    m: m.clone(),
                };
                relay.send(to, item);
            }
        }
    }
}

/// The relay as the bot registry's way to the other nodes (held weakly:
/// the relay holds the hub, which holds the registry).
#[derive(Debug)]
pub struct BotForward(pub std::sync::Weak<Relay>);

impl crate::botstate::Forward for BotForward {
    fn forward(&self, profile: &str, text: &str) {
        if let Some(relay) = self.0.upgrade() {
            relay.bot_event(profile, text);
        }
    }
}
