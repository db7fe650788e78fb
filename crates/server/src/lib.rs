//! `domino serve`: play dominoes in the browser, with friends and bots.
//!
//! The layers, from the bottom: [`domino_store`] (SQLite or PostgreSQL: tables,
//! seats, the append-only action log, finished records), [`table`] (one task
//! per table owning the authoritative match and its bots), [`hub`] (the
//! tables of this process, restored from the store on start), [`app`] (one
//! service per feature, each feature a folder: [`pool`], [`challenges`],
//! [`tournament`], [`puzzles`], [`coach`], [`profiles`], [`bots`],
//! [`sheets`], [`turns`]) and [`web`] (the router and the pages, the one
//! shape of an HTTP answer, the WebSocket protocol of one connection, the
//! accept loop, health and metrics). [`limits`] holds what one client, one
//! address and the server may use, and the refusal counters, and [`quota`]
//! what one address may create over HTTP; [`expire`] deletes the score
//! sheets and tournaments nobody used.
//!
//! The pure rules beyond one match (fair deals, ratings, names,
//! tournaments, the pool's grouping, the coach's verdicts) are in
//! `domino_league`; every message on the wire, and the refusal codes with
//! their HTTP status, in `domino_protocol`.
//!
//! [`run`] serves on a listener until a shutdown future completes, so tests
//! start a real server on a loopback port.

pub mod app;
pub mod bearer;
pub mod bot_seats;
pub mod bots;
pub mod botstate;
pub mod challenges;
pub mod clock;
pub mod cluster;
pub mod coach;
pub mod creations;
pub mod expire;
pub mod fairplay;
pub mod fault;
pub mod finished;
pub mod hub;
pub mod limits;
pub mod pool;
pub mod profiles;
pub mod puzzles;
pub mod quota;
pub mod sheets;
pub mod table;
pub mod tables;
pub mod tournament;
pub mod turns;
pub mod web;
pub mod who;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;

/// How a server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// `sqlite://FILE`, `sqlite::memory:` or `postgres://...`.
    pub db: String,
    /// How long an absent player's seat waits before a bot plays it.
    pub grace: Duration,
    /// A pause before each bot move, so people can follow the play.
    pub bot_delay: Duration,
    /// The expert bot's budget per decision.
    pub bot_budget_ms: u64,
    /// The largest client message handled; longer ones get `too_large`.
    pub max_message: usize,
    /// The largest client message read at all: one longer is answered
    /// `too_large` and the socket closed (code 1009, with a reason).
    pub max_frame: usize,
    /// What one client, one address and the server may use.
    pub limits: Arc<limits::Limits>,
    /// Counters every part adds to (refusals, stored actions), shown by
    /// `/healthz`.
    pub stats: Arc<limits::Stats>,
    /// Latencies the tables measure, for `/metrics`.
    pub metrics: Arc<web::metrics::Metrics>,
    /// At shutdown, how long `/readyz` says 503 while games go on, so that
    /// the load balancer stops sending players before the sockets close.
    pub drain: Duration,
    /// This node's name in the table leases (PostgreSQL); empty: the host
    /// name and the port. A node restarted under its name takes its
    /// tables back at once; under another, once their leases run out.
    pub node: String,
    /// This run of the node's process, written in the leases beside its
    /// name; empty: a new random one each time [`run`] starts. A node
    /// restarted under its name is a new incarnation, so the other nodes
    /// see its tables change hands and attach their sockets there again
    /// (the new process knows none of the old one's).
    pub incarnation: String,
    /// How long a table's lease lasts without renewal: a dead node's
    /// tables are taken over this long after its last heartbeat (renewed
    /// every third of it).
    pub lease: Duration,
    /// The rated matches a player needs to appear on a leaderboard.
    pub leaderboard_min: u32,
    /// The address players reach the server at (`--public-url`): sign-in
    /// links point there, and it is the origin requests must come from.
    /// None: the request's own `Host` and scheme.
    pub public_url: Option<web::trust::PublicUrl>,
    /// The bearer token `/metrics` asks for; None: `/metrics` is off.
    pub metrics_token: Option<String>,
    /// The time the turn clocks and the pairing pool read: the wall
    /// clock, moved on by tests.
    pub time: clock::TimeSource,
    /// How often the hub looks for turn clocks that ran out (at parked
    /// tables too, without waking the others).
    pub clock_sweep: Duration,
    /// Whom bot accounts are paired with in the pool (`--bot-pairing`).
    pub bot_pairing: pool::Pairing,
    /// The tables a bot account may play at once (`--bot-tables`).
    pub bot_tables: usize,
    /// Tests only (the bot API guide's recorded session): every new table
    /// not given a secret of its own is dealt from this one, so its deals
    /// are known in advance. None, always in `domino serve`: each table
    /// draws a fresh secret.
    pub fixed_deals: Option<domino_league::fair::Secret>,
    /// Whether this node analyses rated matches for fair play (`--no-fairplay`
    /// turns it off; the matches wait for a node that does).
    pub fairplay: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            db: "sqlite://domino.db".into(),
            grace: Duration::from_secs(30),
            bot_delay: Duration::from_millis(700),
            bot_budget_ms: 300,
            max_message: 16 * 1024,
            max_frame: 1 << 20,
            limits: Arc::new(limits::Limits::default()),
            stats: Arc::new(limits::Stats::default()),
            metrics: Arc::new(web::metrics::Metrics::default()),
            drain: Duration::ZERO,
            node: String::new(),
            incarnation: String::new(),
            lease: Duration::from_secs(10),
            leaderboard_min: 5,
            public_url: None,
            metrics_token: None,
            time: clock::TimeSource::default(),
            clock_sweep: Duration::from_secs(1),
            bot_pairing: pool::Pairing::Any,
            bot_tables: 8,
            fixed_deals: None,
            fairplay: true,
        }
    }
}

impl Config {
    /// This node as the leases name it: its name, and this run's relay
    /// channel.
    pub fn holder(&self) -> domino_store::Holder {
        domino_store::Holder {
            node: self.node.clone(),
            channel: cluster::relay::wire::channel(&self.node, &self.incarnation),
        }
    }
}

/// Serve on `listener` until `shutdown` completes: connect to and migrate
/// the database, restore unfinished tables, then answer HTTP and WebSocket
/// clients. At shutdown `/readyz` says 503 for `config.drain`, then open
/// WebSockets are closed.
pub async fn run(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let mut config = config;
    if config.node.is_empty() {
        config.node = format!("{}:{}", host_name(), listener.local_addr()?.port());
    }
    if config.incarnation.is_empty() {
        config.incarnation = table::random_id(12);
    }
    let config = Arc::new(config);
    let store = domino_store::Store::connect_leasing(&config.db, config.lease).await?;
    let filled = store.fill_name_keys(profiles::stored_keys).await?;
    if filled > 0 {
        tracing::info!("gave {filled} profiles their look-alike name keys");
    }
    let levels: Vec<(String, &str)> = domino_bots::BOT_NAMES
        .iter()
        .map(|level| (domino_protocol::levels::bot_player(level), *level))
        .collect();
    store
        .bots()
        .add_builtin_bots(&levels, clock::now_ms())
        .await?;
    let rater = Arc::new(profiles::Ratings::new(store.profiles().clone()));
    let expiry = expire::Expiry {
        sheets: store.sheets().clone(),
        tournaments: store.tournaments().clone(),
        puzzles: store.puzzles().clone(),
        after: config.limits.expire_after,
    };
    let app = app::App::start(store, config.clone(), rater).await?;
    let hub = app.hub.clone();
    let restored = hub.restore().await?;
    tracing::info!(
        addr = %listener.local_addr()?,
        restored,
        node = %config.node,
        incarnation = %config.incarnation,
        "serving"
    );
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let router = web::router::router(app.clone(), stop_rx.clone());
    tokio::spawn(hub.clone().sweep(stop_rx.clone()));
    tokio::spawn(hub.clone().clocks(stop_rx.clone()));
    tokio::spawn(expire::sweep(expiry, stop_rx.clone()));
    // The router's services run the rounds too.
    tokio::spawn(tournament::run::drive(
        app.tournaments.clone(),
        stop_rx.clone(),
    ));
    tokio::spawn(pool::drive(app.pool.clone(), stop_rx.clone()));
    if config.fairplay {
        tokio::spawn(fairplay::drive(app.fairplay.clone(), stop_rx.clone()));
    }
    if hub.leased() {
        tokio::spawn(hub.clone().keep_leases(stop_rx.clone()));
    }
    let serving = web::listen::serve(
        listener,
        router,
        config.limits.clone(),
        app.stats.clone(),
        stop_rx,
    );
    tokio::pin!(serving);
    tokio::select! {
        _ = &mut serving => {}
        _ = shutdown => {
            hub.drain();
            if !config.drain.is_zero() {
                tracing::info!(drain_ms = config.drain.as_millis() as u64, "draining");
                tokio::select! {
                    _ = &mut serving => return Ok(()),
                    _ = tokio::time::sleep(config.drain) => {}
                }
            }
            let _ = stop_tx.send(true);
            serving.await;
        }
    }
    Ok(())
}

/// This machine's name, for the default node name.
fn host_name() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/proc/sys/kernel/hostname").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "node".into())
}
