//! The database of `domino serve`, in SQLite (default) or PostgreSQL
//! through one set of SQL statements (the few only PostgreSQL has are in
//! `postgres`). It knows nothing of HTTP, the wire protocol or the relay
//! between nodes: it stores rows and reads them back.
//!
//! [`Store::connect`] opens the database, migrates it, and builds one
//! repository per domain, each over the same pool and returning typed
//! rows; a caller takes the one it needs (`store.profiles()`) and a
//! feature may be given only its own:
//!
//! - [`Tables`]: tables, their seats, the append-only action log (written
//!   by the group commit of `batch`), finished records, and a pairing
//!   round's tables stored in one transaction (`new_tables`);
//! - [`Leases`]: which node runs each table, and what the relay between
//!   nodes reads (holders, live channels, other nodes' lobby rows);
//! - [`Profiles`]: profiles, their device keys and one-time links,
//!   ratings and the lines of finished matches;
//! - [`BotAccounts`]: bot accounts, their API tokens and their seats;
//! - [`Seeks`]: the pairing pool, its seeks' sides and the seek batch
//!   writer (`seek_batch`);
//! - [`Clocks`]: the tables' turn clocks, stored in batches
//!   (`clock_batch`), and the lobby's "your turn" reads (`turns`);
//! - [`Tournaments`]: tournaments, entrants, rounds and their tables;
//! - [`Puzzles`]: puzzle ratings and what was served, own puzzles
//!   (`own_puzzles`), streaks, storms and tries (`puzzle_runs`);
//! - [`Sheets`]: the scorekeeper's sheets;
//! - [`Asleep`]: what a sleeping table keeps.
//!
//! Every action a table accepts is appended here before it is applied or
//! acknowledged, and a table's state is never stored any other way: on
//! start the server rebuilds each unfinished table by dealing from its
//! secret and replaying its log, so stopping the process at any moment
//! (even `kill -9`) loses nothing that a client was told had happened.

use std::str::FromStr;
use std::sync::{Arc, Mutex};

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::Executor;

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
mod db;
pub mod fairplay;
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

pub use asleep::Asleep;
pub use bots::BotAccounts;
pub use clock_batch::Clocks;
pub use fairplay::FairPlay;
pub use lease::Leases;
pub use postgres::{drop_scratch_postgres, scratch_postgres};
pub use profiles::Profiles;
pub use puzzles::Puzzles;
pub use seeks::Seeks;
pub use sheets::Sheets;
pub use tables::{Finished, LogRow, Logged, Saved, SeatRow, TableRow, Tables};
pub use tournaments::Tournaments;

use db::Db;

/// Which database a [`Store`] talks to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The database, connected and migrated once, and its repositories, one
/// per domain (see the crate's page); cheap to clone, as each of them is.
#[derive(Clone, Debug)]
pub struct Store {
    db: Db,
    /// For a SQLite file, the lock file held while this store is open, so
    /// that a second server on the same file is refused (SQLite has one
    /// writer; two servers would each restore and play the same tables).
    file_lock: Arc<Mutex<Option<std::fs::File>>>,
    tables: Tables,
    leases: Leases,
    profiles: Profiles,
    bots: BotAccounts,
    seeks: Seeks,
    clocks: Clocks,
    tournaments: Tournaments,
    puzzles: Puzzles,
    sheets: Sheets,
    asleep: Asleep,
    fairplay: FairPlay,
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
        Store::open(url, lease, true).await
    }

    /// [`Store::connect`] for a command run beside a server on the same
    /// database (`domino admin`): a SQLite file's lock, which keeps a
    /// second server off it, is left to the server (SQLite lets another
    /// process write between the server's transactions).
    pub async fn connect_beside_server(url: &str) -> Result<Store, sqlx::Error> {
        Store::open(url, IDLE_TRANSACTION_LIMIT, false).await
    }

    async fn open(url: &str, lease: std::time::Duration, lock: bool) -> Result<Store, sqlx::Error> {
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
            Backend::Sqlite if lock && !memory => Some(sqlite::lock_file(&url)?),
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
        let db = Db {
            pool,
            backend,
            writes: Arc::new(Histogram::latency()),
        };
        let store = Store {
            tables: Tables::start(db.clone()),
            leases: Leases::new(db.clone()),
            profiles: Profiles::new(db.clone()),
            bots: BotAccounts::new(db.clone()),
            seeks: Seeks::start(db.clone()),
            clocks: Clocks::start(db.clone()),
            tournaments: Tournaments::new(db.clone()),
            puzzles: Puzzles::new(db.clone()),
            sheets: Sheets::new(db.clone()),
            asleep: Asleep::new(db.clone()),
            fairplay: FairPlay::new(db.clone()),
            file_lock: Arc::new(Mutex::new(file_lock)),
            db,
        };
        store.migrate().await?;
        Ok(store)
    }

    pub fn backend(&self) -> Backend {
        self.db.backend
    }

    /// The time each write took so far.
    pub fn write_latency(&self) -> &Histogram {
        &self.db.writes
    }

    /// The log's commits and entries so far: `(commits, entries)`.
    pub fn log_commits(&self) -> (u64, u64) {
        use std::sync::atomic::Ordering::Relaxed;
        let c = &self.tables.log_counts;
        (c.commits.load(Relaxed), c.entries.load(Relaxed))
    }

    /// A trivial query, for readiness: the database answers.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1").execute(&self.db.pool).await?;
        Ok(())
    }

    /// Tables, seats, the action log and finished records.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// Which node runs each table, and what the relay reads.
    pub fn leases(&self) -> &Leases {
        &self.leases
    }

    /// Profiles, their keys and links, ratings and match lines.
    pub fn profiles(&self) -> &Profiles {
        &self.profiles
    }

    /// Bot accounts, their tokens and seats.
    pub fn bots(&self) -> &BotAccounts {
        &self.bots
    }

    /// The pairing pool.
    pub fn seeks(&self) -> &Seeks {
        &self.seeks
    }

    /// The tables' turn clocks.
    pub fn clocks(&self) -> &Clocks {
        &self.clocks
    }

    /// Tournaments, entrants and rounds.
    pub fn tournaments(&self) -> &Tournaments {
        &self.tournaments
    }

    /// Puzzle ratings, own puzzles, runs and tries.
    pub fn puzzles(&self) -> &Puzzles {
        &self.puzzles
    }

    /// The scorekeeper's sheets.
    pub fn sheets(&self) -> &Sheets {
        &self.sheets
    }

    /// What sleeping tables keep.
    pub fn asleep(&self) -> &Asleep {
        &self.asleep
    }

    /// Fair play: the analysis queue, evidence, flags, roles and the
    /// audit log.
    pub fn fairplay(&self) -> &FairPlay {
        &self.fairplay
    }

    /// Close the pool and let go of a SQLite file's lock (tests use this
    /// to open the same file again).
    pub async fn close(&self) {
        self.db.pool.close().await;
        if let Ok(mut lock) = self.file_lock.lock() {
            lock.take();
        }
    }
}

/// The idle limit of a transaction when no lease is given: the server's
/// default lease.
const IDLE_TRANSACTION_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

#[cfg(test)]
mod tests;
