//! The server under careless or hostile clients, on real sockets: deceptive
//! names, stale actions and the order of replies.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::{full_table, mem, Client};
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invisible_and_deceptive_names_are_refused_and_make_nothing() {
    let s = mem();
    let mut c = Client::connect(s.addr).await;
    for name in [
        "\u{202E}nnA",
        "\u{200B}",
        "Bob\u{0}",
        "\u{3164}",
        "A\u{2066}B",
    ] {
        let r = c
            .request(
                json!({"type": "create", "rules": {"preset": "draw", "players": 2},
                            "humans": 2, "bot": "random", "name": name}),
            )
            .await;
        assert_eq!(r["code"], "bad_name", "{name:?}: {r}");
    }
    let list = c.request(json!({"type": "list"})).await;
    assert_eq!(list["tables"], json!([]), "no table was made");

    let (clients, table) = {
        let mut host = Client::connect(s.addr).await;
        let r = host
            .request(
                json!({"type": "create", "rules": {"preset": "draw", "players": 2},
                            "humans": 2, "bot": "random", "name": "Rene\u{301}"}),
            )
            .await;
        assert_eq!(r["type"], "joined", "{r}");
        (host, r["table"].as_str().unwrap().to_string())
    };
    let mut host = clients;
    let mut guest = Client::connect(s.addr).await;
    let r = guest
        .request(json!({"type": "join", "table": table, "name": "Eve\u{200D}"}))
        .await;
    assert_eq!(r["code"], "bad_name", "{r}");
    // The seat is still free for a proper name, and names are shown in NFC.
    let r = guest
        .request(json!({"type": "join", "table": table, "name": "Eve"}))
        .await;
    assert_eq!(r["seat"], 1, "{r}");
    guest.settle(200).await;
    let st = guest.state.clone().unwrap();
    assert_eq!(st["seats"][0]["name"], "Ren\u{e9}");
    host.settle(100).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_names_are_normalised_and_chat_arrives_without_invisible_characters() {
    let s = mem();
    let mut host = Client::connect(s.addr).await;
    let r = host
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 2},
                        "seats": ["me", "human"], "bot": "random", "name": "\u{FF2B}im"}),
        )
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    let mut guest = Client::connect(s.addr).await;
    // Look-alike scripts and a name of accents alone are refused at a
    // table as they are for a profile.
    for name in ["K\u{456}m", "\u{39A}im", "\u{301}\u{301}"] {
        let r = guest
            .request(json!({"type": "join", "table": table, "name": name}))
            .await;
        assert_eq!(r["code"], "bad_name", "{name:?}: {r}");
    }
    let r = guest
        .request(json!({"type": "join", "table": table, "name": "Eve"}))
        .await;
    assert_eq!(r["seat"], 1, "{r}");
    guest.settle(200).await;
    assert_eq!(guest.state.as_ref().unwrap()["seats"][0]["name"], "Kim");

    let said = format!(
        "\u{FEFF}h\u{200B}e\u{200C}l\u{2060}l\u{E0041}o\u{202E}\u{2028}w\u{E000}orld{}!",
        "\u{301}".repeat(200)
    );
    let r = guest.request(json!({"type": "chat", "text": said})).await;
    assert_eq!(r["type"], "ok", "{r}");
    let line = loop {
        let m = host.recv().await;
        if m["type"] == "chat" {
            break m;
        }
    };
    let marks = "\u{301}".repeat(domino_league::text::MARKS_PER_BASE);
    assert_eq!(line["text"], format!("hello world{marks}!"), "{line}");
}

fn history_len(msg: &Value) -> usize {
    msg["state"]["history"].as_array().unwrap().len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_state_showing_a_move_comes_before_its_ok_which_names_it_and_stale_moves_are_refused() {
    let s = mem();
    let (mut c, _table) = full_table(&s, json!({"preset": "draw", "players": 2}), 2).await;
    for cl in &mut c {
        cl.settle(100).await;
    }
    let to_act = c[0].state.as_ref().unwrap()["state"]["to_act"]
        .as_u64()
        .unwrap() as usize;
    let mover = &mut c[to_act];
    let before = mover.state.clone().unwrap();
    let seq = before["seq"].as_i64().unwrap();
    let legal = before["state"]["legal"].clone();

    // A move made against an older state is refused and changes nothing.
    let r = mover
        .request(json!({"type": "act", "action": legal[0], "seq": seq - 1}))
        .await;
    assert_eq!(r["code"], "stale", "{r}");
    assert_eq!(mover.settle(200).await, 0, "nothing was pushed");
    assert_eq!(history_len(mover.state.as_ref().unwrap()), 0);

    // The current one: the state with the move arrives first, then the ok
    // naming that state's sequence number.
    mover
        .send_raw(&json!({"type": "act", "action": legal[0], "seq": seq, "id": 99}).to_string())
        .await;
    let mut states = Vec::new();
    let ok = loop {
        let m = mover.recv().await;
        if m["type"] == "state" {
            states.push(m);
        } else {
            break m;
        }
    };
    assert_eq!(ok["type"], "ok", "{ok}");
    assert_eq!(ok["id"], 99);
    let produced = ok["seq"].as_i64().unwrap();
    assert!(produced > seq);
    let shown = states
        .iter()
        .find(|m| history_len(m) >= 1)
        .expect("a state with the move came before the ok");
    assert!(shown["seq"].as_i64().unwrap() >= produced, "{shown}");
    // The same action again, against the old state: stale, not applied twice.
    let r = mover
        .request(json!({"type": "act", "action": legal[0], "seq": seq}))
        .await;
    assert_eq!(r["code"], "stale", "{r}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn socket_errors_quote_a_short_excerpt_of_the_request() {
    let s = mem();
    let mut c = Client::connect(s.addr).await;
    let long = "<b>".repeat(5_000);
    let r = c.request(json!({"type": long})).await;
    assert_eq!(r["code"], "bad_request");
    let m = r["message"].as_str().unwrap();
    assert!(m.len() < 400, "{} bytes", m.len());
    let r = c
        .request(json!({"type": "create", "rules": {"preset": long}, "name": "Ann"}))
        .await;
    assert!(r["message"].as_str().unwrap().len() < 400, "{r}");
}
