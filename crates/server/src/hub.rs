//! The tables of this process: creating them, finding them by id, listing
//! the open ones, and restoring the unfinished ones from the store on start;
//! with several nodes, keeping their leases ([`owner`]). The hub holds only
//! this node's tables: the store, the config and the limits' counters it
//! uses are the App's, private here.

mod owner;

use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use futures_util::future::BoxFuture;

use crate::cluster::relay::{Local, Relay};
use crate::table::{
    random_id, Cmd, Code, Handle, Info, NewTable, Refusal, RematchPlan, Slot, Table, Tables,
};
use crate::Config;
use domino_protocol::socket::LobbyTable;
use domino_store::Store;

/// How long finding a table waits for its creation here to end (a store
/// write and the table's start: milliseconds, unless the store stalls).
const CREATING_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// Every live table of this node, by id.
#[derive(Clone, Debug)]
pub struct Hub {
    /// The tables here: live ones (playing, parked or finished with
    /// someone still there) and sleeping ones (see `table::dormant`).
    tables: Tables,
    /// Tables being created here, not yet in `tables`: on PostgreSQL each
    /// holds this node's lease already, and the heartbeat, which reopens
    /// this node's leased tables (after a restart), must leave them be.
    creating: Arc<Mutex<HashSet<String>>>,
    /// Tables created from each address, for the per-address limits (the
    /// App's, shared with the pool).
    creations: Arc<crate::creations::Creations>,
    store: Store,
    config: Arc<Config>,
    /// Shutting down: `/readyz` turns the balancer away while open games
    /// go on for the drain time.
    draining: Arc<AtomicBool>,
    /// With several nodes (PostgreSQL): the way to the other nodes' tables,
    /// once started.
    relay: Option<Arc<Relay>>,
    /// Bot accounts' events sockets, challenges and token limits here (the
    /// App's): the relay revokes a token through the hub.
    bots: Arc<crate::botstate::Registry>,
}

impl Hub {
    /// This node's hub over `store`; its tables announce their finished
    /// matches to `rater` (the server's: `profiles::Ratings`). `creations`
    /// and `bots` are the App's, shared with its services.
    pub fn new(
        store: Store,
        config: Arc<Config>,
        rater: Arc<dyn crate::table::Rater>,
        creations: Arc<crate::creations::Creations>,
        bots: Arc<crate::botstate::Registry>,
    ) -> Hub {
        Hub {
            tables: Tables::new(store.clone(), config.clone(), rater, bots.clone()),
            creating: Arc::new(Mutex::new(HashSet::new())),
            creations,
            store,
            config,
            draining: Arc::new(AtomicBool::new(false)),
            relay: None,
            bots,
        }
    }

    /// This hub with the way to the other nodes' tables (started after the
    /// hub, since the relay reaches this node's tables through it).
    pub fn with_relay(self, relay: Option<Arc<Relay>>) -> Hub {
        Hub { relay, ..self }
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
        let saved = self.store.tables().unfinished().await?;
        let mut kept = self.store.asleep().all_kept().await?;
        let mut n = 0;
        for s in saved {
            let k = kept.remove(&s.table.id);
            match self.reopen(s, k) {
                Ok(_) => n += 1,
                Err(e) => tracing::error!("not restored: {e}"),
            }
        }
        Ok(n)
    }

    /// Rebuild a stored table here, with what it kept if it slept (a
    /// restart, or a table taken over from another node).
    pub(crate) fn reopen(
        &self,
        saved: domino_store::Saved,
        kept: Option<domino_store::asleep::KeptRow>,
    ) -> Result<Handle, String> {
        let (store, config) = (self.store.clone(), self.config.clone());
        Table::restore(saved, store, config, self.tables.clone(), kept, false)
    }

    pub async fn create(&self, mut new: NewTable) -> Result<(String, Handle), Refusal> {
        // The id is chosen here and held in `creating` until the table is
        // in `tables` (see `Hub::claimed`): it takes its lease before its
        // task starts, and a heartbeat meanwhile would otherwise open a
        // second copy of it.
        let id = new.id.get_or_insert_with(|| random_id(8)).clone();
        let _creating = Creating::hold(&self.creating, &id);
        let h = Table::create(
            new,
            self.store.clone(),
            self.config.clone(),
            self.tables.clone(),
        )
        .await?;
        Ok((id, h))
    }

    /// Open many new tables at once (a pairing round's): stored in one
    /// transaction (`Tables::create_tables`), then each started; for each,
    /// in order, its id or why it was not opened.
    pub async fn create_many(&self, news: Vec<NewTable>) -> Vec<Result<String, Refusal>> {
        let mut news = news;
        let ids: Vec<String> = news
            .iter_mut()
            .map(|n| n.id.get_or_insert_with(|| random_id(8)).clone())
            .collect();
        let _creating: Vec<Creating> = ids
            .iter()
            .map(|id| Creating::hold(&self.creating, id))
            .collect();
        let mut out: Vec<Result<String, Refusal>> = ids.iter().cloned().map(Ok).collect();
        let mut checked = Vec::new();
        let mut rows = Vec::new();
        for (i, new) in news.into_iter().enumerate() {
            match Table::row_of(&new, &self.config) {
                Ok(row) => {
                    rows.push(domino_store::new_tables::NewRow {
                        table: row.clone(),
                        seats: new.taken.clone(),
                    });
                    checked.push((i, new, row));
                }
                Err(r) => out[i] = Err(r),
            }
        }
        let holder = self.config.holder();
        let stored = match self
            .store
            .tables()
            .create_tables(&rows, &holder, self.config.lease)
            .await
        {
            Ok(s) => s,
            Err(e) => {
                for (i, _, _) in checked {
                    out[i] = Err(Refusal::new(Code::Store, e.to_string()));
                }
                return out;
            }
        };
        for ((i, new, row), s) in checked.into_iter().zip(stored) {
            let started = s
                .map_err(|e| Refusal::new(Code::Store, e.to_string()))
                .and_then(|()| {
                    Table::start_created(
                        row,
                        new,
                        self.store.clone(),
                        self.config.clone(),
                        self.tables.clone(),
                    )
                });
            if let Err(r) = started {
                out[i] = Err(r);
            }
        }
        out
    }

    /// Whether the table runs (or sleeps) here or is being created here.
    /// `creating` is asked first: a table leaves it only once it is in
    /// `tables`.
    pub(crate) fn claimed(&self, id: &str) -> bool {
        self.starting(id) || self.tables.holds(id)
    }

    /// The table is being created here.
    pub(crate) fn starting(&self, id: &str) -> bool {
        self.creating.lock().is_ok_and(|c| c.contains(id))
    }

    /// The table is here, awake or asleep.
    pub fn holds(&self, id: &str) -> bool {
        self.tables.holds(id)
    }

    /// A live table, here or (through a proxy) on the node that owns it;
    /// refused as `moving` while it is between owners (its node died and
    /// no other has taken it over yet), so the player tries again.
    pub async fn locate(&self, id: &str) -> Result<Handle, Refusal> {
        // A table being created here has its row stored already, so its
        // id can reach a page (a tournament's round lists it once any
        // server has stored it): it is waited for, not refused as moving.
        let waited = std::time::Instant::now();
        while self.starting(id) && waited.elapsed() < CREATING_WAIT {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        if let Some(h) = self.table(id).await {
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
        self.creations
            .admit(ip, &self.config.limits, &self.config.stats, &|id| {
                self.open(id)
            })?;
        let (id, h) = self.create(new).await?;
        self.creations.made(ip, &id, true);
        Ok((id, h))
    }

    /// A live table, not waking a sleeping one; tables whose task has
    /// ended are forgotten.
    pub fn get(&self, id: &str) -> Option<Handle> {
        self.tables.live(id)
    }

    /// A table here, woken if it sleeps (once, however many ask at once).
    pub async fn table(&self, id: &str) -> Option<Handle> {
        self.tables.wake(id).await
    }

    /// The table is here and its match not finished (a sleeping one
    /// never is).
    pub(crate) fn open(&self, id: &str) -> bool {
        self.tables.lock().is_some_and(|t| match t.get(id) {
            Some(Slot::Live(h)) => h.open(),
            Some(_) => true,
            None => false,
        })
    }

    /// Public tables still being played, those with free seats first.
    /// (A public table with a free seat does not sleep: see
    /// `Table::in_lobby`. A sleeping one, all its seats taken and nobody
    /// there, is listed again once someone comes back.)
    pub fn list(&self) -> Vec<LobbyTable> {
        let Some(mut t) = self.tables.lock() else {
            return Vec::new();
        };
        t.retain(|_, s| !s.ended());
        let mut infos: Vec<_> = t
            .values()
            .filter_map(|s| match s {
                Slot::Live(h) => h.info.lock().ok().map(|i| i.clone()),
                _ => None,
            })
            .filter(|i| !i.private && !i.finished)
            .collect();
        infos.sort_by(|a, b| b.open_seats().cmp(&a.open_seats()).then(a.id.cmp(&b.id)));
        infos.iter().take(200).map(Info::to_lobby).collect()
    }

    /// Tables parked (nobody there, bots waiting), asleep ones included.
    pub fn parked(&self) -> usize {
        self.tables
            .lock()
            .map(|t| {
                t.values()
                    .filter(|s| match s {
                        Slot::Live(h) => h.info.lock().is_ok_and(|i| i.parked),
                        _ => true,
                    })
                    .count()
            })
            .unwrap_or(0)
    }

    /// The live tables' handles, and the sleeping tables' ids (tables
    /// whose task ended are forgotten).
    fn live_and_asleep(&self) -> Option<(Vec<Handle>, HashSet<String>)> {
        let mut t = self.tables.lock()?;
        t.retain(|_, s| !s.ended());
        let mut live = Vec::new();
        let mut asleep = HashSet::new();
        for (id, s) in t.iter() {
            match s {
                Slot::Live(h) => live.push(h.clone()),
                Slot::Asleep => {
                    asleep.insert(id.clone());
                }
                Slot::Waking(_) => {}
            }
        }
        Some((live, asleep))
    }

    /// Wake the sleeping tables (of `asleep`) that the store says are
    /// due: a turn clock ran out, or nothing was touched for the abandon
    /// delay; each is handed `cmd()`.
    async fn wake_due(&self, asleep: &HashSet<String>, cmd: fn() -> Cmd) {
        if asleep.is_empty() {
            return;
        }
        let now = self.config.time.now_ms();
        let untouched = crate::clock::now_ms()
            - i64::try_from(self.config.limits.abandon_after.as_millis()).unwrap_or(i64::MAX);
        let due = match self.store.asleep().asleep_due(now, untouched).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!("sleeping tables due: {e}");
                return;
            }
        };
        for id in due.iter().filter(|id| asleep.contains(*id)) {
            if let Some(h) = self.table(id).await {
                let _ = h.tx.try_send(cmd());
            }
        }
    }

    /// Every so often until `stop`, ask each table whether it is abandoned
    /// (at once too, for tables restored after a long stop).
    pub async fn sweep(self, stop: tokio::sync::watch::Receiver<bool>) {
        let mut sweep = crate::clock::Sweep::after(self.config.limits.abandon_after, stop);
        while sweep.next().await {
            let Some((live, asleep)) = self.live_and_asleep() else {
                return;
            };
            for h in live {
                let _ = h.tx.try_send(Cmd::Sweep);
            }
            // (Woken by the clock sweep too when their clock ran out: a
            // table with a clock running is never abandoned.)
            self.wake_due(&asleep, || Cmd::Sweep).await;
        }
    }

    /// Every `Config::clock_sweep` until `stop`, wake the tables whose
    /// turn clock ran out (read from what each shows the lobby, so a
    /// parked table waiting days for a correspondence move costs nothing
    /// until its deadline); sleeping ones from the deadline they kept in
    /// the store.
    pub async fn clocks(self, stop: tokio::sync::watch::Receiver<bool>) {
        let mut sweep = crate::clock::Sweep::after(self.config.clock_sweep * 8, stop);
        while sweep.next().await {
            let now = self.config.time.now_ms();
            let Some((live, asleep)) = self.live_and_asleep() else {
                return;
            };
            for h in live {
                let due = h
                    .info
                    .lock()
                    .is_ok_and(|i| !i.finished && i.turn().is_some_and(|t| t.deadline_ms <= now));
                if due {
                    let _ = h.tx.try_send(Cmd::Tick);
                }
            }
            self.wake_due(&asleep, || Cmd::Tick).await;
        }
    }

    /// Stop listing a table (another node runs it now).
    pub(crate) fn forget(&self, id: &str) {
        self.tables.remove(id);
    }

    /// The ids of the tables here whose match is not finished, asleep
    /// ones included.
    pub(crate) fn open_ids(&self) -> Vec<String> {
        self.tables
            .lock()
            .map(|t| {
                t.iter()
                    .filter(|(_, s)| match s {
                        Slot::Live(h) => h.open(),
                        _ => true,
                    })
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
    fn table<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Option<Handle>> {
        Box::pin(Hub::table(self, id))
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

    fn bot_event(&self, profile: &str, text: &str) {
        self.bots.push_text(profile, &Arc::from(text));
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use domino_store::TableRow;
    use std::time::Duration;

    /// A draw table for one player and bots, created at `created_at`.
    fn table_row(id: &str, created_at: i64) -> TableRow {
        TableRow {
            id: id.into(),
            created_at,
            rules: domino_engine::RulesSpec::preset("draw"),
            secret: "ab".repeat(32),
            bot: "random".into(),
            private: false,
            humans: 1,
            seats: None,
            clock: None,
        }
    }

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
        let db = domino_store::scratch_postgres(&url, "hub").await.unwrap().0;
        let store = Store::connect(&db).await.unwrap();
        let lease = Duration::from_secs(60);
        let config = Arc::new(Config {
            db,
            node: "n0".into(),
            lease,
            ..Config::default()
        });
        let rater = Arc::new(crate::profiles::Ratings::new(store.profiles().clone()));
        let hub = Hub::new(store.clone(), config, rater, Arc::default(), Arc::default());
        let id = "being-made";
        let row = table_row(id, crate::clock::now_ms());
        store.tables().create_table(&row).await.unwrap();
        assert!(store
            .leases()
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

    /// Finding a table that is being created here waits for its creation
    /// to end instead of answering at once (a tournament's round can name
    /// it to its players as soon as its row is stored).
    #[tokio::test]
    async fn finding_a_table_being_created_here_waits_for_it() {
        let store = Store::connect("sqlite::memory:").await.unwrap();
        let rater = Arc::new(crate::profiles::Ratings::new(store.profiles().clone()));
        let config = Arc::new(Config::default());
        let hub = Hub::new(store, config, rater, Arc::default(), Arc::default());
        let held = Creating::hold(&hub.creating, "being-made");
        let finding = tokio::spawn({
            let hub = hub.clone();
            async move { hub.locate("being-made").await.map(|_| ()) }
        });
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert!(
            !finding.is_finished(),
            "answered while the table was being made"
        );
        drop(held);
        // Its creation ended without a table (refused): not found.
        let r = finding.await.unwrap().unwrap_err();
        assert_eq!(r.code, Code::NoTable);
    }
}
