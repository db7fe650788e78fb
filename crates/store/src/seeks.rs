//! The pairing pool in the database (the server's `pool/`): each seek
//! (one player, or a team of two) waiting for a game, and who is seeking.
//! The pool lives here, not in a node's memory, so that any node answers
//! a seeker and a node's loss loses no seek; pairings are made in one
//! transaction, on PostgreSQL under an advisory lock, so each is made once.

use std::collections::HashMap;

use sqlx::{Connection, Executor, Row};

use tokio::sync::{mpsc, oneshot};

use crate::bots::SeekSide;
use domino_engine::RulesSpec;

use crate::db::Db;
use crate::Backend;

/// The migration of this module (one entry of `MIGRATIONS`).
pub(crate) const MIGRATION: &[&str] = &[
    // A seek: `game` is the pool's key (the same key: the same game asked
    // for), `members` a JSON list of [`Member`]s (`size` of them once the
    // team is whole; a team being formed has `team_code`), `created_at`
    // when it entered the pool. Once paired: the table's id, the seats of
    // the members (JSON) and when.
    "CREATE TABLE IF NOT EXISTS domino_seeks (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        rules TEXT NOT NULL,
        rated BIGINT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        fill_ms BIGINT,
        members TEXT NOT NULL,
        size BIGINT NOT NULL,
        team_code TEXT,
        created_at BIGINT NOT NULL,
        table_id TEXT,
        seats TEXT,
        paired_at BIGINT
    )",
    "CREATE INDEX IF NOT EXISTS domino_seeks_table ON domino_seeks (table_id)",
    "CREATE UNIQUE INDEX IF NOT EXISTS domino_seeks_team ON domino_seeks (team_code)",
    // One seek per player (`p:` and a profile id, or `g:` and a guest's
    // browser id): the key refuses a second one on any node.
    "CREATE TABLE IF NOT EXISTS domino_seekers (
        player TEXT PRIMARY KEY,
        seek_id TEXT NOT NULL
    )",
];

/// The second migration of this module: the address a seek came from, for
/// the cap on open seeks per address (guests' ids cost nothing to make,
/// an address does), and the clock the seeker chose (a
/// `domino_engine::TimeControl`, JSON; NULL before this migration: none).
pub(crate) const ADDRESS_CLOCK_MIGRATION: &[&str] = &[
    "ALTER TABLE domino_seeks ADD COLUMN address TEXT",
    "ALTER TABLE domino_seeks ADD COLUMN clock TEXT",
    "CREATE INDEX IF NOT EXISTS domino_seeks_address ON domino_seeks (address, table_id)",
];

/// An open seek with no side (`domino_seek_sides`), stored before seeks
/// had sides or between a seek and its side when they were two writes, is
/// never placed: the pool places only the seeks whose side it read.
macro_rules! sideless {
    () => {
        "SELECT k.id FROM domino_seeks k
         WHERE k.table_id IS NULL
           AND NOT EXISTS (SELECT 1 FROM domino_seek_sides s WHERE s.seek_id = k.id)"
    };
}

/// A sideless seek of a bot account (its members name a bot profile):
/// its side would need the seat token, which only the bot was given.
macro_rules! sideless_bots {
    () => {
        concat!(
            sideless!(),
            " AND EXISTS (SELECT 1 FROM domino_profiles p
               WHERE p.bot = 1 AND k.members LIKE '%\"profile_id\":\"' || p.id || '\"%')"
        )
    };
}

/// The third migration of this module: the sideless seeks. A person's
/// gets the side a person's seek had by default (a person, paired with
/// people); a bot account's is taken out of the pool, which the bot
/// reads as a seek that is over (`no_seek`) when it next looks, as the
/// page does, and it asks again.
pub(crate) const SIDES_MIGRATION: &[&str] = &[
    concat!(
        "DELETE FROM domino_seekers WHERE seek_id IN (",
        sideless_bots!(),
        ")"
    ),
    concat!(
        "DELETE FROM domino_seeks WHERE id IN (",
        sideless_bots!(),
        ")"
    ),
    concat!(
        "INSERT INTO domino_seek_sides (seek_id, bot, opponents, profile_id, token)
         SELECT id, 0, 'people', NULL, NULL FROM (",
        sideless!(),
        ") AS sideless"
    ),
];

/// The pairing pool: the seeks waiting and paired, who seeks, and each
/// seek's side (who asked, whom it admits); a seek is added by the seek
/// writer (see `seek_batch`), with the others that arrive meanwhile. It
/// reads the seats, bot seats and tournament rounds too, to say whether a
/// player sits at a rated table and how a table was made.
#[derive(Clone, Debug)]
pub struct Seeks {
    pub(crate) db: Db,
    /// The writer that adds seeks in batches (see `seek_batch`).
    pub(crate) writer: mpsc::UnboundedSender<Pending>,
}

/// One seek waiting for its batch (see `seek_batch`).
#[derive(Debug)]
pub struct Pending {
    pub seek: SeekRow,
    pub side: SeekSide,
    /// The cap on seeks waiting from one address.
    pub per_address: usize,
    pub done: oneshot::Sender<Result<(), AddError>>,
}

impl Seeks {
    async fn write_now(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    ) -> Result<(), sqlx::Error> {
        crate::writer::write_now(self.db.backend, tx).await
    }

    async fn pool_turn(&self) -> Option<tokio::sync::MutexGuard<'static, ()>> {
        crate::writer::pool_turn(self.db.backend).await
    }
}

/// One player of a seek.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Member {
    /// `p:` and the profile id, or `g:` and the guest's browser id.
    pub player: String,
    pub name: String,
    pub profile_id: Option<String>,
    /// SHA-256 of the seat token the seeker was given.
    pub token_hash: String,
}

/// A seek as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct SeekRow {
    pub id: String,
    pub game: String,
    pub rules: RulesSpec,
    pub rated: bool,
    pub rating: f64,
    pub fill_ms: Option<i64>,
    pub members: Vec<Member>,
    pub size: i64,
    pub team_code: Option<String>,
    pub created_at: i64,
    pub table_id: Option<String>,
    /// The members' seats (JSON list), once paired.
    pub seats: Option<String>,
    pub paired_at: Option<i64>,
    /// The address it was asked from (the first member's).
    pub address: Option<String>,
    /// The clock chosen (a `TimeControl`, JSON); `None`: no clock.
    pub clock: Option<String>,
}

/// A seek that is put to a table: its id, table and members' seats.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub seek: String,
    pub table: String,
    pub seats: Vec<u8>,
}

/// What a pairing round read (the open seeks, oldest first, and their
/// sides) and placed.
#[derive(Debug)]
pub struct Paired {
    pub open: Vec<SeekRow>,
    pub sides: HashMap<String, SeekSide>,
    pub placed: Vec<Placed>,
}

/// The most seeks marked by one statement (3 parameters each: well within
/// SQLite's and PostgreSQL's limits on a statement's).
const MARKS_AT_ONCE: usize = 1000;

/// Mark `placed` with their tables and seats, each only if still waiting:
/// how many were marked.
async fn mark(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    placed: &[Placed],
    now_ms: i64,
) -> Result<u64, sqlx::Error> {
    let rows: Vec<String> = (0..placed.len())
        .map(|i| format!("(${}, ${}, ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3))
        .collect();
    // VALUES names its columns column1, column2... on both databases.
    let sql = format!(
        "UPDATE domino_seeks SET table_id = m.column2, seats = m.column3, paired_at = ${}
         FROM (VALUES {}) AS m
         WHERE domino_seeks.id = m.column1 AND domino_seeks.table_id IS NULL",
        3 * placed.len() + 1,
        rows.join(", ")
    );
    let mut q = sqlx::query(&sql);
    for p in placed {
        let seats = crate::json_text(&p.seats)?;
        q = q.bind(&p.seek).bind(&p.table).bind(seats);
    }
    Ok(tx.execute(q.bind(now_ms)).await?.rows_affected())
}

/// Why a seek was not added.
#[derive(Debug, thiserror::Error)]
pub enum AddError {
    /// One of its players already has a seek in the pool.
    #[error("already seeking")]
    AlreadySeeking,
    /// Its address has this many seeks waiting already.
    #[error("{0} seeks wait from this address")]
    TooManyFromAddress(usize),
    #[error(transparent)]
    Store(#[from] sqlx::Error),
    /// The batch it was added in failed (every seek of it is told).
    #[error(transparent)]
    Failed(std::sync::Arc<sqlx::Error>),
}

const COLUMNS: &str = "id, game, rules, rated, rating, fill_ms, members, size, team_code,
    created_at, table_id, seats, paired_at, address, clock";

fn seek_of(r: &sqlx::any::AnyRow) -> Result<SeekRow, sqlx::Error> {
    let members: String = r.try_get("members")?;
    let members = serde_json::from_str(&members).map_err(|e| sqlx::Error::Decode(e.into()))?;
    let rated: i64 = r.try_get("rated")?;
    Ok(
        from_row!(r, SeekRow { id, game, rating, fill_ms, size, team_code,
        created_at, table_id, seats, paired_at, address, clock;
        rules: crate::rules_of(r)?, members: members, rated: rated != 0 }),
    )
}

fn unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

fn members_text(m: &[Member]) -> Result<String, sqlx::Error> {
    crate::json_text(m)
}

impl Seeks {
    /// The second member joins a team being formed (by its code): the
    /// team enters the pool now, with the mean of the two ratings. `None`
    /// when no team is being formed under that code.
    pub async fn join_team(
        &self,
        code: &str,
        m: &Member,
        rating: f64,
        now_ms: i64,
    ) -> Result<Option<SeekRow>, AddError> {
        let _turn = self.pool_turn().await;
        let mut conn = self.db.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        self.write_now(&mut tx).await?;
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM domino_seeks WHERE team_code = $1 AND table_id IS NULL"
        ))
        .bind(code)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(mut s) = row.as_ref().map(seek_of).transpose()? else {
            return Ok(None);
        };
        if s.members.len() as i64 >= s.size {
            return Ok(None);
        }
        claim_player(&mut tx, &m.player, &s.id).await?;
        s.members.push(m.clone());
        s.rating = (s.rating + rating) / 2.0;
        s.created_at = now_ms;
        s.team_code = None;
        let done = tx
            .execute(
                sqlx::query(
                    "UPDATE domino_seeks SET members = $1, rating = $2, created_at = $3, team_code = NULL
                     WHERE id = $4 AND team_code = $5",
                )
                .bind(members_text(&s.members)?)
                .bind(s.rating)
                .bind(s.created_at)
                .bind(&s.id)
                .bind(code),
            )
            .await?;
        if done.rows_affected() != 1 {
            return Ok(None);
        }
        tx.commit().await?;
        Ok(Some(s))
    }

    /// The team being formed under `code`, if one is.
    pub async fn open_team(&self, code: &str) -> Result<Option<SeekRow>, sqlx::Error> {
        sqlx::query(&format!(
            "SELECT {COLUMNS} FROM domino_seeks WHERE team_code = $1 AND table_id IS NULL"
        ))
        .bind(code)
        .fetch_optional(&self.db.pool)
        .await?
        .as_ref()
        .map(seek_of)
        .transpose()
    }

    pub async fn seek(&self, id: &str) -> Result<Option<SeekRow>, sqlx::Error> {
        sqlx::query(&format!("SELECT {COLUMNS} FROM domino_seeks WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?
            .as_ref()
            .map(seek_of)
            .transpose()
    }

    /// The seek a player has (waiting or put to a table), if any.
    pub async fn seek_of_player(&self, player: &str) -> Result<Option<SeekRow>, sqlx::Error> {
        sqlx::query(&format!(
            "SELECT {COLUMNS} FROM domino_seeks WHERE id =
             (SELECT seek_id FROM domino_seekers WHERE player = $1)"
        ))
        .bind(player)
        .fetch_optional(&self.db.pool)
        .await?
        .as_ref()
        .map(seek_of)
        .transpose()
    }

    /// Whether a player holds a seat, not left, at an unfinished rated
    /// table: one made by a rated pairing, or a tournament's (every
    /// tournament table is rated, see [`Seeks::made_by`]).
    pub async fn at_rated_table(&self, player: &str) -> Result<bool, sqlx::Error> {
        let Some(profile) = player.strip_prefix("p:") else {
            return Ok(false);
        };
        let row = sqlx::query(
            "SELECT 1 FROM domino_seats s
             JOIN domino_tables t ON t.id = s.table_id
             WHERE s.profile_id = $1 AND s.left_hand IS NULL AND t.finished_at IS NULL
               AND (EXISTS (SELECT 1 FROM domino_seeks k WHERE k.table_id = t.id AND k.rated = 1)
                 OR EXISTS (SELECT 1 FROM domino_tournament_rounds r
                            WHERE r.tables LIKE '%\"' || t.id || '\"%'))
             LIMIT 1",
        )
        .bind(profile)
        .fetch_optional(&self.db.pool)
        .await?;
        Ok(row.is_some())
    }

    /// How a table was made, for its ratings and for how its match may
    /// end (see [`MadeBy`]).
    pub async fn made_by(&self, table: &str) -> Result<MadeBy, sqlx::Error> {
        let paired = sqlx::query("SELECT rated FROM domino_seeks WHERE table_id = $1 LIMIT 1")
            .bind(table)
            .fetch_optional(&self.db.pool)
            .await?;
        if let Some(r) = paired {
            let rated: i64 = r.try_get(0)?;
            return Ok(MadeBy::Paired { rated: rated != 0 });
        }
        // A challenge's table: its bot's seat keeps whether it was rated.
        let challenged = sqlx::query(
            "SELECT rated FROM domino_bot_seats WHERE table_id = $1 AND via = 'challenge' LIMIT 1",
        )
        .bind(table)
        .fetch_optional(&self.db.pool)
        .await?;
        if let Some(r) = challenged {
            let rated: i64 = r.try_get(0)?;
            return Ok(MadeBy::Paired { rated: rated != 0 });
        }
        // A tournament notes each table before opening it (its round
        // lists it only after); older rounds only list their tables' ids.
        let entered = sqlx::query(
            "SELECT 1 FROM domino_tournament_tables WHERE table_id = $1
             UNION ALL
             SELECT 1 FROM domino_tournament_rounds WHERE tables LIKE '%\"' || $1 || '\"%'
             LIMIT 1",
        )
        .bind(table)
        .fetch_optional(&self.db.pool)
        .await?;
        Ok(if entered.is_some() {
            MadeBy::Tournament
        } else {
            MadeBy::Player
        })
    }

    /// Take a seek out of the pool, unless it was put to a table already:
    /// whether it was taken out.
    pub async fn cancel_seek(&self, id: &str) -> Result<bool, sqlx::Error> {
        let _turn = self.pool_turn().await;
        let mut conn = self.db.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        self.write_now(&mut tx).await?;
        let gone = tx
            .execute(
                sqlx::query("DELETE FROM domino_seeks WHERE id = $1 AND table_id IS NULL").bind(id),
            )
            .await?;
        if gone.rows_affected() == 1 {
            tx.execute(sqlx::query("DELETE FROM domino_seekers WHERE seek_id = $1").bind(id))
                .await?;
        }
        tx.commit().await?;
        Ok(gone.rows_affected() == 1)
    }

    /// The whole seeks waiting in the pool (teams still being formed are
    /// not), oldest first.
    pub async fn open_seeks(&self) -> Result<Vec<SeekRow>, sqlx::Error> {
        sqlx::query(&format!(
            "SELECT {COLUMNS} FROM domino_seeks WHERE table_id IS NULL AND team_code IS NULL
             ORDER BY created_at, id"
        ))
        .fetch_all(&self.db.pool)
        .await?
        .iter()
        .map(seek_of)
        .collect()
    }

    /// Pair in one transaction: read the pool and the seeks' sides, let
    /// `pair` choose the seeks to put at tables, and mark each of them
    /// (only if still waiting: otherwise nothing is written). On
    /// PostgreSQL the transaction holds the pairing lock (see `postgres::lock_pairing`), so nodes pair one
    /// at a time and each reads what the last one wrote. A seek and its
    /// side are written in one savepoint (`seek_batch`), so a seek read
    /// here has its side. Returns what was read and placed.
    pub async fn pair<F>(&self, now_ms: i64, pair: F) -> Result<Paired, sqlx::Error>
    where
        F: FnOnce(&[SeekRow], &HashMap<String, SeekSide>) -> Vec<Placed>,
    {
        let _turn = self.pool_turn().await;
        let mut conn = self.db.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        self.write_now(&mut tx).await?;
        if self.db.backend == Backend::Postgres {
            crate::postgres::lock_pairing(&mut tx).await?;
        }
        let open: Vec<SeekRow> = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM domino_seeks WHERE table_id IS NULL AND team_code IS NULL
             ORDER BY created_at, id"
        ))
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(seek_of)
        .collect::<Result<_, _>>()?;
        let sides = crate::bots::open_seek_sides_in(&mut *tx).await?;
        let placed = pair(&open, &sides);
        let nothing = |open, sides| Paired {
            open,
            sides,
            placed: Vec::new(),
        };
        if placed.is_empty() {
            return Ok(nothing(open, sides));
        }
        // A statement for many seeks at once (a row of marks each), not
        // one each: a burst's round places a thousand.
        for chunk in placed.chunks(MARKS_AT_ONCE) {
            if mark(&mut tx, chunk, now_ms).await? != chunk.len() as u64 {
                // Only without the lock (never): give up this round whole.
                return Ok(nothing(open, sides));
            }
        }
        tx.commit().await?;
        Ok(Paired {
            open,
            sides,
            placed,
        })
    }

    /// The sides of the seeks still waiting, by seek id (each side is
    /// written with its seek, so every waiting seek read before this has
    /// its side here).
    pub async fn open_seek_sides(&self) -> Result<HashMap<String, SeekSide>, sqlx::Error> {
        crate::bots::open_seek_sides_in(&self.db.pool).await
    }

    /// Forget the sides of seeks no longer stored (cancelled, or forgotten
    /// after their table).
    pub async fn forget_seek_sides(&self) -> Result<(), sqlx::Error> {
        sqlx::query(
            "DELETE FROM domino_seek_sides
             WHERE seek_id NOT IN (SELECT id FROM domino_seeks)",
        )
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// The seeks put to table `table`.
    pub async fn seeks_at(&self, table: &str) -> Result<Vec<SeekRow>, sqlx::Error> {
        sqlx::query(&format!(
            "SELECT {COLUMNS} FROM domino_seeks WHERE table_id = $1 ORDER BY id"
        ))
        .bind(table)
        .fetch_all(&self.db.pool)
        .await?
        .iter()
        .map(seek_of)
        .collect()
    }

    /// The tables pairings were made for before `before` (ms) that are not
    /// in the store: their node stopped between pairing and opening them.
    pub async fn unopened_pairings(&self, before: i64) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT DISTINCT k.table_id FROM domino_seeks k
             LEFT JOIN domino_tables t ON t.id = k.table_id
             WHERE k.table_id IS NOT NULL AND k.paired_at < $1 AND t.id IS NULL",
        )
        .bind(before)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(|r| r.try_get(0)).collect()
    }

    /// Forget the seeks put to tables before `before` (ms) whose table is
    /// finished or was never opened, and their seekers.
    pub async fn forget_seeks(&self, before: i64) -> Result<u64, sqlx::Error> {
        let _turn = self.pool_turn().await;
        let mut conn = self.db.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        self.write_now(&mut tx).await?;
        let gone_ids =
            "SELECT k.id FROM domino_seeks k LEFT JOIN domino_tables t ON t.id = k.table_id
             WHERE k.table_id IS NOT NULL AND k.paired_at < $1
               AND (t.id IS NULL OR t.finished_at IS NOT NULL)";
        tx.execute(
            sqlx::query(&format!(
                "DELETE FROM domino_seekers WHERE seek_id IN ({gone_ids})"
            ))
            .bind(before),
        )
        .await?;
        let gone = tx
            .execute(
                sqlx::query(&format!(
                    "DELETE FROM domino_seeks WHERE id IN ({gone_ids})"
                ))
                .bind(before),
            )
            .await?;
        tx.commit().await?;
        Ok(gone.rows_affected())
    }
}

/// Add one seek and its side in `tx` (a savepoint of the seek writer's
/// batch), checking its address's cap and claiming its members.
pub(crate) async fn add_in(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    s: &SeekRow,
    side: &SeekSide,
    per_address: usize,
) -> Result<(), AddError> {
    if let Some(address) = &s.address {
        // On PostgreSQL under the address's lock, taken by the batch.
        // Counted up to the cap only: an address with thousands waiting
        // (a test's, or behind one proxy) would otherwise make each of a
        // burst's adds read all of them.
        let waiting: i64 = sqlx::query(
            "SELECT COUNT(*) FROM (SELECT 1 FROM domino_seeks
             WHERE address = $1 AND table_id IS NULL LIMIT $2) AS waiting",
        )
        .bind(address)
        .bind(i64::try_from(per_address).unwrap_or(i64::MAX))
        .fetch_one(&mut **tx)
        .await?
        .try_get(0)?;
        if usize::try_from(waiting).unwrap_or(usize::MAX) >= per_address {
            return Err(AddError::TooManyFromAddress(per_address));
        }
    }
    for m in &s.members {
        claim_player(tx, &m.player, &s.id).await?;
    }
    let sql = format!(
        "INSERT INTO domino_seeks ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)"
    );
    let q = sqlx::query(&sql)
        .bind(&s.id)
        .bind(&s.game)
        .bind(crate::rules_text(&s.rules)?)
        .bind(i64::from(s.rated))
        .bind(s.rating)
        .bind(s.fill_ms)
        .bind(members_text(&s.members)?)
        .bind(s.size)
        .bind(&s.team_code)
        .bind(s.created_at)
        .bind(&s.table_id)
        .bind(&s.seats)
        .bind(s.paired_at)
        .bind(&s.address)
        .bind(&s.clock);
    tx.execute(q).await?;
    crate::bots::insert_seek_side(tx, side).await?;
    Ok(())
}

/// Note `player` as seeking with `seek`; a seeker row of an earlier seek
/// already put to a table is replaced (that player is free to seek again:
/// the rated-table check is the caller's).
async fn claim_player(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    player: &str,
    seek: &str,
) -> Result<(), AddError> {
    let earlier: Option<(String, Option<String>)> = sqlx::query(
        "SELECT p.seek_id, k.table_id FROM domino_seekers p
         LEFT JOIN domino_seeks k ON k.id = p.seek_id WHERE p.player = $1",
    )
    .bind(player)
    .fetch_optional(&mut **tx)
    .await?
    .map(|r| Ok::<_, sqlx::Error>((r.try_get(0)?, r.try_get(1)?)))
    .transpose()?;
    if let Some((seek_id, table)) = earlier {
        let gone_seek = table.is_none()
            && sqlx::query("SELECT 1 FROM domino_seeks WHERE id = $1")
                .bind(&seek_id)
                .fetch_optional(&mut **tx)
                .await?
                .is_none();
        if table.is_none() && !gone_seek {
            return Err(AddError::AlreadySeeking);
        }
        tx.execute(sqlx::query("DELETE FROM domino_seekers WHERE player = $1").bind(player))
            .await?;
    }
    match tx
        .execute(
            sqlx::query("INSERT INTO domino_seekers (player, seek_id) VALUES ($1, $2)")
                .bind(player)
                .bind(seek),
        )
        .await
    {
        Ok(_) => Ok(()),
        Err(e) if unique_violation(&e) => Err(AddError::AlreadySeeking),
        Err(e) => Err(e.into()),
    }
}

/// How a table was made, as [`Seeks::made_by`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MadeBy {
    /// By a player (friends' seats, or against the computer).
    #[default]
    Player,
    /// By a pairing of seeks or an accepted challenge, rated or casual.
    Paired { rated: bool },
    /// By a tournament's round: rated, and played to its end.
    Tournament,
}

impl MadeBy {
    /// Whether the table's making decided its ratings: `Some(true)` by a
    /// rated pairing or challenge or a tournament, `Some(false)` by a
    /// casual one, `None` by a player (its seats decide).
    pub const fn rated(self) -> Option<bool> {
        match self {
            MadeBy::Player => None,
            MadeBy::Paired { rated } => Some(rated),
            MadeBy::Tournament => Some(true),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use crate::tests::table_row;
    use crate::tournaments::RoundRow;
    use crate::{SeatRow, Store};

    fn seat(profile: &str) -> SeatRow {
        SeatRow {
            seat: 0,
            name: "Ana".into(),
            token_hash: "h".into(),
            left_hand: None,
            profile_id: Some(profile.into()),
        }
    }

    /// A tournament's table is rated: a player seated at an unfinished one
    /// is at a rated table. A casual table is not, nor is another player.
    #[tokio::test]
    async fn a_tournament_table_counts_as_a_rated_table() {
        let store = Store::connect("sqlite::memory:").await.unwrap();
        let (tables, seeks) = (store.tables(), store.seeks());
        tables.create_table(&table_row("casual", 1)).await.unwrap();
        tables.add_seat("casual", "n", &seat("ana")).await.unwrap();
        assert!(!seeks.at_rated_table("p:ana").await.unwrap());
        tables.create_table(&table_row("round1", 1)).await.unwrap();
        tables.add_seat("round1", "n", &seat("ana")).await.unwrap();
        let round = RoundRow {
            round: 1,
            plan: "[]".into(),
            tables: r#"["other","round1"]"#.into(),
            results: "[]".into(),
            secret: String::new(),
        };
        assert!(store.tournaments().add_round("t1", &round).await.unwrap());
        assert!(seeks.at_rated_table("p:ana").await.unwrap());
        assert!(!seeks.at_rated_table("p:bea").await.unwrap());
        assert!(!seeks.at_rated_table("g:ana-guest-id").await.unwrap());
    }

    /// A tournament's table is known as one from the moment the
    /// tournament notes it, before its round lists it (the table's task
    /// reads this when it starts), and from an older round's list alone.
    #[tokio::test]
    async fn a_tournament_table_is_made_by_the_tournament_before_its_round_lists_it() {
        use super::MadeBy;
        let store = Store::connect("sqlite::memory:").await.unwrap();
        let seeks = store.seeks();
        assert_eq!(seeks.made_by("t1-1-0").await.unwrap(), MadeBy::Player);
        store
            .tournaments()
            .note_tournament_table("t1", "t1-1-0")
            .await
            .unwrap();
        assert_eq!(seeks.made_by("t1-1-0").await.unwrap(), MadeBy::Tournament);
        let round = RoundRow {
            round: 1,
            plan: "[]".into(),
            tables: r#"["old-table"]"#.into(),
            results: "[]".into(),
            secret: String::new(),
        };
        assert!(store.tournaments().add_round("t0", &round).await.unwrap());
        assert_eq!(
            seeks.made_by("old-table").await.unwrap(),
            MadeBy::Tournament
        );
        assert_eq!(MadeBy::Tournament.rated(), Some(true));
        assert_eq!(MadeBy::Player.rated(), None);
    }
}
