//! The write-ahead log: an action is checked on a copy of the match,
//! appended to the store, and only then applied; each next hand is logged
//! before it is dealt. A table is restored by replaying its log, and a
//! finished match's record is stored once.

use std::collections::{HashMap, VecDeque};
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use domino_engine::record::{replay_hands, Visit};
use domino_engine::{Action, Entry, Event, Phase};
use tokio::sync::mpsc;

use super::commitments::Commitments;
use super::messages::{Code, Info, Refusal};
use super::people::{plan_of, sheet_line, SeatKind};
use super::seats::{random_id, SeatState};
use super::{Cmd, Handle, NewTable, Table, Tables};
use crate::clock::{now_ms, now_us};
use crate::fault::failed;
use crate::Config;
use domino_league::fair::Secret;
use domino_store::asleep::KeptRow;
use domino_store::new_tables::NewRow;
use domino_store::{json_text, LogRow, Logged, Saved, Store, TableRow, TableWriteError};

/// The log's actions hand by hand (a `NextHand` entry starts the next).
fn hands_of(log: &[LogRow]) -> Result<Vec<Vec<Entry>>, String> {
    let mut hands = vec![Vec::new()];
    for e in log {
        match e.action {
            Logged::NextHand => hands.push(Vec::new()),
            Logged::Act(action) => {
                let seat = u8::try_from(e.seat)
                    .map_err(|_| format!("entry {}: no seat {}", e.seq, e.seat))?;
                if let Some(hand) = hands.last_mut() {
                    hand.push(Entry { seat, action });
                }
            }
        }
    }
    Ok(hands)
}

/// A stored table's match replayed from its log: the match, the events of
/// the hand being played (for returning players' logs) and the score
/// sheet.
fn replayed(
    saved: &Saved,
    first: domino_engine::Match,
    commitments: &mut Commitments,
) -> Result<(domino_engine::Match, Vec<Event>, Vec<serde_json::Value>), String> {
    let id = &saved.table.id;
    let hands = hands_of(&saved.log).map_err(|e| format!("table {id}: {e}"))?;
    let mut sink: Vec<Event> = Vec::new();
    let mut sheet = Vec::new();
    let mut before = Phase::Play;
    let m = replay_hands(
        first,
        hands.iter().map(Vec::as_slice),
        |m, _| commitments.next_deal(m),
        |visit| {
            match visit {
                Visit::Dealt { .. } => sink.clear(),
                Visit::Action { game, .. } => before = game.phase(),
                Visit::Acted { game, events, .. } => {
                    sink.extend_from_slice(events);
                    sheet.extend(sheet_line(game, before));
                }
                Visit::Deal { .. } => {}
            }
            ControlFlow::Continue(())
        },
    )
    .map_err(|e| format!("table {id}: {e}"))?;
    Ok((m, sink, sheet))
}

/// A stored table's seats as its task keeps them.
fn seats_of(saved: &Saved, players: u8, now: Instant) -> Vec<SeatState> {
    let mut seats: Vec<SeatState> = (0..players).map(|_| SeatState::empty(now)).collect();
    for s in &saved.seats {
        if let Some(st) = seats.get_mut(s.seat as usize) {
            st.name = Some(s.name.clone());
            st.profile = s.profile_id.clone();
            // No token: a computer player's seat, named (a tournament's
            // bot entrant).
            st.token_hash = Some(s.token_hash.clone()).filter(|h| !h.is_empty());
            st.left = s.left_hand.is_some();
        }
    }
    seats
}

impl Table {
    /// Create a table, store it, and start its task.
    pub async fn create(
        new: NewTable,
        store: Store,
        config: Arc<Config>,
        tables: Tables,
    ) -> Result<Handle, Refusal> {
        let row = Table::row_of(&new, &config)?;
        if store.leases().leased() {
            // Row, lease and seats in one transaction: another node opens a
            // table with no lease once it is older than a lease, and on a
            // loaded store a row stored alone waited that long for its
            // lease (the other node took it, and the creator was refused).
            // The store takes a table's writes only from its lease holder
            // (see its `Db::fence`).
            let one = [NewRow {
                table: row.clone(),
                seats: new.taken.clone(),
            }];
            let stored = store
                .tables()
                .create_tables(&one, &config.holder(), config.lease)
                .await
                .map_err(|e| e.to_string())
                .and_then(|mut s| match s.pop() {
                    Some(one) => one.map_err(|e| e.to_string()),
                    None => Err("the store answered for no table".to_string()),
                });
            if let Err(why) = stored {
                tracing::warn!(table = %row.id, "storing a new table with its lease: {why}");
                return Err(Refusal::new(
                    Code::Store,
                    format!("the table could not be opened: {why}"),
                ));
            }
        } else {
            store
                .tables()
                .create_table(&row)
                .await
                .map_err(|e| Refusal::new(Code::Store, e.to_string()))?;
            for seat in &new.taken {
                store
                    .tables()
                    .add_seat(&row.id, &config.node, seat)
                    .await
                    .map_err(|e| Refusal::new(Code::Store, e.to_string()))?;
            }
        }
        Table::start_created(row, new, store, config, tables)
    }

    /// A new table's row as it is stored, the table checked first.
    pub(crate) fn row_of(new: &NewTable, config: &Config) -> Result<TableRow, Refusal> {
        let rules = new.check()?;
        let secret = new
            .secret
            .or(config.fixed_deals)
            .unwrap_or_else(Secret::random)
            .to_hex();
        let written = failed("writing a new table's row");
        let seats = match new.plan.is_empty() {
            true => None,
            false => Some(json_text(&new.plan).map_err(&written)?),
        };
        let clock = match new.clock.is_none() {
            true => None,
            false => {
                let clock = domino_engine::Clock::new(new.clock, rules.players());
                Some(json_text(&clock).map_err(&written)?)
            }
        };
        Ok(TableRow {
            id: new.id.clone().unwrap_or_else(|| random_id(8)),
            created_at: now_ms(),
            rules: rules.spec(),
            secret,
            bot: new.bot.clone(),
            private: new.private,
            humans: i64::from(new.humans),
            seats,
            clock,
        })
    }

    /// Start the task of a new table whose row (`row`, from
    /// [`Table::row_of`]) and seats taken are stored.
    pub(crate) fn start_created(
        row: TableRow,
        new: NewTable,
        store: Store,
        config: Arc<Config>,
        tables: Tables,
    ) -> Result<Handle, Refusal> {
        // (A seat taken with no token is a bot entrant's: nobody comes.)
        let kept: Vec<i64> = new
            .taken
            .iter()
            .filter(|r| !r.token_hash.is_empty())
            .map(|r| r.seat)
            .collect();
        let saved = Saved {
            table: row,
            seats: new.taken,
            log: Vec::new(),
        };
        let (mut table, rx) = Table::build(saved, store, config, tables, new.hints)
            .map_err(|e| Refusal::new(Code::Store, e))?;
        // Its player is on the way: it does not fall asleep before they
        // come (a table seated at once would otherwise).
        table.stay_awake = true;
        table.await_players(&kept);
        Ok(table.start(rx))
    }

    /// Rebuild a stored table by replaying its log, with what it kept
    /// asleep if it slept (see [`super::dormant`]), and start its task,
    /// listed in `tables`. A table `woken` for a command stays parked and
    /// awake until the command comes.
    pub fn restore(
        saved: Saved,
        store: Store,
        config: Arc<Config>,
        tables: Tables,
        kept: Option<KeptRow>,
        woken: bool,
    ) -> Result<Handle, String> {
        let (mut table, rx) = Table::build(saved, store, config, tables, true)?;
        if let Some(kept) = kept {
            table.take_kept(kept);
        }
        if woken {
            // No bot starts before the command that woke it is handled.
            table.parked = true;
            if let Ok(mut i) = table.info.lock() {
                i.parked = true;
            }
            table.stay_awake = true;
        }
        Ok(table.start(rx))
    }

    /// List the table in `tables`, then start its task (so that it is
    /// listed before it may lay itself down to sleep).
    fn start(self, rx: mpsc::Receiver<Cmd>) -> Handle {
        let h = Handle {
            tx: self.tx.clone(),
            info: self.info.clone(),
        };
        self.tables.insert_live(self.id.clone(), h.clone());
        tokio::spawn(self.run(rx, None));
        h
    }

    /// The table a stored one is, replayed from its log, with a new
    /// command channel.
    fn build(
        saved: Saved,
        store: Store,
        config: Arc<Config>,
        tables: Tables,
        hints: bool,
    ) -> Result<(Table, mpsc::Receiver<Cmd>), String> {
        let (tx, rx) = mpsc::channel(256);
        let t = &saved.table;
        let spec = t.rules.clone();
        let rules = spec.resolve().map_err(|e| format!("table {}: {e}", t.id))?;
        let secret = Secret::from_hex(&t.secret).ok_or(format!("table {}: bad secret", t.id))?;
        let mut commitments = Commitments::new(secret);
        let first = commitments
            .first_hand(rules)
            .map_err(|e| format!("table {}: {e}", t.id))?;
        let (m, sink, sheet) = replayed(&saved, first, &mut commitments)?;
        let now = Instant::now();
        let seats = seats_of(&saved, rules.players(), now);
        let clock: Option<domino_engine::Clock> = match &t.clock {
            Some(c) => {
                Some(serde_json::from_str(c).map_err(|e| format!("table {}: clock: {e}", t.id))?)
            }
            None => None,
        };
        let humans = t.humans.clamp(0, i64::from(rules.players())) as u8;
        let plan = plan_of(t.seats.as_deref(), t.humans, rules.players())
            .map_err(|e| format!("table {}: {e}", t.id))?;
        // The creator sits in the first seat that is not a bot's.
        let host = plan
            .iter()
            .position(|k| *k != SeatKind::Bot)
            .map(|s| s as u8);
        let view = Info {
            id: t.id.clone(),
            rules: spec.clone(),
            bot: t.bot.clone(),
            private: t.private,
            humans,
            plan: plan.clone(),
            names: seats.iter().map(|s| s.name.clone()).collect(),
            // Read when the table starts (Table::mark_bot_account).
            bot_accounts: vec![false; seats.len()],
            hand_number: m.hand_number(),
            finished: false,
            parked: false,
            clock: clock.clone(),
        };
        let info = Arc::new(Mutex::new(view));
        // A table is touched when created and by every move.
        let touched_ms = saved
            .log
            .iter()
            .map(|e| e.at)
            .max()
            .unwrap_or(0)
            .max(t.created_at);
        let table = Table {
            id: t.id.clone(),
            rules,
            spec,
            commitments,
            bot_name: t.bot.clone(),
            bot_levels: super::seat_levels(&t.bot, rules.players()),
            plan,
            host,
            private: t.private,
            chat: VecDeque::new(),
            sheet,
            rematch: None,
            rating_changes: Vec::new(),
            rating_pending: false,
            held_events: Vec::new(),
            m,
            hand_events: sink,
            seq: saved.log.len() as i64,
            seats,
            subs: HashMap::new(),
            bot_busy: false,
            bot_refusals: 0,
            bot_retry_at: None,
            superseded: false,
            hint_busy: Default::default(),
            hints,
            finished: false,
            store,
            config,
            tx,
            info,
            tick_at: None,
            timers: Vec::new(),
            stay_awake: false,
            kept_saved: None,
            tables,
            move_at_us: 0,
            acted_at: None,
            // Nobody is here yet: a restored table parks unless someone
            // comes back within the park delay (a new one is joined at once).
            empty_since: Some(now),
            parked: false,
            touched_ms,
            clock,
            timed_out: None,
            awaited_until: None,
            made_by: domino_store::seeks::MadeBy::Player,
            ended: None,
        };
        Ok((table, rx))
    }

    /// Check `a` for `seat` on a copy, store it, then apply it.
    pub(super) async fn act(
        &mut self,
        seat: u8,
        a: Action,
        auto: bool,
    ) -> Result<Vec<Event>, Refusal> {
        let arrived = now_us();
        let took = Instant::now();
        if self.ended.is_some() || self.finished {
            return Err(Refusal::new(Code::MatchOver, "the match is over"));
        }
        match self.m.phase() {
            Phase::MatchOver => return Err(Refusal::new(Code::MatchOver, "the match is over")),
            Phase::HandOver => {
                return Err(Refusal::new(
                    Code::HandOver,
                    "the hand is over: send ready for the next",
                ))
            }
            _ => {}
        }
        if self.m.to_act() != Some(seat) {
            return Err(Refusal::new(
                Code::NotYourTurn,
                format!(
                    "it is seat {}'s turn, not seat {seat}'s",
                    self.m.to_act().map_or(-1, i32::from)
                ),
            ));
        }
        let mut next = self.m.clone();
        let mut events = Vec::new();
        next.act_as(seat, a, &mut events)
            .map_err(|e| Refusal::new(Code::Engine(e.code()), e.to_string()))?;
        let row = LogRow {
            seq: self.seq,
            hand: i64::from(self.m.hand_number()),
            seat: i64::from(seat),
            action: Logged::Act(a),
            auto,
            at: now_ms(),
        };
        if let Err(e) = self
            .store
            .tables()
            .append(&self.id, &self.config.node, &row)
            .await
        {
            return Err(self.not_written(e));
        }
        self.seq += 1;
        self.touched_ms = row.at;
        self.config.stats.actions.fetch_add(1, Ordering::Relaxed);
        let before = self.m.phase();
        self.m = next;
        if let Some(line) = sheet_line(&self.m, before) {
            self.sheet.push(line);
        }
        self.hand_events.extend(events.iter().cloned());
        self.move_at_us = arrived;
        // Automatic passes that follow go out with this action: the
        // latency runs from the first.
        self.acted_at.get_or_insert(took);
        Ok(events)
    }

    /// The refusal for a write the store did not take. A copy of the
    /// table behind the store (another node runs the table now) stops
    /// playing: see [`Table::superseded`].
    pub(super) fn not_written(&mut self, e: TableWriteError) -> Refusal {
        match e {
            TableWriteError::Superseded(why) => {
                self.superseded = true;
                Refusal::new(
                    Code::Moving,
                    format!("not done: this server no longer runs the table ({why}); reconnect"),
                )
            }
            TableWriteError::Store(e) => {
                Refusal::new(Code::Store, format!("not stored, not done: {e}"))
            }
        }
    }

    /// [`Table::not_written`] for a write nobody asked for (the next
    /// hand, the table's end): there is nobody to answer, so it is logged.
    pub(super) fn log_not_written(&mut self, doing: &str, e: TableWriteError) {
        let r = self.not_written(e);
        tracing::error!(table = %self.id, "{doing}: {}", r.message);
    }

    /// Log the next hand, then deal it from its key; whether it was dealt
    /// (a failure is logged and leaves the table as it was).
    pub(super) async fn deal_next(&mut self) -> bool {
        let n = self.m.hand_number() + 1;
        let row = LogRow {
            seq: self.seq,
            hand: i64::from(n),
            seat: -1,
            action: Logged::NextHand,
            auto: false,
            at: now_ms(),
        };
        if let Err(e) = self
            .store
            .tables()
            .append(&self.id, &self.config.node, &row)
            .await
        {
            self.log_not_written("storing the next hand", e);
            return false;
        }
        if let Err(e) = self.commitments.next_hand(&mut self.m) {
            tracing::error!(table = %self.id, "dealing hand {n}: {e}");
            return false;
        }
        self.seq += 1;
        self.hand_events.clear();
        for s in &mut self.seats {
            s.ready = false;
        }
        if let Ok(mut info) = self.info.lock() {
            info.hand_number = n;
        }
        true
    }

    /// Close the table as abandoned when nothing was played here for the
    /// abandon delay: its record so far goes to the history, marked so.
    pub(super) async fn sweep(&mut self) {
        let idle_ms = now_ms() - self.touched_ms;
        // A running turn clock moves the table on by itself (a
        // correspondence move may take days): it is never abandoned.
        let timed = self.clock.as_ref().is_some_and(|c| c.running.is_some());
        if self.finished || timed || idle_ms < self.config.limits.abandon_after.as_millis() as i64 {
            return;
        }
        let done = self
            .store
            .tables()
            .abandon(&self.id, &self.config.node, now_ms(), &self.m.record())
            .await;
        match done {
            Ok(()) => {
                tracing::info!(table = %self.id, idle_ms, "closed as abandoned");
                self.mark_finished().await;
            }
            Err(e) => self.log_not_written("closing as abandoned", e),
        }
    }

    /// Store a finished match's record once; whether it was stored now.
    pub(super) async fn store_finished(&mut self) -> bool {
        if !self.over() || self.finished {
            return false;
        }
        match self.close().await {
            Ok(()) => true,
            Err(e) => {
                self.log_not_written("storing the record", e);
                false
            }
        }
    }

    /// The match is in the history: finished here and in the lobby's view.
    pub(super) async fn mark_finished(&mut self) {
        self.finished = true;
        if let Ok(mut info) = self.info.lock() {
            info.finished = true;
        }
        // What it kept asleep is of no more use (only a table that slept
        // has a row, so the others pay no write).
        if self.kept_saved.take().is_some() {
            if let Err(e) = self.store.asleep().forget_kept(&self.id).await {
                tracing::warn!(table = %self.id, "its kept row stays: {e}");
            }
        }
    }
}
