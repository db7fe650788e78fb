//! Pairing benchmark (not a test): N players ask the pool for a game at
//! once, are paired, sit at their tables and play them out, all on
//! loopback.
//!
//! ```text
//! cargo run --release -p domino-server --example pairload -- \
//!     [--players 2000] [--game draw] [--size 2] [--target 20] [--poll-ms 200] \
//!     [--db sqlite://FILE]
//! ```
//!
//! Starts a server in this process on a fresh SQLite file (or `--db`),
//! then `--players` guest clients each `POST /api/seeks` for the same
//! casual game (`--size` players, the match to `--target` points so that
//! matches are short), follow their seek every `--poll-ms` until it is
//! paired, sit at the table with their token over a WebSocket and play the
//! first legal move whenever it is their turn until the match is over.
//! Reports the pairing time (from asking to reading `paired`: the polling
//! interval bounds its resolution), its median, 99th percentile and worst,
//! the move round trips, and the matches finished. Clients and server
//! share the process and its cores.
#![allow(clippy::unwrap_used, clippy::print_stdout, clippy::print_stderr)]

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::arg;

/// A bare HTTP/1.1 request with a JSON body: the status and the body.
async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let (status, body) = common::http(addr, method, path, "", body).await.unwrap();
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

#[derive(Default)]
struct Stats {
    paired_ms: Mutex<Vec<u64>>,
    move_ms: Mutex<Vec<u64>>,
    matches: Mutex<usize>,
}

/// One player: ask, wait, sit, play to the end.
async fn player(addr: SocketAddr, i: usize, rules: Value, poll: Duration, stats: Arc<Stats>) {
    let asked = Instant::now();
    let (status, made) = http(
        addr,
        "POST",
        "/api/seeks",
        Some(&json!({"rules": rules, "name": format!("P{i}"), "guest": format!("load-player-{i:06}")})),
    )
    .await;
    assert_eq!(status, 200, "{made}");
    let seek = made["seek"].as_str().unwrap().to_string();
    let token = made["token"].as_str().unwrap().to_string();
    let table = loop {
        tokio::time::sleep(poll).await;
        let (_, st) = http(addr, "GET", &format!("/api/seeks/{seek}"), None).await;
        if st["state"] == "paired" {
            break st["table"].as_str().unwrap().to_string();
        }
    };
    stats
        .paired_ms
        .lock()
        .unwrap()
        .push(asked.elapsed().as_millis() as u64);
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    let send = |v: Value| Message::text(v.to_string());
    ws.send(send(
        json!({"type": "resume", "table": table, "token": token}),
    ))
    .await
    .unwrap();
    let mut seat = None;
    let mut acted_at: Option<Instant> = None;
    let mut done_pos = None;
    let mut readied = None;
    while let Some(Ok(m)) = ws.next().await {
        let Message::Text(text) = m else { continue };
        let v: Value = serde_json::from_str(&text).unwrap();
        match v["type"].as_str() {
            Some("joined") => seat = v["seat"].as_u64(),
            Some("ok") => {
                if let Some(at) = acted_at.take() {
                    stats
                        .move_ms
                        .lock()
                        .unwrap()
                        .push(at.elapsed().as_millis() as u64);
                }
            }
            Some("state") => {
                let st = &v["state"];
                let hand = st["hand_number"].as_u64();
                match st["phase"].as_str() {
                    Some("match_over") => {
                        *stats.matches.lock().unwrap() += 1;
                        return;
                    }
                    Some("hand_over") if readied != hand => {
                        readied = hand;
                        ws.send(send(json!({"type": "ready"}))).await.unwrap();
                    }
                    Some("play" | "choose_poser") if st["to_act"].as_u64() == seat => {
                        let pos = (hand, st["history"].as_array().map_or(0, Vec::len));
                        if done_pos != Some(pos) {
                            done_pos = Some(pos);
                            let a = st["legal"][0].clone();
                            acted_at = Some(Instant::now());
                            ws.send(send(json!({"type": "act", "action": a, "seq": v["seq"]})))
                                .await
                                .unwrap();
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
}

fn pct(sorted: &[u64], p: f64) -> u64 {
    common::pct(sorted, p).unwrap_or(0)
}

fn main() {
    let players: usize = arg("--players", "200").parse().unwrap();
    let size: u64 = arg("--size", "2").parse().unwrap();
    let target: u64 = arg("--target", "20").parse().unwrap();
    let poll = Duration::from_millis(arg("--poll-ms", "200").parse().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let db = arg(
        "--db",
        &format!("sqlite://{}", dir.path().join("pairload.db").display()),
    );
    let rules =
        json!({"preset": arg("--game", "draw"), "players": size, "options": {"target": target}});
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let config = domino_server::Config {
            db,
            bot_delay: Duration::ZERO,
            bot_budget_ms: 20,
            limits: common::no_limits(),
            ..domino_server::Config::default()
        };
        tokio::spawn(domino_server::run(listener, config, std::future::pending()));
        tokio::time::sleep(Duration::from_millis(500)).await;
        let stats = Arc::new(Stats::default());
        let started = Instant::now();
        let tasks: Vec<_> = (0..players)
            .map(|i| tokio::spawn(player(addr, i, rules.clone(), poll, stats.clone())))
            .collect();
        for t in tasks {
            t.await.unwrap();
        }
        let mut paired = stats.paired_ms.lock().unwrap().clone();
        paired.sort_unstable();
        let mut moves = stats.move_ms.lock().unwrap().clone();
        moves.sort_unstable();
        println!(
            "players {players} ({size} a table, poll {} ms): paired median {} ms, p99 {} ms, worst {} ms; \
             moves {} median {} ms p99 {} ms; matches finished {} of {}; all done in {:.1} s",
            poll.as_millis(),
            pct(&paired, 0.5),
            pct(&paired, 0.99),
            paired.last().copied().unwrap_or(0),
            moves.len(),
            pct(&moves, 0.5),
            pct(&moves, 0.99),
            *stats.matches.lock().unwrap(),
            players,
            started.elapsed().as_secs_f64(),
        );
    });
}
