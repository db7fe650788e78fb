//! A table is finished whatever its policy or its connection does: a
//! policy that fails, panics or answers an illegal action has a legal
//! action played in its place (and reported), and a socket dropped in the
//! middle of the match is opened again and the seat resumed.
#![allow(clippy::unwrap_used)]

mod common;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use domino_botclient::http::Server;
use domino_botclient::table::{play, Finished, Seat};
use domino_botclient::{BuiltIn, ClientError, Player, Policy, Progress, Report, Turn};
use domino_engine::{Action, RulesSpec, Tile};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

/// A table of draw for two against the heuristic bot, made by a page's
/// socket: the seat to play, at `addr`.
async fn seat_at(addr: SocketAddr) -> Seat {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    ws.send(Message::text(
        json!({"type": "create", "rules": {"preset": "draw", "players": 2, "options": {"target": 50}},
        "seats": ["me", "bot"], "bot": "heuristic", "name": "Botty", "id": 1})
        .to_string(),
    ))
    .await
    .unwrap();
    loop {
        let Some(Ok(Message::Text(t))) = ws.next().await else {
            panic!("the socket closed before joining")
        };
        let v: Value = serde_json::from_str(t.as_str()).unwrap();
        if v["type"] == "joined" {
            return Seat {
                table: v["table"].as_str().unwrap().into(),
                token: v["token"].as_str().unwrap().into(),
                via: "test".into(),
            };
        }
    }
}

/// Play `seat` through `server` with `policy`, keeping what was reported.
async fn play_out(
    server: &Server,
    seat: &Seat,
    policy: &dyn Policy,
) -> (Result<Finished, ClientError>, Vec<Progress>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let keep = seen.clone();
    let report: Report = Arc::new(move |p| keep.lock().unwrap().push(p));
    let done = tokio::time::timeout(
        Duration::from_secs(120),
        play(server, seat, policy, &report),
    )
    .await
    .expect("the match did not end in two minutes");
    let seen = seen.lock().unwrap().clone();
    (done, seen)
}

/// A policy that fails in turn: an error, a panic, an action no rule
/// allows, then a good move from the heuristic bot.
#[derive(Debug, Default)]
struct Failing {
    calls: Arc<AtomicUsize>,
}

struct FailingPlayer {
    calls: Arc<AtomicUsize>,
    good: Box<dyn Player>,
}

impl Policy for Failing {
    fn player(&self, rules: &RulesSpec) -> Result<Box<dyn Player>, ClientError> {
        Ok(Box::new(FailingPlayer {
            calls: self.calls.clone(),
            good: BuiltIn::new("heuristic").unwrap().player(rules)?,
        }))
    }
}

impl Player for FailingPlayer {
    fn act(&mut self, turn: &Turn) -> Result<Action, ClientError> {
        match self.calls.fetch_add(1, Ordering::SeqCst) % 4 {
            0 => Err(ClientError::Policy("no idea".into())),
            1 => panic!("the policy fell over"),
            // No layout has an end numbered 9.
            2 => Ok(Action::play(Tile::double(6), 9)),
            _ => self.good.act(turn),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_failing_policy_has_a_legal_action_played_and_the_match_ends() {
    let addr = common::server().await;
    let seat = seat_at(addr).await;
    let server = Server::without_token(&format!("http://{addr}")).unwrap();
    let policy = Failing::default();
    let (done, seen) = play_out(&server, &seat, &policy).await;
    let done = done.unwrap();
    assert!(done.won.is_some(), "{done:?}");
    assert!(done.scores.iter().any(|&s| s >= 50), "{done:?}");
    let failed: Vec<&String> = seen
        .iter()
        .filter_map(|p| match p {
            Progress::PolicyFailed { error, .. } => Some(error),
            _ => None,
        })
        .collect();
    assert!(
        failed.iter().any(|e| e.contains("no idea")),
        "an error is reported: {failed:?}"
    );
    assert!(
        failed.iter().any(|e| e.contains("panicked")),
        "a panic is reported: {failed:?}"
    );
    assert!(policy.calls.load(Ordering::SeqCst) >= 4, "{seen:?}");
}

/// A TCP relay to `to` whose connections are all cut when `cut` changes.
async fn relay(to: SocketAddr, cut: watch::Receiver<u32>) -> (SocketAddr, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let opened = Arc::new(AtomicUsize::new(0));
    let count = opened.clone();
    tokio::spawn(async move {
        while let Ok((mut inbound, _)) = listener.accept().await {
            count.fetch_add(1, Ordering::SeqCst);
            let mut cut = cut.clone();
            cut.mark_unchanged();
            tokio::spawn(async move {
                let Ok(mut outbound) = TcpStream::connect(to).await else {
                    return;
                };
                tokio::select! {
                    _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                    _ = cut.changed() => {}
                }
            });
        }
    });
    (addr, opened)
}

/// The heuristic bot, cutting every connection at its 4th and 9th move.
#[derive(Debug)]
struct Cutting {
    cut: Arc<watch::Sender<u32>>,
    calls: Arc<AtomicUsize>,
}

struct CuttingPlayer {
    cut: Arc<watch::Sender<u32>>,
    calls: Arc<AtomicUsize>,
    good: Box<dyn Player>,
}

impl Policy for Cutting {
    fn player(&self, rules: &RulesSpec) -> Result<Box<dyn Player>, ClientError> {
        Ok(Box::new(CuttingPlayer {
            cut: self.cut.clone(),
            calls: self.calls.clone(),
            good: BuiltIn::new("heuristic").unwrap().player(rules)?,
        }))
    }
}

impl Player for CuttingPlayer {
    fn act(&mut self, turn: &Turn) -> Result<Action, ClientError> {
        let n = self.calls.fetch_add(1, Ordering::SeqCst);
        if n == 3 || n == 8 {
            self.cut.send_modify(|c| *c += 1);
        }
        self.good.act(turn)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_dropped_socket_is_opened_again_and_the_match_ends() {
    let addr = common::server().await;
    let seat = seat_at(addr).await;
    let (cut, cuts) = watch::channel(0u32);
    let (relayed, opened) = relay(addr, cuts).await;
    let server = Server::without_token(&format!("http://{relayed}")).unwrap();
    let policy = Cutting {
        cut: Arc::new(cut),
        calls: Arc::default(),
    };
    let (done, seen) = play_out(&server, &seat, &policy).await;
    let done = done.unwrap();
    assert!(done.won.is_some(), "{done:?}");
    assert!(policy.calls.load(Ordering::SeqCst) > 8, "{seen:?}");
    // The first socket, and one more after each cut.
    assert!(opened.load(Ordering::SeqCst) >= 3, "{seen:?}");
}
