//! Flags for review, with their figures: never a verdict, and nothing is
//! done to a profile because of one.
//!
//! Three things are flagged: an agreement with the expert improbable for
//! the profile's band and for the band above it; a rating gained faster
//! than play improves; move times that do not grow with the difficulty of
//! the decision.

use serde::{Deserialize, Serialize};

use crate::evidence::Evidence;
use crate::norm::{Band, BandNorm, Norms};
use crate::stats::{beta_binomial_upper_tail, beta_of, binomial_upper_tail, normal_upper_tail};

/// When a flag is raised.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Policy {
    /// Counted decisions before agreement is judged at all.
    pub min_decisions: u64,
    /// Deep decisions before the agreement on them is judged.
    pub min_deep: u64,
    /// The tail below which agreement is improbable: the chance that a
    /// player of the band agrees this often. Profiles are checked after
    /// every match, so over 50 matches an honest profile has about 50
    /// chances: 1 in 10,000 each keeps that under 1 in 200.
    pub alpha: f64,
    /// Rating points gained within [`Policy::fast_matches`] that flag.
    pub fast_gain: i32,
    pub fast_matches: usize,
    /// Timed moves of each kind (forced, hard) before times are judged.
    pub min_timed: u64,
    /// Hard moves taking less than this many times the forced ones are
    /// flat.
    pub flat_ratio: f64,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            min_decisions: 100,
            min_deep: 40,
            alpha: 1e-4,
            // Four bands in twenty matches: a new profile's first matches
            // move its rating far, but not this far in a game of chance.
            fast_gain: 800,
            fast_matches: 20,
            min_timed: 20,
            flat_ratio: 1.2,
        }
    }
}

/// The share of the alpha given to the test on deep decisions.
pub const DEEP_SHARE: f64 = 0.9;

/// A profile's agreement against one band.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Against {
    pub band: Band,
    /// The band's per-decision agreement rate.
    pub rate: f64,
    /// The spread of its players' rates (a standard deviation).
    pub spread: f64,
    /// The chance a player of the band agrees at least as often over as
    /// many decisions (one-sided beta-binomial tail, see [`crate::stats`]).
    pub tail: f64,
    /// How far below the band's mean cost the profile's is, in standard
    /// errors of a mean over its decisions (positive: cheaper play).
    pub cost_z: Option<f64>,
}

/// The figures of a profile's agreement against its band and the band
/// above.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Agreement {
    pub decisions: u64,
    pub agreed: u64,
    pub mean_cost: Option<f64>,
    pub band: Against,
    pub above: Against,
    /// The deep decisions (the expert's choice was not the rule of
    /// thumb's) and the expert's choice among them, against the same two
    /// bands' deep agreement (absent where a band has no deep decisions).
    #[serde(default)]
    pub deep: u64,
    #[serde(default)]
    pub deep_agreed: u64,
    #[serde(default)]
    pub deep_band: Option<Against>,
    #[serde(default)]
    pub deep_above: Option<Against>,
}

impl Agreement {
    /// The larger tail: the agreement is as improbable as this for both.
    pub fn tail(&self) -> f64 {
        self.band.tail.max(self.above.tail)
    }

    /// The same on deep decisions (1 when either band has no figure).
    pub fn deep_tail(&self) -> f64 {
        larger(self.deep_band, self.deep_above)
    }
}

fn larger(band: Option<Against>, above: Option<Against>) -> f64 {
    match (band, above) {
        (Some(b), Some(a)) => b.tail.max(a.tail),
        _ => 1.0,
    }
}

/// One flag and its figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Flag {
    /// Agreement improbable for the band and the band above.
    Agreement(Box<Agreement>),
    /// `gained` rating points from `from` to `to` over `matches` matches.
    FastRating {
        from: i32,
        to: i32,
        gained: i32,
        matches: usize,
    },
    /// Hard decisions took about as long as forced ones.
    FlatTimes {
        forced_ms: f64,
        hard_ms: f64,
        forced: u64,
        hard: u64,
    },
}

fn against(e: &Evidence, band: Band, n: &BandNorm) -> Option<Against> {
    let rate = n.rate()?;
    let cost_z = match (
        e.mean_cost(),
        n.pooled.mean_cost(),
        n.pooled.cost.variance(),
    ) {
        (Some(mine), Some(theirs), Some(var)) if var > 0.0 && e.decisions > 0 => {
            Some((theirs - mine) / (var / e.decisions as f64).sqrt())
        }
        _ => None,
    };
    let var = n.spread();
    let tail = match beta_of(rate, var) {
        Some((a, b)) => beta_binomial_upper_tail(e.decisions, e.agreed, a, b),
        None => binomial_upper_tail(e.decisions, e.agreed, rate),
    };
    Some(Against {
        band,
        rate,
        spread: var.sqrt(),
        tail,
        cost_z,
    })
}

/// A profile's agreement figures against its band (the band of its
/// rating) and the band above, whether or not they flag.
///
/// Why the band above too: a profile's rating lags its play, and the best
/// of a band play like the band above; asking that the count be
/// improbable for the stronger band as well keeps those honest players
/// unflagged, while an engine's agreement is improbable for both.
pub fn agreement(e: &Evidence, band: Band, norms: &Norms) -> Option<Agreement> {
    let (here, n) = norms.at(band)?;
    let (up, a) = norms.above(band)?;
    Some(Agreement {
        decisions: e.decisions,
        agreed: e.agreed,
        mean_cost: e.mean_cost(),
        band: against(e, here, n)?,
        above: against(e, up, a)?,
        deep: e.deep,
        deep_agreed: e.deep_agreed,
        deep_band: deep_against(e, here, n),
        deep_above: deep_against(e, up, a),
    })
}

/// [`against`] on the deep decisions alone.
fn deep_against(e: &Evidence, band: Band, n: &BandNorm) -> Option<Against> {
    rate_against(
        (e.deep, e.deep_agreed),
        band,
        n.deep_rate()?,
        n.deep.spread(),
    )
}

/// `(decisions, agreed)` against a band's `rate` and spread (a variance).
fn rate_against((n, k): (u64, u64), band: Band, rate: f64, var: f64) -> Option<Against> {
    let tail = match beta_of(rate, var) {
        Some((a, b)) => beta_binomial_upper_tail(n, k, a, b),
        None => binomial_upper_tail(n, k, rate),
    };
    Some(Against {
        band,
        rate,
        spread: var.sqrt(),
        tail,
        cost_z: None,
    })
}

/// The largest gain within any `policy.fast_matches` consecutive matches
/// of a rating history (the rating after each match, oldest first), as a
/// flag when it reaches `policy.fast_gain`.
pub fn fast_rating(history: &[i32], policy: &Policy) -> Option<Flag> {
    let mut best: Option<(usize, usize)> = None;
    for (i, &from) in history.iter().enumerate() {
        let end = (i + policy.fast_matches + 1).min(history.len());
        for (j, &to) in history.iter().enumerate().take(end).skip(i + 1) {
            let gain = to - from;
            if best.is_none_or(|(a, b)| gain > history[b] - history[a]) {
                best = Some((i, j));
            }
        }
    }
    let (i, j) = best?;
    let gained = history[j] - history[i];
    (gained >= policy.fast_gain).then_some(Flag::FastRating {
        from: history[i],
        to: history[j],
        gained,
        matches: j - i,
    })
}

/// A flag when hard decisions took under `flat_ratio` times as long as
/// forced ones, over enough timed moves of both. A person thinks longer
/// where the choice matters; a relay of an engine's moves takes the
/// engine's time and the relaying, whatever the choice.
pub fn flat_times(e: &Evidence, policy: &Policy) -> Option<Flag> {
    let t = &e.times;
    if t.forced.n < policy.min_timed || t.hard.n < policy.min_timed {
        return None;
    }
    let forced_ms = t.forced.mean()?;
    let hard_ms = t.hard.mean()?;
    (hard_ms < policy.flat_ratio * forced_ms).then_some(Flag::FlatTimes {
        forced_ms,
        hard_ms,
        forced: t.forced.n,
        hard: t.hard.n,
    })
}

/// What is known of a profile in one game.
#[derive(Clone, Copy, Debug)]
pub struct Profile<'a> {
    pub evidence: &'a Evidence,
    /// The band of its current rating.
    pub band: Band,
    /// Its rating after each rated match, oldest first.
    pub history: &'a [i32],
}

/// Every flag a profile earns under `policy`.
pub fn review(p: &Profile<'_>, norms: &Norms, policy: &Policy) -> Vec<Flag> {
    let mut flags = Vec::new();
    if p.evidence.decisions >= policy.min_decisions {
        if let Some(a) = agreement(p.evidence, p.band, norms) {
            // Two tests sharing the alpha, so that the chance that either
            // fires for an honest profile stays under it: the agreement
            // on every decision, and on the deep ones, where the rule of
            // thumb never finds the expert's choice (the stronger test:
            // most of the alpha).
            let deep_counts = p.evidence.deep >= policy.min_deep;
            let (all, deep) = (policy.alpha * (1.0 - DEEP_SHARE), policy.alpha * DEEP_SHARE);
            if a.tail() < all || (deep_counts && a.deep_tail() < deep) {
                flags.push(Flag::Agreement(Box::new(a)));
            }
        }
    }
    flags.extend(fast_rating(p.history, policy));
    flags.extend(flat_times(p.evidence, policy));
    flags
}

/// The chance that a mean cost this far below the band's is luck: the
/// normal tail of [`Against::cost_z`] (for the figures shown with a flag).
pub fn cost_tail(a: &Against) -> Option<f64> {
    a.cost_z.map(normal_upper_tail)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::norm::Source;

    fn evidence(decisions: u64, agreed: u64) -> Evidence {
        Evidence {
            decisions,
            agreed,
            ..Evidence::default()
        }
    }

    fn norms() -> Norms {
        Norms::from_profiles(
            Source::BuiltIn,
            [
                (Band(1), evidence(10_000, 5_000)),
                (Band(2), evidence(10_000, 6_000)),
            ],
        )
    }

    #[test]
    fn agreement_improbable_for_both_bands_flags_and_for_one_only_does_not() {
        let p = Policy::default();
        let flag = |decisions, agreed| {
            let e = evidence(decisions, agreed);
            let prof = Profile {
                evidence: &e,
                band: Band(1),
                history: &[],
            };
            review(&prof, &norms(), &p)
        };
        // 80% over 200: far beyond 50% and 60%.
        let f = flag(200, 160);
        assert!(
            matches!(f.as_slice(), [Flag::Agreement(a)] if a.tail() < 1e-4),
            "{f:?}"
        );
        // 65% over 400: improbable for band 1, ordinary for band 2.
        assert!(flag(400, 260).is_empty());
        let e = evidence(400, 260);
        let a = agreement(&e, Band(1), &norms()).expect("figures");
        assert!(a.band.tail < 1e-4 && a.above.tail > 0.01, "{a:?}");
        // 90% but under the decisions needed.
        assert!(flag(50, 45).is_empty());
    }

    #[test]
    fn the_tails_are_the_beta_binomials_of_each_band() {
        let e = evidence(10, 8);
        let a = agreement(&e, Band(1), &norms()).expect("figures");
        // One profile a band: the least spread is assumed.
        let (x, y) = beta_of(0.5, 0.02 * 0.02).expect("beta");
        assert!((a.band.tail - beta_binomial_upper_tail(10, 8, x, y)).abs() < 1e-12);
        assert!(a.band.tail > 56.0 / 1024.0);
        assert_eq!(a.above.band, Band(2));
        assert!(a.above.tail > a.band.tail);
    }

    #[test]
    fn a_rating_gained_fast_flags_with_its_window() {
        let p = Policy {
            fast_gain: 300,
            fast_matches: 3,
            ..Policy::default()
        };
        assert_eq!(
            fast_rating(&[1500, 1400, 1550, 1650, 1750, 1760], &p),
            Some(Flag::FastRating {
                from: 1400,
                to: 1750,
                gained: 350,
                matches: 3
            })
        );
        // The same gain spread over more matches than the window.
        assert_eq!(fast_rating(&[1400, 1500, 1500, 1600, 1600, 1700], &p), None);
        assert_eq!(fast_rating(&[], &p), None);
    }

    fn timed(forced_ms: i64, hard_ms: i64, n: u64) -> Evidence {
        let mut e = Evidence::default();
        for i in 0..n as i64 {
            e.times.forced.push(forced_ms + i % 3);
            e.times.hard.push(hard_ms + i % 5);
        }
        e
    }

    #[test]
    fn flat_times_flag_and_thinking_times_do_not() {
        let p = Policy::default();
        assert!(matches!(
            flat_times(&timed(2000, 2100, 30), &p),
            Some(Flag::FlatTimes { .. })
        ));
        assert_eq!(flat_times(&timed(800, 6000, 30), &p), None);
        // Too few timed moves to say.
        assert_eq!(flat_times(&timed(2000, 2000, 5), &p), None);
    }
}
