//! Deleting what was made and never used, so that nothing made in bulk
//! stays for good: a score sheet with no hand entered, a tournament
//! never started that no person entered, and a puzzle run, once older than
//! `Limits::expire_after` (`--expire-after`). A tournament's age counts
//! from its start time when that is later, so one announced for next month
//! waits. Every node sweeps; deleting what another node deleted already
//! deletes nothing.

use std::time::Duration;

use tokio::sync::watch;

use crate::clock::{now_ms, Sweep};
use domino_store::{Puzzles, Sheets, Tournaments};

/// What expires, and after how long.
#[derive(Clone, Debug)]
pub struct Expiry {
    pub sheets: Sheets,
    pub tournaments: Tournaments,
    pub puzzles: Puzzles,
    pub after: Duration,
}

/// Every so often until `stop`, delete what expired (at once too, for
/// what expired while the server was stopped).
pub async fn sweep(expiry: Expiry, stop: watch::Receiver<bool>) {
    let mut sweep = Sweep::after(expiry.after, stop);
    while sweep.next().await {
        if let Err(e) = expiry.once().await {
            tracing::warn!("deleting unused sheets and tournaments: {e}");
        }
    }
}

impl Expiry {
    /// Delete what has expired now: how many sheets and tournaments.
    pub async fn once(&self) -> Result<(u64, u64), sqlx::Error> {
        let age = i64::try_from(self.after.as_millis()).unwrap_or(i64::MAX);
        let before = now_ms().saturating_sub(age);
        let sheets = self.sheets.expire_sheets(before).await?;
        let tournaments = self.tournaments.expire_tournaments(before).await?;
        // A puzzle run is done in minutes; only its best score outlives it.
        let runs = self.puzzles.expire_puzzle_runs(before).await?;
        if runs > 0 {
            tracing::info!(runs, "deleted old puzzle runs");
        }
        if sheets + tournaments > 0 {
            tracing::info!(sheets, tournaments, "deleted unused sheets and tournaments");
        }
        Ok((sheets, tournaments))
    }
}
