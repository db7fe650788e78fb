//! A player's own puzzles on a real server: a decision of a finished match
//! where the player missed the solver's one best play becomes a puzzle
//! whose answer is the solver's; it is kept across a restart, and another
//! player can neither see it nor make one of the first player's plays. On
//! SQLite, and on PostgreSQL when `DOMINO_TEST_POSTGRES` names one.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::net::SocketAddr;

use common::{config, http_request, play_out, Client, Server};
use domino_engine::Record;
use domino_puzzles::{prove, prove_at, setup_at, Limits};
use serde_json::{json, Value};

async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let body = body.map(|b| b.to_string());
    let mut headers = vec![
        ("Host", "play.example"),
        ("Content-Type", "application/json"),
    ];
    if let Some(c) = cookie {
        headers.push(("Cookie", c));
    }
    let (status, _, text) = http_request(addr, method, path, &headers, body.as_deref()).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// A new profile's cookie (`name=value`), under a name unique to this run.
async fn profile(addr: SocketAddr, name: &str) -> String {
    let n = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos()
        % 1_000_000_000;
    let body = json!({"name": format!("{name}{n}")}).to_string();
    let headers = [
        ("Host", "play.example"),
        ("Content-Type", "application/json"),
    ];
    let (status, head, text) =
        http_request(addr, "POST", "/api/profile", &headers, Some(&body)).await;
    assert_eq!(status, 201, "{text}");
    common::cookie_of(&head)
}

/// A block match of the signed-in player against a random bot, played at
/// random to its end: the table and its record.
async fn a_match(addr: SocketAddr, cookie: &str, seed: u64) -> (String, Record) {
    let mut c = Client::connect_with_cookie(addr, cookie).await;
    let r = c
        .request(json!({"type": "create", "rules": {"preset": "block", "players": 2, "options": {"target": 40}},
            "seats": ["me", "bot"], "bot": "random", "name": "Ann"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    assert_eq!(r["seat"], 0, "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    c.settle(100).await;
    let end = play_out(&mut c, seed).await;
    assert_eq!(end["state"]["phase"], "match_over");
    c.settle(200).await;
    let (status, _, text) = http_request(
        addr,
        "GET",
        &format!("/api/history/{table}/record"),
        &[("Host", "play.example")],
        None,
    )
    .await;
    assert_eq!(status, 200, "{text}");
    (table, serde_json::from_str(&text).unwrap())
}

/// A decision of seat 0 the solver proves, where seat 0 did not play the
/// answer: a blunder by the solver's measure.
fn a_blunder(table: &str, rec: &Record) -> Option<(usize, usize, domino_engine::Action)> {
    for (h, hand) in rec.hands.iter().enumerate() {
        for (index, e) in hand.actions.iter().enumerate() {
            if e.seat != 0 {
                continue;
            }
            let Ok(p) = prove_at(table, rec, h + 1, index, Limits::default()) else {
                continue;
            };
            if !domino_puzzles::rate::same_play(p.played, p.answer) {
                // The answer as the solver finds it for the rebuilt position.
                let (setup, _) = setup_at(rec, h + 1, index).unwrap();
                let proof = prove(&setup, p.kind, Limits::default()).unwrap();
                return Some((h + 1, index, proof.answer));
            }
        }
    }
    None
}

async fn own_puzzles_work_end_to_end(db: &str) {
    let s = Server::start(config(db));
    let ann = profile(s.addr, "Ann").await;
    let bob = profile(s.addr, "Bob").await;
    let mut found = None;
    for seed in 1..=8 {
        let (table, rec) = a_match(s.addr, &ann, seed).await;
        if let Some(b) = a_blunder(&table, &rec) {
            found = Some((table, b));
            break;
        }
    }
    let (table, (hand, index, answer)) = found.expect("a blunder the solver proves in 8 matches");
    let make = json!({"table": table, "hand": hand, "index": index});

    // Signed out, or another player: refused.
    let (status, v) = http(s.addr, "POST", "/api/puzzles/own", None, Some(make.clone())).await;
    assert_eq!(
        (status, v["code"].as_str()),
        (401, Some("signed_out")),
        "{v}"
    );
    let (status, v) = http(
        s.addr,
        "POST",
        "/api/puzzles/own",
        Some(&bob),
        Some(make.clone()),
    )
    .await;
    assert_eq!(
        (status, v["code"].as_str()),
        (403, Some("not_seated")),
        "{v}"
    );

    // The player's own: made, then listed.
    let (status, made) = http(
        s.addr,
        "POST",
        "/api/puzzles/own",
        Some(&ann),
        Some(make.clone()),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    assert_eq!(id, format!("{table}-{hand}-{index}"));
    let (status, again) = http(s.addr, "POST", "/api/puzzles/own", Some(&ann), Some(make)).await;
    assert_eq!((status, &again["id"]), (200, &made["id"]), "kept once");
    let (_, list) = http(s.addr, "GET", "/api/puzzles/own", Some(&ann), None).await;
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");

    // Bob sees none of it.
    let (_, list) = http(s.addr, "GET", "/api/puzzles/own", Some(&bob), None).await;
    assert_eq!(list, json!([]));
    let path = format!("/api/puzzles/own/{id}");
    let (status, _) = http(s.addr, "GET", &path, Some(&bob), None).await;
    assert_eq!(status, 404);
    let try_path = format!("{path}/try");
    let right = json!({"action": answer});
    let (status, _) = http(s.addr, "POST", &try_path, Some(&bob), Some(right.clone())).await;
    assert_eq!(status, 404);

    // After a restart, Ann's puzzle is there, and its answer is the solver's.
    s.kill();
    let s = Server::start(config(db));
    let (status, shown) = http(s.addr, "GET", &path, Some(&ann), None).await;
    assert_eq!(status, 200, "{shown}");
    assert_eq!(shown["id"], id.as_str());
    assert_eq!(shown["seat"], 0);
    assert!(shown.get("rating").is_none(), "not rated: {shown}");
    let (status, tried) = http(s.addr, "POST", &try_path, Some(&ann), Some(right)).await;
    assert_eq!(status, 200, "{tried}");
    assert_eq!(tried["right"], true, "{tried}");
    assert_eq!(tried["answer"], serde_json::to_value(answer).unwrap());
    assert!(tried.get("player").is_none(), "no rating moves: {tried}");
    let played = tried["played"].clone();
    assert_ne!(played, tried["answer"], "the match's play was a blunder");
    let (status, wrong) = http(
        s.addr,
        "POST",
        &try_path,
        Some(&ann),
        Some(json!({"action": played})),
    )
    .await;
    assert_eq!(status, 200, "{wrong}");
    assert_eq!(wrong["right"], false, "{wrong}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_own_puzzles_work_end_to_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("own.db").display());
    own_puzzles_work_end_to_end(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_own_puzzles_work_end_to_end() {
    let Ok(db) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return;
    };
    own_puzzles_work_end_to_end(&db).await;
}
