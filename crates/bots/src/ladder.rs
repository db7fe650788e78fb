//! The levels' ladder: each bot level's strength in one game as a Glicko-2
//! rating with an interval, from duplicate arena matches between levels.
//!
//! Every duplicate deal between two levels is one game: the level that did
//! better over the deal's two plays (hands won, or points; fewer points in
//! French) wins it, equal results are a draw. The ratings are on the
//! Glicko-2 scale ([`skillratings::glicko2`] ratings and intervals) with
//! every game in one rating period: the most likely ratings given the games
//! and the newcomer's prior (see [`rate`]), so the order the deals were
//! played in does not matter, a deviation shrinks with the number of games
//! as it should, and a level that won everything still gets a finite
//! rating.

use skillratings::glicko2::confidence_interval;
use skillratings::glicko2::Glicko2Rating;

use crate::arena::Report;

/// The results of one pairing of levels, from the first level's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    pub bots: [String; 2],
    pub deals: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// The arena's edge of the first bot with its 95% half-width.
    pub edge: (f64, f64),
}

impl Pairing {
    /// Count a finished arena's deals as games.
    pub fn from_report(r: &Report) -> Pairing {
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        for &e in &r.deal_edges {
            let better = if r.low_wins { -e } else { e };
            if better > 1e-9 {
                wins += 1;
            } else if better < -1e-9 {
                losses += 1;
            } else {
                draws += 1;
            }
        }
        Pairing {
            bots: r.bots.clone(),
            deals: r.deals,
            wins,
            draws,
            losses,
            edge: r.edge,
        }
    }
}

/// One level's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Rated {
    pub bot: String,
    pub rating: Glicko2Rating,
    pub games: u64,
}

impl Rated {
    /// The 95% interval of the rating.
    pub fn interval(&self) -> (f64, f64) {
        confidence_interval(&self.rating)
    }
}

/// The prior every level starts from: the usual Glicko-2 newcomer.
const PRIOR_MEAN: f64 = 1500.0;
const PRIOR_DEVIATION: f64 = 350.0;

/// Rate `levels` (weakest first, as they should come out) from the
/// pairings' games. Levels that played nothing keep the starting rating.
///
/// All games are one rating period, and the ratings are the most likely
/// ones given the games and the newcomer's prior (1500, 350): the
/// Bradley-Terry model on the Elo/Glicko scale, a draw half a win,
/// solved by Newton's method. A level's deviation comes from the curvature
/// there along its own rating (its games' information plus the prior's). Unlike
/// rating each level against the others' ratings of a previous round,
/// this always has one answer, even when a level won every game.
pub fn rate(levels: &[String], pairings: &[Pairing]) -> Vec<Rated> {
    let n = levels.len();
    let index = |b: &str| levels.iter().position(|l| l == b);
    let mut games = vec![0u64; n];
    // (a, b, games, a's score: wins and half the draws)
    let mut pairs = Vec::new();
    for p in pairings {
        if let (Some(a), Some(b)) = (index(&p.bots[0]), index(&p.bots[1])) {
            games[a] += p.deals;
            games[b] += p.deals;
            let played = (p.wins + p.draws + p.losses) as f64;
            pairs.push((a, b, played, p.wins as f64 + p.draws as f64 / 2.0));
        }
    }
    let q = std::f64::consts::LN_10 / 400.0;
    let prior = 1.0 / (PRIOR_DEVIATION * PRIOR_DEVIATION);
    let mut r = vec![PRIOR_MEAN; n];
    // The negated Hessian of the log posterior at `r`, and its gradient.
    let curvature = |r: &[f64]| {
        let mut h = vec![vec![0.0; n]; n];
        let mut g: Vec<f64> = r.iter().map(|x| -(x - PRIOR_MEAN) * prior).collect();
        for (i, row) in h.iter_mut().enumerate() {
            row[i] = prior;
        }
        for &(a, b, played, score) in &pairs {
            let p = 1.0 / (1.0 + (-q * (r[a] - r[b])).exp());
            let w = q * q * played * p * (1.0 - p);
            g[a] += q * (score - played * p);
            g[b] -= q * (score - played * p);
            h[a][a] += w;
            h[b][b] += w;
            h[a][b] -= w;
            h[b][a] -= w;
        }
        (h, g)
    };
    for _ in 0..100 {
        let (h, g) = curvature(&r);
        let step = solve(h, g);
        let moved = step.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
        for (x, d) in r.iter_mut().zip(&step) {
            // Long steps are cut: the first ones from the prior can
            // overshoot when one side won nearly everything.
            *x += d.clamp(-400.0, 400.0);
        }
        if moved < 1e-9 {
            break;
        }
    }
    // Each level's deviation given the others' ratings, as Glicko rates a
    // player against opponents taken as known: the curvature along its own
    // rating. (The full inverse would add the whole scale's uncertainty,
    // which only the prior pins, to every level alike.)
    let (h, _) = curvature(&r);
    let variance: Vec<f64> = (0..n).map(|i| 1.0 / h[i][i]).collect();
    levels
        .iter()
        .zip(r)
        .zip(variance)
        .zip(games)
        .map(|(((bot, rating), var), games)| Rated {
            bot: bot.clone(),
            rating: Glicko2Rating {
                rating,
                deviation: var.sqrt(),
                ..Glicko2Rating::new()
            },
            games,
        })
        .collect()
}

/// Solve `a x = b` (a symmetric positive definite, small) by Gaussian
/// elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for c in 0..n {
        let pivot = (c..n)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap_or(c);
        a.swap(c, pivot);
        b.swap(c, pivot);
        let d = a[c][c];
        if d.abs() < 1e-300 {
            continue;
        }
        let (top, below) = a.split_at_mut(c + 1);
        let pivot_row = &top[c];
        for (row, bi) in below.iter_mut().zip(c + 1..n) {
            let f = row[c] / d;
            if f != 0.0 {
                for (x, p) in row[c..].iter_mut().zip(&pivot_row[c..]) {
                    *x -= f * p;
                }
                b[bi] -= f * b[c];
            }
        }
    }
    let mut x = vec![0.0; n];
    for c in (0..n).rev() {
        let rest: f64 = (c + 1..n).map(|k| a[c][k] * x[k]).sum();
        x[c] = if a[c][c].abs() < 1e-300 {
            0.0
        } else {
            (b[c] - rest) / a[c][c]
        };
    }
    x
}

/// Whether each level's interval lies wholly above the one before it.
pub fn ordered(rated: &[Rated]) -> bool {
    rated
        .windows(2)
        .all(|w| w[1].interval().0 > w[0].interval().1)
}

/// Whether level `lower` and the next one need more games to tell apart:
/// their intervals overlap. Levels clearly the wrong way round (the upper
/// one's interval wholly below) need none: more games would only confirm
/// it.
pub fn overlapping(rated: &[Rated], lower: usize) -> bool {
    let (Some(a), Some(b)) = (rated.get(lower), rated.get(lower + 1)) else {
        return false;
    };
    let ((low_a, high_a), (low_b, high_b)) = (a.interval(), b.interval());
    !(low_b > high_a || high_b < low_a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_overlapping_neighbours_need_more_games() {
        let levels: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        // a clearly below b; b and c even; nothing beyond c.
        let r = rate(
            &levels,
            &[
                pairing("a", "b", 1000, 0, 4000),
                pairing("b", "c", 2000, 1000, 2000),
            ],
        );
        assert!(!overlapping(&r, 0), "{r:?}");
        assert!(overlapping(&r, 1), "{r:?}");
        assert!(!overlapping(&r, 2));
        // The wrong way round, clearly: no more games.
        let r = rate(&levels, &[pairing("a", "b", 4000, 0, 1000)]);
        assert!(!overlapping(&r, 0), "{r:?}");
    }

    fn pairing(a: &str, b: &str, wins: u64, draws: u64, losses: u64) -> Pairing {
        Pairing {
            bots: [a.to_string(), b.to_string()],
            deals: wins + draws + losses,
            wins,
            draws,
            losses,
            edge: (0.0, 0.0),
        }
    }

    #[test]
    fn stronger_levels_rate_higher_and_more_games_narrow_the_interval() {
        let levels: Vec<String> = ["weak", "middle", "strong"].map(String::from).to_vec();
        let few = [
            pairing("weak", "middle", 30, 20, 50),
            pairing("middle", "strong", 30, 20, 50),
        ];
        let many = [
            pairing("weak", "middle", 3000, 2000, 5000),
            pairing("middle", "strong", 3000, 2000, 5000),
        ];
        let a = rate(&levels, &few);
        let b = rate(&levels, &many);
        assert!(a[0].rating.rating < a[1].rating.rating);
        assert!(a[1].rating.rating < a[2].rating.rating);
        assert!(!ordered(&a), "100 games each cannot separate a 60-40 edge");
        assert!(ordered(&b), "{b:?}");
        assert!(b[1].rating.deviation < a[1].rating.deviation / 5.0);
        // Symmetric results: the middle level sits at the middle.
        let mid = (b[0].rating.rating + b[2].rating.rating) / 2.0;
        assert!((b[1].rating.rating - mid).abs() < 1.0);
        assert_eq!(b[1].games, 20_000);
    }

    /// A level that won every game still gets a finite rating above the
    /// others, held near them by the prior, and no deviation beyond it.
    #[test]
    fn a_clean_sweep_stays_finite() {
        let levels: Vec<String> = ["random", "count", "expert"].map(String::from).to_vec();
        let sweep = [
            pairing("random", "count", 0, 0, 400),
            pairing("count", "expert", 0, 0, 400),
            pairing("random", "expert", 0, 0, 400),
        ];
        let r = rate(&levels, &sweep);
        for x in &r {
            assert!(
                x.rating.rating.is_finite() && x.rating.rating.abs() < 10_000.0,
                "{r:?}"
            );
            assert!(
                x.rating.deviation > 0.0 && x.rating.deviation <= PRIOR_DEVIATION,
                "{r:?}"
            );
        }
        assert!(r[0].rating.rating < r[1].rating.rating, "{r:?}");
        assert!(r[1].rating.rating < r[2].rating.rating, "{r:?}");
        // Nothing played: the prior.
        let none = rate(&levels, &[]);
        assert!((none[0].rating.rating - PRIOR_MEAN).abs() < 1e-9);
        assert!((none[0].rating.deviation - PRIOR_DEVIATION).abs() < 1e-9);
    }

    /// Even results leave equal ratings at the prior's mean.
    #[test]
    fn even_results_rate_even() {
        let levels: Vec<String> = ["a", "b"].map(String::from).to_vec();
        let r = rate(&levels, &[pairing("a", "b", 40, 20, 40)]);
        assert!((r[0].rating.rating - r[1].rating.rating).abs() < 1e-6);
        assert!((r[0].rating.rating - PRIOR_MEAN).abs() < 1e-6);
    }
}
