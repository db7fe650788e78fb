//! The statements only PostgreSQL has, in one place: advisory locks,
//! the database's clock, the lease fence's row lock, the listening
//! connections in `pg_stat_activity`, JSON aggregates, and scratch
//! databases for tests. (Everything else is the common subset of SQLite
//! and PostgreSQL.)

use sqlx::any::AnyPoolOptions;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, Executor};

/// The advisory lock a node holds while it migrates, so that nodes
/// started together on an empty database migrate one after the other
/// (concurrent `CREATE TABLE IF NOT EXISTS` collide in PostgreSQL's
/// catalog). Any fixed number: "domino" and 1.
const MIGRATION_LOCK: i64 = 0x646f_6d69_6e6f_0001;

/// Wait for and take the migration lock on `conn`.
pub(crate) async fn lock_migrations(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(MIGRATION_LOCK)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Let go of the migration lock `conn` holds; when that fails, the
/// connection is closed, which lets go of it in any case.
pub(crate) async fn unlock_migrations(mut conn: PoolConnection<Any>) {
    let unlocked = sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(MIGRATION_LOCK)
        .execute(&mut *conn)
        .await;
    if unlocked.is_err() {
        drop(conn.detach());
    }
}

/// Now on the database's clock, in ms since the epoch.
pub(crate) const NOW_MS: &str = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)";

/// The condition that the node `node` holds the lease of the table
/// `table` (both SQL expressions: placeholders or a `VALUES` list's
/// columns), locking the lease's row until the statement's transaction
/// ends (see `Db::fence`).
pub(crate) fn lease_fence(table: &str, node: &str) -> String {
    format!(
        "EXISTS (SELECT 1 FROM domino_leases l WHERE l.table_id = {table} AND l.node = {node} FOR SHARE)"
    )
}

/// Whether `e` is PostgreSQL's "lock not available" (`lock_timeout`
/// passed).
pub(crate) fn lock_not_available(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.code().as_deref() == Some("55P03"))
}

/// The seats' names of the table whose id is `table` (an SQL
/// expression), as JSON text: `[[SEAT, NAME], ...]`, `[]` for none.
pub(crate) fn seat_names(table: &str) -> String {
    format!(
        "COALESCE((SELECT CAST(json_agg(json_build_array(s.seat, s.name)) AS TEXT)
                   FROM domino_seats s WHERE s.table_id = {table}), '[]')"
    )
}

/// The texts of the JSON array `array` (an SQL expression: a JSON array
/// of strings as text), one row each.
pub(crate) fn each_of_json(array: &str) -> String {
    format!("SELECT json_array_elements_text(CAST({array} AS JSON))")
}

/// The advisory lock held by the transaction that pairs, so that of
/// several nodes one pairs at a time ("domino" and 2).
const PAIRING_LOCK: i64 = 0x646f_6d69_6e6f_0002;

/// Take [`PAIRING_LOCK`] until `tx` ends.
pub(crate) async fn lock_pairing(tx: &mut sqlx::Transaction<'_, Any>) -> Result<(), sqlx::Error> {
    tx.execute(sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(PAIRING_LOCK))
        .await?;
    Ok(())
}

/// The first key of the advisory locks taken per address while a seek is
/// added ("do" and 3); the second is the address's hash.
const ADDRESS_LOCK: i32 = 0x646f_0003;

/// Take the advisory lock of each of `addresses` (sorted, no twice)
/// until `tx` ends, all in one statement, in the order of their keys:
/// two transactions that share addresses wait for each other rather than
/// deadlock.
pub(crate) async fn lock_addresses(
    tx: &mut sqlx::Transaction<'_, Any>,
    addresses: &[&str],
) -> Result<(), sqlx::Error> {
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
    let mut q = sqlx::query(&sql).bind(ADDRESS_LOCK);
    for a in addresses {
        q = q.bind(*a);
    }
    q.fetch_all(&mut **tx).await?;
    Ok(())
}

/// Whether the run holding the lease row `l` is gone: its listening
/// connection is closed (a node from before runs were kept is judged by
/// its lease's expiry alone).
pub(crate) fn run_gone(l: &str) -> String {
    format!(
        "({l}.channel <> '' AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a
          WHERE a.application_name = {l}.channel))"
    )
}

/// The channels nodes are listening on now: their listening connections
/// are named after them (`domino_...`).
pub(crate) const LIVE_CHANNELS: &str = "SELECT DISTINCT application_name FROM pg_stat_activity
     WHERE application_name LIKE 'domino\\_%'";

/// PostgreSQL aborted the transaction for a deadlock or a serialization
/// failure: trying again may succeed.
pub(crate) fn retryable(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d)
        if matches!(d.code().as_deref(), Some("40P01" | "40001")))
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
