//! "Play now with people" on a real server: seekers of one game are paired
//! into one table and sit there with the tokens they were given; a team
//! sits as partners; the rating window widens with the wait (moved by the
//! pool's settable clock, not by sleeping); bad seeks are refused; and on
//! two nodes over PostgreSQL (when `DOMINO_TEST_POSTGRES` is set) hundreds
//! of concurrent seeks make each pairing once. One address may have only
//! so many seeks waiting; a casual seeker's chosen clock pairs them only
//! with seekers of the same clock, at a table with it.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::{config, http_request, http_request_from, mem, Client, Server};
use serde_json::{json, Value};

async fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Value,
) -> (u16, Value) {
    let body = body.to_string();
    let (status, _, text) = http_request(addr, method, path, headers, Some(&body)).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn get(addr: SocketAddr, path: &str) -> Value {
    let (status, _, text) = http_request(addr, "GET", path, &[], None).await;
    assert_eq!(status, 200, "{path}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// A guest's seek: `(seek id, token)`.
async fn seek_as(addr: SocketAddr, guest: &str, body: Value) -> (String, String) {
    let mut body = body;
    body["guest"] = json!(format!("guest-id-{guest}"));
    body["name"] = json!(guest);
    let (status, made) = call(addr, "POST", "/api/seeks", &[], body).await;
    assert_eq!(status, 200, "{made}");
    (
        made["seek"].as_str().unwrap().into(),
        made["token"].as_str().unwrap().into(),
    )
}

/// Wait (at most `within`) until the seek has its table: its status.
async fn paired(addr: SocketAddr, seek: &str, within: Duration) -> Value {
    let start = Instant::now();
    loop {
        let st = get(addr, &format!("/api/seeks/{seek}")).await;
        if st["state"] == "paired" {
            return st;
        }
        assert!(
            start.elapsed() < within,
            "not paired within {within:?}: {st}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Sit at the table with the seek's token: the seat the table gives.
async fn sit(addr: SocketAddr, table: &str, token: &str) -> u64 {
    let mut c = Client::connect(addr).await;
    let r = c
        .request(json!({"type": "resume", "table": table, "token": token}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    r["seat"].as_u64().unwrap()
}

async fn seat_everyone(s: &Server, rules: Value, players: usize) {
    let mut seeks = Vec::new();
    for i in 0..players {
        seeks.push(seek_as(s.addr, &format!("p{i}"), json!({"rules": rules})).await);
    }
    let mut tables = HashSet::new();
    let mut seats = HashSet::new();
    for (seek, token) in &seeks {
        let st = paired(s.addr, seek, Duration::from_secs(5)).await;
        let table = st["table"].as_str().unwrap().to_string();
        let seat = sit(s.addr, &table, token).await;
        assert_eq!(st["seats"], json!([seat]));
        tables.insert(table);
        seats.insert(seat);
    }
    assert_eq!(tables.len(), 1, "one table: {tables:?}");
    assert_eq!(seats.len(), players, "every seat its own player");
}

#[tokio::test]
async fn two_seekers_are_paired_into_one_table() {
    let s = mem();
    seat_everyone(&s, json!({"preset": "draw", "players": 2}), 2).await;
}

#[tokio::test]
async fn four_seekers_are_paired_into_one_table() {
    let s = mem();
    seat_everyone(&s, json!({"preset": "draw", "players": 4}), 4).await;
}

#[tokio::test]
async fn the_lobby_counts_who_waits_and_a_seeker_can_cancel() {
    let s = mem();
    let rules = json!({"preset": "block", "players": 3});
    let (a, _) = seek_as(s.addr, "a", json!({"rules": rules})).await;
    seek_as(s.addr, "b", json!({"rules": rules})).await;
    let list = get(s.addr, "/api/seeks").await;
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    assert_eq!(list[0]["players"], 2);
    assert_eq!(list[0]["rules"]["preset"], "block");
    let st = get(s.addr, &format!("/api/seeks/{a}")).await;
    assert_eq!(st["state"], "waiting");
    assert_eq!(st["window"], 150.0);
    // Only its seeker takes a seek back: its id alone is not enough.
    let (status, r) = call(
        s.addr,
        "DELETE",
        &format!("/api/seeks/{a}"),
        &[],
        Value::Null,
    )
    .await;
    assert_eq!((status, r["code"].as_str()), (404, Some("no_seek")), "{r}");
    let (status, r) = call(
        s.addr,
        "DELETE",
        &format!("/api/seeks/{a}"),
        &[],
        json!({"guest": "guest-id-a"}),
    )
    .await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(get(s.addr, "/api/seeks").await[0]["players"], 1);
    // Cancelled, the player may ask again.
    seek_as(s.addr, "a", json!({"rules": rules})).await;
}

#[tokio::test]
async fn a_team_is_seated_as_partners() {
    let s = mem();
    let rules = json!({"preset": "jamaican"});
    let (status, made) = call(
        s.addr,
        "POST",
        "/api/seeks",
        &[],
        json!({"rules": rules, "team": true, "guest": "guest-ann", "name": "Ann"}),
    )
    .await;
    assert_eq!(status, 200, "{made}");
    let (team_seek, ann) = (
        made["seek"].as_str().unwrap().to_string(),
        made["token"].as_str().unwrap().to_string(),
    );
    let code = made["team"].as_str().unwrap();
    assert_eq!(
        get(s.addr, &format!("/api/seeks/{team_seek}")).await["state"],
        "forming"
    );
    let (status, joined) = call(
        s.addr,
        "POST",
        &format!("/api/seeks/team/{code}"),
        &[],
        json!({"guest": "guest-bob", "name": "Bob"}),
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seek"], team_seek.as_str());
    let bob = joined["token"].as_str().unwrap().to_string();
    let singles = [
        seek_as(s.addr, "cy", json!({"rules": rules})).await,
        seek_as(s.addr, "di", json!({"rules": rules})).await,
    ];
    let st = paired(s.addr, &team_seek, Duration::from_secs(5)).await;
    let table = st["table"].as_str().unwrap().to_string();
    let (a, b) = (
        sit(s.addr, &table, &ann).await,
        sit(s.addr, &table, &bob).await,
    );
    assert_eq!((a + 2) % 4, b, "partners sit across: {a} and {b}");
    let mut others = Vec::new();
    for (seek, token) in &singles {
        let st = paired(s.addr, seek, Duration::from_secs(5)).await;
        assert_eq!(st["table"], table.as_str());
        others.push(sit(s.addr, &table, token).await);
    }
    others.sort();
    assert_eq!(
        (others[0] + 2) % 4,
        others[1],
        "the singles are the other side"
    );
    // The team's code is used up.
    let (status, again) = call(
        s.addr,
        "POST",
        &format!("/api/seeks/team/{code}"),
        &[],
        json!({"guest": "guest-eve", "name": "Eve"}),
    )
    .await;
    assert_eq!((status, again["code"].clone()), (404, json!("no_team")));
}

#[tokio::test]
async fn the_computer_fills_after_the_chosen_wait() {
    let clock = domino_server::clock::TimeSource::default();
    let mut cfg = config("sqlite::memory:");
    cfg.time = clock.clone();
    let s = Server::start(cfg);
    let (seek, token) = seek_as(
        s.addr,
        "solo",
        json!({"rules": {"preset": "draw", "players": 3}, "fill_s": 10}),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(
        get(s.addr, &format!("/api/seeks/{seek}")).await["state"],
        "waiting"
    );
    clock.advance(Duration::from_secs(10));
    let st = paired(s.addr, &seek, Duration::from_secs(5)).await;
    let table = st["table"].as_str().unwrap();
    // She stays while the lobby is read: a full table whose people all
    // left falls asleep, and the lobby lists the tables in memory.
    let mut c = Client::connect(s.addr).await;
    let r = c
        .request(json!({"type": "resume", "table": table, "token": token}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let lobby = get(s.addr, "/api/tables").await;
    let t = lobby
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == table)
        .unwrap();
    assert_eq!(
        t["seats"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|k| **k == "bot")
            .count(),
        2,
        "{t}"
    );
}

/// Two profiles rated 1500 and 1900 in the draw game, made in the store
/// before the server starts: their cookies.
async fn rated_profiles(db: &str) -> [String; 2] {
    use domino_store::profiles::Profile;
    let store = domino_store::Store::connect(db).await.unwrap();
    let mut cookies = Vec::new();
    for (id, name, rating) in [("pa", "Ana", 1500.0), ("pb", "Bea", 1900.0)] {
        let p = Profile {
            id: id.into(),
            name: name.into(),
            created_at: 1,
        };
        let secret = format!("{:064x}", rating as u64);
        let hash = domino_server::profiles::secret_hash(&secret);
        assert!(store
            .profiles()
            .create_profile(&p, &domino_server::profiles::stored_keys(name), &hash)
            .await
            .unwrap());
        let r = skillratings::glicko2::Glicko2Rating {
            rating,
            ..Default::default()
        };
        assert!(store
            .profiles()
            .record_match("draw", &[(id.to_string(), r, None)], &[])
            .await
            .unwrap());
        cookies.push(format!("{}={secret}", domino_server::profiles::COOKIE));
    }
    [cookies[0].clone(), cookies[1].clone()]
}

#[tokio::test]
async fn the_window_widens_and_pairs_players_far_apart_only_after_the_wait() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("p.db").display());
    let [ana, bea] = rated_profiles(&db).await;
    let clock = domino_server::clock::TimeSource::default();
    let mut cfg = config(&db);
    cfg.time = clock.clone();
    let s = Server::start(cfg);
    let rules = json!({"preset": "draw", "players": 2});
    let ask = |cookie: String, body: Value| async move {
        call(
            s.addr,
            "POST",
            "/api/seeks",
            &[("Cookie", cookie.as_str())],
            body,
        )
        .await
    };
    // Bad seeks first: each refused with its own code.
    for (body, code) in [
        (
            json!({"rules": {"preset": "snooker"}, "rated": true}),
            "no_game",
        ),
        (
            json!({"rules": rules, "rated": true, "fill_s": 30}),
            "bad_fill",
        ),
        (json!({"rules": rules, "fill_s": 2}), "bad_fill"),
        (json!({"rules": rules, "team": true}), "bad_team"),
    ] {
        let (status, r) = ask(ana.clone(), body).await;
        assert_eq!((status, r["code"].as_str()), (400, Some(code)), "{r}");
    }
    let (status, r) = call(
        s.addr,
        "POST",
        "/api/seeks",
        &[],
        json!({"rules": rules, "rated": true, "guest": "guest-zed", "name": "Zed"}),
    )
    .await;
    assert_eq!(
        (status, r["code"].as_str()),
        (401, Some("signed_out")),
        "{r}"
    );

    let (_, a) = ask(ana.clone(), json!({"rules": rules, "rated": true})).await;
    let (status, r) = ask(ana.clone(), json!({"rules": rules, "rated": true})).await;
    assert_eq!(
        (status, r["code"].as_str()),
        (409, Some("already_seeking")),
        "{r}"
    );
    let (_, b) = ask(bea.clone(), json!({"rules": rules, "rated": true})).await;
    let (a, b) = (
        a["seek"].as_str().unwrap().to_string(),
        b["seek"].as_str().unwrap().to_string(),
    );
    // 400 points apart: the window reaches them after 25 s (150 + 5 × 50).
    // 22 s on, it is 350 wide whatever the real seconds a loaded machine
    // adds (up to 3).
    clock.advance(Duration::from_secs(22));
    tokio::time::sleep(Duration::from_millis(800)).await;
    let st = get(s.addr, &format!("/api/seeks/{a}")).await;
    assert_eq!(
        (st["state"].as_str(), st["window"].as_f64()),
        (Some("waiting"), Some(350.0)),
        "{st}"
    );
    clock.advance(Duration::from_secs(3));
    let st = paired(s.addr, &a, Duration::from_secs(5)).await;
    assert_eq!(
        paired(s.addr, &b, Duration::from_secs(5)).await["table"],
        st["table"]
    );
    // Seated at a rated table, she plays it out before asking again.
    let (status, r) = ask(
        ana.clone(),
        json!({"rules": {"preset": "draw", "players": 3}}),
    )
    .await;
    assert_eq!(
        (status, r["code"].as_str()),
        (409, Some("at_rated_table")),
        "{r}"
    );
}

/// A fresh database on the test server named by `DOMINO_TEST_POSTGRES`.
async fn fresh_postgres() -> Option<String> {
    let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return None;
    };
    Some(
        domino_store::scratch_postgres(&url, "pairing")
            .await
            .unwrap()
            .0,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn hundreds_of_seeks_on_two_nodes_make_each_pairing_once() {
    let Some(db) = fresh_postgres().await else {
        return;
    };
    let nodes: Vec<Server> = ["a", "b"]
        .into_iter()
        .map(|name| {
            let mut cfg = config(&db);
            cfg.node = name.into();
            Server::start(cfg)
        })
        .collect();
    let addrs: Vec<SocketAddr> = nodes.iter().map(|n| n.addr).collect();
    const SEEKERS: usize = 300;
    let rules = json!({"preset": "draw", "players": 3});
    let asks = (0..SEEKERS).map(|i| {
        let addr = addrs[i % 2];
        let rules = rules.clone();
        tokio::spawn(
            async move { seek_as(addr, &format!("s{i:03}"), json!({"rules": rules})).await },
        )
    });
    let mut seeks = Vec::new();
    for a in asks {
        seeks.push(a.await.unwrap());
    }
    let mut at: HashMap<String, Vec<u64>> = HashMap::new();
    for (i, (seek, _)) in seeks.iter().enumerate() {
        // Asked of the other node than the one it was made on.
        let st = paired(addrs[(i + 1) % 2], seek, Duration::from_secs(30)).await;
        let seats = st["seats"].as_array().unwrap();
        assert_eq!(seats.len(), 1, "{st}");
        at.entry(st["table"].as_str().unwrap().into())
            .or_default()
            .push(seats[0].as_u64().unwrap());
    }
    assert_eq!(at.len(), SEEKERS / 3, "{} tables", at.len());
    for (table, mut seats) in at {
        seats.sort();
        assert_eq!(seats, vec![0, 1, 2], "table {table}: each seat once");
    }
}

/// Ana and Bea (the stronger) paired for a rated match of draw to 30 and
/// seated, each on her own connection: the server, its settable time
/// source, and each one's connection and seat (Ana's first).
async fn rated_match(
    dir: &tempfile::TempDir,
) -> (Server, domino_server::clock::TimeSource, Vec<(Client, u64)>) {
    let db = format!("sqlite://{}", dir.path().join("p.db").display());
    let [ana, bea] = rated_profiles(&db).await;
    let clock = domino_server::clock::TimeSource::default();
    let mut cfg = config(&db);
    cfg.time = clock.clone();
    cfg.clock_sweep = Duration::from_millis(25);
    let s = Server::start(cfg);
    let rules = json!({"preset": "draw", "players": 2, "options": {"target": 30}});
    let mut seeks = Vec::new();
    for cookie in [&ana, &bea] {
        let (status, made) = call(
            s.addr,
            "POST",
            "/api/seeks",
            &[("Cookie", cookie.as_str())],
            json!({"rules": rules, "rated": true}),
        )
        .await;
        assert_eq!(status, 200, "{made}");
        seeks.push(made);
    }
    clock.advance(Duration::from_millis(25_000));
    let table = paired(
        s.addr,
        seeks[0]["seek"].as_str().unwrap(),
        Duration::from_secs(5),
    )
    .await["table"]
        .as_str()
        .unwrap()
        .to_string();
    let mut sat = Vec::new();
    for (cookie, made) in [&ana, &bea].into_iter().zip(&seeks) {
        let mut c = Client::connect_with_cookie(s.addr, cookie).await;
        let r = c
            .request(json!({"type": "resume", "table": table, "token": made["token"]}))
            .await;
        assert_eq!(r["type"], "joined", "{r}");
        sat.push((c, r["seat"].as_u64().unwrap()));
    }
    // A rated pairing's table has the rated clock: 15 s a move, 60 banked.
    let st = sat[0].0.state.clone().unwrap();
    assert_eq!(
        st["clock"]["control"],
        json!({"kind": "per_move", "move_s": 15, "bank_s": 60}),
        "{st}"
    );
    (s, clock, sat)
}

/// Whether the match's end lowered the rating of the player at `seat`.
fn lost_rating(end: &Value, seat: u64) -> bool {
    let change = end["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["seat"] == seat)
        .cloned()
        .unwrap();
    change["after"].as_f64() < change["before"].as_f64()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_leaves_a_rated_match_loses_it() {
    let dir = tempfile::tempdir().unwrap();
    let (_s, _clock, mut sat) = rated_match(&dir).await;
    // Bea, the stronger, leaves at once; the computer plays her seat on.
    let (mut bea_c, bea_seat) = sat.pop().unwrap();
    assert_eq!(bea_c.request(json!({"type": "leave"})).await["type"], "ok");
    let (mut ana_c, _) = sat.pop().unwrap();
    ana_c.next_state().await;
    let end = common::play_out(&mut ana_c, 7).await;
    assert!(lost_rating(&end, bea_seat), "she left and lost: {end}");
}

/// The next state that is the match's end with its ratings (or, with
/// `rated` false, just finished).
async fn finished_state(c: &mut Client, rated: bool) -> Value {
    loop {
        let m = c.next_state().await;
        let rated_now = m["ratings"].as_array().is_some_and(|r| !r.is_empty());
        if m["finished"] == true && (rated_now || !rated) {
            return m;
        }
    }
}

/// The match's end `end` says it was `how` (`resigned`, `aborted`) by
/// `seat`, and shows it over with nobody to move.
fn ended_by(end: &Value, how: &str, seat: u64) {
    assert_eq!(end["ended"], json!({"how": how, "seat": seat}), "{end}");
    assert_eq!(end["state"]["phase"], "match_over", "{end}");
    assert_eq!(end["state"]["to_act"], Value::Null, "{end}");
    assert_eq!(end["may_abort"], false, "{end}");
}

/// The history's row of the finished public match at `table`.
async fn history_row(addr: SocketAddr, table: &Value) -> Value {
    let (status, list) = common::http_get(addr, "/api/history").await;
    assert_eq!(status, 200, "{list}");
    let list: Value = serde_json::from_str(&list).unwrap();
    list.as_array()
        .and_then(|l| l.iter().find(|m| m["id"] == *table).cloned())
        .unwrap_or_else(|| panic!("{list}"))
}

/// Resigning ends a rated match at once, before anyone has moved: Bea, the
/// stronger, resigns; the match is over for both, with her as the one who
/// resigned, Ana's side the winner, and Bea's rating lower. Nothing more
/// can be played, and resigning again is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_resigns_a_rated_match_loses_it_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (s, _clock, mut sat) = rated_match(&dir).await;
    let (mut bea_c, bea) = sat.pop().unwrap();
    let (mut ana_c, ana) = sat.pop().unwrap();
    assert_eq!(bea_c.request(json!({"type": "resign"})).await["type"], "ok");
    let end = finished_state(&mut ana_c, true).await;
    ended_by(&end, "resigned", bea);
    assert_eq!(end["state"]["winner"], json!({"side": ana}), "{end}");
    assert!(lost_rating(&end, bea), "she resigned and lost: {end}");
    assert!(!lost_rating(&end, ana), "{end}");
    for (c, code) in [(&mut ana_c, "match_over"), (&mut bea_c, "match_over")] {
        let r = c.request(json!({"type": "resign"})).await;
        assert_eq!(r["code"], code, "{r}");
        let r = c
            .request(json!({"type": "act", "action": {"type": "pass"}}))
            .await;
        assert_eq!(r["code"], "match_over", "{r}");
    }
    // The history has the match with her side last.
    let row = history_row(s.addr, &end["table"]).await;
    assert_eq!(row["winner"], json!({"side": ana}), "{row}");
    assert_eq!(row["abandoned"], false, "{row}");
    let path = format!("/api/history/{}/record", end["table"].as_str().unwrap());
    let (status, rec) = common::http_get(s.addr, &path).await;
    assert_eq!(status, 200, "{rec}");
    let rec: Value = serde_json::from_str(&rec).unwrap();
    assert_eq!(
        rec["ended"],
        json!({"how": "resigned", "seat": bea}),
        "{rec}"
    );
    assert_eq!(rec["forfeit"], json!({"winner": {"side": ana}}), "{rec}");
}

/// A match nobody has moved in can be called off: no result, no rating
/// moved, listed as abandoned. Once a move is made, abort is refused
/// `no_abort` and resigning is what is left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_is_aborted_only_before_its_first_move_and_moves_no_rating() {
    let dir = tempfile::tempdir().unwrap();
    let (s, _clock, mut sat) = rated_match(&dir).await;
    let (mut bea_c, bea) = sat.pop().unwrap();
    let (mut ana_c, _) = sat.pop().unwrap();
    let first = ana_c.state.clone().unwrap();
    assert_eq!(first["may_abort"], true, "{first}");
    assert_eq!(bea_c.request(json!({"type": "abort"})).await["type"], "ok");
    let end = finished_state(&mut ana_c, false).await;
    ended_by(&end, "aborted", bea);
    assert_eq!(end["state"]["winner"], Value::Null, "{end}");
    assert_eq!(end["ratings"], json!([]), "{end}");
    // Nothing stored for the ratings: a moment later still none.
    assert!(ana_c
        .try_recv(300)
        .await
        .is_none_or(|m| m["ratings"] == json!([])));
    let row = history_row(s.addr, &end["table"]).await;
    assert_eq!(row["abandoned"], true, "{row}");

    // A second match: the first move made, abort is refused.
    drop((ana_c, bea_c));
    let dir = tempfile::tempdir().unwrap();
    let (_s, _clock, mut sat) = rated_match(&dir).await;
    sat.sort_by_key(|(_, seat)| *seat);
    let mut clients: Vec<Client> = sat.into_iter().map(|(c, _)| c).collect();
    let st = clients[0].state.clone().unwrap()["state"].clone();
    let r = common::act_first_legal(&mut clients, &st).await;
    assert_eq!(r["type"], "ok", "{r}");
    for c in &mut clients {
        let r = c.request(json!({"type": "abort"})).await;
        assert_eq!(r["code"], "no_abort", "{r}");
    }
    // The state after the move says so too.
    let mut m = clients[0].state.clone().unwrap();
    while m["may_abort"] != false {
        m = clients[0].next_state().await;
    }
    assert!(m["seq"].as_i64() > first["seq"].as_i64(), "{m}");
    assert_eq!(
        clients[1].request(json!({"type": "resign"})).await["type"],
        "ok"
    );
}

/// Three timeouts in a rated match count as leaving it, and so lose it:
/// Bea, the stronger, goes away; each of her first three turns runs out
/// (the computer moves for her), the third leaves her seat, and the match,
/// played out by Ana against the computer in Bea's seat, lowers Bea's
/// rating whoever scores more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_timeouts_in_a_rated_match_lose_it() {
    let dir = tempfile::tempdir().unwrap();
    let (_s, clock, mut sat) = rated_match(&dir).await;
    let (bea_c, bea) = sat.pop().unwrap();
    drop(bea_c);
    let (mut ana_c, _) = sat.pop().unwrap();
    let msg = common::time_out_until_left(&clock, &mut ana_c, bea).await;
    assert_eq!(msg["seats"][bea as usize]["left"], true, "{msg}");
    assert_eq!(msg["clock"]["timeouts"][bea as usize], 3, "{msg}");
    let end = common::play_out(&mut ana_c, 7).await;
    assert!(lost_rating(&end, bea), "three timeouts and she lost: {end}");
}

/// A guest's seek from the address `from`: the status and the answer.
async fn seek_from(addr: SocketAddr, from: [u8; 4], guest: &str, body: Value) -> (u16, Value) {
    let mut body = body;
    body["guest"] = json!(format!("guest-id-{guest}"));
    body["name"] = json!(guest);
    let body = body.to_string();
    let (status, _, text) =
        http_request_from(addr, from, "POST", "/api/seeks", &[], Some(&body)).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

fn mem_with_cap(seeks_per_address: usize) -> Server {
    let mut cfg = config("sqlite::memory:");
    let mut limits = (*cfg.limits).clone();
    limits.seeks_per_address = seeks_per_address;
    cfg.limits = std::sync::Arc::new(limits);
    Server::start(cfg)
}

const HOME: [u8; 4] = [127, 0, 0, 1];

/// Guests rotating their ids from one address fill its cap and no more;
/// another address still asks; a seek taken back frees a place.
#[tokio::test]
async fn one_address_may_have_only_so_many_seeks_waiting() {
    let s = mem_with_cap(3);
    // Three-player games, each seeker its own clock: nobody is paired.
    let rules = json!({"preset": "draw", "players": 3});
    let paces = [3_600, 7_200, 10_800, 14_400];
    let mut seeks = Vec::new();
    for (i, pace) in paces.iter().take(3).enumerate() {
        let clock = json!({"kind": "correspondence", "move_s": pace});
        let (status, r) = seek_from(
            s.addr,
            HOME,
            &format!("rotating-{i}"),
            json!({"rules": rules, "clock": clock}),
        )
        .await;
        assert_eq!(status, 200, "{r}");
        seeks.push(r["seek"].as_str().unwrap().to_string());
    }
    let fourth = json!({"rules": rules, "clock": {"kind": "correspondence", "move_s": paces[3]}});
    let (status, r) = seek_from(s.addr, HOME, "rotating-3", fourth.clone()).await;
    assert_eq!(
        (status, r["code"].as_str()),
        (429, Some("too_many_seeks")),
        "{r}"
    );
    let (status, r) = seek_from(s.addr, [127, 0, 0, 2], "elsewhere", fourth.clone()).await;
    assert_eq!(status, 200, "another address: {r}");
    let (status, _, text) = common::http_request(
        s.addr,
        "DELETE",
        &format!("/api/seeks/{}", seeks[0]),
        &[],
        Some(r#"{"guest": "guest-id-rotating-0"}"#),
    )
    .await;
    assert_eq!(status, 200, "{text}");
    let (status, r) = seek_from(s.addr, HOME, "rotating-3", fourth).await;
    assert_eq!(status, 200, "a place freed: {r}");
}

/// Casual seekers of one game with different clocks wait apart; those of
/// the same clock are paired at a table with it. Clocks the pool does not
/// offer are refused.
#[tokio::test]
async fn casual_seekers_are_paired_by_the_clock_they_chose() {
    let s = mem_with_cap(100);
    let rules = json!({"preset": "draw", "players": 2});
    let rated_clock = json!({"kind": "per_move", "move_s": 15, "bank_s": 60});
    let day = json!({"kind": "correspondence", "move_s": 86_400});
    for (body, code) in [
        (
            json!({"rules": rules, "clock": {"kind": "per_match", "bank_s": 600}}),
            "bad_clock",
        ),
        (
            json!({"rules": rules, "clock": {"kind": "per_move", "move_s": 20, "bank_s": 60}}),
            "bad_clock",
        ),
        (
            json!({"rules": rules, "clock": {"kind": "correspondence", "move_s": 60}}),
            "bad_clock",
        ),
        (
            json!({"rules": rules, "clock": {"kind": "sundial"}}),
            "bad_request",
        ),
    ] {
        let (status, r) = seek_from(s.addr, HOME, "refused", body.clone()).await;
        assert_eq!(status, 400, "{body}: {r}");
        if code != "bad_request" {
            assert_eq!(r["code"], code, "{body}: {r}");
        }
    }
    let mut made = Vec::new();
    for (who, clock) in [
        ("none-a", Value::Null),
        ("timed-a", rated_clock.clone()),
        ("post-a", day.clone()),
    ] {
        let (status, r) =
            seek_from(s.addr, HOME, who, json!({"rules": rules, "clock": clock})).await;
        assert_eq!(status, 200, "{r}");
        made.push(r["seek"].as_str().unwrap().to_string());
    }
    tokio::time::sleep(Duration::from_millis(800)).await;
    for seek in &made {
        let st = get(s.addr, &format!("/api/seeks/{seek}")).await;
        assert_eq!(st["state"], "waiting", "three clocks, three pools: {st}");
    }
    let waiting = get(s.addr, "/api/seeks").await;
    assert_eq!(waiting.as_array().unwrap().len(), 3, "{waiting}");
    let (_, r) = seek_from(
        s.addr,
        HOME,
        "post-b",
        json!({"rules": rules, "clock": day}),
    )
    .await;
    let b = r["seek"].as_str().unwrap().to_string();
    let st = paired(s.addr, &b, Duration::from_secs(5)).await;
    assert_eq!(
        paired(s.addr, &made[2], Duration::from_secs(5)).await["table"],
        st["table"]
    );
    assert_eq!(st["clock"], day, "{st}");
    let tables = get(s.addr, "/api/tables").await;
    let table = tables
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == st["table"])
        .unwrap();
    assert_eq!(
        table["clock"], day,
        "the table keeps the chosen clock: {table}"
    );
}

/// Seeks stored before seeks had sides (an open seek with no row in
/// `domino_seek_sides`) were never placed. The upgrade gives a person's
/// seek its side, so it is paired as any other; a bot account's is taken
/// out of the pool, and its next look reads `no_seek`, as a seek that is
/// over is told.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeks_stored_without_a_side_are_paired_or_told_after_the_upgrade() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("p.db").display());
    let [_, bea] = rated_profiles(&db).await;
    let s = Server::start(config(&db));
    let two = json!({"preset": "draw", "players": 2});
    let (old, old_token) = seek_as(s.addr, "old", json!({"rules": two})).await;
    let (status, made) = call(
        s.addr,
        "POST",
        "/api/seeks",
        &[("Cookie", bea.as_str())],
        json!({"rules": {"preset": "draw", "players": 3}}),
    )
    .await;
    assert_eq!(status, 200, "{made}");
    let bot_seek = made["seek"].as_str().unwrap().to_string();
    s.kill();

    // The database as an earlier version left it: no sides, Bea's profile
    // a bot account, and the sides' repair not yet run (the fifth
    // migration from the end; the four after it, the sleeping tables' row,
    // the served puzzles' table, the puzzle runs' tables and fair play's,
    // create only what is missing and run again unchanged).
    let pool = sqlx::SqlitePool::connect(&db).await.unwrap();
    for sql in [
        "DELETE FROM domino_seek_sides",
        "UPDATE domino_profiles SET bot = 1 WHERE id = 'pb'",
        "DELETE FROM domino_schema WHERE version >= (SELECT MAX(version) - 4 FROM domino_schema)",
    ] {
        sqlx::query(sql).execute(&pool).await.unwrap();
    }
    pool.close().await;

    let s = Server::start(config(&db));
    let (new, new_token) = seek_as(s.addr, "new", json!({"rules": two})).await;
    let mut seats = HashSet::new();
    let mut tables = HashSet::new();
    for (seek, token) in [(&old, &old_token), (&new, &new_token)] {
        let st = paired(s.addr, seek, Duration::from_secs(5)).await;
        let table = st["table"].as_str().unwrap().to_string();
        seats.insert(sit(s.addr, &table, token).await);
        tables.insert(table);
    }
    assert_eq!((tables.len(), seats.len()), (1, 2), "{tables:?} {seats:?}");
    let (status, _, text) =
        http_request(s.addr, "GET", &format!("/api/seeks/{bot_seek}"), &[], None).await;
    let gone: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (status, gone["code"].as_str()),
        (404, Some("no_seek")),
        "{gone}"
    );
}

/// A team of two asks: `(seek, first's token, second's token)`.
async fn team_seek(addr: SocketAddr, rules: &Value, a: &str, b: &str) -> (String, String, String) {
    let (status, made) = call(
        addr,
        "POST",
        "/api/seeks",
        &[],
        json!({"rules": rules, "team": true, "guest": format!("guest-id-{a}"), "name": a}),
    )
    .await;
    assert_eq!(status, 200, "{made}");
    let code = made["team"].as_str().unwrap();
    let (status, joined) = call(
        addr,
        "POST",
        &format!("/api/seeks/team/{code}"),
        &[],
        json!({"guest": format!("guest-id-{b}"), "name": b}),
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    (
        made["seek"].as_str().unwrap().into(),
        made["token"].as_str().unwrap().into(),
        joined["token"].as_str().unwrap().into(),
    )
}

/// Two teams asking for a partnership game sit at one table, each pair
/// as partners across from each other, one pair against the other.
#[tokio::test]
async fn two_teams_are_seated_pair_against_pair() {
    let s = mem();
    let rules = json!({"preset": "jamaican"});
    let teams = [
        team_seek(s.addr, &rules, "ann", "bob").await,
        team_seek(s.addr, &rules, "cy", "di").await,
    ];
    let mut tables = HashSet::new();
    let mut seats = Vec::new();
    for (seek, first, second) in &teams {
        let st = paired(s.addr, seek, Duration::from_secs(5)).await;
        let table = st["table"].as_str().unwrap().to_string();
        let (a, b) = (
            sit(s.addr, &table, first).await,
            sit(s.addr, &table, second).await,
        );
        assert_eq!((a + 2) % 4, b, "partners sit across: {a} and {b}");
        seats.extend([a, b]);
        tables.insert(table);
    }
    seats.sort();
    assert_eq!((tables.len(), seats), (1, vec![0, 1, 2, 3]));
}

/// A node's loss loses no seek: a seek made on node a, which then dies,
/// still waits when its player asks node b, and node b pairs it with the
/// next seeker there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_outlives_the_node_it_was_made_on() {
    let Some(db) = fresh_postgres().await else {
        return;
    };
    let start = |name: &str| {
        let mut cfg = config(&db);
        cfg.node = name.into();
        Server::start(cfg)
    };
    let (a, b) = (start("a"), start("b"));
    let rules = json!({"preset": "draw", "players": 2});
    let (first, first_token) = seek_as(a.addr, "first", json!({"rules": rules})).await;
    a.kill();
    let st = get(b.addr, &format!("/api/seeks/{first}")).await;
    assert_eq!(st["state"], "waiting", "{st}");
    let (second, second_token) = seek_as(b.addr, "second", json!({"rules": rules})).await;
    let mut tables = HashSet::new();
    let mut seats = HashSet::new();
    for (seek, token) in [(&first, &first_token), (&second, &second_token)] {
        let st = paired(b.addr, seek, Duration::from_secs(5)).await;
        let table = st["table"].as_str().unwrap().to_string();
        seats.insert(sit(b.addr, &table, token).await);
        tables.insert(table);
    }
    assert_eq!((tables.len(), seats.len()), (1, 2), "{tables:?} {seats:?}");
}
