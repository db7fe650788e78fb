//! Each player's own puzzles: decisions of their finished matches made into
//! puzzles (`domino_puzzles::RecordPuzzle`), kept per profile and shown to
//! nobody else (docs/puzzles.md, "Your own puzzles").

use domino_puzzles::RecordPuzzle;
use sqlx::Row;

use crate::puzzles::Puzzles;

/// The migration of this module (one entry of `MIGRATIONS`). `player` is
/// a profile's id; `puzzle` the puzzle as JSON, proved when it was made.
pub(crate) const MIGRATION: &[&str] = &["CREATE TABLE IF NOT EXISTS domino_own_puzzles (
        player TEXT NOT NULL,
        id TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        puzzle TEXT NOT NULL,
        PRIMARY KEY (player, id)
    )"];

/// Why an own puzzle was not kept.
#[derive(Debug, thiserror::Error)]
pub enum OwnError {
    #[error(transparent)]
    Store(#[from] sqlx::Error),
    #[error("the puzzle could not be written: {0}")]
    Json(#[from] serde_json::Error),
}

fn puzzle(r: &sqlx::any::AnyRow) -> Result<RecordPuzzle, OwnError> {
    let text: String = r.try_get("puzzle")?;
    Ok(serde_json::from_str(&text)?)
}

impl Puzzles {
    /// Keep `p` among `player`'s puzzles; false when it was kept already.
    pub async fn keep_own_puzzle(
        &self,
        player: &str,
        p: &RecordPuzzle,
        now_ms: i64,
    ) -> Result<bool, OwnError> {
        let text = serde_json::to_string(p)?;
        let done = sqlx::query(
            "INSERT INTO domino_own_puzzles (player, id, created_at, puzzle)
             VALUES ($1, $2, $3, $4) ON CONFLICT (player, id) DO NOTHING",
        )
        .bind(player)
        .bind(&p.id)
        .bind(now_ms)
        .bind(text)
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// How many puzzles `player` keeps.
    pub async fn own_puzzle_count(&self, player: &str) -> Result<i64, OwnError> {
        let r = sqlx::query("SELECT COUNT(*) AS n FROM domino_own_puzzles WHERE player = $1")
            .bind(player)
            .fetch_one(&self.db.pool)
            .await?;
        Ok(r.try_get("n")?)
    }

    /// `player`'s puzzles, the newest first.
    pub async fn own_puzzles(&self, player: &str) -> Result<Vec<RecordPuzzle>, OwnError> {
        let rows = sqlx::query(
            "SELECT puzzle FROM domino_own_puzzles WHERE player = $1 ORDER BY created_at DESC, id",
        )
        .bind(player)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(puzzle).collect()
    }

    /// One of `player`'s puzzles.
    pub async fn own_puzzle(
        &self,
        player: &str,
        id: &str,
    ) -> Result<Option<RecordPuzzle>, OwnError> {
        sqlx::query("SELECT puzzle FROM domino_own_puzzles WHERE player = $1 AND id = $2")
            .bind(player)
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?
            .map(|r| puzzle(&r))
            .transpose()
    }
}
