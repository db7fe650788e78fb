//! `domino serve`: the browser game server (see the `domino_server` crate).

use std::time::Duration;

use anyhow::Context;

/// The expert's budget per move at `domino serve`'s tables unless told
/// otherwise (and the budget `domino ladder` measures the levels at).
pub const TABLE_BUDGET_MS: u64 = 300;

/// Options of `domino serve`.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// Database: sqlite://FILE (created on first run) or postgres://...
    #[arg(long, default_value = "sqlite://domino.db")]
    db: String,
    /// Seconds an absent player's seat waits before a bot plays it.
    #[arg(long, default_value_t = 30)]
    grace_secs: u64,
    /// Milliseconds a bot waits before each move, so people can follow.
    #[arg(long, default_value_t = 700)]
    bot_delay_ms: u64,
    /// The expert bot's time budget per move, in milliseconds
    /// (`--bot-budget-ms` still works).
    #[arg(long = "budget-ms", alias = "bot-budget-ms", default_value_t = TABLE_BUDGET_MS)]
    bot_budget_ms: u64,
    /// At shutdown (Ctrl-C or SIGTERM), answer 503 on /readyz for this
    /// long while games go on, so a load balancer stops sending players
    /// here before the sockets close (e.g. 10s; none by default).
    #[arg(long)]
    drain: Option<Span>,
    /// This node's name in the table leases, when several nodes share one
    /// PostgreSQL database (default: host name and port). Restarted under
    /// the same name, a node takes its tables back at once.
    #[arg(long, default_value = "")]
    node: String,
    /// How long a table's lease lasts without renewal (PostgreSQL): a
    /// dead node's tables are taken over by another this long after its
    /// last heartbeat.
    #[arg(long, default_value = "10s")]
    lease: Span,
    /// The rated matches a player needs to appear on a game's leaderboard.
    #[arg(long, default_value_t = 5)]
    leaderboard_min: u32,
    /// Whom bot accounts are paired with in the pool: any (whoever admits
    /// bots), bots (bots only) or off (bot accounts may not seek; they
    /// still take challenges).
    #[arg(long, env = "DOMINO_BOT_PAIRING", default_value = "any",
          value_parser = domino_server::pool::Pairing::parse)]
    bot_pairing: domino_server::pool::Pairing,
    /// The tables one bot account may play at once.
    #[arg(long, default_value_t = 8)]
    bot_tables: usize,
    /// Do not analyse rated matches for fair play on this node (they wait
    /// in the database for a node that does; docs/fairplay.md).
    #[arg(long)]
    no_fairplay: bool,
    /// The address players open, e.g. https://domino.example.org: sign-in
    /// links point there, the profile cookie is Secure when it is https,
    /// and requests from pages elsewhere are refused. Give it behind a
    /// proxy (default: the request's Host, and https only when
    /// --behind-proxy and the proxy's X-Forwarded-Proto say so).
    #[arg(long, value_parser = domino_server::web::trust::PublicUrl::parse)]
    public_url: Option<domino_server::web::trust::PublicUrl>,
    /// The bearer token /metrics asks for (Authorization: Bearer TOKEN);
    /// without one, /metrics is off. Best given in the environment, which
    /// other local users cannot read as they can a command line.
    #[arg(long, env = "DOMINO_METRICS_TOKEN", hide_env_values = true)]
    metrics_token: Option<String>,
    #[command(flatten)]
    limits: LimitArgs,
}

/// The limits on what one client, one address and the server may use
/// (docs/server.md). Durations are a number and a unit: 500ms, 10s, 5m,
/// 2h, 7d.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = "Limits")]
pub struct LimitArgs {
    /// Unfinished tables one connection may have created.
    #[arg(long, default_value_t = D.tables_per_client)]
    max_tables_per_client: usize,
    /// Unfinished tables created from one address.
    #[arg(long, default_value_t = D.tables_per_address)]
    max_tables_per_address: usize,
    /// Tables one address may create in a minute.
    #[arg(long, default_value_t = D.creates_per_minute)]
    max_creates_per_minute: u32,
    /// Messages a connection may send per second on average ...
    #[arg(long, default_value_t = D.messages_per_second)]
    max_messages_per_second: u32,
    /// ... and in a burst.
    #[arg(long, default_value_t = D.message_burst)]
    message_burst: u32,
    /// Game connections (WebSockets) open from one address.
    #[arg(long, default_value_t = D.sockets_per_address)]
    max_sockets_per_address: usize,
    /// Game connections open in all.
    #[arg(long, default_value_t = D.sockets)]
    max_sockets: usize,
    /// HTTP connections open from one address (before any upgrade).
    #[arg(long, default_value_t = D.connections_per_address)]
    max_connections_per_address: usize,
    /// HTTP connections open in all. The server needs about this many file
    /// descriptors plus --max-sockets.
    #[arg(long, default_value_t = D.connections)]
    max_connections: usize,
    /// Time to send a request's headers, and the longest an HTTP
    /// connection may idle between requests.
    #[arg(long, default_value_t = Span(D.header_timeout))]
    header_timeout: Span,
    /// How often game connections are pinged.
    #[arg(long, default_value_t = Span(D.ping_every))]
    ping_every: Span,
    /// A game connection silent this long (no pong either) is closed.
    #[arg(long, default_value_t = Span(D.dead_after))]
    dead_after: Span,
    /// A game connection that has not created, joined or watched a table
    /// within this is closed.
    #[arg(long, default_value_t = Span(D.join_timeout))]
    join_timeout: Span,
    /// Characters in a chat line.
    #[arg(long, default_value_t = D.chat_chars)]
    chat_chars: usize,
    /// Chat lines a player may say in ten seconds.
    #[arg(long, default_value_t = D.chat_lines)]
    chat_lines: usize,
    /// Characters in a display name.
    #[arg(long, default_value_t = D.name_chars)]
    name_chars: usize,
    /// A table nobody is connected to (no player, no watcher) stops its
    /// bots after this, until someone comes back.
    #[arg(long, default_value_t = Span(D.park_after))]
    park_after: Span,
    /// A table where nothing was played for this long is closed as
    /// abandoned (kept in the history).
    #[arg(long, default_value_t = Span(D.abandon_after))]
    abandon_after: Span,
    /// Score sheets one address may create in an hour.
    #[arg(long, default_value_t = D.sheets_per_hour)]
    max_sheets_per_hour: u32,
    /// Tournaments one address may create in an hour.
    #[arg(long, default_value_t = D.tournaments_per_hour)]
    max_tournaments_per_hour: u32,
    /// Tournaments one organiser (address) may have waiting to start.
    #[arg(long, default_value_t = D.open_tournaments_per_organiser)]
    max_open_tournaments: usize,
    /// Seeks ("Play now with people") waiting from one address at once.
    #[arg(long, default_value_t = D.seeks_per_address)]
    max_seeks_per_address: usize,
    /// Tournament entries (joins, and the organiser's bot calls) one
    /// address may make in an hour.
    #[arg(long, default_value_t = D.entries_per_hour)]
    max_entries_per_hour: u32,
    /// Profiles one address may create in an hour.
    #[arg(long, default_value_t = D.profiles_per_hour)]
    max_profiles_per_hour: u32,
    /// One-time sign-in links one address may make or use in an hour.
    #[arg(long, default_value_t = D.links_per_hour)]
    max_links_per_hour: u32,
    /// Requests a second one bot API token may make (HTTP and socket
    /// messages together).
    #[arg(long, default_value_t = D.bot_token_rate)]
    max_bot_token_rate: u32,
    /// The burst a bot API token may make above its rate.
    #[arg(long, default_value_t = D.bot_token_burst)]
    max_bot_token_burst: u32,
    /// Unknown API tokens one address may send in a minute; past it, its
    /// bearer requests are refused (429) until the minute passes.
    #[arg(long, default_value_t = D.bad_tokens_per_minute)]
    max_bad_tokens_per_minute: u32,
    /// A score sheet with no hand entered, and a tournament never started
    /// that nobody entered, are deleted once this old.
    #[arg(long, default_value_t = Span(D.expire_after))]
    expire_after: Span,
    /// Behind our own reverse proxy: the client's address is the last
    /// X-Forwarded-For entry, X-Forwarded-Proto says whether the browser
    /// came over HTTPS, and only the total connection limit applies to the
    /// proxy's connections.
    #[arg(long)]
    behind_proxy: bool,
}

/// The limits' defaults, in one place (the server's table).
const D: domino_server::limits::Limits = domino_server::limits::Limits::DEFAULT;

/// A duration flag: a whole number and a unit (ms, s, m, h, d).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Span(Duration);

impl std::str::FromStr for Span {
    type Err = String;
    fn from_str(s: &str) -> Result<Span, String> {
        duration(s).map(Span)
    }
}

impl std::fmt::Display for Span {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = self.0.as_millis();
        let (n, unit) = [
            (86_400_000, "d"),
            (3_600_000, "h"),
            (60_000, "m"),
            (1000, "s"),
        ]
        .into_iter()
        .find(|&(u, _)| ms % u == 0 && ms >= u)
        .map_or((ms, "ms"), |(u, name)| (ms / u, name));
        write!(f, "{n}{unit}")
    }
}

impl LimitArgs {
    fn limits(&self) -> domino_server::limits::Limits {
        domino_server::limits::Limits {
            tables_per_client: self.max_tables_per_client,
            tables_per_address: self.max_tables_per_address,
            creates_per_minute: self.max_creates_per_minute,
            messages_per_second: self.max_messages_per_second,
            message_burst: self.message_burst,
            sockets_per_address: self.max_sockets_per_address,
            sockets: self.max_sockets,
            connections_per_address: self.max_connections_per_address,
            connections: self.max_connections,
            header_timeout: self.header_timeout.0,
            ping_every: self.ping_every.0,
            dead_after: self.dead_after.0,
            join_timeout: self.join_timeout.0,
            chat_chars: self.chat_chars,
            chat_lines: self.chat_lines,
            name_chars: self.name_chars,
            park_after: self.park_after.0,
            abandon_after: self.abandon_after.0,
            sheets_per_hour: self.max_sheets_per_hour,
            tournaments_per_hour: self.max_tournaments_per_hour,
            open_tournaments_per_organiser: self.max_open_tournaments,
            entries_per_hour: self.max_entries_per_hour,
            profiles_per_hour: self.max_profiles_per_hour,
            links_per_hour: self.max_links_per_hour,
            bot_token_rate: self.max_bot_token_rate,
            bot_token_burst: self.max_bot_token_burst,
            bad_tokens_per_minute: self.max_bad_tokens_per_minute,
            expire_after: self.expire_after.0,
            behind_proxy: self.behind_proxy,
            seeks_per_address: self.max_seeks_per_address,
        }
    }
}

/// A duration flag: a whole number and a unit (ms, s, m, h, d).
fn duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let split = s
        .find(|c: char| !c.is_ascii_digit())
        .ok_or_else(|| format!("`{s}`: give a unit (ms, s, m, h or d), e.g. 10s"))?;
    let (n, unit) = s.split_at(split);
    let n: u64 = n
        .parse()
        .map_err(|_| format!("`{s}`: start with a whole number, e.g. 10s"))?;
    let ms = match unit {
        "ms" => 1,
        "s" => 1000,
        "m" => 60_000,
        "h" => 3_600_000,
        "d" => 86_400_000,
        _ => return Err(format!("`{s}`: the units are ms, s, m, h and d")),
    };
    n.checked_mul(ms)
        .filter(|&ms| ms > 0)
        .map(Duration::from_millis)
        .ok_or_else(|| format!("`{s}`: give a positive duration that fits"))
}

/// Ctrl-C, or SIGTERM (what systemd and container runtimes send). The
/// handlers are installed when this is called, before the server answers
/// anyone: installed at the future's first poll, a signal sent between
/// the first answer and that poll killed the process undrained (the drain
/// test's connection reset under load).
fn stop_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    let handlers = {
        use tokio::signal::unix::{signal, SignalKind};
        signal(SignalKind::terminate())
            .ok()
            .zip(signal(SignalKind::interrupt()).ok())
    };
    async move {
        #[cfg(unix)]
        if let Some((mut term, mut int)) = handlers {
            tokio::select! {
                _ = int.recv() => {}
                _ = term.recv() => {}
            }
            return;
        }
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Serve until Ctrl-C or SIGTERM.
pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "domino_server=info".into()),
        )
        .with_writer(std::io::stderr)
        .try_init();
    let config = domino_server::Config {
        db: args.db,
        grace: Duration::from_secs(args.grace_secs),
        bot_delay: Duration::from_millis(args.bot_delay_ms),
        bot_budget_ms: args.bot_budget_ms,
        limits: std::sync::Arc::new(args.limits.limits()),
        drain: args.drain.map_or(Duration::ZERO, |d| d.0),
        node: args.node,
        lease: args.lease.0,
        leaderboard_min: args.leaderboard_min,
        bot_pairing: args.bot_pairing,
        bot_tables: args.bot_tables,
        fairplay: !args.no_fairplay,
        public_url: args.public_url,
        metrics_token: args.metrics_token.filter(|t| !t.is_empty()),
        ..domino_server::Config::default()
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the runtime")?;
    rt.block_on(async move {
        let stop = stop_signal();
        let listener = tokio::net::TcpListener::bind(&args.addr)
            .await
            .with_context(|| format!("listening on {}", args.addr))?;
        eprintln!("domino: serving on http://{}", listener.local_addr()?);
        domino_server::run(listener, config, stop).await
    })
}

#[cfg(test)]
mod tests {
    use super::duration;
    use std::time::Duration;

    #[test]
    fn durations_take_a_number_and_a_unit() {
        assert_eq!(
            super::Span(Duration::from_secs(7 * 86_400)).to_string(),
            "7d"
        );
        assert_eq!(
            super::Span(Duration::from_millis(1500)).to_string(),
            "1500ms"
        );
        assert_eq!(duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(duration("7d"), Ok(Duration::from_secs(7 * 86_400)));
        for bad in ["10", "s", "1.5s", "10 parsecs", "0s", "99999999999999999d"] {
            assert!(duration(bad).is_err(), "{bad}");
        }
    }
}
