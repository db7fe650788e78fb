//! What moderators do (docs/fairplay.md, "Moderators"): dismiss a flag or
//! a report, mark a profile engine-assisted (it leaves every leaderboard)
//! and undo the mark. Each action that changes something is a line of the
//! audit log, with who and why; a bot account is never marked (bot
//! accounts are engines).

use domino_protocol::fairplay::{ModAction, ModDone};
use domino_protocol::refusal::{Code, Refusal};
use domino_store::fairplay::{AuditRow, ENGINE_MARK};

use super::{store_error, FairPlay};

impl FairPlay {
    /// Moderator `me` does `a`.
    pub async fn act(&self, me: &str, a: ModAction) -> Result<ModDone, Refusal> {
        self.moderator(me).await?;
        let (why, target) = match &a {
            ModAction::DismissFlag { why, profile, .. }
            | ModAction::MarkEngine { why, profile }
            | ModAction::UnmarkEngine { why, profile } => (why, profile.clone()),
            ModAction::DismissReport { why, report } => (why, report.clone()),
        };
        let why = why.trim().to_string();
        if why.is_empty() {
            return Err(Refusal::new(
                Code::BadRequest,
                "say why: the audit log keeps it",
            ));
        }
        let rows = &self.rows;
        let (action, changed) = match &a {
            ModAction::DismissFlag {
                profile,
                game,
                kind,
                ..
            } => (
                "dismiss_flag",
                rows.dismiss_flag(profile, game, kind)
                    .await
                    .map_err(store_error)?,
            ),
            ModAction::DismissReport { report, .. } => (
                "dismiss_report",
                rows.dismiss_report(report)
                    .await
                    .map_err(store_error)?
                    .is_some(),
            ),
            ModAction::MarkEngine { profile, .. } => {
                self.known_person(profile).await?;
                let at = self.time.now_ms();
                let done = rows.mark(profile, ENGINE_MARK, at).await;
                ("mark_engine", done.map_err(store_error)?)
            }
            ModAction::UnmarkEngine { profile, .. } => (
                "unmark_engine",
                rows.unmark(profile, ENGINE_MARK)
                    .await
                    .map_err(store_error)?,
            ),
        };
        if changed {
            rows.audit(&AuditRow {
                at: self.time.now_ms(),
                actor: me.to_string(),
                action: action.into(),
                target,
                why,
            })
            .await
            .map_err(store_error)?;
        }
        Ok(ModDone { changed })
    }

    /// Refused unless `profile` is a person's profile.
    async fn known_person(&self, profile: &str) -> Result<(), Refusal> {
        if self.name_of(profile).await?.is_none() {
            return Err(Refusal::new(Code::NoSuchProfile, "no such profile"));
        }
        if self.bots.is_bot(profile).await.map_err(store_error)? {
            return Err(Refusal::new(
                Code::BadRequest,
                "a bot account is an engine: it is never marked engine-assisted",
            ));
        }
        Ok(())
    }
}
