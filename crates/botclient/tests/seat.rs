//! A seat is played from its seat token to the end of its match, on its
//! own socket: every state read as the seat's view, every action sent
//! with the state's `seq`, `ready` between hands.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::sync::Arc;
use std::time::Duration;

use domino_botclient::http::Server;
use domino_botclient::table::{play, Seat};
use domino_botclient::BuiltIn;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_seat_is_played_to_the_end_of_its_match() {
    let addr = common::server().await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    ws.send(Message::text(
        json!({"type": "create", "rules": {"preset": "draw", "players": 2},
        "seats": ["me", "bot"], "bot": "heuristic", "name": "Botty", "id": 1})
        .to_string(),
    ))
    .await
    .unwrap();
    let joined = loop {
        let Some(Ok(Message::Text(t))) = ws.next().await else {
            panic!()
        };
        let v: Value = serde_json::from_str(t.as_str()).unwrap();
        if v["type"] == "joined" {
            break v;
        }
    };
    drop(ws);
    let seat = Seat {
        table: joined["table"].as_str().unwrap().into(),
        token: joined["token"].as_str().unwrap().into(),
        via: "test".into(),
    };
    let server = Server::without_token(&format!("http://{addr}")).unwrap();
    let policy = BuiltIn::new("heuristic").unwrap();
    let report: domino_botclient::Report = Arc::new(|p| eprintln!("{p:?}"));
    let done = tokio::time::timeout(
        Duration::from_secs(120),
        play(&server, &seat, &policy, &report),
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(done.seat, 0);
    assert!(done.won.is_some(), "{done:?}");
    assert!(
        done.scores.iter().any(|&s| s >= 100),
        "a draw game is played to 100: {done:?}"
    );
}
