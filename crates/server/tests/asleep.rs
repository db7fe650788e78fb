//! A parked table leaves memory (its task hands over to a dormant one that
//! keeps its id) and comes back from the store exactly as it was: the
//! returning player's first state is the one they would have had from the
//! table awake, its turn clock on, the time away counted.

#![allow(clippy::unwrap_used)]

use crate::common;

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

/// Create a two-seat draw table, Ann in seat 0 against a random bot,
/// with `clock` (JSON) when given; the client and the table's id.
async fn ann_table(s: &Server, clock: Option<Value>) -> (Client, String) {
    let mut c = Client::connect(s.addr).await;
    let mut ask = json!({"type": "create", "rules": {"preset": "draw", "players": 2},
        "humans": 1, "bot": "random", "name": "Ann"});
    if let Some(clock) = clock {
        ask["clock"] = clock;
    }
    let r = c.request(ask).await;
    assert_eq!(r["type"], "joined", "{r}");
    (c, r["table"].as_str().unwrap().to_string())
}

/// Wait until `n` tables sleep.
async fn until_asleep(s: &Server, n: i64) {
    for _ in 0..200 {
        if asleep(s).await == n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(asleep(s).await, n, "tables asleep");
}

/// A restart keeps what a sleeping table kept: its chat, its player's
/// readiness and settings are in the store, not in the process, and the
/// table goes on from them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sleeping_table_survives_a_restart_with_its_chat_and_readiness() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("a.db").display());
    let s = Server::start(config(&db));
    let (mut c, table) = ann_table(&s, None).await;
    let token = c.token.clone().unwrap();
    let mut st = c.state.clone().unwrap();
    // Play the first hand out, then say ready for the next one.
    while st["state"]["phase"] != "hand_over" {
        if st["state"]["to_act"] == 0 && !st["state"]["legal"].as_array().unwrap().is_empty() {
            let a = st["state"]["legal"][0].clone();
            let r = c.request(json!({"type": "act", "action": a})).await;
            assert_eq!(r["type"], "ok", "{r}");
            st = c.state.clone().unwrap();
            continue;
        }
        st = c.next_state().await;
    }
    for ask in [
        json!({"type": "settings", "auto_pass": false}),
        json!({"type": "chat", "text": "see you tomorrow"}),
        json!({"type": "ready"}),
    ] {
        let r = c.request(ask).await;
        assert_eq!(r["type"], "ok", "{r}");
    }
    drop(c);
    until_asleep(&s, 1).await;
    s.kill();

    let s = Server::start(config(&db));
    let (mut c, back) = resume(&s, &table, &token).await;
    assert!(
        back["chat"].to_string().contains("see you tomorrow"),
        "{}",
        back["chat"]
    );
    // Ready as she left it: the next hand is dealt (or she shows ready).
    let mut st = back.clone();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while st["state"]["hand_number"] == 1 {
        assert_eq!(st["seats"][0]["ready"], true, "{st}");
        assert!(std::time::Instant::now() < deadline, "no next hand: {st}");
        st = c.next_state().await;
    }
    assert_eq!(st["state"]["hand_number"], 2, "{st}");
}

/// Several connections coming back at once to a sleeping table wake it
/// once: they all sit at the same copy, so each hears the others' chat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_racing_to_wake_a_table_build_it_once() {
    let s = Server::start(config("sqlite::memory:"));
    let (c, table) = ann_table(&s, None).await;
    let token = c.token.clone().unwrap();
    drop(c);
    until_asleep(&s, 1).await;

    let mut clients: Vec<Client> = futures_util::future::join_all(
        (0..6).map(|_| async { resume(&s, &table, &token).await.0 }),
    )
    .await;
    assert_eq!(asleep(&s).await, 0, "it woke up");
    let r = clients[0]
        .request(json!({"type": "chat", "text": "all here?"}))
        .await;
    assert_eq!(r["type"], "ok", "{r}");
    for c in &mut clients[1..] {
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        loop {
            assert!(std::time::Instant::now() < deadline, "a second copy");
            let m = c.recv().await;
            if m["type"] == "chat" && m["text"] == "all here?" {
                break;
            }
        }
    }
}

/// A turn clock's deadline passing while its table sleeps: the clock
/// sweep finds it in the store, wakes the table, and the computer moves
/// for the player who is away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sleeping_tables_clock_deadline_fires() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("c.db").display());
    let time = TimeSource::default();
    let mut conf = config(&db);
    conf.time = time.clone();
    conf.clock_sweep = Duration::from_millis(25);
    let s = Server::start(conf);
    let clock = json!({"kind": "correspondence", "move_s": 3_600});
    let (mut c, table) = ann_table(&s, Some(clock)).await;
    let mut st = c.state.clone().unwrap();
    while !(st["clock"]["running"] == 0 && st["state"]["to_act"] == 0) {
        st = c.next_state().await;
    }
    drop(c);
    until_asleep(&s, 1).await;
    let pool = sqlx::SqlitePool::connect(&db).await.unwrap();
    let moves = || async {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM domino_actions WHERE table_id = ?")
            .bind(&table)
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    let before = moves().await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(moves().await, before, "nothing moves before the deadline");

    time.advance(Duration::from_secs(3_601));
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while moves().await == before {
        assert!(
            std::time::Instant::now() < deadline,
            "the deadline passed and nobody moved"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A public table with a free seat stays in the lobby when its people
/// leave: it does not sleep (the lobby lists tables from memory).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_public_table_stays_listed() {
    let s = Server::start(config("sqlite::memory:"));
    let mut c = Client::connect(s.addr).await;
    let r = c
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 2},
            "humans": 2, "bot": "random", "name": "Ann"}),
        )
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    drop(c);
    // Parked, and still parked a while later: not asleep.
    let mut parked = false;
    for _ in 0..100 {
        let (_, health) = s.get("/healthz").await;
        let h: Value = serde_json::from_str(&health).unwrap();
        if h["parked"] == 1 {
            parked = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(parked, "the table parks");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(asleep(&s).await, 0, "an open public table stays awake");
    let (_, list) = s.get("/api/tables").await;
    assert!(list.contains(&table), "{list}");
}
