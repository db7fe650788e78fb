//! The schema: one migration per entry of [`MIGRATIONS`], applied in
//! order once each, each module's tables beside its statements.

use sqlx::{Executor, Row};

use crate::{
    asleep, bots, fairplay, own_puzzles, postgres, profiles, puzzle_runs, puzzles, seeks,
    tournaments,
};
use crate::{Backend, Store};

/// The schema, one migration per entry, applied in order once each.
/// The SQL is the common subset of SQLite and PostgreSQL.
pub(crate) const MIGRATIONS: &[&[&str]] = &[
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
    // share (`Tournaments::dealing_round`), on every spectate and history read.
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
    // Which puzzles were served to whom, and their rated tries: see `puzzles`.
    puzzles::SERVED_MIGRATION,
    // Puzzle streaks and storms, best scores, the history of tries: see
    // `puzzle_runs`.
    puzzle_runs::MIGRATION,
    // Fair play's queue, evidence, flags, roles and audit log: see `fairplay`.
    fairplay::MIGRATION,
];

impl Store {
    /// Bring the schema up to date. On PostgreSQL this runs on one
    /// connection holding the migration lock (see
    /// [`postgres::lock_migrations`]), so that of several nodes started at
    /// once one migrates and the others wait, then find nothing left to
    /// do. (A SQLite file has one server: see `sqlite::lock_file`.)
    pub(crate) async fn migrate(&self) -> Result<(), sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let locked = self.db.backend == Backend::Postgres;
        if locked {
            postgres::lock_migrations(&mut conn).await?;
        }
        let done = Self::migrate_on(&mut conn).await;
        if locked {
            postgres::unlock_migrations(conn).await;
        }
        done
    }

    /// Give the profiles made before look-alike name keys theirs, `keys`
    /// giving a name's (see [`profiles::fill_name_keys`]), under the
    /// migration lock like [`Store::migrate`]: how many were filled. The
    /// server runs it once connected; the keys are its own rules, not the
    /// store's.
    pub async fn fill_name_keys(
        &self,
        keys: impl Fn(&str) -> profiles::NameKeys,
    ) -> Result<u64, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let locked = self.db.backend == Backend::Postgres;
        if locked {
            postgres::lock_migrations(&mut conn).await?;
        }
        let done = profiles::fill_name_keys(&mut conn, keys).await;
        if locked {
            postgres::unlock_migrations(conn).await;
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
}
