//! What every repository shares: the connection pool, which database it
//! is, and the histogram each write is timed into; with the helpers that
//! time a write, and the lease fence every write of a table's copy
//! carries (see [`Db::fence`]).

use std::sync::Arc;

use sqlx::AnyPool;

use crate::latency::Histogram;
use crate::{Backend, TableWriteError};

/// The database handle each repository holds, cheap to clone.
#[derive(Clone, Debug)]
pub(crate) struct Db {
    pub(crate) pool: AnyPool,
    pub(crate) backend: Backend,
    /// How long each write took, for `/metrics` (a log entry: from being
    /// queued to its batch's commit).
    pub(crate) writes: Arc<Histogram>,
}

/// [`Db::fence`] for a store that is `leased` or not.
pub(crate) fn fence_sql(leased: bool, table: u8, node: u8) -> String {
    if leased {
        crate::postgres::lease_fence(&format!("${table}"), &format!("${node}"))
    } else {
        "1 = 1".into()
    }
}

impl Db {
    /// Whether tables are owned through leases: on PostgreSQL, which
    /// several nodes may share (a SQLite file has one server).
    pub(crate) fn leased(&self) -> bool {
        self.backend == Backend::Postgres
    }

    /// Run one write, timed.
    pub(crate) async fn write<'q>(
        &self,
        q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ) -> Result<(), sqlx::Error> {
        self.write_counted(q).await.map(|_| ())
    }

    /// Run one write, timed; how many rows it wrote.
    pub(crate) async fn write_counted<'q>(
        &self,
        q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ) -> Result<u64, sqlx::Error> {
        let started = std::time::Instant::now();
        let done = q.execute(&self.pool).await;
        self.writes.observe(started.elapsed());
        done.map(|d| d.rows_affected())
    }

    /// The condition every write of a table's copy carries, with the
    /// statement's placeholders for the table and the node. On PostgreSQL:
    /// that the node holds the table's lease, whose row the statement
    /// locks. A node taking the table over either waits for the statement
    /// and then reads the table with the write in it, or takes the lease
    /// first, and the write is refused. So a node that stalled past its
    /// lease changes nothing at a table another node now plays. (A SQLite
    /// file has one server: there the condition always holds.)
    pub(crate) fn fence(&self, table: u8, node: u8) -> String {
        fence_sql(self.leased(), table, node)
    }

    /// Run a write of `node`'s copy of a table whose statement carries
    /// [`Db::fence`], its node placeholder the last: a write that the
    /// fence stopped, or that finds its row already stored, is
    /// `Superseded`.
    pub(crate) async fn owned_write<'q>(
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
}
