//! Puzzle ratings in the database: each player's puzzle rating (a profile,
//! or a guest's browser id) and each puzzle's own, both moved by every try
//! (docs/puzzles.md, "On the server").

use skillratings::glicko2::Glicko2Rating;
use sqlx::Row;

use super::Store;

/// The migration of this module (one entry of `MIGRATIONS`). Apart from
/// `domino_ratings`, so guests' puzzle ratings never reach a leaderboard of
/// matches.
pub(super) const MIGRATION: &[&str] = &[
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

fn rating(r: &sqlx::any::AnyRow) -> Result<Glicko2Rating, sqlx::Error> {
    Ok(Glicko2Rating {
        rating: r.try_get("rating")?,
        deviation: r.try_get("deviation")?,
        volatility: r.try_get("volatility")?,
    })
}

impl Store {
    /// A player's puzzle rating, if they tried a puzzle before.
    pub async fn puzzle_player(&self, player: &str) -> Result<Option<Glicko2Rating>, sqlx::Error> {
        sqlx::query(
            "SELECT rating, deviation, volatility FROM domino_puzzle_players WHERE player = $1",
        )
        .bind(player)
        .fetch_optional(&self.pool)
        .await?
        .map(|r| rating(&r))
        .transpose()
    }

    /// A puzzle's rating, if anyone tried it before.
    pub async fn puzzle_rating(&self, puzzle: &str) -> Result<Option<Glicko2Rating>, sqlx::Error> {
        sqlx::query(
            "SELECT rating, deviation, volatility FROM domino_puzzle_ratings WHERE puzzle = $1",
        )
        .bind(puzzle)
        .fetch_optional(&self.pool)
        .await?
        .map(|r| rating(&r))
        .transpose()
    }

    /// Store both ratings after a try, in one transaction.
    pub async fn record_puzzle_try(
        &self,
        player: &str,
        player_rating: &Glicko2Rating,
        puzzle: &str,
        puzzle_rating: &Glicko2Rating,
    ) -> Result<(), sqlx::Error> {
        use sqlx::Connection;
        let mut conn = self.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        for (table, key, id, r) in [
            ("domino_puzzle_players", "player", player, player_rating),
            ("domino_puzzle_ratings", "puzzle", puzzle, puzzle_rating),
        ] {
            sqlx::query(&format!(
                "INSERT INTO {table} ({key}, rating, deviation, volatility, tries)
                 VALUES ($1, $2, $3, $4, 1)
                 ON CONFLICT ({key}) DO UPDATE SET rating = $2, deviation = $3,
                     volatility = $4, tries = {table}.tries + 1"
            ))
            .bind(id)
            .bind(r.rating)
            .bind(r.deviation)
            .bind(r.volatility)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await
    }
}
