//! Which node runs which table, when several share one PostgreSQL database
//! (see [`domino_store::lease`]): at start and on each heartbeat a node
//! renews the leases of its tables, forgets those another node took over,
//! and opens the unowned ones (a killed node's at once, a stalled one's
//! once their leases ran out), rebuilding each from its log. It looks for
//! unowned tables every [`LOOK_EVERY`] whatever the lease: a look is one
//! statement, whatever the play, and a killed node's tables move in about
//! that time.

use std::collections::HashSet;
use std::time::Duration;

use tokio::sync::watch;

use super::Hub;
use crate::table::Cmd;

/// How often a node looks for tables to take over, and points the proxies
/// of other nodes' tables at their holders: each look is a few statements,
/// however many tables there are and however fast they play.
pub const LOOK_EVERY: Duration = Duration::from_secs(1);

impl Hub {
    /// Whether this node coordinates through leases (PostgreSQL).
    pub fn leased(&self) -> bool {
        self.store.leases().leased()
    }

    /// Take the lease of every unowned unfinished table and open it;
    /// returns how many were opened.
    pub async fn adopt(&self) -> Result<usize, sqlx::Error> {
        let (node, ttl) = (&self.config.node, self.config.lease);
        let me = self.config.holder();
        let mut n = 0;
        for domino_store::Unowned {
            table: id,
            lapsed_ms,
        } in self.store.leases().unowned_since(node, ttl).await?
        {
            if self.claimed(&id) || !self.store.leases().take_lease(&id, &me, ttl).await? {
                continue;
            }
            // Finished since the list was read: nothing to open.
            let Some(mut saved) = self.store.tables().unfinished_one(&id).await? else {
                continue;
            };
            // Stored too: the next node to take the table over reads the
            // clock from the store, and would charge this lapse again.
            if let Some(clock) = excuse_lapse(&mut saved, lapsed_ms, self.config.time.now_ms()) {
                if let Err(e) = self.store.clocks().set_clock(&id, node, &clock).await {
                    tracing::warn!(table = %id, "the excused clock is not stored: {e}");
                }
            }
            let kept = self.store.asleep().kept(&id).await?;
            match self.reopen(saved, kept) {
                Ok(_) => {
                    tracing::info!(table = %id, node = %node, "opened (unowned)");
                    n += 1;
                }
                Err(e) => tracing::error!("not restored: {e}"),
            }
        }
        Ok(n)
    }

    /// One heartbeat: renew this node's leases, forget the tables another
    /// node took over, then [`Hub::look`].
    pub async fn beat(&self) -> Result<(), sqlx::Error> {
        let (node, ttl) = (&self.config.node, self.config.lease);
        // Listed before renewing: a table created meanwhile takes its lease
        // before it is listed, so only tables listed here may be missing.
        let open = self.open_ids();
        let held: HashSet<String> = self
            .store
            .leases()
            .renew_leases(node, ttl)
            .await?
            .into_iter()
            .collect();
        for id in open {
            if held.contains(&id) {
                continue;
            }
            match self.get(&id) {
                // (A table that finished meanwhile let its lease go.)
                Some(h) if !h.open() => {}
                Some(h) => {
                    // This node missed its renewals (stalled, cut off) and
                    // another took the table: its copy here stops and drops
                    // its connections, which reconnect to that node. (With a
                    // full queue the copy learns it at its next entry, which
                    // the store refuses: see its `Db::fence`.)
                    tracing::warn!(table = %id, "lease lost: another node runs this table now");
                    let _ = h.tx.try_send(Cmd::Superseded);
                    self.forget(&id);
                }
                // Asleep: no copy to stop, only its id to drop.
                None if self.holds(&id) => {
                    tracing::warn!(table = %id, "lease lost: another node runs this sleeping table now");
                    self.forget(&id);
                }
                None => {}
            }
        }
        self.look().await
    }

    /// Open the unowned tables, and point the proxies of other nodes'
    /// tables at their holders now.
    pub async fn look(&self) -> Result<(), sqlx::Error> {
        let opened = self.adopt().await?;
        if opened > 0 {
            tracing::info!(opened, "took over tables");
        }
        if let Some(relay) = &self.relay {
            relay.beat().await?;
        }
        Ok(())
    }

    /// Beat every third of the lease, and look every [`LOOK_EVERY`] in
    /// between, until `stop`. One task does both, so that two looks never
    /// open the same table twice.
    pub async fn keep_leases(self, mut stop: watch::Receiver<bool>) {
        let beat_every = (self.config.lease / 3).max(Duration::from_millis(50));
        let mut tick = tokio::time::interval(beat_every.min(LOOK_EVERY));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last_beat: Option<tokio::time::Instant> = None;
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stop.changed() => return,
            }
            // Renewed a little early rather than a look late.
            let due = last_beat.is_none_or(|t| t.elapsed() + LOOK_EVERY >= beat_every);
            let done = if due {
                last_beat = Some(tokio::time::Instant::now());
                self.beat().await
            } else {
                self.look().await
            };
            if let Err(e) = done {
                tracing::warn!("lease heartbeat: {e}");
            }
        }
    }
}

/// Nobody could move at a table while its lease was out (its node stopped
/// or cut off, no other node running it yet): its running turn is not
/// charged for that stretch. (The lease itself is charged: a node that
/// stalls for less than its lease keeps its tables and their clocks.) The
/// clock changed, if it did.
fn excuse_lapse(
    saved: &mut domino_store::Saved,
    lapsed_ms: i64,
    now: i64,
) -> Option<domino_engine::Clock> {
    let text = saved.table.clock.as_ref()?;
    if lapsed_ms <= 0 {
        return None;
    }
    // A clock that does not parse is left for the restore to refuse.
    let mut clock = serde_json::from_str::<domino_engine::Clock>(text).ok()?;
    // No turn running: nothing to excuse.
    clock.running?;
    clock.excuse(lapsed_ms, now);
    // One that cannot be written stays as it was, charged.
    let text = domino_store::json_text(&clock).ok()?;
    tracing::info!(table = %saved.table.id, lapsed_ms, "the lapsed lease is not charged to the turn");
    saved.table.clock = Some(text);
    Some(clock)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn saved(clock: Option<&domino_engine::Clock>) -> domino_store::Saved {
        domino_store::Saved {
            table: domino_store::TableRow {
                id: "t".into(),
                created_at: 0,
                rules: domino_engine::RulesSpec::preset("draw"),
                secret: String::new(),
                bot: "random".into(),
                private: false,
                humans: 2,
                seats: None,
                clock: clock.map(|c| serde_json::to_string(c).unwrap()),
            },
            seats: Vec::new(),
            log: Vec::new(),
        }
    }

    #[test]
    fn a_lapsed_lease_moves_the_running_turn_on_and_nothing_else() {
        let control = domino_engine::TimeControl::PerMove {
            move_s: 15,
            bank_s: 60,
        };
        let mut clock = domino_engine::Clock::new(control, 2);
        clock.start(1, 1_000);
        let mut s = saved(Some(&clock));
        let excused = excuse_lapse(&mut s, 45_000, 70_000);
        let after: domino_engine::Clock =
            serde_json::from_str(s.table.clock.as_deref().unwrap()).unwrap();
        assert_eq!(
            excused.as_ref(),
            Some(&after),
            "the clock stored is the one restored"
        );
        assert_eq!(after.running.unwrap().since_ms, 46_000);
        assert_eq!(after.bank_ms, clock.bank_ms);
        let mut s = saved(Some(&clock));
        assert_eq!(excuse_lapse(&mut s, 0, 70_000), None);
        assert_eq!(s.table.clock, saved(Some(&clock)).table.clock);
        let mut s = saved(None);
        assert_eq!(excuse_lapse(&mut s, 45_000, 70_000), None);
        assert_eq!(s.table.clock, None);
        // No turn running: nothing to excuse, nothing to store.
        let idle = domino_engine::Clock::new(control, 2);
        let mut s = saved(Some(&idle));
        assert_eq!(excuse_lapse(&mut s, 45_000, 70_000), None);
    }
}
