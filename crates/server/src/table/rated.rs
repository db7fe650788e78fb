//! A finished match's ratings as its table sees them: who played each seat
//! as a rated player (a profile, or the table's bot level), whether the
//! match counts, and its end announced to the profiles' ratings service
//! (a [`Rater`]: the server's is `crate::profiles::Ratings`), which stores
//! it away from the table's task; the changes go out in the `state` messages as `ratings`.

use std::future::Future;
use std::pin::Pin;

use domino_protocol::table::{Ended, RatingChange};

use super::people::SeatKind;
use super::{Cmd, Table};
use domino_league::ratings::{self, MatchEnd};

/// Where a table announces its finished match to be rated (the profiles'
/// ratings service, `crate::profiles::Ratings`, which the server wires
/// in): each rated seat's change, once stored.
pub trait Rater: Send + Sync + std::fmt::Debug {
    fn rate(&self, end: MatchEnd) -> Pin<Box<dyn Future<Output = Vec<RatingChange>> + Send>>;
}

pub use domino_protocol::levels::bot_player;

impl Table {
    /// Who each seat's rated player is: its profile, or the bot level for
    /// a bot seat or an open seat nobody claimed; `None` for a seat a
    /// player without a profile held.
    pub(super) fn rated_players(&self) -> Vec<Option<String>> {
        let level = |s: usize| self.bot_levels.get(s).unwrap_or(&self.bot_name);
        self.seats
            .iter()
            .zip(&self.plan)
            .enumerate()
            .map(|(s, (st, kind))| match (&st.profile, &st.name) {
                (Some(p), _) => Some(p.clone()),
                (None, None) => Some(bot_player(level(s))),
                (None, Some(_)) if *kind == SeatKind::Bot => Some(bot_player(level(s))),
                (None, Some(_)) => None,
            })
            .collect()
    }

    /// Whether the match counts for ratings as it stands: every seat a
    /// rated player (a profile or the bot level), one of them a profile,
    /// and the table not made casual (a casual seek or challenge is
    /// casual whoever sits at it, bot accounts included).
    pub(super) fn counts_for_ratings(&self) -> bool {
        let players = self.rated_players();
        players.iter().all(Option::is_some)
            && players.iter().flatten().any(|p| !p.starts_with("bot:"))
            && rated_play(self.made_by.rated(), &self.plan) != Some(false)
    }

    /// Read how the table was made into [`Table::made_by`]; `false`
    /// when the store could not say (logged).
    pub(super) async fn read_made_by(&mut self) -> bool {
        match self.store.seeks().made_by(&self.id).await {
            Ok(m) => {
                self.made_by = m;
                true
            }
            Err(e) => {
                tracing::error!(table = %self.id, "reading how the table was made: {e}");
                false
            }
        }
    }

    /// Whether players here may ask for hints: the table was made with
    /// them, a bot plays at it, and the match does not count for ratings.
    pub(super) fn hints_allowed(&self) -> bool {
        self.hints && self.plan.contains(&SeatKind::Bot) && !self.counts_for_ratings()
    }

    /// Announce the finished match to the ratings' service, which stores
    /// the lines of the profiles and bot levels at it and, when every seat
    /// is a rated player and one a profile, their new ratings, away from
    /// this task; its answer ([`Cmd::Rated`]) sets
    /// [`Table::rating_changes`]. Meanwhile the table holds its state
    /// messages back, so the players hear the end once, with the changes.
    pub(super) async fn rate(&mut self) {
        if !self.read_made_by().await {
            return;
        }
        let Some(end) = self.match_end() else {
            return;
        };
        self.rating_pending = true;
        // In a task of its own, so that even a rater that panics is
        // answered (with no changes) and the held state goes out.
        let rating = tokio::spawn(self.tables.rater().rate(end));
        let tx = self.tx.clone();
        tokio::spawn(async move {
            let changes = rating.await.unwrap_or_else(|e| {
                tracing::error!("rating a finished match failed: {e}");
                Vec::new()
            });
            // (A table gone meanwhile has nobody to tell.)
            let _ = tx.send(Cmd::Rated { changes }).await;
        });
    }

    /// The ratings' answer: the changes, and the state held back for them.
    pub(super) fn rated(&mut self, changes: Vec<RatingChange>) {
        self.rating_pending = false;
        self.rating_changes = changes;
        let held = std::mem::take(&mut self.held_events);
        self.broadcast(&held);
        self.tell_bots_match_over();
    }

    /// The finished match's places by side and its winning side, as the
    /// ratings count them and the players are told: in rated play a side
    /// whose player left (or timed out three times) loses, whatever the
    /// score; in any play a side that resigned loses, and an aborted match
    /// places nobody.
    pub(super) fn result(&self) -> (Vec<usize>, Option<usize>) {
        let winner = self.m.winner().and_then(|w| w.side());
        let ranks = ratings::ranks(self.m.scores(), winner, self.rules.low_score_wins());
        let rated = rated_play(self.made_by.rated(), &self.plan) == Some(true);
        let mut left: Vec<bool> = self.seats.iter().map(|s| s.left && rated).collect();
        match self.ended {
            // Nobody placed: all tied, no winner.
            Some(Ended::Aborted { .. }) => return (vec![1; ranks.len()], None),
            // Resigning is leaving with the match: in any play.
            Some(Ended::Resigned { seat }) => {
                if let Some(l) = left.get_mut(usize::from(seat)) {
                    *l = true;
                }
            }
            None => {}
        }
        leavers_lose(ranks, winner, &left, |s| self.rules.side_of(s))
    }

    /// The winning side the engine's score gave, when [`Table::result`]
    /// names another (a forfeit): the side that counts instead.
    pub(super) fn forfeit_winner(&self) -> Option<Option<usize>> {
        if !self.over() {
            return None;
        }
        let scored = self.m.winner().and_then(|w| w.side());
        let (_, winner) = self.result();
        (winner != scored).then_some(winner)
    }

    /// The winner as the players are told it when a forfeit made it
    /// another than the score's (`{"side"}`, or null for none).
    pub(super) fn forfeit_json(&self) -> Option<serde_json::Value> {
        self.forfeit_winner().map(|w| {
            w.map_or(
                serde_json::Value::Null,
                |side| serde_json::json!({ "side": side }),
            )
        })
    }

    /// The finished match's record as stored: the engine's, with the
    /// forfeit's winner beside it (`"forfeit": {"winner"}`) when there was
    /// one, which the history's summary reads (a `Record` reader passes
    /// over it).
    pub(super) fn kept_record(&self) -> KeptRecord {
        KeptRecord {
            record: self.m.record(),
            forfeit: self
                .forfeit_json()
                .map(|w| serde_json::json!({ "winner": w })),
            ended: self.ended,
        }
    }

    /// The finished match as the ratings' service takes it; `None` when no
    /// profile played (nothing to store).
    fn match_end(&self) -> Option<MatchEnd> {
        let players = self.rated_players();
        if players
            .iter()
            .all(|p| p.as_ref().is_none_or(|p| p.starts_with("bot:")))
        {
            return None;
        }
        let n = self.rules.players();
        let side_of = |s: u8| self.rules.side_of(s);
        let (ranks, winner) = self.result();
        Some(MatchEnd {
            table: self.id.clone(),
            game: self.rules.preset().name().to_string(),
            // (A profile is among the players, as checked above.)
            rated: self.counts_for_ratings(),
            players,
            side_of: (0..n).map(side_of).collect(),
            stats: ratings::seat_stats(&self.sheet, n, side_of),
            ranks,
            winner,
            hands: self.sheet.len() as i64,
            at: crate::clock::now_ms(),
        })
    }
}

/// A finished match's record as stored (see [`Table::kept_record`]).
#[derive(Debug, serde::Serialize)]
pub(super) struct KeptRecord {
    #[serde(flatten)]
    record: domino_engine::record::Record,
    #[serde(skip_serializing_if = "Option::is_none")]
    forfeit: Option<serde_json::Value>,
    /// Resigned or aborted (`{"how", "seat"}`); absent for a match played out.
    #[serde(skip_serializing_if = "Option::is_none")]
    ended: Option<Ended>,
}

/// Whether a match is rated play as the table was made: `Some(true)` by a
/// rated pairing or a tournament, `Some(false)` casual (a casual pairing,
/// or a table a player made for people: friends' tables are casual),
/// `None` against the computer alone (rated as before, by the levels).
fn rated_play(made_rated: Option<bool>, plan: &[SeatKind]) -> Option<bool> {
    made_rated.or_else(|| {
        let people = plan.iter().filter(|k| **k != SeatKind::Bot).count();
        (people >= 2).then_some(false)
    })
}

/// The places with each side a player left put last (tied), and the
/// winner the best side nobody left (or none).
fn leavers_lose(
    ranks: Vec<usize>,
    winner: Option<usize>,
    left: &[bool],
    side_of: impl Fn(u8) -> usize,
) -> (Vec<usize>, Option<usize>) {
    let quit: Vec<bool> = (0..ranks.len())
        .map(|side| {
            left.iter()
                .enumerate()
                .any(|(s, l)| *l && side_of(s as u8) == side)
        })
        .collect();
    if !quit.contains(&true) {
        return (ranks, winner);
    }
    // Those who stayed keep their order among themselves, ahead of all
    // who left (tied last).
    let stayed = quit.iter().filter(|q| !**q).count();
    let ranks: Vec<usize> = (0..ranks.len())
        .map(|s| {
            if quit[s] {
                stayed + 1
            } else {
                1 + (0..ranks.len())
                    .filter(|&o| !quit[o] && ranks[o] < ranks[s])
                    .count()
            }
        })
        .collect();
    let winner = winner
        .filter(|w| !quit.get(*w).copied().unwrap_or(false))
        .or_else(|| {
            (0..ranks.len())
                .filter(|s| !quit[*s])
                .min_by_key(|s| ranks[*s])
        });
    (ranks, winner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn friends_tables_are_casual_and_pairings_say_for_themselves() {
        let (me, bot, friend) = (SeatKind::Human, SeatKind::Bot, SeatKind::Invite);
        assert_eq!(
            rated_play(None, &[me, bot]),
            None,
            "against the computer: as before"
        );
        assert_eq!(rated_play(None, &[me, friend]), Some(false));
        assert_eq!(rated_play(Some(true), &[me, me]), Some(true));
        assert_eq!(rated_play(Some(false), &[me, bot]), Some(false));
    }

    #[test]
    fn a_side_whose_player_left_loses() {
        let solo = |s: u8| usize::from(s);
        // Seat 0 was ahead (place 1, the winner) but left.
        let (ranks, winner) = leavers_lose(vec![1, 2, 3], Some(0), &[true, false, false], solo);
        assert_eq!((ranks, winner), (vec![3, 1, 2], Some(1)));
        let partners = |s: u8| usize::from(s % 2);
        let (ranks, winner) =
            leavers_lose(vec![1, 2], Some(0), &[false, false, true, false], partners);
        assert_eq!((ranks, winner), (vec![2, 1], Some(1)));
        let kept = leavers_lose(vec![2, 1], Some(1), &[false; 2], solo);
        assert_eq!(kept, (vec![2, 1], Some(1)));
    }
}
