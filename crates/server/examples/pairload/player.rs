//! One load player of `pairload`: ask the pool, wait to be paired, sit and
//! play the first legal move on each turn until the match is over. Also
//! read by `tests/pairload_player.rs`, which checks the player against a
//! real server.
#![allow(clippy::unwrap_used, dead_code)]

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// What the load examples share (also when a test reads this file).
#[path = "../common/mod.rs"]
pub mod common;

/// A bare HTTP/1.1 request with a JSON body: the status and the body.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> (u16, Value) {
    let (status, text) = common::http(addr, method, path, "", body).await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[derive(Default)]
pub struct Stats {
    /// From asking to the seek's answer (stored in the pool).
    pub asked_ms: Mutex<Vec<u64>>,
    /// From asking to reading `paired`.
    pub paired_ms: Mutex<Vec<u64>>,
    pub move_ms: Mutex<Vec<u64>>,
    pub matches: Mutex<usize>,
}

/// What the player does on a message from its table.
#[derive(Debug, PartialEq)]
pub enum Step {
    Wait,
    /// Send this (an `act` or a `ready`).
    Send(Value),
    /// An action of ours was answered.
    Answered,
    MatchOver,
}

/// The player's view of its table, message by message.
#[derive(Default)]
pub struct Seat {
    seat: Option<u64>,
    /// The position (hand, moves so far) last acted in: one action each.
    done_pos: Option<(Option<u64>, usize)>,
    readied: Option<Option<u64>>,
}

impl Seat {
    pub fn on_message(&mut self, v: &Value) -> Step {
        match v["type"].as_str() {
            Some("joined") => {
                self.seat = v["seat"].as_u64();
                Step::Wait
            }
            Some("ok") => Step::Answered,
            // A refused action (say, against a state just replaced): act
            // again on the next state of the same position.
            Some("error") => {
                self.done_pos = None;
                Step::Wait
            }
            Some("state") => self.on_state(v),
            _ => Step::Wait,
        }
    }

    fn on_state(&mut self, v: &Value) -> Step {
        // The seat is read from every state, not only from `joined`: the
        // table sends a new seat its first state before the `joined` reply,
        // and when that state is the seat's turn no other comes until it
        // moves.
        if let Some(s) = v["seat"].as_u64() {
            self.seat = Some(s);
        }
        let st = &v["state"];
        let hand = st["hand_number"].as_u64();
        match st["phase"].as_str() {
            Some("match_over") => Step::MatchOver,
            Some("hand_over") if self.readied != Some(hand) => {
                self.readied = Some(hand);
                Step::Send(json!({"type": "ready"}))
            }
            Some("play" | "choose_poser")
                if self.seat.is_some() && st["to_act"].as_u64() == self.seat =>
            {
                let pos = (hand, st["history"].as_array().map_or(0, Vec::len));
                if self.done_pos == Some(pos) {
                    return Step::Wait;
                }
                self.done_pos = Some(pos);
                Step::Send(
                    json!({"type": "act", "action": st["legal"][0].clone(), "seq": v["seq"]}),
                )
            }
            _ => Step::Wait,
        }
    }
}

/// The game a player asks for: its rules and clock (a `TimeControl`).
#[derive(Clone)]
pub struct Asked {
    pub rules: Value,
    pub clock: Value,
}

/// Ask the pool for a game: the seek's id and the seat token.
pub async fn ask(addr: SocketAddr, i: usize, game: &Asked) -> (String, String) {
    let (status, made) = http(
        addr,
        "POST",
        "/api/seeks",
        Some(
            &json!({"rules": game.rules, "clock": game.clock, "name": format!("P{i}"),
            "guest": format!("load-player-{i:06}")}),
        ),
    )
    .await;
    assert_eq!(status, 200, "{made}");
    let seek = made["seek"].as_str().unwrap().to_string();
    let token = made["token"].as_str().unwrap().to_string();
    (seek, token)
}

/// Follow a seek until it is paired: its table.
pub async fn paired(addr: SocketAddr, seek: &str, poll: Duration) -> String {
    loop {
        tokio::time::sleep(poll).await;
        let (_, st) = http(addr, "GET", &format!("/api/seeks/{seek}"), None).await;
        if st["state"] == "paired" {
            return st["table"].as_str().unwrap().to_string();
        }
    }
}

/// Sit at `table` with `token` and play to the end: whether the match
/// was seen to finish (not: the socket closed first).
pub async fn play(addr: SocketAddr, table: &str, token: &str, stats: &Stats) -> bool {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    let resume = json!({"type": "resume", "table": table, "token": token});
    ws.send(Message::text(resume.to_string())).await.unwrap();
    let mut seat = Seat::default();
    let mut acted_at: Option<Instant> = None;
    while let Some(Ok(m)) = ws.next().await {
        let Message::Text(text) = m else { continue };
        let v: Value = serde_json::from_str(&text).unwrap();
        match seat.on_message(&v) {
            Step::Wait => {}
            Step::Answered => {
                if let Some(at) = acted_at.take() {
                    let ms = at.elapsed().as_millis() as u64;
                    stats.move_ms.lock().unwrap().push(ms);
                }
            }
            Step::Send(msg) => {
                if msg["type"] == "act" {
                    acted_at = Some(Instant::now());
                }
                ws.send(Message::text(msg.to_string())).await.unwrap();
            }
            Step::MatchOver => return true,
        }
    }
    false
}

/// One player: ask, wait, sit, play to the end.
pub async fn player(addr: SocketAddr, i: usize, game: Asked, poll: Duration, stats: Arc<Stats>) {
    let asked = Instant::now();
    let (seek, token) = ask(addr, i, &game).await;
    let ms = asked.elapsed().as_millis() as u64;
    stats.asked_ms.lock().unwrap().push(ms);
    let table = paired(addr, &seek, poll).await;
    let ms = asked.elapsed().as_millis() as u64;
    stats.paired_ms.lock().unwrap().push(ms);
    if play(addr, &table, &token, &stats).await {
        *stats.matches.lock().unwrap() += 1;
    }
}
