//! What the lobby's "your turn" list reads (the server's `turns`): the
//! seats a token holds at unfinished tables, with their turn clocks.

use sqlx::Row;

use crate::clock_batch::Clocks;

/// An unfinished table a token holds a seat at.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatTurn {
    pub seat: i64,
    pub rules: domino_engine::RulesSpec,
    pub clock: Option<String>,
    /// The other seated players' names, by seat (computer seats have no
    /// row and are not named here).
    pub others: Vec<String>,
}

/// The lobby's "your turn" list: a seat's table, its rules and its
/// turn clock, found by the seat's token.
impl Clocks {
    /// The seat the token with hash `token_hash` holds at `table`, if the
    /// match is not finished and the player has not left it.
    pub async fn seat_turn(
        &self,
        table: &str,
        token_hash: &str,
    ) -> Result<Option<SeatTurn>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT s.seat, t.rules, t.clock FROM domino_tables t
               JOIN domino_seats s ON s.table_id = t.id
             WHERE t.id = $1 AND s.token_hash = $2 AND t.finished_at IS NULL
               AND s.left_hand IS NULL",
        )
        .bind(table)
        .bind(token_hash)
        .fetch_optional(&self.db.pool)
        .await?;
        let Some(r) = row else {
            return Ok(None);
        };
        let seat: i64 = r.try_get("seat")?;
        let others = sqlx::query(
            "SELECT name FROM domino_seats WHERE table_id = $1 AND seat <> $2 ORDER BY seat",
        )
        .bind(table)
        .bind(seat)
        .fetch_all(&self.db.pool)
        .await?
        .iter()
        .map(|r| r.try_get("name"))
        .collect::<Result<Vec<String>, _>>()?;
        Ok(Some(SeatTurn {
            seat,
            rules: crate::rules_of(&r)?,
            clock: r.try_get("clock")?,
            others,
        }))
    }
}
