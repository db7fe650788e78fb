use super::*;
use crate::rules::Rules;

fn rules(preset: &str) -> Rules {
    Rules::of_preset(preset).expect("preset")
}

fn report(dominoed: &[u8], counts: &[u32]) -> HandReport {
    HandReport {
        dominoed: dominoed.to_vec(),
        counts: counts.to_vec(),
        ..HandReport::default()
    }
}

#[test]
fn two_players_dominoing_is_refused() {
    let err = report(&[0, 1], &[0, 0, 12, 9])
        .check(&rules("jamaican"), &[0, 0])
        .unwrap_err();
    assert_eq!(
        err,
        ReportError::TwoDominoes {
            first: 0,
            second: 1
        }
    );
    assert!(err.to_string().contains("only one player goes out"));
}

#[test]
fn both_partners_out_ends_the_hand_at_the_pair() {
    let spec = crate::RulesSpec {
        players: Some(4),
        options: serde_json::json!({"partners": true, "both_partners_out": true})
            .as_object()
            .cloned()
            .unwrap_or_default(),
        ..crate::RulesSpec::preset("block")
    };
    let block = spec.resolve().expect("rules");
    // One of each side out, then blocked.
    let s = report(&[1, 2], &[8, 0, 0, 4])
        .check(&block, &[0, 0])
        .expect("valid");
    assert_eq!(s.end, Some(SummaryEnd::Blocked));
    // A pair out: a domino by the second partner.
    let s = report(&[1, 2, 0], &[0, 0, 0, 4])
        .check(&block, &[0, 0])
        .expect("valid");
    assert!(matches!(s.end, Some(SummaryEnd::Domino { seat: 0, .. })));
    assert_eq!(
        report(&[0, 2, 1], &[0, 0, 0, 4])
            .check(&block, &[0, 0])
            .unwrap_err(),
        ReportError::OutAfterEnd {
            seat: 1,
            first: 0,
            second: 2
        }
    );
}

#[test]
fn a_domino_with_pips_left_is_refused() {
    let err = report(&[2], &[5, 3, 4, 9])
        .check(&rules("jamaican"), &[0, 0])
        .unwrap_err();
    assert_eq!(err, ReportError::DominoCount { seat: 2, count: 4 });
}

#[test]
fn counts_out_of_range_are_refused() {
    let r = rules("jamaican");
    let err = report(&[0], &[0, 200, 3, 4])
        .check(&r, &[0, 0])
        .unwrap_err();
    assert_eq!(
        err,
        ReportError::CountTooHigh {
            count: 200,
            max: 168
        }
    );
    let err = report(&[0], &[0, 100, 60, 40])
        .check(&r, &[0, 0])
        .unwrap_err();
    assert_eq!(
        err,
        ReportError::CountsTooHigh {
            total: 200,
            max: 168
        }
    );
    let err = report(&[], &[1, 2, 3]).check(&r, &[0, 0]).unwrap_err();
    assert_eq!(err, ReportError::CountsLength { players: 4, got: 3 });
}

#[test]
fn a_seat_or_side_that_does_not_exist_is_refused() {
    let err = report(&[4], &[0, 1, 2, 3, 4])
        .check(&rules("jamaican"), &[0, 0])
        .unwrap_err();
    assert!(matches!(err, ReportError::CountsLength { .. }));
    let err = report(&[4], &[0, 1, 2, 3])
        .check(&rules("jamaican"), &[0, 0])
        .unwrap_err();
    assert_eq!(
        err,
        ReportError::NoSuchSeat {
            seat: 4,
            players: 4
        }
    );
    let mut r = report(&[0], &[0, 10]);
    r.points = vec![0, 5, 10];
    let err = r.check(&rules("all-fives"), &[0, 0]).unwrap_err();
    assert_eq!(err, ReportError::NoSuchSide { side: 2, sides: 2 });
}

#[test]
fn terms_of_another_game_are_refused() {
    let mut r = report(&[0], &[0, 10, 5, 5]);
    r.capicu = true;
    assert_eq!(
        r.check(&rules("jamaican"), &[0, 0]).unwrap_err(),
        ReportError::NotInGame("capicú")
    );
    let mut r = report(&[0], &[0, 10, 5, 5]);
    r.points = vec![5, 0];
    assert_eq!(
        r.check(&rules("jamaican"), &[0, 0]).unwrap_err(),
        ReportError::NoPlayPoints
    );
    let mut r = report(&[0], &[0, 10]);
    r.acts = vec![TableAct {
        seat: 1,
        act: ActKind::WrongPlay,
        points: 0,
    }];
    assert_eq!(
        r.check(&rules("club-fives"), &[0, 0]).unwrap_err(),
        ReportError::ActNotInGame {
            act: ActKind::WrongPlay
        }
    );
}

#[test]
fn capicu_needs_a_domino_and_not_the_double_blank() {
    let mut r = report(&[], &[3, 10, 5, 5]);
    r.capicu = true;
    assert_eq!(
        r.check(&rules("puerto-rican"), &[0, 0]).unwrap_err(),
        ReportError::NeedsDomino("capicú")
    );
    let mut r = report(&[1], &[3, 0, 5, 5]);
    r.capicu = true;
    r.chuchazo = true;
    assert_eq!(
        r.check(&rules("puerto-rican"), &[0, 0]).unwrap_err(),
        ReportError::CapicuChuchazo
    );
}

#[test]
fn all_fives_points_come_in_fives_and_one_side_reaches_the_target() {
    let r4 = rules("all-fives");
    let mut r = report(&[0], &[0, 10]);
    r.points = vec![7, 0];
    assert_eq!(r.check(&r4, &[0, 0]).unwrap_err(), ReportError::NotFives(7));
    let mut r = report(&[0], &[0, 10]);
    r.points = vec![20, 30];
    assert_eq!(
        r.check(&r4, &[90, 80]).unwrap_err(),
        ReportError::BothReachTarget {
            first: 0,
            second: 1
        }
    );
    assert!(r.check(&r4, &[90, 10]).is_ok());
}

#[test]
fn club_penalties_cancel_points_made() {
    let club = rules("club-fives");
    let mut r = report(&[0], &[0, 10]);
    r.points = vec![3, 1];
    r.acts = vec![TableAct {
        seat: 1,
        act: ActKind::BoneyardTrip,
        points: 2,
    }];
    assert_eq!(
        r.check(&club, &[0, 0]).unwrap_err(),
        ReportError::CancelsTooMuch {
            side: 1,
            cancelled: 2,
            made: 1
        }
    );
    r.acts[0].seat = 0;
    let s = r.check(&club, &[0, 0]).expect("valid");
    assert_eq!(&s.points[..2], &[1, 1]);
    r.acts[0].points = 0;
    assert_eq!(
        r.check(&club, &[0, 0]).unwrap_err(),
        ReportError::ActPoints {
            act: ActKind::BoneyardTrip
        }
    );
}

#[test]
fn french_acts_cost_ten() {
    let french = rules("french");
    let mut r = report(&[0], &[0, 10, 6, 4]);
    r.acts = vec![
        TableAct {
            seat: 1,
            act: ActKind::PassedWhenAble,
            points: 0,
        },
        TableAct {
            seat: 2,
            act: ActKind::BoardPass,
            points: 0,
        },
    ];
    let s = r.check(&french, &[0, 0, 0, 0]).expect("valid");
    assert_eq!(&s.penalties[..4], &[10, 20, 0, 10]);
    assert_eq!(s.board_passes, 1);
    r.doubles = vec![0];
    assert_eq!(
        r.check(&french, &[0, 0, 0, 0]).unwrap_err(),
        ReportError::DominoHoldsDouble(0)
    );
}

/// A refused act is named as the API spells it, not as Rust does.
#[test]
fn refused_acts_are_named_in_the_apis_spelling() {
    for act in [
        ActKind::ThreePasses,
        ActKind::BoardPass,
        ActKind::PassedWhenAble,
        ActKind::WrongPlay,
        ActKind::OverDraw,
        ActKind::BoneyardTrip,
        ActKind::Exposed,
    ] {
        let spelled = serde_json::to_value(act).ok();
        assert_eq!(spelled, Some(serde_json::Value::from(act.as_str())));
        let m = ReportError::ActNotInGame { act }.to_string();
        assert!(m.contains(act.as_str()), "{m}");
        let m = ReportError::ActPoints { act }.to_string();
        assert!(m.contains(act.as_str()), "{m}");
    }
}

fn with(preset: &str, options: serde_json::Value) -> Rules {
    crate::RulesSpec {
        options: options.as_object().cloned().unwrap_or_default(),
        ..crate::RulesSpec::preset(preset)
    }
    .resolve()
    .expect("rules")
}

#[test]
fn two_seats_of_one_pip_each_are_refused() {
    // Only 1-0 counts one.
    let err = report(&[], &[1, 1, 30, 40])
        .check(&rules("jamaican"), &[0, 0])
        .unwrap_err();
    assert_eq!(err, ReportError::NoDeal { seats: vec![0, 1] });
    assert_eq!(err.impossible(), Some(Impossible::Counts));
    assert!(err.to_string().contains("seats 0 and 1"), "{err}");
    assert!(report(&[], &[1, 2, 30, 40])
        .check(&rules("jamaican"), &[0, 0])
        .is_ok());
}

#[test]
fn a_blocked_hand_with_nothing_held_is_refused() {
    let err = report(&[], &[0, 0, 0, 0])
        .check(&rules("jamaican"), &[0, 0])
        .unwrap_err();
    assert_eq!(
        err,
        ReportError::ZerosHeld {
            seats: vec![0, 1, 2, 3]
        }
    );
}

#[test]
fn pass_points_come_in_the_tables_unit_and_bound() {
    let pr = rules("puerto-rican");
    let mut r = report(&[1], &[3, 0, 4, 15]);
    r.points = vec![7, 3];
    assert_eq!(
        r.check(&pr, &[0, 0]).unwrap_err(),
        ReportError::NotPassPoints {
            points: 7,
            unit: 10
        }
    );
    r.points = vec![1000, 0];
    let err = r.check(&pr, &[0, 0]).unwrap_err();
    assert!(
        matches!(
            err,
            ReportError::PlayPointsTooHigh {
                side: 0,
                points: 1000,
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(err.impossible(), Some(Impossible::Points));
    r.points = vec![20, 10];
    assert!(r.check(&pr, &[0, 0]).is_ok());
}

#[test]
fn club_points_beyond_a_hand_are_refused() {
    let club = rules("club-fives");
    let mut r = report(&[1], &[17, 0]);
    r.points = vec![0, 1000];
    assert!(matches!(
        r.check(&club, &[0, 0]).unwrap_err(),
        ReportError::PlayPointsTooHigh {
            side: 1,
            points: 1000,
            ..
        }
    ));
    r.points = vec![0, 9];
    r.acts = vec![TableAct {
        seat: 1,
        act: ActKind::OverDraw,
        points: 50,
    }];
    assert!(matches!(
        r.check(&club, &[0, 0]).unwrap_err(),
        ReportError::ActPointsTooHigh { points: 50, .. }
    ));
    r.acts[0].points = 3;
    assert!(r.check(&club, &[0, 0]).is_ok());
}

#[test]
fn a_double_held_with_no_pips_is_refused_when_the_blank_counts_ten() {
    let french = with("french", serde_json::json!({"double_blank_ten": true}));
    let mut r = report(&[], &[0, 7, 5, 10]);
    r.doubles = vec![0];
    let err = r.check(&french, &[0, 0, 0, 0]).unwrap_err();
    assert_eq!(err, ReportError::ZeroNotOut { seats: vec![0] });
    // Counting the blank as nothing, 0-0 alone makes it.
    assert!(r.check(&rules("french"), &[0, 0, 0, 0]).is_ok());
}

#[test]
fn the_last_tile_cannot_still_be_held() {
    // Chuchazo: the double blank went out last, so no seat holds it, and
    // a count of 0 needs it.
    let mut r = report(&[1], &[0, 0, 5, 5]);
    r.chuchazo = true;
    assert_eq!(
        r.check(&rules("puerto-rican"), &[0, 0]).unwrap_err(),
        ReportError::LastTileHeld("the double blank")
    );
}

/// A refusal serializes as its kind and facts, so that a client can say
/// it in its own words; the report's things by a key, not an English phrase.
#[test]
fn refusals_serialize_as_kind_and_facts() {
    let two = serde_json::to_value(ReportError::TwoDominoes {
        first: 0,
        second: 2,
    })
    .unwrap();
    assert_eq!(
        two,
        serde_json::json!({"kind": "two_dominoes", "facts": {"first": 0, "second": 2}})
    );
    let thing = serde_json::to_value(ReportError::NeedsDomino("capicú")).unwrap();
    assert_eq!(
        thing,
        serde_json::json!({"kind": "needs_domino", "facts": "capicu"})
    );
    let plain = serde_json::to_value(ReportError::CapicuChuchazo).unwrap();
    assert_eq!(plain, serde_json::json!({"kind": "capicu_chuchazo"}));
}

fn with_points(dominoed: &[u8], counts: &[u32], points: &[i32]) -> HandReport {
    HandReport {
        points: points.to_vec(),
        ..report(dominoed, counts)
    }
}

#[test]
fn all_fives_points_past_the_target_are_refused() {
    let r = rules("all-fives");
    // 500 in one hand: a side stops at the target long before.
    let err = with_points(&[0], &[0, 10], &[500, 0])
        .check(&r, &[0, 0])
        .unwrap_err();
    assert!(matches!(
        err,
        ReportError::PlayPointsTooHigh { .. } | ReportError::PastTarget { .. }
    ));
    assert_eq!(err.impossible(), Some(Impossible::Points));
    // From 90, 45 in play overshoots by more than any last play makes.
    let err = with_points(&[0], &[0, 10], &[45, 0])
        .check(&r, &[90, 15])
        .unwrap_err();
    assert!(
        matches!(
            err,
            ReportError::PastTarget {
                side: 0,
                points: 45,
                score: 90,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err
        .to_string()
        .contains("the hand stops when a side reaches"));
    // The same 45 from 0, and a last play that carries 90 past the
    // target, are possible.
    with_points(&[0], &[0, 10], &[45, 0])
        .check(&r, &[0, 15])
        .expect("45 from 0");
    with_points(&[0], &[0, 10], &[15, 0])
        .check(&r, &[90, 15])
        .expect("15 from 90");
}

#[test]
fn fives_and_threes_points_no_plays_add_up_to_are_refused() {
    let r = rules("fives-and-threes");
    for p in [1, 2, 4, 7] {
        let err = with_points(&[0], &[0, 10], &[p, 0])
            .check(&r, &[0, 0])
            .unwrap_err();
        assert_eq!(err, ReportError::NoPlaySum { side: 0, points: p });
        assert_eq!(err.impossible(), Some(Impossible::Points));
    }
    // 8 is a three and a five; 11 a five and a six.
    for p in [3, 5, 6, 8, 11] {
        with_points(&[0], &[0, 10], &[p, 0])
            .check(&r, &[0, 0])
            .expect("a sum of plays");
    }
}

#[test]
fn zero_counts_of_players_still_in_say_why() {
    // Cut-throat counts the double blank as 10: a count of 0 is a player out.
    let three = |preset: &str| {
        (crate::RulesSpec {
            players: Some(3),
            ..crate::RulesSpec::preset(preset)
        })
        .resolve()
        .expect("three players")
    };
    let err = report(&[], &[0, 0, 0])
        .check(&three("cutthroat"), &[0, 0, 0])
        .unwrap_err();
    assert_eq!(
        err,
        ReportError::ZeroNotOut {
            seats: vec![0, 1, 2]
        }
    );
    assert!(err.to_string().contains("a count of 0 means going out"));
    // Where the double blank counts 0, one player may hold it alone.
    let err = report(&[0], &[0, 0, 0])
        .check(&three("block"), &[0, 0, 0])
        .unwrap_err();
    assert_eq!(err, ReportError::ZerosHeld { seats: vec![1, 2] });
    assert_eq!(err.impossible(), Some(Impossible::Counts));
    report(&[0], &[0, 0, 7])
        .check(&three("block"), &[0, 0, 0])
        .expect("one player holding the double blank");
}

#[test]
fn an_acts_refusal_names_it_as_the_api_does() {
    let err = ReportError::ActPointsTooHigh {
        act: ActKind::OverDraw,
        points: 50,
        max: 5,
    };
    assert!(
        err.to_string().starts_with("the act over_draw cancels"),
        "{err}"
    );
}
