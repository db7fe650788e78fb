//! The `hint` request: the expert's move in the asking player's place, one
//! of their legal actions with its reasons, changing nothing; refused out
//! of turn, to a spectator and before joining; offered only at tables with
//! a bot that do not count for ratings and were made with hints on.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::*;
use serde_json::{json, Value};

/// A table for one player against `players - 1` bots; the client and the
/// table id.
async fn against_bots(
    s: &Server,
    rules: Value,
    extra: Value,
    cookie: Option<&str>,
) -> (Client, String) {
    let mut c = match cookie {
        Some(k) => Client::connect_with_cookie(s.addr, k).await,
        None => Client::connect(s.addr).await,
    };
    let players = rules["players"].as_u64().unwrap() as usize;
    let mut seats = vec![json!("me")];
    seats.extend((1..players).map(|_| json!("bot")));
    let mut req =
        json!({"type": "create", "rules": rules, "seats": seats, "bot": "random", "name": "Ana"});
    for (k, v) in extra.as_object().unwrap() {
        req[k] = v.clone();
    }
    let r = c.request(req).await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    c.settle(100).await;
    (c, table)
}

/// Wait (bots play at once in tests) for our turn with a choice to make.
async fn my_turn(c: &mut Client) -> Value {
    for _ in 0..200 {
        let st = c.state.clone().unwrap();
        let s = &st["state"];
        if s["phase"] == "play"
            && s["to_act"] == st["seat"]
            && !s["legal"].as_array().unwrap().is_empty()
        {
            return st;
        }
        if s["phase"] == "hand_over" {
            c.request(json!({"type": "ready"})).await;
        }
        c.settle(50).await;
    }
    panic!("never our turn");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_against_bots_is_a_legal_action_with_its_reasons() {
    let s = mem();
    let (mut c, table) = against_bots(
        &s,
        json!({"preset": "all-fives", "players": 2}),
        json!({}),
        None,
    )
    .await;
    assert_eq!(c.state.as_ref().unwrap()["hints"], true);
    let mut watcher = Client::connect(s.addr).await;
    let r = watcher.request(json!({"type": "hint"})).await;
    assert_eq!(r["code"], "not_seated", "{r}");
    let r = watcher
        .request(json!({"type": "spectate", "table": table}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let r = watcher.request(json!({"type": "hint"})).await;
    assert_eq!(r["code"], "not_seated", "{r}");

    let mut hinted = 0;
    for _ in 0..4 {
        let before = my_turn(&mut c).await;
        let r = c.request(json!({"type": "hint"})).await;
        assert_eq!(r["type"], "hint", "{r}");
        let legal = before["state"]["legal"].as_array().unwrap();
        assert!(
            legal.contains(&r["action"]),
            "{} not in {legal:?}",
            r["action"]
        );
        let reasons = r["reason"].as_array().unwrap();
        assert!(!reasons.is_empty() && reasons.len() <= 2, "{r}");
        for w in reasons {
            assert!(w["why"].as_str().is_some_and(|x| !x.is_empty()), "{r}");
        }
        // Asking changed nothing: the same state, and the hint can be played.
        assert_eq!(c.state.as_ref().unwrap()["seq"], before["seq"]);
        let played = c
            .request(json!({"type": "act", "action": r["action"], "seq": before["seq"]}))
            .await;
        assert_eq!(played["type"], "ok", "{played}");
        hinted += 1;
        c.settle(100).await;
        if c.state.as_ref().unwrap()["state"]["phase"] != "play" {
            break;
        }
    }
    assert!(hinted >= 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn out_of_turn_the_hint_is_refused() {
    let s = mem();
    let (mut c, _) =
        against_bots(&s, json!({"preset": "draw", "players": 2}), json!({}), None).await;
    // Find a moment when it is not our turn: after the hand, or while the
    // bot is to act (it answers at once, so the hand's end is the sure one).
    for _ in 0..400 {
        let st = c.state.clone().unwrap();
        let s = &st["state"];
        if s["phase"] == "hand_over" || s["phase"] == "match_over" {
            let r = c.request(json!({"type": "hint"})).await;
            assert_eq!(r["code"], "not_your_turn", "{r}");
            return;
        }
        if s["to_act"] == st["seat"] {
            let a = s["legal"][0].clone();
            c.request(json!({"type": "act", "action": a})).await;
        }
        c.settle(30).await;
    }
    panic!("the hand never ended");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_are_off_between_people_and_when_turned_off() {
    let s = mem();
    // Two people, no bot.
    let (mut c, _) = full_table(&s, json!({"preset": "draw", "players": 2}), 2).await;
    for cl in c.iter_mut() {
        cl.settle(100).await;
        assert_eq!(cl.state.as_ref().unwrap()["hints"], false);
    }
    let to_act = c[0].state.as_ref().unwrap()["state"]["to_act"]
        .as_u64()
        .unwrap() as usize;
    let r = c[to_act].request(json!({"type": "hint"})).await;
    assert_eq!(r["code"], "hints_off", "{r}");

    // Against a bot, but made with hints off.
    let (mut c, _) = against_bots(
        &s,
        json!({"preset": "draw", "players": 2}),
        json!({"hints": false}),
        None,
    )
    .await;
    assert_eq!(c.state.as_ref().unwrap()["hints"], false);
    my_turn(&mut c).await;
    let r = c.request(json!({"type": "hint"})).await;
    assert_eq!(r["code"], "hints_off", "{r}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_in_player_against_bots_plays_rated_without_hints() {
    let s = mem();
    let (status, head, body) = http_request(
        s.addr,
        "POST",
        "/api/profile",
        &[],
        Some(&json!({"name": "Rated"}).to_string()),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let cookie = common::cookie_of(&head);
    let (mut c, _) = against_bots(
        &s,
        json!({"preset": "draw", "players": 2}),
        json!({}),
        Some(&cookie),
    )
    .await;
    assert_eq!(c.state.as_ref().unwrap()["hints"], false, "a rated match");
    my_turn(&mut c).await;
    let r = c.request(json!({"type": "hint"})).await;
    assert_eq!(r["code"], "hints_off", "{r}");
}
