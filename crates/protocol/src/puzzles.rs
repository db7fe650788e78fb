//! The puzzles' HTTP bodies (docs/puzzles.md): a puzzle as the player sees
//! it, a try and its answer, the streak's and storm's runs, and the
//! history of tries. The puzzles' own types (their kind, themes, the
//! solver's values and lines) are `domino_puzzles`'s, named here.

use domino_engine::catalog::TableFacts;
use domino_engine::wire::Drawn;
use domino_engine::Action;
use domino_puzzles::{Choice, Explained, Kind, Missed, Played, Theme};
use serde::{Deserialize, Serialize};

/// A rating as the page shows it (Glicko-2's, without its volatility).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
}

/// A puzzle as the player sees it: never its answer, and for a counting
/// puzzle only the mover's view. Sent only (its facts are not read back).
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Shown {
    pub id: String,
    pub game: String,
    pub kind: Kind,
    pub themes: Vec<Theme>,
    /// The seat to move: the player's.
    pub seat: u8,
    /// The position in the engine protocol's state form (docs/protocol.md),
    /// through the mover's eyes for a counting puzzle.
    pub state: serde_json::Value,
    /// The line of play as the board draws it, as a table's state has it.
    pub layout: Drawn,
    /// The game's facts the board needs (as a table's state has them).
    pub facts: TableFacts,
    /// The plays to choose from.
    pub choices: Vec<Action>,
    /// Each pass and draw so far with the numbers the ends showed: what a
    /// counting puzzle is read from (the page lists the hand so far).
    pub missed: Vec<Missed>,
    /// Counting: how many deals of the hidden tiles agree with the view.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worlds: Option<u32>,
    /// The puzzle's rating and the player's; none for a puzzle tried
    /// unrated (a player's own, a run's, one opened by its id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<Rating>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<Rating>,
}

/// A game the set has puzzles for (the page's game filter).
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = PuzzleGame))]
pub struct Game {
    /// As `next`'s `game` asks for it (a preset's name, its size kept:
    /// `block4`).
    pub game: String,
    pub puzzles: usize,
}

/// A try: the play chosen.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Try {
    pub action: Action,
    #[serde(default)]
    pub guest: Option<String>,
}

/// A rating before and after a try.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Moved {
    pub before: Rating,
    pub after: Rating,
}

/// Why a try moved no rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Unrated {
    /// The player's rated try at this puzzle was made before.
    TriedBefore,
    /// The puzzle was not served to this player (opened by its id).
    NotServed,
}

/// The answer to a try.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Tried {
    pub right: bool,
    /// A try of the set's puzzles that moved no rating, and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unrated: Option<Unrated>,
    pub answer: Action,
    /// Every play with the solver's value for the mover's side (for a
    /// counting puzzle the worst over the worlds, and in how many it is
    /// best): values only, never a line through hidden tiles.
    pub choices: Vec<Choice>,
    /// Both ratings, before and after; none for an unrated try.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<Moved>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<Moved>,
    /// A player's own puzzle: what was played in the match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<Action>,
    /// Why the answer is good and what the mover could know, from the
    /// mover's view.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explained: Option<Explained>,
    /// Open puzzles: the hand played out by the solver from the answer
    /// (counting puzzles have none: it would show hidden tiles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<Vec<Played>>,
    /// Open puzzles tried wrong: the hand played out from the player's play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub your_line: Option<Vec<Played>>,
}

/// A decision of a finished match to make into the player's own puzzle.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct MakeOwn {
    pub table: String,
    /// From 1.
    pub hand: usize,
    /// From 0, in the hand.
    pub index: usize,
}

/// A player's own puzzle in their list: where it is from, never its answer.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OwnListed {
    pub id: String,
    pub table: String,
    pub hand: usize,
    pub index: usize,
    pub game: String,
    pub kind: Kind,
}

/// A try at a player's own puzzle.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct TryOwn {
    pub action: Action,
}

/// A first try at a set puzzle, as the history lists it.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HistoryRow {
    pub id: String,
    /// The puzzle's game (a preset's name).
    pub game: String,
    pub tried_ms: i64,
    pub right: bool,
    /// Whether the try moved the player's rating.
    pub rated: bool,
}

/// The kind of a run of puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum RunKind {
    /// In a row, each harder than the last, until the first miss.
    Streak,
    /// As many as can be answered before the run's time is up.
    Storm,
}

/// Starting a run.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct StartRun {
    pub kind: RunKind,
    #[serde(default)]
    pub guest: Option<String>,
}

/// A run as the page shows it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RunView {
    pub run: String,
    pub kind: RunKind,
    pub score: i64,
    pub best: i64,
    /// The puzzle to answer now; none once the run is over. Not rated, so
    /// without ratings.
    pub puzzle: Option<Shown>,
    /// When a storm ends (the server's time, ms since the epoch).
    pub ends_ms: Option<i64>,
    /// The server's time now, so the page can count down on its own clock.
    pub now_ms: i64,
    pub over: bool,
}

/// A try in a run: the puzzle it answers (the run's current one) and the play.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct RunTry {
    pub puzzle: String,
    pub action: Action,
    #[serde(default)]
    pub guest: Option<String>,
}

/// A run's try answered: the run after it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RunTried {
    pub right: bool,
    pub answer: Action,
    /// Not when the try came after the storm's end.
    pub counted: bool,
    /// This run holds the player's best of its kind.
    pub new_best: bool,
    #[serde(flatten)]
    pub run: RunView,
}

/// The player's best of each kind of run, 0 for a kind never scored in.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Bests {
    pub streak: i64,
    pub storm: i64,
}
