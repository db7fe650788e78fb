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

use std::collections::{HashMap, VecDeque};
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
    /// Who sits where: the seat plan.
    pub plan: Vec<SeatKind>,
    pub names: Vec<Option<String>>,
    pub hand_number: u32,
    pub finished: bool,
}

impl Info {
    /// Human seats nobody has claimed yet.
    pub fn open_seats(&self) -> usize {
        self.names
            .iter()
            .zip(&self.plan)
            .filter(|(n, k)| n.is_none() && **k != SeatKind::Bot)
            .count()
    }

    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id, "rules": self.rules, "bot": self.bot, "private": self.private,
            "humans": self.humans, "seats": self.plan, "names": self.names,
            "open_seats": self.open_seats(),
            "hand_number": self.hand_number, "finished": self.finished,
        })
    }
}

/// What a seat is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A seat for whoever comes: until someone claims it, a bot plays it
    /// once the grace period has passed.
    Human,
    /// A seat kept for an invited friend: the match waits for them (or
    /// for the creator to fill it with a bot).
    Invite,
    /// Always a bot.
    Bot,
}

/// The plan of a stored table: its `seats` column, or for tables from
/// before plans, `humans` open seats then bots.
pub fn plan_of(seats: Option<&str>, humans: i64, players: u8) -> Vec<SeatKind> {
    if let Some(p) = seats.and_then(|s| serde_json::from_str::<Vec<SeatKind>>(s).ok()) {
        if p.len() == players as usize {
            return p;
        }
    }
    (0..i64::from(players))
        .map(|s| if s < humans { SeatKind::Human } else { SeatKind::Bot })
        .collect()
}

/// Quick-chat phrases a player may send by name (each page says them in
/// its own words).
pub const PHRASES: [&str; 8] = ["hi", "gg", "nice", "oops", "thanks", "hurry", "again", "wow"];
/// The longest chat line, in characters.
pub const CHAT_MAX: usize = 200;
/// At most this many chat lines per seat in [`CHAT_WINDOW`].
const CHAT_BURST: usize = 5;
const CHAT_WINDOW: Duration = Duration::from_secs(10);
/// Chat lines kept for newcomers (in memory only, gone with the match).
const CHAT_KEPT: usize = 50;

/// What a rematch is made from: the same rules, bot and seats.
#[derive(Debug, Clone)]
pub struct RematchPlan {
    pub new: NewTable,
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
    /// A chat line or phrase from a seated player.
    Chat {
        conn: ConnId,
        text: Option<String>,
        phrase: Option<String>,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// A player's settings (automatic pass).
    Settings {
        conn: ConnId,
        auto_pass: bool,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// The creator fills the seats still waiting for friends with bots.
    Fill {
        conn: ConnId,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// A player leaves their seat to a bot for the rest of the match.
    Leave {
        conn: ConnId,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// A player asks for a rematch: the existing one's id, or the plan to
    /// create it (then [`Cmd::RematchMade`] follows).
    Rematch {
        conn: ConnId,
        reply: oneshot::Sender<Result<Result<String, Box<RematchPlan>>, Refusal>>,
    },
    /// The rematch table exists: tell everyone here.
    RematchMade {
        table: Option<String>,
    },
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
    /// The player left for good: a bot plays the seat.
    left: bool,
    /// Pass for the player when passing is all they can do.
    auto_pass: bool,
    /// When this seat's recent chat lines were said (rate limit).
    said: VecDeque<Instant>,
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
    /// Who sits where: open, invited and bot seats.
    plan: Vec<SeatKind>,
    /// The seat of the player who created the table (may fill with bots).
    host: Option<u8>,
    /// Whether the table is private (kept for the rematch).
    private: bool,
    /// Recent chat, for newcomers: in memory only.
    chat: VecDeque<Value>,
    /// Each finished hand: `{hand, result, scores}` (scores after it).
    sheet: Vec<Value>,
    /// The rematch's table, once made (`Some("")` while it is being made).
    rematch: Option<String>,
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
    /// The seat plan; empty: `humans` open seats, then bots.
    pub plan: Vec<SeatKind>,
    /// Seats already taken (a rematch's players keep their tokens).
    pub taken: Vec<SeatRow>,
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
        if !self.plan.is_empty() && self.plan.len() != rules.players as usize {
            return Err(Refusal::new(
                "bad_seats",
                format!(
                    "a plan of {} seats for a table of {}",
                    self.plan.len(),
                    rules.players
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
            seats: (!new.plan.is_empty())
                .then(|| serde_json::to_string(&new.plan).unwrap_or_default()),
        };
        store
            .create_table(&row)
            .await
            .map_err(|e| Refusal::new("store", e.to_string()))?;
        for seat in &new.taken {
            store
                .add_seat(&row.id, seat)
                .await
                .map_err(|e| Refusal::new("store", e.to_string()))?;
        }
        let saved = Saved {
            table: row,
            seats: new.taken.clone(),
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
        let mut sheet = Vec::new();
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
                let before = m.phase();
                m.act_as(e.seat as u8, a, &mut sink)
                    .map_err(|err| format!("table {} entry {}: {err}", t.id, e.seq))?;
                if let Some(line) = sheet_line(&m, before) {
                    sheet.push(line);
                }
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
                left: false,
                auto_pass: true,
                said: VecDeque::new(),
            })
            .collect();
        for s in &saved.seats {
            if let Some(st) = seats.get_mut(s.seat as usize) {
                st.name = Some(s.name.clone());
                st.token_hash = Some(s.token_hash.clone());
                st.left = s.left_hand.is_some();
            }
        }
        let humans = t.humans.clamp(0, i64::from(rules.players)) as u8;
        let plan = plan_of(t.seats.as_deref(), t.humans, rules.players);
        // The creator sits in the first seat that is not a bot's.
        let host = plan.iter().position(|k| *k != SeatKind::Bot).map(|s| s as u8);
        let info = Arc::new(Mutex::new(Info {
            id: t.id.clone(),
            rules: spec.clone(),
            bot: t.bot.clone(),
            private: t.private,
            humans,
            plan: plan.clone(),
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
            plan,
            host,
            private: t.private,
            chat: VecDeque::new(),
            sheet,
            rematch: None,
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
                        Some(_) if !self.started() => Err(Refusal::new(
                            "not_started",
                            "the match starts when the invited players are here",
                        )),
                        Some(seat) => self.act(seat, action, false).await,
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
                            let auto = self.plan[seat as usize] != SeatKind::Bot;
                            match self.act(seat, a, auto).await {
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
                Cmd::Chat {
                    conn,
                    text,
                    phrase,
                    reply,
                } => {
                    let r = self.chat(conn, text, phrase);
                    let _ = reply.send(r);
                }
                Cmd::Settings {
                    conn,
                    auto_pass,
                    reply,
                } => {
                    let r = match self.subs.get(&conn).and_then(|s| s.seat) {
                        None => Err(Refusal::new("not_seated", "you do not hold a seat here")),
                        Some(s) => {
                            self.seats[s as usize].auto_pass = auto_pass;
                            Ok(())
                        }
                    };
                    let ok = r.is_ok();
                    let _ = reply.send(r);
                    if ok {
                        self.pump(Vec::new()).await;
                    }
                }
                Cmd::Fill { conn, reply } => {
                    let r = self.fill(conn).await;
                    let ok = r.is_ok();
                    let _ = reply.send(r);
                    if ok {
                        self.pump(Vec::new()).await;
                    }
                }
                Cmd::Leave { conn, reply } => {
                    let r = self.leave(conn).await;
                    let _ = reply.send(r);
                    self.pump(Vec::new()).await;
                }
                Cmd::Rematch { conn, reply } => {
                    let r = self.rematch_plan(conn);
                    let _ = reply.send(r);
                }
                Cmd::RematchMade { table } => {
                    self.rematch = table;
                    if let Some(id) = &self.rematch {
                        let msg: Arc<str> =
                            Arc::from(json!({"type": "rematch", "table": id}).to_string());
                        for sub in self.subs.values() {
                            let _ = sub.out.tx.try_send(msg.clone());
                        }
                    }
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
                if self.seats[seat].left {
                    return Err(Refusal::new("left", "you left this table"));
                }
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
                let free = |s: usize, st: &SeatState| {
                    self.plan.get(s).is_some_and(|k| *k != SeatKind::Bot) && st.name.is_none()
                };
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
                    left_hand: None,
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
        self.plan[seat as usize] == SeatKind::Bot
            || st.left
            || (st.conns == 0 && st.absent_since.elapsed() >= self.config.grace)
    }

    /// The match is under way: no seat still waits for an invited player.
    fn started(&self) -> bool {
        self.plan
            .iter()
            .zip(&self.seats)
            .all(|(k, st)| *k != SeatKind::Invite || st.name.is_some())
    }

    /// A chat line (at most [`CHAT_MAX`] characters, no control
    /// characters) or a known phrase from a seated player, sent to everyone
    /// at the table as text; a few lines per seat every few seconds.
    fn chat(
        &mut self,
        conn: ConnId,
        text: Option<String>,
        phrase: Option<String>,
    ) -> Result<(), Refusal> {
        let seat = self
            .subs
            .get(&conn)
            .and_then(|s| s.seat)
            .ok_or(Refusal::new("not_seated", "only players talk at the table"))?;
        let mut line = json!({"type": "chat", "seat": seat, "at": now_ms()});
        match (text, phrase) {
            (Some(text), None) => {
                let text = text.trim();
                if text.is_empty() {
                    return Err(Refusal::new("bad_chat", "say something"));
                }
                if text.chars().count() > CHAT_MAX {
                    return Err(Refusal::new(
                        "chat_too_long",
                        format!("chat lines are at most {CHAT_MAX} characters"),
                    ));
                }
                if text.chars().any(char::is_control) {
                    return Err(Refusal::new("bad_chat", "no control characters"));
                }
                line["text"] = json!(text);
            }
            (None, Some(p)) if PHRASES.contains(&p.as_str()) => line["phrase"] = json!(p),
            (None, Some(_)) => return Err(Refusal::new("bad_chat", "no such phrase")),
            _ => return Err(Refusal::new("bad_chat", "send a text or a phrase")),
        }
        let now = Instant::now();
        let said = &mut self.seats[seat as usize].said;
        while said.front().is_some_and(|t| now.duration_since(*t) > CHAT_WINDOW) {
            said.pop_front();
        }
        if said.len() >= CHAT_BURST {
            return Err(Refusal::new("rate_limited", "slow down: a few lines at a time"));
        }
        said.push_back(now);
        let msg: Arc<str> = Arc::from(line.to_string());
        self.chat.push_back(line);
        while self.chat.len() > CHAT_KEPT {
            self.chat.pop_front();
        }
        for sub in self.subs.values() {
            let _ = sub.out.tx.try_send(msg.clone());
        }
        Ok(())
    }

    /// The creator starts the match now: bots take the seats still waiting
    /// for invited players.
    async fn fill(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let seat = self.subs.get(&conn).and_then(|s| s.seat);
        if seat.is_none() || seat != self.host {
            return Err(Refusal::new("not_host", "only the table's creator fills seats"));
        }
        if self.started() {
            return Err(Refusal::new("started", "the match has started"));
        }
        let mut plan = self.plan.clone();
        for (k, st) in plan.iter_mut().zip(&self.seats) {
            if *k == SeatKind::Invite && st.name.is_none() {
                *k = SeatKind::Bot;
            }
        }
        let text = serde_json::to_string(&plan).unwrap_or_default();
        self.store
            .set_seats(&self.id, &text)
            .await
            .map_err(|e| Refusal::new("store", e.to_string()))?;
        self.plan = plan;
        if let Ok(mut info) = self.info.lock() {
            info.plan = self.plan.clone();
        }
        Ok(())
    }

    /// The player of `conn` leaves: a bot plays their seat from now on,
    /// their token no longer returns them, and their connections watch.
    async fn leave(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let Some(seat) = self.subs.get(&conn).and_then(|s| s.seat) else {
            self.subs.remove(&conn);
            return Ok(());
        };
        if self.m.phase() != Phase::MatchOver {
            self.store
                .leave_seat(&self.id, i64::from(seat), i64::from(self.m.hand_number()))
                .await
                .map_err(|e| Refusal::new("store", e.to_string()))?;
            self.seats[seat as usize].left = true;
        }
        for sub in self.subs.values_mut() {
            if sub.seat == Some(seat) {
                sub.seat = None;
            }
        }
        self.subs.remove(&conn);
        let st = &mut self.seats[seat as usize];
        st.conns = 0;
        st.absent_since = Instant::now();
        Ok(())
    }

    /// A rematch: the one already made, or the plan for a new one with
    /// the same rules, bot and seats (players who left become bots).
    fn rematch_plan(&mut self, conn: ConnId) -> Result<Result<String, Box<RematchPlan>>, Refusal> {
        if self.subs.get(&conn).and_then(|s| s.seat).is_none() {
            return Err(Refusal::new("not_seated", "only the players ask for a rematch"));
        }
        if self.m.phase() != Phase::MatchOver {
            return Err(Refusal::new("not_over", "the match is still being played"));
        }
        match self.rematch.as_deref() {
            Some("") => return Err(Refusal::new("busy", "the rematch is being set up")),
            Some(id) => return Ok(Ok(id.to_string())),
            None => {}
        }
        self.rematch = Some(String::new());
        let mut plan = self.plan.clone();
        let mut taken = Vec::new();
        for (s, st) in self.seats.iter().enumerate() {
            match (&st.name, &st.token_hash) {
                (Some(name), Some(hash)) if !st.left => taken.push(SeatRow {
                    seat: s as i64,
                    name: name.clone(),
                    token_hash: hash.clone(),
                    left_hand: None,
                }),
                _ => plan[s] = SeatKind::Bot,
            }
        }
        Ok(Err(Box::new(RematchPlan {
            new: NewTable {
                rules: self.spec.clone(),
                bot: self.bot_name.clone(),
                private: self.private,
                humans: plan.iter().filter(|k| **k != SeatKind::Bot).count() as u8,
                plan,
                taken,
            },
        })))
    }

    /// Whether `seat` is to act with nothing to do but pass, and passes by
    /// itself (its player's setting, on by default).
    fn auto_pass_due(&self) -> Option<u8> {
        if self.m.phase() != Phase::Play || !self.started() {
            return None;
        }
        let seat = self.m.to_act()?;
        if self.bot_plays(seat) || !self.seats[seat as usize].auto_pass {
            return None;
        }
        let mut legal = domino_engine::MoveList::new();
        self.m.legal(&mut legal);
        (legal.len() == 1 && legal[0] == Action::Pass).then_some(seat)
    }

    /// Check `a` for `seat` on a copy, store it, then apply it.
    async fn act(&mut self, seat: u8, a: Action, auto: bool) -> Result<Vec<Event>, Refusal> {
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
            auto,
        };
        self.store
            .append(&self.id, &row)
            .await
            .map_err(|e| Refusal::new("store", format!("not stored, not played: {e}")))?;
        self.seq += 1;
        let before = self.m.phase();
        self.m = next;
        if let Some(line) = sheet_line(&self.m, before) {
            self.sheet.push(line);
        }
        self.hand_events.extend(events.iter().cloned());
        self.move_at_us = arrived;
        Ok(events)
    }

    /// After any change: broadcast, deal on when everyone is ready, store
    /// a finished match, and start a bot or a timer where one is due.
    async fn pump(&mut self, mut events: Vec<Event>) {
        let mut changed = false;
        // Passes made for players who can do nothing else go out with what
        // led to them, in the same message.
        while let Some(seat) = self.auto_pass_due() {
            match self.act(seat, Action::Pass, false).await {
                Ok(ev) => events.extend(ev),
                Err(e) => {
                    tracing::warn!(table = %self.id, seat, "auto pass refused: {}", e.message);
                    break;
                }
            }
        }
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
                        auto: false,
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
            _ if !self.started() => {}
            (Phase::Play | Phase::ChoosePoser, Some(seat)) => {
                if self.bot_plays(seat) {
                    if !self.bot_busy {
                        self.start_bot(seat);
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
                let kind = self.plan[s as usize];
                json!({
                    "name": st.name,
                    "human": kind != SeatKind::Bot,
                    "invited": kind == SeatKind::Invite && st.name.is_none(),
                    "left": st.left,
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
        let mut state = view.to_json();
        if seat.is_some() {
            hide_claim_hints(&self.spec, &mut state);
        }
        let watching = self.subs.values().filter(|s| s.seat.is_none()).count();
        let mut msg = json!({
            "type": "state",
            "table": self.id,
            "seat": seat,
            "rules": self.spec,
            "bot": self.bot_name,
            "state": state,
            "layout": view.layout_json(),
            "events": events,
            "seats": seats,
            "fair": fair,
            "finished": self.finished,
            "move_at_us": self.move_at_us,
            "started": self.started(),
            "host": self.host,
            "sheet": self.sheet,
            "watching": watching,
            "rematch": self.rematch.as_deref().filter(|r| !r.is_empty()),
        });
        if log {
            msg["log"] = Value::Array(viewer_events(&self.hand_events, seat));
            msg["chat"] = Value::Array(self.chat.iter().cloned().collect());
        }
        Arc::from(msg.to_string())
    }
}

/// A finished hand's line of the score sheet, if the action that led from
/// `before` to `m`'s phase ended a hand.
fn sheet_line(m: &Match, before: Phase) -> Option<Value> {
    let ended = matches!(m.phase(), Phase::HandOver | Phase::MatchOver);
    if !ended || matches!(before, Phase::HandOver | Phase::MatchOver) {
        return None;
    }
    Some(json!({"hand": m.hand_number(), "result": m.result(), "scores": m.scores()}))
}

/// Under claims (`muggins`, `strict`), claiming is the player's own act:
/// a seat is not told which of its plays score (the claiming twins in
/// `legal`) nor that muggins is there to call (the `muggins` action and
/// amount). The page offers claim and muggins at every turn instead, and
/// the table refuses what is not legal.
fn hide_claim_hints(spec: &RulesSpec, state: &mut Value) {
    let claims = spec.options.get("claims").and_then(Value::as_str);
    if !matches!(claims, Some("muggins" | "strict")) {
        return;
    }
    if let Some(o) = state.as_object_mut() {
        o.remove("muggins");
        if let Some(Value::Array(legal)) = o.get_mut("legal") {
            legal.retain(|a| a.get("claim").is_none() && a["type"] != "muggins");
        }
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
