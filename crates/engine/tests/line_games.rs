#![allow(clippy::unwrap_used)]
//! The line-layout games of RULES.md (`jamaican`, `cutthroat`, `chiva`,
//! `puerto-rican`, `block`, `draw`), rule by rule, from hand-built deals and
//! scripted actions.
//!
//! Scripts are written `seat:action`, separated by spaces, where an action is
//! a tile (`6-6`: the pose, or the only end it fits), a tile on an end
//! (`6-5@0`), `pass`, `draw` or `poser:2` (choose_poser). Several matches use
//! the `hand_size` option (every game takes it) so that a hand is only a few
//! actions long; the undealt tiles then sleep in the boneyard.

use domino_engine::deal::hand_rng;
use domino_engine::EndReason;
use domino_engine::PlaceError;
use domino_engine::ScoreReason;
use domino_engine::Side;
use domino_engine::{
    Action, Deal, DealError, DealSpec, Event, IllegalAction, Match, MatchError, MoveList, Phase,
    Rules, RulesSpec, Tile, TileSet, Viewer,
};
use serde_json::json;

use crate::common;
use common::*;

// ------------------------------------------------------ shared deals

/// Jamaican, full deal: the source's blocked example arises (N=0, E=1, S=2, W=3).
fn jamaican_block_deal() -> DealSpec {
    deal_json(json!({"hands": [
        ["5-5", "5-3", "6-6", "3-1", "1-0", "4-0", "6-3"],
        ["2-2", "4-4", "5-0", "6-5", "6-1", "2-1", "3-3"],
        ["1-1", "5-1", "4-2", "3-0", "4-3", "4-1", "2-0"],
        ["5-2", "3-2", "0-0", "6-4", "6-2", "5-4", "6-0"]]}))
}
const JAMAICAN_BLOCK_PLAY: &str = "0:6-6 1:6-5@0 2:5-1@0 3:6-0@1 0:4-0@1 1:4-4@1 2:4-2@1 \
    3:6-2@1 0:6-3@1 1:3-3@1 2:4-3@1 3:6-4@1 0:3-1@0 1:6-1@1 2:3-0@0 3:0-0@0 0:1-0@1 \
    1:5-0@1 2:2-0@0 3:5-4@1 0:pass 1:2-1@0";

/// Full deal where seat 0 dominoes with the key tile 3-0 (ends 0 and 3, every
/// other 0 and 3 down).
fn key_tile_deal() -> DealSpec {
    deal_json(json!({"hands": [
        ["1-0", "3-0", "4-0", "4-2", "4-3", "5-2", "6-6"],
        ["0-0", "4-1", "4-4", "5-3", "5-5", "6-1", "6-4"],
        ["1-1", "2-0", "3-1", "3-3", "5-0", "6-0", "6-3"],
        ["2-1", "2-2", "3-2", "5-1", "5-4", "6-2", "6-5"]]}))
}
const KEY_TILE_PLAY: &str = "0:6-6 1:6-1@0 2:6-3@1 3:3-2@1 0:5-2@1 1:5-3@1 2:3-1@1 3:5-1@0 \
    0:1-0@1 1:0-0@1 2:5-0@1 3:5-4@1 0:4-0@1 1:5-5@0 2:2-0@1 3:6-5@0 0:4-2@1 1:4-4@1 \
    2:6-0@0 3:pass 0:4-3@1 1:pass 2:3-3@1 3:pass";

/// Full deal where seat 2 dominoes with 2-2, the only 2 left, on ends 2 and 2.
fn double_last_deal() -> DealSpec {
    deal_json(json!({"hands": [
        ["3-1", "3-3", "4-1", "4-2", "5-3", "5-5", "6-3"],
        ["1-1", "3-2", "4-3", "6-0", "6-1", "6-2", "6-5"],
        ["2-1", "2-2", "4-0", "4-4", "5-0", "5-2", "5-4"],
        ["0-0", "1-0", "2-0", "3-0", "5-1", "6-4", "6-6"]]}))
}
const DOUBLE_LAST_PLAY: &str = "3:6-6 0:6-3@0 1:4-3@0 2:4-0@0 3:1-0@0 0:3-1@0 1:6-2@1 \
    2:2-1@1 3:5-1@1 0:5-3@0 1:6-5@0 2:5-0@1 3:2-0@1 0:4-2@1 1:6-1@0 2:4-4@1 3:6-4@1 \
    0:4-1@0 1:6-0@1 2:5-4@0 3:3-0@1 0:3-3@1 1:3-2@1 2:5-2@0 3:pass 0:pass 1:pass";

// Four players, two tiles each (option hand_size 2), the rest sleeping.
/// Seat 0 poses 6-6, the others cannot follow, seat 0 dominoes with 6-5.
const WIN_0_BY_DOMINO: [&str; 4] = ["6-6 6-5", "1-0 2-0", "3-3 4-4", "5-5 5-4"];
const WIN_0_BY_DOMINO_PLAY: &str = "0:6-6 1:pass 2:pass 3:pass 0:6-5@0";
/// Seat 0 poses 6-6 and nobody holds a 6: blocked at once, seat 1 (3 pips) lightest.
const BLOCK_SEAT_1_LIGHTEST: [&str; 4] = ["6-6 4-4", "1-0 2-0", "3-3 5-5", "5-4 5-3"];
/// Seat 0 poses 6-6: blocked at once, seats 0 and 1 share the lowest count (2).
const BLOCK_TIE_0_1: [&str; 4] = ["6-6 2-0", "1-1 0-0", "3-3 4-4", "5-5 5-4"];

// ------------------------------------------------------------- Jamaican

#[test]
fn jamaican_blocked_source_example_lowest_individual_count_wins() {
    let r = Rules::of_preset("jamaican").unwrap();
    let mut m = start(r, &jamaican_block_deal());
    run(&mut m, JAMAICAN_BLOCK_PLAY);
    assert_eq!(m.phase(), Phase::Play);
    // S plays 4-1: nobody can play any more, so the hand ends on this play.
    run(&mut m, "2:4-1@0");
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(hand_of(&m, 0), tiles("5-5 5-3").into_iter().collect());
    assert_eq!(hand_of(&m, 1), tiles("2-2").into_iter().collect());
    assert_eq!(hand_of(&m, 2), tiles("1-1").into_iter().collect());
    assert_eq!(hand_of(&m, 3), tiles("5-2 3-2").into_iter().collect());
    let res = m.result().unwrap();
    assert_eq!(res.reason, EndReason::Blocked);
    assert_eq!(counts(&m), [18, 4, 2, 12]);
    // N-S hold 20 pips against E-W's 16, yet S's 2 is the lowest count.
    assert_eq!(winner_side(&m), Some(0));
    assert_eq!(res.seat, Some(2));
    assert_eq!(points(&m), [1, 0]);
    assert_eq!(m.scores(), [1, 0]);
    // Nobody passes into a finished hand.
    assert_eq!(refused(&mut m, 3, "pass"), MatchError::HandOver);
    // The winning team's lightest seat (S) chooses who poses next.
    next(&mut m, &key_tile_deal());
    assert_eq!(m.phase(), Phase::ChoosePoser);
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(
        legal(&m),
        [
            Action::ChoosePoser { seat: 2 },
            Action::ChoosePoser { seat: 0 }
        ]
    );
}

#[test]
fn jamaican_blocked_shared_lowest_count_across_teams_is_a_tie() {
    let r = rules("jamaican", 4, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &BLOCK_TIE_0_1, ""));
    run(&mut m, "0:6-6");
    assert_eq!(m.result().unwrap().reason, EndReason::Blocked);
    assert_eq!(winner_side(&m), None);
    assert!(notes(&m).contains(&"tie"));
    assert_eq!(m.scores(), [0, 0]);
}

#[test]
fn jamaican_first_hand_6_6_holder_must_pose_it() {
    let r = Rules::of_preset("jamaican").unwrap();
    let mut m = start(r, &double_last_deal());
    assert_eq!(m.to_act(), Some(3));
    assert_eq!(legal(&m), poses("6-6"));
    let e = illegal(refused(&mut m, 3, "1-0"));
    assert!(matches!(e, IllegalAction::BadPose { .. }), "{e:?}");
    run(&mut m, "3:6-6");
}

#[test]
fn jamaican_sporting_lets_6_6_holder_pose_any_tile() {
    let r = rules("jamaican", 4, json!({"sporting": true}));
    let mut m = start(r, &key_tile_deal());
    assert_eq!(m.to_act(), Some(0));
    assert_eq!(legal(&m), poses("1-0 3-0 4-0 4-2 4-3 5-2 6-6"));
    run(&mut m, "0:4-2");
    let ends: Vec<u8> = m.hand().layout().chains().iter().map(|c| c.pips).collect();
    assert_eq!(ends, [4, 2]);
}

#[test]
fn jamaican_key_tile_domino_scores_two() {
    let r = Rules::of_preset("jamaican").unwrap();
    let mut m = start(r, &key_tile_deal());
    run(&mut m, KEY_TILE_PLAY);
    // Ends 0 and 3 are hard ends: every other 0 and 3 is down, only 3-0 is left.
    let ends: Vec<u8> = m.hand().layout().chains().iter().map(|c| c.pips).collect();
    assert_eq!(ends, [0, 3]);
    run(&mut m, "0:3-0@0");
    assert_eq!(m.result().unwrap().reason, EndReason::Domino);
    assert_eq!(winner_side(&m), Some(0));
    assert!(notes(&m).contains(&"key_tile"));
    assert_eq!(points(&m), [2, 0]);
    assert_eq!(m.scores(), [2, 0]);
}

#[test]
fn jamaican_key_tile_option_off_scores_one() {
    let r = rules("jamaican", 4, json!({"key_tile": false}));
    let mut m = start(r, &key_tile_deal());
    run(&mut m, KEY_TILE_PLAY);
    run(&mut m, "0:3-0@0");
    assert!(!notes(&m).contains(&"key_tile"));
    assert_eq!(m.scores(), [1, 0]);
}

#[test]
fn jamaican_double_that_is_the_only_playable_tile_is_never_a_key_tile() {
    let r = Rules::of_preset("jamaican").unwrap();
    let mut m = start(r, &double_last_deal());
    run(&mut m, DOUBLE_LAST_PLAY);
    let ends: Vec<u8> = m.hand().layout().chains().iter().map(|c| c.pips).collect();
    assert_eq!(ends, [2, 2]);
    assert_eq!(
        legal(&m),
        [Action::play(tile("2-2"), 0), Action::play(tile("2-2"), 1)]
    );
    run(&mut m, "2:2-2@0");
    assert_eq!(winner_side(&m), Some(0));
    assert_eq!(m.result().unwrap().seat, Some(2));
    assert!(!notes(&m).contains(&"key_tile"));
    assert_eq!(m.scores(), [1, 0]);
}

#[test]
fn jamaican_choose_poser_after_a_domino_belongs_to_the_winner() {
    let r = Rules::of_preset("jamaican").unwrap();
    let mut m = start(r, &double_last_deal());
    run(&mut m, DOUBLE_LAST_PLAY);
    run(&mut m, "2:2-2@0");
    next(&mut m, &key_tile_deal());
    assert_eq!(m.phase(), Phase::ChoosePoser);
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(
        legal(&m),
        [
            Action::ChoosePoser { seat: 2 },
            Action::ChoosePoser { seat: 0 }
        ]
    );
    // An opponent cannot be named, nothing can be played yet, and the partner
    // cannot answer for the chooser.
    assert!(matches!(
        illegal(refused(&mut m, 2, "poser:1")),
        IllegalAction::Other(_)
    ));
    assert!(matches!(
        illegal(refused(&mut m, 2, "6-6")),
        IllegalAction::Other(_)
    ));
    assert_eq!(
        refused(&mut m, 0, "poser:0"),
        MatchError::NotYourTurn { seat: 0, to_act: 2 }
    );
    run(&mut m, "2:poser:0");
    assert_eq!(m.phase(), Phase::Play);
    assert_eq!(m.to_act(), Some(0));
    // The chosen partner poses any tile.
    assert_eq!(legal(&m), poses("1-0 3-0 4-0 4-2 4-3 5-2 6-6"));
    run(&mut m, "0:5-2");
}

#[test]
fn jamaican_six_love_ends_the_match() {
    let r = rules("jamaican", 4, json!({"hand_size": 1}));
    // One tile each: the poser dominoes at once.
    let mut m = start(r, &deal(&r, &["6-6", "5-5", "4-4", "3-3"], ""));
    run(&mut m, "0:6-6");
    assert_eq!(m.scores(), [1, 0]);
    for won in 2..=6 {
        next(&mut m, &deal(&r, &["5-5", "6-6", "4-4", "3-3"], ""));
        assert_eq!(m.phase(), Phase::ChoosePoser);
        let ev = run(&mut m, "0:poser:0 0:5-5");
        assert_eq!(m.scores(), [won, 0]);
        if won < 6 {
            assert_eq!(m.phase(), Phase::HandOver);
            assert_eq!(m.winner(), None);
        } else {
            assert!(ev.contains(&Event::MatchOver {
                winner: Some(Side { side: 0 }),
                skunk: None
            }));
        }
    }
    assert_eq!(m.phase(), Phase::MatchOver);
    assert_eq!(m.winner(), Some(domino_engine::Winner::Side(0)));
    assert!(notes(&m).contains(&"six_love"));
    let d = deal(&r, &["6-6", "5-5", "4-4", "3-3"], "");
    assert_eq!(m.next_hand(Some(&d)), Err(MatchError::MatchOver));
    assert_eq!(refused(&mut m, 0, "pass"), MatchError::MatchOver);
}

#[test]
fn jamaican_side_without_points_beating_side_with_points_resets_to_love_all() {
    let r = rules("jamaican", 4, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &WIN_0_BY_DOMINO, ""));
    run(&mut m, WIN_0_BY_DOMINO_PLAY);
    assert_eq!(m.scores(), [1, 0]);
    next(&mut m, &deal(&r, &BLOCK_SEAT_1_LIGHTEST, ""));
    run(&mut m, "0:poser:0 0:6-6");
    assert_eq!(winner_side(&m), Some(1));
    assert!(notes(&m).contains(&"reset"));
    assert_eq!(m.scores(), [0, 0]);
    // After a reset the 6-6 holder poses 6-6, whoever won.
    next(
        &mut m,
        &deal(&r, &["1-0 2-0", "6-6 4-4", "3-3 5-5", "5-4 5-3"], ""),
    );
    assert_eq!(m.phase(), Phase::Play);
    assert_eq!(m.to_act(), Some(1));
    assert_eq!(legal(&m), poses("6-6"));
    let e = illegal(refused(&mut m, 1, "4-4"));
    assert!(matches!(e, IllegalAction::BadPose { .. }), "{e:?}");
}

#[test]
fn jamaican_tie_keeps_the_score_and_6_6_holder_poses_6_6() {
    let r = rules("jamaican", 4, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &WIN_0_BY_DOMINO, ""));
    run(&mut m, WIN_0_BY_DOMINO_PLAY);
    next(&mut m, &deal(&r, &BLOCK_TIE_0_1, ""));
    run(&mut m, "0:poser:0 0:6-6");
    assert_eq!(winner_side(&m), None);
    assert_eq!(notes(&m), ["tie"]);
    assert_eq!(m.scores(), [1, 0]);
    assert_eq!(m.stake(), 1);
    next(
        &mut m,
        &deal(&r, &["1-0 2-0", "3-3 5-5", "5-4 5-3", "6-6 4-4"], ""),
    );
    assert_eq!(m.phase(), Phase::Play);
    assert_eq!(m.to_act(), Some(3));
    assert_eq!(legal(&m), poses("6-6"));
}

#[test]
fn jamaican_playoff_when_score_would_become_one_all() {
    let r = rules("jamaican", 4, json!({"hand_size": 2, "playoff": true}));
    let mut m = start(r, &deal(&r, &WIN_0_BY_DOMINO, ""));
    run(&mut m, WIN_0_BY_DOMINO_PLAY);
    assert_eq!(m.scores(), [1, 0]);
    // Team 1 wins: 1-1 would follow, so a play-off hand comes instead of a reset.
    next(&mut m, &deal(&r, &BLOCK_SEAT_1_LIGHTEST, ""));
    run(&mut m, "0:poser:0 0:6-6");
    assert!(notes(&m).contains(&"playoff_next"));
    assert!(!notes(&m).contains(&"reset"));
    assert!(m.in_playoff());
    assert_eq!(m.scores(), [1, 1]);
    // The play-off is tied: it is replayed, posed by the 6-6 holder.
    next(
        &mut m,
        &deal(&r, &["3-3 4-4", "6-6 2-0", "1-1 0-0", "5-5 5-4"], ""),
    );
    assert_eq!(m.phase(), Phase::ChoosePoser);
    assert_eq!(m.to_act(), Some(1));
    run(&mut m, "1:poser:1 1:6-6");
    assert_eq!(winner_side(&m), None);
    assert!(m.in_playoff());
    assert_eq!(m.scores(), [1, 1]);
    assert_eq!(m.stake(), 1);
    next(
        &mut m,
        &deal(&r, &["3-3 5-5", "5-4 5-3", "6-6 4-4", "1-0 2-0"], ""),
    );
    assert_eq!(m.phase(), Phase::Play);
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(legal(&m), poses("6-6"));
    // Seat 3 (3 pips) wins the replayed play-off: its team goes to 2-0.
    run(&mut m, "2:6-6");
    assert_eq!(winner_side(&m), Some(1));
    assert!(notes(&m).contains(&"playoff"));
    assert!(!m.in_playoff());
    assert_eq!(m.scores(), [0, 2]);
    // ... and poses the next hand.
    next(&mut m, &deal(&r, &WIN_0_BY_DOMINO, ""));
    assert_eq!(m.phase(), Phase::ChoosePoser);
    assert_eq!(m.to_act(), Some(3));
}

#[test]
fn jamaican_without_playoff_one_all_resets_instead() {
    let r = rules("jamaican", 4, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &WIN_0_BY_DOMINO, ""));
    run(&mut m, WIN_0_BY_DOMINO_PLAY);
    next(&mut m, &deal(&r, &BLOCK_SEAT_1_LIGHTEST, ""));
    run(&mut m, "0:poser:0 0:6-6");
    assert!(!m.in_playoff());
    assert_eq!(m.scores(), [0, 0]);
}

#[test]
fn jamaican_tie_replays_at_love_all_raise_the_stake_and_6_6_holder_poses() {
    let r = rules("jamaican", 4, json!({"hand_size": 2, "tie_replays": true}));
    let mut m = start(r, &deal(&r, &BLOCK_TIE_0_1, ""));
    run(&mut m, "0:6-6");
    assert_eq!(winner_side(&m), None);
    assert!(notes(&m).contains(&"replay"));
    assert_eq!(m.stake(), 2);
    // A second tie, posed by the 6-6 holder: now worth 3.
    next(
        &mut m,
        &deal(&r, &["3-3 4-4", "6-6 2-0", "1-1 0-0", "5-5 5-4"], ""),
    );
    assert_eq!(m.phase(), Phase::Play);
    assert_eq!(m.to_act(), Some(1));
    assert_eq!(legal(&m), poses("6-6"));
    run(&mut m, "1:6-6");
    assert_eq!(winner_side(&m), None);
    assert_eq!(m.stake(), 3);
    assert_eq!(m.scores(), [0, 0]);
    // The replay's winner takes all the points.
    next(
        &mut m,
        &deal(&r, &["3-3 5-5", "5-4 5-3", "6-6 4-4", "1-0 2-0"], ""),
    );
    assert_eq!(m.to_act(), Some(2));
    run(&mut m, "2:6-6");
    assert_eq!(winner_side(&m), Some(1));
    assert_eq!(points(&m), [0, 3]);
    assert_eq!(m.scores(), [0, 3]);
    assert_eq!(m.stake(), 1);
}

#[test]
fn jamaican_tie_replays_with_a_lead_the_leaders_pose_add_or_reset() {
    let r = rules("jamaican", 4, json!({"hand_size": 2, "tie_replays": true}));
    let mut m = start(r, &deal(&r, &WIN_0_BY_DOMINO, ""));
    run(&mut m, WIN_0_BY_DOMINO_PLAY);
    assert_eq!(m.scores(), [1, 0]);
    next(
        &mut m,
        &deal(&r, &["3-3 4-4", "5-5 5-4", "6-6 2-0", "1-1 0-0"], ""),
    );
    run(&mut m, "0:poser:2 2:6-6");
    assert_eq!(winner_side(&m), None);
    assert_eq!(m.stake(), 2);
    // The leading team poses the replay (its last winner chooses who).
    next(&mut m, &deal(&r, &WIN_0_BY_DOMINO, ""));
    assert_eq!(m.phase(), Phase::ChoosePoser);
    assert_eq!(m.to_act(), Some(0));
    run(&mut m, &format!("0:poser:0 {WIN_0_BY_DOMINO_PLAY}"));
    assert_eq!(points(&m), [2, 0]);
    assert_eq!(m.scores(), [3, 0]);
    assert_eq!(m.stake(), 1);
    // Another tie, and this time the leaders lose the replay: back to 0-0.
    next(&mut m, &deal(&r, &BLOCK_TIE_0_1, ""));
    run(&mut m, "0:poser:0 0:6-6");
    assert_eq!(m.stake(), 2);
    next(&mut m, &deal(&r, &BLOCK_SEAT_1_LIGHTEST, ""));
    assert_eq!(m.phase(), Phase::ChoosePoser);
    assert_eq!(m.to_act(), Some(0));
    run(&mut m, "0:poser:0 0:6-6");
    assert_eq!(winner_side(&m), Some(1));
    assert!(notes(&m).contains(&"reset"));
    assert_eq!(m.scores(), [0, 0]);
    assert_eq!(m.stake(), 1);
    next(
        &mut m,
        &deal(&r, &["1-0 2-0", "3-3 5-5", "5-4 5-3", "6-6 4-4"], ""),
    );
    assert_eq!(m.to_act(), Some(3));
    assert_eq!(legal(&m), poses("6-6"));
}

#[test]
fn jamaican_domino_on_two_soft_ends_is_not_a_key_tile() {
    // 6-2 goes on ends 2 and 6, but other 2s and 6s are still out: 1 point.
    let r = rules("jamaican", 4, json!({"hand_size": 3}));
    let mut m = start(r, &capicu_deal(&r));
    run(&mut m, CAPICU_PLAY);
    assert_eq!(winner_side(&m), Some(0));
    assert!(!notes(&m).contains(&"key_tile"));
    assert_eq!(m.scores(), [1, 0]);
}

// ------------------------------------------------------------ cut-throat

#[test]
fn cutthroat_three_players_deal_nine_each_without_double_blank() {
    let r = rules("cutthroat", 3, json!({}));
    assert_eq!(r.hand_size(), 9);
    assert_eq!(r.tiles().len(), 27);
    assert!(!r.tiles().contains(tile("0-0")));
    let all: Vec<Tile> = r.tiles().iter().collect();
    let hands: Vec<Vec<Tile>> = all.chunks(9).map(<[Tile]>::to_vec).collect();
    let good = DealSpec {
        hands: hands.clone(),
        boneyard: vec![],
        poser: None,
    };
    let m = start(r, &good);
    assert_eq!(m.to_act(), Some(2), "6-6 is in the last chunk");
    let mut with_blank = good.clone();
    with_blank.hands[0][0] = tile("0-0");
    let err = Match::new(r, None, Some(&with_blank)).unwrap_err();
    assert_eq!(err, MatchError::Deal(DealError::NotInSet(tile("0-0"))));
    assert_eq!(err.code().as_str(), "bad_deal");
}

#[test]
fn cutthroat_hand_sizes_by_player_count() {
    for (players, size, sleeping) in [(2, 14, 0), (3, 9, 0), (4, 7, 0)] {
        let r = rules("cutthroat", players, json!({}));
        let left = r.tiles().len() - u32::from(r.hand_size()) * u32::from(players);
        assert_eq!((r.hand_size(), left), (size, sleeping), "{players} players");
    }
    let r = rules("cutthroat", 2, json!({"boneyard": true}));
    assert_eq!((r.hand_size(), r.tiles().len() - 14), (7, 14));
}

#[test]
fn cutthroat_reset_when_every_player_has_won_a_hand() {
    let r = rules("cutthroat", 3, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &["6-6 6-5", "1-1 2-1", "3-3 4-4"], ""));
    run(&mut m, "0:6-6 1:pass 2:pass 0:6-5@0");
    assert_eq!(m.scores(), [1, 0, 0]);
    // The previous winner poses any tile.
    next(&mut m, &deal(&r, &["6-6 4-4", "1-0 2-0", "3-3 5-5"], ""));
    assert_eq!(m.to_act(), Some(0));
    assert_eq!(legal(&m), poses("4-4 6-6"));
    run(&mut m, "0:6-6");
    assert_eq!(m.result().unwrap().seat, Some(1));
    assert_eq!(m.scores(), [1, 1, 0]);
    next(&mut m, &deal(&r, &["3-3 5-5", "6-6 4-4", "1-0 2-0"], ""));
    assert_eq!(m.to_act(), Some(1));
    run(&mut m, "1:6-6");
    assert_eq!(winner_side(&m), Some(2));
    assert!(notes(&m).contains(&"reset"));
    assert_eq!(m.scores(), [0, 0, 0]);
    // After the reset the 6-6 holder poses 6-6.
    next(&mut m, &deal(&r, &["1-0 2-0", "3-3 5-5", "6-6 4-4"], ""));
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(legal(&m), poses("6-6"));
}

#[test]
fn cutthroat_six_wins_while_another_player_has_none_ends_the_match() {
    let r = rules("cutthroat", 3, json!({"hand_size": 2}));
    // Hand 1: seat 0 must pose 6-6; blocked at once, seat 1 lightest.
    let mut m = start(r, &deal(&r, &["6-6 4-4", "1-0 2-0", "3-3 5-5"], ""));
    run(&mut m, "0:6-6");
    assert_eq!(m.scores(), [0, 1, 0]);
    next(&mut m, &deal(&r, &["1-0 2-0", "6-6 4-4", "3-3 5-5"], ""));
    run(&mut m, "1:6-6");
    assert_eq!(m.scores(), [1, 1, 0]);
    for won in 2..=6 {
        next(&mut m, &deal(&r, &["6-6 1-0", "3-3 4-4", "5-5 5-4"], ""));
        run(&mut m, "0:6-6");
        assert_eq!(m.scores(), [won, 1, 0]);
    }
    assert_eq!(m.phase(), Phase::MatchOver);
    assert_eq!(m.winner(), Some(domino_engine::Winner::Side(0)));
    assert!(notes(&m).contains(&"six_love"));
}

#[test]
fn cutthroat_blocked_shared_lowest_count_is_a_tie() {
    let r = rules("cutthroat", 3, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &["6-6 3-0", "1-0 2-0", "4-4 5-5"], ""));
    run(&mut m, "0:6-6");
    assert_eq!(counts(&m), [3, 3, 18]);
    assert_eq!(winner_side(&m), None);
    assert_eq!(m.scores(), [0, 0, 0]);
    next(&mut m, &deal(&r, &["1-0 2-0", "6-6 4-4", "3-3 5-5"], ""));
    assert_eq!(m.to_act(), Some(1));
    assert_eq!(legal(&m), poses("6-6"));
}

#[test]
fn cutthroat_two_players_deal_fourteen_each_and_never_draw() {
    let r = rules("cutthroat", 2, json!({}));
    assert_eq!(r.hand_size(), 14);
    let hands = [
        "6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1 5-0 4-4",
        "4-3 4-2 4-1 4-0 3-3 3-2 3-1 3-0 2-2 2-1 2-0 1-1 1-0 0-0",
    ];
    let d = deal(&r, &hands, "");
    assert!(d.boneyard.is_empty());
    let mut m = start(r, &d);
    run(&mut m, "0:6-6");
    assert_eq!(legal(&m), [Action::Pass]);
    assert_eq!(
        illegal(refused(&mut m, 1, "draw")),
        IllegalAction::NoDraw("this game has no drawing")
    );
    run(&mut m, "1:pass 0:6-4@0 1:4-3@0");
    // Seven each with a boneyard is the boneyard option's deal, not this one.
    let seven = deal(
        &r,
        &["6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4"],
        "",
    );
    assert!(matches!(
        Match::new(r, None, Some(&seven)).unwrap_err(),
        MatchError::Deal(DealError::HandSize { want: 14, .. })
    ));
}

#[test]
fn cutthroat_two_players_boneyard_option_draws_and_highest_double_poses() {
    let r = rules("cutthroat", 2, json!({"boneyard": true}));
    assert_eq!(r.hand_size(), 7);
    // 6-6 sleeps: the highest double held, 5-5, is posed by its holder.
    let hands = ["4-4 4-3 4-2 4-1 3-3 3-2 3-1", "5-5 5-4 5-3 2-2 2-1 1-1 1-0"];
    let mut m = start(r, &deal(&r, &hands, "2-0 6-5"));
    assert_eq!(m.to_act(), Some(1));
    assert_eq!(legal(&m), poses("5-5"));
    run(&mut m, "1:5-5");
    assert_eq!(legal(&m), [Action::Draw]);
    assert_eq!(illegal(refused(&mut m, 0, "pass")), IllegalAction::MustDraw);
    run(&mut m, "0:draw");
    assert_eq!(m.to_act(), Some(0));
    assert!(hand_of(&m, 0).contains(tile("2-0")));
    run(&mut m, "0:draw");
    assert_eq!(
        illegal(refused(&mut m, 0, "draw")),
        IllegalAction::MustPlay("draw")
    );
    run(&mut m, "0:6-5@0");
    // Nobody holding a double: the deal is refused (redeal).
    let no_double = ["6-5 6-4 6-3 6-2 6-1 6-0 5-4", "5-3 5-2 5-1 5-0 4-3 4-2 4-1"];
    assert_eq!(
        Match::new(r, None, Some(&deal(&r, &no_double, ""))).unwrap_err(),
        MatchError::Deal(DealError::Redeal)
    );
}

// ----------------------------------------------------------------- Chiva

#[test]
fn chiva_four_players_block_is_won_by_lower_team_total_not_lowest_player() {
    let hands = ["6-6 2-1", "0-0 1-0", "2-0 3-0", "5-5 5-4"];
    let r = rules("chiva", 4, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &hands, ""));
    run(&mut m, "0:6-6");
    assert_eq!(m.result().unwrap().reason, EndReason::Blocked);
    // Seat 1 holds the lowest count (1), but team 0 holds 8 against 20.
    assert_eq!(counts(&m), [3, 1, 5, 19]);
    assert_eq!(winner_side(&m), Some(0));
    assert_eq!(m.scores(), [1, 0]);
    // The winning team's lighter seat poses next, any tile, without choosing.
    next(&mut m, &deal(&r, &BLOCK_SEAT_1_LIGHTEST, ""));
    assert_eq!(m.phase(), Phase::Play);
    assert_eq!(m.to_act(), Some(0));
    assert_eq!(legal(&m), poses("4-4 6-6"));
    // The same deal in the Jamaican game goes to the lowest player's team.
    let rj = rules("jamaican", 4, json!({"hand_size": 2}));
    let mut j = start(rj, &deal(&rj, &hands, ""));
    run(&mut j, "0:6-6");
    assert_eq!(winner_side(&j), Some(1));
    assert_eq!(j.result().unwrap().seat, Some(1));
}

#[test]
fn chiva_four_players_equal_team_totals_tie() {
    let r = rules("chiva", 4, json!({"hand_size": 2}));
    let mut m = start(
        r,
        &deal(&r, &["6-6 5-0", "2-2 3-0", "4-0 1-0", "2-1 0-0"], ""),
    );
    run(&mut m, "0:6-6");
    assert_eq!(counts(&m), [5, 7, 5, 3]);
    assert_eq!(winner_side(&m), None);
    assert_eq!(m.scores(), [0, 0]);
}

#[test]
fn chiva_has_no_key_tile_bonus() {
    let r = Rules::of_preset("chiva").unwrap();
    let mut m = start(r, &key_tile_deal());
    run(&mut m, KEY_TILE_PLAY);
    run(&mut m, "0:3-0@0");
    assert!(!notes(&m).contains(&"key_tile"));
    assert_eq!(m.scores(), [1, 0]);
}

#[test]
fn chiva_four_love_ends_the_match() {
    let r = rules("chiva", 4, json!({"hand_size": 1}));
    let mut m = start(r, &deal(&r, &["6-6", "5-5", "4-4", "3-3"], ""));
    run(&mut m, "0:6-6");
    for won in 2..=4 {
        next(&mut m, &deal(&r, &["5-5", "6-6", "4-4", "3-3"], ""));
        // After a domino the winners choose their poser.
        assert_eq!(m.phase(), Phase::ChoosePoser);
        run(&mut m, "0:poser:0 0:5-5");
        assert_eq!(m.scores(), [won, 0]);
    }
    assert_eq!(m.phase(), Phase::MatchOver);
    assert_eq!(m.winner(), Some(domino_engine::Winner::Side(0)));
    assert!(notes(&m).contains(&"four_love"));
}

#[test]
fn chiva_four_players_side_without_points_winning_resets() {
    let r = rules("chiva", 4, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &WIN_0_BY_DOMINO, ""));
    run(&mut m, WIN_0_BY_DOMINO_PLAY);
    assert_eq!(m.scores(), [1, 0]);
    next(
        &mut m,
        &deal(&r, &["6-6 4-4", "1-0 2-0", "3-3 5-5", "5-4 5-3"], ""),
    );
    run(&mut m, "0:poser:0 0:6-6");
    // Team 1 holds 20 against 24: it wins, and the score resets.
    assert_eq!(winner_side(&m), Some(1));
    assert_eq!(m.scores(), [0, 0]);
    // A reset hand: the 6-6 holder poses 6-6 (not the winners' lighter seat).
    next(
        &mut m,
        &deal(&r, &["1-0 2-0", "3-3 5-5", "6-6 4-4", "5-4 5-3"], ""),
    );
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(legal(&m), poses("6-6"));
}

#[test]
fn chiva_two_players_draw_until_able_to_play() {
    let r = rules("chiva", 2, json!({}));
    assert_eq!(r.hand_size(), 7);
    let hands = ["6-6 5-5 5-4 5-3 5-2 5-1 5-0", "4-4 4-3 4-2 4-1 4-0 3-3 3-2"];
    let mut m = start(r, &deal(&r, &hands, "1-0 6-2"));
    run(&mut m, "0:6-6");
    assert_eq!(legal(&m), [Action::Draw]);
    assert_eq!(illegal(refused(&mut m, 1, "pass")), IllegalAction::MustDraw);
    let ev = run(&mut m, "1:draw");
    assert!(ev.contains(&Event::Drew {
        seat: 1,
        tile: Some(tile("1-0"))
    }));
    run(&mut m, "1:draw");
    assert_eq!(
        illegal(refused(&mut m, 1, "draw")),
        IllegalAction::MustPlay("draw")
    );
    assert_eq!(
        illegal(refused(&mut m, 1, "pass")),
        IllegalAction::MustPlay("pass")
    );
    run(&mut m, "1:6-2@0");
    assert_eq!(m.hand().boneyard().len(), 12);
}

#[test]
fn chiva_two_and_three_players_highest_double_poses_else_redeal() {
    let r = rules("chiva", 3, json!({}));
    let hands = [
        "6-5 6-4 6-3 6-2 6-1 6-0 5-4",
        "5-3 5-2 5-1 5-0 4-3 4-2 4-1",
        "4-0 3-2 3-1 3-0 2-1 2-0 1-0",
    ];
    // Every double sleeps.
    assert_eq!(
        Match::new(r, None, Some(&deal(&r, &hands, ""))).unwrap_err(),
        MatchError::Deal(DealError::Redeal)
    );
    let hands = [
        "6-5 6-4 4-1 6-2 6-1 6-0 5-4",
        "5-3 5-2 5-1 5-0 4-3 4-2 6-3",
        "4-0 3-2 3-1 3-0 2-1 2-0 3-3",
    ];
    let mut m = start(r, &deal(&r, &hands, "6-6 5-5"));
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(legal(&m), poses("3-3"));
    // Seat 0 holds no 3 and none of the seven sleeping tiles is a 3: it
    // draws them all, one at a time, and only then passes.
    run(&mut m, "2:3-3");
    for left in (0..7).rev() {
        assert_eq!(legal(&m), [Action::Draw]);
        run(&mut m, "0:draw");
        assert_eq!(m.hand().boneyard().len(), left);
    }
    assert_eq!(legal(&m), [Action::Pass]);
    run(&mut m, "0:pass");
    assert_eq!(m.to_act(), Some(1));
}

#[test]
fn chiva_two_players_reset_when_both_have_won() {
    let r = rules("chiva", 2, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &["6-6 6-5", "1-0 2-0"], "4-4 6-1"));
    run(&mut m, "0:6-6 1:draw 1:draw 1:6-1@0 0:6-5@1");
    assert_eq!(winner_side(&m), Some(0));
    assert_eq!(m.scores(), [1, 0]);
    next(&mut m, &deal(&r, &["6-6 5-5", "6-1 1-0"], "1-1"));
    run(&mut m, "0:6-6 1:6-1@0 0:draw 0:1-1@0 1:1-0@0");
    assert_eq!(winner_side(&m), Some(1));
    assert!(notes(&m).contains(&"reset"));
    assert_eq!(m.scores(), [0, 0]);
}

#[test]
fn chiva_two_players_four_hands_won_while_other_has_none() {
    let r = rules("chiva", 2, json!({"hand_size": 1}));
    let mut m = start(r, &deal(&r, &["6-6", "5-5"], ""));
    run(&mut m, "0:6-6");
    for won in 2..=4 {
        next(&mut m, &deal(&r, &["1-0", "6-6"], ""));
        // The previous winner poses any tile.
        assert_eq!(m.to_act(), Some(0));
        run(&mut m, "0:1-0");
        assert_eq!(m.scores(), [won, 0]);
    }
    assert_eq!(m.winner(), Some(domino_engine::Winner::Side(0)));
    assert!(notes(&m).contains(&"four_love"));
}

// --------------------------------------------------------- Puerto Rican

fn all_sixes_to_seat_0(r: &Rules) -> DealSpec {
    deal(
        r,
        &[
            "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
            "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
            "4-3 4-2 4-1 4-0 3-3 3-2 3-1",
            "3-0 2-2 2-1 2-0 1-1 1-0 0-0",
        ],
        "",
    )
}

fn pass_bonus(side: usize) -> Event {
    Event::Scored {
        side,
        points: 10,
        reason: ScoreReason::Pass,
    }
}

#[test]
fn puerto_rican_pass_gives_opponents_ten_and_partners_pass_is_free() {
    let r = Rules::of_preset("puerto-rican").unwrap();
    let mut m = start(r, &all_sixes_to_seat_0(&r));
    run(&mut m, "0:6-6");
    assert_eq!(run(&mut m, "1:pass").last(), Some(&pass_bonus(0)));
    assert_eq!(m.scores(), [10, 0]);
    assert_eq!(run(&mut m, "2:pass").last(), Some(&pass_bonus(1)));
    assert_eq!(m.scores(), [10, 10]);
    // Seat 3's partner (seat 1) already passed since the last tile: free.
    let ev = run(&mut m, "3:pass");
    assert!(!ev.iter().any(|e| matches!(e, Event::Scored { .. })));
    assert_eq!(m.scores(), [10, 10]);
    // A tile is played: passes cost again.
    run(&mut m, "0:6-5@0");
    assert_eq!(
        illegal(refused(&mut m, 1, "pass")),
        IllegalAction::MustPlay("pass")
    );
    run(&mut m, "1:5-5@0");
    assert_eq!(run(&mut m, "2:pass").last(), Some(&pass_bonus(1)));
    assert_eq!(run(&mut m, "3:pass").last(), Some(&pass_bonus(0)));
    assert_eq!(m.scores(), [20, 20]);
}

#[test]
fn puerto_rican_pass_points_option_off() {
    let r = rules("puerto-rican", 4, json!({"pass_points": false}));
    let mut m = start(r, &all_sixes_to_seat_0(&r));
    run(&mut m, "0:6-6 1:pass 2:pass 3:pass");
    assert_eq!(m.scores(), [0, 0]);
    // Only four players have pass points.
    let spec: RulesSpec = serde_json::from_value(
        json!({"preset": "puerto-rican", "players": 3, "options": {"pass_points": true}}),
    )
    .unwrap();
    assert_eq!(spec.resolve().unwrap_err().code().as_str(), "bad_option");
}

#[test]
fn puerto_rican_domino_scores_every_other_hand_including_partners() {
    let r = rules(
        "puerto-rican",
        4,
        json!({"hand_size": 2, "premiums": false}),
    );
    let mut m = start(r, &deal(&r, &WIN_0_BY_DOMINO, ""));
    run(&mut m, WIN_0_BY_DOMINO_PLAY);
    assert_eq!(counts(&m), [0, 3, 14, 19]);
    // 10 for seat 1's pass, then 3 + 14 + 19 (partner's 14 included);
    // team 1 has seat 2's pass.
    assert_eq!(points(&m), [46, 10]);
    assert_eq!(m.scores(), [46, 10]);
    // The winner poses the next hand, any tile.
    next(&mut m, &deal(&r, &BLOCK_SEAT_1_LIGHTEST, ""));
    assert_eq!(m.to_act(), Some(0));
    assert_eq!(legal(&m), poses("4-4 6-6"));
}

#[test]
fn puerto_rican_blocked_hand_scores_every_hand_including_winners_own() {
    let r = rules(
        "puerto-rican",
        4,
        json!({"hand_size": 2, "premiums": false}),
    );
    let mut m = start(
        r,
        &deal(&r, &["6-6 2-1", "5-5 5-4", "1-0 2-0", "3-3 4-4"], ""),
    );
    run(&mut m, "0:6-6");
    assert_eq!(m.result().unwrap().reason, EndReason::Blocked);
    // Team 0 holds 6 against 33 and takes every count, its own included.
    assert_eq!(counts(&m), [3, 19, 3, 14]);
    assert_eq!(winner_side(&m), Some(0));
    assert_eq!(points(&m), [39, 0]);
}

#[test]
fn puerto_rican_blocked_tie_scores_nothing_then_hand_two_premium() {
    let r = rules("puerto-rican", 4, json!({"hand_size": 2}));
    let mut m = start(
        r,
        &deal(&r, &["6-6 5-0", "2-2 3-0", "4-0 1-0", "2-1 0-0"], ""),
    );
    run(&mut m, "0:6-6");
    assert_eq!(counts(&m), [5, 7, 5, 3]);
    assert_eq!(winner_side(&m), None);
    assert_eq!(points(&m), [0, 0]);
    // After a tie the 6-6 holder poses it; hand 2 is worth a 10 premium.
    next(
        &mut m,
        &deal(&r, &["1-0 2-0", "6-6 6-5", "3-3 4-4", "5-5 5-4"], ""),
    );
    assert_eq!(m.to_act(), Some(1));
    assert_eq!(legal(&m), poses("6-6"));
    run(&mut m, "1:6-6 2:pass 3:pass 0:pass 1:6-5@0");
    // Seat 2's pass pays team 1, seat 3's pays team 0, seat 0's is free.
    assert_eq!(counts(&m), [3, 0, 14, 19]);
    assert_eq!(points(&m), [10, 10 + 36 + 10]);
    // 6-5 on ends 6 and 6 is no capicu: the ends must differ.
    assert_eq!(notes(&m), ["hand_premium"]);
}

#[test]
fn puerto_rican_hand_premiums_twenty_then_ten_then_none() {
    let r = rules("puerto-rican", 4, json!({"hand_size": 1}));
    let mut m = start(r, &deal(&r, &["6-6", "1-0", "2-0", "3-0"], ""));
    run(&mut m, "0:6-6");
    assert_eq!(points(&m), [6 + 20, 0]);
    assert!(notes(&m).contains(&"hand_premium"));
    next(&mut m, &deal(&r, &["5-5", "1-1", "2-2", "3-3"], ""));
    run(&mut m, "0:5-5");
    assert_eq!(points(&m), [12 + 10, 0]);
    next(&mut m, &deal(&r, &["4-4", "1-0", "2-0", "3-0"], ""));
    run(&mut m, "0:4-4");
    assert_eq!(points(&m), [6, 0]);
    assert!(notes(&m).is_empty());
    assert_eq!(m.scores(), [54, 0]);
}

#[test]
fn puerto_rican_capicu_same_ends_counts_a_tile_fitting_both_alike_ends() {
    let r = rules(
        "puerto-rican",
        4,
        json!({"hand_size": 2, "capicu_same_ends": true}),
    );
    let mut m = start(
        r,
        &deal(&r, &["1-0 2-0", "6-6 6-5", "3-3 4-4", "5-5 5-4"], ""),
    );
    run(&mut m, "1:6-6 2:pass 3:pass 0:pass 1:6-5@0");
    assert!(notes(&m).contains(&"capicu"), "{:?}", notes(&m));
    assert_eq!(r.spec().options["capicu_same_ends"], true);
}

/// Seat 0 dominoes with 6-2 on ends 2 and 6 (hand 1, three tiles each).
fn capicu_deal(r: &Rules) -> DealSpec {
    deal(
        r,
        &["6-6 4-3 6-2", "6-5 3-2 1-1", "5-4 1-0 3-0", "5-0 5-1 3-1"],
        "",
    )
}
const CAPICU_PLAY: &str = "0:6-6 1:6-5@0 2:5-4@0 3:pass 0:4-3@0 1:3-2@0 2:pass 3:pass 0:6-2@0";

#[test]
/// The capicu example of docs/rules/puerto-rican.md.
fn puerto_rican_capicu_example_of_the_rules_page() {
    let r = rules("puerto-rican", 4, json!({"hand_size": 3}));
    let mut m = start(r, &capicu_deal(&r));
    run(&mut m, CAPICU_PLAY);
    assert_eq!(counts(&m), [0, 2, 4, 15]);
    let n = notes(&m);
    assert!(
        n.contains(&"capicu") && n.contains(&"hand_premium"),
        "{n:?}"
    );
    // Passes 20, counts 21, hand 1 20, capicu 20.
    assert_eq!(points(&m), [81, 10]);
    assert_eq!(m.hand().layout().chains().len(), 2);
}

/// Seat 0 dominoes with 0-0 (hand 1, three tiles each).
fn chuchazo_deal(r: &Rules) -> DealSpec {
    deal(
        r,
        &["6-6 6-0 0-0", "1-1 2-1 3-1", "2-2 3-2 4-2", "3-3 4-3 5-3"],
        "",
    )
}
const CHUCHAZO_PLAY: &str = "0:6-6 1:pass 2:pass 3:pass 0:6-0@0 1:pass 2:pass 3:pass 0:0-0@0";

#[test]
fn puerto_rican_chuchazo_scores_twenty() {
    let r = rules("puerto-rican", 4, json!({"hand_size": 3, "target": 1000}));
    let mut m = start(r, &chuchazo_deal(&r));
    run(&mut m, CHUCHAZO_PLAY);
    let n = notes(&m);
    assert!(n.contains(&"chuchazo") && !n.contains(&"capicu"), "{n:?}");
    // Passes 20, counts 45, hand 1 20, chuchazo 20.
    assert_eq!(points(&m), [105, 20]);
}

#[test]
fn puerto_rican_premiums_off_removes_the_points_but_keeps_capicu_and_chuchazo_notes() {
    let r = rules(
        "puerto-rican",
        4,
        json!({"hand_size": 3, "premiums": false}),
    );
    let mut m = start(r, &capicu_deal(&r));
    run(&mut m, CAPICU_PLAY);
    assert_eq!(notes(&m), ["capicu"], "the note says what happened");
    assert_eq!(points(&m), [41, 10]);
    let mut m = start(r, &chuchazo_deal(&r));
    run(&mut m, CHUCHAZO_PLAY);
    assert_eq!(notes(&m), ["chuchazo"]);
    assert_eq!(points(&m), [65, 20]);
}

#[test]
fn puerto_rican_target_reached_ends_the_match() {
    let r = Rules::of_preset("puerto-rican").unwrap();
    assert_eq!(r.target(), 100);
    let r = rules("puerto-rican", 4, json!({"hand_size": 3}));
    let mut m = start(r, &chuchazo_deal(&r));
    run(&mut m, CHUCHAZO_PLAY);
    assert_eq!(m.scores(), [105, 20]);
    assert_eq!(m.winner(), Some(domino_engine::Winner::Side(0)));
}

#[test]
fn puerto_rican_both_sides_reaching_target_higher_wins() {
    let r = rules("puerto-rican", 4, json!({"hand_size": 3, "target": 20}));
    let mut m = start(r, &chuchazo_deal(&r));
    run(&mut m, CHUCHAZO_PLAY);
    assert_eq!(m.scores(), [105, 20]);
    assert_eq!(m.phase(), Phase::MatchOver);
    assert_eq!(m.winner(), Some(domino_engine::Winner::Side(0)));
}

#[test]
fn puerto_rican_both_sides_reaching_target_equal_plays_on() {
    let r = rules(
        "puerto-rican",
        4,
        json!({"hand_size": 2, "premiums": false, "target": 52}),
    );
    let mut m = start(
        r,
        &deal(&r, &["6-6 6-5", "5-5 5-4", "4-4 2-1", "1-1 0-0"], ""),
    );
    run(&mut m, WIN_0_BY_DOMINO_PLAY);
    assert_eq!(m.scores(), [42, 10]);
    // Seat 3's 4-3 blocks the hand (a tranque); team 1 holds 3 against 29.
    next(
        &mut m,
        &deal(&r, &["4-4 6-6", "1-0 2-0", "5-5 5-2", "4-3 0-0"], ""),
    );
    run(&mut m, "0:4-4 1:pass 2:pass 3:4-3@0");
    assert_eq!(m.result().unwrap().reason, EndReason::Blocked);
    assert_eq!(winner_side(&m), Some(1));
    assert_eq!(m.result().unwrap().seat, Some(3));
    assert_eq!(m.scores(), [52, 52]);
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(m.winner(), None);
    // Play on: the blocked hand's lighter winning seat poses.
    next(
        &mut m,
        &deal(&r, &["1-0 2-0", "5-5 5-4", "3-3 4-4", "6-6 2-1"], ""),
    );
    assert_eq!(m.to_act(), Some(3));
    run(&mut m, "3:6-6");
    assert_eq!(winner_side(&m), Some(0));
    assert_eq!(m.scores(), [52 + 39, 52]);
    assert_eq!(m.winner(), Some(domino_engine::Winner::Side(0)));
}

#[test]
fn puerto_rican_two_players_draw_and_highest_double_poses_when_6_6_sleeps() {
    let r = rules("puerto-rican", 2, json!({}));
    assert_eq!(r.hand_size(), 7);
    let hands = ["4-4 4-3 4-2 4-1 3-3 3-2 3-1", "5-5 5-4 5-3 2-2 2-1 1-1 1-0"];
    let mut m = start(r, &deal(&r, &hands, "2-0 6-5"));
    assert_eq!(m.to_act(), Some(1));
    assert_eq!(legal(&m), poses("5-5"));
    run(&mut m, "1:5-5");
    assert_eq!(illegal(refused(&mut m, 0, "pass")), IllegalAction::MustDraw);
    let ev = run(&mut m, "0:draw 0:draw 0:6-5@0");
    assert!(!ev.iter().any(|e| matches!(e, Event::Scored { .. })));
    assert_eq!(m.scores(), [0, 0]);
    let no_double = ["6-5 6-4 6-3 6-2 6-1 6-0 5-4", "5-3 5-2 5-1 5-0 4-3 4-2 4-1"];
    assert_eq!(
        Match::new(r, None, Some(&deal(&r, &no_double, ""))).unwrap_err(),
        MatchError::Deal(DealError::Redeal)
    );
}

// ----------------------------------------------------------------- block

#[test]
fn block_holder_of_highest_double_poses_it() {
    let r = Rules::of_preset("block").unwrap();
    assert_eq!((r.hand_size(), r.partners()), (6, true));
    let hands = [
        "6-2 6-1 6-0 5-4 5-3 5-2",
        "5-1 5-0 4-4 4-3 4-2 4-1",
        "5-5 4-0 3-3 3-2 3-1 3-0",
        "2-2 2-1 2-0 1-1 1-0 0-0",
    ];
    let mut m = start(r, &deal(&r, &hands, "6-6 6-5 6-4 6-3"));
    assert_eq!(m.to_act(), Some(2));
    assert_eq!(legal(&m), poses("5-5"));
    let e = illegal(refused(&mut m, 2, "3-3"));
    assert!(matches!(e, IllegalAction::BadPose { .. }), "{e:?}");
    run(&mut m, "2:5-5");
    // The sleeping tiles are never drawn.
    assert_eq!(
        illegal(refused(&mut m, 3, "draw")),
        IllegalAction::NoDraw("this game has no drawing")
    );
}

#[test]
fn block_hand_sizes_and_sets() {
    for (players, size) in [(2, 8), (3, 6), (4, 6), (5, 5)] {
        let r = rules("block", players, json!({}));
        assert_eq!(r.hand_size(), size, "{players} players");
        assert_eq!(r.partners(), players == 4);
    }
    let r = rules("block", 4, json!({"partners": false}));
    assert_eq!(r.sides(), 4);
    let r = rules("block", 4, json!({"set": 9}));
    assert_eq!((r.hand_size(), r.tiles().len()), (9, 55));
    let r = rules("block", 4, json!({"set": 12}));
    assert_eq!((r.hand_size(), r.tiles().len()), (12, 91));
}

#[test]
fn block_nobody_holding_a_double_is_a_bad_deal_but_seeded_deals_redeal() {
    let r = rules("block", 2, json!({}));
    assert_eq!(r.hand_size(), 8);
    let hands = [
        "6-5 6-4 6-3 6-2 6-1 6-0 5-4 5-3",
        "5-2 5-1 5-0 4-3 4-2 4-1 4-0 3-2",
    ];
    let no_double = deal(&r, &hands, "");
    let err = Match::new(r, None, Some(&no_double)).unwrap_err();
    assert_eq!(err, MatchError::Deal(DealError::Redeal));
    assert_eq!(err.code().as_str(), "bad_deal");
    assert_eq!(Match::new(r, None, None).unwrap_err(), MatchError::NeedDeal);
    // A seed whose first shuffle leaves every double asleep deals again.
    let holds_double = |d: &Deal| {
        !(d.hands[0] | d.hands[1])
            .intersect(TileSet::DOUBLES)
            .is_empty()
    };
    let seed = (0..1_000_000u64)
        .find(|&s| !holds_double(&Deal::random(&r, &mut hand_rng(s, 1))))
        .unwrap();
    let first = Deal::random(&r, &mut hand_rng(seed, 1));
    let m = Match::new(r, Some(seed), None).unwrap();
    assert_ne!(*m.deal(), first);
    assert!(holds_double(m.deal()));
    // Between hands, a refused deal leaves the match as it was.
    let mut m = m;
    let mut ml = MoveList::new();
    while m.phase() == Phase::Play {
        m.legal(&mut ml);
        m.act(ml[0], &mut ()).unwrap();
    }
    let before = m.state_json(Viewer::All);
    assert_eq!(
        m.next_hand(Some(&no_double)),
        Err(MatchError::Deal(DealError::Redeal))
    );
    assert_eq!(m.state_json(Viewer::All), before);
}

#[test]
fn block_spots_after_domino_winners_score_losers_counts() {
    let r = rules("block", 4, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &WIN_0_BY_DOMINO, ""));
    run(&mut m, WIN_0_BY_DOMINO_PLAY);
    assert_eq!(counts(&m), [0, 3, 14, 19]);
    // The losers' counts only; the partner's 14 is not scored.
    assert_eq!(points(&m), [22, 0]);
    assert_eq!(m.scores(), [22, 0]);
}

#[test]
fn block_spots_after_block_losers_count_minus_winners() {
    let r = rules("block", 4, json!({"hand_size": 2}));
    let mut m = start(
        r,
        &deal(&r, &["6-6 2-1", "5-5 5-4", "1-0 2-0", "3-3 4-4"], ""),
    );
    run(&mut m, "0:6-6");
    assert_eq!(m.result().unwrap().reason, EndReason::Blocked);
    // Team totals: 6 against 33.
    assert_eq!(winner_side(&m), Some(0));
    assert_eq!(points(&m), [33 - 6, 0]);
}

#[test]
fn block_spots_after_block_each_for_himself_sums_over_losers() {
    let r = rules("block", 3, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &["6-6 2-1", "5-5 5-4", "1-0 3-0"], ""));
    run(&mut m, "0:6-6");
    assert_eq!(counts(&m), [3, 19, 4]);
    assert_eq!(points(&m), [(19 - 3) + (4 - 3), 0, 0]);
}

#[test]
fn block_spots_match_ends_at_target() {
    assert_eq!(Rules::of_preset("block").unwrap().target(), 100);
    let r = rules("block", 4, json!({"hand_size": 2, "target": 20}));
    let mut m = start(r, &deal(&r, &WIN_0_BY_DOMINO, ""));
    run(&mut m, WIN_0_BY_DOMINO_PLAY);
    assert_eq!(m.scores(), [22, 0]);
    assert_eq!(m.phase(), Phase::MatchOver);
    assert_eq!(m.winner(), Some(domino_engine::Winner::Side(0)));
}

#[test]
fn block_hand_scoring_one_point_per_hand_to_five() {
    let r = rules("block", 4, json!({"hand_size": 1, "scoring": "hand"}));
    assert_eq!(r.target(), 5);
    let mut m = start(r, &deal(&r, &["6-6", "5-5", "4-4", "3-3"], ""));
    run(&mut m, "0:6-6");
    assert_eq!(points(&m), [1, 0]);
    for _ in 2..=4 {
        next(&mut m, &deal(&r, &["6-6", "5-5", "4-4", "3-3"], ""));
        run(&mut m, "0:6-6");
    }
    assert_eq!(m.scores(), [4, 0]);
    // Every hand the highest double's holder poses it, whoever won before.
    next(&mut m, &deal(&r, &["5-5", "6-6", "4-4", "3-3"], ""));
    run(&mut m, "1:6-6");
    assert_eq!(m.scores(), [4, 1]);
    next(&mut m, &deal(&r, &["5-5", "4-4", "6-6", "3-3"], ""));
    run(&mut m, "2:6-6");
    assert_eq!(m.scores(), [5, 1]);
    assert_eq!(m.winner(), Some(domino_engine::Winner::Side(0)));
}

#[test]
fn block_both_partners_out_skips_the_player_out_and_needs_both() {
    let hands = ["6-6 6-5", "1-0 2-0", "5-4 4-3", "2-1 1-1"];
    let r = rules(
        "block",
        4,
        json!({"hand_size": 2, "both_partners_out": true}),
    );
    let mut m = start(r, &deal(&r, &hands, ""));
    let ev = run(&mut m, WIN_0_BY_DOMINO_PLAY);
    assert!(ev.contains(&Event::Out { seat: 0 }));
    assert_eq!(m.phase(), Phase::Play);
    assert!(m.hand().is_out(0));
    run(&mut m, "1:pass 2:5-4@0 3:pass");
    // Seat 0 is out: the turn goes from seat 3 to seat 1.
    assert_eq!(m.to_act(), Some(1));
    assert_eq!(
        refused(&mut m, 0, "pass"),
        MatchError::NotYourTurn { seat: 0, to_act: 1 }
    );
    run(&mut m, "1:pass 2:4-3@0");
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(m.result().unwrap().reason, EndReason::Domino);
    assert_eq!(m.result().unwrap().seat, Some(2));
    assert_eq!(winner_side(&m), Some(0));
    assert_eq!(points(&m), [3 + 5, 0]);
    // Without the option the first player out wins the hand.
    let r = rules("block", 4, json!({"hand_size": 2}));
    let mut m = start(r, &deal(&r, &hands, ""));
    run(&mut m, WIN_0_BY_DOMINO_PLAY);
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(points(&m), [3 + 5, 0]);
}

// ------------------------------------------------------------------ draw

#[test]
fn draw_game_draws_one_tile_at_a_time_until_able() {
    let r = rules("draw", 2, json!({}));
    assert_eq!(r.hand_size(), 7);
    let hands = ["6-6 5-5 5-4 5-3 5-2 5-1 5-0", "4-4 4-3 4-2 4-1 4-0 3-3 3-2"];
    let mut m = start(r, &deal(&r, &hands, "1-0 2-0 6-2"));
    run(&mut m, "0:6-6");
    assert_eq!(legal(&m), [Action::Draw]);
    assert_eq!(illegal(refused(&mut m, 1, "pass")), IllegalAction::MustDraw);
    run(&mut m, "1:draw");
    assert_eq!(m.to_act(), Some(1));
    assert_eq!(m.hand().boneyard().len(), 13);
    run(&mut m, "1:draw 1:draw");
    assert!(hand_of(&m, 1).contains(tile("6-2")));
    // Able to play: drawing and passing are refused.
    assert_eq!(
        illegal(refused(&mut m, 1, "draw")),
        IllegalAction::MustPlay("draw")
    );
    assert_eq!(
        illegal(refused(&mut m, 1, "pass")),
        IllegalAction::MustPlay("pass")
    );
    run(&mut m, "1:6-2@0");
    assert_eq!(m.to_act(), Some(0));
}

#[test]
fn draw_game_pass_only_when_boneyard_is_empty() {
    let r = rules("draw", 2, json!({"hand_size": 13}));
    let hands = [
        "6-6 4-4 4-3 4-2 4-1 4-0 3-3 3-2 3-1 3-0 2-2 2-1 2-0",
        "6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1 5-0 0-0",
    ];
    let mut m = start(r, &deal(&r, &hands, "1-1 1-0"));
    run(&mut m, "0:6-6 1:6-5@0");
    assert_eq!(illegal(refused(&mut m, 0, "pass")), IllegalAction::MustDraw);
    run(&mut m, "0:draw 0:draw");
    assert!(m.hand().boneyard().is_empty());
    assert_eq!(legal(&m), [Action::Pass]);
    assert_eq!(
        illegal(refused(&mut m, 0, "draw")),
        IllegalAction::NoDraw("the boneyard is empty")
    );
    run(&mut m, "0:pass");
    assert_eq!(m.phase(), Phase::Play);
    assert_eq!(m.to_act(), Some(1));
}

#[test]
fn draw_game_block_is_detected_on_the_draw_that_causes_it() {
    let r = rules("draw", 2, json!({"hand_size": 13}));
    let hands = [
        "6-6 1-0 6-2 6-3 5-4 5-5 5-3 5-2 5-1 5-0 4-4 4-3 4-2",
        "6-0 6-1 3-2 6-4 6-5 4-1 4-0 3-3 3-1 3-0 2-2 2-1 2-0",
    ];
    let mut m = start(r, &deal(&r, &hands, "1-1 0-0"));
    // Every 6 goes down and both ends show 6.
    run(
        &mut m,
        "0:6-6 1:6-0@0 0:1-0@0 1:6-1@0 0:6-2@0 1:3-2@0 0:6-3@0 1:6-4@1 0:5-4@1 1:6-5@1",
    );
    run(&mut m, "0:draw");
    assert_eq!(m.phase(), Phase::Play);
    assert_eq!(illegal(refused(&mut m, 0, "pass")), IllegalAction::MustDraw);
    // The last tile drawn cannot be played and nobody can play: blocked now.
    run(&mut m, "0:draw");
    assert_eq!(m.phase(), Phase::HandOver);
    assert_eq!(m.result().unwrap().reason, EndReason::Blocked);
    assert_eq!(refused(&mut m, 0, "pass"), MatchError::HandOver);
    assert_eq!(counts(&m), [59, 31]);
    assert_eq!(winner_side(&m), Some(1));
    assert_eq!(points(&m), [0, 59 - 31]);
}

#[test]
fn draw_game_hand_sizes_and_partners_option() {
    for (players, size) in [(2, 7), (3, 5), (4, 4), (5, 3)] {
        let r = rules("draw", players, json!({}));
        assert_eq!((r.hand_size(), r.partners()), (size, false));
    }
    let r = rules("draw", 4, json!({"partners": true}));
    assert_eq!((r.hand_size(), r.partners(), r.sides()), (4, true, 2));
}

// ------------------------------------------------------ illegal actions

#[test]
fn illegal_actions_are_refused_with_reasons_and_change_nothing() {
    let r = Rules::of_preset("jamaican").unwrap();
    let mut m = start(r, &key_tile_deal());
    let e = refused(&mut m, 1, "4-1");
    assert_eq!(e, MatchError::NotYourTurn { seat: 1, to_act: 0 });
    assert_eq!(e.code().as_str(), "not_your_turn");
    let e = refused(&mut m, 0, "4-2");
    assert_eq!(e.code().as_str(), "illegal_action");
    assert!(matches!(illegal(e), IllegalAction::BadPose { .. }));
    assert_eq!(
        illegal(refused(&mut m, 0, "5-5")),
        IllegalAction::NotHeld(tile("5-5"))
    );
    assert_eq!(
        illegal(refused(&mut m, 0, "6-6@0")),
        IllegalAction::PoseHasNoEnd
    );
    assert_eq!(
        illegal(refused(&mut m, 0, "pass")),
        IllegalAction::MustPlay("pass")
    );
    assert_eq!(
        illegal(refused(&mut m, 0, "draw")),
        IllegalAction::MustPlay("draw")
    );
    assert!(matches!(
        illegal(refused(&mut m, 0, "poser:0")),
        IllegalAction::Other(_)
    ));
    let before = m.state_json(Viewer::All);
    let e = m.next_hand(Some(&key_tile_deal())).unwrap_err();
    assert_eq!(
        (e.clone(), e.code().as_str()),
        (MatchError::HandNotOver, "hand_not_over")
    );
    assert_eq!(m.state_json(Viewer::All), before);

    run(&mut m, "0:6-6");
    // 6-1 fits both ends (both show 6): the end must be named.
    assert!(matches!(
        illegal(refused(&mut m, 1, "6-1")),
        IllegalAction::AmbiguousEnd { .. }
    ));
    assert_eq!(
        illegal(refused(&mut m, 1, "6-1@2")),
        IllegalAction::Place {
            tile: tile("6-1"),
            source: PlaceError::NoSuchEnd(2)
        }
    );
    run(&mut m, "1:6-1@0");
    // Ends 1 and 6: 3-3 matches neither.
    assert_eq!(
        illegal(refused(&mut m, 2, "3-3@0")),
        IllegalAction::Place {
            tile: tile("3-3"),
            source: PlaceError::NoMatch { end: 0, pips: 1 }
        }
    );
    assert!(matches!(
        illegal(refused(&mut m, 2, "3-3")),
        IllegalAction::Place { .. }
    ));
    assert_eq!(
        illegal(refused(&mut m, 2, "pass")),
        IllegalAction::MustPlay("pass")
    );
    // 6-3 fits only end 1, so the end may be left out: check fills it in.
    assert_eq!(
        m.hand().check(Action::pose(tile("6-3"))),
        Ok(Action::play(tile("6-3"), 1))
    );
    run(&mut m, "2:6-3");
    let rest = KEY_TILE_PLAY
        .split_whitespace()
        .skip(3)
        .take_while(|s| *s != "3:pass")
        .collect::<Vec<_>>()
        .join(" ");
    run(&mut m, &rest);
    // Seat 3 cannot play: the Jamaican game has no drawing, only passing.
    assert_eq!(legal(&m), [Action::Pass]);
    assert_eq!(
        illegal(refused(&mut m, 3, "draw")),
        IllegalAction::NoDraw("this game has no drawing")
    );
    run(&mut m, "3:pass 0:4-3@1 1:pass 2:3-3@1 3:pass 0:3-0@0");
    let e = refused(&mut m, 1, "pass");
    assert_eq!(
        (e.clone(), e.code().as_str()),
        (MatchError::HandOver, "hand_over")
    );
}
