//! The bot API guide's complete session (docs/botapi.md, "A complete
//! session") is a recording of this test: a bot signs up, makes a token,
//! opens its events socket, is challenged by a person, accepts, sits at
//! its table, is refused once for acting out of turn, and plays to the
//! match's end, every message exchanged with a real server. The guide's
//! block must be what this run records (ids, tokens and times replaced by
//! stable stand-ins, long messages cut), so the example cannot drift from
//! what the server says; `DOMINO_BLESS=1` writes the block.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::net::SocketAddr;

use common::{cookie_of, event, http_request, person, Client, Server};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

/// The guide's block sits between these two lines.
const BEGIN: &str =
    "<!-- session: recorded by crates/server/tests/session.rs (DOMINO_BLESS=1 rewrites it) -->";
const END: &str = "<!-- session end -->";

/// What the guide shows of a message: the paths kept (`state.hands`);
/// `*` keeps all of it. Whatever is left out is marked `…`.
type Keep = &'static [&'static str];
const ALL: Keep = &["*"];

/// The session as the guide shows it, built as it happens.
#[derive(Default)]
struct Recorder {
    lines: Vec<String>,
    /// Each id, token or cookie seen, and its stand-in.
    names: Vec<(String, String)>,
}

impl Recorder {
    /// A line as it is.
    fn line(&mut self, text: &str) {
        self.lines.push(text.to_string());
    }

    /// A value the guide must not show as it was (a fresh id, a token):
    /// it is shown as a stand-in of the same shape, the same every run.
    fn learn(&mut self, real: &str) {
        if real.is_empty() || self.names.iter().any(|(r, _)| r == real) {
            return;
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(self.names.len() as u64 + 11);
        let (prefix, rest) = match real.split_once('_') {
            Some((p, r)) => (format!("{p}_"), r),
            None => (String::new(), real),
        };
        let hex = rest
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase());
        let stand_in: String = rest
            .chars()
            .map(|c| {
                let pool: &[u8] = if !c.is_ascii_alphanumeric() {
                    return c;
                } else if hex {
                    b"0123456789abcdef"
                } else {
                    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                };
                pool[rng.random_range(0..pool.len())] as char
            })
            .collect();
        let full = format!("{prefix}{stand_in}");
        // Secrets are long: the guide shows their two ends.
        let shown = if full.chars().count() > 16 {
            let chars: Vec<char> = full.chars().collect();
            let head: String = chars[..8].iter().collect();
            let tail: String = chars[chars.len() - 4..].iter().collect();
            format!("{head}…{tail}")
        } else {
            full
        };
        self.names.push((real.to_string(), shown));
    }

    /// Every id and token in an answer, learnt.
    fn learn_in(&mut self, v: &Value) {
        for key in ["id", "token", "table"] {
            if let Some(s) = v.get(key).and_then(Value::as_str) {
                self.learn(s);
            }
        }
        if let Some(o) = v.as_object() {
            o.values()
                .filter(|x| x.is_object())
                .for_each(|x| self.learn_in(x));
        }
    }

    /// A message sent (`→`) or received (`←`) on a socket.
    fn message(&mut self, arrow: &str, v: &Value, keep: Keep) {
        self.learn_in(v);
        let text = wrap(&format!("{arrow} "), &self.hide(&render(v, keep, "")));
        self.lines.push(text);
    }

    /// `text` with the stand-ins of the values learnt so far (before it is
    /// wrapped, so that lines are measured as shown).
    fn hide(&self, text: &str) -> String {
        let mut names = self.names.clone();
        // The longest first: no real value is a part of a longer one's stand-in.
        names.sort_by_key(|(r, _)| std::cmp::Reverse(r.len()));
        names.iter().fold(text.to_string(), |t, (real, shown)| {
            t.replace(real.as_str(), shown)
        })
    }

    /// The guide's block: every line, with stand-ins in place.
    fn finish(&self) -> String {
        let text = self.hide(&self.lines.join("\n"));
        format!("{BEGIN}\n```\n{text}\n```\n{END}")
    }
}

/// A JSON value as the guide writes it: a space after `:` and `,`, an
/// object's `type` first and its other keys in order, lists of more than
/// three cut after two, times as one fixed time, and only the kept paths.
fn render(v: &Value, keep: Keep, path: &str) -> String {
    match v {
        Value::Object(o) => {
            let mut keys: Vec<&String> = o.keys().collect();
            keys.sort_by_key(|k| (k.as_str() != "type", k.as_str()));
            let mut parts = Vec::new();
            let mut cut = false;
            for k in keys {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                let all = keep.contains(&"*") || keep.contains(&p.as_str());
                let under = keep.iter().any(|x| x.starts_with(&format!("{p}.")));
                if !(all || under) {
                    cut = true;
                    continue;
                }
                let inner = if all { ALL } else { keep };
                let x = &o[k.as_str()];
                let shown = if TIMES.contains(&k.as_str()) && x.is_number() {
                    TIME.to_string()
                } else {
                    render(x, inner, &p)
                };
                parts.push(format!("\"{k}\": {shown}"));
            }
            if cut {
                parts.push("…".into());
            }
            format!("{{{}}}", parts.join(", "))
        }
        Value::Array(a) => {
            let mut parts: Vec<String> = a.iter().map(|x| render(x, ALL, path)).collect();
            if parts.len() > 3 {
                parts.truncate(2);
                parts.push("…".into());
            }
            format!("[{}]", parts.join(", "))
        }
        other => other.to_string(),
    }
}

/// Fields that hold a time (milliseconds since 1970), and the one time
/// the guide shows for them.
const TIMES: &[&str] = &["created_at", "created", "last_used"];
const TIME: &str = "1764120000000";

/// A message in lines of at most 78 characters where it can: broken
/// after commas (outside strings), the next lines indented by three.
fn wrap(first: &str, text: &str) -> String {
    const WIDTH: usize = 78;
    let mut pieces = vec![String::new()];
    let (mut depth, mut in_str, mut escaped) = (0usize, false, false);
    for c in text.chars() {
        pieces.last_mut().unwrap().push(c);
        if in_str {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '{' | '[' => depth += 1,
            '}' | ']' => depth = depth.saturating_sub(1),
            ',' if depth >= 1 => pieces.push(String::new()),
            _ => {}
        }
    }
    let mut lines = vec![first.to_string()];
    for piece in pieces {
        let line = lines.last_mut().unwrap();
        let fresh = line.trim().is_empty() || line.as_str() == first;
        if !fresh && line.chars().count() + piece.chars().count() > WIDTH {
            lines.push(format!("  {piece}"));
        } else {
            line.push_str(&piece);
        }
    }
    lines.join("\n")
}

/// An HTTP call, recorded: `→ METHOD path body  (note)`, then `← status
/// [Set-Cookie: …;] answer`. Returns the status, the answer and the
/// cookie it set.
async fn http(
    rec: &mut Recorder,
    addr: SocketAddr,
    (method, path): (&str, &str),
    headers: &[(&str, &str)],
    body: Option<Value>,
    note: &str,
) -> (u16, Value, Option<String>) {
    let text = body.as_ref().map(Value::to_string);
    let (status, head, answer) = http_request(addr, method, path, headers, text.as_deref()).await;
    let answer: Value = serde_json::from_str(&answer).unwrap_or(Value::Null);
    let sent = match &body {
        Some(b) => format!("→ {method} {path} {}", render(b, ALL, "")),
        None => format!("→ {method} {path}"),
    };
    rec.line(&pad(&sent, note));
    let cookie = head
        .to_ascii_lowercase()
        .contains("set-cookie:")
        .then(|| cookie_of(&head));
    if let Some(c) = &cookie {
        rec.learn(c.split_once('=').unwrap().1);
    }
    rec.learn_in(&answer);
    let set = cookie
        .as_ref()
        .map(|c| format!("Set-Cookie: {c}; "))
        .unwrap_or_default();
    let got = wrap(
        &format!("← {status} {set}"),
        &rec.hide(&render(&answer, ALL, "")),
    );
    rec.line(&got);
    (status, answer, cookie)
}

/// `text`, and a note to its right from column 50, or under it when the
/// line would be too long.
fn pad(text: &str, note: &str) -> String {
    let n = text.chars().count();
    if note.is_empty() {
        text.to_string()
    } else if n.max(48) + 2 + note.chars().count() > 78 {
        format!("{text}\n   {note}")
    } else {
        format!(
            "{text}{}{note}",
            " ".repeat(50usize.saturating_sub(n).max(2))
        )
    }
}

/// Send `req` (with `id`) on `c`, and record it and every message until
/// its answer, each shown as `keep` says by its type; the answer.
async fn exchange(rec: &mut Recorder, c: &mut Client, req: Value, keeps: &[(&str, Keep)]) -> Value {
    let id = req["id"].clone();
    rec.message("→", &req, ALL);
    c.send_raw(&req.to_string()).await;
    loop {
        let v = c.recv().await;
        record(rec, &v, keeps);
        if v["id"] == id {
            return v;
        }
    }
}

/// A received message, shown as `keeps` says for its type (all of it
/// when its type is not named).
fn record(rec: &mut Recorder, v: &Value, keeps: &[(&str, Keep)]) {
    let keep = keeps
        .iter()
        .find(|(t, _)| v["type"] == *t)
        .map_or(ALL, |(_, k)| *k);
    rec.message("←", v, keep);
}

/// The newest state `c` has seen, waiting for it to reach `seq`.
async fn state_at(c: &mut Client, seq: &Value) -> Value {
    while c.state.as_ref().map(|s| s["seq"].as_i64()) < Some(seq.as_i64()) {
        c.next_state().await;
    }
    c.state.clone().unwrap()
}

const FIRST_STATE: Keep = &[
    "type",
    "table",
    "seat",
    "seq",
    "state.phase",
    "state.to_act",
    "state.hands",
];
const TURN: Keep = &[
    "type",
    "seq",
    "state.phase",
    "state.to_act",
    "state.hands",
    "state.legal",
];
const AFTER: Keep = &["type", "seq"];
const LAST: Keep = &[
    "type",
    "seq",
    "finished",
    "state.phase",
    "state.scores",
    "ratings",
];

#[tokio::test]
async fn the_guides_complete_session_is_what_the_server_says() {
    let mut config = common::config("sqlite::memory:");
    // A deal where the person, who challenged, is the first to play.
    config.fixed_deals = Some(domino_league::fair::Secret([2; 32]));
    let s = Server::start(config);
    let addr = s.addr;
    let mut rec = Recorder::default();

    // Signing up, becoming a bot, a token.
    let (_, card, cookie) = http(
        &mut rec,
        addr,
        ("POST", "/api/profile"),
        &[],
        Some(json!({"name": "Tilebot"})),
        "",
    )
    .await;
    let cookie = cookie.unwrap();
    let bot_id = card["id"].as_str().unwrap().to_string();
    rec.line("");
    let by_cookie = [("Cookie", cookie.as_str())];
    let note = format!("(Cookie: {cookie})");
    let (status, ..) = http(
        &mut rec,
        addr,
        ("POST", "/api/profile/bot"),
        &by_cookie,
        Some(json!({})),
        &note,
    )
    .await;
    assert_eq!(status, 200);
    rec.line("");
    let (status, made, _) = http(
        &mut rec,
        addr,
        ("POST", "/api/tokens"),
        &by_cookie,
        Some(json!({"name": "my laptop"})),
        &note,
    )
    .await;
    assert_eq!(status, 201);
    let bearer = format!("Bearer {}", made["token"].as_str().unwrap());
    rec.line("");
    rec.line(&format!(
        "   From here on every request carries Authorization: {bearer}."
    ));
    rec.line("");

    // The events socket.
    let by_token = [("Authorization", bearer.as_str())];
    let mut events = Client::connect_with_headers(addr, &by_token).await.unwrap();
    rec.line(&pad("→ GET /ws  (upgrade)", "events socket"));
    let ok = exchange(
        &mut rec,
        &mut events,
        json!({"type": "events", "id": 1}),
        &[],
    )
    .await;
    assert_eq!(ok["type"], "ok", "{ok}");
    rec.line("");

    // A person challenges the bot.
    let (ana_cookie, ana_id) = person(addr, "Ana").await;
    rec.learn(&ana_id);
    let challenge = json!({
        "to": bot_id,
        "rules": {"preset": "draw", "players": 2, "options": {"target": 30}},
        "rated": false,
        "clock": null,
    });
    let (status, _, text) = http_request(
        addr,
        "POST",
        "/api/challenges",
        &[("Cookie", ana_cookie.as_str())],
        Some(&challenge.to_string()),
    )
    .await;
    assert_eq!(status, 201, "{text}");
    let ana_made: Value = serde_json::from_str(&text).unwrap();
    rec.learn_in(&ana_made);
    rec.line("   A person, Ana, posts to POST /api/challenges");
    rec.line(&wrap("   ", &rec.hide(&render(&challenge, ALL, ""))));
    rec.line(&format!(
        "   and is answered 201 {}.",
        render(&ana_made, ALL, "")
    ));
    rec.line("");
    let ch = event(&mut events, "challenge").await;
    record(
        &mut rec,
        &ch,
        &[(
            "challenge",
            &[
                "type",
                "challenge.id",
                "challenge.from",
                "challenge.rated",
                "challenge.clock",
                "challenge.rules.preset",
                "challenge.rules.players",
            ],
        )],
    );
    rec.line("");

    // Accepting: a call without a body, and so without a content type.
    rec.line("   A call without a body needs no Content-Type (the bearer token vouches):");
    let id = ch["challenge"]["id"].as_str().unwrap();
    let accept = format!("/api/challenges/{id}/accept");
    let no_type = [("Authorization", bearer.as_str()), ("Content-Type", "")];
    let (status, seat, _) = http(
        &mut rec,
        addr,
        ("POST", &accept),
        &no_type,
        None,
        "(no body)",
    )
    .await;
    assert_eq!(status, 200, "{seat}");
    rec.line("");
    rec.line("   On the events socket:");
    let gone = event(&mut events, "challenge_gone").await;
    record(&mut rec, &gone, &[]);
    let table = event(&mut events, "table").await;
    record(
        &mut rec,
        &table,
        &[(
            "table",
            &[
                "type",
                "table",
                "seat",
                "token",
                "rated",
                "via",
                "rules.preset",
                "rules.players",
            ],
        )],
    );
    rec.line("");

    // Ana's page takes her seat (not shown), then the bot sits.
    let (_, _, st) = http_request(addr, "GET", &format!("/api/challenges/{id}"), &[], None).await;
    let st: Value = serde_json::from_str(&st).unwrap();
    let mut ana = Client::connect_with_cookie(addr, &ana_cookie).await;
    let r = ana
        .request(json!({"type": "resume", "table": st["table"], "token": ana_made["token"]}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    if ana.state.is_none() {
        ana.next_state().await;
    }
    let mut bot = Client::connect_with_headers(addr, &by_token).await.unwrap();
    rec.line(&pad("→ GET /ws  (upgrade)", "table socket"));
    let resume =
        json!({"type": "resume", "table": table["table"], "token": table["token"], "id": 1});
    let joined = exchange(&mut rec, &mut bot, resume, &[("state", FIRST_STATE)]).await;
    assert_eq!(joined["type"], "joined", "{joined}");
    if bot.state.is_none() {
        let v = bot.next_state().await;
        record(&mut rec, &v, &[("state", FIRST_STATE)]);
    }
    rec.line("");

    // Out of turn, then in turn.
    let first = bot.state.clone().unwrap();
    let me = first["seat"].clone();
    assert_eq!(
        first["state"]["to_act"], 0,
        "this deal has the bot play first: choose another fixed secret for the guide's story"
    );
    rec.line("   It is Ana's turn, but the bot plays anyway:");
    let mine = first["state"]["hands"][me.as_u64().unwrap() as usize][0].clone();
    let refused = exchange(
        &mut rec,
        &mut bot,
        json!({"type": "act", "action": {"type": "play", "tile": mine, "end": 0}, "id": 2}),
        &[],
    )
    .await;
    assert_eq!(refused["code"], "not_your_turn", "{refused}");
    rec.line("");
    rec.line("   Ana plays; the bot gets the new state and acts from it:");
    let legal = ana.state.clone().unwrap()["state"]["legal"][0].clone();
    assert_eq!(
        ana.request(json!({"type": "act", "action": legal})).await["type"],
        "ok"
    );
    let turn = bot.next_state().await;
    record(&mut rec, &turn, &[("state", TURN)]);
    assert_eq!(turn["state"]["to_act"], me, "{turn}");
    let action = turn["state"]["legal"][0].clone();
    let act = json!({"type": "act", "action": action, "seq": turn["seq"], "id": 3});
    let ok = exchange(&mut rec, &mut bot, act, &[("state", AFTER)]).await;
    assert_eq!(ok["type"], "ok", "{ok}");
    rec.line("");
    rec.line("   … between hands it sends {\"type\": \"ready\"}, and plays each turn so …");
    rec.line("");

    // The rest of the match, not shown: each plays its first legal action.
    let mut msg = bot.state.clone().unwrap();
    let mut done = (None, None);
    loop {
        let st = &msg["state"];
        let hand = st["hand_number"].clone();
        let at = (hand.clone(), st["history"].as_array().map(Vec::len));
        match st["phase"].as_str().unwrap() {
            "match_over" => break,
            "hand_over" if done.0 != Some(hand.clone()) => {
                done.0 = Some(hand.clone());
                assert_eq!(bot.request(json!({"type": "ready"})).await["type"], "ok");
                state_at(&mut ana, &msg["seq"]).await;
                assert_eq!(ana.request(json!({"type": "ready"})).await["type"], "ok");
            }
            "play" | "choose_poser" if done.1 != Some(at.clone()) => {
                done.1 = Some(at);
                let actor = if st["to_act"] == me {
                    &mut bot
                } else {
                    &mut ana
                };
                let seen = state_at(actor, &msg["seq"]).await;
                let a = seen["state"]["legal"][0].clone();
                let r = actor.request(json!({"type": "act", "action": a})).await;
                assert_eq!(r["type"], "ok", "{r}");
            }
            _ => {}
        }
        let latest = bot.state.clone().unwrap();
        msg = if latest != msg {
            latest
        } else {
            bot.next_state().await
        };
    }
    record(&mut rec, &msg, &[("state", LAST)]);
    rec.line("");
    rec.line("   The bot closes its table socket; its events socket stays open for the");
    rec.line("   next challenge.");

    let block = rec.finish();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/botapi.md");
    let guide = std::fs::read_to_string(path).unwrap();
    let (before, rest) = guide
        .split_once(BEGIN)
        .expect("the guide marks its session");
    let (old, after) = rest.split_once(END).expect("the guide ends its session");
    let written = format!("{BEGIN}{old}{END}");
    if std::env::var("DOMINO_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(path, format!("{before}{block}{after}")).unwrap();
    } else {
        assert!(
            written == block,
            "docs/botapi.md's session is not what the server says; run with DOMINO_BLESS=1 to write it.\n\
             Recorded:\n{block}"
        );
    }
}
