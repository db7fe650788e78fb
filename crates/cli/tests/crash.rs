//! Durability under group commit: hundreds of all-bot tables play flat out
//! (no pause between bot moves), the server is killed with SIGKILL, and
//! every move a watcher was shown is in the store, each table's log whole
//! and in order, and every table plays on once a server has it again: the
//! same server restarted on its SQLite file, or, on PostgreSQL, the other
//! node when the owner is killed.
//!
//! A move reaches a watcher only after its batch committed, so what the
//! watchers saw is a lower bound of what must be stored. The PostgreSQL
//! test runs when `DOMINO_TEST_POSTGRES` names a server whose user may
//! create databases (it makes a fresh one).
#![cfg(unix)]
#![allow(clippy::unwrap_used)]

use crate::serving;

use std::collections::HashMap;
use std::process::Child;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use domino_store::Store;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// Tables playing at once when the server is killed: on one SQLite
/// server, and on the owner of two PostgreSQL nodes (the other then
/// restores them all, one after another).
const SQLITE_TABLES: usize = 200;
const POSTGRES_TABLES: usize = 100;

/// The sharper SQLite test: few tables, so that the server is far from
/// saturated and a move reaches its watcher milliseconds after its batch
/// is answered (with hundreds of tables flat out a broadcast waits longer
/// than a late commit would, and an early answer went unseen), killed in
/// each of several rounds.
const SHARP_TABLES: usize = 12;
const SHARP_ROUNDS: usize = 3;

/// How long the tests wait for the tables to be seen, taken over and play
/// on: a debug build on a loaded 2-core machine is slow.
const PATIENCE: Duration = Duration::from_secs(180);

/// A server process, killed when dropped (a failing test leaves none).
struct Proc(Child);

impl Proc {
    /// SIGKILL: no drain, no goodbye.
    fn kill(&mut self) {
        self.0.kill().unwrap();
        self.0.wait().unwrap();
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// What the watchers saw of each table: the newest position, and whether
/// its match ended.
type Seen = Arc<Mutex<HashMap<String, (i64, bool)>>>;

/// `domino serve` with no pause between bot moves and no limits in the
/// way of one address opening hundreds of tables.
fn serve(db: &str, extra: &[&str]) -> (Proc, String) {
    let mut args = vec![
        "--db",
        db,
        "--bot-delay-ms",
        "0",
        "--budget-ms",
        "20",
        "--max-tables-per-client",
        "1000",
        "--max-tables-per-address",
        "1000",
        "--max-creates-per-minute",
        "100000",
        "--max-messages-per-second",
        "1000",
        "--message-burst",
        "1000",
        "--max-sockets-per-address",
        "1000",
        "--max-connections-per-address",
        "2000",
    ];
    args.extend_from_slice(extra);
    let (child, addr) = serving::spawn_serve(&args);
    (Proc(child), addr)
}

/// Watch `table` (or create a table of bots when `None`) at `addr` until
/// `stop`, noting in `seen` each state's position. A state never goes
/// back: the moves reach a watcher in the order they were taken. Sends
/// once a first state came.
async fn watch(
    addr: String,
    table: Option<String>,
    seen: Seen,
    stop: Arc<AtomicBool>,
    ready: tokio::sync::mpsc::Sender<()>,
) {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    let ask = match &table {
        Some(t) => json!({"type": "spectate", "table": t}),
        None => json!({"type": "create", "humans": 0, "bot": "random", "name": "w",
            "private": true,
            "rules": {"preset": "draw", "players": 4, "options": {"target": 500}}}),
    };
    ws.send(Message::Text(ask.to_string().into()))
        .await
        .unwrap();
    let mut newest = -1;
    while !stop.load(Ordering::Relaxed) {
        let msg = tokio::select! {
            m = ws.next() => m,
            _ = tokio::time::sleep(Duration::from_millis(100)) => continue,
        };
        let text = match msg {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(_)) => continue,
            // The server was killed: what was read is what was seen.
            _ => break,
        };
        let v: Value = serde_json::from_str(text.as_str()).unwrap();
        match v["type"].as_str() {
            Some("state") => {
                let seq = v["seq"].as_i64().unwrap();
                assert!(seq >= newest, "state {seq} after {newest}");
                if newest < 0 {
                    let _ = ready.send(()).await;
                }
                newest = seq;
                let t = v["table"].as_str().unwrap().to_string();
                let finished = v["finished"] == true;
                seen.lock().unwrap().insert(t, (seq, finished));
            }
            Some("error") => panic!("{v}"),
            _ => {}
        }
    }
}

/// Start a watcher per table (`None`: create one), once each has a state.
async fn watchers(
    addr: &str,
    tables: Vec<Option<String>>,
    seen: &Seen,
    stop: &Arc<AtomicBool>,
) -> Vec<tokio::task::JoinHandle<()>> {
    let (tx, mut rx) = tokio::sync::mpsc::channel(tables.len());
    let n = tables.len();
    let tasks = tables
        .into_iter()
        .map(|t| {
            tokio::spawn(watch(
                addr.to_string(),
                t,
                seen.clone(),
                stop.clone(),
                tx.clone(),
            ))
        })
        .collect();
    for _ in 0..n {
        tokio::time::timeout(PATIENCE, rx.recv())
            .await
            .expect("every watcher sees its table");
    }
    tasks
}

/// Every move the watchers saw is stored, each log whole and in order;
/// the stored length of each unfinished table.
async fn check_stored(db: &str, seen: &Seen, tables: usize) -> HashMap<String, i64> {
    let store = Store::connect(db).await.unwrap();
    let mut stored = HashMap::new();
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), tables);
    for (t, (seq, finished)) in seen {
        let log = store.tables().log(&t).await.unwrap();
        let seqs: Vec<i64> = log.iter().map(|e| e.seq).collect();
        assert_eq!(seqs, (0..log.len() as i64).collect::<Vec<_>>(), "{t}");
        assert!(
            log.len() as i64 >= seq,
            "table {t}: a watcher saw state {seq}, the store has {} entries",
            log.len()
        );
        // A match is in the history before anyone hears it ended.
        if !finished && store.tables().finished(&t).await.unwrap().is_none() {
            stored.insert(t, log.len() as i64);
        }
    }
    store.close().await;
    stored
}

/// Each table in `stored` plays on past its stored length at `addr`.
async fn all_play_on(addr: &str, stored: &HashMap<String, i64>) {
    let seen: Seen = Default::default();
    let stop = Arc::new(AtomicBool::new(false));
    let tables = stored.keys().cloned().map(Some).collect();
    let tasks = watchers(addr, tables, &seen, &stop).await;
    let began = Instant::now();
    loop {
        let behind: Vec<String> = {
            let seen = seen.lock().unwrap();
            stored
                .iter()
                .filter(|(t, n)| seen.get(*t).is_none_or(|(s, f)| !f && s <= n))
                .map(|(t, _)| t.clone())
                .collect()
        };
        if behind.is_empty() {
            break;
        }
        assert!(
            began.elapsed() < PATIENCE,
            "{} tables never played on, e.g. {}",
            behind.len(),
            behind[0]
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        t.await.unwrap();
    }
}

/// Play `tables` tables at `addr` for `secs`, kill `server` with
/// SIGKILL, and let the watchers read what they were sent before it died.
async fn play_then_kill(addr: &str, server: &mut Proc, tables: usize, secs: f64) -> Seen {
    let seen: Seen = Default::default();
    let stop = Arc::new(AtomicBool::new(false));
    let tasks = watchers(addr, vec![None; tables], &seen, &stop).await;
    tokio::time::sleep(Duration::from_secs_f64(secs)).await;
    server.kill();
    for t in tasks {
        t.await.unwrap();
    }
    let moves: i64 = seen.lock().unwrap().values().map(|(s, _)| s).sum();
    assert!(moves > tables as i64, "the tables played: {moves} moves");
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_mid_play_on_sqlite_the_server_keeps_every_move_it_showed() {
    let dir = std::env::temp_dir().join(format!("domino-crash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("crash.db").display());
    let (mut server, addr) = serve(&db, &[]);
    let seen = play_then_kill(&addr, &mut server, SQLITE_TABLES, 3.0).await;
    let stored = check_stored(&db, &seen, SQLITE_TABLES).await;
    let (mut server, addr) = serve(&db, &[]);
    all_play_on(&addr, &stored).await;
    server.kill();
    let _ = std::fs::remove_dir_all(&dir);
}

/// A server that answered a move before its batch was synced would be
/// caught here: with the server unhurried, a watcher is shown a move
/// within milliseconds of its answer, so a kill between an answer and its
/// commit leaves a move shown and not stored. (A writer answering 50 ms
/// before each commit failed this test in its first round in three runs of
/// three, which passed without it; the 200-table test above and the
/// PostgreSQL one failed with it too in a run each, but the 200-table test
/// had also passed with it before.) Each round kills a fresh server at a
/// different moment.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_unhurried_on_sqlite_the_server_showed_no_move_it_had_not_stored() {
    let dir = std::env::temp_dir().join(format!("domino-sharp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for round in 0..SHARP_ROUNDS {
        let db = format!("sqlite://{}", dir.join(format!("r{round}.db")).display());
        let (mut server, addr) = serve(&db, &[]);
        let secs = 1.0 + 0.37 * round as f64;
        let seen = play_then_kill(&addr, &mut server, SHARP_TABLES, secs).await;
        check_stored(&db, &seen, SHARP_TABLES).await;
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_owner_on_postgres_loses_no_move_and_the_other_node_plays_on() {
    let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return;
    };
    let (db, name) = domino_store::scratch_postgres(&url, "crash").await.unwrap();
    let node = |n: &'static str| serve(&db, &["--node", n, "--lease", "1500ms"]);
    let (mut owner, owner_addr) = node("crash-a");
    let (mut other, other_addr) = node("crash-b");
    let seen = play_then_kill(&owner_addr, &mut owner, POSTGRES_TABLES, 3.0).await;
    let stored = check_stored(&db, &seen, POSTGRES_TABLES).await;
    // The other node takes each table over once it sees the owner gone.
    let store = Store::connect(&db).await.unwrap();
    let began = Instant::now();
    for t in stored.keys() {
        // (A table it took over may have finished since: it played on.)
        while store
            .leases()
            .lease_holder(t)
            .await
            .unwrap()
            .map(|h| h.node)
            != Some("crash-b".into())
            && store.tables().finished(t).await.unwrap().is_none()
        {
            assert!(began.elapsed() < PATIENCE, "{t} not taken over");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    store.close().await;
    all_play_on(&other_addr, &stored).await;
    other.kill();
    domino_store::drop_scratch_postgres(&url, &name)
        .await
        .unwrap();
}
