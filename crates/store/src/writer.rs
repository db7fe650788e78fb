//! Taking turns to write: the pool's and the bot seats' transactions read
//! then write, which SQLite cannot upgrade under another writer.

use sqlx::Executor;

use crate::Backend;

/// SQLite upgrades a transaction that read to a writer only if no other
/// wrote meanwhile, and answers "database is locked" at once otherwise
/// (the busy timeout does not wait for that): the pool's transactions,
/// which read then write, take turns in this process (a SQLite file has
/// one server).
static SQLITE_TURN: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// On SQLite, make `tx` the writer now (a write that changes nothing),
/// waiting its turn under the busy timeout, so that it never has to be
/// upgraded after reading.
pub(crate) async fn write_now(
    backend: Backend,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
) -> Result<(), sqlx::Error> {
    if backend == Backend::Sqlite {
        tx.execute("DELETE FROM domino_seekers WHERE 0 = 1").await?;
    }
    Ok(())
}

/// This process's turn for a pool transaction on SQLite.
pub(crate) async fn pool_turn(backend: Backend) -> Option<tokio::sync::MutexGuard<'static, ()>> {
    match backend {
        Backend::Sqlite => Some(SQLITE_TURN.lock().await),
        Backend::Postgres => None,
    }
}
