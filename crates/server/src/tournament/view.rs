//! A tournament as the page shows it: settings, entrants, rounds (tables,
//! byes, results, a duplicate round's deals) and standings, with a sealed
//! duplicate round's results withheld; and the standings as CSV.

use std::collections::HashSet;

use serde_json::Value;

use super::run::{self, Loaded};
use super::{fault, Tournaments};
use domino_league::tournament::{pairing, standings, Format};
use domino_protocol::refusal::Refusal;
use domino_protocol::tournament::{
    BoardView, Champion, Deals, EntrantView, RoundView, Standing, TournamentState,
    TournamentSummary, TournamentView,
};
use domino_store::tournaments::{Stage, TournamentRow};

impl Tournaments {
    /// A tournament as the page shows it, or `no_tournament`.
    pub async fn show(&self, id: &str) -> Result<TournamentView, Refusal> {
        let t = self.loaded(id).await?;
        self.shown(&t).await
    }

    /// A loaded tournament as the page shows it, its bot accounts read
    /// from the store.
    pub(super) async fn shown(&self, t: &Loaded) -> Result<TournamentView, Refusal> {
        let mut profiles = Vec::new();
        for e in &t.entrants {
            let members = run::members_of(e).map_err(fault)?;
            profiles.extend(members.into_iter().filter_map(|m| m.profile_id));
        }
        let ids: Vec<&str> = profiles.iter().map(String::as_str).collect();
        let bots = self.bots.bot_accounts(&ids).await.map_err(fault)?;
        view(t, &bots)
    }

    /// The standings as CSV, with the file's name.
    pub async fn csv(&self, id: &str) -> Result<(String, String), Refusal> {
        let t = self.loaded(id).await?;
        Ok((format!("tournament-{}.csv", t.row.id), standings_csv(&t)))
    }
}

/// A stored tournament's stage as the page reads it.
fn wire_state(s: Stage) -> TournamentState {
    match s {
        Stage::Open => TournamentState::Open,
        Stage::Playing => TournamentState::Playing,
        Stage::Finished => TournamentState::Finished,
    }
}

pub(super) fn summary(t: &TournamentRow) -> Result<TournamentSummary, Refusal> {
    Ok(TournamentSummary {
        format: t.format.clone(),
        game: Value::String(t.rules.preset.clone()),
        id: t.id.clone(),
        max_entrants: t.max_entrants,
        name: t.name.clone(),
        starts_at: t.starts_at,
        state: wire_state(t.state),
    })
}

/// A tournament as the page shows it; `bots` holds the bot accounts among
/// its entrants' members.
fn view(t: &Loaded, bots: &HashSet<String>) -> Result<TournamentView, Refusal> {
    let setup = t.setup();
    let played = t.published();
    let names: Vec<&str> = t.entrants.iter().map(|e| e.name.as_str()).collect();
    let name = |e: usize| names.get(e).copied().unwrap_or("?").to_string();
    let entrants = t
        .entrants
        .iter()
        .map(|e| {
            Ok(EntrantView {
                bot: e.bot,
                entrant: e.entrant,
                level: e
                    .bot
                    .then(|| run::bot_level(e).unwrap_or_else(|| t.row.bot.clone())),
                members: run::members_of(e)
                    .map_err(fault)?
                    .into_iter()
                    .map(|m| m.name)
                    .collect(),
                name: e.name.clone(),
            })
        })
        .collect::<Result<_, Refusal>>()?;
    let rounds = t
        .rounds
        .iter()
        .zip(&played)
        .map(|((row, r, tables), shown)| {
            let boards = r
                .plan
                .tables
                .iter()
                .enumerate()
                .map(|(i, seats)| BoardView {
                    entrants: seats.clone(),
                    finished: r.games.get(i).is_some_and(Option::is_some),
                    names: seats.iter().map(|&e| name(e)).collect(),
                    result: shown.games.get(i).cloned().flatten(),
                    table: tables.get(i).cloned(),
                })
                .collect();
            // Duplicate: the round's deals are committed while it plays
            // (the hash of its secret) and the secret revealed after.
            let deals = domino_league::fair::Secret::from_hex(&row.secret).map(|s| Deals {
                commit: domino_league::fair::commitment(&s.0),
                secret: r.finished().then(|| row.secret.clone()),
            });
            RoundView {
                byes: r.plan.byes.clone(),
                deals,
                round: row.round + 1,
                sealed: super::secrecy::sealed(t.row.duplicate, r),
                tables: boards,
            }
        })
        .collect();
    // A level entrant, or one whose members are all bot accounts (a bot
    // account enters alone).
    let is_bot: Vec<bool> = t
        .entrants
        .iter()
        .map(|e| {
            let members = run::members_of(e).unwrap_or_default();
            e.bot
                || (!members.is_empty()
                    && members
                        .iter()
                        .all(|m| m.profile_id.as_ref().is_some_and(|p| bots.contains(p))))
        })
        .collect();
    let standings: Vec<Standing> = if setup.entrants >= 1 {
        standings::standings(&setup, &played)
            .into_iter()
            .map(|line| Standing {
                bot: is_bot.get(line.entrant).copied().unwrap_or(false),
                name: name(line.entrant),
                line,
            })
            .collect()
    } else {
        Vec::new()
    };
    let champion = match t.format {
        Format::Elimination => pairing::champion(&setup, &played),
        _ if t.row.state == Stage::Finished => standings.first().map(|s| s.line.entrant),
        _ => None,
    };
    Ok(TournamentView {
        bot: t.row.bot.clone(),
        champion: champion.map(|entrant| Champion {
            entrant,
            name: name(entrant),
        }),
        duplicate: t.row.duplicate,
        entrants,
        format: t.row.format.clone(),
        id: t.row.id.clone(),
        max_entrants: t.row.max_entrants,
        name: t.row.name.clone(),
        per_table: setup.per_table,
        played: rounds,
        rounds: t.row.rounds,
        rules: serde_json::to_value(&t.row.rules).map_err(fault)?,
        secret: None,
        standings,
        starts_at: t.row.starts_at,
        state: wire_state(t.row.state),
        teams: t.row.teams,
        total_rounds: if setup.entrants >= setup.per_table {
            setup.rounds()
        } else {
            0
        },
    })
}

/// The standings as CSV, one row per entrant, best first.
pub fn standings_csv(t: &Loaded) -> String {
    let setup = t.setup();
    let mut out = String::from(
        "rank,entrant,played,won,drawn,lost,byes,points,buchholz,head_to_head,difference,duplicate,compared\r\n",
    );
    for l in standings::standings(&setup, &t.published()) {
        let name = t.entrants.get(l.entrant).map_or("?", |e| e.name.as_str());
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{}\r\n",
            l.rank,
            crate::web::page::csv_field(name),
            l.played,
            l.won,
            l.drawn,
            l.lost,
            l.byes,
            l.points,
            l.buchholz,
            l.head_to_head,
            l.difference,
            l.duplicate,
            l.compared
        ));
    }
    out
}
