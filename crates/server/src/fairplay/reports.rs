//! People report each other (docs/fairplay.md, "Reports"): engine help,
//! abuse in chat, sandbagging or another reason, each limited per
//! reporter; the moderators read them.

use domino_protocol::fairplay::{Report, ReportListed, ReportReason, Reported};
use domino_protocol::refusal::{Code, Refusal};
use domino_store::fairplay::ReportRow;

use super::{store_error, FairPlay, LIST_LIMIT};

/// Reports one person may make in a day.
pub const REPORTS_PER_DAY: i64 = 10;

/// The longest text of a report, in characters.
pub const REPORT_CHARS: usize = 500;

const DAY_MS: i64 = 24 * 3600 * 1000;

fn bad(message: &str) -> Refusal {
    Refusal::new(Code::BadRequest, message)
}

impl FairPlay {
    /// `me` reports a player: refused for oneself, an unknown profile, a
    /// bot account reported for engine help (bot accounts are engines),
    /// another reason without a word of why, a text too long, or past the
    /// day's reports. Nothing is kept when refused.
    pub async fn report(&self, me: &str, r: Report) -> Result<Reported, Refusal> {
        if r.profile == me {
            return Err(bad("you cannot report yourself"));
        }
        let text = r.text.trim().to_string();
        if text.chars().count() > REPORT_CHARS {
            return Err(Refusal::new(
                Code::TooLarge,
                format!("a report says at most {REPORT_CHARS} characters"),
            ));
        }
        if r.reason == ReportReason::Other && text.is_empty() {
            return Err(bad("say in a line what happened"));
        }
        if self.name_of(&r.profile).await?.is_none() {
            return Err(Refusal::new(Code::NoSuchProfile, "no such profile"));
        }
        if r.reason == ReportReason::Engine
            && self.bots.is_bot(&r.profile).await.map_err(store_error)?
        {
            return Err(bad(
                "a bot account is an engine: report it for abuse or another reason",
            ));
        }
        let now = self.time.now_ms();
        let made = self
            .rows
            .reports_since(me, now - DAY_MS)
            .await
            .map_err(store_error)?;
        if made >= REPORTS_PER_DAY {
            return Err(Refusal::new(
                Code::RateLimited,
                format!("one person may make {REPORTS_PER_DAY} reports a day"),
            ));
        }
        let id = crate::table::random_id(8);
        self.rows
            .report(&ReportRow {
                id: id.clone(),
                at: now,
                reporter: me.to_string(),
                target: r.profile,
                reason: r.reason.as_str().to_string(),
                table: r.table.filter(|t| !t.is_empty()),
                text,
            })
            .await
            .map_err(store_error)?;
        Ok(Reported { id })
    }

    /// The reports, the newest first, for moderator `me`.
    pub async fn reports(&self, me: &str) -> Result<Vec<ReportListed>, Refusal> {
        self.moderator(me).await?;
        let rows = self.rows.reports(LIST_LIMIT).await.map_err(store_error)?;
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let target_name = self.name_of(&r.target).await?;
            out.push(ReportListed {
                id: r.id,
                at: r.at,
                reporter: r.reporter,
                target: r.target,
                target_name,
                reason: r.reason,
                table: r.table,
                text: r.text,
            });
        }
        Ok(out)
    }
}
