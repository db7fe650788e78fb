//! Ending a match before its score does. A player resigns for their side:
//! the match ends now, that side places last and the others by their
//! scores, and rated play counts it as a loss. Or a player aborts a match
//! not yet under way (before its first move): no result, nothing rated,
//! the table closed as abandoned. Neither at a tournament's table, whose
//! round needs every match played out (leaving gives the seat to the
//! computer instead).
//!
//! Nothing is logged for either: the finished record, stored before
//! anyone hears of it, is what keeps the table closed.

use domino_engine::Phase;
use domino_protocol::table::Ended;
use domino_store::seeks::MadeBy;
use domino_store::TableWriteError;

use super::messages::{Code, Refusal};
use super::{ConnId, Table};
use crate::clock::now_ms;

impl Table {
    /// Whether the match is over: played out, resigned or aborted.
    pub(super) fn over(&self) -> bool {
        self.ended.is_some() || self.m.phase() == Phase::MatchOver
    }

    /// A tournament made the table: its match is played to its end.
    fn in_tournament(&self) -> bool {
        self.made_by == MadeBy::Tournament
    }

    /// Whether the match may still be aborted: nothing has been played in
    /// it (the first hand has no action yet), or it has not started.
    pub(super) fn may_abort(&self) -> bool {
        !self.over()
            && !self.finished
            && !self.in_tournament()
            && self.sheet.is_empty()
            && self.m.history().is_empty()
    }

    /// The player of `conn` resigns for their side.
    pub(super) async fn resign(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let seat = self.ending_seat(conn)?;
        if !self.started() {
            return Err(Refusal::new(
                Code::NotStarted,
                "the match has not started: abort it instead",
            ));
        }
        self.end(Ended::Resigned { seat }).await
    }

    /// The player of `conn` calls the match off.
    pub(super) async fn abort(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let seat = self.ending_seat(conn)?;
        if !self.may_abort() {
            return Err(Refusal::new(
                Code::NoAbort,
                "the match is under way: it can be resigned, no longer aborted",
            ));
        }
        self.end(Ended::Aborted { seat }).await
    }

    /// The seat of `conn`'s player, if that player may end the match.
    fn ending_seat(&self, conn: ConnId) -> Result<u8, Refusal> {
        let Some(seat) = self.seat_of(conn) else {
            return Err(Refusal::new(Code::NotSeated, "you do not hold a seat here"));
        };
        if self.over() || self.finished {
            return Err(Refusal::new(Code::MatchOver, "the match is over"));
        }
        if self.in_tournament() {
            return Err(Refusal::new(
                Code::InTournament,
                "a tournament's match is played to its end: leave to let the computer play your seat",
            ));
        }
        Ok(seat)
    }

    /// End the match `how`, stored before it is done (a failed write
    /// leaves the match as it was).
    async fn end(&mut self, how: Ended) -> Result<(), Refusal> {
        self.ended = Some(how);
        if let Err(e) = self.close().await {
            self.ended = None;
            return Err(self.not_written(e));
        }
        tracing::info!(table = %self.id, ?how, "match ended early");
        Ok(())
    }

    /// Store the over match's record once (an aborted one marked
    /// abandoned), then rate it (an aborted one is not) and tell the bot
    /// accounts at it. Its state waits for the ratings, so the last state
    /// carries the changes; the bots hear the end with them too (now, when
    /// nothing is to be rated).
    pub(super) async fn close(&mut self) -> Result<(), TableWriteError> {
        let aborted = matches!(self.ended, Some(Ended::Aborted { .. }));
        let tables = self.store.tables();
        let (id, node, at, record) = (&self.id, &self.config.node, now_ms(), self.kept_record());
        if aborted {
            tables.abandon(id, node, at, &record).await?;
        } else {
            tables.finish(id, node, at, &record).await?;
        }
        self.mark_finished().await;
        if !aborted {
            self.rate().await;
        }
        if !self.rating_pending {
            self.tell_bots_match_over();
        }
        Ok(())
    }
}
