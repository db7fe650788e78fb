//! Several nodes on one PostgreSQL database: each table has one owner (its
//! lease), a second node does not open it, and when the owner is killed
//! another node takes the table over and its players carry on there with
//! every acknowledged action. Runs when `DOMINO_TEST_POSTGRES` names a
//! server whose user may create databases (each test makes a fresh one).
#![allow(clippy::unwrap_used)]

use crate::common;

use std::time::{Duration, Instant};

use common::{config, full_table, play_out, Client, Server};
use serde_json::{json, Value};

/// A fresh database on the test server named by `DOMINO_TEST_POSTGRES`;
/// its URL, or `None` (the test is skipped) without one.
async fn fresh_db() -> Option<String> {
    let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return None;
    };
    let db = domino_store::scratch_postgres(&url, "nodes")
        .await
        .unwrap()
        .0;
    Some(db)
}

fn node(db: &str, name: &str) -> Server {
    let mut cfg = config(db);
    cfg.node = name.into();
    cfg.lease = Duration::from_millis(900);
    Server::start(cfg)
}

/// The number in a `/metrics` line.
async fn metric(s: &Server, name: &str) -> f64 {
    let (_, text) = s.metrics().await;
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{name} ")))
        .unwrap()
        .parse()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_owners_table_is_taken_over_by_another_node_and_finished_there() {
    let Some(db) = fresh_db().await else {
        return;
    };
    let a = node(&db, "a");
    let (mut clients, table) = full_table(
        &a,
        json!({"preset": "draw", "players": 2, "options": {"target": 60}}),
        2,
    )
    .await;
    // Six acknowledged actions on node a.
    let mut acked = 0;
    while acked < 6 {
        let st = clients[0].state.clone().unwrap()["state"].clone();
        if common::step_all(&mut clients, &st).await {
            acked += 1;
        }
        for c in &mut clients {
            c.settle(50).await;
        }
    }
    let seq = clients[0].state.as_ref().unwrap()["seq"].clone();
    let tokens: Vec<String> = clients.iter().map(|c| c.token.clone().unwrap()).collect();

    // A second node neither opens the table nor takes it while a renews.
    let b = node(&db, "b");
    tokio::time::sleep(Duration::from_millis(2000)).await;
    assert_eq!(metric(&a, "domino_tables_owned").await, 1.0);
    assert_eq!(metric(&b, "domino_tables_owned").await, 0.0);
    // A watcher on b reaches the table through the relay.
    let mut early = Client::connect(b.addr).await;
    let r = early
        .request(json!({"type": "spectate", "table": table}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    drop(early);

    // Kill the owner (like kill -9); b takes the table over.
    let killed = Instant::now();
    a.kill();
    drop(clients);
    while metric(&b, "domino_tables_owned").await < 1.0 {
        assert!(killed.elapsed() < Duration::from_secs(15), "not taken over");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!(
        "taken over {} ms after the kill",
        killed.elapsed().as_millis()
    );

    // The players resume on b where they were, and finish the match.
    // Both resume before either plays, so both see the table as it was.
    let mut resumed = Vec::new();
    for token in tokens {
        let mut c = Client::connect(b.addr).await;
        let r = c
            .request(json!({"type": "resume", "table": table, "token": token}))
            .await;
        assert_eq!(r["type"], "joined", "{r}");
        if c.state.is_none() {
            c.next_state().await;
        }
        assert_eq!(
            c.state.as_ref().unwrap()["seq"],
            seq,
            "nothing lost or doubled"
        );
        resumed.push(c);
    }
    let mut tasks = Vec::new();
    for (i, mut c) in resumed.into_iter().enumerate() {
        tasks.push(tokio::spawn(
            async move { play_out(&mut c, i as u64).await },
        ));
    }
    let mut finals: Vec<Value> = Vec::new();
    for t in tasks {
        finals.push(t.await.unwrap());
    }
    for f in &finals {
        assert_eq!(f["state"]["phase"], "match_over");
    }
    let (code, _) = b.get(&format!("/api/history/{table}/record")).await;
    assert_eq!(code, 200);
}

/// Players on two nodes at one table: the lobby of either node lists it,
/// a player and a watcher on the node that does not own it play and watch
/// through the relay, each seeing only what their seat may see, and the
/// match ends with one record.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_different_nodes_play_one_table() {
    let Some(db) = fresh_db().await else {
        return;
    };
    let a = node(&db, "a");
    let b = node(&db, "b");
    let mut host = Client::connect(a.addr).await;
    let r = host
        .request(json!({"type": "create", "rules": {"preset": "draw", "players": 2, "options": {"target": 40}},
            "humans": 2, "bot": "random", "name": "Ana"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();

    let mut guest = Client::connect(b.addr).await;
    let list = guest.request(json!({"type": "list"})).await;
    let listed = list["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == table.as_str())
        .cloned()
        .unwrap_or_else(|| panic!("b's lobby lists a's table: {list}"));
    assert_eq!(listed["open_seats"], 1, "{listed}");
    assert_eq!(listed["names"][0], "Ana", "{listed}");
    let r = guest
        .request(json!({"type": "join", "table": table, "name": "Bo"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    assert_eq!(r["seat"], 1, "{r}");
    let mut watcher = Client::connect(b.addr).await;
    let r = watcher
        .request(json!({"type": "spectate", "table": table}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    assert!(metric(&b, "domino_relay_sockets_remote").await >= 2.0);
    assert!(metric(&a, "domino_relay_sockets_served").await >= 2.0);

    if host.state.is_none() {
        host.next_state().await;
    }
    if guest.state.is_none() {
        guest.next_state().await;
    }
    let t0 = tokio::spawn(async move { play_out(&mut host, 1).await });
    let t1 = tokio::spawn(async move { play_out(&mut guest, 2).await });
    let (f0, f1) = (t0.await.unwrap(), t1.await.unwrap());
    assert_eq!(f0["state"]["phase"], "match_over");
    assert_eq!(f0["seq"], f1["seq"], "both saw the same end");
    // The watcher saw the end too, through b.
    let mut last = watcher.state.clone();
    while last.as_ref().map(|s| s["seq"].clone()) != Some(f0["seq"].clone()) {
        last = Some(watcher.next_state().await);
    }
    assert_eq!(last.unwrap()["seat"], Value::Null);
    let (code, _) = b.get(&format!("/api/history/{table}/record")).await;
    assert_eq!(code, 200);
    assert!(metric(&a, "domino_relay_notifications_sent_total").await > 0.0);
}

/// An invited seat of a table owned by node a, named by a stranger on
/// node b: the join reaches a through the relay, and without the seat's
/// code or with a wrong one it is refused there and the seat stays free;
/// the friend's join through b carrying the creator's code takes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invited_seat_asked_through_another_node_needs_its_code() {
    let Some(db) = fresh_db().await else {
        return;
    };
    let a = node(&db, "a");
    let b = node(&db, "b");
    let mut host = Client::connect(a.addr).await;
    let r = host
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 2},
            "seats": ["me", "invite"], "bot": "random", "name": "Ana"}),
        )
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    if host.state.is_none() {
        host.next_state().await;
    }
    let code = host.state.clone().unwrap()["seats"][1]["invite"]
        .as_str()
        .unwrap()
        .to_string();
    let mut stranger = Client::connect(b.addr).await;
    for invite in [Value::Null, json!("0".repeat(code.len()))] {
        let r = stranger
            .request(
                json!({"type": "join", "table": table, "name": "Sam", "seat": 1, "invite": invite}),
            )
            .await;
        assert_eq!(r["code"], "not_invited", "{r}");
    }
    // Refused at a, the table's node, which b reached through the relay.
    assert_eq!(metric(&b, "domino_tables_owned").await, 0.0);
    assert!(metric(&a, "domino_relay_items_received_total").await >= 2.0);
    host.settle(200).await;
    let st = host.state.clone().unwrap();
    assert_eq!(st["seats"][1]["name"], Value::Null, "{st}");
    assert_eq!(st["started"], false);
    let mut friend = Client::connect(b.addr).await;
    let r = friend
        .request(json!({"type": "join", "table": table, "name": "Bo", "seat": 1, "invite": code}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    assert_eq!(r["seat"], 1, "{r}");
    loop {
        let st = host.next_state().await;
        if st["started"] == true {
            assert_eq!(st["seats"][1]["name"], "Bo");
            break;
        }
    }
}

/// A rematch asked for by a player on the node that does not own the
/// table: the owner makes it beside the old table, both players hear of
/// it, the same seat tokens hold their seats there (the guest's through
/// the relay again), and the host asking after gets the same table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_asked_from_another_node_seats_both_players_again() {
    let Some(db) = fresh_db().await else {
        return;
    };
    let a = node(&db, "a");
    let b = node(&db, "b");
    let mut host = Client::connect(a.addr).await;
    let r = host
        .request(json!({"type": "create", "rules": {"preset": "draw", "players": 2, "options": {"target": 1}},
            "humans": 2, "bot": "random", "name": "Ana"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    // The guest watches first, then takes the seat on the same socket, as
    // the page does (it shows the table behind the name form).
    let mut guest = Client::connect(b.addr).await;
    let r = guest
        .request(json!({"type": "spectate", "table": table}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let r = guest
        .request(json!({"type": "join", "table": table, "name": "Bo"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let (host_token, guest_token) = (host.token.clone().unwrap(), guest.token.clone().unwrap());
    for c in [&mut host, &mut guest] {
        if c.state.is_none() {
            c.next_state().await;
        }
    }
    let t0 = tokio::spawn(async move {
        play_out(&mut host, 3).await;
        host
    });
    let t1 = tokio::spawn(async move {
        play_out(&mut guest, 4).await;
        guest
    });
    let (mut host, mut guest) = (t0.await.unwrap(), t1.await.unwrap());

    // The guest, on b, asks first: a's table makes it, on a.
    let r = guest.request(json!({"type": "rematch"})).await;
    assert_eq!(r["type"], "rematch", "{r}");
    let again = r["table"].as_str().unwrap().to_string();
    assert_ne!(again, table);
    // The host hears of it at the old table, and asking gets the same one.
    let told = loop {
        let m = host.recv().await;
        if m["type"] == "rematch" {
            break m;
        }
    };
    assert_eq!(told["table"], again.as_str(), "{told}");
    let r = host.request(json!({"type": "rematch"})).await;
    assert_eq!(r["table"], again.as_str(), "{r}");
    // Made beside the old table, on a: b runs no table.
    assert_eq!(metric(&b, "domino_tables_owned").await, 0.0);

    // Both take their seats there with their old tokens, each on its own
    // node, and the new match plays.
    let mut host2 = Client::connect(a.addr).await;
    let r = host2
        .request(json!({"type": "resume", "table": again, "token": host_token}))
        .await;
    assert_eq!(r["seat"], 0, "{r}");
    let mut guest2 = Client::connect(b.addr).await;
    let r = guest2
        .request(json!({"type": "resume", "table": again, "token": guest_token}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    assert_eq!(r["seat"], 1, "{r}");
    for c in [&mut host2, &mut guest2] {
        if c.state.is_none() {
            c.next_state().await;
        }
    }
    let seats = &guest2.state.as_ref().unwrap()["seats"];
    assert_eq!(seats[0]["name"], "Ana", "{seats}");
    assert_eq!(seats[1]["name"], "Bo", "{seats}");
    let t0 = tokio::spawn(async move { play_out(&mut host2, 5).await });
    let t1 = tokio::spawn(async move { play_out(&mut guest2, 6).await });
    let (f0, f1) = (t0.await.unwrap(), t1.await.unwrap());
    assert_eq!(f0["state"]["phase"], "match_over");
    assert_eq!(f0["seq"], f1["seq"]);
    let (code, _) = b.get(&format!("/api/history/{again}/record")).await;
    assert_eq!(code, 200);
}

/// Node `a` with `lease`, two players seated at a table there and one
/// action played; the table's id and the log's length.
async fn one_move_on_a(db: &str, lease: Duration) -> (Server, Vec<Client>, String, i64) {
    let mut cfg = config(db);
    cfg.node = "a".into();
    cfg.lease = lease;
    let a = Server::start(cfg);
    let (mut clients, table) = full_table(
        &a,
        json!({"preset": "draw", "players": 2, "options": {"target": 60}}),
        2,
    )
    .await;
    let st = clients[0].state.clone().unwrap()["state"].clone();
    assert!(common::step_all(&mut clients, &st).await);
    for c in &mut clients {
        c.settle(50).await;
    }
    let seq = clients[0].state.as_ref().unwrap()["seq"].as_i64().unwrap();
    (a, clients, table, seq)
}

/// Node `b` takes `table` over for an hour, as after a's lease ran out
/// while a stalled.
async fn lease_to_b(db: &str, table: &str) {
    let pool = sqlx::PgPool::connect(db).await.unwrap();
    sqlx::query(
        "UPDATE domino_leases SET node = 'b',
         expires_at = CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT) + 3600000
         WHERE table_id = $1",
    )
    .bind(table)
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
}

/// Every socket at the table closes (each page then reconnects and finds
/// the table where it is played now), and the log is still `seq` long.
async fn dropped_and_logged_nothing(clients: &mut [Client], db: &str, table: &str, seq: i64) {
    for c in clients.iter_mut() {
        assert!(
            c.closed_within(5000).await,
            "a socket stayed at the old copy"
        );
    }
    let store = domino_store::Store::connect(db).await.unwrap();
    assert_eq!(
        store.tables().log(table).await.unwrap().len() as i64,
        seq,
        "nothing was logged after the lease moved"
    );
    store.close().await;
}

/// A node whose table was taken over while it stalled (its lease moved to
/// another node) plays nothing more there: the next action is refused as
/// `moving` and not logged, and every socket at that table is closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_whose_lease_was_taken_logs_nothing_more_and_drops_its_sockets() {
    let Some(db) = fresh_db().await else {
        return;
    };
    // A lease far longer than the test: a's heartbeat does not look at the
    // lease again meanwhile, so the refusal comes from the log itself.
    let (_a, mut clients, table, seq) = one_move_on_a(&db, Duration::from_secs(600)).await;
    lease_to_b(&db, &table).await;
    let st = clients[0].state.clone().unwrap()["state"].clone();
    let r = common::act_first_legal(&mut clients, &st).await;
    assert_eq!(r["code"], "moving", "{r}");
    dropped_and_logged_nothing(&mut clients, &db, &table, seq).await;
}

/// The same found by the heartbeat, with nobody acting: the node's next
/// heartbeat sees the lease gone and its copy drops every socket.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_whose_heartbeat_finds_its_lease_taken_drops_the_tables_sockets() {
    let Some(db) = fresh_db().await else {
        return;
    };
    let (_a, mut clients, table, seq) = one_move_on_a(&db, Duration::from_millis(900)).await;
    lease_to_b(&db, &table).await;
    dropped_and_logged_nothing(&mut clients, &db, &table, seq).await;
}

/// Node `a` (its lease far longer than the test, so that only the store
/// refuses what follows) with a table for three where one player sits,
/// whose lease then moves to node `b`: that player's client and the table.
async fn one_seated_on_a_then_lease_to_b(db: &str) -> (Server, Client, String) {
    let mut cfg = config(db);
    cfg.node = "a".into();
    cfg.lease = Duration::from_secs(600);
    let a = Server::start(cfg);
    let mut host = Client::connect(a.addr).await;
    let r = host
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 3},
            "humans": 3, "bot": "random", "name": "P0"}),
        )
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    lease_to_b(db, &table).await;
    (a, host, table)
}

/// The host's socket closes, and the store still has the one seat it
/// had: the host's, not left.
async fn host_dropped_and_seats_unchanged(host: &mut Client, db: &str, table: &str) {
    assert!(
        host.closed_within(5000).await,
        "the host stayed at the old copy"
    );
    let store = domino_store::Store::connect(db).await.unwrap();
    let saved = store.tables().unfinished_one(table).await.unwrap().unwrap();
    store.close().await;
    let seats: Vec<_> = saved
        .seats
        .into_iter()
        .map(|s| (s.seat, s.name, s.left_hand))
        .collect();
    assert_eq!(seats, vec![(0, "P0".to_string(), None)]);
}

/// Nor does such a node seat anyone there: the seats are the new owner's
/// to write. The newcomer is answered `moving` (their page tries again and
/// finds the table where it is played), and the copy drops its sockets.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_whose_lease_was_taken_seats_nobody_more() {
    let Some(db) = fresh_db().await else {
        return;
    };
    let (a, mut host, table) = one_seated_on_a_then_lease_to_b(&db).await;
    let mut guest = Client::connect(a.addr).await;
    let r = guest
        .request(json!({"type": "join", "table": table, "name": "P1"}))
        .await;
    assert_eq!(r["code"], "moving", "{r}");
    host_dropped_and_seats_unchanged(&mut host, &db, &table).await;
}

/// Nor does it let a player leave there: the seat stays theirs on the new
/// owner, and the leave is answered `moving`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_whose_lease_was_taken_lets_nobody_leave() {
    let Some(db) = fresh_db().await else {
        return;
    };
    let (_a, mut host, table) = one_seated_on_a_then_lease_to_b(&db).await;
    let r = host.request(json!({"type": "leave"})).await;
    assert_eq!(r["code"], "moving", "{r}");
    host_dropped_and_seats_unchanged(&mut host, &db, &table).await;
}

/// A turn clock survives a failover: the node that takes a table over
/// reads the stored deadline (the time that passed counts), and the
/// timeout fires there. Both nodes read one time source, moved on by the
/// test.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_clock_survives_a_failover() {
    let Some(db) = fresh_db().await else {
        return;
    };
    let time = domino_server::clock::TimeSource::default();
    let clocked = |name: &str| {
        let mut cfg = config(&db);
        cfg.node = name.into();
        cfg.lease = Duration::from_millis(900);
        cfg.time = time.clone();
        cfg.clock_sweep = Duration::from_millis(25);
        Server::start(cfg)
    };
    let a = clocked("a");
    let mut c = Client::connect(a.addr).await;
    let r = c
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 2},
            "humans": 1, "bot": "random", "name": "Ann",
            "clock": {"kind": "per_move", "move_s": 15, "bank_s": 60}}),
        )
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    let token = c.token.clone().unwrap();
    let mine = |m: &Value| m["clock"]["running"] == 0 && m["state"]["to_act"] == 0;
    while !mine(c.state.as_ref().unwrap()) {
        c.next_state().await;
    }
    let b = clocked("b");
    time.advance(Duration::from_secs(30));
    let killed = Instant::now();
    a.kill();
    drop(c);
    while metric(&b, "domino_tables_owned").await < 1.0 {
        assert!(killed.elapsed() < Duration::from_secs(15), "not taken over");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut c = Client::connect(b.addr).await;
    let r = c
        .request(json!({"type": "resume", "table": table, "token": token}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let st = c.state.clone().unwrap();
    assert!(mine(&st), "{st}");
    let left = st["clock"]["left_ms"][0].as_i64().unwrap();
    assert!((38_000..=45_000).contains(&left), "the deadline held: {st}");
    time.advance(Duration::from_secs(46));
    while c.state.as_ref().unwrap()["clock"]["timeouts"][0] != 1 {
        c.next_state().await;
    }
}
