//! Load benchmark (not a test): many all-bot tables played through real
//! WebSocket clients on loopback.
//!
//! ```text
//! cargo run --release -p domino-server --example load -- \
//!     [--tables 100,250,500,1000] [--secs 10] [--delay-ms 700] \
//!     [--game jamaican] [--bot heuristic] [--db sqlite://FILE] \
//!     [--nodes ADDR,ADDR,... [--pg postgres://...]]
//! ```
//!
//! Starts a server in this process on a temporary SQLite file (or `--db`),
//! then for each step opens that many tables with `humans: 0` (the bots play
//! every seat, `--delay-ms` apart as `domino serve` paces them) from one
//! WebSocket client per table that watches it; a finished match is replaced
//! by a new one. Each step reports the moves broadcast, the 50th/99th
//! percentile and worst move-to-broadcast latency (from the server taking
//! the action, through the store, to the watching client reading its
//! `state`: `move_at_us` against this process's clock), and the resident
//! memory per table (client sockets included, since both ends live here).
//!
//! With `--nodes` (several `domino serve` already running on one
//! PostgreSQL database, docs/deploy.md) no server starts here: table `k` is
//! created on node `k mod n` by its watcher, and a second watcher on the
//! next node watches it through the relay. Each step then reports the
//! latency for watchers on the owner and on another node separately, and
//! the work per move: the nodes' relay notifications and the statements
//! that sent them (from their `/metrics`) and, with `--pg` naming the database, PostgreSQL's
//! committed transactions (`pg_stat_database`).
#![allow(clippy::unwrap_used, clippy::print_stdout, clippy::print_stderr)]

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

fn arg(name: &str, default: &str) -> String {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| default.to_string())
}

fn now_us() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_micros() as i64
}

fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

#[derive(Default)]
struct Stats {
    lat_us: Mutex<Vec<i64>>,
    /// Watchers on another node than the table's (`--nodes`).
    remote_us: Mutex<Vec<i64>>,
    matches: AtomicU64,
    errors: AtomicU64,
}

/// What a watcher's next frame is.
enum Frame {
    Text(tokio_tungstenite::tungstenite::Utf8Bytes),
    /// The server's pings (every 20 s; answered by the library): read past.
    Control,
    /// A closed or failed socket, counted as an error.
    End,
}

fn frame(
    msg: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
    stats: &Stats,
) -> Frame {
    match msg {
        Some(Ok(Message::Text(t))) => Frame::Text(t),
        Some(Ok(Message::Ping(_) | Message::Pong(_))) => Frame::Control,
        _ => {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            Frame::End
        }
    }
}

/// One watcher: create an all-bot table, read its states until `stop`,
/// starting a new table whenever a match ends.
#[allow(clippy::too_many_arguments)]
async fn watcher(
    addr: std::net::SocketAddr,
    rules: Value,
    bot: String,
    stats: Arc<Stats>,
    measuring: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
    opened: tokio::sync::mpsc::Sender<()>,
    pair: Option<tokio::sync::mpsc::UnboundedSender<String>>,
) {
    let url = format!("ws://{addr}/ws");
    let (mut ws, _) = match tokio_tungstenite::connect_async(&url).await {
        Ok(x) => x,
        Err(e) => {
            eprintln!("connect: {e}");
            stats.errors.fetch_add(1, Ordering::Relaxed);
            let _ = opened.send(()).await;
            return;
        }
    };
    let create = json!({"type": "create", "rules": rules, "humans": 0, "bot": bot,
                        "name": "load", "private": true})
    .to_string();
    ws.send(Message::Text(create.clone().into())).await.unwrap();
    let mut told = false;
    let mut last_move = 0i64;
    while !stop.load(Ordering::Relaxed) {
        let msg = tokio::select! {
            m = ws.next() => m,
            _ = tokio::time::sleep(Duration::from_millis(200)) => continue,
        };
        let t = match frame(msg, &stats) {
            Frame::Text(t) => t,
            Frame::Control => continue,
            Frame::End => break,
        };
        let got = now_us();
        let v: Value = serde_json::from_str(t.as_str()).unwrap();
        match v["type"].as_str() {
            Some("joined") => {
                if let (Some(p), Some(t)) = (&pair, v["table"].as_str()) {
                    let _ = p.send(t.to_string());
                }
                if !told {
                    told = true;
                    let _ = opened.send(()).await;
                }
            }
            Some("error") => {
                eprintln!("error: {v}");
                stats.errors.fetch_add(1, Ordering::Relaxed);
            }
            Some("state") => {
                let at = v["move_at_us"].as_i64().unwrap_or(0);
                if at != 0 && at != last_move {
                    last_move = at;
                    if measuring.load(Ordering::Relaxed) {
                        stats.lat_us.lock().unwrap().push(got - at);
                    }
                }
                if v["finished"] == true {
                    stats.matches.fetch_add(1, Ordering::Relaxed);
                    last_move = 0;
                    ws.send(Message::Text(create.clone().into())).await.unwrap();
                }
            }
            _ => {}
        }
    }
    let _ = ws.close(None).await;
}

/// A watcher on another node than the table's: watches each table its
/// pair creates, through the relay.
async fn remote_watcher(
    addr: std::net::SocketAddr,
    mut tables: tokio::sync::mpsc::UnboundedReceiver<String>,
    stats: Arc<Stats>,
    measuring: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
) {
    let url = format!("ws://{addr}/ws");
    let Ok((mut ws, _)) = tokio_tungstenite::connect_async(&url).await else {
        stats.errors.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let mut last_move = 0i64;
    while !stop.load(Ordering::Relaxed) {
        let msg = tokio::select! {
            m = ws.next() => m,
            t = tables.recv() => {
                let Some(t) = t else { break };
                let req = json!({"type": "spectate", "table": t}).to_string();
                if ws.send(Message::Text(req.into())).await.is_err() {
                    break;
                }
                last_move = 0;
                continue;
            }
            _ = tokio::time::sleep(Duration::from_millis(200)) => continue,
        };
        let t = match frame(msg, &stats) {
            Frame::Text(t) => t,
            Frame::Control => continue,
            Frame::End => break,
        };
        let got = now_us();
        let v: Value = serde_json::from_str(t.as_str()).unwrap();
        match v["type"].as_str() {
            Some("error") => {
                eprintln!("error (remote): {v}");
                stats.errors.fetch_add(1, Ordering::Relaxed);
            }
            Some("state") => {
                let at = v["move_at_us"].as_i64().unwrap_or(0);
                if at != 0 && at != last_move {
                    last_move = at;
                    if measuring.load(Ordering::Relaxed) {
                        stats.remote_us.lock().unwrap().push(got - at);
                    }
                }
            }
            _ => {}
        }
    }
    let _ = ws.close(None).await;
}

/// The sum over `nodes` of the `/metrics` sample `name`.
async fn metric_sum(nodes: &[std::net::SocketAddr], name: &str) -> f64 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut sum = 0.0;
    for a in nodes {
        let Ok(mut s) = tokio::net::TcpStream::connect(a).await else {
            continue;
        };
        let req = "GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
        if s.write_all(req.as_bytes()).await.is_err() {
            continue;
        }
        let mut text = String::new();
        let _ = s.read_to_string(&mut text).await;
        sum += text
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name} ")))
            .and_then(|v| v.trim().parse::<f64>().ok())
            .unwrap_or(0.0);
    }
    sum
}

/// PostgreSQL's committed transactions in the database so far.
async fn pg_commits(pool: &Option<sqlx::PgPool>) -> f64 {
    let Some(pool) = pool else { return f64::NAN };
    let _ = sqlx::query("SELECT pg_stat_clear_snapshot()")
        .execute(pool)
        .await;
    sqlx::query_scalar::<_, i64>(
        "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()",
    )
    .fetch_one(pool)
    .await
    .map_or(f64::NAN, |n| n as f64)
}

fn pct(sorted: &[i64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn main() {
    let steps: Vec<usize> = arg("--tables", "100,250,500,1000")
        .split(',')
        .map(|s| s.trim().parse().unwrap())
        .collect();
    let secs: u64 = arg("--secs", "10").parse().unwrap();
    let delay: u64 = arg("--delay-ms", "700").parse().unwrap();
    let game = arg("--game", "jamaican");
    let bot = arg("--bot", "heuristic");
    let dir = tempfile::tempdir().unwrap();
    let db = arg(
        "--db",
        &format!("sqlite://{}", dir.path().join("load.db").display()),
    );
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let nodes: Vec<std::net::SocketAddr> = arg("--nodes", "")
        .split(',')
        .filter(|s| !s.is_empty())
        .map(|s| s.trim().parse().unwrap())
        .collect();
    let pg = arg("--pg", "");
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let pool = if pg.is_empty() {
            None
        } else {
            Some(sqlx::PgPool::connect(&pg).await.unwrap())
        };
        let config = domino_server::Config {
            db,
            bot_delay: Duration::from_millis(delay),
            bot_budget_ms: 20,
            // One process on one address plays every table: no limits.
            limits: std::sync::Arc::new(domino_server::limits::Limits {
                tables_per_client: usize::MAX,
                tables_per_address: usize::MAX,
                creates_per_minute: u32::MAX,
                messages_per_second: u32::MAX,
                message_burst: u32::MAX,
                sockets_per_address: usize::MAX,
                sockets: usize::MAX,
                connections_per_address: usize::MAX,
                ..domino_server::limits::Limits::DEFAULT
            }),
            ..domino_server::Config::default()
        };
        if nodes.is_empty() {
            tokio::spawn(domino_server::run(listener, config, std::future::pending()));
            tokio::time::sleep(Duration::from_millis(300)).await;
        } else {
            drop((listener, config));
        }
        let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
        println!(
            "load: {game}, bot {bot}, {delay} ms between bot moves, {secs} s per step, {cores} cores"
        );
        println!(
            "{:>7} {:>9} {:>8} {:>8} {:>8} {:>8} {:>8} {:>11} {:>6}",
            "tables", "moves", "moves/s", "p50 ms", "p99 ms", "max ms", "matches", "KiB/table", "errors"
        );
        if !nodes.is_empty() {
            println!(
                "        (latency of watchers on the owner node; then on another node: p50/p99/max ms, \
                 relay notifications, relay statements and PostgreSQL commits per move)"
            );
        }
        let rules = json!({"preset": game});
        // Steps add tables to those already playing: an abandoned table
        // would play on unwatched and load the next step unseen.
        let stats = Arc::new(Stats::default());
        let measuring = Arc::new(AtomicBool::new(false));
        let stop = Arc::new(AtomicBool::new(false));
        let rss0 = rss_kb();
        let mut tasks = Vec::new();
        for &n in &steps {
            let add = n.saturating_sub(tasks.len());
            let (tx, mut rx) = tokio::sync::mpsc::channel(add.max(1));
            stats.matches.store(0, Ordering::Relaxed);
            for _ in 0..add {
                let k = tasks.len();
                let (at, pair) = if nodes.is_empty() {
                    (addr, None)
                } else {
                    let (ptx, prx) = tokio::sync::mpsc::unbounded_channel();
                    tokio::spawn(remote_watcher(
                        nodes[(k + 1) % nodes.len()],
                        prx,
                        stats.clone(),
                        measuring.clone(),
                        stop.clone(),
                    ));
                    (nodes[k % nodes.len()], Some(ptx))
                };
                tasks.push(tokio::spawn(watcher(
                    at,
                    rules.clone(),
                    bot.clone(),
                    stats.clone(),
                    measuring.clone(),
                    stop.clone(),
                    tx.clone(),
                    pair,
                )));
            }
            for _ in 0..add {
                rx.recv().await;
            }
            // Let play settle, then measure.
            tokio::time::sleep(Duration::from_millis(delay.max(500) * 2)).await;
            let rss1 = rss_kb();
            let actions0 = metric_sum(&nodes, "domino_actions_total").await;
            let notes0 = metric_sum(&nodes, "domino_relay_notifications_sent_total").await;
            let stmts0 = metric_sum(&nodes, "domino_relay_statements_total").await;
            let commits0 = pg_commits(&pool).await;
            measuring.store(true, Ordering::Relaxed);
            let t0 = Instant::now();
            tokio::time::sleep(Duration::from_secs(secs)).await;
            measuring.store(false, Ordering::Relaxed);
            let actions = metric_sum(&nodes, "domino_actions_total").await - actions0;
            let notes = metric_sum(&nodes, "domino_relay_notifications_sent_total").await - notes0;
            let stmts = metric_sum(&nodes, "domino_relay_statements_total").await - stmts0;
            let commits = pg_commits(&pool).await - commits0;
            let elapsed = t0.elapsed().as_secs_f64();
            let mut lat = std::mem::take(&mut *stats.lat_us.lock().unwrap());
            lat.sort_unstable();
            let per_table = (rss1.saturating_sub(rss0)) as f64 / n.max(1) as f64;
            println!(
                "{:>7} {:>9} {:>8.0} {:>8.2} {:>8.2} {:>8.2} {:>8} {:>11.1} {:>6}",
                n,
                lat.len(),
                lat.len() as f64 / elapsed,
                pct(&lat, 0.5),
                pct(&lat, 0.99),
                pct(&lat, 1.0),
                stats.matches.load(Ordering::Relaxed),
                per_table,
                stats.errors.load(Ordering::Relaxed),
            );
            if !nodes.is_empty() {
                let mut r = std::mem::take(&mut *stats.remote_us.lock().unwrap());
                r.sort_unstable();
                println!(
                    "{:>7} remote: {} moves seen, p50 {:.2} / p99 {:.2} / max {:.2} ms; \
                     {actions:.0} actions; per action {:.2} notifications in {:.2} relay statements, \
                     {:.2} commits",
                    "",
                    r.len(),
                    pct(&r, 0.5),
                    pct(&r, 0.99),
                    pct(&r, 1.0),
                    notes / actions.max(1.0),
                    stmts / actions.max(1.0),
                    commits / actions.max(1.0),
                );
            }
        }
        stop.store(true, Ordering::Relaxed);
        for t in tasks {
            let _ = t.await;
        }
    });
}
