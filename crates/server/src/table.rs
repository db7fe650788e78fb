//! One table: the authoritative [`Match`], who sits where, and the bots.
//!
//! Each table is a task that owns its match and handles one command at a
//! time, so no lock guards the game. An action is checked on a copy of the
//! match, appended to the store, and only then applied and acknowledged.
//! Every message a subscriber gets is built from its own [`Viewer`]: a
//! seat's view or the spectators' public one. Seats beyond the table's
//! human seats are bots; a human seat nobody is connected to is played by a
//! bot once the grace period has passed, until its player comes back. Bots
//! think on the blocking pool, never on the runtime's threads.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use domino_bots::{Bot, BotConfig};
use domino_engine::game::first_rule;
use domino_engine::{Action, Event, Match, Phase, Rules, RulesSpec, Viewer};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use tokio::sync::{mpsc, oneshot};

use crate::fair::{self, Secret};
use crate::store::{LogRow, Saved, SeatRow, Store, TableRow};
use crate::Config;

/// A connection's id, unique in the process.
pub type ConnId = u64;

/// Messages to one connection, already serialized, and a way to close it.
#[derive(Debug, Clone)]
pub struct Outbox {
    pub tx: mpsc::Sender<Arc<str>>,
    /// Notified when the table drops a connection that cannot keep up; the
    /// connection then closes, and its client may resume.
    pub kick: Arc<tokio::sync::Notify>,
}

/// A refusal, sent to the client as `{"type": "error", "code", "message"}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub code: &'static str,
    pub message: String,
}

impl Refusal {
    pub fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

/// What the lobby shows of a table.
#[derive(Clone, Debug)]
pub struct Info {
    pub id: String,
    pub rules: RulesSpec,
    pub bot: String,
    pub private: bool,
    pub humans: u8,
    pub names: Vec<Option<String>>,
    pub hand_number: u32,
    pub finished: bool,
}

impl Info {
    /// Human seats nobody has claimed yet.
    pub fn open_seats(&self) -> usize {
        self.names
            .iter()
            .take(self.humans as usize)
            .filter(|n| n.is_none())
            .count()
    }

    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id, "rules": self.rules, "bot": self.bot, "private": self.private,
            "humans": self.humans, "names": self.names, "open_seats": self.open_seats(),
            "hand_number": self.hand_number, "finished": self.finished,
        })
    }
}

/// How a connection wants to sit at a table.
#[derive(Debug)]
pub enum Seating {
    /// Claim a free human seat (a given one, or the first) under a name.
    Join { name: String, seat: Option<u8> },
    /// Return to a claimed seat.
    Resume { token: String },
    /// Watch the public view.
    Spectate,
}

/// Where a connection sits once attached.
#[derive(Debug, Clone)]
pub struct Seated {
    pub table: String,
    pub seat: Option<u8>,
    /// The secret token, when a seat was just claimed.
    pub token: Option<String>,
}

/// A request to a table task.
#[derive(Debug)]
pub enum Cmd {
    Attach {
        conn: ConnId,
        how: Seating,
        out: Outbox,
        reply: oneshot::Sender<Result<Seated, Refusal>>,
    },
    Detach {
        conn: ConnId,
    },
    Act {
        conn: ConnId,
        action: Action,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    Ready {
        conn: ConnId,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// A bot's decision, tagged with the log position it was asked at.
    BotMove {
        seat: u8,
        at: i64,
        bot: Box<dyn Bot>,
        action: Option<Action>,
    },
    /// Time to look again at absent seats.
    Tick,
}

/// The handle the hub keeps for a table.
#[derive(Debug, Clone)]
pub struct Handle {
    pub tx: mpsc::Sender<Cmd>,
    pub info: Arc<Mutex<Info>>,
}

#[derive(Debug)]
struct SeatState {
    name: Option<String>,
    token_hash: Option<String>,
    conns: usize,
    absent_since: Instant,
    bot: Option<Box<dyn Bot>>,
    ready: bool,
}

#[derive(Debug)]
struct Sub {
    seat: Option<u8>,
    out: Outbox,
}

/// A table's task state.
#[derive(Debug)]
pub struct Table {
    id: String,
    rules: Rules,
    spec: RulesSpec,
    secret: Secret,
    bot_name: String,
    humans: u8,
    m: Match,
    /// The redeal rule each hand so far was dealt under
    /// ([`fair::redeal_name`]), by hand from hand 1: published with the
    /// hand's commitment.
    redeals: Vec<String>,
    /// Everything that happened in the current hand so far (all of it:
    /// each viewer gets its own view of it), for the `log` of the state a
    /// joining or returning connection gets first.
    hand_events: Vec<Event>,
    /// The next log sequence number (= entries so far).
    seq: i64,
    seats: Vec<SeatState>,
    subs: HashMap<ConnId, Sub>,
    bot_busy: bool,
    finished: bool,
    store: Store,
    config: Arc<Config>,
    tx: mpsc::Sender<Cmd>,
    info: Arc<Mutex<Info>>,
    tick_at: Option<Instant>,
    /// When the last action arrived (µs since the epoch), sent in `state`
    /// messages as `move_at_us` so clients can time move-to-broadcast.
    move_at_us: i64,
}

/// SHA-256 of a seat token, as stored.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A random identifier of `bytes` random bytes, hex.
pub fn random_id(bytes: usize) -> String {
    use rand::RngCore;
    let mut b = vec![0u8; bytes];
    rand::rng().fill_bytes(&mut b);
    hex::encode(b)
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

fn now_us() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_micros() as i64)
        .unwrap_or(0)
}

/// A new table's settings, checked.
#[derive(Debug, Clone)]
pub struct NewTable {
    pub rules: RulesSpec,
    pub bot: String,
    pub private: bool,
    pub humans: u8,
}

impl NewTable {
    /// Resolve the rules and check the rest.
    pub fn check(&self) -> Result<Rules, Refusal> {
        let rules = self
            .rules
            .resolve()
            .map_err(|e| Refusal::new(e.code(), e.to_string()))?;
        if domino_bots::by_name(&self.bot, BotConfig::default()).is_err() {
            return Err(Refusal::new(
                "bad_bot",
                format!(
                    "no bot named `{}`: the bots are {}",
                    self.bot,
                    domino_bots::BOT_NAMES.join(", ")
                ),
            ));
        }
        if self.humans > rules.players {
            return Err(Refusal::new(
                "bad_seats",
                format!(
                    "{} human seats at a table of {}",
                    self.humans, rules.players
                ),
            ));
        }
        Ok(rules)
    }
}

impl Table {
    /// Create a table, store it, and start its task.
    pub async fn create(
        new: NewTable,
        store: Store,
        config: Arc<Config>,
    ) -> Result<Handle, Refusal> {
        let rules = new.check()?;
        let secret = Secret::random();
        let row = TableRow {
            id: random_id(8),
            created_at: now_ms(),
            rules: serde_json::to_string(&rules.spec()).unwrap_or_default(),
            secret: secret.to_hex(),
            bot: new.bot.clone(),
            private: new.private,
            humans: i64::from(new.humans),
        };
        store
            .create_table(&row)
            .await
            .map_err(|e| Refusal::new("store", e.to_string()))?;
        let saved = Saved {
            table: row,
            seats: Vec::new(),
            log: Vec::new(),
        };
        Table::restore(saved, store, config).map_err(|e| Refusal::new("store", e))
    }

    /// Rebuild a stored table by replaying its log, and start its task.
    pub fn restore(saved: Saved, store: Store, config: Arc<Config>) -> Result<Handle, String> {
        let t = &saved.table;
        let spec: RulesSpec =
            serde_json::from_str(&t.rules).map_err(|e| format!("table {}: {e}", t.id))?;
        let rules = spec.resolve().map_err(|e| format!("table {}: {e}", t.id))?;
        let secret = Secret::from_hex(&t.secret).ok_or(format!("table {}: bad secret", t.id))?;
        let first = fair::deal_from_key(&rules, first_rule(&rules), 1, &secret.hand_key(1));
        let mut m = Match::new(rules, None, Some(&first)).map_err(|e| e.to_string())?;
        let mut redeals = vec![fair::redeal_name(first_rule(&rules))];
        // The events of the hand being played, for returning players' logs.
        let mut sink: Vec<Event> = Vec::new();
        for e in &saved.log {
            if e.action == "next" {
                sink.clear();
                let n = m.hand_number() + 1;
                let rule = m.next_pose_rule();
                let deal = fair::deal_from_key(&rules, rule, n, &secret.hand_key(n));
                m.next_hand(Some(&deal))
                    .map_err(|err| format!("table {} entry {}: {err}", t.id, e.seq))?;
                redeals.push(fair::redeal_name(rule));
            } else {
                let a: Action = serde_json::from_str(&e.action)
                    .map_err(|err| format!("table {} entry {}: {err}", t.id, e.seq))?;
                m.act_as(e.seat as u8, a, &mut sink)
                    .map_err(|err| format!("table {} entry {}: {err}", t.id, e.seq))?;
            }
        }
        let now = Instant::now();
        let mut seats: Vec<SeatState> = (0..rules.players)
            .map(|_| SeatState {
                name: None,
                token_hash: None,
                conns: 0,
                absent_since: now,
                bot: None,
                ready: false,
            })
            .collect();
        for s in &saved.seats {
            if let Some(st) = seats.get_mut(s.seat as usize) {
                st.name = Some(s.name.clone());
                st.token_hash = Some(s.token_hash.clone());
            }
        }
        let humans = t.humans.clamp(0, i64::from(rules.players)) as u8;
        let info = Arc::new(Mutex::new(Info {
            id: t.id.clone(),
            rules: spec.clone(),
            bot: t.bot.clone(),
            private: t.private,
            humans,
            names: seats.iter().map(|s| s.name.clone()).collect(),
            hand_number: m.hand_number(),
            finished: false,
        }));
        let (tx, rx) = mpsc::channel(256);
        let table = Table {
            id: t.id.clone(),
            rules,
            spec,
            secret,
            bot_name: t.bot.clone(),
            humans,
            m,
            redeals,
            hand_events: sink,
            seq: saved.log.len() as i64,
            seats,
            subs: HashMap::new(),
            bot_busy: false,
            finished: false,
            store,
            config,
            tx: tx.clone(),
            info: info.clone(),
            tick_at: None,
            move_at_us: 0,
        };
        tokio::spawn(table.run(rx));
        Ok(Handle { tx, info })
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        // A restored table may owe the next hand or a bot move.
        self.pump(Vec::new()).await;
        while let Some(cmd) = rx.recv().await {
            match cmd {
                Cmd::Attach {
                    conn,
                    how,
                    out,
                    reply,
                } => {
                    let r = self.attach(conn, how, out).await;
                    let ok = r.is_ok();
                    let _ = reply.send(r);
                    if ok {
                        self.pump(Vec::new()).await;
                    }
                }
                Cmd::Detach { conn } => {
                    if let Some(sub) = self.subs.remove(&conn) {
                        if let Some(s) = sub.seat {
                            let st = &mut self.seats[s as usize];
                            st.conns = st.conns.saturating_sub(1);
                            if st.conns == 0 {
                                st.absent_since = Instant::now();
                            }
                        }
                        self.pump(Vec::new()).await;
                    }
                }
                Cmd::Act {
                    conn,
                    action,
                    reply,
                } => {
                    let seat = self.subs.get(&conn).and_then(|s| s.seat);
                    let r = match seat {
                        None => Err(Refusal::new("not_seated", "you do not hold a seat here")),
                        Some(seat) => self.act(seat, action).await,
                    };
                    match r {
                        Ok(events) => {
                            let _ = reply.send(Ok(()));
                            self.pump(events).await;
                        }
                        Err(e) => {
                            let _ = reply.send(Err(e));
                        }
                    }
                }
                Cmd::Ready { conn, reply } => {
                    let seat = self.subs.get(&conn).and_then(|s| s.seat);
                    let r = match (seat, self.m.phase()) {
                        (None, _) => Err(Refusal::new("not_seated", "you do not hold a seat here")),
                        (Some(_), Phase::MatchOver) => {
                            Err(Refusal::new("match_over", "the match is over"))
                        }
                        (Some(s), Phase::HandOver) => {
                            self.seats[s as usize].ready = true;
                            Ok(())
                        }
                        _ => Err(Refusal::new(
                            "hand_not_over",
                            "the hand is still being played",
                        )),
                    };
                    let ok = r.is_ok();
                    let _ = reply.send(r);
                    if ok {
                        self.pump(Vec::new()).await;
                    }
                }
                Cmd::BotMove {
                    seat,
                    at,
                    bot,
                    action,
                } => {
                    self.bot_busy = false;
                    self.seats[seat as usize].bot = Some(bot);
                    let mut events = Vec::new();
                    if at == self.seq && self.m.to_act() == Some(seat) && self.bot_plays(seat) {
                        if let Some(a) = action {
                            match self.act(seat, a).await {
                                Ok(ev) => events = ev,
                                Err(e) => {
                                    tracing::warn!(table = %self.id, seat, "bot move refused: {}", e.message)
                                }
                            }
                        }
                    }
                    self.pump(events).await;
                }
                Cmd::Tick => {
                    self.tick_at = None;
                    self.pump(Vec::new()).await;
                }
            }
            if self.finished && self.subs.is_empty() {
                break;
            }
        }
    }

    async fn attach(&mut self, conn: ConnId, how: Seating, out: Outbox) -> Result<Seated, Refusal> {
        let (seat, token) = match how {
            Seating::Spectate => (None, None),
            Seating::Resume { token } => {
                let h = token_hash(&token);
                let seat = self
                    .seats
                    .iter()
                    .position(|s| s.token_hash.as_deref() == Some(h.as_str()))
                    .ok_or(Refusal::new(
                        "bad_token",
                        "that token holds no seat at this table",
                    ))?;
                (Some(seat as u8), None)
            }
            Seating::Join { name, seat } => {
                let name = name.trim().chars().take(24).collect::<String>();
                if name.is_empty() {
                    return Err(Refusal::new("bad_name", "a display name is needed"));
                }
                if self.finished {
                    return Err(Refusal::new("match_over", "the match is over"));
                }
                let free = |s: usize, st: &SeatState| s < self.humans as usize && st.name.is_none();
                let seat = match seat {
                    Some(s)
                        if free(
                            s as usize,
                            self.seats
                                .get(s as usize)
                                .ok_or(Refusal::new("bad_seat", "no such seat"))?,
                        ) =>
                    {
                        s as usize
                    }
                    Some(_) => return Err(Refusal::new("seat_taken", "that seat is not free")),
                    None => self
                        .seats
                        .iter()
                        .enumerate()
                        .position(|(s, st)| free(s, st))
                        .ok_or(Refusal::new("table_full", "no free seat at this table"))?,
                };
                let token = random_id(24);
                let row = SeatRow {
                    seat: seat as i64,
                    name: name.clone(),
                    token_hash: token_hash(&token),
                };
                self.store
                    .add_seat(&self.id, &row)
                    .await
                    .map_err(|e| Refusal::new("store", e.to_string()))?;
                let st = &mut self.seats[seat];
                st.name = Some(name);
                st.token_hash = Some(row.token_hash);
                if let Ok(mut info) = self.info.lock() {
                    info.names[seat] = st.name.clone();
                }
                (Some(seat as u8), Some(token))
            }
        };
        if let Some(s) = seat {
            self.seats[s as usize].conns += 1;
        }
        // The newcomer gets the whole state at once, with the hand so far.
        let msg = self.state_message(seat, &[], true);
        let _ = out.tx.try_send(msg);
        self.subs.insert(conn, Sub { seat, out });
        Ok(Seated {
            table: self.id.clone(),
            seat,
            token,
        })
    }

    /// Whether a bot plays `seat` now.
    fn bot_plays(&self, seat: u8) -> bool {
        let st = &self.seats[seat as usize];
        seat >= self.humans || (st.conns == 0 && st.absent_since.elapsed() >= self.config.grace)
    }

    /// Check `a` for `seat` on a copy, store it, then apply it.
    async fn act(&mut self, seat: u8, a: Action) -> Result<Vec<Event>, Refusal> {
        let arrived = now_us();
        match self.m.phase() {
            Phase::MatchOver => return Err(Refusal::new("match_over", "the match is over")),
            Phase::HandOver => {
                return Err(Refusal::new(
                    "hand_over",
                    "the hand is over: send ready for the next",
                ))
            }
            _ => {}
        }
        if self.m.to_act() != Some(seat) {
            return Err(Refusal::new(
                "not_your_turn",
                format!(
                    "it is seat {}'s turn, not seat {seat}'s",
                    self.m.to_act().map_or(-1, i32::from)
                ),
            ));
        }
        let mut next = self.m.clone();
        let mut events = Vec::new();
        next.act_as(seat, a, &mut events)
            .map_err(|e| Refusal::new(e.code(), e.to_string()))?;
        let row = LogRow {
            seq: self.seq,
            hand: i64::from(self.m.hand_number()),
            seat: i64::from(seat),
            action: serde_json::to_string(&a).unwrap_or_default(),
        };
        self.store
            .append(&self.id, &row)
            .await
            .map_err(|e| Refusal::new("store", format!("not stored, not played: {e}")))?;
        self.seq += 1;
        self.m = next;
        self.hand_events.extend(events.iter().cloned());
        self.move_at_us = arrived;
        Ok(events)
    }

    /// After any change: broadcast, deal on when everyone is ready, store
    /// a finished match, and start a bot or a timer where one is due.
    async fn pump(&mut self, events: Vec<Event>) {
        let mut changed = false;
        // A finished match is in the history before anyone hears it ended.
        self.store_finished().await;
        if !events.is_empty() {
            self.broadcast(&events);
        }
        loop {
            match self.m.phase() {
                Phase::MatchOver if !self.finished => {
                    changed |= self.store_finished().await;
                }
                Phase::HandOver if self.all_ready() => {
                    let n = self.m.hand_number() + 1;
                    let row = LogRow {
                        seq: self.seq,
                        hand: i64::from(n),
                        seat: -1,
                        action: "next".into(),
                    };
                    if let Err(e) = self.store.append(&self.id, &row).await {
                        tracing::error!(table = %self.id, "storing the next hand: {e}");
                        break;
                    }
                    let rule = self.m.next_pose_rule();
                    let deal = fair::deal_from_key(&self.rules, rule, n, &self.secret.hand_key(n));
                    if let Err(e) = self.m.next_hand(Some(&deal)) {
                        tracing::error!(table = %self.id, "dealing hand {n}: {e}");
                        break;
                    }
                    self.redeals.push(fair::redeal_name(rule));
                    self.seq += 1;
                    self.hand_events.clear();
                    for s in &mut self.seats {
                        s.ready = false;
                    }
                    if let Ok(mut info) = self.info.lock() {
                        info.hand_number = n;
                    }
                    changed = true;
                    continue;
                }
                _ => {}
            }
            break;
        }
        if changed || events.is_empty() {
            self.broadcast(&[]);
        }
        self.schedule();
    }

    /// Store a finished match's record once; whether it was stored now.
    async fn store_finished(&mut self) -> bool {
        if self.m.phase() != Phase::MatchOver || self.finished {
            return false;
        }
        let rec = serde_json::to_string(&self.m.record()).unwrap_or_default();
        match self.store.finish(&self.id, now_ms(), &rec).await {
            Ok(()) => {
                self.finished = true;
                if let Ok(mut info) = self.info.lock() {
                    info.finished = true;
                }
                true
            }
            Err(e) => {
                tracing::error!(table = %self.id, "storing the record: {e}");
                false
            }
        }
    }

    fn all_ready(&self) -> bool {
        (0..self.rules.players).all(|s| self.seats[s as usize].ready || self.bot_plays(s))
    }

    /// Start the bot to act, or a timer for the first absent seat whose
    /// grace runs out.
    fn schedule(&mut self) {
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
            (Phase::Play | Phase::ChoosePoser, Some(seat)) => {
                if self.bot_plays(seat) {
                    if !self.bot_busy {
                        self.start_bot(seat);
                    }
                } else if seat < self.humans {
                    due(&self.seats[seat as usize], self.config.grace);
                }
            }
            (Phase::HandOver, _) => {
                for s in 0..self.humans {
                    if !self.seats[s as usize].ready {
                        due(&self.seats[s as usize], self.config.grace);
                    }
                }
            }
            _ => {}
        }
        if let Some(t) = wake {
            if self.tick_at.is_none_or(|w| w > t) {
                self.tick_at = Some(t);
                let tx = self.tx.clone();
                tokio::spawn(async move {
                    tokio::time::sleep_until(t.into()).await;
                    let _ = tx.send(Cmd::Tick).await;
                });
            }
        }
    }

    fn start_bot(&mut self, seat: u8) {
        let st = &mut self.seats[seat as usize];
        let bot = match st.bot.take() {
            Some(b) => b,
            None => {
                let config = BotConfig {
                    seed: rand::random(),
                    budget_ms: self.config.bot_budget_ms,
                };
                match domino_bots::by_name(&self.bot_name, config) {
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

    /// Send every subscriber its own view of the table and of `events`.
    fn broadcast(&mut self, events: &[Event]) {
        let mut by_seat: HashMap<Option<u8>, Arc<str>> = HashMap::new();
        let mut dead = Vec::new();
        for (id, sub) in &self.subs {
            let msg = by_seat
                .entry(sub.seat)
                .or_insert_with(|| self.state_message(sub.seat, events, false))
                .clone();
            if sub.out.tx.try_send(msg).is_err() {
                // A client that cannot keep up is dropped; it may resume.
                dead.push(*id);
            }
        }
        for id in dead {
            if let Some(sub) = self.subs.remove(&id) {
                sub.out.kick.notify_one();
                if let Some(s) = sub.seat {
                    let st = &mut self.seats[s as usize];
                    st.conns = st.conns.saturating_sub(1);
                    if st.conns == 0 {
                        st.absent_since = Instant::now();
                    }
                }
            }
        }
    }

    /// The `state` message for one seat (or a spectator), built from that
    /// viewer's view only. With `log`, it also carries the current hand's
    /// events so far (as that viewer may see them), for a connection that
    /// has just joined or come back.
    fn state_message(&self, seat: Option<u8>, events: &[Event], log: bool) -> Arc<str> {
        let viewer = seat.map_or(Viewer::Spectator, Viewer::Seat);
        let view = self.m.view(viewer);
        let events = viewer_events(events, seat);
        let seats: Vec<Value> = (0..self.rules.players)
            .map(|s| {
                let st = &self.seats[s as usize];
                json!({
                    "name": st.name,
                    "human": s < self.humans,
                    "present": st.conns > 0,
                    "bot": self.bot_plays(s),
                    "ready": st.ready,
                })
            })
            .collect();
        let n = self.m.hand_number();
        let over = matches!(self.m.phase(), Phase::HandOver | Phase::MatchOver);
        let fair: Vec<Value> = (1..=n)
            .map(|k| {
                let key = self.secret.hand_key(k);
                let revealed = k < n || over;
                json!({
                    "hand": k,
                    "commit": fair::commitment(&key),
                    "redeal": self.redeals.get(k as usize - 1),
                    "key": revealed.then(|| hex::encode(key)),
                })
            })
            .collect();
        let mut msg = json!({
            "type": "state",
            "table": self.id,
            "seat": seat,
            "rules": self.spec,
            "bot": self.bot_name,
            "state": view.to_json(),
            "layout": view.layout_json(),
            "events": events,
            "seats": seats,
            "fair": fair,
            "finished": self.finished,
            "move_at_us": self.move_at_us,
        });
        if log {
            msg["log"] = Value::Array(viewer_events(&self.hand_events, seat));
        }
        Arc::from(msg.to_string())
    }
}

/// `events` as `seat` (or a spectator, `None`) may see them: another
/// seat's draw without its tile.
fn viewer_events(events: &[Event], seat: Option<u8>) -> Vec<Value> {
    events
        .iter()
        .map(|e| match e {
            Event::Drew { seat: s, .. } if Some(*s) != seat => serde_json::to_value(Event::Drew {
                seat: *s,
                tile: None,
            }),
            e => serde_json::to_value(e),
        })
        .filter_map(Result::ok)
        .collect()
}
