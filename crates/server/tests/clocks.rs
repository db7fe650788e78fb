//! Turn clocks and correspondence tables: a timeout makes the computer
//! move, three of them leave the seat, the clock survives a restart, a
//! correspondence move a day later is kept (the time source is moved on,
//! nobody waits a day), and a clock out of range is refused.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::time::Duration;

use common::{config, Client, Server};
use domino_server::clock::TimeSource;
use serde_json::{json, Value};

/// A server whose turn clocks read `time` and are swept often.
fn clocked(db: &str, time: &TimeSource) -> domino_server::Config {
    let mut c = config(db);
    c.time = time.clone();
    c.clock_sweep = Duration::from_millis(25);
    c.node = "clocks".into();
    c
}

/// Create a two-player draw table for this client (seat 0) and a bot,
/// under `clock`; the table's id.
async fn create(c: &mut Client, clock: Value) -> String {
    let r = c
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 2},
            "humans": 1, "bot": "random", "name": "Ann", "clock": clock}),
        )
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    r["table"].as_str().unwrap().to_string()
}

/// The next state in which `pred` holds, readying between hands.
async fn until(c: &mut Client, pred: impl Fn(&Value) -> bool) -> Value {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let mut msg = c.state.clone().unwrap();
    loop {
        if pred(&msg) {
            return msg;
        }
        assert!(std::time::Instant::now() < deadline, "never: {msg}");
        if msg["state"]["phase"] == "hand_over"
            && msg["seat"] == 0
            && !msg["seats"][0]["ready"].as_bool().unwrap()
        {
            let r = c.request(json!({"type": "ready"})).await;
            assert_eq!(r["type"], "ok", "{r}");
        }
        msg = c.next_state().await;
    }
}

/// The player's move in this state: a tile when one plays, else the
/// first legal one (a draw from the boneyard, or a pass).
fn turn_move(st: &Value) -> Value {
    let legal = st["state"]["legal"].as_array().unwrap();
    legal
        .iter()
        .find(|a| a["type"] == "play")
        .unwrap_or(&legal[0])
        .clone()
}

fn my_clock_runs(m: &Value) -> bool {
    m["clock"]["running"] == 0 && m["state"]["to_act"] == 0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timeout_makes_the_computer_move_and_three_leave_the_seat() {
    let time = TimeSource::default();
    let s = Server::start(clocked("sqlite::memory:", &time));
    let mut c = Client::connect(s.addr).await;
    create(
        &mut c,
        json!({"kind": "per_move", "move_s": 5, "bank_s": 0}),
    )
    .await;
    for n in 1..=3 {
        let before = until(&mut c, my_clock_runs).await;
        assert!(
            before["clock"]["left_ms"][0].as_i64().unwrap() <= 5_000,
            "{before}"
        );
        time.advance(Duration::from_secs(6));
        let after = until(&mut c, |m| m["clock"]["timeouts"][0] == n).await;
        // The computer made the move: the table moved on from it.
        let moved = until(&mut c, |m| m["seq"].as_i64() > before["seq"].as_i64()).await;
        assert!(moved["seq"].as_i64() > before["seq"].as_i64(), "{after}");
        if n < 3 {
            assert_eq!(after["seats"][0]["left"], false, "{after}");
        }
    }
    // The third timeout: the seat is left to the computer, as if its
    // player had left, and this connection only watches now.
    let gone = until(&mut c, |m| m["seats"][0]["left"] == true).await;
    assert_eq!(gone["seat"], Value::Null, "{gone}");
}

/// At a clocked table a draw from the boneyard that is all the seat can
/// do is made for the player at once, as a pass is: no turn of theirs
/// offers only a draw while their clock runs. Played until the player has
/// drawn, so the case is met.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forced_draw_is_made_at_once_at_a_clocked_table() {
    let time = TimeSource::default();
    let s = Server::start(clocked("sqlite::memory:", &time));
    let mut c = Client::connect(s.addr).await;
    create(
        &mut c,
        json!({"kind": "per_move", "move_s": 300, "bank_s": 0}),
    )
    .await;
    let drew = |m: &Value| {
        m["state"]["history"].as_array().is_some_and(|h| {
            h.iter()
                .any(|e| e["seat"] == 0 && e["action"]["type"] == "draw")
        })
    };
    let mut turns = 0;
    loop {
        let st = until(&mut c, |m| {
            my_clock_runs(m) || drew(m) || m["state"]["phase"] == "match_over"
        })
        .await;
        if drew(&st) {
            break;
        }
        assert_ne!(st["state"]["phase"], "match_over", "never drew: {st}");
        let legal = st["state"]["legal"].as_array().unwrap();
        assert!(
            legal.iter().any(|a| a["type"] != "draw"),
            "a turn with only a draw, on the player's clock: {st}"
        );
        let r = c
            .request(json!({"type": "act", "action": turn_move(&st)}))
            .await;
        assert_eq!(r["type"], "ok", "{r}");
        turns += 1;
        assert!(turns < 500, "{st}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("clocks.db").display());
    let time = TimeSource::default();
    let s = Server::start(clocked(&db, &time));
    let mut c = Client::connect(s.addr).await;
    let table = create(
        &mut c,
        json!({"kind": "per_move", "move_s": 15, "bank_s": 60}),
    )
    .await;
    until(&mut c, my_clock_runs).await;
    let token = c.token.clone().unwrap();
    // 30 of the turn's 75 seconds pass, then the server dies.
    time.advance(Duration::from_secs(30));
    s.kill();
    drop(c);

    let s = Server::start(clocked(&db, &time));
    let mut c = Client::connect(s.addr).await;
    let r = c
        .request(json!({"type": "resume", "table": table, "token": token}))
        .await;
    assert_eq!(r["seat"], 0, "{r}");
    let back = until(&mut c, my_clock_runs).await;
    // The stored deadline holds: 45 s left, not a fresh 75.
    let left = back["clock"]["left_ms"][0].as_i64().unwrap();
    assert!((40_000..=45_000).contains(&left), "{back}");
    // And it still fires on the new server.
    time.advance(Duration::from_secs(46));
    until(&mut c, |m| m["clock"]["timeouts"][0] == 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_move_a_day_later_is_kept_and_a_late_one_is_made_for_you() {
    let time = TimeSource::default();
    let mut conf = clocked("sqlite::memory:", &time);
    // The table parks as soon as its player goes: the deadline must
    // still fire from the hub's sweep.
    conf.limits = std::sync::Arc::new(domino_server::limits::Limits {
        park_after: Duration::from_millis(50),
        ..(*conf.limits).clone()
    });
    let s = Server::start(conf);
    let mut c = Client::connect(s.addr).await;
    let two_days = 2 * 24 * 3600;
    let table = create(
        &mut c,
        json!({"kind": "correspondence", "move_s": two_days}),
    )
    .await;
    let waiting = until(&mut c, my_clock_runs).await;
    let token = c.token.clone().unwrap();
    drop(c);

    // A day later the player comes back and moves: the move is kept.
    time.advance(Duration::from_secs(24 * 3600));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut c = Client::connect(s.addr).await;
    let r = c
        .request(json!({"type": "resume", "table": table, "token": token}))
        .await;
    assert_eq!(r["seat"], 0, "{r}");
    let st = until(&mut c, my_clock_runs).await;
    assert_eq!(st["seq"], waiting["seq"], "nothing was played meanwhile");
    assert_eq!(st["clock"]["timeouts"][0], 0);
    let left = st["clock"]["left_ms"][0].as_i64().unwrap();
    assert!(left <= 24 * 3600 * 1000, "{left}");
    let mut a = turn_move(&st);
    let r = c.request(json!({"type": "act", "action": a})).await;
    assert_eq!(r["type"], "ok", "{r}");
    let kept = r["seq"].as_i64().unwrap();
    assert!(kept > st["seq"].as_i64().unwrap());
    // A draw from the boneyard is part of the turn, whose clock runs on
    // from when the turn began: draw on until a tile plays, so that the
    // player's next turn is a new one. (The test once took the turn it
    // drew in, begun a day earlier, for the next, and read a day less.)
    let mut last = kept;
    while a["type"] == "draw" {
        let st = until(&mut c, |m| {
            my_clock_runs(m) && m["seq"].as_i64() >= Some(last)
        })
        .await;
        a = turn_move(&st);
        let r = c.request(json!({"type": "act", "action": a})).await;
        assert_eq!(r["type"], "ok", "{r}");
        last = r["seq"].as_i64().unwrap();
    }

    // The next turn left alone for three days, at a parked table: the
    // computer moves for the player when the deadline passes.
    let mine = until(&mut c, |m| {
        my_clock_runs(m) && m["seq"].as_i64() > Some(last)
    })
    .await;
    // Meanwhile the lobby lists it as the player's turn, with the time
    // left, before a table of theirs where it is not (a casual one); a
    // token that holds no seat lists nothing.
    let casual = {
        let mut other = Client::connect(s.addr).await;
        let t = create(&mut other, json!({"kind": "none"})).await;
        (t, other.token.clone().unwrap())
    };
    let ask = json!({"seats": [
        {"table": casual.0, "token": casual.1},
        {"table": table, "token": token},
        {"table": table, "token": "not-a-token"},
    ]});
    let (status, _, body) =
        common::http_request(s.addr, "POST", "/api/turns", &[], Some(&ask.to_string())).await;
    assert_eq!(status, 200, "{body}");
    let list: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(list.as_array().unwrap().len(), 2, "{list}");
    assert_eq!(list[0]["table"], table.as_str(), "{list}");
    assert_eq!(list[0]["your_turn"], true, "{list}");
    assert_eq!(list[0]["clock"]["kind"], "correspondence");
    let left = list[0]["left_ms"].as_i64().unwrap();
    assert!(left > 47 * 3600 * 1000 && left <= two_days * 1000, "{list}");
    assert_eq!(list[1]["your_turn"], false, "{list}");
    drop(c);
    tokio::time::sleep(Duration::from_millis(300)).await;
    time.advance(Duration::from_secs(3 * 24 * 3600));
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut c = Client::connect(s.addr).await;
    let r = c
        .request(json!({"type": "resume", "table": table, "token": token}))
        .await;
    assert_eq!(r["seat"], 0, "{r}");
    // The move made for the player may follow the timeout's own state by a
    // moment (the seat's bot plays it): wait for it rather than read the
    // state the resume found.
    let later = until(&mut c, |m| m["seq"].as_i64() > mine["seq"].as_i64()).await;
    assert_eq!(later["clock"]["timeouts"][0], 1, "{later}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_out_of_range_is_refused() {
    let s = common::mem();
    let mut c = Client::connect(s.addr).await;
    for clock in [
        json!({"kind": "per_move", "move_s": 1, "bank_s": 60}),
        json!({"kind": "per_move", "move_s": 15, "bank_s": 86_400}),
        json!({"kind": "per_match", "bank_s": 5}),
        json!({"kind": "correspondence", "move_s": 60}),
        json!({"kind": "correspondence", "move_s": 7 * 24 * 3600}),
    ] {
        let r = c
            .request(json!({"type": "create", "rules": {"preset": "draw"}, "name": "Ann", "clock": clock}))
            .await;
        assert_eq!(r["type"], "error", "{clock}: {r}");
        assert_eq!(r["code"], "bad_clock", "{clock}: {r}");
        assert!(r["message"].as_str().unwrap().contains("seconds"), "{r}");
    }
    // Not a clock at all: the request is refused as malformed.
    let r = c
        .request(json!({"type": "create", "rules": {"preset": "draw"}, "name": "Ann", "clock": {"kind": "blitz"}}))
        .await;
    assert_eq!(r["type"], "error", "{r}");
    // No clock: a casual table, and its state carries none.
    let r = c
        .request(json!({"type": "create", "rules": {"preset": "draw"}, "name": "Ann"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    assert!(c.state.clone().unwrap().get("clock").is_none());
}

/// The lobby's list of clocked tables names the other people at each:
/// Ann sees Bea, Bea sees Ann, and a computer seat is not named.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_list_of_clocked_tables_names_the_other_people() {
    let time = TimeSource::default();
    let s = Server::start(clocked("sqlite::memory:", &time));
    let mut ann = Client::connect(s.addr).await;
    let r = ann
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 3},
            "humans": 2, "bot": "random", "name": "Ann",
            "clock": {"kind": "correspondence", "move_s": 86_400}}),
        )
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    let mut bea = Client::connect(s.addr).await;
    let r = bea
        .request(json!({"type": "join", "table": table, "name": "Bea"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    for (who, other) in [(&ann, "Bea"), (&bea, "Ann")] {
        let ask = json!({"seats": [{"table": table, "token": who.token.clone().unwrap()}]});
        let (status, _, body) =
            common::http_request(s.addr, "POST", "/api/turns", &[], Some(&ask.to_string())).await;
        assert_eq!(status, 200, "{body}");
        let list: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(list[0]["opponents"], json!([other]), "{list}");
    }
}
