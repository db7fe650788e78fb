//! The tournaments over HTTP.
//!
//! - `POST /api/tournaments` `{name, rules, format, rounds?, teams?,
//!   starts_at?, max_entrants?, bot?}` creates one and answers it with the
//!   organiser's `secret` (shown once; only its hash is stored).
//! - `GET /api/tournaments`: those open for joining, being played, and
//!   the last finished.
//! - `GET /api/tournaments/{id}`: settings, entrants, rounds (tables, byes,
//!   results) and standings.
//! - `POST /api/tournaments/{id}/join` `{name, members?}`: an entrant (a
//!   signed-in profile plays under its name); a partnership gives its team
//!   name and its two players' names. Answers the entrant's number and one
//!   token per player: the token holds the player's seat at each table.
//! - `POST /api/tournaments/{id}/bots` `{count, level?}` (computer
//!   players of one level, the tournament's when none is given) and
//!   `POST /api/tournaments/{id}/start`, with the organiser's secret in the
//!   `X-Tournament-Secret` header.
//! - `GET /api/tournaments/{id}/csv`: the standings as CSV.

use std::collections::HashSet;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

use serde::Deserialize;
use serde_json::Value;

use domino_engine::RulesSpec;

use super::run::{self, Loaded, Member, StartError};
use crate::answer::{HttpRefusal, Json};
use crate::client::ClientIp;
use crate::clock::now_ms;
use crate::hub::Hub;
use crate::limits::Refused;
use crate::quota::Made;
use crate::routes::Routes;
use crate::table::{random_id, token_hash};
use domino_league::tournament::{pairing, standings, Format, Setup, SetupError, MAX_SWISS_ROUNDS};
use domino_protocol::refusal::Code;
use domino_protocol::tournament::{
    BoardView, Champion, Deals, Entered, EntrantView, RoundView, Standing, TableTournament,
    TournamentList, TournamentState, TournamentSummary, TournamentView,
};
use domino_store::tournaments::{EntrantRow, Stage, TournamentRow};

/// The header carrying the organiser's secret.
pub const SECRET_HEADER: &str = "x-tournament-secret";

/// The most entrants a tournament takes.
pub const MAX_ENTRANTS: i64 = 64;

pub fn routes(hub: Hub) -> Routes {
    Routes::new()
        .post("/api/tournaments", create)
        .get("/api/tournaments", list)
        .get("/api/tournaments/{id}", show)
        .post("/api/tournaments/{id}/join", join)
        .post("/api/tournaments/{id}/bots", bots)
        .post("/api/tournaments/{id}/start", start)
        .get("/api/tournaments/{id}/csv", csv)
        .get("/api/tables/{id}/tournament", of_table)
        .with_state(hub)
}

fn refuse(status: StatusCode, code: Code, message: impl std::fmt::Display) -> HttpRefusal {
    HttpRefusal::new(status, code, message)
}

fn bad(code: Code, message: impl std::fmt::Display) -> HttpRefusal {
    refuse(StatusCode::BAD_REQUEST, code, message)
}

/// A tournament created or joined: 201 with the answer.
type Created<T> = (StatusCode, Json<T>);

#[derive(Deserialize)]
struct NewTournament {
    #[serde(default)]
    name: String,
    rules: RulesSpec,
    format: String,
    #[serde(default)]
    rounds: i64,
    #[serde(default)]
    teams: bool,
    #[serde(default)]
    starts_at: Option<i64>,
    #[serde(default)]
    max_entrants: Option<i64>,
    #[serde(default)]
    bot: Option<String>,
    #[serde(default)]
    duplicate: bool,
}

async fn create(
    State(hub): State<Hub>,
    ClientIp(ip): ClientIp,
    body: Option<Json<NewTournament>>,
) -> Result<Created<TournamentView>, HttpRefusal> {
    let Some(Json(new)) = body else {
        return Err(bad(
            Code::BadRequest,
            "send {\"rules\": {\"preset\": ...}, \"format\": ...} as JSON",
        ));
    };
    let rules = new.rules.resolve().map_err(|e| bad(Code::BadRules, e))?;
    let Some(format) = Format::parse(&new.format) else {
        return Err(bad(
            Code::BadFormat,
            "the format is round_robin, swiss or elimination",
        ));
    };
    let name = domino_league::name::display_name(&new.name).map_err(HttpRefusal::from)?;
    // Partnership games take partnerships; the others, players.
    let partners = usize::from(rules.players()) > rules.sides();
    if new.teams != partners {
        return Err(bad(
            Code::BadFormat,
            if partners {
                "this game is played in partnerships: entrants are teams of two"
            } else {
                "this game is played each for himself: entrants are single players"
            },
        ));
    }
    let max = new.max_entrants.unwrap_or(16);
    if !(2..=MAX_ENTRANTS).contains(&max) {
        return Err(bad(
            Code::BadRequest,
            format!("a tournament takes 2 to {MAX_ENTRANTS} entrants"),
        ));
    }
    let setup = Setup {
        entrants: max as usize,
        per_table: rules.sides(),
        format,
        swiss_rounds: usize::try_from(new.rounds).unwrap_or(0),
        low_wins: rules.low_score_wins(),
        seed: 0,
        duplicate: new.duplicate,
    };
    setup.check().map_err(|e| match e {
        SetupError::BadRounds(_) => bad(
            Code::BadRounds,
            format!("a Swiss tournament plays 1 to {MAX_SWISS_ROUNDS} rounds"),
        ),
        e @ SetupError::EliminationTable(_) => bad(Code::BadFormat, e),
        e => bad(Code::TooFewEntrants, e),
    })?;
    let bot = new.bot.unwrap_or_else(|| "heuristic".into());
    domino_bots::by_name(&bot, domino_bots::BotConfig::default())
        .map_err(|e| bad(Code::BadBot, e))?;
    hub.take_quota(ip, Made::Tournament)?;
    let secret = random_id(24);
    let row = TournamentRow {
        id: random_id(8),
        secret_hash: token_hash(&secret),
        created_at: now_ms(),
        name,
        rules: serde_json::to_string(&rules.spec()).map_err(HttpRefusal::internal)?,
        format: format.name().into(),
        rounds: if format == Format::Swiss {
            new.rounds
        } else {
            0
        },
        teams: new.teams,
        starts_at: new.starts_at,
        max_entrants: max,
        bot,
        seed: rand::random::<i64>(),
        state: Stage::Open,
        field: 0,
        duplicate: new.duplicate,
    };
    // The organiser is the address it comes from: there is no account
    // behind a tournament, and the cap is what keeps one address from
    // filling the lobby's list of open tournaments.
    let cap = hub.config.limits.open_tournaments_per_organiser;
    if !hub
        .store
        .create_tournament(&row, &ip.to_string(), cap as i64)
        .await?
    {
        hub.give_back_quota(ip, Made::Tournament);
        hub.stats.refuse(
            Refused::OpenTournaments,
            ip,
            "open tournaments per organiser",
        );
        return Err(refuse(
            StatusCode::TOO_MANY_REQUESTS,
            Code::TooManyTournaments,
            format!(
                "one organiser may have {cap} tournaments waiting to start: start one first, or wait until one nobody entered expires"
            ),
        ));
    }
    let t = run::load(&hub, &row.id)
        .await
        .map_err(HttpRefusal::internal)?
        .ok_or_else(|| HttpRefusal::internal("the new tournament was not found"))?;
    let mut v = shown(&hub, &t).await?;
    v.secret = Some(secret);
    Ok((StatusCode::CREATED, Json(v)))
}

async fn list(State(hub): State<Hub>) -> Result<Json<TournamentList>, HttpRefusal> {
    let mut tournaments = Vec::new();
    for (state, n) in [
        (Stage::Open, 50),
        (Stage::Playing, 50),
        (Stage::Finished, 20),
    ] {
        for row in &hub.store.tournaments_in(state, n).await? {
            tournaments.push(summary(row)?);
        }
    }
    Ok(Json(TournamentList { tournaments }))
}

/// A stored tournament's stage as the page reads it.
fn wire_state(s: Stage) -> TournamentState {
    match s {
        Stage::Open => TournamentState::Open,
        Stage::Playing => TournamentState::Playing,
        Stage::Finished => TournamentState::Finished,
    }
}

fn summary(t: &TournamentRow) -> Result<TournamentSummary, HttpRefusal> {
    let rules = serde_json::from_str::<Value>(&t.rules)?;
    Ok(TournamentSummary {
        format: t.format.clone(),
        game: rules.get("preset").cloned().unwrap_or(Value::Null),
        id: t.id.clone(),
        max_entrants: t.max_entrants,
        name: t.name.clone(),
        starts_at: t.starts_at,
        state: wire_state(t.state),
    })
}

/// A tournament as the page shows it, its bot accounts read from the
/// store.
async fn shown(hub: &Hub, t: &Loaded) -> Result<TournamentView, HttpRefusal> {
    let mut profiles = Vec::new();
    for e in &t.entrants {
        profiles.extend(run::members_of(e)?.into_iter().filter_map(|m| m.profile_id));
    }
    let ids: Vec<&str> = profiles.iter().map(String::as_str).collect();
    let bots = hub.store.bot_accounts(&ids).await?;
    view(t, &bots)
}

/// A tournament as the page shows it; `bots` holds the bot accounts among
/// its entrants' members.
fn view(t: &Loaded, bots: &HashSet<String>) -> Result<TournamentView, HttpRefusal> {
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
                members: run::members_of(e)?.into_iter().map(|m| m.name).collect(),
                name: e.name.clone(),
            })
        })
        .collect::<Result<_, HttpRefusal>>()?;
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
        rules: serde_json::from_str::<Value>(&t.row.rules)?,
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

fn no_tournament() -> HttpRefusal {
    refuse(
        StatusCode::NOT_FOUND,
        Code::NoTournament,
        "no tournament with that id",
    )
}

async fn loaded(hub: &Hub, id: &str) -> Result<Loaded, HttpRefusal> {
    run::load(hub, id)
        .await
        .map_err(HttpRefusal::internal)?
        .ok_or_else(no_tournament)
}

async fn show(
    State(hub): State<Hub>,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, HttpRefusal> {
    Ok(Json(shown(&hub, &loaded(&hub, &id).await?).await?))
}

async fn of_table(
    State(hub): State<Hub>,
    Path(table): Path<String>,
) -> Result<Json<TableTournament>, HttpRefusal> {
    Ok(Json(TableTournament {
        tournament: hub.store.tournament_of_table(&table).await?,
    }))
}

#[derive(Deserialize)]
struct Join {
    #[serde(default)]
    name: String,
    #[serde(default)]
    members: Vec<String>,
}

/// Refuse joining a tournament that is not open, or full.
fn open_for_joining(t: &Loaded) -> Result<(), HttpRefusal> {
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

async fn join(
    State(hub): State<Hub>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Join>>,
) -> Result<Created<Entered>, HttpRefusal> {
    let t = loaded(&hub, &id).await?;
    let Some(Json(j)) = body else {
        return Err(bad(Code::BadRequest, "send {\"name\": ...} as JSON"));
    };
    open_for_joining(&t)?;
    let profile = crate::profile::signed_in(&hub, &headers)
        .await
        .map(|(p, _)| p);
    let check = |n: &str| domino_league::name::display_name(n).map_err(HttpRefusal::from);
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
    // Joining twice: the same profile, or the same name.
    let mut taken = Vec::new();
    for e in &t.entrants {
        taken.push(e.name.to_lowercase());
        for m in run::members_of(e)? {
            if profile
                .as_ref()
                .is_some_and(|p| m.profile_id.as_ref() == Some(&p.id))
            {
                return Err(bad(
                    Code::AlreadyEntered,
                    "your profile is in this tournament already",
                ));
            }
            taken.push(m.name.to_lowercase());
        }
    }
    if players
        .iter()
        .chain([&entry_name])
        .any(|n| taken.contains(&n.to_lowercase()))
        || (players.len() == 2 && players[0].to_lowercase() == players[1].to_lowercase())
    {
        return Err(bad(
            Code::AlreadyEntered,
            "someone of that name is in this tournament already",
        ));
    }
    hub.take_quota(ip, Made::Entry)?;
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
        members: serde_json::to_string(&members).map_err(HttpRefusal::internal)?,
        bot: false,
    };
    if !hub.store.add_entrant(&id, &row).await? {
        // Another joined (or it started) meanwhile: nothing was added.
        hub.give_back_quota(ip, Made::Entry);
        return Err(changed());
    }
    Ok((
        StatusCode::CREATED,
        Json(Entered {
            entrant: row.entrant,
            name: row.name,
            players,
            tokens,
        }),
    ))
}

fn changed() -> HttpRefusal {
    refuse(
        StatusCode::CONFLICT,
        Code::Changed,
        "the tournament changed meanwhile: try again",
    )
}

/// Whether the request carries the organiser's secret.
fn organiser(t: &Loaded, headers: &HeaderMap) -> Result<(), HttpRefusal> {
    let given = headers
        .get(SECRET_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if given.is_empty() || token_hash(given) != t.row.secret_hash {
        return Err(refuse(
            StatusCode::FORBIDDEN,
            Code::NotOrganiser,
            "only the organiser can do that: the organiser's link carries the secret",
        ));
    }
    Ok(())
}

#[derive(Deserialize)]
struct Bots {
    #[serde(default = "one")]
    count: i64,
    /// Their level; none: the tournament's.
    #[serde(default)]
    level: Option<String>,
}

fn one() -> i64 {
    1
}

async fn bots(
    State(hub): State<Hub>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Bots>>,
) -> Result<Json<TournamentView>, HttpRefusal> {
    let t = loaded(&hub, &id).await?;
    organiser(&t, &headers)?;
    let (count, level) = body.map_or((1, None), |Json(b)| (b.count, b.level));
    let level = level.unwrap_or_else(|| t.row.bot.clone());
    if level.contains(crate::table::LEVELS_SEP) {
        return Err(bad(Code::BadBot, format!("no bot level {level}")));
    }
    domino_bots::by_name(&level, domino_bots::BotConfig::default())
        .map_err(|e| bad(Code::BadBot, e))?;
    open_for_joining(&t)?;
    let room = t.row.max_entrants - t.entrants.len() as i64;
    if !(1..=room).contains(&count) {
        return Err(bad(
            Code::TournamentFull,
            format!("there is room for {room} more entrants"),
        ));
    }
    // One call counts once, however many bots it adds: the tournament's
    // room bounds those.
    hub.take_quota(ip, Made::Entry)?;
    let first = t.entrants.len() as i64;
    let bots_before = t.entrants.iter().filter(|e| e.bot).count() as i64;
    for i in 0..count {
        let number = bots_before + i + 1;
        let row = EntrantRow {
            entrant: first + i,
            // As the table names its computer players, in every language.
            name: format!("Bot {number}"),
            members: serde_json::to_string(&[&level]).map_err(HttpRefusal::internal)?,
            bot: true,
        };
        if !hub.store.add_entrant(&id, &row).await? {
            return Err(changed());
        }
    }
    show(State(hub), Path(id)).await
}

async fn start(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<TournamentView>, HttpRefusal> {
    let t = loaded(&hub, &id).await?;
    organiser(&t, &headers)?;
    run::start(&hub, &id).await.map_err(|e| match e {
        StartError::Started => bad(Code::TournamentStarted, "the tournament has started"),
        StartError::Setup(e) => bad(Code::TooFewEntrants, e),
        StartError::Missing => no_tournament(),
        StartError::Store(e) => HttpRefusal::internal(e),
    })?;
    show(State(hub), Path(id)).await
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
            crate::page::csv_field(name),
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

async fn csv(State(hub): State<Hub>, Path(id): Path<String>) -> Result<Response, HttpRefusal> {
    let t = loaded(&hub, &id).await?;
    Ok(crate::page::csv_download(
        &format!("tournament-{}.csv", t.row.id),
        standings_csv(&t),
    ))
}

/// Whether a tournament exists, for the page at `/tournament/{id}`.
pub async fn exists(hub: &Hub, id: &str) -> Result<bool, sqlx::Error> {
    Ok(hub.store.tournament(id).await?.is_some())
}
