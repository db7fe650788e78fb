//! The analysis core: every legal action's value against plain minimax,
//! principal lines, record positions, and a record's blunders.
#![allow(clippy::unwrap_used)]

use domino_bots::analysis::{
    analyze, analyze_until, default_blunder, final_value, record_position, standing, walk, Analyst,
    AnalyzeConfig, ExpertConfig, PositionError,
};
use domino_bots::solver::{brute_force, moves, Position};
use domino_bots::{by_name, BotConfig};
use domino_engine::rules::DrawRule;
use domino_engine::{Action, Match, MoveList, Phase, Preset, Record, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common;
use common::rules;

/// Tiles still to come: the hands and what may yet be drawn.
fn left(pos: &Position) -> u32 {
    let rules = pos.hand.rules();
    (0..rules.players())
        .map(|s| pos.hand.hand(s).len())
        .sum::<u32>()
        + if rules.draw() == DrawRule::Never {
            0
        } else {
            pos.hand.boneyard().len().saturating_sub(2) as u32
        }
}

/// A match from `seed` played at random until at most `left` tiles are to
/// come, kept as a match so it has a record; `None` if the hand ended.
fn endgame_match(rules: Rules, seed: u64, limit: u32) -> Option<(Match, Position)> {
    let mut m = Match::new(rules, Some(seed), None).unwrap();
    if m.phase() != Phase::Play {
        return None;
    }
    let mut pos = Position::new(*m.hand(), 1);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = MoveList::new();
    loop {
        if pos.hand.is_over() || m.phase() != Phase::Play {
            return None;
        }
        if left(&pos) <= limit {
            return Some((m, pos));
        }
        pos.hand.legal(&mut legal);
        let a = legal[rng.random_range(0..legal.len())];
        pos.apply(a);
        m.act(a, &mut ()).unwrap();
    }
}

/// Every legal action's value, and the position's, against plain minimax.
/// Returns how many positions had legal actions the solver does not search.
fn against_minimax(
    preset: &str,
    players: Option<u8>,
    options: serde_json::Value,
    limit: u32,
) -> usize {
    let rules = rules(preset, players, options);
    let mut analyst = Analyst::new(12, None);
    let mut checked = 0;
    let mut unsearched = 0;
    for seed in 0..400 {
        let Some((_, pos)) = endgame_match(rules, seed, limit) else {
            continue;
        };
        let side = rules.side_of(pos.hand.to_act());
        let vals = analyst.values(&pos, side).unwrap();
        let mut legal = MoveList::new();
        pos.hand.legal(&mut legal);
        assert_eq!(vals.len(), legal.len());
        let mut searched = Vec::new();
        moves(&pos.hand, &mut MoveList::new(), &mut searched);
        unsearched += usize::from(searched.len() < legal.len());
        let base = standing(&pos, side);
        for (a, v) in &vals {
            let child = pos.after(*a);
            let want = standing(&child, side) - base + brute_force(&child, side);
            assert_eq!(*v, want, "{preset} seed {seed}: {a}");
        }
        let best = vals.iter().map(|(_, v)| *v).max().unwrap();
        assert_eq!(best, brute_force(&pos, side), "{preset} seed {seed}");
        assert_eq!(analyst.value(&pos, side), Some(best));
        // The principal line ends where the value says.
        let line = analyst.line(&pos, side).unwrap();
        let mut p = pos;
        for a in &line {
            p.apply(*a);
        }
        assert!(p.hand.is_over());
        assert_eq!(final_value(&p, side) - base, best, "{preset} seed {seed}");
        checked += 1;
        if checked == 6 {
            break;
        }
    }
    assert!(checked > 0, "{preset}: no endgame reached");
    unsearched
}

#[test]
fn values_of_every_action_agree_with_minimax() {
    against_minimax("jamaican", None, serde_json::json!({}), 13);
    against_minimax("cutthroat", Some(3), serde_json::json!({}), 12);
    against_minimax("puerto-rican", Some(4), serde_json::json!({}), 12);
    against_minimax("french", None, serde_json::json!({}), 12);
    against_minimax("draw", Some(2), serde_json::json!({}), 10);
    against_minimax("block", Some(3), serde_json::json!({}), 11);
}

#[test]
fn unclaimed_plays_and_declined_muggins_have_values() {
    // Claims and muggins: the solver searches only the claiming form and
    // the muggins, yet every legal action must be valued.
    let mut unsearched = 0;
    for (preset, claims) in [
        ("all-fives", "muggins"),
        ("fives-and-threes", "muggins"),
        ("club-fives", "strict"),
    ] {
        for limit in [5, 7] {
            unsearched += against_minimax(
                preset,
                Some(2),
                serde_json::json!({ "claims": claims }),
                limit,
            );
        }
    }
    assert!(
        unsearched > 0,
        "no position had an unclaimed play or muggins"
    );
}

/// A jamaican position where one play wins and another loses.
fn win_or_lose() -> (Match, Position, Action, Action) {
    let rules = Rules::of_preset("jamaican").unwrap();
    let mut analyst = Analyst::new(16, None);
    for seed in 0..500 {
        let Some((m, pos)) = endgame_match(rules, seed, 14) else {
            continue;
        };
        let side = rules.side_of(pos.hand.to_act());
        let vals = analyst.values(&pos, side).unwrap();
        let win = vals.iter().find(|(_, v)| *v == 1).map(|(a, _)| *a);
        let lose = vals.iter().find(|(_, v)| *v == -1).map(|(a, _)| *a);
        if let (Some(w), Some(l)) = (win, lose) {
            return (m, pos, w, l);
        }
    }
    panic!("no position with a winning and a losing play");
}

#[test]
fn a_losing_play_is_a_blunder_that_costs_two() {
    let (mut m, pos, win, lose) = win_or_lose();
    let seat = pos.hand.to_act();
    let index = m.history().len();
    m.act(lose, &mut ()).unwrap();
    let mut legal = MoveList::new();
    while m.phase() == Phase::Play {
        m.legal(&mut legal);
        m.act(legal[0], &mut ()).unwrap();
    }
    let rec = m.record();
    let config = AnalyzeConfig {
        expert: Some(ExpertConfig {
            seed: 3,
            budget_ms: 50,
            samples: Some(8),
        }),
        ..AnalyzeConfig::default()
    };
    let mut calls = 0;
    let a = analyze(&rec, &config, &mut |_| calls += 1).unwrap();
    assert_eq!(calls, rec.hands[0].actions.len());
    assert_eq!(a.blunder, 1);
    assert_eq!(a.hands.len(), 1);
    let d = a.hands[0]
        .decisions
        .iter()
        .find(|d| d.index == index)
        .unwrap();
    assert_eq!(d.seat, seat);
    assert_eq!(d.played, lose);
    assert_eq!(d.played_value(), Some(-1));
    assert_eq!(d.best_value(), Some(1));
    assert!(d.best().contains(&win));
    assert_eq!(d.cost(), Some(2));
    assert!(d.is_blunder(a.blunder));
    // The expert sees the whole position at the end of a jamaican hand
    // only when every tile is accounted for; it still chose a legal play.
    let e = d.expert.unwrap();
    assert!(d.legal.contains(&e));
    let seats = a.seats();
    assert!(seats[seat as usize].blunders >= 1);
    assert!(seats[seat as usize].total_cost >= 2);
    // Every decision has several actions and a cost of zero or more.
    for d in &a.hands[0].decisions {
        assert!(d.legal.len() > 1);
        assert!(d.cost().unwrap() >= 0);
        assert!(d.legal.contains(&d.played));
    }
}

#[test]
fn record_positions_match_the_replay() {
    let (m, pos, _, _) = win_or_lose();
    let rec = m.record();
    let index = rec.hands[0].actions.len();
    let p = record_position(&rec, 1, index).unwrap();
    assert_eq!(p.hand.to_act(), pos.hand.to_act());
    for s in 0..4 {
        assert_eq!(p.hand.hand(s), pos.hand.hand(s));
    }
    assert_eq!(p.passed, pos.passed);
    // Before the first action: the dealt hand.
    let first = record_position(&rec, 1, 0).unwrap();
    assert_eq!(first.hand.hand(0).len(), 7);
    assert!(matches!(
        record_position(&rec, 2, 0),
        Err(PositionError::NoHand { have: 1, hand: 2 })
    ));
    assert!(matches!(
        record_position(&rec, 1, index + 1),
        Err(PositionError::NoAction { .. })
    ));
    // A walk stops where asked, before the action.
    let w = walk(&rec, |s| s.index < 2).unwrap();
    assert_eq!(w.game.history().len(), 2);
}

/// A match (at most `hands` hands) between bots, as a record.
fn bot_record(rules: Rules, seed: u64, hands: usize) -> Record {
    let mut m = Match::new(rules, Some(seed), None).unwrap();
    let mut bots: Vec<_> = (0..rules.players())
        .map(|s| {
            let name = if s % 2 == 0 { "heuristic" } else { "random" };
            by_name(
                name,
                BotConfig {
                    seed: seed + u64::from(s),
                    budget_ms: 10,
                },
            )
            .unwrap()
        })
        .collect();
    domino_bots::play_match(&mut m, &mut bots, hands as u32).unwrap();
    m.record()
}

#[test]
fn every_preset_analyses() {
    for p in Preset::ALL {
        let (lo, hi) = p.player_range();
        for players in [lo, hi.min(4)] {
            let rules = rules(p.name(), Some(players), serde_json::json!({}));
            let rec = bot_record(rules, 5, 2);
            let config = AnalyzeConfig {
                node_limit: Some(100_000),
                ..AnalyzeConfig::default()
            };
            let a = analyze(&rec, &config, &mut |_| {}).unwrap();
            assert_eq!(a.hands.len(), rec.hands.len(), "{}", p.name());
            assert_eq!(a.blunder, default_blunder(&rules));
            let mut decisions = 0;
            walk(&rec, |s| {
                let mut legal = MoveList::new();
                s.game.legal(&mut legal);
                decisions += usize::from(legal.len() > 1);
                true
            })
            .unwrap();
            let found: usize = a.hands.iter().map(|h| h.decisions.len()).sum();
            assert_eq!(found, decisions, "{} {players}", p.name());
            for d in a.hands.iter().flat_map(|h| &h.decisions) {
                if let Some(c) = d.cost() {
                    assert!(c >= 0, "{} {players}: {d:?}", p.name());
                }
                assert_eq!(
                    d.values.as_ref().map_or(d.legal.len(), Vec::len),
                    d.legal.len()
                );
            }
            let seats = a.seats();
            assert_eq!(seats.len(), players as usize);
            assert_eq!(seats.iter().map(|s| s.decisions).sum::<usize>(), found);
        }
    }
}

#[test]
fn choosing_the_poser_is_valued() {
    // Jamaican: the winning team chooses who poses the next hand.
    let rules = Rules::of_preset("jamaican").unwrap();
    for seed in 0..20 {
        let rec = bot_record(rules, seed, 3);
        let a = analyze(&rec, &AnalyzeConfig::default(), &mut |_| {}).unwrap();
        let choice = a
            .hands
            .iter()
            .flat_map(|h| &h.decisions)
            .find(|d| matches!(d.played, Action::ChoosePoser { .. }));
        if let Some(d) = choice {
            assert_eq!(d.legal.len(), 2);
            assert!(d.values.is_some());
            assert!(d.cost().unwrap() >= 0);
            return;
        }
    }
    panic!("no choice of poser in 20 matches");
}

#[test]
fn an_analysis_told_to_stop_gives_nothing_and_one_let_run_gives_all() {
    let rules = rules("draw", Some(2), serde_json::json!({}));
    let rec = bot_record(rules, 9, 1);
    let config = AnalyzeConfig {
        node_limit: Some(100_000),
        ..AnalyzeConfig::default()
    };
    let mut asked = 0;
    let stopped = analyze_until(&rec, &config, &mut |p| {
        asked += 1;
        p.done < 3
    })
    .unwrap();
    assert!(stopped.is_none());
    assert_eq!(asked, 3);
    let whole = analyze_until(&rec, &config, &mut |_| true)
        .unwrap()
        .unwrap();
    let plain = analyze(&rec, &config, &mut |_| {}).unwrap();
    assert_eq!(whole.hands, plain.hands);
}
