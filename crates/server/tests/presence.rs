//! Presence at a table: a dropped player's seat says so at once, with the
//! time left before a computer plays it, and a table nobody is connected
//! to waits for its players instead of letting the bots play on.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::time::Duration;

use common::{config, Client, Server};
use serde_json::{json, Value};

async fn health(s: &Server) -> Value {
    let (code, body) = s.get("/healthz").await;
    assert_eq!(code, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_is_shown_at_once_with_the_time_before_a_computer_plays() {
    let mut cfg = config("sqlite::memory:");
    cfg.grace = Duration::from_secs(25);
    let s = Server::start(cfg);
    let mut ann = Client::connect(s.addr).await;
    let r = ann
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 2},
                        "seats": ["me", "human"], "bot": "random", "name": "Ann"}),
        )
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].clone();
    let mut bea = Client::connect(s.addr).await;
    let r = bea
        .request(json!({"type": "join", "table": table, "name": "Bea"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    ann.settle(200).await;
    let st = ann.state.clone().unwrap();
    assert!(
        st["seats"][1].get("bot_in_ms").is_none(),
        "Bea is here: {}",
        st["seats"][1]
    );
    drop(bea);
    // Ann hears of it at once, not when the grace is over.
    let st = ann.next_state().await;
    let left = st["seats"][1]["bot_in_ms"].as_u64().expect("a countdown");
    assert!((20_000..=25_000).contains(&left), "{left} ms of 25 s");
    assert_eq!(st["seats"][1]["present"], false);
    assert_eq!(st["seats"][1]["bot"], false, "no computer plays yet");
    // Ann's own seat and the countdown's end are her page's to show.
    assert!(st["seats"][0].get("bot_in_ms").is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_nobody_is_connected_to_waits_for_its_player_and_resumes_when_she_returns() {
    let mut cfg = config("sqlite::memory:");
    // A short grace and slow bots: without the pause, the bots would
    // play Ann's seat and their own within the test's wait.
    cfg.grace = Duration::from_millis(50);
    cfg.bot_delay = Duration::from_millis(30);
    let s = Server::start(cfg);
    let mut ann = Client::connect(s.addr).await;
    let r = ann
        .request(json!({"type": "create", "rules": {"preset": "draw", "players": 4, "options": {"target": 1}},
                        "seats": ["me", "bot", "bot", "bot"], "bot": "random", "name": "Ann"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let (table, token) = (r["table"].clone(), r["token"].clone());
    drop(ann);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let h = health(&s).await;
    assert_eq!(h["parked"], 1, "paused at once: {h}");
    let before = h["actions"].as_u64().unwrap();
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(
        health(&s).await["actions"].as_u64().unwrap(),
        before,
        "no bot plays while nobody is there"
    );
    // Ann comes back: the table plays on.
    let mut ann = Client::connect(s.addr).await;
    let r = ann
        .request(json!({"type": "resume", "table": table, "token": token}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    assert_eq!(health(&s).await["parked"], 0);
    let end = common::play_out(&mut ann, 3).await;
    assert_eq!(end["state"]["phase"], "match_over");
    assert!(health(&s).await["actions"].as_u64().unwrap() > before);
}
