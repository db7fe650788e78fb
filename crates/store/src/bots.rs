//! Bot accounts in the database: which profiles are bots, their API
//! tokens (only the SHA-256 of each is kept), the seats they hold with the
//! seat tokens their events socket hands them again after a reconnection,
//! and, for every seek of the pool, who asked (a person or a bot) and whom
//! they will be paired with (see `crate::bots`): written with the seek and
//! read and forgotten by the pool, so those are [`crate::Seeks`]'s.

use std::collections::HashMap;

use domino_engine::RulesSpec;
use sqlx::{Connection, Row};

use crate::db::Db;
use crate::profiles::{Profile, RatingRow};

/// The migration of this module (one entry of `MIGRATIONS`).
pub(crate) const MIGRATION: &[&str] = &[
    "ALTER TABLE domino_profiles ADD COLUMN bot BIGINT NOT NULL DEFAULT 0",
    "CREATE TABLE IF NOT EXISTS domino_bot_tokens (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL,
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL,
        last_used BIGINT,
        revoked_at BIGINT
    )",
    "CREATE INDEX IF NOT EXISTS domino_bot_tokens_profile ON domino_bot_tokens (profile_id)",
    // The seat token is kept as given (not hashed) so that a bot whose
    // events socket reconnects is handed its tables again; it opens one
    // seat of a bot the token's own holder already controls.
    "CREATE TABLE IF NOT EXISTS domino_bot_seats (
        table_id TEXT NOT NULL,
        seat BIGINT NOT NULL,
        profile_id TEXT NOT NULL,
        token TEXT NOT NULL,
        rated BIGINT NOT NULL,
        rules TEXT NOT NULL,
        via TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (table_id, seat)
    )",
    "CREATE INDEX IF NOT EXISTS domino_bot_seats_profile ON domino_bot_seats (profile_id)",
    "CREATE TABLE IF NOT EXISTS domino_seek_sides (
        seek_id TEXT PRIMARY KEY,
        bot BIGINT NOT NULL,
        opponents TEXT NOT NULL,
        profile_id TEXT,
        token TEXT
    )",
];

/// An API token as listed (never the token itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenRow {
    pub id: String,
    pub profile_id: String,
    pub name: String,
    pub created_at: i64,
    pub last_used: Option<i64>,
}

/// A seat a bot account holds.
#[derive(Clone, Debug, PartialEq)]
pub struct BotSeat {
    pub table_id: String,
    pub seat: i64,
    pub profile_id: String,
    pub token: String,
    pub rated: bool,
    pub rules: RulesSpec,
    /// `seek` or `challenge`.
    pub via: String,
    pub created_at: i64,
}

/// Who made a seek, for the pool: a bot account or not, whom it admits
/// (`people`, `bots`, `any`), and a bot's seat token for its events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekSide {
    pub seek_id: String,
    pub bot: bool,
    pub opponents: String,
    pub profile_id: Option<String>,
    pub token: Option<String>,
}

/// How long a bot's seat whose table is not stored yet (being opened)
/// counts against the bot's table cap; a table never opened stops
/// counting then.
pub const RESERVED_MS: i64 = 60_000;

/// The statement that records a bot's seat.
fn insert_bot_seat(
    s: &BotSeat,
) -> Result<sqlx::query::Query<'_, sqlx::Any, sqlx::any::AnyArguments<'_>>, sqlx::Error> {
    Ok(sqlx::query(
        "INSERT INTO domino_bot_seats (table_id, seat, profile_id, token, rated, rules, via, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&s.table_id)
    .bind(s.seat)
    .bind(&s.profile_id)
    .bind(&s.token)
    .bind(i64::from(s.rated))
    .bind(crate::rules_text(&s.rules)?)
    .bind(&s.via)
    .bind(s.created_at))
}

/// A rated player of a leaderboard, and whether it is a bot (a bot
/// account or a built-in level).
pub type BoardRow = (RatingRow, bool);

/// Bot accounts: which profiles are bots, their API tokens, the seats
/// they hold, and the leaderboards that tell bots from people.
#[derive(Clone, Debug)]
pub struct BotAccounts {
    pub(crate) db: Db,
}

impl BotAccounts {
    pub(crate) fn new(db: Db) -> BotAccounts {
        BotAccounts { db }
    }

    /// Whether a profile is a bot account.
    pub async fn is_bot(&self, profile: &str) -> Result<bool, sqlx::Error> {
        let row = sqlx::query("SELECT bot FROM domino_profiles WHERE id = $1")
            .bind(profile)
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(match row {
            Some(r) => r.try_get::<i64, _>("bot")? != 0,
            None => false,
        })
    }

    /// The built-in levels' bot accounts, made when missing: each level
    /// is a profile `(id, name)` (the server's id of the level, the one
    /// its ratings always had, and its name), marked a bot. Their name
    /// keys are the id after a line feed, which no person's name can have,
    /// so a level never takes a person's name nor a person a level's.
    /// Nodes starting together may race to make them: whichever comes
    /// second does nothing.
    pub async fn add_builtin_bots(
        &self,
        levels: &[(String, &str)],
        at: i64,
    ) -> Result<(), sqlx::Error> {
        for (id, name) in levels {
            let key = format!("\n{id}");
            sqlx::query(
                "INSERT INTO domino_profiles (id, name, name_key, name_skeleton, created_at, bot)
                 VALUES ($1, $2, $3, $3, $4, 1) ON CONFLICT DO NOTHING",
            )
            .bind(id)
            .bind(*name)
            .bind(&key)
            .bind(at)
            .execute(&self.db.pool)
            .await?;
        }
        Ok(())
    }

    /// Which of `ids` are bot accounts (built-in levels included), in one
    /// look-up: the lists that show many names mark each.
    pub async fn bot_accounts(
        &self,
        ids: &[&str],
    ) -> Result<std::collections::HashSet<String>, sqlx::Error> {
        if ids.is_empty() {
            return Ok(Default::default());
        }
        let marks: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "SELECT id FROM domino_profiles WHERE bot = 1 AND id IN ({})",
            marks.join(", ")
        );
        let mut q = sqlx::query(&sql);
        for id in ids {
            q = q.bind(*id);
        }
        q.fetch_all(&self.db.pool)
            .await?
            .iter()
            .map(|r| r.try_get::<String, _>("id"))
            .collect()
    }

    /// Make a profile a bot account, for good.
    pub async fn make_bot(&self, profile: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE domino_profiles SET bot = 1 WHERE id = $1")
            .bind(profile)
            .execute(&self.db.pool)
            .await?;
        Ok(())
    }

    /// Whether a player has a rated match on record.
    pub async fn has_rated_games(&self, player: &str) -> Result<bool, sqlx::Error> {
        Ok(sqlx::query(
            "SELECT 1 FROM domino_match_players WHERE player = $1 AND rating IS NOT NULL LIMIT 1",
        )
        .bind(player)
        .fetch_optional(&self.db.pool)
        .await?
        .is_some())
    }

    pub async fn add_bot_token(&self, t: &TokenRow, hash: &str) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO domino_bot_tokens (id, profile_id, name, token_hash, created_at)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&t.id)
        .bind(&t.profile_id)
        .bind(&t.name)
        .bind(hash)
        .bind(t.created_at)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// A profile's tokens not revoked, oldest first.
    pub async fn bot_tokens(&self, profile: &str) -> Result<Vec<TokenRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, profile_id, name, created_at, last_used FROM domino_bot_tokens
             WHERE profile_id = $1 AND revoked_at IS NULL ORDER BY created_at, id",
        )
        .bind(profile)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(from_row!(
                    r,
                    TokenRow {
                        id,
                        profile_id,
                        name,
                        created_at,
                        last_used
                    }
                ))
            })
            .collect()
    }

    /// Revoke one of a profile's tokens; `false` when it has no such live
    /// token.
    pub async fn revoke_bot_token(
        &self,
        profile: &str,
        id: &str,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query(
            "UPDATE domino_bot_tokens SET revoked_at = $1
             WHERE id = $2 AND profile_id = $3 AND revoked_at IS NULL",
        )
        .bind(now)
        .bind(id)
        .bind(profile)
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The live token with this hash: its row and its bot account.
    pub async fn bot_token(&self, hash: &str) -> Result<Option<(TokenRow, Profile)>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT t.id, t.profile_id, t.name, t.created_at AS t_created, t.last_used,
                    p.name AS p_name, p.created_at AS p_created
             FROM domino_bot_tokens t JOIN domino_profiles p ON p.id = t.profile_id
             WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND p.bot = 1",
        )
        .bind(hash)
        .fetch_optional(&self.db.pool)
        .await?;
        let Some(r) = row else { return Ok(None) };
        let token = TokenRow {
            id: r.try_get("id")?,
            profile_id: r.try_get("profile_id")?,
            name: r.try_get("name")?,
            created_at: r.try_get("t_created")?,
            last_used: r.try_get("last_used")?,
        };
        let profile = Profile {
            id: token.profile_id.clone(),
            name: r.try_get("p_name")?,
            created_at: r.try_get("p_created")?,
        };
        Ok(Some((token, profile)))
    }

    pub async fn touch_bot_token(&self, id: &str, now: i64) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE domino_bot_tokens SET last_used = $1 WHERE id = $2")
            .bind(now)
            .bind(id)
            .execute(&self.db.pool)
            .await?;
        Ok(())
    }

    pub async fn add_bot_seat(&self, s: &BotSeat) -> Result<(), sqlx::Error> {
        insert_bot_seat(s)?.execute(&self.db.pool).await?;
        Ok(())
    }

    /// Record a bot account's seat at a table about to be opened, unless
    /// it holds `cap` seats already: at unfinished tables, or at tables
    /// being opened (a seat recorded less than [`RESERVED_MS`] before this
    /// one whose table is not stored yet). Counted and written in one
    /// transaction, in this process's pool turn on SQLite and under the
    /// bot's advisory lock on PostgreSQL, so that simultaneous accepts on
    /// any node cannot pass the cap together. Whether it was recorded.
    pub async fn add_bot_seat_within(&self, s: &BotSeat, cap: usize) -> Result<bool, sqlx::Error> {
        let _turn = crate::writer::pool_turn(self.db.backend).await;
        let mut conn = self.db.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        crate::writer::write_now(self.db.backend, &mut tx).await?;
        if self.db.backend == crate::Backend::Postgres {
            let key = format!("bot-seats:{}", s.profile_id);
            crate::postgres::lock_addresses(&mut tx, &[key.as_str()]).await?;
        }
        let held: i64 = sqlx::query(
            "SELECT COUNT(*) FROM domino_bot_seats s LEFT JOIN domino_tables t ON t.id = s.table_id
             WHERE s.profile_id = $1
               AND ((t.id IS NOT NULL AND t.finished_at IS NULL)
                 OR (t.id IS NULL AND s.created_at > $2))",
        )
        .bind(&s.profile_id)
        .bind(s.created_at - RESERVED_MS)
        .fetch_one(&mut *tx)
        .await?
        .try_get(0)?;
        if usize::try_from(held).unwrap_or(usize::MAX) >= cap {
            return Ok(false);
        }
        insert_bot_seat(s)?.execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// A bot account's seats at tables not finished, oldest first.
    pub async fn playing_bot_seats(&self, profile: &str) -> Result<Vec<BotSeat>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT s.table_id, s.seat, s.profile_id, s.token, s.rated, s.rules, s.via, s.created_at
             FROM domino_bot_seats s JOIN domino_tables t ON t.id = s.table_id
             WHERE s.profile_id = $1 AND t.finished_at IS NULL
             ORDER BY s.created_at, s.table_id",
        )
        .bind(profile)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(
                    from_row!(r, BotSeat { table_id, seat, profile_id, token, via, created_at;
                    rules: crate::rules_of(r)?,
                    rated: r.try_get::<i64, _>("rated")? != 0 }),
                )
            })
            .collect()
    }

    /// A game's leaderboard of people only (`bots` false) or of bot
    /// accounts and built-in levels (`bots` true), best first.
    pub async fn board(
        &self,
        game: &str,
        min: i64,
        limit: i64,
        bots: bool,
    ) -> Result<Vec<BoardRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT r.player, r.game, r.rating, r.deviation, r.volatility, r.matches, p.name,
                    CAST(CASE WHEN r.player LIKE 'bot:%' OR p.bot = 1 THEN 1 ELSE 0 END AS BIGINT)
                      AS is_bot
             FROM domino_ratings r LEFT JOIN domino_profiles p ON p.id = r.player
             WHERE r.game = $1 AND r.matches >= $2
               AND (CASE WHEN r.player LIKE 'bot:%' OR p.bot = 1 THEN 1 ELSE 0 END) = $3
             ORDER BY r.rating DESC, r.player LIMIT $4",
        )
        .bind(game)
        .bind(min)
        .bind(i64::from(bots))
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let row = RatingRow {
                    player: r.try_get("player")?,
                    game: r.try_get("game")?,
                    rating: skillratings::glicko2::Glicko2Rating {
                        rating: r.try_get("rating")?,
                        deviation: r.try_get("deviation")?,
                        volatility: r.try_get("volatility")?,
                    },
                    matches: r.try_get("matches")?,
                    name: r.try_get("name")?,
                };
                Ok((row, r.try_get::<i64, _>("is_bot")? != 0))
            })
            .collect()
    }
}

/// Record who made a seek, in the transaction that adds it (see
/// `seek_batch`), so that the pool never reads a seek without its side.
/// The sides of the seeks waiting in the pool, read with `e` (the pool,
/// or the pairing's transaction, which reads them with the seeks).
pub(crate) async fn open_seek_sides_in<'e, E>(
    e: E,
) -> Result<HashMap<String, SeekSide>, sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let rows = sqlx::query(
        "SELECT s.seek_id, s.bot, s.opponents, s.profile_id, s.token
         FROM domino_seek_sides s JOIN domino_seeks k ON k.id = s.seek_id
         WHERE k.table_id IS NULL",
    )
    .fetch_all(e)
    .await?;
    let mut out = HashMap::new();
    for r in &rows {
        let side = from_row!(r, SeekSide { seek_id, opponents, profile_id, token;
            bot: r.try_get::<i64, _>("bot")? != 0 });
        out.insert(side.seek_id.clone(), side);
    }
    Ok(out)
}

pub(crate) async fn insert_seek_side(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    s: &SeekSide,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO domino_seek_sides (seek_id, bot, opponents, profile_id, token)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&s.seek_id)
    .bind(i64::from(s.bot))
    .bind(&s.opponents)
    .bind(&s.profile_id)
    .bind(&s.token)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
