//! What the store's batch writers share (the log's group commit `batch`,
//! `seek_batch`, `clock_batch`): one task per store takes every item queued (the first
//! as soon as it comes, with all queued behind it, at most [`Batch::MOST`])
//! and writes them in one transaction, tried again up to twice when
//! PostgreSQL aborts it for a deadlock or a serialization failure, then
//! answers each item. A lone item is written at once; the items that
//! arrive while one batch commits make up the next.

use std::future::Future;
use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};

use crate::postgres::retryable;

/// Queue on `writer` the item `make` builds around the sender of its
/// answer, and wait for that answer: what each batch writer's caller does.
/// `None` when the writer has stopped (its store was closed).
pub(crate) async fn queued<P, A>(
    writer: &mpsc::UnboundedSender<P>,
    make: impl FnOnce(oneshot::Sender<A>) -> P,
) -> Option<A> {
    let (done, answer) = oneshot::channel();
    writer.send(make(done)).ok()?;
    answer.await.ok()
}

/// How many times a batch that PostgreSQL aborted for a deadlock or a
/// serialization failure is tried again before its items are refused.
const RETRIES: usize = 2;

/// A writer of batches of `Item`s.
pub trait Batch: Send + Sync + Sized + 'static {
    type Item: Send + 'static;
    type Answer: Send + 'static;
    /// The most items in one transaction.
    const MOST: usize;

    /// Write `batch` in one transaction: the answer for each item, in the
    /// batch's order (which this may change first).
    fn write(
        &self,
        batch: &mut [Self::Item],
    ) -> impl Future<Output = Result<Vec<Self::Answer>, sqlx::Error>> + Send;

    /// Each item's answer when its batch failed.
    fn failed(e: &Arc<sqlx::Error>) -> Self::Answer;

    /// Give `item` its answer.
    fn answer(&self, item: Self::Item, answer: Self::Answer);

    /// Called once a batch of `n` items is answered, whether it was
    /// written or failed (for a writer that counts its batches).
    fn answered(&self, _n: usize) {}
}

/// Start the writer task of `b`; it ends when every sender is dropped.
pub fn spawn<B: Batch>(b: B) -> mpsc::UnboundedSender<B::Item> {
    let (tx, mut rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut batch = Vec::new();
        while rx.recv_many(&mut batch, B::MOST).await > 0 {
            commit(&b, std::mem::take(&mut batch)).await;
        }
    });
    tx
}

/// Write `batch` (tried again when it may succeed) and answer each item.
pub(crate) async fn commit<B: Batch>(b: &B, mut batch: Vec<B::Item>) {
    let mut tries = 0;
    let answers = loop {
        match b.write(&mut batch).await {
            Err(e) if tries < RETRIES && retryable(&e) => tries += 1,
            Ok(answers) => break answers,
            Err(e) => {
                let e = Arc::new(e);
                break batch.iter().map(|_| B::failed(&e)).collect();
            }
        }
    };
    let n = batch.len();
    for (item, answer) in batch.into_iter().zip(answers) {
        b.answer(item, answer);
    }
    b.answered(n);
}
