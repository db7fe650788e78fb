//! Bot accounts on a real server (docs/botapi.md): two bots connected by
//! token are paired by the pool and play a rated match to the end, and
//! both ratings change; a person challenges a bot, which accepts and plays,
//! and its illegal and late actions get a page's refusals; a revoked token
//! is cut off at once and is stored only hashed; bad input (unknown
//! tokens, a flood of challenges or requests) is refused without touching
//! anyone else; a bot that never reads its socket does not stop its table.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::net::SocketAddr;
use std::time::Duration;

use common::{config, event, http_request, person, Client, Server};
use serde_json::{json, Value};

/// A short rated game: two players, to 30 points.
fn short() -> Value {
    json!({"preset": "draw", "players": 2, "options": {"target": 30}})
}

/// A test server whose bot tokens have no rate to speak of: the tests'
/// bots play as fast as the server answers.
fn fast(db: &str) -> domino_server::Config {
    let mut cfg = config(db);
    cfg.limits = std::sync::Arc::new(domino_server::limits::Limits {
        bot_token_rate: 100_000,
        bot_token_burst: 100_000,
        ..(*cfg.limits).clone()
    });
    cfg
}

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

/// A bot account with one token.
struct Bot {
    id: String,
    cookie: String,
    token: String,
    token_id: String,
}

impl Bot {
    fn auth(&self) -> String {
        format!("Bearer {}", self.token)
    }

    async fn call(
        &self,
        addr: SocketAddr,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let auth = self.auth();
        call(addr, method, path, &[("Authorization", &auth)], body).await
    }

    async fn socket(&self, addr: SocketAddr) -> Client {
        Client::connect_with_headers(addr, &[("Authorization", &self.auth())])
            .await
            .unwrap()
    }

    /// Its events socket, subscribed.
    async fn events(&self, addr: SocketAddr) -> Client {
        let mut c = self.socket(addr).await;
        let r = c.request(json!({"type": "events"})).await;
        assert_eq!(r["type"], "ok", "{r}");
        c
    }
}

async fn bot(addr: SocketAddr, name: &str) -> Bot {
    let (cookie, id) = person(addr, name).await;
    let c = [("Cookie", cookie.as_str())];
    let (status, card) = call(addr, "POST", "/api/profile/bot", &c, Some(json!({}))).await;
    assert_eq!(status, 200, "{card}");
    assert_eq!(card["bot"], true);
    let (status, made) = call(
        addr,
        "POST",
        "/api/tokens",
        &c,
        Some(json!({"name": "test"})),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    let token = made["token"].as_str().unwrap().to_string();
    assert!(token.starts_with("dbt_") && token.len() == 44, "{token}");
    Bot {
        id,
        cookie,
        token,
        token_id: made["id"].as_str().unwrap().to_string(),
    }
}

/// The next pushed message of `type` on an events socket, within `secs`
/// seconds: an event that never comes fails the test, not hangs it.
async fn event_within(c: &mut Client, kind: &str, secs: u64) -> Value {
    tokio::time::timeout(Duration::from_secs(secs), event(c, kind))
        .await
        .unwrap_or_else(|_| panic!("no `{kind}` event in {secs} s"))
}

/// A bot's table socket, resumed at the seat of a `table` event.
async fn sit(b: &Bot, addr: SocketAddr, ev: &Value) -> Client {
    let mut c = b.socket(addr).await;
    let r = c
        .request(json!({"type": "resume", "table": ev["table"], "token": ev["token"]}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    assert_eq!(r["seat"], ev["seat"]);
    first_state(&mut c).await;
    c
}

/// The challenger's page (its profile's cookie) at the table of an
/// accepted challenge (`st`, its status), under the seat token it was
/// given when it challenged (`made`), with its first state.
async fn page_at(addr: SocketAddr, cookie: &str, st: &Value, made: &Value) -> Client {
    let mut page = Client::connect_with_cookie(addr, cookie).await;
    let r = page
        .request(json!({"type": "resume", "table": st["table"], "token": made["token"]}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    first_state(&mut page).await;
    page
}

/// Wait for a seat's first state unless it came with the join.
async fn first_state(c: &mut Client) {
    if c.state.is_none() {
        c.next_state().await;
    }
}

#[tokio::test]
async fn two_bots_paired_by_the_pool_play_a_rated_match_and_both_ratings_change() {
    two_bots_play_rated(&fast("sqlite::memory:").db).await;
}

/// The same on PostgreSQL (when `DOMINO_TEST_POSTGRES` names a server):
/// the bot accounts' tables, tokens and seek sides in its dialect.
#[tokio::test]
async fn postgres_two_bots_paired_by_the_pool_play_a_rated_match() {
    let Some((url, db, name)) = scratch_postgres("bots").await else {
        return;
    };
    two_bots_play_rated(&db).await;
    domino_store::drop_scratch_postgres(&url, &name)
        .await
        .unwrap();
}

/// A fresh database on the server `DOMINO_TEST_POSTGRES` names: the
/// server's URL, the database's and its name; `None` (the test is
/// skipped) without one.
async fn scratch_postgres(tag: &str) -> Option<(String, String, String)> {
    let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return None;
    };
    let (db, name) = domino_store::scratch_postgres(&url, tag).await.unwrap();
    Some((url, db, name))
}

async fn two_bots_play_rated(db: &str) {
    let s = Server::start(fast(db));
    let Played {
        a,
        b,
        end,
        mut ea,
        mut eb,
    } = two_bots_play(&s, true).await;
    let changes = end["ratings"].as_array().unwrap();
    assert_eq!(changes.len(), 2, "{end}");
    for c in changes {
        assert_ne!(c["before"], c["after"], "{c}");
    }
    // Each bot's events socket hears the end: the result the last state
    // gives, and its own rating change.
    for events in [&mut ea, &mut eb] {
        let over = event(events, "match_over").await;
        assert_eq!(
            (&over["table"], &over["rated"]),
            (&end["table"], &json!(true)),
            "{over}"
        );
        assert_eq!(over["scores"], end["state"]["scores"], "{over}");
        let winner = &end["state"]["winner"]["side"];
        assert_eq!(&over["winner"], winner, "{over}");
        let places = over["places"].as_array().unwrap();
        assert_eq!(places.len(), 2, "{over}");
        if let Some(w) = winner.as_u64() {
            assert_eq!(places[w as usize], 1, "{over}");
            assert_eq!(places[1 - w as usize], 2, "{over}");
        }
        let mine = changes.iter().find(|c| c["seat"] == over["seat"]).unwrap();
        assert_eq!(&over["rating"], mine, "{over}");
        assert_eq!(over["side"], over["seat"], "two players: a seat is a side");
    }
    // Finished, the table is no longer among the bots' live tables.
    for x in [&a, &b] {
        assert_eq!(
            x.call(s.addr, "GET", "/api/bot/tables", None).await,
            (200, json!([]))
        );
    }
    let (status, board) = call(
        s.addr,
        "GET",
        "/api/leaderboard?game=draw&kind=bots&min=1",
        &[],
        None,
    )
    .await;
    assert_eq!(status, 200);
    let ids: Vec<&str> = board["players"]
        .as_array()
        .unwrap()
        .iter()
        .inspect(|l| assert_eq!(l["bot"], true))
        .map(|l| l["player"].as_str().unwrap())
        .collect();
    assert!(
        ids.contains(&a.id.as_str()) && ids.contains(&b.id.as_str()),
        "{board}"
    );
    let (_, people) = call(s.addr, "GET", "/api/leaderboard?game=draw&min=0", &[], None).await;
    assert_eq!(
        people["players"],
        json!([]),
        "bots are not on the people's board"
    );
    // Reconnecting, the events socket is told of no table still playing.
    let mut again = a.events(s.addr).await;
    assert!(again.try_recv(300).await.is_none());
}

/// A casual seek is casual though every seat is a bot account: the match
/// is played to the end and nobody's rating moves.
#[tokio::test]
async fn two_bots_seeking_casual_play_a_casual_match() {
    let s = Server::start(fast("sqlite::memory:"));
    let Played {
        a, b, end, mut ea, ..
    } = two_bots_play(&s, false).await;
    assert_eq!(end["state"]["phase"], "match_over");
    assert_eq!(end["rated"], false, "{end}");
    assert_eq!(end["ratings"], json!([]), "{end}");
    let over = event(&mut ea, "match_over").await;
    assert_eq!(
        (&over["rated"], &over["rating"], &over["table"]),
        (&json!(false), &Value::Null, &end["table"]),
        "{over}"
    );
    let (_, board) = call(
        s.addr,
        "GET",
        "/api/leaderboard?game=draw&kind=bots&min=0",
        &[],
        None,
    )
    .await;
    let rows = board["players"].as_array().unwrap();
    assert!(
        !rows
            .iter()
            .any(|l| l["player"] == *a.id || l["player"] == *b.id),
        "{board}"
    );
    // The finished matches' list and the replay mark both seats as bots.
    let (_, list) = call(s.addr, "GET", "/api/history", &[], None).await;
    let table = &end["table"];
    let row = list
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == *table)
        .unwrap();
    assert_eq!(row["bot_accounts"], json!([true, true]), "{row}");
    let path = format!("/api/history/{}", table.as_str().unwrap());
    let (_, replay) = call(s.addr, "GET", &path, &[], None).await;
    assert_eq!(replay["summary"]["bot_accounts"], json!([true, true]));
}

/// Two bot accounts' match played out: the bots, the last state, and
/// their events sockets.
struct Played {
    a: Bot,
    b: Bot,
    end: Value,
    ea: Client,
    eb: Client,
}

/// Two new bot accounts seek alike (`rated` or casual), are paired and
/// play to the end; meanwhile each lists the table among its live ones.
async fn two_bots_play(s: &Server, rated: bool) -> Played {
    let (a, b) = (
        bot(s.addr, "Alpha Bot").await,
        bot(s.addr, "Beta Bot").await,
    );
    let mut ea = a.events(s.addr).await;
    let mut eb = b.events(s.addr).await;
    for x in [&a, &b] {
        let (status, made) = x
            .call(
                s.addr,
                "POST",
                "/api/seeks",
                Some(json!({"rules": short(), "rated": rated})),
            )
            .await;
        assert_eq!(status, 200, "{made}");
    }
    let ta = event(&mut ea, "table").await;
    let tb = event(&mut eb, "table").await;
    assert_eq!(ta["table"], tb["table"], "{ta} {tb}");
    assert_eq!(
        (ta["via"].as_str(), ta["rated"].as_bool()),
        (Some("seek"), Some(rated))
    );
    assert_ne!(ta["seat"], tb["seat"]);
    let mut ca = sit(&a, s.addr, &ta).await;
    let mut cb = sit(&b, s.addr, &tb).await;
    assert_eq!(ca.state.as_ref().unwrap()["rated"], rated);
    // The table is the bot's live one over HTTP, as its event showed it.
    let mut shown = ta.clone();
    shown.as_object_mut().unwrap().remove("type");
    assert_eq!(
        a.call(s.addr, "GET", "/api/bot/tables", None).await,
        (200, json!([shown]))
    );
    // Each seat sees only its own hand: the client checks every message.
    let (end, _) = tokio::join!(common::play_out(&mut ca, 1), common::play_out(&mut cb, 2));
    Played { a, b, end, ea, eb }
}

#[tokio::test]
async fn a_person_challenges_a_bot_which_plays_and_is_refused_as_a_page_is() {
    let s = Server::start(fast("sqlite::memory:"));
    let b = bot(s.addr, "Gamma Bot").await;
    let (cookie, _) = person(s.addr, "Pat").await;
    let c = [("Cookie", cookie.as_str())];
    let body = json!({"to": b.id, "rules": short(), "rated": false, "clock": null});
    let (status, r) = call(s.addr, "POST", "/api/challenges", &c, Some(body.clone())).await;
    assert_eq!((status, &r["code"]), (409, &json!("bot_offline")), "{r}");
    let mut ev = b.events(s.addr).await;
    let (status, made) = call(s.addr, "POST", "/api/challenges", &c, Some(body)).await;
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap();
    let ch = event(&mut ev, "challenge").await;
    assert_eq!(ch["challenge"]["id"], id);
    assert_eq!(ch["challenge"]["from"]["name"], "Pat");
    assert_eq!(ch["challenge"]["from"]["bot"], false);
    // Only the challenged bot answers it.
    let (status, _) = call(
        s.addr,
        "POST",
        &format!("/api/challenges/{id}/accept"),
        &c,
        None,
    )
    .await;
    assert_eq!(status, 404);
    let (status, seat) = b
        .call(
            s.addr,
            "POST",
            &format!("/api/challenges/{id}/accept"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{seat}");
    assert_eq!(seat["seat"], 1);
    let tab = event(&mut ev, "table").await;
    assert_eq!(
        (tab["table"].clone(), tab["via"].clone()),
        (seat["table"].clone(), json!("challenge"))
    );
    let (_, st) = call(s.addr, "GET", &format!("/api/challenges/{id}"), &[], None).await;
    assert_eq!(
        (st["state"].clone(), st["seat"].clone()),
        (json!("accepted"), json!(0))
    );
    assert_eq!(st["table"], seat["table"]);
    let (status, _) = b
        .call(
            s.addr,
            "POST",
            &format!("/api/challenges/{id}/accept"),
            None,
        )
        .await;
    assert_eq!(status, 409, "accepted once");

    let page = page_at(s.addr, &cookie, &st, &made).await;
    let mut cb = sit(&b, s.addr, &tab).await;
    // Taking the seat kept for her is not coming back: nothing is told.
    assert_eq!(ev.try_recv(300).await, None);
    // Her page's socket drops: the bot hears she is gone, with the time
    // before the computer plays for her (no clock: the grace decides),
    // then that she is back.
    drop(page);
    let gone = event(&mut ev, "opponent_gone").await;
    assert_eq!(
        (&gone["table"], &gone["seat"]),
        (&tab["table"], &json!(0)),
        "{gone}"
    );
    assert!(
        gone["bot_in_ms"].as_u64().is_some_and(|ms| ms > 0),
        "{gone}"
    );
    let mut page = page_at(s.addr, &cookie, &st, &made).await;
    let back = event(&mut ev, "opponent_back").await;
    assert_eq!(
        (&back["table"], &back["seat"]),
        (&tab["table"], &json!(0)),
        "{back}"
    );
    // Whoever is not to act, page or bot, is refused alike.
    let st0 = page.state.clone().unwrap()["state"].clone();
    let waiting_is_bot = st0["to_act"] == 0;
    let (waiting, acting) = if waiting_is_bot {
        (&mut cb, &mut page)
    } else {
        (&mut page, &mut cb)
    };
    let wmsg = waiting.state.clone().unwrap();
    let wseat = wmsg["seat"].as_u64().unwrap() as usize;
    let not_theirs = wmsg["state"]["hands"][wseat][0].clone();
    let amsg = acting.state.clone().unwrap();
    let legal = amsg["state"]["legal"][0].clone();
    let r = waiting
        .request(json!({"type": "act", "action": legal}))
        .await;
    assert_eq!(r["code"], "not_your_turn", "{r}");
    let seq = amsg["seq"].as_i64().unwrap();
    let r = acting
        .request(json!({"type": "act", "action": legal, "seq": seq - 1}))
        .await;
    assert_eq!(r["code"], "stale", "{r}");
    let r = acting
        .request(json!({"type": "act", "action": {"type": "play", "tile": not_theirs, "end": 0}}))
        .await;
    assert_eq!(r["code"], "illegal_action", "{r}");
    let (end, _) = tokio::join!(common::play_out(&mut page, 3), common::play_out(&mut cb, 4));
    assert_eq!(end["state"]["phase"], "match_over");
    // A casual challenge is casual: no rating moved.
    assert_eq!(
        (&end["rated"], &end["ratings"]),
        (&json!(false), &json!([]))
    );
    let path = format!("/api/history/{}", end["table"].as_str().unwrap());
    let (_, replay) = call(s.addr, "GET", &path, &[], None).await;
    assert_eq!(replay["summary"]["bot_accounts"], json!([false, true]));
    // The end is told once the match is over, the person's leaving after
    // it is not.
    let over = event(&mut ev, "match_over").await;
    assert_eq!((&over["seat"], &over["rated"]), (&json!(1), &json!(false)));
    drop(page);
    assert_eq!(ev.try_recv(300).await, None);
}

/// The whole database as bytes: the file and its journal.
fn store_bytes(dir: &std::path::Path) -> Vec<u8> {
    let mut all = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        all.extend(std::fs::read(e.unwrap().path()).unwrap_or_default());
    }
    all
}

fn contains(hay: &[u8], needle: &str) -> bool {
    hay.windows(needle.len()).any(|w| w == needle.as_bytes())
}

#[tokio::test]
async fn a_revoked_token_is_cut_off_at_once_and_tokens_are_stored_hashed() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("b.db").display());
    let s = Server::start(config(&db));
    let b = bot(s.addr, "Delta Bot").await;
    let (status, me) = b.call(s.addr, "GET", "/api/profile", None).await;
    assert_eq!(status, 200);
    assert_eq!(
        (me["profile"]["id"].as_str(), me["profile"]["bot"].as_bool()),
        (Some(b.id.as_str()), Some(true))
    );
    let (_, list) = call(s.addr, "GET", "/api/tokens", &[("Cookie", &b.cookie)], None).await;
    assert_eq!(list[0]["id"], b.token_id.as_str());
    assert!(list[0].get("token").is_none(), "{list}");
    let bytes = store_bytes(dir.path());
    assert!(
        !contains(&bytes, &b.token),
        "the plain token is in the store"
    );
    assert!(contains(
        &bytes,
        &domino_server::profiles::secret_hash(&b.token)
    ));

    revoked_and_cut_off(&b, s.addr, s.addr, 1000).await;
    let (status, r) = b.call(s.addr, "GET", "/api/profile", None).await;
    assert_eq!((status, &r["code"]), (401, &json!("bad_token")));
    let auth = b.auth();
    assert_eq!(
        Client::connect_with_headers(s.addr, &[("Authorization", &auth)])
            .await
            .err(),
        Some(401)
    );
}

/// With an events socket and another socket of `b` open on the server at
/// `on`, its owner revokes its token on the server at `at`: both sockets
/// are closed (code 4001) within `ms`.
async fn revoked_and_cut_off(b: &Bot, at: SocketAddr, on: SocketAddr, ms: u64) {
    let mut ev = b.events(on).await;
    let mut other = b.socket(on).await;
    assert_eq!(other.request(json!({"type": "ping"})).await["type"], "pong");
    let (status, _) = call(
        at,
        "DELETE",
        &format!("/api/tokens/{}", b.token_id),
        &[("Cookie", &b.cookie)],
        None,
    )
    .await;
    assert_eq!(status, 204);
    assert_eq!(ev.close_code_within(ms).await, Some(Some(4001)));
    assert_eq!(other.close_code_within(ms).await, Some(Some(4001)));
}

#[tokio::test]
async fn unknown_tokens_floods_of_challenges_and_requests_are_refused_alone() {
    let s = common::mem();
    let (status, r) = call(
        s.addr,
        "GET",
        "/api/profile",
        &[("Authorization", "Bearer dbt_nobody")],
        None,
    )
    .await;
    assert_eq!((status, &r["code"]), (401, &json!("bad_token")));
    assert_eq!(
        Client::connect_with_headers(s.addr, &[("Authorization", "Bearer dbt_nobody")])
            .await
            .err(),
        Some(401)
    );
    // A person's cookie makes no token, and a person takes no challenge.
    let (cookie, pid) = person(s.addr, "Quinn").await;
    let (status, r) = call(
        s.addr,
        "POST",
        "/api/tokens",
        &[("Cookie", &cookie)],
        Some(json!({"name": "x"})),
    )
    .await;
    assert_eq!((status, &r["code"]), (403, &json!("not_a_bot")));
    let to_person = json!({"to": pid, "rules": short(), "guest": "guest-flood-0", "name": "G"});
    let (status, r) = call(s.addr, "POST", "/api/challenges", &[], Some(to_person)).await;
    assert_eq!((status, &r["code"]), (403, &json!("not_a_bot")));

    let b = bot(s.addr, "Echo Bot").await;
    let mut ev = b.events(s.addr).await;
    let ask = |g: usize| json!({"to": b.id, "rules": short(), "guest": format!("guest-flood-{g}"), "name": "G"});
    for _ in 0..3 {
        assert_eq!(
            call(s.addr, "POST", "/api/challenges", &[], Some(ask(1)))
                .await
                .0,
            201
        );
    }
    let (status, r) = call(s.addr, "POST", "/api/challenges", &[], Some(ask(1))).await;
    assert_eq!((status, &r["code"]), (429, &json!("too_many_challenges")));
    // Another challenger, from another address (one address has only so
    // many waiting), is not held back by the flood, up to the bot's 20.
    let mut made = 3;
    for g in 2..=7 {
        for _ in 0..3 {
            let from = [127, 0, 0, 20 + g as u8];
            let body = ask(g).to_string();
            let (status, _, _) = common::http_request_from(
                s.addr,
                from,
                "POST",
                "/api/challenges",
                &[],
                Some(&body),
            )
            .await;
            if made < 20 {
                assert_eq!(status, 201);
                made += 1;
            } else {
                assert_eq!(status, 429);
            }
        }
    }
    let mut seen = 0;
    while let Some(v) = ev.try_recv(300).await {
        seen += usize::from(v["type"] == "challenge");
    }
    assert_eq!(seen, 20);
    // A reconnecting events socket is told of the 20 again.
    let mut again = b.events(s.addr).await;
    let mut seen = 0;
    while let Some(v) = again.try_recv(300).await {
        seen += usize::from(v["type"] == "challenge");
    }
    assert_eq!(seen, 20);

    // Over its rate a token is refused; another bot's token is not.
    let c = bot(s.addr, "Foxtrot Bot").await;
    // Sent at once: one after another, a loaded machine's pace can stay
    // under the rate the bucket refills at.
    let answers =
        futures_util::future::join_all((0..60).map(|_| b.call(s.addr, "GET", "/api/tokens", None)))
            .await;
    let mut refused = 0;
    for (status, r) in answers {
        if status == 429 {
            assert_eq!(r["code"], "rate");
            refused += 1;
        }
    }
    assert!(refused > 0, "60 requests at once are over a burst of 40");
    assert_eq!(c.call(s.addr, "GET", "/api/tokens", None).await.0, 200);
}

#[tokio::test]
async fn a_bot_that_never_reads_does_not_stop_its_table() {
    let clock = domino_server::clock::TimeSource::default();
    let mut cfg = fast("sqlite::memory:");
    cfg.time = clock.clone();
    cfg.clock_sweep = Duration::from_millis(20);
    let s = Server::start(cfg);
    let b = bot(s.addr, "Golf Bot").await;
    let mut ev = b.events(s.addr).await;
    let body = json!({
        "to": b.id, "rules": short(), "guest": "guest-patient", "name": "Pat",
        "clock": {"base_ms": 60_000, "increment_ms": 15_000},
    });
    let (status, made) = call(s.addr, "POST", "/api/challenges", &[], Some(body)).await;
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap();
    event(&mut ev, "challenge").await;
    let (status, seat) = b
        .call(
            s.addr,
            "POST",
            &format!("/api/challenges/{id}/accept"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{seat}");
    // The bot sits and then reads nothing more, ever.
    let mut silent = b.socket(s.addr).await;
    silent
        .send_raw(
            &json!({"type": "resume", "table": seat["table"], "token": seat["token"]}).to_string(),
        )
        .await;
    let mut page = Client::connect(s.addr).await;
    let r = page
        .request(json!({"type": "resume", "table": seat["table"], "token": made["token"]}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    first_state(&mut page).await;
    // The person plays; on the bot's turns its clock runs out (moved on,
    // not waited for) and the computer plays for it, as for a slow person.
    let mut readied = None;
    for _ in 0..6000 {
        let msg = page.state.clone().unwrap();
        let st = &msg["state"];
        match st["phase"].as_str().unwrap() {
            "match_over" => return,
            "hand_over" if readied != st["hand_number"].as_u64() => {
                readied = st["hand_number"].as_u64();
                // The moved clock may have dealt the next hand (or ended the
                // match) before the page's ready arrived.
                let r = page.request(json!({"type": "ready"})).await;
                let late = ["hand_not_over", "match_over"];
                assert!(
                    r["type"] == "ok" || late.iter().any(|c| r["code"] == *c),
                    "{r}"
                );
            }
            // (A hand that is over, already readied, has no `legal`.)
            _ if st["to_act"] == 0 && st["legal"].as_array().is_some_and(|l| !l.is_empty()) => {
                let a = st["legal"][0].clone();
                let r = page.request(json!({"type": "act", "action": a})).await;
                // The moved clock may have run out the person's turn too.
                let late = ["stale", "out_of_time", "not_your_turn"];
                assert!(
                    r["type"] == "ok" || late.iter().any(|c| r["code"] == *c),
                    "{r}"
                );
            }
            // In steps shorter than a turn's time (15 s a move, 60 s in
            // the bank): a step taken on a state the page has not yet seen
            // move on to its own turn then never times the person out three
            // times, which would cost them the seat.
            _ => clock.advance(Duration::from_secs(20)),
        }
        page.try_recv(200).await;
    }
    panic!("the match did not finish: {:?}", page.state);
}

/// A built-in level is a bot account (`bot:LEVEL`, made at start): it is
/// challenged like any bot, answers at once with the server's own bot in
/// its seat, and a rated match against it moves both ratings; a casual
/// one moves none.
#[tokio::test]
async fn a_built_in_level_is_a_bot_account_challenged_rated_or_casual() {
    let s = Server::start(fast("sqlite::memory:"));
    let (_, card) = call(s.addr, "GET", "/api/profiles/bot:random", &[], None).await;
    assert_eq!(
        (&card["profile"]["name"], &card["profile"]["bot"]),
        (&json!("random"), &json!(true)),
        "{card}"
    );
    let (cookie, me) = person(s.addr, "Rita").await;
    let c = [("Cookie", cookie.as_str())];
    for rated in [true, false] {
        let body = json!({"to": "bot:random", "rules": short(), "rated": rated});
        let (status, made) = call(s.addr, "POST", "/api/challenges", &c, Some(body)).await;
        assert_eq!(status, 201, "{made}");
        let path = format!("/api/challenges/{}", made["id"].as_str().unwrap());
        let (_, st) = call(s.addr, "GET", &path, &[], None).await;
        assert_eq!(
            (&st["state"], &st["seat"]),
            (&json!("accepted"), &json!(0)),
            "{st}"
        );
        let mut page = page_at(s.addr, &cookie, &st, &made).await;
        let at = page.state.clone().unwrap();
        assert_eq!(at["rated"], rated, "{at}");
        assert_eq!(at["seats"][1]["bot"], true, "{at}");
        let end = common::play_out(&mut page, 5).await;
        let changes = end["ratings"].as_array().unwrap();
        if rated {
            let mut who: Vec<&str> = changes
                .iter()
                .map(|c| c["player"].as_str().unwrap())
                .collect();
            who.sort_unstable();
            // (Sorted both sides: a profile id is random hex.)
            let mut want = [me.as_str(), "bot:random"];
            want.sort_unstable();
            assert_eq!(who, want, "{end}");
            let mine = changes.iter().find(|c| c["player"] == *me).unwrap();
            assert_ne!(mine["before"], mine["after"], "{mine}");
        } else {
            assert!(changes.is_empty(), "{end}");
        }
        // The level's own rating was moved by the rated match alone (a
        // measured level moves by less than a point a match: its count
        // says it was rated).
        let (_, card) = call(s.addr, "GET", "/api/profiles/bot:random", &[], None).await;
        assert_eq!(card["ratings"][0]["matches"], 1, "{card}");
    }
    // A level answers at once, so its challenges count for a minute: a
    // third is taken, a fourth refused.
    let body = json!({"to": "bot:random", "rules": short(), "rated": false});
    let (status, _) = call(s.addr, "POST", "/api/challenges", &c, Some(body.clone())).await;
    assert_eq!(status, 201);
    let (status, r) = call(s.addr, "POST", "/api/challenges", &c, Some(body)).await;
    assert_eq!(
        (status, &r["code"]),
        (429, &json!("too_many_challenges")),
        "{r}"
    );
    // A level never goes offline, and a guest's rated challenge is refused.
    let guest = json!({"to": "bot:expert", "rules": short(), "rated": true, "guest": "guest-lvl", "name": "G"});
    let (status, r) = call(s.addr, "POST", "/api/challenges", &[], Some(guest)).await;
    assert_eq!((status, &r["code"]), (401, &json!("signed_out")), "{r}");
}

/// A server started as node `name` (of a database other nodes share).
fn node(mut cfg: domino_server::Config, name: &str) -> Server {
    cfg.node = name.into();
    Server::start(cfg)
}

/// Two nodes on one PostgreSQL database (when `DOMINO_TEST_POSTGRES`
/// names a server): a token revoked on one node closes the sockets opened
/// with it on the other within 2 s.
#[tokio::test]
async fn postgres_a_token_revoked_on_one_node_is_cut_off_on_the_other() {
    let Some((url, db, name)) = scratch_postgres("revoke").await else {
        return;
    };
    let (a, b) = (node(config(&db), "a"), node(config(&db), "b"));
    let bot_on_a = bot(a.addr, "Hotel Bot").await;
    revoked_and_cut_off(&bot_on_a, a.addr, b.addr, 2000).await;
    drop((a, b));
    domino_store::drop_scratch_postgres(&url, &name)
        .await
        .unwrap();
}

/// Two bots whose events sockets are on different nodes of one database
/// are paired (by whichever node's pool), each told of the table on its
/// own node, play it through their own nodes, and each hears the end.
#[tokio::test]
async fn postgres_bots_on_two_nodes_hear_their_table_and_its_end() {
    let Some((url, db, name)) = scratch_postgres("botnodes").await else {
        return;
    };
    let (na, nb) = (node(fast(&db), "a"), node(fast(&db), "b"));
    let (a, b) = (
        bot(na.addr, "India Bot").await,
        bot(nb.addr, "Juliet Bot").await,
    );
    let mut ea = a.events(na.addr).await;
    let mut eb = b.events(nb.addr).await;
    for (x, at) in [(&a, na.addr), (&b, nb.addr)] {
        let (status, made) = x
            .call(
                at,
                "POST",
                "/api/seeks",
                Some(json!({"rules": short(), "rated": true})),
            )
            .await;
        assert_eq!(status, 200, "{made}");
    }
    let ta = event_within(&mut ea, "table", 30).await;
    let tb = event_within(&mut eb, "table", 30).await;
    assert_eq!(ta["table"], tb["table"], "{ta} {tb}");
    let mut ca = sit(&a, na.addr, &ta).await;
    let mut cb = sit(&b, nb.addr, &tb).await;
    let (end, _) = tokio::join!(common::play_out(&mut ca, 5), common::play_out(&mut cb, 6));
    for (events, seat) in [(&mut ea, &ta["seat"]), (&mut eb, &tb["seat"])] {
        let over = event_within(events, "match_over", 30).await;
        assert_eq!(
            (&over["table"], &over["seat"]),
            (&end["table"], seat),
            "{over}"
        );
        assert_eq!(over["scores"], end["state"]["scores"], "{over}");
    }
    drop((ca, cb, ea, eb, na, nb));
    domino_store::drop_scratch_postgres(&url, &name)
        .await
        .unwrap();
}

/// Issue 57: a challenge takes its clock as seeks and tables write it (and
/// still the older `{base_ms, increment_ms}`), refuses a bad one as
/// `bad_clock`, and its event shows the clock the table will get, a rated
/// challenge's default included.
#[tokio::test]
async fn a_challenge_takes_the_tables_clock_format_and_shows_what_its_table_gets() {
    let s = Server::start(fast("sqlite::memory:"));
    let b = bot(s.addr, "Clock Bot").await;
    let mut ev = b.events(s.addr).await;
    let (cookie, _) = person(s.addr, "Cleo").await;
    let c = [("Cookie", cookie.as_str())];
    let per_move = json!({"kind": "per_move", "move_s": 20, "bank_s": 120});
    for bad in [
        json!({"kind": "per_move", "move_s": 1, "bank_s": 0}),
        json!({"minutes": 5}),
        json!("15+60"),
    ] {
        let body = json!({"to": b.id, "rules": short(), "clock": bad});
        let (status, r) = call(s.addr, "POST", "/api/challenges", &c, Some(body)).await;
        assert_eq!(
            (status, &r["code"]),
            (400, &json!("bad_clock")),
            "{bad}: {r}"
        );
    }
    let cases = [
        (
            json!({"to": b.id, "rules": short(), "clock": per_move}),
            per_move.clone(),
        ),
        (
            json!({"to": b.id, "rules": short(), "clock": {"base_ms": 120_000, "increment_ms": 20_000}}),
            per_move.clone(),
        ),
        (
            json!({"to": b.id, "rules": short(), "rated": true}),
            json!({"kind": "per_move", "move_s": 15, "bank_s": 60}),
        ),
    ];
    for (body, table_clock) in cases {
        let (status, made) = call(s.addr, "POST", "/api/challenges", &c, Some(body)).await;
        assert_eq!(status, 201, "{made}");
        let shown = event(&mut ev, "challenge").await["challenge"]["clock"].clone();
        for k in ["kind", "move_s", "bank_s"] {
            assert_eq!(shown[k], table_clock[k], "{shown}");
        }
        // Old clients still read the older fields.
        let ms = |k: &str| table_clock[k].as_u64().map(|s| s * 1000);
        assert_eq!(shown["base_ms"].as_u64(), ms("bank_s"), "{shown}");
        assert_eq!(shown["increment_ms"].as_u64(), ms("move_s"), "{shown}");
        let path = format!("/api/challenges/{}", made["id"].as_str().unwrap());
        let (status, _) = call(s.addr, "DELETE", &path, &c, None).await;
        assert_eq!(status, 204);
    }
}

/// Issue 57: a challenge's clock waits for the challenger. The bot sits
/// at once; the challenger comes only after three turns' time has passed
/// (the time source moved on, the clock swept meanwhile): nobody timed
/// out, and the clock runs once both are there.
#[tokio::test]
async fn a_challenges_clock_waits_for_a_challenger_who_has_not_come() {
    let clock = domino_server::clock::TimeSource::default();
    let mut cfg = fast("sqlite::memory:");
    cfg.time = clock.clone();
    cfg.clock_sweep = Duration::from_millis(20);
    let s = Server::start(cfg);
    let b = bot(s.addr, "Slow Bot").await;
    let mut ev = b.events(s.addr).await;
    let body = json!({
        "to": b.id, "rules": short(), "guest": "guest-slow", "name": "Sam",
        "clock": {"kind": "per_move", "move_s": 5, "bank_s": 0},
    });
    let (status, made) = call(s.addr, "POST", "/api/challenges", &[], Some(body)).await;
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap();
    event(&mut ev, "challenge").await;
    let path = format!("/api/challenges/{id}/accept");
    let (status, seat) = b.call(s.addr, "POST", &path, None).await;
    assert_eq!(status, 200, "{seat}");
    let mut cb = b.socket(s.addr).await;
    let r = cb
        .request(json!({"type": "resume", "table": seat["table"], "token": seat["token"]}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    for _ in 0..3 {
        clock.advance(Duration::from_secs(6));
        cb.settle(150).await;
    }
    let waited = cb.state.clone().unwrap();
    assert_eq!(waited["clock"]["timeouts"], json!([0, 0]), "{waited}");
    assert_eq!(waited["clock"]["running"], Value::Null, "{waited}");
    let mut page = Client::connect(s.addr).await;
    let r = page
        .request(json!({"type": "resume", "table": seat["table"], "token": made["token"]}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    cb.settle(150).await;
    let here = cb.state.clone().unwrap();
    assert_eq!(here["seats"][0]["left"], false, "{here}");
    assert_eq!(here["clock"]["timeouts"], json!([0, 0]), "{here}");
    assert_eq!(here["clock"]["running"], here["state"]["to_act"], "{here}");
}

/// Issue 57: a rated match whose person timed out three times and left
/// is theirs lost everywhere it is told: the ratings, the final state's
/// `winner` and its `match_over` event, whatever the score. Played until
/// the expert the seat is left to outscored the random level (the case
/// where the score and the result differ; at most the three matches a
/// minute a level takes), which it does nearly always at once.
#[tokio::test]
async fn a_side_that_left_a_rated_match_is_its_loser_in_the_result_too() {
    let clock = domino_server::clock::TimeSource::default();
    let mut cfg = fast("sqlite::memory:");
    cfg.time = clock.clone();
    cfg.clock_sweep = Duration::from_millis(20);
    let s = Server::start(cfg);
    let (cookie, me) = person(s.addr, "Lena").await;
    let mut outscored = false;
    for _ in 0..3 {
        let end = left_and_lost(&s, &clock, &cookie, &me).await;
        let scores = &end["state"]["scores"];
        if scores[0].as_i64() > scores[1].as_i64() {
            outscored = true;
            break;
        }
    }
    assert!(outscored, "the seat left never outscored the other");
}

/// A bot account resigns on its table's socket: the match ends at once,
/// the bot's events socket hears `match_over` with the resignation and
/// the person's side as winner, and the person's page gets the same end.
/// At a second table nothing has been played yet, so the bot aborts it:
/// no winner, every side placed first, nothing rated.
#[tokio::test]
async fn a_bot_resigns_or_aborts_on_its_tables_socket() {
    let s = Server::start(fast("sqlite::memory:"));
    let b = bot(s.addr, "Quitter Bot").await;
    let (cookie, _) = person(s.addr, "Pat").await;
    let c = [("Cookie", cookie.as_str())];
    let mut ev = b.events(s.addr).await;
    for how in ["resign", "abort"] {
        let body = json!({"to": b.id, "rules": short(), "rated": true, "clock": null});
        let (status, made) = call(s.addr, "POST", "/api/challenges", &c, Some(body)).await;
        assert_eq!(status, 201, "{made}");
        let id = made["id"].as_str().unwrap();
        event(&mut ev, "challenge").await;
        let path = format!("/api/challenges/{id}/accept");
        let (status, seat) = b.call(s.addr, "POST", &path, None).await;
        assert_eq!(status, 200, "{seat}");
        let tab = event(&mut ev, "table").await;
        let (_, st) = call(s.addr, "GET", &format!("/api/challenges/{id}"), &[], None).await;
        let mut page = page_at(s.addr, &cookie, &st, &made).await;
        let mut cb = sit(&b, s.addr, &tab).await;
        let bot_seat = tab["seat"].as_u64().unwrap();
        let r = cb.request(json!({"type": how})).await;
        assert_eq!(r["type"], "ok", "{how}: {r}");
        let over = event_within(&mut ev, "match_over", 10).await;
        let ended = if how == "resign" {
            "resigned"
        } else {
            "aborted"
        };
        assert_eq!(
            over["ended"],
            json!({"how": ended, "seat": bot_seat}),
            "{over}"
        );
        assert_eq!(over["table"], tab["table"], "{over}");
        let end = loop {
            let m = page.next_state().await;
            if m["finished"] == true {
                break m;
            }
        };
        assert_eq!(end["ended"], over["ended"], "{end}");
        assert_eq!(end["state"]["phase"], "match_over", "{end}");
        if how == "resign" {
            let person_side = 1 - bot_seat;
            assert_eq!(over["winner"], person_side, "{over}");
            assert_eq!(over["places"][bot_seat as usize], 2, "{over}");
            assert_eq!(over["rated"], true, "{over}");
            let rating = &over["rating"];
            assert!(
                rating["after"].as_f64() < rating["before"].as_f64(),
                "{over}"
            );
        } else {
            assert_eq!(over["winner"], Value::Null, "{over}");
            assert_eq!(over["places"], json!([1, 1]), "{over}");
            assert_eq!(
                (&over["rated"], &over["rating"]),
                (&json!(false), &Value::Null),
                "{over}"
            );
            assert_eq!(end["ratings"], json!([]), "{end}");
        }
        // The table is no longer among the bot's live ones.
        assert_eq!(
            b.call(s.addr, "GET", "/api/bot/tables", None).await,
            (200, json!([]))
        );
    }
}

/// A rated challenge of the random level by `cookie`'s person, whose
/// turns all run out until the seat is left; its final state, checked:
/// side 1 won, the person's rating fell.
async fn left_and_lost(
    s: &Server,
    clock: &domino_server::clock::TimeSource,
    cookie: &str,
    me: &str,
) -> Value {
    let c = [("Cookie", cookie)];
    let body = json!({"to": "bot:random", "rules": {"preset": "draw", "players": 2, "options": {"target": 100}},
        "rated": true, "clock": {"kind": "per_move", "move_s": 5, "bank_s": 0}});
    let (status, made) = call(s.addr, "POST", "/api/challenges", &c, Some(body)).await;
    assert_eq!(status, 201, "{made}");
    let path = format!("/api/challenges/{}", made["id"].as_str().unwrap());
    let (_, st) = call(s.addr, "GET", &path, &[], None).await;
    let mut page = page_at(s.addr, cookie, &st, &made).await;
    let mut msg = page.state.clone().unwrap();
    let (mut readied, mut ran_out) = (None, None);
    while msg["seats"][0]["left"] != true {
        let state = &msg["state"];
        let pos = (state["hand_number"].clone(), msg["seq"].clone());
        if state["phase"] == "hand_over" && readied != state["hand_number"].as_u64() {
            readied = state["hand_number"].as_u64();
            page.request(json!({"type": "ready"})).await;
        } else if msg["clock"]["running"] == 0 && ran_out != Some(pos.clone()) {
            ran_out = Some(pos);
            clock.advance(Duration::from_secs(6));
        }
        page.try_recv(200).await;
        msg = page.state.clone().unwrap();
    }
    let end = loop {
        let m = page.next_state().await;
        if m["finished"] == true && m["ratings"].as_array().is_some_and(|r| !r.is_empty()) {
            break m;
        }
    };
    assert_eq!(end["state"]["winner"], json!({"side": 1}), "{end}");
    let events = end["events"].as_array().unwrap();
    if let Some(over) = events.iter().find(|e| e["type"] == "match_over") {
        assert_eq!(over["winner"], json!({"side": 1}), "{over}");
    }
    let mine = end["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"] == *me)
        .unwrap();
    assert!(
        mine["after"].as_f64() < mine["before"].as_f64(),
        "the leaver lost: {mine}"
    );
    end
}
