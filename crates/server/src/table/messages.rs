//! What a connection is sent: refusals, the lobby's view of a table, and
//! the `state` message, each built from one viewer's view only.

use std::collections::HashMap;
use std::sync::Arc;

use domino_engine::catalog::TableFacts;
use domino_engine::{Event, Phase, RulesSpec, Viewer};
use serde_json::Value;
use tokio::sync::mpsc;

use super::Table;
use domino_protocol::socket::LobbyTable;
use domino_protocol::table::{SeatView, StateMessage, StateType};

/// Messages to one connection, already serialized, and a way to close it.
#[derive(Debug, Clone)]
pub struct Outbox {
    pub tx: mpsc::Sender<Arc<str>>,
    /// Notified when the table drops a connection that cannot keep up; the
    /// connection then closes, and its client may resume.
    pub kick: Arc<tokio::sync::Notify>,
}

pub use domino_protocol::refusal::{Code, Refusal};

/// What the lobby shows of a table.
#[derive(Clone, Debug)]
pub struct Info {
    pub id: String,
    pub rules: RulesSpec,
    pub bot: String,
    pub private: bool,
    pub humans: u8,
    /// Who sits where: the seat plan.
    pub plan: Vec<super::SeatKind>,
    pub names: Vec<Option<String>>,
    /// Which seats bot accounts hold (table/accounts.rs).
    pub bot_accounts: Vec<bool>,
    pub hand_number: u32,
    pub finished: bool,
    /// Nobody is connected and the bots wait (see `Table::parked`).
    pub parked: bool,
    /// The turn clock as last changed (its deadline is what the hub's
    /// clock sweep looks at, without waking the table).
    pub clock: Option<domino_engine::Clock>,
}

impl Info {
    /// Seats open to anyone that nobody has claimed yet (not the invited
    /// ones: those wait for their friends).
    pub fn open_seats(&self) -> usize {
        self.names
            .iter()
            .zip(&self.plan)
            .filter(|(n, k)| n.is_none() && **k == super::SeatKind::Human)
            .count()
    }

    pub fn to_lobby(&self) -> LobbyTable {
        LobbyTable {
            bot: self.bot.clone(),
            finished: self.finished,
            hand_number: self.hand_number,
            humans: self.humans,
            id: self.id.clone(),
            names: self.names.clone(),
            bot_accounts: self.bot_accounts.clone(),
            open_seats: self.open_seats(),
            parked: self.parked,
            private: self.private,
            rules: self.rules.clone(),
            seats: self.plan.clone(),
            clock: self
                .clock
                .as_ref()
                .map_or_else(Default::default, |c| c.control),
            turn: self.turn(),
        }
    }

    /// The seat whose clock runs, and its deadline.
    pub fn turn(&self) -> Option<domino_protocol::socket::Turn> {
        let c = self.clock.as_ref()?;
        Some(domino_protocol::socket::Turn {
            seat: c.running?.seat,
            deadline_ms: c.deadline()?,
        })
    }
}

impl Table {
    /// Send every subscriber its own view of the table and of `events`.
    /// (Held back, `events` kept, while the finished match is being
    /// rated: see [`Table::rate`].)
    pub(super) fn broadcast(&mut self, events: &[Event]) {
        if self.rating_pending {
            self.held_events.extend_from_slice(events);
            return;
        }
        let mut by_seat: HashMap<Option<u8>, Arc<str>> = HashMap::new();
        let mut dead = Vec::new();
        let mut fresh = Vec::new();
        for (id, sub) in &self.subs {
            let msg = by_seat
                .entry(sub.seat)
                .or_insert_with(|| self.state_message(sub.seat, events, false))
                .clone();
            // A newcomer was just sent this very state (with its log):
            // not twice.
            if let Some(first) = &sub.first {
                fresh.push(*id);
                if events.is_empty() && *first == self.state_message(sub.seat, &[], true) {
                    continue;
                }
            }
            if sub.out.tx.try_send(msg).is_err() {
                // A client that cannot keep up is dropped; it may resume.
                dead.push(*id);
            }
        }
        for id in fresh {
            if let Some(sub) = self.subs.get_mut(&id) {
                sub.first = None;
            }
        }
        for id in dead {
            if let Some(sub) = self.subs.get(&id) {
                sub.out.kick.notify_one();
            }
            // As if it had left: the last one gone, the table may park and
            // sleep (a socket's writer that is closing drops its end first).
            self.detach(id);
        }
    }

    /// The `state` message for one seat (or a spectator), built from that
    /// viewer's view only. With `log`, it also carries the current hand's
    /// events so far (as that viewer may see them), for a connection that
    /// has just joined or come back.
    pub(super) fn state_message(&self, seat: Option<u8>, events: &[Event], log: bool) -> Arc<str> {
        // A person at a seat is shown the engine's player view, which under
        // claims by hand hints at no points to claim.
        let view = match seat {
            Some(s) => self.m.player_view(s),
            None => self.m.view(Viewer::Spectator),
        };
        let events = viewer_events(events, seat);
        let seats: Vec<SeatView> = (0..self.rules.players())
            .map(|s| {
                let st = &self.seats[s as usize];
                let invited = self.plan[s as usize] == super::SeatKind::Invite && st.name.is_none();
                // Only the creator is told a waiting seat's code, for the
                // invite link it gives the friend, while the match is on.
                let code = (invited && seat.is_some() && seat == self.host && !self.over())
                    .then(|| super::invites::code(&self.commitments.secret, &self.id, s));
                SeatView {
                    bot: self.bot_plays(s),
                    bot_account: st.bot_account,
                    bot_in_ms: self.bot_in(s).map(|d| d.as_millis() as u64),
                    human: self.plan[s as usize] != super::SeatKind::Bot,
                    invite: code,
                    invited,
                    left: st.left,
                    // Seats may differ at a tournament table.
                    level: self.bot_levels.get(usize::from(s)).cloned(),
                    name: st.name.clone(),
                    present: st.conns > 0,
                    ready: st.ready,
                }
            })
            .collect();
        // A hand's key is shown once its tiles are (the hand or the match
        // over): a match resigned or aborted mid-hand keeps it, since the
        // page could not check it against hidden hands.
        let over = matches!(self.m.phase(), Phase::HandOver | Phase::MatchOver);
        let fair = self.commitments.to_json(self.m.hand_number(), over);
        let mut state = view.to_json();
        // A forfeit: the result the ratings count, in the state and in the
        // match's end, not the score's (the scores stay as played).
        let forfeit = self.forfeit_json();
        let told = |mut events: Vec<Value>| {
            if let Some(w) = &forfeit {
                let ends = events.iter_mut().filter(|e| e["type"] == "match_over");
                ends.for_each(|e| e["winner"] = w.clone());
            }
            events
        };
        if let Some(w) = &forfeit {
            state["winner"] = w.clone();
        }
        // Resigned or aborted: over, whatever the hand's phase, with nobody
        // to move.
        if self.ended.is_some() {
            state["phase"] = Value::from("match_over");
            state["to_act"] = Value::Null;
            if let Some(legal) = state.get_mut("legal") {
                *legal = Value::Array(Vec::new());
            }
        }
        let watching = self.subs.values().filter(|s| s.seat.is_none()).count();
        let msg = StateMessage {
            kind: StateType::State,
            bot: self.bot_name.clone(),
            clock: self.clock_view(),
            chat: log.then(|| self.chat.iter().cloned().collect()),
            events: told(events),
            facts: TableFacts::of(&self.rules),
            fair,
            finished: self.finished,
            hints: self.hints_allowed(),
            host: self.host,
            layout: view.drawn(),
            log: log.then(|| told(viewer_events(&self.hand_events, seat))),
            move_at_us: self.move_at_us,
            ratings: self.rating_changes.clone(),
            rated: self.counts_for_ratings(),
            rematch: self.rematch.clone().filter(|r| !r.is_empty()),
            rules: self.spec.clone(),
            seat,
            seats,
            seq: self.seq,
            sheet: self.sheet.clone(),
            started: self.started(),
            ended: self.ended,
            may_abort: seat.is_some() && self.may_abort(),
            state,
            table: self.id.clone(),
            watching,
        };
        // Only the protocol's own types: writing them cannot fail.
        let text = serde_json::to_string(&msg).unwrap_or_else(|e| {
            tracing::error!(table = %self.id, "a state message did not serialize: {e}");
            String::new()
        });
        Arc::from(text)
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
