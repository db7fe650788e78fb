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

use std::time::Instant;

use domino_engine::deal::MAX_PLAYERS;
use domino_engine::score::settle;
use domino_engine::{Action, MoveList};

use crate::solver::{moves_pruned, order, position_key, search_salt, Objective, Position};

/// Points by side.
type Vals = [i32; MAX_PLAYERS];

#[derive(Copy, Clone)]
struct Slot {
    key: u64,
    vals: Vals,
    generation: u8,
}

/// A reusable max-n searcher.
pub struct MaxN {
    table: Vec<Slot>,
    mask: u64,
    bufs: Vec<Vec<Action>>,
    scratch: MoveList,
    side: usize,
    sides: usize,
    low_wins: bool,
    salt: u64,
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
    generation: u8,
}

impl std::fmt::Debug for MaxN {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MaxN")
            .field("table", &self.table.len())
            .field("nodes", &self.nodes)
            .finish()
    }
}

impl MaxN {
    /// A searcher with a table of 2^`bits` entries.
    pub fn new(bits: u32) -> MaxN {
        let bits = bits.clamp(8, 24);
        MaxN {
            table: vec![
                Slot {
                    key: 0,
                    vals: [0; MAX_PLAYERS],
                    generation: 0,
                };
                1 << bits
            ],
            mask: (1u64 << bits) - 1,
            bufs: Vec::new(),
            scratch: MoveList::new(),
            side: 0,
            sides: 2,
            low_wins: false,
            salt: 0,
            nodes: 0,
            limit: u64::MAX,
            deadline: None,
            aborted: false,
            generation: 1,
        }
    }

    /// Give up (return `None`) after this many nodes or past this instant.
    pub fn set_limits(&mut self, nodes: Option<u64>, deadline: Option<Instant>) {
        self.limit = nodes.unwrap_or(u64::MAX);
        self.deadline = deadline;
    }

    /// Nodes searched by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value for `side` of every action worth searching in `pos`, in
    /// the solver's units, when every seat plays for itself. Only for the
    /// points games.
    pub fn values(&mut self, pos: &Position, side: usize) -> Option<Vec<(Action, i32)>> {
        let rules = pos.hand.rules();
        let Objective::Points { low_wins } = Objective::of(rules) else {
            return None;
        };
        self.side = side;
        self.sides = rules.sides();
        self.low_wins = low_wins;
        self.salt = search_salt(pos, side) ^ 0x3c6e_f372_fe94_f82b;
        self.nodes = 0;
        self.aborted = false;
        // Entries depend on the side only through the tie-break: clear.
        self.generation = self.generation.wrapping_add(1).max(1);
        let mut list = Vec::new();
        crate::solver::moves(&pos.hand, &mut self.scratch, &mut list);
        let base = now(pos);
        let mut out = Vec::with_capacity(list.len());
        for a in list {
            let child = pos.after(a);
            let mut v = self.search(&child, 0);
            if self.aborted {
                return None;
            }
            let made = now(&child);
            for s in 0..self.sides {
                v[s] += made[s] - base[s];
            }
            out.push((a, self.measure(&v, side)));
        }
        Some(out)
    }

    /// `side`'s measure of points by side.
    #[inline]
    fn measure(&self, v: &Vals, side: usize) -> i32 {
        let n = self.sides as i32;
        let total: i32 = v[..self.sides].iter().sum();
        let d = v[side] * (n - 1) - (total - v[side]);
        if self.low_wins {
            -d
        } else {
            d
        }
    }

    /// Points still to come by side from `pos`.
    fn search(&mut self, pos: &Position, ply: usize) -> Vals {
        if pos.hand.is_over() {
            let r = settle(pos.hand.rules(), &pos.hand, pos.hand_number);
            let base = now(pos);
            let mut v = [0; MAX_PLAYERS];
            for s in 0..self.sides {
                v[s] = r.points[s] - base[s];
            }
            return v;
        }
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            if late || self.nodes >= self.limit {
                self.aborted = true;
            }
        }
        if self.aborted {
            return [0; MAX_PLAYERS];
        }
        let key = position_key(self.salt, pos);
        let at = (key & self.mask) as usize;
        let slot = self.table[at];
        if slot.key == key && slot.generation == self.generation {
            return slot.vals;
        }
        if self.bufs.len() <= ply {
            self.bufs.resize_with(ply + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.bufs[ply]);
        moves_pruned(&pos.hand, &mut self.scratch, &mut list, true);
        order(&pos.hand, &mut list, None);
        let me = pos.hand.rules().side_of(pos.hand.to_act());
        let base = now(pos);
        let mut best: Option<(i32, i32, Vals)> = None;
        for &a in list.iter() {
            let child = pos.after(a);
            let mut v = self.search(&child, ply + 1);
            if self.aborted {
                self.bufs[ply] = list;
                return [0; MAX_PLAYERS];
            }
            let made = now(&child);
            for s in 0..self.sides {
                v[s] += made[s] - base[s];
            }
            let mine = self.measure(&v, me);
            let theirs = self.measure(&v, self.side);
            let better = match best {
                None => true,
                Some((m, t, _)) => mine > m || (mine == m && theirs < t),
            };
            if better {
                best = Some((mine, theirs, v));
            }
        }
        self.bufs[ply] = list;
        let vals = best.map_or([0; MAX_PLAYERS], |b| b.2);
        self.table[at] = Slot {
            key,
            vals,
            generation: self.generation,
        };
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
