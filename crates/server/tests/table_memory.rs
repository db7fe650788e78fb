//! What a table keeps in the server's memory, counted by the heap
//! allocator (one test in this file: the count is the process's): a
//! sleeping table is down to its id in the hub's map; a live one, played by bots with a watcher, to well under
//! 64 KiB before its sockets. The store's own cache of the tables' rows
//! is counted in both.
#![allow(clippy::unwrap_used, clippy::print_stderr)]

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use domino_engine::RulesSpec;
use domino_protocol::seat::Seating;
use domino_server::app::App;
use domino_server::table::{next_conn_id, Cmd, NewTable, Outbox};
use domino_server::Config;
use domino_store::Store;

#[global_allocator]
static HEAP: &stats_alloc::StatsAlloc<std::alloc::System> = &stats_alloc::INSTRUMENTED_SYSTEM;

fn heap() -> usize {
    let s = HEAP.stats();
    s.bytes_allocated.saturating_sub(s.bytes_deallocated)
}

const TABLES: usize = 200;

/// A new table's settings: jamaican, `humans` seats for people, the
/// others heuristic bots.
fn new_table(humans: u8, private: bool) -> NewTable {
    NewTable {
        rules: serde_json::from_value::<RulesSpec>(serde_json::json!({"preset": "jamaican"}))
            .unwrap(),
        bot: "heuristic".into(),
        private,
        humans,
        plan: Vec::new(),
        taken: Vec::new(),
        hints: false,
        secret: None,
        id: None,
        clock: Default::default(),
    }
}

/// Heap KiB per table since `before`.
fn per_table(before: usize) -> f64 {
    (heap() as f64 - before as f64) / TABLES as f64 / 1024.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_parked_table_keeps_little_and_a_live_one_under_64_kib() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("m.db").display());
    let store = Store::connect(&db).await.unwrap();
    let config = Arc::new(Config {
        db,
        bot_delay: Duration::from_millis(50),
        bot_budget_ms: 5,
        ..Config::default()
    });
    let rater = Arc::new(domino_server::profiles::Ratings::new(
        store.profiles().clone(),
    ));
    let hub = App::start(store, config.clone(), rater).await.unwrap().hub;
    tokio::time::sleep(Duration::from_millis(200)).await;

    // Private tables waiting for their player, who is not here: parked,
    // and asleep once the hub's sweep has been by (a new table stays
    // awake for its first command).
    let h0 = heap();
    for _ in 0..TABLES {
        let h = hub.create(new_table(1, true)).await.unwrap().1;
        h.tx.send(Cmd::Sweep).await.unwrap();
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let parked = per_table(h0);
    let asleep = config.metrics.tables_asleep.load(Ordering::Relaxed);
    assert_eq!(asleep, TABLES as u64, "every waiting table sleeps");

    // Tables of bots with a watcher each, playing.
    let h1 = heap();
    let mut drains = Vec::new();
    for _ in 0..TABLES {
        let (_, h) = hub.create(new_table(0, false)).await.unwrap();
        let (tx, mut rx) = tokio::sync::mpsc::channel::<Arc<str>>(512);
        let out = Outbox {
            tx,
            kick: Arc::default(),
        };
        let (reply, seated) = tokio::sync::oneshot::channel();
        h.tx.send(Cmd::Attach {
            conn: next_conn_id(),
            how: Box::new(Seating::Spectate),
            out,
            reply,
        })
        .await
        .unwrap();
        seated.await.unwrap().unwrap();
        drains.push(tokio::spawn(
            async move { while rx.recv().await.is_some() {} },
        ));
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    let live = per_table(h1);
    eprintln!("heap KiB per table: parked {parked:.2}, live {live:.1}");
    // (Before parked tables slept: 14.5 KiB; with a small task keeping
    // its channel, lobby line and chat: 4.8 KiB; now its id in the hub,
    // and the store's cache of its rows: about 0.3.)
    assert!(parked < 0.5, "a parked table keeps {parked:.2} KiB");
    assert!(live < 48.0, "a live table keeps {live:.1} KiB");
    for d in drains {
        d.abort();
    }
}
