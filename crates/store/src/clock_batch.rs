//! Turn clocks are stored in batches: a clocked table stores its clock
//! (`domino_tables.clock`) each time it changes, about once a move, and
//! was a write transaction of its own each time, beside the move's log
//! entry in the group commit (`batch`). With a thousand clocked tables on
//! SQLite's one writer that tripled a move's round trip. One writer task
//! per store now takes every clock queued (the first as soon as it comes,
//! with all queued behind it, as the group commit does) and stores them in
//! one transaction, then answers each table; a lone clock is written at
//! once (see `batched`).
//!
//! Each clock keeps its table's lease fence (see `Db::fence`): one the
//! fence stops is not written and its table is told it is `Superseded`,
//! while the others of its batch commit. A table waits for its clock to be
//! stored before it goes on, so a batch has at most one clock a table.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use sqlx::{AnyPool, Connection, Executor};
use tokio::sync::{mpsc, oneshot};

use crate::batched::{self, Batch};
use crate::db::{fence_sql, Db};
use crate::TableWriteError;

/// The statement that stores a table's clock: clock, table, and on
/// PostgreSQL the node, fenced by its lease (see `Db::fence`).
pub(crate) fn clock_sql(leased: bool) -> String {
    format!(
        "UPDATE domino_tables SET clock = $1 WHERE id = $2 AND {}",
        fence_sql(leased, 2, 3)
    )
}

/// The tables' turn clocks: each stored as it changes, with the others
/// queued meanwhile, by the clock writer (fenced like every write of a
/// table); and the lobby's "your turn" list, read by seat token (see
/// `turns`).
#[derive(Clone, Debug)]
pub struct Clocks {
    pub(crate) db: Db,
    /// The writer that stores turn clocks in batches, and its commits so
    /// far.
    writer: mpsc::UnboundedSender<Pending>,
    commits: Arc<AtomicU64>,
}

impl Clocks {
    /// The clocks of `db`, with their writer started.
    pub(crate) fn start(db: Db) -> Clocks {
        let commits = Arc::new(AtomicU64::new(0));
        let writer = Writer {
            pool: db.pool.clone(),
            sql: clock_sql(db.leased()),
            leased: db.leased(),
            commits: commits.clone(),
        }
        .spawn();
        Clocks {
            db,
            writer,
            commits,
        }
    }

    /// The table's turn clock as it stands now.
    pub async fn set_clock(
        &self,
        table: &str,
        node: &str,
        clock: &domino_engine::Clock,
    ) -> Result<(), TableWriteError> {
        let clock = crate::json_text(clock)?;
        // With the other clocks queued meanwhile, in one transaction.
        let started = std::time::Instant::now();
        let pending = |done| Pending {
            table: table.to_string(),
            node: node.to_string(),
            clock,
            done,
        };
        let stored = batched::queued(&self.writer, pending)
            .await
            .ok_or_else(|| TableWriteError::from(sqlx::Error::PoolClosed))?;
        self.db.writes.observe(started.elapsed());
        stored
    }

    /// The clock batches committed so far.
    pub fn clock_commits(&self) -> u64 {
        self.commits.load(Ordering::Relaxed)
    }
}

/// One table's clock waiting for its batch.
#[derive(Debug)]
pub struct Pending {
    pub table: String,
    pub node: String,
    /// The clock, JSON (a `domino_engine::Clock`).
    pub clock: String,
    pub done: oneshot::Sender<Result<(), TableWriteError>>,
}

/// The writer's end: where it writes.
#[derive(Debug)]
pub struct Writer {
    pub pool: AnyPool,
    /// The statement that stores one clock: clock, table, node (fenced on
    /// PostgreSQL; see [`clock_sql`]).
    pub sql: String,
    pub leased: bool,
    /// Batches committed so far.
    pub commits: Arc<AtomicU64>,
}

impl Writer {
    /// Start the writer task; it ends when every sender is dropped.
    pub fn spawn(self) -> mpsc::UnboundedSender<Pending> {
        batched::spawn(self)
    }
}

impl Batch for Writer {
    type Item = Pending;
    type Answer = Result<(), TableWriteError>;
    const MOST: usize = 512;

    /// In the order of the tables (two nodes' batches lock lease rows in
    /// one order), each clock under its fence.
    async fn write(
        &self,
        batch: &mut [Pending],
    ) -> Result<Vec<Result<(), TableWriteError>>, sqlx::Error> {
        batch.sort_by(|a, b| a.table.cmp(&b.table));
        self.try_commit(batch).await
    }

    fn failed(e: &Arc<sqlx::Error>) -> Self::Answer {
        Err(TableWriteError::Store(e.clone()))
    }

    fn answer(&self, item: Pending, answer: Self::Answer) {
        let _ = item.done.send(answer);
    }
}

impl Writer {
    /// One transaction; the answer for each clock, in the batch's order.
    async fn try_commit(
        &self,
        batch: &[Pending],
    ) -> Result<Vec<Result<(), TableWriteError>>, sqlx::Error> {
        let mut conn = self.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        let mut answers = Vec::with_capacity(batch.len());
        for p in batch {
            let q = sqlx::query(&self.sql).bind(&p.clock).bind(&p.table);
            let q = if self.leased { q.bind(&p.node) } else { q };
            let done = tx.execute(q).await?;
            answers.push(if self.leased && done.rows_affected() == 0 {
                Err(TableWriteError::Superseded(
                    "another node holds the table's lease",
                ))
            } else {
                Ok(())
            });
        }
        tx.commit().await?;
        self.commits.fetch_add(1, Ordering::Relaxed);
        Ok(answers)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use crate::tests::table_row;
    use crate::Store;

    /// The clocks of forty tables stored at once take one transaction
    /// (one sync of the log on SQLite), and each table reads its own back;
    /// a clock of a table the store does not have changes nothing.
    #[tokio::test]
    async fn clocks_stored_at_once_are_one_transaction() {
        let store = Store::connect("sqlite::memory:").await.unwrap();
        for i in 0..40 {
            store
                .tables()
                .create_table(&table_row(&format!("t{i}"), 1))
                .await
                .unwrap();
        }
        let before = store.clocks().clock_commits();
        let writes: Vec<_> = (0..40)
            .map(|i| {
                let store = store.clone();
                tokio::spawn(async move {
                    store
                        .clocks()
                        .set_clock(&format!("t{i}"), "n", &crate::tests::clock(i))
                        .await
                })
            })
            .collect();
        // All queued before the writer takes the first.
        for w in writes {
            w.await.unwrap().unwrap();
        }
        let commits = store.clocks().clock_commits() - before;
        assert!(commits <= 2, "{commits} transactions for 40 clocks");
        for i in [0, 17, 39] {
            let saved = store
                .tables()
                .unfinished_one(&format!("t{i}"))
                .await
                .unwrap()
                .unwrap();
            let kept = crate::json_text(&crate::tests::clock(i)).unwrap();
            assert_eq!(saved.table.clock, Some(kept));
        }
        store
            .clocks()
            .set_clock("nowhere", "n", &crate::tests::clock(2))
            .await
            .unwrap();
    }
}
