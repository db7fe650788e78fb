//! Search that need not reach the end of the hand: alpha-beta over a fully
//! known position to a depth, with a guess ([`Eval`]) where it stops,
//! deepening one ply at a time until the node limit or the deadline. When an
//! iteration reaches the end of the hand everywhere (no guess was used), its
//! values are exact and the search stops.
//!
//! It searches the same positions as [`crate::solver::Solver`] (the same
//! moves, key and value scale: outcome or points still to come, for one
//! side), so the two can be mixed: the expert tries the exact solver first
//! and comes here when that is too expensive.

use std::time::Instant;

use domino_engine::Action;

use crate::analysis::{final_value, standing};
use crate::eval::Eval;
use crate::solver::{moves_pruned, order, position_key, search_salt, Objective, Position};
use crate::table::Kept;

/// Search values per unit of the solver's scale (one hand won, one point).
pub const UNIT: i32 = 256;

/// A depth standing for "searched to the end of the hand".
const COMPLETE: u8 = u8::MAX;

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

#[derive(Copy, Clone)]
struct Slot {
    key: u64,
    value: i32,
    depth: u8,
    flag: u8,
    best: Action,
}

impl Default for Slot {
    fn default() -> Slot {
        Slot {
            key: 0,
            value: 0,
            depth: 0,
            flag: 0,
            best: Action::Pass,
        }
    }
}

/// Every searched action's value from one position, for one side.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Values in the solver's units (a fraction of a hand won, or points).
    pub values: Vec<(Action, f64)>,
    /// No guess was used: the values are exact.
    pub exact: bool,
    /// Plies searched before guessing (the last iteration completed).
    pub depth: u32,
}

/// The deepest a search goes, in plies.
const MAX_DEPTH: u32 = 200;

/// Iterative deepening, shared by the depth-limited searches: values every
/// root action in `list` `depth` plies deep (`root(action, depth)`: its
/// value and whether no guess is under it, or `None` once the search gave
/// up), one ply deeper each time, until an iteration is exact everywhere.
/// The deepest iteration that finished is the answer (`None` if not even
/// the first did).
pub(crate) fn deepen(
    list: &[Action],
    mut root: impl FnMut(Action, u32) -> Option<(f64, bool)>,
) -> Option<Estimate> {
    let mut done = None;
    for depth in 1..=MAX_DEPTH {
        let mut values = Vec::with_capacity(list.len());
        let mut exact = true;
        for &a in list {
            let Some((v, complete)) = root(a, depth) else {
                return done;
            };
            exact &= complete;
            values.push((a, v));
        }
        done = Some(Estimate {
            values,
            exact,
            depth,
        });
        if exact {
            break;
        }
    }
    done
}

/// A reusable depth-limited searcher: the table is kept between searches
/// of the same position (iterations) and salted per search otherwise.
#[derive(Debug)]
pub struct Horizon {
    /// The table, move lists and node count kept between searches.
    kept: Kept<Slot, 1024>,
    side: usize,
    outcome: bool,
    eval: Eval,
}

impl Default for Horizon {
    fn default() -> Horizon {
        Horizon::new(16)
    }
}

impl Horizon {
    /// A searcher with a table of 2^`bits` entries.
    pub fn new(bits: u32) -> Horizon {
        Horizon {
            kept: Kept::new(bits, 26, Slot::default()),
            side: 0,
            outcome: true,
            eval: Eval::PLAIN,
        }
    }

    /// Give up deepening after this many nodes or past this instant.
    pub fn set_limits(&mut self, nodes: Option<u64>, deadline: Option<Instant>) {
        self.kept.stop.set_limits(nodes, deadline);
    }

    /// Nodes searched by the last call.
    pub fn nodes(&self) -> u64 {
        self.kept.stop.nodes
    }

    /// The values for `side` of every action worth searching in `pos`,
    /// from the deepest iteration that finished within the limits (`None`
    /// if not even the first did), guessing with `eval` where the search
    /// stops.
    pub fn values(&mut self, pos: &Position, side: usize, eval: &Eval) -> Option<Estimate> {
        self.side = side;
        self.eval = *eval;
        self.outcome = Objective::of(pos.hand.rules()) == Objective::Outcome;
        self.kept.salt = search_salt(pos, side) ^ 0x6a09_e667_f3bc_c908;
        self.kept.stop.start();
        let mut list = Vec::new();
        crate::solver::moves(&pos.hand, &mut self.kept.scratch, &mut list);
        let base = standing(pos, side);
        deepen(&list, |a, depth| {
            let child = pos.after(a);
            let d = (standing(&child, side) - base) * UNIT;
            let (v, complete) = self.search(&child, i32::MIN / 4, i32::MAX / 4, depth - 1, 0);
            let value = f64::from(d + v) / f64::from(UNIT);
            (!self.kept.stop.aborted).then_some((value, complete))
        })
    }

    /// The guess for a position the search stops at.
    #[inline]
    fn guess(&self, pos: &Position) -> i32 {
        let g = self.eval.value(pos, self.side);
        let v = (g * f64::from(UNIT)).round() as i32;
        if self.outcome {
            // A guess is never as sure as a finished hand.
            v.clamp(-UNIT + 1, UNIT - 1)
        } else {
            v
        }
    }

    /// The future value of `pos` searched `depth` plies deep (forced moves
    /// are free), and whether it is exact (no guess under it).
    fn search(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        depth: u32,
        ply: usize,
    ) -> (i32, bool) {
        if pos.hand.is_over() {
            return (
                (final_value(pos, self.side) - standing(pos, self.side)) * UNIT,
                true,
            );
        }
        if self.kept.stop.node() {
            return (0, false);
        }
        let mut list = self.kept.plies.take(ply);
        moves_pruned(&pos.hand, &mut self.kept.scratch, &mut list, true);
        let base = standing(pos, self.side);
        if list.len() == 1 {
            let a = list[0];
            self.kept.plies.give(ply, list);
            let child = pos.after(a);
            let d = (standing(&child, self.side) - base) * UNIT;
            let (v, c) = self.search(&child, alpha - d, beta - d, depth, ply + 1);
            return (d + v, c);
        }
        if depth == 0 {
            self.kept.plies.give(ply, list);
            return (self.guess(pos), false);
        }
        let key = position_key(self.kept.salt, pos);
        let slot = self.kept.table.get(key);
        let mut first = None;
        if slot.key == key && slot.flag != 0 {
            let deep = slot.depth == COMPLETE || u32::from(slot.depth) >= depth;
            if deep {
                let complete = slot.depth == COMPLETE;
                match slot.flag {
                    EXACT => {
                        self.kept.plies.give(ply, list);
                        return (slot.value, complete);
                    }
                    LOWER => alpha = alpha.max(slot.value),
                    _ => beta = beta.min(slot.value),
                }
                if alpha >= beta {
                    self.kept.plies.give(ply, list);
                    return (slot.value, complete);
                }
            }
            first = Some(slot.best);
        }
        order(&pos.hand, &mut list, first);
        let maximizing = pos.hand.rules().side_of(pos.hand.to_act()) == self.side;
        let (a0, b0) = (alpha, beta);
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        let mut best_a = list[0];
        let mut complete = true;
        for &a in list.iter() {
            let child = pos.after(a);
            let d = (standing(&child, self.side) - base) * UNIT;
            let (v, c) = self.search(&child, alpha - d, beta - d, depth - 1, ply + 1);
            let v = d + v;
            if self.kept.stop.aborted {
                self.kept.plies.give(ply, list);
                return (0, false);
            }
            complete &= c;
            if maximizing {
                if v > best {
                    best = v;
                    best_a = a;
                }
                alpha = alpha.max(v);
                if self.outcome && v >= UNIT {
                    break;
                }
            } else {
                if v < best {
                    best = v;
                    best_a = a;
                }
                beta = beta.min(v);
                if self.outcome && v <= -UNIT {
                    break;
                }
            }
            if alpha >= beta {
                break;
            }
        }
        self.kept.plies.give(ply, list);
        let flag = if best <= a0 {
            UPPER
        } else if best >= b0 {
            LOWER
        } else {
            EXACT
        };
        let stored = if complete {
            COMPLETE
        } else {
            depth.min(u32::from(COMPLETE) - 1) as u8
        };
        self.kept.table.put(
            key,
            Slot {
                key,
                value: best,
                depth: stored,
                flag,
                best: best_a,
            },
        );
        (best, complete)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Solver;
    use domino_engine::{Match, Rules};

    /// Searched deep enough, the horizon search gives the exact solver's
    /// values and says they are exact.
    #[test]
    fn deep_enough_is_exact() {
        for (preset, seed) in [("jamaican", 3u64), ("block", 5), ("all-fives", 9)] {
            let rules = Rules::of_preset(preset).unwrap();
            // A few plays in, so the search is small.
            let pos = Position::after_first_actions(rules, seed, 6);
            let side = rules.side_of(pos.hand.to_act());
            let exact = Solver::new(16).values(&pos, side).unwrap();
            let est = Horizon::new(16).values(&pos, side, &Eval::PLAIN).unwrap();
            assert!(est.exact, "{preset}: not exact at depth {}", est.depth);
            for (a, v) in exact {
                let got = est.values.iter().find(|(b, _)| *b == a).unwrap().1;
                assert_eq!(got, f64::from(v), "{preset}: {a}");
            }
        }
    }

    /// With a node limit too small to finish, the values are guesses.
    #[test]
    fn stopped_early_is_a_guess() {
        let rules = Rules::of_preset("cross").unwrap();
        let m = Match::new(rules, Some(4), None).unwrap();
        let pos = Position::new(*m.hand(), 1);
        let side = rules.side_of(pos.hand.to_act());
        let mut h = Horizon::new(16);
        h.set_limits(Some(5_000), None);
        let est = h.values(&pos, side, &Eval::PLAIN).unwrap();
        assert!(!est.exact);
        assert!(est.depth >= 1);
        assert!(!est.values.is_empty());
    }
}
