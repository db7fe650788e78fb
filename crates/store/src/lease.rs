//! Table ownership between nodes that share one PostgreSQL database: a
//! lease row per live table (`domino_leases`: table, node, expiry), taken
//! when a node opens the table and renewed by the node's heartbeat. A node
//! opens only tables nobody holds or whose lease ran out, so each table has
//! one owner at a time; when a node dies its leases run out and the others
//! take its tables over, rebuilding each from its log.
//!
//! A lease names its holder's run too: the channel its relay listens on
//! ([`Holder`]), new each time the process starts, and also the name of
//! its listening connection. So a node restarted under its own name takes
//! its tables back at once, and the other nodes, which see the run change,
//! attach their sockets to the new process, which knows none of the old
//! one's. And a killed node's tables need not wait for their leases to run
//! out: its listening connection closes when the process dies, and a lease
//! whose run has no connection is anybody's (a node that stalls keeps its
//! connection, and its tables move when their leases run out).
//!
//! Expiry is reckoned on the database's clock, so the nodes' clocks do not
//! matter. A SQLite file has one server (its lock file): there the leases
//! are not used.

use std::time::Duration;

use sqlx::Row;

use crate::db::Db;
use crate::postgres::{self, run_gone, LIVE_CHANNELS, NOW_MS};
use crate::Backend;
use domino_engine::RulesSpec;

fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// How long [`Leases::take_lease`] waits for a lease row another
/// transaction has locked.
pub const LOCK_WAIT: Duration = Duration::from_millis(250);

/// A table no node runs, as a node looking for tables to take sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unowned {
    pub table: String,
    /// How long ago its lease ran out (on the database's clock), ms; 0 if
    /// it has not (its run is gone, it is the looker's own, or it has
    /// none). Nobody could move at the table meanwhile, so its turn clock
    /// does not charge it.
    pub lapsed_ms: i64,
}

/// Who holds a lease: a node, by its name, in one run of its process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    pub node: String,
    /// The channel the run's relay listens on, which names its listening
    /// connection too (the server's relay names it); empty in a lease
    /// written by a node from before runs were kept.
    pub channel: String,
}

impl Holder {
    fn of(r: &sqlx::any::AnyRow, node: usize) -> Result<Holder, sqlx::Error> {
        Ok(Holder {
            node: r.try_get(node)?,
            channel: r.try_get(node + 1)?,
        })
    }
}

/// The statement that takes a table's lease (see [`Leases::take_lease`]).
pub(crate) fn take_lease_sql() -> String {
    let gone = run_gone("domino_leases");
    format!(
        "INSERT INTO domino_leases (table_id, node, channel, expires_at)
         VALUES ($1, $2, $3, {NOW_MS} + $4)
         ON CONFLICT (table_id) DO UPDATE
         SET node = excluded.node, channel = excluded.channel,
             expires_at = excluded.expires_at
         WHERE domino_leases.node = excluded.node OR domino_leases.expires_at < {NOW_MS}
            OR {gone}"
    )
}

/// [`take_lease_sql`] with its arguments: one row written if `me` holds
/// the lease now.
pub(crate) fn take_lease_query<'q>(
    sql: &'q str,
    table: &'q str,
    me: &'q Holder,
    ttl: Duration,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    sqlx::query(sql)
        .bind(table)
        .bind(&me.node)
        .bind(&me.channel)
        .bind(ms(ttl))
}

/// The tables' leases: which node runs each table, taken, renewed and
/// looked for; and, below, what the relay between nodes reads.
#[derive(Clone, Debug)]
pub struct Leases {
    pub(crate) db: Db,
}

impl Leases {
    pub(crate) fn new(db: Db) -> Leases {
        Leases { db }
    }

    /// Whether tables are owned through leases: on PostgreSQL, which
    /// several nodes may share (a SQLite file has one server).
    pub fn leased(&self) -> bool {
        self.db.leased()
    }

    /// Take `table`'s lease for `me` for `ttl`, or keep it if `me.node`
    /// holds it already (in this run or an earlier one, which this run
    /// replaces); it is taken when it ran out or its run is gone. Whether
    /// `me` holds it now.
    ///
    /// It waits at most [`LOCK_WAIT`] for the lease row: a row locked by
    /// another node's open transaction (a log batch's fence, held by a
    /// node stopped mid-commit) answers "not now", so that the tables
    /// after it in a look are not held up; the holder's transaction ends
    /// within the idle limit (see `Store::connect_leasing`).
    pub async fn take_lease(
        &self,
        table: &str,
        me: &Holder,
        ttl: Duration,
    ) -> Result<bool, sqlx::Error> {
        use sqlx::{Connection, Executor};
        let sql = take_lease_sql();
        if self.db.backend != Backend::Postgres {
            let done = take_lease_query(&sql, table, me, ttl)
                .execute(&self.db.pool)
                .await?;
            return Ok(done.rows_affected() == 1);
        }
        let mut conn = self.db.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        tx.execute(format!("SET LOCAL lock_timeout = {}", ms(LOCK_WAIT)).as_str())
            .await?;
        let done = match take_lease_query(&sql, table, me, ttl)
            .execute(&mut *tx)
            .await
        {
            Ok(done) => done,
            Err(e) if postgres::lock_not_available(&e) => return Ok(false),
            Err(e) => return Err(e),
        };
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// The heartbeat: let go of `node`'s finished tables and renew its
    /// other leases for `ttl`; the tables it still holds (a table missing
    /// from the answer was taken over while this node did not renew).
    pub async fn renew_leases(
        &self,
        node: &str,
        ttl: Duration,
    ) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query(
            "DELETE FROM domino_leases WHERE node = $1 AND table_id IN
             (SELECT id FROM domino_tables WHERE finished_at IS NOT NULL)",
        )
        .bind(node)
        .execute(&self.db.pool)
        .await?;
        // The rows are locked in the tables' order, as a batch of the log
        // locks them (see `batch`): the two never wait for each other in
        // a circle.
        let sql = format!(
            "UPDATE domino_leases SET expires_at = {NOW_MS} + $2
             WHERE node = $1 AND table_id IN (SELECT table_id FROM domino_leases
                 WHERE node = $1 ORDER BY table_id FOR UPDATE)
             RETURNING table_id"
        );
        sqlx::query(&sql)
            .bind(node)
            .bind(ms(ttl))
            .fetch_all(&self.db.pool)
            .await?
            .iter()
            .map(|r| r.try_get(0))
            .collect()
    }

    /// Unfinished tables `node` may open, oldest first: their lease ran
    /// out or its run is gone, or is `node`'s own (from before a restart),
    /// or they have none
    /// and were created more than `ttl` ago (a node takes a new table's
    /// lease right after creating it, so a younger one is still being
    /// opened by its creator).
    pub async fn unowned(&self, node: &str, ttl: Duration) -> Result<Vec<String>, sqlx::Error> {
        Ok(self
            .unowned_since(node, ttl)
            .await?
            .into_iter()
            .map(|u| u.table)
            .collect())
    }

    /// [`Leases::unowned`], each with how long its lease has been out.
    pub async fn unowned_since(
        &self,
        node: &str,
        ttl: Duration,
    ) -> Result<Vec<Unowned>, sqlx::Error> {
        let gone = run_gone("l");
        let sql = format!(
            "SELECT t.id, CASE WHEN l.expires_at < {NOW_MS} THEN {NOW_MS} - l.expires_at ELSE 0 END
             FROM domino_tables t LEFT JOIN domino_leases l ON l.table_id = t.id
             WHERE t.finished_at IS NULL
               AND ((l.table_id IS NULL AND t.created_at < {NOW_MS} - $1)
                    OR l.expires_at < {NOW_MS} OR l.node = $2 OR {gone})
             ORDER BY t.created_at, t.id"
        );
        sqlx::query(&sql)
            .bind(ms(ttl))
            .bind(node)
            .fetch_all(&self.db.pool)
            .await?
            .iter()
            .map(|r| {
                Ok(Unowned {
                    table: r.try_get(0)?,
                    lapsed_ms: r.try_get(1)?,
                })
            })
            .collect()
    }
}

/// A live table as the lobby of another node shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct LobbyRow {
    pub id: String,
    pub rules: RulesSpec,
    pub bot: String,
    pub private: bool,
    pub humans: i64,
    pub seats: Option<String>,
    /// The hand being played (the last logged one's number).
    pub hand: i64,
    /// The claimed seats' names, by seat.
    pub names: Vec<(i64, String)>,
    /// The turn clock, JSON (see [`crate::TableRow::clock`]).
    pub clock: Option<String>,
}

/// The columns of a [`LobbyRow`], from `domino_tables t`.
fn lobby_columns() -> String {
    format!(
        "t.id, t.rules, t.bot, t.private, t.humans, t.seats, t.clock,
         COALESCE((SELECT MAX(a.hand) FROM domino_actions a WHERE a.table_id = t.id), 0) AS hand,
         {} AS names",
        postgres::seat_names("t.id")
    )
}

fn lobby_row(r: &sqlx::any::AnyRow) -> Result<LobbyRow, sqlx::Error> {
    let names: String = r.try_get("names")?;
    Ok(LobbyRow {
        id: r.try_get("id")?,
        rules: crate::rules_of(r)?,
        bot: r.try_get("bot")?,
        private: r.try_get::<i64, _>("private")? != 0,
        humans: r.try_get("humans")?,
        seats: r.try_get("seats")?,
        hand: r.try_get("hand")?,
        names: serde_json::from_str(&names).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
        clock: r.try_get("clock")?,
    })
}

/// What the server's relay between nodes reads (PostgreSQL only): the
/// channels nodes listen on, the holders of leases, and the tables other
/// nodes hold as a lobby shows them (these read the tables' rows, but
/// only for the relay, beside the leases they join).
impl Leases {
    /// The channels nodes are listening on now (their listening
    /// connections are named after them).
    pub async fn live_channels(&self) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query(LIVE_CHANNELS)
            .fetch_all(&self.db.pool)
            .await?
            .iter()
            .map(|r| r.try_get(0))
            .collect()
    }

    /// Who holds `table`'s lease, while it is held.
    pub async fn lease_holder(&self, table: &str) -> Result<Option<Holder>, sqlx::Error> {
        let sql = format!(
            "SELECT node, channel FROM domino_leases WHERE table_id = $1 AND expires_at >= {NOW_MS}"
        );
        sqlx::query(&sql)
            .bind(table)
            .fetch_optional(&self.db.pool)
            .await?
            .map(|r| Holder::of(&r, 0))
            .transpose()
    }

    /// The holders of the leases of `tables` still held.
    pub async fn lease_holders(
        &self,
        tables: &[String],
    ) -> Result<Vec<(String, Holder)>, sqlx::Error> {
        let ids = crate::json_text(tables)?;
        let sql = format!(
            "SELECT table_id, node, channel FROM domino_leases
             WHERE table_id IN ({})
               AND expires_at >= {NOW_MS}",
            postgres::each_of_json("$1")
        );
        sqlx::query(&sql)
            .bind(ids)
            .fetch_all(&self.db.pool)
            .await?
            .iter()
            .map(|r| Ok((r.try_get(0)?, Holder::of(r, 1)?)))
            .collect()
    }

    /// One unfinished table, as a lobby shows it.
    pub async fn lobby_row(&self, id: &str) -> Result<Option<LobbyRow>, sqlx::Error> {
        let sql = format!(
            "SELECT {} FROM domino_tables t WHERE t.id = $1 AND t.finished_at IS NULL",
            lobby_columns()
        );
        sqlx::query(&sql)
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?
            .map(|r| lobby_row(&r))
            .transpose()
    }

    /// The public unfinished tables other nodes than `node` hold, newest
    /// first, at most 200.
    pub async fn remote_lobby(&self, node: &str) -> Result<Vec<LobbyRow>, sqlx::Error> {
        let sql = format!(
            "SELECT {} FROM domino_tables t JOIN domino_leases l ON l.table_id = t.id
             WHERE t.finished_at IS NULL AND t.private = 0 AND l.node <> $1
               AND l.expires_at >= {NOW_MS}
             ORDER BY t.created_at DESC LIMIT 200",
            lobby_columns()
        );
        sqlx::query(&sql)
            .bind(node)
            .fetch_all(&self.db.pool)
            .await?
            .iter()
            .map(lobby_row)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::tests::{now_ms, table_row as table};
    use crate::Store;

    /// Runs when `DOMINO_TEST_POSTGRES` names a server.
    #[tokio::test]
    async fn one_node_holds_a_table_until_its_lease_runs_out() {
        let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
            eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
            return;
        };
        let store = Store::connect(&url).await.unwrap();
        let (tables, leases) = (store.tables(), store.leases());
        let id = format!("lease{}x{}", std::process::id(), rand::random::<u32>());
        let (a, b) = (format!("{id}-a"), format!("{id}-b"));
        let now = now_ms();
        tables.create_table(&table(&id, now)).await.unwrap();
        let ttl = Duration::from_millis(400);
        let long = Duration::from_secs(60);
        // Runs of no channel: judged by their leases' expiry alone.
        let run = |node: &str, channel: &str| Holder {
            node: node.into(),
            channel: channel.into(),
        };
        let (ha, hb) = (run(&a, ""), run(&b, ""));
        assert!(
            !leases.unowned(&b, long).await.unwrap().contains(&id),
            "a new table without a lease is its creator's for a while"
        );
        assert!(leases.take_lease(&id, &ha, ttl).await.unwrap());
        assert!(leases.take_lease(&id, &ha, ttl).await.unwrap(), "kept");
        assert!(!leases.take_lease(&id, &hb, ttl).await.unwrap(), "held");
        assert_eq!(leases.lease_holder(&id).await.unwrap(), Some(ha.clone()));
        assert!(!leases.unowned(&b, ttl).await.unwrap().contains(&id));
        assert!(
            leases.unowned(&a, ttl).await.unwrap().contains(&id),
            "a restarted node takes its own tables back"
        );
        // Restarted under its name: a new run, which the others see.
        let ha2 = run(&a, "");
        assert!(leases.take_lease(&id, &ha2, ttl).await.unwrap());
        assert_eq!(leases.lease_holder(&id).await.unwrap(), Some(ha2.clone()));
        assert_eq!(
            leases
                .lease_holders(std::slice::from_ref(&id))
                .await
                .unwrap(),
            vec![(id.clone(), ha2)]
        );
        assert!(leases.renew_leases(&a, ttl).await.unwrap().contains(&id));

        tokio::time::sleep(ttl + Duration::from_millis(200)).await;
        assert!(leases.unowned(&b, ttl).await.unwrap().contains(&id));
        assert!(leases.take_lease(&id, &hb, ttl).await.unwrap(), "ran out");
        assert!(
            !leases.renew_leases(&a, ttl).await.unwrap().contains(&id),
            "the old owner hears it lost the table"
        );
        assert!(leases.renew_leases(&b, ttl).await.unwrap().contains(&id));
        assert_eq!(
            tables.unfinished_one(&id).await.unwrap().unwrap().table,
            table(&id, now)
        );

        tables
            .finish(&id, &b, now + 1, &crate::tests::record())
            .await
            .unwrap();
        assert!(
            !leases.renew_leases(&b, ttl).await.unwrap().contains(&id),
            "let go once finished"
        );
        assert!(tables.unfinished_one(&id).await.unwrap().is_none());
        assert!(!leases.unowned(&b, ttl).await.unwrap().contains(&id));

        // A table from before leases (or whose creator died before taking
        // its lease) is anybody's.
        let old = format!("{id}-old");
        tables.create_table(&table(&old, 1)).await.unwrap();
        assert!(leases.unowned(&b, long).await.unwrap().contains(&old));
        assert!(leases.take_lease(&old, &hb, ttl).await.unwrap());
        tables
            .finish(&old, &b, now, &crate::tests::record())
            .await
            .unwrap();
    }

    /// A killed node's listening connection closes with its process: its
    /// tables are anybody's at once, not when their leases run out. Runs
    /// when `DOMINO_TEST_POSTGRES` names a server.
    #[tokio::test]
    async fn a_lease_whose_run_is_gone_is_taken_at_once() {
        use sqlx::Connection;
        use std::str::FromStr;
        let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
            eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
            return;
        };
        let store = Store::connect(&url).await.unwrap();
        let (tables, leases) = (store.tables(), store.leases());
        let id = format!("gone{}x{}", std::process::id(), rand::random::<u32>());
        let a = Holder {
            node: format!("{id}-a"),
            channel: format!("domino_{id}a"),
        };
        let b = Holder {
            node: format!("{id}-b"),
            channel: format!("domino_{id}b"),
        };
        let opts = sqlx::postgres::PgConnectOptions::from_str(&url)
            .unwrap()
            .application_name(&a.channel);
        let listening = sqlx::PgConnection::connect_with(&opts).await.unwrap();
        tables.create_table(&table(&id, now_ms())).await.unwrap();
        let long = Duration::from_secs(600);
        assert!(leases.take_lease(&id, &a, long).await.unwrap());
        assert!(!leases.unowned(&b.node, long).await.unwrap().contains(&id));
        assert!(!leases.take_lease(&id, &b, long).await.unwrap(), "held");

        listening.close().await.unwrap();
        let began = std::time::Instant::now();
        while !leases.unowned(&b.node, long).await.unwrap().contains(&id) {
            assert!(began.elapsed() < Duration::from_secs(10), "never free");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(
            leases.take_lease(&id, &b, long).await.unwrap(),
            "taken at once"
        );
        assert_eq!(leases.lease_holder(&id).await.unwrap(), Some(b.clone()));
        tables
            .finish(&id, &b.node, 1, &crate::tests::record())
            .await
            .unwrap();
    }

    /// A node stopped in the middle of a transaction that fences a table's
    /// lease row (as a log batch does) keeps that row locked: the others
    /// are told "not now" instead of waiting, and once the database ends
    /// the idle transaction they take the table, knowing how long its
    /// lease has been out; the stopped node's commit then fails. Runs when
    /// `DOMINO_TEST_POSTGRES` names a server.
    #[tokio::test]
    async fn a_node_stopped_mid_transaction_does_not_keep_its_tables() {
        use sqlx::{Connection, Executor};
        let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
            eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
            return;
        };
        let ttl = Duration::from_millis(300);
        let stopped = Store::connect_leasing(&url, ttl).await.unwrap();
        let other = Store::connect(&url).await.unwrap();
        let id = format!("stall{}x{}", std::process::id(), rand::random::<u32>());
        let run = |node: &str| Holder {
            node: format!("{id}-{node}"),
            channel: String::new(),
        };
        let (a, b) = (run("a"), run("b"));
        other
            .tables()
            .create_table(&table(&id, now_ms()))
            .await
            .unwrap();
        assert!(stopped.leases().take_lease(&id, &a, ttl).await.unwrap());
        let mut conn = stopped.db.pool.acquire().await.unwrap();
        let mut tx = conn.begin().await.unwrap();
        tx.execute(
            sqlx::query("SELECT 1 FROM domino_leases WHERE table_id = $1 AND node = $2 FOR SHARE")
                .bind(&id)
                .bind(&a.node),
        )
        .await
        .unwrap();
        // The process stops here: its transaction stays open.
        tokio::time::sleep(ttl + Duration::from_millis(200)).await;
        let seen = other.leases().unowned_since(&b.node, ttl).await.unwrap();
        let lapsed = seen.iter().find(|u| u.table == id).map(|u| u.lapsed_ms);
        assert!(lapsed.is_some_and(|ms| ms > 0), "{seen:?}");
        assert!(
            !other.leases().take_lease(&id, &b, ttl).await.unwrap(),
            "locked: not now, and no waiting"
        );
        let began = std::time::Instant::now();
        while !other.leases().take_lease(&id, &b, ttl).await.unwrap() {
            assert!(
                began.elapsed() < Duration::from_secs(30),
                "the stopped node's transaction was never ended"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(
            other.leases().lease_holder(&id).await.unwrap(),
            Some(b.clone())
        );
        assert!(tx.commit().await.is_err(), "its transaction was ended");
        other
            .tables()
            .finish(&id, &b.node, 1, &crate::tests::record())
            .await
            .unwrap();
    }
}
