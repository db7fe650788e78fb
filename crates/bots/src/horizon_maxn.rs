//! Depth-limited max-n: the horizon search for games where more than two
//! sides play for points, each for itself. Every seat picks the action best
//! for its own side, to a depth, and the fitted guess ([`Eval`]) values
//! the positions where the search stops for every side at once. The
//! paranoid reading ([`crate::horizon::Horizon`]: all the others against
//! one side) makes the three other players of a cross or a 4-player draw
//! game one team they are not, and so fears plays no one will make.
//!
//! Values are points still to come by side, in [`UNIT`]s; a seat's measure
//! is its side's times (sides - 1) minus the others' total, as everywhere
//! else. Between actions equally good for the seat to act it takes the one
//! worst for the side searched for. There is no pruning in max-n; the
//! search deepens one ply at a time until the node limit or the deadline,
//! and keeps the deepest iteration that finished.

use crate::maxn::{now, Measure, Pick, Vals};
use std::time::Instant;

use domino_engine::deal::MAX_PLAYERS;
use domino_engine::Action;

use crate::eval::Eval;
use crate::horizon::{deepen, Estimate, UNIT};
use crate::solver::{moves_pruned, order, position_key, search_salt, Position};
use crate::table::Kept;

/// A depth standing for "searched to the end of the hand".
const COMPLETE: u8 = u8::MAX;

#[derive(Copy, Clone)]
struct Slot {
    key: u64,
    vals: Vals,
    depth: u8,
    generation: u8,
    best: Action,
}

/// A reusable depth-limited max-n searcher.
#[derive(Debug)]
pub struct HorizonMaxN {
    /// The table, move lists and node count kept between searches.
    kept: Kept<Slot, 256>,
    side: usize,
    measure: Measure,
    eval: Eval,
    generation: u8,
    /// Whether a draw ends the line searched, valued by the guess: the
    /// sampled world fixes the boneyard's order, and a search that follows
    /// a draw would know which tile comes, which no player does.
    blind_draws: bool,
}

impl Default for HorizonMaxN {
    fn default() -> HorizonMaxN {
        HorizonMaxN::new(16)
    }
}

impl HorizonMaxN {
    /// A searcher with a table of 2^`bits` entries.
    pub fn new(bits: u32) -> HorizonMaxN {
        let empty = Slot {
            key: 0,
            vals: [0; MAX_PLAYERS],
            depth: 0,
            generation: 0,
            best: Action::Pass,
        };
        HorizonMaxN {
            kept: Kept::new(bits, 24, empty),
            side: 0,
            measure: Measure::default(),
            eval: Eval::PLAIN,
            generation: 1,
            blind_draws: false,
        }
    }
    /// Stop each line at a draw (`true`) or search on through it with the
    /// world's boneyard order (`false`, the default).
    pub fn set_blind_draws(&mut self, blind: bool) {
        self.blind_draws = blind;
    }

    /// Give up deepening after this many nodes or past this instant.
    pub fn set_limits(&mut self, nodes: Option<u64>, deadline: Option<Instant>) {
        self.kept.stop.set_limits(nodes, deadline);
    }

    /// Nodes searched by the last call.
    pub fn nodes(&self) -> u64 {
        self.kept.stop.nodes
    }

    /// The values for `side` of every action worth searching in `pos`, in
    /// the solver's units, from the deepest iteration that finished within
    /// the limits (`None` if not even the first did, or the game is not
    /// scored in points).
    pub fn values(&mut self, pos: &Position, side: usize, eval: &Eval) -> Option<Estimate> {
        self.measure = Measure::of(pos.hand.rules())?;
        self.side = side;
        self.eval = *eval;
        self.kept.salt = search_salt(pos, side) ^ 0xbb67_ae85_84ca_a73b;
        self.kept.stop.start();
        // Entries depend on the side searched for through the tie-break.
        self.generation = self.generation.wrapping_add(1).max(1);
        let mut list = Vec::new();
        crate::solver::moves(&pos.hand, &mut self.kept.scratch, &mut list);
        let base = now(pos);
        deepen(&list, |a, depth| {
            let child = pos.after(a);
            let (mut v, complete) = self.search(&child, depth - 1, 0);
            self.measure.add_made(&mut v, &child, &base, UNIT);
            let value = f64::from(self.measure.of_side(&v, side)) / f64::from(UNIT);
            (!self.kept.stop.aborted).then_some((value, complete))
        })
    }

    /// The guess for every side, as points by side whose measure for each
    /// side is that side's guess (the guesses sum to nothing, so each
    /// side's share is its guess over the number of sides).
    fn guess(&self, pos: &Position) -> Vals {
        let g = self.eval.by_side(pos);
        let sides = self.measure.sides();
        let n = sides as f64;
        let sign = if self.measure.low_wins() { -1.0 } else { 1.0 };
        let mut v = [0; MAX_PLAYERS];
        for s in 0..sides {
            v[s] = (sign * g[s] * f64::from(UNIT) / n).round() as i32;
        }
        v
    }

    /// Points still to come by side from `pos`, searched `depth` plies
    /// deep (forced moves are free), and whether no guess is under them.
    fn search(&mut self, pos: &Position, depth: u32, ply: usize) -> (Vals, bool) {
        if pos.hand.is_over() {
            return (self.measure.at_end(pos, UNIT), true);
        }
        if self.kept.stop.node() {
            return ([0; MAX_PLAYERS], false);
        }
        let mut list = self.kept.plies.take(ply);
        moves_pruned(&pos.hand, &mut self.kept.scratch, &mut list, true);
        let base = now(pos);
        if self.blind_draws && list.first() == Some(&Action::Draw) {
            self.kept.plies.give(ply, list);
            return (self.guess(pos), false);
        }
        if list.len() == 1 {
            let a = list[0];
            self.kept.plies.give(ply, list);
            let child = pos.after(a);
            let (mut v, c) = self.search(&child, depth, ply + 1);
            self.measure.add_made(&mut v, &child, &base, UNIT);
            return (v, c);
        }
        if depth == 0 {
            self.kept.plies.give(ply, list);
            return (self.guess(pos), false);
        }
        let key = position_key(self.kept.salt, pos);
        let slot = self.kept.table.get(key);
        let mut first = None;
        if slot.key == key && slot.generation == self.generation {
            if slot.depth == COMPLETE || u32::from(slot.depth) >= depth {
                self.kept.plies.give(ply, list);
                return (slot.vals, slot.depth == COMPLETE);
            }
            first = Some(slot.best);
        }
        order(&pos.hand, &mut list, first);
        let mut pick = Pick::new(pos.hand.rules().side_of(pos.hand.to_act()), self.side);
        let mut complete = true;
        for &a in list.iter() {
            let child = pos.after(a);
            let (mut v, c) = self.search(&child, depth - 1, ply + 1);
            if self.kept.stop.aborted {
                self.kept.plies.give(ply, list);
                return ([0; MAX_PLAYERS], false);
            }
            complete &= c;
            self.measure.add_made(&mut v, &child, &base, UNIT);
            pick.offer(&self.measure, v, a);
        }
        self.kept.plies.give(ply, list);
        let (vals, best) = pick.picked();
        let stored = if complete {
            COMPLETE
        } else {
            depth.min(u32::from(COMPLETE) - 1) as u8
        };
        self.kept.table.put(
            key,
            Slot {
                key,
                vals,
                depth: stored,
                generation: self.generation,
                best,
            },
        );
        (vals, complete)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maxn::MaxN;
    use domino_engine::{Match, RulesSpec};

    /// Searched deep enough, the depth-limited max-n gives the exact max-n
    /// values and says they are exact.
    #[test]
    fn deep_enough_is_exact_max_n() {
        let mut spec = RulesSpec::preset("block");
        spec.players = Some(4);
        let rules = spec.resolve().unwrap();
        for seed in 0..3u64 {
            let pos = Position::after_first_actions(rules, seed, 8);
            let side = rules.side_of(pos.hand.to_act());
            let exact = MaxN::new(16).values(&pos, side).unwrap();
            let est = HorizonMaxN::new(16)
                .values(&pos, side, &crate::eval::SPOTS)
                .unwrap();
            assert!(est.exact, "seed {seed}: not exact at depth {}", est.depth);
            for (a, v) in exact {
                let got = est.values.iter().find(|(b, _)| *b == a).unwrap().1;
                assert_eq!(got, f64::from(v), "seed {seed}: {a}");
            }
        }
    }

    /// Lines that stop at draws cannot tell the boneyard's order: two
    /// worlds that differ only there get the same values; followed through
    /// the draws, the order shows.
    #[test]
    fn blind_draws_do_not_see_the_boneyard_order() {
        use domino_engine::{Deal, Hand, TileSet};
        use rand::SeedableRng;
        let mut spec = RulesSpec::preset("draw");
        spec.players = Some(4);
        let rules = spec.resolve().unwrap();
        let eval = crate::eval::for_game(&rules);
        let mut seen_order = false;
        for seed in 0..12u64 {
            let deal = Deal::random(&rules, &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
            let mut turned = deal;
            turned.boneyard[..usize::from(deal.bone_len)].reverse();
            let pos = |d: &Deal| {
                Position::new(Hand::new(&rules, d, 0, TileSet::full(rules.max_pip())), 1)
            };
            let values = |d: &Deal, blind: bool| {
                let mut h = HorizonMaxN::new(16);
                h.set_limits(Some(20_000), None);
                h.set_blind_draws(blind);
                h.values(&pos(d), 0, &eval).unwrap().values
            };
            assert_eq!(values(&deal, true), values(&turned, true), "seed {seed}");
            seen_order |= values(&deal, false) != values(&turned, false);
        }
        assert!(
            seen_order,
            "the order never mattered: the test shows nothing"
        );
    }

    /// With a node limit too small to finish a cross deal, the values are
    /// guesses from a finished shallower iteration.
    #[test]
    fn stopped_early_is_a_guess() {
        let rules = domino_engine::Rules::of_preset("cross").unwrap();
        let m = Match::new(rules, Some(4), None).unwrap();
        let pos = Position::new(*m.hand(), 1);
        let side = rules.side_of(pos.hand.to_act());
        let mut h = HorizonMaxN::new(16);
        h.set_limits(Some(5_000), None);
        let est = h.values(&pos, side, &crate::eval::SPOTS).unwrap();
        assert!(!est.exact);
        assert!(est.depth >= 1);
        assert!(!est.values.is_empty());
    }
}
