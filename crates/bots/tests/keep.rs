//! The scorekeeper's proof: a match played by bots in the engine, and the
//! same hands reported as a real table would and entered on a sheet, give
//! identical sheets, hand by hand and in the match result.

use domino_bots::{by_name, Bot, BotConfig};
use domino_engine::{
    HandReport, HandResult, Impossible, Match, Phase, Preset, Rules, RulesSpec, Sheet,
};

/// One hand as the engine's match settled it.
#[derive(Debug, PartialEq)]
struct Row {
    result: HandResult,
    scores: Vec<i32>,
    stake: i32,
    playoff: bool,
}

/// Play a seeded match by bots (at most `max_hands`; `kinds` by even and
/// odd seats), returning each hand's report, the engine's row for it, and the match winner.
fn play(
    rules: Rules,
    seed: u64,
    max_hands: u32,
    kinds: [&str; 2],
) -> (Vec<(HandReport, Row)>, Option<usize>) {
    let mut m = Match::new(rules, Some(seed), None).expect("seeded match");
    let mut bots: Vec<Box<dyn Bot>> = (0..rules.players())
        .map(|s| {
            let config = BotConfig {
                seed: seed * 10 + u64::from(s),
                ..BotConfig::default()
            };
            by_name(kinds[usize::from(s % 2)], config).expect("bot")
        })
        .collect();
    let mut hands = Vec::new();
    loop {
        match m.phase() {
            Phase::Play | Phase::ChoosePoser => {
                let seat = m.to_act().expect("a seat to act");
                let a = bots[seat as usize]
                    .act(&m.seat_view(seat))
                    .expect("bot acts");
                m.act(a, &mut ()).expect("legal action");
            }
            Phase::HandOver | Phase::MatchOver => {
                let row = Row {
                    result: m.result().expect("hand result").clone(),
                    scores: m.scores().to_vec(),
                    stake: m.stake(),
                    playoff: m.in_playoff(),
                };
                hands.push((HandReport::of(m.hand()), row));
                if m.phase() == Phase::MatchOver || m.hand_number() >= max_hands {
                    return (hands, m.winner().and_then(|w| w.side()));
                }
                m.next_hand(None).expect("next hand");
            }
        }
    }
}

/// Check one match; returns what its hands showed (ending reasons and
/// notes), so the tests can tell they covered the scoring's branches.
fn same_sheet(spec: RulesSpec, seed: u64, kinds: [&str; 2]) -> Vec<String> {
    let rules = spec.resolve().expect("rules");
    let (hands, winner) = play(rules, seed, 80, kinds);
    let mut sheet = Sheet::new(rules);
    for (i, (report, row)) in hands.iter().enumerate() {
        let entered = sheet
            .enter(report.clone())
            .unwrap_or_else(|e| panic!("{spec:?} seed {seed} hand {}: {e}: {report:?}", i + 1));
        let got = Row {
            result: entered.result.clone(),
            scores: entered.scores.clone(),
            stake: entered.stake,
            playoff: entered.playoff,
        };
        assert_eq!(got, *row, "{spec:?} seed {seed} hand {}", i + 1);
    }
    assert_eq!(
        sheet.tally().winner().and_then(|w| w.side()),
        winner,
        "{spec:?} seed {seed}: match result"
    );
    // Undoing the last hand and entering it again gives the same sheet.
    if let Some((report, row)) = hands.last() {
        let back = sheet.undo().expect("undo");
        assert_eq!(back, *report);
        assert_eq!(sheet.hands().len(), hands.len() - 1);
        let again = sheet.enter(back).expect("entered again");
        assert_eq!(again.result, row.result);
    }
    hands
        .iter()
        .flat_map(|(_, row)| {
            let reason = serde_json::json!(row.result.reason).to_string();
            row.result
                .notes
                .iter()
                .map(|n| n.name().to_string())
                .chain([reason])
        })
        .collect()
}

fn covers(seen: &std::collections::HashSet<String>, wanted: &[&str]) {
    for w in wanted {
        assert!(seen.contains(*w), "no hand showed {w}: {seen:?}");
    }
}

#[test]
fn every_preset_keeps_the_same_sheet_as_the_engine() {
    let mut seen = std::collections::HashSet::new();
    for preset in Preset::ALL {
        for seed in 1..=5 {
            seen.extend(same_sheet(
                RulesSpec::preset(preset.name()),
                seed,
                ["heuristic", "heuristic"],
            ));
        }
    }
    covers(
        &seen,
        &[
            "\"domino\"",
            "\"blocked\"",
            "\"target\"",
            "reset",
            "tie",
            "six_love",
            "four_love",
            "capicu",
            "double_out",
            "board_pass",
        ],
    );
}

#[test]
fn house_rules_keep_the_same_sheet_as_the_engine() {
    let with = |preset: &str, players: Option<u8>, options: serde_json::Value| {
        let mut spec = RulesSpec::preset(preset);
        spec.players = players;
        if let serde_json::Value::Object(o) = options {
            spec.options = o;
        }
        spec
    };
    let specs = [
        with(
            "jamaican",
            None,
            serde_json::json!({"tie_replays": true, "playoff": true}),
        ),
        with("puerto-rican", None, serde_json::json!({"premiums": true})),
        with("club-fives", None, serde_json::json!({"skunk": 2})),
        with(
            "club-fives",
            None,
            serde_json::json!({"skunk": "double_game", "target": 35}),
        ),
        with("cutthroat", Some(2), serde_json::json!({})),
        with("chiva", Some(3), serde_json::json!({})),
        with(
            "french",
            None,
            serde_json::json!({"double_blank_ten": true}),
        ),
        with(
            "block",
            Some(4),
            serde_json::json!({"partners": true, "both_partners_out": true}),
        ),
        with(
            "all-fives",
            Some(4),
            serde_json::json!({"claims": "muggins"}),
        ),
    ];
    let mut seen = std::collections::HashSet::new();
    for spec in specs {
        for seed in 1..=3 {
            // Even matches, and a strong side against a weak one for
            // lopsided ones (skunks).
            for kinds in [["heuristic", "heuristic"], ["heuristic", "random"]] {
                seen.extend(same_sheet(spec.clone(), seed, kinds));
            }
        }
    }
    covers(&seen, &["replay", "skunk", "hand_premium"]);
}

/// A change to a played hand's report that no deal could give, or `None`
/// when this hand offers none of the kind `pick` asks.
fn impossible(rules: &Rules, report: &HandReport, pick: u64) -> Option<(HandReport, Impossible)> {
    let mut r = report.clone();
    let still_in: Vec<usize> = (0..r.counts.len())
        .filter(|&s| !r.dominoed.contains(&(s as u8)))
        .collect();
    match pick % 3 {
        // Only 1-0 counts one: two seats cannot both hold one pip.
        0 if still_in.len() >= 2 => {
            let k = (pick / 3) as usize % (still_in.len() - 1);
            r.counts[still_in[k]] = 1;
            r.counts[still_in[k + 1]] = 1;
            Some((r, Impossible::Counts))
        }
        // Every seat still in holds a tile, and only 0-0 counts nothing.
        1 if still_in.len() >= 2 && !rules.double_blank_ten() => {
            for &s in &still_in {
                r.counts[s] = 0;
            }
            Some((r, Impossible::Counts))
        }
        // Points in play beyond a hand's, in the game's unit.
        2 if rules.scores_ends() || rules.pass_points() > 0 => {
            let unit = if rules.pass_points() > 0 {
                rules.pass_points()
            } else {
                5
            };
            r.points = vec![0; rules.sides()];
            r.points[(pick / 3) as usize % rules.sides()] = 10_000 * unit;
            Some((r, Impossible::Points))
        }
        _ => None,
    }
}

#[test]
fn reports_no_deal_could_give_are_refused() {
    let mut refused = std::collections::HashMap::new();
    for preset in Preset::ALL {
        let spec = RulesSpec::preset(preset.name());
        let rules = spec.resolve().expect("rules");
        for seed in 1..=2u64 {
            let (hands, _) = play(rules, seed, 12, ["heuristic", "random"]);
            let mut sheet = Sheet::new(rules);
            // A small LCG: the same mutations on every run.
            let mut state = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            for (i, (report, _)) in hands.iter().enumerate() {
                for _ in 0..3 {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let Some((bad, kind)) = impossible(&rules, report, state >> 33) else {
                        continue;
                    };
                    let err = sheet.enter(bad.clone()).map(|_| ()).expect_err(&format!(
                        "{spec:?} seed {seed} hand {}: {bad:?} accepted",
                        i + 1
                    ));
                    assert_eq!(
                        err.impossible(),
                        Some(kind),
                        "{spec:?} hand {}: {err}: {bad:?}",
                        i + 1
                    );
                    *refused.entry(kind).or_insert(0) += 1;
                }
                sheet.enter(report.clone()).expect("the hand as played");
                if sheet.is_over() {
                    break;
                }
            }
        }
    }
    assert!(
        refused.get(&Impossible::Counts).copied().unwrap_or(0) > 50,
        "{refused:?}"
    );
    assert!(
        refused.get(&Impossible::Points).copied().unwrap_or(0) > 10,
        "{refused:?}"
    );
}

/// The bounds on points in play (the target that stops a hand, the sums a
/// game's plays make) refuse no hand a game really plays: many matches of
/// the games that score in play, by strong and random players.
#[test]
fn points_in_play_of_played_matches_are_all_accepted() {
    for preset in [
        "all-fives",
        "fives-and-threes",
        "club-fives",
        "puerto-rican",
    ] {
        for seed in 100..130 {
            for kinds in [["heuristic", "random"], ["random", "random"]] {
                same_sheet(RulesSpec::preset(preset), seed, kinds);
            }
        }
    }
}
