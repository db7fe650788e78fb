//! What goes through PostgreSQL between nodes: each notification's payload
//! is an envelope `{"f": FROM, "s": NUMBER, "i": [ITEM, ...]}` (FROM: the
//! sender's channel, where answers go; NUMBER: the sender's count of its
//! payloads, which keeps them all different), or, for an envelope longer than a
//! notification may be, one of its pieces `{"f", "x": ID, "n": K, "of": N,
//! "p": TEXT}`, joined again by the receiver. The items are
//! [`domino_protocol::relay::Item`]s.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::Value;

use domino_store::Holder;

/// What one payload may hold: PostgreSQL's limit is 8000 bytes.
const PAYLOAD: usize = 7600;
/// A piece's share of a long envelope: quoted inside a JSON string, its
/// text may grow to twice as long (every `"` and `\` escaped).
const PIECE: usize = 3600;

/// The channel a node listens on in one run of its process: a hash of its
/// name and the run's random incarnation, so any name makes a short
/// identifier (the same on every node). Each run has its own, so that
/// nothing meant for the sockets of a process that died reaches the run
/// that replaced it under the same name (whose connection ids start again
/// from one), and the owner of a table sees the old run's sockets go.
pub fn channel(node: &str, incarnation: &str) -> String {
    // FNV-1a: stable across processes and builds, unlike `DefaultHasher`.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    eat(node.as_bytes());
    if !incarnation.is_empty() {
        // A byte no name holds keeps ("ab", "c") apart from ("a", "bc").
        eat(&[0]);
        eat(incarnation.as_bytes());
    }
    format!("domino_{h:016x}")
}

/// Where a lease's holder listens (a holder from before runs were kept
/// listens on the hash of its name alone).
pub fn channel_of(holder: &Holder) -> String {
    if holder.channel.is_empty() {
        channel(&holder.node, "")
    } else {
        holder.channel.clone()
    }
}

/// `text` as a JSON string (which, unlike a value in general, always
/// writes).
fn quoted(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

/// The payloads carrying `items` from `from`, in order: as many items per
/// envelope as fit, an item too long for one cut into pieces. Every
/// payload is numbered from `next_id` (`"s"` on an envelope, `"x"` on the
/// pieces of one), so no two are the same.
pub fn pack<T: Serialize>(from: &str, items: &[T], next_id: &mut u64) -> Vec<String> {
    let from = quoted(from);
    // The longest an envelope's frame can be, its number at its widest.
    let head = format!(r#"{{"f":{from},"s":{},"i":[]}}"#, u64::MAX).len();
    let mut out = Vec::new();
    let mut batch: Vec<String> = Vec::new();
    let mut len = head;
    let close = |batch: &mut Vec<String>, out: &mut Vec<String>, next_id: &mut u64| {
        if !batch.is_empty() {
            *next_id += 1;
            out.push(format!(
                r#"{{"f":{from},"s":{next_id},"i":[{}]}}"#,
                batch.join(",")
            ));
            batch.clear();
        }
    };
    for item in items {
        // An item is the protocol's own type: it always serializes.
        let Ok(s) = serde_json::to_string(item) else {
            continue;
        };
        if head + s.len() > PAYLOAD {
            close(&mut batch, &mut out, next_id);
            len = head;
            let whole = format!(r#"{{"f":{from},"i":[{s}]}}"#);
            *next_id += 1;
            let pieces = split(&whole, PIECE);
            let of = pieces.len();
            for (n, p) in pieces.into_iter().enumerate() {
                out.push(format!(
                    r#"{{"f":{from},"x":{next_id},"n":{n},"of":{of},"p":{}}}"#,
                    quoted(p)
                ));
            }
            continue;
        }
        if len + s.len() + 1 > PAYLOAD {
            close(&mut batch, &mut out, next_id);
            len = head;
        }
        len += s.len() + 1;
        batch.push(s);
    }
    close(&mut batch, &mut out, next_id);
    out
}

/// `s` in pieces of at most `max` bytes, cut between characters.
fn split(s: &str, max: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = s;
    while rest.len() > max {
        let mut cut = max;
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        out.push(&rest[..cut]);
        rest = &rest[cut..];
    }
    out.push(rest);
    out
}

/// Pieces of long envelopes, by sender and id, until all have come.
#[derive(Debug, Default)]
pub struct Joiner {
    parts: HashMap<(String, u64), Vec<Option<String>>>,
}

impl Joiner {
    /// The sender and items of a payload, once whole; `None` for a piece
    /// that is not the last to come, or for a payload that is not ours.
    pub fn take(&mut self, payload: &str) -> Option<(String, Vec<Value>)> {
        let v: Value = serde_json::from_str(payload).ok()?;
        let from = v.get("f")?.as_str()?.to_string();
        if let Some(items) = v.get("i").and_then(Value::as_array) {
            return Some((from, items.clone()));
        }
        let id = v.get("x")?.as_u64()?;
        let n = v.get("n")?.as_u64()? as usize;
        let of = v.get("of")?.as_u64()? as usize;
        let p = v.get("p")?.as_str()?.to_string();
        if n >= of || of > 10_000 {
            return None;
        }
        let key = (from, id);
        let parts = self
            .parts
            .entry(key.clone())
            .or_insert_with(|| vec![None; of]);
        if parts.len() != of {
            self.parts.remove(&key);
            return None;
        }
        parts[n] = Some(p);
        if parts.iter().any(Option::is_none) {
            return None;
        }
        let whole: String = self.parts.remove(&key)?.into_iter().flatten().collect();
        self.take(&whole)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;

    #[test]
    fn channels_are_short_stable_identifiers() {
        let c = channel("node-a:8080", "x1");
        assert_eq!(c, channel("node-a:8080", "x1"));
        assert_ne!(c, channel("node-b:8080", "x1"));
        assert_ne!(c, channel("node-a:8080", "x2"), "a restart's own");
        assert_ne!(channel("ab", "c"), channel("a", "bc"));
        // A holder from before runs were kept: its name's hash, as then.
        let old = Holder {
            node: "n".into(),
            channel: String::new(),
        };
        assert_eq!(channel_of(&old), "domino_af63e34c8601f871");
        assert!(c.len() < 63);
        assert!(c
            .chars()
            .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_'));
    }

    #[test]
    fn items_come_out_as_they_went_in_whatever_their_size() {
        let big = "é\"x".repeat(5000);
        let items: Vec<Value> = vec![
            json!({"k": "msg", "c": 1, "m": "short"}),
            json!({"k": "msg", "c": 2, "m": big}),
            json!({"k": "rep", "q": 3, "r": {"ok": null}}),
        ];
        let mut id = 0;
        let payloads = pack("domino_ab", &items, &mut id);
        assert!(payloads.len() > 3, "the long one is cut");
        let mut j = Joiner::default();
        let mut got = Vec::new();
        for p in &payloads {
            assert!(p.len() <= 8000, "{}", p.len());
            if let Some((from, items)) = j.take(p) {
                assert_eq!(from, "domino_ab");
                got.extend(items);
            }
        }
        assert_eq!(got, items);
        assert!(j.parts.is_empty());
    }

    #[test]
    fn many_small_items_share_payloads() {
        let items: Vec<Value> = (0..200).map(|c| json!({"k": "kick", "c": c})).collect();
        let mut id = 0;
        let payloads = pack("f", &items, &mut id);
        assert!(payloads.len() < 5, "{}", payloads.len());
        let mut j = Joiner::default();
        let got: Vec<Value> = payloads.iter().flat_map(|p| j.take(p).unwrap().1).collect();
        assert_eq!(got, items);
    }

    #[test]
    fn no_two_payloads_are_the_same_even_for_the_same_items() {
        // PostgreSQL delivers one of identical notifications sent in one
        // transaction, and one statement sends many.
        let kick = json!({"k": "kick", "c": 1});
        let long = json!({"k": "msg", "c": 1, "m": "x".repeat(9000)});
        let mut id = 0;
        let mut payloads = Vec::new();
        for items in [
            vec![kick.clone()],
            vec![kick.clone()],
            vec![long.clone()],
            vec![long],
        ] {
            payloads.extend(pack("f", &items, &mut id));
        }
        let distinct: std::collections::HashSet<&String> = payloads.iter().collect();
        assert_eq!(distinct.len(), payloads.len());
        let mut j = Joiner::default();
        let got: Vec<Value> = payloads
            .iter()
            .filter_map(|p| j.take(p))
            .flat_map(|x| x.1)
            .collect();
        assert_eq!(got.len(), 4);
        assert_eq!(got[0], kick);
        assert_eq!(got[1], kick);
    }
}
