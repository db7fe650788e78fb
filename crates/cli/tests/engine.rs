//! `domino engine` driven as a real process over pipes.
#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use assert_cmd::cargo::{cargo_bin, cargo_bin_cmd};
use serde_json::{json, Value};

/// A running `domino engine`, one request and one response at a time.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(cargo_bin!("domino"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    fn send_bytes(&mut self, line: &[u8]) -> Value {
        self.stdin.write_all(line).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
        let mut out = String::new();
        self.stdout.read_line(&mut out).unwrap();
        assert!(out.ends_with('\n'), "no response line to {line:?}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert!(v["ok"].is_boolean(), "{v}");
        v
    }

    fn send(&mut self, req: Value) -> Value {
        self.send_bytes(req.to_string().as_bytes())
    }

    fn state(&mut self) -> Value {
        self.send(json!({"cmd": "state"}))
    }

    /// Take the first legal action until the hand ends; returns the last `act`.
    fn play_hand(&mut self) -> Value {
        let mut last = Value::Null;
        loop {
            let legal = self.send(json!({"cmd": "legal"}));
            let Some(first) = legal["actions"].get(0).cloned() else {
                return last;
            };
            last = self.send(json!({"cmd": "act", "action": first}));
            assert_eq!(last["ok"], true, "{last}");
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_whole_jamaican_hand() {
    let mut e = Engine::start();
    let r = e.send(json!({"cmd": "new", "rules": {"preset": "jamaican"}, "seed": 7}));
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["state"]["seed"], 7);
    assert_eq!(r["state"]["phase"], "play");
    let mut acts = 0;
    loop {
        let legal = e.send(json!({"cmd": "legal"}));
        let actions = legal["actions"].as_array().unwrap().clone();
        if actions.is_empty() {
            break;
        }
        let seat = e.state()["state"]["to_act"].clone();
        let r = e.send(json!({"cmd": "act", "action": actions[0], "seat": seat}));
        assert_eq!(r["ok"], true, "{r}");
        assert_eq!(r["events"][0]["type"], "action");
        assert_eq!(r["events"][0]["seat"], seat);
        acts += 1;
        if r["state"]["phase"] == "hand_over" {
            let types: Vec<&Value> = r["events"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| &e["type"])
                .collect();
            assert!(types.contains(&&json!("hand_over")), "{r}");
            let result = &r["state"]["result"];
            assert!(result["reason"] == "domino" || result["reason"] == "blocked");
        }
    }
    assert!(acts >= 4);
    let st = e.state()["state"].clone();
    assert_eq!(st["phase"], "hand_over");
    assert_eq!(st["history"].as_array().unwrap().len(), acts);
    let next = e.send(json!({"cmd": "next"}));
    assert_eq!(next["state"]["hand_number"], 2, "{next}");
}

/// Every refusal, each followed by the state it must not have changed.
#[test]
fn every_error_code_leaves_the_state_unchanged() {
    let mut e = Engine::start();
    assert_eq!(e.send(json!({"cmd": "legal"}))["error"]["code"], "no_match");
    e.send(json!({"cmd": "new", "rules": {"preset": "jamaican"}, "seed": 7}));
    let to_act = e.state()["state"]["to_act"].as_u64().unwrap();
    let first = e.send(json!({"cmd": "legal"}))["actions"][0].clone();
    let mut rec = e.send(json!({"cmd": "record"}))["record"].clone();
    rec["hands"][0]["actions"] = json!([{"seat": to_act, "action": {"type": "draw"}}]);

    let huge = vec![b' '; (1 << 20) + 1];
    let mid_hand: Vec<(Vec<u8>, &str)> = vec![
        (b"{\"cmd\": ".to_vec(), "bad_json"),
        (b"\xff\xfe{}".to_vec(), "bad_json"),
        (huge, "too_large"),
        (b"{\"seat\": 1}".to_vec(), "bad_request"),
        (
            br#"{"cmd": "act", "action": {"type": "play", "tile": "7-x"}}"#.to_vec(),
            "bad_request",
        ),
        (br#"{"cmd": "shuffle"}"#.to_vec(), "unknown_command"),
        (
            br#"{"cmd": "new", "rules": {"preset": "nope"}}"#.to_vec(),
            "unknown_preset",
        ),
        (
            br#"{"cmd": "new", "rules": {"preset": "jamaican", "options": {"key_tile": 3}}}"#
                .to_vec(),
            "bad_option",
        ),
        (
            br#"{"cmd": "new", "rules": {"preset": "jamaican"}, "deal": {"hands": [["6-6"], [], [], []]}}"#
                .to_vec(),
            "bad_deal",
        ),
        (
            br#"{"cmd": "act", "action": {"type": "draw"}}"#.to_vec(),
            "illegal_action",
        ),
        (
            json!({"cmd": "act", "action": first, "seat": (to_act + 1) % 4})
                .to_string()
                .into_bytes(),
            "not_your_turn",
        ),
        (br#"{"cmd": "next"}"#.to_vec(), "hand_not_over"),
        (
            br#"{"cmd": "load", "record": {"format": "x"}}"#.to_vec(),
            "bad_record",
        ),
        (
            json!({"cmd": "load", "record": rec}).to_string().into_bytes(),
            "illegal_action",
        ),
        (
            br#"{"cmd": "go", "bot": "oracle", "budget_ms": 500}"#.to_vec(),
            "unknown_bot",
        ),
    ];
    let refuse = |e: &mut Engine, line: &[u8], code: &str| {
        let before = e.state();
        let r = e.send_bytes(line);
        assert_eq!(r["ok"], false, "{r}");
        assert_eq!(r["error"]["code"], code, "{r}");
        assert!(r["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()));
        assert_eq!(e.state(), before, "{code} changed the state");
        r
    };
    for (line, code) in &mid_hand {
        refuse(&mut e, line, code);
    }
    let r = refuse(&mut e, br#"{"cmd": "go"}"#, "unknown_bot");
    assert!(r["error"]["message"].as_str().unwrap().contains("expert"));

    e.play_hand();
    refuse(
        &mut e,
        br#"{"cmd": "act", "action": {"type": "pass"}}"#,
        "hand_over",
    );
    refuse(
        &mut e,
        br#"{"cmd": "next", "deal": {"hands": [], "boneyard": []}}"#,
        "bad_deal",
    );

    // A match won by the first hand won, to reach match_over quickly.
    let rules = json!({"preset": "block", "options": {"scoring": "hand", "target": 1}});
    e.send(json!({"cmd": "new", "rules": rules, "seed": 5}));
    for _ in 0..50 {
        e.play_hand();
        if e.state()["state"]["phase"] == "match_over" {
            break;
        }
        e.send(json!({"cmd": "next"}));
    }
    assert_eq!(e.state()["state"]["phase"], "match_over");
    refuse(
        &mut e,
        br#"{"cmd": "act", "action": {"type": "pass"}}"#,
        "match_over",
    );
    refuse(&mut e, br#"{"cmd": "next"}"#, "match_over");
}

#[test]
fn keeps_serving_after_errors_and_ignores_blank_lines() {
    let input = "garbage\n\n{\"cmd\": \"fly\"}\n   \n{\"cmd\": \"state\"}\n\
                 {\"cmd\": \"new\", \"rules\": {\"preset\": \"draw\"}, \"seed\": 1}\n\
                 {\"cmd\": \"presets\"}\n";
    let out = cargo_bin_cmd!("domino")
        .arg("engine")
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let codes: Vec<&Value> = lines.iter().map(|v| &v["error"]["code"]).collect();
    assert_eq!(
        codes,
        [
            &json!("bad_json"),
            &json!("unknown_command"),
            &json!("no_match"),
            &Value::Null,
            &Value::Null
        ]
    );
    assert_eq!(lines[3]["ok"], true);
    assert_eq!(lines[4]["presets"].as_array().unwrap().len(), 12);
}

#[test]
fn record_then_load_round_trips() {
    let mut e = Engine::start();
    e.send(json!({"cmd": "new", "rules": {"preset": "jamaican"}, "seed": 21}));
    e.play_hand();
    e.send(json!({"cmd": "next"}));
    for _ in 0..5 {
        let a = e.send(json!({"cmd": "legal"}))["actions"][0].clone();
        e.send(json!({"cmd": "act", "action": a}));
    }
    let before = e.state();
    let rec = e.send(json!({"cmd": "record"}))["record"].clone();
    assert_eq!(rec["format"], "domino-record/1");
    assert_eq!(rec["hands"].as_array().unwrap().len(), 2);

    let mut other = Engine::start();
    let r = other.send(json!({"cmd": "load", "record": rec}));
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["state"], before["state"]);
    assert_eq!(other.state(), before);
    // The loaded match plays on like the original.
    let a = e.send(json!({"cmd": "legal"}))["actions"][0].clone();
    let x = e.send(json!({"cmd": "act", "action": a}));
    let y = other.send(json!({"cmd": "act", "action": a}));
    assert_eq!(x, y);
}

#[test]
fn a_seat_view_hides_other_hands() {
    let mut e = Engine::start();
    e.send(json!({"cmd": "new", "rules": {"preset": "jamaican"}, "seed": 7}));
    let r = e.send(json!({"cmd": "state", "seat": 2}));
    let hands = r["state"]["hands"].as_array().unwrap();
    assert!(hands[2].is_array());
    assert!(hands[0].is_number() && hands[1].is_number() && hands[3].is_number());
    assert!(r["state"].get("seed").is_none());
}

#[test]
fn errors_quote_a_short_escaped_excerpt_not_the_whole_input() {
    let mut e = Engine::start();
    let huge = "x".repeat(1_000_000);
    for req in [
        json!({"cmd": huge}),
        json!({"cmd": "new", "rules": {"preset": huge}}),
        json!({"cmd": "new", "rules": {"preset": "jamaican", "options": {huge.clone(): true}}}),
        json!({"cmd": "act", "action": {"type": huge}}),
    ] {
        let line = req.to_string();
        e.stdin.write_all(line.as_bytes()).unwrap();
        e.stdin.write_all(b"\n").unwrap();
        e.stdin.flush().unwrap();
        let mut out = String::new();
        e.stdout.read_line(&mut out).unwrap();
        assert!(out.len() < 1_000, "{} bytes answered", out.len());
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["ok"], false);
    }
    // Control characters come back escaped, never raw.
    let r = e.send(json!({"cmd": "new", "rules": {"preset": "a\u{1b}[2Jb\n"}}));
    let m = r["error"]["message"].as_str().unwrap();
    assert!(!m.contains('\u{1b}') && !m.contains('\n'), "{m}");
    assert!(m.contains("\\u{1b}"), "{m}");
}

/// The hand just played, as a player at a Jamaican table reports it: who
/// went out (the seat with no tile), the counts, the key tile.
fn jamaican_report(state: &Value) -> Value {
    let result = &state["result"];
    let dominoed: Vec<usize> = (0..4)
        .filter(|&s| state["hands"][s].as_array().is_some_and(|h| h.is_empty()))
        .collect();
    let notes = result["notes"].as_array().unwrap();
    json!({
        "dominoed": dominoed,
        "counts": result["counts"],
        "key_tile": notes.contains(&json!("key_tile")),
    })
}

/// `settle` in lockstep with a match the engine plays: the reports of the
/// hands so far settle to the engine's own results and scores.
#[test]
fn settle_agrees_with_the_engine_hand_by_hand() {
    let mut e = Engine::start();
    let rules = json!({"preset": "jamaican"});
    e.send(json!({"cmd": "new", "rules": rules, "seed": 11}));
    let mut reports = Vec::new();
    for hand in 1..=6 {
        let last = e.play_hand();
        let state = &last["state"];
        reports.push(jamaican_report(state));
        let r = e.send(json!({"cmd": "settle", "rules": rules, "reports": reports}));
        assert_eq!(r["ok"], true, "hand {hand}: {r}");
        assert_eq!(r["hand"]["number"], hand);
        assert_eq!(r["hand"]["result"], state["result"], "hand {hand}");
        assert_eq!(r["sheet"]["scores"], state["scores"], "hand {hand}");
        if state["phase"] == "match_over" {
            assert_eq!(r["sheet"]["over"], true);
            break;
        }
        e.send(json!({"cmd": "next"}));
    }
    // One hand alone is the first of a match.
    let one = e.send(json!({"cmd": "settle", "rules": rules, "report": reports[0]}));
    assert_eq!(one["sheet"]["hands"].as_array().unwrap().len(), 1, "{one}");
}

#[test]
fn settle_refuses_with_the_hand_and_the_reason() {
    let mut e = Engine::start();
    e.send(json!({"cmd": "new", "rules": {"preset": "jamaican"}, "seed": 7}));
    let before = e.state();
    let rules = json!({"preset": "jamaican"});
    let cases = [
        (
            json!({"counts": [1, 1, 30, 40]}),
            "impossible_report",
            "seats 0 and 1",
        ),
        (
            json!({"dominoed": [7], "counts": [0, 1, 2, 3]}),
            "bad_report",
            "no seat 7",
        ),
    ];
    for (report, code, words) in cases {
        let ok = json!({"dominoed": [0], "counts": [0, 5, 6, 7]});
        let r = e.send(json!({"cmd": "settle", "rules": rules, "reports": [ok, report]}));
        assert_eq!(r["error"]["code"], code, "{r}");
        let message = r["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with("hand 2: ") && message.contains(words),
            "{message}"
        );
    }
    let r = e.send(json!({"cmd": "settle", "rules": rules}));
    assert_eq!(r["error"]["code"], "bad_request", "{r}");
    let r =
        e.send(json!({"cmd": "settle", "rules": {"preset": "checkers"}, "report": {"counts": []}}));
    assert_eq!(r["error"]["code"], "unknown_preset", "{r}");
    assert_eq!(e.state(), before, "settle keeps nothing");
}

/// `settle` in lockstep with the engine in every game: a match played by
/// bots in the library, each hand reported as a real table reports it, is
/// settled by the protocol to the library's own results and scores, hand
/// by hand; and a hand no deal could give is refused.
#[test]
fn settle_agrees_with_the_engine_in_every_game() {
    use domino_bots::{by_name, Bot, BotConfig};
    use domino_engine::{HandReport, Match, Phase, Preset, RulesSpec};

    let mut e = Engine::start();
    for preset in Preset::ALL {
        let spec = RulesSpec::preset(preset.name());
        let rules = spec.resolve().expect("preset resolves");
        let mut m = Match::new(rules, Some(5), None).expect("seeded match");
        let mut bots: Vec<Box<dyn Bot>> = (0..rules.players())
            .map(|s| {
                by_name(
                    "heuristic",
                    BotConfig {
                        seed: u64::from(s),
                        ..BotConfig::default()
                    },
                )
                .expect("bot")
            })
            .collect();
        let (mut reports, mut played) = (Vec::new(), Vec::new());
        while reports.len() < 8 {
            match m.phase() {
                Phase::Play | Phase::ChoosePoser => {
                    let seat = m.to_act().expect("a seat to act");
                    let a = bots[usize::from(seat)]
                        .act(&m.seat_view(seat))
                        .expect("bot acts");
                    m.act(a, &mut ()).expect("legal action");
                }
                Phase::HandOver | Phase::MatchOver => {
                    reports.push(HandReport::of(m.hand()));
                    played.push((json!(m.result().expect("result")), json!(m.scores())));
                    if m.phase() == Phase::MatchOver {
                        break;
                    }
                    m.next_hand(None).expect("next hand");
                }
            }
        }
        let r = e.send(json!({"cmd": "settle", "rules": spec, "reports": reports}));
        assert_eq!(r["ok"], true, "{}: {r}", preset.name());
        let hands = r["sheet"]["hands"].as_array().expect("the sheet's hands");
        assert_eq!(hands.len(), played.len(), "{}", preset.name());
        for (i, (h, (result, scores))) in hands.iter().zip(&played).enumerate() {
            assert_eq!(&h["result"], result, "{} hand {}", preset.name(), i + 1);
            assert_eq!(&h["scores"], scores, "{} hand {}", preset.name(), i + 1);
        }
        assert_eq!(
            r["sheet"]["over"],
            m.phase() == Phase::MatchOver,
            "{}",
            preset.name()
        );
        // The first hand with a seat said to hold more pips than the whole
        // set has is no hand at all.
        let mut wrong = json!(reports[0]);
        wrong["counts"][0] = json!(10_000);
        let r = e.send(json!({"cmd": "settle", "rules": spec, "report": wrong}));
        assert_eq!(r["ok"], false, "{}: {r}", preset.name());
        assert!(
            ["impossible_report", "bad_report"]
                .contains(&r["error"]["code"].as_str().unwrap_or("")),
            "{}: {r}",
            preset.name()
        );
    }
}
