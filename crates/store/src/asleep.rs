//! What a sleeping table keeps that its other rows do not say (see
//! `crate::table::dormant`): one row per table that fell asleep, written
//! when it does, read when it wakes or the server restarts, and the two
//! times the hub's sweeps look for while the table is out of memory.

use std::collections::HashMap;

use sqlx::Row;

use crate::db::Db;
use crate::TableWriteError;

/// The table of sleeping tables' kept state.
pub const MIGRATION: &[&str] = &[
    // `seq`: the log's length when the row was written (what depends on
    // the moments between moves is taken back only if nothing was played
    // since); `touched_ms`: when something was last played or someone
    // last came (NULL: never abandoned, a turn clock runs); `deadline_ms`: when the turn clock runs out (NULL: no
    // clock running); `kept`: the rest, JSON.
    "CREATE TABLE IF NOT EXISTS domino_asleep (
        table_id TEXT PRIMARY KEY,
        seq BIGINT NOT NULL,
        touched_ms BIGINT,
        deadline_ms BIGINT,
        kept TEXT NOT NULL
    )",
    "CREATE INDEX IF NOT EXISTS domino_asleep_deadline ON domino_asleep (deadline_ms)",
    "CREATE INDEX IF NOT EXISTS domino_asleep_touched ON domino_asleep (touched_ms)",
];

/// One sleeping table's row.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptRow {
    pub table_id: String,
    pub seq: i64,
    pub touched_ms: Option<i64>,
    pub deadline_ms: Option<i64>,
    pub kept: String,
}

const COLUMNS: &str = "table_id, seq, touched_ms, deadline_ms, kept";

fn kept_row(r: &sqlx::any::AnyRow) -> Result<KeptRow, sqlx::Error> {
    Ok(KeptRow {
        table_id: r.try_get("table_id")?,
        seq: r.try_get("seq")?,
        touched_ms: r.try_get("touched_ms")?,
        deadline_ms: r.try_get("deadline_ms")?,
        kept: r.try_get("kept")?,
    })
}

/// What each sleeping table keeps, and the times the sweeps wake it at.
#[derive(Clone, Debug)]
pub struct Asleep {
    pub(crate) db: Db,
}

impl Asleep {
    pub(crate) fn new(db: Db) -> Asleep {
        Asleep { db }
    }

    /// Keep `row` for the table's copy on `node` as it falls asleep
    /// (replacing an older one); fenced like every write of a table.
    pub async fn keep_asleep(&self, row: &KeptRow, node: &str) -> Result<(), TableWriteError> {
        let sql = format!(
            "INSERT INTO domino_asleep ({COLUMNS})
             SELECT $1, CAST($2 AS BIGINT), CAST($3 AS BIGINT), CAST($4 AS BIGINT), $5 WHERE {}
             ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq,
                touched_ms = excluded.touched_ms, deadline_ms = excluded.deadline_ms,
                kept = excluded.kept",
            self.db.fence(1, 6)
        );
        let q = sqlx::query(&sql)
            .bind(&row.table_id)
            .bind(row.seq)
            .bind(row.touched_ms)
            .bind(row.deadline_ms)
            .bind(&row.kept);
        self.db.owned_write(q, node).await
    }

    /// The row kept for `table`, if it ever slept.
    pub async fn kept(&self, table: &str) -> Result<Option<KeptRow>, sqlx::Error> {
        let sql = format!("SELECT {COLUMNS} FROM domino_asleep WHERE table_id = $1");
        sqlx::query(&sql)
            .bind(table)
            .fetch_optional(&self.db.pool)
            .await?
            .as_ref()
            .map(kept_row)
            .transpose()
    }

    /// Every unfinished table's kept row, by table (for a restart).
    pub async fn all_kept(&self) -> Result<HashMap<String, KeptRow>, sqlx::Error> {
        let sql = format!(
            "SELECT {COLUMNS} FROM domino_asleep WHERE table_id IN
                (SELECT id FROM domino_tables WHERE finished_at IS NULL)"
        );
        sqlx::query(&sql)
            .fetch_all(&self.db.pool)
            .await?
            .iter()
            .map(|r| kept_row(r).map(|k| (k.table_id.clone(), k)))
            .collect()
    }

    /// The tables whose kept turn clock ran out by `now_ms`, or that
    /// nothing touched since `untouched_ms`: the sweeps wake those of
    /// them that sleep here. (A row outlives the table's sleep until the
    /// next one or its end, so awake tables may be among them.)
    pub async fn asleep_due(
        &self,
        now_ms: i64,
        untouched_ms: i64,
    ) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query(
            "SELECT table_id FROM domino_asleep WHERE deadline_ms <= $1 OR touched_ms <= $2",
        )
        .bind(now_ms)
        .bind(untouched_ms)
        .fetch_all(&self.db.pool)
        .await?
        .iter()
        .map(|r| r.try_get("table_id"))
        .collect()
    }

    /// A finished table's row is of no more use.
    pub async fn forget_kept(&self, table: &str) -> Result<(), sqlx::Error> {
        self.db
            .write(sqlx::query("DELETE FROM domino_asleep WHERE table_id = $1").bind(table))
            .await
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::Store;

    fn row() -> KeptRow {
        KeptRow {
            table_id: "t1".into(),
            seq: 3,
            touched_ms: Some(1_000),
            deadline_ms: None,
            kept: "{}".into(),
        }
    }

    /// A row is written, replaced, read back, found by the sweeps' two
    /// times, and deleted.
    async fn round_trip(store: &Store, node: &str) {
        let asleep = store.asleep();
        let mut row = row();
        asleep.keep_asleep(&row, node).await.unwrap();
        row.deadline_ms = Some(5_000);
        row.seq = 4;
        asleep.keep_asleep(&row, node).await.unwrap();
        assert_eq!(asleep.kept("t1").await.unwrap(), Some(row));
        assert!(asleep.asleep_due(4_999, 999).await.unwrap().is_empty());
        assert_eq!(asleep.asleep_due(5_000, 0).await.unwrap(), vec!["t1"]);
        assert_eq!(asleep.asleep_due(0, 1_000).await.unwrap(), vec!["t1"]);
        asleep.forget_kept("t1").await.unwrap();
        assert_eq!(asleep.kept("t1").await.unwrap(), None);
    }

    #[tokio::test]
    async fn a_kept_row_is_replaced_read_and_found_when_due() {
        let store = Store::connect("sqlite::memory:").await.unwrap();
        round_trip(&store, "n0").await;
    }

    /// On PostgreSQL the row is fenced like every write of a table: a
    /// node without the table's lease writes nothing. Runs when
    /// `DOMINO_TEST_POSTGRES` names a server.
    #[tokio::test]
    async fn only_the_lease_holder_keeps_a_sleeping_tables_row() {
        let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
            eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
            return;
        };
        let (db, name) = crate::scratch_postgres(&url, "asleep").await.unwrap();
        let store = Store::connect(&db).await.unwrap();
        let asleep = store.asleep();
        let now = crate::tests::now_ms();
        store
            .tables()
            .create_table(&crate::tests::table_row("t1", now))
            .await
            .unwrap();
        let refused = asleep.keep_asleep(&row(), "n0").await;
        assert!(
            matches!(refused, Err(TableWriteError::Superseded(_))),
            "{refused:?}"
        );
        assert_eq!(asleep.kept("t1").await.unwrap(), None);
        let holder = crate::Holder {
            node: "n0".into(),
            channel: String::new(),
        };
        let lease = std::time::Duration::from_secs(60);
        assert!(store
            .leases()
            .take_lease("t1", &holder, lease)
            .await
            .unwrap());
        round_trip(&store, "n0").await;
        store.close().await;
        crate::drop_scratch_postgres(&url, &name).await.unwrap();
    }
}
