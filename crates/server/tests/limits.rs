//! The server's limits on real sockets, each set small as `domino serve`'s
//! flags would set it: every refusal is clear, counted in `/healthz`, and
//! leaves the other clients and tables as they were. Second machines are
//! other loopback addresses (127.0.0.2, ...).
#![allow(clippy::unwrap_used)]

use crate::common;

use std::sync::Arc;
use std::time::Duration;

use common::{config, Client, Server};
use domino_server::limits::Limits;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn server(limits: Limits) -> Server {
    Server::start(domino_server::Config {
        limits: Arc::new(limits),
        ..config("sqlite::memory:")
    })
}

/// Generous values, so that a test meets only the limit it sets.
const WIDE: Limits = Limits {
    tables_per_client: 1000,
    tables_per_address: 1000,
    creates_per_minute: 1000,
    messages_per_second: 1000,
    message_burst: 1000,
    ..Limits::DEFAULT
};

async fn health(s: &Server) -> Value {
    let (code, body) = s.get("/healthz").await;
    assert_eq!(code, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// A two-player table against a bot, created by `c`.
fn bot_game() -> Value {
    json!({"type": "create", "rules": {"preset": "draw", "players": 2},
           "seats": ["me", "bot"], "bot": "random", "name": "Host"})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_tables_are_limited_per_client_and_per_address() {
    let s = server(Limits {
        tables_per_client: 2,
        tables_per_address: 3,
        ..WIDE
    });
    let mut a = Client::connect(s.addr).await;
    for _ in 0..2 {
        assert_eq!(a.request(bot_game()).await["type"], "joined");
    }
    let r = a.request(bot_game()).await;
    assert_eq!(r["code"], "too_many_tables", "{r}");
    assert!(r["message"]
        .as_str()
        .unwrap()
        .contains("2 unfinished tables"));
    // Another client from the same address: one more, then the address is full.
    let mut b = Client::connect(s.addr).await;
    assert_eq!(b.request(bot_game()).await["type"], "joined");
    let r = b.request(bot_game()).await;
    assert_eq!(r["code"], "too_many_tables", "{r}");
    assert!(r["message"].as_str().unwrap().contains("one address"));
    // Another address is not affected.
    let mut c = Client::connect_from(s.addr, [127, 0, 0, 2]).await.unwrap();
    for _ in 0..2 {
        assert_eq!(c.request(bot_game()).await["type"], "joined");
    }
    assert_eq!(c.request(bot_game()).await["code"], "too_many_tables");
    let h = health(&s).await;
    assert!(h["refused"]["tables"].as_u64().unwrap() >= 3, "{h}");
    // The refused clients still play their tables.
    b.settle(100).await;
    let st = b.state.clone().unwrap();
    assert_eq!(st["seat"], 0);
    let r = b.request(json!({"type": "list"})).await;
    assert_eq!(r["type"], "tables");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creations_per_minute_are_limited_per_address() {
    let s = server(Limits {
        creates_per_minute: 3,
        ..WIDE
    });
    let mut a = Client::connect(s.addr).await;
    for _ in 0..3 {
        assert_eq!(a.request(bot_game()).await["type"], "joined");
    }
    let r = a.request(bot_game()).await;
    assert_eq!(r["code"], "too_many_creates", "{r}");
    assert!(r["message"].as_str().unwrap().contains("3 tables a minute"));
    let mut other = Client::connect_from(s.addr, [127, 0, 0, 3]).await.unwrap();
    assert_eq!(other.request(bot_game()).await["type"], "joined");
    assert_eq!(health(&s).await["refused"]["creates"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_over_its_message_rate_is_answered_rate_limited_and_recovers() {
    let s = server(Limits {
        messages_per_second: 2,
        message_burst: 3,
        ..WIDE
    });
    let mut flood = Client::connect(s.addr).await;
    let mut calm = Client::connect(s.addr).await;
    for i in 0..10 {
        flood
            .send_raw(&json!({"type": "list", "id": i}).to_string())
            .await;
    }
    let mut answered = 0;
    let mut limited = 0;
    let mut ids = Vec::new();
    while let Some(m) = flood.try_recv(300).await {
        match m["type"].as_str().unwrap() {
            "tables" => answered += 1,
            "error" => {
                assert_eq!(m["code"], "rate_limited", "{m}");
                limited += 1;
            }
            t => panic!("{t}"),
        }
        ids.push(m["id"].as_u64().unwrap());
    }
    assert_eq!((answered, limited), (3, 7));
    // Every request got its own answer, refused ones too.
    assert_eq!(ids, (0..10).collect::<Vec<_>>());
    // Another socket is not slowed, and the flooder gets tokens back.
    assert_eq!(
        calm.request(json!({"type": "list"})).await["type"],
        "tables"
    );
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(
        flood.request(json!({"type": "list"})).await["type"],
        "tables"
    );
    assert_eq!(health(&s).await["refused"]["messages"], 7);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pings_and_unasked_pongs_count_against_the_message_rate() {
    use tokio_tungstenite::tungstenite::Message;
    let s = server(Limits {
        messages_per_second: 2,
        message_burst: 5,
        ..WIDE
    });
    let mut calm = Client::connect(s.addr).await;
    for frame in [
        Message::Ping(b"p".to_vec().into()),
        Message::Pong(b"p".to_vec().into()),
    ] {
        let mut flood = Client::connect(s.addr).await;
        // Sent as fast as the socket takes them, at most 2,000.
        let mut sent = 0;
        while sent < 2000 && flood.send_frame(frame.clone()).await {
            sent += 1;
        }
        let pongs = flood
            .pongs_until_closed(3000)
            .await
            .unwrap_or_else(|| panic!("{frame:?}: the flooding socket stays open"));
        // The burst, what the rate adds while the flood is read, and the
        // one the WebSocket layer answers before the server refuses it.
        assert!(pongs <= 5 + 2 + 1, "{frame:?}: {pongs} of {sent} answered");
        // Another socket is not affected.
        assert_eq!(
            calm.request(json!({"type": "list"})).await["type"],
            "tables"
        );
    }
    assert_eq!(health(&s).await["refused"]["messages"], 2);
    // A socket that answers the server's own pings (a reading client does)
    // is not cut off for it.
    let s = server(Limits {
        ping_every: Duration::from_millis(20),
        messages_per_second: 1,
        message_burst: 1,
        ..WIDE
    });
    let mut reader = Client::connect(s.addr).await;
    assert!(reader.pongs_until_closed(500).await.is_none());
    assert_eq!(
        reader.request(json!({"type": "list"})).await["type"],
        "tables"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_are_limited_per_address_and_in_all_while_http_keeps_answering() {
    let s = server(Limits {
        sockets_per_address: 2,
        sockets: 3,
        ..WIDE
    });
    let a1 = Client::connect_from(s.addr, [127, 0, 0, 2]).await.unwrap();
    let _a2 = Client::connect_from(s.addr, [127, 0, 0, 2]).await.unwrap();
    let r = Client::connect_from(s.addr, [127, 0, 0, 2])
        .await
        .err()
        .unwrap();
    assert!(
        r.starts_with("503") && r.contains("2 from one address"),
        "{r}"
    );
    let mut b = Client::connect_from(s.addr, [127, 0, 0, 3]).await.unwrap();
    let r = Client::connect_from(s.addr, [127, 0, 0, 4])
        .await
        .err()
        .unwrap();
    assert!(r.starts_with("503") && r.contains("server is full"), "{r}");
    // At the limit: the page, the lobby's lists and the health check answer.
    for path in ["/healthz", "/api/tables", "/", "/api/presets"] {
        assert_eq!(s.get(path).await.0, 200, "{path}");
    }
    let h = health(&s).await;
    assert_eq!(
        (h["sockets"].as_u64(), h["refused"]["sockets"].as_u64()),
        (Some(3), Some(2))
    );
    // Those connected play on; one leaving lets another in.
    assert_eq!(b.request(bot_game()).await["type"], "joined");
    drop(a1);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(Client::connect_from(s.addr, [127, 0, 0, 4]).await.is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_excess_http_connections_are_closed_and_others_answered() {
    let s = server(Limits {
        connections_per_address: 3,
        header_timeout: Duration::from_millis(400),
        ..WIDE
    });
    let idle_from = |n: u8| async move {
        let sock = tokio::net::TcpSocket::new_v4().unwrap();
        sock.bind(std::net::SocketAddr::from(([127, 0, 0, n], 0)))
            .unwrap();
        sock.connect(s.addr).await.unwrap()
    };
    let mut idle = Vec::new();
    for _ in 0..3 {
        idle.push(idle_from(5).await);
    }
    // The fourth from that address is closed at once.
    let mut extra = idle_from(5).await;
    let mut buf = [0u8; 64];
    let n = tokio::time::timeout(Duration::from_millis(300), extra.read(&mut buf)).await;
    assert!(matches!(n, Ok(Ok(0)) | Ok(Err(_))), "closed at once: {n:?}");
    // Others are answered meanwhile.
    assert_eq!(s.get("/healthz").await.0, 200);
    // The silent ones are closed after the header timeout.
    for mut c in idle {
        let n = tokio::time::timeout(Duration::from_secs(3), c.read(&mut buf)).await;
        assert!(matches!(n, Ok(Ok(0)) | Ok(Err(_))), "timed out: {n:?}");
    }
    // A kept-alive connection idle between requests is closed too.
    let mut c = idle_from(6).await;
    c.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let n = c.read(&mut buf).await.unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
    let mut rest = Vec::new();
    let r = tokio::time::timeout(Duration::from_secs(3), c.read_to_end(&mut rest)).await;
    assert!(r.is_ok(), "an idle kept-alive connection is closed");
    let h = health(&s).await;
    assert!(h["refused"]["connections"].as_u64().unwrap() >= 1, "{h}");
    assert!(
        h["refused"]["header_timeouts"].as_u64().unwrap() >= 3,
        "{h}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_sockets_and_sockets_that_never_join_are_closed() {
    let s = server(Limits {
        ping_every: Duration::from_millis(100),
        dead_after: Duration::from_millis(600),
        join_timeout: Duration::from_millis(900),
        ..WIDE
    });
    // Never read: pings go unanswered, so the server closes it.
    let mut dead = Client::connect(s.addr).await;
    assert_eq!(dead.request(bot_game()).await["type"], "joined");
    // One that reads answers the pings and stays, seated at a table.
    let mut alive = Client::connect(s.addr).await;
    assert_eq!(alive.request(bot_game()).await["type"], "joined");
    // One that answers pings but never sits anywhere.
    let mut lurker = Client::connect(s.addr).await;
    assert_eq!(
        lurker.request(json!({"type": "list"})).await["type"],
        "tables"
    );
    // Reading answers pings (`dead` is not read meanwhile).
    let (alive_closed, lurker_closed) =
        tokio::join!(alive.closed_within(2000), lurker.closed_within(2000));
    assert!(!alive_closed, "a live seated socket stays");
    assert!(lurker_closed, "a socket without a table goes");
    assert!(dead.closed_within(100).await, "a dead socket goes");
    assert_eq!(
        alive.request(json!({"type": "list"})).await["type"],
        "tables"
    );
    let h = health(&s).await;
    assert!(h["refused"]["dead_sockets"].as_u64().unwrap() >= 1, "{h}");
    assert!(h["refused"]["idle_sockets"].as_u64().unwrap() >= 1, "{h}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_lines_and_names_are_limited_in_length_and_lose_direction_characters() {
    let s = server(Limits {
        chat_chars: 10,
        name_chars: 5,
        ..WIDE
    });
    let mut a = Client::connect(s.addr).await;
    let mut long = bot_game();
    long["name"] = json!("Josephine");
    let r = a.request(long).await;
    assert_eq!(r["code"], "bad_name", "{r}");
    assert!(r["message"].as_str().unwrap().contains("at most 5"), "{r}");
    assert_eq!(a.request(bot_game()).await["type"], "joined");
    let r = a
        .request(json!({"type": "chat", "text": "x".repeat(11)}))
        .await;
    assert_eq!(r["code"], "chat_too_long", "{r}");
    // Direction controls are taken out, and the length counted without them.
    let r = a
        .request(json!({"type": "chat", "text": "ok\u{202E}kO\u{202C}\u{2066}xyzw\u{2069}"}))
        .await;
    assert_eq!(r["type"], "ok", "{r}");
    let r = a
        .request(json!({"type": "chat", "text": "\u{202E}\u{202C}"}))
        .await;
    assert_eq!(r["code"], "bad_chat", "{r}");
    assert_eq!(
        a.request(json!({"type": "chat", "text": "gg 🙂"})).await["type"],
        "ok"
    );
}

/// The number of actions the server has stored.
async fn actions(s: &Server) -> u64 {
    health(s).await["actions"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_nobody_watches_parks_and_plays_on_when_someone_comes_back() {
    let s = Server::start(domino_server::Config {
        bot_delay: Duration::from_millis(20),
        limits: Arc::new(Limits {
            park_after: Duration::from_millis(300),
            ..WIDE
        }),
        ..config("sqlite::memory:")
    });
    // Bots only, made to be watched; a long match.
    let mut w = Client::connect(s.addr).await;
    let r = w
        .request(json!({"type": "create",
            "rules": {"preset": "draw", "players": 4, "options": {"target": 500}},
            "seats": ["bot", "bot", "bot", "bot"], "bot": "random", "name": "W"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    // (Not `settle`: the bots never pause while watched.)
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(actions(&s).await > 0, "the bots play while watched");
    drop(w);
    tokio::time::sleep(Duration::from_millis(700)).await;
    let h = health(&s).await;
    assert_eq!(h["parked"], 1, "{h}");
    let before = actions(&s).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(actions(&s).await, before, "no bot plays at a parked table");
    // A watcher comes back: the bots play on.
    let mut w = Client::connect(s.addr).await;
    let r = w.request(json!({"type": "spectate", "table": table})).await;
    assert_eq!(r["type"], "joined", "{r}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(actions(&s).await > before, "play resumes");
    assert_eq!(health(&s).await["parked"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_untouched_too_long_is_closed_as_abandoned_and_kept_in_the_history() {
    let s = server(Limits {
        park_after: Duration::from_millis(100),
        abandon_after: Duration::from_millis(1500),
        ..WIDE
    });
    let mut a = Client::connect(s.addr).await;
    let r = a
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 2},
                        "humans": 2, "bot": "random", "name": "Gone"}),
        )
        .await;
    let table = r["table"].as_str().unwrap().to_string();
    // A table still played is left alone.
    let mut b = Client::connect(s.addr).await;
    let kept = b.request(bot_game()).await["table"]
        .as_str()
        .unwrap()
        .to_string();
    drop(a);
    let mut listed = Value::Null;
    for _ in 0..40 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        // `b` keeps its table touched by playing or by coming back.
        b.settle(10).await;
        let r = b.request(json!({"type": "spectate", "table": kept})).await;
        assert_eq!(r["type"], "joined", "{r}");
        let (_, hist) = s.get("/api/history").await;
        let hist: Value = serde_json::from_str(&hist).unwrap();
        if let Some(m) = hist
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["id"] == table.as_str())
        {
            listed = m.clone();
            break;
        }
    }
    assert_eq!(listed["abandoned"], true, "{listed}");
    let (code, _) = s.get(&format!("/api/history/{table}")).await;
    assert_eq!(code, 200, "its replay opens");
    let (_, open) = s.get("/api/tables").await;
    assert!(!open.contains(&table), "no longer open");
    assert!(open.contains(&kept), "the played table stays");
}
