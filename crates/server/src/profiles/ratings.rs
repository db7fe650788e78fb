//! A finished match rated, away from its table's task: the table announces
//! its end as a [`MatchEnd`] (who played each seat, the places, each seat's
//! statistics) to the [`crate::table::Rater`] it was given, and [`Ratings`],
//! the one the server gives it, stores each player's line of the profile
//! statistics and, in rated play, their new ratings (see
//! [`domino_league::ratings`]), then the table tells its players the changes.

use std::future::Future;
use std::pin::Pin;

use domino_league::ratings::{self, MatchEnd};
use domino_protocol::table::RatingChange;
use domino_store::profiles::MatchPlayer;
use skillratings::glicko2::Glicko2Rating;

/// How many times a match's ratings are read and written again when
/// another match changed one of them meanwhile.
const TRIES: usize = 8;

/// The service that rates finished matches (the store's ratings and
/// profile statistics).
#[derive(Clone, Debug)]
pub struct Ratings {
    profiles: domino_store::Profiles,
}

impl Ratings {
    pub fn new(profiles: domino_store::Profiles) -> Ratings {
        Ratings { profiles }
    }

    /// Store `end`'s lines and, when rated, its players' new ratings, once
    /// (a match already recorded is left as it is); each rated seat's
    /// change, or none when nothing moved or the store failed (logged).
    pub async fn apply(&self, end: &MatchEnd) -> Vec<RatingChange> {
        let ids = distinct(&end.players);
        for _ in 0..TRIES {
            let before = match self.before(end, &ids).await {
                Ok(b) => b,
                Err(e) => {
                    tracing::error!(table = %end.table, "reading ratings: {e}");
                    return Vec::new();
                }
            };
            let old: Vec<Glicko2Rating> = before.iter().map(|b| b.0).collect();
            let new = if end.rated {
                after(end, &ids, &old)
            } else {
                old.clone()
            };
            let lines = lines(end, &ids, &old, &new);
            let writes: Vec<(String, Glicko2Rating, Option<i64>)> = if end.rated {
                ids.iter()
                    .zip(&new)
                    .zip(&before)
                    .map(|((p, r), b)| (p.clone(), *r, b.1))
                    .collect()
            } else {
                Vec::new()
            };
            match self.profiles.record_match(&end.game, &writes, &lines).await {
                Ok(true) if end.rated => return changes(&lines),
                Ok(true) => return Vec::new(),
                // Already recorded (a restart), or a rating moved: read again.
                Ok(false) => {
                    let recorded = self.profiles.matches_of_table(&end.table).await;
                    if recorded.is_ok_and(|l| !l.is_empty()) {
                        return Vec::new();
                    }
                }
                Err(e) => {
                    tracing::error!(table = %end.table, "storing ratings: {e}");
                    return Vec::new();
                }
            }
        }
        tracing::warn!(table = %end.table, "ratings kept changing: this match was not rated");
        Vec::new()
    }

    /// Each player's rating before the match and its match count (`None`:
    /// no row yet; a bot level starts from its seed).
    async fn before(
        &self,
        end: &MatchEnd,
        ids: &[String],
    ) -> Result<Vec<(Glicko2Rating, Option<i64>)>, sqlx::Error> {
        let n = end.players.len() as u8;
        let mut before = Vec::with_capacity(ids.len());
        for p in ids {
            before.push(match self.profiles.rating(p, &end.game).await? {
                Some((r, count)) => (r, Some(count)),
                None => match p.strip_prefix("bot:") {
                    Some(level) => (ratings::bot_seed(&end.game, n, level), None),
                    None => (Glicko2Rating::new(), None),
                },
            });
        }
        Ok(before)
    }
}

impl crate::table::Rater for Ratings {
    fn rate(&self, end: MatchEnd) -> Pin<Box<dyn Future<Output = Vec<RatingChange>> + Send>> {
        let ratings = self.clone();
        Box::pin(async move { ratings.apply(&end).await })
    }
}

/// The players at the table, each once, in seat order.
fn distinct(players: &[Option<String>]) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for p in players.iter().flatten() {
        if !ids.contains(p) {
            ids.push(p.clone());
        }
    }
    ids
}

/// Each player's new rating. Each seat is one participant of the model,
/// on its side; a bot level at several seats (even on different sides)
/// moves by the mean of its seats' changes. A profile holds one seat a
/// table.
fn after(end: &MatchEnd, ids: &[String], old: &[Glicko2Rating]) -> Vec<Glicko2Rating> {
    let of = |p: &String| ids.iter().position(|x| x == p);
    let mut sides: Vec<Vec<usize>> = vec![Vec::new(); end.ranks.len()];
    for (s, side) in end.side_of.iter().enumerate() {
        if let Some(members) = sides.get_mut(*side) {
            members.push(s);
        }
    }
    let seats: Vec<Glicko2Rating> = end
        .players
        .iter()
        .map(|p| {
            p.as_ref()
                .and_then(of)
                .map_or_else(Glicko2Rating::new, |i| old[i])
        })
        .collect();
    let updated = ratings::update(&seats, &sides, &end.ranks);
    ids.iter()
        .map(|id| {
            let mine: Vec<&Glicko2Rating> = end
                .players
                .iter()
                .zip(&updated)
                .filter(|(p, _)| p.as_ref() == Some(id))
                .map(|(_, r)| r)
                .collect();
            ratings::mean(&mine)
        })
        .collect()
}

/// Each rated seat's line of the profile statistics.
fn lines(
    end: &MatchEnd,
    ids: &[String],
    old: &[Glicko2Rating],
    new: &[Glicko2Rating],
) -> Vec<MatchPlayer> {
    let rated = end.rated;
    end.players
        .iter()
        .enumerate()
        .filter_map(|(s, p)| {
            let p = p.as_ref()?;
            let i = ids.iter().position(|x| x == p)?;
            let st = end.stats.get(s)?;
            Some(MatchPlayer {
                table_id: end.table.clone(),
                seat: s as i64,
                player: p.clone(),
                game: end.game.clone(),
                at: end.at,
                won: end.winner.is_some() && end.winner == end.side_of.get(s).copied(),
                hands: end.hands,
                hands_won: st.hands_won,
                dominoes: st.dominoes,
                blocked_wins: st.blocked_wins,
                capicus: st.capicus,
                rating_before: rated.then_some(old[i].rating),
                rating: rated.then_some(new[i].rating),
                deviation: rated.then_some(new[i].deviation),
            })
        })
        .collect()
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
    use domino_league::ratings::SeatStats;
    use domino_store::Store;

    fn end(rated: bool) -> MatchEnd {
        MatchEnd {
            table: "t1".into(),
            game: "draw".into(),
            players: vec![Some("ann".into()), Some("bot:heuristic".into())],
            side_of: vec![0, 1],
            stats: vec![SeatStats::default(); 2],
            ranks: vec![1, 2],
            winner: Some(0),
            rated,
            hands: 3,
            at: 1_000,
        }
    }

    #[tokio::test]
    async fn a_rated_match_moves_its_players_once() {
        let store = Store::connect("sqlite::memory:").await.unwrap();
        let ratings = Ratings::new(store.profiles().clone());
        let changes = ratings.apply(&end(true)).await;
        assert_eq!(changes.len(), 2, "{changes:?}");
        let ann = &changes[0];
        assert_eq!((ann.seat, ann.player.as_str()), (0, "ann"));
        assert!(ann.after > ann.before, "the winner gains: {ann:?}");
        assert!(changes[1].after < changes[1].before, "{changes:?}");
        // Announced again (a restart): nothing moves twice.
        assert!(ratings.apply(&end(true)).await.is_empty());
        let lines = store.profiles().matches_of_table("t1").await.unwrap();
        assert_eq!(lines.len(), 2, "{lines:?}");
    }

    #[tokio::test]
    async fn a_casual_match_keeps_its_lines_and_moves_nobody() {
        let store = Store::connect("sqlite::memory:").await.unwrap();
        let ratings = Ratings::new(store.profiles().clone());
        assert!(ratings.apply(&end(false)).await.is_empty());
        let lines = store.profiles().matches_of_table("t1").await.unwrap();
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(store.profiles().rating("ann", "draw").await.unwrap(), None);
    }
}
