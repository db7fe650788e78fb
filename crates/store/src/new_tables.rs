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

use crate::lease::{take_lease_query, take_lease_sql, Holder};
use crate::tables::{create_table_query, Tables};
use crate::{SeatRow, TableRow};

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

/// A pairing round's tables, with their leases and seats, in one
/// transaction: it writes three domains at once, and stays with the
/// tables, whose rows it makes.
impl Tables {
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
        let mut conn = self.db.pool.acquire().await?;
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
        self.db.writes.observe(started.elapsed());
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
        let made = tx.execute(create_table_query(row)?).await;
        match made {
            Err(sqlx::Error::Database(d)) if d.is_unique_violation() => {
                return Err(NotStored::Exists)
            }
            made => made?,
        };
        let leased = self.db.leased();
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::tests::table_row;
    use crate::Store;

    fn seat(n: i64) -> SeatRow {
        SeatRow {
            seat: n,
            name: format!("P{n}"),
            token_hash: format!("h{n}"),
            left_hand: None,
            profile_id: None,
        }
    }

    fn new_row(id: &str, seats: i64) -> NewRow {
        NewRow {
            table: table_row(id, 1),
            seats: (0..seats).map(seat).collect(),
        }
    }

    /// Tables stored together: one the store has already is refused alone
    /// (none of its seats written) and the others are stored with their
    /// seats; on PostgreSQL (when `DOMINO_TEST_POSTGRES` names a server) a
    /// table whose lease another node holds is refused too, its row not
    /// kept.
    #[tokio::test]
    async fn a_table_refused_in_a_batch_is_refused_alone() {
        let urls = crate::tests::test_urls("newtables").await;
        let me = Holder {
            node: "a".into(),
            channel: String::new(),
        };
        let other = Holder {
            node: "b".into(),
            channel: String::new(),
        };
        let hour = Duration::from_secs(3600);
        for url in urls {
            let store = Store::connect(&url).await.unwrap();
            let (tables, leases) = (store.tables(), store.leases());
            tables.create_table(&table_row("t1", 1)).await.unwrap();
            let mut batch = vec![new_row("t1", 2), new_row("t2", 2), new_row("t3", 1)];
            if leases.leased() {
                assert!(leases.take_lease("t4", &other, hour).await.unwrap());
                batch.push(new_row("t4", 1));
            }
            let done = tables.create_tables(&batch, &me, hour).await.unwrap();
            assert!(matches!(done[0], Err(NotStored::Exists)), "{url}: {done:?}");
            assert!(done[1].is_ok() && done[2].is_ok(), "{url}: {done:?}");
            assert!(tables.seats("t1").await.unwrap().is_empty(), "{url}");
            assert_eq!(tables.seats("t2").await.unwrap(), batch[1].seats, "{url}");
            assert_eq!(tables.seats("t3").await.unwrap(), batch[2].seats, "{url}");
            if leases.leased() {
                assert!(matches!(done[3], Err(NotStored::Leased)), "{url}: {done:?}");
                assert!(!tables.exists("t4").await.unwrap(), "{url}");
            }
        }
    }
}
