//! The shipped puzzle set (`puzzles/set.jsonl`), embedded in the binary and
//! read once, and the choice of a puzzle near a player's rating.

use std::sync::LazyLock;

use domino_puzzles::{format::read_set, Puzzle, Theme};

const SET: &str = include_str!("../../../../puzzles/set.jsonl");

/// The set, read on first use; empty (and logged) if it does not parse,
/// which the unit test below rules out for the shipped file.
static PUZZLES: LazyLock<Vec<Puzzle>> = LazyLock::new(|| {
    read_set(SET).unwrap_or_else(|e| {
        tracing::error!("the embedded puzzle set: {e}");
        Vec::new()
    })
});

/// Every puzzle of the set.
pub fn all() -> &'static [Puzzle] {
    &PUZZLES
}

/// The puzzle with this id.
pub fn by_id(id: &str) -> Option<&'static Puzzle> {
    all().iter().find(|p| p.id == id)
}

/// A puzzle's game: its rules' preset. Not its id's first part, which
/// names how it was made (`block2`, `all-fives-rec_all_fives_1`) and would
/// list one game many times under names no player knows.
pub fn game_of(p: &Puzzle) -> &str {
    &p.rules.preset
}

/// The games the set has puzzles for, in the set's order, with how many
/// each has.
pub fn games() -> Vec<(&'static str, usize)> {
    let mut games: Vec<(&'static str, usize)> = Vec::new();
    for p in all() {
        let game = game_of(p);
        match games.iter_mut().find(|(g, _)| *g == game) {
            Some((_, n)) => *n += 1,
            None => games.push((game, 1)),
        }
    }
    games
}

/// What a player asks for: a theme and a game, each optional.
#[derive(Debug, Default, Clone, Copy)]
pub struct Filter<'a> {
    pub theme: Option<Theme>,
    pub game: Option<&'a str>,
}

impl Filter<'_> {
    fn admits(&self, p: &Puzzle) -> bool {
        self.theme.is_none_or(|t| p.themes.contains(&t))
            && self.game.is_none_or(|g| game_of(p) == g)
    }
}

/// How many of the nearest puzzles the choice is drawn from, so that a
/// player does not meet the same puzzle again and again.
const NEAREST: usize = 12;

/// Puzzles' ratings as tries have moved them, by id; a puzzle nobody tried
/// yet is at its starting rating.
pub type Current = std::collections::HashMap<String, f64>;

/// A puzzle's rating now: as tries moved it, else its starting one.
pub fn rating_now(p: &Puzzle, current: &Current) -> f64 {
    current
        .get(&p.id)
        .copied()
        .unwrap_or_else(|| f64::from(p.rating))
}

/// A puzzle the filter admits whose rating now is among the nearest to
/// `rating`, other than `skip`; `pick` chooses among them (any number,
/// taken modulo their count).
pub fn near(
    filter: Filter,
    current: &Current,
    rating: f64,
    skip: Option<&str>,
    pick: usize,
) -> Option<&'static Puzzle> {
    nearest(filter, current, rating, pick, |p| {
        Some(p.id.as_str()) != skip
    })
}

/// As [`near`], passing over the puzzles already served to the player
/// while the filter admits others: first those never served, so that
/// asking for the next one moves on through the set; then those served and
/// still to try; then any (a rated try is spent once and for good, so a
/// player who tried them all is given them again, unrated).
/// `served` maps each served puzzle to whether its rated try was made.
pub fn near_unserved(
    filter: Filter,
    current: &Current,
    rating: f64,
    skip: Option<&str>,
    served: &std::collections::HashMap<String, bool>,
    pick: usize,
) -> Option<&'static Puzzle> {
    let other = |p: &Puzzle| Some(p.id.as_str()) != skip;
    nearest(filter, current, rating, pick, |p| {
        other(p) && !served.contains_key(&p.id)
    })
    .or_else(|| {
        nearest(filter, current, rating, pick, |p| {
            other(p) && served.get(&p.id) != Some(&true)
        })
    })
    .or_else(|| near(filter, current, rating, skip, pick))
}

/// Any puzzle among the nearest to `rating` but those `seen` (a run's so
/// far); none once every puzzle was seen.
pub fn nearest_unseen(
    current: &Current,
    rating: f64,
    seen: &[String],
    pick: usize,
) -> Option<&'static Puzzle> {
    nearest(Filter::default(), current, rating, pick, |p| {
        !seen.contains(&p.id)
    })
}

fn nearest(
    filter: Filter,
    current: &Current,
    rating: f64,
    pick: usize,
    keep: impl Fn(&Puzzle) -> bool,
) -> Option<&'static Puzzle> {
    let mut found: Vec<(f64, &Puzzle)> = all()
        .iter()
        .filter(|p| filter.admits(p) && keep(p))
        .map(|p| ((rating_now(p, current) - rating).abs(), p))
        .collect();
    found.sort_by(|a, b| a.0.total_cmp(&b.0));
    found.truncate(NEAREST);
    (!found.is_empty()).then(|| found[pick % found.len()].1)
}

/// The puzzle of day `day` (days since 1970-01-01, UTC): the same for
/// everyone that day, stepping through the set in a scattered order
/// (a step prime to the set's size visits every puzzle before repeating).
pub fn daily(day: u64) -> Option<&'static Puzzle> {
    let n = all().len() as u64;
    if n == 0 {
        return None;
    }
    let step = (1..n)
        .rev()
        .find(|s| gcd(*s, n) == 1 && *s < n * 2 / 3)
        .unwrap_or(1);
    let i = (day % n) * step % n;
    all().get(i as usize)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_set_reads_whole() {
        assert_eq!(
            all().len(),
            SET.lines().filter(|l| !l.trim().is_empty()).count()
        );
        assert!(all().len() > 1000);
    }

    #[test]
    fn each_day_has_its_puzzle_and_days_differ() {
        let days: std::collections::HashSet<_> = (20_000..20_030)
            .filter_map(|d| daily(d).map(|p| p.id.clone()))
            .collect();
        assert_eq!(days.len(), 30);
        assert_eq!(daily(20_000).map(|p| &p.id), daily(20_000).map(|p| &p.id));
    }

    #[test]
    fn every_puzzle_is_counted_in_its_game() {
        let games = games();
        assert_eq!(games.iter().map(|(_, n)| n).sum::<usize>(), all().len());
        assert!(games.iter().any(|(g, _)| *g == "club-fives"));
        assert!(games.iter().all(|(g, n)| *n > 0 && !g.is_empty()));
    }

    #[test]
    fn games_keep_their_dashes() {
        let club = all().iter().find(|p| p.id.starts_with("club-fives-"));
        assert_eq!(club.map(game_of), Some("club-fives"));
        assert_eq!(by_id("jamaican-dknnwr9s").map(game_of), Some("jamaican"));
    }

    #[test]
    fn games_are_listed_once_each_by_their_preset() {
        let listed: Vec<&str> = games().iter().map(|(g, _)| *g).collect();
        for g in &listed {
            assert!(
                domino_engine::Preset::from_name(g).is_some(),
                "{g} is not a game's name"
            );
            assert_eq!(listed.iter().filter(|x| *x == g).count(), 1, "{g} twice");
        }
        let block = all()
            .iter()
            .find(|p| p.id.starts_with("block2-") && p.from.is_some());
        assert_eq!(block.map(game_of), Some("block"));
    }

    #[test]
    fn the_choice_moves_on_through_the_set_and_passes_over_tried_puzzles() {
        let f = Filter {
            theme: None,
            game: Some("club-fives"),
        };
        let none = Current::new();
        let all_club = all().iter().filter(|p| game_of(p) == "club-fives").count();
        // Asking again and again without trying: every puzzle once.
        let mut served = std::collections::HashMap::new();
        for pick in 0..all_club {
            let p = near_unserved(f, &none, 1500.0, None, &served, pick).expect("a puzzle");
            assert!(
                served.insert(p.id.clone(), false).is_none(),
                "{} given twice",
                p.id
            );
        }
        // All served: those still to try come again, never a tried one.
        let tried: Vec<String> = served.keys().skip(1).cloned().collect();
        for id in &tried {
            served.insert(id.clone(), true);
        }
        for pick in 0..NEAREST {
            let p = near_unserved(f, &none, 1500.0, None, &served, pick).expect("a puzzle");
            assert_eq!(served.get(&p.id), Some(&false), "{} was tried", p.id);
        }
        // All tried: the choice starts again rather than giving none.
        for id in served.clone().keys() {
            served.insert(id.clone(), true);
        }
        assert!(near_unserved(f, &none, 1500.0, None, &served, 0).is_some());
    }

    #[test]
    fn the_choice_follows_the_filter_and_the_rating() {
        let f = Filter {
            theme: Some(Theme::Capicu),
            game: Some("jamaican"),
        };
        for pick in 0..NEAREST {
            let p = near(f, &Current::new(), 1500.0, None, pick);
            assert!(
                p.is_some_and(|p| p.themes.contains(&Theme::Capicu) && game_of(p) == "jamaican")
            );
        }
        let none = Current::new();
        let low = near(Filter::default(), &none, 0.0, None, 0).map(|p| p.rating);
        let high = near(Filter::default(), &none, 5000.0, None, 0).map(|p| p.rating);
        assert!(low < high, "{low:?} {high:?}");
        let first = near(Filter::default(), &none, 1500.0, None, 0).map(|p| p.id.clone());
        let other = near(Filter::default(), &none, 1500.0, first.as_deref(), 0);
        assert_ne!(other.map(|p| p.id.clone()), first);
        assert!(near(
            Filter {
                theme: None,
                game: Some("nope")
            },
            &none,
            1500.0,
            None,
            0
        )
        .is_none());
    }

    #[test]
    fn the_choice_follows_the_puzzles_rating_now_not_its_start() {
        let f = Filter::default();
        let first = near(f, &Current::new(), 1500.0, None, 0).map(|p| p.id.clone());
        let Some(first) = first else {
            panic!("the set has a puzzle near 1500");
        };
        // Tries have made it far harder: it is no longer near 1500, and it
        // is the one nearest 4000.
        let moved = Current::from([(first.clone(), 4000.0)]);
        for pick in 0..NEAREST {
            let p = near(f, &moved, 1500.0, None, pick).map(|p| p.id.clone());
            assert_ne!(p.as_deref(), Some(first.as_str()));
        }
        let hard = near(f, &moved, 4000.0, None, 0).map(|p| p.id.clone());
        assert_eq!(hard, Some(first));
    }
}
