//! The engine protocol's `puzzle` command (docs/puzzles.md): load a
//! puzzle's position as the session's match, shown as its kind allows, or
//! check an answer against it.

use domino_engine::{Action, Match};
use domino_puzzles::rate::same_play;
use domino_puzzles::Puzzle;
use serde_json::{Map, Value};

use super::reply::{fields, to_json, Failure};

/// Answer `{"cmd": "puzzle", "puzzle": P}` with the position, and the
/// match to hold from now on; with `"answer": A`, say whether A is the
/// answer and change nothing (no match returned).
pub fn puzzle(req: &Map<String, Value>) -> Result<(Option<Match>, Map<String, Value>), Failure> {
    let raw = req
        .get("puzzle")
        .ok_or_else(|| Failure::bad_request("missing field `puzzle`"))?;
    let p: Puzzle = serde_json::from_value(raw.clone()).map_err(|e| {
        Failure::bad_request(format!(
            "field `puzzle` is not a puzzle (docs/puzzles.md): {e}"
        ))
    })?;
    let setup = p
        .setup()
        .map_err(|e| Failure::bad_request(format!("the puzzle's position: {e}")))?;
    if let Some(a) = req.get("answer").filter(|a| !a.is_null()) {
        let a: Action = serde_json::from_value(a.clone())
            .map_err(|e| Failure::bad_request(format!("field `answer`: {e}")))?;
        let value = p
            .choices
            .iter()
            .find(|c| same_play(c.action, a))
            .map(|c| c.value);
        let Some(value) = value else {
            return Err(Failure::bad_request(format!(
                "field `answer`: {a} is not one of the puzzle's plays"
            )));
        };
        return Ok((
            None,
            fields([
                ("correct", Value::Bool(same_play(a, p.answer))),
                ("answer", to_json(&p.answer)?),
                ("value", Value::from(value)),
                ("choices", to_json(&p.choices)?),
            ]),
        ));
    }
    let out = fields([
        ("id", Value::from(p.id.clone())),
        ("kind", to_json(&p.kind)?),
        ("seat", Value::from(setup.seat)),
        ("choices", to_json(&setup.choices)?),
        ("state", setup.shown(p.kind)),
    ]);
    Ok((Some(setup.game), out))
}

#[cfg(test)]
mod tests {
    use domino_puzzles::mine::{mine, MineConfig};
    use domino_puzzles::rate::RateConfig;
    use domino_puzzles::Limits;
    use serde_json::json;

    use super::*;
    use crate::engine::session::Session;
    use domino_puzzles::Kind;

    fn mined(kind: Kind) -> Puzzle {
        let cfg = MineConfig {
            count: 4,
            per_kind: 2,
            seed: 1,
            max_hands: 100,
            bots: "heuristic".to_string(),
            max_in_hands: None,
            limits: Limits::default(),
            rate: RateConfig {
                tries: 1,
                expert_tries: 0,
                budget_ms: 10,
                seed: 1,
            },
        };
        let spec = domino_engine::RulesSpec::preset("jamaican");
        let (set, _) = mine("jamaican", &spec, &cfg, &mut |_| {}).expect("mining");
        set.into_iter()
            .find(|p| p.kind == kind)
            .expect("a puzzle of the kind")
    }

    fn send(s: &mut Session, v: Value) -> Value {
        s.handle(&v.to_string())
    }

    #[test]
    fn a_counting_puzzle_loads_as_the_movers_view_and_checks_answers() {
        let p = mined(Kind::Counting);
        let mut s = Session::new();
        let r = send(&mut s, json!({"cmd": "puzzle", "puzzle": p}));
        assert_eq!(r["ok"], true, "{r}");
        assert_eq!(r["kind"], "counting");
        let seat = r["seat"].as_u64().expect("a seat") as usize;
        // Only the mover's hand is shown; the others are counts.
        let hands = r["state"]["hands"].as_array().expect("hands");
        for (i, h) in hands.iter().enumerate() {
            assert_eq!(h.is_array(), i == seat, "seat {i}: {h}");
        }
        // No tile another seat holds is named anywhere in the answer.
        let setup = p.setup().expect("a position");
        let text = r.to_string();
        for other in (0..setup.rules.players()).filter(|&o| usize::from(o) != seat) {
            for t in setup.pos.hand.hand(other).iter() {
                assert!(!text.contains(&format!("\"{t}\"")), "{t} shown");
            }
        }
        // The session now holds the position: a bot can be asked.
        let go = send(&mut s, json!({"cmd": "go", "bot": "heuristic"}));
        assert_eq!(go["ok"], true, "{go}");
        let right = send(
            &mut s,
            json!({"cmd": "puzzle", "puzzle": p, "answer": p.answer}),
        );
        assert_eq!(
            (right["correct"].clone(), right["ok"].clone()),
            (json!(true), json!(true))
        );
        let other = p
            .choices
            .iter()
            .find(|c| c.action != p.answer)
            .expect("two plays");
        let wrong = send(
            &mut s,
            json!({"cmd": "puzzle", "puzzle": p, "answer": other.action}),
        );
        assert_eq!(wrong["correct"], false);
        assert_eq!(wrong["answer"], json!(p.answer));
    }

    #[test]
    fn an_open_puzzle_shows_every_hand_and_a_bad_one_changes_nothing() {
        let p = mined(Kind::Open);
        let mut s = Session::new();
        let r = send(&mut s, json!({"cmd": "puzzle", "puzzle": p}));
        assert_eq!(r["kind"], "open");
        let hands = r["state"]["hands"].as_array().expect("hands");
        assert!(hands.iter().all(Value::is_array), "{r}");
        let mut bad = serde_json::to_value(&p).expect("json");
        bad["actions"][0] = json!({"type": "play", "tile": "0-0"});
        let before = send(&mut s, json!({"cmd": "state"}));
        let r = send(&mut s, json!({"cmd": "puzzle", "puzzle": bad}));
        assert_eq!(r["error"]["code"], "bad_request", "{r}");
        assert_eq!(send(&mut s, json!({"cmd": "state"})), before);
    }
}
