//! Several nodes on one PostgreSQL database: each table has one owner (its
//! lease), a second node does not open it, and when the owner is killed
//! another node takes the table over and its players carry on there with
//! every acknowledged action. Runs when `DOMINO_TEST_POSTGRES` names a
//! server whose user may create databases (each test makes a fresh one).
#![allow(clippy::unwrap_used)]

mod common;

use std::time::{Duration, Instant};

use common::{config, full_table, play_out, Client, Server};
use serde_json::{json, Value};

/// A fresh database on the test server; its URL.
async fn fresh_db(url: &str) -> String {
    domino_server::store::scratch_postgres(url, "nodes")
        .await
        .unwrap()
        .0
}

fn node(db: &str, name: &str) -> Server {
    let mut cfg = config(db);
    cfg.node = name.into();
    cfg.lease = Duration::from_millis(900);
    Server::start(cfg)
}

/// The number in a `/metrics` line.
async fn metric(s: &Server, name: &str) -> f64 {
    let (_, text) = s.get("/metrics").await;
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{name} ")))
        .unwrap()
        .parse()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_owners_table_is_taken_over_by_another_node_and_finished_there() {
    let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return;
    };
    let db = fresh_db(&url).await;
    let a = node(&db, "a");
    let (mut clients, table) = full_table(
        &a,
        json!({"preset": "draw", "players": 2, "options": {"target": 60}}),
        2,
    )
    .await;
    // Six acknowledged actions on node a.
    let mut acked = 0;
    while acked < 6 {
        let st = clients[0].state.clone().unwrap()["state"].clone();
        if common::step_all(&mut clients, &st).await {
            acked += 1;
        }
        for c in &mut clients {
            c.settle(50).await;
        }
    }
    let seq = clients[0].state.as_ref().unwrap()["seq"].clone();
    let tokens: Vec<String> = clients.iter().map(|c| c.token.clone().unwrap()).collect();

    // A second node neither opens the table nor takes it while a renews.
    let b = node(&db, "b");
    tokio::time::sleep(Duration::from_millis(2000)).await;
    assert_eq!(metric(&a, "domino_tables_owned").await, 1.0);
    assert_eq!(metric(&b, "domino_tables_owned").await, 0.0);
    let mut early = Client::connect(b.addr).await;
    let r = early
        .request(json!({"type": "resume", "table": table, "token": tokens[0]}))
        .await;
    assert_eq!(r["type"], "error", "{r}");

    // Kill the owner (like kill -9); b takes the table over.
    let killed = Instant::now();
    a.kill();
    drop(clients);
    while metric(&b, "domino_tables_owned").await < 1.0 {
        assert!(killed.elapsed() < Duration::from_secs(15), "not taken over");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!(
        "taken over {} ms after the kill",
        killed.elapsed().as_millis()
    );

    // The players resume on b where they were, and finish the match.
    // Both resume before either plays, so both see the table as it was.
    let mut resumed = Vec::new();
    for token in tokens {
        let mut c = Client::connect(b.addr).await;
        let r = c
            .request(json!({"type": "resume", "table": table, "token": token}))
            .await;
        assert_eq!(r["type"], "joined", "{r}");
        if c.state.is_none() {
            c.next_state().await;
        }
        assert_eq!(
            c.state.as_ref().unwrap()["seq"],
            seq,
            "nothing lost or doubled"
        );
        resumed.push(c);
    }
    let mut tasks = Vec::new();
    for (i, mut c) in resumed.into_iter().enumerate() {
        tasks.push(tokio::spawn(
            async move { play_out(&mut c, i as u64).await },
        ));
    }
    let mut finals: Vec<Value> = Vec::new();
    for t in tasks {
        finals.push(t.await.unwrap());
    }
    for f in &finals {
        assert_eq!(f["state"]["phase"], "match_over");
    }
    let (code, _) = b.get(&format!("/api/history/{table}/record")).await;
    assert_eq!(code, 200);
}
