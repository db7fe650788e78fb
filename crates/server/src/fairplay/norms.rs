//! The norms a profile is judged against: the built-in levels' (made by
//! `domino fairplay norms` and shipped with the fair-play crate) until the
//! site's own rated people of a band are enough to stand for it; the
//! site's are pooled again at most every [`SITE_EVERY`].

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use domino_fairplay::{Band, Evidence, Norms, Source};

/// Worlds per decision in the analysis: the shipped norms were measured so.
pub const SAMPLES: usize = domino_fairplay::shipped::SAMPLES;

/// Profiles a band needs before the site's figures stand for it.
const MIN_SITE_PROFILES: u64 = 30;

/// How long the site's pooled norms of a game are kept.
const SITE_EVERY: Duration = Duration::from_secs(600);

/// The norms of each game, the site's pooled now and then.
#[derive(Debug)]
pub struct NormBook {
    profiles: domino_store::Profiles,
    site: Mutex<HashMap<String, (Instant, Norms)>>,
}

impl NormBook {
    pub fn new(profiles: domino_store::Profiles) -> NormBook {
        NormBook {
            profiles,
            site: Mutex::default(),
        }
    }

    /// The norms of `game`: `None` for a game no built-in norms were
    /// shipped for (its profiles are not judged on agreement).
    pub async fn of(
        &self,
        game: &str,
        rows: &domino_store::FairPlay,
    ) -> Result<Option<Norms>, sqlx::Error> {
        let Some(built_in) = domino_fairplay::shipped::built_in(game) else {
            return Ok(None);
        };
        let kept = self.site.lock().ok().and_then(|s| {
            s.get(game)
                .filter(|(at, _)| at.elapsed() < SITE_EVERY)
                .map(|(_, n)| n.clone())
        });
        let site = match kept {
            Some(n) => n,
            None => {
                let n = self.pool_site(game, rows).await?;
                if let Ok(mut s) = self.site.lock() {
                    s.insert(game.to_string(), (Instant::now(), n.clone()));
                }
                n
            }
        };
        Ok(Some(Norms::merged(&site, &built_in, MIN_SITE_PROFILES)))
    }

    /// The site's people's evidence in `game`, each profile in the band of
    /// its rating now.
    async fn pool_site(
        &self,
        game: &str,
        rows: &domino_store::FairPlay,
    ) -> Result<Norms, sqlx::Error> {
        let mut by_profile: Vec<(String, Evidence)> = Vec::new();
        for r in rows.game_evidence(game).await? {
            let Ok(e) = serde_json::from_str::<Evidence>(&r.evidence) else {
                continue;
            };
            match by_profile.last_mut() {
                Some((p, sum)) if *p == r.profile => *sum += e,
                _ => by_profile.push((r.profile, e)),
            }
        }
        let mut banded = Vec::with_capacity(by_profile.len());
        for (p, e) in by_profile {
            let rating = self.profiles.rating(&p, game).await?;
            let band = Band::of(rating.map_or(1500.0, |(r, _)| r.rating) as i32);
            banded.push((band, e));
        }
        Ok(Norms::from_profiles(Source::Site, banded))
    }
}
