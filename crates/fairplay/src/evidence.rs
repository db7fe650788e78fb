//! The evidence of one seat in one match, and of a profile over many:
//! how often its choices were the expert's, what they cost, and how long
//! it took over easy and hard ones.
//!
//! A decision counts only when it says something: one legal action, or
//! legal actions that are all worth the same with every tile known, tell
//! nothing of how the player chooses, so they are left out (and their
//! times are the baseline of "no thinking needed"). Agreement is with the
//! expert's choice from the seat's own view; the cost is the solver's,
//! with every tile known (best value minus the played one).

use std::iter::Sum;
use std::ops::{Add, AddAssign};

use domino_bots::analysis::{default_blunder, Analysis, Decision};
use domino_engine::Rules;
use serde::{Deserialize, Serialize};

/// What one decision says, when it says anything.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The play was the expert's choice from the seat's view.
    pub agreed: bool,
    /// Best value minus the played one, with every tile known.
    pub cost: i32,
    /// A wrong choice could cost at least the game's blunder unit.
    pub hard: bool,
    /// The expert's choice was not the rule of thumb's: it saw further.
    pub deep: bool,
}

/// How a decision counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Nothing to choose: one legal action, or all worth the same.
    Forced,
    /// Not solved within the node limit, or the expert was not asked.
    Unknown,
    Choice(Choice),
}

/// How `d` counts, `hard_at` being the spread of values (best minus
/// worst) from which a decision is hard.
pub fn count(d: &Decision, hard_at: i32) -> Counted {
    if d.legal.len() <= 1 {
        return Counted::Forced;
    }
    let Some(values) = d.values.as_deref() else {
        return Counted::Unknown;
    };
    let best = values.iter().copied().max().unwrap_or(0);
    let worst = values.iter().copied().min().unwrap_or(0);
    if best == worst {
        return Counted::Forced;
    }
    match (d.expert, d.cost()) {
        (Some(e), Some(cost)) => Counted::Choice(Choice {
            agreed: e == d.played,
            cost,
            hard: best - worst >= hard_at,
            deep: d.usual.is_some_and(|u| u != e),
        }),
        _ => Counted::Unknown,
    }
}

/// The spread of values from which a decision of `rules` is hard: the
/// game's blunder unit (about ten points to the mover, one outcome).
pub fn hard_at(rules: &Rules) -> i32 {
    default_blunder(rules).max(1)
}

/// Count, sum and sum of squares of some whole numbers (times in ms,
/// costs), so means and spreads add up across matches exactly.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moments {
    pub n: u64,
    pub sum: i64,
    pub sum_sq: i128,
}

impl Moments {
    pub fn push(&mut self, x: i64) {
        self.n += 1;
        self.sum += x;
        self.sum_sq += i128::from(x) * i128::from(x);
    }

    pub fn mean(&self) -> Option<f64> {
        (self.n > 0).then(|| self.sum as f64 / self.n as f64)
    }

    /// The sample variance (`None` under two values).
    pub fn variance(&self) -> Option<f64> {
        if self.n < 2 {
            return None;
        }
        let n = self.n as f64;
        let mean = self.sum as f64 / n;
        Some(((self.sum_sq as f64 - n * mean * mean) / (n - 1.0)).max(0.0))
    }
}

impl Add for Moments {
    type Output = Moments;
    fn add(self, o: Moments) -> Moments {
        Moments {
            n: self.n + o.n,
            sum: self.sum + o.sum,
            sum_sq: self.sum_sq + o.sum_sq,
        }
    }
}

/// Move times by the difficulty of the decision, in milliseconds.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Times {
    /// Nothing to choose.
    pub forced: Moments,
    /// A choice, not hard.
    pub easy: Moments,
    /// A choice where a wrong play costs a blunder.
    pub hard: Moments,
}

impl Add for Times {
    type Output = Times;
    fn add(self, o: Times) -> Times {
        Times {
            forced: self.forced + o.forced,
            easy: self.easy + o.easy,
            hard: self.hard + o.hard,
        }
    }
}

/// A profile's evidence in one game: one match's, or the sum of many.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Evidence {
    pub matches: u64,
    /// Decisions that count (not forced, solved, the expert asked).
    pub decisions: u64,
    pub agreed: u64,
    /// The hard ones among them, and the expert's choice among those.
    pub hard: u64,
    pub hard_agreed: u64,
    /// The deep ones (the expert's choice was not the rule of thumb's),
    /// and the expert's choice among those: the rule of thumb never finds
    /// it, so a player who does, often, sees as far as the expert.
    pub deep: u64,
    pub deep_agreed: u64,
    /// The cost of each counted decision.
    pub cost: Moments,
    /// Decisions left out as forced, and as unknown.
    pub forced: u64,
    pub unknown: u64,
    /// Move times, when the match kept them.
    pub times: Times,
}

impl Evidence {
    /// The share of counted decisions that were the expert's choice.
    pub fn agreement(&self) -> Option<f64> {
        (self.decisions > 0).then(|| self.agreed as f64 / self.decisions as f64)
    }

    /// The share of deep decisions that were the expert's choice.
    pub fn deep_agreement(&self) -> Option<f64> {
        (self.deep > 0).then(|| self.deep_agreed as f64 / self.deep as f64)
    }

    /// The mean cost of a counted decision.
    pub fn mean_cost(&self) -> Option<f64> {
        self.cost.mean()
    }

    /// Add one decision.
    pub fn push(&mut self, c: Counted) {
        match c {
            Counted::Forced => self.forced += 1,
            Counted::Unknown => self.unknown += 1,
            Counted::Choice(ch) => {
                self.decisions += 1;
                self.agreed += u64::from(ch.agreed);
                self.hard += u64::from(ch.hard);
                self.hard_agreed += u64::from(ch.hard && ch.agreed);
                self.deep += u64::from(ch.deep);
                self.deep_agreed += u64::from(ch.deep && ch.agreed);
                self.cost.push(i64::from(ch.cost));
            }
        }
    }

    /// Add one move's time under how its decision counted.
    pub fn push_time(&mut self, c: Counted, ms: u32) {
        let t = &mut self.times;
        match c {
            Counted::Forced => t.forced.push(i64::from(ms)),
            Counted::Choice(Choice { hard: true, .. }) => t.hard.push(i64::from(ms)),
            Counted::Choice(_) => t.easy.push(i64::from(ms)),
            Counted::Unknown => {}
        }
    }
}

impl Add for Evidence {
    type Output = Evidence;
    fn add(self, o: Evidence) -> Evidence {
        Evidence {
            matches: self.matches + o.matches,
            decisions: self.decisions + o.decisions,
            agreed: self.agreed + o.agreed,
            hard: self.hard + o.hard,
            hard_agreed: self.hard_agreed + o.hard_agreed,
            deep: self.deep + o.deep,
            deep_agreed: self.deep_agreed + o.deep_agreed,
            cost: self.cost + o.cost,
            forced: self.forced + o.forced,
            unknown: self.unknown + o.unknown,
            times: self.times + o.times,
        }
    }
}

impl AddAssign for Evidence {
    fn add_assign(&mut self, o: Evidence) {
        *self = *self + o;
    }
}

impl Sum for Evidence {
    fn sum<I: Iterator<Item = Evidence>>(iter: I) -> Evidence {
        iter.fold(Evidence::default(), Add::add)
    }
}

/// How long one action of a match took: its hand (from 1), its index in
/// the hand (from 0, as the record counts) and its seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveTime {
    pub hand: u32,
    pub index: usize,
    pub seat: u8,
    pub ms: u32,
}

/// Each seat's evidence from an analysed match (the expert asked), with
/// the move times when the match kept them. An action with a time and no
/// decision in the analysis had one legal action: a forced one.
pub fn match_evidence(analysis: &Analysis, times: &[MoveTime]) -> Vec<Evidence> {
    let hard = hard_at(&analysis.rules);
    let mut out = vec![
        Evidence {
            matches: 1,
            ..Evidence::default()
        };
        usize::from(analysis.rules.players())
    ];
    for d in analysis.hands.iter().flat_map(|h| &h.decisions) {
        if let Some(e) = out.get_mut(usize::from(d.seat)) {
            e.push(count(d, hard));
        }
    }
    for t in times {
        let decision = analysis
            .hands
            .iter()
            .find(|h| h.number == t.hand)
            .and_then(|h| h.decisions.iter().find(|d| d.index == t.index));
        let c = decision.map_or(Counted::Forced, |d| count(d, hard));
        if let Some(e) = out.get_mut(usize::from(t.seat)) {
            e.push_time(c, t.ms);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use domino_engine::Action;

    fn play(tile: &str) -> Action {
        Action::play(tile.parse().expect("tile"), 0)
    }

    fn decision(values: &[i32], played: usize, expert: usize) -> Decision {
        let tiles = ["6-6", "6-5", "6-4", "6-3"];
        let legal: Vec<Action> = tiles[..values.len()].iter().map(|t| play(t)).collect();
        Decision {
            index: 0,
            seat: 0,
            side: 0,
            played: legal[played],
            expert: Some(legal[expert]),
            values: Some(values.to_vec()),
            legal,
            usual: None,
            drawable: false,
        }
    }

    #[test]
    fn forced_and_equal_choices_are_left_out() {
        assert_eq!(count(&decision(&[3], 0, 0), 10), Counted::Forced);
        assert_eq!(count(&decision(&[3, 3, 3], 1, 0), 10), Counted::Forced);
        let mut unsolved = decision(&[3, 1], 1, 0);
        unsolved.values = None;
        assert_eq!(count(&unsolved, 10), Counted::Unknown);
        assert_eq!(
            count(&decision(&[3, 1], 1, 0), 10),
            Counted::Choice(Choice {
                agreed: false,
                cost: 2,
                hard: false,
                deep: false
            })
        );
        assert_eq!(
            count(&decision(&[20, 1, 5], 0, 0), 10),
            Counted::Choice(Choice {
                agreed: true,
                cost: 0,
                hard: true,
                deep: false
            })
        );
        // The rule of thumb plays 6-5, the expert 6-6: a deep decision,
        // agreed when the player finds the expert's choice.
        let mut d = decision(&[20, 1, 5], 0, 0);
        d.usual = Some(d.legal[1]);
        assert_eq!(
            count(&d, 10),
            Counted::Choice(Choice {
                agreed: true,
                cost: 0,
                hard: true,
                deep: true
            })
        );
        let mut e = Evidence::default();
        e.push(count(&d, 10));
        d.played = d.legal[1];
        e.push(count(&d, 10));
        assert_eq!(
            (e.deep, e.deep_agreed, e.deep_agreement()),
            (2, 1, Some(0.5))
        );
    }

    #[test]
    fn evidence_adds_up_across_matches() {
        let mut a = Evidence::default();
        a.push(count(&decision(&[20, 1, 5], 0, 0), 10));
        a.push(count(&decision(&[4, 4], 0, 1), 10));
        a.push_time(Counted::Forced, 800);
        let mut b = Evidence::default();
        b.push(count(&decision(&[3, 1], 1, 0), 10));
        b.push_time(count(&decision(&[20, 1], 1, 0), 10), 5000);
        let sum: Evidence = [a, b].into_iter().sum();
        assert_eq!((sum.decisions, sum.agreed, sum.forced), (2, 1, 1));
        assert_eq!((sum.hard, sum.hard_agreed), (1, 1));
        assert_eq!(sum.cost.sum, 2);
        assert_eq!(sum.agreement(), Some(0.5));
        assert_eq!(sum.times.forced.mean(), Some(800.0));
        assert_eq!(sum.times.hard.mean(), Some(5000.0));
        let mut c = a;
        c += b;
        assert_eq!(c, sum);
    }
}
