//! One table: the authoritative [`Match`], who sits where, and the bots.
//!
//! Each table is a task that owns its match and handles one command at a
//! time, so no lock guards the game. An action is checked on a copy of the
//! match, appended to the store, and only then applied and acknowledged.
//! Every message a subscriber gets is built from its own
//! [`domino_engine::Viewer`]: a seat's view or the spectators' public one.
//! Seats beyond the table's human seats are bots; a human seat nobody is
//! connected to is played by a bot once the grace period has passed, until
//! its player comes back. Bots think on the blocking pool, never on the
//! runtime's threads.
//!
//! The parts: [`seats`] (who sits where, seat tokens, joining and leaving),
//! [`log`] (the write-ahead action log, restoring a table from it, and the
//! finished record), [`commitments`] (each hand's fair-deal key, commitment
//! and redeal rule), [`messages`] (what a connection is sent), [`people`]
//! (the seat plan, invitations and filling with bots, leaving, rematches,
//! chat, automatic passes, claims kept to the player, the score sheet),
//! [`ending`] (resigning and aborting),
//! [`timing`] (the turn clock and timeouts), [`run`] (the table's
//! command loop, bots and timers) and [`dormant`] (a parked table down to
//! its id, woken from the store).

mod accounts;
mod bot_events;
mod commitments;
mod dormant;
mod ending;
mod invites;
mod log;
mod messages;
mod people;
mod rated;
mod run;
mod seats;
mod timing;

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use domino_bots::{Bot, BotConfig};
use domino_engine::{Action, Event, Match, Rules, RulesSpec};
use tokio::sync::{mpsc, oneshot};

use crate::Config;
use domino_store::{SeatRow, Store};

pub use bot_events::TellBots;
use commitments::Commitments;
use domino_protocol::table::{ChatLine, RatingChange};
pub use dormant::{Slot, Tables};
pub use messages::{Code, Info, Outbox, Refusal};
pub use people::{plan_of, RematchPlan, SeatKind, PHRASES};
pub use rated::{bot_player, Rater};
pub use seats::{random_id, token_hash, Seated, Seating};
use seats::{SeatState, Sub};

/// A hint: the expert's move and why it is good.
pub type Hinted = (Action, Vec<domino_bots::reason::Why>);

/// A connection's id, unique in the process.
pub type ConnId = u64;

static NEXT_CONN: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// A connection id not used before in this process (sockets of other
/// nodes attached here take theirs from the same count).
pub fn next_conn_id() -> ConnId {
    NEXT_CONN.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// A request to a table task.
#[derive(Debug)]
pub enum Cmd {
    Attach {
        conn: ConnId,
        /// (Boxed: the largest part of a command, and every table's
        /// channel holds room for 32 commands while it lives.)
        how: Box<Seating>,
        out: Outbox,
        reply: oneshot::Sender<Result<Seated, Refusal>>,
    },
    Detach {
        conn: ConnId,
    },
    /// An action, made against the state of log sequence `seq` when given;
    /// the reply is the sequence number of the state it produced.
    Act {
        conn: ConnId,
        action: Action,
        seq: Option<i64>,
        reply: oneshot::Sender<Result<i64, Refusal>>,
    },
    Ready {
        conn: ConnId,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// What the expert would do in the asking player's place, on their
    /// turn, from what their seat knows.
    Hint {
        conn: ConnId,
        reply: oneshot::Sender<Result<Hinted, Refusal>>,
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
    /// A player resigns the match for their side (see [`ending`]).
    Resign {
        conn: ConnId,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// A player calls the match off before it is under way.
    Abort {
        conn: ConnId,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// A player asks for a rematch: the existing one's id, or the plan to
    /// create it (then [`Cmd::RematchMade`] follows).
    Rematch {
        conn: ConnId,
        reply: oneshot::Sender<Result<Result<String, Box<RematchPlan>>, Refusal>>,
    },
    /// The rematch table exists (or could not be made): tell everyone here.
    RematchMade {
        table: Option<String>,
    },
    /// The finished match is rated: each rated seat's change (none when
    /// nothing moved).
    Rated {
        changes: Vec<RatingChange>,
    },
    /// The hub's periodic look: close the table as abandoned if nothing
    /// was played at it for `Limits::abandon_after`.
    Sweep,
    /// The heartbeat found another node holding the table's lease: this
    /// copy stops (see [`Table::superseded`]).
    Superseded,
}

/// The handle the hub keeps for a table.
#[derive(Debug, Clone)]
pub struct Handle {
    pub tx: mpsc::Sender<Cmd>,
    pub info: Arc<Mutex<Info>>,
}

impl Handle {
    /// The table's task runs and its match is not finished.
    pub fn open(&self) -> bool {
        !self.tx.is_closed() && self.info.lock().map(|i| !i.finished).unwrap_or(false)
    }
}

/// A table's task state: owned by its task alone, so nothing here is locked
/// except the lobby's copy, [`Table::info`].
#[derive(Debug)]
pub struct Table {
    /// The table's id: random hex, the key of its store rows and its URL.
    id: String,
    /// The rules resolved from [`Table::spec`].
    rules: Rules,
    /// The rules as stored and sent to clients, every option spelled out.
    spec: RulesSpec,
    /// The fair-deal secret, and the redeal rule each hand was dealt under.
    commitments: Commitments,
    /// The bot kind that plays bot seats and absent players' seats.
    bot_name: String,
    /// Each seat's bot level (see [`seat_levels`]).
    bot_levels: Vec<String>,
    /// Who sits where: open, invited and bot seats, by seat.
    plan: Vec<SeatKind>,
    /// The seat of the player who created the table (who may fill the
    /// waiting seats with bots).
    host: Option<u8>,
    /// Whether the table is private (kept for the rematch).
    private: bool,
    /// Recent chat lines, for newcomers: in memory only, gone with the match.
    chat: VecDeque<ChatLine>,
    /// Each finished hand: `{hand, result, scores}` (scores after it).
    sheet: Vec<serde_json::Value>,
    /// Each rated seat's rating change once the match is rated:
    /// `{seat, player, before, after, deviation}`.
    rating_changes: Vec<RatingChange>,
    /// The finished match is with the ratings' service: state messages
    /// wait for its answer, their events kept in [`Table::held_events`].
    rating_pending: bool,
    held_events: Vec<Event>,
    /// The rematch's table, once made (`Some("")` while it is being made).
    rematch: Option<String>,
    /// The authoritative match.
    m: Match,
    /// Everything that happened in the current hand so far (all of it:
    /// each viewer gets its own view of it), for the `log` of the state a
    /// joining or returning connection gets first.
    hand_events: Vec<Event>,
    /// The next log sequence number (= entries so far). A bot's answer
    /// asked at another position is stale and dropped.
    seq: i64,
    /// Each seat's sitter, connections, readiness and bot, by seat.
    seats: Vec<SeatState>,
    /// The connections attached to this table, with the seat they act for.
    subs: HashMap<ConnId, Sub>,
    /// A bot is thinking; no other is started until it answers.
    bot_busy: bool,
    /// Bot moves refused in a row (the store not taking writes, say), and
    /// when the next may be asked for: each refusal doubles the pause, so
    /// a table whose moves cannot be kept does not spin.
    bot_refusals: u32,
    bot_retry_at: Option<Instant>,
    /// This copy is behind the store: another node took the table over
    /// while this one stalled past its lease, or the store already had a
    /// row this copy wrote (see the store's `Db::fence`). Nothing more is
    /// done here; every connection is dropped so that its page reconnects
    /// and finds the table where it is played, and the task ends.
    superseded: bool,
    /// A hint is being worked out: one at a time per table.
    hint_busy: Arc<std::sync::atomic::AtomicBool>,
    /// Hints were left on when the table was made (in memory only: a
    /// table restored from the store has them on, still subject to
    /// [`Table::hints_allowed`]).
    hints: bool,
    /// The finished match's record is stored (the task may end once nobody
    /// is attached).
    finished: bool,
    /// Where the log, the seats and the finished record go.
    store: Store,
    /// The server's settings: grace period, bot delay and budget.
    config: Arc<Config>,
    /// The table's own command channel, for bots' answers and timer ticks.
    tx: mpsc::Sender<Cmd>,
    /// What the lobby shows, shared with the hub.
    info: Arc<Mutex<Info>>,
    /// When the pending timer tick fires, if one is pending.
    tick_at: Option<Instant>,
    /// The timer tasks (each holds the channel): stopped when the table
    /// falls asleep.
    timers: Vec<tokio::task::AbortHandle>,
    /// Woken for a command not handled yet: not asleep again before it.
    stay_awake: bool,
    /// The row of what it keeps asleep as the store has it (see
    /// [`dormant`]), if any.
    kept_saved: Option<domino_store::asleep::KeptRow>,
    /// The process's tables, where it lays itself down to sleep.
    tables: Tables,
    /// When the last action arrived (µs since the epoch), sent in `state`
    /// messages as `move_at_us` so clients can time move-to-broadcast.
    move_at_us: i64,
    /// When the table took the first action not yet broadcast, for the
    /// move latency metric.
    acted_at: Option<Instant>,
    /// When the last connection left (`None` while someone is here): after
    /// `Limits::park_after` the table parks.
    empty_since: Option<Instant>,
    /// Parked: nobody is here, so no bot plays and no timer runs until
    /// someone comes back.
    parked: bool,
    /// When something was last played or someone last came (ms since the
    /// epoch), for closing abandoned tables.
    touched_ms: i64,
    /// The turn clock; `None` at a table without one (see [`timing`]).
    clock: Option<domino_engine::Clock>,
    /// The seat whose time ran out: the computer makes its move now.
    timed_out: Option<u8>,
    /// Until when (time source ms) the clock waits for the players whose
    /// seats were kept for them at creation (see [`Table::awaiting`]).
    awaited_until: Option<i64>,
    /// How the table was made, as the store says (see
    /// `Seeks::made_by`): read when its task starts, again when the
    /// match is rated. A tournament's match is neither resigned nor
    /// aborted.
    made_by: domino_store::seeks::MadeBy,
    /// The match was resigned or aborted: it is over whatever its phase.
    ended: Option<domino_protocol::table::Ended>,
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
    /// Players may ask the expert for hints (where [`Table::hints_allowed`]
    /// lets them: never in rated play). A tournament's tables are made
    /// with this off.
    pub hints: bool,
    /// The match secret the deals come from; `None`: a new random one.
    /// A duplicate tournament gives every table of a round the same one.
    pub secret: Option<domino_league::fair::Secret>,
    /// The table's id; `None`: a new random one. A tournament names its
    /// tables after their place in it, so that two servers opening the
    /// same table cannot both make it (the second is refused: the id is
    /// taken).
    pub id: Option<String>,
    /// The time control (checked by [`NewTable::check`]); `None` for
    /// casual tables.
    pub clock: domino_engine::TimeControl,
}

/// Between the seats' levels when a table's bots are of several levels
/// (a tournament table of bot entrants of different levels): `bot` is then
/// one level per seat, `heuristic|expert`.
pub const LEVELS_SEP: char = '|';

/// Each seat's bot level from a table's `bot`: one level for every seat,
/// or one per seat (a missing one: the first).
pub fn seat_levels(bot: &str, players: u8) -> Vec<String> {
    let given: Vec<&str> = bot.split(LEVELS_SEP).collect();
    (0..usize::from(players))
        .map(|s| {
            given
                .get(s)
                .or(given.first())
                .copied()
                .unwrap_or(bot)
                .to_string()
        })
        .collect()
}

impl NewTable {
    /// Resolve the rules and check the rest.
    pub fn check(&self) -> Result<Rules, Refusal> {
        let rules = self
            .rules
            .resolve()
            .map_err(|e| Refusal::new(Code::Engine(e.code()), e.to_string()))?;
        for level in self.bot.split(LEVELS_SEP) {
            if let Err(e) = domino_bots::by_name(level, BotConfig::default()) {
                return Err(Refusal::new(Code::BadBot, e.to_string()));
            }
        }
        if self.humans > rules.players() {
            return Err(Refusal::new(
                Code::BadSeats,
                format!(
                    "{} human seats at a table of {}",
                    self.humans,
                    rules.players()
                ),
            ));
        }
        self.clock
            .check()
            .map_err(|e| Refusal::new(Code::BadClock, e.to_string()))?;
        if !self.plan.is_empty() && self.plan.len() != rules.players() as usize {
            return Err(Refusal::new(
                Code::BadSeats,
                format!(
                    "a plan of {} seats for a table of {}",
                    self.plan.len(),
                    rules.players()
                ),
            ));
        }
        Ok(rules)
    }
}
