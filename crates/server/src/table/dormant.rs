//! A parked table down to its id: once nobody is connected and nothing is
//! due (no bot thinking, no computer's move at a clocked table), the
//! table's task ends and its match, log and bots leave memory. What stays
//! is a small task on the table's command channel, with the few things
//! the store does not have (chat, readiness, settings); the next command
//! (someone joining, resuming or watching, a clock's deadline, the
//! abandon sweep when due) replays the table from the store, as a restart
//! would, and hands the command to it. The hub, other nodes (the table's
//! lease is renewed as before: the handle stays open) and the players see
//! the same table.

use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::mpsc;

use super::messages::Info;
use super::{Cmd, Table};
use crate::clock::now_ms;
use crate::protocol::table::ChatLine;
use crate::store::Store;
use crate::Config;

/// What a sleeping table keeps that its stored rows do not say.
#[derive(Debug)]
struct Kept {
    hints: bool,
    chat: VecDeque<ChatLine>,
    /// When the last action arrived (µs), as the states say it.
    move_at_us: i64,
    /// When something was last played or someone last came.
    touched_ms: i64,
    /// Since when nobody is here (the park delay of a bots' table).
    empty_since: Option<Instant>,
    /// Each seat's readiness, automatic pass and absence.
    seats: Vec<(bool, bool, Instant)>,
}

/// A parked table's task: its id, its channel and lobby view, and
/// [`Kept`].
#[derive(Debug)]
pub(super) struct Dormant {
    id: String,
    store: Store,
    config: Arc<Config>,
    tx: mpsc::Sender<Cmd>,
    info: Arc<Mutex<Info>>,
    kept: Kept,
}

impl Table {
    /// Parked with nothing due: the task may hand over to a [`Dormant`].
    pub(super) fn may_sleep(&self) -> bool {
        self.parked
            && self.subs.is_empty()
            && !self.finished
            && !self.superseded
            && !self.bot_busy
            && self.timed_out.is_none()
            && self.rematch.is_none()
            && !self.computer_to_move()
            && !self.hint_busy.load(Ordering::Acquire)
    }
}

impl Dormant {
    /// `table` asleep: all but what its store rows do not say is dropped.
    pub(super) fn of(table: Table) -> Dormant {
        table
            .config
            .metrics
            .tables_asleep
            .fetch_add(1, Ordering::Relaxed);
        tracing::debug!(table = %table.id, "asleep");
        let mut chat = table.chat;
        chat.shrink_to_fit();
        Dormant {
            kept: Kept {
                hints: table.hints,
                chat,
                move_at_us: table.move_at_us,
                touched_ms: table.touched_ms,
                empty_since: table.empty_since,
                seats: table
                    .seats
                    .iter()
                    .map(|s| (s.ready, s.auto_pass, s.absent_since))
                    .collect(),
            },
            id: table.id,
            store: table.store,
            config: table.config,
            tx: table.tx,
            info: table.info,
        }
    }

    /// Wait for a command that needs the table, wake it and hand the
    /// command over. (Boxed: the table's task spawns this one and this
    /// one the table's.)
    pub(super) fn sleep(
        self,
        mut rx: mpsc::Receiver<Cmd>,
    ) -> Pin<Box<dyn Future<Output = ()> + Send>> {
        Box::pin(async move {
            while let Some(cmd) = rx.recv().await {
                match cmd {
                    // Nobody is attached: nothing to detach, no connection
                    // to drop; the heartbeat has forgotten the table.
                    Cmd::Detach { .. } => continue,
                    Cmd::Superseded => break,
                    Cmd::Sweep if !self.abandon_due() => continue,
                    cmd => match self.wake().await {
                        Ok(table) => {
                            tokio::spawn(table.run(rx, Some(cmd)));
                            self.awake();
                            return;
                        }
                        // The command's answer is dropped, as when a
                        // table's task is gone; the next one tries again.
                        Err(e) => tracing::error!(table = %self.id, "waking a parked table: {e}"),
                    },
                }
            }
            self.awake();
        })
    }

    /// Nothing was played here for the abandon delay: the sweep must
    /// look (the table itself knows whether a running clock keeps it).
    fn abandon_due(&self) -> bool {
        now_ms() - self.kept.touched_ms >= self.config.limits.abandon_after.as_millis() as i64
    }

    /// No longer counted asleep.
    fn awake(&self) {
        self.config
            .metrics
            .tables_asleep
            .fetch_sub(1, Ordering::Relaxed);
    }

    /// The table replayed from the store, with what was kept.
    async fn wake(&self) -> Result<Table, String> {
        let saved = self
            .store
            .unfinished_one(&self.id)
            .await
            .map_err(|e| e.to_string())?
            .ok_or("no longer unfinished in the store")?;
        let kept = &self.kept;
        let mut t = Table::build(
            saved,
            self.store.clone(),
            self.config.clone(),
            kept.hints,
            self.tx.clone(),
            Some(self.info.clone()),
        )?;
        t.chat = kept.chat.clone();
        t.move_at_us = kept.move_at_us;
        t.touched_ms = t.touched_ms.max(kept.touched_ms);
        t.empty_since = kept.empty_since;
        for (st, &(ready, auto_pass, absent_since)) in t.seats.iter_mut().zip(&kept.seats) {
            st.ready = ready;
            st.auto_pass = auto_pass;
            st.absent_since = absent_since;
        }
        // Still parked until someone is attached: no bot starts before the
        // command that woke it is handled.
        t.parked = true;
        if let Ok(mut i) = t.info.lock() {
            i.parked = true;
        }
        tracing::debug!(table = %self.id, "awake");
        Ok(t)
    }
}
