//! Asking the pool for a game, joining a friend's team, where a seek
//! stands, taking it back, and who waits: each rule of who may ask what
//! is checked here once, whichever route asks.

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;
use std::net::IpAddr;

use domino_engine::{Rules, TimeControl};
use domino_league::pool::window;
use domino_protocol::pool::{CancelSeek, Join, Made, Seek, Status, Waiting};
use domino_protocol::refusal::{Code, Refusal};
use domino_store::bots::SeekSide;
use domino_store::seeks::{AddError, Member, SeekRow};

use super::game::{check_fill, game, game_key, layout, seek_clock};
use super::passes::admitted;
use super::{failed, unreadable, Pool};
use crate::table::{random_id, token_hash};
use crate::who::{Asking, Seeker};

/// A seek's ask as [`Pool::check`] passed it: the rules resolved and the
/// clock the table gets.
#[derive(Debug)]
pub struct Asked {
    ask: Seek,
    rules: Rules,
    clock: TimeControl,
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

/// An ask to join the team waiting under a code, as [`Pool::team`] found
/// it: the team's game, and who asks to join it.
#[derive(Debug)]
pub struct Joining {
    code: String,
    rated: bool,
    game: String,
    join: Join,
}

impl Asking for Joining {
    fn game(&self) -> &str {
        &self.game
    }

    fn guest(&self) -> Option<&str> {
        self.join.guest.as_deref()
    }

    fn name(&self) -> &str {
        &self.join.name
    }
}

fn no_team() -> Refusal {
    Refusal::new(
        Code::NoTeam,
        "no team is waiting for a partner with that code",
    )
}

impl Pool {
    /// `ask` checked against what the pool offers: a game that resolves,
    /// a clock and a computer's wait the pool allows, and partners for a
    /// team. Checked before who asks is read, so a bad ask is refused as
    /// such whoever sends it.
    pub fn check(&self, ask: Seek) -> Result<Asked, Refusal> {
        let rules = game(&ask.rules)?;
        let clock = seek_clock(ask.clock, ask.rated)?;
        check_fill(ask.fill_s, ask.rated)?;
        let partners = layout(&rules).sides.iter().any(|s| s.len() == 2);
        if ask.team && !partners {
            let name = rules.preset().name();
            return Err(Refusal::new(
                Code::BadTeam,
                format!("{name} with these rules has no partners: ask alone"),
            ));
        }
        Ok(Asked { ask, rules, clock })
    }

    /// A seek for a checked ask from `seeker` at `ip`: stored, and this
    /// node's rounds woken.
    pub async fn seek(&self, asked: Asked, seeker: Seeker, ip: IpAddr) -> Result<Made, Refusal> {
        let Asked { ask, rules, clock } = asked;
        let bot = self
            .admit(seeker.profile.as_deref(), ask.rated, ask.team)
            .await?;
        if !bot {
            self.free_to_seek(&seeker.player).await?;
        }
        let token = random_id(16);
        let id = random_id(16);
        let team = ask.team.then(|| random_id(8));
        let side = SeekSide {
            seek_id: id.clone(),
            bot,
            opponents: admitted(bot, ask.opponents, self.policy).as_str().into(),
            profile_id: seeker.profile.clone().filter(|_| bot),
            token: bot.then(|| token.clone()),
        };
        let game = game_key(&rules, ask.rated, &clock).map_err(failed("the pool's key"))?;
        let row = SeekRow {
            id: id.clone(),
            game,
            rules: rules.spec(),
            rated: ask.rated,
            rating: seeker.rating,
            fill_ms: ask.fill_s.map(|s| i64::from(s) * 1000),
            members: vec![Member {
                player: seeker.player,
                name: seeker.name,
                profile_id: seeker.profile,
                token_hash: token_hash(&token),
            }],
            size: if ask.team { 2 } else { 1 },
            team_code: team.clone(),
            created_at: self.time.now_ms(),
            table_id: None,
            seats: None,
            paired_at: None,
            address: Some(ip.to_string()),
            clock: Some(serde_json::to_string(&clock).map_err(unreadable)?),
        };
        // The seek and its side are written together, in the batch of seeks
        // that arrived meanwhile: a pool round reads both or neither.
        let stored = self
            .seeks
            .add_seek(&row, &side, self.limits.seeks_per_address)
            .await;
        added(stored)?;
        self.wake.notify_one();
        Ok(Made {
            seek: id,
            token,
            team,
        })
    }

    /// The team waiting for a partner under `code`, which `join` asks to
    /// join; `no_team` when none waits.
    pub async fn team(&self, code: &str, join: Join) -> Result<Joining, Refusal> {
        let forming = self
            .seeks
            .open_team(code)
            .await
            .map_err(failed("reading a team"))?
            .ok_or_else(no_team)?;
        Ok(Joining {
            code: code.to_string(),
            rated: forming.rated,
            game: game(&forming.rules)?.preset().name().to_string(),
            join,
        })
    }

    /// `seeker` joins the team `joining` found waiting. (It may have found
    /// its partner meanwhile: then `no_team`.)
    pub async fn join_team(&self, joining: Joining, seeker: Seeker) -> Result<Made, Refusal> {
        let code = joining.code.as_str();
        if joining.rated && seeker.profile.is_none() {
            return Err(Refusal::new(
                Code::SignedOut,
                "rated games are for profiles: make one to join this team",
            ));
        }
        // A bot account asks alone (and not at all when bots are not paired).
        self.admit(seeker.profile.as_deref(), joining.rated, true)
            .await?;
        self.free_to_seek(&seeker.player).await?;
        let token = random_id(16);
        let member = Member {
            player: seeker.player,
            name: seeker.name,
            profile_id: seeker.profile,
            token_hash: token_hash(&token),
        };
        let now = self.time.now_ms();
        let seek = match self
            .seeks
            .join_team(code, &member, seeker.rating, now)
            .await
        {
            Ok(Some(s)) => s,
            Ok(None) => return Err(no_team()),
            Err(e) => {
                added(Err(e))?;
                return Err(no_team());
            }
        };
        self.wake.notify_one();
        Ok(Made {
            seek: seek.id,
            token,
            team: None,
        })
    }

    /// Where seek `id` stands.
    pub async fn status(&self, id: &str) -> Result<Status, Refusal> {
        let s = self
            .seeks
            .seek(id)
            .await
            .map_err(failed("reading a seek"))?
            .ok_or_else(|| {
                Refusal::new(
                    Code::NoSeek,
                    "no such seek: it was cancelled, or played long ago",
                )
            })?;
        // Paired, but the table not open yet (being opened, or its node
        // stopped and another opens it): still waiting, as the player sees it.
        let open = match &s.table_id {
            // Stored, and not still being started here (its row is written
            // before its task takes players).
            Some(t) => {
                let stored = self
                    .table_rows
                    .exists(t)
                    .await
                    .map_err(failed("reading a table"))?;
                stored && self.tables.started(t)
            }
            None => false,
        };
        let state = match (&s.team_code, open) {
            (Some(_), _) => "forming",
            (None, true) => "paired",
            (None, false) => "waiting",
        };
        let waited_ms = (self.time.now_ms() - s.created_at).max(0);
        let clock = super::clock_of(&s).map_err(unreadable)?;
        let seats = if open {
            serde_json::from_str(s.seats.as_deref().unwrap_or("[]")).map_err(unreadable)?
        } else {
            Vec::new()
        };
        Ok(Status {
            seek: s.id,
            state,
            rules: s.rules,
            rated: s.rated,
            clock,
            waited_ms,
            window: window(waited_ms),
            names: s.members.iter().map(|m| m.name.clone()).collect(),
            team: s.team_code,
            table: s.table_id.filter(|_| open),
            seats,
        })
    }

    /// Take seek `id` back: only one of its members may (the seek's id is
    /// shown to others, in a team's status say), signed in as their
    /// profile (`signed_in`) or proving it with `by`.
    pub async fn cancel(
        &self,
        id: &str,
        signed_in: Option<String>,
        by: CancelSeek,
    ) -> Result<(), Refusal> {
        let no_seek = || Refusal::new(Code::NoSeek, "no such seek of yours");
        let read = failed("reading a seek");
        let s = self
            .seeks
            .seek(id)
            .await
            .map_err(&read)?
            .ok_or_else(no_seek)?;
        if !asked_by(signed_in, &by, &s) {
            return Err(no_seek());
        }
        if self.seeks.cancel_seek(id).await.map_err(&read)? {
            return Ok(());
        }
        match self.seeks.seek(id).await.map_err(&read)? {
            Some(_) => Err(Refusal::new(
                Code::Started,
                "this seek has its table already",
            )),
            None => Err(no_seek()),
        }
    }

    /// Who waits, by game: players (a team counts two; a team still
    /// forming is not in the pool yet).
    pub async fn waiting(&self) -> Result<Vec<Waiting>, Refusal> {
        let mut by: BTreeMap<String, Waiting> = BTreeMap::new();
        let open = self
            .seeks
            .open_seeks()
            .await
            .map_err(failed("reading the pool"))?;
        for s in open {
            let w = match by.entry(s.game.clone()) {
                Entry::Occupied(o) => o.into_mut(),
                Entry::Vacant(v) => v.insert(Waiting {
                    rules: s.rules.clone(),
                    rated: s.rated,
                    clock: super::clock_of(&s).map_err(unreadable)?,
                    players: 0,
                }),
            };
            w.players += s.members.len();
        }
        Ok(by.into_values().collect())
    }

    /// Whether a seeker (`profile`, if signed in) is a bot account, after
    /// refusing a rated game to a guest and a bot whatever the policy and
    /// its cap refuse. Every way into the pool asks this: a seek, and
    /// joining a team (`team`), which a bot may not.
    async fn admit(&self, profile: Option<&str>, rated: bool, team: bool) -> Result<bool, Refusal> {
        let bot = self.bot_seats.asker_is_bot(profile, rated).await?;
        let Some(p) = profile.filter(|_| bot) else {
            return Ok(bot);
        };
        if self.policy == super::Pairing::Off {
            return Err(Refusal::new(
                Code::BotPairingOff,
                "this server does not pair bot accounts: challenges only",
            ));
        }
        if team {
            return Err(Refusal::new(
                Code::BadTeam,
                "teams are for people: a bot account asks alone",
            ));
        }
        // It may hold seats at other tables, rated ones too: that is what
        // a bot does, up to its cap.
        self.bot_seats.under_cap(p).await?;
        Ok(true)
    }

    /// A player at an unfinished rated table plays it out first.
    async fn free_to_seek(&self, player: &str) -> Result<(), Refusal> {
        let playing = self
            .seeks
            .at_rated_table(player)
            .await
            .map_err(failed("reading a player's tables"))?;
        if playing {
            return Err(Refusal::new(
                Code::AtRatedTable,
                "you are playing a rated match: finish it (or leave it, which loses it) first",
            ));
        }
        Ok(())
    }
}

/// A seek stored, or why not.
fn added(r: Result<(), AddError>) -> Result<(), Refusal> {
    match r {
        Ok(()) => Ok(()),
        Err(AddError::TooManyFromAddress(n)) => Err(Refusal::new(
            Code::TooManySeeks,
            format!(
                "{n} players already wait for a game from this address: wait until some are paired"
            ),
        )),
        Err(AddError::AlreadySeeking) => Err(Refusal::new(
            Code::AlreadySeeking,
            "you are already waiting for a game: cancel that one first",
        )),
        Err(AddError::Store(e)) => Err(failed("storing a seek")(e)),
        Err(AddError::Failed(e)) => Err(failed("storing a seek")(e)),
    }
}

/// Whether the caller is one of `s`'s members: signed in as their profile
/// (cookie or bot token), or sending their guest id or seat token.
fn asked_by(signed_in: Option<String>, by: &CancelSeek, s: &SeekRow) -> bool {
    let token = by.token.as_deref().map(token_hash);
    s.members.iter().any(|m| {
        (signed_in.is_some() && m.profile_id == signed_in)
            || (m.profile_id.is_none()
                && by
                    .guest
                    .as_deref()
                    .is_some_and(|g| m.player == format!("g:{g}")))
            || token.as_ref() == Some(&m.token_hash)
    })
}
