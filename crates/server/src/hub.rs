//! The tables of this process: creating them, finding them by id, listing
//! the open ones, and restoring the unfinished ones from the store on start.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use futures_util::future::BoxFuture;

use crate::limits::{Creators, Gate, Refused, Stats};
use crate::protocol::socket::LobbyTable;
use crate::relay::{Local, Relay};
use crate::store::Store;
use crate::table::{random_id, Cmd, Code, Handle, Info, NewTable, Refusal, RematchPlan, Table};
use crate::Config;

/// Every live table, by id, and what the limits count.
#[derive(Clone, Debug)]
pub struct Hub {
    /// Live tables (playing, parked or finished with someone still there).
    tables: Arc<Mutex<HashMap<String, Handle>>>,
    /// Tables being created here, not yet in `tables`: on PostgreSQL each
    /// holds this node's lease already, and the heartbeat, which reopens
    /// this node's leased tables (after a restart), must leave them be.
    creating: Arc<Mutex<HashSet<String>>>,
    /// Tables created from each address, for the per-address limit
    /// (finished ones are dropped as the list is counted).
    made_by: Arc<Mutex<HashMap<IpAddr, Vec<Handle>>>>,
    /// Creations per address in the last minute.
    creators: Arc<Creators>,
    /// Sheets, tournaments, entries, profiles and links created over
    /// HTTP, per address.
    pub quotas: Arc<crate::quota::Quotas>,
    /// Open WebSockets, per address and in all.
    pub sockets: Arc<Gate>,
    /// What the limits refused, by kind.
    pub stats: Arc<Stats>,
    pub store: Store,
    pub config: Arc<Config>,
    /// Shutting down: `/readyz` turns the balancer away while open games
    /// go on for the drain time.
    draining: Arc<AtomicBool>,
    /// With several nodes (PostgreSQL): the way to the other nodes' tables,
    /// once started.
    pub relay: Option<Arc<Relay>>,
    /// Wakes this node's pairing rounds when a seek arrives here.
    pub pairing: Arc<tokio::sync::Notify>,
    /// Bot accounts' events sockets, challenges and token limits here.
    pub bots: Arc<crate::botstate::Registry>,
}

impl Hub {
    pub fn new(store: Store, config: Arc<Config>) -> Hub {
        let l = &config.limits;
        Hub {
            tables: Arc::new(Mutex::new(HashMap::new())),
            creating: Arc::new(Mutex::new(HashSet::new())),
            made_by: Arc::new(Mutex::new(HashMap::new())),
            creators: Arc::new(Creators::default()),
            quotas: Arc::default(),
            sockets: Gate::new(l.sockets_per_address, l.sockets),
            stats: config.stats.clone(),
            store,
            config,
            draining: Arc::new(AtomicBool::new(false)),
            relay: None,
            pairing: Arc::default(),
            bots: Arc::default(),
        }
    }

    /// From now on, say not ready (the node is shutting down).
    pub fn drain(&self) {
        self.draining.store(true, Ordering::Relaxed);
    }

    pub fn draining(&self) -> bool {
        self.draining.load(Ordering::Relaxed)
    }

    /// Restart every unfinished table from the store (on PostgreSQL,
    /// every one no other node holds); returns how many.
    pub async fn restore(&self) -> anyhow::Result<usize> {
        if self.leased() {
            return Ok(self.adopt().await?);
        }
        let saved = self.store.unfinished().await?;
        let mut n = 0;
        for s in saved {
            let id = s.table.id.clone();
            match Table::restore(s, self.store.clone(), self.config.clone()) {
                Ok(h) => {
                    self.insert(id, h);
                    n += 1;
                }
                Err(e) => tracing::error!("not restored: {e}"),
            }
        }
        Ok(n)
    }

    pub(crate) fn insert(&self, id: String, h: Handle) {
        if let Ok(mut t) = self.tables.lock() {
            t.insert(id, h);
        }
    }

    pub async fn create(&self, mut new: NewTable) -> Result<(String, Handle), Refusal> {
        // The id is chosen here and held in `creating` until the table is
        // in `tables` (see `Hub::claimed`): it takes its lease before its
        // task starts, and a heartbeat meanwhile would otherwise open a
        // second copy of it.
        let id = new.id.get_or_insert_with(|| random_id(8)).clone();
        let _creating = Creating::hold(&self.creating, &id);
        let h = Table::create(new, self.store.clone(), self.config.clone()).await?;
        self.insert(id.clone(), h.clone());
        Ok((id, h))
    }

    /// Whether the table runs here or is being created here. `creating` is
    /// asked first: a table leaves it only once it is in `tables`.
    pub(crate) fn claimed(&self, id: &str) -> bool {
        let creating = self.creating.lock().is_ok_and(|c| c.contains(id));
        creating || self.get(id).is_some()
    }

    /// A live table, here or (through a proxy) on the node that owns it;
    /// refused as `moving` while it is between owners (its node died and
    /// no other has taken it over yet), so the player tries again.
    pub async fn locate(&self, id: &str) -> Result<Handle, Refusal> {
        if let Some(h) = self.get(id) {
            return Ok(h);
        }
        match &self.relay {
            Some(relay) => relay.locate(Arc::new(self.clone()), id).await,
            None => Err(Refusal::new(
                Code::NoTable,
                "that table is not being played here",
            )),
        }
    }

    /// The lobby: this node's public tables, then those of the other
    /// nodes (as the store has them), those with free seats first.
    pub async fn list_all(&self) -> Vec<LobbyTable> {
        let mut list = self.list();
        if let Some(relay) = &self.relay {
            list.extend(relay.others_lobby().await);
            list.truncate(200);
        }
        list
    }

    /// The table a `rematch` answer names: the one already made, or the
    /// one its plan describes, made now and announced to the table `h`
    /// it follows (made or not, so that a later ask is not left waiting).
    pub async fn follow_rematch(
        &self,
        h: &Handle,
        answer: Result<String, Box<RematchPlan>>,
    ) -> Result<String, Refusal> {
        match answer {
            Ok(id) => Ok(id),
            Err(plan) => {
                let made = self.create(plan.new).await;
                let id = made.as_ref().ok().map(|(id, _)| id.clone());
                let _ = h.tx.send(Cmd::RematchMade { table: id.clone() }).await;
                made?;
                Ok(id.unwrap_or_default())
            }
        }
    }

    /// Create a table for a client at `ip`, within the per-address limits.
    pub async fn create_from(
        &self,
        ip: IpAddr,
        new: NewTable,
    ) -> Result<(String, Handle), Refusal> {
        let l = &self.config.limits;
        let open = self
            .made_by
            .lock()
            .map(|mut m| {
                let v = m.entry(ip).or_default();
                v.retain(Handle::open);
                v.len()
            })
            .unwrap_or(0);
        if open >= l.tables_per_address {
            self.stats
                .refuse(Refused::Tables, ip, "open tables per address");
            return Err(Refusal::new(
                Code::TooManyTables,
                format!(
                    "one address may have {} unfinished tables: finish or leave one first",
                    l.tables_per_address
                ),
            ));
        }
        if !self.creators.allow(ip, l.creates_per_minute) {
            self.stats
                .refuse(Refused::Creates, ip, "tables created per minute");
            return Err(Refusal::new(
                Code::TooManyCreates,
                format!(
                    "one address may create {} tables a minute: wait a little",
                    l.creates_per_minute
                ),
            ));
        }
        let (id, h) = self.create(new).await?;
        if let Ok(mut m) = self.made_by.lock() {
            m.entry(ip).or_default().push(h.clone());
        }
        Ok((id, h))
    }

    /// A live table; tables whose task has ended are forgotten.
    pub fn get(&self, id: &str) -> Option<Handle> {
        let mut t = self.tables.lock().ok()?;
        match t.get(id) {
            Some(h) if h.tx.is_closed() => {
                t.remove(id);
                None
            }
            Some(h) => Some(h.clone()),
            None => None,
        }
    }

    /// Count one HTTP creation of `kind` from `ip`, or answer why not (see
    /// [`crate::quota::take`]).
    pub fn take_quota(
        &self,
        ip: std::net::IpAddr,
        kind: crate::quota::Made,
    ) -> Result<(), crate::answer::HttpRefusal> {
        crate::quota::take(&self.quotas, &self.config.limits, &self.stats, ip, kind)
    }

    /// Take back a creation that made nothing (see [`crate::quota::give_back`]).
    pub fn give_back_quota(&self, ip: std::net::IpAddr, kind: crate::quota::Made) {
        crate::quota::give_back(&self.quotas, ip, kind);
    }

    /// Public tables still being played, those with free seats first.
    pub fn list(&self) -> Vec<LobbyTable> {
        let Ok(mut t) = self.tables.lock() else {
            return Vec::new();
        };
        t.retain(|_, h| !h.tx.is_closed());
        let mut infos: Vec<_> = t
            .values()
            .filter_map(|h| h.info.lock().ok().map(|i| i.clone()))
            .filter(|i| !i.private && !i.finished)
            .collect();
        infos.sort_by(|a, b| b.open_seats().cmp(&a.open_seats()).then(a.id.cmp(&b.id)));
        infos.iter().take(200).map(Info::to_lobby).collect()
    }

    /// Live tables parked (nobody there, bots waiting).
    pub fn parked(&self) -> usize {
        self.tables
            .lock()
            .map(|t| {
                t.values()
                    .filter(|h| h.info.lock().is_ok_and(|i| i.parked))
                    .count()
            })
            .unwrap_or(0)
    }

    /// Every so often until `stop`, ask each table whether it is abandoned
    /// (at once too, for tables restored after a long stop).
    pub async fn sweep(self, stop: tokio::sync::watch::Receiver<bool>) {
        let mut sweep = crate::clock::Sweep::after(self.config.limits.abandon_after, stop);
        while sweep.next().await {
            let handles: Vec<Handle> = match self.tables.lock() {
                Ok(mut t) => {
                    t.retain(|_, h| !h.tx.is_closed());
                    t.values().cloned().collect()
                }
                Err(_) => return,
            };
            for h in handles {
                let _ = h.tx.try_send(Cmd::Sweep);
            }
        }
    }

    /// Every `Config::clock_sweep` until `stop`, wake the tables whose
    /// turn clock ran out (read from what each shows the lobby, so a
    /// parked table waiting days for a correspondence move costs nothing
    /// until its deadline).
    pub async fn clocks(self, stop: tokio::sync::watch::Receiver<bool>) {
        let mut sweep = crate::clock::Sweep::after(self.config.clock_sweep * 8, stop);
        while sweep.next().await {
            let now = self.config.time.now_ms();
            let due: Vec<Handle> = match self.tables.lock() {
                Ok(t) => t
                    .values()
                    .filter(|h| {
                        h.info.lock().is_ok_and(|i| {
                            !i.finished && i.turn().is_some_and(|t| t.deadline_ms <= now)
                        })
                    })
                    .cloned()
                    .collect(),
                Err(_) => return,
            };
            for h in due {
                let _ = h.tx.try_send(Cmd::Tick);
            }
        }
    }

    /// Stop listing a table (another node runs it now).
    pub(crate) fn forget(&self, id: &str) {
        if let Ok(mut t) = self.tables.lock() {
            t.remove(id);
        }
    }

    /// The ids of the live tables whose match is not finished.
    pub(crate) fn open_ids(&self) -> Vec<String> {
        self.tables
            .lock()
            .map(|t| {
                t.iter()
                    .filter(|(_, h)| h.open())
                    .map(|(id, _)| id.clone())
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn len(&self) -> usize {
        self.tables.lock().map(|t| t.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// An id in [`Hub::creating`] while its table is being made, taken out
/// when this is dropped: after the table is listed, on a refusal, or when
/// the creating task is cut short, so no id is left behind to hide a table
/// from the heartbeat.
struct Creating<'a> {
    set: &'a Mutex<HashSet<String>>,
    id: String,
}

impl<'a> Creating<'a> {
    fn hold(set: &'a Mutex<HashSet<String>>, id: &str) -> Creating<'a> {
        if let Ok(mut c) = set.lock() {
            c.insert(id.to_string());
        }
        Creating {
            set,
            id: id.to_string(),
        }
    }
}

impl Drop for Creating<'_> {
    fn drop(&mut self) {
        if let Ok(mut c) = self.set.lock() {
            c.remove(&self.id);
        }
    }
}

/// The relay reaches this node's tables through the hub.
impl Local for Hub {
    fn table(&self, id: &str) -> Option<Handle> {
        self.get(id)
    }

    fn follow_rematch<'a>(
        &'a self,
        h: &'a Handle,
        answer: Result<String, Box<RematchPlan>>,
    ) -> BoxFuture<'a, Result<String, Refusal>> {
        Box::pin(Hub::follow_rematch(self, h, answer))
    }

    fn revoke_token(&self, token: &str) {
        self.bots.revoke(token);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::store::tests::table_row;
    use std::time::Duration;

    /// A table being created here holds this node's lease before it is in
    /// `tables`. The heartbeat, which opens this node's leased tables that
    /// do not run here (as after a restart), leaves it to its creator
    /// rather than open a second copy; once nobody here is creating it, it
    /// opens it. Runs when `DOMINO_TEST_POSTGRES` names a server.
    #[tokio::test]
    async fn the_heartbeat_leaves_a_table_being_created_here_to_its_creator() {
        let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
            eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
            return;
        };
        let db = crate::store::scratch_postgres(&url, "hub").await.unwrap().0;
        let store = Store::connect(&db).await.unwrap();
        let lease = Duration::from_secs(60);
        let config = Arc::new(Config {
            db,
            node: "n0".into(),
            lease,
            ..Config::default()
        });
        let hub = Hub::new(store.clone(), config);
        let id = "being-made";
        let row = table_row(id, crate::clock::now_ms());
        store.create_table(&row).await.unwrap();
        assert!(store
            .take_lease(id, &hub.config.holder(), lease)
            .await
            .unwrap());
        let held = Creating::hold(&hub.creating, id);
        assert_eq!(hub.adopt().await.unwrap(), 0);
        assert!(hub.get(id).is_none());
        drop(held);
        assert_eq!(hub.adopt().await.unwrap(), 1);
        assert!(hub.get(id).is_some());
    }
}
