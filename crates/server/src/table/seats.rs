//! Who sits where: seats claimed under a name with a secret token (only its
//! hash is stored), connections coming and going, readiness between hands,
//! and when a bot stands in for an absent player.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Instant;

use domino_bots::Bot;
use sha2::{Digest, Sha256};

use super::messages::{Code, Outbox, Refusal};
use super::people::SeatKind;
use super::{ConnId, Table};
pub use domino_protocol::seat::{Seated, Seating};
use domino_store::SeatRow;

/// One seat of a table.
#[derive(Debug)]
pub(super) struct SeatState {
    /// The sitter's display name, once the seat is claimed.
    pub(super) name: Option<String>,
    /// The sitter's profile, when they sat down signed in.
    pub(super) profile: Option<String>,
    /// That profile is a bot account (table/accounts.rs): its seat says so.
    pub(super) bot_account: bool,
    /// SHA-256 of the seat's token, once claimed: a returning player proves
    /// the seat with the token.
    pub(super) token_hash: Option<String>,
    /// Connections acting for this seat now.
    pub(super) conns: usize,
    /// Since when nobody is connected (the grace period counts from here).
    pub(super) absent_since: Instant,
    /// The seat's bot, kept between moves so it keeps what it learned; out
    /// on the blocking pool while it thinks.
    pub(super) bot: Option<Box<dyn Bot>>,
    /// The sitter is ready for the next hand.
    pub(super) ready: bool,
    /// The player left for good: a bot plays the seat.
    pub(super) left: bool,
    /// Pass for the player when passing is all they can do (their setting,
    /// on by default).
    pub(super) auto_pass: bool,
    /// When this seat's recent chat lines were said (the rate limit).
    pub(super) said: VecDeque<Instant>,
    /// Kept for a player who has not come yet (a challenger, a paired
    /// player): the clock waits for them (see [`Table::awaiting`]).
    pub(super) awaited: bool,
    /// Its player lost its last connection and the bots at the table were
    /// told (`opponent_gone`): they are told when it comes back.
    pub(super) gone: bool,
}

impl SeatState {
    pub(super) fn empty(now: Instant) -> SeatState {
        SeatState {
            name: None,
            profile: None,
            bot_account: false,
            token_hash: None,
            conns: 0,
            absent_since: now,
            bot: None,
            ready: false,
            left: false,
            auto_pass: true,
            said: VecDeque::new(),
            awaited: false,
            gone: false,
        }
    }

    /// One connection of this seat went away.
    pub(super) fn disconnected(&mut self) {
        self.conns = self.conns.saturating_sub(1);
        if self.conns == 0 {
            self.absent_since = Instant::now();
        }
    }
}

/// A connection attached to a table.
#[derive(Debug)]
pub(super) struct Sub {
    /// The seat it acts for; `None` for a spectator.
    pub(super) seat: Option<u8>,
    /// Where its messages go.
    pub(super) out: Outbox,
    /// Its seat's turn timed out since it last acted: its next `act`
    /// without `seq` may have been meant for that turn (see
    /// [`Table::missed_turn`]).
    pub(super) missed: bool,
    /// The whole state it was sent on coming, until the next broadcast:
    /// that broadcast does not send it the same state again.
    pub(super) first: Option<Arc<str>>,
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

impl Table {
    /// Seat a connection (claiming a seat, returning to one, or watching)
    /// and send it the whole state with the hand so far.
    pub(super) async fn attach(
        &mut self,
        conn: ConnId,
        how: Seating,
        out: Outbox,
    ) -> Result<Seated, Refusal> {
        let (seat, token) = match how {
            Seating::Spectate => (None, None),
            Seating::Resume { token, profile } => (Some(self.resume(&token, profile).await?), None),
            Seating::Join {
                name,
                seat,
                invite,
                profile,
            } => {
                let (seat, token) = self.join(name, seat, invite, profile).await?;
                (Some(seat), Some(token))
            }
        };
        // Seated again from the same socket: it leaves its old place only
        // now, so that a refusal above left it where it was.
        if let Some(old) = self.subs.remove(&conn) {
            if let Some(s) = old.seat {
                self.seats[s as usize].disconnected();
            }
        }
        if let Some(s) = seat {
            let st = &mut self.seats[s as usize];
            st.conns += 1;
            st.awaited = false;
            // Its opponents' bots heard it had gone: now that it is back.
            if std::mem::take(&mut st.gone) {
                self.tell_bots_back(s);
            }
        }
        // The newcomer gets the whole state at once, with the hand so far.
        let msg = self.state_message(seat, &[], true);
        let _ = out.tx.try_send(msg.clone());
        self.subs.insert(
            conn,
            Sub {
                seat,
                out,
                missed: false,
                first: Some(msg),
            },
        );
        self.empty_since = None;
        self.touched_ms = crate::clock::now_ms();
        Ok(Seated {
            table: self.id.clone(),
            seat,
            token,
        })
    }

    /// The seat a seat token returns to, for `profile` (a seat held by a
    /// profile or a bot account takes its own sign-in as well, so a token
    /// that leaked seats nobody else); a casual seat lost to timeouts is
    /// taken back.
    async fn resume(&mut self, token: &str, profile: Option<String>) -> Result<u8, Refusal> {
        let h = token_hash(token);
        let seat = self
            .seats
            .iter()
            .position(|s| s.token_hash.as_deref() == Some(h.as_str()))
            .ok_or(Refusal::new(
                Code::BadToken,
                "that token holds no seat at this table",
            ))?;
        if let Some(owner) = &self.seats[seat].profile {
            if profile.as_ref() != Some(owner) {
                return Err(Refusal::new(
                    Code::NotYourSeat,
                    "that seat belongs to another account: only its own sign-in or API token resumes it",
                ));
            }
        }
        if self.seats[seat].left {
            // In a casual match, a seat lost to three timeouts is the
            // player's to take back by coming back.
            if !self.may_take_back(seat) {
                return Err(Refusal::new(Code::Left, "you left this table"));
            }
            self.take_back(seat).await?;
        }
        Ok(seat as u8)
    }

    /// A new player seated (the seat named, or the first open one), stored
    /// before it counts: the seat and its new token.
    async fn join(
        &mut self,
        name: String,
        seat: Option<u8>,
        invite: Option<String>,
        profile: Option<(String, String)>,
    ) -> Result<(u8, String), Refusal> {
        let name = match &profile {
            Some((_, profile_name)) => profile_name.clone(),
            None => domino_league::name::display_name_within(&name, self.config.limits.name_chars)?,
        };
        if self.finished {
            return Err(Refusal::new(Code::MatchOver, "the match is over"));
        }
        // One profile, one seat: a profile playing itself would rate
        // nothing and could throw matches to itself.
        if let Some((id, _)) = &profile {
            if self.seats.iter().any(|st| st.profile.as_ref() == Some(id)) {
                return Err(Refusal::new(
                    Code::AlreadySeated,
                    "your profile already has a seat at this table",
                ));
            }
        }
        let seat = self.free_seat(seat, invite.as_deref())?;
        let token = random_id(24);
        let row = SeatRow {
            seat: seat as i64,
            name: name.clone(),
            token_hash: token_hash(&token),
            left_hand: None,
            profile_id: profile.map(|(id, _)| id),
        };
        if let Err(e) = self
            .store
            .tables()
            .add_seat(&self.id, &self.config.node, &row)
            .await
        {
            return Err(self.not_written(e));
        }
        let st = &mut self.seats[seat];
        st.name = Some(name);
        st.profile = row.profile_id;
        st.token_hash = Some(row.token_hash);
        if let Ok(mut info) = self.info.lock() {
            info.names[seat] = st.name.clone();
        }
        self.mark_bot_account(seat).await;
        Ok((seat as u8, token))
    }

    /// The seat a join takes: the one named, if free (an invited seat only
    /// with its invite code), or the first open one.
    fn free_seat(&self, seat: Option<u8>, invite: Option<&str>) -> Result<usize, Refusal> {
        // An invited seat is kept for the friend whose link names it: a
        // join that names no seat (a stranger from the lobby) takes only
        // an open one.
        let free = |s: usize, st: &SeatState, named: bool| {
            let kind = self.plan.get(s).copied();
            let sits = kind == Some(SeatKind::Human) || (named && kind == Some(SeatKind::Invite));
            sits && st.name.is_none()
        };
        // The seat named must be free before its code is checked: a taken
        // seat says `seat_taken` whatever the code.
        let seat = match seat {
            Some(s)
                if free(
                    s as usize,
                    self.seats
                        .get(s as usize)
                        .ok_or(Refusal::new(Code::BadSeat, "no such seat"))?,
                    true,
                ) =>
            {
                s as usize
            }
            Some(_) => return Err(Refusal::new(Code::SeatTaken, "that seat is not free")),
            None => self
                .seats
                .iter()
                .enumerate()
                .position(|(s, st)| free(s, st, false))
                .ok_or(Refusal::new(Code::TableFull, "no free seat at this table"))?,
        };
        if self.plan.get(seat) == Some(&SeatKind::Invite) {
            let given = invite.unwrap_or("");
            // One refusal for no code and a wrong one: it tells a stranger
            // nothing about the right one.
            if !super::invites::matches(&self.commitments.secret, &self.id, seat as u8, given) {
                return Err(Refusal::new(
                    Code::NotInvited,
                    "that seat is kept for an invited friend: only their invite link takes it",
                ));
            }
        }
        Ok(seat)
    }

    /// A connection went away; whether it was attached.
    pub(super) fn detach(&mut self, conn: ConnId) -> bool {
        let Some(sub) = self.subs.remove(&conn) else {
            return false;
        };
        if let Some(s) = sub.seat {
            self.seats[s as usize].disconnected();
            if self.seats[s as usize].conns == 0 {
                self.seats[s as usize].gone = self.tell_bots_gone(s);
            }
        }
        if self.subs.is_empty() {
            self.empty_since = Some(Instant::now());
        }
        true
    }

    /// The seat `conn` acts for, if it holds one.
    pub(super) fn seat_of(&self, conn: ConnId) -> Option<u8> {
        self.subs.get(&conn).and_then(|s| s.seat)
    }

    /// Whether a bot plays `seat` now. At a clocked table an absent
    /// player's seat waits for them until their time runs out (then the
    /// computer moves for them: `timed_out`).
    pub(super) fn bot_plays(&self, seat: u8) -> bool {
        let st = &self.seats[seat as usize];
        self.plan[seat as usize] == SeatKind::Bot
            || st.left
            || self.timed_out == Some(seat)
            || (self.clock.is_none() && self.away(seat))
    }

    /// Nobody has been at `seat` for the grace period.
    fn away(&self, seat: u8) -> bool {
        let st = &self.seats[seat as usize];
        st.conns == 0 && st.absent_since.elapsed() >= self.config.grace
    }

    /// How long before a computer plays `seat` for its absent player:
    /// `None` while the player is here (or the seat is a bot's, left for
    /// good, never taken, or timed by a clock), zero once a computer plays
    /// it.
    pub(super) fn bot_in(&self, seat: u8) -> Option<std::time::Duration> {
        let st = &self.seats[seat as usize];
        let person = self.plan[seat as usize] != SeatKind::Bot && st.name.is_some();
        // At a clocked table the clock decides when the computer moves.
        if !person || st.left || st.conns > 0 || self.clock.is_some() {
            return None;
        }
        Some(self.config.grace.saturating_sub(st.absent_since.elapsed()))
    }

    /// Nobody at all is connected to a table with seats for people: it
    /// waits for them (the bots do not play out a match for players who
    /// went away). A table of bots alone parks only after
    /// `Limits::park_after`, so that a watcher's reload does not stop it.
    pub(super) fn paused(&self) -> bool {
        let Some(since) = self.empty_since else {
            return false;
        };
        let people = self.plan.iter().any(|k| *k != SeatKind::Bot);
        people || since.elapsed() >= self.config.limits.park_after
    }

    /// Every seat is ready for the next hand (or played by a bot, or away).
    pub(super) fn all_ready(&self) -> bool {
        (0..self.rules.players())
            .all(|s| self.seats[s as usize].ready || self.bot_plays(s) || self.away(s))
    }
}
