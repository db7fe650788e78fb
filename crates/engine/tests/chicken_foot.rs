#![allow(clippy::unwrap_used)]
//! Chicken foot (RULES.md section 14, `chicken-foot`) ruling by ruling and
//! option by option, and what both trains games share (views, seeded
//! replays), from hand-built deals and scripted actions (see tests/common
//! for the script notation).

use domino_engine::rules::{Centre, LayoutKind};
use domino_engine::{Action, Match, Phase, PlaceError, Rules, Viewer};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use crate::common;
use common::*;

fn foot(players: u8, options: Value) -> Rules {
    rules("chicken-foot", players, options)
}

// ------------------------------------------------------------- Chicken foot

#[test]
fn chicken_foot_is_double_nine_with_9_7_6_5_tiles_and_ten_hands() {
    for (players, size) in [(2, 9), (3, 7), (4, 7), (5, 6), (6, 6), (7, 5), (8, 5)] {
        let r = foot(players, json!({}));
        assert_eq!((r.max_pip(), r.hand_size()), (9, size), "{players}");
        assert_eq!(
            (r.start_double(), r.rounds(), r.double_blank()),
            (9, 10, 50)
        );
        assert_eq!(r.layout(), LayoutKind::ChickenFoot { centre: 4 });
    }
    let r = foot(8, json!({"set": 12}));
    assert_eq!((r.max_pip(), r.start_double(), r.rounds()), (12, 12, 13));
    let r = foot(4, json!({"centre": "six"}));
    assert_eq!(r.centre(), Centre::Six);
    assert_eq!(r.layout(), LayoutKind::ChickenFoot { centre: 6 });
}

/// A two-player chicken foot hand of six tiles each, engine 9-9 held by seat 0.
fn foot_hand(hands: [&str; 2], top: &str, options: Value) -> Match {
    let mut o = json!({"hand_size": 6});
    o.as_object_mut()
        .unwrap()
        .extend(options.as_object().unwrap().clone());
    let r = foot(2, o);
    start(r, &deal(&r, &hands, top))
}

#[test]
fn the_centre_takes_four_tiles_before_anything_else() {
    let mut m = foot_hand(
        ["9-9 9-1 2-2 9-3 1-5 0-0", "9-2 9-4 2-6 4-4 3-3 5-5"],
        "",
        json!({}),
    );
    run(&mut m, "0:9-9");
    assert_eq!(ends(&m), vec![9, 9, 9, 9]);
    run(&mut m, "1:9-2@0");
    // 2-6 fits the 2 end, but the centre still owes three sides.
    let e = place_error(refusal(&mut m, 0, "2-2@0"));
    assert_eq!(e, PlaceError::CentreFirst(4));
    run(&mut m, "0:9-1@1 1:9-4@2 0:9-3@3");
    assert!(m.view(Viewer::All).trains.unwrap().owed.is_empty());
    assert!(legal(&m).contains(&action("2-6@0")));
}

#[test]
fn with_centre_six_the_centre_takes_six() {
    let mut m = foot_hand(
        ["9-9 9-1 9-5 9-3 1-5 0-0", "9-2 9-4 2-6 9-6 3-3 5-5"],
        "",
        json!({"centre": "six"}),
    );
    run(&mut m, "0:9-9");
    assert_eq!(ends(&m), vec![9; 6]);
    run(&mut m, "1:9-2@0 0:9-1@1 1:9-4@2 0:9-3@3");
    assert_eq!(m.view(Viewer::All).trains.unwrap().owed, vec![4, 5]);
    assert!(matches!(
        place_error(refusal(&mut m, 1, "2-6@0")),
        PlaceError::CentreFirst(6)
    ));
}

#[test]
fn a_double_on_an_end_is_a_chicken_foot_that_takes_three_toes_first() {
    let mut m = foot_hand(
        ["9-9 9-1 2-2 9-3 2-5 0-0", "9-2 9-4 2-6 2-7 1-6 5-5"],
        "",
        json!({}),
    );
    run(&mut m, "0:9-9 1:9-2@0 0:9-1@1 1:9-4@2 0:9-3@3 1:1-6@1");
    run(&mut m, "0:2-2@0");
    // The foot: end 0 and two new ends, each owed a toe; no extra play.
    assert_eq!(m.hand().layout().chains().len(), 6);
    assert_eq!(m.to_act(), Some(1));
    assert_eq!(m.view(Viewer::All).trains.unwrap().owed, vec![0, 4, 5]);
    // 2-6 fits the 6 end, but the foot owes its toes.
    let e = place_error(refusal(&mut m, 1, "2-6@1"));
    assert_eq!(e, PlaceError::ToesFirst { pips: 2 });
    assert!(e.to_string().contains("three toes"), "{e}");
    run(&mut m, "1:2-6@0 0:2-5@4 1:2-7@5");
    assert!(m.view(Viewer::All).trains.unwrap().owed.is_empty());
    // Each toe is an open end.
    assert_eq!(&ends(&m)[..], &[6, 6, 4, 3, 5, 7]);
}

#[test]
fn chicken_foot_draws_one_then_passes_without_opening_anything() {
    let mut m = foot_hand(
        ["9-9 9-1 2-2 9-3 2-5 0-0", "8-8 1-4 2-6 2-7 3-3 5-5"],
        "0-1 9-2",
        json!({}),
    );
    run(&mut m, "0:9-9 1:draw");
    assert_eq!(legal(&m), vec![Action::Pass]);
    run(&mut m, "1:pass");
    assert_eq!(m.view(Viewer::All).trains.unwrap().open, Vec::<u8>::new());
}

#[test]
fn chicken_foot_counts_0_0_as_50_by_default_or_0() {
    for (options, blank) in [(json!({}), 50), (json!({"double_blank": 0}), 0)] {
        let r = foot(2, options);
        assert_eq!(r.count(tile("0-0").bit() | tile("3-2").bit()), 5 + blank);
    }
}

#[test]
fn chicken_foot_matches_run_ten_hands_down_to_0_0() {
    let r = foot(4, json!({}));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut m = Match::new(r, Some(4), None).unwrap();
    let mut engines = Vec::new();
    loop {
        finish_hand(&mut m, &mut rng);
        engines.push(m.hand().layout().posed().unwrap().high());
        if m.phase() == Phase::MatchOver {
            break;
        }
        m.next_hand(None).unwrap();
    }
    assert_eq!(engines, (0..=9).rev().collect::<Vec<u8>>());
}

// ------------------------------------------------------------- both games

#[test]
fn views_hide_the_other_hands_and_the_boneyard() {
    for preset in ["mexican-train", "chicken-foot"] {
        let r = rules(preset, 4, json!({}));
        let m = Match::new(r, Some(3), None).unwrap();
        let v = m.view(Viewer::Seat(1));
        for s in 0..4 {
            assert_eq!(v.hands[s].is_some(), s == 1);
        }
        assert!(v.boneyard.is_none());
        let json = m.state_json(Viewer::Spectator).to_string();
        let mine = hand_of(&m, 1).iter().next().unwrap().to_string();
        assert!(
            !json.contains(&format!("\"{mine}\""))
                || m.hand().layout().board().contains(tile(&mine))
        );
    }
}

#[test]
fn seeded_matches_replay_the_same() {
    for preset in ["mexican-train", "chicken-foot"] {
        let r = rules(preset, 5, json!({}));
        let play = || {
            let mut m = Match::new(r, Some(42), None).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            finish_hand(&mut m, &mut rng);
            m.state_json(Viewer::All)
        };
        assert_eq!(play(), play());
    }
}

/// A random step with pick `k` is the `k`th action of the legal list, in
/// both games: the playouts' shortcut plays the games' own rules.
#[test]
fn random_steps_take_the_legal_lists_actions() {
    for (preset, options) in [
        ("mexican-train", json!({"first_turn": "chain"})),
        ("mexican-train", json!({"mexican_train": false})),
        ("chicken-foot", json!({})),
        ("chicken-foot", json!({"centre": "six", "set": 12})),
    ] {
        let r = rules(preset, 4, options);
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        for seed in 0..20 {
            let mut m = Match::new(r, Some(seed), None).unwrap();
            while m.phase() == Phase::Play {
                let moves = legal(&m);
                let k = rand::Rng::random_range(&mut rng, 0..moves.len());
                let mut stepped = *m.hand();
                stepped.random_step(|n| {
                    assert_eq!(n as usize, moves.len());
                    k as u32
                });
                m.act(moves[k], &mut ()).unwrap();
                assert_eq!(&stepped, m.hand());
            }
        }
    }
}
