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

/// The engine protocol fuzzed: random, mutated and oversized lines against
/// a session in play. Whatever comes in, the session answers one JSON
/// object, short, and a refused line changes nothing.
mod fuzz {
    use super::*;
    use proptest::prelude::*;

    /// Lines a client might send, valid or nearly so.
    const SEEDS: &[&str] = &[
        r#"{"cmd": "state"}"#,
        r#"{"cmd": "state", "seat": 1}"#,
        r#"{"cmd": "legal"}"#,
        r#"{"cmd": "act", "action": {"type": "pass"}}"#,
        r#"{"cmd": "act", "action": {"type": "play", "tile": "6-6", "end": 0}}"#,
        r#"{"cmd": "act", "action": {"type": "draw"}}"#,
        r#"{"cmd": "act", "action": {"type": "choose_poser", "seat": 2}}"#,
        r#"{"cmd": "next"}"#,
        r#"{"cmd": "go", "bots": ["random", "random", "random", "random"]}"#,
        r#"{"cmd": "record"}"#,
        r#"{"cmd": "presets"}"#,
        r#"{"cmd": "new", "rules": {"preset": "draw", "players": 2}, "seed": 3}"#,
        r#"{"cmd": "new", "rules": {"preset": "french", "options": {"target": 5}}}"#,
        r#"{"cmd": "load", "record": {}}"#,
    ];

    /// A seed line with a few bytes replaced, deleted or inserted.
    fn mutated() -> impl Strategy<Value = String> {
        (
            prop::sample::select(SEEDS),
            prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<char>()), 1..6),
        )
            .prop_map(|(seed, edits)| {
                let mut c: Vec<char> = seed.chars().collect();
                for (at, op, ch) in edits {
                    let i = at.index(c.len() + 1);
                    match op {
                        0 if i < c.len() => c[i] = ch,
                        1 if i < c.len() => {
                            c.remove(i);
                        }
                        _ => c.insert(i, ch),
                    }
                }
                c.into_iter().collect()
            })
    }

    /// A JSON object with a known or random command and random fields.
    fn objects() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            "[a-z0-9_ -]{0,12}".prop_map(Value::from),
        ];
        let value = leaf.prop_recursive(3, 16, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
                prop::collection::btree_map("[a-z_]{1,8}", inner, 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        });
        let cmd = prop_oneof![
            prop::sample::select(vec![
                "new", "state", "legal", "act", "next", "go", "record", "load", "presets",
            ])
            .prop_map(str::to_string),
            "[a-z]{0,8}",
        ];
        (
            cmd,
            prop::collection::btree_map(
                prop::sample::select(vec![
                    "rules", "seed", "action", "seat", "bots", "record", "viewer", "x",
                ]),
                value,
                0..4,
            ),
        )
            .prop_map(|(cmd, fields)| {
                let mut o = serde_json::Map::new();
                o.insert("cmd".into(), Value::from(cmd));
                for (k, v) in fields {
                    o.insert(k.into(), v);
                }
                Value::Object(o).to_string()
            })
    }

    fn lines() -> impl Strategy<Value = String> {
        prop_oneof![
            3 => mutated(),
            3 => objects(),
            1 => ".{0,40}",
            1 => (prop::sample::select(SEEDS), 1000usize..100_000)
                .prop_map(|(s, n)| format!("{}{}", s, "x".repeat(n))),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn any_line_gets_one_short_answer_and_a_refusal_changes_nothing(
            seed in 0u64..1000,
            input in prop::collection::vec(lines(), 1..12),
        ) {
            let mut s = started(json!({"preset": "draw", "players": 2}), seed);
            for line in input {
                let before = state(&mut s);
                let r = s.handle(&line);
                prop_assert!(r.is_object(), "{line:?}: {r}");
                prop_assert!(r["ok"].is_boolean(), "{line:?}: {r}");
                if r["ok"] == false {
                    let len = r.to_string().len();
                    prop_assert!(len < 1024, "{len}-byte error for a {}-byte line", line.len());
                    prop_assert!(!code(&r).is_empty(), "{r}");
                    prop_assert_eq!(state(&mut s), before, "{:?} was refused but changed the state", line);
                }
            }
        }
    }
}
