//! Puzzle streak and storm (docs/puzzles.md, "Streak and storm"): runs of
//! the set's puzzles, each a little harder than the one before. A streak
//! ends at the first miss; a storm lasts three minutes, and a miss costs
//! ten seconds. Runs are not rated; each player keeps a best score of
//! each kind. The server keeps the run (its puzzle, its score, its end),
//! so a score is only what was answered here, in time, once per puzzle.

pub mod api;

use domino_engine::Action;
use domino_protocol::refusal::{Code, Refusal};
use domino_puzzles::rate::same_play;
use domino_puzzles::Puzzle;
use domino_store::puzzle_runs::{RunRow, RunStep, TryRow};

use super::set::{by_id, nearest_unseen, Current};
use super::show::listed;
use super::Puzzles;

/// How long a storm lasts, ms.
pub const STORM_MS: i64 = 180_000;
/// What a miss in a storm costs, ms.
pub const MISS_COST_MS: i64 = 10_000;
/// The rating the first puzzle of a run is near (the set's easiest are
/// about 1000).
const FIRST_RATING: f64 = 1000.0;

/// A kind of run (the wire's).
pub use domino_protocol::puzzles::RunKind as Kind;

/// The kind's name as the store keeps it.
pub fn name(kind: Kind) -> &'static str {
    match kind {
        Kind::Streak => "streak",
        Kind::Storm => "storm",
    }
}

fn kind_of(name: &str) -> Option<Kind> {
    match name {
        "streak" => Some(Kind::Streak),
        "storm" => Some(Kind::Storm),
        _ => None,
    }
}

/// How much harder each next puzzle is, in rating points: a storm
/// climbs slower, its puzzles are to be answered fast.
fn rise(kind: Kind) -> f64 {
    match kind {
        Kind::Streak => 40.0,
        Kind::Storm => 20.0,
    }
}

/// Why a run's request was refused.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("no puzzle run of yours has this id")]
    NoRun,
    #[error("this run is over: start another")]
    Over,
    #[error("{0} is not a play of this puzzle")]
    NotAPlay(Action),
    #[error("the puzzle set is empty")]
    NoPuzzle,
    /// Another try at the same puzzle of the run was counted first, or
    /// the try was meant for a puzzle the run has moved past.
    #[error("this run has moved past that puzzle: another try was counted first")]
    Raced,
    #[error("the store: {0}")]
    Store(#[from] sqlx::Error),
    #[error("puzzle {0}: {1}")]
    Broken(String, String),
}

impl From<RunError> for Refusal {
    fn from(e: RunError) -> Refusal {
        let code = match &e {
            RunError::NoRun => Code::NoRun,
            RunError::Over => Code::RunOver,
            RunError::Raced => Code::Changed,
            RunError::NotAPlay(_) => Code::Engine(domino_engine::ErrorCode::IllegalAction),
            RunError::NoPuzzle => Code::NoPuzzle,
            RunError::Store(_) | RunError::Broken(..) => Code::Internal,
        };
        Refusal::new(code, e.to_string())
    }
}

/// A run as the player sees it: its puzzle to answer (`None` once over).
#[derive(Debug)]
pub struct Seen {
    pub run: RunRow,
    pub kind: Kind,
    pub puzzle: Option<&'static Puzzle>,
    pub best: i64,
}

/// What a try did to the run.
#[derive(Debug)]
pub struct Tried {
    pub right: bool,
    pub answer: Action,
    /// Whether the try counted: not when it came after the storm's end.
    pub counted: bool,
    pub new_best: bool,
    pub seen: Seen,
}

/// The puzzle of step `step` of a run of `kind`: near its rating on the
/// climb, none of those `seen` in the run; `pick` chooses among the
/// nearest.
pub fn pick(
    kind: Kind,
    step: i64,
    seen: &[String],
    current: &Current,
    pick: usize,
) -> Option<&'static Puzzle> {
    let rating = FIRST_RATING + rise(kind) * step as f64;
    nearest_unseen(current, rating, seen, pick)
}

/// The player's best of `kind` and when it was set; 0 before any.
pub async fn best(svc: &Puzzles, player: &str, kind: Kind) -> Result<(i64, i64), RunError> {
    let bests = svc.puzzles.puzzle_bests(player).await?;
    Ok(bests
        .into_iter()
        .find(|(k, _, _)| k == name(kind))
        .map_or((0, 0), |(_, b, at)| (b, at)))
}

/// Start a run of `kind` for `player` at `now`.
pub async fn start(svc: &Puzzles, player: &str, kind: Kind, now: i64) -> Result<Seen, RunError> {
    let current = svc.puzzles.puzzle_ratings_now().await?;
    let first =
        pick(kind, 0, &[], &current, rand::random::<u32>() as usize).ok_or(RunError::NoPuzzle)?;
    let run = RunRow {
        id: crate::table::random_id(9),
        player: player.to_string(),
        kind: name(kind).to_string(),
        started_at: now,
        ends_at: (kind == Kind::Storm).then_some(now + STORM_MS),
        step: 0,
        score: 0,
        puzzle: first.id.clone(),
        seen: vec![first.id.clone()],
        over: false,
    };
    svc.puzzles.start_puzzle_run(&run).await?;
    let (best, _) = best(svc, player, kind).await?;
    Ok(Seen {
        run,
        kind,
        puzzle: Some(first),
        best,
    })
}

/// The player's run `id` (another player's is as unknown as none).
async fn run_of(svc: &Puzzles, player: &str, id: &str) -> Result<(RunRow, Kind), RunError> {
    let run = svc.puzzles.puzzle_run(id).await?.ok_or(RunError::NoRun)?;
    if run.player != player {
        return Err(RunError::NoRun);
    }
    let kind = kind_of(&run.kind).ok_or(RunError::NoRun)?;
    Ok((run, kind))
}

/// The run after a try, as the rules of its kind have it: its score, its
/// end, whether it is over.
fn after(kind: Kind, run: &RunRow, right: bool, in_time: bool) -> (i64, Option<i64>, bool) {
    match kind {
        Kind::Streak => (run.score + i64::from(right), None, !right),
        Kind::Storm if !in_time => (run.score, run.ends_at, true),
        Kind::Storm => {
            let ends = run
                .ends_at
                .map(|e| if right { e } else { e - MISS_COST_MS });
            (run.score + i64::from(right), ends, false)
        }
    }
}

/// A try at the run's puzzle `puzzle` (its current one: a try meant for
/// a puzzle the run has moved past is refused, never judged against the
/// next), at `now`.
pub async fn try_run(
    svc: &Puzzles,
    player: &str,
    id: &str,
    puzzle: &str,
    action: Action,
    now: i64,
) -> Result<Tried, RunError> {
    let (run, kind) = run_of(svc, player, id).await?;
    if run.over {
        return Err(RunError::Over);
    }
    if run.puzzle != puzzle {
        return Err(RunError::Raced);
    }
    let p =
        by_id(&run.puzzle).ok_or_else(|| RunError::Broken(run.puzzle.clone(), "gone".into()))?;
    if listed(&p.choices, action).is_none() {
        return Err(RunError::NotAPlay(action));
    }
    let right = same_play(action, p.answer);
    let in_time = run.ends_at.is_none_or(|e| now <= e);
    let (score, ends_at, mut over) = after(kind, &run, right, in_time);
    // Out of time at once after a miss's cost: over too.
    if ends_at.is_some_and(|e| now > e) {
        over = true;
    }
    let next = if over {
        None
    } else {
        let current = svc.puzzles.puzzle_ratings_now().await?;
        let n = pick(
            kind,
            run.step + 1,
            &run.seen,
            &current,
            rand::random::<u32>() as usize,
        );
        // The set used up: the run ends with what it scored.
        over = n.is_none();
        n
    };
    let step = RunStep {
        id: &run.id,
        was: run.step,
        score,
        ends_at,
        puzzle: next.map_or(run.puzzle.as_str(), |n| n.id.as_str()),
        over,
    };
    if !svc.puzzles.step_puzzle_run(&step).await? {
        return Err(RunError::Raced);
    }
    // The run as stored now, without reading it back.
    let mut seen = run.seen.clone();
    seen.push(step.puzzle.to_string());
    let stepped = RunRow {
        step: run.step + 1,
        score,
        ends_at,
        puzzle: step.puzzle.to_string(),
        seen,
        over,
        ..run.clone()
    };
    note_try(svc, player, p, right, false, now).await;
    // Kept as the score grows, so that a storm whose time runs out with
    // no further try keeps its score too.
    if score > run.score {
        svc.puzzles
            .keep_puzzle_best(player, name(kind), score, now)
            .await?;
    }
    let (best, set_at) = best(svc, player, kind).await?;
    let new_best = best > 0 && set_at >= run.started_at;
    Ok(Tried {
        right,
        answer: p.answer,
        counted: in_time,
        new_best,
        seen: Seen {
            run: stepped,
            kind,
            puzzle: next,
            best,
        },
    })
}

/// Note a try at a set puzzle in the player's history (a failure to is
/// logged: the try itself stands).
pub async fn note_try(svc: &Puzzles, player: &str, p: &Puzzle, right: bool, rated: bool, now: i64) {
    let row = TryRow {
        puzzle: p.id.clone(),
        tried_at: now,
        solved: right,
        rated,
    };
    if let Err(e) = svc.puzzles.note_puzzle_try(player, &row).await {
        tracing::warn!(puzzle = %p.id, "the try is not in the history: {e}");
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn run(score: i64, ends_at: Option<i64>) -> RunRow {
        RunRow {
            id: "r".into(),
            player: "g:x".into(),
            kind: "storm".into(),
            started_at: 0,
            ends_at,
            step: 3,
            score,
            puzzle: "p".into(),
            seen: vec!["p".into()],
            over: false,
        }
    }

    #[test]
    fn a_streak_counts_right_answers_and_ends_at_the_first_miss() {
        assert_eq!(
            after(Kind::Streak, &run(4, None), true, true),
            (5, None, false)
        );
        assert_eq!(
            after(Kind::Streak, &run(4, None), false, true),
            (4, None, true)
        );
    }

    #[test]
    fn a_storm_miss_costs_ten_seconds_and_a_late_try_counts_nothing() {
        let r = run(4, Some(100_000));
        assert_eq!(
            after(Kind::Storm, &r, true, true),
            (5, Some(100_000), false)
        );
        assert_eq!(
            after(Kind::Storm, &r, false, true),
            (4, Some(90_000), false)
        );
        assert_eq!(
            after(Kind::Storm, &r, true, false),
            (4, Some(100_000), true)
        );
    }

    #[test]
    fn each_next_puzzle_is_new_to_the_run_and_the_climb_rises() {
        let current = Current::new();
        let mut seen: Vec<String> = Vec::new();
        let mut ratings = Vec::new();
        for step in 0..30 {
            let p = pick(Kind::Streak, step, &seen, &current, step as usize).unwrap();
            assert!(!seen.contains(&p.id), "{} twice", p.id);
            seen.push(p.id.clone());
            ratings.push(p.rating);
        }
        let first: u32 = ratings[..5].iter().sum();
        let last: u32 = ratings[25..].iter().sum();
        assert!(last > first, "{ratings:?}");
    }
}
