//! A finished match's ratings: who played each seat as a rated player (a
//! profile, or the table's bot level), the new ratings (see
//! [`domino_league::ratings`]) and each seat's line of the profile stats, stored
//! once; the changes go out in the `state` messages as `ratings`.

use domino_protocol::table::RatingChange;
use skillratings::glicko2::Glicko2Rating;

use super::people::SeatKind;
use super::Table;
use domino_league::ratings;
use domino_store::profiles::MatchPlayer;

/// How many times a match's ratings are read and written again when
/// another match changed one of them meanwhile.
const TRIES: usize = 8;

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
            && rated_play(self.made_rated, &self.plan) != Some(false)
    }

    /// Read how the table was made into [`Table::made_rated`]; `false`
    /// when the store could not say (logged).
    pub(super) async fn read_made_rated(&mut self) -> bool {
        match self.store.made_rated(&self.id).await {
            Ok(m) => {
                self.made_rated = m;
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

    /// Store the finished match's lines for the profiles and bot levels at
    /// it and, when every seat is a rated player and at least one of them
    /// a profile, update their ratings. Sets [`Table::rating_changes`].
    pub(super) async fn rate(&mut self) {
        let players = self.rated_players();
        if !self.read_made_rated().await {
            return;
        }
        if players
            .iter()
            .all(|p| p.as_ref().is_none_or(|p| p.starts_with("bot:")))
        {
            return;
        }
        let game = self.rules.preset().name().to_string();
        let n = self.rules.players();
        let side_of = |s: u8| self.rules.side_of(s);
        let stats = ratings::seat_stats(&self.sheet, n, side_of);
        let winner = self.m.winner().and_then(|w| w.side());
        let ranks = ratings::ranks(self.m.scores(), winner, self.rules.low_score_wins());
        let left: Vec<bool> = self.seats.iter().map(|s| s.left).collect();
        let rated_play = rated_play(self.made_rated, &self.plan);
        // In rated play a side whose player left loses, whatever the score.
        let (ranks, winner) = if rated_play == Some(true) {
            leavers_lose(ranks, winner, &left, side_of)
        } else {
            (ranks, winner)
        };
        // Each seat is one participant of the model, on its side; a bot
        // level at several seats (even on different sides) moves by the
        // mean of its seats' changes. A profile holds one seat a table.
        let rated = players.iter().all(Option::is_some) && rated_play != Some(false);
        let mut ids: Vec<String> = Vec::new();
        for p in players.iter().flatten() {
            if !ids.contains(p) {
                ids.push(p.clone());
            }
        }
        let mut sides: Vec<Vec<usize>> = vec![Vec::new(); self.rules.sides()];
        for s in 0..n {
            sides[side_of(s)].push(s as usize);
        }
        let of = |p: &String| ids.iter().position(|x| x == p);
        let at = crate::clock::now_ms();
        for _ in 0..TRIES {
            let mut before: Vec<(Glicko2Rating, Option<i64>)> = Vec::new();
            for p in &ids {
                let read = match self.store.rating(p, &game).await {
                    Ok(r) => r,
                    Err(e) => {
                        tracing::error!(table = %self.id, "reading ratings: {e}");
                        return;
                    }
                };
                before.push(match read {
                    Some((r, n)) => (r, Some(n)),
                    None => match p.strip_prefix("bot:") {
                        Some(level) => (ratings::bot_seed(&game, n, level), None),
                        None => (Glicko2Rating::new(), None),
                    },
                });
            }
            let old: Vec<Glicko2Rating> = before.iter().map(|b| b.0).collect();
            let new = if rated {
                let seats: Vec<Glicko2Rating> = players
                    .iter()
                    .map(|p| {
                        p.as_ref()
                            .and_then(of)
                            .map_or_else(Glicko2Rating::new, |i| old[i])
                    })
                    .collect();
                let after = ratings::update(&seats, &sides, &ranks);
                ids.iter()
                    .map(|id| {
                        let mine: Vec<&Glicko2Rating> = players
                            .iter()
                            .zip(&after)
                            .filter(|(p, _)| p.as_ref() == Some(id))
                            .map(|(_, r)| r)
                            .collect();
                        ratings::mean(&mine)
                    })
                    .collect()
            } else {
                old.clone()
            };
            let lines: Vec<MatchPlayer> = players
                .iter()
                .enumerate()
                .filter_map(|(s, p)| {
                    let p = p.as_ref()?;
                    let i = of(p)?;
                    let st = &stats[s];
                    Some(MatchPlayer {
                        table_id: self.id.clone(),
                        seat: s as i64,
                        player: p.clone(),
                        game: game.clone(),
                        at,
                        won: winner == Some(side_of(s as u8)),
                        hands: self.sheet.len() as i64,
                        hands_won: st.hands_won,
                        dominoes: st.dominoes,
                        blocked_wins: st.blocked_wins,
                        capicus: st.capicus,
                        rating_before: rated.then_some(old[i].rating),
                        rating: rated.then_some(new[i].rating),
                        deviation: rated.then_some(new[i].deviation),
                    })
                })
                .collect();
            let writes: Vec<(String, Glicko2Rating, Option<i64>)> = if rated {
                ids.iter()
                    .zip(&new)
                    .zip(&before)
                    .map(|((p, r), b)| (p.clone(), *r, b.1))
                    .collect()
            } else {
                Vec::new()
            };
            match self.store.record_match(&game, &writes, &lines).await {
                Ok(true) => {
                    if rated {
                        self.rating_changes = changes(&lines);
                    }
                    return;
                }
                // Already recorded (a restart), or a rating moved: read again.
                Ok(false) => {
                    if self
                        .store
                        .matches_of_table(&self.id)
                        .await
                        .is_ok_and(|l| !l.is_empty())
                    {
                        return;
                    }
                }
                Err(e) => {
                    tracing::error!(table = %self.id, "storing ratings: {e}");
                    return;
                }
            }
        }
        tracing::warn!(table = %self.id, "ratings kept changing: this match was not rated");
    }
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

/// Each rated seat's change, for the state messages.
fn changes(lines: &[MatchPlayer]) -> Vec<RatingChange> {
    lines
        .iter()
        .filter_map(|l| {
            Some(RatingChange {
                after: l.rating?.round(),
                before: l.rating_before?.round(),
                deviation: l.deviation?.round(),
                player: l.player.clone(),
                seat: l.seat,
            })
        })
        .collect()
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
