#![allow(clippy::unwrap_used)]
use super::*;
use serde_json::json;

fn send(s: &mut Session, req: Value) -> Value {
    s.handle(&req.to_string())
}

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("")
}

fn state(s: &mut Session) -> Value {
    send(s, json!({"cmd": "state"}))
}

fn started(rules: Value, seed: u64) -> Session {
    let mut s = Session::new();
    let r = send(&mut s, json!({"cmd": "new", "rules": rules, "seed": seed}));
    assert_eq!(r["ok"], true, "{r}");
    s
}

/// Take the first legal action until the hand ends; returns the last `act`.
fn play_hand(s: &mut Session) -> Value {
    let mut last = Value::Null;
    for _ in 0..1000 {
        let phase = state(s)["state"]["phase"].clone();
        if phase != "play" && phase != "choose_poser" {
            return last;
        }
        let legal = send(s, json!({"cmd": "legal"}));
        let first = legal["actions"][0].clone();
        last = send(s, json!({"cmd": "act", "action": first}));
        assert_eq!(last["ok"], true, "{last}");
    }
    panic!("the hand did not end");
}

/// Send `req` as a raw line and check it fails with `want`, changing nothing.
fn refused(s: &mut Session, req: &str, want: &str) -> Value {
    let before = state(s);
    let r = s.handle(req);
    assert_eq!(r["ok"], false, "{req}: {r}");
    assert_eq!(code(&r), want, "{req}: {r}");
    assert!(
        r["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "{r}"
    );
    assert_eq!(state(s), before, "{req} changed the session");
    r
}

#[test]
fn presets_lists_every_game() {
    let r = Session::new().handle(r#"{"cmd": "presets"}"#);
    assert_eq!(r["ok"], true);
    assert_eq!(r["presets"].as_array().unwrap().len(), 12);
}

#[test]
fn new_reports_the_seed_it_picks() {
    let mut s = Session::new();
    let r = send(
        &mut s,
        json!({"cmd": "new", "rules": {"preset": "jamaican"}}),
    );
    let seed = r["state"]["seed"].as_u64().unwrap();
    assert!(seed < 1 << 53);
    let again = send(
        &mut s,
        json!({"cmd": "new", "rules": {"preset": "jamaican"}, "seed": seed}),
    );
    assert_eq!(again["state"], r["state"]);
}

#[test]
fn a_whole_hand_by_first_legal_action() {
    let mut s = started(json!({"preset": "jamaican"}), 7);
    let st = state(&mut s)["state"].clone();
    assert_eq!(st["phase"], "play");
    assert_eq!(st["seed"], 7);
    let last = play_hand(&mut s);
    let events = last["events"].as_array().unwrap();
    assert!(events.iter().any(|e| e["type"] == "hand_over"), "{last}");
    assert!(last["state"]["result"].is_object());
    let next = send(&mut s, json!({"cmd": "next"}));
    assert_eq!(next["state"]["hand_number"], 2, "{next}");
}

#[test]
fn a_seat_sees_only_its_own_tiles() {
    let mut s = started(json!({"preset": "jamaican"}), 7);
    let r = send(&mut s, json!({"cmd": "state", "seat": 1}));
    let hands = r["state"]["hands"].as_array().unwrap();
    assert!(hands[1].is_array());
    assert_eq!(hands[0], 7);
    assert_eq!(r["state"]["boneyard"], 0);
    assert!(r["state"].get("seed").is_none());
}

#[test]
fn acting_with_the_right_seat_works() {
    let mut s = started(json!({"preset": "jamaican"}), 7);
    let seat = state(&mut s)["state"]["to_act"].clone();
    let first = send(&mut s, json!({"cmd": "legal"}))["actions"][0].clone();
    let r = send(&mut s, json!({"cmd": "act", "action": first, "seat": seat}));
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["events"][0]["type"], "action");
}

#[test]
fn record_then_load_gives_the_same_state() {
    let mut s = started(json!({"preset": "all-fives"}), 3);
    play_hand(&mut s);
    send(&mut s, json!({"cmd": "next"}));
    for _ in 0..3 {
        let a = send(&mut s, json!({"cmd": "legal"}))["actions"][0].clone();
        send(&mut s, json!({"cmd": "act", "action": a}));
    }
    let before = state(&mut s);
    let rec = send(&mut s, json!({"cmd": "record"}))["record"].clone();
    assert_eq!(rec["format"], "domino-record/1");
    let mut other = Session::new();
    let r = send(&mut other, json!({"cmd": "load", "record": rec}));
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["state"], before["state"]);
    assert_eq!(state(&mut other), before);
}

#[test]
fn a_deal_can_be_given() {
    let mut s = started(json!({"preset": "jamaican"}), 11);
    let rec = send(&mut s, json!({"cmd": "record"}))["record"].clone();
    let deal = rec["hands"][0]["deal"].clone();
    let mut other = Session::new();
    let r = send(
        &mut other,
        json!({"cmd": "new", "rules": {"preset": "jamaican"}, "deal": deal}),
    );
    assert_eq!(r["state"]["hands"], state(&mut s)["state"]["hands"]);
    assert!(r["state"].get("seed").is_none());
    // No seed: the next hand needs a deal.
    play_hand(&mut other);
    refused(&mut other, r#"{"cmd": "next"}"#, "bad_deal");
}

#[test]
fn without_a_match() {
    let mut s = Session::new();
    for cmd in ["state", "legal", "record", "next"] {
        let r = send(&mut s, json!({"cmd": cmd}));
        assert_eq!(code(&r), "no_match", "{cmd}");
    }
    let r = send(&mut s, json!({"cmd": "act", "action": {"type": "pass"}}));
    assert_eq!(code(&r), "no_match");
}

#[test]
fn malformed_requests() {
    let mut s = started(json!({"preset": "jamaican"}), 7);
    refused(&mut s, "{", "bad_json");
    refused(&mut s, "not json", "bad_json");
    refused(&mut s, "[1, 2]", "bad_request");
    let r = refused(&mut s, r#"{"command": "state"}"#, "bad_request");
    assert!(r["error"]["message"].as_str().unwrap().contains("cmd"));
    refused(&mut s, r#"{"cmd": 3}"#, "bad_request");
    refused(&mut s, r#"{"cmd": "fly"}"#, "unknown_command");
    let r = refused(&mut s, r#"{"cmd": "act"}"#, "bad_request");
    assert!(r["error"]["message"].as_str().unwrap().contains("action"));
    let r = refused(
        &mut s,
        r#"{"cmd": "act", "action": {"type": "play", "tile": "6-x"}}"#,
        "bad_request",
    );
    assert!(r["error"]["message"].as_str().unwrap().contains("action"));
    refused(
        &mut s,
        r#"{"cmd": "act", "action": {"type": "fly"}}"#,
        "bad_request",
    );
    refused(&mut s, r#"{"cmd": "state", "seat": 4}"#, "bad_request");
    refused(&mut s, r#"{"cmd": "state", "seat": "x"}"#, "bad_request");
    refused(&mut s, r#"{"cmd": "new"}"#, "bad_request");
    refused(
        &mut s,
        r#"{"cmd": "new", "rules": {"preset": "jamaican"}, "seed": -1}"#,
        "bad_request",
    );
}

#[test]
fn refused_rules_and_deals() {
    let mut s = started(json!({"preset": "jamaican"}), 7);
    let r = refused(
        &mut s,
        r#"{"cmd": "new", "rules": {"preset": "poker"}}"#,
        "unknown_preset",
    );
    assert!(r["error"]["message"].as_str().unwrap().contains("poker"));
    let r = refused(
        &mut s,
        r#"{"cmd": "new", "rules": {"preset": "jamaican", "options": {"keytile": true}}}"#,
        "bad_option",
    );
    assert!(r["error"]["message"].as_str().unwrap().contains("keytile"));
    refused(
        &mut s,
        r#"{"cmd": "new", "rules": {"preset": "jamaican", "players": 3}}"#,
        "bad_option",
    );
    refused(
        &mut s,
        r#"{"cmd": "new", "rules": {"preset": "jamaican"}, "deal": {"hands": [["6-6"]]}}"#,
        "bad_deal",
    );
}

#[test]
fn refused_actions() {
    let mut s = started(json!({"preset": "jamaican"}), 7);
    let to_act = state(&mut s)["state"]["to_act"].as_u64().unwrap();
    refused(
        &mut s,
        r#"{"cmd": "act", "action": {"type": "draw"}}"#,
        "illegal_action",
    );
    let first = send(&mut s, json!({"cmd": "legal"}))["actions"][0].clone();
    let other = json!({"cmd": "act", "action": first, "seat": (to_act + 1) % 4});
    refused(&mut s, &other.to_string(), "not_your_turn");
    refused(&mut s, r#"{"cmd": "next"}"#, "hand_not_over");
    refused(&mut s, r#"{"cmd": "go", "bot": "oracle"}"#, "unknown_bot");
    let go = send(&mut s, json!({"cmd": "go", "bot": "heuristic"}));
    let legal = send(&mut s, json!({"cmd": "legal"}))["actions"].clone();
    assert!(legal.as_array().unwrap().contains(&go["action"]), "{go}");
    let go = send(
        &mut s,
        json!({"cmd": "go", "bot": "expert", "budget_ms": 30}),
    );
    assert!(legal.as_array().unwrap().contains(&go["action"]), "{go}");
    play_hand(&mut s);
    refused(
        &mut s,
        r#"{"cmd": "act", "action": {"type": "pass"}}"#,
        "hand_over",
    );
    refused(
        &mut s,
        r#"{"cmd": "next", "deal": {"hands": [], "boneyard": []}}"#,
        "bad_deal",
    );
}

#[test]
fn refused_after_the_match() {
    let rules = json!({"preset": "block", "options": {"scoring": "hand", "target": 1}});
    let mut s = started(rules, 5);
    for _ in 0..50 {
        play_hand(&mut s);
        if state(&mut s)["state"]["phase"] == "match_over" {
            break;
        }
        send(&mut s, json!({"cmd": "next"}));
    }
    assert_eq!(state(&mut s)["state"]["phase"], "match_over");
    refused(
        &mut s,
        r#"{"cmd": "act", "action": {"type": "pass"}}"#,
        "match_over",
    );
    refused(&mut s, r#"{"cmd": "next"}"#, "match_over");
}

#[test]
fn refused_records() {
    let mut s = started(json!({"preset": "jamaican"}), 7);
    refused(&mut s, r#"{"cmd": "load"}"#, "bad_request");
    refused(
        &mut s,
        r#"{"cmd": "load", "record": {"x": 1}}"#,
        "bad_record",
    );
    refused(
        &mut s,
        r#"{"cmd": "load", "record": {"format": "chess/1", "rules": {"preset": "jamaican"}, "hands": []}}"#,
        "bad_record",
    );
    let mut rec = send(&mut s, json!({"cmd": "record"}))["record"].clone();
    rec["hands"][0]["actions"] = json!([{"seat": 0, "action": {"type": "draw"}}]);
    let r = refused(
        &mut s,
        &json!({"cmd": "load", "record": rec}).to_string(),
        "illegal_action",
    );
    assert!(r["error"]["message"]
        .as_str()
        .unwrap()
        .contains("hand 1, action 0"));
}
