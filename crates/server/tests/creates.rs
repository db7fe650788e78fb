//! What one address may create over HTTP, on a real server: every call
//! that stores a new row (score sheets, tournaments, tournament entries and
//! the organiser's bots, profiles, sign-in links made and used) is refused
//! past its hourly limit with 429 `too_many_creates`, counted in
//! `/healthz`, while another address goes on; one organiser has a few
//! tournaments waiting to start at most, so the open list is not one
//! address's; and sheets and tournaments nobody used are deleted once old.
//! Second machines are other loopback addresses (127.0.0.2, ...).
#![allow(clippy::unwrap_used)]

use crate::common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{config, http_request_from, Server};
use domino_server::limits::Limits;
use serde_json::{json, Value};

const A: [u8; 4] = [127, 0, 0, 1];
const B: [u8; 4] = [127, 0, 0, 2];
const C: [u8; 4] = [127, 0, 0, 3];
const D: [u8; 4] = [127, 0, 0, 4];

/// Every HTTP creation limit at `n` an hour; the others as the tests'.
fn server(n: u32, open_tournaments: usize, expire_after: Duration) -> Server {
    server_on("sqlite::memory:", n, open_tournaments, expire_after)
}

fn server_on(db: &str, n: u32, open_tournaments: usize, expire_after: Duration) -> Server {
    let wide = config(db);
    let limits = Limits {
        sheets_per_hour: n,
        tournaments_per_hour: n,
        entries_per_hour: n,
        profiles_per_hour: n,
        links_per_hour: n,
        open_tournaments_per_organiser: open_tournaments,
        expire_after,
        ..(*wide.limits).clone()
    };
    Server::start(domino_server::Config {
        limits: Arc::new(limits),
        ..wide
    })
}

/// A request from `from` with extra headers: status, response head, body.
async fn call(
    s: &Server,
    from: [u8; 4],
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> (u16, String, Value) {
    let body = body.map(|b| b.to_string());
    let (status, head, text) =
        http_request_from(s.addr, from, method, path, headers, body.as_deref()).await;
    (
        status,
        head,
        serde_json::from_str(&text).unwrap_or(Value::Null),
    )
}

async fn post(s: &Server, from: [u8; 4], path: &str, body: Value) -> (u16, Value) {
    let (status, _, v) = call(s, from, "POST", path, &[], Some(body)).await;
    (status, v)
}

/// The refusal past a limit: 429, `code`, and a message naming the limit.
fn too_many(got: (u16, Value), code: &str, says: &str) {
    assert_eq!(got.0, 429, "{}", got.1);
    assert_eq!(got.1["code"], code, "{}", got.1);
    let message = got.1["message"].as_str().unwrap_or_default();
    assert!(message.contains(says), "{message}");
}

async fn refused(s: &Server) -> Value {
    let (status, _, h) = call(s, A, "GET", "/healthz", &[], None).await;
    assert_eq!(status, 200);
    h["refused"].clone()
}

fn sheet() -> Value {
    json!({"rules": {"preset": "draw", "players": 2}, "names": ["Ann", "Bo"]})
}

fn tournament(name: &str) -> Value {
    json!({"name": name, "rules": {"preset": "draw", "players": 2},
           "format": "round_robin", "max_entrants": 4, "bot": "random"})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn score_sheets_are_limited_per_address() {
    let s = &server(2, 100, Duration::from_secs(3600));
    for _ in 0..2 {
        assert_eq!(post(s, A, "/api/sheets", sheet()).await.0, 201);
    }
    too_many(
        post(s, A, "/api/sheets", sheet()).await,
        "too_many_creates",
        "2 score sheets an hour",
    );
    // A refused request for a sheet (an unknown game) is refused for what
    // it is, and another address still makes sheets.
    let bad = json!({"rules": {"preset": "checkers"}});
    assert_eq!(post(s, B, "/api/sheets", bad).await.1["code"], "bad_rules");
    for _ in 0..2 {
        assert_eq!(post(s, B, "/api/sheets", sheet()).await.0, 201);
    }
    assert_eq!(refused(s).await["http_creates"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournaments_entries_and_bots_are_limited_per_address() {
    let s = &server(2, 100, Duration::from_secs(3600));
    let mut secrets = Vec::new();
    for name in ["One", "Two"] {
        let (status, v) = post(s, A, "/api/tournaments", tournament(name)).await;
        assert_eq!(status, 201, "{v}");
        secrets.push((
            v["id"].as_str().unwrap().to_string(),
            v["secret"].as_str().unwrap().to_string(),
        ));
    }
    too_many(
        post(s, A, "/api/tournaments", tournament("Three")).await,
        "too_many_creates",
        "2 tournaments an hour",
    );
    assert_eq!(
        post(s, B, "/api/tournaments", tournament("Bee")).await.0,
        201
    );
    // Entries: joins from one address ...
    let id = secrets[0].0.clone();
    let join = format!("/api/tournaments/{id}/join");
    for name in ["P1", "P2"] {
        let (status, v) = post(s, C, &join, json!({"name": name})).await;
        assert_eq!(status, 201, "{v}");
    }
    too_many(
        post(s, C, &join, json!({"name": "P3"})).await,
        "too_many_creates",
        "2 tournament entries an hour",
    );
    // ... and the organiser's bots count as entries of the organiser's
    // address.
    let bots = format!("/api/tournaments/{}/bots", secrets[1].0);
    let organiser = [("X-Tournament-Secret", secrets[1].1.as_str())];
    let add = Some(json!({"count": 1}));
    for _ in 0..2 {
        let (status, _, v) = call(s, A, "POST", &bots, &organiser, add.clone()).await;
        assert_eq!(status, 200, "{v}");
    }
    let (status, _, v) = call(s, A, "POST", &bots, &organiser, add.clone()).await;
    too_many((status, v), "too_many_creates", "tournament entries");
    // Another address joins; the organiser's secret still adds bots from
    // another address.
    assert_eq!(post(s, D, &join, json!({"name": "P4"})).await.0, 201);
    let (status, _, v) = call(s, B, "POST", &bots, &organiser, add).await;
    assert_eq!(status, 200, "{v}");
    let (_, _, t) = call(s, A, "GET", &format!("/api/tournaments/{id}"), &[], None).await;
    assert_eq!(t["entrants"].as_array().unwrap().len(), 3, "{t}");
    assert_eq!(refused(s).await["http_creates"], 3);
}

/// A new profile from `from`, signed in by the cookie returned.
async fn profile(s: &Server, from: [u8; 4], name: &str) -> String {
    let (status, head, v) = call(
        s,
        from,
        "POST",
        "/api/profile",
        &[],
        Some(json!({"name": name})),
    )
    .await;
    assert_eq!(status, 201, "{v}");
    common::cookie_of(&head)
}

/// A one-time link made by the profile of `cookie`, from `from`.
async fn link(s: &Server, from: [u8; 4], cookie: &str) -> (u16, Value) {
    let (status, _, v) = call(
        s,
        from,
        "POST",
        "/api/profile/link",
        &[("Cookie", cookie)],
        None,
    )
    .await;
    (status, v)
}

fn code_of(link: &Value) -> String {
    link["path"]
        .as_str()
        .unwrap()
        .trim_start_matches("/link/")
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn profiles_and_sign_in_links_are_limited_per_address() {
    let s = &server(2, 100, Duration::from_secs(3600));
    let ann = profile(s, A, "Ann").await;
    // A name already taken makes nothing and is not held against the
    // address.
    let taken = post(s, A, "/api/profile", json!({"name": "ann"})).await;
    assert_eq!(taken.1["code"], "name_taken", "{}", taken.1);
    profile(s, A, "Bo").await;
    too_many(
        post(s, A, "/api/profile", json!({"name": "Cy"})).await,
        "too_many_creates",
        "2 profiles an hour",
    );
    let dee = profile(s, B, "Dee").await;
    // Links made: two from Ann's address, then refused; Dee's address
    // makes its own.
    let mut codes = Vec::new();
    for _ in 0..2 {
        let (status, v) = link(s, A, &ann).await;
        assert_eq!(status, 200, "{v}");
        codes.push(code_of(&v));
    }
    too_many(
        link(s, A, &ann).await,
        "too_many_creates",
        "2 sign-in links an hour",
    );
    let (status, v) = link(s, B, &dee).await;
    assert_eq!(status, 200, "{v}");
    codes.push(code_of(&v));
    // Links used: a code that signs nobody in does not count; two that do,
    // then the address is refused, and another uses the last link.
    let claim = |code: &str| json!({"code": code});
    assert_eq!(post(s, C, "/api/profile/claim", claim("00")).await.0, 410);
    for code in &codes[..2] {
        let (status, v) = post(s, C, "/api/profile/claim", claim(code)).await;
        assert_eq!(status, 200, "{v}");
    }
    too_many(
        post(s, C, "/api/profile/claim", claim(&codes[2])).await,
        "too_many_creates",
        "sign-in links",
    );
    let (status, v) = post(s, D, "/api/profile/claim", claim(&codes[2])).await;
    assert_eq!((status, &v["name"]), (200, &json!("Dee")), "{v}");
    assert_eq!(refused(s).await["http_creates"], 3);
}

/// The ids of the open tournaments the lobby lists.
async fn open_list(s: &Server) -> Vec<String> {
    let (_, _, v) = call(s, A, "GET", "/api/tournaments", &[], None).await;
    v["tournaments"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["state"] == "open")
        .map(|t| t["id"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_organiser_has_a_few_open_tournaments_at_most() {
    open_tournaments_capped(&server(1000, 2, Duration::from_secs(3600))).await;
}

/// The cap and expiry on PostgreSQL (their statements are the store's own),
/// when `DOMINO_TEST_POSTGRES` names a server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_too() {
    let Ok(db) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return;
    };
    let (fresh, name) = domino_store::scratch_postgres(&db, "creates")
        .await
        .unwrap();
    let s = server_on(&fresh, 1000, 2, Duration::from_secs(3600));
    open_tournaments_capped(&s).await;
    drop(s);
    expiry(&server_on(&fresh, 1000, 1000, Duration::from_secs(1))).await;
    domino_store::drop_scratch_postgres(&db, &name)
        .await
        .unwrap();
}

async fn open_tournaments_capped(s: &Server) {
    let mut mine = Vec::new();
    for i in 0..10 {
        let (status, v) = post(s, A, "/api/tournaments", tournament(&format!("Spam {i}"))).await;
        if i < 2 {
            assert_eq!(status, 201, "{v}");
            mine.push((
                v["id"].as_str().unwrap().to_string(),
                v["secret"].as_str().unwrap().to_string(),
            ));
        } else {
            too_many(
                (status, v),
                "too_many_tournaments",
                "2 tournaments waiting to start",
            );
        }
    }
    assert_eq!(
        post(s, B, "/api/tournaments", tournament("Club night"))
            .await
            .0,
        201
    );
    assert_eq!(
        open_list(s).await.len(),
        3,
        "one address's two and another's one"
    );
    assert_eq!(refused(s).await["open_tournaments"], 8);
    // Once one of them starts, its organiser may open another.
    let (id, secret) = &mine[0];
    let organiser = [("X-Tournament-Secret", secret.as_str())];
    let bots = format!("/api/tournaments/{id}/bots");
    let (status, _, v) = call(s, A, "POST", &bots, &organiser, Some(json!({"count": 2}))).await;
    assert_eq!(status, 200, "{v}");
    let start = format!("/api/tournaments/{id}/start");
    let (status, _, v) = call(s, A, "POST", &start, &organiser, None).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        post(s, A, "/api/tournaments", tournament("Next")).await.0,
        201
    );
    too_many(
        post(s, A, "/api/tournaments", tournament("More")).await,
        "too_many_tournaments",
        "waiting to start",
    );
}

/// Whether `path` answers 200 (404 when it is gone).
async fn there(s: &Server, path: &str) -> bool {
    let (status, _, v) = call(s, A, "GET", path, &[], None).await;
    assert!(status == 200 || status == 404, "{status} {v}");
    status == 200
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sheets_and_tournaments_nobody_used_are_deleted_once_old() {
    expiry(&server(1000, 1000, Duration::from_secs(1))).await;
}

async fn expiry(s: &Server) {
    let new_sheet = || async {
        let (status, v) = post(s, A, "/api/sheets", sheet()).await;
        assert_eq!(status, 201, "{v}");
        (
            format!("/api/sheets/{}", v["id"].as_str().unwrap()),
            v["secret"].as_str().unwrap().to_string(),
        )
    };
    let (empty_sheet, _) = new_sheet().await;
    let (kept_sheet, secret) = new_sheet().await;
    let hand = json!({"dominoed": [0], "counts": [0, 7]});
    let (status, _, v) = call(
        s,
        A,
        "POST",
        &format!("{kept_sheet}/hands"),
        &[("X-Sheet-Secret", secret.as_str())],
        Some(hand),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    let new_tournament = |body: Value| async {
        let (status, v) = post(s, A, "/api/tournaments", body).await;
        assert_eq!(status, 201, "{v}");
        (
            format!("/api/tournaments/{}", v["id"].as_str().unwrap()),
            v["secret"].as_str().unwrap().to_string(),
        )
    };
    let (nobody, _) = new_tournament(tournament("Nobody")).await;
    let (entered, _) = new_tournament(tournament("Entered")).await;
    assert_eq!(
        post(s, B, &format!("{entered}/join"), json!({"name": "Pat"}))
            .await
            .0,
        201
    );
    let (only_bots, secret) = new_tournament(tournament("Bots")).await;
    let (status, _, v) = call(
        s,
        A,
        "POST",
        &format!("{only_bots}/bots"),
        &[("X-Tournament-Secret", secret.as_str())],
        Some(json!({"count": 2})),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    let mut later = tournament("Next month");
    later["starts_at"] = json!(domino_server::clock::now_ms() + 30 * 24 * 3600 * 1000);
    let (next_month, _) = new_tournament(later).await;
    let all = [
        &empty_sheet,
        &kept_sheet,
        &nobody,
        &entered,
        &only_bots,
        &next_month,
    ];
    for path in all {
        assert!(there(s, path).await, "{path} was made");
    }
    // The sweep runs every 200 ms here; a second after they were made the
    // unused ones go.
    let t0 = Instant::now();
    while there(s, &empty_sheet).await || there(s, &only_bots).await {
        assert!(t0.elapsed() < Duration::from_secs(10), "nothing expired");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!there(s, &nobody).await, "an empty tournament expired");
    assert!(there(s, &kept_sheet).await, "a sheet with a hand stays");
    assert!(
        there(s, &entered).await,
        "a tournament someone entered stays"
    );
    assert!(there(s, &next_month).await, "one due to start later waits");
    assert!(
        !open_list(s).await.iter().any(|id| only_bots.ends_with(id)),
        "the lobby no longer lists it"
    );
}
