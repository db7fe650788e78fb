//! Exact search for games of more than two sides where each seat plays for
//! itself: every seat picks the action best for its own side (max-n),
//! rather than all the others ganging up on one side as the solver's
//! "paranoid" reading assumes. Values are the points still to come for
//! every side; a seat's measure is its side's times (sides - 1) minus the
//! others' total, as everywhere else. Between actions equally good for the
//! seat to act, it takes the one worst for the side searched for (the
//! cautious reading of an indifferent opponent).
//!
//! There is no pruning in max-n, only a transposition table, so this is for
//! positions small enough to search whole; it gives up past a node limit.
//! The measure, the points made and the pick are shared with the
//! depth-limited max-n ([`crate::horizon_maxn`]).

use std::time::Instant;

use domino_engine::deal::MAX_PLAYERS;
use domino_engine::score::settle;
use domino_engine::{Action, Rules};

use crate::solver::{moves_pruned, order, position_key, search_salt, Objective, Position};
use crate::table::Kept;

/// Points by side.
pub(crate) type Vals = [i32; MAX_PLAYERS];

/// How a game scored in points where more than two sides may play, each
/// for itself, measures points by side for one side.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Measure {
    sides: usize,
    low_wins: bool,
}

impl Default for Measure {
    /// Two sides, more points better.
    fn default() -> Measure {
        Measure {
            sides: 2,
            low_wins: false,
        }
    }
}

impl Measure {
    /// The measure of a game scored in points (`None` for the games won
    /// or lost).
    pub(crate) fn of(rules: &Rules) -> Option<Measure> {
        match Objective::of(rules) {
            Objective::Points { low_wins } => Some(Measure {
                sides: rules.sides(),
                low_wins,
            }),
            _ => None,
        }
    }

    /// How many sides play.
    pub(crate) fn sides(&self) -> usize {
        self.sides
    }

    /// Whether fewer points are better.
    pub(crate) fn low_wins(&self) -> bool {
        self.low_wins
    }

    /// `side`'s measure of points by side: its points times (sides - 1)
    /// less the others' total, turned round where fewer points win.
    #[inline]
    pub(crate) fn of_side(&self, v: &Vals, side: usize) -> i32 {
        let n = self.sides as i32;
        let total: i32 = v[..self.sides].iter().sum();
        let d = v[side] * (n - 1) - (total - v[side]);
        if self.low_wins {
            -d
        } else {
            d
        }
    }

    /// Adds to `v` (points to come after `child`) what the move to `child`
    /// made over `base` (the points made before it), in `unit`s.
    #[inline]
    pub(crate) fn add_made(&self, v: &mut Vals, child: &Position, base: &Vals, unit: i32) {
        let made = now(child);
        for s in 0..self.sides {
            v[s] += (made[s] - base[s]) * unit;
        }
    }

    /// Points still to come by side in a finished hand: its settlement
    /// less what was made during play, in `unit`s.
    pub(crate) fn at_end(&self, pos: &Position, unit: i32) -> Vals {
        let r = settle(pos.hand.rules(), &pos.hand, pos.hand_number);
        let base = now(pos);
        let mut v = [0; MAX_PLAYERS];
        for s in 0..self.sides {
            v[s] = (r.points[s] - base[s]) * unit;
        }
        v
    }
}

/// The choice of the seat to act among the actions offered: the best
/// measure for its own side, ties going to the one worst for the side
/// searched for.
#[derive(Debug)]
pub(crate) struct Pick {
    me: usize,
    side: usize,
    best: Option<(i32, i32, Vals, Action)>,
}

impl Pick {
    /// The pick of side `me`, in a search for side `side`.
    pub(crate) fn new(me: usize, side: usize) -> Pick {
        Pick {
            me,
            side,
            best: None,
        }
    }

    /// Offer action `a`, worth `v`.
    #[inline]
    pub(crate) fn offer(&mut self, m: &Measure, v: Vals, a: Action) {
        let mine = m.of_side(&v, self.me);
        let theirs = m.of_side(&v, self.side);
        let better = match self.best {
            None => true,
            Some((b, t, _, _)) => mine > b || (mine == b && theirs < t),
        };
        if better {
            self.best = Some((mine, theirs, v, a));
        }
    }

    /// The values of the action picked and the action (nothing and a pass
    /// if none was offered).
    pub(crate) fn picked(&self) -> (Vals, Action) {
        self.best
            .map_or(([0; MAX_PLAYERS], Action::Pass), |b| (b.2, b.3))
    }
}

#[derive(Copy, Clone)]
struct Slot {
    key: u64,
    vals: Vals,
    generation: u8,
}

/// A reusable max-n searcher.
#[derive(Debug)]
pub struct MaxN {
    /// The table, move lists and node count kept between searches.
    kept: Kept<Slot, 1024>,
    side: usize,
    measure: Measure,
    generation: u8,
}

impl MaxN {
    /// A searcher with a table of 2^`bits` entries.
    pub fn new(bits: u32) -> MaxN {
        let empty = Slot {
            key: 0,
            vals: [0; MAX_PLAYERS],
            generation: 0,
        };
        MaxN {
            kept: Kept::new(bits, 24, empty),
            side: 0,
            measure: Measure::default(),
            generation: 1,
        }
    }

    /// Give up (return `None`) after this many nodes or past this instant.
    pub fn set_limits(&mut self, nodes: Option<u64>, deadline: Option<Instant>) {
        self.kept.stop.set_limits(nodes, deadline);
    }

    /// Nodes searched by the last call.
    pub fn nodes(&self) -> u64 {
        self.kept.stop.nodes
    }

    /// The value for `side` of every action worth searching in `pos`, in
    /// the solver's units, when every seat plays for itself. Only for the
    /// points games.
    pub fn values(&mut self, pos: &Position, side: usize) -> Option<Vec<(Action, i32)>> {
        self.measure = Measure::of(pos.hand.rules())?;
        self.side = side;
        self.kept.salt = search_salt(pos, side) ^ 0x3c6e_f372_fe94_f82b;
        self.kept.stop.start();
        // Entries depend on the side only through the tie-break: clear.
        self.generation = self.generation.wrapping_add(1).max(1);
        let mut list = Vec::new();
        crate::solver::moves(&pos.hand, &mut self.kept.scratch, &mut list);
        let base = now(pos);
        let mut out = Vec::with_capacity(list.len());
        for a in list {
            let child = pos.after(a);
            let mut v = self.search(&child, 0);
            if self.kept.stop.aborted {
                return None;
            }
            self.measure.add_made(&mut v, &child, &base, 1);
            out.push((a, self.measure.of_side(&v, side)));
        }
        Some(out)
    }

    /// Points still to come by side from `pos`.
    fn search(&mut self, pos: &Position, ply: usize) -> Vals {
        if pos.hand.is_over() {
            return self.measure.at_end(pos, 1);
        }
        if self.kept.stop.node() {
            return [0; MAX_PLAYERS];
        }
        let key = position_key(self.kept.salt, pos);
        let slot = self.kept.table.get(key);
        if slot.key == key && slot.generation == self.generation {
            return slot.vals;
        }
        let mut list = self.kept.plies.take(ply);
        moves_pruned(&pos.hand, &mut self.kept.scratch, &mut list, true);
        order(&pos.hand, &mut list, None);
        let mut pick = Pick::new(pos.hand.rules().side_of(pos.hand.to_act()), self.side);
        let base = now(pos);
        for &a in list.iter() {
            let child = pos.after(a);
            let mut v = self.search(&child, ply + 1);
            if self.kept.stop.aborted {
                self.kept.plies.give(ply, list);
                return [0; MAX_PLAYERS];
            }
            self.measure.add_made(&mut v, &child, &base, 1);
            pick.offer(&self.measure, v, a);
        }
        self.kept.plies.give(ply, list);
        let (vals, _) = pick.picked();
        self.kept.table.put(
            key,
            Slot {
                key,
                vals,
                generation: self.generation,
            },
        );
        vals
    }
}

/// Points made so far this hand by side (penalties to their seat's side).
pub(crate) fn now(pos: &Position) -> Vals {
    let rules = pos.hand.rules();
    let mut v = [0; MAX_PLAYERS];
    for (s, p) in pos.hand.points().iter().enumerate() {
        v[s] += p;
    }
    for (seat, p) in pos.hand.penalties().iter().enumerate() {
        v[rules.side_of(seat as u8)] += p;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Solver;
    use domino_engine::{Match, RulesSpec};

    /// With two sides, max-n is minimax: the same values as the solver.
    #[test]
    fn two_sides_agree_with_the_solver() {
        let mut spec = RulesSpec::preset("block");
        spec.players = Some(2);
        let rules = spec.resolve().unwrap();
        for seed in 0..4 {
            let m = Match::new(rules, Some(seed), None).unwrap();
            let pos = Position::new(*m.hand(), 1);
            let side = rules.side_of(pos.hand.to_act());
            let mut a = Solver::new(16).values(&pos, side).unwrap();
            let mut b = MaxN::new(16).values(&pos, side).unwrap();
            a.sort_by_key(|x| format!("{:?}", x.0));
            b.sort_by_key(|x| format!("{:?}", x.0));
            assert_eq!(a, b);
        }
    }
}
