//! Load benchmark (not a test): many all-bot tables played through real
//! WebSocket clients on loopback.
//!
//! ```text
//! cargo run --release -p domino-server --example load -- \
//!     [--tables 100,250,500,1000] [--secs 10] [--delay-ms 700] \
//!     [--game jamaican] [--bot heuristic] [--db sqlite://FILE|postgres://...] \
//!     [--group-commit on,off] \
//!     [--nodes ADDR,ADDR,... [--pg postgres://...] [--metrics-token T]]
//! ```
//!
//! For each step and each `--group-commit` setting in turn (`off` sets
//! `DOMINO_GROUP_COMMIT=off`: each log entry committed alone, as before
//! group commit), starts a server in a process of its own (this program
//! again, with `--serve-only`) on a fresh SQLite file, or a fresh database
//! beside the PostgreSQL one `--db` names, then opens that many tables with
//! `humans: 0` (the bots play every seat, `--delay-ms` apart as `domino
//! serve` paces them) from one WebSocket client per table, in this process,
//! that watches it; a finished match is replaced by a new one. Each step
//! reports the moves broadcast, the 50th/99th percentile and worst
//! move-to-broadcast latency (from the server taking the action, through
//! the store, to the watching client reading its `state`: `move_at_us`
//! against the machine's clock), the server's own resident memory per table
//! and its heap in use per table (their growth since it started, the heap
//! counted by the server process's allocator; the clients' sockets are in
//! this process),
//! the commits of log entries per move (on SQLite FULL one sync each), and
//! the load average.
//!
//! With `--nodes` (several `domino serve` already running on one
//! PostgreSQL database, docs/deploy.md) no server starts here: table `k` is
//! created on node `k mod n` by its watcher, and a second watcher on the
//! next node watches it through the relay; steps add tables to those
//! already playing. Each step then reports the latency for watchers on the
//! owner and on another node separately, and the work per move: the nodes'
//! relay notifications and the statements that sent them (from their
//! `/metrics`, given `--metrics-token` or `DOMINO_METRICS_TOKEN`) and, with
//! `--pg` naming the database, PostgreSQL's committed transactions
//! (`pg_stat_database`).
#![allow(clippy::unwrap_used, clippy::print_stdout, clippy::print_stderr)]

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::arg;

/// The server's heap is counted (`--serve-only` writes it to its
/// `--heap-file`); the clients' too, unread.
#[global_allocator]
static HEAP: &stats_alloc::StatsAlloc<std::alloc::System> = common::COUNTING;

fn now_us() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_micros() as i64
}

#[derive(Default)]
struct Stats {
    lat_us: Mutex<Vec<i64>>,
    /// Watchers on another node than the table's (`--nodes`).
    remote_us: Mutex<Vec<i64>>,
    matches: AtomicU64,
    errors: AtomicU64,
}

/// The few fields a watcher reads of a message. serde skips the rest of a
/// state without building it: the clients share the machine's two cores
/// with the server, and building each whole state as a `Value` took a
/// good part of the client process's time.
#[derive(serde::Deserialize)]
struct Head {
    #[serde(rename = "type")]
    kind: String,
    table: Option<String>,
    move_at_us: Option<i64>,
    finished: Option<bool>,
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
        let v: Head = serde_json::from_str(t.as_str()).unwrap();
        match v.kind.as_str() {
            "joined" => {
                if let (Some(p), Some(table)) = (&pair, v.table) {
                    let _ = p.send(table);
                }
                if !told {
                    told = true;
                    let _ = opened.send(()).await;
                }
            }
            "error" => {
                eprintln!("error: {}", t.as_str());
                stats.errors.fetch_add(1, Ordering::Relaxed);
            }
            "state" => {
                let at = v.move_at_us.unwrap_or(0);
                if at != 0 && at != last_move {
                    last_move = at;
                    if measuring.load(Ordering::Relaxed) {
                        stats.lat_us.lock().unwrap().push(got - at);
                    }
                }
                if v.finished == Some(true) {
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
        let v: Head = serde_json::from_str(t.as_str()).unwrap();
        match v.kind.as_str() {
            "error" => {
                eprintln!("error (remote): {}", t.as_str());
                stats.errors.fetch_add(1, Ordering::Relaxed);
            }
            "state" => {
                let at = v.move_at_us.unwrap_or(0);
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

/// The sum over `nodes` of the `/metrics` sample `name` (read with
/// `token`).
async fn metric_sum(nodes: &[std::net::SocketAddr], token: &str, name: &str) -> f64 {
    let auth = format!("Authorization: Bearer {token}\r\n");
    let mut sum = 0.0;
    for &a in nodes {
        let text = common::http(a, "GET", "/metrics", &auth, None)
            .await
            .map(|(_, body)| body)
            .unwrap_or_default();
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

/// The latency at fraction `p` of a sorted list of µs, in ms.
fn pct(sorted: &[i64], p: f64) -> f64 {
    common::pct(sorted, p).map_or(f64::NAN, |us| us as f64 / 1000.0)
}

/// The server's settings: the benchmark's pace, and no limits (one
/// process on one address plays every table).
fn server_config(db: String, delay: u64, token: &str) -> domino_server::Config {
    domino_server::Config {
        db,
        bot_delay: Duration::from_millis(delay),
        bot_budget_ms: 20,
        metrics_token: Some(token.to_string()),
        limits: common::no_limits(),
        ..domino_server::Config::default()
    }
}

/// `--serve-only`: the server alone, in this process, until killed; its
/// address on the first line of the output, and its heap in use (bytes)
/// written to `heap_file` every 200 ms when one is named.
async fn serve_only(db: String, delay: u64, token: String, heap_file: String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    println!("{}", listener.local_addr().unwrap());
    if !heap_file.is_empty() {
        std::thread::spawn(move || loop {
            let _ = std::fs::write(&heap_file, common::heap_live().to_string());
            std::thread::sleep(Duration::from_millis(200));
        });
    }
    let config = server_config(db, delay, &token);
    if let Err(e) = domino_server::run(listener, config, std::future::pending()).await {
        eprintln!("serve: {e}");
        std::process::exit(1);
    }
}

/// A server in a process of its own, killed when dropped.
struct Server {
    child: std::process::Child,
    addr: std::net::SocketAddr,
    /// Where it writes its heap in use.
    heap_file: std::path::PathBuf,
    /// Its resident memory and heap (KiB) once it answered, before any
    /// table.
    rss0: u64,
    heap0: u64,
}

impl Server {
    fn start(
        db: &str,
        delay: u64,
        token: &str,
        group_commit: &str,
        dir: &std::path::Path,
    ) -> Server {
        use std::io::BufRead;
        let heap_file = dir.join("heap");
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--serve-only", "--db", db, "--delay-ms", &delay.to_string()])
            .args(["--metrics-token", token])
            .arg("--heap-file")
            .arg(&heap_file)
            .env("DOMINO_GROUP_COMMIT", group_commit)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line.trim().parse().unwrap();
        std::thread::sleep(Duration::from_millis(300));
        let mut s = Server {
            child,
            addr,
            heap_file,
            rss0: 0,
            heap0: 0,
        };
        (s.rss0, s.heap0) = (s.rss(), s.heap());
        s
    }

    fn rss(&self) -> u64 {
        common::status_kb(&self.child.id().to_string(), "VmRSS")
    }

    fn heap(&self) -> u64 {
        std::fs::read_to_string(&self.heap_file)
            .ok()
            .and_then(|s| s.trim().parse::<u64>().ok())
            .unwrap_or(0)
            / 1024
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What one step measured.
struct Step {
    lat: Vec<i64>,
    remote: Vec<i64>,
    elapsed: f64,
    actions: f64,
    notes: f64,
    stmts: f64,
    pg_commits: f64,
    log_commits: f64,
}

/// Let play settle, then measure for `secs`.
async fn measure(
    nodes: &[std::net::SocketAddr],
    token: &str,
    pool: &Option<sqlx::PgPool>,
    stats: &Stats,
    measuring: &AtomicBool,
    delay: u64,
    secs: u64,
) -> Step {
    tokio::time::sleep(Duration::from_millis(delay.max(500) * 2)).await;
    let sample = |name: &'static str| metric_sum(nodes, token, name);
    let names = [
        "domino_actions_total",
        "domino_relay_notifications_sent_total",
        "domino_relay_statements_total",
        "domino_store_log_commits_total",
    ];
    let mut before = Vec::new();
    for n in names {
        before.push(sample(n).await);
    }
    let commits0 = pg_commits(pool).await;
    stats.lat_us.lock().unwrap().clear();
    stats.remote_us.lock().unwrap().clear();
    measuring.store(true, Ordering::Relaxed);
    let t0 = Instant::now();
    tokio::time::sleep(Duration::from_secs(secs)).await;
    measuring.store(false, Ordering::Relaxed);
    let elapsed = t0.elapsed().as_secs_f64();
    let mut d = Vec::new();
    for (n, b) in names.into_iter().zip(before) {
        d.push(sample(n).await - b);
    }
    let pg_commits = pg_commits(pool).await - commits0;
    let mut lat = std::mem::take(&mut *stats.lat_us.lock().unwrap());
    lat.sort_unstable();
    let mut remote = std::mem::take(&mut *stats.remote_us.lock().unwrap());
    remote.sort_unstable();
    Step {
        lat,
        remote,
        elapsed,
        actions: d[0],
        notes: d[1],
        stmts: d[2],
        pg_commits,
        log_commits: d[3],
    }
}

/// Open `n` watchers at `addr` (each creating a table), once all are in.
#[allow(clippy::too_many_arguments)]
async fn open_watchers(
    n: usize,
    first: usize,
    nodes: &[std::net::SocketAddr],
    rules: &Value,
    bot: &str,
    stats: &Arc<Stats>,
    measuring: &Arc<AtomicBool>,
    stop: &Arc<AtomicBool>,
) -> Vec<tokio::task::JoinHandle<()>> {
    let (tx, mut rx) = tokio::sync::mpsc::channel(n.max(1));
    let mut tasks = Vec::new();
    for k in first..first + n {
        // Watchers on another node only when there are several.
        let pair = (nodes.len() > 1).then(|| {
            let (ptx, prx) = tokio::sync::mpsc::unbounded_channel();
            tokio::spawn(remote_watcher(
                nodes[(k + 1) % nodes.len()],
                prx,
                stats.clone(),
                measuring.clone(),
                stop.clone(),
            ));
            ptx
        });
        tasks.push(tokio::spawn(watcher(
            nodes[k % nodes.len()],
            rules.clone(),
            bot.to_string(),
            stats.clone(),
            measuring.clone(),
            stop.clone(),
            tx.clone(),
            pair,
        )));
    }
    for _ in 0..n {
        rx.recv().await;
    }
    tasks
}

fn main() {
    let steps: Vec<usize> = common::list("--tables", "100,250,500,1000")
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let secs: u64 = arg("--secs", "10").parse().unwrap();
    let delay: u64 = arg("--delay-ms", "700").parse().unwrap();
    let game = arg("--game", "jamaican");
    let bot = arg("--bot", "heuristic");
    let db = arg("--db", "");
    let token = arg(
        "--metrics-token",
        &std::env::var("DOMINO_METRICS_TOKEN").unwrap_or_else(|_| "load".into()),
    );
    let modes = common::list("--group-commit", "on");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    if common::flag("--serve-only") {
        rt.block_on(serve_only(db, delay, token, arg("--heap-file", "")));
        return;
    }
    let nodes: Vec<std::net::SocketAddr> = common::list("--nodes", "")
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let pg = arg("--pg", "");
    rt.block_on(async move {
        let pool = if pg.is_empty() {
            None
        } else {
            Some(sqlx::PgPool::connect(&pg).await.unwrap())
        };
        let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
        println!(
            "load: {game}, bot {bot}, {delay} ms between bot moves, {secs} s per step, {cores} cores"
        );
        println!(
            "{:>7} {:>6} {:>9} {:>8} {:>8} {:>8} {:>8} {:>8} {:>11} {:>9} {:>9} {:>6}  load average",
            "tables", "group", "moves", "moves/s", "p50 ms", "p99 ms", "max ms", "matches",
            "KiB/table", "heap KiB", "commits/m", "errors"
        );
        let rules = json!({"preset": game});
        let stats = Arc::new(Stats::default());
        let measuring = Arc::new(AtomicBool::new(false));
        if !nodes.is_empty() {
            println!(
                "        (latency of watchers on the owner node; then on another node: p50/p99/max ms, \
                 relay notifications, relay statements and PostgreSQL commits per move)"
            );
            // Steps add tables to those already playing: an abandoned
            // table would play on unwatched and load the next step unseen.
            let stop = Arc::new(AtomicBool::new(false));
            let mut tasks = Vec::new();
            for &n in &steps {
                let add = n.saturating_sub(tasks.len());
                stats.matches.store(0, Ordering::Relaxed);
                let first = tasks.len();
                tasks.extend(
                    open_watchers(add, first, &nodes, &rules, &bot, &stats, &measuring, &stop).await,
                );
                let m = measure(&nodes, &token, &pool, &stats, &measuring, delay, secs).await;
                print_row(n, "-", &m, (f64::NAN, f64::NAN), &stats);
                println!(
                    "{:>7} remote: {} moves seen, p50 {:.2} / p99 {:.2} / max {:.2} ms; \
                     {:.0} actions; per action {:.2} notifications in {:.2} relay statements, \
                     {:.2} commits",
                    "",
                    m.remote.len(),
                    pct(&m.remote, 0.5),
                    pct(&m.remote, 0.99),
                    pct(&m.remote, 1.0),
                    m.actions,
                    m.notes / m.actions.max(1.0),
                    m.stmts / m.actions.max(1.0),
                    m.pg_commits / m.actions.max(1.0),
                );
            }
            stop.store(true, Ordering::Relaxed);
            for t in tasks {
                let _ = t.await;
            }
            return;
        }
        // A fresh server and store for each step and setting, in turn, so
        // that the settings see the same machine's load.
        for &n in &steps {
            for mode in &modes {
                let dir = tempfile::tempdir().unwrap();
                let scratch = if db.starts_with("postgres") {
                    Some(domino_store::scratch_postgres(&db, "load").await.unwrap())
                } else {
                    None
                };
                let url = match &scratch {
                    Some((url, _)) => url.clone(),
                    None if db.is_empty() => {
                        format!("sqlite://{}", dir.path().join("load.db").display())
                    }
                    None => db.clone(),
                };
                let server = Server::start(&url, delay, &token, mode, dir.path());
                let stop = Arc::new(AtomicBool::new(false));
                stats.matches.store(0, Ordering::Relaxed);
                stats.errors.store(0, Ordering::Relaxed);
                let tasks = open_watchers(
                    n, 0, &[server.addr], &rules, &bot, &stats, &measuring, &stop,
                )
                .await;
                let m = measure(&[server.addr], &token, &pool, &stats, &measuring, delay, secs)
                    .await;
                let per = |now: u64, then: u64| now.saturating_sub(then) as f64 / n.max(1) as f64;
                let per_table = (per(server.rss(), server.rss0), per(server.heap(), server.heap0));
                print_row(n, mode, &m, per_table, &stats);
                stop.store(true, Ordering::Relaxed);
                for t in tasks {
                    let _ = t.await;
                }
                drop(server);
                if let Some((_, name)) = scratch {
                    let _ = domino_store::drop_scratch_postgres(&db, &name).await;
                }
            }
        }
    });
}

/// One step's line; `per_table`: the server's resident memory and heap
/// grown per table, KiB.
fn print_row(n: usize, mode: &str, m: &Step, per_table: (f64, f64), stats: &Stats) {
    println!(
        "{:>7} {:>6} {:>9} {:>8.0} {:>8.2} {:>8.2} {:>8.2} {:>8} {:>11.1} {:>9.1} {:>9.3} {:>6}  {}",
        n,
        mode,
        m.lat.len(),
        m.lat.len() as f64 / m.elapsed,
        pct(&m.lat, 0.5),
        pct(&m.lat, 0.99),
        pct(&m.lat, 1.0),
        stats.matches.load(Ordering::Relaxed),
        per_table.0,
        per_table.1,
        m.log_commits / m.actions.max(1.0),
        stats.errors.load(Ordering::Relaxed),
        common::load_average(),
    );
}
