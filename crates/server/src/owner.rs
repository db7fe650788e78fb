//! Which node runs which table, when several share one PostgreSQL database
//! (see [`crate::store::lease`]): at start and on each heartbeat a node
//! renews the leases of its tables, forgets those another node took over,
//! and opens the unowned ones (a dead node's, once their leases ran out),
//! rebuilding each from its log.

use std::collections::HashSet;
use std::time::Duration;

use tokio::sync::watch;

use crate::hub::Hub;
use crate::table::{Cmd, Table};

impl Hub {
    /// Whether this node coordinates through leases (PostgreSQL).
    pub fn leased(&self) -> bool {
        self.store.leased()
    }

    /// Take the lease of every unowned unfinished table and open it;
    /// returns how many were opened.
    pub async fn adopt(&self) -> Result<usize, sqlx::Error> {
        let (node, ttl) = (&self.config.node, self.config.lease);
        let mut n = 0;
        for id in self.store.unowned(node, ttl).await? {
            if self.claimed(&id) || !self.store.take_lease(&id, node, ttl).await? {
                continue;
            }
            // Finished since the list was read: nothing to open.
            let Some(saved) = self.store.unfinished_one(&id).await? else {
                continue;
            };
            match Table::restore(saved, self.store.clone(), self.config.clone()) {
                Ok(h) => {
                    tracing::info!(table = %id, node = %node, "opened (unowned)");
                    self.insert(id, h);
                    n += 1;
                }
                Err(e) => tracing::error!("not restored: {e}"),
            }
        }
        Ok(n)
    }

    /// One heartbeat: renew this node's leases, forget the tables another
    /// node took over, open unowned ones.
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
            // (A table that finished meanwhile let its lease go.)
            let Some(h) = self.get(&id).filter(|h| h.open()) else {
                continue;
            };
            if !held.contains(&id) {
                // This node missed its renewals (stalled, cut off) and
                // another took the table: its copy here stops and drops
                // its connections, which reconnect to that node. (With a
                // full queue the copy learns it at its next entry, which
                // the store refuses: see `Store::fence`.)
                tracing::warn!(table = %id, "lease lost: another node runs this table now");
                let _ = h.tx.try_send(Cmd::Superseded);
                self.forget(&id);
            }
        }
        let opened = self.adopt().await?;
        if opened > 0 {
            tracing::info!(opened, "took over tables");
        }
        if let Some(relay) = &self.relay {
            relay.beat(self).await?;
        }
        Ok(())
    }

    /// Beat every third of the lease until `stop`.
    pub async fn keep_leases(self, mut stop: watch::Receiver<bool>) {
        let every = (self.config.lease / 3).max(Duration::from_millis(50));
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stop.changed() => return,
            }
            if let Err(e) = self.beat().await {
                tracing::warn!("lease heartbeat: {e}");
            }
        }
    }
}
