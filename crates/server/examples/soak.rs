//! Soak under abuse (not a test): runs the hostile clients of issue 17
//! against a real `domino serve` process on loopback and reports what they
//! cost it.
//!
//! ```text
//! cargo build --release -p domino-cli
//! cargo run --release -p domino-server --example soak -- \
//!     [--bin target/release/domino] [--secs 20] [--quiet-secs 10] [--no-limits]
//! ```
//!
//! Starts `domino serve` (a fresh SQLite file, bots paced as in play) with
//! its default limits, or with every limit lifted (`--no-limits`: the server
//! as it was before them). For `--secs` it then: creates bot-only tables as
//! fast as one socket can, floods a second socket with requests, opens 600
//! idle TCP connections and 200 WebSockets that never join, and keeps
//! asking `/healthz` from another address (timing the answers). Then every abuser disconnects,
//! and for `--quiet-secs` nobody is connected: the CPU the server burns then
//! is what abandoned tables cost. Reported: tables and actions, the server's
//! CPU (while attacked and while quiet), its peak memory, the SQLite WAL,
//! refusals by limit and the slowest `/healthz`.
#![allow(clippy::unwrap_used, clippy::print_stdout, clippy::print_stderr)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::{arg, cpu_secs, flag};

/// The process's peak resident memory in MB.
fn peak_mb(pid: u32) -> f64 {
    common::status_kb(&pid.to_string(), "VmHWM") as f64 / 1024.0
}

/// A TCP connection from the attacker's address (127.0.0.2), so that the
/// health checks from 127.0.0.1 stand for another player.
async fn tcp(addr: SocketAddr) -> Option<TcpStream> {
    let sock = tokio::net::TcpSocket::new_v4().ok()?;
    sock.bind(SocketAddr::from(([127, 0, 0, 2], 0))).ok()?;
    sock.connect(addr).await.ok()
}

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

async fn ws(addr: SocketAddr) -> Option<Ws> {
    let t = tcp(addr).await?;
    tokio_tungstenite::client_async(format!("ws://{addr}/ws"), t)
        .await
        .ok()
        .map(|x| x.0)
}

async fn get(addr: SocketAddr, path: &str) -> Option<String> {
    common::http(addr, "GET", path, "", None)
        .await
        .map(|(_, body)| body)
}

fn start(bin: &PathBuf, db: &str, port: u16, no_limits: bool) -> Child {
    let mut args: Vec<String> = [
        "serve",
        "--addr",
        &format!("127.0.0.1:{port}"),
        "--db",
        db,
        "--bot-delay-ms",
        "700",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    if no_limits {
        for (f, v) in [
            ("--max-tables-per-client", "1000000"),
            ("--max-tables-per-address", "1000000"),
            ("--max-creates-per-minute", "1000000"),
            ("--max-messages-per-second", "1000000"),
            ("--message-burst", "1000000"),
            ("--max-sockets-per-address", "1000000"),
            ("--max-sockets", "1000000"),
            ("--max-connections-per-address", "1000000"),
            ("--max-connections", "1000000"),
            ("--header-timeout", "1000d"),
            ("--join-timeout", "1000d"),
            ("--dead-after", "1000d"),
            ("--park-after", "1000d"),
        ] {
            args.push(f.into());
            args.push(v.into());
        }
    }
    Command::new(bin)
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("starting {}: {e} (build it first)", bin.display()))
}

#[tokio::main]
async fn main() {
    let bin = PathBuf::from(arg("--bin", "target/release/domino"));
    let secs: u64 = arg("--secs", "20").parse().unwrap();
    let quiet: u64 = arg("--quiet-secs", "10").parse().unwrap();
    let no_limits = flag("--no-limits");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("soak.db");
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut server = start(
        &bin,
        &format!("sqlite://{}", file.display()),
        port,
        no_limits,
    );
    let pid = server.id();
    for _ in 0..100 {
        if get(addr, "/healthz").await.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    println!(
        "soak: {} limits, {secs} s of abuse, then {quiet} s with nobody connected",
        if no_limits { "no" } else { "default" }
    );
    let stop = Arc::new(AtomicBool::new(false));
    let created = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    let cpu0 = cpu_secs(pid);
    let t0 = Instant::now();

    // 1. One socket creating bot-only tables as fast as it is answered.
    let creator = {
        let (stop, created, refused) = (stop.clone(), created.clone(), refused.clone());
        tokio::spawn(async move {
            let Some(mut ws) = ws(addr).await else {
                return;
            };
            let req = json!({"type": "create", "rules": {"preset": "draw", "players": 4},
                "seats": ["bot", "bot", "bot", "bot"], "bot": "random", "name": "x"})
            .to_string();
            while !stop.load(Ordering::Relaxed) {
                if ws.send(Message::Text(req.clone().into())).await.is_err() {
                    break;
                }
                // Read until this request's answer (states arrive between).
                loop {
                    match ws.next().await {
                        Some(Ok(Message::Text(t))) => {
                            let v: Value = serde_json::from_str(t.as_str()).unwrap_or_default();
                            match v["type"].as_str() {
                                Some("joined") => {
                                    created.fetch_add(1, Ordering::Relaxed);
                                    break;
                                }
                                Some("error") => {
                                    refused.fetch_add(1, Ordering::Relaxed);
                                    // Refused: try again a little later.
                                    tokio::time::sleep(Duration::from_millis(50)).await;
                                    break;
                                }
                                _ => {}
                            }
                        }
                        Some(Ok(_)) => {}
                        _ => return,
                    }
                }
            }
        })
    };
    // 2. A socket sending requests without pause (and never reading: the
    // server must not buffer without bound).
    let flooder = {
        let stop = stop.clone();
        tokio::spawn(async move {
            let Some(mut ws) = ws(addr).await else {
                return 0u64;
            };
            let mut sent = 0;
            while !stop.load(Ordering::Relaxed) {
                let r = tokio::time::timeout(
                    Duration::from_millis(200),
                    ws.send(Message::Text(r#"{"type":"list"}"#.into())),
                )
                .await;
                match r {
                    Ok(Ok(())) => sent += 1,
                    Ok(Err(_)) => break,
                    Err(_) => {}
                }
            }
            sent
        })
    };
    // 3. Idle TCP connections and sockets that never join.
    let mut idle = Vec::new();
    for _ in 0..600 {
        if let Some(s) = tcp(addr).await {
            idle.push(s);
        }
    }
    let mut lurkers = Vec::new();
    let mut sockets_refused = 0;
    for _ in 0..200 {
        match ws(addr).await {
            Some(w) => lurkers.push(w),
            None => sockets_refused += 1,
        }
    }
    // 4. Meanwhile, a player's view: how fast /healthz answers.
    let mut worst_ms = 0.0f64;
    let mut unanswered = 0;
    while t0.elapsed() < Duration::from_secs(secs) {
        let t = Instant::now();
        match tokio::time::timeout(Duration::from_secs(5), get(addr, "/healthz")).await {
            Ok(Some(_)) => worst_ms = worst_ms.max(t.elapsed().as_secs_f64() * 1000.0),
            _ => unanswered += 1,
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    stop.store(true, Ordering::Relaxed);
    let attacked = t0.elapsed().as_secs_f64();
    let cpu_attacked = (cpu_secs(pid) - cpu0) / attacked * 100.0;
    creator.abort();
    let sent = tokio::time::timeout(Duration::from_secs(2), flooder)
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or(0);
    drop(idle);
    drop(lurkers);
    // 5. Nobody connected: what do the abandoned tables cost?
    tokio::time::sleep(Duration::from_secs(2)).await;
    let cpu1 = cpu_secs(pid);
    tokio::time::sleep(Duration::from_secs(quiet)).await;
    let cpu_quiet = (cpu_secs(pid) - cpu1) / quiet as f64 * 100.0;
    let health: Value = get(addr, "/healthz")
        .await
        .and_then(|b| serde_json::from_str(&b).ok())
        .unwrap_or_default();
    let wal = std::fs::metadata(dir.path().join("soak.db-wal")).map_or(0, |m| m.len());
    let db = std::fs::metadata(&file).map_or(0, |m| m.len());
    println!(
        "tables created {} (refused {}), live {} (parked {}), actions stored {}",
        created.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed),
        health["tables"],
        health["parked"],
        health["actions"]
    );
    println!("flood: {sent} requests sent; sockets refused at upgrade: {sockets_refused}");
    println!(
        "server CPU: {cpu_attacked:.0}% of one core while attacked, {cpu_quiet:.1}% with nobody connected"
    );
    println!(
        "server peak memory {:.0} MB; database {:.1} MB, WAL {:.1} MB",
        peak_mb(pid),
        db as f64 / 1e6,
        wal as f64 / 1e6
    );
    println!("healthz: slowest answer {worst_ms:.1} ms, {unanswered} unanswered");
    println!("refused by limit: {}", health["refused"]);
    let _ = server.kill();
    let _ = server.wait();
}
