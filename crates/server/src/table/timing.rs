//! The table's turn clock (see `domino_engine::clock`): it runs for the
//! person to move, reading the server's [`crate::clock::TimeSource`], and
//! is stored with the table whenever it changes, so that its deadline
//! outlives the process. When a seat's time runs out the computer makes
//! its move; the seat's third timeout in a match counts as leaving it.

use domino_engine::TIMEOUTS_TO_LEAVE;
use domino_engine::{ClockView, Phase};

use super::messages::{Code, Refusal};
use super::people::SeatKind;
use super::{ConnId, Table};

impl Table {
    /// The clock as the players see it now.
    pub(super) fn clock_view(&self) -> Option<ClockView> {
        let now = self.config.time.now_ms();
        self.clock.as_ref().map(|c| c.view(now))
    }

    /// A new clocked table's seats kept for their players (`taken`: a
    /// challenge's, a pairing's, a rematch's): its clock waits until each
    /// has come, for at most the grace period, after which it runs and a
    /// player who never came times out as an absent one does.
    pub(super) fn await_players(&mut self, kept: &[i64]) {
        if self.clock.is_none() || kept.is_empty() {
            return;
        }
        for seat in kept {
            let Ok(s) = usize::try_from(*seat) else {
                continue;
            };
            if let (Some(st), Some(SeatKind::Human | SeatKind::Invite)) =
                (self.seats.get_mut(s), self.plan.get(s))
            {
                st.awaited = true;
            }
        }
        let grace = i64::try_from(self.config.grace.as_millis()).unwrap_or(i64::MAX);
        self.awaited_until = Some(self.config.time.now_ms().saturating_add(grace));
    }

    /// Until when (time source ms) the clock still waits for a kept seat's
    /// player who has not come; `None` once all came or the wait is over.
    pub(super) fn awaiting(&self) -> Option<i64> {
        let until = self.awaited_until?;
        let waiting = self.seats.iter().any(|st| st.awaited && !st.left);
        (waiting && self.config.time.now_ms() < until).then_some(until)
    }

    /// The seat whose clock should run: a person's (not the computer's)
    /// turn in a hand being played, once the players kept seats for came.
    fn clock_seat(&self) -> Option<u8> {
        if !self.started() || self.finished || self.awaiting().is_some() {
            return None;
        }
        match (self.m.phase(), self.m.to_act()) {
            (Phase::Play | Phase::ChoosePoser, Some(s))
                if self.plan[usize::from(s)] != SeatKind::Bot
                    && !self.seats[usize::from(s)].left
                    && self.timed_out != Some(s) =>
            {
                Some(s)
            }
            _ => None,
        }
    }

    /// Bring the clock to the turn being played: run the clock of the
    /// person to move, stop it while the computer or nobody moves; store
    /// it when it changed.
    pub(super) async fn clock_turn(&mut self) {
        if self.clock.is_none() {
            return;
        }
        // The computer's forced move is made: the seat is its player's again.
        if self.timed_out.is_some() && self.timed_out != self.m.to_act() {
            self.timed_out = None;
        }
        let seat = self.clock_seat();
        let now = self.config.time.now_ms();
        let Some(clock) = &mut self.clock else {
            return;
        };
        let before = clock.clone();
        match seat {
            Some(s) => clock.start(s, now),
            None => clock.stop(now),
        }
        if *clock != before {
            self.save_clock().await;
        }
    }

    /// If the running seat's time is out: count the timeout and let the
    /// computer move for it (see [`Table::bot_plays`]); at the seat's
    /// third, its player has left the match.
    pub(super) async fn clock_expired(&mut self) {
        let now = self.config.time.now_ms();
        let Some(clock) = &mut self.clock else {
            return;
        };
        if clock.expired(now).is_none() {
            return;
        }
        let Some((seat, n)) = clock.time_out() else {
            return;
        };
        tracing::info!(table = %self.id, seat, timeouts = n, "out of time: the computer moves");
        self.timed_out = Some(seat);
        for sub in self.subs.values_mut() {
            if sub.seat == Some(seat) {
                sub.missed = true;
            }
        }
        if n >= TIMEOUTS_TO_LEAVE && !self.seats[usize::from(seat)].left {
            self.leave_for_timeouts(seat).await;
        }
        self.save_clock().await;
    }

    /// Whether `conn`'s seat timed out on a turn since the socket last
    /// acted; forgotten once asked. An act without `seq` names no turn:
    /// the first such act after a timeout may have been sent for the turn
    /// the computer played, however late it arrives, so it is refused
    /// (see [`Table::missed_refusal`]). An act with `seq` names the state
    /// it was chosen from, and the `stale` check is enough for it.
    pub(super) fn take_missed(&mut self, conn: ConnId) -> bool {
        self.subs
            .get_mut(&conn)
            .is_some_and(|sub| std::mem::take(&mut sub.missed))
    }

    /// The refusal of an act without `seq` after a missed turn: `stale`,
    /// and the socket is sent the state again to choose from
    /// (docs/botapi.md).
    pub(super) fn missed_refusal(&self, conn: ConnId) -> Refusal {
        if let Some(sub) = self.subs.get(&conn) {
            let _ = sub
                .out
                .tx
                .try_send(self.state_message(sub.seat, &[], false));
        }
        Refusal::new(
            Code::Stale,
            format!(
                "your time ran out on an earlier turn and the computer played it: an action sent without seq since then may have been meant for that turn, so this one was not played; choose again from the state at seq {} and send its seq",
                self.seq
            ),
        )
    }

    /// Whether the player of `seat` may take it back from the computer:
    /// three timeouts left it (not the player leaving), and the match is
    /// on and does not count for ratings (where leaving loses, a seat
    /// left is left for good).
    pub(super) fn may_take_back(&self, seat: usize) -> bool {
        !self.over()
            && !self.counts_for_ratings()
            && self.clock.as_ref().is_some_and(|c| {
                c.timeouts
                    .get(seat)
                    .is_some_and(|n| *n >= TIMEOUTS_TO_LEAVE)
            })
    }

    /// The player takes `seat` back (see [`Table::may_take_back`]): the
    /// computer stops playing it, and its timeouts count from none again.
    pub(super) async fn take_back(&mut self, seat: usize) -> Result<(), Refusal> {
        let back = self
            .store
            .tables()
            .return_to_seat(&self.id, &self.config.node, seat as i64)
            .await;
        if let Err(e) = back {
            return Err(self.not_written(e));
        }
        tracing::info!(table = %self.id, seat, "taken back after three timeouts");
        self.seats[seat].left = false;
        if let Some(n) = self.clock.as_mut().and_then(|c| c.timeouts.get_mut(seat)) {
            *n = 0;
        }
        self.save_clock().await;
        Ok(())
    }

    /// The seat's third timeout: as if its player had left (a bot plays
    /// on, their connections watch).
    async fn leave_for_timeouts(&mut self, seat: u8) {
        let hand = i64::from(self.m.hand_number());
        let left = self
            .store
            .tables()
            .leave_seat(&self.id, &self.config.node, i64::from(seat), hand)
            .await;
        if let Err(e) = left {
            self.log_not_written("leaving after three timeouts", e);
            return;
        }
        tracing::info!(table = %self.id, seat, "three timeouts: the seat is left to the computer");
        self.seats[usize::from(seat)].left = true;
        for sub in self.subs.values_mut() {
            if sub.seat == Some(seat) {
                sub.seat = None;
            }
        }
        self.seats[usize::from(seat)].conns = 0;
    }

    /// Store the clock and show it to the hub's clock sweep.
    async fn save_clock(&mut self) {
        let Some(clock) = &self.clock else {
            return;
        };
        if let Ok(mut info) = self.info.lock() {
            info.clock = Some(clock.clone());
        }
        if let Err(e) = self
            .store
            .clocks()
            .set_clock(&self.id, &self.config.node, clock)
            .await
        {
            self.log_not_written("storing the clock", e);
        }
    }

    /// When the running clock runs out, on the time source's count.
    pub(super) fn clock_deadline(&self) -> Option<i64> {
        self.clock.as_ref().and_then(domino_engine::Clock::deadline)
    }

    /// Whether the computer is to move now at a clocked table: it plays on
    /// at a parked table too, until a person is to move (whose clock then
    /// runs, and who is told it is their turn).
    pub(super) fn computer_to_move(&self) -> bool {
        self.clock.is_some()
            && self.started()
            && matches!(self.m.phase(), Phase::Play | Phase::ChoosePoser)
            && self.m.to_act().is_some_and(|s| self.bot_plays(s))
    }
}
