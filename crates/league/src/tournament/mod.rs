//! Tournaments: who plays whom each round ([`pairing`]) and who leads
//! ([`standings`]), pure functions of the entrants and the results so far,
//! so the server can rebuild a tournament's state from its stored results
//! at any time. See docs/tournaments.md.
//!
//! An entrant is one side of the game: a player in the games each player
//! plays for himself, a fixed partnership of two in the partnership games.
//! A table seats `k` entrants, the game's number of sides (2 for one-on-one
//! and partnerships, 3 or 4 for the each-for-himself games of three or
//! four). Entrants are numbered by seed: 0 is the first seed.

pub mod duplicate;
pub mod pairing;
pub mod standings;

use serde::{Deserialize, Serialize};

/// How a tournament pairs its rounds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Everyone meets everyone (as evenly as tables of `k` allow).
    RoundRobin,
    /// A fixed number of rounds, paired by score.
    Swiss,
    /// Knock-out: the table's winner goes on (two sides a table only).
    Elimination,
}

impl Format {
    pub fn parse(s: &str) -> Option<Format> {
        match s {
            "round_robin" => Some(Format::RoundRobin),
            "swiss" => Some(Format::Swiss),
            "elimination" => Some(Format::Elimination),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round_robin",
            Format::Swiss => "swiss",
            Format::Elimination => "elimination",
        }
    }
}

/// What the pairing and the standings need to know of a tournament.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// How many entrants (numbered 0.. by seed).
    pub entrants: usize,
    /// Entrants a table (the game's sides).
    pub per_table: usize,
    pub format: Format,
    /// Swiss: how many rounds (the other formats work theirs out).
    pub swiss_rounds: usize,
    /// The game is won by the fewest points (a penalty score).
    pub low_wins: bool,
    /// Settles the last tie-break (the seeded draw).
    pub seed: u64,
    /// Duplicate: the standings rank by duplicate matchpoints first.
    pub duplicate: bool,
}

/// Why a setup cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("a tournament needs at least {0} entrants")]
    TooFew(usize),
    #[error("a Swiss tournament plays from 1 to {0} rounds")]
    BadRounds(usize),
    #[error("single elimination is for games of two sides: a table of {0} has no single loser to knock out")]
    EliminationTable(usize),
}

/// The most Swiss rounds a tournament may ask for.
pub const MAX_SWISS_ROUNDS: usize = 15;

impl Setup {
    /// Whether this setup can be played.
    pub fn check(&self) -> Result<(), SetupError> {
        if self.per_table < 2 || self.entrants < self.per_table {
            return Err(SetupError::TooFew(self.per_table.max(2)));
        }
        match self.format {
            Format::Swiss if !(1..=MAX_SWISS_ROUNDS).contains(&self.swiss_rounds) => {
                Err(SetupError::BadRounds(MAX_SWISS_ROUNDS))
            }
            Format::Elimination if self.per_table != 2 => {
                Err(SetupError::EliminationTable(self.per_table))
            }
            _ => Ok(()),
        }
    }

    /// How many rounds the tournament plays.
    pub fn rounds(&self) -> usize {
        let (n, k) = (self.entrants, self.per_table.max(2));
        match self.format {
            Format::Swiss => self.swiss_rounds,
            Format::RoundRobin if k == 2 => {
                if n % 2 == 0 {
                    n.saturating_sub(1)
                } else {
                    n
                }
            }
            // Each round an entrant meets k - 1 others.
            Format::RoundRobin => (n.saturating_sub(1)).div_ceil(k - 1),
            Format::Elimination => {
                let mut r = 0;
                while (1usize << r) < n {
                    r += 1;
                }
                r
            }
        }
    }
}

/// One round's seating: the tables (each the entrants at it, in seat
/// order: the first entrant takes the first side) and the byes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    pub tables: Vec<Vec<usize>>,
    pub byes: Vec<usize>,
}

/// A finished table: its entrants (as in its round's plan), each one's place (0 is
/// first; equal places are a draw between them) and match score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TournamentGame))]
pub struct Game {
    pub entrants: Vec<usize>,
    pub places: Vec<usize>,
    pub scores: Vec<i64>,
    /// The points each position made in each hand (duplicate scoring).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hands: Vec<Vec<i64>>,
    /// The fingerprint of each hand's deal (duplicate scoring compares
    /// two tables in a hand only when they held the same cards).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deals: Vec<String>,
}

/// A round as played: its plan and the result of each of its tables (in
/// the plan's order; `None` while the table plays).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub plan: Plan,
    pub games: Vec<Option<Game>>,
}

impl Round {
    pub fn finished(&self) -> bool {
        self.games.len() == self.plan.tables.len() && self.games.iter().all(Option::is_some)
    }
}
