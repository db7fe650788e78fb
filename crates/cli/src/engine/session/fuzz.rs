//! Fuzzing the engine protocol: sequences of garbage, random JSON, mutated
//! valid requests and very long lines, against the contract of PROTOCOL.md
//! (one response per request line, a failure changes nothing) and the
//! short-error rule of `domino_engine::text::bounded`.

#![allow(clippy::unwrap_used)]
use std::io::BufReader;
use std::sync::LazyLock;

use domino_engine::Preset;
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::json;

use super::*;
use crate::engine::serve;

/// Cases per property unless `PROPTEST_CASES` says otherwise: enough to
/// reach later hands and the match's end, a few seconds in CI.
const CASES: u32 = 256;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(CASES);
    ProptestConfig::with_cases(cases)
}

/// An error response is at most `bounded`'s 240 kept characters, each at
/// most 7 bytes once written (a control character escaped as `\u{1b}`, then
/// its backslash escaped by JSON), plus the cut note and the envelope.
const ERROR_MAX: usize = 2048;

/// A long line, many times `MESSAGE_MAX`.
const LONG: usize = 100_000;

const CMDS: &[&str] = &[
    "presets", "new", "state", "legal", "act", "next", "go", "record", "load", "",
];
const FIELDS: &[&str] = &[
    "cmd",
    "rules",
    "seed",
    "deal",
    "seat",
    "action",
    "bot",
    "budget_ms",
    "record",
    "type",
    "tile",
    "end",
    "claim",
    "preset",
    "players",
    "options",
    "hands",
    "boneyard",
    "poser",
    "format",
];
const ACTION_TYPES: &[&str] = &["play", "pass", "draw", "choose_poser", "muggins", "fly"];
const OPTIONS: &[&str] = &[
    "key_tile",
    "set",
    "target",
    "scoring",
    "boneyard",
    "partners",
    "claims",
    "skunk",
    "pass_points",
    "muggins_by",
    "sporting",
    "hand_size",
    "premiums",
];

/// A request line for each command, as the session tests send them.
static VALID: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut s = Session::new();
    let new = json!({"cmd": "new", "rules": {"preset": "all-fives"}, "seed": 3});
    assert_eq!(s.handle(&new.to_string())["ok"], true);
    for _ in 0..4 {
        let a = s.handle(r#"{"cmd": "legal"}"#)["actions"][0].clone();
        s.handle(&json!({"cmd": "act", "action": a}).to_string());
    }
    let record = s.handle(r#"{"cmd": "record"}"#)["record"].clone();
    let deal = record["hands"][0]["deal"].clone();
    let mut lines: Vec<String> = [
        json!({"cmd": "presets"}),
        json!({"cmd": "new", "rules": {"preset": "jamaican"}, "seed": 7}),
        new,
        json!({"cmd": "new", "rules": {"preset": "block", "options": {"scoring": "hand", "target": 1}}, "seed": 5}),
        json!({"cmd": "new", "rules": {"preset": "all-fives", "players": 2, "options": {"claims": "muggins"}}, "seed": 9}),
        json!({"cmd": "new", "rules": {"preset": "all-fives"}, "deal": deal}),
        json!({"cmd": "state"}),
        json!({"cmd": "state", "seat": 1}),
        json!({"cmd": "legal"}),
        json!({"cmd": "act", "action": {"type": "draw"}}),
        json!({"cmd": "act", "action": {"type": "pass"}, "seat": 0}),
        json!({"cmd": "act", "action": {"type": "play", "tile": "6-6"}}),
        json!({"cmd": "act", "action": {"type": "play", "tile": "6-4", "end": 1}}),
        json!({"cmd": "act", "action": {"type": "play", "tile": "6-6", "end": 1, "claim": true}}),
        json!({"cmd": "act", "action": {"type": "choose_poser", "seat": 2}}),
        json!({"cmd": "act", "action": {"type": "muggins"}}),
        json!({"cmd": "next"}),
        json!({"cmd": "go", "bot": "heuristic"}),
        json!({"cmd": "go", "bot": "expert", "budget_ms": 30}),
        json!({"cmd": "record"}),
        json!({"cmd": "load", "record": record}),
    ]
    .iter()
    .map(Value::to_string)
    .collect();
    lines.push(r#"{"cmd": "next", "deal": {"hands": [], "boneyard": []}}"#.into());
    lines
});

/// One edit of a line's bytes.
#[derive(Debug, Clone)]
enum Edit {
    Flip(Index, u8),
    Delete(Index, usize),
    Insert(Index, Vec<u8>),
    Truncate(Index),
    Duplicate(Index, usize),
    /// Replace the digit run at or after a point with another number.
    Number(Index, String),
}

/// What one request line is made from.
#[derive(Debug, Clone)]
enum Op {
    Bytes(Vec<u8>),
    Text(String),
    Json(Value),
    Valid(Index),
    Mutated(Index, Vec<Edit>),
    /// A template of `long_line` filled with `LONG` or more characters.
    Long(u8, char),
    /// The legal action with this index, to reach states past the deal.
    Legal(Index),
    /// Legal actions until the hand is over, then `next`: later hands.
    Finish(Index),
}

fn edit() -> impl Strategy<Value = Edit> {
    let number = prop_oneof![
        Just("-1".to_string()),
        Just("1e999".to_string()),
        Just("1.5".to_string()),
        Just("18446744073709551616".to_string()),
        Just("256".to_string()),
        (0u64..20).prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
    ];
    prop_oneof![
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Edit::Flip(i, b)),
        (any::<Index>(), 1usize..8).prop_map(|(i, n)| Edit::Delete(i, n)),
        (
            any::<Index>(),
            prop::collection::vec(
                prop_oneof![any::<u8>(), prop::sample::select(b"{}[]\",:0 -\\".to_vec())],
                1..4
            )
        )
            .prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<Index>().prop_map(Edit::Truncate),
        (any::<Index>(), 1usize..40).prop_map(|(i, n)| Edit::Duplicate(i, n)),
        (any::<Index>(), number).prop_map(|(i, n)| Edit::Number(i, n)),
    ]
}

fn apply(line: &mut Vec<u8>, e: &Edit) {
    // A point between bytes, the end included.
    let at = |i: &Index, len: usize| i.index(len + 1);
    match e {
        Edit::Flip(i, b) if !line.is_empty() => {
            let k = i.index(line.len());
            line[k] = *b;
        }
        Edit::Flip(..) => {}
        Edit::Delete(i, n) => {
            let k = at(i, line.len());
            let end = (k + n).min(line.len());
            line.drain(k..end);
        }
        Edit::Insert(i, b) => {
            let k = at(i, line.len());
            line.splice(k..k, b.iter().copied());
        }
        Edit::Truncate(i) => {
            let k = at(i, line.len());
            line.truncate(k);
        }
        Edit::Duplicate(i, n) => {
            let k = at(i, line.len());
            let end = (k + n).min(line.len());
            let part = line[k..end].to_vec();
            line.splice(end..end, part);
        }
        Edit::Number(i, n) => {
            let k = at(i, line.len());
            let Some(start) = line[k..].iter().position(u8::is_ascii_digit) else {
                return;
            };
            let start = k + start;
            let len = line[start..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            line.splice(start..start + len, n.bytes());
        }
    }
}

fn tile_name() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u8..14, 0u8..14).prop_map(|(a, b)| format!("{a}-{b}")),
        Just("6-x".to_string()),
        Just("66".to_string()),
        ".{0,6}",
    ]
}

/// A JSON value of any shape, kept small.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (0u64..12).prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        ".{0,12}".prop_map(Value::String),
        tile_name().prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(FIELDS), inner), 0..4)
                .prop_map(|kv| Value::Object(kv.into_iter().map(|(k, v)| (k.into(), v)).collect())),
        ]
    })
}

/// A field value that parts of some request would accept, or nearly.
fn field_value(name: &'static str) -> BoxedStrategy<Value> {
    let presets: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
    match name {
        "rules" => (
            prop::sample::select(presets),
            prop::option::of(0u8..10),
            prop::collection::vec((prop::sample::select(OPTIONS), any_json()), 0..3),
        )
            .prop_map(|(p, n, opts)| {
                let mut r = json!({"preset": p});
                if let Some(n) = n {
                    r["players"] = n.into();
                }
                let opts: Map<String, Value> =
                    opts.into_iter().map(|(k, v)| (k.into(), v)).collect();
                r["options"] = Value::Object(opts);
                r
            })
            .boxed(),
        "action" => (
            prop::sample::select(ACTION_TYPES),
            tile_name(),
            prop::option::of(0u8..6),
            any::<bool>(),
            0u8..6,
        )
            .prop_map(|(t, tile, end, claim, seat)| {
                json!({"type": t, "tile": tile, "end": end, "claim": claim, "seat": seat})
            })
            .boxed(),
        "seat" | "end" => (0u64..10).prop_map(Value::from).boxed(),
        "seed" => any::<u64>().prop_map(Value::from).boxed(),
        "bot" => prop::sample::select(domino_bots::BOT_NAMES.to_vec())
            .prop_map(Value::from)
            .boxed(),
        // The bot thinks as long as asked: keep it short.
        "budget_ms" => (0u64..20).prop_map(Value::from).boxed(),
        "deal" => prop::collection::vec(prop::collection::vec(tile_name(), 0..8), 0..5)
            .prop_map(|hands| json!({"hands": hands, "boneyard": ["3-2"]}))
            .boxed(),
        _ => any_json().boxed(),
    }
}

/// A request object: a command, sometimes unknown, with fields near the real ones.
fn request() -> impl Strategy<Value = Value> {
    let cmd = prop_oneof![
        4 => prop::sample::select(CMDS).prop_map(Value::from),
        1 => any_json(),
    ];
    let field = prop::sample::select(FIELDS).prop_flat_map(|f| (Just(f), field_value(f)));
    (
        prop::option::weighted(0.95, cmd),
        prop::collection::vec(field, 0..4),
    )
        .prop_map(|(cmd, fields)| {
            let mut m: Map<String, Value> =
                fields.into_iter().map(|(k, v)| (k.into(), v)).collect();
            if let Some(cmd) = cmd {
                m.insert("cmd".into(), cmd);
            }
            Value::Object(m)
        })
}

fn op() -> impl Strategy<Value = Op> {
    let filler = prop_oneof![
        Just('x'),
        Just('\u{1b}'),
        Just('\0'),
        Just('"'),
        Just('\\'),
        Just('é'),
        Just('😀'),
        Just('\u{202e}'),
        Just('9'),
    ];
    prop_oneof![
        2 => prop::collection::vec(any::<u8>(), 0..64).prop_map(Op::Bytes),
        2 => ".{0,64}".prop_map(Op::Text),
        4 => request().prop_map(Op::Json),
        3 => any::<Index>().prop_map(Op::Valid),
        5 => (any::<Index>(), prop::collection::vec(edit(), 1..4))
            .prop_map(|(i, e)| Op::Mutated(i, e)),
        1 => (0u8..LONG_KINDS, filler).prop_map(|(k, c)| Op::Long(k, c)),
        4 => any::<Index>().prop_map(Op::Legal),
        1 => any::<Index>().prop_map(Op::Finish),
    ]
}

const LONG_KINDS: u8 = 9;

/// A line of `LONG` or more characters where each field of the protocol
/// could quote it back.
fn long_line(kind: u8, c: char) -> String {
    let fill: String = std::iter::repeat_n(c, LONG).collect();
    let quoted = Value::String(fill.clone());
    match kind {
        0 => fill,
        1 => json!({"cmd": quoted}).to_string(),
        2 => json!({"cmd": "new", "rules": {"preset": quoted}}).to_string(),
        3 => json!({"cmd": "act", "action": {"type": "play", "tile": quoted}}).to_string(),
        4 => json!({"cmd": "new", "rules": {"preset": "jamaican", "options": {fill.clone(): true}}})
            .to_string(),
        5 => json!({"cmd": "go", "bot": quoted}).to_string(),
        6 => json!({"cmd": "load", "record": {"format": quoted, "rules": {"preset": "jamaican"}, "hands": []}})
            .to_string(),
        7 => format!(r#"{{"cmd": "new", "rules": {{"preset": "jamaican"}}, "seed": 1{}}}"#, "0".repeat(LONG)),
        _ => "[".repeat(LONG),
    }
}

/// The bytes of the line for `op`; `legal` lists the actions now legal.
fn line_of(op: &Op, legal: &[Value]) -> Vec<u8> {
    match op {
        Op::Bytes(b) => b.clone(),
        Op::Text(t) => t.clone().into_bytes(),
        Op::Json(v) => v.to_string().into_bytes(),
        Op::Valid(i) => i.get(&VALID).clone().into_bytes(),
        Op::Mutated(i, edits) => {
            let mut line = i.get(&VALID).clone().into_bytes();
            for e in edits {
                apply(&mut line, e);
            }
            line
        }
        Op::Long(kind, c) => long_line(*kind, *c).into_bytes(),
        Op::Legal(_) | Op::Finish(_) if legal.is_empty() => b"{\"cmd\": \"legal\"}".to_vec(),
        Op::Legal(i) | Op::Finish(i) => json!({"cmd": "act", "action": i.get(legal)})
            .to_string()
            .into_bytes(),
    }
}

/// Requests the bot would think over for long (the budget is the client's
/// to choose); left out to keep the test fast.
fn slow(line: &[u8]) -> bool {
    let Ok(Value::Object(req)) = serde_json::from_slice::<Value>(line) else {
        return false;
    };
    req.get("cmd") == Some(&json!("go"))
        && req
            .get("budget_ms")
            .and_then(Value::as_u64)
            .is_some_and(|ms| ms > 50)
}

/// The checks every response passes: a JSON object with a boolean `ok`,
/// failures with a snake_case code and a short message, never `internal`
/// (which is how the session reports a panic).
fn check_response(text: &str, request: &[u8]) -> Result<Value, TestCaseError> {
    let shown = String::from_utf8_lossy(&request[..request.len().min(300)]).into_owned();
    prop_assert!(!text.contains('\n'), "a response spans lines: {shown}");
    let r: Value = serde_json::from_str(text)
        .map_err(|e| TestCaseError::fail(format!("response not JSON ({e}): {shown}")))?;
    let ok = r.get("ok").and_then(Value::as_bool);
    prop_assert!(ok.is_some(), "no boolean ok in {r} for {shown}");
    if ok == Some(false) {
        let code = r["error"]["code"].as_str().unwrap_or("");
        let message = r["error"]["message"].as_str().unwrap_or("");
        prop_assert!(
            !code.is_empty() && code.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
            "bad code in {r}"
        );
        prop_assert!(!message.is_empty(), "empty message in {r}");
        prop_assert_ne!(code, "internal", "the engine panicked on {}: {}", shown, r);
        prop_assert!(
            text.len() <= ERROR_MAX,
            "a {}-byte error for a {}-byte request: {}…",
            text.len(),
            request.len(),
            text.chars().take(300).collect::<String>()
        );
    }
    Ok(r)
}

/// What the session holds: the full state and the record (or `no_match`).
fn snapshot(s: &mut Session) -> (Value, Value) {
    (
        s.handle(r#"{"cmd": "state"}"#),
        s.handle(r#"{"cmd": "record"}"#),
    )
}

const READ_ONLY: &[&str] = &["presets", "state", "legal", "go", "record"];

/// The actions legal now, none without a match or a hand in play.
fn legal(s: &mut Session) -> Vec<Value> {
    s.handle(r#"{"cmd": "legal"}"#)["actions"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// Send one line and check its response and what it may change.
fn step(s: &mut Session, bytes: &[u8]) -> Result<(), TestCaseError> {
    // The loop hands the session text; invalid UTF-8 stops before it.
    let line = String::from_utf8_lossy(bytes);
    let before = snapshot(s);
    let r = s.handle(&line);
    let r = check_response(&r.to_string(), bytes)?;
    let cmd = serde_json::from_str::<Value>(&line)
        .ok()
        .and_then(|v| v.get("cmd").and_then(Value::as_str).map(String::from));
    let unchanged = r["ok"] == false || cmd.is_some_and(|c| READ_ONLY.contains(&c.as_str()));
    if unchanged {
        let after = snapshot(s);
        prop_assert!(
            after == before,
            "{} changed the session",
            String::from_utf8_lossy(&bytes[..bytes.len().min(300)])
        );
    }
    Ok(())
}

fn run_session(start: Option<Index>, ops: &[Op]) -> Result<(), TestCaseError> {
    let mut s = Session::new();
    if let Some(i) = start {
        let news: Vec<&String> = VALID
            .iter()
            .filter(|l| l.contains(r#""cmd":"new""#))
            .collect();
        let new = *i.get(&news);
        let r = s.handle(new);
        prop_assert_eq!(&r["ok"], &json!(true), "{}", r);
    }
    for op in ops {
        if let Op::Finish(i) = op {
            // Far more than a hand takes, in case one never ends.
            for _ in 0..1000 {
                let legal = legal(&mut s);
                if legal.is_empty() {
                    break;
                }
                let act = json!({"cmd": "act", "action": i.get(&legal)});
                step(&mut s, act.to_string().as_bytes())?;
            }
            step(&mut s, br#"{"cmd": "next"}"#)?;
            continue;
        }
        let bytes = line_of(op, &legal(&mut s));
        if !slow(&bytes) {
            step(&mut s, &bytes)?;
        }
    }
    // Whatever came before, the session still serves.
    let r = s.handle(r#"{"cmd": "presets"}"#);
    prop_assert_eq!(&r["ok"], &json!(true));
    Ok(())
}

/// The lines of `input` that get a response: all but blank ones.
fn requests(input: &[u8]) -> Vec<&[u8]> {
    let mut parts: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if parts.last().is_some_and(|p| p.is_empty()) {
        parts.pop();
    }
    parts
        .into_iter()
        .map(|p| p.strip_suffix(b"\r").unwrap_or(p))
        .filter(|p| !std::str::from_utf8(p).is_ok_and(|t| t.trim().is_empty()))
        .collect()
}

fn run_serve(
    ops: &[Op],
    seps: &[&str],
    capacity: usize,
    final_newline: bool,
) -> Result<(), TestCaseError> {
    let mut input = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        let line = line_of(op, &[]);
        if slow(&line) {
            continue;
        }
        input.extend_from_slice(&line);
        if i + 1 < ops.len() || final_newline {
            input.extend_from_slice(seps[i % seps.len()].as_bytes());
        }
    }
    let want = requests(&input);
    let mut out = Vec::new();
    let reader = BufReader::with_capacity(capacity, &input[..]);
    serve(reader, &mut out).map_err(|e| TestCaseError::fail(format!("serve failed: {e:#}")))?;
    let text = String::from_utf8(out).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let got: Vec<&str> = text.lines().collect();
    prop_assert_eq!(
        got.len(),
        want.len(),
        "{} responses to {} request lines",
        got.len(),
        want.len()
    );
    prop_assert!(text.is_empty() || text.ends_with('\n'));
    for (response, request) in got.iter().zip(want) {
        check_response(response, request)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// Straight into the session: every response well formed, no panic,
    /// a refusal (or a query) changes nothing.
    #[test]
    fn session_survives_any_lines(
        start in prop::option::weighted(0.8, any::<Index>()),
        ops in prop::collection::vec(op(), 1..40),
    ) {
        run_session(start, &ops)?;
    }

    /// Through the line loop: one response per non-blank line, whatever the
    /// bytes, line endings and read sizes.
    #[test]
    fn serve_answers_every_line(
        ops in prop::collection::vec(op(), 0..24),
        seps in prop::collection::vec(prop::sample::select(vec!["\n", "\r\n", "\n\n", "\n \t\n", "\r\n\r\n"]), 1..4),
        capacity in 1usize..4096,
        final_newline in any::<bool>(),
    ) {
        run_serve(&ops, &seps, capacity, final_newline)?;
    }
}

/// The worst cases of the error bound, each once.
#[test]
fn long_lines_get_short_errors() {
    let mut s = Session::new();
    for kind in 0..LONG_KINDS {
        for c in ['\u{1b}', '\u{9f}', '😀', '"', 'x'] {
            let line = long_line(kind, c);
            let r = s.handle(&line);
            check_response(&r.to_string(), line.as_bytes()).unwrap();
        }
    }
}

/// A line past the loop's cap is refused whole, and the next line served.
#[test]
fn an_oversized_line_is_refused_and_the_next_served() {
    let mut input = vec![b'x'; crate::engine::MAX_LINE + 1];
    input.extend_from_slice(b"\n{\"cmd\": \"presets\"}\n");
    let mut out = Vec::new();
    serve(&input[..], &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0]["error"]["code"], "too_large");
    assert_eq!(lines[1]["ok"], true);
}
