//! How each game behaves, as `RulesSpec::resolve` says: one row per preset
//! (and the player counts where it changes), so that a change to a game's
//! facts shows in one diff.
#![allow(clippy::unwrap_used)]

use domino_engine::rules::Preset;
use domino_engine::{EndCount, MatchWin, NextPose, PoseRule, RulesSpec, Settle, Tile};

/// Preset, players: settle, end count, first pose, next pose, match win,
/// pass penalties, live scoring, partners, pass points.
type Row = (
    &'static str,
    u8,
    Settle,
    EndCount,
    PoseRule,
    NextPose,
    MatchWin,
    bool,
    bool,
    bool,
    i32,
);

#[test]
fn every_preset_resolves_to_the_behaviour_of_its_table_row() {
    use EndCount as E;
    use NextPose as N;
    use Settle as S;
    let hd = PoseRule::HighestDouble { any: false };
    let love = |goal| MatchWin::Love { goal };
    let target = |low_wins, in_play| MatchWin::Target { low_wins, in_play };
    #[rustfmt::skip]
    let table: Vec<Row> = vec![
        ("jamaican", 4, S::Love, E::Off, hd, N::WinnerOrPartner, love(6), false, false, true, 0),
        ("cutthroat", 3, S::Love, E::Off, hd, N::Winner, love(6), false, false, false, 0),
        ("chiva", 4, S::Love, E::Off, hd, N::WinnerOrPartnerUnlessBlocked, love(4), false, false, true, 0),
        ("chiva", 2, S::Love, E::Off, hd, N::Winner, love(4), false, false, false, 0),
        ("puerto-rican", 4, S::AllPips, E::Off, hd, N::Winner, target(false, false), false, true, true, 10),
        ("puerto-rican", 3, S::AllPips, E::Off, hd, N::Winner, target(false, false), false, true, false, 0),
        ("block", 2, S::LosersPips, E::Off, hd, N::First, target(false, false), false, false, false, 0),
        ("draw", 2, S::LosersPips, E::Off, hd, N::First, target(false, false), false, false, false, 0),
        ("cross", 4, S::LosersPips, E::Off, hd, N::First, target(false, false), false, false, false, 0),
        ("double-nine-cross", 4, S::LosersPips, E::Off, hd, N::First, target(false, false), false, false, false, 0),
        ("french", 4, S::OwnPipsDoubled, E::Off, PoseRule::Holder(Tile::double(0)), N::WinnerWithDouble, target(true, false), true, true, false, 0),
        ("all-fives", 2, S::FivesBonus, E::Fives, PoseRule::FivesOpening, N::First, target(false, true), false, true, false, 0),
        ("fives-and-threes", 2, S::FivesBonus, E::FivesAndThrees, PoseRule::FivesOpening, N::First, target(false, true), false, true, false, 0),
        ("club-fives", 2, S::FivesBonus, E::OnePerFive, PoseRule::TurnOver, N::Alternate, target(false, false), false, true, false, 0),
    ];
    let names: Vec<&str> = table.iter().map(|r| r.0).collect();
    for p in Preset::ALL {
        assert!(names.contains(&p.name()), "{} has no row", p.name());
    }
    for row in table {
        let (name, players, ..) = row;
        let spec: RulesSpec = serde_json::from_value(serde_json::json!({
            "preset": name, "players": players,
        }))
        .unwrap();
        let r = spec.resolve().unwrap();
        let got: Row = (
            name,
            players,
            r.settle(),
            r.ends(),
            r.first_pose(),
            r.next_pose(),
            r.win(),
            r.pass_penalties(),
            r.live_scoring(),
            r.partners(),
            r.pass_points(),
        );
        assert_eq!(got, row, "{name} with {players}");
    }
}

#[test]
fn sporting_lets_the_highest_double_holder_pose_any_tile() {
    let spec: RulesSpec = serde_json::from_value(serde_json::json!({
        "preset": "cutthroat", "options": {"sporting": true},
    }))
    .unwrap();
    assert_eq!(
        spec.resolve().unwrap().first_pose(),
        PoseRule::HighestDouble { any: true }
    );
}

#[test]
fn partners_sit_across_the_table() {
    let r = domino_engine::Rules::of_preset("jamaican").unwrap();
    assert_eq!(
        (0..4).map(|s| r.partner_of(s)).collect::<Vec<_>>(),
        [Some(2), Some(3), Some(0), Some(1)]
    );
    let c = domino_engine::Rules::of_preset("cutthroat").unwrap();
    assert_eq!(c.partner_of(0), None);
}
