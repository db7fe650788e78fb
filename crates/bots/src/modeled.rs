//! Search against modelled players: in a fully known world, the searching
//! side picks its best action, while every other side's seat plays as the
//! play model says a sensible player would (each legal play with the
//! model's probability), and the value is the expectation over their plays.
//!
//! The exact solver makes the others perfect players who see every tile,
//! which nobody at a real table is: they play from their own tiles and what
//! the board shows. Modelling them that way values the searching side's
//! choices against the play it will actually meet, and gives a finer value
//! than win, tie or loss (a probability of winning).
//!
//! Values and table as in [`crate::solver::Solver`]; there is no pruning,
//! so the search gives up past a node limit.

use crate::table::Kept;
use std::time::Instant;

use domino_engine::Action;

use crate::analysis::{final_value, standing};
use crate::likelihood::{traits, PlayModel};
use crate::solver::{moves_pruned, order, position_key, search_salt, Position};

#[derive(Copy, Clone)]
struct Slot {
    key: u64,
    value: f32,
    generation: u8,
}

/// Who the model stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Modelled {
    /// The seats of the other sides; partners play their best.
    Opponents,
    /// Every seat but the one searched for.
    Everyone,
}

/// A reusable searcher against modelled players.
#[derive(Debug)]
pub struct Modeled {
    /// The table, move lists and node count kept between searches.
    kept: Kept<Slot, 1024>,
    side: usize,
    me: u8,
    who: Modelled,
    model: PlayModel,
    generation: u8,
}

impl Modeled {
    /// A searcher with a table of 2^`bits` entries.
    pub fn new(bits: u32) -> Modeled {
        let empty = Slot {
            key: 0,
            value: 0.0,
            generation: 0,
        };
        Modeled {
            kept: Kept::new(bits, 24, empty),
            side: 0,
            me: 0,
            who: Modelled::Opponents,
            model: PlayModel::default(),
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

    /// The value, for the side of the seat to act in `pos`, of every action
    /// worth searching, with `who` playing by `model`.
    pub fn values(
        &mut self,
        pos: &Position,
        model: &PlayModel,
        who: Modelled,
    ) -> Option<Vec<(Action, f64)>> {
        self.me = pos.hand.to_act();
        self.side = pos.hand.rules().side_of(self.me);
        self.who = who;
        self.model = *model;
        let who_bits = match who {
            Modelled::Opponents => 1,
            Modelled::Everyone => 2,
        };
        let m = [model.pips, model.keep, model.double, model.points]
            .iter()
            .fold(0u64, |k, x| k.rotate_left(17) ^ x.to_bits());
        self.kept.salt = search_salt(pos, self.side) ^ m ^ who_bits ^ (u64::from(self.me) << 40);
        self.kept.stop.start();
        let mut list = Vec::new();
        crate::solver::moves(&pos.hand, &mut self.kept.scratch, &mut list);
        let base = standing(pos, self.side);
        let mut out = Vec::with_capacity(list.len());
        for a in list {
            let child = pos.after(a);
            let d = f64::from(standing(&child, self.side) - base);
            let v = self.search(&child, 0);
            if self.kept.stop.aborted {
                return None;
            }
            out.push((a, d + v));
        }
        Some(out)
    }

    /// Whether the seat to act plays by the model.
    #[inline]
    fn modelled(&self, pos: &Position) -> bool {
        let seat = pos.hand.to_act();
        match self.who {
            Modelled::Opponents => pos.hand.rules().side_of(seat) != self.side,
            Modelled::Everyone => seat != self.me,
        }
    }

    /// The expected value still to come from `pos`.
    fn search(&mut self, pos: &Position, ply: usize) -> f64 {
        if pos.hand.is_over() {
            return f64::from(final_value(pos, self.side) - standing(pos, self.side));
        }
        if self.kept.stop.node() {
            return 0.0;
        }
        let mut list = self.kept.plies.take(ply);
        moves_pruned(&pos.hand, &mut self.kept.scratch, &mut list, true);
        let base = standing(pos, self.side);
        if list.len() == 1 {
            let a = list[0];
            self.kept.plies.give(ply, list);
            let child = pos.after(a);
            let d = f64::from(standing(&child, self.side) - base);
            return d + self.search(&child, ply + 1);
        }
        let key = position_key(self.kept.salt, pos);
        let slot = self.kept.table.get(key);
        if slot.key == key && slot.generation == self.generation {
            self.kept.plies.give(ply, list);
            return f64::from(slot.value);
        }
        let value = if self.modelled(pos) {
            // The model's probabilities over the plays (a claim is the same
            // play as its plain form).
            let held = pos.hand.hand(pos.hand.to_act());
            let points = self.model.points != 0.0;
            let mut scores = [0.0f64; 64];
            let n = list.len().min(scores.len());
            let mut top = f64::MIN;
            for (s, &a) in scores.iter_mut().zip(&list[..n]) {
                *s = self.model.dot(&traits(&pos.hand, held, a, points));
                top = top.max(*s);
            }
            let mut z = 0.0;
            for s in &mut scores[..n] {
                *s = (*s - top).exp();
                z += *s;
            }
            let mut v = 0.0;
            for (i, &a) in list[..n].iter().enumerate() {
                let child = pos.after(a);
                let d = f64::from(standing(&child, self.side) - base);
                v += scores[i] / z * (d + self.search(&child, ply + 1));
                if self.kept.stop.aborted {
                    break;
                }
            }
            v
        } else {
            order(&pos.hand, &mut list, None);
            let maximizing = pos.hand.rules().side_of(pos.hand.to_act()) == self.side;
            let mut best = if maximizing { f64::MIN } else { f64::MAX };
            for &a in list.iter() {
                let child = pos.after(a);
                let d = f64::from(standing(&child, self.side) - base);
                let v = d + self.search(&child, ply + 1);
                if self.kept.stop.aborted {
                    break;
                }
                best = if maximizing { best.max(v) } else { best.min(v) };
            }
            best
        };
        self.kept.plies.give(ply, list);
        if self.kept.stop.aborted {
            return 0.0;
        }
        self.kept.table.put(
            key,
            Slot {
                key,
                value: value as f32,
                generation: self.generation,
            },
        );
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Solver;
    use domino_engine::Rules;

    /// Against modelled opponents the side does at least as well as against
    /// perfect ones, and values stay within the outcome's range.
    #[test]
    fn modelled_opponents_are_no_harder_than_perfect_ones() {
        let rules = Rules::of_preset("jamaican").unwrap();
        for seed in 0..5 {
            let pos = Position::after_first_actions(rules, seed, 8);
            let side = rules.side_of(pos.hand.to_act());
            let exact = Solver::new(16).values(&pos, side).unwrap();
            let vs = Modeled::new(16)
                .values(&pos, &PlayModel::default(), Modelled::Opponents)
                .unwrap();
            for (a, v) in &vs {
                let e = exact.iter().find(|(b, _)| b == a).unwrap().1;
                assert!((-1.000_001..=1.000_001).contains(v), "{v}");
                assert!(*v >= f64::from(e) - 1e-6, "{a}: {v} < {e}");
            }
        }
    }
}
