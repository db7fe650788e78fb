//! Tournaments (`domino_tournaments`), their entrants (`domino_entrants`)
//! and their rounds (`domino_tournament_rounds`: each round's plan, the
//! tables opened for it and their results). Standings are never stored:
//! they are worked out from the rounds on every read.

use sqlx::Row;

use crate::db::Db;

/// Where a tournament is: taking entries, being played, or over. Stored
/// in the `state` column as its snake-case name (the server answers the
/// same words).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    Open,
    Playing,
    Finished,
}

impl Stage {
    pub const ALL: [Stage; 3] = [Stage::Open, Stage::Playing, Stage::Finished];

    pub const fn as_str(self) -> &'static str {
        match self {
            Stage::Open => "open",
            Stage::Playing => "playing",
            Stage::Finished => "finished",
        }
    }

    /// The stage stored as `s`; `None` for a word no version wrote.
    pub fn parse(s: &str) -> Option<Stage> {
        Stage::ALL.into_iter().find(|t| t.as_str() == s)
    }
}

/// The migration that makes these tables.
pub(crate) const MIGRATION: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS domino_tournaments (
        id TEXT PRIMARY KEY,
        secret_hash TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        name TEXT NOT NULL,
        rules TEXT NOT NULL,
        format TEXT NOT NULL,
        rounds BIGINT NOT NULL,
        teams BIGINT NOT NULL,
        starts_at BIGINT,
        max_entrants BIGINT NOT NULL,
        bot TEXT NOT NULL,
        seed BIGINT NOT NULL,
        state TEXT NOT NULL,
        field BIGINT NOT NULL DEFAULT 0,
        duplicate BIGINT NOT NULL DEFAULT 0
    )",
    "CREATE INDEX IF NOT EXISTS domino_tournaments_state ON domino_tournaments (state)",
    "CREATE TABLE IF NOT EXISTS domino_entrants (
        tournament_id TEXT NOT NULL,
        entrant BIGINT NOT NULL,
        name TEXT NOT NULL,
        members TEXT NOT NULL,
        bot BIGINT NOT NULL,
        PRIMARY KEY (tournament_id, entrant)
    )",
    "CREATE UNIQUE INDEX IF NOT EXISTS domino_entrants_name ON domino_entrants (tournament_id, name)",
    "CREATE TABLE IF NOT EXISTS domino_tournament_rounds (
        tournament_id TEXT NOT NULL,
        round BIGINT NOT NULL,
        plan TEXT NOT NULL,
        tables TEXT NOT NULL,
        results TEXT NOT NULL,
        secret TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (tournament_id, round)
    )",
];

/// Each tournament table's tournament, so that a table opened from a bare
/// link still ends with the way back to its tournament (its id is a hash
/// of its place: see `tournament::run::table_id`).
pub(crate) const TABLES_MIGRATION: &[&str] =
    &["CREATE TABLE IF NOT EXISTS domino_tournament_tables (
        table_id TEXT PRIMARY KEY,
        tournament_id TEXT NOT NULL
    )"];

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRow {
    pub id: String,
    /// SHA-256 of the organiser's secret, hex.
    pub secret_hash: String,
    pub created_at: i64,
    pub name: String,
    pub rules: domino_engine::RulesSpec,
    /// `round_robin`, `swiss` or `elimination`.
    pub format: String,
    /// Swiss rounds (0 for the other formats).
    pub rounds: i64,
    /// Entrants are partnerships of two.
    pub teams: bool,
    /// When the server starts it by itself (ms since the epoch).
    pub starts_at: Option<i64>,
    pub max_entrants: i64,
    /// The bot level of the bot entrants.
    pub bot: String,
    /// Settles the last tie-break.
    pub seed: i64,
    pub state: Stage,
    /// The entrants taken in at the start (later rows are ignored).
    pub field: i64,
    /// Every table of a round plays the same deals (duplicate scoring).
    pub duplicate: bool,
}

/// An entrant: one player, or a partnership (two members).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantRow {
    pub entrant: i64,
    pub name: String,
    /// JSON array of `{name, token_hash, profile_id}`; empty for a bot.
    pub members: String,
    pub bot: bool,
}

/// A round: its plan, its tables' ids (in the plan's order, once opened)
/// and their results (`null` while a table plays), all JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRow {
    pub round: i64,
    pub plan: String,
    pub tables: String,
    pub results: String,
    /// Duplicate: the round's match secret (hex), which every table of it
    /// deals from; empty otherwise.
    pub secret: String,
}

/// A stored state no version wrote is an error, not a guess.
fn stored_state(s: &str) -> Result<Stage, sqlx::Error> {
    Stage::parse(s).ok_or_else(|| {
        sqlx::Error::Decode(format!("a tournament's stored state `{s}` is no state").into())
    })
}

fn tournament_row(r: &sqlx::any::AnyRow) -> Result<TournamentRow, sqlx::Error> {
    Ok(from_row!(r, TournamentRow {
        id, secret_hash, created_at, name, format, rounds, starts_at,
        max_entrants, bot, seed, field;
        rules: crate::rules_of(r)?,
        state: stored_state(&r.try_get::<String, _>("state")?)?,
        teams: r.try_get::<i64, _>("teams")? != 0,
        duplicate: r.try_get::<i64, _>("duplicate")? != 0,
    }))
}

fn round_row(r: &sqlx::any::AnyRow) -> Result<RoundRow, sqlx::Error> {
    Ok(from_row!(
        r,
        RoundRow {
            round,
            plan,
            tables,
            results,
            secret
        }
    ))
}

const COLUMNS: &str = "id, secret_hash, created_at, name, rules, format, rounds, teams, starts_at, max_entrants, bot, seed, state, field, duplicate";

/// Tournaments: each one's row, its entrants, its rounds and the tables
/// they opened.
#[derive(Clone, Debug)]
pub struct Tournaments {
    pub(crate) db: Db,
}

impl Tournaments {
    pub(crate) fn new(db: Db) -> Tournaments {
        Tournaments { db }
    }

    /// Store a new tournament for `organiser`, unless they have `cap`
    /// open (not started) already: whether it was stored.
    pub async fn create_tournament(
        &self,
        t: &TournamentRow,
        organiser: &str,
        cap: i64,
    ) -> Result<bool, sqlx::Error> {
        let started = std::time::Instant::now();
        let done = sqlx::query(
                "INSERT INTO domino_tournaments (id, secret_hash, created_at, name, rules, format, rounds, teams, starts_at, max_entrants, bot, seed, state, field, duplicate, organiser)
                 SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 0, $14, $15
                 WHERE (SELECT COUNT(*) FROM domino_tournaments WHERE organiser = $16 AND state = 'open') < $17",
            )
            .bind(&t.id)
            .bind(&t.secret_hash)
            .bind(t.created_at)
            .bind(&t.name)
            .bind(crate::rules_text(&t.rules)?)
            .bind(&t.format)
            .bind(t.rounds)
            .bind(i64::from(t.teams))
            .bind(t.starts_at)
            .bind(t.max_entrants)
            .bind(&t.bot)
            .bind(t.seed)
            .bind(t.state.as_str())
            .bind(i64::from(t.duplicate))
            .bind(organiser)
            .bind(organiser)
            .bind(cap)
            .execute(&self.db.pool)
            .await;
        self.db.writes.observe(started.elapsed());
        Ok(done?.rows_affected() == 1)
    }

    /// Delete the tournaments never started that no person entered (bots
    /// the organiser added do not count), made before `before` (ms since
    /// the epoch) and not due to start after it, with their bot entrants:
    /// how many.
    pub async fn expire_tournaments(&self, before: i64) -> Result<u64, sqlx::Error> {
        let done = sqlx::query(
            "DELETE FROM domino_tournaments
             WHERE state = 'open' AND created_at < $1 AND (starts_at IS NULL OR starts_at < $2)
               AND NOT EXISTS (SELECT 1 FROM domino_entrants e
                               WHERE e.tournament_id = domino_tournaments.id AND e.bot = 0)",
        )
        .bind(before)
        .bind(before)
        .execute(&self.db.pool)
        .await?;
        // Entrants are deleted after their tournament, so that a person
        // joining meanwhile either kept it or was refused (a join inserts
        // only while the tournament is there and open).
        sqlx::query(
            "DELETE FROM domino_entrants WHERE NOT EXISTS
               (SELECT 1 FROM domino_tournaments t WHERE t.id = domino_entrants.tournament_id)",
        )
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected())
    }

    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, sqlx::Error> {
        let r = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM domino_tournaments WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?;
        r.as_ref().map(tournament_row).transpose()
    }

    /// Tournaments in `state`, newest first (at most `limit`).
    pub async fn tournaments_in(
        &self,
        state: Stage,
        limit: i64,
    ) -> Result<Vec<TournamentRow>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM domino_tournaments WHERE state = $1 ORDER BY created_at DESC LIMIT $2"
        ))
        .bind(state.as_str())
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(tournament_row).collect()
    }

    /// Open → playing, taking in the entrants so far; whether this call
    /// did it (another may have started it meanwhile).
    pub async fn start_tournament(&self, id: &str) -> Result<bool, sqlx::Error> {
        let done = sqlx::query(
            "UPDATE domino_tournaments SET state = 'playing',
             field = (SELECT COUNT(*) FROM domino_entrants WHERE tournament_id = $1)
             WHERE id = $2 AND state = 'open'",
        )
        .bind(id)
        .bind(id)
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn finish_tournament(&self, id: &str) -> Result<(), sqlx::Error> {
        self.db.write(
            sqlx::query(
                "UPDATE domino_tournaments SET state = 'finished' WHERE id = $1 AND state = 'playing'",
            )
            .bind(id),
        )
        .await
    }

    pub async fn entrants(&self, id: &str) -> Result<Vec<EntrantRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT entrant, name, members, bot FROM domino_entrants
             WHERE tournament_id = $1 ORDER BY entrant",
        )
        .bind(id)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(from_row!(r, EntrantRow {
                    entrant, name, members;
                    bot: r.try_get::<i64, _>("bot")? != 0,
                }))
            })
            .collect()
    }

    /// Add an entrant while the tournament is open; false when its number
    /// or its name was taken meanwhile, or the tournament started.
    pub async fn add_entrant(&self, id: &str, e: &EntrantRow) -> Result<bool, sqlx::Error> {
        let done = sqlx::query(
            "INSERT INTO domino_entrants (tournament_id, entrant, name, members, bot)
             SELECT $1, $2, $3, $4, $5 WHERE EXISTS
               (SELECT 1 FROM domino_tournaments WHERE id = $6 AND state = 'open')",
        )
        .bind(id)
        .bind(e.entrant)
        .bind(&e.name)
        .bind(&e.members)
        .bind(i64::from(e.bot))
        .bind(id)
        .execute(&self.db.pool)
        .await;
        match done {
            Ok(d) => Ok(d.rows_affected() == 1),
            Err(sqlx::Error::Database(d)) if d.is_unique_violation() => Ok(false),
            Err(e) => Err(e),
        }
    }

    pub async fn rounds(&self, id: &str) -> Result<Vec<RoundRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT round, plan, tables, results, secret FROM domino_tournament_rounds
             WHERE tournament_id = $1 ORDER BY round",
        )
        .bind(id)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(round_row).collect()
    }

    /// A new round; false when it exists already (another node made it).
    pub async fn add_round(&self, id: &str, r: &RoundRow) -> Result<bool, sqlx::Error> {
        let done = sqlx::query(
            "INSERT INTO domino_tournament_rounds (tournament_id, round, plan, tables, results, secret)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(r.round)
        .bind(&r.plan)
        .bind(&r.tables)
        .bind(&r.results)
        .bind(&r.secret)
        .execute(&self.db.pool)
        .await;
        match done {
            Ok(d) => Ok(d.rows_affected() == 1),
            Err(sqlx::Error::Database(d)) if d.is_unique_violation() => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Note that `table` is one of tournament `id`'s tables (again: a
    /// second server opening the same table writes the same row).
    pub async fn note_tournament_table(&self, id: &str, table: &str) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO domino_tournament_tables (table_id, tournament_id) VALUES ($1, $2)
             ON CONFLICT (table_id) DO NOTHING",
        )
        .bind(table)
        .bind(id)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// The tournament a table belongs to; `None` for any other table.
    pub async fn tournament_of_table(&self, table: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT tournament_id FROM domino_tournament_tables WHERE table_id = $1")
            .bind(table)
            .fetch_optional(&self.db.pool)
            .await
    }

    /// The duplicate round a table deals from, found by the match secret
    /// the table was made with (every table of a duplicate round deals
    /// from the round's; no other table has it); `None` for any other
    /// table, or no table of that id.
    pub async fn dealing_round(&self, table: &str) -> Result<Option<RoundRow>, sqlx::Error> {
        let r = sqlx::query(
            "SELECT r.round, r.plan, r.tables, r.results, r.secret
             FROM domino_tournament_rounds r JOIN domino_tables t ON t.secret = r.secret
             WHERE t.id = $1 AND r.secret <> '' LIMIT 1",
        )
        .bind(table)
        .fetch_optional(&self.db.pool)
        .await?;
        r.as_ref().map(round_row).transpose()
    }

    /// Replace a round's `column` (`tables` or `results`) by `new` if it
    /// still holds `old`; whether it did. Two servers advancing one
    /// tournament each write what they read plus what they found, so a
    /// write made on a stale reading is refused rather than undoing the
    /// other's.
    pub async fn swap_round(
        &self,
        id: &str,
        round: i64,
        column: RoundColumn,
        old: &str,
        new: &str,
    ) -> Result<bool, sqlx::Error> {
        let col = match column {
            RoundColumn::Tables => "tables",
            RoundColumn::Results => "results",
        };
        let done = sqlx::query(&format!(
            "UPDATE domino_tournament_rounds SET {col} = $1
             WHERE tournament_id = $2 AND round = $3 AND {col} = $4"
        ))
        .bind(new)
        .bind(id)
        .bind(round)
        .bind(old)
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}

/// A round's column that [`Tournaments::swap_round`] updates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RoundColumn {
    Tables,
    Results,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stage_reads_back_from_its_word() {
        for s in Stage::ALL {
            assert_eq!(Stage::parse(s.as_str()), Some(s));
        }
        assert_eq!(Stage::parse("Finished"), None);
    }
}
