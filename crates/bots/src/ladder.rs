//! The levels' ladder: each bot level's strength in one game as a Glicko-2
//! rating with an interval, from duplicate arena matches between levels.
//!
//! Every duplicate deal between two levels is one game: the level that did
//! better over the deal's two plays (hands won, or points; fewer points in
//! French) wins it, equal results are a draw. The ratings are Glicko-2
//! ([`skillratings::glicko2`]) with every game in one rating period, solved
//! to a fixed point (each level rated against the others' current ratings
//! until nothing moves), so the order the deals were played in does not
//! matter and a deviation shrinks with the number of games as it should.

use skillratings::glicko2::Glicko2Rating;
use skillratings::glicko2::{confidence_interval, glicko2_rating_period, Glicko2Config};
use skillratings::Outcomes;

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

/// Rate `levels` (weakest first, as they should come out) from the
/// pairings' games. Levels that played nothing keep the starting rating.
pub fn rate(levels: &[String], pairings: &[Pairing]) -> Vec<Rated> {
    let config = Glicko2Config::new();
    let start = Glicko2Rating::new();
    let mut ratings = vec![start; levels.len()];
    let index = |b: &str| levels.iter().position(|l| l == b);
    let mut games = vec![0u64; levels.len()];
    for p in pairings {
        if let (Some(a), Some(b)) = (index(&p.bots[0]), index(&p.bots[1])) {
            games[a] += p.deals;
            games[b] += p.deals;
        }
    }
    // A fixed point: every level rated in one period against the others'
    // ratings of the previous round, until the ratings settle.
    for _ in 0..200 {
        let mut next = ratings.clone();
        for (i, r) in next.iter_mut().enumerate() {
            let mut results = Vec::new();
            for p in pairings {
                let (Some(a), Some(b)) = (index(&p.bots[0]), index(&p.bots[1])) else {
                    continue;
                };
                let (other, won, lost) = if a == i {
                    (b, p.wins, p.losses)
                } else if b == i {
                    (a, p.losses, p.wins)
                } else {
                    continue;
                };
                let o = ratings[other];
                let n = |k: u64, out: Outcomes| std::iter::repeat_n((o, out), k as usize);
                results.extend(n(won, Outcomes::WIN));
                results.extend(n(p.draws, Outcomes::DRAW));
                results.extend(n(lost, Outcomes::LOSS));
            }
            *r = glicko2_rating_period(&start, &results, &config);
        }
        let moved = next
            .iter()
            .zip(&ratings)
            .map(|(a, b)| (a.rating - b.rating).abs() + (a.deviation - b.deviation).abs())
            .fold(0.0, f64::max);
        ratings = next;
        if moved < 1e-6 {
            break;
        }
    }
    levels
        .iter()
        .zip(ratings)
        .zip(games)
        .map(|((bot, rating), games)| Rated {
            bot: bot.clone(),
            rating,
            games,
        })
        .collect()
}

/// Whether each level's interval lies wholly above the one before it.
pub fn ordered(rated: &[Rated]) -> bool {
    rated
        .windows(2)
        .all(|w| w[1].interval().0 > w[0].interval().1)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
