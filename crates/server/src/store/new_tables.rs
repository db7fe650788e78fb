//! Many new tables stored in one transaction: a pairing round opens every
//! table it made at once (a burst's round makes hundreds), where storing
//! each table and each of its seats in a transaction of its own cost a
//! sync of the log apiece, one after the other on SQLite's one writer.
//!
//! Each table is written as `Table::create` writes one (its row, on
//! PostgreSQL its lease, then its seats under the lease's fence), inside a
//! savepoint of its own: a table another node stored first, or whose lease
//! another node holds, is rolled back alone and reported, and the others
//! commit.

use std::time::Duration;

use sqlx::{Connection, Executor};

use super::lease::{take_lease_query, take_lease_sql, Holder};
use super::{SeatRow, Store, TableRow, CREATE_TABLE};

/// A new table to store: its row and the seats taken at once.
#[derive(Clone, Debug)]
pub struct NewRow {
    pub table: TableRow,
    pub seats: Vec<SeatRow>,
}

/// Why one table of the batch was not stored (the others were).
#[derive(Debug, thiserror::Error)]
pub enum NotStored {
    #[error("the store already has this table")]
    Exists,
    #[error("another node holds the table's lease")]
    Leased,
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

impl Store {
    /// Store `tables` for `me` (`ttl`: their leases', on PostgreSQL) in
    /// one transaction; for each, in order, whether it was stored.
    /// `Err` only when the transaction itself failed: then none was.
    pub async fn create_tables(
        &self,
        tables: &[NewRow],
        me: &Holder,
        ttl: Duration,
    ) -> Result<Vec<Result<(), NotStored>>, sqlx::Error> {
        let lease_sql = take_lease_sql();
        let seat_sql = self.add_seat_sql();
        let started = std::time::Instant::now();
        let mut conn = self.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        let mut out = Vec::with_capacity(tables.len());
        for t in tables {
            let mut one = tx.begin().await?;
            let stored = self
                .create_in(&mut one, t, me, ttl, &lease_sql, &seat_sql)
                .await;
            match stored {
                Ok(()) => one.commit().await?,
                Err(_) => one.rollback().await?,
            }
            out.push(stored);
        }
        tx.commit().await?;
        self.writes.observe(started.elapsed());
        Ok(out)
    }

    async fn create_in(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        t: &NewRow,
        me: &Holder,
        ttl: Duration,
        lease_sql: &str,
        seat_sql: &str,
    ) -> Result<(), NotStored> {
        let row = &t.table;
        let made = tx
            .execute(
                sqlx::query(CREATE_TABLE)
                    .bind(&row.id)
                    .bind(row.created_at)
                    .bind(&row.rules)
                    .bind(&row.secret)
                    .bind(&row.bot)
                    .bind(i64::from(row.private))
                    .bind(row.humans)
                    .bind(&row.seats)
                    .bind(&row.clock),
            )
            .await;
        match made {
            Err(sqlx::Error::Database(d)) if d.is_unique_violation() => {
                return Err(NotStored::Exists)
            }
            made => made?,
        };
        let leased = self.leased();
        if leased {
            let taken = tx
                .execute(take_lease_query(lease_sql, &row.id, me, ttl))
                .await?;
            if taken.rows_affected() != 1 {
                return Err(NotStored::Leased);
            }
        }
        for s in &t.seats {
            let q = sqlx::query(seat_sql)
                .bind(&row.id)
                .bind(s.seat)
                .bind(&s.name)
                .bind(&s.token_hash)
                .bind(s.left_hand)
                .bind(&s.profile_id);
            let q = if leased { q.bind(&me.node) } else { q };
            if tx.execute(q).await?.rows_affected() != 1 {
                return Err(NotStored::Leased);
            }
        }
        Ok(())
    }
}
