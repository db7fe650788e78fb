//! A profile as anyone may see it (its ratings with their history, recent
//! matches, totals) and the leaderboards.

use domino_protocol::profile::{
    GameRating, Leader, Leaderboard, ProfileStats, PublicProfile, RatingPoint, RecentMatch,
};
use domino_protocol::refusal::{Code, Refusal};
use domino_store::profiles::{MatchPlayer, RatingRow};

use super::Profiles;
use crate::fault::failed;

/// How many recent matches a profile's totals and rating charts count.
const RECENT: i64 = 200;
/// How many of those are listed.
const LISTED: usize = 20;
/// How many players a leaderboard lists.
const LEADERS: i64 = 100;

/// Who a leaderboard ranks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Ranked {
    People,
    /// Bot accounts and the built-in levels.
    Bots,
}

impl Ranked {
    /// `people` (the default) or `bots`.
    fn named(kind: Option<&str>) -> Result<Ranked, Refusal> {
        match kind {
            None | Some("people") => Ok(Ranked::People),
            Some("bots") => Ok(Ranked::Bots),
            Some(other) => Err(Refusal::new(
                Code::BadRequest,
                format!("`kind` is people or bots, not {other}"),
            )),
        }
    }
}

impl Profiles {
    /// Profile `id` as anyone may see it.
    pub async fn public(&self, id: &str) -> Result<PublicProfile, Refusal> {
        let read = failed("reading a profile");
        let Some(p) = self.profiles.profile(id).await.map_err(&read)? else {
            return Err(Refusal::new(Code::NoProfile, "no such profile"));
        };
        let ratings = self.profiles.ratings_of(&p.id).await.map_err(&read)?;
        let lines = self
            .profiles
            .matches_of(&p.id, RECENT)
            .await
            .map_err(&read)?;
        Ok(PublicProfile {
            profile: self.card(&p).await?,
            ratings: ratings.iter().map(|r| rating(r, &lines)).collect(),
            recent: lines.iter().take(LISTED).map(recent).collect(),
            stats: stats(&lines),
        })
    }

    /// The leaderboard of `game`: players of `kind` (people, the default,
    /// or bots) with at least `min` rated matches (the node's default when
    /// `None`), best first.
    pub async fn leaderboard(
        &self,
        game: String,
        min: Option<i64>,
        kind: Option<&str>,
    ) -> Result<Leaderboard, Refusal> {
        if domino_engine::Preset::from_name(&game).is_none() {
            let why = domino_engine::Preset::named(&game)
                .err()
                .unwrap_or_default();
            return Err(Refusal::new(Code::BadGame, why));
        }
        let ranked = Ranked::named(kind)?;
        let min = min.unwrap_or(i64::from(self.leaderboard_min)).max(0);
        let players = self
            .bots
            .board(&game, min, LEADERS, ranked == Ranked::Bots)
            .await
            .map_err(failed("reading a leaderboard"))?
            .iter()
            .map(|(r, bot)| Leader {
                bot: *bot,
                level: r.player.strip_prefix("bot:").map(String::from),
                deviation: r.rating.deviation.round(),
                matches: r.matches,
                name: r.name.clone(),
                player: r.player.clone(),
                rating: r.rating.rating.round(),
            })
            .collect();
        Ok(Leaderboard { game, min, players })
    }
}

/// A game's rating, with its history over the recent matches, oldest
/// first (for the chart).
fn rating(r: &RatingRow, lines: &[MatchPlayer]) -> GameRating {
    let history = lines
        .iter()
        .rev()
        .filter(|l| l.game == r.game)
        .filter_map(|l| {
            Some(RatingPoint {
                at: l.at,
                rating: l.rating?.round(),
                table: l.table_id.clone(),
            })
        })
        .collect();
    GameRating {
        deviation: r.rating.deviation.round(),
        game: r.game.clone(),
        history,
        matches: r.matches,
        rating: r.rating.rating.round(),
    }
}

fn recent(l: &MatchPlayer) -> RecentMatch {
    RecentMatch {
        after: l.rating.map(f64::round),
        at: l.at,
        before: l.rating_before.map(f64::round),
        game: l.game.clone(),
        hands: l.hands,
        hands_won: l.hands_won,
        table: l.table_id.clone(),
        won: l.won,
    }
}

fn stats(lines: &[MatchPlayer]) -> ProfileStats {
    let sum = |f: fn(&MatchPlayer) -> i64| -> i64 { lines.iter().map(f).sum() };
    ProfileStats {
        blocked_wins: sum(|l| l.blocked_wins),
        capicus: sum(|l| l.capicus),
        dominoes: sum(|l| l.dominoes),
        hands: sum(|l| l.hands),
        hands_won: sum(|l| l.hands_won),
        matches: lines.len(),
        matches_won: lines.iter().filter(|l| l.won).count(),
    }
}
