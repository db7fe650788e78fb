//! What the client's tests share: a server in process on a loopback
//! port, and bot accounts made over HTTP as a person makes them.
#![allow(clippy::unwrap_used, dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use domino_botclient::{ClientError, Options, Summary};
use domino_engine::RulesSpec;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::task::JoinHandle;

/// A server on 127.0.0.1 with an in-memory store.
pub async fn server() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let config = domino_server::Config {
        db: "sqlite::memory:".into(),
        bot_delay: Duration::ZERO,
        bot_budget_ms: 20,
        ..domino_server::Config::default()
    };
    tokio::spawn(async move {
        domino_server::run(listener, config, std::future::pending())
            .await
            .unwrap();
    });
    addr
}

/// A request as a person's page makes it (the profile's cookie): the
/// status, the cookie set if any, and the JSON answer.
pub async fn as_person(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Value,
) -> (u16, Option<String>, Value) {
    let body = body.to_string();
    let cookie = cookie
        .map(|c| format!("Cookie: {c}\r\n"))
        .unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n{cookie}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(head.as_bytes()).await.unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).await.unwrap();
    let (head, text) = raw.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let set = head
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .map(|l| {
            l["set-cookie:".len()..]
                .split(';')
                .next()
                .unwrap()
                .trim()
                .to_string()
        });
    (
        status,
        set,
        serde_json::from_str(text).unwrap_or(Value::Null),
    )
}

/// A new profile made a bot account, and a token for it.
pub async fn bot_account(addr: SocketAddr, name: &str) -> String {
    let (status, cookie, _) =
        as_person(addr, "POST", "/api/profile", None, json!({"name": name})).await;
    assert_eq!(status, 201);
    let cookie = cookie.unwrap();
    let (status, _, me) =
        as_person(addr, "POST", "/api/profile/bot", Some(&cookie), json!({})).await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["bot"], true, "{me}");
    let (status, _, made) = as_person(
        addr,
        "POST",
        "/api/tokens",
        Some(&cookie),
        json!({"name": "test"}),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    made["token"].as_str().unwrap().to_string()
}

/// The options of a bot that seeks one rated two-player draw match.
pub fn rated_draw(url: &str, token: &str) -> Options {
    Options {
        game: Some(
            serde_json::from_value::<RulesSpec>(json!({"preset": "draw", "players": 2})).unwrap(),
        ),
        rated: true,
        seek: true,
        games: Some(1),
        ..Options::new(url, token)
    }
}

/// Wait for each run's one rated match, and check that it moved the
/// seat's rating.
pub async fn expect_rated_matches(runs: Vec<JoinHandle<Result<Summary, ClientError>>>) {
    for run in runs {
        let summary = tokio::time::timeout(Duration::from_secs(240), run)
            .await
            .expect("the match did not end within 4 minutes")
            .unwrap()
            .unwrap();
        let [f] = summary.finished.as_slice() else {
            panic!("{summary:?}")
        };
        assert!(f.rated, "{f:?}");
        let r = f
            .rating
            .expect("a rated match gives the seat its rating change");
        assert_ne!(r.before, r.after, "{f:?}");
    }
}
