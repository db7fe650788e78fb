//! A puzzle's starting rating: how often each bot level finds the answer
//! from the player's own view.

use std::collections::BTreeMap;

use domino_bots::{level_bot, BotConfig, LEVELS};
use domino_engine::{Action, SeatView};

/// How many tries each level gets.
#[derive(Copy, Clone, Debug)]
pub struct RateConfig {
    /// Tries of each level below the expert (they play at random part of
    /// the time, so one try says little).
    pub tries: u32,
    /// Tries of the expert, which costs its time budget each.
    pub expert_tries: u32,
    /// The expert's budget per try, in milliseconds.
    pub budget_ms: u64,
    pub seed: u64,
}

impl Default for RateConfig {
    fn default() -> RateConfig {
        RateConfig {
            tries: 8,
            expert_tries: 1,
            budget_ms: 100,
            seed: 1,
        }
    }
}

/// The rating of a puzzle no level solves less often than the one below.
pub const BASE_RATING: u32 = 800;
/// Rating points per level that misses (a level's share of misses counts
/// in part).
pub const PER_MISS: f64 = 300.0;

/// Whether `played` is the answer: the same tile on the same end (a bot
/// that left a scoring play unclaimed still found the play).
pub fn same_play(played: Action, answer: Action) -> bool {
    match (played, answer) {
        (
            Action::Play {
                tile: a, end: e, ..
            },
            Action::Play {
                tile: b, end: f, ..
            },
        ) => a == b && e == f,
        _ => played == answer,
    }
}

/// The share of tries each level (by its lobby name) found `answer` in;
/// levels given no tries are left out.
pub fn solve_rates(view: &SeatView, answer: Action, cfg: &RateConfig) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    for (i, (level, _)) in LEVELS.iter().enumerate() {
        let tries = if *level == "expert" {
            cfg.expert_tries
        } else {
            cfg.tries
        };
        // A level given no tries says nothing of the puzzle.
        if tries == 0 {
            continue;
        }
        let mut found = 0;
        for t in 0..tries {
            let config = BotConfig {
                seed: cfg.seed.wrapping_mul(1009) ^ ((i as u64) << 32 | u64::from(t)),
                budget_ms: cfg.budget_ms,
            };
            let solved = level_bot(level, config)
                .and_then(|mut bot| bot.act(view))
                .is_ok_and(|a| same_play(a, answer));
            found += u32::from(solved);
        }
        out.insert((*level).to_string(), f64::from(found) / f64::from(tries));
    }
    out
}

/// The rating from the solve rates: [`BASE_RATING`] plus [`PER_MISS`]
/// for each level's share of misses, so a puzzle all five levels solve
/// rates 800 and one none solves 2300.
pub fn rating(rates: &BTreeMap<String, f64>) -> u32 {
    let missed: f64 = rates.values().map(|r| 1.0 - r).sum();
    BASE_RATING + (PER_MISS * missed).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_fewer_levels_solve_rates_higher() {
        let rates = |r: [f64; 5]| -> BTreeMap<String, f64> {
            LEVELS
                .iter()
                .zip(r)
                .map(|((l, _), r)| ((*l).to_string(), r))
                .collect()
        };
        assert_eq!(rating(&rates([1.0; 5])), 800);
        assert_eq!(rating(&rates([0.0; 5])), 2300);
        assert!(
            rating(&rates([0.5, 0.5, 1.0, 1.0, 1.0])) < rating(&rates([0.5, 0.5, 0.5, 1.0, 0.0]))
        );
    }
}
