//! The database: tables, seats, the append-only action log and finished
//! match records, in SQLite (default) or PostgreSQL through one set of SQL
//! statements.
//!
//! Every action a table accepts is appended here before it is applied or
//! acknowledged, and a table's state is never stored any other way: on
//! start the server rebuilds each unfinished table by dealing from its
//! secret and replaying its log, so stopping the process at any moment
//! (even `kill -9`) loses nothing that a client was told had happened.

use std::io::Write;
use std::str::FromStr;
use std::sync::{Arc, Mutex};

use domino_engine::Action;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor, Row};
use tokio::sync::{mpsc, oneshot};

use crate::metrics::Histogram;

/// A struct read off a row: each listed field from the column of its name,
/// then (after `;`) the fields that need more than `try_get`.
macro_rules! from_row {
    ($r:expr, $T:ident { $($f:ident),* $(,)? $(; $($g:ident : $e:expr),* $(,)?)? }) => {
        $T { $($f: $r.try_get(stringify!($f))?,)* $($($g: $e,)*)? }
    };
}

pub mod asleep;
pub mod batch;
pub mod batched;
pub mod bots;
pub mod clock_batch;
pub mod lease;
pub mod new_tables;
pub use lease::{Holder, LobbyRow};
pub mod own_puzzles;
pub mod profiles;
pub mod puzzles;
pub mod seek_batch;
pub mod seeks;
pub mod sheets;
pub mod tournaments;
pub mod turns;

/// The schema, one migration per entry, applied in order once each.
/// The SQL is the common subset of SQLite and PostgreSQL.
const MIGRATIONS: &[&[&str]] = &[
    &[
        "CREATE TABLE IF NOT EXISTS domino_tables (
        id TEXT PRIMARY KEY,
        created_at BIGINT NOT NULL,
        rules TEXT NOT NULL,
        secret TEXT NOT NULL,
        bot TEXT NOT NULL,
        private BIGINT NOT NULL,
        humans BIGINT NOT NULL,
        finished_at BIGINT,
        record TEXT
    )",
        "CREATE TABLE IF NOT EXISTS domino_seats (
        table_id TEXT NOT NULL,
        seat BIGINT NOT NULL,
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        PRIMARY KEY (table_id, seat)
    )",
        "CREATE TABLE IF NOT EXISTS domino_actions (
        table_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        hand BIGINT NOT NULL,
        seat BIGINT NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    )",
        "CREATE INDEX IF NOT EXISTS domino_tables_finished ON domino_tables (finished_at)",
    ],
    &[
        // Who sits where (`human`/`bot` by seat, JSON; NULL: the first
        // `humans` seats are human), whether a bot made an action for a human
        // seat, and the hand in which a player left their seat.
        "ALTER TABLE domino_tables ADD COLUMN seats TEXT",
        "ALTER TABLE domino_actions ADD COLUMN auto BIGINT NOT NULL DEFAULT 0",
        "ALTER TABLE domino_seats ADD COLUMN left_hand BIGINT",
    ],
    &[
        // When each entry was logged (ms since the epoch; NULL before this
        // migration), for closing tables nobody plays; and whether a
        // finished table was closed as abandoned.
        "ALTER TABLE domino_actions ADD COLUMN at BIGINT",
        "ALTER TABLE domino_tables ADD COLUMN abandoned BIGINT NOT NULL DEFAULT 0",
    ],
    &[
        // Which node runs each live table, until when (ms since the epoch
        // on the database's clock): see `lease`. Used on PostgreSQL only.
        "CREATE TABLE IF NOT EXISTS domino_leases (
        table_id TEXT PRIMARY KEY,
        node TEXT NOT NULL,
        expires_at BIGINT NOT NULL
    )",
    ],
    &[
        // The scorekeeper's sheets for matches played with real tiles (see
        // `sheets`): the rules and names as created, the hands reported so
        // far (a JSON array), and the hash of the secret that edits them.
        "CREATE TABLE IF NOT EXISTS domino_sheets (
        id TEXT PRIMARY KEY,
        secret_hash TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        rules TEXT NOT NULL,
        names TEXT NOT NULL,
        hands BIGINT NOT NULL,
        reports TEXT NOT NULL
    )",
    ],
    // Profiles and ratings: see `profiles`.
    profiles::MIGRATION,
    // Tournaments, their entrants and rounds: see `tournaments`.
    tournaments::MIGRATION,
    &[
        // The relay channel of the holder's run beside its name (see
        // `lease::Holder`); empty for a lease written before this column.
        "ALTER TABLE domino_leases ADD COLUMN channel TEXT NOT NULL DEFAULT ''",
    ],
    // A table of a duplicate round finds its round by the secret they
    // share (`Store::dealing_round`), on every spectate and history read.
    &["CREATE INDEX IF NOT EXISTS domino_tournament_rounds_secret ON domino_tournament_rounds (secret)"],
    &[
        // Who organised each tournament (the address it was created from;
        // NULL before this migration), for the cap on open tournaments per
        // organiser; and an index for deleting the sheets nobody used.
        "ALTER TABLE domino_tournaments ADD COLUMN organiser TEXT",
        "CREATE INDEX IF NOT EXISTS domino_tournaments_organiser ON domino_tournaments (organiser, state)",
        "CREATE INDEX IF NOT EXISTS domino_sheets_unused ON domino_sheets (hands, updated_at)",
    ],
    // Profiles' names unique by their look-alike keys: see `profiles`.
    profiles::SKELETON_MIGRATION,
    // Puzzle ratings of players and puzzles: see `puzzles`.
    puzzles::MIGRATION,
    // A table's turn clock (`domino_engine::Clock`, JSON: each seat's bank
    // and timeouts, whose turn runs since when), so that a restart or
    // another node keeps its deadline; NULL: no clock.
    &["ALTER TABLE domino_tables ADD COLUMN clock TEXT"],
    // The pairing pool: see `seeks`.
    seeks::MIGRATION,
    // Which tournament a table belongs to: see `tournaments`.
    tournaments::TABLES_MIGRATION,
    // Each player's own puzzles, from their matches: see `own_puzzles`.
    own_puzzles::MIGRATION,
    // Bot accounts, their API tokens and seats: see `bots`.
    bots::MIGRATION,
    // Seeks' addresses and chosen clocks: see `seeks`.
    seeks::ADDRESS_CLOCK_MIGRATION,
    // Seeks stored without their sides: see `seeks`.
    seeks::SIDES_MIGRATION,
    // What sleeping tables keep: see `asleep`.
    asleep::MIGRATION,
];

/// The PostgreSQL advisory lock a node holds while it migrates, so that
/// nodes started together on an empty database migrate one after the other
/// (concurrent `CREATE TABLE IF NOT EXISTS` collide in PostgreSQL's
/// catalog). Any fixed number: "domino" and 1.
const MIGRATION_LOCK: i64 = 0x646f_6d69_6e6f_0001;

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

/// The statement that stores a table's clock: clock, table, and on
/// PostgreSQL the node, fenced by its lease (see [`Store::fence`]).
fn clock_sql(leased: bool) -> String {
    format!(
        "UPDATE domino_tables SET clock = $1 WHERE id = $2 AND {}",
        fence_sql(leased, 2, 3)
    )
}

/// [`Store::fence`] for a store that is `leased` or not.
fn fence_sql(leased: bool, table: u8, node: u8) -> String {
    if leased {
        format!(
            "EXISTS (SELECT 1 FROM domino_leases WHERE table_id = ${table} AND node = ${node} FOR SHARE)"
        )
    } else {
        "1 = 1".into()
    }
}

/// The statement that stores a new table (a [`TableRow`], in its order).
const CREATE_TABLE: &str =
    "INSERT INTO domino_tables (id, created_at, rules, secret, bot, private, humans, seats, clock)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";

/// [`CREATE_TABLE`] bound to a table, for a lone write and for a round's batch.
fn create_table_query(
    t: &TableRow,
) -> sqlx::query::Query<'_, sqlx::Any, sqlx::any::AnyArguments<'_>> {
    sqlx::query(CREATE_TABLE)
        .bind(&t.id)
        .bind(t.created_at)
        .bind(&t.rules)
        .bind(&t.secret)
        .bind(&t.bot)
        .bind(i64::from(t.private))
        .bind(t.humans)
        .bind(&t.seats)
        .bind(&t.clock)
}

/// A table as created.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    pub id: String,
    pub created_at: i64,
    /// The rules as a `RulesSpec` JSON object.
    pub rules: String,
    /// The match secret, hex (see `fair`).
    pub secret: String,
    pub bot: String,
    pub private: bool,
    pub humans: i64,
    /// The seat plan, JSON: `"human"` or `"bot"` by seat; `None` for
    /// tables from before plans, whose first `humans` seats are human.
    pub seats: Option<String>,
    /// The turn clock, JSON (`domino_engine::Clock`); `None`: no clock.
    pub clock: Option<String>,
}

/// A claimed seat.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    pub seat: i64,
    pub name: String,
    /// Empty for a computer player's seat that only carries a name (a
    /// tournament's bot entrant, named as in the standings).
    pub token_hash: String,
    /// The hand in which the player left the seat to a bot for good.
    pub left_hand: Option<i64>,
    /// The profile of the player who sat here signed in.
    pub profile_id: Option<String>,
}

/// What a log entry records.
#[derive(Clone, Debug, PartialEq)]
pub enum Logged {
    /// A seat's action.
    Act(Action),
    /// The next hand was dealt (`seat` -1).
    NextHand,
}

impl Logged {
    /// The stored text: the action's protocol JSON, or `next`.
    pub fn column(&self) -> String {
        match self {
            Logged::Act(a) => serde_json::to_string(a).unwrap_or_default(),
            Logged::NextHand => "next".into(),
        }
    }

    /// Read the stored text back.
    pub fn parse(text: &str) -> Result<Logged, serde_json::Error> {
        match text {
            "next" => Ok(Logged::NextHand),
            _ => serde_json::from_str(text).map(Logged::Act),
        }
    }
}

/// One entry of a table's log.
#[derive(Clone, Debug, PartialEq)]
pub struct LogRow {
    pub seq: i64,
    pub hand: i64,
    pub seat: i64,
    pub action: Logged,
    /// A bot made this action for a human seat (its player away or gone).
    pub auto: bool,
    /// When it was logged, ms since the epoch (0: before it was noted).
    pub at: i64,
}

/// An unfinished table, everything needed to rebuild it.
#[derive(Clone, Debug)]
pub struct Saved {
    pub table: TableRow,
    pub seats: Vec<SeatRow>,
    pub log: Vec<LogRow>,
}

/// A finished match, for the history list.
#[derive(Clone, Debug)]
pub struct Finished {
    pub table: TableRow,
    pub finished_at: i64,
    pub record: String,
    pub seats: Vec<SeatRow>,
    /// Actions by seat: `(seat, all, made by a bot for an absent player)`.
    pub moves: Vec<(i64, i64, i64)>,
    /// Closed because nobody played it for too long; the record stops
    /// where the play stopped.
    pub abandoned: bool,
}

impl Store {
    /// Connect to `url` (`sqlite://file.db`, `sqlite::memory:`,
    /// `postgres://...`), creating a SQLite file if needed, and migrate.
    pub async fn connect(url: &str) -> Result<Store, sqlx::Error> {
        sqlx::any::install_default_drivers();
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
            Backend::Sqlite if !memory => Some(lock_sqlite_file(&url)?),
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

    /// Bring the schema up to date. On PostgreSQL this runs on one
    /// connection holding [`MIGRATION_LOCK`], so that of several nodes
    /// started at once one migrates and the others wait, then find nothing
    /// left to do. (A SQLite file has one server: see [`lock_sqlite_file`].)
    async fn migrate(&self) -> Result<(), sqlx::Error> {
        let mut conn = self.pool.acquire().await?;
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_advisory_lock($1)")
                .bind(MIGRATION_LOCK)
                .execute(&mut *conn)
                .await?;
        }
        let mut done = Self::migrate_on(&mut conn).await;
        if done.is_ok() {
            done = match profiles::fill_name_keys(&mut conn).await {
                Ok(0) => Ok(()),
                Ok(n) => {
                    tracing::info!("gave {n} profiles their look-alike name keys");
                    Ok(())
                }
                Err(e) => Err(e),
            };
        }
        if self.backend == Backend::Postgres {
            let unlocked = sqlx::query("SELECT pg_advisory_unlock($1)")
                .bind(MIGRATION_LOCK)
                .execute(&mut *conn)
                .await;
            if unlocked.is_err() {
                // Closing the connection releases the lock in any case.
                drop(conn.detach());
            }
        }
        done
    }

    async fn migrate_on(
        conn: &mut sqlx::pool::PoolConnection<sqlx::Any>,
    ) -> Result<(), sqlx::Error> {
        use sqlx::Connection;
        conn.execute("CREATE TABLE IF NOT EXISTS domino_schema (version BIGINT NOT NULL)")
            .await?;
        let done: i64 = sqlx::query("SELECT COUNT(*) FROM domino_schema")
            .fetch_one(&mut **conn)
            .await?
            .try_get(0)?;
        for (i, steps) in MIGRATIONS.iter().enumerate().skip(done as usize) {
            let mut tx = conn.begin().await?;
            for sql in *steps {
                tx.execute(*sql).await?;
            }
            sqlx::query("INSERT INTO domino_schema (version) VALUES ($1)")
                .bind(i as i64 + 1)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        }
        Ok(())
    }

    pub async fn create_table(&self, t: &TableRow) -> Result<(), sqlx::Error> {
        self.write(create_table_query(t)).await
    }

    /// Seat a player at `table`, for the table's copy on `node`.
    pub async fn add_seat(
        &self,
        table: &str,
        node: &str,
        s: &SeatRow,
    ) -> Result<(), TableWriteError> {
        let sql = self.add_seat_sql();
        let q = sqlx::query(&sql)
            .bind(table)
            .bind(s.seat)
            .bind(&s.name)
            .bind(&s.token_hash)
            .bind(s.left_hand)
            .bind(&s.profile_id);
        self.owned_write(q, node).await
    }

    /// The statement that seats a player: table, seat, name, token hash,
    /// left hand, profile, and the node (fenced by its lease).
    fn add_seat_sql(&self) -> String {
        format!(
            "INSERT INTO domino_seats (table_id, seat, name, token_hash, left_hand, profile_id)
             SELECT $1, $2, $3, $4, $5, $6 WHERE {}",
            self.fence(1, 7)
        )
    }

    /// A player leaves their seat to a bot for the rest of the match.
    pub async fn leave_seat(
        &self,
        table: &str,
        node: &str,
        seat: i64,
        hand: i64,
    ) -> Result<(), TableWriteError> {
        let sql = format!(
            "UPDATE domino_seats SET left_hand = $1 WHERE table_id = $2 AND seat = $3 AND {}",
            self.fence(2, 4)
        );
        let q = sqlx::query(&sql).bind(hand).bind(table).bind(seat);
        self.owned_write(q, node).await
    }

    /// A new seat plan (the creator filled the invited seats with bots).
    pub async fn set_seats(
        &self,
        table: &str,
        node: &str,
        seats: &str,
    ) -> Result<(), TableWriteError> {
        let sql = format!(
            "UPDATE domino_tables SET seats = $1 WHERE id = $2 AND {}",
            self.fence(2, 3)
        );
        let q = sqlx::query(&sql).bind(seats).bind(table);
        self.owned_write(q, node).await
    }

    /// The table's turn clock as it stands now (JSON).
    pub async fn set_clock(
        &self,
        table: &str,
        node: &str,
        clock: &str,
    ) -> Result<(), TableWriteError> {
        // With the other clocks queued meanwhile, in one transaction.
        let started = std::time::Instant::now();
        let (done, answer) = tokio::sync::oneshot::channel();
        let pending = clock_batch::Pending {
            table: table.to_string(),
            node: node.to_string(),
            clock: clock.to_string(),
            done,
        };
        let gone = || TableWriteError::from(sqlx::Error::PoolClosed);
        self.clock_writer.send(pending).map_err(|_| gone())?;
        let stored = answer.await.map_err(|_| gone())?;
        self.writes.observe(started.elapsed());
        stored
    }

    /// The clock batches committed so far.
    pub fn clock_commits(&self) -> u64 {
        self.clock_commits
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The condition every write of a table's copy carries, with the
    /// statement's placeholders for the table and the node. On PostgreSQL:
    /// that the node holds the table's lease, whose row the statement
    /// locks. A node taking the table over either waits for the statement
    /// and then reads the table with the write in it, or takes the lease
    /// first, and the write is refused. So a node that stalled past its
    /// lease changes nothing at a table another node now plays. (A SQLite
    /// file has one server: there the condition always holds.)
    fn fence(&self, table: u8, node: u8) -> String {
        fence_sql(self.leased(), table, node)
    }

    /// Run a write of `node`'s copy of a table whose statement carries
    /// [`Store::fence`], its node placeholder the last: a write that the
    /// fence stopped, or that finds its row already stored, is
    /// `Superseded`.
    async fn owned_write<'q>(
        &self,
        q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
        node: &'q str,
    ) -> Result<(), TableWriteError> {
        let fenced = self.leased();
        let q = if fenced { q.bind(node) } else { q };
        match self.write_counted(q).await {
            Ok(0) if fenced => Err(TableWriteError::Superseded(
                "another node holds the table's lease",
            )),
            Ok(_) => Ok(()),
            Err(sqlx::Error::Database(d)) if d.is_unique_violation() => Err(
                TableWriteError::Superseded("the store already has this row"),
            ),
            Err(e) => Err(e.into()),
        }
    }

    /// Whether a table of this id was ever created here.
    pub async fn exists(&self, table: &str) -> Result<bool, sqlx::Error> {
        Ok(sqlx::query("SELECT 1 FROM domino_tables WHERE id = $1")
            .bind(table)
            .fetch_optional(&self.pool)
            .await?
            .is_some())
    }

    /// Append one log entry for the table's copy on `node`; it is durable
    /// when this returns. Only the lease holder's entries are taken (see
    /// [`Store::fence`]), and an entry at a position the log already has
    /// is refused: either way the copy is `Superseded`. The entry goes in
    /// the next batch of the log's writer (see `batch`), with the entries
    /// of every other table queued by then.
    pub async fn append(&self, table: &str, node: &str, e: &LogRow) -> Result<(), TableWriteError> {
        let Some(writer) = &self.log_writer else {
            return self.append_alone(table, node, e).await;
        };
        let (done, answer) = oneshot::channel();
        let pending = batch::Pending {
            table: table.to_string(),
            node: node.to_string(),
            row: e.clone(),
            queued: std::time::Instant::now(),
            done,
        };
        let gone = || TableWriteError::from(sqlx::Error::PoolClosed);
        writer.send(pending).map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }

    /// [`Store::append`] in a transaction of its own.
    async fn append_alone(
        &self,
        table: &str,
        node: &str,
        e: &LogRow,
    ) -> Result<(), TableWriteError> {
        let sql = format!(
            "INSERT INTO domino_actions (table_id, seq, hand, seat, action, auto, at)
             SELECT $1, $2, $3, $4, $5, $6, $7 WHERE {}",
            self.fence(1, 8)
        );
        let q = sqlx::query(&sql)
            .bind(table)
            .bind(e.seq)
            .bind(e.hand)
            .bind(e.seat)
            .bind(e.action.column())
            .bind(i64::from(e.auto))
            .bind(e.at);
        let done = self.owned_write(q, node).await;
        let c = &self.log_counts;
        c.commits.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        c.entries.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        done
    }

    /// Close a table nobody plays: finished, with its record so far, and
    /// marked abandoned.
    pub async fn abandon(
        &self,
        table: &str,
        node: &str,
        at: i64,
        record: &str,
    ) -> Result<(), TableWriteError> {
        self.close_table(table, node, at, record, true).await
    }

    /// Mark a table finished with its final record.
    pub async fn finish(
        &self,
        table: &str,
        node: &str,
        at: i64,
        record: &str,
    ) -> Result<(), TableWriteError> {
        self.close_table(table, node, at, record, false).await
    }

    async fn close_table(
        &self,
        table: &str,
        node: &str,
        at: i64,
        record: &str,
        abandoned: bool,
    ) -> Result<(), TableWriteError> {
        let sql = format!(
            "UPDATE domino_tables SET finished_at = $1, record = $2, abandoned = $3 WHERE id = $4 AND {}",
            self.fence(4, 5)
        );
        let q = sqlx::query(&sql)
            .bind(at)
            .bind(record)
            .bind(i64::from(abandoned))
            .bind(table);
        self.owned_write(q, node).await
    }

    fn table_row(r: &sqlx::any::AnyRow) -> Result<TableRow, sqlx::Error> {
        Ok(from_row!(r, TableRow {
            id, created_at, rules, secret, bot, humans, seats, clock;
            private: r.try_get::<i64, _>("private")? != 0,
        }))
    }

    async fn seats(&self, table: &str) -> Result<Vec<SeatRow>, sqlx::Error> {
        let rows = sqlx::query(
                "SELECT seat, name, token_hash, left_hand, profile_id FROM domino_seats WHERE table_id = $1 ORDER BY seat",
            )
            .bind(table)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(SeatRow {
                    seat: r.try_get("seat")?,
                    name: r.try_get("name")?,
                    token_hash: r.try_get("token_hash")?,
                    left_hand: r.try_get("left_hand")?,
                    profile_id: r.try_get("profile_id")?,
                })
            })
            .collect()
    }

    /// Each seat's number of actions, and of those a bot made for it.
    async fn moves(&self, table: &str) -> Result<Vec<(i64, i64, i64)>, sqlx::Error> {
        sqlx::query(
            "SELECT seat, COUNT(*) AS n, CAST(SUM(auto) AS BIGINT) AS bots FROM domino_actions
                 WHERE table_id = $1 AND seat >= 0 GROUP BY seat ORDER BY seat",
        )
        .bind(table)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| {
            Ok((
                r.try_get("seat")?,
                r.try_get("n")?,
                r.try_get::<Option<i64>, _>("bots")?.unwrap_or(0),
            ))
        })
        .collect()
    }

    /// Every unfinished table with its seats and log, oldest first.
    pub async fn unfinished(&self) -> Result<Vec<Saved>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, created_at, rules, secret, bot, private, humans, seats, clock FROM domino_tables
                 WHERE finished_at IS NULL ORDER BY created_at, id",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            out.push(self.saved(r).await?);
        }
        Ok(out)
    }

    /// An unfinished table's row with its seats and log, to rebuild it.
    pub(crate) async fn saved(&self, r: &sqlx::any::AnyRow) -> Result<Saved, sqlx::Error> {
        let table = Self::table_row(r)?;
        let seats = self.seats(&table.id).await?;
        let log = self.log(&table.id).await?;
        Ok(Saved { table, seats, log })
    }

    /// A table's log, in order.
    pub async fn log(&self, table: &str) -> Result<Vec<LogRow>, sqlx::Error> {
        sqlx::query(
            "SELECT seq, hand, seat, action, auto, at FROM domino_actions WHERE table_id = $1 ORDER BY seq",
        )
        .bind(table)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| {
            Ok(LogRow {
                seq: r.try_get("seq")?,
                hand: r.try_get("hand")?,
                seat: r.try_get("seat")?,
                action: Logged::parse(r.try_get("action")?)
                    .map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
                auto: r.try_get::<i64, _>("auto")? != 0,
                at: r.try_get::<Option<i64>, _>("at")?.unwrap_or(0),
            })
        })
        .collect()
    }

    /// Finished matches, newest first.
    pub async fn finished_list(&self, limit: i64) -> Result<Vec<Finished>, sqlx::Error> {
        let rows = sqlx::query(
                "SELECT id, created_at, rules, secret, bot, private, humans, seats, clock, finished_at, record, abandoned
                 FROM domino_tables WHERE finished_at IS NOT NULL AND private = 0
                 ORDER BY finished_at DESC, id LIMIT $1",
            )
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            out.push(self.finished_row(r).await?);
        }
        Ok(out)
    }

    /// One finished match.
    pub async fn finished(&self, id: &str) -> Result<Option<Finished>, sqlx::Error> {
        let Some(r) = sqlx::query(
                "SELECT id, created_at, rules, secret, bot, private, humans, seats, clock, finished_at, record, abandoned
                 FROM domino_tables WHERE id = $1 AND finished_at IS NOT NULL",
            )
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            else {
                return Ok(None);
            };
        Ok(Some(self.finished_row(&r).await?))
    }

    /// A finished table's row with its seats and moves.
    async fn finished_row(&self, r: &sqlx::any::AnyRow) -> Result<Finished, sqlx::Error> {
        let table = Self::table_row(r)?;
        Ok(Finished {
            moves: self.moves(&table.id).await?,
            abandoned: r.try_get::<i64, _>("abandoned")? != 0,
            finished_at: r.try_get("finished_at")?,
            record: r
                .try_get::<Option<String>, _>("record")?
                .unwrap_or_default(),
            seats: self.seats(&table.id).await?,
            table,
        })
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

/// Whether log entries are group-committed: yes unless the environment
/// says `DOMINO_GROUP_COMMIT=off` (or `0`), which commits each on its own,
/// as before group commit, for comparing the two under load.
fn group_commit() -> bool {
    !matches!(
        std::env::var("DOMINO_GROUP_COMMIT").as_deref(),
        Ok("off" | "0")
    )
}

/// A new, empty PostgreSQL database beside the one `url` names, called
/// `<db>_<tag>_<process>_<random>`, for tests that need an empty schema:
/// its URL and its name.
#[doc(hidden)]
pub async fn scratch_postgres(url: &str, tag: &str) -> Result<(String, String), sqlx::Error> {
    sqlx::any::install_default_drivers();
    let admin = AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await?;
    let (base, db) = url
        .rsplit_once('/')
        .ok_or_else(|| sqlx::Error::Configuration(format!("no database in {url}").into()))?;
    let db = db.split('?').next().unwrap_or(db);
    let name = format!(
        "{db}_{tag}_{}_{}",
        std::process::id(),
        rand::random::<u32>()
    );
    admin
        .execute(format!("CREATE DATABASE {name}").as_str())
        .await?;
    admin.close().await;
    Ok((format!("{base}/{name}"), name))
}

/// Drop a database [`scratch_postgres`] made beside the one `url` names,
/// even with connections still open to it.
#[doc(hidden)]
pub async fn drop_scratch_postgres(url: &str, name: &str) -> Result<(), sqlx::Error> {
    sqlx::any::install_default_drivers();
    let admin = AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await?;
    admin
        .execute(format!("DROP DATABASE {name} WITH (FORCE)").as_str())
        .await?;
    admin.close().await;
    Ok(())
}

/// Take the lock file beside a SQLite database (`FILE.lock`), held until
/// the store is closed or the process ends (even by `kill -9`: the kernel
/// drops the lock with the process). A second server on the same file is
/// refused with a message naming the process that holds it.
fn lock_sqlite_file(url: &str) -> Result<std::fs::File, sqlx::Error> {
    let path = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:");
    let path = path.split('?').next().unwrap_or(path);
    let lock_path = format!("{path}.lock");
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&lock_path)
        .map_err(|e| sqlx::Error::Configuration(format!("opening {lock_path}: {e}").into()))?;
    // A server of this same process that was just stopped may still be
    // letting go: a moment's patience before refusing.
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(1500);
    loop {
        match fs4::FileExt::try_lock(&file) {
            Ok(()) => break,
            Err(fs4::TryLockError::WouldBlock) if std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            Err(fs4::TryLockError::WouldBlock) => {
                let holder = std::fs::read_to_string(&lock_path).unwrap_or_default();
                let holder = holder.trim();
                return Err(sqlx::Error::Configuration(
                        format!(
                            "the SQLite database {path} is already in use by another `domino serve`{}: \
                             a SQLite file has one server (stop the other, or give several nodes one \
                             PostgreSQL database with --db postgres://...)",
                            if holder.is_empty() {
                                String::new()
                            } else {
                                format!(" (process {holder})")
                            }
                        )
                        .into(),
                    ));
            }
            Err(fs4::TryLockError::Error(e)) => {
                return Err(sqlx::Error::Configuration(
                    format!("locking {lock_path}: {e}").into(),
                ))
            }
        }
    }
    // Whoever is refused learns which process holds the file.
    let _ = file.set_len(0);
    let _ = writeln!(file, "{}", std::process::id());
    Ok(file)
}

#[cfg(test)]
pub(crate) mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// The stores a contract test runs on: SQLite in memory, and a fresh
    /// PostgreSQL database (named after `tag`) when `DOMINO_TEST_POSTGRES`
    /// names a server.
    pub(crate) async fn test_urls(tag: &str) -> Vec<String> {
        let mut urls = vec!["sqlite::memory:".to_string()];
        if let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") {
            urls.push(scratch_postgres(&url, tag).await.unwrap().0);
        }
        urls
    }

    /// A draw table for one player and bots, created at `created_at`.
    pub(crate) fn table_row(id: &str, created_at: i64) -> TableRow {
        TableRow {
            id: id.into(),
            created_at,
            rules: r#"{"preset":"draw"}"#.into(),
            secret: "ab".repeat(32),
            bot: "random".into(),
            private: false,
            humans: 1,
            seats: None,
            clock: None,
        }
    }

    /// The store's contract, for any backend.
    pub(crate) async fn contract(store: &Store, id: &str) {
        let t = TableRow {
            id: id.into(),
            created_at: 5,
            rules: r#"{"preset":"draw"}"#.into(),
            secret: "ab".repeat(32),
            bot: "heavy".into(),
            private: false,
            humans: 2,
            seats: Some(r#"["human","bot","human"]"#.into()),
            clock: Some("first".into()),
        };
        store.create_table(&t).await.unwrap();
        assert!(store.create_table(&t).await.is_err(), "ids are unique");
        let s = SeatRow {
            seat: 0,
            name: "Ann".into(),
            token_hash: "h".into(),
            left_hand: None,
            profile_id: Some("p1".into()),
        };
        let leased = store.leased();
        if leased {
            let ttl = std::time::Duration::from_secs(60);
            let holder = Holder {
                node: "node-a".into(),
                channel: "domino_1".into(),
            };
            assert!(store.take_lease(id, &holder, ttl).await.unwrap());
        }
        store.add_seat(id, "node-a", &s).await.unwrap();
        // The clock is written as it runs, and read back with the table.
        store.set_clock(id, "node-a", "second").await.unwrap();
        let t = TableRow {
            clock: Some("second".into()),
            ..t
        };
        assert!(
            matches!(
                store.add_seat(id, "node-a", &s).await,
                Err(TableWriteError::Superseded(_))
            ),
            "a seat is taken once"
        );
        for seq in 0..3 {
            let e = LogRow {
                seq,
                hand: 1,
                seat: seq % 2,
                action: if seq == 1 {
                    Logged::NextHand
                } else {
                    Logged::Act(Action::Pass)
                },
                auto: seq == 2,
                at: 1000 + seq,
            };
            store.append(id, "node-a", &e).await.unwrap();
        }
        let dup = LogRow {
            seq: 1,
            hand: 1,
            seat: 0,
            action: Logged::NextHand,
            auto: false,
            at: 0,
        };
        assert!(
            matches!(
                store.append(id, "node-a", &dup).await,
                Err(TableWriteError::Superseded(_))
            ),
            "no entry is overwritten, and the writer learns its copy is behind"
        );
        if leased {
            // Only the lease holder writes the table: its log, its seats,
            // its end. Nothing another node tries changes it.
            let next = LogRow {
                seq: 3,
                ..dup.clone()
            };
            let other = SeatRow {
                seat: 2,
                ..s.clone()
            };
            let b = "node-b";
            let refused = [
                store.append(id, b, &next).await,
                store.add_seat(id, b, &other).await,
                store.leave_seat(id, b, 0, 9).await,
                store.set_seats(id, b, r#"["bot","bot","bot"]"#).await,
                store.set_clock(id, b, "other").await,
                store.finish(id, b, 1, "{}").await,
                store.abandon(id, b, 1, "{}").await,
            ];
            for r in refused {
                assert!(matches!(r, Err(TableWriteError::Superseded(_))), "{r:?}");
            }
        }
        let saved = store.unfinished().await.unwrap();
        let mine = saved.iter().find(|s| s.table.id == id).unwrap();
        assert_eq!(mine.table, t);
        assert_eq!(mine.seats, vec![s]);
        assert_eq!(
            mine.log.iter().map(|e| e.seq).collect::<Vec<_>>(),
            vec![0, 1, 2]
        );
        assert_eq!(mine.log[1].action, Logged::NextHand);
        assert_eq!(mine.log[2].action, Logged::Act(Action::Pass));
        // Now, in milliseconds like real matches, so it heads the list of
        // the latest even on a database that other tests (and earlier runs)
        // have filled with finished tables.
        let at = crate::clock::now_ms() + 1;
        store.finish(id, "node-a", at, "{}").await.unwrap();
        assert!(store
            .unfinished()
            .await
            .unwrap()
            .iter()
            .all(|s| s.table.id != id));
        store.leave_seat(id, "node-a", 0, 3).await.unwrap();
        store
            .set_seats(id, "node-a", r#"["human","bot","bot"]"#)
            .await
            .unwrap();
        assert!(store.exists(id).await.unwrap());
        assert!(!store.exists("nope").await.unwrap());
        let f = store.finished(id).await.unwrap().unwrap();
        assert_eq!((f.finished_at, f.record.as_str()), (at, "{}"));
        assert_eq!(f.seats[0].left_hand, Some(3));
        assert_eq!(f.table.seats.as_deref(), Some(r#"["human","bot","bot"]"#));
        // Seat 0 made seqs 0 and 2 (the second by a bot), seat 1 seq 1.
        assert_eq!(f.moves, vec![(0, 2, 1), (1, 1, 0)]);
        assert!(store
            .finished_list(10)
            .await
            .unwrap()
            .iter()
            .any(|f| f.table.id == id));
        assert!(store.finished("nope").await.unwrap().is_none());
    }

    #[tokio::test]
    async fn sqlite_store_keeps_its_contract_across_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let store = Store::connect(&url).await.unwrap();
        contract(&store, "t1").await;
        store.close().await;
        // Reopening migrates nothing twice and finds the data.
        let store = Store::connect(&url).await.unwrap();
        assert!(store.finished("t1").await.unwrap().is_some());
    }

    #[tokio::test]
    async fn sqlite_commits_are_synced_so_acknowledged_moves_survive_power_loss() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("sync.db").display());
        let store = Store::connect(&url).await.unwrap();
        // Every pooled connection: 2 is FULL, and the journal is the WAL.
        for _ in 0..3 {
            let mut conn = store.pool.acquire().await.unwrap();
            let sync: i64 = sqlx::query_scalar("PRAGMA synchronous")
                .fetch_one(&mut *conn)
                .await
                .unwrap();
            assert_eq!(sync, 2, "synchronous = FULL");
            let journal: String = sqlx::query_scalar("PRAGMA journal_mode")
                .fetch_one(&mut *conn)
                .await
                .unwrap();
            assert_eq!(journal, "wal");
        }
        store.close().await;
    }

    #[tokio::test]
    async fn a_second_store_on_the_same_sqlite_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("one.db").display());
        let first = Store::connect(&url).await.unwrap();
        let err = Store::connect(&url).await.unwrap_err().to_string();
        assert!(
            err.contains("already in use by another `domino serve`"),
            "{err}"
        );
        assert!(
            err.contains(&format!("process {}", std::process::id())),
            "{err}"
        );
        // Once the first lets go, the file opens again.
        first.close().await;
        let again = Store::connect(&url).await.unwrap();
        again.close().await;
    }

    /// Several nodes started at once on an empty PostgreSQL database all
    /// come up (they migrate one after the other under an advisory lock).
    /// Runs when `DOMINO_TEST_POSTGRES` names a server whose user may
    /// create databases: it makes a fresh one and drops it.
    #[tokio::test]
    async fn nodes_started_together_on_an_empty_postgres_all_migrate() {
        let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
            eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
            return;
        };
        let (fresh, name) = scratch_postgres(&url, "migrate").await.unwrap();
        let admin = AnyPoolOptions::new()
            .max_connections(1)
            .connect(&url)
            .await
            .unwrap();
        let nodes: Vec<_> = (0..4)
            .map(|_| {
                let fresh = fresh.clone();
                tokio::spawn(async move { Store::connect(&fresh).await })
            })
            .collect();
        let mut stores = Vec::new();
        for n in nodes {
            stores.push(n.await.unwrap().unwrap());
        }
        let versions: i64 = sqlx::query("SELECT COUNT(*) FROM domino_schema")
            .fetch_one(&stores[0].pool)
            .await
            .unwrap()
            .try_get(0)
            .unwrap();
        assert_eq!(versions, MIGRATIONS.len() as i64, "each migration ran once");
        contract(&stores[3], "after-race").await;
        for s in &stores {
            s.close().await;
        }
        admin
            .execute(format!("DROP DATABASE {name} WITH (FORCE)").as_str())
            .await
            .unwrap();
    }

    /// Runs when `DOMINO_TEST_POSTGRES` names a server, e.g.
    /// `postgres://postgres@127.0.0.1/domino_test`.
    #[tokio::test]
    async fn postgres_store_keeps_the_same_contract() {
        let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
            eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
            return;
        };
        let store = Store::connect(&url).await.unwrap();
        assert_eq!(store.backend(), Backend::Postgres);
        // Unique across runs on the same database.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let id = format!("pg{}x{nanos}", std::process::id());
        contract(&store, &id).await;
    }
}
