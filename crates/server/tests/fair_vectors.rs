//! Test vectors for the page's own deal check (`web/fair.js`): revealed
//! keys and the deals the engine makes from them, kept in
//! `tests/fair_vectors.json`, which `e2e/fair.test.mjs` replays in plain JS.
//!
//! This test regenerates every vector from the engine and fails if the file
//! differs, so a change to dealing (the shuffle, the generator, the redeal
//! loop, the key-to-seed step) cannot silently leave the page's check
//! behind. After an intended change, rewrite the file with
//! `UPDATE_FAIR_VECTORS=1 cargo nextest run -p domino-server --test server fair_vectors`
//! and make `web/fair.js` agree again (`node --test e2e/fair.test.mjs`).
#![allow(clippy::unwrap_used)]

use domino_engine::catalog::TableFacts;
use domino_engine::deal::hand_rng;
use domino_engine::{first_rule, resolve_pose, PoseRule};
use domino_engine::{Deal, Rules, RulesSpec, TileSet};
// What makes the engine deal again, as the server publishes it with each
// commitment and `web/fair.js` names it: `never`, `double`, a tile such as
// `0-0`, or `turn_over`.
use domino_league::fair::{commitment, deal_from_key, key_seed, Secret};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fair_vectors.json");

/// The key of hand `hand` for a match whose secret is named `label`.
fn key_for(label: &str, hand: u32) -> [u8; 32] {
    let secret = Secret(Sha256::digest(format!("domino fair vector: {label}").as_bytes()).into());
    secret.hand_key(hand)
}

/// How many deals the engine threw away before the one it kept, counted
/// here with the engine's pieces rather than read from `deal_from_key`.
fn redeals(rules: &Rules, rule: PoseRule, hand: u32, key: &[u8; 32]) -> usize {
    if rule == PoseRule::TurnOver {
        return 0;
    }
    let mut rng = hand_rng(key_seed(key), hand);
    let mut thrown = 0;
    loop {
        let deal = Deal::random(rules, &mut rng);
        if resolve_pose(rules, &deal, rule).is_ok() {
            assert_eq!(
                deal.to_spec(rules.players()),
                deal_from_key(rules, rule, hand, key),
                "counting redeals must reach the engine's deal"
            );
            return thrown;
        }
        thrown += 1;
    }
}

/// One vector: `rules` as the page sees them (every option spelled out).
fn vector(name: &str, label: &str, spec: Value, hand: u32, rule: Option<PoseRule>) -> Value {
    let spec: RulesSpec = serde_json::from_value(spec).unwrap();
    let rules = spec.resolve().unwrap();
    let rule = rule.unwrap_or_else(|| first_rule(&rules));
    let key = key_for(label, hand);
    let deal = deal_from_key(&rules, rule, hand, &key);
    json!({
        "name": name,
        "rules": rules.spec(),
        "facts": TableFacts::of(&rules),
        "hand": hand,
        "redeal": rule.redeal().to_string(),
        "key": hex::encode(key),
        "commit": commitment(&key),
        "seed": key_seed(&key).to_string(),
        "redeals": redeals(&rules, rule, hand, &key),
        "deal": deal,
    })
}

/// The first label `name #n` whose hand needs at least one redeal.
fn redeal_vector(name: &str, spec: Value, hand: u32, rule: Option<PoseRule>) -> Value {
    for n in 0..100_000 {
        let v = vector(name, &format!("{name} #{n}"), spec.clone(), hand, rule);
        if v["redeals"].as_u64().unwrap() > 0 {
            return v;
        }
    }
    panic!("{name}: no redeal in 100000 keys");
}

/// Raw generator output: `calls` are `u32` or `u64`, `values` hex.
fn rng_vector(seed: u64, stream: u64, calls: &[&str]) -> Value {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    let values: Vec<String> = calls
        .iter()
        .map(|c| match *c {
            "u32" => format!("{:08x}", rng.next_u32()),
            _ => format!("{:016x}", rng.next_u64()),
        })
        .collect();
    json!({"seed": seed.to_string(), "stream": stream, "calls": calls, "values": values})
}

fn vectors() -> Value {
    let mut deals = vec![
        vector(
            "double-six, 4 players, no boneyard (jamaican)",
            "jamaican",
            json!({"preset": "jamaican"}),
            1,
            None,
        ),
        vector(
            "double-six, 4 players, a later hand (jamaican, winner chooses)",
            "jamaican",
            json!({"preset": "jamaican"}),
            4,
            Some(PoseRule::Choose(2)),
        ),
        vector(
            "double-six, 2 players with a boneyard (draw)",
            "draw-2",
            json!({"preset": "draw", "players": 2}),
            1,
            None,
        ),
        vector(
            "double-six, 3 players without 0-0 (cutthroat)",
            "cutthroat-3",
            json!({"preset": "cutthroat", "players": 3}),
            2,
            Some(PoseRule::HighestDouble { any: false }),
        ),
        vector(
            "double-six, 2 players, fives opening (all fives)",
            "all-fives",
            json!({"preset": "all-fives", "players": 2}),
            1,
            None,
        ),
        vector(
            "double-six, club fives' first hand (turn-over)",
            "club-fives",
            json!({"preset": "club-fives"}),
            1,
            None,
        ),
        vector(
            "double-six, club fives, a later hand",
            "club-fives",
            json!({"preset": "club-fives"}),
            2,
            Some(PoseRule::Seat(1)),
        ),
        vector(
            "double-six, French, 0-0 poses",
            "french",
            json!({"preset": "french"}),
            1,
            None,
        ),
        vector(
            "double-nine cross, 4 players",
            "dnc-4",
            json!({"preset": "double-nine-cross", "players": 4}),
            1,
            None,
        ),
        vector(
            "double-nine cross, 8 players",
            "dnc-8",
            json!({"preset": "double-nine-cross", "players": 8}),
            3,
            None,
        ),
        vector(
            "double-twelve, 4 players (draw)",
            "draw-12",
            json!({"preset": "draw", "players": 4, "options": {"set": 12}}),
            1,
            None,
        ),
        vector(
            "double-twelve, 2 players, no boneyard (block)",
            "block-12",
            json!({"preset": "block", "players": 2, "options": {"set": 12}}),
            2,
            None,
        ),
    ];
    deals.push(redeal_vector(
        "redeal: double-six, 2 players, nobody holds a double (draw)",
        json!({"preset": "draw", "players": 2}),
        2,
        None,
    ));
    deals.push(redeal_vector(
        "redeal: double-six, 4 players of 3 tiles, nobody holds a double (draw, hand 5)",
        json!({"preset": "draw", "players": 4, "options": {"hand_size": 3}}),
        5,
        Some(PoseRule::SeatDouble(1)),
    ));
    deals.push(redeal_vector(
        "redeal: French with 5 tiles, nobody holds 0-0",
        json!({"preset": "french", "options": {"hand_size": 5}}),
        1,
        None,
    ));
    let first_rules: serde_json::Map<String, Value> = domino_engine::Preset::ALL
        .iter()
        .map(|p| {
            let rules = Rules::of_preset(p.name()).unwrap();
            (
                p.name().to_string(),
                json!(first_rule(&rules).redeal().to_string()),
            )
        })
        .collect();
    // What the page reads off each game's facts (as the state sends them):
    // the set, the seats, the hand size and any tile left out of the set,
    // here worked out from the rules without the facts.
    let mut games = Vec::new();
    for p in domino_engine::Preset::ALL {
        let (min, max) = p.player_range();
        for players in min..=max {
            let spec: RulesSpec =
                serde_json::from_value(json!({"preset": p.name(), "players": players})).unwrap();
            let rules = spec.resolve().unwrap();
            let removed: Vec<String> = TileSet::full(rules.max_pip())
                .minus(rules.tiles())
                .iter()
                .map(|t| t.to_string())
                .collect();
            games.push(json!({
                "rules": rules.spec(),
                "facts": TableFacts::of(&rules),
                "max_pip": rules.max_pip(),
                "players": rules.players(),
                "hand_size": rules.hand_size(),
                "removed": removed,
            }));
        }
    }
    let u64s = ["u64"; 40];
    let mut mixed = vec!["u32"];
    mixed.extend(["u64"; 33]);
    mixed.extend(["u32"; 3]);
    json!({
        "about": "Generated by crates/server/tests/fair_vectors.rs (UPDATE_FAIR_VECTORS=1 rewrites it); checked by e2e/fair.test.mjs against web/fair.js.",
        "rng": [
            rng_vector(0, 0, &u64s),
            rng_vector(0x0123_4567_89ab_cdef, 7, &mixed),
        ],
        "games": games,
        "first_rules": first_rules,
        "deals": deals,
    })
}

#[test]
fn the_page_deal_vectors_match_what_the_engine_deals() {
    let want = vectors();
    let text = serde_json::to_string_pretty(&want).unwrap() + "\n";
    if std::env::var_os("UPDATE_FAIR_VECTORS").is_some() {
        std::fs::write(FILE, &text).unwrap();
        return;
    }
    let help = "if dealing changed on purpose, rewrite the file with \
        `UPDATE_FAIR_VECTORS=1 cargo nextest run -p domino-server --test server fair_vectors` \
        and make web/fair.js agree (`node --test e2e/fair.test.mjs`)";
    let have: Value = match std::fs::read_to_string(FILE) {
        Ok(t) => serde_json::from_str(&t).unwrap(),
        Err(e) => panic!("{FILE}: {e}; {help}"),
    };
    for section in ["rng", "games", "first_rules", "deals"] {
        if have[section] != want[section] {
            let detail = match (have[section].as_array(), want[section].as_array()) {
                (Some(h), Some(w)) => {
                    let at = (0..h.len().max(w.len()))
                        .find(|&i| h.get(i) != w.get(i))
                        .unwrap_or(0);
                    format!(
                        "first difference at entry {at}:\n file:   {}\n engine: {}",
                        h.get(at).unwrap_or(&Value::Null),
                        w.get(at).unwrap_or(&Value::Null)
                    )
                }
                _ => format!("file: {}\nengine: {}", have[section], want[section]),
            };
            panic!("tests/fair_vectors.json `{section}` no longer matches the engine; {help}\n{detail}");
        }
    }
    // The redeal vectors keep meaning something.
    let deals = want["deals"].as_array().unwrap();
    assert!(deals
        .iter()
        .any(|d| d["redeal"] == "double" && d["redeals"].as_u64() > Some(0)));
    assert!(deals
        .iter()
        .any(|d| d["redeal"] == "0-0" && d["redeals"].as_u64() > Some(0)));
    assert!(deals.iter().any(|d| d["deal"]["poser"].is_number()));
}
