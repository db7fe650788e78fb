#![allow(clippy::unwrap_used)]
//! Invariants of the trains family over random matches of both games, any
//! player count and options: the tiles are conserved, the trains only grow
//! from their ends, an owed chain (an unsatisfied double, the centre, a
//! foot's toes) blocks every other play, and the scores are the pips left.

use domino_engine::{Action, Match, MoveList, Phase, Rules, RulesSpec, TileSet};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

fn rules(preset: &str, players: u8, options: serde_json::Value) -> Rules {
    let spec: RulesSpec =
        serde_json::from_value(json!({"preset": preset, "players": players, "options": options}))
            .unwrap();
    spec.resolve().unwrap()
}

/// Every tile is in exactly one hand, the boneyard or the layout.
fn conserved(m: &Match) {
    let h = m.hand();
    let r = m.rules();
    let mut seen = h.layout().board();
    let mut count = seen.len();
    for s in 0..r.players() {
        assert!((seen & h.hand(s)).is_empty(), "a tile held twice");
        seen |= h.hand(s);
        count += h.hand(s).len();
    }
    let bone: TileSet = h.boneyard().iter().copied().collect();
    assert!((seen & bone).is_empty(), "a boneyard tile elsewhere too");
    seen |= bone;
    count += h.boneyard().len() as u32;
    assert_eq!(seen, r.tiles());
    assert_eq!(count, r.tiles().len());
}

/// Play `hands` hands at random, checking every step.
fn play(r: Rules, seed: u64, hands: u32) {
    let mut m = Match::new(r, Some(seed), None).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut moves = MoveList::new();
    for _ in 0..hands {
        while m.phase() == Phase::Play {
            conserved(&m);
            m.legal(&mut moves);
            let owed = m.hand().layout().owed();
            for a in moves.as_slice() {
                if let Action::Play { end: Some(e), .. } = a {
                    assert!(
                        owed == 0 || owed >> e & 1 == 1,
                        "{a} is legal while chains {owed:b} are owed"
                    );
                }
            }
            let before = *m.hand().layout();
            let a = moves[rng.random_range(0..moves.len())];
            m.act(a, &mut ()).unwrap();
            let after = m.hand().layout();
            let (old, new) = (before.chains(), after.chains());
            assert!(new.len() >= old.len());
            for (id, (o, n)) in old.iter().zip(new).enumerate() {
                match a {
                    Action::Play {
                        tile, end: Some(e), ..
                    } if e as usize == id => {
                        assert!(tile.has(o.pips), "{tile} laid away from end {id}");
                        assert_eq!(n.len, o.len + 1);
                        assert_eq!(n.pips, tile.other(o.pips));
                    }
                    _ => assert_eq!(o, n, "chain {id} changed without a tile on it"),
                }
            }
            for c in &new[old.len()..] {
                assert_eq!(c.len, 0, "a new chain starts empty");
            }
        }
        conserved(&m);
        let res = m.result().unwrap();
        for s in 0..r.players() {
            let left = r.count(m.hand().hand(s));
            assert_eq!(res.counts[s as usize], left);
            assert_eq!(res.points[s as usize], left as i32);
        }
        if m.phase() == Phase::MatchOver {
            break;
        }
        m.next_hand(None).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn mexican_train_keeps_its_invariants(
        seed in any::<u64>(),
        players in 2u8..=8,
        chain in any::<bool>(),
        mexican in any::<bool>(),
        open in any::<bool>(),
        blank in prop::sample::select(vec![0, 50]),
    ) {
        let options = json!({
            "first_turn": if chain { "chain" } else { "one" },
            "mexican_train": mexican,
            "open_trains_start": open,
            "double_blank": blank,
        });
        play(rules("mexican-train", players, options), seed, 3);
    }

    #[test]
    fn chicken_foot_keeps_its_invariants(
        seed in any::<u64>(),
        players in 2u8..=8,
        six in any::<bool>(),
        twelve in any::<bool>(),
    ) {
        let options = json!({
            "centre": if six { "six" } else { "four" },
            "set": if twelve { 12 } else { 9 },
        });
        play(rules("chicken-foot", players, options), seed, 3);
    }
}
