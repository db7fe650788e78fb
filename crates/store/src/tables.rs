//! Tables, their seats and their append-only log of actions: what a
//! table's copy writes as it plays (fenced by its lease on PostgreSQL),
//! and what restoring and the history read back.

use std::sync::Arc;

use domino_engine::{Action, RulesSpec};
use sqlx::Row;
use tokio::sync::mpsc;

use crate::batch;
use crate::batched;
use crate::db::Db;
use crate::TableWriteError;

/// The statement that stores a new table (a [`TableRow`], in its order).
const CREATE_TABLE: &str =
    "INSERT INTO domino_tables (id, created_at, rules, secret, bot, private, humans, seats, clock)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";

/// [`CREATE_TABLE`] bound to a table, for a lone write and for a round's batch.
pub(crate) fn create_table_query(
    t: &TableRow,
) -> Result<sqlx::query::Query<'_, sqlx::Any, sqlx::any::AnyArguments<'_>>, sqlx::Error> {
    Ok(sqlx::query(CREATE_TABLE)
        .bind(&t.id)
        .bind(t.created_at)
        .bind(crate::rules_text(&t.rules)?)
        .bind(&t.secret)
        .bind(&t.bot)
        .bind(i64::from(t.private))
        .bind(t.humans)
        .bind(&t.seats)
        .bind(&t.clock))
}

/// A table as created.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    pub id: String,
    pub created_at: i64,
    pub rules: RulesSpec,
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
    /// The stored text: the action's protocol JSON, or `next`; an action
    /// that cannot be written is an error, never an empty text.
    pub fn column(&self) -> Result<String, sqlx::Error> {
        match self {
            Logged::Act(a) => crate::json_text(a),
            Logged::NextHand => Ok("next".into()),
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

/// Tables, their seats, the append-only log of each and the finished
/// records: every write of a table's copy, fenced by its lease.
#[derive(Clone, Debug)]
pub struct Tables {
    pub(crate) db: Db,
    /// The group-commit writer of log entries (see `batch`); `None` when
    /// turned off (`DOMINO_GROUP_COMMIT=off`), each entry then committed on
    /// its own.
    log_writer: Option<mpsc::UnboundedSender<batch::Pending>>,
    /// Commits and entries of the log so far.
    pub(crate) log_counts: Arc<batch::Counts>,
}

impl Tables {
    /// The tables of `db`, with the log's writer started (unless group
    /// commit is turned off).
    pub(crate) fn start(db: Db) -> Tables {
        let log_counts = Arc::new(batch::Counts::default());
        let log_writer = group_commit().then(|| {
            batch::Writer {
                pool: db.pool.clone(),
                leased: db.leased(),
                writes: db.writes.clone(),
                counts: log_counts.clone(),
            }
            .spawn()
        });
        Tables {
            db,
            log_writer,
            log_counts,
        }
    }

    pub async fn create_table(&self, t: &TableRow) -> Result<(), sqlx::Error> {
        self.db.write(create_table_query(t)?).await
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
        self.db.owned_write(q, node).await
    }

    /// The statement that seats a player: table, seat, name, token hash,
    /// left hand, profile, and the node (fenced by its lease).
    pub(crate) fn add_seat_sql(&self) -> String {
        format!(
            "INSERT INTO domino_seats (table_id, seat, name, token_hash, left_hand, profile_id)
             SELECT $1, $2, $3, $4, $5, $6 WHERE {}",
            self.db.fence(1, 7)
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
            self.db.fence(2, 4)
        );
        let q = sqlx::query(&sql).bind(hand).bind(table).bind(seat);
        self.db.owned_write(q, node).await
    }

    /// The player takes back a seat left to the computer (see the
    /// server's `Table::take_back`).
    pub async fn return_to_seat(
        &self,
        table: &str,
        node: &str,
        seat: i64,
    ) -> Result<(), TableWriteError> {
        let sql = format!(
            "UPDATE domino_seats SET left_hand = NULL WHERE table_id = $1 AND seat = $2 AND {}",
            self.db.fence(1, 3)
        );
        let q = sqlx::query(&sql).bind(table).bind(seat);
        self.db.owned_write(q, node).await
    }

    /// A new seat plan (the creator filled the invited seats with bots).
    pub async fn set_seats<T: serde::Serialize>(
        &self,
        table: &str,
        node: &str,
        seats: &T,
    ) -> Result<(), TableWriteError> {
        let seats = crate::json_text(seats)?;
        let sql = format!(
            "UPDATE domino_tables SET seats = $1 WHERE id = $2 AND {}",
            self.db.fence(2, 3)
        );
        let q = sqlx::query(&sql).bind(seats).bind(table);
        self.db.owned_write(q, node).await
    }

    /// Whether a table of this id was ever created here.
    pub async fn exists(&self, table: &str) -> Result<bool, sqlx::Error> {
        Ok(sqlx::query("SELECT 1 FROM domino_tables WHERE id = $1")
            .bind(table)
            .fetch_optional(&self.db.pool)
            .await?
            .is_some())
    }

    /// Append one log entry for the table's copy on `node`; it is durable
    /// when this returns. Only the lease holder's entries are taken (see
    /// `Db::fence`), and an entry at a position the log already has
    /// is refused: either way the copy is `Superseded`. The entry goes in
    /// the next batch of the log's writer (see `batch`), with the entries
    /// of every other table queued by then.
    pub async fn append(&self, table: &str, node: &str, e: &LogRow) -> Result<(), TableWriteError> {
        let Some(writer) = &self.log_writer else {
            return self.append_alone(table, node, e).await;
        };
        let action = e.action.column()?;
        let pending = |done| batch::Pending {
            table: table.to_string(),
            node: node.to_string(),
            row: e.clone(),
            action,
            queued: std::time::Instant::now(),
            done,
        };
        batched::queued(writer, pending)
            .await
            .unwrap_or_else(|| Err(sqlx::Error::PoolClosed.into()))
    }

    /// [`Tables::append`] in a transaction of its own.
    pub(crate) async fn append_alone(
        &self,
        table: &str,
        node: &str,
        e: &LogRow,
    ) -> Result<(), TableWriteError> {
        let sql = format!(
            "INSERT INTO domino_actions (table_id, seq, hand, seat, action, auto, at)
             SELECT $1, $2, $3, $4, $5, $6, $7 WHERE {}",
            self.db.fence(1, 8)
        );
        let q = sqlx::query(&sql)
            .bind(table)
            .bind(e.seq)
            .bind(e.hand)
            .bind(e.seat)
            .bind(e.action.column()?)
            .bind(i64::from(e.auto))
            .bind(e.at);
        let done = self.db.owned_write(q, node).await;
        let c = &self.log_counts;
        c.commits.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        c.entries.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        done
    }

    /// Close a table nobody plays (or whose match was aborted): finished,
    /// with its record so far, and marked abandoned.
    pub async fn abandon(
        &self,
        table: &str,
        node: &str,
        at: i64,
        record: &(impl serde::Serialize + Sync),
    ) -> Result<(), TableWriteError> {
        self.close_table(table, node, at, record, true).await
    }

    /// Mark a table finished with its final record (a `Record`, or one
    /// with more beside it that readers of a `Record` pass over, such as
    /// the server's forfeit).
    pub async fn finish(
        &self,
        table: &str,
        node: &str,
        at: i64,
        record: &(impl serde::Serialize + Sync),
    ) -> Result<(), TableWriteError> {
        self.close_table(table, node, at, record, false).await
    }

    async fn close_table(
        &self,
        table: &str,
        node: &str,
        at: i64,
        record: &(impl serde::Serialize + Sync),
        abandoned: bool,
    ) -> Result<(), TableWriteError> {
        let record = crate::json_text(record)?;
        let sql = format!(
            "UPDATE domino_tables SET finished_at = $1, record = $2, abandoned = $3 WHERE id = $4 AND {}",
            self.db.fence(4, 5)
        );
        let q = sqlx::query(&sql)
            .bind(at)
            .bind(&record)
            .bind(i64::from(abandoned))
            .bind(table);
        self.db.owned_write(q, node).await
    }

    fn table_row(r: &sqlx::any::AnyRow) -> Result<TableRow, sqlx::Error> {
        Ok(from_row!(r, TableRow {
            id, created_at, secret, bot, humans, seats, clock;
            rules: crate::rules_of(r)?,
            private: r.try_get::<i64, _>("private")? != 0,
        }))
    }

    pub(crate) async fn seats(&self, table: &str) -> Result<Vec<SeatRow>, sqlx::Error> {
        let rows = sqlx::query(
                "SELECT seat, name, token_hash, left_hand, profile_id FROM domino_seats WHERE table_id = $1 ORDER BY seat",
            )
            .bind(table)
            .fetch_all(&self.db.pool)
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
        .fetch_all(&self.db.pool)
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
        .fetch_all(&self.db.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            out.push(self.saved(r).await?);
        }
        Ok(out)
    }

    /// One unfinished table with its seats and log, to rebuild it.
    pub async fn unfinished_one(&self, id: &str) -> Result<Option<Saved>, sqlx::Error> {
        let Some(r) = sqlx::query(
            "SELECT id, created_at, rules, secret, bot, private, humans, seats, clock FROM domino_tables
             WHERE id = $1 AND finished_at IS NULL",
        )
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?
        else {
            return Ok(None);
        };
        self.saved(&r).await.map(Some)
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
        .fetch_all(&self.db.pool)
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
            .fetch_all(&self.db.pool)
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
            .fetch_optional(&self.db.pool)
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
