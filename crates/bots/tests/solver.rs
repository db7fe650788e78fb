//! The exact solver against plain minimax on small endgames of every kind
//! of game.
#![allow(clippy::unwrap_used)]

use domino_bots::solver::{brute_force, moves, Position, Solver};
use domino_engine::rules::DrawRule;
use domino_engine::{Match, MoveList, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common;
use common::rules;

/// A random position of a fresh deal played at random until at most `left`
/// tiles are held in all.
fn endgame(rules: Rules, seed: u64, left: u32) -> Option<Position> {
    let m = Match::new(rules, Some(seed), None).unwrap();
    if m.phase() != domino_engine::Phase::Play {
        return None;
    }
    let mut pos = Position::new(*m.hand(), 1);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = MoveList::new();
    loop {
        if pos.hand.is_over() {
            return None;
        }
        // Tiles still to come: the hands and what may yet be drawn.
        let held: u32 = (0..rules.players())
            .map(|s| pos.hand.hand(s).len())
            .sum::<u32>()
            + if rules.draw() == DrawRule::Never {
                0
            } else {
                pos.hand.boneyard().len().saturating_sub(2) as u32
            };
        if held <= left {
            return Some(pos);
        }
        pos.hand.legal(&mut legal);
        let a = legal[rng.random_range(0..legal.len())];
        pos.apply(a);
    }
}

fn check(preset: &str, players: Option<u8>, options: serde_json::Value, left: u32, n: u64) {
    let rules = rules(preset, players, options);
    let mut solver = Solver::new(12);
    let mut checked = 0;
    let mut nodes = 0;
    for seed in 0..n * 60 {
        let Some(pos) = endgame(rules, seed, left) else {
            continue;
        };
        let side = rules.side_of(pos.hand.to_act());
        let values = solver.values(&pos, side).unwrap();
        let mut list = Vec::new();
        moves(&pos.hand, &mut MoveList::new(), &mut list);
        assert_eq!(values.len(), list.len());
        let want = brute_force(&pos, side);
        let best = values.iter().map(|(_, v)| *v).max().unwrap();
        assert_eq!(
            best, want,
            "{preset} seed {seed}: solver {best}, minimax {want}"
        );
        // Each root action's value too, measured from the root.
        for (a, v) in &values {
            let child = pos.after(*a);
            let sol = solver.values(&child, side);
            let bf = brute_force(&child, side);
            if let Some(vals) = sol {
                if !vals.is_empty() {
                    let to_move = rules.side_of(child.hand.to_act()) == side;
                    let vs = vals.iter().map(|(_, x)| *x);
                    let w = if to_move { vs.max() } else { vs.min() }.unwrap();
                    assert_eq!(w, bf, "{preset} seed {seed} after {a}");
                }
            }
            let _ = v;
        }
        assert_eq!(solver.solve(&pos).unwrap().value, want);
        checked += 1;
        nodes += solver.nodes();
        if checked == n {
            break;
        }
    }
    assert!(checked > 0, "{preset}: no endgame reached");
    eprintln!("{preset}: {checked} endgames checked, {nodes} solver nodes");
}

#[test]
fn jamaican_endgames() {
    check("jamaican", None, serde_json::json!({}), 17, 25);
}

#[test]
fn cutthroat_three_players() {
    check("cutthroat", Some(3), serde_json::json!({}), 16, 15);
}

#[test]
fn chiva_and_cutthroat_with_a_boneyard() {
    check("chiva", None, serde_json::json!({}), 16, 10);
    check(
        "cutthroat",
        Some(2),
        serde_json::json!({"boneyard": true}),
        8,
        10,
    );
}

#[test]
fn puerto_rican_pass_points() {
    check("puerto-rican", Some(4), serde_json::json!({}), 16, 15);
    check("puerto-rican", Some(2), serde_json::json!({}), 13, 8);
}

#[test]
fn french_penalties() {
    check("french", None, serde_json::json!({}), 16, 10);
}

#[test]
fn fives_games_with_claims() {
    check("all-fives", Some(2), serde_json::json!({}), 12, 10);
    check(
        "all-fives",
        Some(3),
        serde_json::json!({"claims": "muggins"}),
        5,
        6,
    );
    check(
        "fives-and-threes",
        Some(2),
        serde_json::json!({"claims": "muggins"}),
        5,
        6,
    );
    check(
        "club-fives",
        None,
        serde_json::json!({"claims": "strict"}),
        5,
        6,
    );
}

#[test]
fn block_draw_and_crosses() {
    check("block", Some(2), serde_json::json!({}), 14, 8);
    check(
        "block",
        Some(4),
        serde_json::json!({"both_partners_out": true}),
        8,
        8,
    );
    check("draw", Some(3), serde_json::json!({}), 13, 6);
    check("cross", Some(2), serde_json::json!({}), 13, 6);
}

/// The trains family: several trains, the open markers, doubles owed and
/// drawing while the boneyard lasts, the chicken foot's toes.
#[test]
fn trains_endgames() {
    check(
        "mexican-train",
        Some(8),
        serde_json::json!({"set": 9}),
        20,
        6,
    );
    check("mexican-train", Some(8), serde_json::json!({}), 15, 6);
    check("chicken-foot", Some(8), serde_json::json!({}), 18, 6);
}

#[test]
fn a_best_line_plays_to_the_end() {
    let rules = Rules::of_preset("jamaican").unwrap();
    let pos = endgame(rules, 3, 12).unwrap();
    let mut solver = Solver::new(14);
    let value = solver.solve(&pos).unwrap().value;
    let line = solver.line(&pos).unwrap();
    let mut p = pos;
    for a in &line {
        p.apply(*a);
    }
    assert!(p.hand.is_over());
    let side = rules.side_of(pos.hand.to_act());
    let won = domino_engine::score::winner(&rules, &p.hand).0;
    let got = match won {
        Some(s) if s == side => 1,
        Some(_) => -1,
        None => 0,
    };
    assert_eq!(got, value);
}

/// A position is set up only by legal actions, each in its seat's turn;
/// the errors say which action failed and why.
#[test]
fn a_position_is_set_up_only_by_legal_actions_in_turn() {
    use domino_bots::solver::SetupError;
    use domino_engine::Action;
    let rules = Rules::of_preset("block").unwrap();
    let m = Match::new(rules, Some(3), None).unwrap();
    let mut pos = Position::new(*m.hand(), 1);
    let seat = pos.hand.to_act();
    let other = (seat + 1) % rules.players();
    let mut moves = MoveList::new();
    pos.hand.legal(&mut moves);
    let first = moves.as_slice()[0];
    assert_eq!(
        pos.play_checked(0, other, first),
        Err(SetupError::NotTurn {
            index: 0,
            to_act: seat,
            seat: other
        })
    );
    let e = pos.play_checked(0, seat, Action::Pass).unwrap_err();
    assert!(
        e.to_string()
            .starts_with(&format!("action 0 (seat {seat}, pass): illegal:")),
        "{e}"
    );
    assert_eq!(pos.play_checked(0, seat, first), Ok(first));
    assert_eq!(pos.hand.to_act(), other, "the checked action was played");
}
