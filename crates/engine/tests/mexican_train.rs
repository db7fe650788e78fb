#![allow(clippy::unwrap_used)]
//! Mexican Train (RULES.md section 13, `mexican-train`), ruling by ruling and option by option, from
//! hand-built deals and scripted actions (see tests/common for the script
//! notation). Most deals use a small `hand_size` so a hand is a few actions.
//!
//! Mexican Train's chains: seat `s`'s train is chain `s`, the Mexican train
//! the chain after the last seat's.

use domino_engine::rules::{FirstTurn, LayoutKind};
use domino_engine::{
    Action, EndReason, IllegalAction, Match, MoveList, Phase, PlaceError, Rules, RulesSpec, Viewer,
    Winner,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use crate::common;
use common::*;

fn mexican(players: u8, options: Value) -> Rules {
    rules("mexican-train", players, options)
}

/// A three-player Mexican Train hand of three tiles each, engine 12-12.
fn three(hands: [&str; 3], top: &str, options: Value) -> Match {
    let mut o = json!({"hand_size": 3});
    if let (Some(o), Some(extra)) = (o.as_object_mut(), options.as_object()) {
        o.extend(extra.clone());
    }
    let r = mexican(3, o);
    start(r, &deal(&r, &hands, top))
}

// ------------------------------------------------------- Mexican Train: setup

#[test]
fn mexican_train_is_double_twelve_for_2_to_8_with_15_12_10_tiles() {
    for (players, size) in [
        (2, 15),
        (3, 15),
        (4, 15),
        (5, 12),
        (6, 12),
        (7, 10),
        (8, 10),
    ] {
        let r = mexican(players, json!({}));
        assert_eq!((r.max_pip(), r.tiles().len()), (12, 91));
        assert_eq!(r.hand_size(), size, "{players} players");
        assert_eq!(
            r.layout(),
            LayoutKind::Trains {
                trains: players + 1
            }
        );
        assert_eq!(
            (r.start_double(), r.rounds(), r.double_blank()),
            (12, 13, 0)
        );
        assert_eq!(r.first_turn(), FirstTurn::One);
        assert!(r.mexican_train() && !r.open_trains_start());
    }
    let spec = RulesSpec {
        players: Some(9),
        ..RulesSpec::preset("mexican-train")
    };
    assert!(spec.resolve().is_err());
    let r = mexican(4, json!({"hand_size": 11}));
    assert_eq!(r.hand_size(), 11);
}

#[test]
fn the_engine_holder_places_it_and_the_next_seat_plays_first() {
    let mut m = three(
        ["12-1 3-4 5-6", "12-12 1-2 7-8", "12-3 9-9 2-5"],
        "",
        json!({}),
    );
    assert_eq!(m.to_act(), Some(1));
    assert_eq!(legal(&m), poses("12-12"));
    let e = refusal(&mut m, 1, "1-2");
    assert!(matches!(e, IllegalAction::BadPose { .. }), "{e}");
    run(&mut m, "1:12-12");
    assert_eq!(m.to_act(), Some(2));
    // Three trains and the Mexican train leave the station.
    assert_eq!(ends(&m), vec![12, 12, 12, 12]);
}

#[test]
fn nobody_holding_the_engine_seats_draw_for_it_in_turn_from_seat_0() {
    // The boneyard's third tile is the engine: seats 0 and 1 draw in vain,
    // seat 2 draws it and places it.
    let mut m = three(
        ["12-1 3-4 5-6", "1-2 7-8 0-0", "12-3 9-9 2-5"],
        "6-6 5-5 12-12",
        json!({}),
    );
    assert_eq!(m.to_act(), Some(0));
    assert_eq!(legal(&m), vec![Action::Draw]);
    run(&mut m, "0:draw 1:draw 2:draw");
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(legal(&m), poses("12-12"));
    run(&mut m, "2:12-12");
    assert_eq!(m.to_act(), Some(0));
    assert_eq!(hand_of(&m, 0).len(), 4);
    assert_eq!(hand_of(&m, 1).len(), 4);
}

// ---------------------------------------------------- Mexican Train: trains

#[test]
fn a_seat_plays_its_own_train_the_mexican_train_or_an_open_train() {
    let mut m = three(
        ["12-1 3-4 5-6", "12-12 1-2 7-8", "12-3 9-9 2-5"],
        "",
        json!({}),
    );
    run(&mut m, "1:12-12");
    assert_eq!(legal(&m), plays("12-3@2 12-3@3"));
    let e = refusal(&mut m, 2, "12-3@0");
    assert_eq!(
        e,
        IllegalAction::ClosedTrain {
            tile: tile("12-3"),
            train: 0
        }
    );
    assert!(e.to_string().contains("closed"), "{e}");
    // The Mexican train is anyone's: it starts with a tile matching the engine.
    run(&mut m, "2:12-3@3");
    assert_eq!(ends(&m), vec![12, 12, 12, 3]);
    assert_eq!(m.view(Viewer::All).trains.unwrap().mexican, Some(3));
}

#[test]
fn a_train_grows_only_from_its_open_end() {
    let mut m = three(
        ["12-1 3-4 5-6", "12-12 1-2 7-8", "12-3 9-9 2-5"],
        "",
        json!({}),
    );
    run(&mut m, "1:12-12 2:12-3@2 0:12-1@0");
    // Seat 1's own train still shows 12; 1-2 does not fit it.
    let e = place_error(refusal(&mut m, 1, "1-2@1"));
    assert_eq!(e, PlaceError::TrainEnd { end: 1, pips: 12 });
    assert!(e.to_string().contains("open end"), "{e}");
    // Seat 0's train is closed to seat 1 even where the tile fits its end.
    assert!(matches!(
        refusal(&mut m, 1, "1-2@0"),
        IllegalAction::ClosedTrain { .. }
    ));
}

#[test]
fn a_player_who_can_play_may_not_draw_or_pass() {
    let mut m = three(
        ["12-1 3-4 5-6", "12-12 1-2 7-8", "12-3 9-9 2-5"],
        "",
        json!({}),
    );
    run(&mut m, "1:12-12");
    assert_eq!(refusal(&mut m, 2, "draw"), IllegalAction::MustPlay("draw"));
    assert_eq!(refusal(&mut m, 2, "pass"), IllegalAction::MustPlay("pass"));
}

#[test]
fn unable_to_play_a_seat_draws_one_and_plays_it_if_it_fits() {
    let mut m = three(
        ["12-1 3-4 5-6", "12-12 1-2 7-8", "11-3 9-9 2-5"],
        "12-6 0-1",
        json!({}),
    );
    run(&mut m, "1:12-12");
    assert_eq!(legal(&m), vec![Action::Draw]);
    assert_eq!(refusal(&mut m, 2, "pass"), IllegalAction::MustDraw);
    run(&mut m, "2:draw");
    // The drawn 12-6 fits its own train and the Mexican train: play it.
    assert_eq!(legal(&m), plays("12-6@2 12-6@3"));
    assert!(matches!(
        refusal(&mut m, 2, "draw"),
        IllegalAction::MustPlay(_)
    ));
    run(&mut m, "2:12-6@2");
    assert_eq!(m.to_act(), Some(0));
}

#[test]
fn a_drawn_tile_that_does_not_fit_means_a_pass_and_an_open_train() {
    let mut m = three(
        ["12-1 3-4 5-6", "12-12 1-2 7-8", "11-3 9-9 2-5"],
        "0-1 12-6",
        json!({}),
    );
    run(&mut m, "1:12-12 2:draw");
    assert_eq!(legal(&m), vec![Action::Pass]);
    let e = refusal(&mut m, 2, "draw");
    assert!(matches!(e, IllegalAction::NoDraw(_)), "{e}");
    run(&mut m, "2:pass");
    assert!(m.hand().train_open(2));
    assert_eq!(m.view(Viewer::Seat(0)).trains.unwrap().open, vec![2]);
    // Seat 0 may now play on seat 2's open train.
    assert!(legal(&m).contains(&action("12-1@2")));
    run(&mut m, "0:12-1@2 1:1-2@2");
    assert!(m.hand().train_open(2));
    // Its owner plays on it again: it is closed.
    run(&mut m, "2:2-5@2");
    assert!(!m.hand().train_open(2));
    assert!(m.view(Viewer::All).trains.unwrap().open.is_empty());
}

#[test]
fn with_the_boneyard_empty_a_seat_that_cannot_play_passes_and_opens_its_train() {
    // Nine tiles dealt of a double-twelve set leave 82 in the boneyard: play
    // with 27 each over 3 seats instead, which leaves 10.
    let r = mexican(3, json!({"hand_size": 30}));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut m = Match::new(r, Some(11), None).unwrap();
    let mut moves = MoveList::new();
    let mut checked = false;
    while m.phase() == Phase::Play {
        m.legal(&mut moves);
        let seat = m.to_act().unwrap();
        if m.hand().boneyard().is_empty() && moves.as_slice() == [Action::Pass] {
            m.act(Action::Pass, &mut ()).unwrap();
            assert!(m.phase() != Phase::Play || m.hand().train_open(seat));
            checked = true;
            continue;
        }
        let a = moves[rng.random_range(0..moves.len())];
        m.act(a, &mut ()).unwrap();
    }
    assert!(checked, "no pass with an empty boneyard came up");
}

// ---------------------------------------------------- Mexican Train: doubles

#[test]
fn a_double_gives_another_play_which_must_cover_it() {
    let mut m = three(
        ["12-1 3-4 5-6", "12-12 1-2 7-8", "12-9 9-9 9-5"],
        "",
        json!({}),
    );
    run(&mut m, "1:12-12 2:12-9@2");
    run(&mut m, "0:12-1@0 1:draw 1:pass");
    run(&mut m, "2:9-9@2");
    // Seat 2 plays again, and only on its double.
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(legal(&m), plays("9-5@2"));
    let e = place_error(refusal(&mut m, 2, "9-5@3"));
    assert!(
        matches!(e, PlaceError::DoubleFirst { end: 2, pips: 9 }),
        "{e}"
    );
    // The cover was seat 2's last tile.
    run(&mut m, "2:9-5@2");
    assert_eq!(m.result().unwrap().seat, Some(2));
}

#[test]
fn an_unsatisfied_double_must_be_covered_before_any_other_play_by_the_next_seats() {
    let mut m = three(
        ["12-1 1-1 5-6", "12-12 1-2 7-8", "12-9 9-8 9-5"],
        "0-3 4-4 1-7",
        json!({}),
    );
    run(&mut m, "1:12-12 2:12-9@2 0:12-1@0 1:draw 1:pass 2:9-8@2");
    // Seat 0 lays 1-1 on its train and cannot cover it: it draws 0-3.
    run(&mut m, "0:1-1@0 0:draw 0:pass");
    assert!(m.hand().train_open(0));
    assert_eq!(m.view(Viewer::Spectator).trains.unwrap().owed, vec![0]);
    // Seat 1 holds 1-2, which covers the double even on seat 0's train;
    // 7-8 on seat 2's 8 end would fit, but the double comes first.
    assert_eq!(legal(&m), plays("1-2@0"));
    let e = place_error(refusal(&mut m, 1, "7-8@2"));
    assert!(
        e.to_string().contains("covered before any other play"),
        "{e}"
    );
    let e = place_error(refusal(&mut m, 1, "7-8@0"));
    assert_eq!(e, PlaceError::DoubleUnmatched { end: 0, pips: 1 });
    run(&mut m, "1:1-2@0");
    assert!(m.view(Viewer::All).trains.unwrap().owed.is_empty());
}

#[test]
fn a_seat_that_cannot_cover_the_double_draws_one_then_passes_and_opens_its_train() {
    let mut m = three(
        ["12-1 1-1 5-6", "12-12 3-2 7-8", "12-9 9-8 9-5"],
        "0-3 4-4 6-6 1-7",
        json!({}),
    );
    run(&mut m, "1:12-12 2:12-9@2 0:12-1@0 1:draw 1:pass 2:9-8@2");
    run(&mut m, "0:1-1@0 0:draw 0:pass");
    // Seat 1 draws 6-6 (0-3 and 4-4 went before): no cover, it passes.
    assert_eq!(legal(&m), vec![Action::Draw]);
    run(&mut m, "1:draw 1:pass");
    assert!(m.hand().train_open(1));
    // Seat 2 draws 1-7 and covers with it at once.
    run(&mut m, "2:draw");
    assert_eq!(legal(&m), plays("1-7@0"));
}

#[test]
fn a_double_played_as_the_last_tile_ends_the_hand() {
    let r = mexican(2, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &["12-12 3-4", "12-5 5-5"], ""));
    run(&mut m, "0:12-12 1:12-5@1 0:draw 0:pass 1:5-5@1");
    assert_eq!(m.phase(), Phase::HandOver);
    let res = m.result().unwrap();
    assert_eq!((res.reason, res.seat), (EndReason::Domino, Some(1)));
}

#[test]
fn the_hand_is_blocked_when_nobody_can_play_and_the_boneyard_is_empty() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut blocked = 0;
    for seed in 0..40 {
        let r = mexican(2, json!({"hand_size": 45}));
        let mut m = Match::new(r, Some(seed), None).unwrap();
        finish_hand(&mut m, &mut rng);
        let res = m.result().unwrap();
        if res.reason == EndReason::Blocked {
            blocked += 1;
            assert!(m.hand().boneyard().is_empty());
            // Nobody holds a tile any chain takes, even with every train open.
            let playable = m.hand().layout().playable();
            assert!((0..2).all(|s| (hand_of(&m, s) & playable).is_empty()));
        }
    }
    assert!(blocked > 0);
}

// ------------------------------------------------------ Mexican Train: scores

#[test]
fn every_player_scores_the_pips_left_and_0_0_counts_as_the_option_says() {
    for (options, blank) in [
        (json!({}), 0),
        (json!({"double_blank": 50}), 50),
        (json!({"double_blank": true}), 50),
    ] {
        let mut o = json!({"hand_size": 2});
        o.as_object_mut()
            .unwrap()
            .extend(options.as_object().unwrap().clone());
        let r = mexican(2, o);
        let mut m = start(r, &deal(&r, &["12-12 0-0", "12-5 6-4"], ""));
        run(&mut m, "0:12-12 1:12-5@1 0:draw 0:pass");
        // Seat 1 goes out next turn? It holds 6-4 only: it draws instead.
        while m.phase() == Phase::Play {
            let l = legal(&m);
            m.act(l[0], &mut ()).unwrap();
        }
        let res = m.result().unwrap();
        for s in 0..2u8 {
            let held = hand_of(&m, s);
            let want = held.pips() + if held.contains(tile("0-0")) { blank } else { 0 };
            assert_eq!(res.counts[s as usize], want);
            assert_eq!(res.points[s as usize], want as i32);
        }
    }
}

#[test]
fn a_match_is_13_hands_from_12_12_down_to_0_0_and_the_lowest_total_wins() {
    let r = mexican(4, json!({}));
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut m = Match::new(r, Some(1), None).unwrap();
    let mut engines = Vec::new();
    let mut totals = [0i32; 4];
    loop {
        finish_hand(&mut m, &mut rng);
        engines.push(m.hand().layout().posed().unwrap().high());
        let res = m.result().unwrap();
        for (t, p) in totals.iter_mut().zip(res.points.iter()) {
            *t += p;
        }
        if m.phase() == Phase::MatchOver {
            break;
        }
        m.next_hand(None).unwrap();
    }
    assert_eq!(engines, (0..=12).rev().collect::<Vec<u8>>());
    assert_eq!(m.scores(), &totals);
    let low = *totals.iter().min().unwrap();
    let lowest: Vec<usize> = (0..4).filter(|&s| totals[s] == low).collect();
    match m.winner().unwrap() {
        Winner::Side(s) => assert_eq!(lowest, vec![s]),
        Winner::Nobody => assert!(lowest.len() > 1),
    }
}

#[test]
fn start_double_and_rounds_make_a_shorter_match() {
    let r = mexican(2, json!({"start_double": 5}));
    assert_eq!(r.rounds(), 6);
    let r = mexican(2, json!({"start_double": 9, "rounds": 2}));
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut m = Match::new(r, Some(2), None).unwrap();
    finish_hand(&mut m, &mut rng);
    assert_eq!(m.hand().layout().posed(), Some(tile("9-9")));
    m.next_hand(None).unwrap();
    finish_hand(&mut m, &mut rng);
    assert_eq!(m.hand().layout().posed(), Some(tile("8-8")));
    assert_eq!(m.phase(), Phase::MatchOver);
    let spec: RulesSpec = serde_json::from_value(
        json!({"preset": "mexican-train", "options": {"start_double": 3, "rounds": 5}}),
    )
    .unwrap();
    let e = spec.resolve().unwrap_err();
    assert!(e.to_string().contains("rounds"), "{e}");
}

#[test]
fn equal_lowest_totals_share_the_win() {
    // One-hand matches: a tie on the lowest total names no single winner.
    let mut ties = 0;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for seed in 0..200 {
        let mut m = Match::new(
            mexican(2, json!({"rounds": 1, "hand_size": 4})),
            Some(seed),
            None,
        )
        .unwrap();
        finish_hand(&mut m, &mut rng);
        let s = m.scores().to_vec();
        let w = m.winner().unwrap();
        if s[0] == s[1] {
            assert_eq!(w, Winner::Nobody);
            ties += 1;
        } else {
            assert_eq!(w, Winner::Side(if s[0] < s[1] { 0 } else { 1 }));
        }
    }
    assert!(ties > 0, "no tie in 200 one-hand matches");
}

// ---------------------------------------------------- Mexican Train: options

#[test]
fn first_turn_chain_lays_as_many_as_the_player_will_on_their_own_train() {
    let mut m = three(
        ["12-1 3-4 5-6", "12-12 1-2 7-8", "12-9 9-4 4-2"],
        "",
        json!({"first_turn": "chain"}),
    );
    run(&mut m, "1:12-12 2:12-9@2");
    assert_eq!(m.to_act(), Some(2));
    assert!(m.hand().chaining());
    assert_eq!(legal(&m), plays("9-4@2 pass"));
    assert_eq!(refusal(&mut m, 2, "9-4@3"), IllegalAction::ChainOwnTrain);
    run(&mut m, "2:9-4@2 2:4-2@2");
    // Out of tiles: the chain went out.
    assert_eq!(m.phase(), Phase::HandOver);

    let mut m = three(
        ["12-1 1-4 5-6", "12-12 1-2 7-8", "12-9 9-4 4-2"],
        "",
        json!({"first_turn": "chain"}),
    );
    run(&mut m, "1:12-12 2:12-9@2 2:pass");
    // A pass ends the chain and does not open the train.
    assert!(!m.hand().train_open(2));
    // Seat 0's chain ends by itself when no tile fits its train.
    run(&mut m, "0:12-1@0 0:1-4@0");
    assert_eq!(m.to_act(), Some(1));
    // A chain is a first turn's only: seat 2's next turn is one tile.
    run(&mut m, "1:draw 1:pass 2:9-4@2");
    assert_eq!(m.to_act(), Some(0));
}

#[test]
fn the_player_who_placed_the_engine_still_has_a_first_turn_chain() {
    let mut m = three(
        ["12-3 5-6 6-6", "12-12 12-1 1-2", "12-9 9-4 4-2"],
        "",
        json!({"first_turn": "chain"}),
    );
    // Seat 0's first tile goes on the Mexican train: an ordinary turn.
    run(&mut m, "1:12-12 2:12-9@2 2:pass 0:12-3@3");
    // Seat 1 placed the engine; its first tile on its own train is its
    // first turn's, and 1-2 still fits there: the chain goes on.
    run(&mut m, "1:12-1@1");
    assert_eq!(m.to_act(), Some(1));
    assert!(m.hand().chaining());
    assert_eq!(legal(&m), plays("1-2@1 pass"));
}

#[test]
fn with_first_turn_one_a_turn_is_one_tile() {
    let mut m = three(
        ["12-1 3-4 5-6", "12-12 1-2 7-8", "12-9 9-4 4-2"],
        "",
        json!({}),
    );
    run(&mut m, "1:12-12 2:12-9@2");
    assert_eq!(m.to_act(), Some(0));
}

#[test]
fn without_the_mexican_train_only_the_players_trains_leave_the_station() {
    let mut m = three(
        ["12-1 3-4 5-6", "12-12 1-2 7-8", "12-3 9-9 2-5"],
        "",
        json!({"mexican_train": false}),
    );
    run(&mut m, "1:12-12");
    assert_eq!(ends(&m), vec![12, 12, 12]);
    assert_eq!(legal(&m), plays("12-3@2"));
    assert_eq!(m.view(Viewer::All).trains.unwrap().mexican, None);
}

#[test]
fn open_trains_start_opens_every_train_until_its_owner_plays_on_it() {
    let mut m = three(
        ["12-1 3-4 5-6", "12-12 1-2 7-8", "12-3 9-9 2-5"],
        "",
        json!({"open_trains_start": true}),
    );
    run(&mut m, "1:12-12");
    assert_eq!(legal(&m), plays("12-3@0 12-3@1 12-3@2 12-3@3"));
    run(&mut m, "2:12-3@2");
    assert!(!m.hand().train_open(2) && m.hand().train_open(0));
}
