//! Puzzle streak and storm on a real server, and the history of tries:
//! a streak counts right answers on ever harder puzzles until a miss; a
//! storm's miss costs ten seconds and a try after its end counts nothing;
//! tries raced at one puzzle of a run count once; a run is its player's
//! alone; each player keeps a best; the history lists first tries, and a
//! puzzle opened from it is tried unrated. On SQLite, and on PostgreSQL
//! when `DOMINO_TEST_POSTGRES` names one.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::net::SocketAddr;
use std::time::Duration;

use common::{config, http_request, Server};
use domino_puzzles::rate::same_play;
use domino_puzzles::{format::read_set, Puzzle};
use serde_json::{json, Value};

fn set() -> Vec<Puzzle> {
    read_set(include_str!("../../../puzzles/set.jsonl")).unwrap()
}

async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let body = body.map(|b| b.to_string());
    let headers = [
        ("Host", "play.example"),
        ("Content-Type", "application/json"),
    ];
    let (status, _, text) = http_request(addr, method, path, &headers, body.as_deref()).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

fn guest(tag: &str) -> String {
    let n = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{tag}-{n}")
}

/// The right play of the puzzle a run shows, and a wrong one.
fn plays(key: &[Puzzle], shown: &Value) -> (Value, Value) {
    let id = shown["id"].as_str().unwrap();
    let p = key.iter().find(|p| p.id == id).unwrap();
    let wrong = p
        .choices
        .iter()
        .find(|c| !same_play(c.action, p.answer))
        .unwrap();
    (
        serde_json::to_value(p.answer).unwrap(),
        serde_json::to_value(wrong.action).unwrap(),
    )
}

async fn start(addr: SocketAddr, kind: &str, g: &str) -> Value {
    let (status, run) = http(
        addr,
        "POST",
        "/api/puzzles/runs",
        Some(json!({"kind": kind, "guest": g})),
    )
    .await;
    assert_eq!(status, 200, "{run}");
    assert!(
        run["puzzle"]["rating"].is_null(),
        "runs are not rated: {run}"
    );
    run
}

/// A try at the puzzle `shown` of run `run`.
async fn try_run(
    addr: SocketAddr,
    run: &str,
    shown: &Value,
    action: &Value,
    g: &str,
) -> (u16, Value) {
    http(
        addr,
        "POST",
        &format!("/api/puzzles/runs/{run}/try"),
        Some(json!({"puzzle": shown["id"], "action": action, "guest": g})),
    )
    .await
}

fn rating_of(key: &[Puzzle], shown: &Value) -> u32 {
    let id = shown["id"].as_str().unwrap();
    key.iter().find(|p| p.id == id).unwrap().rating
}

async fn a_streak_runs_until_the_first_miss(db: &str) {
    let s = Server::start(config(db));
    let key = set();
    let g = guest("streak");
    let mut run = start(s.addr, "streak", &g).await;
    assert_eq!(
        (run["score"].as_i64(), run["best"].as_i64()),
        (Some(0), Some(0))
    );
    assert!(run["ends_ms"].is_null(), "a streak has no clock");
    let id = run["run"].as_str().unwrap().to_string();
    let mut seen = vec![run["puzzle"]["id"].clone()];
    let mut ratings = vec![rating_of(&key, &run["puzzle"])];
    for n in 1..=6 {
        let (right, _) = plays(&key, &run["puzzle"]);
        let (status, r) = try_run(s.addr, &id, &run["puzzle"], &right, &g).await;
        assert_eq!(status, 200, "{r}");
        assert_eq!(
            (r["right"].as_bool(), r["score"].as_i64()),
            (Some(true), Some(n))
        );
        assert_eq!(
            (r["over"].as_bool(), r["best"].as_i64()),
            (Some(false), Some(n))
        );
        assert!(!seen.contains(&r["puzzle"]["id"]), "a puzzle twice: {r}");
        seen.push(r["puzzle"]["id"].clone());
        ratings.push(rating_of(&key, &r["puzzle"]));
        run = r;
    }
    assert!(ratings[6] > ratings[0], "harder: {ratings:?}");
    let (_, wrong) = plays(&key, &run["puzzle"]);
    let (status, r) = try_run(s.addr, &id, &run["puzzle"], &wrong, &g).await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["right"], false);
    assert_eq!(
        (r["over"].as_bool(), r["score"].as_i64()),
        (Some(true), Some(6))
    );
    assert_eq!(
        (r["best"].as_i64(), r["new_best"].as_bool()),
        (Some(6), Some(true))
    );
    assert!(r["puzzle"].is_null());
    let (right, _) = plays(&key, &run["puzzle"]);
    assert_eq!(r["answer"], right, "the miss is told the answer");
    let (status, r) = try_run(s.addr, &id, &run["puzzle"], &right, &g).await;
    assert_eq!((status, r["code"].as_str()), (409, Some("run_over")), "{r}");

    // Another run: the best is kept, and a shorter run beats nothing.
    let run = start(s.addr, "streak", &g).await;
    assert_eq!(run["best"], 6);
    let (_, wrong) = plays(&key, &run["puzzle"]);
    let (_, r) = try_run(
        s.addr,
        run["run"].as_str().unwrap(),
        &run["puzzle"],
        &wrong,
        &g,
    )
    .await;
    assert_eq!(
        (r["best"].as_i64(), r["new_best"].as_bool()),
        (Some(6), Some(false))
    );
    let (status, b) = http(
        s.addr,
        "GET",
        &format!("/api/puzzles/runs/best?guest={g}"),
        None,
    )
    .await;
    assert_eq!((status, b), (200, json!({"streak": 6, "storm": 0})));

    // A run is its player's: another's tries and unknown ids are refused.
    let (status, r) = try_run(s.addr, &id, &run["puzzle"], &right, &guest("other")).await;
    assert_eq!((status, r["code"].as_str()), (404, Some("no_run")), "{r}");
    let (status, r) = try_run(s.addr, "nosuchrun", &run["puzzle"], &right, &g).await;
    assert_eq!((status, r["code"].as_str()), (404, Some("no_run")), "{r}");
}

async fn a_storm_is_timed_and_its_misses_cost_time(db: &str) {
    let mut cfg = config(db);
    let clock = domino_server::clock::TimeSource::default();
    cfg.time = clock.clone();
    let s = Server::start(cfg);
    let key = set();
    let g = guest("storm");
    let run = start(s.addr, "storm", &g).await;
    let id = run["run"].as_str().unwrap().to_string();
    let ends = run["ends_ms"].as_i64().unwrap();
    assert_eq!(ends - run["now_ms"].as_i64().unwrap(), 180_000);
    let (right, _) = plays(&key, &run["puzzle"]);
    let (_, r) = try_run(s.addr, &id, &run["puzzle"], &right, &g).await;
    assert_eq!(
        (r["score"].as_i64(), r["ends_ms"].as_i64()),
        (Some(1), Some(ends))
    );
    let (_, wrong) = plays(&key, &r["puzzle"]);
    let (_, r) = try_run(s.addr, &id, &r["puzzle"], &wrong, &g).await;
    assert_eq!(
        (r["right"].as_bool(), r["over"].as_bool()),
        (Some(false), Some(false))
    );
    assert_eq!(
        (r["score"].as_i64(), r["ends_ms"].as_i64()),
        (Some(1), Some(ends - 10_000)),
        "a miss costs ten seconds and the storm goes on"
    );
    // Past its end a right answer counts nothing, and the storm is over.
    clock.advance(Duration::from_secs(175));
    let (right, _) = plays(&key, &r["puzzle"]);
    let (status, r) = try_run(s.addr, &id, &r["puzzle"], &right, &g).await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(
        (r["counted"].as_bool(), r["over"].as_bool()),
        (Some(false), Some(true))
    );
    assert_eq!(
        (r["score"].as_i64(), r["best"].as_i64()),
        (Some(1), Some(1))
    );
    let (status, b) = http(
        s.addr,
        "GET",
        &format!("/api/puzzles/runs/best?guest={g}"),
        None,
    )
    .await;
    assert_eq!((status, b["storm"].as_i64()), (200, Some(1)));
}

/// Ten right answers sent at once to one puzzle of a run raise its score
/// by one, five runs over.
async fn tries_raced_at_one_puzzle_count_once(db: &str) {
    let s = Server::start(config(db));
    let key = set();
    for round in 0..5 {
        let g = guest(&format!("race{round}"));
        let run = start(s.addr, "storm", &g).await;
        let id = run["run"].as_str().unwrap().to_string();
        let (right, _) = plays(&key, &run["puzzle"]);
        let tries = (0..10).map(|_| try_run(s.addr, &id, &run["puzzle"], &right, &g));
        let answers = futures_util::future::join_all(tries).await;
        let counted = answers.iter().filter(|(status, _)| *status == 200).count();
        assert_eq!(counted, 1, "round {round}: {answers:?}");
        for (status, r) in &answers {
            assert!(*status == 200 || r["code"] == "changed", "{r}");
        }
        let (_, b) = http(
            s.addr,
            "GET",
            &format!("/api/puzzles/runs/best?guest={g}"),
            None,
        )
        .await;
        assert_eq!(b["storm"], 1, "round {round}");
    }
}

async fn the_history_lists_first_tries_and_opens_them_again(db: &str) {
    let s = Server::start(config(db));
    let key = set();
    let g = guest("history");
    let (status, empty) = http(
        s.addr,
        "GET",
        &format!("/api/puzzles/history?guest={g}"),
        None,
    )
    .await;
    assert_eq!((status, empty), (200, json!([])));
    let (status, shown) = http(s.addr, "GET", &format!("/api/puzzles/next?guest={g}"), None).await;
    assert_eq!(status, 200, "{shown}");
    let id = shown["id"].as_str().unwrap().to_string();
    let (_, wrong) = plays(&key, &shown);
    let body = json!({"action": wrong, "guest": g});
    let (status, r) = http(
        s.addr,
        "POST",
        &format!("/api/puzzles/{id}/try"),
        Some(body),
    )
    .await;
    assert_eq!((status, r["right"].as_bool()), (200, Some(false)), "{r}");
    let (_, h) = http(
        s.addr,
        "GET",
        &format!("/api/puzzles/history?guest={g}"),
        None,
    )
    .await;
    assert_eq!(h.as_array().unwrap().len(), 1, "{h}");
    assert_eq!(
        (h[0]["id"].as_str(), h[0]["right"].as_bool()),
        (Some(id.as_str()), Some(false))
    );
    assert_eq!(h[0]["rated"], true);
    let game = &key.iter().find(|p| p.id == id).unwrap().rules.preset;
    assert_eq!(h[0]["game"].as_str(), Some(game.as_str()));

    // Opened from the history: the same position, no ratings, and its
    // try is answered unrated; the history keeps the first try.
    let (status, again) = http(s.addr, "GET", &format!("/api/puzzles/{id}?guest={g}"), None).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(
        (again["state"].clone(), again["rating"].clone()),
        (shown["state"].clone(), Value::Null)
    );
    let (right, _) = plays(&key, &again);
    let body = json!({"action": right, "guest": g});
    let (_, r) = http(
        s.addr,
        "POST",
        &format!("/api/puzzles/{id}/try"),
        Some(body),
    )
    .await;
    assert_eq!(
        (r["right"].as_bool(), r["unrated"].as_str()),
        (Some(true), Some("tried-before"))
    );
    let (_, h) = http(
        s.addr,
        "GET",
        &format!("/api/puzzles/history?guest={g}"),
        None,
    )
    .await;
    assert_eq!(
        (h.as_array().unwrap().len(), h[0]["right"].as_bool()),
        (1, Some(false))
    );
    let (status, r) = http(s.addr, "GET", "/api/puzzles/nosuch-puzzle", None).await;
    assert_eq!((status, r["code"].as_str()), (404, Some("no_puzzle")));
}

fn sqlite() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("runs.db").display());
    (dir, db)
}

/// Each scenario on SQLite, then on PostgreSQL (a scratch database) when
/// one is named.
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        mod sqlite_runs {
            $(
                #[tokio::test]
                async fn $name() {
                    let (_dir, db) = super::sqlite();
                    super::$name(&db).await;
                }
            )*
        }
        mod postgres_runs {
            $(
                #[tokio::test]
                async fn $name() {
                    let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
                        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
                        return;
                    };
                    // A database of its own: the other tests' tries move
                    // the puzzles' ratings in a shared one, and a streak's
                    // order is by rating.
                    let (db, name) = domino_store::scratch_postgres(&url, "runs").await.unwrap();
                    super::$name(&db).await;
                    domino_store::drop_scratch_postgres(&url, &name).await.unwrap();
                }
            )*
        }
    };
}

on_both!(
    a_streak_runs_until_the_first_miss,
    a_storm_is_timed_and_its_misses_cost_time,
    tries_raced_at_one_puzzle_count_once,
    the_history_lists_first_tries_and_opens_them_again,
);
