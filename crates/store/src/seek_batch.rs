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

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use sqlx::{AnyPool, Connection};
use tokio::sync::mpsc;

use crate::batched::{self, Batch};
use crate::bots::SeekSide;
use crate::db::Db;
use crate::postgres::{self, retryable};
use crate::seeks::{self, AddError, Pending, SeekRow, Seeks};
use crate::Backend;

/// The writer's end: where it writes.
#[derive(Debug)]
pub struct Writer {
    pub pool: AnyPool,
    pub backend: Backend,
    /// Batches committed so far.
    pub commits: Arc<AtomicU64>,
}

impl Writer {
    /// Start the writer task; it ends when every sender is dropped.
    pub fn spawn(self) -> mpsc::UnboundedSender<Pending> {
        batched::spawn(self)
    }

    /// One transaction: each seek in its savepoint; the answer for each,
    /// in the batch's order.
    async fn try_commit(
        &self,
        batch: &[Pending],
    ) -> Result<Vec<Result<(), AddError>>, sqlx::Error> {
        let _turn = crate::writer::pool_turn(self.backend).await;
        let mut conn = self.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        crate::writer::write_now(self.backend, &mut tx).await?;
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
        self.commits.fetch_add(1, Ordering::Relaxed);
        Ok(answers)
    }
}

impl Batch for Writer {
    type Item = Pending;
    type Answer = Result<(), AddError>;
    const MOST: usize = 256;

    async fn write(&self, batch: &mut [Pending]) -> Result<Vec<Result<(), AddError>>, sqlx::Error> {
        self.try_commit(batch).await
    }

    fn failed(e: &Arc<sqlx::Error>) -> Self::Answer {
        Err(AddError::Failed(e.clone()))
    }

    fn answer(&self, item: Pending, answer: Self::Answer) {
        let _ = item.done.send(answer);
    }
}

impl Seeks {
    /// The pool of `db`, with its seek writer started.
    pub(crate) fn start(db: Db) -> Seeks {
        let writer = Writer {
            pool: db.pool.clone(),
            backend: db.backend,
            commits: Default::default(),
        }
        .spawn();
        Seeks { db, writer }
    }

    /// Add a seek with its side and claim its first member as seeking;
    /// refused when that player already seeks (a seek of theirs not yet
    /// put to a table), or when `per_address` seeks from its address wait
    /// already. Written by the seek writer with the others that arrive
    /// meanwhile (see `seek_batch`); answered once that batch commits.
    pub async fn add_seek(
        &self,
        s: &SeekRow,
        side: &SeekSide,
        per_address: usize,
    ) -> Result<(), AddError> {
        let pending = |done| Pending {
            seek: s.clone(),
            side: side.clone(),
            per_address,
            done,
        };
        batched::queued(&self.writer, pending)
            .await
            .unwrap_or_else(|| Err(AddError::Store(sqlx::Error::PoolClosed)))
    }
}

/// On PostgreSQL, take the advisory lock of each address of the batch
/// (the one a seek's address count is taken under, so that two nodes
/// adding for one address cannot both pass its cap).
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
    postgres::lock_addresses(tx, &addresses).await
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::seeks::Member;
    use crate::Store;
    use tokio::sync::oneshot;

    fn pending(
        id: &str,
        player: &str,
        address: &str,
    ) -> (Pending, oneshot::Receiver<Result<(), AddError>>) {
        let (done, answer) = oneshot::channel();
        let seek = SeekRow {
            id: id.into(),
            game: "casual:draw".into(),
            rules: domino_engine::RulesSpec {
                players: Some(2),
                ..domino_engine::RulesSpec::preset("draw")
            },
            rated: false,
            rating: 1500.0,
            fill_ms: None,
            members: vec![Member {
                player: player.into(),
                name: player.into(),
                profile_id: None,
                token_hash: "h".into(),
            }],
            size: 1,
            team_code: None,
            created_at: 1,
            table_id: None,
            seats: None,
            paired_at: None,
            address: Some(address.into()),
            clock: None,
        };
        let side = SeekSide {
            seek_id: id.into(),
            bot: false,
            opponents: "people".into(),
            profile_id: None,
            token: None,
        };
        let p = Pending {
            seek,
            side,
            per_address: 2,
            done,
        };
        (p, answer)
    }

    /// Forty seeks queued at once are added in one transaction, and each
    /// refusal is the one a lone add would give: a player's second seek
    /// (in the same batch) is `already_seeking`, an address's third seek
    /// with a cap of two `too_many_seeks`; the others are stored with
    /// their sides. On SQLite, and on PostgreSQL when
    /// `DOMINO_TEST_POSTGRES` names a server.
    #[tokio::test]
    async fn a_burst_is_one_transaction_with_each_refusal_exact() {
        let urls = crate::tests::test_urls("seekbatch").await;
        for url in urls {
            let store = Store::connect(&url).await.unwrap();
            let commits = Arc::new(AtomicU64::new(0));
            let writer = Writer {
                pool: store.db.pool.clone(),
                backend: store.db.backend,
                commits: commits.clone(),
            }
            .spawn();
            let mut answers = Vec::new();
            // Queued before the writer runs (this runtime has one thread).
            for i in 0..40 {
                let (p, answer) = match i {
                    // Player g:0 again, from a fresh address.
                    5 => pending("s5", "g:0", "10.0.0.99"),
                    // A third seek from 10.0.0.1 (seeks 0 and 1 are there).
                    7 => pending("s7", "g:7", "10.0.0.1"),
                    _ => pending(
                        &format!("s{i}"),
                        &format!("g:{i}"),
                        &format!("10.0.0.{}", i / 2 + 1),
                    ),
                };
                writer.send(p).unwrap();
                answers.push(answer);
            }
            let mut refused = Vec::new();
            for (i, a) in answers.into_iter().enumerate() {
                match a.await.unwrap() {
                    Ok(()) => {}
                    Err(AddError::AlreadySeeking) => refused.push((i, "already_seeking")),
                    Err(AddError::TooManyFromAddress(2)) => refused.push((i, "too_many_seeks")),
                    Err(e) => panic!("{url}: seek {i}: {e}"),
                }
            }
            assert_eq!(
                refused,
                [(5, "already_seeking"), (7, "too_many_seeks")],
                "{url}"
            );
            assert_eq!(commits.load(Ordering::Relaxed), 1, "{url}: one transaction");
            assert_eq!(store.seeks().open_seeks().await.unwrap().len(), 38, "{url}");
            assert_eq!(
                store.seeks().open_seek_sides().await.unwrap().len(),
                38,
                "{url}"
            );
        }
    }
}
