//! Three `domino serve` processes on one PostgreSQL database: players on
//! different nodes play one table; the table's owner is killed with
//! SIGKILL mid-hand (or stopped with SIGSTOP past its lease, then let run
//! again); the match finishes on the other nodes, and the stored log holds
//! every acknowledged action once, in its place. `DOMINO_TEST_NODE_LOG=1`
//! shows each node's log.
//!
//! Runs when `DOMINO_TEST_POSTGRES` names a server whose user may create
//! databases (each test makes a fresh one). The loop that kills owners at
//! random moments is ignored in CI; run it with
//! `cargo test -p domino-cli --test cli -- --ignored --nocapture cluster::`
//! (docs/deploy.md).
#![cfg(unix)]
#![allow(clippy::unwrap_used)]

use crate::{common, serving};

use std::process::Child;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use domino_store::{Logged, Store};
use futures_util::{SinkExt, StreamExt};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

/// How long a lease lasts in these tests: a dead owner's tables move about
/// this long after its last heartbeat.
const LEASE: &str = "1500ms";

/// How long the table may go without a new state before a test fails.
/// Matches are timed by their progress, not their length: on a loaded
/// 2-core CI machine the rest of a match can take minutes, but a table
/// that plays on never goes this long without a state.
const STALL: Duration = Duration::from_secs(60);

/// The target of the tables the failover tests play: above the 168 pips of
/// the whole double-six set, so no hand ends the match on its own. The
/// first hand then always ends at `hand_over` with the match going on (at
/// 60, a first hand worth 60 or more went straight to `match_over`, and
/// the test waiting for a hand's end waited for ever).
const TARGET: u32 = 169;

/// One `domino serve` process.
struct Node {
    child: Child,
    addr: String,
}

/// The lease of the test of a restart under the same name: long enough
/// that the restarted process is up before the lease runs out on the
/// busiest machine, so that it, not another node, takes the table back.
const RESTART_LEASE: &str = "6s";

impl Node {
    fn start_leasing(db: &str, name: &str, lease: &str) -> Node {
        Node::start_leasing_with(db, name, lease, &[])
    }

    fn start_leasing_with(db: &str, name: &str, lease: &str, more: &[&str]) -> Node {
        let mut args = vec![
            "--db",
            db,
            "--node",
            name,
            "--lease",
            lease,
            "--bot-delay-ms",
            "0",
            "--budget-ms",
            "20",
        ];
        args.extend_from_slice(more);
        let (child, addr) = serving::spawn_serve(&args);
        Node { child, addr }
    }

    /// SIGSTOP, then SIGCONT after `d`: the node stalls as a loaded
    /// machine can stall it, and wakes up believing it still runs its
    /// tables.
    fn stall(&self, d: Duration) {
        self.signal("-STOP");
        std::thread::sleep(d);
        self.signal("-CONT");
    }

    fn signal(&self, s: &str) {
        let pid = self.child.id().to_string();
        let ok = std::process::Command::new("kill")
            .args([s, &pid])
            .status()
            .unwrap()
            .success();
        assert!(ok, "kill {s} {pid}");
    }

    /// SIGKILL: no drain, no goodbye.
    fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The newest state any player saw: how a failover is timed.
#[derive(Default)]
struct Seen {
    seq: i64,
    /// Some player saw a hand end.
    hand_over: bool,
}

/// A player (or watcher) that, like the browser, reconnects and resumes
/// when its socket closes or its table's node stops answering, trying the
/// nodes in turn.
struct Player {
    table: String,
    token: Option<String>,
    seat: Option<u64>,
    nodes: Arc<Mutex<Vec<String>>>,
    prefer: usize,
    ws: Option<Ws>,
    next_id: u64,
    state: Option<Value>,
    /// Acknowledged actions: `(seq of the state it produced, seat, action)`.
    acks: Vec<(i64, u64, Value)>,
    reattached: u32,
    /// The newest position this player's first socket was sent (once
    /// it reconnects, no newer one counts).
    newest: Arc<AtomicI64>,
    /// How many states of its table this player's socket was sent.
    states: u64,
    seen: Arc<Mutex<Seen>>,
    acked: Arc<AtomicUsize>,
}

impl Player {
    fn new(
        nodes: &Arc<Mutex<Vec<String>>>,
        prefer: usize,
        seen: &Arc<Mutex<Seen>>,
        acked: &Arc<AtomicUsize>,
    ) -> Player {
        Player {
            table: String::new(),
            token: None,
            seat: None,
            nodes: nodes.clone(),
            prefer,
            ws: None,
            next_id: 0,
            state: None,
            acks: Vec::new(),
            reattached: 0,
            newest: Arc::new(AtomicI64::new(-1)),
            states: 0,
            seen: seen.clone(),
            acked: acked.clone(),
        }
    }

    async fn connect(&mut self, addr: &str) -> bool {
        match tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await {
            Ok((ws, _)) => {
                self.ws = Some(ws);
                true
            }
            Err(_) => false,
        }
    }

    /// The next message within `ms`; `None` on silence, or with `ws`
    /// gone when the socket closed.
    async fn recv(&mut self, ms: u64) -> Option<Value> {
        let ws = self.ws.as_mut()?;
        let m = match tokio::time::timeout(Duration::from_millis(ms), ws.next()).await {
            Err(_) => return None,
            Ok(Some(Ok(m))) => m,
            Ok(_) => {
                self.ws = None;
                return None;
            }
        };
        let Message::Text(t) = m else {
            return Some(Value::Null);
        };
        let v: Value = serde_json::from_str(t.as_str()).unwrap();
        common::check_secrecy(&v);
        if v["type"] == "state" && v["table"] == self.table.as_str() {
            let seq = v["seq"].as_i64().unwrap();
            if self.reattached == 0 {
                self.newest.fetch_max(seq, Ordering::Relaxed);
            }
            self.states += 1;
            if let Ok(mut s) = self.seen.lock() {
                s.seq = s.seq.max(seq);
                s.hand_over |= v["state"]["phase"] == "hand_over";
            }
            self.state = Some(v.clone());
        }
        Some(v)
    }

    /// Send a request and read until its answer; `None` if the socket
    /// closed or nothing came for 10 s.
    async fn request(&mut self, mut req: Value) -> Option<Value> {
        self.next_id += 1;
        let id = self.next_id;
        req["id"] = json!(id);
        let ws = self.ws.as_mut()?;
        if ws
            .send(Message::Text(req.to_string().into()))
            .await
            .is_err()
        {
            self.ws = None;
            return None;
        }
        let began = Instant::now();
        while began.elapsed() < Duration::from_secs(10) {
            match self.recv(1000).await {
                Some(v) if v["id"] == json!(id) => return Some(v),
                None if self.ws.is_none() => return None,
                _ => {}
            }
        }
        self.ws = None;
        None
    }

    /// Resume the seat (or watch again) on the first node that takes it.
    async fn reattach(&mut self) {
        self.ws = None;
        self.reattached += 1;
        let began = Instant::now();
        loop {
            assert!(began.elapsed() < STALL, "no node took the player back");
            let nodes = self.nodes.lock().unwrap().clone();
            let addr = nodes[self.prefer % nodes.len()].clone();
            self.prefer += 1;
            if self.connect(&addr).await {
                let req = match &self.token {
                    Some(t) => json!({"type": "resume", "table": self.table, "token": t}),
                    None => json!({"type": "spectate", "table": self.table}),
                };
                if let Some(r) = self.request(req).await {
                    if r["type"] == "joined" {
                        return;
                    }
                }
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    }

    /// Play this seat to the match's end (a watcher only watches);
    /// returns the final state.
    async fn play(&mut self, seed: u64) -> Value {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut acted: Option<i64> = None;
        loop {
            // Refused as `moving`: like a person at the page, play again as
            // soon as the table's state comes, even at the same position
            // (as it does once the table is attached at its new owner).
            let mut moving = false;
            if self.ws.is_none() {
                self.reattach().await;
            }
            let Some(msg) = self.state.clone() else {
                self.recv(1000).await;
                continue;
            };
            let st = &msg["state"];
            let seq = msg["seq"].as_i64().unwrap();
            let phase = st["phase"].as_str().unwrap();
            let mine = self.seat.is_some() && st["to_act"].as_u64() == self.seat;
            if phase == "match_over" {
                return msg;
            }
            // Ready while the table shows this seat not ready, as the page
            // offers its button: readiness is not in the log, so a node
            // that takes the table over asks again.
            let ready = self
                .seat
                .is_some_and(|s| msg["seats"][s as usize]["ready"] == json!(true));
            if self.seat.is_some() && phase == "hand_over" && !ready {
                if self.request(json!({"type": "ready"})).await.is_none() {
                    continue;
                }
            } else if mine && ["play", "choose_poser"].contains(&phase) && acted != Some(seq) {
                let legal = st["legal"].as_array().unwrap();
                let a = legal[rng.random_range(0..legal.len())].clone();
                match self
                    .request(json!({"type": "act", "action": a, "seq": seq}))
                    .await
                {
                    Some(r) if r["type"] == "ok" => {
                        self.acks
                            .push((r["seq"].as_i64().unwrap(), self.seat.unwrap(), a));
                        self.acked.fetch_add(1, Ordering::Relaxed);
                        acted = Some(seq);
                    }
                    // The table's node stopped answering: go elsewhere.
                    Some(r) if r["code"] == "no_table" => self.ws = None,
                    // Stale (the state moved on, or the table moved to
                    // another node): play from the next state that comes,
                    // even one at the same position.
                    Some(r) if r["code"] == "stale" => self.state = None,
                    // The table is moving (its owner died or stalled
                    // past its lease) and nothing was played: play again
                    // once a state comes or a while passes.
                    Some(r) if r["code"] == "moving" => moving = true,
                    // Other refusals: wait for the newer state.
                    Some(_) => acted = Some(seq),
                    None => continue,
                }
            }
            // Until the state moves on (or a while passes).
            let began = Instant::now();
            let states = self.states;
            while began.elapsed() < Duration::from_secs(3) {
                if self.recv(500).await.is_none() && self.ws.is_none() {
                    break;
                }
                if self.state.as_ref().and_then(|s| s["seq"].as_i64()) != Some(seq) {
                    break;
                }
                if moving && self.states > states {
                    break;
                }
            }
        }
    }
}

/// A player's task's end, failing only if no newer state reached any
/// player for `STALL`.
async fn finish(
    mut task: tokio::task::JoinHandle<(Player, Value)>,
    seen: &Arc<Mutex<Seen>>,
    who: &str,
) -> (Player, Value) {
    let mut last = seen.lock().unwrap().seq;
    let mut moved = Instant::now();
    loop {
        if let Ok(done) = tokio::time::timeout(Duration::from_secs(1), &mut task).await {
            return done.unwrap();
        }
        let now = seen.lock().unwrap().seq;
        if now != last {
            last = now;
            moved = Instant::now();
        }
        assert!(
            moved.elapsed() < STALL,
            "{who}: no new state for {STALL:?}, the newest at seq {last}"
        );
    }
}

/// Wait until `done`, failing after [`STALL`]: a table that stops playing
/// fails its test rather than hanging it.
async fn wait_for(what: &str, done: impl Fn() -> bool) {
    let began = Instant::now();
    while !done() {
        assert!(began.elapsed() < STALL, "no {what} in {STALL:?}");
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
}

/// A fresh database and three nodes on it.
async fn three_nodes(tag: &str, lease: &str) -> Option<(String, Vec<Node>)> {
    let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return None;
    };
    let db = domino_store::scratch_postgres(&url, tag).await.unwrap().0;
    let nodes = (0..3)
        .map(|i| Node::start_leasing(&db, &format!("{tag}-n{i}"), lease))
        .collect();
    Some((db, nodes))
}

/// A table made on `nodes[0]` for two humans and two bots; the host sits
/// there, the guest on `nodes[1]`, a watcher on `nodes[2]`.
async fn a_table(
    nodes: &Arc<Mutex<Vec<String>>>,
    seen: &Arc<Mutex<Seen>>,
    acked: &Arc<AtomicUsize>,
    target: u32,
) -> (Player, Player, Player) {
    let mut host = Player::new(nodes, 0, seen, acked);
    let addr = nodes.lock().unwrap()[0].clone();
    assert!(host.connect(&addr).await);
    let r = host
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 4,
            "options": {"target": target}}, "humans": 2, "bot": "random", "name": "Host"}),
        )
        .await
        .unwrap();
    assert_eq!(r["type"], "joined", "{r}");
    host.table = r["table"].as_str().unwrap().into();
    host.token = r["token"].as_str().map(String::from);
    host.seat = Some(0);
    let mut guest = Player::new(nodes, 1, seen, acked);
    guest.table = host.table.clone();
    let addr = nodes.lock().unwrap()[1].clone();
    assert!(guest.connect(&addr).await);
    let r = guest
        .request(json!({"type": "join", "table": host.table, "name": "Guest"}))
        .await
        .unwrap();
    assert_eq!(r["type"], "joined", "{r}");
    guest.token = r["token"].as_str().map(String::from);
    guest.seat = r["seat"].as_u64();
    let mut watcher = Player::new(nodes, 2, seen, acked);
    watcher.table = host.table.clone();
    let addr = nodes.lock().unwrap()[2].clone();
    assert!(watcher.connect(&addr).await);
    let r = watcher
        .request(json!({"type": "spectate", "table": host.table}))
        .await
        .unwrap();
    assert_eq!(r["type"], "joined", "{r}");
    (host, guest, watcher)
}

/// The stored log: its positions run on without a gap (one entry per
/// position), and each acknowledged action is the entry just before the
/// state its `ok` named.
async fn check_log(db: &str, table: &str, acks: &[(i64, u64, Value)]) -> usize {
    let store = Store::connect(db).await.unwrap();
    let log = store.tables().log(table).await.unwrap();
    for (i, e) in log.iter().enumerate() {
        assert_eq!(e.seq, i as i64, "a gap or a doubled position in the log");
    }
    for (produced, seat, action) in acks {
        let e = &log[(*produced - 1) as usize];
        assert_eq!(e.seat, *seat as i64, "acknowledged at {produced}");
        let Logged::Act(a) = &e.action else {
            panic!("acknowledged at {produced}: not an action")
        };
        assert_eq!(
            &serde_json::to_value(a).unwrap(),
            action,
            "acknowledged at {produced}"
        );
    }
    store.close().await;
    log.len()
}

/// The node (index into `names`) holding `table`'s lease now.
async fn owner(db: &str, table: &str, names: &[String]) -> Option<usize> {
    let store = Store::connect(db).await.unwrap();
    let holder = store.leases().lease_holder(table).await.unwrap();
    store.close().await;
    holder.and_then(|h| names.iter().position(|n| *n == h.node))
}

/// A table on three nodes, created on the first, which owns it; its host,
/// guest and watcher play it in their own tasks.
struct Live {
    db: String,
    nodes: Vec<Node>,
    names: Vec<String>,
    /// The nodes the players try when they reconnect.
    addrs: Arc<Mutex<Vec<String>>>,
    seen: Arc<Mutex<Seen>>,
    table: String,
    tasks: Vec<(&'static str, tokio::task::JoinHandle<(Player, Value)>)>,
    /// Each player's newest position, by the same names as `tasks`.
    newest: Vec<(&'static str, Arc<AtomicI64>)>,
}

impl Live {
    /// Three nodes tagged `tag`, and a table played on them to the middle
    /// of its first hand (a few acknowledged moves); `None` without
    /// `DOMINO_TEST_POSTGRES`.
    async fn mid_hand(tag: &str) -> Option<Live> {
        Live::mid_hand_leasing(tag, LEASE).await
    }

    async fn mid_hand_leasing(tag: &str, lease: &str) -> Option<Live> {
        let (db, nodes) = three_nodes(tag, lease).await?;
        let names: Vec<String> = (0..3).map(|i| format!("{tag}-n{i}")).collect();
        let addrs = Arc::new(Mutex::new(
            nodes.iter().map(|n| n.addr.clone()).collect::<Vec<_>>(),
        ));
        let seen = Arc::new(Mutex::new(Seen::default()));
        let acked = Arc::new(AtomicUsize::new(0));
        let (host, guest, watcher) = a_table(&addrs, &seen, &acked, TARGET).await;
        let table = host.table.clone();
        assert_eq!(
            owner(&db, &table, &names).await,
            Some(0),
            "the creator's node owns it"
        );
        let players = [("host", host), ("guest", guest), ("watcher", watcher)];
        let newest = players
            .iter()
            .map(|(who, p)| (*who, p.newest.clone()))
            .collect();
        let tasks = players
            .into_iter()
            .zip(1..)
            .map(|((who, mut p), seed)| {
                let task = tokio::spawn(async move {
                    let f = p.play(seed).await;
                    (p, f)
                });
                (who, task)
            })
            .collect();
        wait_for("four acknowledged moves", || {
            acked.load(Ordering::Relaxed) >= 4
        })
        .await;
        Some(Live {
            db,
            nodes,
            names,
            addrs,
            seen,
            table,
            tasks,
            newest,
        })
    }

    /// Wait for every player to see the same end of the match, and check
    /// that the stored log is the whole match with each acknowledged
    /// action in its place; the players, and the last state.
    async fn finish(&mut self) -> (Vec<Player>, Value) {
        let mut players = Vec::new();
        let mut ends = Vec::new();
        for (who, task) in self.tasks.drain(..) {
            let (p, end) = finish(task, &self.seen, who).await;
            players.push(p);
            ends.push(end);
        }
        for end in &ends {
            assert_eq!(end["state"]["phase"], "match_over");
            assert_eq!(end["seq"], ends[0]["seq"], "all saw the same end");
        }
        let acks: Vec<_> = players.iter().flat_map(|p| p.acks.clone()).collect();
        let n = check_log(&self.db, &self.table, &acks).await;
        assert_eq!(
            n as i64,
            ends[0]["seq"].as_i64().unwrap(),
            "the log is the whole match"
        );
        (players, ends.swap_remove(0))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_is_killed_mid_hand_and_the_match_finishes_on_the_other_nodes() {
    let Some(mut live) = Live::mid_hand("cluster").await else {
        return;
    };
    let before = live.seen.lock().unwrap().seq;
    let killed = Instant::now();
    live.nodes[0].kill();
    live.addrs.lock().unwrap().remove(0);

    let (players, end) = live.finish().await;
    let new_owner = owner(&live.db, &live.table, &live.names).await;
    assert_ne!(new_owner, Some(0));
    eprintln!(
        "killed at seq {before}; finished at seq {}; host reattached {} times, guest {}, watcher {}; {:?} since the kill",
        end["seq"],
        players[0].reattached,
        players[1].reattached,
        players[2].reattached,
        killed.elapsed()
    );
    let (code, _) = common::http_get(
        live.nodes[1].addr.parse().unwrap(),
        &format!("/api/history/{}/record", live.table),
    )
    .await;
    assert_eq!(code, 200);
}

/// The owner is killed and started again at once under its own name, as
/// a service manager restarts it: the new process takes the table back,
/// and the players whose sockets are on the other nodes (the guest and the
/// watcher) get its state again through those nodes, without reconnecting,
/// within a failover's time (the other nodes, paused during the restart,
/// see the lease's new run on their next heartbeat and attach the sockets there; before incarnations,
/// they kept sending to the name and the new process answered `not_seated`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_restarted_under_its_name_serves_the_other_nodes_sockets_again() {
    let Some(mut live) = Live::mid_hand_leasing("restart", RESTART_LEASE).await else {
        return;
    };
    let before = live.seen.lock().unwrap().seq;
    // The other nodes adopt a killed node's tables on their next look (a
    // second at most); paused meanwhile, they cannot win that race against
    // a restart slowed down by a loaded machine.
    for node in &live.nodes[1..] {
        node.signal("-STOP");
    }
    live.nodes[0].kill();
    let restarted = Instant::now();
    live.nodes[0] = Node::start_leasing(&live.db, &live.names[0], RESTART_LEASE);
    let taken = owner(&live.db, &live.table, &live.names).await;
    for node in &live.nodes[1..] {
        node.signal("-CONT");
    }
    assert_eq!(taken, Some(0), "the restarted node took its table back");
    live.addrs.lock().unwrap()[0] = live.nodes[0].addr.clone();
    for (who, newest) in live.newest.clone() {
        if who == "host" {
            // Its socket was on the killed node: it reconnects.
            continue;
        }
        wait_for(&format!("newer state on the {who}'s first socket"), || {
            newest.load(Ordering::Relaxed) > before
        })
        .await;
        eprintln!(
            "{who}: a newer state {:?} after the restart",
            restarted.elapsed()
        );
        assert!(
            restarted.elapsed() < Duration::from_secs(6),
            "the {who} waited longer than a lease"
        );
    }
    // Later in the match a socket may still be dropped for falling behind
    // on a loaded machine (and resume): that is not the restart's doing.
    let (players, end) = live.finish().await;
    eprintln!(
        "restarted at seq {before}; finished at seq {}; reattached: host {}, guest {}, watcher {}",
        end["seq"], players[0].reattached, players[1].reattached, players[2].reattached
    );
}

/// The owner stops (SIGSTOP) for three leases, so that another node takes
/// its table over, then runs again believing it still owns the table: its
/// copy must play nothing more, and send its players to the new owner.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_owner_stalled_past_its_lease_gives_the_table_up_and_the_match_finishes() {
    let Some(live) = Live::mid_hand("stall").await else {
        return;
    };
    stall_owner_and_finish(live).await;
}

/// The same at the end of a hand: the players' `ready` reaches the stalled
/// copy, which takes it once it runs again and then cannot log the next
/// hand. Readiness is not in the log: the node that took the table over
/// shows every seat not ready, and the players say so again there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_owner_stalled_at_a_hands_end_gives_the_table_up_and_the_match_finishes() {
    let Some(live) = Live::mid_hand("stallend").await else {
        return;
    };
    wait_for("a hand's end", || live.seen.lock().unwrap().hand_over).await;
    stall_owner_and_finish(live).await;
}

/// Stop the table's first owner for three leases, so that another node
/// takes the table over, let it run again, and see the match finish.
async fn stall_owner_and_finish(mut live: Live) {
    let stalled = &live.nodes[0];
    tokio::task::block_in_place(|| stalled.stall(Duration::from_millis(4500)));
    let (players, end) = live.finish().await;
    eprintln!(
        "stalled; finished at seq {}; host reattached {} times, guest {}, watcher {}",
        end["seq"], players[0].reattached, players[1].reattached, players[2].reattached,
    );
}

/// Kill the owner of a live table at random moments, again and again
/// (`DOMINO_KILLS`, 10 by default), restarting a node each time; every
/// match must finish with its acknowledged actions in the log once.
/// Prints each failover's time (kill to the table playing again).
/// `DOMINO_LEASE` sets the nodes' `--lease` (1500ms by default), and
/// `DOMINO_STOP=1` stops the owner with SIGSTOP instead (until another node
/// plays the table; then it runs again and gives the table up).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a long loop: run by hand (docs/deploy.md)"]
async fn owners_killed_at_random_moments() {
    let lease = std::env::var("DOMINO_LEASE").unwrap_or_else(|_| LEASE.into());
    let stop = std::env::var("DOMINO_STOP").is_ok_and(|s| s == "1");
    let Some((db, nodes)) = three_nodes("killloop", &lease).await else {
        return;
    };
    let kills: usize = std::env::var("DOMINO_KILLS")
        .ok()
        .and_then(|k| k.parse().ok())
        .unwrap_or(10);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(rand::random());
    let mut nodes = nodes;
    let mut names: Vec<String> = (0..3).map(|i| format!("killloop-n{i}")).collect();
    let mut born = 3;
    let mut times = Vec::new();
    let mut moves = Vec::new();
    let mut matches = 0;
    let store = Store::connect(&db).await.unwrap();
    while times.len() < kills {
        let addrs = Arc::new(Mutex::new(
            nodes.iter().map(|n| n.addr.clone()).collect::<Vec<_>>(),
        ));
        let seen = Arc::new(Mutex::new(Seen::default()));
        let acked = Arc::new(AtomicUsize::new(0));
        let (mut host, mut guest, mut watcher) = a_table(&addrs, &seen, &acked, 150).await;
        let table = host.table.clone();
        let seed = rng.random::<u64>();
        let tasks = [
            tokio::spawn(async move {
                let f = host.play(seed).await;
                (host, f)
            }),
            tokio::spawn(async move {
                let f = guest.play(seed + 1).await;
                (guest, f)
            }),
            tokio::spawn(async move {
                let f = watcher.play(seed + 2).await;
                (watcher, f)
            }),
        ];
        // Kill owners at random moments until this match ends.
        while times.len() < kills && !tasks[0].is_finished() {
            tokio::time::sleep(Duration::from_millis(rng.random_range(200..3000))).await;
            let Some(o) = owner(&db, &table, &names).await else {
                continue;
            };
            if tasks[0].is_finished() {
                break;
            }
            let before = seen.lock().unwrap().seq;
            let killed = Instant::now();
            if stop {
                nodes[o].signal("-STOP");
            } else {
                nodes[o].kill();
            }
            let gone = nodes[o].addr.clone();
            addrs.lock().unwrap().retain(|a| *a != gone);
            // The table moves once another node holds its lease, and plays
            // again once some player sees a newer state.
            let mut moved = None;
            loop {
                // No lease at all: the match ended (its lease let go).
                let mut ended = false;
                if moved.is_none() {
                    match store.leases().lease_holder(&table).await.unwrap() {
                        Some(h) if h.node != names[o] => moved = Some(killed.elapsed()),
                        Some(_) => {}
                        None => ended = store.tables().finished(&table).await.unwrap().is_some(),
                    }
                }
                let s = seen.lock().unwrap().seq;
                if (s > before && (moved.is_some() || ended)) || tasks[0].is_finished() {
                    break;
                }
                assert!(killed.elapsed() < STALL, "the table never played again");
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            let took = killed.elapsed();
            eprintln!(
                "{} {}: node {} at seq {before}: moved after {moved:?}, playing again after {took:?}",
                if stop { "stop" } else { "kill" },
                times.len() + 1,
                names[o]
            );
            times.push(took);
            moves.extend(moved);
            if stop {
                // It runs again, finds its table taken, and serves on.
                nodes[o].signal("-CONT");
                addrs.lock().unwrap().push(gone);
                continue;
            }
            // A new node in the killed one's place, under a new name.
            let name = format!("killloop-n{born}");
            born += 1;
            nodes[o] = Node::start_leasing(&db, &name, &lease);
            names[o] = name;
            addrs.lock().unwrap().push(nodes[o].addr.clone());
        }
        let mut acks = Vec::new();
        let mut end = Value::Null;
        for t in tasks {
            let (p, f) = finish(t, &seen, "a player").await;
            acks.extend(p.acks);
            end = f;
        }
        let n = check_log(&db, &table, &acks).await;
        assert_eq!(n as i64, end["seq"].as_i64().unwrap());
        matches += 1;
    }
    let spread = |what: &str, mut t: Vec<Duration>| {
        t.sort();
        if let (Some(min), Some(max)) = (t.first(), t.last()) {
            eprintln!(
                "{what} over {matches} matches, {} events: median {:?}, min {min:?}, max {max:?}",
                t.len(),
                t[t.len() / 2],
            );
        }
    };
    spread("moved (another node holds the lease)", moves);
    spread("failover (playing again)", times);
    store.close().await;
}

/// The table's turn clock as stored: the running seat and its deadline
/// (ms since the epoch). What a node taking the table over starts from.
async fn stored_clock(store: &Store, table: &str) -> (Option<u64>, i64) {
    let saved = store.tables().unfinished_one(table).await.unwrap().unwrap();
    let clock: Value = serde_json::from_str(saved.table.clock.as_deref().unwrap()).unwrap();
    let running = &clock["running"];
    let seat = running["seat"].as_u64();
    let Some(since) = running["since_ms"].as_i64() else {
        return (None, 0);
    };
    let bank = clock["bank_ms"][seat.unwrap() as usize].as_i64().unwrap();
    let move_ms = clock["control"]["move_s"].as_i64().unwrap() * 1000;
    (seat, since + move_ms + bank)
}

/// Again and again the node running a clocked table stops (SIGSTOP) and,
/// as when a whole machine pauses, the other nodes with it; the others run
/// again first, and one of them takes the table over long after its lease
/// ran out. Every time the table moves, and the turn of the player who is
/// to move gets back the time nobody ran the table (its deadline, as
/// stored for the next owner, moves on by it): the player is charged for
/// the lease, not for the stop. Then the stopped owner runs again and
/// gives the table up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_owners_give_their_tables_up_and_the_stall_is_not_charged() {
    const STOPS: usize = 3;
    const STOPPED: Duration = Duration::from_secs(6);
    let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return;
    };
    let db = domino_store::scratch_postgres(&url, "stalls")
        .await
        .unwrap()
        .0;
    let names: Vec<String> = (0..3).map(|i| format!("stalls-n{i}")).collect();
    // A long grace: the player, whose socket closes with the first owner,
    // is not replaced by a bot while the test watches the clock.
    let nodes: Vec<Node> = names
        .iter()
        .map(|n| Node::start_leasing_with(&db, n, LEASE, &["--grace-secs", "600"]))
        .collect();
    let store = Store::connect(&db).await.unwrap();
    let addrs = Arc::new(Mutex::new(vec![nodes[0].addr.clone()]));
    let seen = Arc::new(Mutex::new(Seen::default()));
    let mut host = Player::new(&addrs, 0, &seen, &Arc::new(AtomicUsize::new(0)));
    assert!(host.connect(&nodes[0].addr).await);
    let r = host
        .request(
            json!({"type": "create", "rules": {"preset": "draw", "players": 2,
            "options": {"target": TARGET}}, "humans": 1, "bot": "random", "name": "Host",
            "clock": {"kind": "per_move", "move_s": 60, "bank_s": 600}}),
        )
        .await
        .unwrap();
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    // The host never moves: once the bot has, the host's clock runs.
    let began = Instant::now();
    while stored_clock(&store, &table).await.0 != Some(0) {
        assert!(began.elapsed() < STALL, "the host's clock never ran");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    for stop in 1..=STOPS {
        let o = owner(&db, &table, &names).await.expect("a holder");
        let others: Vec<usize> = (0..3).filter(|&i| i != o).collect();
        let (running, before) = stored_clock(&store, &table).await;
        assert_eq!(running, Some(0));
        nodes[o].signal("-STOP");
        for &i in &others {
            nodes[i].signal("-STOP");
        }
        tokio::time::sleep(STOPPED).await;
        for &i in &others {
            nodes[i].signal("-CONT");
        }
        let began = Instant::now();
        while owner(&db, &table, &names).await == Some(o) {
            assert!(
                began.elapsed() < STALL,
                "stop {stop}: the table never moved"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // Nobody ran the table from its lease's end (1.5 s after the
        // owner's last renewal at most) until the others ran again.
        let lapsed = i64::try_from((STOPPED - Duration::from_millis(1_500)).as_millis()).unwrap();
        let began = Instant::now();
        let after = loop {
            let (running, after) = stored_clock(&store, &table).await;
            assert_eq!(running, Some(0), "stop {stop}: the host's turn still runs");
            if after - before >= lapsed - 500 || began.elapsed() > Duration::from_secs(10) {
                break after;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        nodes[o].signal("-CONT");
        eprintln!(
            "stop {stop}: node {o} and the others stopped {STOPPED:?}; the deadline moved on {} ms",
            after - before
        );
        assert!(
            after - before >= lapsed - 500,
            "stop {stop}: the deadline moved on {} ms, not the {lapsed} ms nobody ran the table",
            after - before
        );
        assert!(
            after - before <= i64::try_from(STOPPED.as_millis()).unwrap() + 1_000,
            "stop {stop}: more given back than the stop"
        );
    }
    store.close().await;
}
