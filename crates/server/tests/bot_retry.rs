//! A store that refuses writes does not make a bot table spin: each
//! refused bot move is asked for again after a pause that doubles, the
//! refusals are counted in `/metrics`, and play goes on once the store
//! takes writes again.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::time::{Duration, Instant};

use common::{config, Client, Server};
use serde_json::json;

/// `domino_bot_moves_refused_total` in `/metrics`.
async fn refused(s: &Server) -> f64 {
    let (_, text) = s.metrics().await;
    text.lines()
        .find_map(|l| l.strip_prefix("domino_bot_moves_refused_total "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_bot_moves_back_off_and_play_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("refusing.db");
    let s = Server::start(config(&format!("sqlite://{}", path.display())));
    let mut ann = Client::connect(s.addr).await;
    let r = ann
        .request(
            json!({"type": "create", "humans": 1, "bot": "random", "name": "Ann",
                        "rules": {"preset": "jamaican"}}),
        )
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    let mut watcher = Client::connect(s.addr).await;
    let r = watcher
        .request(json!({"type": "spectate", "table": table}))
        .await;
    assert_ne!(r["type"], "error", "{r}");
    watcher.settle(200).await;

    // The store stops taking moves: the log's table is renamed away
    // behind the server's back.
    let side = sqlx::sqlite::SqlitePool::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    sqlx::query("ALTER TABLE domino_actions RENAME TO domino_actions_away")
        .execute(&side)
        .await
        .unwrap();
    let before = refused(&s).await;
    // Ann leaves: bots play every seat now, and each of their moves is
    // refused. Random bots answer at once, so without the pauses they
    // would be asked thousands of times in these two seconds.
    let r = ann.request(json!({"type": "leave"})).await;
    assert_eq!(r["type"], "ok", "{r}");
    tokio::time::sleep(Duration::from_secs(2)).await;
    let during = refused(&s).await - before;
    assert!(
        (2.0..=12.0).contains(&during),
        "{during} bot moves refused in 2 s"
    );
    watcher.settle(100).await;

    // The store takes writes again: the bots' next ask (within the 2 s
    // longest pause) is kept, and play goes on.
    sqlx::query("ALTER TABLE domino_actions_away RENAME TO domino_actions")
        .execute(&side)
        .await
        .unwrap();
    let start = Instant::now();
    let mut moves = 0;
    while moves < 3 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "play did not go on once the store took writes again"
        );
        if let Some(m) = watcher.try_recv(500).await {
            if m["type"] == "state" && m["events"].as_array().is_some_and(|e| !e.is_empty()) {
                moves += 1;
            }
        }
    }
}
