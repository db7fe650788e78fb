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

use crate::hub::Hub;
use crate::table::Cmd;

/// How often a node looks for tables to take over, and points the proxies
/// of other nodes' tables at their holders: each look is a few statements,
/// however many tables there are and however fast they play.
pub const LOOK_EVERY: Duration = Duration::from_secs(1);

impl Hub {
    /// Whether this node coordinates through leases (PostgreSQL).
    pub fn leased(&self) -> bool {
        self.store.leased()
    }

    /// Take the lease of every unowned unfinished table and open it;
    /// returns how many were opened.
    pub async fn adopt(&self) -> Result<usize, sqlx::Error> {
        let (node, ttl) = (&self.config.node, self.config.lease);
        let me = self.config.holder();
        let mut n = 0;
        for id in self.store.unowned(node, ttl).await? {
            if self.claimed(&id) || !self.store.take_lease(&id, &me, ttl).await? {
                continue;
            }
            // Finished since the list was read: nothing to open.
            let Some(saved) = self.store.unfinished_one(&id).await? else {
                continue;
            };
            let kept = self.store.kept(&id).await?;
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
                    // the store refuses: see `Store::fence`.)
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
