//! Group commit: the log entries of every table go through one writer task
//! per store, which writes whatever is queued in one transaction (one sync
//! of the WAL on SQLite FULL, one WAL flush on PostgreSQL) and then answers
//! each entry's table.
//!
//! There is no fixed window: the writer takes the first entry as soon as it
//! comes, with everything else already queued, so a lone move is written at
//! once, and the entries that arrive while a commit is being synced make up
//! the next batch. The batch grows with the load, up to `Writer::MOST`
//! (the loop is `batched`'s, shared with the seeks' and clocks' writers).
//!
//! Each entry still carries its table's lease fence (see `Db::fence`):
//! an entry the fence stops, or whose position the log already has, is not
//! written and its table is told it is `Superseded`, while the others of its
//! batch commit. A batch the database fails answers each of its entries with
//! that failure, as a single write would have been answered.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use sqlx::{Any, AnyPool, Row, Transaction};
use tokio::sync::{mpsc, oneshot};

use crate::batched::{self, Batch};
use crate::latency::Histogram;
use crate::{LogRow, TableWriteError};

/// One log entry waiting for its batch.
#[derive(Debug)]
pub struct Pending {
    pub table: String,
    pub node: String,
    pub row: LogRow,
    /// The entry's action as stored ([`crate::Logged::column`]), written
    /// before it was queued so that only entries that can be are.
    pub action: String,
    pub queued: Instant,
    pub done: oneshot::Sender<Result<(), TableWriteError>>,
}

/// What the writer has done so far, for `/metrics` and the load benchmark.
#[derive(Debug, Default)]
pub struct Counts {
    /// Transactions committed (on SQLite FULL, one sync of the WAL each).
    pub commits: AtomicU64,
    /// Log entries written in them.
    pub entries: AtomicU64,
}

/// The writer's end: where it writes, how it counts.
#[derive(Debug)]
pub struct Writer {
    pub pool: AnyPool,
    /// PostgreSQL: the fence is a lease row per table.
    pub leased: bool,
    pub writes: Arc<Histogram>,
    pub counts: Arc<Counts>,
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
    /// 8 placeholders an entry stays well under SQLite's and PostgreSQL's
    /// limits on one statement's.
    const MOST: usize = 512;

    /// One order for every batch: on PostgreSQL each entry locks its
    /// table's lease row, and two transactions that lock rows in the same
    /// order never deadlock (`Leases::renew_leases` locks in it too).
    async fn write(
        &self,
        batch: &mut [Pending],
    ) -> Result<Vec<Result<(), TableWriteError>>, sqlx::Error> {
        batch.sort_by(|a, b| (&a.table, a.row.seq).cmp(&(&b.table, b.row.seq)));
        self.try_commit(batch).await
    }

    fn failed(e: &Arc<sqlx::Error>) -> Self::Answer {
        Err(TableWriteError::Store(e.clone()))
    }

    fn answer(&self, item: Pending, answer: Self::Answer) {
        self.writes.observe(item.queued.elapsed());
        let _ = item.done.send(answer);
    }

    /// Every batch answered counts, as `/metrics` has always counted it.
    fn answered(&self, n: usize) {
        self.counts.commits.fetch_add(1, Ordering::Relaxed);
        self.counts.entries.fetch_add(n as u64, Ordering::Relaxed);
    }
}

impl Writer {
    /// One transaction: the batch's entries in one statement, each behind
    /// its fence; the answer for each entry, in the batch's order. Most
    /// batches write every entry, which the count of rows tells; one that
    /// did not is rolled back and written again, learning which entries
    /// were refused.
    async fn try_commit(
        &self,
        batch: &[Pending],
    ) -> Result<Vec<Result<(), TableWriteError>>, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let sql = insert_sql(batch.len(), self.leased, false);
        let n = bind_all(sqlx::query(&sql), batch)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if n == batch.len() as u64 {
            tx.commit().await?;
            return Ok(batch.iter().map(|_| Ok(())).collect());
        }
        tx.rollback().await?;
        let mut tx = self.pool.begin().await?;
        let sql = insert_sql(batch.len(), self.leased, true);
        let written: HashSet<(String, i64)> = bind_all(sqlx::query(&sql), batch)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()?;
        let mut answers = Vec::with_capacity(batch.len());
        for p in batch {
            answers.push(if written.contains(&(p.table.clone(), p.row.seq)) {
                Ok(())
            } else {
                Err(TableWriteError::Superseded(
                    self.why_not_written(&mut tx, p).await?,
                ))
            });
        }
        tx.commit().await?;
        Ok(answers)
    }

    /// Why the store did not take an entry: the words a single write gets.
    async fn why_not_written(
        &self,
        tx: &mut Transaction<'static, Any>,
        p: &Pending,
    ) -> Result<&'static str, sqlx::Error> {
        let held = !self.leased
            || sqlx::query("SELECT 1 FROM domino_leases WHERE table_id = $1 AND node = $2")
                .bind(&p.table)
                .bind(&p.node)
                .fetch_optional(&mut **tx)
                .await?
                .is_some();
        Ok(if held {
            "the store already has this row"
        } else {
            "another node holds the table's lease"
        })
    }
}

/// `q` with the placeholders of [`insert_sql`] bound to `batch`.
fn bind_all<'q>(
    mut q: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    batch: &'q [Pending],
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    for p in batch {
        let e = &p.row;
        q = q
            .bind(&p.table)
            .bind(e.seq)
            .bind(e.hand)
            .bind(e.seat)
            .bind(&p.action)
            .bind(i64::from(e.auto))
            .bind(e.at)
            .bind(&p.node);
    }
    q
}

/// The statement that writes `n` entries: each one only when its fence
/// holds and its position is free; `returning` those written. (SQLite and
/// PostgreSQL both name a `VALUES` list's columns `column1`, `column2`...)
/// PostgreSQL (`leased`) numbers its placeholders; SQLite gets plain `?`,
/// taken in order: it looks a numbered one's name up in a list per
/// placeholder bound, which for 4,096 of them took a quarter of a busy
/// server's CPU.
fn insert_sql(n: usize, leased: bool, returning: bool) -> String {
    let rows: Vec<String> = (0..n)
        .map(|i| {
            let k = i * 8;
            let ps: Vec<String> = (1..=8)
                .map(|j| {
                    if leased {
                        format!("${}", k + j)
                    } else {
                        "?".to_string()
                    }
                })
                .collect();
            format!("({})", ps.join(", "))
        })
        .collect();
    let fence = if leased {
        crate::postgres::lease_fence("v.column1", "v.column8")
    } else {
        "1 = 1".into()
    };
    format!(
        "INSERT INTO domino_actions (table_id, seq, hand, seat, action, auto, at)
         SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7
         FROM (VALUES {}) AS v WHERE {fence}
         ON CONFLICT (table_id, seq) DO NOTHING{}",
        rows.join(", "),
        if returning {
            " RETURNING table_id, seq"
        } else {
            ""
        }
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::{Holder, Logged, Store};
    use domino_engine::Action;

    fn row(seq: i64) -> LogRow {
        LogRow {
            seq,
            hand: 1,
            seat: seq % 4,
            action: Logged::Act(Action::Pass),
            auto: false,
            at: 1000 + seq,
        }
    }

    /// A writer of `store`'s own, counting apart from the store's.
    fn writer(store: &Store) -> Writer {
        Writer {
            pool: store.db.pool.clone(),
            leased: store.leases().leased(),
            writes: Arc::new(Histogram::latency()),
            counts: Arc::new(Counts::default()),
        }
    }

    /// An entry of `table` at `seq` by `node`, and where its answer comes.
    fn pending(
        table: &str,
        node: &str,
        seq: i64,
    ) -> (Pending, oneshot::Receiver<Result<(), TableWriteError>>) {
        let (done, answer) = oneshot::channel();
        let p = Pending {
            table: table.into(),
            node: node.into(),
            row: row(seq),
            action: "next".into(),
            queued: Instant::now(),
            done,
        };
        (p, answer)
    }

    async fn sqlite() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("batch.db").display());
        let store = Store::connect(&url).await.unwrap();
        (dir, store)
    }

    #[tokio::test]
    async fn entries_of_many_tables_queued_together_share_one_commit() {
        let (_dir, store) = sqlite().await;
        let tables: Vec<String> = (0..200).map(|i| format!("t{i}")).collect();
        let first = row(0);
        let appends = tables.iter().map(|t| store.tables().append(t, "n", &first));
        for done in futures_util::future::join_all(appends).await {
            done.unwrap();
        }
        let (commits, entries) = store.log_commits();
        assert_eq!(entries, 200);
        assert!(commits <= 4, "{commits} commits for 200 entries");
        for t in &tables {
            assert_eq!(store.tables().log(t).await.unwrap(), vec![row(0)]);
        }
        store.close().await;
    }

    /// The answers of a batch of `entries` by `node`, written by one
    /// commit.
    async fn commit_one_batch(
        store: &Store,
        entries: &[(&str, &str, i64)],
    ) -> Vec<Result<(), TableWriteError>> {
        let w = writer(store);
        let (batch, answers): (Vec<_>, Vec<_>) = entries
            .iter()
            .map(|(t, node, seq)| pending(t, node, *seq))
            .unzip();
        batched::commit(&w, batch).await;
        assert_eq!(w.counts.commits.load(Ordering::Relaxed), 1);
        let mut out = Vec::new();
        for a in answers {
            out.push(a.await.unwrap());
        }
        out
    }

    fn refused_as(r: &Result<(), TableWriteError>, why: &str) -> bool {
        matches!(r, Err(TableWriteError::Superseded(w)) if *w == why)
    }

    /// The batch's contract on any backend: an entry at a position the
    /// log has is refused, the rest of its batch commits, in order.
    async fn refuses_only_what_it_must(store: &Store, id: &str) {
        let (tables, leases) = (store.tables(), store.leases());
        let (a, b) = (format!("{id}-a"), format!("{id}-b"));
        if leases.leased() {
            let me = Holder {
                node: "n".into(),
                channel: String::new(),
            };
            let ttl = std::time::Duration::from_secs(60);
            assert!(leases.take_lease(&a, &me, ttl).await.unwrap());
            assert!(leases.take_lease(&b, &me, ttl).await.unwrap());
        }
        tables.append(&a, "n", &row(0)).await.unwrap();
        let answers = commit_one_batch(
            store,
            &[(&a, "n", 1), (&a, "n", 0), (&b, "n", 0), (&a, "n", 2)],
        )
        .await;
        assert!(answers[0].is_ok() && answers[2].is_ok() && answers[3].is_ok());
        assert!(
            refused_as(&answers[1], "the store already has this row"),
            "{:?}",
            answers[1]
        );
        let seqs = |log: Vec<LogRow>| log.iter().map(|e| e.seq).collect::<Vec<_>>();
        assert_eq!(seqs(tables.log(&a).await.unwrap()), vec![0, 1, 2]);
        assert_eq!(seqs(tables.log(&b).await.unwrap()), vec![0]);
    }

    /// SQLite's statement binds plain `?` in order (a numbered one is
    /// looked up by name per bind, quadratic in a full batch);
    /// PostgreSQL's are numbered.
    #[test]
    fn sqlite_placeholders_are_plain_and_postgres_numbered() {
        let most = <Writer as Batch>::MOST;
        let sqlite = insert_sql(most, false, false);
        assert_eq!(sqlite.matches('?').count(), most * 8);
        assert!(!sqlite.contains('$'), "numbered placeholders on SQLite");
        let postgres = insert_sql(most, true, true);
        assert!(postgres.contains(&format!("${}", most * 8)));
        assert!(!postgres.contains('?'));
    }

    #[tokio::test]
    async fn sqlite_batch_refuses_only_the_entries_it_must() {
        let (_dir, store) = sqlite().await;
        refuses_only_what_it_must(&store, "t").await;
        store.close().await;
    }

    /// On PostgreSQL each entry is fenced by its own table's lease: the
    /// entry of a table another node holds is refused, the others of its
    /// batch commit. Runs when `DOMINO_TEST_POSTGRES` names a server.
    #[tokio::test]
    async fn postgres_batch_fences_each_entry_by_its_tables_lease() {
        let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
            eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
            return;
        };
        let store = Store::connect(&url).await.unwrap();
        let (tables, leases) = (store.tables(), store.leases());
        let id = format!("batch{}x{}", std::process::id(), rand::random::<u32>());
        refuses_only_what_it_must(&store, &id).await;
        let (mine, theirs) = (format!("{id}-mine"), format!("{id}-theirs"));
        let ttl = std::time::Duration::from_secs(60);
        let holder = |node: &str| Holder {
            node: node.into(),
            channel: String::new(),
        };
        assert!(leases.take_lease(&mine, &holder("n"), ttl).await.unwrap());
        assert!(leases.take_lease(&theirs, &holder("o"), ttl).await.unwrap());
        let answers = commit_one_batch(&store, &[(&mine, "n", 0), (&theirs, "n", 0)]).await;
        assert!(answers[0].is_ok(), "{:?}", answers[0]);
        assert!(
            refused_as(&answers[1], "another node holds the table's lease"),
            "{:?}",
            answers[1]
        );
        assert_eq!(tables.log(&mine).await.unwrap().len(), 1);
        assert!(tables.log(&theirs).await.unwrap().is_empty());
        store.close().await;
    }

    /// A batch the database fails answers each of its entries with the
    /// failure a write of its own gets.
    #[tokio::test]
    async fn a_failed_batch_fails_each_entry_as_a_single_write_fails() {
        let (_dir, store) = sqlite().await;
        store.db.pool.close().await;
        let alone = store
            .tables()
            .append_alone("t", "n", &row(0))
            .await
            .unwrap_err();
        let answers = commit_one_batch(&store, &[("t", "n", 0), ("u", "n", 0)]).await;
        for a in answers {
            let e = a.unwrap_err();
            assert!(matches!(e, TableWriteError::Store(_)), "{e:?}");
            assert_eq!(e.to_string(), alone.to_string());
        }
    }
}
