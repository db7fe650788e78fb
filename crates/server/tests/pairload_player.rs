//! The `pairload` benchmark's player (examples/pairload/player.rs) against
//! a real server: a paired match it sits at ends, whoever arrives last.
//! Its load runs had matches that never ended: the player learnt its seat
//! only from `joined`, which the table sends after the seat's first
//! state; when the seat to move first sat down last, that state was its
//! only turn, was not played, and nobody moved again.
#![allow(clippy::unwrap_used)]

use crate::common;

#[path = "../examples/pairload/player.rs"]
mod player;

use std::sync::Arc;
use std::time::Duration;

use common::{mem, Client};
use player::{ask, paired, play, Asked, Seat, Stats, Step};
use serde_json::{json, Value};

/// The first state, before `joined`, already names the seat; when it is
/// that seat's turn the player moves on it (once).
#[test]
fn a_turn_in_the_state_before_joined_is_played() {
    let mut s = Seat::default();
    let st = json!({"type": "state", "seat": 0, "seq": 0, "state": {
        "phase": "play", "to_act": 0, "hand_number": 1, "history": [],
        "legal": [{"type": "play", "tile": "6-6"}]}});
    assert_eq!(
        s.on_message(&st),
        Step::Send(json!({"type": "act", "action": {"type": "play", "tile": "6-6"}, "seq": 0}))
    );
    assert_eq!(
        s.on_message(&json!({"type": "joined", "seat": 0})),
        Step::Wait
    );
    assert_eq!(s.on_message(&st), Step::Wait, "one action a position");
}

/// Two players are paired; the one to move first sits down last. Both see
/// the match finish.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_seat_to_move_first_sitting_last_still_plays_the_match_out() {
    let s = mem();
    // As the benchmark asks: with the rated pairing's clock.
    let game = Asked {
        rules: json!({"preset": "draw", "players": 2, "options": {"target": 1}}),
        clock: json!({"kind": "per_move", "move_s": 15, "bank_s": 60}),
    };
    let (seek_a, token_a) = ask(s.addr, 1, &game).await;
    let (seek_b, token_b) = ask(s.addr, 2, &game).await;
    let poll = Duration::from_millis(50);
    let table = paired(s.addr, &seek_a, poll).await;
    assert_eq!(paired(s.addr, &seek_b, poll).await, table);
    // Who moves first: a watcher sees it (and, watching, changes nothing).
    let mut watcher = Client::connect(s.addr).await;
    let spectate = json!({"type": "spectate", "table": table});
    watcher.send_raw(&spectate.to_string()).await;
    let first = watcher.next_state().await["state"]["to_act"]
        .as_u64()
        .unwrap();
    let (_, a) = common::http_get(s.addr, &format!("/api/seeks/{seek_a}")).await;
    let a: Value = serde_json::from_str(&a).unwrap();
    let (early, late) = if a["seats"][0].as_u64() == Some(first) {
        (token_b, token_a)
    } else {
        (token_a, token_b)
    };
    let stats = Arc::new(Stats::default());
    let addr = s.addr;
    let sit = |token: String| {
        let (table, stats) = (table.clone(), stats.clone());
        tokio::spawn(async move { play(addr, &table, &token, &stats).await })
    };
    let early = sit(early);
    // The early player is seated (the watcher sees them present) before
    // the late one comes.
    let early_seat = 1 - first as usize;
    while watcher.next_state().await["seats"][early_seat]["present"] != true {}
    let late = sit(late);
    let both = async { (early.await.unwrap(), late.await.unwrap()) };
    let done = tokio::time::timeout(Duration::from_secs(30), both).await;
    assert_eq!(done.ok(), Some((true, true)), "the match stalled");
}
