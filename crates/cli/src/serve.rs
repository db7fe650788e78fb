//! `domino serve`: the browser game server (see the `domino_server` crate).

use std::time::Duration;

use anyhow::Context;

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
    /// The expert bot's thinking budget per move, in milliseconds.
    #[arg(long, default_value_t = 300)]
    bot_budget_ms: u64,
}

/// Serve until Ctrl-C.
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
        ..domino_server::Config::default()
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the runtime")?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(&args.addr)
            .await
            .with_context(|| format!("listening on {}", args.addr))?;
        eprintln!("domino: serving on http://{}", listener.local_addr()?);
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        domino_server::run(listener, config, shutdown).await
    })
}
