//! Deleting what was made and never used, so that nothing made in bulk
//! stays for good: a score sheet with no hand entered, a tournament
//! never started that no person entered, and a puzzle run, once older than
//! `Limits::expire_after` (`--expire-after`). A tournament's age counts
//! from its start time when that is later, so one announced for next month
//! waits. Every node sweeps; deleting what another node deleted already
//! deletes nothing.

use tokio::sync::watch;

use crate::clock::{now_ms, Sweep};
use crate::hub::Hub;

/// Every so often until `stop`, delete what expired (at once too, for
/// what expired while the server was stopped).
pub async fn sweep(hub: Hub, stop: watch::Receiver<bool>) {
    let mut sweep = Sweep::after(hub.config.limits.expire_after, stop);
    while sweep.next().await {
        if let Err(e) = once(&hub).await {
            tracing::warn!("deleting unused sheets and tournaments: {e}");
        }
    }
}

/// Delete what has expired now: how many sheets and tournaments.
pub async fn once(hub: &Hub) -> Result<(u64, u64), sqlx::Error> {
    let age = i64::try_from(hub.config.limits.expire_after.as_millis()).unwrap_or(i64::MAX);
    let before = now_ms().saturating_sub(age);
    let sheets = hub.store.sheets().expire_sheets(before).await?;
    let tournaments = hub.store.tournaments().expire_tournaments(before).await?;
    // A puzzle run is done in minutes; only its best score outlives it.
    let runs = hub.store.puzzles().expire_puzzle_runs(before).await?;
    if runs > 0 {
        tracing::info!(runs, "deleted old puzzle runs");
    }
    if sheets + tournaments > 0 {
        tracing::info!(sheets, tournaments, "deleted unused sheets and tournaments");
    }
    Ok((sheets, tournaments))
}
