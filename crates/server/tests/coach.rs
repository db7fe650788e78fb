//! The coach on a real server: `GET /api/analysis/{id}` for a match played
//! to its end over the socket, the same answer again from memory, and
//! clear refusals for a match that does not exist.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::*;
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_is_analysed_decision_by_decision() {
    let s = mem();
    let mut c = Client::connect(s.addr).await;
    let r = c
        .request(json!({"type": "create", "rules": {"preset": "block", "players": 2, "options": {"target": 20}},
            "seats": ["me", "bot"], "bot": "random", "name": "Ana"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    c.settle(100).await;
    let end = play_out(&mut c, 3).await;
    assert_eq!(end["state"]["phase"], "match_over");
    c.settle(200).await;

    let (status, body) = http_get(s.addr, &format!("/api/analysis/{table}")).await;
    assert_eq!(status, 200, "{body}");
    let a: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(a["format"], "domino-coach/1");
    assert_eq!(a["id"], table.as_str());
    let decisions: Vec<&Value> = a["hands"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|h| h["decisions"].as_array().unwrap())
        .collect();
    assert!(!decisions.is_empty());
    let blunder = a["blunder"].as_i64().unwrap();
    for d in &decisions {
        if let (Some(c), Some(b), Some(v)) = (
            d["cost"].as_i64(),
            d["best_value"].as_i64(),
            d["value"].as_i64(),
        ) {
            assert_eq!(c, b - v, "{d}");
            // A blunder is judged from the player's view (docs/analysis.md):
            // the cost seen with every tile known may be larger.
            assert_eq!(d["blunder"], d["severity"] == "blunder", "{d}");
            if d["blunder"] == true {
                assert!(d["view_cost"].as_i64().unwrap() >= blunder, "{d}");
            }
        }
        assert!(d["expert"].is_object(), "the expert was asked: {d}");
    }
    let seats = a["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[0]["name"], "Ana");
    assert_eq!(seats[1]["name"], Value::Null);
    let total: usize = seats
        .iter()
        .map(|s| s["decisions"].as_u64().unwrap() as usize)
        .sum();
    assert_eq!(total, decisions.len());

    // Asked again: the same analysis, kept.
    let (status, again) = http_get(s.addr, &format!("/api/analysis/{table}")).await;
    assert_eq!(status, 200);
    assert_eq!(serde_json::from_str::<Value>(&again).unwrap(), a);

    // A hand alone: that hand's decisions only, the seats counting it alone.
    let (status, body) = http_get(s.addr, &format!("/api/analysis/{table}?hand=1")).await;
    assert_eq!(status, 200, "{body}");
    let one: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(one["hand"], 1);
    assert_eq!(one["id"], table.as_str());
    let hands = one["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 1);
    assert_eq!(hands[0]["hand"], 1);
    let steps = |h: &Value| -> Vec<Value> {
        h["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| json!([d["index"], d["played"]]))
            .collect()
    };
    let whole_first = a["hands"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["hand"] == 1)
        .unwrap();
    assert_eq!(steps(&hands[0]), steps(whole_first));
    let counted: usize = one["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["decisions"].as_u64().unwrap() as usize)
        .sum();
    assert_eq!(counted, steps(&hands[0]).len());
    assert!(a.get("hand").is_none(), "the whole match names no hand");
    // A hand the match does not have, or no number: 400 with a code.
    for q in ["hand=99", "hand=0", "hand=x", "hands=1"] {
        let (status, body) = http_get(s.addr, &format!("/api/analysis/{table}?{q}")).await;
        assert_eq!(status, 400, "{q}: {body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["code"], "bad_request", "{q}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_such_match_is_a_404_with_a_code() {
    let s = mem();
    let (status, body) = http_get(s.addr, "/api/analysis/0123456789abcdef").await;
    assert_eq!(status, 404, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["code"], "no_table");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_levels_ratings_are_served_for_every_game() {
    let s = mem();
    let (status, body) = http_get(s.addr, "/api/levels").await;
    assert_eq!(status, 200, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    let games = v.as_array().unwrap();
    let rated = |preset: &str, players: u8| {
        games
            .iter()
            .any(|g| g["preset"] == preset && g["players"] == players)
    };
    // Every game at its default count, and the 2-player games people play.
    for p in domino_engine::Preset::ALL {
        assert!(rated(p.name(), p.default_players()), "{}", p.name());
    }
    for p in ["cutthroat", "block", "chiva", "draw"] {
        assert!(rated(p, 2), "{p} with 2 players");
    }
    for g in games {
        assert_eq!(g["ordered"], true, "{g}");
        let levels = g["levels"].as_array().unwrap();
        assert_eq!(levels.len(), domino_bots::BOT_NAMES.len(), "{g}");
        for l in levels {
            let (lo, r, hi) = (
                l["low"].as_f64().unwrap(),
                l["rating"].as_f64().unwrap(),
                l["high"].as_f64().unwrap(),
            );
            assert!(lo <= r && r <= hi, "{l}");
        }
    }
}
