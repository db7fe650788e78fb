//! Pairing benchmark (not a test): N players ask the pool for a game at
//! once, are paired, sit at their tables and play them out, all on
//! loopback.
//!
//! ```text
//! cargo run --release -p domino-server --example pairload -- \
//!     [--players 2000] [--game draw] [--size 2] [--target 20] [--clock 15+60] \
//!     [--poll-ms 200] \
//!     [--db sqlite://FILE]
//! ```
//!
//! Starts a server in this process on a fresh SQLite file (or `--db`),
//! then `--players` guest clients each `POST /api/seeks` for the same
//! casual game (`--size` players, the match to `--target` points so that
//! matches are short, with a turn clock of `--clock` seconds a move and in
//! the bank, or `none`), follow their seek every `--poll-ms` until it is
//! paired, sit at the table with their token over a WebSocket and play the
//! first legal move whenever it is their turn until the match is over.
//! Reports the pairing time (from asking to reading `paired`: the polling
//! interval bounds its resolution), its median, 99th percentile and worst,
//! the move round trips, and the matches finished; then the process's CPU
//! time, peak resident memory and heap (examples/common, shared with the
//! other load examples), and the load average. Clients and server share
//! the process and its cores.
#![allow(clippy::unwrap_used, clippy::print_stdout, clippy::print_stderr)]

mod player;

use std::sync::Arc;
use std::time::{Duration, Instant};

use player::common::{self, arg};
use player::{player, Stats};
use serde_json::json;

/// The heap is counted, for the figure beside the pairing times.
#[global_allocator]
static HEAP: &stats_alloc::StatsAlloc<std::alloc::System> = common::COUNTING;

/// The clock the players ask for: `none`, or `MOVE+BANK` in seconds
/// (the pool offers a casual game 15+60, the rated pairing's).
fn clock_of(text: &str) -> serde_json::Value {
    if text == "none" {
        return json!({"kind": "none"});
    }
    let seconds = |s: &str| s.parse::<u32>().ok();
    match text.split_once('+').map(|(m, b)| (seconds(m), seconds(b))) {
        Some((Some(m), Some(b))) => json!({"kind": "per_move", "move_s": m, "bank_s": b}),
        _ => panic!("--clock {text:?}: give `none` or MOVE+BANK in seconds, e.g. 15+60"),
    }
}

/// A percentile of a sorted list (0 when empty).
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
    let clock = clock_of(&arg("--clock", "15+60"));
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
            limits: Arc::new(domino_server::limits::Limits {
                // Every player asks from 127.0.0.1.
                seeks_per_address: usize::MAX,
                ..(*common::no_limits()).clone()
            }),
            ..domino_server::Config::default()
        };
        tokio::spawn(domino_server::run(listener, config, std::future::pending()));
        tokio::time::sleep(Duration::from_millis(500)).await;
        let stats = Arc::new(Stats::default());
        let started = Instant::now();
        let tasks: Vec<_> = (0..players)
            .map(|i| {
                let asked = player::Asked {
                    rules: rules.clone(),
                    clock: clock.clone(),
                };
                tokio::spawn(player(addr, i, asked, poll, stats.clone()))
            })
            .collect();
        for t in tasks {
            t.await.unwrap();
        }
        let mut asked = stats.asked_ms.lock().unwrap().clone();
        asked.sort_unstable();
        let mut paired = stats.paired_ms.lock().unwrap().clone();
        paired.sort_unstable();
        let mut moves = stats.move_ms.lock().unwrap().clone();
        moves.sort_unstable();
        println!(
            "players {players} ({size} a table, clock {}, poll {} ms): seek answered median {} ms, p99 {} ms; \
             paired median {} ms, p99 {} ms, worst {} ms; \
             moves {} median {} ms p99 {} ms; matches finished {} of {}; all done in {:.1} s",
            arg("--clock", "15+60"),
            poll.as_millis(),
            pct(&asked, 0.5),
            pct(&asked, 0.99),
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
        println!(
            "process (server and players): cpu {:.1} s, peak resident {} MiB, heap now {} MiB; load average {}",
            common::cpu_secs(std::process::id()),
            common::status_kb("self", "VmHWM") / 1024,
            common::heap_live() / (1024 * 1024),
            common::load_average(),
        );
    });
}
