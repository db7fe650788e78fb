//! Who may take or keep a seat (issue 53, items 7 to 9), as a prober
//! found them: a seat token seats only its owner when the seat belongs to
//! a profile or a bot account (a guest's token stays enough for a guest's
//! seat); a refused `join` or `resume` on a socket seated at that table
//! leaves it seated; an `act` without `seq` sent for a turn that timed out
//! is refused, not played on the seat's next turn.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::net::SocketAddr;
use std::time::Duration;

use common::{config, http_request, person, Client, Server};
use domino_server::clock::TimeSource;
use serde_json::{json, Value};

async fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> (u16, Value) {
    let body = body.map(|b| b.to_string());
    let (status, _, text) = http_request(addr, method, path, headers, body.as_deref()).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// A new bot account: its profile id and its API token's `Authorization`.
async fn bot(addr: SocketAddr, name: &str) -> (String, String) {
    let (cookie, id) = person(addr, name).await;
    let c = [("Cookie", cookie.as_str())];
    let (status, card) = call(addr, "POST", "/api/profile/bot", &c, Some(json!({}))).await;
    assert_eq!(status, 200, "{card}");
    let body = Some(json!({"name": "test"}));
    let (status, made) = call(addr, "POST", "/api/tokens", &c, body).await;
    assert_eq!(status, 201, "{made}");
    (id, format!("Bearer {}", made["token"].as_str().unwrap()))
}

async fn bot_socket(addr: SocketAddr, auth: &str) -> Client {
    Client::connect_with_headers(addr, &[("Authorization", auth)])
        .await
        .unwrap()
}

async fn resume(c: &mut Client, table: &Value, token: &Value) -> Value {
    c.request(json!({"type": "resume", "table": table, "token": token}))
        .await
}

#[tokio::test]
async fn a_seat_token_seats_only_the_profile_or_bot_account_that_holds_the_seat() {
    let s = Server::start(config("sqlite::memory:"));
    let (bot_id, auth) = bot(s.addr, "Seat Bot").await;
    let (_, other_auth) = bot(s.addr, "Other Bot").await;
    let (cookie, _) = person(s.addr, "Pat").await;
    let mut events = bot_socket(s.addr, &auth).await;
    let r = events.request(json!({"type": "events"})).await;
    assert_eq!(r["type"], "ok", "{r}");
    // Pat challenges the bot, which accepts: one seat each, each tied to
    // its account.
    let rules = json!({"preset": "draw", "players": 2, "options": {"target": 30}});
    let body = json!({"to": bot_id, "rules": rules, "rated": false, "clock": null});
    let pat = [("Cookie", cookie.as_str())];
    let (status, made) = call(s.addr, "POST", "/api/challenges", &pat, Some(body)).await;
    assert_eq!(status, 201, "{made}");
    let path = format!("/api/challenges/{}/accept", made["id"].as_str().unwrap());
    let (status, seat) = call(s.addr, "POST", &path, &[("Authorization", &auth)], None).await;
    assert_eq!(status, 200, "{seat}");
    let table = seat["table"].clone();
    let bot_token = seat["token"].clone();
    assert!(bot_token.is_string(), "{seat}");

    // The bot's seat token from a socket with no credential, from another
    // bot account's socket and from Pat's page: none sits there.
    let mut bare = Client::connect(s.addr).await;
    let mut other = bot_socket(s.addr, &other_auth).await;
    let mut page = Client::connect_with_cookie(s.addr, &cookie).await;
    for c in [&mut bare, &mut other, &mut page] {
        let r = resume(c, &table, &bot_token).await;
        assert_eq!(r["code"], "not_your_seat", "{r}");
    }
    // Pat's seat token likewise seats only Pat.
    let r = resume(&mut bare, &table, &made["token"]).await;
    assert_eq!(r["code"], "not_your_seat", "{r}");
    let r = resume(&mut other, &table, &made["token"]).await;
    assert_eq!(r["code"], "not_your_seat", "{r}");
    // Refused, they act for nobody.
    let r = bare
        .request(json!({"type": "act", "action": {"type": "pass"}}))
        .await;
    assert_eq!(r["code"], "not_seated", "{r}");

    // Each owner is seated with its own credential.
    let mut own = bot_socket(s.addr, &auth).await;
    let r = resume(&mut own, &table, &bot_token).await;
    assert_eq!(
        (&r["type"], &r["seat"]),
        (&json!("joined"), &json!(1)),
        "{r}"
    );
    let r = resume(&mut page, &table, &made["token"]).await;
    assert_eq!(
        (&r["type"], &r["seat"]),
        (&json!("joined"), &json!(0)),
        "{r}"
    );

    // A guest's seat is the token's alone: any socket holding it sits there.
    let mut guest = Client::connect(s.addr).await;
    let r = guest
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 2},
            "humans": 1, "bot": "random", "name": "Gus"}),
        )
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let mut again = Client::connect(s.addr).await;
    let r = resume(&mut again, &r["table"], &r["token"]).await;
    assert_eq!(
        (&r["type"], &r["seat"]),
        (&json!("joined"), &json!(0)),
        "{r}"
    );
}

/// `c`'s seat still acts: its `act` is answered as a seated player's (a
/// legal move played on its turn, `not_your_turn` otherwise), never
/// `not_seated`.
async fn still_seated(c: &mut Client) {
    let msg = c.state.clone().unwrap();
    let st = &msg["state"];
    let mine = st["to_act"] == msg["seat"] && st["legal"].as_array().is_some_and(|l| !l.is_empty());
    let action = if mine {
        st["legal"][0].clone()
    } else {
        json!({"type": "pass"})
    };
    let r = c
        .request(json!({"type": "act", "action": action, "seq": msg["seq"]}))
        .await;
    if mine {
        assert_eq!(r["type"], "ok", "{r}");
    } else {
        assert_ne!(r["code"], "not_seated", "{r}");
    }
}

#[tokio::test]
async fn a_refused_join_or_resume_leaves_the_socket_seated() {
    let s = Server::start(config("sqlite::memory:"));
    let (cookie, _) = person(s.addr, "Pat").await;
    let mut c = Client::connect_with_cookie(s.addr, &cookie).await;
    let r = c
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 2},
            "humans": 1, "bot": "random", "name": "Pat"}),
        )
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].clone();
    if c.state.is_none() {
        c.next_state().await;
    }
    for refused in [
        json!({"type": "join", "table": table, "name": "Pat"}),
        json!({"type": "resume", "table": table, "token": "0badc0de"}),
    ] {
        let r = c.request(refused).await;
        assert!(
            r["code"] == "already_seated" || r["code"] == "bad_token",
            "{r}"
        );
        still_seated(&mut c).await;
    }
    // A resume that is accepted moves the socket to the seat once only:
    // it is still counted as one connection (leaving it frees the seat).
    let token = c.token.clone().unwrap();
    let r = resume(&mut c, &table, &json!(token)).await;
    assert_eq!(
        (&r["type"], &r["seat"]),
        (&json!("joined"), &json!(0)),
        "{r}"
    );
    still_seated(&mut c).await;
}

/// A server whose turn clocks read `time` and are swept often.
fn clocked(time: &TimeSource) -> domino_server::Config {
    let mut c = config("sqlite::memory:");
    c.time = time.clone();
    c.clock_sweep = Duration::from_millis(25);
    c
}

/// The next state of `c` in which `pred` holds, readying between hands.
async fn until(c: &mut Client, pred: impl Fn(&Value) -> bool) -> Value {
    let mut msg = c.state.clone().unwrap();
    loop {
        if pred(&msg) {
            return msg;
        }
        let seat = msg["seat"].as_u64().unwrap() as usize;
        if msg["state"]["phase"] == "hand_over" && msg["seats"][seat]["ready"] == false {
            let r = c.request(json!({"type": "ready"})).await;
            assert_eq!(r["type"], "ok", "{r}");
        }
        msg = c.next_state().await;
    }
}

/// The seat's clock runs: its turn, with something to play.
fn my_turn(m: &Value) -> bool {
    m["clock"]["running"] == m["seat"]
        && m["state"]["to_act"] == m["seat"]
        && m["state"]["legal"]
            .as_array()
            .is_some_and(|l| !l.is_empty())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_without_seq_after_a_timed_out_turn_is_not_played_on_the_next() {
    let time = TimeSource::default();
    let s = Server::start(clocked(&time));
    let (bot_id, auth) = bot(s.addr, "Slow Bot").await;
    let mut events = bot_socket(s.addr, &auth).await;
    let r = events.request(json!({"type": "events"})).await;
    assert_eq!(r["type"], "ok", "{r}");
    // A guest challenges the bot to a clocked game; the bot plays it from
    // its own socket, without `seq`, as a bot written from the docs may.
    let rules = json!({"preset": "draw", "players": 2});
    let body = json!({"to": bot_id, "rules": rules, "rated": false, "guest": "guest-seats-1",
        "name": "Gus", "clock": {"base_ms": 10_000, "increment_ms": 5_000}});
    let (status, made) = call(s.addr, "POST", "/api/challenges", &[], Some(body)).await;
    assert_eq!(status, 201, "{made}");
    let path = format!("/api/challenges/{}/accept", made["id"].as_str().unwrap());
    let (status, seat) = call(s.addr, "POST", &path, &[("Authorization", &auth)], None).await;
    assert_eq!(status, 200, "{seat}");
    let mut guest = Client::connect(s.addr).await;
    let r = resume(&mut guest, &seat["table"], &made["token"]).await;
    assert_eq!(r["type"], "joined", "{r}");
    let mut b = bot_socket(s.addr, &auth).await;
    let r = resume(&mut b, &seat["table"], &seat["token"]).await;
    assert_eq!(r["type"], "joined", "{r}");
    if b.state.is_none() {
        b.next_state().await;
    }
    // The guest plays at once whenever it is to move.
    let guest_plays = tokio::spawn(async move {
        loop {
            let m = until(&mut guest, my_turn).await;
            let r = guest
                .request(json!({"type": "act", "action": m["state"]["legal"][0], "seq": m["seq"]}))
                .await;
            if r["type"] != "ok" {
                assert!(r["code"] == "stale" || r["code"] == "out_of_time", "{r}");
            }
            guest.next_state().await;
        }
    });

    // The bot's turn runs out: the computer plays it.
    let missed = until(&mut b, my_turn).await;
    time.advance(Duration::from_secs(600));
    let seat_no = missed["seat"].as_u64().unwrap() as usize;
    until(&mut b, |m| m["clock"]["timeouts"][seat_no] == 1).await;
    // The bot's next turn comes; its late move for the missed one,
    // without `seq`, arrives now and is legal here too. It is refused,
    // and nothing is played.
    let next = until(&mut b, |m| {
        my_turn(m) && m["seq"].as_i64() > missed["seq"].as_i64()
    })
    .await;
    let late = next["state"]["legal"][0].clone();
    let r = b.request(json!({"type": "act", "action": late})).await;
    assert_eq!(r["code"], "stale", "{r}");
    // Nothing was played: the bot's state (sent again with the refusal,
    // to choose from) is the same turn; a move chosen from it now is
    // played.
    let again = b.state.clone().unwrap();
    assert_eq!(again["seq"], next["seq"], "{again}");
    assert!(my_turn(&again), "{again}");
    let r = b.request(json!({"type": "act", "action": late})).await;
    assert_eq!(r["type"], "ok", "{r}");
    assert!(r["seq"].as_i64() > next["seq"].as_i64(), "{r}");
    guest_plays.abort();
}

/// In a casual match a player whose three timeouts left their seat to the
/// computer takes it back by coming back with its token (the page offers
/// it), and their timeouts count from none again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_lost_to_timeouts_in_a_casual_match_is_taken_back() {
    let clock = TimeSource::default();
    let mut cfg = config("sqlite::memory:");
    cfg.time = clock.clone();
    cfg.clock_sweep = Duration::from_millis(25);
    let s = Server::start(cfg);
    let mut ana = Client::connect(s.addr).await;
    let r = ana
        .request(json!({"type": "create", "name": "Ana", "humans": 2,
            "rules": {"preset": "draw", "players": 2, "options": {"target": 100}},
            "clock": {"kind": "per_move", "move_s": 15, "bank_s": 60}}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].clone();
    let mut bea = Client::connect(s.addr).await;
    let r = bea
        .request(json!({"type": "join", "table": table, "name": "Bea"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let (token, seat) = (r["token"].clone(), r["seat"].as_u64().unwrap());
    drop(bea);
    ana.next_state().await;
    let msg = common::time_out_until_left(&clock, &mut ana, seat).await;
    assert_eq!(msg["seats"][seat as usize]["left"], true, "{msg}");
    assert_eq!(
        (msg["rated"].as_bool(), msg["finished"].as_bool()),
        (Some(false), Some(false))
    );

    let mut back = Client::connect(s.addr).await;
    let r = resume(&mut back, &table, &token).await;
    assert_eq!(
        (r["type"].as_str(), r["seat"].as_u64()),
        (Some("joined"), Some(seat)),
        "{r}"
    );
    let st = back.state.clone().unwrap();
    assert_eq!(st["seats"][seat as usize]["left"], false, "{st}");
    assert_eq!(st["clock"]["timeouts"][seat as usize], 0, "{st}");
    assert_eq!(st["seat"].as_u64(), Some(seat));
}
