//! The server on real sockets: whole matches between WebSocket clients,
//! refusals that change nothing, secrecy of every message, bots for empty
//! and absent seats, fair-deal reveals, history, and restarts.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::time::Duration;

use common::{config, full_table, mem, play_out, Client, Server};
use domino_engine::first_rule;
use domino_engine::record::Record;
use domino_engine::Match;
use serde_json::{json, Value};

/// Every client plays its seat at random until the match is over.
async fn play_all(clients: Vec<Client>, seed: u64) -> Vec<(Client, Value)> {
    let tasks: Vec<_> = clients
        .into_iter()
        .enumerate()
        .map(|(i, mut c)| {
            tokio::spawn(async move {
                let last = play_out(&mut c, seed * 10 + i as u64).await;
                (c, last)
            })
        })
        .collect();
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    out
}

/// Check a finished match through the history endpoints: listed, its
/// record replays to the final scores, its deals come from the revealed
/// keys, the keys match the commitments the clients saw, and the redeal
/// rule published with each commitment is the match's (`next_pose_rule`
/// before the hand; the game's first rule for hand 1).
async fn check_history(
    s: &Server,
    table: &str,
    last: &Value,
    commits: &[String],
    redeals: &[String],
) {
    let (code, list) = s.get("/api/history").await;
    assert_eq!(code, 200);
    let list: Value = serde_json::from_str(&list).unwrap();
    assert!(list.as_array().unwrap().iter().any(|m| m["id"] == table));
    let (code, text) = s.get(&format!("/api/history/{table}/record")).await;
    assert_eq!(code, 200);
    let rec: Record = serde_json::from_str(&text).unwrap();
    // Replayed here with the engine: the rule each hand was dealt under.
    let rules = rec.rules.resolve().unwrap();
    let mut implied = Vec::new();
    let mut m: Option<Match> = None;
    for hand in &rec.hands {
        match &mut m {
            None => {
                implied.push(first_rule(&rules).redeal().to_string());
                m = Some(Match::new(rules, None, Some(&hand.deal)).unwrap());
            }
            Some(m) => {
                implied.push(m.next_pose_rule().redeal().to_string());
                m.next_hand(Some(&hand.deal)).unwrap();
            }
        }
        let m = m.as_mut().unwrap();
        for e in &hand.actions {
            m.act_as(e.seat, e.action, &mut ()).unwrap();
        }
    }
    assert_eq!(redeals, implied.as_slice(), "published redeal rules");
    let file: Value = serde_json::from_str(&text).unwrap();
    let filed: Vec<&str> = file["fair"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["redeal"].as_str().unwrap())
        .collect();
    assert_eq!(filed, implied, "the downloaded record's redeal rules");
    let checked = domino_league::fair::verify_file(&text).unwrap();
    assert_eq!(checked.redeals, rec.hands.len());
    let m = domino_engine::record::replay(&rec).unwrap();
    assert_eq!(json!(m.scores()), last["state"]["scores"]);
    let (code, replay) = s.get(&format!("/api/history/{table}")).await;
    assert_eq!(code, 200);
    let replay: Value = serde_json::from_str(&replay).unwrap();
    assert_eq!(replay["verified"], true);
    let keys: Vec<[u8; 32]> = replay["fair"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            hex::decode(f["key"].as_str().unwrap())
                .unwrap()
                .try_into()
                .unwrap()
        })
        .collect();
    domino_league::fair::verify(&rec, &keys, Some(commits)).unwrap();
    let steps: usize = rec.hands.iter().map(|h| h.actions.len() + 1).sum();
    assert_eq!(replay["frames"].as_array().unwrap().len(), steps);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_three_and_four_clients_play_whole_matches() {
    let s = mem();
    let games = [
        (
            json!({"preset": "draw", "players": 2, "options": {"target": 40}}),
            2,
        ),
        (json!({"preset": "cutthroat"}), 3),
        (
            json!({"preset": "all-fives", "players": 4, "options": {"target": 60}}),
            4,
        ),
    ];
    let mut seen = std::collections::HashSet::new();
    for (i, (rules, n)) in games.into_iter().enumerate() {
        let (clients, table) = full_table(&s, rules, n).await;
        let done = play_all(clients, i as u64).await;
        let finals: Vec<&Value> = done.iter().map(|(_, v)| v).collect();
        for f in &finals {
            assert_eq!(f["state"]["phase"], "match_over");
            assert_eq!(f["state"]["scores"], finals[0]["state"]["scores"]);
        }
        // Every hand's key was hidden when the hand began: the commitment
        // came first, and the key hashes to it.
        let c = &done[0].0;
        check_history(&s, &table, finals[0], &c.commits, &c.redeals).await;
        seen.extend(c.redeals.iter().cloned());
    }
    // Draw deals again until somebody holds a double; all fives never.
    assert!(
        seen.contains("double") && seen.contains("never"),
        "{seen:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_message_to_a_seat_shows_another_seats_tile_in_many_random_matches() {
    // Every message is checked by the client (common::check_secrecy):
    // twelve games, all seats human, plus a spectator on each.
    let s = mem();
    let mut tasks = Vec::new();
    for (i, p) in domino_engine::Preset::ALL.iter().enumerate() {
        let mut rules = json!({"preset": p.name()});
        let names: Vec<&str> =
            domino_engine::rules::option_specs(*p, p.default_players(), &serde_json::Map::new())
                .iter()
                .map(|o| o.name)
                .collect();
        if names.contains(&"target") {
            rules["options"] = json!({"target": 30});
        }
        let n = p.default_players() as usize;
        let (clients, table) = full_table(&s, rules, n).await;
        let mut spectator = Client::connect(s.addr).await;
        let r = spectator
            .request(json!({"type": "spectate", "table": table}))
            .await;
        assert_eq!(r["seat"], Value::Null);
        // The spectator sees every step too, without a hidden tile.
        let watching = tokio::spawn(async move {
            while spectator.state.as_ref().unwrap()["state"]["phase"] != "match_over" {
                spectator.next_state().await;
            }
            spectator.received
        });
        tasks.push(tokio::spawn(async move {
            let done = play_all(clients, 100 + i as u64).await;
            done.iter().map(|(c, _)| c.received).sum::<usize>() + watching.await.unwrap()
        }));
    }
    let mut messages = 0;
    for t in tasks {
        messages += t.await.unwrap();
    }
    eprintln!("checked {messages} messages");
    assert!(messages > 1000);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_errors_and_change_nothing() {
    let s = mem();
    let (mut c, table) = full_table(&s, json!({"preset": "draw", "players": 2}), 2).await;
    let mut other = c.remove(1);
    let mut me = c.remove(0);
    let before = me.state.clone().unwrap();
    let to_act = before["state"]["to_act"].as_u64().unwrap();
    let (mover, idle) = if to_act == 0 {
        (&mut me, &mut other)
    } else {
        (&mut other, &mut me)
    };
    let legal = mover.state.as_ref().unwrap()["state"]["legal"].clone();
    let history_len = |c: &Client| {
        c.state.as_ref().unwrap()["state"]["history"]
            .as_array()
            .unwrap()
            .len()
    };

    // Malformed, unknown, oversized, binary.
    idle.send_raw("{not json").await;
    assert_eq!(idle.next_reply().await["code"], "bad_json");
    let r = idle.request(json!({"type": "fly"})).await;
    assert_eq!(r["code"], "bad_request");
    let big = format!(r#"{{"type":"list","pad":"{}"}}"#, "x".repeat(40_000));
    idle.send_raw(&big).await;
    assert_eq!(idle.next_reply().await["code"], "too_large");
    // Each answer carries the request's id where the text shows it: before
    // a syntax error, in a request the protocol does not know, at the start
    // of one too large to read.
    for (text, code, id) in [
        (
            r#"{"id": 41, "type": "list", oops"#.to_string(),
            "bad_json",
            41,
        ),
        (
            r#"{"id": 42, "type": "fly"}"#.to_string(),
            "bad_request",
            42,
        ),
        (format!(r#"{{"id":43,{}"#, &big[1..]), "too_large", 43),
    ] {
        idle.send_raw(&text).await;
        let r = idle.next_reply().await;
        assert_eq!(
            (r["code"].as_str(), r["id"].as_u64()),
            (Some(code), Some(id)),
            "{r}"
        );
    }
    // Out of turn: the idle seat tries the mover's legal action.
    let r = idle
        .request(json!({"type": "act", "action": legal[0]}))
        .await;
    assert_eq!(r["code"], "not_your_turn", "{r}");
    // Acting for another seat: no request can name one.
    let r = idle
        .request(json!({"type": "act", "seat": to_act, "action": legal[0]}))
        .await;
    assert_eq!(r["code"], "bad_request", "{r}");
    // Illegal: a tile the mover does not hold, a bad end, nonsense.
    let hand: Vec<String> = mover.state.as_ref().unwrap()["state"]["hands"][to_act as usize]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    let foreign = ["6-6", "5-5", "4-4", "3-3", "6-5", "0-0"]
        .into_iter()
        .find(|t| !hand.iter().any(|h| h == t))
        .unwrap();
    let r = mover
        .request(json!({"type": "act", "action": {"type": "play", "tile": foreign}}))
        .await;
    assert_eq!(r["code"], "illegal_action", "{r}");
    let r = mover
        .request(json!({"type": "act", "action": {"type": "play", "tile": "9-9"}}))
        .await;
    assert_ne!(r["type"], "ok", "{r}");
    let r = mover.request(json!({"type": "ready"})).await;
    assert_eq!(r["code"], "hand_not_over");
    // Not seated: a fresh connection cannot act, nor resume with a bad token.
    let mut stranger = Client::connect(s.addr).await;
    let r = stranger
        .request(json!({"type": "act", "action": legal[0]}))
        .await;
    assert_eq!(r["code"], "not_seated");
    let r = stranger
        .request(json!({"type": "resume", "table": table, "token": "00"}))
        .await;
    assert_eq!(r["code"], "bad_token");
    let r = stranger
        .request(json!({"type": "join", "table": table, "name": "late"}))
        .await;
    assert_eq!(r["code"], "table_full");

    // Nothing changed: no state was pushed, and a legal move still works.
    idle.settle(0).await;
    mover.settle(0).await;
    assert_eq!(idle.settle(200).await, 0);
    assert_eq!(history_len(mover), 0);
    let r = mover
        .request(json!({"type": "act", "action": legal[0]}))
        .await;
    assert_eq!(r["type"], "ok", "{r}");
    // The new state may be pushed just after the acknowledgement: wait for
    // it (up to 5 s) rather than racing it.
    for _ in 0..50 {
        if history_len(mover) == 1 {
            break;
        }
        mover.try_recv(100).await;
    }
    assert_eq!(history_len(mover), 1);
    let st = idle.next_state().await;
    assert_eq!(st["state"]["history"].as_array().unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_fill_empty_seats_and_absent_players_after_the_grace_period() {
    let mut cfg = config("sqlite::memory:");
    cfg.grace = Duration::from_millis(300);
    let s = Server::start(cfg);
    // Two human seats, two bot seats; the second human never comes.
    let mut me = Client::connect(s.addr).await;
    let r = me
        .request(
            json!({"type": "create", "humans": 2, "bot": "heuristic", "name": "Ann",
                         "rules": {"preset": "jamaican"}}),
        )
        .await;
    let table = r["table"].as_str().unwrap().to_string();
    let last = play_out(&mut me, 7).await;
    assert_eq!(last["state"]["phase"], "match_over");
    let seats = last["seats"].as_array().unwrap();
    assert_eq!(seats[1]["human"], true);
    assert_eq!(seats[1]["bot"], true, "the absent seat was played by a bot");
    assert_eq!(seats[2]["human"], false);
    // Each seat's side, as the engine pairs the partners across the table.
    assert_eq!(last["facts"]["sides"], json!([0, 1, 0, 1]));
    // The whole match is in the history.
    let (code, _) = s.get(&format!("/api/history/{table}/record")).await;
    assert_eq!(code, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reloading_player_returns_to_the_same_seat_with_the_full_state() {
    let s = mem();
    let mut a = Client::connect(s.addr).await;
    let r = a
        .request(
            json!({"type": "create", "humans": 1, "bot": "random", "name": "Ann",
                         "rules": {"preset": "draw", "players": 2}}),
        )
        .await;
    let (table, token) = (r["table"].clone(), r["token"].clone());
    let st = a.state.clone().unwrap();
    drop(a);
    let mut b = Client::connect(s.addr).await;
    let r = b
        .request(json!({"type": "resume", "table": table, "token": token}))
        .await;
    assert_eq!(r["seat"], 0, "{r}");
    let back = b.state.clone().unwrap();
    assert_eq!(back["state"]["hands"][0], st["state"]["hands"][0]);
    assert_eq!(back["seats"][0]["name"], "Ann");
    let last = play_out(&mut b, 3).await;
    assert_eq!(last["state"]["phase"], "match_over");
}

/// Check the `log` of a connection's first state (after join, resume or
/// spectate): the current hand's events, with one `action` event for each
/// entry of the history, in order, and other seats' draws without their
/// tile. Returns how many draws it shows.
fn check_log(msg: &Value) -> usize {
    let log = msg["log"].as_array().expect("a log in the first state");
    let acts: Vec<Value> = log
        .iter()
        .filter(|e| e["type"] == "action")
        .map(|e| json!({"seat": e["seat"], "action": e["action"]}))
        .collect();
    assert_eq!(&acts, msg["state"]["history"].as_array().unwrap(), "{msg}");
    let me = msg["seat"].as_u64();
    let draws: Vec<&Value> = log.iter().filter(|e| e["type"] == "drew").collect();
    for e in &draws {
        let mine = me.is_some() && e["seat"].as_u64() == me;
        assert_eq!(e.get("tile").is_some(), mine, "{e} in seat {me:?}'s log");
    }
    draws.len()
}

/// Send a `resume` or `spectate` request; returns the answer and the first
/// state, which the table sends before it (later ones may follow at once).
async fn attach_with_log(c: &mut Client, req: Value) -> (Value, Value) {
    c.send_raw(&req.to_string()).await;
    let mut first = None;
    loop {
        let v = c.recv().await;
        if v["type"] != "state" {
            return (v, first.expect("a state before the answer"));
        }
        first.get_or_insert(v);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn returning_players_and_spectators_get_the_hands_events_so_far() {
    let s = mem();
    // Three tiles each: somebody soon has to draw.
    let rules = json!({"preset": "draw", "players": 2, "options": {"hand_size": 3, "target": 500}});
    let (mut clients, table) = full_table(&s, rules, 2).await;
    // Play until the hand being played has draws by both seats.
    let mut done = false;
    for _ in 0..300 {
        let st = clients[0].state.clone().unwrap()["state"].clone();
        let history = st["history"].as_array().unwrap();
        let drew = |seat: u64| {
            history
                .iter()
                .any(|e| e["seat"] == seat && e["action"]["type"] == "draw")
        };
        if st["phase"] == "play" && drew(0) && drew(1) && history.len() >= 6 {
            done = true;
            break;
        }
        common::step_all(&mut clients, &st).await;
        for c in &mut clients {
            c.settle(50).await;
        }
    }
    assert!(done, "no hand with draws by both seats");
    let now = clients[0].state.clone().unwrap();
    let history = now["state"]["history"].clone();
    let hand = now["state"]["hand_number"].clone();
    assert!(now.get("log").is_none(), "pushed states carry no log");
    // Seat 0 reloads: its first state tells the hand so far, with its own
    // drawn tiles and without seat 1's.
    let token = clients[0].token.clone().unwrap();
    drop(clients.remove(0));
    let mut back = Client::connect(s.addr).await;
    let (r, first) = attach_with_log(
        &mut back,
        json!({"type": "resume", "table": table, "token": token}),
    )
    .await;
    assert_eq!(r["seat"], 0, "{r}");
    assert_eq!(first["state"]["hand_number"], hand);
    assert_eq!(first["state"]["history"], history);
    let draws = check_log(&first);
    assert!(draws >= 2, "{first}");
    // A spectator arriving now gets the same story with no drawn tile.
    let mut watcher = Client::connect(s.addr).await;
    let (r, seen) =
        attach_with_log(&mut watcher, json!({"type": "spectate", "table": table})).await;
    assert_eq!(r["seat"], Value::Null);
    assert_eq!(check_log(&seen), draws);
    assert_eq!(
        seen["log"].as_array().unwrap().len(),
        first["log"].as_array().unwrap().len()
    );
    // The next move reaches both without a log.
    let seat = first["state"]["to_act"].as_u64().unwrap();
    let mover = if seat == 0 {
        &mut back
    } else {
        &mut clients[0]
    };
    let legal = mover.state.as_ref().unwrap()["state"]["legal"][0].clone();
    let r = mover.request(json!({"type": "act", "action": legal})).await;
    assert_eq!(r["type"], "ok", "{r}");
    let next = loop {
        let st = watcher.next_state().await;
        if !st["events"].as_array().unwrap().is_empty() {
            break st;
        }
        assert!(st.get("log").is_none());
    };
    assert!(next.get("log").is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_restarts_with_every_acknowledged_action() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("d.db").display());
    killed_and_restarted(&db).await;
}

/// The same match, stop and restart on PostgreSQL. Runs when
/// `DOMINO_TEST_POSTGRES` names a server (`.ci/run` starts one), e.g.
/// `postgres://postgres:domino@127.0.0.1/domino_test`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_tables_play_and_restart_the_same_way() {
    let Ok(db) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return;
    };
    killed_and_restarted(&db).await;
}

async fn killed_and_restarted(db: &str) {
    let db = db.to_string();
    // On PostgreSQL the restarted node has the same name, so it takes its
    // table back at once instead of waiting for the lease to run out.
    let node = || {
        let mut c = config(&db);
        c.node = "restarting".into();
        c
    };
    let s = Server::start(node());
    let (mut clients, table) = full_table(
        &s,
        json!({"preset": "draw", "players": 2, "options": {"target": 60}}),
        2,
    )
    .await;
    // Play 15 acknowledged actions (and hand changes) by hand.
    let mut acked = 0;
    while acked < 15 {
        let st = clients[0].state.clone().unwrap()["state"].clone();
        if common::step_all(&mut clients, &st).await {
            acked += 1;
        }
        // Bring both clients up to date.
        for c in &mut clients {
            c.settle(50).await;
        }
    }
    // Every client at the last action's state: on a loaded machine its
    // push to the other seat can come later than the short settles above.
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let seqs: Vec<Value> = clients
            .iter()
            .map(|c| c.state.as_ref().unwrap()["seq"].clone())
            .collect();
        if seqs.iter().all(|s| *s == seqs[0]) {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the clients never caught up: {seqs:?}"
        );
        for c in &mut clients {
            c.settle(50).await;
        }
    }
    let before: Vec<Value> = clients.iter().map(|c| c.state.clone().unwrap()).collect();
    let tokens: Vec<String> = clients.iter().map(|c| c.token.clone().unwrap()).collect();
    s.kill();
    drop(clients);

    // A new server on the same file: the table is back as it was, each
    // player resumes with the token, and the match plays to its end.
    let s = Server::start(node());
    let mut again = Vec::new();
    for (seat, token) in tokens.iter().enumerate() {
        let mut c = Client::connect(s.addr).await;
        let (r, first) = attach_with_log(
            &mut c,
            json!({"type": "resume", "table": table, "token": token}),
        )
        .await;
        assert_eq!(r["seat"], seat, "{r}");
        let now = c.state.clone().unwrap();
        assert_eq!(
            now["state"], before[seat]["state"],
            "seat {seat}'s state survived"
        );
        // The hand's events are rebuilt from the stored actions.
        check_log(&first);
        assert_eq!(now["fair"], before[seat]["fair"]);
        again.push(c);
    }
    let done = play_all(again, 9).await;
    let last = &done[0].1;
    assert_eq!(last["state"]["phase"], "match_over");
    let (code, rec) = s.get(&format!("/api/history/{table}/record")).await;
    assert_eq!(code, 200);
    let rec: Record = serde_json::from_str(&rec).unwrap();
    let replayed = domino_engine::record::replay(&rec).unwrap();
    assert_eq!(json!(replayed.scores()), last["state"]["scores"]);
}

/// A message too big to read at all (over `Config::max_frame`, a megabyte
/// by default, here made small) is not dropped in silence: the socket is
/// told `too_large` with both limits, then closed with code 1009 and a
/// reason.
#[tokio::test]
async fn a_message_too_big_to_read_is_answered_and_closed_with_a_reason() {
    let mut cfg = config("sqlite::memory:");
    cfg.max_frame = 64 * 1024;
    let s = Server::start(cfg);
    let mut c = Client::connect(s.addr).await;
    let big = format!(r#"{{"type":"list","pad":"{}"}}"#, "x".repeat(70_000));
    c.send_raw(&big).await;
    let (texts, close) = c.texts_until_closed(5_000).await;
    let error = texts.iter().find(|t| t["type"] == "error");
    let error = error.unwrap_or_else(|| panic!("no error before the close: {texts:?}"));
    assert_eq!(error["code"], "too_large", "{error}");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("16384") && message.contains("65536"),
        "{message}"
    );
    let (code, reason) = close.expect("a close frame");
    assert_eq!(code, 1009);
    assert!(reason.contains("65536"), "{reason}");
}

/// The states a connection is sent before its `joined` answer, for `req`,
/// and the answer.
async fn states_before_joined(c: &mut Client, req: Value) -> (Vec<Value>, Value) {
    c.send_raw(&req.to_string()).await;
    let mut states = Vec::new();
    loop {
        let m = c.recv().await;
        if m["type"] == "joined" {
            return (states, m);
        }
        assert_ne!(m["type"], "error", "{m}");
        if m["type"] == "state" {
            states.push(m);
        }
    }
}

/// Issue 57: joining or resuming a seat brings one whole state before the
/// `joined` answer, not the same state twice.
#[tokio::test]
async fn a_join_or_a_resume_is_sent_one_state_not_two() {
    let s = mem();
    let mut first = Client::connect(s.addr).await;
    let r = first
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 2},
            "humans": 2, "bot": "random", "name": "P0"}),
        )
        .await;
    let table = r["table"].clone();
    let mut second = Client::connect(s.addr).await;
    let (joined, answer) = states_before_joined(
        &mut second,
        json!({"type": "join", "table": table, "name": "P1"}),
    )
    .await;
    assert_eq!(joined.len(), 1, "{joined:?}");
    second.settle(200).await;
    let token = answer["token"].clone();
    let mut again = Client::connect(s.addr).await;
    let (resumed, _) = states_before_joined(
        &mut again,
        json!({"type": "resume", "table": table, "token": token}),
    )
    .await;
    assert_eq!(resumed.len(), 1, "{resumed:?}");
    // Nothing changed since: no second copy follows the answer either.
    let seq = resumed[0]["seq"].clone();
    while let Some(m) = again.try_recv(300).await {
        assert!(
            m["type"] != "state" || m["seq"] != seq,
            "the same state again: {m}"
        );
    }
}
