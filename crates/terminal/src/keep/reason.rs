//! A refused hand's reason in the catalogs' words (`keep-reason`), from the
//! engine's facts (`{kind, facts}`), said as the browser's scorekeeper says
//! it (web/keep/reason.js): seats and sides by their names, the report's
//! things and acts in words.

use domino_engine::ReportError;
use fluent_bundle::FluentValue;
use serde_json::Value;

use crate::lang::{txt, Lang};

/// The kinds whose `first`/`second` are sides, not seats.
const SIDE_KINDS: &[&str] = &["both_reach_target"];
/// The kinds whose bare fact is a seat.
const SEAT_FACT: &[&str] = &["repeated", "domino_holds_double"];
/// The kinds whose bare fact is one of the report's things.
const THING_FACT: &[&str] = &["not_in_game", "needs_domino", "last_tile_held"];

/// `e` in `lang`'s words, naming seats with `seat` and sides with `side`;
/// `None` if the engine's facts do not read (never expected).
pub fn reason_words(
    lang: Lang,
    e: &ReportError,
    seat: &dyn Fn(u8) -> String,
    side: &dyn Fn(usize) -> String,
) -> Option<String> {
    let v = serde_json::to_value(e).ok()?;
    let kind = v.get("kind")?.as_str()?.to_string();
    let mut args: Vec<(String, FluentValue<'static>)> = Vec::new();
    let seat_of = |v: &Value| v.as_u64().and_then(|n| u8::try_from(n).ok()).map(seat);
    let side_of = |v: &Value| v.as_u64().and_then(|n| usize::try_from(n).ok()).map(side);
    match v.get("facts") {
        Some(Value::Object(facts)) => {
            for (k, f) in facts {
                let value = match k.as_str() {
                    "act" => Some(txt(lang.tr("keep-act", &[("act", plain(f))]))),
                    "seats" => f.as_array().map(|seats| {
                        let names: Vec<String> = seats.iter().filter_map(seat_of).collect();
                        txt(lang.list(&names))
                    }),
                    "double" if f.is_null() => Some(txt("none")),
                    "side" => side_of(f).map(txt),
                    "first" | "second" if SIDE_KINDS.contains(&kind.as_str()) => {
                        side_of(f).map(txt)
                    }
                    "first" | "second" | "seat" if kind != "no_such_seat" => seat_of(f).map(txt),
                    _ => Some(plain(f)),
                };
                args.push((k.clone(), value.unwrap_or_else(|| plain(f))));
            }
        }
        Some(f) if !f.is_null() => {
            let value = if SEAT_FACT.contains(&kind.as_str()) {
                seat_of(f).map(txt)
            } else if THING_FACT.contains(&kind.as_str()) {
                Some(txt(lang.tr("keep-thing", &[("thing", plain(f))])))
            } else {
                None
            };
            args.push(("value".into(), value.unwrap_or_else(|| plain(f))));
            if THING_FACT.contains(&kind.as_str()) {
                let thing = args.pop().map(|(_, v)| v).unwrap_or_else(|| plain(f));
                args.push(("thing".into(), thing));
            }
        }
        _ => {}
    }
    args.push(("kind".into(), txt(kind)));
    let args: Vec<(&str, FluentValue<'_>)> =
        args.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    Some(lang.tr("keep-reason", &args))
}

/// A fact as the catalog takes it: numbers as numbers, the rest as text.
fn plain(v: &Value) -> FluentValue<'static> {
    match v {
        Value::Number(n) => n
            .as_i64()
            .map_or_else(|| txt(n.to_string()), FluentValue::from),
        Value::String(s) => txt(s.clone()),
        Value::Bool(b) => txt(b.to_string()),
        other => txt(other.to_string()),
    }
}
