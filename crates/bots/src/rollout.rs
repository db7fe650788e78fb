//! Policy improvement by rollouts: each candidate play is followed by the
//! rest of the hand played out with every seat, the searching one too,
//! playing as the heuristic would on what it could know (its own tiles,
//! the table, the passes and draws it saw), and the boneyard shuffled
//! afresh for every rollout, so no draw is foreseen. The candidates share
//! each world and each shuffle (common random numbers), so the comparison
//! between them is far less noisy than their values.
//!
//! The heuristic is run on the hand itself, not through a match: its score
//! ([`crate::heuristic::score_facts`]) reads the same facts a seat view
//! gives, with what every seat publicly showed (what each lacks and which
//! numbers it left showing) kept up to date as the rollout plays.

use std::time::Instant;

use domino_engine::deal::MAX_PLAYERS;
use domino_engine::score::settle;
use domino_engine::{Action, Hand, MoveList, TileSet};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::heuristic::{score_facts, Facts};
use crate::knowledge::{Knowledge, MAX_SEATS};
use crate::maxn::Measure;
use crate::simple::play_parts;
use crate::solver::{moves, Position};

/// What every seat has seen of the others: the parts of [`Knowledge`] that
/// do not depend on whose view it is, kept as the hand goes on.
#[derive(Copy, Clone, Debug)]
pub struct Public {
    lacks: [TileSet; MAX_SEATS],
    shown: [u16; MAX_SEATS],
    /// The last action and its seat (a draw after a draw of the same seat
    /// adds to what it lacks instead of starting afresh).
    prev: Option<(u8, Action)>,
}

impl Public {
    /// What the hand so far showed, from one seat's deductions.
    pub fn of(k: &Knowledge) -> Public {
        Public {
            lacks: k.lacks,
            shown: k.shown,
            prev: k.steps.last().map(|s| (s.seat, s.action)),
        }
    }

    /// Nothing seen yet (a hand's start).
    pub fn empty() -> Public {
        Public {
            lacks: [TileSet::EMPTY; MAX_SEATS],
            shown: [0; MAX_SEATS],
            prev: None,
        }
    }

    /// Take note of `a`, about to be played in `hand` (as
    /// [`Knowledge::new`] reads a history).
    #[inline]
    pub fn note(&mut self, hand: &Hand, a: Action) {
        let seat = hand.to_act();
        let s = seat as usize & (MAX_SEATS - 1);
        let layout = hand.layout();
        match a {
            Action::Play { tile, end, .. } => match end {
                None => self.shown[s] |= (1 << tile.high()) | (1 << tile.low()),
                Some(id) => {
                    let pips = layout.chains().get(id as usize).map_or(0, |c| c.pips);
                    self.shown[s] |= 1 << tile.other(pips);
                }
            },
            Action::Draw => {
                let same_turn = matches!(self.prev, Some((p, Action::Draw)) if p == seat);
                if !same_turn {
                    self.lacks[s] = TileSet::EMPTY;
                }
                self.lacks[s] |= layout.playable();
            }
            Action::Pass => self.lacks[s] |= layout.playable(),
            _ => {}
        }
        self.prev = Some((seat, a));
    }
}

/// Buffers for choosing plays.
#[derive(Debug, Default)]
pub struct Scratch {
    legal: MoveList,
    moves: Vec<Action>,
}

/// The heuristic's action for the seat to act in `hand`, from what that
/// seat could know: muggins and lone choices taken, scoring plays claimed.
pub fn heuristic_action(hand: &Hand, public: &Public, scratch: &mut Scratch) -> Action {
    heuristic_choice(hand, public, scratch).0
}

/// As [`heuristic_action`], with how many actions there were to choose
/// from.
pub fn heuristic_choice(hand: &Hand, public: &Public, scratch: &mut Scratch) -> (Action, usize) {
    moves(hand, &mut scratch.legal, &mut scratch.moves);
    let n = scratch.moves.len();
    if n == 1 {
        return (scratch.moves[0], 1);
    }
    let rules = hand.rules();
    let me = hand.to_act();
    let mine = hand.hand(me);
    let layout = hand.layout();
    let facts = Facts {
        rules,
        me,
        hand: mine,
        layout,
        unseen: rules.tiles().minus(mine).minus(layout.board()),
        lacks: &public.lacks,
        shown: &public.shown,
    };
    // The first of the best, the higher tile first among equal scores
    // ([`crate::heuristic::rank`]'s order).
    let mut best = scratch.moves[0];
    let mut best_score = score_facts(&facts, best);
    for &a in &scratch.moves[1..] {
        let s = score_facts(&facts, a);
        let better = match s.total_cmp(&best_score) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Equal => play_parts(a).map(|p| p.0) > play_parts(best).map(|p| p.0),
            std::cmp::Ordering::Less => false,
        };
        if better {
            best = a;
            best_score = s;
        }
    }
    (best, n)
}

/// Play `hand` to its end with the heuristic in every seat.
pub fn play_out(hand: &mut Hand, public: &mut Public, scratch: &mut Scratch) {
    while !hand.is_over() {
        let a = heuristic_action(hand, public, scratch);
        public.note(hand, a);
        hand.apply_unchecked(a, &mut ());
    }
}

/// `side`'s measure of a finished hand: its points times (sides - 1) less
/// the others' ([`Measure`]).
fn measured(hand: &Hand, hand_number: u32, measure: &Measure, side: usize) -> f64 {
    let r = settle(hand.rules(), hand, hand_number);
    let mut v = [0; MAX_PLAYERS];
    for (s, p) in r.points.iter().enumerate().take(measure.sides()) {
        v[s] = *p;
    }
    f64::from(measure.of_side(&v, side))
}

/// The mean measure for `side` of each of `candidates` in the known
/// position `pos` (a sampled world), over `rollouts` playouts, each on its
/// own shuffle of the boneyard (drawn from `seed`) shared by every
/// candidate. `None` past `deadline`, or where the game is not scored in
/// points.
pub fn values(
    pos: &Position,
    public: &Public,
    side: usize,
    candidates: &[Action],
    rollouts: usize,
    seed: u64,
    deadline: Option<Instant>,
) -> Option<Vec<(Action, f64)>> {
    let measure = Measure::of(pos.hand.rules())?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut scratch = Scratch::default();
    let mut sums = vec![0f64; candidates.len()];
    let rollouts = rollouts.max(1);
    for _ in 0..rollouts {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let mut root = pos.hand;
        root.shuffle_boneyard(&mut rng);
        for (i, &a) in candidates.iter().enumerate() {
            let mut hand = root;
            let mut public = *public;
            public.note(&hand, a);
            hand.apply_unchecked(a, &mut ());
            play_out(&mut hand, &mut public, &mut scratch);
            sums[i] += measured(&hand, pos.hand_number, &measure, side);
        }
    }
    let n = rollouts as f64;
    Some(
        candidates
            .iter()
            .zip(sums)
            .map(|(&a, s)| (a, s / n))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bot, Heuristic};
    use domino_engine::{Match, Phase, RulesSpec};

    fn rules(preset: &str, players: u8) -> domino_engine::Rules {
        let mut spec = RulesSpec::preset(preset);
        spec.players = Some(players);
        spec.resolve().unwrap()
    }

    /// Played on the hand, the rollout policy makes the heuristic bot's
    /// choices from the seat's own view at every step of whole hands: it
    /// reads nothing a seat could not see.
    #[test]
    fn rollout_policy_is_the_heuristic_from_the_seat_view() {
        for (preset, players) in [
            ("draw", 4),
            ("double-nine-cross", 4),
            ("cross", 4),
            ("french", 4),
            ("all-fives", 3),
        ] {
            let r = rules(preset, players);
            for seed in 0..12u64 {
                let mut m = Match::new(r, Some(seed), None).unwrap();
                let mut scratch = Scratch::default();
                let mut steps = 0;
                while m.phase() == Phase::Play {
                    let seat = m.to_act().unwrap();
                    let view = m.seat_view(seat);
                    let want = Heuristic.act(&view).unwrap();
                    let public = Public::of(&Knowledge::new(&view));
                    let got = heuristic_action(m.hand(), &public, &mut scratch);
                    assert_eq!(got, want, "{preset} seed {seed} step {steps}");
                    m.act(want, &mut ()).unwrap();
                    steps += 1;
                }
            }
        }
    }

    /// The rollouts see only the world they are given: two worlds that
    /// differ only in a hidden hand give different values, and the same
    /// world and seed the same values.
    #[test]
    fn rollouts_depend_only_on_the_world_and_seed() {
        let r = rules("draw", 4);
        let mut m = Match::new(r, Some(3), None).unwrap();
        let mut scratch = MoveList::new();
        m.hand().legal(&mut scratch);
        m.act(scratch[0], &mut ()).unwrap();
        let seat = m.to_act().unwrap();
        let view = m.seat_view(seat);
        let k = Knowledge::new(&view);
        let public = Public::of(&k);
        let sampler = crate::world::Sampler::new(&view, &k).unwrap();
        let plays: Vec<Action> = view.legal().to_vec();
        let side = r.side_of(seat);
        let a = sampler.sample(1).unwrap();
        let v1 = values(&a, &public, side, &plays, 16, 9, None).unwrap();
        let v2 = values(&a, &public, side, &plays, 16, 9, None).unwrap();
        assert_eq!(v1, v2);
        // Every seat's tiles in the world are the ones the rollouts play.
        for s in 0..4u8 {
            if s == seat {
                assert_eq!(a.hand.hand(s), view.hand());
            } else {
                assert_eq!(a.hand.hand(s).len(), view.hand_sizes()[s as usize]);
            }
        }
    }

    /// The options that set the rollout search are taken, bad values
    /// refused, and the expert rolls out every world it samples.
    #[test]
    fn rollout_options_parse_and_the_expert_uses_them() {
        use crate::{by_name, BotConfig};
        for ok in [
            "expert:search=rollout",
            "expert:search=rollout:rollouts=4:samples=8",
            "expert:search=rollout:imitate=0.8",
        ] {
            assert!(by_name(ok, BotConfig::default()).is_ok(), "{ok}");
        }
        for bad in [
            "expert:rollouts=0",
            "expert:rollouts=x",
            "expert:imitate=1.5",
            "expert:search=rollouts",
        ] {
            assert!(by_name(bad, BotConfig::default()).is_err(), "{bad}");
        }
        let r = rules("draw", 4);
        let mut m = Match::new(r, Some(8), None).unwrap();
        let mut expert = crate::Expert::new(2, 10_000)
            .with_search(crate::expert::Search::Rollout)
            .with_rollouts(2)
            .with_max_samples(4);
        let mut decided = 0;
        while m.phase() == Phase::Play {
            let seat = m.to_act().unwrap();
            let view = m.seat_view(seat);
            let a = expert.act(&view).unwrap();
            if matches!(crate::prelude(&view), Ok(crate::Prelude::Plays(_))) {
                assert_eq!(expert.last_samples, 4);
                decided += 1;
            }
            assert!(view.legal().contains(&a));
            m.act(a, &mut ()).unwrap();
        }
        assert!(decided > 0);
    }

    /// A constructed draw position where one play clearly wins: the seat
    /// holds 6-6 and 6-2 with 6 and 3 showing and the others hold no six;
    /// laying the double keeps a six to go out on, laying 6-2 leaves the
    /// double stranded.
    #[test]
    fn rollouts_find_the_play_that_goes_out() {
        use domino_engine::{Deal, Tile};
        let mut spec = RulesSpec::preset("draw");
        spec.players = Some(4);
        spec.options.insert("hand_size".into(), 2.into());
        let r = spec.resolve().unwrap();
        let t = |a, b| Tile::new(a, b);
        let mut deal = Deal {
            hands: [TileSet::EMPTY; MAX_PLAYERS],
            boneyard: [Tile::double(0); domino_engine::MAX_TILES],
            bone_len: 0,
            poser: Some(3),
        };
        deal.hands[0] = [t(6, 6), t(6, 2)].into_iter().collect();
        deal.hands[1] = [t(0, 0), t(1, 0)].into_iter().collect();
        deal.hands[2] = [t(1, 1), t(2, 1)].into_iter().collect();
        deal.hands[3] = [t(6, 3), t(0, 2)].into_iter().collect();
        let used: TileSet = deal.hands.iter().fold(TileSet::EMPTY, |a, &h| a | h);
        for tile in r.tiles().minus(used).iter() {
            deal.boneyard[deal.bone_len as usize] = tile;
            deal.bone_len += 1;
        }
        let mut pos = Position::dealt(&r, &deal, 3, TileSet(u128::MAX), 1);
        pos.apply(Action::Play {
            tile: t(6, 3),
            end: None,
            claim: false,
        });
        // Seats 0.. act; play on until seat 0 has a choice.
        let mut public = Public::empty();
        while pos.hand.to_act() != 0 {
            let mut s = Scratch::default();
            let a = heuristic_action(&pos.hand, &public, &mut s);
            public.note(&pos.hand, a);
            pos.apply(a);
        }
        let mut legal = MoveList::new();
        pos.hand.legal(&mut legal);
        let double = legal
            .iter()
            .copied()
            .find(|a| a.tile() == Some(t(6, 6)))
            .unwrap();
        let other = legal
            .iter()
            .copied()
            .find(|a| a.tile() == Some(t(6, 2)))
            .unwrap();
        let v = values(&pos, &public, 0, &[other, double], 64, 5, None).unwrap();
        assert!(v[1].1 > v[0].1 + 10.0, "{v:?}");
    }
}
