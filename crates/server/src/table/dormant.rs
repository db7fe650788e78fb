//! A parked table down to its id: once nobody is connected and nothing is
//! due (no bot thinking, no computer's move at a clocked table), the few
//! things its stored rows do not say (chat, readiness, settings, when the
//! seats were left) go to the store (`store::asleep`), its task ends, and
//! the hub's map keeps only its id ([`Slot::Asleep`]). The next command
//! that needs it (someone joining, resuming or watching, a clock's
//! deadline, the abandon sweep when due, all through [`Tables::wake`])
//! rebuilds it from the store as a restart does ([`Table::restore`], the
//! kept row included) and hands the command over. Its lease is renewed
//! with the node's others, so other nodes and the players see the same
//! table.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use super::{Cmd, Handle, Rater, Table, TellBots};
use crate::clock::now_ms;
use crate::Config;
use domino_protocol::table::ChatLine;
use domino_store::asleep::KeptRow;
use domino_store::{Store, TableWriteError};

/// A table in the hub's map.
#[derive(Debug)]
pub enum Slot {
    /// Its task runs (playing, parked, or finished with someone there).
    Live(Handle),
    /// Out of memory: only its id, the map's key.
    Asleep,
    /// Being rebuilt by one waker; others wait on the lock, then look
    /// again.
    Waking(Arc<tokio::sync::Mutex<()>>),
}

impl Slot {
    /// A live table whose task has ended: to be forgotten.
    pub(crate) fn ended(&self) -> bool {
        matches!(self, Slot::Live(h) if h.tx.is_closed())
    }
}

/// This process's tables by id, shared by the hub and the tables (which
/// lay themselves down to sleep in it).
#[derive(Clone, Debug)]
pub struct Tables {
    map: Arc<Mutex<HashMap<String, Slot>>>,
    store: Store,
    config: Arc<Config>,
    /// Where a finished match is announced to be rated.
    rater: Arc<dyn Rater>,
    /// The bot accounts' events sockets, told of their matches' ends and
    /// of their opponents coming and going (`table/bot_events.rs`).
    bots: Arc<dyn TellBots>,
}

/// How laying a table down went.
enum Laid {
    Asleep,
    /// A command is waiting: stay awake for it.
    Busy,
    /// The map does not hold this copy (the heartbeat forgot it).
    NotHeld,
}

impl Tables {
    /// The tables of this node, keeping their rows in `store`, announcing
    /// their finished matches to `rater` and telling the bot accounts at
    /// them through `bots`.
    pub fn new(
        store: Store,
        config: Arc<Config>,
        rater: Arc<dyn Rater>,
        bots: Arc<dyn TellBots>,
    ) -> Tables {
        Tables {
            map: Arc::default(),
            store,
            config,
            rater,
            bots,
        }
    }

    /// Where the tables announce their finished matches to be rated.
    pub(super) fn rater(&self) -> &dyn Rater {
        self.rater.as_ref()
    }

    /// The bot accounts' events sockets.
    pub(super) fn bot_events(&self) -> &dyn TellBots {
        self.bots.as_ref()
    }

    /// The map, for the hub's walks over it.
    pub(crate) fn lock(&self) -> Option<MutexGuard<'_, HashMap<String, Slot>>> {
        self.map.lock().ok()
    }

    pub(crate) fn insert_live(&self, id: String, h: Handle) {
        if let Some(mut m) = self.lock() {
            if let Some(Slot::Asleep) = m.insert(id, Slot::Live(h)) {
                self.gauge(-1);
            }
        }
    }

    /// Remove a table (another node runs it now, or it ended).
    pub(crate) fn remove(&self, id: &str) {
        if let Some(mut m) = self.lock() {
            if let Some(Slot::Asleep) = m.remove(id) {
                self.gauge(-1);
            }
        }
    }

    /// A live table's handle, without waking a sleeping one; a table
    /// whose task has ended is forgotten.
    pub(crate) fn live(&self, id: &str) -> Option<Handle> {
        let mut m = self.lock()?;
        match m.get(id) {
            Some(s) if s.ended() => {
                m.remove(id);
                None
            }
            Some(Slot::Live(h)) => Some(h.clone()),
            _ => None,
        }
    }

    /// The table is here, awake or not.
    pub(crate) fn holds(&self, id: &str) -> bool {
        self.lock().is_some_and(|m| match m.get(id) {
            Some(s) => !s.ended(),
            None => false,
        })
    }

    fn gauge(&self, by: i64) {
        let g = &self.config.metrics.tables_asleep;
        if by > 0 {
            g.fetch_add(1, Ordering::Relaxed);
        } else {
            g.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// The table's handle, woken from the store if it sleeps. Of several
    /// callers racing to wake it, one rebuilds it and the others wait for
    /// that and get the same handle.
    pub async fn wake(&self, id: &str) -> Option<Handle> {
        loop {
            let turn = {
                let mut m = self.lock()?;
                match m.get(id) {
                    None => return None,
                    Some(s) if s.ended() => {
                        m.remove(id);
                        return None;
                    }
                    Some(Slot::Live(h)) => return Some(h.clone()),
                    Some(Slot::Waking(lock)) => Err(lock.clone()),
                    Some(Slot::Asleep) => {
                        let lock = Arc::new(tokio::sync::Mutex::new(()));
                        let held = lock.clone().try_lock_owned().ok()?;
                        m.insert(id.to_string(), Slot::Waking(lock));
                        self.gauge(-1);
                        Ok(held)
                    }
                }
            };
            match turn {
                Err(lock) => drop(lock.lock().await),
                Ok(held) => {
                    // On a task of its own: a caller that gives up (its
                    // socket closed) must not leave the table half woken.
                    let (tables, id) = (self.clone(), id.to_string());
                    let woken = tokio::spawn(async move {
                        let woken = tables.open(&id).await;
                        drop(held);
                        woken
                    });
                    return woken.await.ok().flatten();
                }
            }
        }
    }

    /// Rebuild a waking table (it replaces its [`Slot::Waking`]); on
    /// failure it sleeps on, or is forgotten if it finished meanwhile.
    async fn open(&self, id: &str) -> Option<Handle> {
        let read = async {
            let saved = self.store.tables().unfinished_one(id).await?;
            let kept = self.store.asleep().kept(id).await?;
            Ok::<_, sqlx::Error>(saved.map(|s| (s, kept)))
        };
        let why = match read.await {
            Ok(None) => {
                self.remove(id);
                return None;
            }
            Ok(Some((saved, kept))) => {
                let (store, config) = (self.store.clone(), self.config.clone());
                match Table::restore(saved, store, config, self.clone(), kept, true) {
                    Ok(h) => {
                        tracing::debug!(table = %id, "awake");
                        return Some(h);
                    }
                    Err(e) => e,
                }
            }
            Err(e) => e.to_string(),
        };
        tracing::error!(table = %id, "waking a sleeping table: {why}");
        if let Some(mut m) = self.lock() {
            if let Some(Slot::Waking(_)) = m.get(id) {
                m.insert(id.to_string(), Slot::Asleep);
                self.gauge(1);
            }
        }
        None
    }

    /// Put the table whose channel is `tx` to sleep, unless a command
    /// waits on `rx` or the map no longer holds it.
    fn lay_down(&self, id: &str, tx: &mpsc::Sender<Cmd>, rx: &mpsc::Receiver<Cmd>) -> Laid {
        let Some(mut m) = self.lock() else {
            return Laid::NotHeld;
        };
        if !rx.is_empty() {
            return Laid::Busy;
        }
        if !matches!(m.get(id), Some(Slot::Live(h)) if h.tx.same_channel(tx)) {
            return Laid::NotHeld;
        }
        if let Some(slot) = m.get_mut(id) {
            *slot = Slot::Asleep;
            self.gauge(1);
        }
        Laid::Asleep
    }
}

/// What a sleeping table keeps that its stored rows do not say, as
/// stored (JSON in its `domino_asleep` row).
#[derive(Debug, Serialize, Deserialize)]
struct Kept {
    hints: bool,
    chat: VecDeque<ChatLine>,
    /// When the last action arrived (µs), as the states say it.
    move_at_us: i64,
    /// When something was last played or someone last came (ms).
    touched_ms: i64,
    /// Since when nobody is here (ms; the park delay of a bots' table).
    empty_since_ms: Option<i64>,
    seats: Vec<KeptSeat>,
}

#[derive(Debug, Serialize, Deserialize)]
struct KeptSeat {
    ready: bool,
    auto_pass: bool,
    /// Since when nobody sits here (ms; the grace period counts from it).
    absent_since_ms: i64,
}

/// An instant as wall-clock ms, and back (an `Instant` means nothing to
/// another process).
fn wall_ms(t: Instant) -> i64 {
    now_ms() - i64::try_from(t.elapsed().as_millis()).unwrap_or(i64::MAX / 2)
}

fn instant_of(ms: i64) -> Instant {
    let ago = Duration::from_millis((now_ms() - ms).max(0).unsigned_abs());
    Instant::now().checked_sub(ago).unwrap_or_else(Instant::now)
}

impl Table {
    /// Parked with nothing due: the table may fall asleep.
    pub(super) fn may_sleep(&self) -> bool {
        self.parked
            && !self.stay_awake
            && self.subs.is_empty()
            && !self.finished
            && !self.superseded
            && !self.bot_busy
            && self.timed_out.is_none()
            && self.rematch.is_none()
            && !self.computer_to_move()
            && !self.hint_busy.load(Ordering::Acquire)
            && !self.in_lobby()
    }

    /// An open public table waiting for players stays awake: the lobby
    /// lists it from memory (it is worth its few KiB; the common sleeper
    /// is a seated table whose people left).
    fn in_lobby(&self) -> bool {
        self.info
            .lock()
            .is_ok_and(|i| !i.private && i.open_seats() > 0)
    }

    /// This table's row of what it keeps asleep; an error if it cannot
    /// be written.
    fn kept_row(&self) -> Result<KeptRow, sqlx::Error> {
        let kept = Kept {
            hints: self.hints,
            chat: self.chat.clone(),
            move_at_us: self.move_at_us,
            touched_ms: self.touched_ms,
            empty_since_ms: self.empty_since.map(wall_ms),
            seats: self
                .seats
                .iter()
                .map(|s| KeptSeat {
                    ready: s.ready,
                    auto_pass: s.auto_pass,
                    absent_since_ms: wall_ms(s.absent_since),
                })
                .collect(),
        };
        let running = self.clock.as_ref().is_some_and(|c| c.running.is_some());
        Ok(KeptRow {
            table_id: self.id.clone(),
            seq: self.seq,
            // A running turn clock moves the table on: never abandoned.
            touched_ms: (!running).then_some(self.touched_ms),
            deadline_ms: self.clock_deadline(),
            kept: domino_store::json_text(&kept)?,
        })
    }

    /// Take back what a sleeping table kept (on waking, or restored after
    /// a restart). Chat and settings always; readiness, absences and the
    /// moments only if nothing was played since they were kept (a
    /// readiness from an earlier pause must not start a later hand).
    pub(super) fn take_kept(&mut self, row: KeptRow) {
        let kept: Kept = match serde_json::from_str(&row.kept) {
            Ok(k) => k,
            Err(e) => {
                tracing::warn!(table = %self.id, "unreadable kept state: {e}");
                return;
            }
        };
        self.hints = kept.hints;
        self.chat = kept.chat;
        let same = row.seq == self.seq;
        for (st, k) in self.seats.iter_mut().zip(&kept.seats) {
            st.auto_pass = k.auto_pass;
            if same {
                st.ready = k.ready;
                st.absent_since = instant_of(k.absent_since_ms);
            }
        }
        if same {
            self.move_at_us = kept.move_at_us;
            self.empty_since = kept.empty_since_ms.map(instant_of);
        }
        self.touched_ms = self.touched_ms.max(kept.touched_ms);
        self.kept_saved = Some(row);
    }

    /// Fall asleep: keep what the store lacks, take the table out of
    /// memory (the hub's map keeps its id) and end its task; `false`: it
    /// stays awake (a command came, or the store did not take the row).
    pub(super) async fn fall_asleep(&mut self, rx: &mut mpsc::Receiver<Cmd>) -> bool {
        let row = match self.kept_row() {
            Ok(row) => row,
            Err(e) => {
                tracing::error!(table = %self.id, "not laid to sleep: what it keeps is not written: {e}");
                return false;
            }
        };
        // (Unchanged since it was read, as for a table restored asleep
        // and laid down again: nothing to write.)
        if self.kept_saved.as_ref() != Some(&row) {
            match self
                .store
                .asleep()
                .keep_asleep(&row, &self.config.node)
                .await
            {
                Ok(()) => self.kept_saved = Some(row),
                Err(TableWriteError::Superseded(why)) => {
                    tracing::warn!(table = %self.id, "not laid to sleep: {why}");
                    self.superseded = true;
                    return false;
                }
                Err(e) => {
                    // Awake until its next command, then it tries again.
                    tracing::warn!(table = %self.id, "not laid to sleep: {e}");
                    return false;
                }
            }
        }
        match self.tables.lay_down(&self.id, &self.tx, rx) {
            Laid::Asleep => {}
            Laid::Busy | Laid::NotHeld => return false,
        }
        tracing::debug!(table = %self.id, "asleep");
        for t in self.timers.drain(..) {
            t.abort();
        }
        // A command sent on a handle taken just before: the table it
        // needs is woken again for it (from the row just written).
        rx.close();
        while let Some(cmd) = rx.recv().await {
            match cmd {
                Cmd::Detach { .. }
                | Cmd::Sweep
                | Cmd::Tick
                | Cmd::Superseded
                | Cmd::BotMove { .. }
                | Cmd::RematchMade { .. } => {}
                cmd => {
                    let (tables, id) = (self.tables.clone(), self.id.clone());
                    tokio::spawn(async move {
                        if let Some(h) = tables.wake(&id).await {
                            let _ = h.tx.send(cmd).await;
                        }
                    });
                }
            }
        }
        true
    }
}
