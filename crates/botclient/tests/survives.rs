//! A table is finished whatever its policy does: a policy that fails,
//! panics or answers an illegal action has a legal action played in its
//! place (and reported).
#![allow(clippy::unwrap_used)]

use crate::common;

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
