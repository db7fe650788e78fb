//! Fair play's rows (docs/fairplay.md): the rated matches waiting for
//! their analysis, each profile's evidence per match, the flags raised
//! for review, the site's roles (moderators) and the audit log of what
//! was done by whom. The evidence and a flag's figures are the fair-play
//! crate's values as JSON: the store keeps them, the service reads them.

use sqlx::{Connection, Executor, Row};

use crate::db::Db;

/// The migration of this module (one entry of `MIGRATIONS`).
pub(crate) const MIGRATION: &[&str] = &[
    // A rated match waits here from its end until its analysis is kept;
    // `taken_at`: when a worker began it (a worker that died leaves it
    // taken: another takes it again once that is old).
    "CREATE TABLE IF NOT EXISTS domino_fairplay_queue (
        table_id TEXT PRIMARY KEY,
        queued_at BIGINT NOT NULL,
        taken_at BIGINT
    )",
    "CREATE TABLE IF NOT EXISTS domino_fairplay_evidence (
        profile_id TEXT NOT NULL,
        table_id TEXT NOT NULL,
        game TEXT NOT NULL,
        at BIGINT NOT NULL,
        evidence TEXT NOT NULL,
        PRIMARY KEY (profile_id, table_id)
    )",
    "CREATE INDEX IF NOT EXISTS domino_fairplay_evidence_game ON domino_fairplay_evidence (game, profile_id)",
    // The newest flag of each kind a profile raised in a game.
    "CREATE TABLE IF NOT EXISTS domino_fairplay_flags (
        profile_id TEXT NOT NULL,
        game TEXT NOT NULL,
        kind TEXT NOT NULL,
        raised_at BIGINT NOT NULL,
        figures TEXT NOT NULL,
        PRIMARY KEY (profile_id, game, kind)
    )",
    "CREATE TABLE IF NOT EXISTS domino_roles (
        profile_id TEXT NOT NULL,
        role TEXT NOT NULL,
        granted_at BIGINT NOT NULL,
        PRIMARY KEY (profile_id, role)
    )",
    "CREATE TABLE IF NOT EXISTS domino_audit (
        id TEXT PRIMARY KEY,
        at BIGINT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT NOT NULL,
        why TEXT NOT NULL
    )",
    "CREATE INDEX IF NOT EXISTS domino_audit_at ON domino_audit (at)",
    // What people report of each other, for the moderators.
    "CREATE TABLE IF NOT EXISTS domino_reports (
        id TEXT PRIMARY KEY,
        at BIGINT NOT NULL,
        reporter TEXT NOT NULL,
        target TEXT NOT NULL,
        reason TEXT NOT NULL,
        table_id TEXT,
        text TEXT NOT NULL
    )",
    "CREATE INDEX IF NOT EXISTS domino_reports_reporter ON domino_reports (reporter, at)",
    // What moderators decided of a profile (`engine`: engine-assisted,
    // off every leaderboard), until undone.
    "CREATE TABLE IF NOT EXISTS domino_marks (
        profile_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (profile_id, kind)
    )",
];

/// The mark of a profile judged engine-assisted: it leaves every
/// leaderboard (see `Profiles::leaderboard`).
pub const ENGINE_MARK: &str = "engine";

/// One person's report of another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportRow {
    pub id: String,
    pub at: i64,
    pub reporter: String,
    pub target: String,
    /// `engine`, `abuse`, `sandbagging` or `other`.
    pub reason: String,
    /// The table it is about, if any.
    pub table: Option<String>,
    pub text: String,
}

/// One profile's evidence from one rated match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvidenceRow {
    pub profile: String,
    pub table: String,
    pub game: String,
    /// When the match was analysed (ms since the epoch).
    pub at: i64,
    /// `domino_fairplay::Evidence`, JSON.
    pub evidence: String,
}

/// A flag raised for review: the newest of its kind for the profile in
/// the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagRow {
    pub profile: String,
    pub game: String,
    /// `agreement`, `fast_rating` or `flat_times`.
    pub kind: String,
    pub raised_at: i64,
    /// `domino_fairplay::Flag`, JSON.
    pub figures: String,
}

/// One line of the audit log: who did what to whom, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditRow {
    pub at: i64,
    /// A profile's id, or `admin` for the `domino admin` command.
    pub actor: String,
    pub action: String,
    pub target: String,
    pub why: String,
}

/// The fair-play repository.
#[derive(Clone, Debug)]
pub struct FairPlay {
    db: Db,
}

/// How many queued matches one claim looks at before giving up (others
/// took them meanwhile).
const CLAIM_TRIES: usize = 4;

impl FairPlay {
    pub(crate) fn new(db: Db) -> FairPlay {
        FairPlay { db }
    }

    /// Queue a finished rated match for its analysis (once: queued again,
    /// it stays where it was).
    pub async fn queue(&self, table: &str, now: i64) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO domino_fairplay_queue (table_id, queued_at) VALUES ($1, $2)
             ON CONFLICT (table_id) DO NOTHING",
        )
        .bind(table)
        .bind(now)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// Take the oldest queued match nobody is analysing (or whose worker
    /// began before `stale_before`, and so is taken to have died), marked
    /// taken at `now`; `None` when there is none.
    pub async fn claim(&self, now: i64, stale_before: i64) -> Result<Option<String>, sqlx::Error> {
        for _ in 0..CLAIM_TRIES {
            let Some(row) = sqlx::query(
                "SELECT table_id FROM domino_fairplay_queue
                 WHERE taken_at IS NULL OR taken_at < $1
                 ORDER BY queued_at, table_id LIMIT 1",
            )
            .bind(stale_before)
            .fetch_optional(&self.db.pool)
            .await?
            else {
                return Ok(None);
            };
            let table: String = row.try_get("table_id")?;
            // Taken only if still free: two nodes may have read the same.
            let took = sqlx::query(
                "UPDATE domino_fairplay_queue SET taken_at = $1
                 WHERE table_id = $2 AND (taken_at IS NULL OR taken_at < $3)",
            )
            .bind(now)
            .bind(&table)
            .bind(stale_before)
            .execute(&self.db.pool)
            .await?;
            if took.rows_affected() == 1 {
                return Ok(Some(table));
            }
        }
        Ok(None)
    }

    /// How many matches wait (taken ones included).
    pub async fn queued(&self) -> Result<i64, sqlx::Error> {
        let r = sqlx::query("SELECT COUNT(*) AS n FROM domino_fairplay_queue")
            .fetch_one(&self.db.pool)
            .await?;
        r.try_get("n")
    }

    /// Keep a match's evidence (a row a profile, none kept twice) and take
    /// the match off the queue, in one transaction.
    pub async fn keep_evidence(
        &self,
        table: &str,
        rows: &[EvidenceRow],
    ) -> Result<(), sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        for r in rows {
            tx.execute(
                sqlx::query(
                    "INSERT INTO domino_fairplay_evidence (profile_id, table_id, game, at, evidence)
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (profile_id, table_id) DO NOTHING",
                )
                .bind(&r.profile)
                .bind(&r.table)
                .bind(&r.game)
                .bind(r.at)
                .bind(&r.evidence),
            )
            .await?;
        }
        tx.execute(
            sqlx::query("DELETE FROM domino_fairplay_queue WHERE table_id = $1").bind(table),
        )
        .await?;
        tx.commit().await
    }

    /// A profile's evidence in a game, match by match, oldest first.
    pub async fn evidence_of(
        &self,
        profile: &str,
        game: &str,
    ) -> Result<Vec<EvidenceRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT profile_id, table_id, game, at, evidence FROM domino_fairplay_evidence
             WHERE profile_id = $1 AND game = $2 ORDER BY at, table_id",
        )
        .bind(profile)
        .bind(game)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(evidence_row).collect()
    }

    /// Every profile's evidence in a game, by profile (the site's norms).
    pub async fn game_evidence(&self, game: &str) -> Result<Vec<EvidenceRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT profile_id, table_id, game, at, evidence FROM domino_fairplay_evidence
             WHERE game = $1 ORDER BY profile_id, at, table_id",
        )
        .bind(game)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(evidence_row).collect()
    }

    /// Raise a flag: the newest of its kind replaces the one before.
    pub async fn raise(&self, f: &FlagRow) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO domino_fairplay_flags (profile_id, game, kind, raised_at, figures)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (profile_id, game, kind)
             DO UPDATE SET raised_at = excluded.raised_at, figures = excluded.figures",
        )
        .bind(&f.profile)
        .bind(&f.game)
        .bind(&f.kind)
        .bind(f.raised_at)
        .bind(&f.figures)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// The flags raised, the newest first (at most `limit`).
    pub async fn flags(&self, limit: i64) -> Result<Vec<FlagRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT profile_id, game, kind, raised_at, figures FROM domino_fairplay_flags
             ORDER BY raised_at DESC, profile_id, game, kind LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(FlagRow {
                    profile: r.try_get("profile_id")?,
                    game: r.try_get("game")?,
                    kind: r.try_get("kind")?,
                    raised_at: r.try_get("raised_at")?,
                    figures: r.try_get("figures")?,
                })
            })
            .collect()
    }

    /// Give `profile` `role`; false when it had it already.
    pub async fn grant(&self, profile: &str, role: &str, now: i64) -> Result<bool, sqlx::Error> {
        let done = sqlx::query(
            "INSERT INTO domino_roles (profile_id, role, granted_at) VALUES ($1, $2, $3)
             ON CONFLICT (profile_id, role) DO NOTHING",
        )
        .bind(profile)
        .bind(role)
        .bind(now)
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Take `role` from `profile`; false when it did not have it.
    pub async fn revoke(&self, profile: &str, role: &str) -> Result<bool, sqlx::Error> {
        let done = sqlx::query("DELETE FROM domino_roles WHERE profile_id = $1 AND role = $2")
            .bind(profile)
            .bind(role)
            .execute(&self.db.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Whether `profile` has `role`.
    pub async fn has_role(&self, profile: &str, role: &str) -> Result<bool, sqlx::Error> {
        Ok(
            sqlx::query("SELECT 1 AS one FROM domino_roles WHERE profile_id = $1 AND role = $2")
                .bind(profile)
                .bind(role)
                .fetch_optional(&self.db.pool)
                .await?
                .is_some(),
        )
    }

    /// The profiles that have `role`, the longest-standing first.
    pub async fn with_role(&self, role: &str) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT profile_id FROM domino_roles WHERE role = $1 ORDER BY granted_at, profile_id",
        )
        .bind(role)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(|r| r.try_get("profile_id")).collect()
    }

    /// Add a line to the audit log.
    pub async fn audit(&self, a: &AuditRow) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO domino_audit (id, at, actor, action, target, why)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(format!("{:016x}", rand::random::<u64>()))
        .bind(a.at)
        .bind(&a.actor)
        .bind(&a.action)
        .bind(&a.target)
        .bind(&a.why)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// The audit log, the newest first (at most `limit` lines).
    pub async fn audit_log(&self, limit: i64) -> Result<Vec<AuditRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT at, actor, action, target, why FROM domino_audit
             ORDER BY at DESC, id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(AuditRow {
                    at: r.try_get("at")?,
                    actor: r.try_get("actor")?,
                    action: r.try_get("action")?,
                    target: r.try_get("target")?,
                    why: r.try_get("why")?,
                })
            })
            .collect()
    }
}

impl FairPlay {
    /// Keep a report.
    pub async fn report(&self, r: &ReportRow) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO domino_reports (id, at, reporter, target, reason, table_id, text)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&r.id)
        .bind(r.at)
        .bind(&r.reporter)
        .bind(&r.target)
        .bind(&r.reason)
        .bind(&r.table)
        .bind(&r.text)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// How many reports `reporter` made since `since` (ms since the epoch).
    pub async fn reports_since(&self, reporter: &str, since: i64) -> Result<i64, sqlx::Error> {
        let r = sqlx::query(
            "SELECT COUNT(*) AS n FROM domino_reports WHERE reporter = $1 AND at >= $2",
        )
        .bind(reporter)
        .bind(since)
        .fetch_one(&self.db.pool)
        .await?;
        r.try_get("n")
    }

    /// The reports, the newest first (at most `limit`).
    pub async fn reports(&self, limit: i64) -> Result<Vec<ReportRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, at, reporter, target, reason, table_id, text FROM domino_reports
             ORDER BY at DESC, id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ReportRow {
                    id: r.try_get("id")?,
                    at: r.try_get("at")?,
                    reporter: r.try_get("reporter")?,
                    target: r.try_get("target")?,
                    reason: r.try_get("reason")?,
                    table: r.try_get("table_id")?,
                    text: r.try_get("text")?,
                })
            })
            .collect()
    }
}

impl FairPlay {
    /// Mark `profile` with `kind`; false when it had the mark already.
    pub async fn mark(&self, profile: &str, kind: &str, at: i64) -> Result<bool, sqlx::Error> {
        let done = sqlx::query(
            "INSERT INTO domino_marks (profile_id, kind, at) VALUES ($1, $2, $3)
             ON CONFLICT (profile_id, kind) DO NOTHING",
        )
        .bind(profile)
        .bind(kind)
        .bind(at)
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Take `kind` off `profile`; false when it did not have it.
    pub async fn unmark(&self, profile: &str, kind: &str) -> Result<bool, sqlx::Error> {
        let done = sqlx::query("DELETE FROM domino_marks WHERE profile_id = $1 AND kind = $2")
            .bind(profile)
            .bind(kind)
            .execute(&self.db.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// A flag dismissed; false when there was none.
    pub async fn dismiss_flag(
        &self,
        profile: &str,
        game: &str,
        kind: &str,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query(
            "DELETE FROM domino_fairplay_flags WHERE profile_id = $1 AND game = $2 AND kind = $3",
        )
        .bind(profile)
        .bind(game)
        .bind(kind)
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// A report dismissed, as `(reporter, target)`; `None` when there was none.
    pub async fn dismiss_report(&self, id: &str) -> Result<Option<String>, sqlx::Error> {
        let target = sqlx::query("SELECT target FROM domino_reports WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?
            .map(|r| r.try_get::<String, _>("target"))
            .transpose()?;
        sqlx::query("DELETE FROM domino_reports WHERE id = $1")
            .bind(id)
            .execute(&self.db.pool)
            .await?;
        Ok(target)
    }
}

fn evidence_row(r: &sqlx::any::AnyRow) -> Result<EvidenceRow, sqlx::Error> {
    Ok(EvidenceRow {
        profile: r.try_get("profile_id")?,
        table: r.try_get("table_id")?,
        game: r.try_get("game")?,
        at: r.try_get("at")?,
        evidence: r.try_get("evidence")?,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use crate::tests::test_urls;
    use crate::Store;

    use super::*;

    fn evidence(profile: &str, table: &str, at: i64) -> EvidenceRow {
        EvidenceRow {
            profile: profile.into(),
            table: table.into(),
            game: "block".into(),
            at,
            evidence: format!("{{\"at\":{at}}}"),
        }
    }

    /// A queued match is claimed once, by one worker, until its worker is
    /// taken to have died; keeping its evidence takes it off the queue.
    #[tokio::test]
    async fn a_queued_match_is_claimed_once_and_its_evidence_kept_once() {
        for url in test_urls("fairplay_queue").await {
            let s = Store::connect(&url).await.unwrap();
            let f = s.fairplay();
            f.queue("t1", 10).await.unwrap();
            f.queue("t2", 20).await.unwrap();
            f.queue("t1", 30).await.unwrap();
            assert_eq!(f.queued().await.unwrap(), 2, "{url}");
            assert_eq!(f.claim(100, 0).await.unwrap().as_deref(), Some("t1"));
            assert_eq!(f.claim(101, 0).await.unwrap().as_deref(), Some("t2"));
            assert_eq!(f.claim(102, 0).await.unwrap(), None);
            // Its worker began at 100: stale from 101 on.
            assert_eq!(f.claim(500, 101).await.unwrap().as_deref(), Some("t1"));
            let rows = [evidence("p", "t1", 5), evidence("q", "t1", 5)];
            f.keep_evidence("t1", &rows).await.unwrap();
            f.keep_evidence("t1", &rows).await.unwrap();
            assert_eq!(f.queued().await.unwrap(), 1);
            assert_eq!(
                f.evidence_of("p", "block").await.unwrap(),
                vec![rows[0].clone()]
            );
            f.keep_evidence("t2", &[evidence("p", "t2", 3)])
                .await
                .unwrap();
            let p: Vec<String> = f
                .evidence_of("p", "block")
                .await
                .unwrap()
                .into_iter()
                .map(|r| r.table)
                .collect();
            assert_eq!(p, ["t2", "t1"], "oldest first");
            assert_eq!(f.game_evidence("block").await.unwrap().len(), 3);
            assert!(f.evidence_of("p", "draw").await.unwrap().is_empty());
            s.close().await;
        }
    }

    /// Reports are kept, listed the newest first and counted per reporter.
    #[tokio::test]
    async fn reports_are_kept_and_counted() {
        for url in test_urls("fairplay_reports").await {
            let s = Store::connect(&url).await.unwrap();
            let f = s.fairplay();
            for (i, at) in [(1, 100), (2, 200)] {
                f.report(&ReportRow {
                    id: format!("r{i}"),
                    at,
                    reporter: "p".into(),
                    target: "q".into(),
                    reason: "abuse".into(),
                    table: (i == 1).then(|| "t".to_string()),
                    text: String::new(),
                })
                .await
                .unwrap();
            }
            assert_eq!(f.reports_since("p", 150).await.unwrap(), 1, "{url}");
            assert_eq!(f.reports_since("q", 0).await.unwrap(), 0);
            let all = f.reports(10).await.unwrap();
            assert_eq!(
                all.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
                ["r2", "r1"]
            );
            assert_eq!(all[1].table.as_deref(), Some("t"));
            s.close().await;
        }
    }

    /// A flag of a kind replaces the one before; roles and the audit log.
    #[tokio::test]
    async fn flags_roles_and_the_audit_log() {
        for url in test_urls("fairplay_roles").await {
            let s = Store::connect(&url).await.unwrap();
            let f = s.fairplay();
            let flag = |kind: &str, at: i64, figures: &str| FlagRow {
                profile: "p".into(),
                game: "block".into(),
                kind: kind.into(),
                raised_at: at,
                figures: figures.into(),
            };
            f.raise(&flag("agreement", 1, "a")).await.unwrap();
            f.raise(&flag("flat_times", 2, "b")).await.unwrap();
            f.raise(&flag("agreement", 3, "c")).await.unwrap();
            let all = f.flags(10).await.unwrap();
            assert_eq!(
                all,
                vec![flag("agreement", 3, "c"), flag("flat_times", 2, "b")],
                "{url}"
            );
            assert!(f.grant("p", "moderator", 1).await.unwrap());
            assert!(!f.grant("p", "moderator", 2).await.unwrap());
            assert!(f.has_role("p", "moderator").await.unwrap());
            assert!(!f.has_role("q", "moderator").await.unwrap());
            assert_eq!(f.with_role("moderator").await.unwrap(), ["p"]);
            assert!(f.revoke("p", "moderator").await.unwrap());
            assert!(!f.revoke("p", "moderator").await.unwrap());
            assert!(f.with_role("moderator").await.unwrap().is_empty());
            for (at, action) in [(1, "grant"), (2, "revoke")] {
                let a = AuditRow {
                    at,
                    actor: "admin".into(),
                    action: action.into(),
                    target: "p".into(),
                    why: "test".into(),
                };
                f.audit(&a).await.unwrap();
            }
            let log = f.audit_log(10).await.unwrap();
            let actions: Vec<&str> = log.iter().map(|a| a.action.as_str()).collect();
            assert_eq!(actions, ["revoke", "grant"]);
            s.close().await;
        }
    }
}
