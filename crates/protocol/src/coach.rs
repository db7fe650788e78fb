//! The coach's analysis of a finished match (`GET /api/analysis/{id}`,
//! docs/analysis.md): each decision's cost with full information, what the
//! expert would have played from the seat's view, the marks from the
//! player's view, and each player's totals.

use domino_engine::Action;
use domino_league::verdict::{Severity, Thresholds};
use serde::{Deserialize, Serialize};

/// The payload's format name.
pub const FORMAT: &str = "domino-coach/1";

/// One decision: the play, its cost and the expert's choice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CoachDecision {
    /// The action's index in its hand (from 0), as the replay counts steps.
    pub index: usize,
    pub seat: u8,
    pub played: Action,
    /// The played action's value with full information, for the seat's
    /// side; `None` when the search passed its node limit.
    pub value: Option<i32>,
    /// The best actions with full information.
    pub best: Vec<Action>,
    pub best_value: Option<i32>,
    /// Best value minus the played one.
    pub cost: Option<i32>,
    /// The play is marked a blunder from the player's view (see
    /// [`domino_league::verdict`]).
    pub blunder: bool,
    /// What the expert would have played from the seat's view.
    pub expert: Option<Action>,
    /// What the expert's choice would have cost.
    pub expert_cost: Option<i32>,
    /// The seat's side (a team in the partnership games).
    pub side: usize,
    /// The cost beyond the expert's choice from the same view: what the
    /// play cost with the player's information.
    pub view_cost: Option<i32>,
    /// The mark from the player's view, if any.
    pub severity: Option<Severity>,
    /// Costly only with all tiles known: not the player's mistake.
    pub hindsight: bool,
    /// "Make this a puzzle" can succeed here: a play among several, no
    /// tile left to draw, and one play better than the rest by the
    /// puzzles' margin with all tiles known (reports from before this
    /// field read false).
    #[serde(default)]
    pub puzzle: bool,
}

/// One hand's decisions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CoachHand {
    /// The hand's number (from 1).
    pub hand: u32,
    pub decisions: Vec<CoachDecision>,
}

/// One player's totals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CoachSeat {
    pub seat: u8,
    /// The player's name; `None` for a bot seat.
    pub name: Option<String>,
    pub decisions: usize,
    /// Decisions solved within the node limit.
    pub solved: usize,
    pub total_cost: i64,
    /// Total cost over solved decisions; `None` when none was solved.
    pub mean_cost: Option<f64>,
    /// Blunders, mistakes and inaccuracies from the player's view.
    pub blunders: usize,
    pub mistakes: usize,
    pub inaccuracies: usize,
    /// Plays costly only with all tiles known.
    pub hindsight: usize,
    /// Decisions where the player chose what the expert would have.
    pub expert_agreed: usize,
    pub expert_asked: usize,
}

/// The coach's analysis of one finished match (`domino-coach/1`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CoachReport {
    pub format: String,
    pub id: String,
    /// `outcome`, `points` or `low_points`, as in `domino analyze`.
    pub objective: String,
    /// The smallest cost from the player's view that is a blunder.
    pub blunder: i32,
    /// The smallest cost from the player's view of each severity.
    pub thresholds: Thresholds,
    pub expert_ms: u64,
    pub node_limit: u64,
    pub hands: Vec<CoachHand>,
    /// The seats' totals, over the hands analysed.
    pub seats: Vec<CoachSeat>,
    /// How long the analysis took.
    pub seconds: f64,
    /// The one hand analysed (from 1), when the match was asked for a hand
    /// at a time; absent for the whole match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<u32>,
}
