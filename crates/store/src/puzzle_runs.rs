//! Puzzle runs in the database: a streak or a storm (docs/puzzles.md,
//! "Streak and storm"), each player's best score of each kind, and the
//! history of a player's tries at the set's puzzles.

use sqlx::Row;

use crate::puzzles::Puzzles;

/// The migration of this module (one entry of `MIGRATIONS`): only new
/// tables, so that running it again changes nothing.
pub(crate) const MIGRATION: &[&str] = &[
    // `seen`: the run's puzzles so far, space-separated, not given twice.
    "CREATE TABLE IF NOT EXISTS domino_puzzle_runs (
        id TEXT PRIMARY KEY,
        player TEXT NOT NULL,
        kind TEXT NOT NULL,
        started_at BIGINT NOT NULL,
        ends_at BIGINT,
        step BIGINT NOT NULL,
        score BIGINT NOT NULL,
        puzzle TEXT NOT NULL,
        seen TEXT NOT NULL,
        over BIGINT NOT NULL
    )",
    "CREATE INDEX IF NOT EXISTS domino_puzzle_runs_started ON domino_puzzle_runs (started_at)",
    "CREATE TABLE IF NOT EXISTS domino_puzzle_bests (
        player TEXT NOT NULL,
        kind TEXT NOT NULL,
        best BIGINT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (player, kind)
    )",
    // A player's first try at each puzzle of the set: when, right or not,
    // and whether it moved the rating.
    "CREATE TABLE IF NOT EXISTS domino_puzzle_tries (
        player TEXT NOT NULL,
        puzzle TEXT NOT NULL,
        tried_at BIGINT NOT NULL,
        solved BIGINT NOT NULL,
        rated BIGINT NOT NULL,
        PRIMARY KEY (player, puzzle)
    )",
    "CREATE INDEX IF NOT EXISTS domino_puzzle_tries_player ON domino_puzzle_tries (player, tried_at)",
];

/// A run as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunRow {
    pub id: String,
    /// `p:` and a profile's id, or `g:` and a guest's browser id.
    pub player: String,
    /// `streak` or `storm`.
    pub kind: String,
    pub started_at: i64,
    /// When a timed run ends, ms since the epoch.
    pub ends_at: Option<i64>,
    /// How many puzzles were given before the current one.
    pub step: i64,
    pub score: i64,
    /// The puzzle to answer now.
    pub puzzle: String,
    pub seen: Vec<String>,
    pub over: bool,
}

/// A run's next state, written only if nobody moved it since `step`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunStep<'a> {
    pub id: &'a str,
    /// The step the change was read at.
    pub was: i64,
    pub score: i64,
    pub ends_at: Option<i64>,
    /// The next puzzle (the same one once over).
    pub puzzle: &'a str,
    pub over: bool,
}

/// A first try at a puzzle, for the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TryRow {
    pub puzzle: String,
    pub tried_at: i64,
    pub solved: bool,
    pub rated: bool,
}

fn run_row(r: &sqlx::any::AnyRow) -> Result<RunRow, sqlx::Error> {
    let seen: String = r.try_get("seen")?;
    Ok(RunRow {
        id: r.try_get("id")?,
        player: r.try_get("player")?,
        kind: r.try_get("kind")?,
        started_at: r.try_get("started_at")?,
        ends_at: r.try_get("ends_at")?,
        step: r.try_get("step")?,
        score: r.try_get("score")?,
        puzzle: r.try_get("puzzle")?,
        seen: seen.split_whitespace().map(String::from).collect(),
        over: r.try_get::<i64, _>("over")? != 0,
    })
}

impl Puzzles {
    pub async fn start_puzzle_run(&self, run: &RunRow) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO domino_puzzle_runs
                 (id, player, kind, started_at, ends_at, step, score, puzzle, seen, over)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&run.id)
        .bind(&run.player)
        .bind(&run.kind)
        .bind(run.started_at)
        .bind(run.ends_at)
        .bind(run.step)
        .bind(run.score)
        .bind(&run.puzzle)
        .bind(run.seen.join(" "))
        .bind(i64::from(run.over))
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    pub async fn puzzle_run(&self, id: &str) -> Result<Option<RunRow>, sqlx::Error> {
        sqlx::query("SELECT * FROM domino_puzzle_runs WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?
            .as_ref()
            .map(run_row)
            .transpose()
    }

    /// Move a run on by one puzzle, unless another try moved it first
    /// (its step is no longer `was`) or it is over: whether it moved.
    pub async fn step_puzzle_run(&self, s: &RunStep<'_>) -> Result<bool, sqlx::Error> {
        let done = sqlx::query(
            "UPDATE domino_puzzle_runs
             SET step = step + 1, score = $3, ends_at = $4, puzzle = $5,
                 seen = seen || ' ' || $5, over = $6
             WHERE id = $1 AND step = $2 AND over = 0",
        )
        .bind(s.id)
        .bind(s.was)
        .bind(s.score)
        .bind(s.ends_at)
        .bind(s.puzzle)
        .bind(i64::from(s.over))
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Keep `score` as the player's best of `kind` if it beats the one
    /// kept: whether it did.
    pub async fn keep_puzzle_best(
        &self,
        player: &str,
        kind: &str,
        score: i64,
        at: i64,
    ) -> Result<bool, sqlx::Error> {
        if score <= 0 {
            return Ok(false);
        }
        let done = sqlx::query(
            "INSERT INTO domino_puzzle_bests (player, kind, best, at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (player, kind) DO UPDATE SET best = excluded.best, at = excluded.at
             WHERE domino_puzzle_bests.best < excluded.best",
        )
        .bind(player)
        .bind(kind)
        .bind(score)
        .bind(at)
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The player's best score of each kind of run they scored in:
    /// `(kind, best, when it was set)`.
    pub async fn puzzle_bests(&self, player: &str) -> Result<Vec<(String, i64, i64)>, sqlx::Error> {
        sqlx::query("SELECT kind, best, at FROM domino_puzzle_bests WHERE player = $1")
            .bind(player)
            .fetch_all(&self.db.pool)
            .await?
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
            .collect()
    }

    /// Delete the runs started before `before` (their bests are kept):
    /// how many.
    pub async fn expire_puzzle_runs(&self, before: i64) -> Result<u64, sqlx::Error> {
        let done = sqlx::query("DELETE FROM domino_puzzle_runs WHERE started_at < $1")
            .bind(before)
            .execute(&self.db.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// Note a try at a set puzzle for the history; only the first try at
    /// each puzzle is kept.
    pub async fn note_puzzle_try(&self, player: &str, t: &TryRow) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO domino_puzzle_tries (player, puzzle, tried_at, solved, rated)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (player, puzzle) DO NOTHING",
        )
        .bind(player)
        .bind(&t.puzzle)
        .bind(t.tried_at)
        .bind(i64::from(t.solved))
        .bind(i64::from(t.rated))
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// The player's tries, newest first, at most `limit`.
    pub async fn puzzle_tries(&self, player: &str, limit: i64) -> Result<Vec<TryRow>, sqlx::Error> {
        sqlx::query(
            "SELECT puzzle, tried_at, solved, rated FROM domino_puzzle_tries
             WHERE player = $1 ORDER BY tried_at DESC, puzzle LIMIT $2",
        )
        .bind(player)
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?
        .iter()
        .map(|r| {
            Ok(TryRow {
                puzzle: r.try_get(0)?,
                tried_at: r.try_get(1)?,
                solved: r.try_get::<i64, _>(2)? != 0,
                rated: r.try_get::<i64, _>(3)? != 0,
            })
        })
        .collect()
    }
}
