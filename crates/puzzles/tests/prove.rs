//! Mined puzzles prove again, a wrong answer or value does not, and a
//! counting puzzle's worlds hold the real deal.

use domino_engine::RulesSpec;
use domino_puzzles::mine::{mine, MineConfig};
use domino_puzzles::prove::{verify, worlds, Limits, VerifyError};
use domino_puzzles::rate::RateConfig;
use domino_puzzles::{Kind, Puzzle};

fn mined(game: &str, count: usize) -> Vec<Puzzle> {
    let spec = RulesSpec::preset(game);
    let cfg = MineConfig {
        count,
        per_kind: count.div_ceil(2),
        seed: 1,
        max_hands: 200,
        bots: "heuristic".to_string(),
        max_in_hands: None,
        limits: Limits::default(),
        rate: RateConfig {
            tries: 2,
            expert_tries: 0,
            budget_ms: 10,
            seed: 1,
        },
    };
    let (puzzles, tally) = mine(game, &spec, &cfg, &mut |_| {}).expect("mining");
    eprintln!("{game}: {tally:?}");
    puzzles
}

#[test]
fn mined_puzzles_of_both_kinds_verify() {
    let puzzles = mined("jamaican", 6);
    assert_eq!(puzzles.len(), 6);
    for kind in [Kind::Open, Kind::Counting] {
        assert!(puzzles.iter().any(|p| p.kind == kind), "{kind:?}");
    }
    for p in &puzzles {
        verify(p, Limits::default()).unwrap_or_else(|e| panic!("{}: {e}", p.id));
    }
}

#[test]
fn a_changed_answer_or_value_fails_verification() {
    let puzzles = mined("block", 2);
    let p = &puzzles[0];
    let mut wrong = p.clone();
    let other = p
        .choices
        .iter()
        .find(|c| c.action != p.answer)
        .expect("two choices");
    wrong.answer = other.action;
    assert!(matches!(
        verify(&wrong, Limits::default()),
        Err(VerifyError::Answer { .. })
    ));
    let mut wrong = p.clone();
    wrong.choices[0].value += 1;
    assert!(matches!(
        verify(&wrong, Limits::default()),
        Err(VerifyError::Values)
    ));
}

#[test]
fn the_worlds_of_a_counting_puzzle_hold_the_real_deal_once() {
    for p in mined("jamaican", 6)
        .iter()
        .filter(|p| p.kind == Kind::Counting)
    {
        let setup = p.setup().expect("a position");
        let ws = worlds(&setup, 1000).expect("worlds");
        assert_eq!(ws.len() as u32, p.worlds.expect("counted"));
        let hands = |pos: &domino_bots::solver::Position| -> Vec<_> {
            (0..setup.rules.players())
                .map(|s| pos.hand.hand(s))
                .collect()
        };
        let real = hands(&setup.pos);
        assert_eq!(
            ws.iter().filter(|w| hands(w) == real).count(),
            1,
            "{}",
            p.id
        );
        // Every world shows the seat the same hand and the same counts.
        for w in &ws {
            assert_eq!(w.hand.hand(setup.seat), setup.pos.hand.hand(setup.seat));
            for s in 0..setup.rules.players() {
                assert_eq!(w.hand.hand(s).len(), setup.pos.hand.hand(s).len());
            }
        }
    }
}
