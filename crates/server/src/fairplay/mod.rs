//! Fair play, the feature's room (docs/fairplay.md). A rated match with a
//! person at it is queued in the store once it is rated ([`Queueing`]);
//! each node's worker ([`worker`]) takes the queued matches one at a time,
//! analyses each away from the tables (one thread of its own), keeps each
//! person's evidence, and reviews the people who played: their evidence
//! in the game against the norms of their rating band, their rating's
//! history. A flag it raises is kept for the moderators, with its figures;
//! nothing is done to the profile. Bot accounts are engines: they are
//! neither analysed nor flagged. `api.rs`: the moderators' routes. The
//! moderator role is granted with `domino admin`, and every grant is in
//! the audit log.

mod actions;
pub mod admin;
pub mod api;
mod norms;
mod reports;
mod worker;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use domino_fairplay::{Evidence, Flag, Policy};
use domino_league::ratings::MatchEnd;
use domino_protocol::fairplay::{AuditLine, FlagList, FlagListed};
use domino_protocol::refusal::{Code, Refusal};
use domino_protocol::table::RatingChange;
use domino_store::fairplay::FlagRow;
use tokio::sync::Notify;

use crate::clock::TimeSource;
use crate::finished::FinishedMatches;
use crate::table::Rater;

pub use norms::NormBook;
pub use reports::{REPORTS_PER_DAY, REPORT_CHARS};
pub use worker::drive;

/// The role `domino admin` grants to the people who review flags.
pub const MODERATOR: &str = "moderator";

/// The most flags and audit lines a moderator's page lists at once.
const LIST_LIMIT: i64 = 200;

/// How the worker analyses and judges.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Worlds the expert samples per decision: the norms' own.
    pub samples: usize,
    pub policy: Policy,
    /// A match taken by a worker that has not finished it by then is
    /// taken to have died with it, and is taken again.
    pub stale: Duration,
    /// Longest analysis of one match: past it the match is left out.
    pub budget: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            samples: norms::SAMPLES,
            policy: Policy::default(),
            stale: Duration::from_secs(600),
            budget: Duration::from_secs(120),
        }
    }
}

/// The fair-play service.
#[derive(Clone, Debug)]
pub struct FairPlay {
    rows: domino_store::FairPlay,
    profiles: domino_store::Profiles,
    bots: domino_store::BotAccounts,
    finished: FinishedMatches,
    time: TimeSource,
    /// Wakes this node's worker when a match is queued here.
    wake: Arc<Notify>,
    settings: Arc<Settings>,
    norms: Arc<NormBook>,
}

/// What the service is made of.
#[derive(Debug)]
pub struct Parts {
    pub rows: domino_store::FairPlay,
    pub profiles: domino_store::Profiles,
    pub bots: domino_store::BotAccounts,
    pub finished: FinishedMatches,
    pub time: TimeSource,
    pub settings: Settings,
}

fn store_error(e: impl std::fmt::Display) -> Refusal {
    crate::fault::fault("fair play", Code::Store, e)
}

impl FairPlay {
    pub fn new(p: Parts) -> FairPlay {
        FairPlay {
            rows: p.rows,
            profiles: p.profiles.clone(),
            bots: p.bots,
            finished: p.finished,
            time: p.time,
            wake: Arc::default(),
            settings: Arc::new(p.settings),
            norms: Arc::new(NormBook::new(p.profiles)),
        }
    }

    /// Queue a rated match for its analysis when a person played it (a
    /// table of bots and bot accounts alone says nothing of people).
    pub async fn queue(&self, end: &MatchEnd) {
        if !end.rated || !end.players.iter().flatten().any(|p| !is_bot_level(p)) {
            return;
        }
        match self.rows.queue(&end.table, self.time.now_ms()).await {
            Ok(()) => self.wake.notify_one(),
            Err(e) => tracing::error!(table = %end.table, "queueing a match for fair play: {e}"),
        }
    }

    /// Refused (`not_moderator`) unless `profile` is a moderator.
    pub async fn moderator(&self, profile: &str) -> Result<(), Refusal> {
        if self
            .rows
            .has_role(profile, MODERATOR)
            .await
            .map_err(store_error)?
        {
            Ok(())
        } else {
            Err(Refusal::new(
                Code::NotModerator,
                "only a moderator sees the fair-play flags",
            ))
        }
    }

    /// The flags raised, the newest first, for moderator `me`.
    pub async fn flags(&self, me: &str) -> Result<FlagList, Refusal> {
        self.moderator(me).await?;
        let rows = self.rows.flags(LIST_LIMIT).await.map_err(store_error)?;
        let mut flags = Vec::with_capacity(rows.len());
        for r in rows {
            let name = self.name_of(&r.profile).await?;
            flags.push(FlagListed {
                name,
                figures: serde_json::from_str(&r.figures).unwrap_or(serde_json::Value::Null),
                profile: r.profile,
                game: r.game,
                kind: r.kind,
                raised_at: r.raised_at,
            });
        }
        let queued = self.rows.queued().await.map_err(store_error)?;
        Ok(FlagList { flags, queued })
    }

    /// The name of `profile`, for the moderators' lists (`None`: gone).
    async fn name_of(&self, profile: &str) -> Result<Option<String>, Refusal> {
        let p = self.profiles.profile(profile).await.map_err(store_error)?;
        Ok(p.map(|p| p.name))
    }

    /// The audit log, the newest first, for moderator `me`.
    pub async fn audit_log(&self, me: &str) -> Result<Vec<AuditLine>, Refusal> {
        self.moderator(me).await?;
        let rows = self.rows.audit_log(LIST_LIMIT).await.map_err(store_error)?;
        Ok(rows
            .into_iter()
            .map(|a| AuditLine {
                at: a.at,
                actor: a.actor,
                action: a.action,
                target: a.target,
                why: a.why,
            })
            .collect())
    }

    /// Review `profile` in `game` after a match: every flag its evidence,
    /// band and rating history earn is raised (replacing the one of its
    /// kind before).
    async fn review(&self, profile: &str, game: &str) -> Result<Vec<Flag>, sqlx::Error> {
        let rows = self.rows.evidence_of(profile, game).await?;
        let evidence: Evidence = rows
            .iter()
            .filter_map(|r| serde_json::from_str::<Evidence>(&r.evidence).ok())
            .sum();
        let rating = self.profiles.rating(profile, game).await?;
        let band = domino_fairplay::Band::of(rating.map_or(1500.0, |(r, _)| r.rating) as i32);
        let history = self.history(profile, game).await?;
        // Without norms only agreement goes unjudged: the rating's pace
        // and the move times need none.
        let norms = self.norms.of(game, &self.rows).await?.unwrap_or_default();
        let p = domino_fairplay::Profile {
            evidence: &evidence,
            band,
            history: &history,
        };
        let flags = domino_fairplay::review(&p, &norms, &self.settings.policy);
        let now = self.time.now_ms();
        for f in &flags {
            let figures = serde_json::to_string(f).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
            self.rows
                .raise(&FlagRow {
                    profile: profile.to_string(),
                    game: game.to_string(),
                    kind: kind_of(f).to_string(),
                    raised_at: now,
                    figures,
                })
                .await?;
        }
        Ok(flags)
    }

    /// `profile`'s rating in `game` after each of its rated matches,
    /// oldest first (its last 200).
    async fn history(&self, profile: &str, game: &str) -> Result<Vec<i32>, sqlx::Error> {
        let lines = self.profiles.matches_of(profile, 200).await?;
        Ok(lines
            .iter()
            .rev()
            .filter(|l| l.game == game)
            .filter_map(|l| l.rating.map(|r| r as i32))
            .collect())
    }
}

/// A built-in level's rated player (`bot:LEVEL`), not a profile.
fn is_bot_level(player: &str) -> bool {
    player.starts_with("bot:")
}

/// A flag's kind as stored.
fn kind_of(f: &Flag) -> &'static str {
    match f {
        Flag::Agreement(_) => "agreement",
        Flag::FastRating { .. } => "fast_rating",
        Flag::FlatTimes { .. } => "flat_times",
    }
}

/// The rater the tables are given: the ratings' own, then the match
/// queued for fair play.
#[derive(Debug)]
pub struct Queueing {
    pub inner: Arc<dyn Rater>,
    pub fairplay: FairPlay,
}

impl Rater for Queueing {
    fn rate(&self, end: MatchEnd) -> Pin<Box<dyn Future<Output = Vec<RatingChange>> + Send>> {
        let (inner, fairplay) = (self.inner.clone(), self.fairplay.clone());
        Box::pin(async move {
            let changes = inner.rate(end.clone()).await;
            fairplay.queue(&end).await;
            changes
        })
    }
}
