//! Load benchmark (not a test): many all-bot tables played through real
//! WebSocket clients on loopback.
//!
//! ```text
//! cargo run --release -p domino-server --example load -- \
//!     [--tables 100,250,500,1000] [--secs 10] [--delay-ms 700] \
//!     [--game jamaican] [--bot heuristic] [--db sqlite://FILE]
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
    matches: AtomicU64,
    errors: AtomicU64,
}

/// One watcher: create an all-bot table, read its states until `stop`,
/// starting a new table whenever a match ends.
async fn watcher(
    addr: std::net::SocketAddr,
    rules: Value,
    bot: String,
    stats: Arc<Stats>,
    measuring: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
    opened: tokio::sync::mpsc::Sender<()>,
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
        let Some(Ok(Message::Text(t))) = msg else {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            break;
        };
        let got = now_us();
        let v: Value = serde_json::from_str(t.as_str()).unwrap();
        match v["type"].as_str() {
            Some("joined") if !told => {
                told = true;
                let _ = opened.send(()).await;
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
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
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
        tokio::spawn(domino_server::run(listener, config, std::future::pending()));
        tokio::time::sleep(Duration::from_millis(300)).await;
        let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
        println!(
            "load: {game}, bot {bot}, {delay} ms between bot moves, {secs} s per step, {cores} cores"
        );
        println!(
            "{:>7} {:>9} {:>8} {:>8} {:>8} {:>8} {:>8} {:>11} {:>6}",
            "tables", "moves", "moves/s", "p50 ms", "p99 ms", "max ms", "matches", "KiB/table", "errors"
        );
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
                tasks.push(tokio::spawn(watcher(
                    addr,
                    rules.clone(),
                    bot.clone(),
                    stats.clone(),
                    measuring.clone(),
                    stop.clone(),
                    tx.clone(),
                )));
            }
            for _ in 0..add {
                rx.recv().await;
            }
            // Let play settle, then measure.
            tokio::time::sleep(Duration::from_millis(delay.max(500) * 2)).await;
            let rss1 = rss_kb();
            measuring.store(true, Ordering::Relaxed);
            let t0 = Instant::now();
            tokio::time::sleep(Duration::from_secs(secs)).await;
            measuring.store(false, Ordering::Relaxed);
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
        }
        stop.store(true, Ordering::Relaxed);
        for t in tasks {
            let _ = t.await;
        }
    });
}
