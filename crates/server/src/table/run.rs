//! The table's loop: one command at a time, then `pump` brings the table up
//! to date (broadcast, deal on, store a finished match) and `schedule`
//! starts the bot to act or a timer for an absent player.

use domino_protocol::table::{RematchMade, RematchType};
use std::sync::Arc;
use std::time::{Duration, Instant};

use domino_bots::{Bot, BotConfig};
use domino_engine::{Action, Event, Phase};
use tokio::sync::{mpsc, oneshot};

use super::messages::{Code, Refusal};
use super::people::SeatKind;
use super::seats::SeatState;
use super::{Cmd, ConnId, Table};

/// The pause after a first refused bot move; it doubles with each refusal
/// in a row.
const BOT_RETRY_FIRST: Duration = Duration::from_millis(20);
/// The longest pause between a table's asks for a bot move.
const BOT_RETRY_MOST: Duration = Duration::from_secs(2);

impl Table {
    /// The table's task: `first` (the command that woke a parked table,
    /// see [`super::dormant`]) and then each command on `rx`, until the
    /// match is over and nobody is here, another node runs the table, or
    /// it parks and its task hands over to a dormant one.
    pub(super) async fn run(mut self, mut rx: mpsc::Receiver<Cmd>, first: Option<Cmd>) {
        // Its seats' bot accounts, read once (a stored table knows only
        // the profiles).
        for s in 0..self.seats.len() {
            self.mark_bot_account(s).await;
        }
        self.read_made_by().await;
        // A restored table may owe the next hand or a bot move.
        self.pump(Vec::new()).await;
        let mut next = first;
        while !self.superseded {
            if next.is_none() && self.may_sleep() {
                if self.fall_asleep(&mut rx).await {
                    return;
                }
                if self.superseded {
                    break;
                }
            }
            let cmd = match next.take() {
                Some(cmd) => cmd,
                None => match rx.recv().await {
                    Some(cmd) => cmd,
                    None => break,
                },
            };
            self.handle(cmd).await;
            if self.finished && self.subs.is_empty() {
                break;
            }
        }
        if self.superseded {
            self.give_up();
        }
    }

    /// One command.
    async fn handle(&mut self, cmd: Cmd) {
        self.stay_awake = false;
        match cmd {
            Cmd::Attach {
                conn,
                how,
                out,
                reply,
            } => {
                let r = self.attach(conn, *how, out).await;
                self.answered(reply, r).await;
            }
            Cmd::Detach { conn } => {
                if self.detach(conn) {
                    self.pump(Vec::new()).await;
                }
            }
            Cmd::Act {
                conn,
                action,
                seq,
                reply,
            } => match self.try_act(conn, action, seq).await {
                Ok(events) => {
                    // The state showing the move is queued to every
                    // socket before the acknowledgement, which names it.
                    let produced = self.seq;
                    self.pump(events).await;
                    let _ = reply.send(Ok(produced));
                }
                Err(e) => {
                    let late = e.code == Code::OutOfTime;
                    let _ = reply.send(Err(e));
                    if late {
                        self.pump(Vec::new()).await;
                    }
                }
            },
            Cmd::Ready { conn, reply } => {
                let r = self.ready(conn);
                self.answered(reply, r).await;
            }
            Cmd::BotMove {
                seat,
                at,
                bot,
                action,
            } => self.bot_moved(seat, at, bot, action).await,
            Cmd::Tick => {
                self.tick_at = None;
                self.pump(Vec::new()).await;
            }
            Cmd::Chat {
                conn,
                text,
                phrase,
                reply,
            } => {
                let r = self.chat(conn, text, phrase);
                let _ = reply.send(r);
            }
            Cmd::Hint { conn, reply } => self.hint(conn, reply),
            Cmd::Settings {
                conn,
                auto_pass,
                reply,
            } => {
                let r = self.set_auto_pass(conn, auto_pass);
                self.answered(reply, r).await;
            }
            Cmd::Fill { conn, reply } => {
                let r = self.fill(conn).await;
                self.answered(reply, r).await;
            }
            Cmd::Leave { conn, reply } => {
                let r = self.leave(conn).await;
                let _ = reply.send(r);
                self.pump(Vec::new()).await;
            }
            Cmd::Resign { conn, reply } => {
                let r = self.resign(conn).await;
                self.answered(reply, r).await;
            }
            Cmd::Abort { conn, reply } => {
                let r = self.abort(conn).await;
                self.answered(reply, r).await;
            }
            Cmd::Rematch { conn, reply } => {
                let r = self.rematch_plan(conn);
                let _ = reply.send(r);
            }
            Cmd::Sweep => {
                self.sweep().await;
                self.schedule();
            }
            Cmd::Superseded => self.superseded = true,
            Cmd::RematchMade { table } => self.rematch_made(table),
            Cmd::Rated { changes } => self.rated(changes),
        }
    }

    /// Answer `r`, and bring the table up to date when it changed it.
    async fn answered<T>(
        &mut self,
        reply: oneshot::Sender<Result<T, Refusal>>,
        r: Result<T, Refusal>,
    ) {
        let ok = r.is_ok();
        let _ = reply.send(r);
        if ok {
            self.pump(Vec::new()).await;
        }
    }

    /// A player's action from connection `conn`, made against state `seq`
    /// when given: its events, or why it is refused.
    async fn try_act(
        &mut self,
        conn: ConnId,
        action: Action,
        seq: Option<i64>,
    ) -> Result<Vec<Event>, Refusal> {
        let Some(seat) = self.seat_of(conn) else {
            return Err(Refusal::new(Code::NotSeated, "you do not hold a seat here"));
        };
        if !self.started() {
            return Err(Refusal::new(
                Code::NotStarted,
                "the match starts when the invited players are here",
            ));
        }
        if let Some(s) = seq.filter(|s| *s != self.seq) {
            return Err(Refusal::new(
                Code::Stale,
                format!(
                    "that action was made against state {s}, the table is at {}",
                    self.seq
                ),
            ));
        }
        // A move after the deadline is too late: the computer makes it.
        self.clock_expired().await;
        // (A late act refused here is the one meant for the missed turn:
        // the next is not.)
        let missed = self.take_missed(conn) && seq.is_none();
        if self.timed_out == Some(seat) {
            Err(Refusal::new(
                Code::OutOfTime,
                "your time ran out: the computer moves for you",
            ))
        } else if missed {
            Err(self.missed_refusal(conn))
        } else {
            self.act(seat, action, false).await
        }
    }

    /// Connection `conn`'s player is ready for the next hand.
    fn ready(&mut self, conn: ConnId) -> Result<(), Refusal> {
        match (self.seat_of(conn), self.m.phase()) {
            (None, _) => Err(Refusal::new(Code::NotSeated, "you do not hold a seat here")),
            (Some(_), _) if self.over() => Err(Refusal::new(Code::MatchOver, "the match is over")),
            (Some(s), Phase::HandOver) => {
                self.seats[s as usize].ready = true;
                Ok(())
            }
            _ => Err(Refusal::new(
                Code::HandNotOver,
                "the hand is still being played",
            )),
        }
    }

    /// Connection `conn`'s player passes by itself when it must, or not.
    fn set_auto_pass(&mut self, conn: ConnId, auto_pass: bool) -> Result<(), Refusal> {
        match self.subs.get(&conn).and_then(|s| s.seat) {
            None => Err(Refusal::new(Code::NotSeated, "you do not hold a seat here")),
            Some(s) => {
                self.seats[s as usize].auto_pass = auto_pass;
                Ok(())
            }
        }
    }

    /// The bot of `seat` chose `action` for state `at` (none: it found
    /// none): played if the table still waits for it there.
    async fn bot_moved(&mut self, seat: u8, at: i64, bot: Box<dyn Bot>, action: Option<Action>) {
        self.bot_busy = false;
        self.seats[seat as usize].bot = Some(bot);
        let mut events = Vec::new();
        let waits = at == self.seq && self.m.to_act() == Some(seat) && self.bot_plays(seat);
        if let (true, Some(a)) = (waits, action) {
            let auto = self.plan[seat as usize] != SeatKind::Bot;
            match self.act(seat, a, auto).await {
                Ok(ev) => {
                    events = ev;
                    self.bot_refusals = 0;
                    self.bot_retry_at = None;
                }
                // (A superseded copy stops: nothing to retry.)
                Err(_) if self.superseded => {}
                Err(e) => self.bot_refused(seat, &e.message),
            }
        }
        self.pump(events).await;
    }

    /// The rematch's table was made: everyone here is told where it is.
    fn rematch_made(&mut self, table: Option<String>) {
        self.rematch = table;
        let Some(id) = &self.rematch else {
            return;
        };
        let made = RematchMade {
            kind: RematchType::Rematch,
            table: id.clone(),
        };
        if let Ok(text) = serde_json::to_string(&made) {
            let msg: Arc<str> = Arc::from(text);
            for sub in self.subs.values() {
                let _ = sub.out.tx.try_send(msg.clone());
            }
        }
    }

    /// This copy is behind the store: drop every connection (each
    /// page reconnects and finds the table on the node that runs it now).
    /// The task then ends, and the hub forgets the table.
    fn give_up(&self) {
        tracing::warn!(
            table = %self.id,
            seq = self.seq,
            connections = self.subs.len(),
            "another node runs this table now: this copy stops and drops its connections"
        );
        for sub in self.subs.values() {
            sub.out.kick.notify_one();
        }
    }

    /// After any change: broadcast, deal on when everyone is ready, store
    /// a finished match, and start a bot or a timer where one is due.
    async fn pump(&mut self, mut events: Vec<Event>) {
        if self.superseded {
            return;
        }
        let mut changed = false;
        // A seat whose time ran out: the computer moves for it.
        self.clock_expired().await;
        // Passes (and at a clocked table draws) made for players who can do
        // nothing else go out with what led to them, in the same message.
        while let Some((seat, forced)) = self.forced_move_due() {
            match self.act(seat, forced, false).await {
                Ok(ev) => events.extend(ev),
                Err(e) => {
                    tracing::warn!(table = %self.id, seat, "forced {forced} refused: {}", e.message);
                    break;
                }
            }
        }
        // A finished match is in the history before anyone hears it ended.
        self.store_finished().await;
        self.clock_turn().await;
        if !events.is_empty() {
            self.broadcast(&events);
            self.moved();
        }
        loop {
            match self.m.phase() {
                _ if self.over() => {
                    changed |= self.store_finished().await;
                }
                Phase::HandOver if self.all_ready() => {
                    if !self.deal_next().await {
                        break;
                    }
                    changed = true;
                    continue;
                }
                _ => {}
            }
            break;
        }
        if changed || events.is_empty() {
            self.clock_turn().await;
            self.broadcast(&[]);
            self.moved();
        }
        self.schedule();
    }

    /// A bot's move was refused: count it, and pause before the next ask,
    /// twice as long as the last pause, from [`BOT_RETRY_FIRST`] up to
    /// [`BOT_RETRY_MOST`].
    fn bot_refused(&mut self, seat: u8, why: &str) {
        self.bot_refusals = self.bot_refusals.saturating_add(1);
        self.config
            .metrics
            .bot_moves_refused
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let pause = BOT_RETRY_FIRST
            .saturating_mul(1 << self.bot_refusals.min(16).saturating_sub(1))
            .min(BOT_RETRY_MOST);
        self.bot_retry_at = Some(Instant::now() + pause);
        tracing::warn!(
            table = %self.id,
            seat,
            refused = self.bot_refusals,
            retry_ms = pause.as_millis() as u64,
            "bot move refused: {why}"
        );
    }

    /// An action's state is queued to every socket: note how long it took.
    fn moved(&mut self) {
        if let Some(took) = self.acted_at.take() {
            self.config.metrics.move_latency.observe(took.elapsed());
        }
    }

    /// Park when nobody is here (see [`Table::paused`]); otherwise start
    /// the bot to act, or a timer for the first absent seat whose grace
    /// runs out.
    fn schedule(&mut self) {
        let parked = self.paused();
        if parked != self.parked {
            self.parked = parked;
            tracing::debug!(table = %self.id, parked, "parking");
            if let Ok(mut info) = self.info.lock() {
                info.parked = parked;
            }
        }
        // A parked clocked table still lets the computer move (a timed-out
        // seat, the bots after it) until a person is to move.
        if (parked && !self.computer_to_move()) || self.finished {
            return;
        }
        let mut wake: Option<Instant> = None;
        let mut due = |st: &SeatState, grace: Duration| {
            if st.conns == 0 {
                let t = st.absent_since + grace;
                if t > Instant::now() {
                    wake = Some(wake.map_or(t, |w: Instant| w.min(t)));
                }
            }
        };
        match (self.m.phase(), self.m.to_act()) {
            _ if !self.started() => {}
            (Phase::Play | Phase::ChoosePoser, Some(seat)) => {
                if self.bot_plays(seat) {
                    match self.bot_retry_at.filter(|&t| t > Instant::now()) {
                        // After a refused move, ask again once the pause is over.
                        Some(t) => wake = Some(wake.map_or(t, |w: Instant| w.min(t))),
                        None if !self.bot_busy => self.start_bot(seat),
                        None => {}
                    }
                } else {
                    due(&self.seats[seat as usize], self.config.grace);
                }
            }
            (Phase::HandOver, _) => {
                for (k, st) in self.plan.iter().zip(&self.seats) {
                    if *k != SeatKind::Bot && !st.ready {
                        due(st, self.config.grace);
                    }
                }
            }
            _ => {}
        }
        // The clock starts once the wait for kept seats' players is over.
        if let Some(d) = self.clock_deadline().or(self.awaiting()) {
            let left = (d - self.config.time.now_ms()).max(0);
            let t = Instant::now() + Duration::from_millis(left.unsigned_abs());
            wake = Some(wake.map_or(t, |w: Instant| w.min(t)));
        }
        if let Some(t) = self.empty_since {
            let t = t + self.config.limits.park_after;
            wake = Some(wake.map_or(t, |w: Instant| w.min(t)));
        }
        if let Some(t) = wake {
            if self.tick_at.is_none_or(|w| w > t) {
                self.tick_at = Some(t);
                let tx = self.tx.clone();
                self.timers.retain(|t| !t.is_finished());
                let timer = tokio::spawn(async move {
                    tokio::time::sleep_until(t.into()).await;
                    let _ = tx.send(Cmd::Tick).await;
                });
                self.timers.push(timer.abort_handle());
            }
        }
    }

    /// Ask the expert, on the blocking pool, what the asking player should
    /// do now: it sees only what their seat sees, and thinks within the
    /// bots' budget, with the reasons for its move (the facts of
    /// [`domino_bots::reason`]). One hint at a time per table, so that
    /// asking cannot tie up the pool; none where hints are off.
    fn hint(
        &mut self,
        conn: super::ConnId,
        reply: tokio::sync::oneshot::Sender<Result<super::Hinted, Refusal>>,
    ) {
        let Some(seat) = self.subs.get(&conn).and_then(|s| s.seat) else {
            let _ = reply.send(Err(Refusal::new(
                Code::NotSeated,
                "you do not hold a seat here",
            )));
            return;
        };
        if !self.hints_allowed() {
            let _ = reply.send(Err(Refusal::new(
                Code::HintsOff,
                "hints are off at this table: rated play, no bots, or turned off",
            )));
            return;
        }
        let view = self.m.seat_view(seat);
        if view.to_act() != Some(seat) || view.legal().is_empty() {
            let _ = reply.send(Err(Refusal::new(
                Code::NotYourTurn,
                "hints are for your turn",
            )));
            return;
        }
        if self
            .hint_busy
            .swap(true, std::sync::atomic::Ordering::AcqRel)
        {
            let _ = reply.send(Err(Refusal::new(Code::Busy, "a hint is being worked out")));
            return;
        }
        let config = BotConfig {
            seed: rand::random(),
            budget_ms: self.config.bot_budget_ms,
        };
        let busy = self.hint_busy.clone();
        tokio::task::spawn_blocking(move || {
            let r = domino_bots::by_name("expert", config)
                .map_err(|e| e.to_string())
                .and_then(|mut bot| bot.act(&view).map_err(|e| e.to_string()))
                .map(|a| (a, domino_bots::reason::reasons(&view, a)));
            busy.store(false, std::sync::atomic::Ordering::Release);
            let _ = reply.send(r.map_err(|e| Refusal::new(Code::HintFailed, e)));
        });
    }

    /// Ask `seat`'s bot for a move on the blocking pool; its answer comes
    /// back as [`Cmd::BotMove`] tagged with the log position.
    fn start_bot(&mut self, seat: u8) {
        let st = &mut self.seats[seat as usize];
        let bot = match st.bot.take() {
            Some(b) => b,
            None => {
                let config = BotConfig {
                    seed: rand::random(),
                    budget_ms: self.config.bot_budget_ms,
                };
                // The table's bot is a level (the lobby's choice, or each
                // seat's own in a tournament), played by that level's bot.
                let level = self
                    .bot_levels
                    .get(usize::from(seat))
                    .unwrap_or(&self.bot_name);
                match domino_bots::level_bot(level, config) {
                    Ok(b) => b,
                    Err(e) => {
                        tracing::error!(table = %self.id, "bot: {e}");
                        return;
                    }
                }
            }
        };
        self.bot_busy = true;
        let view = self.m.seat_view(seat);
        let at = self.seq;
        let tx = self.tx.clone();
        let delay = self.config.bot_delay;
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let done = tokio::task::spawn_blocking(move || {
                let mut bot = bot;
                let action = bot.act(&view).ok();
                (bot, action)
            })
            .await;
            if let Ok((bot, action)) = done {
                let _ = tx
                    .send(Cmd::BotMove {
                        seat,
                        at,
                        bot,
                        action,
                    })
                    .await;
            }
        });
    }
}
