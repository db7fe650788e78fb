//! What a careless bot or an attacker with many guest ids cannot do, on a
//! real server (issue 53, items 3, 4, 5, 6, 10 and 12): simultaneous
//! accepts do not pass a bot's table cap; a bot does not enter the pool
//! through a person's team when bots are not paired; one address does
//! not fill a bot's challenge places; unknown tokens are slowed per
//! address; the pool makes no more tables than the seekers' addresses
//! may create; and only whoever made a seek takes it back. The racing
//! ones run many rounds. Second machines are other loopback addresses.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{config, http_request_from, Client, Server};
use domino_server::challenges::PER_ADDRESS;
use domino_server::limits::Limits;
use futures_util::future::join_all;
use serde_json::{json, Value};

const HOME: [u8; 4] = [127, 0, 0, 1];

/// A server with the tests' wide limits but `limits` changed, and bot
/// tokens with no rate to speak of.
fn server(
    change: impl FnOnce(&mut Limits),
    more: impl FnOnce(&mut domino_server::Config),
) -> Server {
    let mut cfg = config("sqlite::memory:");
    let mut limits = Limits {
        bot_token_rate: 100_000,
        bot_token_burst: 100_000,
        ..(*cfg.limits).clone()
    };
    change(&mut limits);
    cfg.limits = Arc::new(limits);
    more(&mut cfg);
    Server::start(cfg)
}

/// A request from `from`: status, response head, body.
async fn call(
    addr: SocketAddr,
    from: [u8; 4],
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> (u16, String, Value) {
    let body = body.map(|b| b.to_string());
    let (status, head, text) =
        http_request_from(addr, from, method, path, headers, body.as_deref()).await;
    (
        status,
        head,
        serde_json::from_str(&text).unwrap_or(Value::Null),
    )
}

/// A new profile: its cookie and id.
async fn person(addr: SocketAddr, name: &str) -> (String, String) {
    let (status, head, card) = call(
        addr,
        HOME,
        "POST",
        "/api/profile",
        &[],
        Some(json!({ "name": name })),
    )
    .await;
    assert_eq!(status, 201, "{card}");
    (
        common::cookie_of(&head),
        card["id"].as_str().unwrap().into(),
    )
}

/// A bot account: its id and `Authorization` header value.
async fn bot(addr: SocketAddr, name: &str) -> (String, String) {
    let (cookie, id) = person(addr, name).await;
    let c = [("Cookie", cookie.as_str())];
    let (status, _, card) = call(addr, HOME, "POST", "/api/profile/bot", &c, Some(json!({}))).await;
    assert_eq!(status, 200, "{card}");
    let t = Some(json!({"name": "test"}));
    let (status, _, made) = call(addr, HOME, "POST", "/api/tokens", &c, t).await;
    assert_eq!(status, 201, "{made}");
    (id, format!("Bearer {}", made["token"].as_str().unwrap()))
}

/// A bot's events socket, subscribed: the bot is online while it is open.
async fn online(addr: SocketAddr, auth: &str) -> Client {
    let mut c = Client::connect_with_headers(addr, &[("Authorization", auth)])
        .await
        .unwrap();
    assert_eq!(c.request(json!({"type": "events"})).await["type"], "ok");
    c
}

/// A guest's casual two-player challenge to `to`, from `from`.
async fn challenge(addr: SocketAddr, from: [u8; 4], to: &str, guest: &str) -> (u16, Value) {
    let body = json!({"to": to, "rules": {"preset": "draw", "players": 2},
                      "guest": guest, "name": "Ann"});
    let (status, _, v) = call(addr, from, "POST", "/api/challenges", &[], Some(body)).await;
    (status, v)
}

/// Item 3: eight challenges accepted at once by a bot whose cap is three
/// open exactly three tables; the others are refused `too_many_tables`
/// and wait again. Twenty rounds, a new bot each.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_accepts_stay_within_the_bot_table_cap() {
    const CAP: usize = 3;
    let s = server(|_| {}, |c| c.bot_tables = CAP);
    for round in 0..20u8 {
        let (id, auth) = bot(s.addr, &format!("Capped{round}")).await;
        let _events = online(s.addr, &auth).await;
        let mut made = Vec::new();
        for i in 0..8u8 {
            let (status, c) = challenge(
                s.addr,
                [127, 0, round + 1, i + 1],
                &id,
                &format!("guest-{round}-{i}"),
            )
            .await;
            assert_eq!(status, 201, "{c}");
            made.push(c["id"].as_str().unwrap().to_string());
        }
        let accepts = made.iter().map(|c| {
            let path = format!("/api/challenges/{c}/accept");
            let auth = auth.clone();
            async move {
                let h = [("Authorization", auth.as_str())];
                call(s.addr, HOME, "POST", &path, &h, None).await
            }
        });
        let answers = join_all(accepts).await;
        let accepted = answers.iter().filter(|a| a.0 == 200).count();
        assert_eq!(accepted, CAP, "round {round}: {answers:?}");
        for (status, _, v) in answers.iter().filter(|a| a.0 != 200) {
            assert_eq!(
                (*status, v["code"].as_str()),
                (429, Some("too_many_tables")),
                "{v}"
            );
        }
        let (_, _, bots) = call(s.addr, HOME, "GET", "/api/bots", &[], None).await;
        let me = bots
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["id"] == id.as_str())
            .unwrap();
        assert_eq!(me["tables"], CAP, "round {round}");
    }
}

/// Item 4: with `--bot-pairing off`, a bot that joins a person's team by
/// its code is refused, and the team is still forming.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_does_not_join_a_team_when_bots_are_not_paired() {
    let s = server(
        |_| {},
        |c| c.bot_pairing = domino_server::pool::Pairing::Off,
    );
    let (_, auth) = bot(s.addr, "Sneaky").await;
    let team = json!({"rules": {"preset": "jamaican"}, "team": true,
                      "guest": "guest-ann", "name": "Ann"});
    let (status, _, made) = call(s.addr, HOME, "POST", "/api/seeks", &[], Some(team)).await;
    assert_eq!(status, 200, "{made}");
    let code = made["team"].as_str().unwrap();
    let h = [("Authorization", auth.as_str())];
    let path = format!("/api/seeks/team/{code}");
    let (status, _, r) = call(s.addr, HOME, "POST", &path, &h, Some(json!({"name": "x"}))).await;
    assert_eq!(
        (status, r["code"].as_str()),
        (403, Some("bot_pairing_off")),
        "{r}"
    );
    let seek = format!("/api/seeks/{}", made["seek"].as_str().unwrap());
    let (_, _, st) = call(s.addr, HOME, "GET", &seek, &[], None).await;
    assert_eq!(st["state"], "forming", "{st}");
}

/// Item 5: forty challenges from one address with a new guest id each
/// leave the bot places for others: a signed-in person elsewhere
/// challenges it still.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_does_not_fill_a_bots_challenges() {
    let s = server(|_| {}, |_| {});
    let (id, auth) = bot(s.addr, "Popular").await;
    let _events = online(s.addr, &auth).await;
    let mut waiting = 0;
    for i in 0..40 {
        let (status, r) = challenge(s.addr, [127, 0, 0, 9], &id, &format!("guest-flood-{i}")).await;
        match status {
            201 => waiting += 1,
            _ => assert_eq!(
                (status, r["code"].as_str()),
                (429, Some("too_many_challenges")),
                "{r}"
            ),
        }
    }
    assert_eq!(waiting, PER_ADDRESS, "challenges waiting from one address");
    let (cookie, _) = person(s.addr, "Real").await;
    let body = json!({"to": id, "rules": {"preset": "draw", "players": 2}});
    let c = [("Cookie", cookie.as_str())];
    let (status, _, r) = call(
        s.addr,
        [127, 0, 0, 10],
        "POST",
        "/api/challenges",
        &c,
        Some(body),
    )
    .await;
    assert_eq!(status, 201, "{r}");
}

/// Item 6: past ten unknown tokens a minute, an address is answered
/// `429 rate` with `Retry-After`, whatever token it sends; another address
/// goes on with its good token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_tokens_are_slowed_per_address() {
    let s = server(|l| l.bad_tokens_per_minute = 10, |_| {});
    let (_, auth) = bot(s.addr, "Owner").await;
    let guesses = (0..40).map(|i| {
        let guess = format!("Bearer dbt_{i:040}");
        async move {
            let h = [("Authorization", guess.as_str())];
            call(s.addr, [127, 0, 0, 11], "GET", "/api/tokens", &h, None).await
        }
    });
    let answers = join_all(guesses).await;
    let unknown = answers.iter().filter(|a| a.0 == 401).count();
    assert_eq!(unknown, 10, "{answers:?}");
    for (status, head, v) in answers.iter().filter(|a| a.0 != 401) {
        assert_eq!((*status, v["code"].as_str()), (429, Some("rate")), "{v}");
        assert!(
            head.to_ascii_lowercase().contains("retry-after: 60"),
            "{head}"
        );
    }
    let h = [("Authorization", auth.as_str())];
    let (status, _, v) = call(s.addr, [127, 0, 0, 11], "GET", "/api/tokens", &h, None).await;
    assert_eq!(status, 429, "{v}");
    let (status, _, v) = call(s.addr, [127, 0, 0, 12], "GET", "/api/tokens", &h, None).await;
    assert_eq!(status, 200, "{v}");
}

/// Ten guests' casual two-player seeks from `from`, sent at once: their
/// seek ids.
async fn seek_ten(addr: SocketAddr, from: [u8; 4], tag: &str) -> Vec<String> {
    let seeks = (0..10).map(|i| {
        let body = json!({"rules": {"preset": "draw", "players": 2},
                          "guest": format!("guest-{tag}-{i}"), "name": "Ann"});
        async move { call(addr, from, "POST", "/api/seeks", &[], Some(body)).await }
    });
    join_all(seeks)
        .await
        .into_iter()
        .map(|(status, _, made)| {
            assert_eq!(status, 200, "{made}");
            made["seek"].as_str().unwrap().to_string()
        })
        .collect()
}

/// How many of `seeks` are at a table.
async fn paired(addr: SocketAddr, seeks: &[String]) -> usize {
    let mut n = 0;
    for id in seeks {
        let (_, _, st) = call(addr, HOME, "GET", &format!("/api/seeks/{id}"), &[], None).await;
        n += usize::from(st["state"] == "paired");
    }
    n
}

/// Wait until `want` of `seeks` are paired, then a few pool rounds more:
/// how many are paired then.
async fn paired_after(addr: SocketAddr, seeks: &[String], want: usize) -> usize {
    let until = Instant::now() + Duration::from_secs(20);
    while paired(addr, seeks).await < want && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Four rounds of the pool (250 ms each) for any table too many.
    tokio::time::sleep(Duration::from_secs(1)).await;
    paired(addr, seeks).await
}

/// Item 10: ten seeks from one address with a new guest id each are
/// paired into no more tables than that address may create: three a
/// minute on one server, two unfinished on another; ten rounds each from
/// a fresh address. A table the address then creates itself is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pool_makes_no_more_tables_than_an_address_may_create() {
    for (per_minute, unfinished) in [(3, 1000), (1000, 2)] {
        let s = server(
            |l| {
                l.creates_per_minute = per_minute;
                l.tables_per_address = unfinished;
            },
            |_| {},
        );
        let most = per_minute.min(unfinished as u32) as usize;
        for round in 0..10u8 {
            let from = [127, 0, 3, round + 1];
            let seeks = seek_ten(s.addr, from, &format!("{per_minute}-{round}")).await;
            let at_tables = paired_after(s.addr, &seeks, 2 * most).await;
            assert_eq!(at_tables, 2 * most, "round {round}: {most} tables of two");
            if round == 0 {
                let mut c = Client::connect_from(s.addr, from).await.unwrap();
                let r = c
                    .request(
                        json!({"type": "create", "rules": {"preset": "draw", "players": 2},
                                    "seats": ["me", "bot"], "bot": "random", "name": "Host"}),
                    )
                    .await;
                let code = r["code"].as_str().unwrap_or_default();
                assert!(
                    code == "too_many_creates" || code == "too_many_tables",
                    "{r}"
                );
            }
        }
    }
}

/// Item 12: a seek is taken back only by whoever made it: a guest by its
/// guest id or seat token, a profile signed in, a bot by its token;
/// anyone else holding its id is answered `no_seek` and it waits on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_seeker_takes_a_seek_back() {
    let s = server(|_| {}, |_| {});
    let addr = s.addr;
    let rules = json!({"preset": "draw", "players": 3});
    let seek = |headers: Vec<(String, String)>, guest: Option<&str>| {
        let body = json!({"rules": rules, "guest": guest, "name": "Ann"});
        async move {
            let h: Vec<(&str, &str)> = headers
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            let (status, _, made) = call(addr, HOME, "POST", "/api/seeks", &h, Some(body)).await;
            assert_eq!(status, 200, "{made}");
            made
        }
    };
    let cancel = |id: &Value, headers: Vec<(String, String)>, body: Option<Value>| {
        let path = format!("/api/seeks/{}", id.as_str().unwrap());
        async move {
            let h: Vec<(&str, &str)> = headers
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            let (status, _, v) = call(addr, [127, 0, 0, 13], "DELETE", &path, &h, body).await;
            (status, v["code"].as_str().map(str::to_string))
        }
    };
    let refused = (404, Some("no_seek".to_string()));
    // A guest's: not by nobody, another guest or another token.
    let g = seek(vec![], Some("guest-owner")).await;
    assert_eq!(cancel(&g["seek"], vec![], None).await, refused);
    assert_eq!(
        cancel(&g["seek"], vec![], Some(json!({"guest": "guest-other"}))).await,
        refused
    );
    assert_eq!(
        cancel(&g["seek"], vec![], Some(json!({"token": "nope"}))).await,
        refused
    );
    assert_eq!(
        cancel(&g["seek"], vec![], Some(json!({"guest": "guest-owner"})))
            .await
            .0,
        200
    );
    let g = seek(vec![], Some("guest-owner")).await;
    assert_eq!(
        cancel(&g["seek"], vec![], Some(json!({"token": g["token"]})))
            .await
            .0,
        200
    );
    // A profile's: not by another profile, nor by its name's guest id.
    let (cookie, _) = person(addr, "Owner").await;
    let (other, _) = person(addr, "Other").await;
    let p = seek(vec![("Cookie".into(), cookie.clone())], None).await;
    assert_eq!(
        cancel(&p["seek"], vec![("Cookie".into(), other)], None).await,
        refused
    );
    assert_eq!(
        cancel(&p["seek"], vec![("Cookie".into(), cookie)], None)
            .await
            .0,
        200
    );
    // A bot's: not by another bot's token.
    let (_, mine) = bot(addr, "SeekBot").await;
    let (_, theirs) = bot(addr, "OtherBot").await;
    let b = seek(vec![("Authorization".into(), mine.clone())], None).await;
    assert_eq!(
        cancel(&b["seek"], vec![("Authorization".into(), theirs)], None).await,
        refused
    );
    let (_, _, st) = call(
        addr,
        HOME,
        "GET",
        &format!("/api/seeks/{}", b["seek"].as_str().unwrap()),
        &[],
        None,
    )
    .await;
    assert_eq!(st["state"], "waiting", "{st}");
    assert_eq!(
        cancel(&b["seek"], vec![("Authorization".into(), mine)], None)
            .await
            .0,
        200
    );
}
