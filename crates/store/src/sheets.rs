//! The scorekeeper's sheets (`domino_sheets`): one row per sheet, holding
//! its rules, names and the hands reported so far. The sheet itself is
//! rebuilt from them by the engine on every read, so a stored sheet always
//! says what the rules settle.

use sqlx::Row;

use crate::db::Db;

/// A stored sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetRow {
    pub id: String,
    /// SHA-256 of the editing secret, hex.
    pub secret_hash: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub rules: domino_engine::RulesSpec,
    /// The players' or teams' names, a JSON array.
    pub names: String,
    /// How many hands `reports` holds.
    pub hands: i64,
    /// The hands reported, a JSON array of `HandReport`s.
    pub reports: String,
}

/// A sheet's version: it changes with every hand entered or taken back
/// (the count of hands, and the time of the change).
fn version(hands: i64, updated_at: i64) -> String {
    format!("{hands}.{updated_at}")
}

impl SheetRow {
    pub fn version(&self) -> String {
        version(self.hands, self.updated_at)
    }
}

/// The scorekeeper's sheets.
#[derive(Clone, Debug)]
pub struct Sheets {
    pub(crate) db: Db,
}

impl Sheets {
    pub(crate) fn new(db: Db) -> Sheets {
        Sheets { db }
    }

    pub async fn create_sheet(&self, s: &SheetRow) -> Result<(), sqlx::Error> {
        self.db.write(
            sqlx::query(
                "INSERT INTO domino_sheets (id, secret_hash, created_at, updated_at, rules, names, hands, reports)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(&s.id)
            .bind(&s.secret_hash)
            .bind(s.created_at)
            .bind(s.updated_at)
            .bind(crate::rules_text(&s.rules)?)
            .bind(&s.names)
            .bind(s.hands)
            .bind(&s.reports),
        )
        .await
    }

    pub async fn sheet(&self, id: &str) -> Result<Option<SheetRow>, sqlx::Error> {
        let Some(r) = sqlx::query(
            "SELECT id, secret_hash, created_at, updated_at, rules, names, hands, reports
             FROM domino_sheets WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?
        else {
            return Ok(None);
        };
        Ok(Some(from_row!(
            r,
            SheetRow {
                id,
                secret_hash,
                created_at,
                updated_at,
                names,
                hands,
                reports;
                rules: crate::rules_of(&r)?
            }
        )))
    }

    /// A sheet's version (see [`SheetRow::version`]) without its hands:
    /// what a page showing the sheet asks for every few seconds.
    pub async fn sheet_version(&self, id: &str) -> Result<Option<String>, sqlx::Error> {
        let r = sqlx::query("SELECT hands, updated_at FROM domino_sheets WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?;
        r.map(|r| Ok(version(r.try_get("hands")?, r.try_get("updated_at")?)))
            .transpose()
    }

    /// Delete the sheets holding no hand that were last changed before
    /// `before` (ms since the epoch): how many.
    pub async fn expire_sheets(&self, before: i64) -> Result<u64, sqlx::Error> {
        let done = sqlx::query("DELETE FROM domino_sheets WHERE hands = 0 AND updated_at < $1")
            .bind(before)
            .execute(&self.db.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// Replace a sheet's hands, if it still holds `was` hands (so that two
    /// edits made at once cannot both land on the same sheet): whether it
    /// did.
    pub async fn set_sheet_hands(
        &self,
        id: &str,
        was: i64,
        hands: i64,
        reports: &str,
        at: i64,
    ) -> Result<bool, sqlx::Error> {
        let started = std::time::Instant::now();
        let done = sqlx::query(
            "UPDATE domino_sheets SET hands = $1, reports = $2, updated_at = $3
             WHERE id = $4 AND hands = $5",
        )
        .bind(hands)
        .bind(reports)
        .bind(at)
        .bind(id)
        .bind(was)
        .execute(&self.db.pool)
        .await;
        self.db.writes.observe(started.elapsed());
        Ok(done?.rows_affected() == 1)
    }
}
