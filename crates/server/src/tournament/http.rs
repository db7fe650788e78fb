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

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

use serde::Deserialize;
use serde_json::Value;

use domino_engine::RulesSpec;

use super::run::{self, Loaded, Member, StartError};
use super::{pairing, standings, Format, Setup, SetupError, MAX_SWISS_ROUNDS};
use crate::answer::http_refusal;
use crate::answer::{HttpRefusal, Json};
use crate::client::ClientIp;
use crate::clock::now_ms;
use crate::hub::Hub;
use crate::limits::Refused;
use crate::protocol::tournament::{
    BoardView, Champion, Deals, Entered, EntrantView, RoundView, Standing, TournamentList,
    TournamentState, TournamentSummary, TournamentView,
};
use crate::quota::Made;
use crate::refusal::Code;
use crate::routes::Routes;
use crate::store::tournaments::{EntrantRow, TournamentRow};
use crate::table::{random_id, token_hash};

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
        .with_state(hub)
}

fn refuse(status: StatusCode, code: Code, message: impl std::fmt::Display) -> Response {
    http_refusal(status, code, message)
}

fn bad(code: Code, message: impl std::fmt::Display) -> Response {
    refuse(StatusCode::BAD_REQUEST, code, message)
}

fn internal(e: impl std::fmt::Display) -> Response {
    refuse(StatusCode::INTERNAL_SERVER_ERROR, Code::Internal, e)
}

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
) -> Response {
    let Some(Json(new)) = body else {
        return bad(
            Code::BadRequest,
            "send {\"rules\": {\"preset\": ...}, \"format\": ...} as JSON",
        );
    };
    let rules = match new.rules.resolve() {
        Ok(r) => r,
        Err(e) => return bad(Code::BadRules, e),
    };
    let Some(format) = Format::parse(&new.format) else {
        return bad(
            Code::BadFormat,
            "the format is round_robin, swiss or elimination",
        );
    };
    let name = match crate::name::display_name(&new.name) {
        Ok(n) => n,
        Err(r) => return bad(r.code, r.message),
    };
    // Partnership games take partnerships; the others, players.
    let partners = usize::from(rules.players) > rules.sides();
    if new.teams != partners {
        return bad(
            Code::BadFormat,
            if partners {
                "this game is played in partnerships: entrants are teams of two"
            } else {
                "this game is played each for himself: entrants are single players"
            },
        );
    }
    let max = new.max_entrants.unwrap_or(16);
    if !(2..=MAX_ENTRANTS).contains(&max) {
        return bad(
            Code::BadRequest,
            format!("a tournament takes 2 to {MAX_ENTRANTS} entrants"),
        );
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
    match setup.check() {
        Err(SetupError::BadRounds(_)) => {
            return bad(
                Code::BadRounds,
                format!("a Swiss tournament plays 1 to {MAX_SWISS_ROUNDS} rounds"),
            )
        }
        Err(e @ SetupError::EliminationTable(_)) => return bad(Code::BadFormat, e),
        Err(e) => return bad(Code::TooFewEntrants, e),
        Ok(()) => {}
    }
    let bot = new.bot.unwrap_or_else(|| "heuristic".into());
    if let Err(e) = domino_bots::by_name(&bot, domino_bots::BotConfig::default()) {
        return bad(Code::BadBot, e);
    }
    if let Err(r) = hub.take_quota(ip, Made::Tournament) {
        return *r;
    }
    let secret = random_id(24);
    let row = TournamentRow {
        id: random_id(8),
        secret_hash: token_hash(&secret),
        created_at: now_ms(),
        name,
        rules: match serde_json::to_string(&rules.spec()) {
            Ok(r) => r,
            Err(e) => return internal(e),
        },
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
        state: TournamentState::Open,
        field: 0,
        duplicate: new.duplicate,
    };
    // The organiser is the address it comes from: there is no account
    // behind a tournament, and the cap is what keeps one address from
    // filling the lobby's list of open tournaments.
    let cap = hub.config.limits.open_tournaments_per_organiser;
    match hub
        .store
        .create_tournament(&row, &ip.to_string(), cap as i64)
        .await
    {
        Ok(true) => {}
        Ok(false) => {
            hub.give_back_quota(ip, Made::Tournament);
            hub.stats.refuse(
                Refused::OpenTournaments,
                ip,
                "open tournaments per organiser",
            );
            return refuse(
                StatusCode::TOO_MANY_REQUESTS,
                Code::TooManyTournaments,
                format!(
                    "one organiser may have {cap} tournaments waiting to start: start one first, or wait until one nobody entered expires"
                ),
            );
        }
        Err(e) => return internal(e),
    }
    match run::load(&hub, &row.id).await {
        Ok(Some(t)) => {
            let mut v = match view(&t) {
                Ok(v) => v,
                Err(r) => return r.into_response(),
            };
            v.secret = Some(secret);
            (StatusCode::CREATED, Json(v)).into_response()
        }
        Ok(None) => internal("the new tournament was not found"),
        Err(e) => internal(e),
    }
}

async fn list(State(hub): State<Hub>) -> Response {
    let mut out = Vec::new();
    for (state, n) in [
        (TournamentState::Open, 50),
        (TournamentState::Playing, 50),
        (TournamentState::Finished, 20),
    ] {
        match hub.store.tournaments_in(state, n).await {
            Ok(rows) => {
                for row in &rows {
                    match summary(row) {
                        Ok(v) => out.push(v),
                        Err(r) => return r.into_response(),
                    }
                }
            }
            Err(e) => return internal(e),
        }
    }
    Json(TournamentList { tournaments: out }).into_response()
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
        state: t.state,
    })
}

/// A tournament as the page shows it.
fn view(t: &Loaded) -> Result<TournamentView, HttpRefusal> {
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
            let deals = crate::fair::Secret::from_hex(&row.secret).map(|s| Deals {
                commit: crate::fair::commitment(&s.0),
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
    let standings: Vec<Standing> = if setup.entrants >= 1 {
        standings::standings(&setup, &played)
            .into_iter()
            .map(|line| Standing {
                name: name(line.entrant),
                line,
            })
            .collect()
    } else {
        Vec::new()
    };
    let champion = match t.format {
        Format::Elimination => pairing::champion(&setup, &played),
        _ if t.row.state == TournamentState::Finished => standings.first().map(|s| s.line.entrant),
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
        state: t.row.state,
        teams: t.row.teams,
        total_rounds: if setup.entrants >= setup.per_table {
            setup.rounds()
        } else {
            0
        },
    })
}

async fn loaded(hub: &Hub, id: &str) -> Result<Loaded, Response> {
    match run::load(hub, id).await {
        Ok(Some(t)) => Ok(t),
        Ok(None) => Err(refuse(
            StatusCode::NOT_FOUND,
            Code::NoTournament,
            "no tournament with that id",
        )),
        Err(e) => Err(internal(e)),
    }
}

async fn show(State(hub): State<Hub>, Path(id): Path<String>) -> Response {
    match loaded(&hub, &id).await {
        Ok(t) => match view(&t) {
            Ok(v) => Json(v).into_response(),
            Err(r) => r.into_response(),
        },
        Err(r) => r,
    }
}

#[derive(Deserialize)]
struct Join {
    #[serde(default)]
    name: String,
    #[serde(default)]
    members: Vec<String>,
}

/// Refuse joining a tournament that is not open, or full.
fn open_for_joining(t: &Loaded) -> Result<(), Box<Response>> {
    if t.row.state != TournamentState::Open {
        return Err(Box::new(bad(
            Code::TournamentStarted,
            "the tournament has started: joining is closed",
        )));
    }
    if t.entrants.len() as i64 >= t.row.max_entrants {
        return Err(Box::new(bad(
            Code::TournamentFull,
            "the tournament is full",
        )));
    }
    Ok(())
}

async fn join(
    State(hub): State<Hub>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Join>>,
) -> Response {
    let t = match loaded(&hub, &id).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let Some(Json(j)) = body else {
        return bad(Code::BadRequest, "send {\"name\": ...} as JSON");
    };
    if let Err(r) = open_for_joining(&t) {
        return *r;
    }
    let profile = crate::profile::signed_in(&hub, &headers)
        .await
        .map(|(p, _)| p);
    let check =
        |n: &str| crate::name::display_name(n).map_err(|r| Box::new(bad(r.code, r.message)));
    // The players: the team's two, or the one (a profile's own name).
    let players: Vec<String> = if t.row.teams {
        if j.members.len() != 2 {
            return bad(
                Code::BadNames,
                "a partnership joins with its two players' names",
            );
        }
        let mut m = Vec::new();
        for n in &j.members {
            match check(n) {
                Ok(n) => m.push(n),
                Err(r) => return *r,
            }
        }
        if let Some(p) = &profile {
            m[0] = p.name.clone();
        }
        m
    } else {
        match &profile {
            Some(p) => vec![p.name.clone()],
            None => match check(&j.name) {
                Ok(n) => vec![n],
                Err(r) => return *r,
            },
        }
    };
    let entry_name = if t.row.teams {
        match check(&j.name) {
            Ok(n) => n,
            Err(r) => return *r,
        }
    } else {
        players[0].clone()
    };
    // Joining twice: the same profile, or the same name.
    let mut taken = Vec::new();
    for e in &t.entrants {
        taken.push(e.name.to_lowercase());
        let members = match run::members_of(e) {
            Ok(m) => m,
            Err(e) => return HttpRefusal::from(e).into_response(),
        };
        for m in members {
            if profile
                .as_ref()
                .is_some_and(|p| m.profile_id.as_ref() == Some(&p.id))
            {
                return bad(
                    Code::AlreadyEntered,
                    "your profile is in this tournament already",
                );
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
        return bad(
            Code::AlreadyEntered,
            "someone of that name is in this tournament already",
        );
    }
    if let Err(r) = hub.take_quota(ip, Made::Entry) {
        return *r;
    }
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
        members: match serde_json::to_string(&members) {
            Ok(m) => m,
            Err(e) => return internal(e),
        },
        bot: false,
    };
    match hub.store.add_entrant(&id, &row).await {
        Ok(true) => (
            StatusCode::CREATED,
            Json(Entered {
                entrant: row.entrant,
                name: row.name,
                players,
                tokens,
            }),
        )
            .into_response(),
        // Another joined (or it started) meanwhile: nothing was added.
        Ok(false) => {
            hub.give_back_quota(ip, Made::Entry);
            refuse(
                StatusCode::CONFLICT,
                Code::Changed,
                "the tournament changed meanwhile: try again",
            )
        }
        Err(e) => internal(e),
    }
}

/// Whether the request carries the organiser's secret.
fn organiser(t: &Loaded, headers: &HeaderMap) -> Result<(), Box<Response>> {
    let given = headers
        .get(SECRET_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if given.is_empty() || token_hash(given) != t.row.secret_hash {
        return Err(Box::new(refuse(
            StatusCode::FORBIDDEN,
            Code::NotOrganiser,
            "only the organiser can do that: the organiser's link carries the secret",
        )));
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
) -> Response {
    let t = match loaded(&hub, &id).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    if let Err(r) = organiser(&t, &headers) {
        return *r;
    }
    let (count, level) = body.map_or((1, None), |Json(b)| (b.count, b.level));
    let level = level.unwrap_or_else(|| t.row.bot.clone());
    if level.contains(crate::table::LEVELS_SEP) {
        return bad(Code::BadBot, format!("no bot level {level}"));
    }
    if let Err(e) = domino_bots::by_name(&level, domino_bots::BotConfig::default()) {
        return bad(Code::BadBot, e);
    }
    if let Err(r) = open_for_joining(&t) {
        return *r;
    }
    let room = t.row.max_entrants - t.entrants.len() as i64;
    if !(1..=room).contains(&count) {
        return bad(
            Code::TournamentFull,
            format!("there is room for {room} more entrants"),
        );
    }
    // One call counts once, however many bots it adds: the tournament's
    // room bounds those.
    if let Err(r) = hub.take_quota(ip, Made::Entry) {
        return *r;
    }
    let first = t.entrants.len() as i64;
    let bots_before = t.entrants.iter().filter(|e| e.bot).count() as i64;
    for i in 0..count {
        let number = bots_before + i + 1;
        let row = EntrantRow {
            entrant: first + i,
            // As the table names its computer players, in every language.
            name: format!("Bot {number}"),
            members: match serde_json::to_string(&[&level]) {
                Ok(m) => m,
                Err(e) => return internal(e),
            },
            bot: true,
        };
        match hub.store.add_entrant(&id, &row).await {
            Ok(true) => {}
            Ok(false) => {
                return refuse(
                    StatusCode::CONFLICT,
                    Code::Changed,
                    "the tournament changed meanwhile: try again",
                )
            }
            Err(e) => return internal(e),
        }
    }
    show(State(hub), Path(id)).await
}

async fn start(State(hub): State<Hub>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    let t = match loaded(&hub, &id).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    if let Err(r) = organiser(&t, &headers) {
        return *r;
    }
    match run::start(&hub, &id).await {
        Ok(()) => show(State(hub), Path(id)).await,
        Err(StartError::Started) => bad(Code::TournamentStarted, "the tournament has started"),
        Err(StartError::Setup(e)) => bad(Code::TooFewEntrants, e),
        Err(StartError::Missing) => refuse(
            StatusCode::NOT_FOUND,
            Code::NoTournament,
            "no tournament with that id",
        ),
        Err(StartError::Store(e)) => internal(e),
    }
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

async fn csv(State(hub): State<Hub>, Path(id): Path<String>) -> Response {
    let t = match loaded(&hub, &id).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    crate::page::csv_download(&format!("tournament-{}.csv", t.row.id), standings_csv(&t))
}

/// Whether a tournament exists, for the page at `/tournament/{id}`.
pub async fn exists(hub: &Hub, id: &str) -> Result<bool, sqlx::Error> {
    Ok(hub.store.tournament(id).await?.is_some())
}
