//! The people at a table beyond sitting down: the seat plan (open,
//! invited and bot seats) and filling it with bots, leaving for good, the
//! rematch, quick chat, automatic passes, what a seat is not told under
//! claims, and the score sheet.

use std::sync::Arc;
use std::time::{Duration, Instant};

use domino_engine::{Action, Match, Phase};
use serde_json::Value;

use super::messages::{Code, Refusal};
use super::{ConnId, NewTable, Table};
use crate::clock::now_ms;
use domino_store::SeatRow;

pub use domino_protocol::seat::SeatKind;
use domino_protocol::table::{ChatLine, ChatType, HandLine};

/// A table's stored seat plan that cannot be its plan.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadPlan {
    #[error("its stored seat plan {stored:?} does not parse: {why}")]
    Unreadable { stored: String, why: String },
    #[error("its stored seat plan has {seats} seats for {players} players")]
    WrongSize { seats: usize, players: u8 },
}

/// The plan of a stored table: its `seats` column, or for tables from
/// before plans (no column), `humans` open seats then bots. A column that
/// is there but does not fit is an error: guessing would seat bots where
/// people were kept places, or the other way round.
pub fn plan_of(seats: Option<&str>, humans: i64, players: u8) -> Result<Vec<SeatKind>, BadPlan> {
    let Some(stored) = seats else {
        return Ok((0..i64::from(players))
            .map(|s| {
                if s < humans {
                    SeatKind::Human
                } else {
                    SeatKind::Bot
                }
            })
            .collect());
    };
    let plan: Vec<SeatKind> = serde_json::from_str(stored).map_err(|e| BadPlan::Unreadable {
        stored: stored.to_string(),
        why: e.to_string(),
    })?;
    if plan.len() != usize::from(players) {
        return Err(BadPlan::WrongSize {
            seats: plan.len(),
            players,
        });
    }
    Ok(plan)
}

/// Quick-chat phrases a player may send by name (each page says them in
/// its own words).
pub const PHRASES: [&str; 8] = [
    "hi", "gg", "nice", "oops", "thanks", "hurry", "again", "wow",
];
/// The window of the chat-lines limit (`Limits::chat_lines` per seat).
const CHAT_WINDOW: Duration = Duration::from_secs(10);
/// Chat lines kept for newcomers (in memory only, gone with the match).
const CHAT_KEPT: usize = 50;

/// What a rematch is made from: the same rules, bot and seats.
#[derive(Debug, Clone)]
pub struct RematchPlan {
    pub new: NewTable,
}

impl Table {
    /// The match is under way: no seat still waits for an invited player.
    pub(super) fn started(&self) -> bool {
        self.plan
            .iter()
            .zip(&self.seats)
            .all(|(k, st)| *k != SeatKind::Invite || st.name.is_some())
    }

    /// A chat line (at most `Limits::chat_chars` characters, no control
    /// or reordering characters) or a known phrase from a seated player, sent to everyone
    /// at the table as text; a few lines per seat every few seconds.
    pub(super) fn chat(
        &mut self,
        conn: ConnId,
        text: Option<String>,
        phrase: Option<String>,
    ) -> Result<(), Refusal> {
        let seat = self
            .subs
            .get(&conn)
            .and_then(|s| s.seat)
            .ok_or(Refusal::new(
                Code::NotSeated,
                "only players talk at the table",
            ))?;
        let mut line = ChatLine {
            kind: ChatType::Chat,
            at: now_ms(),
            phrase: None,
            seat,
            text: None,
        };
        match (text, phrase) {
            (Some(text), None) => {
                let text = domino_league::text::chat_line(&text, self.config.limits.chat_chars)?;
                line.text = Some(text);
            }
            (None, Some(p)) if PHRASES.contains(&p.as_str()) => line.phrase = Some(p),
            (None, Some(_)) => return Err(Refusal::new(Code::BadChat, "no such phrase")),
            _ => return Err(Refusal::new(Code::BadChat, "send a text or a phrase")),
        }
        let now = Instant::now();
        let said = &mut self.seats[seat as usize].said;
        while said
            .front()
            .is_some_and(|t| now.duration_since(*t) > CHAT_WINDOW)
        {
            said.pop_front();
        }
        if said.len() >= self.config.limits.chat_lines {
            return Err(Refusal::new(
                Code::RateLimited,
                "slow down: a few lines at a time",
            ));
        }
        said.push_back(now);
        let msg: Arc<str> = match serde_json::to_string(&line) {
            Ok(m) => Arc::from(m),
            Err(e) => return Err(Refusal::new(Code::Internal, e.to_string())),
        };
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
    pub(super) async fn fill(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let seat = self.subs.get(&conn).and_then(|s| s.seat);
        if seat.is_none() || seat != self.host {
            return Err(Refusal::new(
                Code::NotHost,
                "only the table's creator fills seats",
            ));
        }
        if self.started() {
            return Err(Refusal::new(Code::Started, "the match has started"));
        }
        let mut plan = self.plan.clone();
        for (k, st) in plan.iter_mut().zip(&self.seats) {
            if *k == SeatKind::Invite && st.name.is_none() {
                *k = SeatKind::Bot;
            }
        }
        if let Err(e) = self
            .store
            .tables()
            .set_seats(&self.id, &self.config.node, &plan)
            .await
        {
            return Err(self.not_written(e));
        }
        self.plan = plan;
        if let Ok(mut info) = self.info.lock() {
            info.plan = self.plan.clone();
        }
        Ok(())
    }

    /// The player of `conn` leaves: a bot plays their seat from now on,
    /// their token no longer returns them, and their connections watch.
    pub(super) async fn leave(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let Some(seat) = self.subs.get(&conn).and_then(|s| s.seat) else {
            self.subs.remove(&conn);
            return Ok(());
        };
        if !self.over() {
            let hand = i64::from(self.m.hand_number());
            let left = self
                .store
                .tables()
                .leave_seat(&self.id, &self.config.node, i64::from(seat), hand)
                .await;
            if let Err(e) = left {
                return Err(self.not_written(e));
            }
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
    pub(super) fn rematch_plan(
        &mut self,
        conn: ConnId,
    ) -> Result<Result<String, Box<RematchPlan>>, Refusal> {
        if self.subs.get(&conn).and_then(|s| s.seat).is_none() {
            return Err(Refusal::new(
                Code::NotSeated,
                "only the players ask for a rematch",
            ));
        }
        if !self.over() {
            return Err(Refusal::new(
                Code::NotOver,
                "the match is still being played",
            ));
        }
        match self.rematch.as_deref() {
            Some("") => return Err(Refusal::new(Code::Busy, "the rematch is being set up")),
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
                    profile_id: st.profile.clone(),
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
                hints: self.hints,
                secret: None,
                id: None,
                clock: self
                    .clock
                    .as_ref()
                    .map_or_else(Default::default, |c| c.control),
            },
        })))
    }

    /// The seat to act with nothing to do but one forced move, and that
    /// move, when it is made for the player: a pass, for a seat that passes
    /// by itself (its player's setting, on by default), or at a table with
    /// a clock a draw from the boneyard (no choice to spend time on).
    pub(super) fn forced_move_due(&self) -> Option<(u8, Action)> {
        if self.m.phase() != Phase::Play || !self.started() {
            return None;
        }
        let seat = self.m.to_act()?;
        if self.bot_plays(seat) {
            return None;
        }
        let mut legal = domino_engine::MoveList::new();
        self.m.legal(&mut legal);
        if legal.len() != 1 {
            return None;
        }
        let made = match legal[0] {
            Action::Pass => self.seats[seat as usize].auto_pass,
            Action::Draw => self.clock.is_some(),
            _ => false,
        };
        made.then_some((seat, legal[0]))
    }
}

/// A finished hand's line of the score sheet, if the action that led from
/// `before` to `m`'s phase ended a hand.
pub(super) fn sheet_line(m: &Match, before: Phase) -> Option<Value> {
    let ended = matches!(m.phase(), Phase::HandOver | Phase::MatchOver);
    if !ended || matches!(before, Phase::HandOver | Phase::MatchOver) {
        return None;
    }
    let line = HandLine {
        hand: m.hand_number(),
        result: m.result().cloned(),
        scores: m.scores().to_vec(),
    };
    serde_json::to_value(line).ok()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_stored_plan_is_read_or_refused() {
        use SeatKind::{Bot, Human, Invite};
        assert_eq!(
            plan_of(Some(r#"["human","invite","bot"]"#), 1, 3),
            Ok(vec![Human, Invite, Bot])
        );
        // From before plans: the open seats first.
        assert_eq!(plan_of(None, 2, 3), Ok(vec![Human, Human, Bot]));
        assert!(matches!(
            plan_of(Some(r#"["human","robot"]"#), 1, 2),
            Err(BadPlan::Unreadable { .. })
        ));
        assert_eq!(
            plan_of(Some(r#"["human"]"#), 1, 2),
            Err(BadPlan::WrongSize {
                seats: 1,
                players: 2
            })
        );
    }
}
