//! The people at a table, on real sockets: invited seats and filling them
//! with bots, leaving, rematches, quick chat, automatic passes, claims kept
//! to the player, the score sheet, 404 pages, and bad input from a browser
//! (forged seats, stale sockets, oversize or marked-up chat and names)
//! refused with the table left as it was.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::{config, play_out, Client, Server};
use serde_json::{json, Value};

fn mem() -> Server {
    Server::start(config("sqlite::memory:"))
}

async fn create(c: &mut Client, rules: Value, seats: Value) -> String {
    let r = c
        .request(json!({"type": "create", "rules": rules, "seats": seats, "bot": "random", "name": "Host"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    r["table"].as_str().unwrap().to_string()
}

/// The invitation code of `seat`, as the creator's state gives it (its
/// invite link carries it).
fn invite_code(host: &Client, seat: usize) -> String {
    let st = host.state.clone().unwrap();
    let code = st["seats"][seat]["invite"].as_str().map(String::from);
    code.unwrap_or_else(|| panic!("no code for seat {seat}: {st}"))
}

/// The table as this client last saw it, without what moves on its own.
fn snapshot(c: &Client) -> Value {
    let st = c.state.clone().unwrap();
    json!({"state": st["state"], "seats": st["seats"], "started": st["started"]})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invited_seats_wait_for_their_friends_then_the_match_starts() {
    let s = mem();
    let mut host = Client::connect(s.addr).await;
    let table = create(
        &mut host,
        json!({"preset": "jamaican"}),
        json!(["me", "bot", "invite", "bot"]),
    )
    .await;
    let st = host.state.clone().unwrap();
    assert_eq!(st["started"], false);
    assert_eq!(st["host"], 0);
    assert_eq!(st["seats"][2]["invited"], true);
    assert_eq!(
        st["seats"][2]["bot"], false,
        "an invited seat is waiting, not a bot"
    );
    // Nobody plays before the partner arrives: the host is refused, and no
    // bot moves.
    if st["state"]["to_act"] == 0 {
        let a = st["state"]["legal"][0].clone();
        let r = host.request(json!({"type": "act", "action": a})).await;
        assert_eq!(r["code"], "not_started", "{r}");
    }
    host.settle(300).await;
    assert_eq!(host.state.clone().unwrap()["state"]["history"], json!([]));
    // The lobby lists the table with no seat open to strangers.
    let (_, list) = s.get("/api/tables").await;
    let list: Value = serde_json::from_str(&list).unwrap();
    let row = list
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == table.as_str())
        .unwrap();
    assert_eq!(row["open_seats"], 0);
    assert_eq!(row["seats"], json!(["human", "bot", "invite", "bot"]));
    // The partner takes the invited seat by its link; the match starts.
    let mut friend = Client::connect(s.addr).await;
    let r = friend
        .request(json!({"type": "join", "table": table, "name": "Pat", "seat": 2, "invite": invite_code(&host, 2)}))
        .await;
    assert_eq!(r["seat"], 2, "{r}");
    let st = host.next_state().await;
    assert_eq!(st["started"], true);
    assert_eq!(st["seats"][2]["name"], "Pat");
}

/// A public table with an invited seat and an open one: strangers from the
/// lobby see one open seat and take it, never the seat kept for the friend,
/// whose link (naming the seat) still takes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_strangers_join_takes_the_open_seat_never_the_invited_one() {
    let s = mem();
    let mut host = Client::connect(s.addr).await;
    let table = create(
        &mut host,
        json!({"preset": "draw", "players": 3}),
        json!(["me", "invite", "human"]),
    )
    .await;
    let listed = |list: &str| -> Value {
        let list: Value = serde_json::from_str(list).unwrap();
        let row = list
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == table.as_str());
        row.unwrap().clone()
    };
    assert_eq!(listed(&s.get("/api/tables").await.1)["open_seats"], 1);
    let mut stranger = Client::connect(s.addr).await;
    let r = stranger
        .request(json!({"type": "join", "table": table, "name": "Sam"}))
        .await;
    assert_eq!(r["seat"], 2, "{r}");
    assert_eq!(listed(&s.get("/api/tables").await.1)["open_seats"], 0);
    let mut another = Client::connect(s.addr).await;
    let r = another
        .request(json!({"type": "join", "table": table, "name": "Ivo"}))
        .await;
    assert_eq!(r["code"], "table_full", "{r}");
    host.settle(150).await;
    let st = host.state.clone().unwrap();
    assert_eq!(st["seats"][1]["invited"], true, "{st}");
    assert_eq!(st["started"], false);
    let mut friend = Client::connect(s.addr).await;
    let r = friend
        .request(json!({"type": "join", "table": table, "name": "Pat", "seat": 1, "invite": invite_code(&host, 1)}))
        .await;
    assert_eq!(r["seat"], 1, "{r}");
    assert_eq!(host.next_state().await["started"], true);
}

/// A stranger who names the invited seat by hand (the table is public, its
/// id in the lobby) is refused without the seat's code, with a wrong one
/// and with another table's, all alike; the seat stays free. Only the
/// creator is told the code, and the join carrying it (the invite link's)
/// takes the seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invited_seat_is_taken_only_with_its_invitation_code() {
    let s = mem();
    let mut host = Client::connect(s.addr).await;
    let table = create(
        &mut host,
        json!({"preset": "draw", "players": 3}),
        json!(["me", "invite", "human"]),
    )
    .await;
    let code = invite_code(&host, 1);
    let mut other_host = Client::connect(s.addr).await;
    create(
        &mut other_host,
        json!({"preset": "draw", "players": 2}),
        json!(["me", "invite"]),
    )
    .await;
    let elsewhere = invite_code(&other_host, 1);
    let mut stranger = Client::connect(s.addr).await;
    let mut messages = Vec::new();
    for invite in [
        None,
        Some("0".repeat(code.len())),
        Some(elsewhere),
        Some(code[..code.len() - 1].to_string()),
    ] {
        let mut req = json!({"type": "join", "table": table, "name": "Sam", "seat": 1});
        if let Some(i) = invite {
            req["invite"] = json!(i);
        }
        let r = stranger.request(req).await;
        assert_eq!(r["code"], "not_invited", "{r}");
        messages.push(r["message"].clone());
    }
    assert!(
        messages.windows(2).all(|w| w[0] == w[1]),
        "one refusal for every wrong code: {messages:?}"
    );
    host.settle(150).await;
    let st = host.state.clone().unwrap();
    assert_eq!(st["seats"][1]["invited"], true, "{st}");
    assert_eq!(st["seats"][1]["name"], Value::Null, "{st}");
    assert_eq!(st["started"], false);
    // The stranger sits in the open seat and is told no code.
    let r = stranger
        .request(json!({"type": "join", "table": table, "name": "Sam"}))
        .await;
    assert_eq!(r["seat"], 2, "{r}");
    stranger.settle(150).await;
    let seen = stranger.state.clone().unwrap();
    assert_eq!(seen["seats"][1]["invited"], true, "{seen}");
    assert_eq!(seen["seats"][1]["invite"], Value::Null, "{seen}");
    // The friend's link carries the code.
    let mut friend = Client::connect(s.addr).await;
    let r = friend
        .request(json!({"type": "join", "table": table, "name": "Pat", "seat": 1, "invite": code}))
        .await;
    assert_eq!(r["seat"], 1, "{r}");
    loop {
        let st = host.next_state().await;
        if st["started"] == true {
            assert_eq!(st["seats"][1]["name"], "Pat");
            assert_eq!(
                st["seats"][1]["invite"],
                Value::Null,
                "a taken seat has no code"
            );
            break;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_creator_fills_the_waiting_seats_with_bots() {
    let s = mem();
    let mut host = Client::connect(s.addr).await;
    let table = create(
        &mut host,
        json!({"preset": "draw", "players": 3}),
        json!(["me", "invite", "invite"]),
    )
    .await;
    let mut other = Client::connect(s.addr).await;
    let r = other
        .request(json!({"type": "join", "table": table, "name": "Cy", "seat": 1, "invite": invite_code(&host, 1)}))
        .await;
    assert_eq!(r["seat"], 1);
    let r = other.request(json!({"type": "fill"})).await;
    assert_eq!(r["code"], "not_host", "{r}");
    let r = host.request(json!({"type": "fill"})).await;
    assert_eq!(r["type"], "ok", "{r}");
    host.settle(150).await;
    let st = host.state.clone().unwrap();
    assert_eq!(st["started"], true);
    assert_eq!(
        st["seats"][2]["human"], false,
        "the waiting seat became a bot's"
    );
    assert_eq!(
        st["seats"][1]["name"], "Cy",
        "the friend who came keeps the seat"
    );
    let r = host.request(json!({"type": "fill"})).await;
    assert_eq!(r["code"], "started");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_seats_and_stale_sockets_are_refused_and_change_nothing() {
    let s = mem();
    let mut host = Client::connect(s.addr).await;
    let table = create(
        &mut host,
        json!({"preset": "draw", "players": 2}),
        json!(["me", "invite"]),
    )
    .await;
    let before = snapshot(&host);
    let mut x = Client::connect(s.addr).await;
    for (seat, code) in [(7, "bad_seat"), (0, "seat_taken")] {
        let r = x
            .request(json!({"type": "join", "table": table, "name": "X", "seat": seat}))
            .await;
        assert_eq!(r["code"], code, "{r}");
    }
    let r = x
        .request(json!({"type": "join", "table": table, "name": "X", "seat": -1}))
        .await;
    assert_eq!(r["code"], "bad_request", "{r}");
    let r = x
        .request(json!({"type": "resume", "table": table, "token": "0".repeat(48)}))
        .await;
    assert_eq!(r["code"], "bad_token");
    // A spectator acts for nobody.
    x.request(json!({"type": "spectate", "table": table})).await;
    let r = x
        .request(json!({"type": "act", "action": {"type": "pass"}}))
        .await;
    assert_eq!(r["code"], "not_seated");
    host.settle(100).await;
    assert_eq!(snapshot(&host), before);
    // The friend comes, plays a little, then leaves: their socket is stale
    // from then on, and so is their token.
    let mut f = Client::connect(s.addr).await;
    let r = f
        .request(json!({"type": "join", "table": table, "name": "Flo", "seat": 1, "invite": invite_code(&host, 1)}))
        .await;
    let token = r["token"].clone();
    let r = f.request(json!({"type": "leave"})).await;
    assert_eq!(r["type"], "ok");
    let r = f
        .request(json!({"type": "act", "action": {"type": "pass"}}))
        .await;
    assert_eq!(r["code"], "not_seated", "{r}");
    let r = f.request(json!({"type": "chat", "phrase": "gg"})).await;
    assert_eq!(r["code"], "not_seated", "{r}");
    let mut g = Client::connect(s.addr).await;
    let r = g
        .request(json!({"type": "resume", "table": table, "token": token}))
        .await;
    assert_eq!(r["code"], "left", "{r}");
    // The host sees the seat left, played by a bot.
    loop {
        let st = host.next_state().await;
        if st["seats"][1]["left"] == true {
            assert_eq!(st["seats"][1]["bot"], true);
            assert_eq!(st["seats"][1]["name"], "Flo");
            break;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_is_text_for_the_table_short_and_rate_limited() {
    let s = mem();
    let mut host = Client::connect(s.addr).await;
    let table = create(
        &mut host,
        json!({"preset": "draw", "players": 2}),
        json!(["me", "invite"]),
    )
    .await;
    let mut f = Client::connect(s.addr).await;
    let evil = "<img src=x onerror=f()>";
    let r = f
        .request(json!({"type": "join", "table": table, "name": evil, "seat": 1, "invite": invite_code(&host, 1)}))
        .await;
    assert_eq!(r["seat"], 1);
    host.settle(100).await;
    let before = snapshot(&host);
    assert_eq!(
        before["seats"][1]["name"], evil,
        "a name is kept as text, to be shown as text"
    );
    for (req, code) in [
        (
            json!({"type": "chat", "text": "x".repeat(201)}),
            "chat_too_long",
        ),
        (json!({"type": "chat", "text": "   "}), "bad_chat"),
        (json!({"type": "chat", "text": "\u{200B}\u{0}"}), "bad_chat"),
        (json!({"type": "chat", "phrase": "<b>"}), "bad_chat"),
        (
            json!({"type": "chat", "text": "a", "phrase": "gg"}),
            "bad_chat",
        ),
    ] {
        let r = f.request(req).await;
        assert_eq!(r["code"], code, "{r}");
    }
    // Past the message limit the request is not handled.
    f.send_raw(&json!({"type": "chat", "text": "x".repeat(20_000)}).to_string())
        .await;
    assert_eq!(f.next_reply().await["code"], "too_large");
    // Refusals said nothing to anyone.
    assert!(host.try_recv(150).await.is_none_or(|m| m["type"] != "chat"));
    assert_eq!(snapshot(&host), before);
    // A line of exactly 200 characters (not bytes) and markup are fine: the
    // table passes them on as a JSON string.
    let long: String = "é".repeat(200);
    for text in [evil, long.as_str()] {
        let r = f.request(json!({"type": "chat", "text": text})).await;
        assert_eq!(r["type"], "ok", "{r}");
        let m = loop {
            let m = host.recv().await;
            if m["type"] == "chat" {
                break m;
            }
        };
        assert_eq!(
            (m["seat"].clone(), m["text"].clone()),
            (json!(1), json!(text))
        );
    }
    let r = f.request(json!({"type": "chat", "phrase": "gg"})).await;
    assert_eq!(r["type"], "ok");
    // Five lines in ten seconds at most.
    let mut codes = Vec::new();
    for _ in 0..4 {
        codes.push(f.request(json!({"type": "chat", "text": "hi"})).await["code"].clone());
    }
    assert_eq!(
        codes.iter().filter(|c| **c == "rate_limited").count(),
        2,
        "{codes:?}"
    );
    // A spectator reads but does not talk; a newcomer gets the recent lines.
    let mut w = Client::connect(s.addr).await;
    w.send_raw(&json!({"type": "spectate", "table": table}).to_string())
        .await;
    // The first state of a newcomer carries the hand's log and the chat.
    let first = loop {
        let m = w.recv().await;
        if m["type"] == "state" && m.get("log").is_some() {
            break m;
        }
    };
    assert_eq!(
        first["chat"].as_array().unwrap().len(),
        5,
        "{}",
        first["chat"]
    );
    let r = w.request(json!({"type": "chat", "text": "hello"})).await;
    assert_eq!(r["code"], "not_seated");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_has_a_sheet_a_rematch_and_lists_who_really_played() {
    let s = mem();
    let mut host = Client::connect(s.addr).await;
    let table = create(
        &mut host,
        json!({"preset": "draw", "players": 2, "options": {"target": 1}}),
        json!(["me", "bot"]),
    )
    .await;
    let token = host.token.clone().unwrap();
    let last = play_out(&mut host, 5).await;
    let sheet = last["sheet"].as_array().unwrap();
    assert!(!sheet.is_empty());
    assert_eq!(sheet.last().unwrap()["scores"], last["state"]["scores"]);
    assert_eq!(sheet[0]["hand"], 1);
    // The rematch: the same seats at a new table; the same token holds the
    // seat there, and asking again gives the same table.
    let r = host.request(json!({"type": "rematch"})).await;
    assert_eq!(r["type"], "rematch", "{r}");
    let again = r["table"].as_str().unwrap().to_string();
    assert_ne!(again, table);
    let r2 = host.request(json!({"type": "rematch"})).await;
    assert_eq!(r2["table"], again.as_str());
    let mut back = Client::connect(s.addr).await;
    let r = back
        .request(json!({"type": "resume", "table": again, "token": token}))
        .await;
    assert_eq!(r["seat"], 0, "{r}");
    assert_eq!(back.state.clone().unwrap()["seats"][0]["name"], "Host");
    // The finished match: the winner, the final scores, who played.
    let (_, list) = s.get("/api/history").await;
    let list: Value = serde_json::from_str(&list).unwrap();
    let m = list
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == table.as_str())
        .unwrap();
    assert_eq!(m["scores"], last["state"]["scores"]);
    assert_eq!(m["winner"], last["state"]["winner"]);
    assert_eq!(m["players"][0]["bot_moves"], 0);
    assert!(m["players"][0]["moves"].as_i64().unwrap() > 0);
    assert_eq!(m["players"][0]["left"], Value::Null);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_muggins_claims_a_seat_is_not_told_which_plays_score() {
    let s = mem();
    let mut host = Client::connect(s.addr).await;
    create(
        &mut host,
        json!({"preset": "all-fives", "players": 2, "options": {"claims": "muggins"}}),
        json!(["me", "bot"]),
    )
    .await;
    // Play the first plays without claiming, watching every message.
    for _ in 0..12 {
        let st = host.state.clone().unwrap();
        let state = &st["state"];
        assert!(state.get("muggins").is_none(), "{state}");
        for a in state["legal"].as_array().into_iter().flatten() {
            assert!(a.get("claim").is_none() && a["type"] != "muggins", "{a}");
        }
        if state["phase"] != "play" {
            break;
        }
        if state["to_act"] == 0 {
            let a = state["legal"][0].clone();
            host.request(json!({"type": "act", "action": a})).await;
        } else {
            host.next_state().await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_table_and_replay_addresses_answer_404_with_the_page() {
    let s = mem();
    let mut host = Client::connect(s.addr).await;
    let table = create(
        &mut host,
        json!({"preset": "draw", "players": 2}),
        json!(["me", "bot"]),
    )
    .await;
    let (code, _) = s.get(&format!("/t/{table}")).await;
    assert_eq!(code, 200);
    for (path, what) in [
        ("/t/0123456789abcdef", "table"),
        ("/r/0123456789abcdef", "replay"),
        ("/nowhere", "page"),
    ] {
        let (code, body) = s.get(path).await;
        assert_eq!(code, 404, "{path}");
        assert!(
            body.contains(&format!("<body data-missing=\"{what}\">")),
            "{path}: {body}"
        );
    }
    let (code, _) = s.get(&format!("/r/{table}")).await;
    assert_eq!(code, 404, "not finished yet");
}

/// Each seat says which bot level plays it: one level for the table, or
/// one per seat (a tournament's bot entrants of different levels).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_seat_names_the_level_of_its_bot() {
    let s = mem();
    let mut c = Client::connect(s.addr).await;
    let r = c
        .request(json!({"type": "create", "rules": {"preset": "jamaican"},
            "seats": ["me", "bot", "bot", "bot"], "bot": "random|heavy|count", "name": "Host"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let st = c.state.clone().unwrap();
    let levels: Vec<&str> = st["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["level"].as_str().unwrap())
        .collect();
    // A seat past the list plays at the first level.
    assert_eq!(levels, ["random", "heavy", "count", "random"]);
    assert_eq!(st["bot"], "random|heavy|count");
}
