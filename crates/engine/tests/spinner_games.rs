#![allow(clippy::unwrap_used)]
//! The spinner and points games of RULES.md (`french`, `all-fives`,
//! `fives-and-threes`, `club-fives`, `cross`, `double-nine-cross`), rule by
//! rule and worked example by worked example, from hand-built deals and
//! scripted actions.
//!
//! Scripts are written `seat:action`, separated by spaces, where an action is
//! a tile (`6-6`: the pose, or the only end it fits), a tile on an end
//! (`6-5@0`), either of those with a trailing `+` for a claimed play, `pass`,
//! `draw`, `draw*16` (sixteen draws) or `muggins`. Several matches use the
//! `hand_size` option (every game takes it) so that a hand is only a few
//! actions long; the undealt tiles then sleep in the boneyard.

use domino_engine::EndReason;
use domino_engine::PlaceError;
use domino_engine::Side;
use domino_engine::{
    Action, DealError, DealSpec, Event, IllegalAction, Match, MatchError, Phase, Rules, RulesSpec,
    TileSet, Viewer,
};
use domino_engine::{PenaltyReason, ScoreReason, SkunkReport};
use serde_json::{json, Value};

use crate::common;
use common::*;

// ---------------------------------------------------------------- helpers

/// Points scored for open-end totals (and muggins) in these events, by side.
fn scored(events: &[Event], sides: usize) -> Vec<i32> {
    let mut v = vec![0; sides];
    for e in events {
        if let Event::Scored { side, points, .. } = e {
            v[*side] += points;
        }
    }
    v
}

fn scored_events(events: &[Event]) -> Vec<(usize, i32, ScoreReason)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored {
                side,
                points,
                reason,
            } => Some((*side, *points, *reason)),
            _ => None,
        })
        .collect()
}

fn penalty_events(events: &[Event]) -> Vec<(u8, i32, PenaltyReason)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Penalty {
                seat,
                points,
                reason,
            } => Some((*seat, *points, *reason)),
            _ => None,
        })
        .collect()
}

fn unclaimed_events(events: &[Event]) -> Vec<(u8, i32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Unclaimed { seat, points } => Some((*seat, *points)),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------- French

fn french(options: Value) -> Rules {
    rules("french", 4, options)
}

#[test]
fn french_first_hand_double_blank_holder_must_pose_it() {
    let r = french(json!({}));
    let d = deal(
        &r,
        &[
            "1-0 2-0 3-0 4-0 5-0 6-0 1-1",
            "2-1 2-2 3-1 3-2 3-3 4-1 4-2",
            "0-0 4-3 4-4 5-1 5-2 5-3 5-4",
            "5-5 6-1 6-2 6-3 6-4 6-5 6-6",
        ],
        "",
    );
    let mut m = start(r, &d);
    assert_eq!(m.phase(), Phase::Play);
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(
        legal(&m),
        poses("0-0"),
        "only 0-0 may be posed, even with 4-4 and 5-5 held"
    );
    let e = illegal(refused(&mut m, 2, "4-4"));
    assert!(matches!(e, IllegalAction::BadPose { .. }), "{e:?}");
    assert!(matches!(
        refused(&mut m, 0, "1-0"),
        MatchError::NotYourTurn { seat: 0, to_act: 2 }
    ));
    run(&mut m, "2:0-0");
    assert_eq!(
        ends(&m),
        vec![0, 0, 0, 0],
        "four arms from the posed double"
    );
}

#[test]
fn french_first_four_plays_go_on_the_four_arms_one_each() {
    let r = french(json!({}));
    // Seat 2 holds two blanks: he may put either on any empty arm.
    let d = deal(
        &r,
        &[
            "0-0 0-3 1-1 5-5 6-6 6-5 6-4",
            "0-1 2-1 2-2 3-1 3-2 3-3 4-1",
            "0-2 0-4 4-2 4-3 4-4 5-1 5-2",
            "5-3 5-4 6-1 6-2 6-3 0-5 0-6",
        ],
        "",
    );
    let mut m = start(r, &d);
    run(&mut m, "0:0-0 1:0-1@0");
    assert_eq!(ends(&m), vec![1, 0, 0, 0]);
    // Arm 0 has its tile: nothing more goes there until all four are down,
    // neither a blank nor a tile matching its new end.
    let e = illegal(refused(&mut m, 2, "5-1@0"));
    assert_eq!(
        e,
        IllegalAction::Place {
            tile: tile("5-1"),
            source: PlaceError::CrossFirst(0)
        }
    );
    assert!(e.to_string().contains("four sides"), "{e}");
    let e = illegal(refused(&mut m, 2, "0-2@0"));
    assert_eq!(
        e,
        IllegalAction::Place {
            tile: tile("0-2"),
            source: PlaceError::NoMatch { end: 0, pips: 1 }
        }
    );
    // Without an end, a blank fits any of the three empty arms.
    let e = illegal(refused(&mut m, 2, "0-2"));
    assert!(matches!(e, IllegalAction::AmbiguousEnd { .. }), "{e:?}");
    assert_eq!(
        legal(&m),
        plays("0-2@1 0-4@1 0-2@2 0-4@2 0-2@3 0-4@3"),
        "seat 2 may only fill an empty arm"
    );
    run(&mut m, "2:0-2@1");
    // Seat 3 holds 0-5 and 0-6: he fills an arm too.
    run(&mut m, "3:0-5@2");
    // Seat 0 cannot yet play 1-1 on arm 0 (it shows 1): the arms come first.
    let e = illegal(refused(&mut m, 0, "1-1@0"));
    assert_eq!(
        e,
        IllegalAction::Place {
            tile: tile("1-1"),
            source: PlaceError::CrossFirst(0)
        }
    );
    run(&mut m, "0:0-3@3");
    assert_eq!(ends(&m), vec![1, 2, 5, 3], "four arms, each with one tile");
    assert_eq!(m.hand().layout().chains().len(), 4);
    // The arms are open now: 2-2 goes on the arm showing 2, then any 2.
    run(&mut m, "1:2-2@1 2:4-2@1");
    assert_eq!(ends(&m), vec![1, 4, 5, 3]);
}

/// The source's worked example: top (arm 0) ends in 2 with 2-2 down, left
/// (arm 1) ends in 1 without 1-1, bottom (arm 2) and right (arm 3) end in 4
/// without 4-4.
#[test]
fn french_arm_example_each_number_waits_for_its_double() {
    let r = french(json!({}));
    let d = deal(
        &r,
        &[
            "0-0 3-0 2-1 5-1 5-4 6-5 6-6",
            "2-0 3-3 4-4 5-5 5-3 5-0 6-3",
            "1-0 4-3 6-4 1-1 3-1 3-2 4-1",
            "4-0 2-2 4-2 5-2 6-0 6-1 6-2",
        ],
        "",
    );
    let mut m = start(r, &d);
    run(
        &mut m,
        "0:0-0 1:2-0@0 2:1-0@1 3:4-0@2 0:3-0@3 \
         1:3-3@3 2:4-3@3 3:2-2@0",
    );
    assert_eq!(
        ends(&m),
        vec![2, 1, 4, 4],
        "top 2, left 1, bottom 4, right 4"
    );
    // Seat 0 holds 2-1, 5-1, 5-4, 6-5, 6-6: only 2-1 on the top arm plays.
    assert_eq!(m.to_act(), Some(0));
    assert_eq!(legal(&m), plays("2-1@0"));
    // The left arm ends in 1 and 1-1 is not down: 2-1 and 5-1 wait.
    for what in ["2-1@1", "5-1@1"] {
        let e = illegal(refused(&mut m, 0, what));
        assert!(
            matches!(
                e,
                IllegalAction::Place {
                    source: PlaceError::WaitsForDouble { end: 1, pips: 1 },
                    ..
                }
            ),
            "{what}: {e:?}"
        );
        assert!(
            e.to_string().contains("only 1-1"),
            "the error says why: {e}"
        );
    }
    // Bottom and right end in 4: nothing but 4-4 until 4-4 is down.
    for end in [2, 3] {
        let e = illegal(refused(&mut m, 0, &format!("5-4@{end}")));
        assert!(
            matches!(
                e,
                IllegalAction::Place {
                    source: PlaceError::WaitsForDouble { pips: 4, .. },
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(e.to_string().contains("only 4-4"), "{e}");
    }
    // Without an end, 5-1 names the arm and why.
    let e = illegal(refused(&mut m, 0, "5-1"));
    assert!(e.to_string().contains("only 1-1"), "{e}");
    run(&mut m, "0:2-1@0");
    assert_eq!(ends(&m), vec![1, 1, 4, 4]);
    // Seat 1 may put 4-4 on either 4 arm; once it is down (anywhere), the
    // other 4 arm takes any 4.
    assert!(legal(&m).contains(&action("4-4@2")));
    assert!(legal(&m).contains(&action("4-4@3")));
    run(&mut m, "1:4-4@2 2:6-4@3");
    assert_eq!(ends(&m), vec![1, 1, 4, 6]);
}

#[test]
fn french_later_hands_arms_carry_the_posed_doubles_number() {
    let r = french(json!({"hand_size": 2}));
    // Hand 1: 0-0 is posed and nobody can follow: blocked at once, seat 2
    // has the lowest count.
    let d1 = deal(&r, &["0-0 6-6", "6-5 5-5", "2-1 1-1", "6-4 5-4"], "");
    let mut m = start(r, &d1);
    run(&mut m, "0:0-0");
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(winner_side(&m), Some(2));
    // Hand 2: seat 2 poses 5-5; the first four plays are fives, one per arm.
    let d2 = deal(&r, &["5-0 4-0", "5-1 1-0", "5-5 5-2", "5-3 3-0"], "");
    next(&mut m, &d2);
    assert_eq!(m.to_act(), Some(2));
    run(&mut m, "2:5-5");
    assert_eq!(ends(&m), vec![5, 5, 5, 5]);
    run(&mut m, "3:5-3@0 0:5-0@1 1:5-1@2");
    // Seat 2 cannot play 5-2 on arm 0 (it shows 3): only arm 3 is open.
    let e = illegal(refused(&mut m, 2, "5-2@0"));
    assert!(matches!(e, IllegalAction::Place { .. }), "{e:?}");
    assert_eq!(legal(&m), plays("5-2@3"));
}

#[test]
fn french_hand_score_is_doubled_for_holding_a_double() {
    let r = french(json!({"hand_size": 3}));
    let d = deal(
        &r,
        &["0-0 0-1 6-1", "0-2 1-1 5-5", "0-3 2-2 6-3", "0-4 3-3 5-4"],
        "",
    );
    let mut m = start(r, &d);
    run(
        &mut m,
        "0:0-0 1:2-0@0 2:3-0@1 3:4-0@2 0:1-0@3 \
         1:1-1@3 2:2-2@0 3:3-3@1 0:6-1@3",
    );
    assert_eq!(m.phase(), Phase::HandOver);
    let res = m.result().unwrap();
    assert_eq!(res.reason, EndReason::Domino);
    assert_eq!(winner_side(&m), Some(0));
    assert_eq!(counts(&m), vec![0, 10, 9, 9]);
    // Seat 1 still holds 5-5: 10 doubled. Seats 2 and 3 hold no double.
    assert_eq!(points(&m), vec![0, 20, 9, 9]);
    assert_eq!(m.scores(), &[0, 20, 9, 9]);
    assert!(!notes(&m).contains(&"double_out"));
}

#[test]
fn french_winner_going_out_with_a_double_doubles_the_others_again() {
    let r = french(json!({"hand_size": 3}));
    let d = deal(
        &r,
        &["0-0 0-1 1-1", "0-2 2-2 6-5", "0-3 3-3 6-6", "0-4 4-4 5-2"],
        "",
    );
    let mut m = start(r, &d);
    run(
        &mut m,
        "0:0-0 1:2-0@0 2:3-0@1 3:4-0@2 0:1-0@3 \
         1:2-2@0 2:3-3@1 3:4-4@2 0:1-1@3",
    );
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(winner_side(&m), Some(0));
    assert_eq!(counts(&m), vec![0, 11, 12, 7]);
    // Seat 1: 11 x2 (the winner went out with a double). Seat 2 also holds
    // 6-6: 12 x2 x2. Seat 3: 7 x2.
    assert_eq!(points(&m), vec![0, 22, 48, 14]);
    assert!(notes(&m).contains(&"double_out"));
}

#[test]
fn french_three_passes_in_a_row_cost_ten() {
    let r = french(json!({"hand_size": 5}));
    let d = deal(
        &r,
        &[
            "0-0 0-1 1-1 2-2 6-3",
            "6-6 6-5 5-5 6-4 5-4",
            "0-2 0-4 2-1 5-2 6-2",
            "0-3 3-3 4-3 5-3 4-1",
        ],
        "",
    );
    let mut m = start(r, &d);
    let ev = run(
        &mut m,
        "0:0-0 1:pass 2:2-0@0 3:3-0@1 0:1-0@2 1:pass 2:4-0@3 3:3-3@1 0:1-1@2",
    );
    assert!(penalty_events(&ev).is_empty(), "two passes cost nothing");
    let ev = run(&mut m, "1:pass");
    assert_eq!(
        penalty_events(&ev),
        vec![(1, 10, PenaltyReason::ThreePasses)]
    );
    let e = ev
        .iter()
        .find(|e| matches!(e, Event::Penalty { .. }))
        .unwrap();
    assert_eq!(
        serde_json::to_value(e).unwrap(),
        json!({"type": "penalty", "seat": 1, "points": 10, "reason": "three_passes"})
    );
    assert_eq!(m.hand().penalties(), &[0, 10, 0, 0]);
    assert_eq!(m.scores(), &[0, 10, 0, 0], "penalties count at once");
    // The count restarts: his next pass is his first again.
    run(&mut m, "2:2-1@2 3:4-3@1 0:2-2@0");
    let ev = run(&mut m, "1:pass");
    assert!(penalty_events(&ev).is_empty());
}

#[test]
fn french_board_pass_charges_each_of_the_three_when_the_player_plays_again() {
    let r = french(json!({"hand_size": 4}));
    let d = deal(
        &r,
        &[
            "0-0 0-4 4-4 6-1",
            "0-1 6-5 6-6 6-3",
            "0-2 5-4 5-5 5-3",
            "0-3 6-2 2-1 3-1",
        ],
        "",
    );
    let mut m = start(r, &d);
    run(&mut m, "0:0-0 1:1-0@0 2:2-0@1 3:3-0@2 0:4-0@3");
    assert_eq!(ends(&m), vec![1, 2, 3, 4]);
    // Nobody else can play: three passes, and nothing is charged yet.
    let ev = run(&mut m, "1:pass 2:pass 3:pass");
    assert!(penalty_events(&ev).is_empty());
    assert_eq!(m.scores(), &[0, 0, 0, 0]);
    assert_eq!(m.hand().board_passes(), 0);
    // Seat 0 plays again: each of the three is charged 10.
    let ev = run(&mut m, "0:4-4@3");
    assert_eq!(
        penalty_events(&ev),
        vec![
            (1, 10, PenaltyReason::BoardPass),
            (2, 10, PenaltyReason::BoardPass),
            (3, 10, PenaltyReason::BoardPass)
        ]
    );
    assert_eq!(m.scores(), &[0, 10, 10, 10]);
    assert_eq!(m.hand().board_passes(), 1);
    // The board-pass passes count towards three in a row: seat 1's pass
    // now is his second, his next one his third.
    run(&mut m, "1:pass 2:5-4@3 3:pass 0:pass");
    let ev = run(&mut m, "1:pass");
    assert_eq!(
        penalty_events(&ev),
        vec![(1, 10, PenaltyReason::ThreePasses)]
    );
    // Seats 3, 0 and 1 passed since seat 2's play: seat 2 plays again and
    // each of them is charged.
    let ev = run(&mut m, "2:5-5@3");
    assert_eq!(
        penalty_events(&ev),
        vec![
            (0, 10, PenaltyReason::BoardPass),
            (1, 10, PenaltyReason::BoardPass),
            (3, 10, PenaltyReason::BoardPass)
        ]
    );
    assert_eq!(m.scores(), &[10, 30, 10, 20]);
    assert_eq!(m.hand().board_passes(), 2);
}

#[test]
fn french_two_passes_then_another_player_plays_is_no_board_pass() {
    let r = french(json!({"hand_size": 4}));
    let d = deal(
        &r,
        &[
            "0-0 0-4 6-6 6-1",
            "0-1 6-5 6-2 6-3",
            "0-2 5-4 5-5 5-3",
            "0-3 4-4 2-1 3-1",
        ],
        "",
    );
    let mut m = start(r, &d);
    run(
        &mut m,
        "0:0-0 1:1-0@0 2:2-0@1 3:3-0@2 0:4-0@3 1:pass 2:pass",
    );
    let ev = run(&mut m, "3:4-4@3");
    assert!(penalty_events(&ev).is_empty());
    assert_eq!(m.hand().board_passes(), 0);
}

#[test]
fn french_no_board_pass_when_the_hand_is_blocked_instead() {
    let r = french(json!({"hand_size": 2}));
    // Seat 3's play leaves arm 3 open for a blank nobody holds: blocked at
    // once, before anybody passes, so no board pass is charged.
    let d = deal(&r, &["0-0 6-6", "0-1 5-5", "0-2 5-4", "0-3 5-3"], "");
    let mut m = start(r, &d);
    let ev = run(&mut m, "0:0-0 1:1-0@0 2:2-0@1 3:3-0@2");
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(m.result().unwrap().reason, EndReason::Blocked);
    assert!(penalty_events(&ev).is_empty());
    assert!(!notes(&m).contains(&"board_pass"));
    assert_eq!(m.hand().board_passes(), 0);
    // Blocked: the lowest count wins, and everyone scores his count
    // (doubled for a double held).
    assert_eq!(counts(&m), vec![12, 10, 9, 8]);
    assert_eq!(winner_side(&m), Some(3));
    assert_eq!(m.result().unwrap().seat, Some(3));
    assert_eq!(points(&m), vec![24, 20, 9, 8]);
    assert!(matches!(refused(&mut m, 0, "pass"), MatchError::HandOver));
}

#[test]
fn french_double_blank_ten_counts_double_blank_as_ten() {
    for (ten, s1_points) in [(true, 20), (false, 0)] {
        let r = french(json!({"hand_size": 2, "double_blank_ten": ten}));
        // Hand 1: 0-0 is posed, nobody can follow; seat 0 has the lowest count.
        let d1 = deal(&r, &["0-0 2-1", "6-6 6-5", "5-5 5-4", "4-4 4-3"], "");
        let mut m = start(r, &d1);
        run(&mut m, "0:0-0");
        assert_eq!(winner_side(&m), Some(0));
        assert_eq!(points(&m), vec![3, 46, 38, 30]);
        // Hand 2: seat 0 poses 5-5 and goes out; seat 1 is left with 0-0 alone.
        let d2 = deal(&r, &["5-5 5-1", "0-0 5-2", "5-3 6-6", "5-4 2-1"], "");
        next(&mut m, &d2);
        run(&mut m, "0:5-5 1:5-2@0 2:5-3@1 3:5-4@2 0:5-1@3");
        assert_eq!(m.phase(), Phase::HandOver);
        assert_eq!(winner_side(&m), Some(0));
        let c1 = if ten { 10 } else { 0 };
        assert_eq!(counts(&m), vec![0, c1, 12, 3], "double_blank_ten={ten}");
        assert_eq!(
            points(&m),
            vec![0, s1_points, 24, 3],
            "double_blank_ten={ten}"
        );
    }
}

#[test]
fn french_match_ends_at_100_low_total_wins_and_a_tie_for_lowest_plays_on() {
    let r = french(json!({"hand_size": 5}));
    // Hand 1: 0-0 is posed and no other blank is held: blocked at once.
    // Seats 1 and 2 share the lowest count: a tied hand, everyone scores
    // his count doubled (each holds a double).
    let d1 = deal(
        &r,
        &[
            "0-0 4-4 5-2 5-3 6-3",
            "1-1 4-1 5-1 6-1 6-2",
            "2-2 3-2 3-3 4-2 4-3",
            "6-6 5-5 6-5 6-4 5-4",
        ],
        "",
    );
    let mut m = start(r, &d1);
    run(&mut m, "0:0-0");
    assert_eq!(m.result().unwrap().reason, EndReason::Blocked);
    assert_eq!(counts(&m), vec![32, 28, 28, 52]);
    assert_eq!(winner_side(&m), None, "shared lowest count: a tie");
    assert_eq!(m.scores(), &[64, 56, 56, 104]);
    // Seat 3 passed 100 but seats 1 and 2 tie for the lowest total: play on.
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(m.winner(), None);
    // After a tied hand the 0-0 holder poses it.
    let d2 = deal(
        &r,
        &[
            "6-6 6-5 6-4 6-3 6-2",
            "1-1 2-1 3-1 4-1 5-1",
            "0-0 2-2 3-2 4-2 3-3",
            "5-5 5-4 5-3 5-2 4-4",
        ],
        "",
    );
    next(&mut m, &d2);
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(legal(&m), poses("0-0"));
    let ev = run(&mut m, "2:0-0");
    assert_eq!(counts(&m), vec![50, 20, 21, 42]);
    assert_eq!(winner_side(&m), Some(1));
    assert_eq!(m.scores(), &[164, 96, 98, 188]);
    assert_eq!(m.phase(), Phase::MatchOver);
    assert_eq!(
        m.winner(),
        Some(domino_engine::Winner::Side(1)),
        "the lowest total wins"
    );
    assert!(ev.contains(&Event::MatchOver {
        winner: Some(Side { side: 1 }),
        skunk: None,
    }));
    assert!(matches!(m.next_hand(Some(&d2)), Err(MatchError::MatchOver)));
}

#[test]
fn french_previous_winner_poses_a_double_of_his_choice() {
    let r = french(json!({"hand_size": 3}));
    // Hand 1 is blocked at once; seat 2 has the lowest count.
    let d1 = deal(
        &r,
        &["0-0 6-6 6-5", "5-5 5-4 6-4", "2-1 1-1 3-1", "6-3 5-3 4-4"],
        "",
    );
    let mut m = start(r, &d1);
    run(&mut m, "0:0-0");
    assert_eq!(winner_side(&m), Some(2));
    let after_hand_1 = m.clone();

    // Seat 2 holds 3-3 and 5-5: either may be posed, the other tile may not.
    let d2 = deal(
        &r,
        &["6-6 6-5 6-4", "4-4 4-3 4-2", "3-3 5-5 2-1", "1-1 1-0 2-0"],
        "",
    );
    next(&mut m, &d2);
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(legal(&m), poses("3-3 5-5"));
    let e = illegal(refused(&mut m, 2, "2-1"));
    assert!(e.to_string().contains("double"), "{e}");
    run(&mut m, "2:5-5");

    // Seat 2 holds no double, nor does seat 3: seat 0, the next holding one,
    // poses a double of his choice.
    let mut m = after_hand_1;
    let d3 = deal(
        &r,
        &["4-4 3-1 2-2", "6-6 6-1 6-2", "6-5 4-3 5-1", "6-4 2-1 3-0"],
        "",
    );
    next(&mut m, &d3);
    assert_eq!(m.to_act(), Some(0));
    assert_eq!(legal(&m), poses("2-2 4-4"));
}

// ------------------------------------------------------------- all fives

fn fives(preset: &str, players: u8, options: Value) -> Rules {
    rules(preset, players, options)
}

#[test]
fn all_fives_ends_3_and_6_then_6_6_on_the_6_scores_15() {
    let r = fives("all-fives", 2, json!({}));
    let d = deal(&r, &["6-1 2-0 3-0 4-0 4-1", "6-6 3-1 5-2 4-2 1-0"], "");
    let mut m = start(r, &d);
    assert_eq!(m.to_act(), Some(1), "the 6-6 holder plays first");
    let ev = run(&mut m, "1:3-1 0:6-1@1");
    assert!(scored_events(&ev).is_empty(), "4, then 9: nothing");
    assert_eq!(ends(&m), vec![3, 6]);
    let ev = run(&mut m, "1:6-6@1");
    assert_eq!(total(&m), 15, "3 + 6-6 counted both halves");
    assert_eq!(scored_events(&ev), vec![(1, 15, ScoreReason::Ends)]);
    let e = ev
        .iter()
        .find(|e| matches!(e, Event::Scored { .. }))
        .unwrap();
    assert_eq!(
        serde_json::to_value(e).unwrap(),
        json!({"type": "scored", "side": 1, "points": 15, "reason": "ends"})
    );
    assert_eq!(m.scores(), &[0, 15]);
}

#[test]
fn all_fives_posing_5_5_scores_10_and_5_0_scores_5() {
    let r = fives("all-fives", 2, json!({}));
    let d = deal(&r, &["6-6 5-5 5-0 3-1 2-1", "4-4 4-3 4-2 4-1 4-0"], "");
    let base = start(r, &d);
    assert_eq!(base.to_act(), Some(0));
    for (pose, pts) in [("5-5", 10), ("5-0", 5), ("6-6", 0), ("3-1", 0)] {
        let mut m = base.clone();
        let ev = run(&mut m, &format!("0:{pose}"));
        assert_eq!(scored(&ev, 2), vec![pts, 0], "posing {pose}");
        assert_eq!(m.scores(), &[pts, 0], "posing {pose}");
    }
    // A double at an end counts both halves: 5-5 on the 5 of a posed 5-0
    // makes 10 + 0.
    let d = deal(&r, &["6-6 5-0 3-1 2-1 1-0", "5-5 4-3 4-2 4-1 4-0"], "");
    let mut m = start(r, &d);
    let ev = run(&mut m, "0:5-0 1:5-5@0");
    assert_eq!(total(&m), 10);
    assert_eq!(scored(&ev, 2), vec![5, 10]);
}

#[test]
fn all_fives_deals_five_each_whatever_the_number_of_players() {
    for preset in ["all-fives", "fives-and-threes"] {
        for players in 2..=4u8 {
            let r = fives(preset, players, json!({}));
            assert_eq!((r.hand_size(), r.max_pip()), (5, 6));
            let m = Match::new(r, Some(5), None).unwrap();
            assert_eq!(m.hand().boneyard().len(), 28 - 5 * players as usize);
        }
    }
}

/// The source's example: the winner holds 3, the losers 11, 6 and 5; the
/// differences 8, 3 and 2 round to 10, 5 and 0, and the winner gains 15.
/// Four players with six tiles each: the last two boneyard tiles (3-1, 3-2)
/// never come into play, and the hand blocks with every 4 on the table.
#[test]
fn all_fives_end_bonus_source_example_rounds_each_difference() {
    let r = fives("all-fives", 4, json!({"hand_size": 6}));
    let d = deal(
        &r,
        &[
            "5-4 4-1 3-0 6-6 5-1 5-0",
            "5-3 4-4 3-3 6-2 1-1 6-0",
            "6-3 4-0 4-3 5-2 1-0 6-5",
            "6-1 0-0 6-4 5-5 2-0 2-1",
        ],
        "2-2 4-2 3-1 3-2",
    );
    let mut m = start(r, &d);
    assert_eq!(m.to_act(), Some(0), "seat 0 holds 6-6 and poses any tile");
    let ev = run(
        &mut m,
        "0:5-4 1:5-3@0 2:6-3@0 3:6-1@0 0:4-1@0 1:4-4@0 2:4-0@0 3:0-0@0 \
         0:3-0@0 1:3-3@0 2:4-3@0 3:6-4@0 0:6-6@0 1:6-2@0 2:5-2@0 3:5-5@0 \
         0:5-1@0 1:1-1@0 2:1-0@0 3:2-0@0 0:draw 0:2-2@0 1:draw 1:4-2@0",
    );
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(m.result().unwrap().reason, EndReason::Blocked);
    assert_eq!(m.hand().boneyard(), tiles("3-1 3-2").as_slice());
    assert_eq!(counts(&m), vec![5, 6, 11, 3]);
    assert_eq!(winner_side(&m), Some(3));
    assert_eq!(m.result().unwrap().seat, Some(3));
    let play = scored(&ev, 4);
    let mut want = play.clone();
    want[3] += 15;
    assert_eq!(points(&m), want, "ends points {play:?} plus 10 + 5 + 0");
    assert_eq!(m.scores(), want.as_slice());
}

#[test]
fn all_fives_the_last_two_boneyard_tiles_are_never_drawn() {
    let r = fives("all-fives", 2, json!({}));
    // Seat 1 and the top sixteen boneyard tiles hold every tile without a 6;
    // 6-4 and 6-5 lie at the bottom.
    let d = deal(
        &r,
        &["6-6 6-0 6-1 6-2 6-3", "1-0 2-1 3-2 4-3 5-4"],
        "0-0 1-1 2-0 2-2 3-0 3-1 3-3 4-0 4-1 4-2 4-4 5-0 5-1 5-2 5-3 5-5 6-4 6-5",
    );
    let mut m = start(r, &d);
    run(&mut m, "0:6-6");
    let e = illegal(refused(&mut m, 1, "pass"));
    assert_eq!(e, IllegalAction::MustDraw);
    for k in 0..16 {
        assert_eq!(legal(&m), vec![Action::Draw], "draw {k}");
        run(&mut m, "1:draw");
        assert_eq!(m.to_act(), Some(1));
    }
    assert_eq!(m.hand().boneyard(), tiles("6-4 6-5").as_slice());
    assert_eq!(legal(&m), vec![Action::Pass]);
    let e = illegal(refused(&mut m, 1, "draw"));
    assert_eq!(
        e,
        IllegalAction::NoDraw("the last two tiles are never drawn")
    );
    run(&mut m, "1:pass");
    assert_eq!(m.to_act(), Some(0));
    // Seat 0 can play, so he may not draw.
    let e = illegal(refused(&mut m, 0, "draw"));
    assert_eq!(e, IllegalAction::MustPlay("draw"));
}

#[test]
fn all_fives_reaching_100_wins_at_once_even_mid_hand() {
    let r = fives("all-fives", 2, json!({"hand_size": 14}));
    // Hand 1 (no boneyard): seat 0 finishes on 95.
    let d1 = DealSpec {
        hands: vec![
            tiles("0-0 1-0 1-1 2-0 2-1 3-0 3-2 4-1 4-3 5-2 5-3 5-5 6-2 6-5"),
            tiles("2-2 3-1 3-3 4-0 4-2 4-4 5-0 5-1 5-4 6-0 6-1 6-3 6-4 6-6"),
        ],
        boneyard: vec![],
        poser: None,
    };
    let mut m = start(r, &d1);
    run(
        &mut m,
        "1:6-3 0:4-3@1 1:4-4@1 0:6-2@0 1:5-4@1 0:5-3@1 1:3-1@1 0:5-2@0 \
         1:5-1@1 0:5-5@1 1:5-0@0 0:0-0@0 1:6-0@0 0:6-5@0",
    );
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(m.scores(), &[95, 20]);
    // Hand 2: seat 0 poses 6-6 (12), seat 1 makes 13, seat 0 makes 15.
    let d2 = deal(
        &r,
        &[
            "6-6 3-1 0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-2 3-3 4-0 4-1 4-2",
            "6-1 4-3 4-4 5-0 5-1 5-2 5-3 5-4 5-5 6-0 6-2 6-3 6-4 6-5",
        ],
        "",
    );
    next(&mut m, &d2);
    run(&mut m, "0:6-6 1:6-1@0");
    assert_eq!(m.phase(), Phase::Play);
    let ev = run(&mut m, "0:3-1@0");
    assert_eq!(m.scores(), &[110, 20]);
    assert_eq!(m.phase(), Phase::MatchOver, "the match ends mid-hand");
    assert_eq!(m.winner(), Some(domino_engine::Winner::Side(0)));
    let res = m.result().unwrap();
    assert_eq!(res.reason, EndReason::Target);
    assert_eq!(res.seat, Some(0));
    assert_eq!(winner_side(&m), Some(0));
    let state = m.state_json(Viewer::All);
    assert_eq!(state["phase"], json!("match_over"));
    assert_eq!(state["result"]["reason"], json!("target"));
    assert_eq!(state["result"]["winner"], json!({"side": 0}));
    assert!(ev.contains(&Event::MatchOver {
        winner: Some(Side { side: 0 }),
        skunk: None,
    }));
    assert!(matches!(refused(&mut m, 1, "4-3@1"), MatchError::MatchOver));
}

#[test]
fn all_fives_highest_double_holder_poses_any_tile() {
    let r = fives("all-fives", 2, json!({}));
    // 6-6 and 5-5 sleep: seat 1's 4-4 is the highest double held.
    let d = deal(&r, &["3-3 6-5 2-1 1-0 3-0", "4-4 6-4 5-3 2-0 1-1"], "");
    let mut m = start(r, &d);
    assert_eq!(m.to_act(), Some(1));
    assert_eq!(legal(&m), poses("1-1 2-0 4-4 5-3 6-4"));
    run(&mut m, "1:6-4");
    assert_eq!(ends(&m), vec![6, 4]);
}

#[test]
fn all_fives_nobody_holding_a_double_the_heaviest_tile_poses() {
    let r = fives("all-fives", 2, json!({}));
    let d = deal(&r, &["6-4 5-3 2-1 4-0 5-2", "6-5 4-3 3-1 6-0 1-0"], "");
    let mut m = start(r, &d);
    assert_eq!(m.to_act(), Some(1), "6-5 is the heaviest tile dealt");
    assert_eq!(legal(&m), poses("1-0 3-1 4-3 6-0 6-5"));
    run(&mut m, "1:3-1");
    // Three players, no double dealt and 6-5 asleep: 6-4 (10) is the
    // heaviest tile held, ahead of 6-3 and 5-4 (9).
    let r = fives("all-fives", 3, json!({}));
    let d = deal(
        &r,
        &[
            "5-4 3-0 2-1 1-0 4-1",
            "6-4 2-0 3-1 4-2 5-0",
            "6-3 5-3 6-2 4-3 5-2",
        ],
        "",
    );
    let m = start(r, &d);
    assert_eq!(m.to_act(), Some(1));
}

#[test]
fn all_fives_muggins_claims_and_taking_unclaimed_points() {
    let r = fives("all-fives", 2, json!({"claims": "muggins"}));
    let d = deal(&r, &["6-6 5-0 6-2 3-2 1-1", "4-4 1-0 3-1 4-2 4-3"], "");
    let base = start(r, &d);
    // A scoring pose is listed twice, with and without the claim.
    assert_eq!(legal(&base), plays("1-1 3-2 3-2+ 5-0 5-0+ 6-2 6-6"));
    // A claim on a play that scores nothing is refused.
    let mut m = base.clone();
    assert_eq!(
        illegal(refused(&mut m, 0, "6-2+")),
        IllegalAction::NothingToClaim
    );
    assert_eq!(
        illegal(refused(&mut m, 0, "muggins")),
        IllegalAction::NoMuggins
    );

    // Claimed: the scorer gets the points, nothing is left for muggins.
    let mut m = base.clone();
    let ev = run(&mut m, "0:5-0+");
    assert_eq!(scored_events(&ev), vec![(0, 5, ScoreReason::Ends)]);
    assert!(!legal(&m).contains(&Action::Muggins));

    // Unclaimed: nothing scored, and the next player may take the points.
    let mut m = base.clone();
    let ev = run(&mut m, "0:5-0");
    assert!(scored_events(&ev).is_empty());
    assert_eq!(unclaimed_events(&ev), vec![(0, 5)]);
    assert_eq!(m.scores(), &[0, 0]);
    assert_eq!(m.to_act(), Some(1));
    assert!(legal(&m).contains(&Action::Muggins));
    assert_eq!(
        serde_json::to_value(Action::Muggins).unwrap(),
        json!({"type": "muggins"})
    );
    let mug: Action = serde_json::from_value(json!({"type": "muggins"})).unwrap();
    assert_eq!(m.state_json(Viewer::All)["muggins"], json!(5));
    let mut taken = m.clone();
    let mut ev = Vec::new();
    taken.act(mug, &mut ev).unwrap();
    assert_eq!(scored_events(&ev), vec![(1, 5, ScoreReason::Muggins)]);
    assert_eq!(taken.scores(), &[0, 5]);
    assert_eq!(
        taken.to_act(),
        Some(1),
        "muggins comes before his own action"
    );
    assert!(!legal(&taken).contains(&Action::Muggins));
    assert_eq!(
        illegal(refused(&mut taken, 1, "muggins")),
        IllegalAction::NoMuggins
    );
    run(&mut taken, "1:1-0@1");

    // Not taken before his own action: the points are gone.
    run(&mut m, "1:1-0@1");
    assert_eq!(m.scores(), &[0, 0]);
    assert!(!legal(&m).contains(&Action::Muggins));
    assert_eq!(m.hand().muggins_available(), 0);
}

#[test]
fn all_fives_auto_claims_refuse_a_claim() {
    let r = fives("all-fives", 2, json!({}));
    let d = deal(&r, &["6-6 5-0 6-2 3-2 1-1", "4-4 1-0 3-1 4-2 4-3"], "");
    let mut m = start(r, &d);
    assert_eq!(legal(&m), plays("1-1 3-2 5-0 6-2 6-6"));
    assert_eq!(
        illegal(refused(&mut m, 0, "5-0+")),
        IllegalAction::ClaimsOff
    );
}

// ----------------------------------------------------- fives and threes

#[test]
fn fives_and_threes_totals_score_themselves() {
    let r = fives("fives-and-threes", 2, json!({}));
    let d = deal(&r, &["6-6 6-0 6-3 5-5 2-1", "4-4 4-3 3-1 4-1 4-0"], "");
    let base = start(r, &d);
    for (pose, pts) in [("6-0", 6), ("6-3", 9), ("5-5", 10), ("6-6", 12), ("2-1", 3)] {
        let mut m = base.clone();
        let ev = run(&mut m, &format!("0:{pose}"));
        assert_eq!(scored(&ev, 2), vec![pts, 0], "posing {pose}");
    }
    // Ends 2 and 4 make 6 for the next player.
    let mut m = base.clone();
    let ev = run(&mut m, "0:2-1 1:4-1@1");
    assert_eq!(total(&m), 6, "2 + 4");
    assert_eq!(scored(&ev, 2), vec![3, 6]);
    // 4 and 8 are neither a multiple of 3 nor of 5.
    let d = deal(&r, &["6-6 3-1 6-2 1-0 2-0", "4-4 4-3 4-1 4-0 5-4"], "");
    for pose in ["3-1", "6-2"] {
        let mut m = start(r, &d);
        let ev = run(&mut m, &format!("0:{pose}"));
        assert!(scored_events(&ev).is_empty(), "posing {pose}");
    }
}

#[test]
fn fives_and_threes_ends_3_and_6_then_6_6_scores_15() {
    let r = fives("fives-and-threes", 2, json!({}));
    let d = deal(&r, &["6-1 2-0 3-0 4-0 4-1", "6-6 3-1 5-2 4-2 1-0"], "");
    let mut m = start(r, &d);
    let ev = run(&mut m, "1:3-1");
    assert!(scored_events(&ev).is_empty(), "4 scores nothing");
    let ev = run(&mut m, "0:6-1@1");
    assert_eq!(scored_events(&ev), vec![(0, 9, ScoreReason::Ends)]);
    let ev = run(&mut m, "1:6-6@1");
    assert_eq!(scored_events(&ev), vec![(1, 15, ScoreReason::Ends)]);
    assert_eq!(m.scores(), &[9, 15]);
}

#[test]
fn fives_and_threes_end_bonus_is_exact_where_all_fives_rounds() {
    // Seat 0 poses 6-6, seat 1 plays 6-2 (14), seat 0 goes out with 6-1
    // (ends 2 and 1: 3); seat 1 is left with 5-3 = 8.
    let script = "0:6-6 1:6-2@0 0:6-1@1";
    let r = fives("fives-and-threes", 2, json!({"hand_size": 2}));
    let d = deal(&r, &["6-6 6-1", "6-2 5-3"], "");
    let mut m = start(r, &d);
    let ev = run(&mut m, script);
    assert_eq!(scored(&ev, 2), vec![12 + 3, 0]);
    assert_eq!(m.result().unwrap().reason, EndReason::Domino);
    assert_eq!(counts(&m), vec![0, 8]);
    assert_eq!(points(&m), vec![12 + 3 + 8, 0], "the 8 is taken exactly");

    let r = fives("all-fives", 2, json!({"hand_size": 2}));
    let mut m = start(r, &d);
    let ev = run(&mut m, script);
    assert_eq!(scored(&ev, 2), vec![0, 0]);
    assert_eq!(points(&m), vec![10, 0], "all fives rounds 8 to 10");
}

// ------------------------------------------------------------ club fives

fn club(options: Value) -> Rules {
    rules("club-fives", 2, options)
}

#[test]
fn club_fives_first_hand_deal_requires_the_turn_over_poser() {
    let r = club(json!({}));
    let d = deal(&r, &["4-1 6-4 5-5 5-0 3-2", "6-6 6-5 2-2 1-1 0-0"], "");
    let e = Match::new(r, None, Some(&d)).unwrap_err();
    assert_eq!(e, MatchError::Deal(DealError::PoserMissing));
    assert_eq!(e.code().as_str(), "bad_deal");
    assert!(e.to_string().contains("poser"), "{e}");
    let d: DealSpec = serde_json::from_value(json!({
        "hands": [["4-1", "6-4", "5-5", "5-0", "3-2"], ["6-6", "6-5", "2-2", "1-1", "0-0"]],
        "boneyard": r.tiles().minus(set("4-1 6-4 5-5 5-0 3-2 6-6 6-5 2-2 1-1 0-0")).iter().map(|t| t.to_string()).collect::<Vec<_>>(),
        "poser": 1
    }))
    .unwrap();
    let m = start(r, &d);
    assert_eq!(m.to_act(), Some(1), "the turn-over winner sets");
    assert_eq!(legal(&m), poses("0-0 1-1 2-2 6-5 6-6"), "any tile");
    // The poser is not given where the rules do not leave it to chance.
    let rf = french(json!({}));
    let mut df = deal(
        &rf,
        &[
            "1-0 2-0 3-0 4-0 5-0 6-0 1-1",
            "2-1 2-2 3-1 3-2 3-3 4-1 4-2",
            "0-0 4-3 4-4 5-1 5-2 5-3 5-4",
            "5-5 6-1 6-2 6-3 6-4 6-5 6-6",
        ],
        "",
    );
    df.poser = Some(2);
    assert_eq!(
        Match::new(rf, None, Some(&df)).unwrap_err(),
        MatchError::Deal(DealError::PoserNotAllowed)
    );
}

#[test]
fn club_fives_deals_five_each_with_eighteen_in_the_boneyard() {
    let r = club(json!({}));
    assert_eq!((r.players(), r.hand_size(), r.max_pip()), (2, 5, 6));
    let m = Match::new(r, Some(9), None).unwrap();
    assert_eq!(m.hand().boneyard().len(), 18);
    assert!(
        m.to_act().is_some(),
        "a seeded match turns tiles for the set"
    );
}

#[test]
fn club_fives_set_alternates_between_the_players_every_hand() {
    // One tile each: the setter goes out with the pose.
    let r = club(json!({"hand_size": 1}));
    let mut m = start(r, &club_deal(&r, &["2-1", "6-6"], "", 1));
    assert_eq!(m.to_act(), Some(1));
    run(&mut m, "1:6-6");
    assert_eq!(m.phase(), Phase::HandOver);
    // Later deals carry no poser: the set alternates.
    let with_poser = club_deal(&r, &["3-3", "4-1"], "", 1);
    assert_eq!(
        m.next_hand(Some(&with_poser)),
        Err(MatchError::Deal(DealError::PoserNotAllowed))
    );
    next(&mut m, &deal(&r, &["3-3", "4-1"], ""));
    assert_eq!(m.to_act(), Some(0), "hand 2: seat 0 sets");
    run(&mut m, "0:3-3");
    next(&mut m, &deal(&r, &["5-0", "6-2"], ""));
    assert_eq!(m.to_act(), Some(1), "hand 3: seat 1 sets");
    run(&mut m, "1:6-2");
    next(&mut m, &deal(&r, &["5-0", "6-2"], ""));
    assert_eq!(m.to_act(), Some(0), "hand 4: seat 0 sets");
}

#[test]
fn club_fives_posing_scores_one_point_per_five() {
    let r = club(json!({}));
    let d = club_deal(&r, &["4-1 6-4 5-5 5-0 3-2", "6-6 6-5 2-2 1-1 0-0"], "", 0);
    let base = start(r, &d);
    for (pose, pts) in [("4-1", 1), ("6-4", 2), ("5-5", 2), ("5-0", 1), ("3-2", 1)] {
        let mut m = base.clone();
        let ev = run(&mut m, &format!("0:{pose}"));
        assert_eq!(
            scored_events(&ev),
            vec![(0, pts, ScoreReason::Ends)],
            "{pose}"
        );
    }
    // 6-1 on the 1 of a posed 4-1 makes 4 + 6 = 10: two points.
    let d = club_deal(&r, &["4-1 6-4 5-5 5-0 3-2", "6-1 6-5 2-2 1-1 0-0"], "", 0);
    let mut m = start(r, &d);
    let ev = run(&mut m, "0:4-1 1:6-1@1");
    assert_eq!(scored_events(&ev)[1], (1, 2, ScoreReason::Ends));
}

#[test]
fn club_fives_domino_scores_the_count_rounded_to_five_divided_by_five() {
    // Seat 0 sets 4-1 (1 point); seat 1 cannot play, draws 3-1 and plays it;
    // seat 0 goes out with 4-0 (ends 0 and 3).
    for (left, count, bonus) in [("6-5 5-2", 18, 4), ("6-5 6-0", 17, 3)] {
        let r = club(json!({"hand_size": 2}));
        let d = club_deal(&r, &["4-1 4-0", left], "3-1", 0);
        let mut m = start(r, &d);
        run(&mut m, "0:4-1 1:draw");
        let e = illegal(refused(&mut m, 1, "draw"));
        assert_eq!(e, IllegalAction::MustPlay("draw"));
        let ev = run(&mut m, "1:3-1@1 0:4-0@0");
        assert_eq!(scored(&ev, 2), vec![0, 0]);
        assert_eq!(m.result().unwrap().reason, EndReason::Domino);
        assert_eq!(counts(&m), vec![0, count]);
        assert_eq!(points(&m), vec![1 + bonus, 0], "{left} left: {count}");
        assert_eq!(m.scores(), &[1 + bonus, 0]);
    }
}

/// The source's stalemate: 2-2 against 6-6, 12 - 4 = 8, rounded to 10: two
/// points to the lower count. Thirteen tiles each leave two asleep (1-0 and
/// 3-0); the line runs out on a 1 and a 3.
#[test]
fn club_fives_stalemate_lower_count_scores_the_rounded_difference() {
    let r = club(json!({"hand_size": 13}));
    let d = club_deal(
        &r,
        &[
            "4-1 2-1 6-3 5-4 2-0 6-5 0-0 4-4 6-2 5-3 5-1 3-1 2-2",
            "4-2 6-1 4-3 5-0 5-2 6-0 4-0 6-4 3-2 5-5 1-1 3-3 6-6",
        ],
        "1-0 3-0",
        0,
    );
    let mut m = start(r, &d);
    let ev = run(
        &mut m,
        "0:4-1 1:4-2@0 0:2-1@0 1:6-1@0 0:6-3@0 1:4-3@0 0:5-4@0 1:5-0@0 \
         0:2-0@0 1:5-2@0 0:6-5@0 1:6-0@0 0:0-0@0 1:4-0@0 0:4-4@0 1:6-4@0 \
         0:6-2@0 1:3-2@0 0:5-3@0 1:5-5@0 0:5-1@0 1:1-1@0 0:3-1@0 1:3-3@0",
    );
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(ends(&m), vec![3, 1]);
    let res = m.result().unwrap();
    assert_eq!(res.reason, EndReason::Blocked);
    assert_eq!(counts(&m), vec![4, 12]);
    assert_eq!(winner_side(&m), Some(0));
    let play = scored(&ev, 2);
    assert_eq!(points(&m), vec![play[0] + 2, play[1]]);
}

#[test]
fn club_fives_stalemate_with_equal_counts_scores_nothing() {
    let r = club(json!({"hand_size": 13}));
    let d = club_deal(
        &r,
        &[
            "3-1 4-4 6-3 5-2 6-1 5-0 1-1 5-5 4-2 0-0 6-6 3-2 2-2",
            "4-3 6-4 5-3 2-1 6-5 1-0 5-1 5-4 2-0 6-0 6-2 3-3 4-0",
        ],
        "4-1 3-0",
        0,
    );
    let mut m = start(r, &d);
    let ev = run(
        &mut m,
        "0:3-1 1:4-3@0 0:4-4@0 1:6-4@0 0:6-3@0 1:5-3@0 0:5-2@0 1:2-1@0 \
         0:6-1@0 1:6-5@0 0:5-0@0 1:1-0@0 0:1-1@0 1:5-1@0 0:5-5@0 1:5-4@0 \
         0:4-2@0 1:2-0@0 0:0-0@0 1:6-0@0 0:6-6@0 1:6-2@0 0:3-2@0 1:3-3@0",
    );
    assert_eq!(m.result().unwrap().reason, EndReason::Blocked);
    assert_eq!(counts(&m), vec![4, 4]);
    assert_eq!(winner_side(&m), None);
    assert_eq!(points(&m), scored(&ev, 2), "only the play points");
}

#[test]
fn club_fives_crossing_the_t_before_the_short_ends_open() {
    let r = club(json!({}));
    let d = club_deal(&r, &["5-5 5-2 5-4 6-6 1-0", "5-3 5-1 3-3 4-3 6-1"], "", 0);
    let mut m = start(r, &d);
    let ev = run(&mut m, "0:5-5");
    assert_eq!(
        scored_events(&ev),
        vec![(0, 2, ScoreReason::Ends)],
        "5-5 set: 10"
    );
    assert_eq!(ends(&m), vec![5, 5], "only the two long sides are open");
    // The short ends are not open yet.
    for end in [2, 3] {
        let e = illegal(refused(&mut m, 1, &format!("5-3@{end}")));
        assert_eq!(
            e,
            IllegalAction::Place {
                tile: tile("5-3"),
                source: PlaceError::NotCrossed(end)
            }
        );
        let msg = e.to_string();
        assert!(
            msg.contains("cross") || msg.contains("long side"),
            "the error says the T must be crossed first: {msg}"
        );
    }
    let ev = run(&mut m, "1:5-3@0");
    assert_eq!(total(&m), 13, "3 + the uncrossed 5-5 counting both halves");
    assert!(scored_events(&ev).is_empty());
    assert_eq!(ends(&m), vec![3, 5]);
    assert!(m.hand().layout().opening());
    // The opposite long side crosses the T: the short ends open as chains 2
    // and 3, and the crossed double no longer counts.
    let ev = run(&mut m, "0:5-2@1");
    assert!(!m.hand().layout().opening());
    assert_eq!(ends(&m), vec![3, 2, 5, 5]);
    assert_eq!(total(&m), 5);
    assert_eq!(scored_events(&ev), vec![(0, 1, ScoreReason::Ends)]);
    let ev = run(&mut m, "1:5-1@2");
    assert_eq!(total(&m), 6);
    assert!(scored_events(&ev).is_empty());
    let ev = run(&mut m, "0:5-4@3");
    assert_eq!(total(&m), 10);
    assert_eq!(scored_events(&ev), vec![(0, 2, ScoreReason::Ends)]);
    // Other doubles lie across and count both halves at an end.
    run(&mut m, "1:3-3@0");
    assert_eq!(ends(&m), vec![3, 2, 1, 4]);
    assert_eq!(total(&m), 6 + 2 + 1 + 4);
    let state = m.state_json(Viewer::All);
    assert_eq!(
        state["ends"],
        json!([{"id": 0, "pips": 3}, {"id": 1, "pips": 2}, {"id": 2, "pips": 1}, {"id": 3, "pips": 4}])
    );
}

#[test]
fn club_fives_strict_claims_lose_an_unclaimed_total() {
    let r = club(json!({"claims": "strict"}));
    let d = club_deal(&r, &["5-5 6-1 5-4 6-6 1-0", "5-3 5-1 3-3 4-3 2-1"], "", 0);
    let base = start(r, &d);
    assert!(legal(&base).contains(&action("5-5+")));
    assert!(!legal(&base).contains(&action("6-1+")));
    let mut m = base.clone();
    assert_eq!(
        illegal(refused(&mut m, 0, "6-1+")),
        IllegalAction::NothingToClaim
    );
    // Claimed: two points.
    let ev = run(&mut m, "0:5-5+");
    assert_eq!(scored_events(&ev), vec![(0, 2, ScoreReason::Ends)]);
    // Unclaimed: lost, and there is no muggins under strict.
    let mut m = base.clone();
    let ev = run(&mut m, "0:5-5");
    assert!(scored_events(&ev).is_empty());
    assert_eq!(unclaimed_events(&ev), vec![(0, 2)]);
    assert!(!legal(&m).contains(&Action::Muggins));
    assert_eq!(
        illegal(refused(&mut m, 1, "muggins")),
        IllegalAction::NoMuggins
    );
    run(&mut m, "1:5-3@0");
    assert_eq!(m.scores(), &[0, 0]);
}

/// Three hands: in hands 1 and 3 seat 0 sets 0-0 and seat 1 draws every
/// other tile but the two asleep; in hand 2 seat 1 sets 0-0 and draws
/// twelve. Seat 0 passes 61 during hand 3, but the match ends only when the
/// hand does; seat 1, on 0, is skunked.
fn club_to_61(options: Value) -> (Match, Vec<Event>) {
    let r = club(options);
    let nonblank = "1-1 2-1 2-2 3-1 3-2 3-3 4-1 4-2 4-3 4-4 5-1 5-2 5-3 5-4 5-5 6-1";
    let d1 = club_deal(
        &r,
        &["0-0 5-0 4-0 6-0 3-0", "6-6 6-5 6-4 6-3 6-2"],
        &format!("{nonblank} 1-0 2-0"),
        0,
    );
    let mut m = start(r, &d1);
    run(
        &mut m,
        "0:0-0 1:draw*16 1:pass 0:5-0@0 1:5-1@0 0:4-0@1 1:1-1@0 0:6-0@2 \
         1:2-1@0 0:3-0@3",
    );
    assert_eq!(counts(&m), vec![0, 136]);
    assert_eq!(
        m.scores(),
        &[32, 0],
        "5 in play, 135 / 5 = 27 for the domino"
    );
    assert_eq!(m.phase(), Phase::HandOver);

    let d2 = deal(
        &r,
        &["0-1 0-2 0-3 0-4 6-1", "0-0 6-6 6-5 5-5 6-4"],
        "2-2 3-2 3-3 4-2 4-3 4-4 5-2 5-3 5-4 6-2 6-3 3-1 0-5 0-6 1-1 4-1 5-1 2-1",
    );
    next(&mut m, &d2);
    assert_eq!(m.to_act(), Some(1));
    run(
        &mut m,
        "1:0-0 0:1-0@0 1:draw*12 1:3-1@0 0:2-0@1 1:4-2@1 0:3-0@2 1:6-4@1 \
         0:6-1@1 1:3-2@0 0:4-0@3",
    );
    assert_eq!(counts(&m), vec![0, 99]);
    assert_eq!(m.scores(), &[57, 0]);
    assert_eq!(m.phase(), Phase::HandOver);

    next(&mut m, &without_poser(&d1));
    assert_eq!(m.to_act(), Some(0));
    run(
        &mut m,
        "0:0-0 1:draw*16 1:pass 0:5-0@0 1:5-4@0 0:6-0@1 1:4-1@0 0:3-0@2",
    );
    assert_eq!(m.scores(), &[62, 0]);
    assert_eq!(m.phase(), Phase::Play, "61 passed mid-hand: play on");
    let ev = run(&mut m, "1:1-1@0 0:4-0@3");
    assert_eq!(counts(&m), vec![0, 131]);
    (m, ev)
}

fn without_poser(d: &DealSpec) -> DealSpec {
    DealSpec {
        poser: None,
        ..d.clone()
    }
}

#[test]
fn club_fives_match_to_61_at_hand_end_higher_wins_skunk_noted() {
    let (m, ev) = club_to_61(json!({}));
    assert_eq!(m.phase(), Phase::MatchOver);
    assert_eq!(m.scores(), &[62 + 3 + 26, 0]);
    assert_eq!(m.winner(), Some(domino_engine::Winner::Side(0)));
    assert!(notes(&m).contains(&"skunk"), "the loser is below 31");
    assert_eq!(points(&m), vec![34, 0]);
    let skunk = SkunkReport {
        side: 1,
        points: 0,
        games: 1,
    };
    assert_eq!(m.skunk(), Some(skunk));
    assert!(ev.contains(&Event::MatchOver {
        winner: Some(Side { side: 0 }),
        skunk: Some(skunk),
    }));
}

#[test]
fn club_fives_skunk_points_go_to_the_match_score_not_the_hand() {
    let (m, ev) = club_to_61(json!({"skunk": 20}));
    assert_eq!(m.phase(), Phase::MatchOver);
    assert!(notes(&m).contains(&"skunk"));
    assert_eq!(m.scores(), &[91 + 20, 0]);
    assert_eq!(points(&m), vec![34, 0], "the hand's points are the hand's");
    let skunk = SkunkReport {
        side: 1,
        points: 20,
        games: 1,
    };
    assert!(ev.contains(&Event::MatchOver {
        winner: Some(Side { side: 0 }),
        skunk: Some(skunk),
    }));
    let state = m.state_json(Viewer::All);
    assert_eq!(state["skunk"], json!({"side": 1, "points": 20, "games": 1}));
}

#[test]
fn club_fives_skunk_double_game_counts_the_match_twice() {
    let (m, _) = club_to_61(json!({"skunk": "double_game"}));
    assert_eq!(m.scores(), &[91, 0]);
    assert!(notes(&m).contains(&"skunk"));
    assert_eq!(
        m.skunk(),
        Some(SkunkReport {
            side: 1,
            points: 0,
            games: 2
        })
    );
}

#[test]
fn club_fives_no_skunk_reports_nothing() {
    let (m, ev) = club_to_61(json!({"skunk": "no_skunk"}));
    assert_eq!(m.phase(), Phase::MatchOver);
    assert_eq!(m.scores(), &[91, 0]);
    assert!(!notes(&m).contains(&"skunk"));
    assert_eq!(m.skunk(), None);
    assert!(ev.contains(&Event::MatchOver {
        winner: Some(Side { side: 0 }),
        skunk: None,
    }));
    assert!(m.state_json(Viewer::All).get("skunk").is_none());
}

// ----------------------------------------------------------------- cross

#[test]
fn cross_four_cross_plays_before_anything_else_then_four_open_ends() {
    let r = rules("cross", 4, json!({}));
    assert_eq!((r.hand_size(), r.tiles().len()), (4, 28));
    let d = deal(
        &r,
        &[
            "6-6 6-4 5-2 3-3",
            "6-1 1-1 4-0 0-0",
            "6-2 5-3 5-0 2-0",
            "5-5 4-4 3-1 2-1",
        ],
        "3-2 6-3",
    );
    let mut m = start(r, &d);
    // The highest double's holder poses it, and only it.
    assert_eq!(m.to_act(), Some(0));
    assert_eq!(legal(&m), poses("6-6"));
    run(&mut m, "0:6-6");
    assert_eq!(ends(&m), vec![6, 6, 6, 6], "four sides, chains 0 to 3");
    run(&mut m, "1:6-1@0 2:6-2@1");
    // Seat 3 holds no six: he draws until able to play.
    assert_eq!(legal(&m), vec![Action::Draw]);
    assert_eq!(illegal(refused(&mut m, 3, "pass")), IllegalAction::MustDraw);
    let ev = run(&mut m, "3:draw");
    assert!(ev.contains(&Event::Drew {
        seat: 3,
        tile: Some(tile("3-2"))
    }));
    assert_eq!(m.to_act(), Some(3), "3-2 does not play: draw again");
    run(&mut m, "3:draw");
    // 3-1 could go on the 1 of chain 0, but the cross comes first.
    assert_eq!(legal(&m), plays("6-3@2 6-3@3"));
    let e = illegal(refused(&mut m, 3, "3-1@0"));
    assert_eq!(
        e,
        IllegalAction::Place {
            tile: tile("3-1"),
            source: PlaceError::CrossFirst(0)
        }
    );
    assert_eq!(
        illegal(refused(&mut m, 3, "draw")),
        IllegalAction::MustPlay("draw")
    );
    run(&mut m, "3:6-3@2");
    // Seat 0's 5-2 matches chain 1's 2: refused until chain 3 is filled.
    let e = illegal(refused(&mut m, 0, "5-2@1"));
    assert!(e.to_string().contains("four sides"), "{e}");
    run(&mut m, "0:6-4@3");
    assert_eq!(ends(&m), vec![1, 2, 3, 4], "four open ends");
    // Now any end takes a match; doubles do not open new chains here.
    run(&mut m, "1:1-1@0 2:5-3@2 3:4-4@3 0:5-2@1");
    assert_eq!(ends(&m), vec![1, 5, 5, 4]);
    assert_eq!(m.hand().layout().chains().len(), 4);
}

#[test]
fn cross_hand_sizes_are_the_draw_games() {
    for (players, size) in [(2u8, 7u8), (3, 5), (4, 4), (5, 3)] {
        let r = rules("cross", players, json!({}));
        assert_eq!(r.hand_size(), size, "{players} players");
        let m = Match::new(r, Some(1), None).unwrap();
        assert_eq!(
            m.hand().boneyard().len(),
            28 - size as usize * players as usize
        );
    }
}

#[test]
fn cross_domino_scores_the_losers_spots() {
    let r = rules("cross", 4, json!({"hand_size": 2}));
    let d = deal(&r, &["6-6 6-4", "6-1 5-5", "6-2 3-2", "6-3 1-0"], "");
    let mut m = start(r, &d);
    run(&mut m, "0:6-6 1:6-1@0 2:6-2@1 3:6-3@2 0:6-4@3");
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(m.result().unwrap().reason, EndReason::Domino);
    assert_eq!(winner_side(&m), Some(0));
    assert_eq!(points(&m), vec![10 + 5 + 1, 0, 0, 0]);
}

#[test]
fn cross_highest_double_held_poses_and_no_double_is_a_redeal() {
    let r = rules("cross", 4, json!({"hand_size": 2}));
    // 6-6 sleeps: seat 2's 5-5 is posed, and the cross is of fives.
    let d = deal(&r, &["5-1 4-0", "5-2 3-3", "5-5 6-1", "5-3 5-4"], "");
    let mut m = start(r, &d);
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(legal(&m), poses("5-5"));
    run(&mut m, "2:5-5 3:5-3@0 0:5-1@1 1:5-2@2");
    assert_eq!(ends(&m), vec![3, 1, 2, 5]);
    // Nobody holds a double: the deal is refused, seeded deals redeal.
    let d = deal(&r, &["5-1 4-0", "5-2 3-1", "6-5 6-1", "5-3 5-4"], "");
    assert_eq!(
        Match::new(r, None, Some(&d)).unwrap_err(),
        MatchError::Deal(DealError::Redeal)
    );
    let m = Match::new(r, Some(11), None).unwrap();
    let held = (0..4).fold(TileSet::EMPTY, |a, s| a | m.hand().hand(s));
    assert!(!(held & TileSet::DOUBLES).is_empty());
}

// ----------------------------------------------------- double-nine cross

#[test]
fn double_nine_cross_set_and_hand_sizes() {
    for players in 2..=8u8 {
        let r = rules("double-nine-cross", players, json!({}));
        assert_eq!((r.max_pip(), r.tiles().len()), (9, 55));
        let want = if players <= 3 { 7 } else { 5 };
        assert_eq!(r.hand_size(), want, "{players} players");
        let m = Match::new(r, Some(3), None).unwrap();
        assert_eq!(
            m.hand().boneyard().len(),
            55 - want as usize * players as usize
        );
        for s in 0..players {
            assert_eq!(m.hand().hand(s).len(), want as u32);
        }
    }
    let r = rules("double-nine-cross", 4, json!({"set": 12}));
    assert_eq!((r.max_pip(), r.tiles().len(), r.hand_size()), (12, 91, 5));
    let spec: RulesSpec =
        serde_json::from_value(json!({"preset": "double-nine-cross", "options": {"set": 6}}))
            .unwrap();
    assert!(spec.resolve().unwrap_err().to_string().contains("set"));
}

#[test]
fn double_nine_cross_every_later_double_opens_two_chains_with_the_next_ids() {
    let r = rules("double-nine-cross", 2, json!({}));
    let d = deal(
        &r,
        &["9-9 9-1 9-3 7-2 5-2 0-0 1-0", "9-2 9-4 2-2 7-7 8-7 6-6 4-4"],
        "",
    );
    let mut m = start(r, &d);
    assert_eq!(m.to_act(), Some(0));
    assert_eq!(legal(&m), poses("9-9"));
    run(&mut m, "0:9-9 1:9-2@0");
    // 2-2 matches chain 0's 2, but the cross comes first.
    let e = illegal(refused(&mut m, 0, "7-2@0"));
    assert!(matches!(
        e,
        IllegalAction::Place {
            source: PlaceError::CrossFirst(0),
            ..
        }
    ));
    run(&mut m, "0:9-1@1 1:9-4@2 0:9-3@3");
    assert_eq!(ends(&m), vec![2, 1, 4, 3]);
    // 2-2 on chain 0: chain 0 goes on through it, chains 4 and 5 open.
    run(&mut m, "1:2-2@0");
    assert_eq!(ends(&m), vec![2, 1, 4, 3, 2, 2]);
    run(&mut m, "0:7-2@5");
    assert_eq!(ends(&m), vec![2, 1, 4, 3, 2, 7]);
    // 7-7 on chain 5: chains 6 and 7.
    run(&mut m, "1:7-7@5");
    assert_eq!(ends(&m), vec![2, 1, 4, 3, 2, 7, 7, 7]);
    run(&mut m, "0:5-2@4 1:8-7@6");
    assert_eq!(ends(&m), vec![2, 1, 4, 3, 5, 7, 8, 7], "ids never change");
    let state = m.state_json(Viewer::All);
    let ids: Vec<i64> = state["ends"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, (0..8).collect::<Vec<i64>>());
    // 4-4 on chain 2 opens chains 8 and 9.
    run(&mut m, "0:1-0@1 1:4-4@2");
    assert_eq!(ends(&m), vec![2, 0, 4, 3, 5, 7, 8, 7, 4, 4]);
}

#[test]
fn double_nine_cross_with_the_double_twelve_set() {
    let r = rules("double-nine-cross", 2, json!({"set": 12}));
    assert_eq!(r.hand_size(), 7);
    let d = deal(
        &r,
        &[
            "12-12 12-1 12-3 10-10 0-0 1-0 2-0",
            "12-10 12-4 11-11 10-9 3-0 4-0 5-0",
        ],
        "",
    );
    let mut m = start(r, &d);
    assert_eq!(legal(&m), poses("12-12"));
    run(&mut m, "0:12-12 1:12-10@0 0:12-1@1 1:12-4@2 0:12-3@3");
    assert_eq!(ends(&m), vec![10, 1, 4, 3]);
    run(&mut m, "1:10-9@0 0:1-0@1 1:4-0@2");
    assert_eq!(ends(&m), vec![9, 0, 0, 3]);
    // 0-0 on chain 1 opens chains 4 and 5.
    run(&mut m, "0:0-0@1");
    assert_eq!(ends(&m), vec![9, 0, 0, 3, 0, 0]);
    assert_eq!(
        m.state_json(Viewer::All)["history"][1]["action"],
        json!({"type": "play", "tile": "12-10", "end": 0})
    );
}
