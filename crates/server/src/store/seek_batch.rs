//! Seeks are added in batches: one writer task per store takes every seek
//! queued (the first as soon as it comes, with all queued behind it, as the
//! log's group commit does, see `batch`) and adds them in one transaction,
//! then answers each. A lone seek is written at once; a burst of thousands
//! (every player of a busy moment pressing "Play now") is written in a few
//! commits instead of one each, which on SQLite, one writer and a sync a
//! commit, queued them for minutes.
//!
//! Every seek of a batch is checked as a single add checks it, in arrival
//! order and inside its own savepoint: a seek refused (its player already
//! seeks, its address has its cap of seeks waiting, counting the batch's
//! earlier seeks) is rolled back alone and answered with its refusal,
//! while the others commit. The seek and its side are written together, so
//! the pool never reads one without the other.

use std::sync::Arc;

use sqlx::{AnyPool, Connection};
use tokio::sync::{mpsc, oneshot};

use super::bots::SeekSide;
use super::seeks::{self, AddError, SeekRow};
use super::Backend;

/// The most seeks in one transaction.
pub const MOST: usize = 256;

/// How many times a batch that PostgreSQL aborted for a deadlock or a
/// serialization failure is tried again before its seeks are refused.
const RETRIES: usize = 2;

/// One seek waiting for its batch.
#[derive(Debug)]
pub struct Pending {
    pub seek: SeekRow,
    pub side: SeekSide,
    /// The cap on seeks waiting from one address.
    pub per_address: usize,
    pub done: oneshot::Sender<Result<(), AddError>>,
}

/// The writer's end: where it writes.
#[derive(Debug)]
pub struct Writer {
    pub pool: AnyPool,
    pub backend: Backend,
}

impl Writer {
    /// Start the writer task; it ends when every sender is dropped.
    pub fn spawn(self) -> mpsc::UnboundedSender<Pending> {
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(self.run(rx));
        tx
    }

    async fn run(self, mut rx: mpsc::UnboundedReceiver<Pending>) {
        let mut batch = Vec::new();
        while rx.recv_many(&mut batch, MOST).await > 0 {
            self.commit(std::mem::take(&mut batch)).await;
        }
    }

    /// Add `batch` in one transaction and answer each of its seeks.
    async fn commit(&self, batch: Vec<Pending>) {
        let mut tries = 0;
        let answers = loop {
            match self.try_commit(&batch).await {
                Err(e) if tries < RETRIES && retryable(&e) => tries += 1,
                Ok(answers) => break answers,
                Err(e) => {
                    let e = Arc::new(e);
                    break batch
                        .iter()
                        .map(|_| Err(AddError::Failed(e.clone())))
                        .collect();
                }
            }
        };
        for (p, answer) in batch.into_iter().zip(answers) {
            let _ = p.done.send(answer);
        }
    }

    /// One transaction: each seek in its savepoint; the answer for each,
    /// in the batch's order.
    async fn try_commit(
        &self,
        batch: &[Pending],
    ) -> Result<Vec<Result<(), AddError>>, sqlx::Error> {
        let _turn = seeks::pool_turn(self.backend).await;
        let mut conn = self.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        seeks::write_now(self.backend, &mut tx).await?;
        if self.backend == Backend::Postgres {
            lock_addresses(&mut tx, batch).await?;
        }
        let mut answers = Vec::with_capacity(batch.len());
        for p in batch {
            let mut one = tx.begin().await?;
            match seeks::add_in(&mut one, &p.seek, &p.side, p.per_address).await {
                Ok(()) => {
                    one.commit().await?;
                    answers.push(Ok(()));
                }
                // The whole batch is tried again.
                Err(AddError::Store(e)) if retryable(&e) => return Err(e),
                Err(refused) => {
                    one.rollback().await?;
                    answers.push(Err(refused));
                }
            }
        }
        tx.commit().await?;
        Ok(answers)
    }
}

/// On PostgreSQL, take the advisory lock of each address of the batch
/// (the one a seek's address count is taken under, so that two nodes
/// adding for one address cannot both pass its cap), all in one
/// statement, in the order of their keys: two batches that share
/// addresses wait for each other rather than deadlock.
async fn lock_addresses(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    batch: &[Pending],
) -> Result<(), sqlx::Error> {
    let mut addresses: Vec<&str> = batch
        .iter()
        .filter_map(|p| p.seek.address.as_deref())
        .collect();
    addresses.sort_unstable();
    addresses.dedup();
    if addresses.is_empty() {
        return Ok(());
    }
    let values: Vec<String> = (0..addresses.len())
        .map(|i| format!("(${})", i + 2))
        .collect();
    // Evaluated after the sort (PostgreSQL computes a volatile output
    // column once the rows are in order).
    let sql = format!(
        "SELECT pg_advisory_xact_lock($1, k) IS NULL FROM
         (SELECT DISTINCT hashtext(a) AS k FROM (VALUES {}) AS v (a)) AS keys ORDER BY k",
        values.join(", ")
    );
    let mut q = sqlx::query(&sql).bind(seeks::ADDRESS_LOCK);
    for a in &addresses {
        q = q.bind(*a);
    }
    q.fetch_all(&mut **tx).await?;
    Ok(())
}

/// PostgreSQL aborted the transaction for a deadlock or a serialization
/// failure: trying again may succeed.
fn retryable(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d)
        if matches!(d.code().as_deref(), Some("40P01" | "40001")))
}
