//! A parked table leaves memory (its task hands over to a dormant one that
//! keeps its id) and comes back from the store exactly as it was: the
//! returning player's first state is the one they would have had from the
//! table awake, its turn clock on, the time away counted.

#![allow(clippy::unwrap_used)]

mod common;

use std::time::Duration;

use common::{config, Client, Server};
use domino_server::clock::TimeSource;
use serde_json::{json, Value};

/// The `domino_tables_asleep` gauge.
async fn asleep(s: &Server) -> i64 {
    let (_, text) = s.metrics().await;
    text.lines()
        .find_map(|l| l.strip_prefix("domino_tables_asleep "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(-1)
}

/// Resume the seat of `token` at `table` on a new connection; the first
/// state it is sent.
async fn resume(s: &Server, table: &str, token: &str) -> (Client, Value) {
    let mut c = Client::connect(s.addr).await;
    let ask = json!({"type": "resume", "table": table, "token": token, "id": 1});
    c.send_raw(&ask.to_string()).await;
    let mut first = None;
    loop {
        let v = c.recv().await;
        if v["type"] == "state" && first.is_none() {
            first = Some(v);
        } else if v["id"] == 1 {
            assert_eq!(v["seat"], 0, "{v}");
            break;
        }
    }
    (c, first.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_parked_table_sleeps_and_resumes_exactly_its_clock_counting() {
    let time = TimeSource::default();
    let mut conf = config("sqlite::memory:");
    conf.time = time.clone();
    conf.clock_sweep = Duration::from_millis(25);
    let s = Server::start(conf);
    let mut c = Client::connect(s.addr).await;
    let r = c
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 2},
            "humans": 1, "bot": "random", "name": "Ann",
            "clock": {"kind": "correspondence", "move_s": 86_400}}),
        )
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    let token = c.token.clone().unwrap();
    let mut st = c.state.clone().unwrap();
    while !(st["clock"]["running"] == 0 && st["state"]["to_act"] == 0) {
        st = c.next_state().await;
    }
    let r = c
        .request(json!({"type": "chat", "text": "back soon"}))
        .await;
    assert_eq!(r["type"], "ok", "{r}");

    // What a returning connection is sent while the table is awake.
    let (other, awake) = resume(&s, &table, &token).await;
    drop(other);
    drop(c);
    for _ in 0..100 {
        if asleep(&s).await == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(asleep(&s).await, 1, "the parked table sleeps");

    // An hour away: the same table, an hour less on the clock.
    time.advance(Duration::from_secs(3600));
    let (mut c, back) = resume(&s, &table, &token).await;
    assert_eq!(asleep(&s).await, 0, "it woke up");
    let without_clock = |v: &Value| {
        let mut v = v.clone();
        v.as_object_mut().unwrap().remove("clock");
        v
    };
    assert_eq!(without_clock(&back), without_clock(&awake));
    assert_eq!(back["clock"]["running"], 0, "{back}");
    let left = |v: &Value| v["clock"]["left_ms"][0].as_i64().unwrap();
    let away = left(&awake) - left(&back);
    assert!(
        (3_600_000..3_610_000).contains(&away),
        "the clock counted {away} ms of an hour away"
    );
    assert!(
        back["chat"].to_string().contains("back soon"),
        "{}",
        back["chat"]
    );
    let a = back["state"]["legal"][0].clone();
    let r = c.request(json!({"type": "act", "action": a})).await;
    assert_eq!(r["type"], "ok", "{r}");
    assert_eq!(r["seq"].as_i64(), Some(back["seq"].as_i64().unwrap() + 1));
}
