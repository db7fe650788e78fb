//! Entering a tournament while it is open (a player, a partnership, or the
//! organiser's computer players), and the organiser's start: each checked
//! here once, whichever way the call came.

use std::net::IpAddr;

use domino_protocol::refusal::{Code, Refusal};
use domino_protocol::tournament::{AddBots, Entered, JoinTournament, TournamentView};
use domino_store::profiles::Profile;
use domino_store::tournaments::{EntrantRow, Stage};

use super::run::{self, Loaded, Member, StartError};
use super::{bad, fault, no_tournament, Tournaments};
use crate::quota::Made;
use crate::table::{random_id, token_hash};

/// Refuse joining a tournament that is not open, or full.
fn open_for_joining(t: &Loaded) -> Result<(), Refusal> {
    if t.row.state != Stage::Open {
        return Err(bad(
            Code::TournamentStarted,
            "the tournament has started: joining is closed",
        ));
    }
    if t.entrants.len() as i64 >= t.row.max_entrants {
        return Err(bad(Code::TournamentFull, "the tournament is full"));
    }
    Ok(())
}

fn changed() -> Refusal {
    bad(Code::Changed, "the tournament changed meanwhile: try again")
}

/// Whether `secret` is the organiser's.
fn organiser(t: &Loaded, secret: Option<&str>) -> Result<(), Refusal> {
    let given = secret.unwrap_or("");
    if given.is_empty() || token_hash(given) != t.row.secret_hash {
        return Err(bad(
            Code::NotOrganiser,
            "only the organiser can do that: the organiser's link carries the secret",
        ));
    }
    Ok(())
}

impl Tournaments {
    /// `j` (none: a body that was not sent) joins tournament `id` from `ip`; a signed-in `profile` plays
    /// under its own name. Answers the entrant and one token per player
    /// (the token holds the player's seat at each table).
    pub async fn join(
        &self,
        ip: IpAddr,
        id: &str,
        profile: Option<Profile>,
        j: Option<JoinTournament>,
    ) -> Result<Entered, Refusal> {
        let t = self.loaded(id).await?;
        let Some(j) = j else {
            return Err(bad(Code::BadRequest, "send {\"name\": ...} as JSON"));
        };
        open_for_joining(&t)?;
        let check = |n: &str| domino_league::name::display_name(n).map_err(Refusal::from);
        // The players: the team's two, or the one (a profile's own name).
        let players: Vec<String> = if t.row.teams {
            if j.members.len() != 2 {
                return Err(bad(
                    Code::BadNames,
                    "a partnership joins with its two players' names",
                ));
            }
            let mut m = j
                .members
                .iter()
                .map(|n| check(n))
                .collect::<Result<Vec<_>, _>>()?;
            if let Some(p) = &profile {
                m[0] = p.name.clone();
            }
            m
        } else {
            match &profile {
                Some(p) => vec![p.name.clone()],
                None => vec![check(&j.name)?],
            }
        };
        let entry_name = if t.row.teams {
            check(&j.name)?
        } else {
            players[0].clone()
        };
        not_entered(&t, profile.as_ref(), &players, &entry_name)?;
        self.quota.take(ip, Made::Entry)?;
        let tokens: Vec<String> = players.iter().map(|_| random_id(24)).collect();
        let members: Vec<Member> = players
            .iter()
            .zip(&tokens)
            .enumerate()
            .map(|(i, (n, tok))| Member {
                name: n.clone(),
                token_hash: token_hash(tok),
                profile_id: (i == 0)
                    .then(|| profile.as_ref().map(|p| p.id.clone()))
                    .flatten(),
            })
            .collect();
        let row = EntrantRow {
            entrant: t.entrants.len() as i64,
            name: entry_name,
            members: serde_json::to_string(&members).map_err(fault)?,
            bot: false,
        };
        if !self
            .tournaments
            .add_entrant(id, &row)
            .await
            .map_err(fault)?
        {
            // Another joined (or it started) meanwhile: nothing was added.
            self.quota.give_back(ip, Made::Entry);
            return Err(changed());
        }
        Ok(Entered {
            entrant: row.entrant,
            name: row.name,
            players,
            tokens,
        })
    }

    /// The organiser (holding `secret`) adds computer players of one
    /// level; one call counts once against `ip`'s entries, however many it
    /// adds (the tournament's room bounds those).
    pub async fn add_bots(
        &self,
        ip: IpAddr,
        id: &str,
        secret: Option<&str>,
        b: AddBots,
    ) -> Result<TournamentView, Refusal> {
        let t = self.loaded(id).await?;
        organiser(&t, secret)?;
        let level = b.level.unwrap_or_else(|| t.row.bot.clone());
        if level.contains(crate::table::LEVELS_SEP) {
            return Err(bad(Code::BadBot, format!("no bot level {level}")));
        }
        domino_bots::by_name(&level, domino_bots::BotConfig::default())
            .map_err(|e| bad(Code::BadBot, e))?;
        open_for_joining(&t)?;
        let room = t.row.max_entrants - t.entrants.len() as i64;
        if !(1..=room).contains(&b.count) {
            return Err(bad(
                Code::TournamentFull,
                format!("there is room for {room} more entrants"),
            ));
        }
        self.quota.take(ip, Made::Entry)?;
        let first = t.entrants.len() as i64;
        let bots_before = t.entrants.iter().filter(|e| e.bot).count() as i64;
        for i in 0..b.count {
            let number = bots_before + i + 1;
            let row = EntrantRow {
                entrant: first + i,
                // As the table names its computer players, in every language.
                name: format!("Bot {number}"),
                members: serde_json::to_string(&[&level]).map_err(fault)?,
                bot: true,
            };
            if !self
                .tournaments
                .add_entrant(id, &row)
                .await
                .map_err(fault)?
            {
                return Err(changed());
            }
        }
        self.show(id).await
    }

    /// The organiser (holding `secret`) starts the tournament.
    pub async fn start(&self, id: &str, secret: Option<&str>) -> Result<TournamentView, Refusal> {
        let t = self.loaded(id).await?;
        organiser(&t, secret)?;
        run::start(self, id).await.map_err(|e| match e {
            StartError::Started => bad(Code::TournamentStarted, "the tournament has started"),
            StartError::Setup(e) => bad(Code::TooFewEntrants, e),
            StartError::Missing => no_tournament(),
            StartError::Store(e) => fault(e),
        })?;
        self.show(id).await
    }
}

/// Refuse joining twice: the same profile, or the same name (an entrant's
/// or a player's, in any case), or a partnership of one name twice.
fn not_entered(
    t: &Loaded,
    profile: Option<&Profile>,
    players: &[String],
    entry_name: &str,
) -> Result<(), Refusal> {
    let mut taken = Vec::new();
    for e in &t.entrants {
        taken.push(e.name.to_lowercase());
        for m in run::members_of(e).map_err(fault)? {
            if profile.is_some_and(|p| m.profile_id.as_ref() == Some(&p.id)) {
                return Err(bad(
                    Code::AlreadyEntered,
                    "your profile is in this tournament already",
                ));
            }
            taken.push(m.name.to_lowercase());
        }
    }
    let twice = players.len() == 2 && players[0].to_lowercase() == players[1].to_lowercase();
    if twice
        || players
            .iter()
            .map(String::as_str)
            .chain([entry_name])
            .any(|n| taken.contains(&n.to_lowercase()))
    {
        return Err(bad(
            Code::AlreadyEntered,
            "someone of that name is in this tournament already",
        ));
    }
    Ok(())
}
