//! Puzzles on a real server: the next puzzle and a try, a right try and a
//! wrong one moving the player's rating and the puzzle's in opposite
//! directions, and a counting puzzle showing no hidden tile, before or
//! after the try; only the first try of a puzzle served to the player is
//! rated, once, however it is raced. On SQLite, and on PostgreSQL when
//! `DOMINO_TEST_POSTGRES` names one.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::collections::BTreeSet;
use std::net::SocketAddr;

use common::{config, http_request, Server};
use domino_puzzles::{format::read_set, Kind, Puzzle};
use serde_json::{json, Value};

/// The answer key: the shipped set, read as the test's own copy.
fn set() -> Vec<Puzzle> {
    read_set(include_str!("../../../puzzles/set.jsonl")).unwrap()
}

async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, String) {
    let body = body.map(|b| b.to_string());
    let headers = [
        ("Host", "play.example"),
        ("Content-Type", "application/json"),
    ];
    let (status, _, text) = http_request(addr, method, path, &headers, body.as_deref()).await;
    (status, text)
}

/// A guest id unique to this run (PostgreSQL keeps earlier runs' rows).
fn guest(tag: &str) -> String {
    let n = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{tag}-{n}")
}

async fn next(addr: SocketAddr, query: &str) -> (Value, String) {
    let (status, text) = http(addr, "GET", &format!("/api/puzzles/next?{query}"), None).await;
    assert_eq!(status, 200, "{text}");
    (serde_json::from_str(&text).unwrap(), text)
}

async fn try_it(addr: SocketAddr, id: &str, action: Value, guest: &str) -> (Value, String) {
    let body = json!({"action": action, "guest": guest});
    let (status, text) = http(addr, "POST", &format!("/api/puzzles/{id}/try"), Some(body)).await;
    assert_eq!(status, 200, "{text}");
    (serde_json::from_str(&text).unwrap(), text)
}

fn rating(v: &Value, who: &str, when: &str) -> f64 {
    v[who][when]["rating"].as_f64().unwrap()
}

/// The tiles (`"a-b"`) a JSON text names.
fn tiles(text: &str) -> BTreeSet<String> {
    text.split('"')
        .filter(|s| {
            let mut parts = s.split('-');
            let digits = |p: Option<&str>| {
                p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
            };
            digits(parts.next()) && digits(parts.next()) && parts.next().is_none()
        })
        .map(str::to_string)
        .collect()
}

async fn puzzles_work_end_to_end(db: &str) {
    let s = Server::start(config(db));
    let addr = s.addr;
    let key = set();
    let answer_of = |id: &str| key.iter().find(|p| p.id == id).unwrap().clone();

    // The games to choose from: every puzzle counted once.
    let (status, text) = http(addr, "GET", "/api/puzzles/games", None).await;
    assert_eq!(status, 200, "{text}");
    let games: Vec<Value> = serde_json::from_str(&text).unwrap();
    let counted: u64 = games.iter().map(|g| g["puzzles"].as_u64().unwrap()).sum();
    assert_eq!(counted as usize, key.len());
    // Each game once, by its preset's name (block for two and for four).
    assert!(games.iter().any(|g| g["game"] == "block"), "{text}");
    assert!(!games.iter().any(|g| g["game"] == "block4"), "{text}");

    // No one to rate: refused.
    let (status, text) = http(addr, "GET", "/api/puzzles/next", None).await;
    assert_eq!(status, 400, "{text}");

    // A right try: the player goes up, the puzzle down.
    let right = guest("right");
    let (shown, _) = next(addr, &format!("guest={right}&game=jamaican&theme=double")).await;
    assert_eq!(shown["game"], "jamaican");
    assert!(shown["themes"]
        .as_array()
        .unwrap()
        .contains(&json!("double")));
    let p = answer_of(shown["id"].as_str().unwrap());
    let (tried, _) = try_it(addr, &p.id, json!(p.answer), &right).await;
    assert_eq!(tried["right"], true);
    assert!(rating(&tried, "player", "after") > rating(&tried, "player", "before"));
    assert!(rating(&tried, "puzzle", "after") < rating(&tried, "puzzle", "before"));
    assert_eq!(tried["choices"].as_array().unwrap().len(), p.choices.len());
    // An open puzzle is played out from the answer, to the hand's end.
    if p.kind == Kind::Open {
        let line = tried["line"].as_array().unwrap();
        assert_eq!(line[0]["action"], json!(p.answer));
        assert!(line.iter().all(|s| s["layout"].is_object()));
    }
    assert!(tried.get("your_line").is_none());
    // Both were stored: the puzzle starts from its new rating.
    let (again, _) = next(addr, &format!("guest={right}&game=jamaican&theme=double")).await;
    assert_eq!(
        again["player"]["rating"],
        tried["player"]["after"]["rating"]
    );

    // A wrong try: the player goes down, the puzzle up.
    let wrong = guest("wrong");
    let (shown, _) = next(addr, &format!("guest={wrong}&game=chiva")).await;
    let p = answer_of(shown["id"].as_str().unwrap());
    let miss = p
        .choices
        .iter()
        .find(|c| c.action != p.answer)
        .unwrap()
        .action;
    let (tried, _) = try_it(addr, &p.id, json!(miss), &wrong).await;
    assert_eq!(tried["right"], false);
    assert_eq!(tried["answer"], json!(p.answer));
    assert!(rating(&tried, "player", "after") < rating(&tried, "player", "before"));
    assert!(rating(&tried, "puzzle", "after") > rating(&tried, "puzzle", "before"));
    // A wrong try on an open puzzle is played out both ways.
    if p.kind == Kind::Open {
        assert_eq!(tried["your_line"][0]["action"], json!(miss));
        assert_eq!(tried["line"][0]["action"], json!(p.answer));
    }

    // A counting puzzle shows no hidden tile, nor does its answer.
    let (shown, shown_text) = next(addr, &format!("guest={wrong}&theme=passes")).await;
    assert_eq!(shown["kind"], "counting");
    let p = answer_of(shown["id"].as_str().unwrap());
    let setup = p.setup().unwrap();
    let open = tiles(&setup.shown(Kind::Open).to_string());
    let seen = tiles(&setup.shown(Kind::Counting).to_string());
    let hidden: BTreeSet<_> = open.difference(&seen).collect();
    assert!(!hidden.is_empty(), "{}", p.id);
    // Its passes, with the numbers open then, to count from.
    assert_eq!(shown["missed"], json!(domino_puzzles::missed(&setup)));
    let missed = shown["missed"].as_array().unwrap();
    assert!(
        !missed.is_empty(),
        "{}: a puzzle about passes with none",
        p.id
    );
    for m in missed {
        let step = &shown["state"]["history"][m["at"].as_u64().unwrap() as usize];
        assert!(
            ["pass", "draw"].contains(&step["action"]["type"].as_str().unwrap()),
            "{step}"
        );
        assert_eq!(step["seat"], m["seat"]);
    }
    let (tried, tried_text) = try_it(addr, &p.id, json!(p.answer), &wrong).await;
    assert!(
        tried.get("line").is_none(),
        "a counting puzzle's line: {tried_text}"
    );
    for t in hidden {
        assert!(
            !shown_text.contains(&format!("\"{t}\"")),
            "{t} shown in {shown_text}"
        );
        assert!(
            !tried_text.contains(&format!("\"{t}\"")),
            "{t} in the answer {tried_text}"
        );
    }

    // Today's puzzle is the same for everyone.
    let (status, a) = http(
        addr,
        "GET",
        &format!("/api/puzzles/daily?guest={right}"),
        None,
    )
    .await;
    let (_, b) = http(
        addr,
        "GET",
        &format!("/api/puzzles/daily?guest={wrong}"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{a}");
    let (a, b): (Value, Value) = (
        serde_json::from_str(&a).unwrap(),
        serde_json::from_str(&b).unwrap(),
    );
    assert!(a["id"]
        .as_str()
        .is_some_and(|id| key.iter().any(|p| p.id == id)));
    assert_eq!(a["id"], b["id"]);

    // An unknown puzzle, and a play that is not one of the puzzle's.
    let (status, text) = http(
        addr,
        "POST",
        "/api/puzzles/nope/try",
        Some(json!({"action": p.answer, "guest": wrong})),
    )
    .await;
    assert_eq!((status, text.contains("no_puzzle")), (404, true), "{text}");
    let (status, text) = http(
        addr,
        "POST",
        &format!("/api/puzzles/{}/try", p.id),
        Some(json!({"action": {"type": "pass"}, "guest": wrong})),
    )
    .await;
    assert_eq!(
        (status, text.contains("illegal_action")),
        (400, true),
        "{text}"
    );
}

/// `count` different puzzles of `game` served to `who` by asking for the
/// next one again and again.
async fn served_puzzles(addr: SocketAddr, who: &str, game: &str, count: usize) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for _ in 0..count * 20 {
        let skip = ids.last().map(|s| format!("&skip={s}")).unwrap_or_default();
        let (shown, _) = next(addr, &format!("guest={who}&game={game}{skip}")).await;
        let id = shown["id"].as_str().unwrap().to_string();
        if !ids.contains(&id) {
            ids.push(id);
        }
        if ids.len() == count {
            break;
        }
    }
    assert_eq!(ids.len(), count, "{ids:?}");
    ids
}

/// Whether the tries moved one rating one after another: each started from
/// a different rating, and each but the last one's result is where another
/// started (no two read the same rating and one move was lost).
fn chained(tries: &[Value], who: &str) -> bool {
    let before: Vec<f64> = tries.iter().map(|t| rating(t, who, "before")).collect();
    let after: Vec<f64> = tries.iter().map(|t| rating(t, who, "after")).collect();
    let distinct = before
        .iter()
        .enumerate()
        .all(|(i, b)| !before[..i].contains(b));
    let continued = after.iter().filter(|a| before.contains(a)).count();
    distinct && continued == tries.len() - 1
}

/// Many tries at once at one puzzle (everyone at the daily puzzle), and
/// one player's tries at once at many (a second tab): every move is kept.
async fn tries_at_once_lose_no_move(db: &str) {
    let s = Server::start(config(db));
    let addr = s.addr;
    let key = set();
    // Each player is served the daily puzzle first: a try at a puzzle
    // never served is not rated.
    let (_, daily) = http(
        addr,
        "GET",
        &format!("/api/puzzles/daily?guest={}", guest("d")),
        None,
    )
    .await;
    let daily: Value = serde_json::from_str(&daily).unwrap();
    let p = key.iter().find(|p| p.id == daily["id"]).unwrap();
    let players: Vec<String> = (0..12).map(|i| guest(&format!("many{i}"))).collect();
    for who in &players {
        let (status, text) = http(
            addr,
            "GET",
            &format!("/api/puzzles/daily?guest={who}"),
            None,
        )
        .await;
        assert_eq!(status, 200, "{text}");
    }
    let tries: Vec<_> = players
        .into_iter()
        .map(|who| {
            let (id, answer) = (p.id.clone(), json!(p.answer));
            tokio::spawn(async move { try_it(addr, &id, answer, &who).await.0 })
        })
        .collect();
    let mut at_one = Vec::new();
    for t in tries {
        at_one.push(t.await.unwrap());
    }
    assert!(chained(&at_one, "puzzle"), "{at_one:#?}");

    let me = guest("tabs");
    let served = served_puzzles(addr, &me, "chiva", 12).await;
    let tries: Vec<_> = served
        .into_iter()
        .map(|id| {
            let p = key.iter().find(|p| p.id == id).unwrap();
            let (id, answer, me) = (p.id.clone(), json!(p.answer), me.clone());
            tokio::spawn(async move { try_it(addr, &id, answer, &me).await.0 })
        })
        .collect();
    let mut mine = Vec::new();
    for t in tries {
        mine.push(t.await.unwrap());
    }
    assert!(chained(&mine, "player"), "{mine:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_tries_at_once_lose_no_move() {
    let dir = tempfile::tempdir().unwrap();
    tries_at_once_lose_no_move(&format!("sqlite://{}", dir.path().join("p.db").display())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_tries_at_once_lose_no_move() {
    let Ok(db) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return;
    };
    tries_at_once_lose_no_move(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_puzzles_work_end_to_end() {
    let dir = tempfile::tempdir().unwrap();
    puzzles_work_end_to_end(&format!("sqlite://{}", dir.path().join("p.db").display())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_puzzles_work_end_to_end() {
    let Ok(db) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return;
    };
    puzzles_work_end_to_end(&db).await;
}

/// The probe's ways to farm a puzzle rating, each answered unrated: the
/// answer sent again after a wrong try, puzzles never served answered from
/// the public set, the daily puzzle answered blind, and right answers to
/// one served puzzle sent at once (one counts; raced in rounds).
async fn ratings_cannot_be_farmed(db: &str) {
    let s = Server::start(config(db));
    let addr = s.addr;
    let key = set();
    let answer_of = |id: &str| key.iter().find(|p| p.id == id).unwrap().clone();
    let rating_now = |v: &Value| v["player"]["rating"].as_f64().unwrap();

    // A wrong try, then the answer it showed: the second is not rated.
    let me = guest("retry");
    let (shown, _) = next(addr, &format!("guest={me}&game=jamaican")).await;
    let p = answer_of(shown["id"].as_str().unwrap());
    let miss = p
        .choices
        .iter()
        .find(|c| c.action != p.answer)
        .unwrap()
        .action;
    let (first, _) = try_it(addr, &p.id, json!(miss), &me).await;
    let after_first = rating(&first, "player", "after");
    assert!(first.get("unrated").is_none(), "{first}");
    for _ in 0..3 {
        let (again, _) = try_it(addr, &p.id, json!(p.answer), &me).await;
        assert_eq!(again["right"], true);
        assert_eq!(again["unrated"], "tried-before", "{again}");
        assert!(
            again.get("player").is_none() && again.get("puzzle").is_none(),
            "{again}"
        );
    }
    let (shown, _) = next(addr, &format!("guest={me}&game=jamaican&skip={}", p.id)).await;
    assert_eq!(rating_now(&shown), after_first);

    // Puzzles never served, answered from the set: none rated.
    let blind = guest("blind");
    for p in key.iter().filter(|p| p.rules.preset == "chiva").take(10) {
        let (tried, _) = try_it(addr, &p.id, json!(p.answer), &blind).await;
        assert_eq!(tried["unrated"], "not-served", "{tried}");
    }
    // The daily puzzle, answered without asking for it: not rated either.
    let (_, daily) = http(addr, "GET", &format!("/api/puzzles/daily?guest={me}"), None).await;
    let daily: Value = serde_json::from_str(&daily).unwrap();
    let daily_id = daily["id"].as_str().unwrap();
    let (tried, _) = try_it(addr, daily_id, json!(answer_of(daily_id).answer), &blind).await;
    assert_eq!(tried["unrated"], "not-served", "{tried}");
    let (shown, _) = next(addr, &format!("guest={blind}")).await;
    assert_eq!(rating_now(&shown), 1500.0);

    // Right answers at once to one served puzzle: exactly one is rated.
    for round in 0..5 {
        let racer = guest(&format!("race{round}"));
        let (shown, _) = next(addr, &format!("guest={racer}&game=block")).await;
        let p = answer_of(shown["id"].as_str().unwrap());
        let tries: Vec<_> = (0..10)
            .map(|_| {
                let (id, answer, racer) = (p.id.clone(), json!(p.answer), racer.clone());
                tokio::spawn(async move { try_it(addr, &id, answer, &racer).await.0 })
            })
            .collect();
        let mut rated = 0;
        for t in tries {
            let tried = t.await.unwrap();
            match tried.get("unrated") {
                None => rated += 1,
                Some(why) => assert_eq!(why, "tried-before", "{tried}"),
            }
        }
        assert_eq!(
            rated, 1,
            "round {round}: {rated} of 10 tries at once were rated"
        );
        // And the puzzle is not served to that player again while others are left.
        let (shown, _) = next(addr, &format!("guest={racer}&game=block")).await;
        assert_ne!(shown["id"].as_str().unwrap(), p.id);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_ratings_cannot_be_farmed() {
    let dir = tempfile::tempdir().unwrap();
    ratings_cannot_be_farmed(&format!("sqlite://{}", dir.path().join("p.db").display())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_ratings_cannot_be_farmed() {
    let Ok(db) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return;
    };
    ratings_cannot_be_farmed(&db).await;
}
