//! The database of `domino serve`: tables, seats, the append-only action
//! log and finished match records, leases, profiles and ratings, bot
//! accounts, the pairing pool, tournaments, puzzles, score sheets and
//! sleeping tables, in SQLite (default) or PostgreSQL through one set of
//! SQL statements (the few only PostgreSQL has are in `postgres`). It
//! knows nothing of HTTP, the wire protocol or the relay between nodes:
//! it stores rows and reads them back.
//!
//! Every action a table accepts is appended here before it is applied or
//! acknowledged, and a table's state is never stored any other way: on
//! start the server rebuilds each unfinished table by dealing from its
//! secret and replaying its log, so stopping the process at any moment
//! (even `kill -9`) loses nothing that a client was told had happened.

use std::str::FromStr;
use std::sync::{Arc, Mutex};

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};
use tokio::sync::mpsc;

use crate::latency::Histogram;

/// A struct read off a row: each listed field from the column of its name,
/// then (after `;`) the fields that need more than `try_get`.
macro_rules! from_row {
    ($r:expr, $T:ident { $($f:ident),* $(,)? $(; $($g:ident : $e:expr),* $(,)?)? }) => {
        $T { $($f: $r.try_get(stringify!($f))?,)* $($($g: $e,)*)? }
    };
}

/// A stored rules column (a `RulesSpec` as JSON text) read back: one that
/// does not parse is the column's decode error, never a default.
pub(crate) fn rules_of(r: &sqlx::any::AnyRow) -> Result<domino_engine::RulesSpec, sqlx::Error> {
    use sqlx::Row;
    let text: String = r.try_get("rules")?;
    serde_json::from_str(&text).map_err(|e| sqlx::Error::ColumnDecode {
        index: "rules".into(),
        source: Box::new(e),
    })
}

/// A value as its JSON column stores it: one that does not serialise is
/// an error, never an empty string.
pub fn json_text<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, sqlx::Error> {
    serde_json::to_string(value).map_err(|e| sqlx::Error::Encode(Box::new(e)))
}

/// A `RulesSpec` as its column stores it (see [`json_text`]).
pub(crate) fn rules_text(spec: &domino_engine::RulesSpec) -> Result<String, sqlx::Error> {
    json_text(spec)
}

pub mod asleep;
pub mod batch;
pub mod batched;
pub mod bots;
pub mod clock_batch;
pub mod latency;
pub mod lease;
mod migrations;
pub mod new_tables;
pub use lease::{Holder, LobbyRow, Unowned};
pub mod own_puzzles;
mod postgres;
pub mod profiles;
pub mod puzzle_runs;
pub mod puzzles;
pub mod seek_batch;
pub mod seeks;
pub mod sheets;
mod sqlite;
pub mod tables;
pub mod tournaments;
pub mod turns;
mod writer;

pub use postgres::{drop_scratch_postgres, scratch_postgres};
use tables::clock_sql;
pub use tables::{Finished, LogRow, Logged, Saved, SeatRow, TableRow};

/// Which database a [`Store`] talks to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The database handle, cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// For a SQLite file, the lock file held while this store is open, so
    /// that a second server on the same file is refused (SQLite has one
    /// writer; two servers would each restore and play the same tables).
    file_lock: Arc<Mutex<Option<std::fs::File>>>,
    /// How long each write took, for `/metrics` (a log entry: from being
    /// queued to its batch's commit).
    writes: Arc<Histogram>,
    /// The group-commit writer of log entries (see `batch`); `None` when
    /// turned off (`DOMINO_GROUP_COMMIT=off`), each entry then committed on
    /// its own.
    log_writer: Option<mpsc::UnboundedSender<batch::Pending>>,
    /// Commits and entries of the log so far.
    log_counts: Arc<batch::Counts>,
    /// The writer that adds seeks in batches (see `seek_batch`).
    seek_writer: mpsc::UnboundedSender<seek_batch::Pending>,
    /// The writer that stores turn clocks in batches (see `clock_batch`),
    /// and its commits so far.
    clock_writer: mpsc::UnboundedSender<clock_batch::Pending>,
    clock_commits: Arc<std::sync::atomic::AtomicU64>,
}

/// Why a write by a table's copy (a log entry, a seat, the finished
/// record) was not made.
#[derive(Debug, thiserror::Error)]
pub enum TableWriteError {
    /// This copy of the table is behind the store: another node runs the
    /// table now, or the store already has this row. It must not play
    /// on; the table's log is whole and another copy plays from it.
    #[error("this copy of the table is behind the store: {0}")]
    Superseded(&'static str),
    /// The database failed: nothing was written. (Shared: a failed batch
    /// gives each of its entries the same error.)
    #[error(transparent)]
    Store(Arc<sqlx::Error>),
}

impl From<sqlx::Error> for TableWriteError {
    fn from(e: sqlx::Error) -> Self {
        TableWriteError::Store(Arc::new(e))
    }
}

impl Store {
    /// Connect to `url` (`sqlite://file.db`, `sqlite::memory:`,
    /// `postgres://...`), creating a SQLite file if needed, and migrate.
    pub async fn connect(url: &str) -> Result<Store, sqlx::Error> {
        Store::connect_leasing(url, IDLE_TRANSACTION_LIMIT).await
    }

    /// [`Store::connect`] for a node whose table leases last `lease`: on
    /// PostgreSQL a transaction of this node left idle longer than that
    /// (2 s at least) is ended by the database. A node stopped mid-transaction (a log
    /// batch fences its tables' lease rows) would otherwise keep those
    /// rows locked until it ran again, and no other node could take its
    /// tables over however long their leases had run out; past a lease
    /// its transaction could not commit to any use anyway.
    pub async fn connect_leasing(
        url: &str,
        lease: std::time::Duration,
    ) -> Result<Store, sqlx::Error> {
        sqlx::any::install_default_drivers();
        // Never under 2 s: a busy machine may leave a healthy transaction
        // waiting between its statements for a while.
        let idle_ms = u64::try_from(lease.as_millis())
            .unwrap_or(u64::MAX)
            .max(2_000);
        let backend = if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            return Err(sqlx::Error::Configuration(
                format!("unsupported database URL `{url}`: use sqlite://FILE or postgres://...")
                    .into(),
            ));
        };
        let mut url = url.to_string();
        if backend == Backend::Sqlite && !url.contains("mode=") && !url.contains(":memory:") {
            url.push(if url.contains('?') { '&' } else { '?' });
            url.push_str("mode=rwc");
        }
        let opts = AnyConnectOptions::from_str(&url)?;
        let memory = url.contains(":memory:");
        let file_lock = match backend {
            Backend::Sqlite if !memory => Some(sqlite::lock_file(&url)?),
            _ => None,
        };
        let pool = AnyPoolOptions::new()
            .max_connections(if memory { 1 } else { 8 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL: readers never block the writer. FULL syncs
                        // the WAL at every commit, so an acknowledged move
                        // survives a power cut, not only a crash of the
                        // process (NORMAL could lose the last commits).
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA busy_timeout = 5000").await?;
                    } else {
                        conn.execute(
                            format!("SET idle_in_transaction_session_timeout = {idle_ms}").as_str(),
                        )
                        .await?;
                    }
                    Ok(())
                })
            })
            .connect_with(opts)
            .await?;
        let writes = Arc::new(Histogram::latency());
        let log_counts = Arc::new(batch::Counts::default());
        let log_writer = group_commit().then(|| {
            batch::Writer {
                pool: pool.clone(),
                leased: backend == Backend::Postgres,
                writes: writes.clone(),
                counts: log_counts.clone(),
            }
            .spawn()
        });
        let seek_writer = seek_batch::Writer {
            pool: pool.clone(),
            backend,
            commits: Default::default(),
        }
        .spawn();
        let clock_commits = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let clock_writer = clock_batch::Writer {
            pool: pool.clone(),
            sql: clock_sql(backend == Backend::Postgres),
            leased: backend == Backend::Postgres,
            commits: clock_commits.clone(),
        }
        .spawn();
        let store = Store {
            pool,
            backend,
            seek_writer,
            clock_writer,
            clock_commits,
            file_lock: Arc::new(Mutex::new(file_lock)),
            writes,
            log_writer,
            log_counts,
        };
        store.migrate().await?;
        Ok(store)
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The time each write took so far.
    pub fn write_latency(&self) -> &Histogram {
        &self.writes
    }

    /// The log's commits and entries so far: `(commits, entries)`.
    pub fn log_commits(&self) -> (u64, u64) {
        use std::sync::atomic::Ordering::Relaxed;
        let c = &self.log_counts;
        (c.commits.load(Relaxed), c.entries.load(Relaxed))
    }

    /// A trivial query, for readiness: the database answers.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Run one write, timed.
    async fn write<'q>(
        &self,
        q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ) -> Result<(), sqlx::Error> {
        self.write_counted(q).await.map(|_| ())
    }

    /// Run one write, timed; how many rows it wrote.
    async fn write_counted<'q>(
        &self,
        q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ) -> Result<u64, sqlx::Error> {
        let started = std::time::Instant::now();
        let done = q.execute(&self.pool).await;
        self.writes.observe(started.elapsed());
        done.map(|d| d.rows_affected())
    }

    /// Close the pool and let go of a SQLite file's lock (tests use this
    /// to open the same file again).
    pub async fn close(&self) {
        self.pool.close().await;
        if let Ok(mut lock) = self.file_lock.lock() {
            lock.take();
        }
    }
}

/// The idle limit of a transaction when no lease is given: the server's
/// default lease.
const IDLE_TRANSACTION_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Whether log entries are group-committed: yes unless the environment
/// says `DOMINO_GROUP_COMMIT=off` (or `0`), which commits each on its own,
/// as before group commit, for comparing the two under load.
fn group_commit() -> bool {
    !matches!(
        std::env::var("DOMINO_GROUP_COMMIT").as_deref(),
        Ok("off" | "0")
    )
}

#[cfg(test)]
mod tests;
