//! A challenge made: what it asks checked first (the game, the fill, the
//! clock, a bot account to challenge that can answer), then who asks, then
//! the limits on waiting challenges (per challenger, per address, per bot).

use std::net::IpAddr;

use domino_engine::{Rules, TimeControl};
use domino_protocol::bots::challenge_clock;
use domino_protocol::challenges::{Made, NewChallenge};
use domino_protocol::refusal::{Code, Refusal};
use domino_store::profiles::Profile;
use tokio::time::Instant;

use super::{builtin_level, failed, Challenges, PER_ADDRESS, PER_CHALLENGER, PER_TARGET, TTL};
use crate::botstate::Challenge;
use crate::table::random_id;
use crate::who::{Asking, Seeker};

/// A challenge's ask as [`Challenges::check`] passed it: the rules
/// resolved, and the bot account challenged.
#[derive(Debug)]
pub struct Asked {
    ask: NewChallenge,
    rules: Rules,
    fill: String,
    clock: TimeControl,
    target: Profile,
}

impl Asking for Asked {
    fn game(&self) -> &str {
        self.rules.preset().name()
    }

    fn guest(&self) -> Option<&str> {
        self.ask.guest.as_deref()
    }

    fn name(&self) -> &str {
        &self.ask.name
    }
}

impl Challenges {
    /// `ask` checked: a game that resolves, a built-in fill level, a clock
    /// that is one, and a bot account to challenge that is online (or a
    /// built-in level, which always is). Checked before who asks is read.
    pub async fn check(&self, ask: NewChallenge) -> Result<Asked, Refusal> {
        let rules = ask
            .rules
            .resolve()
            .map_err(|e| Refusal::new(Code::BadRules, format!("no such game: {e}")))?;
        let fill = ask.fill.clone().unwrap_or_else(|| "expert".into());
        if !domino_bots::BOT_NAMES.contains(&fill.as_str()) {
            return Err(Refusal::new(
                Code::BadBot,
                format!("no built-in level is called {fill}"),
            ));
        }
        let clock = match &ask.clock {
            Some(c) => challenge_clock(c).map_err(|e| Refusal::new(Code::BadClock, e))?,
            None if ask.rated => crate::pool::RATED_CLOCK,
            None => TimeControl::None,
        };
        clock
            .check()
            .map_err(|e| Refusal::new(Code::BadClock, e.to_string()))?;
        let read = failed("reading a challenged profile");
        let Some(target) = self.profiles.profile(&ask.to).await.map_err(&read)? else {
            return Err(Refusal::new(Code::NoSuchProfile, "no such profile"));
        };
        if !self.accounts.is_bot(&target.id).await.map_err(&read)? {
            return Err(Refusal::new(
                Code::NotABot,
                format!(
                    "{} is a person: invite them to a table instead",
                    target.name
                ),
            ));
        }
        if builtin_level(&target.id).is_none() && !self.bots.is_online(&target.id) {
            return Err(Refusal::new(
                Code::BotOffline,
                format!("{} is not online now", target.name),
            ));
        }
        Ok(Asked {
            ask,
            rules,
            fill,
            clock,
            target,
        })
    }

    /// Make a checked challenge from `seeker` at `ip`: a built-in level
    /// answers at once (its table opened); a bot account is told, and the
    /// challenge expires after [`TTL`] unanswered.
    pub async fn create(&self, asked: Asked, seeker: Seeker, ip: IpAddr) -> Result<Made, Refusal> {
        let Asked {
            ask,
            rules,
            fill,
            clock,
            target,
        } = asked;
        let Seeker {
            player,
            name,
            profile,
            ..
        } = seeker;
        if profile.as_deref() == Some(target.id.as_str()) {
            return Err(Refusal::new(
                Code::BadRequest,
                "a bot cannot challenge itself",
            ));
        }
        let from_bot = self
            .seats
            .asker_is_bot(profile.as_deref(), ask.rated)
            .await?;
        let builtin = builtin_level(&target.id);
        let token = random_id(16);
        let c = Challenge {
            id: random_id(12),
            from_id: profile.clone().unwrap_or_else(|| player.clone()),
            player,
            from_name: name,
            from_profile: profile,
            from_bot,
            to: target.id.clone(),
            rules: rules.spec(),
            rated: ask.rated,
            clock,
            fill,
            token: token.clone(),
            address: ip,
            state: "pending",
            table: None,
            reason: None,
            at: Instant::now(),
        };
        self.within_limits(&c, &target, builtin.is_some())?;
        if let Some(level) = builtin {
            // A built-in level answers at once: its own bot takes the seat.
            self.take(&c.id)?;
            if let Err(e) = self.answer(&c, Some(level)).await {
                // Nobody else would answer it: not left waiting.
                self.end(&c.id, "cancelled", None);
                return Err(e);
            }
            return Ok(Made { id: c.id, token });
        }
        self.bots.push(&c.to, &c.event());
        let (me, id) = (self.clone(), c.id.clone());
        tokio::spawn(async move {
            tokio::time::sleep(TTL).await;
            me.end(&id, "expired", None);
        });
        Ok(Made { id: c.id, token })
    }

    /// Keep `c` among the waiting challenges, within the limits: per
    /// challenger (a level's count for a minute, since they are answered
    /// at once), per address, and per bot.
    fn within_limits(
        &self,
        c: &Challenge,
        target: &Profile,
        to_level: bool,
    ) -> Result<(), Refusal> {
        let mut inner = self.bots.lock();
        inner
            .challenges
            .retain(|_, c| c.state == "pending" || c.at.elapsed() < super::KEEP);
        let pending = |f: &dyn Fn(&Challenge) -> bool| {
            inner
                .challenges
                .values()
                .filter(|x| x.state == "pending" && f(x))
                .count()
        };
        // A level's challenges are answered at once, so they count for a
        // minute after they were made instead: no flood of tables.
        let to_levels = inner
            .challenges
            .values()
            .filter(|x| {
                x.player == c.player && builtin_level(&x.to).is_some() && x.at.elapsed() < TTL
            })
            .count();
        if pending(&|x| x.player == c.player) >= PER_CHALLENGER
            || (to_level && to_levels >= PER_CHALLENGER)
        {
            return Err(Refusal::new(
                Code::TooManyChallenges,
                format!("you have {PER_CHALLENGER} challenges waiting: wait for an answer or cancel one"),
            ));
        }
        if pending(&|x| x.address == c.address) >= PER_ADDRESS {
            return Err(Refusal::new(
                Code::TooManyChallenges,
                format!("{PER_ADDRESS} challenges from your address are waiting: wait for an answer or cancel one"),
            ));
        }
        if pending(&|x| x.to == c.to) >= PER_TARGET {
            return Err(Refusal::new(
                Code::TooManyChallenges,
                format!(
                    "{} has {PER_TARGET} challenges waiting: try again later",
                    target.name
                ),
            ));
        }
        inner.challenges.insert(c.id.clone(), c.clone());
        Ok(())
    }
}
