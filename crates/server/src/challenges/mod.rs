//! Challenges to bot accounts (docs/botapi.md), the feature's room: from
//! people (signed in or guests) and from other bots. The service
//! [`Challenges`] holds their rules and limits once (what may be asked,
//! whom, how many may wait, who may answer); `api.rs` is the HTTP
//! adapters.
//!
//! A challenge waits at most [`TTL`] for its bot, so it is kept in this
//! node's memory only (the bot's events socket is here too, in
//! `crate::botstate::Registry`); answered ones are kept [`KEEP`] more for
//! the challenger's last look.
//!
//! - `make.rs`: a challenge checked, then made within the limits.
//! - `answer.rs`: its state, accepting (its table opened), declining and
//!   taking it back.

mod answer;
pub mod api;
mod make;

use std::sync::Arc;
use std::time::Duration;

use domino_protocol::bots::{BotEvent, ChallengeShown, Challenger, ShownClock};
use domino_protocol::refusal::{Code, Refusal};
use tokio::time::Instant;

use crate::bot_seats::BotSeats;
use crate::botstate::{Challenge, Registry};
use crate::clock::TimeSource;
use crate::fault::failed;
use crate::tables::Tables;

pub use api::routes;

/// How long a challenge waits for an answer.
pub const TTL: Duration = Duration::from_secs(60);
/// How long an answered challenge can still be read.
const KEEP: Duration = Duration::from_secs(600);
/// Pending challenges one challenger may have.
pub const PER_CHALLENGER: usize = 3;
/// Pending challenges one bot may have waiting for it.
pub const PER_TARGET: usize = 20;
/// Pending challenges from one address, whoever makes them: fewer than a
/// bot's [`PER_TARGET`], so one address with many guest ids cannot fill
/// a bot's places.
pub const PER_ADDRESS: usize = 6;
/// The reasons a bot may give for declining.
const REASONS: [&str; 5] = ["generic", "later", "rules", "rated", "casual"];

/// The challenges' service: the store's profiles and bot accounts (the
/// bot's seats), the tables it opens, this node's bot registry (the
/// challenges and the events sockets), the bot accounts' seats with their
/// cap, and the clock.
#[derive(Clone, Debug)]
pub struct Challenges {
    profiles: domino_store::Profiles,
    accounts: domino_store::BotAccounts,
    tables: Tables,
    bots: Arc<Registry>,
    seats: BotSeats,
    time: TimeSource,
}

/// What the challenges are built from, named.
#[derive(Debug)]
pub struct Parts {
    pub profiles: domino_store::Profiles,
    pub accounts: domino_store::BotAccounts,
    pub tables: Tables,
    pub bots: Arc<Registry>,
    pub seats: BotSeats,
    pub time: TimeSource,
}

impl Challenges {
    pub fn new(p: Parts) -> Challenges {
        Challenges {
            profiles: p.profiles,
            accounts: p.accounts,
            tables: p.tables,
            bots: p.bots,
            seats: p.seats,
            time: p.time,
        }
    }

    /// Answer a pending challenge (`state` and why); its bot's events
    /// sockets are told. False when it was not pending.
    fn end(&self, id: &str, state: &'static str, reason: Option<String>) -> bool {
        let to = {
            let mut inner = self.bots.lock();
            let Some(c) = inner
                .challenges
                .get_mut(id)
                .filter(|c| c.state == "pending")
            else {
                return false;
            };
            c.state = state;
            c.reason = reason;
            c.at = Instant::now();
            c.to.clone()
        };
        self.bots.push(&to, &gone_event(id, state));
        true
    }

    fn find(&self, id: &str) -> Result<Challenge, Refusal> {
        self.bots
            .lock()
            .challenges
            .get(id)
            .cloned()
            .ok_or_else(no_challenge)
    }

    /// Take a pending challenge out of pending before its table is
    /// opened, so that a second accept meanwhile is refused rather than
    /// opening a second table.
    fn take(&self, id: &str) -> Result<(), Refusal> {
        let mut inner = self.bots.lock();
        match inner.challenges.get_mut(id) {
            Some(x) if x.state == "pending" => {
                x.state = "accepting";
                Ok(())
            }
            Some(x) => Err(not_pending(x)),
            None => Err(no_challenge()),
        }
    }

    /// Mark a challenge being accepted as accepted at its new table, or
    /// back to pending when the table could not be opened.
    fn settle(&self, id: &str, opened: Result<String, Refusal>) -> Result<String, Refusal> {
        let mut inner = self.bots.lock();
        let Some(x) = inner.challenges.get_mut(id) else {
            return Err(no_challenge());
        };
        x.at = Instant::now();
        match opened {
            Ok(t) => {
                x.state = "accepted";
                x.table = Some(t.clone());
                Ok(t)
            }
            Err(e) => {
                x.state = "pending";
                Err(e)
            }
        }
    }
}

impl Challenge {
    fn event(&self) -> BotEvent {
        BotEvent::Challenge {
            challenge: ChallengeShown {
                id: self.id.clone(),
                from: Challenger {
                    id: self.from_id.clone(),
                    name: self.from_name.clone(),
                    bot: self.from_bot,
                },
                rules: self.rules.clone(),
                rated: self.rated,
                clock: ShownClock::of(self.clock),
            },
        }
    }
}

fn gone_event(id: &str, reason: &str) -> BotEvent {
    BotEvent::ChallengeGone {
        id: id.to_string(),
        reason: reason.to_string(),
    }
}

/// The `challenge` events of the challenges waiting for `profile`, for
/// its events socket's first words.
pub fn pending_for(bots: &Registry, profile: &str) -> Vec<BotEvent> {
    let inner = bots.lock();
    let mut list: Vec<&Challenge> = inner
        .challenges
        .values()
        .filter(|c| c.to == profile && c.state == "pending")
        .collect();
    list.sort_by_key(|c| c.at);
    list.iter().map(|c| c.event()).collect()
}

/// The built-in level a profile id is (`bot:LEVEL`), if it is one.
pub fn builtin_level(id: &str) -> Option<&'static str> {
    let level = id.strip_prefix("bot:")?;
    domino_bots::BOT_NAMES.iter().copied().find(|l| *l == level)
}

fn no_challenge() -> Refusal {
    Refusal::new(Code::NoChallenge, "no such challenge")
}

fn not_pending(c: &Challenge) -> Refusal {
    Refusal::new(
        Code::NotPending,
        format!("this challenge is {} already", c.state),
    )
}
