//! The house options the sources name, one named test each, and the
//! corrections that came with them (issue: house rules).
#![allow(clippy::unwrap_used)]

use crate::common;

use common::*;
use domino_engine::rules::{Blocked, MugginsBy, Skunk};
use domino_engine::EndReason;
use domino_engine::ScoreReason;
use domino_engine::{Action, Event, Phase, RulesSpec};
use serde_json::{json, Value};

fn refused_spec(preset: &str, players: u8, options: Value) -> String {
    let spec: RulesSpec =
        serde_json::from_value(json!({"preset": preset, "players": players, "options": options}))
            .unwrap();
    let e = spec.resolve().unwrap_err();
    assert_eq!(e.code().as_str(), "bad_option");
    e.to_string()
}

const WIN_0_BY_DOMINO: [&str; 4] = ["6-6 6-5", "1-0 2-0", "3-3 4-4", "5-5 5-4"];
const WIN_0_BY_DOMINO_PLAY: &str = "0:6-6 1:pass 2:pass 3:pass 0:6-5@0";
/// Blocked at once after 6-6: seat 1 is lightest (3), but team 0 holds 24
/// against team 1's 20.
const BLOCK_TEAM_1_LIGHTER: [&str; 4] = ["6-6 4-4", "1-0 2-0", "3-3 5-5", "5-4 5-3"];

// ------------------------------------------------------------ Puerto Rican

fn all_sixes_to_seat_0() -> [&'static str; 4] {
    [
        "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
        "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
        "4-3 4-2 4-1 4-0 3-3 3-2 3-1",
        "3-0 2-2 2-1 2-0 1-1 1-0 0-0",
    ]
}

fn pass_score(options: Value) -> Vec<i32> {
    let r = rules("puerto-rican", 4, options);
    let mut m = start(r, &deal(&r, &all_sixes_to_seat_0(), ""));
    run(&mut m, "0:6-6 1:pass");
    m.scores().to_vec()
}

#[test]
fn puerto_rican_pass_points_is_the_agreed_number() {
    let r = rules("puerto-rican", 4, json!({"pass_points": 25}));
    assert_eq!(r.pass_points(), 25);
    let mut m = start(r, &deal(&r, &all_sixes_to_seat_0(), ""));
    let ev = run(&mut m, "0:6-6 1:pass");
    assert_eq!(
        ev.last(),
        Some(&Event::Scored {
            side: 0,
            points: 25,
            reason: ScoreReason::Pass
        })
    );
    assert_eq!(m.scores(), [25, 0]);
    // The old switch still reads: true is 10, false and 0 are off.
    assert_eq!(pass_score(json!({})), [10, 0]);
    assert_eq!(pass_score(json!({"pass_points": true})), [10, 0]);
    assert_eq!(pass_score(json!({"pass_points": false})), [0, 0]);
    assert_eq!(pass_score(json!({"pass_points": 0})), [0, 0]);
    // One type on the wire: the default is written as the number 10, and
    // the old switch read from a record is written back as its number.
    let spec = rules("puerto-rican", 4, json!({})).spec();
    assert_eq!(spec.options["pass_points"], json!(10));
    let spec = rules("puerto-rican", 4, json!({"pass_points": false})).spec();
    assert_eq!(spec.options["pass_points"], json!(0));
    let spec = rules("puerto-rican", 4, json!({"pass_points": 25})).spec();
    assert_eq!(spec.options["pass_points"], json!(25));
    assert!(refused_spec("puerto-rican", 4, json!({"pass_points": -5})).contains("pass_points"));
    assert!(refused_spec("puerto-rican", 4, json!({"pass_points": "ten"})).contains("pass_points"));
}

// -------------------------------------------------------------- cut-throat

#[test]
fn cutthroat_sporting_lets_the_6_6_holder_pose_any_tile_on_the_first_hand_only() {
    let r = rules("cutthroat", 3, json!({"hand_size": 2, "sporting": true}));
    let mut m = start(r, &deal(&r, &["6-6 6-5", "1-0 2-0", "3-3 4-4"], ""));
    assert_eq!(m.to_act(), Some(0));
    assert_eq!(legal(&m), poses("6-5 6-6"));
    run(&mut m, "0:6-6 1:pass 2:pass 0:6-5@0");
    next(&mut m, &deal(&r, &["6-6 4-4", "1-0 2-0", "3-3 5-5"], ""));
    run(&mut m, "0:6-6");
    next(&mut m, &deal(&r, &["3-3 5-5", "6-6 4-4", "1-0 2-0"], ""));
    run(&mut m, "1:6-6");
    assert!(notes(&m).contains(&"reset"));
    // After the reset the 6-6 holder poses 6-6, sporting or not.
    next(&mut m, &deal(&r, &["1-0 2-0", "3-3 5-5", "6-6 4-4"], ""));
    assert_eq!(legal(&m), poses("6-6"));
    // Without the option the first pose is 6-6 itself.
    let r = rules("cutthroat", 3, json!({"hand_size": 2}));
    let m = start(r, &deal(&r, &["6-6 6-5", "1-0 2-0", "3-3 4-4"], ""));
    assert_eq!(legal(&m), poses("6-6"));
}

#[test]
fn cutthroat_after_a_reset_the_6_6_holder_poses_6_6() {
    let r = rules("cutthroat", 3, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &["6-6 6-5", "1-0 2-0", "3-3 4-4"], ""));
    run(&mut m, "0:6-6 1:pass 2:pass 0:6-5@0");
    next(&mut m, &deal(&r, &["6-6 4-4", "1-0 2-0", "3-3 5-5"], ""));
    run(&mut m, "0:6-6");
    next(&mut m, &deal(&r, &["3-3 5-5", "6-6 4-4", "1-0 2-0"], ""));
    run(&mut m, "1:6-6");
    assert!(notes(&m).contains(&"reset"));
    assert_eq!(m.scores(), [0, 0, 0]);
    // Seat 2 won the hand, but the reset hand goes to the 6-6 holder.
    next(&mut m, &deal(&r, &["1-0 2-0", "3-3 5-5", "6-6 4-4"], ""));
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(legal(&m), poses("6-6"));
}

#[test]
fn cutthroat_two_players_with_a_boneyard_after_a_reset_the_highest_double_held_poses() {
    let r = rules("cutthroat", 2, json!({"boneyard": true, "hand_size": 2}));
    let mut m = start(r, &deal(&r, &["6-6 6-5", "1-0 2-0"], "4-4 6-1"));
    run(&mut m, "0:6-6 1:draw 1:draw 1:6-1@0 0:6-5@1");
    assert_eq!(m.scores(), [1, 0]);
    next(&mut m, &deal(&r, &["6-6 5-5", "6-1 1-0"], "1-1"));
    run(&mut m, "0:6-6 1:6-1@0 0:draw 0:1-1@0 1:1-0@0");
    assert!(notes(&m).contains(&"reset"));
    // 6-6 sleeps in the boneyard: the highest double held (5-5) is posed.
    next(&mut m, &deal(&r, &["4-4 2-1", "5-5 3-0"], "6-6"));
    assert_eq!(m.to_act(), Some(1));
    assert_eq!(legal(&m), poses("5-5"));
}

// ------------------------------------------------------------------- chiva

#[test]
fn chiva_two_players_after_a_reset_the_6_6_holder_poses_6_6() {
    let r = rules("chiva", 2, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &["6-6 6-5", "1-0 2-0"], "4-4 6-1"));
    run(&mut m, "0:6-6 1:draw 1:draw 1:6-1@0 0:6-5@1");
    next(&mut m, &deal(&r, &["6-6 5-5", "6-1 1-0"], "1-1"));
    run(&mut m, "0:6-6 1:6-1@0 0:draw 0:1-1@0 1:1-0@0");
    assert!(notes(&m).contains(&"reset"));
    // Seat 1 won the hand that reset the score; seat 0 holds 6-6.
    next(&mut m, &deal(&r, &["6-6 3-0", "5-5 2-1"], ""));
    assert_eq!(m.to_act(), Some(0));
    assert_eq!(legal(&m), poses("6-6"));
}

#[test]
fn chiva_sporting_lets_the_6_6_holder_pose_any_tile_on_the_first_hand() {
    let r = rules("chiva", 4, json!({"hand_size": 2, "sporting": true}));
    let m = start(r, &deal(&r, &WIN_0_BY_DOMINO, ""));
    assert_eq!(legal(&m), poses("6-5 6-6"));
    let r = rules("chiva", 4, json!({"hand_size": 2}));
    let m = start(r, &deal(&r, &WIN_0_BY_DOMINO, ""));
    assert_eq!(legal(&m), poses("6-6"));
    // The option is the four-player game's.
    assert!(refused_spec("chiva", 2, json!({"sporting": true})).contains("sporting"));
}

#[test]
fn chiva_playoff_when_the_score_would_become_one_all() {
    let r = rules("chiva", 4, json!({"hand_size": 2, "playoff": true}));
    let mut m = start(r, &deal(&r, &WIN_0_BY_DOMINO, ""));
    run(&mut m, WIN_0_BY_DOMINO_PLAY);
    assert_eq!(m.scores(), [1, 0]);
    next(&mut m, &deal(&r, &BLOCK_TEAM_1_LIGHTER, ""));
    run(&mut m, "0:poser:0 0:6-6");
    assert_eq!(winner_side(&m), Some(1));
    assert!(notes(&m).contains(&"playoff_next"));
    assert!(m.in_playoff());
    assert_eq!(m.scores(), [1, 1]);
    // Without the option the same hand resets the score.
    let r = rules("chiva", 4, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &WIN_0_BY_DOMINO, ""));
    run(&mut m, WIN_0_BY_DOMINO_PLAY);
    next(&mut m, &deal(&r, &BLOCK_TEAM_1_LIGHTER, ""));
    run(&mut m, "0:poser:0 0:6-6");
    assert!(notes(&m).contains(&"reset"));
    assert_eq!(m.scores(), [0, 0]);
}

#[test]
fn chiva_tie_replays_raise_the_stake() {
    let tie = ["6-6 5-0", "2-2 3-0", "4-0 1-0", "2-1 0-0"];
    let r = rules("chiva", 4, json!({"hand_size": 2, "tie_replays": true}));
    let mut m = start(r, &deal(&r, &tie, ""));
    run(&mut m, "0:6-6");
    assert_eq!(winner_side(&m), None);
    assert!(notes(&m).contains(&"replay"));
    assert_eq!(m.stake(), 2);
    let r = rules("chiva", 4, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &tie, ""));
    run(&mut m, "0:6-6");
    assert!(!notes(&m).contains(&"replay"));
    assert_eq!(m.stake(), 1);
}

#[test]
fn chiva_blocked_lowest_player_gives_the_hand_to_the_lightest_players_team() {
    let hands = ["6-6 2-1", "0-0 1-0", "2-0 3-0", "5-5 5-4"];
    let r = rules("chiva", 4, json!({"hand_size": 2}));
    assert_eq!(r.blocked(), Blocked::TeamTotal);
    let mut m = start(r, &deal(&r, &hands, ""));
    run(&mut m, "0:6-6");
    assert_eq!(counts(&m), [3, 1, 5, 19]);
    assert_eq!(winner_side(&m), Some(0), "team totals: 8 against 20");
    let r = rules(
        "chiva",
        4,
        json!({"hand_size": 2, "blocked": "lowest_player"}),
    );
    assert_eq!(r.blocked(), Blocked::LowestPlayer);
    let mut m = start(r, &deal(&r, &hands, ""));
    run(&mut m, "0:6-6");
    assert_eq!(m.result().unwrap().reason, EndReason::Blocked);
    assert_eq!(winner_side(&m), Some(1), "seat 1 holds the lowest count");
    assert_eq!(m.result().unwrap().seat, Some(1));
    assert!(refused_spec("chiva", 4, json!({"blocked": "highest"})).contains("blocked"));
}

// -------------------------------------------------------------------- draw

#[test]
fn draw_partners_both_partners_out_needs_both() {
    let hands = ["6-6 6-5", "6-4 0-0", "4-3 5-1", "3-2 2-2"];
    let opts = json!({"hand_size": 2, "partners": true, "both_partners_out": true});
    let r = rules("draw", 4, opts);
    let mut m = start(r, &deal(&r, &hands, "2-1"));
    let ev = run(&mut m, "0:6-6 1:6-4@0 2:4-3@0 3:3-2@0 0:6-5@1");
    assert!(ev.contains(&Event::Out { seat: 0 }));
    assert_eq!(m.phase(), Phase::Play);
    // Seat 1 cannot play 0-0 on 2 and 5: it draws 2-1 and plays it.
    assert_eq!(legal(&m), [Action::Draw]);
    run(&mut m, "1:draw 1:2-1@0 2:5-1@0");
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(m.result().unwrap().reason, EndReason::Domino);
    assert_eq!(m.result().unwrap().seat, Some(2));
    assert_eq!(winner_side(&m), Some(0));
    // Without the option seat 0's last tile ends the hand.
    let r = rules("draw", 4, json!({"hand_size": 2, "partners": true}));
    let mut m = start(r, &deal(&r, &hands, "2-1"));
    run(&mut m, "0:6-6 1:6-4@0 2:4-3@0 3:3-2@0 0:6-5@1");
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(m.result().unwrap().seat, Some(0));
    // It needs partners.
    let e = refused_spec("draw", 4, json!({"both_partners_out": true}));
    assert!(e.contains("partners"), "{e}");
}

// --------------------------------------------------------------- all fives

const FIVES_3: [&str; 3] = [
    "6-6 5-0 6-2 3-2 1-1",
    "4-4 1-0 3-1 4-2 4-3",
    "2-2 2-1 6-1 6-0 5-1",
];

#[test]
fn all_fives_muggins_by_any_leaves_unclaimed_points_to_every_other_player() {
    let r = rules(
        "all-fives",
        3,
        json!({"claims": "muggins", "muggins_by": "any"}),
    );
    assert_eq!(r.muggins_by(), MugginsBy::Any);
    let base = start(r, &deal(&r, &FIVES_3, ""));
    let mut m = base.clone();
    run(&mut m, "0:5-0");
    assert_eq!(m.hand().muggins_available(), 5);
    // Seat 1 lets them go; seat 2 may still take them.
    run(&mut m, "1:1-0@1");
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(m.hand().muggins_available(), 5);
    let mut taken = m.clone();
    let ev = run(&mut taken, "2:muggins");
    assert!(ev.contains(&Event::Scored {
        side: 2,
        points: 5,
        reason: ScoreReason::Muggins
    }));
    assert_eq!(taken.scores(), [0, 0, 5]);
    // Nobody takes them: once the turn is back with the scorer they are gone.
    run(&mut m, "2:5-1@0");
    assert_eq!(m.to_act(), Some(0));
    assert_eq!(m.hand().muggins_available(), 0);
    assert!(!legal(&m).contains(&Action::Muggins));
    // Under the default only the next player may take them.
    let r = rules("all-fives", 3, json!({"claims": "muggins"}));
    assert_eq!(r.muggins_by(), MugginsBy::Next);
    let mut m = start(r, &deal(&r, &FIVES_3, ""));
    run(&mut m, "0:5-0 1:1-0@1");
    assert_eq!(m.hand().muggins_available(), 0);
    assert!(refused_spec("all-fives", 3, json!({"muggins_by": "last"})).contains("muggins_by"));
    // `any` means nothing while points are credited by themselves.
    let auto = refused_spec("all-fives", 3, json!({"muggins_by": "any"}));
    assert!(
        auto.contains("muggins_by") && auto.contains("claims: muggins"),
        "{auto}"
    );
}

// -------------------------------------------------------------- club fives

#[test]
fn club_fives_skunk_takes_points_or_a_named_choice() {
    let skunk = |v: Value| rules("club-fives", 2, json!({ "skunk": v })).skunk();
    assert_eq!(rules("club-fives", 2, json!({})).skunk(), Skunk::Points(0));
    assert_eq!(skunk(json!(15)), Skunk::Points(15));
    assert_eq!(skunk(json!("no_skunk")), Skunk::Off);
    assert_eq!(skunk(json!("double_game")), Skunk::DoubleGame);
    let e = refused_spec("club-fives", 2, json!({"skunk": "triple"}));
    assert!(e.contains("no_skunk") && e.contains("double_game"), "{e}");
    // The spec writes each choice back as it was given.
    for v in [json!(15), json!("no_skunk"), json!("double_game")] {
        let r = rules("club-fives", 2, json!({ "skunk": v.clone() }));
        assert_eq!(r.spec().options["skunk"], v);
    }
}
