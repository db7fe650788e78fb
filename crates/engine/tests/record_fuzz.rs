//! The record loader fuzzed: valid records of random matches, mutated in
//! their JSON text and in their structure, are either refused with an error
//! or replay consistently; nothing panics.
#![allow(clippy::unwrap_used)]

use domino_engine::record::{replay, Record};
use domino_engine::{Match, Phase, Preset, RulesSpec};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A record of a random match (a few hands) of `preset`.
fn played(preset: Preset, seed: u64) -> Record {
    let spec: RulesSpec =
        serde_json::from_value(serde_json::json!({"preset": preset.name()})).unwrap();
    let rules = spec.resolve().unwrap();
    let mut m = Match::new(rules, Some(seed), None).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let hands = rng.random_range(1..4);
    for _ in 0..2000 {
        match m.phase() {
            Phase::MatchOver => break,
            Phase::HandOver if m.hand_number() >= hands => break,
            Phase::HandOver => m.next_hand(None).unwrap(),
            _ => {
                let a = m
                    .sample_legal(|n| rng.random_range(0..n))
                    .expect("a legal action in play");
                m.act(a, &mut ()).unwrap();
            }
        }
    }
    m.record()
}

/// Load a record's JSON and replay it; an accepted record must write the
/// same record back, which replays to the same state.
fn check(text: &str) -> Result<(), TestCaseError> {
    let Ok(rec) = serde_json::from_str::<Record>(text) else {
        return Ok(());
    };
    let Ok(m) = replay(&rec) else {
        return Ok(());
    };
    let again = m.record();
    let m2 = replay(&again).map_err(|e| TestCaseError::fail(format!("re-replay: {e}")))?;
    prop_assert_eq!(
        m.view(domino_engine::Viewer::All).to_json(),
        m2.view(domino_engine::Viewer::All).to_json()
    );
    prop_assert_eq!(again, m2.record());
    Ok(())
}

/// Structural mutations of a record's JSON value.
fn mutate(v: &mut serde_json::Value, rng: &mut ChaCha8Rng) {
    use serde_json::Value;
    let hands = v["hands"].as_array().map_or(0, Vec::len);
    if hands == 0 {
        return;
    }
    let h = rng.random_range(0..hands);
    let actions = v["hands"][h]["actions"].as_array().map_or(0, Vec::len);
    match rng.random_range(0..9) {
        0 if actions > 0 => {
            let i = rng.random_range(0..actions);
            v["hands"][h]["actions"].as_array_mut().unwrap().remove(i);
        }
        1 if actions > 0 => {
            let i = rng.random_range(0..actions);
            let e = v["hands"][h]["actions"][i].clone();
            v["hands"][h]["actions"]
                .as_array_mut()
                .unwrap()
                .insert(i, e);
        }
        2 if actions > 1 => {
            let (i, j) = (rng.random_range(0..actions), rng.random_range(0..actions));
            v["hands"][h]["actions"].as_array_mut().unwrap().swap(i, j);
        }
        3 if actions > 0 => {
            let i = rng.random_range(0..actions);
            v["hands"][h]["actions"][i]["seat"] = Value::from(rng.random_range(0..6));
        }
        4 if actions > 0 => {
            let i = rng.random_range(0..actions);
            let t = format!("{}-{}", rng.random_range(0..13), rng.random_range(0..13));
            v["hands"][h]["actions"][i]["action"]["tile"] = Value::from(t);
        }
        5 => {
            v["hands"].as_array_mut().unwrap().remove(h);
        }
        6 => {
            let e = v["hands"][h].clone();
            v["hands"].as_array_mut().unwrap().push(e);
        }
        7 => v["seed"] = Value::from(rng.random::<u32>()),
        _ => {
            // A deal's tiles moved between seats.
            let deal = &mut v["hands"][h]["deal"];
            if let Some(hands) = deal["hands"].as_array_mut() {
                if hands.len() > 1 {
                    if let (Some(a), Some(b)) = (
                        hands[0].as_array().and_then(|x| x.first().cloned()),
                        hands[1].as_array().and_then(|x| x.first().cloned()),
                    ) {
                        hands[0][0] = b;
                        hands[1][0] = a;
                        if rng.random_bool(0.5) {
                            hands[0].as_array_mut().unwrap().pop();
                        }
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn mutated_record_text_is_refused_or_replays_consistently(
        p in 0..Preset::ALL.len(),
        seed in 0u64..10_000,
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<char>()), 1..8),
    ) {
        let text = serde_json::to_string(&played(Preset::ALL[p], seed)).unwrap();
        let mut c: Vec<char> = text.chars().collect();
        for (at, op, ch) in edits {
            let i = at.index(c.len() + 1);
            match op {
                0 if i < c.len() => c[i] = ch,
                1 if i < c.len() => { c.remove(i); }
                _ => c.insert(i, ch),
            }
        }
        check(&c.into_iter().collect::<String>())?;
    }

    #[test]
    fn mutated_record_structure_is_refused_or_replays_consistently(
        p in 0..Preset::ALL.len(),
        seed in 0u64..10_000,
        n in 1usize..4,
    ) {
        let rec = played(Preset::ALL[p], seed);
        let mut v = serde_json::to_value(&rec).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xf022);
        for _ in 0..n {
            mutate(&mut v, &mut rng);
        }
        check(&v.to_string())?;
    }
}
