//! Puzzle ratings in the database: each player's puzzle rating (a profile,
//! or a guest's browser id) and each puzzle's own, both moved by a rated
//! try; and which puzzles were served to whom, so that only the first try
//! of a puzzle the server gave that player is rated (docs/puzzles.md, "On
//! the server").

use skillratings::glicko2::Glicko2Rating;
use sqlx::Row;

use crate::db::Db;

/// The migration of this module (one entry of `MIGRATIONS`). Apart from
/// `domino_ratings`, so guests' puzzle ratings never reach a leaderboard of
/// matches.
pub(crate) const MIGRATION: &[&str] = &[
    // `player`: `p:` and a profile's id, or `g:` and a guest's browser id.
    "CREATE TABLE IF NOT EXISTS domino_puzzle_players (
        player TEXT PRIMARY KEY,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        tries BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS domino_puzzle_ratings (
        puzzle TEXT PRIMARY KEY,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        tries BIGINT NOT NULL
    )",
];

/// Which puzzle was served to which player, and whether its one rated try
/// was made (0 not yet, 1 made): claimed in the same transaction as the
/// ratings it moves, so that tries at once count once.
pub(crate) const SERVED_MIGRATION: &[&str] = &["CREATE TABLE IF NOT EXISTS domino_puzzle_served (
        player TEXT NOT NULL,
        puzzle TEXT NOT NULL,
        served_at BIGINT NOT NULL,
        tried BIGINT NOT NULL DEFAULT 0,
        PRIMARY KEY (player, puzzle)
    )"];

/// What became of a try's two rating moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TryKept {
    /// Both ratings moved, and the puzzle's rated try is spent.
    Rated,
    /// A rating moved since it was read: nothing written, read again.
    Moved,
    /// The player's rated try at this puzzle was made already (or the
    /// puzzle was never served to them): nothing written.
    Spent,
}

/// A rating as stored, and how many tries have moved it: the version a
/// write checks, so that two tries at once cannot both start from the
/// same rating and lose one move.
#[derive(Debug, Clone, Copy)]
pub struct Stored {
    pub rating: Glicko2Rating,
    pub tries: i64,
}

fn stored(r: &sqlx::any::AnyRow) -> Result<Stored, sqlx::Error> {
    Ok(Stored {
        rating: Glicko2Rating {
            rating: r.try_get("rating")?,
            deviation: r.try_get("deviation")?,
            volatility: r.try_get("volatility")?,
        },
        tries: r.try_get("tries")?,
    })
}

/// One rating a try moves: where it is kept, the version it was read at (0
/// when it was not stored yet) and its new value.
#[derive(Debug, Clone, Copy)]
pub struct Move<'a> {
    pub id: &'a str,
    pub was: i64,
    pub now: &'a Glicko2Rating,
}

/// Puzzles: players' and puzzles' ratings and what was served to whom
/// (here), each player's own puzzles (`own_puzzles`), and streaks,
/// storms, best scores and the history of tries (`puzzle_runs`).
#[derive(Clone, Debug)]
pub struct Puzzles {
    pub(crate) db: Db,
}

impl Puzzles {
    pub(crate) fn new(db: Db) -> Puzzles {
        Puzzles { db }
    }

    /// A player's puzzle rating, if they tried a puzzle before.
    pub async fn puzzle_player(&self, player: &str) -> Result<Option<Stored>, sqlx::Error> {
        sqlx::query(
            "SELECT rating, deviation, volatility, tries FROM domino_puzzle_players WHERE player = $1",
        )
        .bind(player)
        .fetch_optional(&self.db.pool)
        .await?
        .map(|r| stored(&r))
        .transpose()
    }

    /// A puzzle's rating, if anyone tried it before.
    pub async fn puzzle_rating(&self, puzzle: &str) -> Result<Option<Stored>, sqlx::Error> {
        sqlx::query(
            "SELECT rating, deviation, volatility, tries FROM domino_puzzle_ratings WHERE puzzle = $1",
        )
        .bind(puzzle)
        .fetch_optional(&self.db.pool)
        .await?
        .map(|r| stored(&r))
        .transpose()
    }

    /// The rating of every puzzle tries have moved, by id.
    pub async fn puzzle_ratings_now(
        &self,
    ) -> Result<std::collections::HashMap<String, f64>, sqlx::Error> {
        let rows = sqlx::query("SELECT puzzle, rating FROM domino_puzzle_ratings")
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("puzzle")?, r.try_get("rating")?)))
            .collect()
    }

    /// Note that `puzzle` was served to `player` (at `at`, ms since the
    /// epoch): its first try may be rated. Serving it again changes nothing.
    pub async fn serve_puzzle(
        &self,
        player: &str,
        puzzle: &str,
        at: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO domino_puzzle_served (player, puzzle, served_at, tried)
             VALUES ($1, $2, $3, 0) ON CONFLICT (player, puzzle) DO NOTHING",
        )
        .bind(player)
        .bind(puzzle)
        .bind(at)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// Whether `puzzle` was served to `player`: `Some(true)` when its rated
    /// try was made, `Some(false)` when it is still to make.
    pub async fn puzzle_served(
        &self,
        player: &str,
        puzzle: &str,
    ) -> Result<Option<bool>, sqlx::Error> {
        let row =
            sqlx::query("SELECT tried FROM domino_puzzle_served WHERE player = $1 AND puzzle = $2")
                .bind(player)
                .bind(puzzle)
                .fetch_optional(&self.db.pool)
                .await?;
        row.map(|r| r.try_get::<i64, _>("tried").map(|t| t != 0))
            .transpose()
    }

    /// The puzzles served to `player`, each with whether their rated try
    /// was made, for the next choice to pass over.
    pub async fn puzzles_served(
        &self,
        player: &str,
    ) -> Result<std::collections::HashMap<String, bool>, sqlx::Error> {
        let rows = sqlx::query("SELECT puzzle, tried FROM domino_puzzle_served WHERE player = $1")
            .bind(player)
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("puzzle")?, r.try_get::<i64, _>("tried")? != 0)))
            .collect()
    }

    /// Spend the player's rated try at the puzzle and store both ratings
    /// after it, in one transaction: only if the puzzle was served to the
    /// player and not tried yet, and neither rating moved since it was read.
    pub async fn record_puzzle_try(
        &self,
        player: Move<'_>,
        puzzle: Move<'_>,
    ) -> Result<TryKept, sqlx::Error> {
        use sqlx::Connection;
        let mut conn = self.db.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        let claimed = sqlx::query(
            "UPDATE domino_puzzle_served SET tried = 1 WHERE player = $1 AND puzzle = $2 AND tried = 0",
        )
        .bind(player.id)
        .bind(puzzle.id)
        .execute(&mut *tx)
        .await?;
        if claimed.rows_affected() != 1 {
            return Ok(TryKept::Spent);
        }
        for (table, key, m) in [
            ("domino_puzzle_players", "player", player),
            ("domino_puzzle_ratings", "puzzle", puzzle),
        ] {
            let sql = if m.was == 0 {
                format!(
                    "INSERT INTO {table} ({key}, rating, deviation, volatility, tries)
                     VALUES ($1, $2, $3, $4, 1) ON CONFLICT ({key}) DO NOTHING"
                )
            } else {
                format!(
                    "UPDATE {table} SET rating = $2, deviation = $3, volatility = $4,
                         tries = tries + 1 WHERE {key} = $1 AND tries = $5"
                )
            };
            let mut q = sqlx::query(&sql)
                .bind(m.id)
                .bind(m.now.rating)
                .bind(m.now.deviation)
                .bind(m.now.volatility);
            if m.was != 0 {
                q = q.bind(m.was);
            }
            if q.execute(&mut *tx).await?.rows_affected() != 1 {
                return Ok(TryKept::Moved);
            }
        }
        tx.commit().await?;
        Ok(TryKept::Rated)
    }
}
