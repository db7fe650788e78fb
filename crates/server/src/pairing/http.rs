//! The pool over HTTP (docs/server.md, "Pairing"): `POST /api/seeks` asks
//! for a game (alone, or as the first of a team), `POST
//! /api/seeks/team/{code}` joins a friend's team, `GET /api/seeks/{id}`
//! says whether the seek waits or where its table is, `DELETE
//! /api/seeks/{id}` takes it back, and `GET /api/seeks` counts who waits
//! for each game, for the lobby.

use std::collections::BTreeMap;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use domino_engine::{Rules, RulesSpec, TimeControl};

use crate::answer::{HttpRefusal, Json};
use crate::client::ClientIp;
use crate::hub::Hub;
use crate::routes::Routes;
use crate::table::{random_id, token_hash};
use domino_league::pool::window;
use domino_protocol::bots::Done;
use domino_protocol::pool::{Join, Made, Seek, Status, Waiting};
use domino_protocol::refusal::Code;
use domino_store::seeks::{AddError, Member, SeekRow};

/// The shortest and longest wait a player may choose before the computer
/// fills the empty seats, in seconds.
pub const FILL_MIN_S: u32 = 5;
pub const FILL_MAX_S: u32 = 300;

pub fn routes(hub: Hub) -> Routes {
    Routes::new()
        .get("/api/seeks", waiting)
        .post("/api/seeks", seek)
        .post("/api/seeks/team/{code}", join_team)
        .get("/api/seeks/{id}", status)
        .delete("/api/seeks/{id}", cancel)
        .with_state(hub)
}

fn refuse(status: StatusCode, code: Code, message: impl std::fmt::Display) -> HttpRefusal {
    HttpRefusal::new(status, code, message)
}

/// Who asks: `(player, name, profile, rating in the game)`.
pub(crate) async fn who(
    hub: &Hub,
    headers: &HeaderMap,
    guest: Option<&str>,
    name: &str,
    game: &str,
) -> Result<(String, String, Option<String>, f64), HttpRefusal> {
    if let Some((p, _)) = crate::profile::signed_in(hub, headers).await {
        let rating = hub.store.rating(&p.id, game).await?;
        let rating = rating.map_or(1500.0, |(r, _)| r.rating);
        return Ok((format!("p:{}", p.id), p.name, Some(p.id), rating));
    }
    let Some(g) = guest.filter(|g| crate::who::guest_ok(g)) else {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            Code::BadRequest,
            "sign in, or send `guest`: your browser's id (8 to 64 letters, digits, - or _)",
        ));
    };
    let name = domino_league::name::display_name_within(name, hub.config.limits.name_chars)
        .map_err(HttpRefusal::from)?;
    Ok((format!("g:{g}"), name, None, 1500.0))
}

/// The rules asked for, resolved, or `no_game`.
fn game(spec: &RulesSpec) -> Result<Rules, HttpRefusal> {
    spec.resolve().map_err(|e| {
        refuse(
            StatusCode::BAD_REQUEST,
            Code::NoGame,
            format!("no such game: {e}"),
        )
    })
}

/// A player at an unfinished rated table plays it out first.
async fn free_to_seek(hub: &Hub, player: &str) -> Result<(), HttpRefusal> {
    if hub.store.at_rated_table(player).await? {
        return Err(refuse(
            StatusCode::CONFLICT,
            Code::AtRatedTable,
            "you are playing a rated match: finish it (or leave it, which loses it) first",
        ));
    }
    Ok(())
}

/// The clock a seek asks for, within what the pool offers: a rated game
/// has the rated pairing's clock; a casual one none, that one, or a
/// correspondence pace.
fn seek_clock(asked: Option<TimeControl>, rated: bool) -> Result<TimeControl, HttpRefusal> {
    let bad = |m: String| refuse(StatusCode::BAD_REQUEST, Code::BadClock, m);
    let clock = asked.unwrap_or(if rated {
        super::RATED_CLOCK
    } else {
        TimeControl::None
    });
    if rated && clock != super::RATED_CLOCK {
        return Err(bad(
            "rated games are played at 15 seconds a move and 60 in the bank".into(),
        ));
    }
    clock.check().map_err(|e| bad(e.to_string()))?;
    match clock {
        TimeControl::None | TimeControl::Correspondence { .. } => Ok(clock),
        c if c == super::RATED_CLOCK => Ok(clock),
        _ => Err(bad(
            "a seek's clock is none, 15 seconds a move and 60 in the bank, \
             or correspondence (1 hour to 3 days a move)"
                .into(),
        )),
    }
}

fn added(r: Result<(), AddError>) -> Result<(), HttpRefusal> {
    match r {
        Ok(()) => Ok(()),
        Err(AddError::TooManyFromAddress(n)) => Err(refuse(
            StatusCode::TOO_MANY_REQUESTS,
            Code::TooManySeeks,
            format!(
                "{n} players already wait for a game from this address: wait until some are paired"
            ),
        )),
        Err(AddError::AlreadySeeking) => Err(refuse(
            StatusCode::CONFLICT,
            Code::AlreadySeeking,
            "you are already waiting for a game: cancel that one first",
        )),
        Err(AddError::Store(e)) => Err(e.into()),
        Err(AddError::Failed(e)) => Err(HttpRefusal::internal(e)),
    }
}

async fn seek(
    State(hub): State<Hub>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Json(req): Json<Seek>,
) -> Result<Json<Made>, HttpRefusal> {
    let rules = game(&req.rules)?;
    let clock = seek_clock(req.clock, req.rated)?;
    let name = rules.preset().name();
    if let Some(s) = req.fill_s {
        if req.rated {
            return Err(refuse(
                StatusCode::BAD_REQUEST,
                Code::BadFill,
                "rated games are played by people only: no filling with the computer",
            ));
        }
        if !(FILL_MIN_S..=FILL_MAX_S).contains(&s) {
            return Err(refuse(
                StatusCode::BAD_REQUEST,
                Code::BadFill,
                format!("the computer fills after {FILL_MIN_S} to {FILL_MAX_S} seconds, not {s}"),
            ));
        }
    }
    let partners = super::layout(&rules).sides.iter().any(|s| s.len() == 2);
    if req.team && !partners {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            Code::BadTeam,
            format!("{name} with these rules has no partners: ask alone"),
        ));
    }
    let (player, name, profile, rating) =
        who(&hub, &headers, req.guest.as_deref(), &req.name, name).await?;
    let bot =
        crate::pairing::bots::admit_seeker(&hub, profile.as_deref(), req.rated, req.team).await?;
    if !bot {
        free_to_seek(&hub, &player).await?;
    }
    let token = random_id(16);
    let id = random_id(16);
    let team = req.team.then(|| random_id(8));
    let side = domino_store::bots::SeekSide {
        seek_id: id.clone(),
        bot,
        opponents: crate::pairing::bots::admitted(bot, req.opponents, hub.config.bot_pairing)
            .as_str()
            .into(),
        profile_id: profile.clone().filter(|_| bot),
        token: bot.then(|| token.clone()),
    };
    let row = SeekRow {
        id: id.clone(),
        game: super::game_key(&rules, req.rated, &clock),
        rules: serde_json::to_string(&rules.spec())?,
        rated: req.rated,
        rating,
        fill_ms: req.fill_s.map(|s| i64::from(s) * 1000),
        members: vec![Member {
            player,
            name,
            profile_id: profile,
            token_hash: token_hash(&token),
        }],
        size: if req.team { 2 } else { 1 },
        team_code: team.clone(),
        created_at: hub.config.time.now_ms(),
        table_id: None,
        seats: None,
        paired_at: None,
        address: Some(ip.to_string()),
        clock: Some(serde_json::to_string(&clock)?),
    };
    // The seek and its side are written together, in the batch of seeks
    // that arrived meanwhile: a pool round reads both or neither.
    added(
        hub.store
            .add_seek(&row, &side, hub.config.limits.seeks_per_address)
            .await,
    )?;
    hub.pairing.notify_one();
    Ok(Json(Made {
        seek: id,
        token,
        team,
    }))
}

async fn join_team(
    State(hub): State<Hub>,
    Path(code): Path<String>,
    headers: HeaderMap,
    Json(req): Json<Join>,
) -> Result<Json<Made>, HttpRefusal> {
    let none = || {
        refuse(
            StatusCode::NOT_FOUND,
            Code::NoTeam,
            "no team is waiting for a partner with that code",
        )
    };
    let forming = hub.store.open_team(&code).await?.ok_or_else(none)?;
    let rules = game(&serde_json::from_str(&forming.rules)?)?;
    let (player, name, profile, rating) = who(
        &hub,
        &headers,
        req.guest.as_deref(),
        &req.name,
        rules.preset().name(),
    )
    .await?;
    if forming.rated && profile.is_none() {
        return Err(refuse(
            StatusCode::FORBIDDEN,
            Code::SignedOut,
            "rated games are for profiles: make one to join this team",
        ));
    }
    // A bot account asks alone (and not at all when bots are not paired).
    crate::pairing::bots::admit_seeker(&hub, profile.as_deref(), forming.rated, true).await?;
    free_to_seek(&hub, &player).await?;
    let token = random_id(16);
    let member = Member {
        player,
        name,
        profile_id: profile,
        token_hash: token_hash(&token),
    };
    let now = hub.config.time.now_ms();
    let joined = hub.store.join_team(&code, &member, rating, now).await;
    let seek = match joined {
        Ok(Some(s)) => s,
        Ok(None) => return Err(none()),
        Err(e) => {
            added(Err(e))?;
            return Err(none());
        }
    };
    hub.pairing.notify_one();
    Ok(Json(Made {
        seek: seek.id,
        token,
        team: None,
    }))
}

async fn status(
    State(hub): State<Hub>,
    Path(id): Path<String>,
) -> Result<Json<Status>, HttpRefusal> {
    let s = hub.store.seek(&id).await?.ok_or_else(|| {
        refuse(
            StatusCode::NOT_FOUND,
            Code::NoSeek,
            "no such seek: it was cancelled, or played long ago",
        )
    })?;
    // Paired, but the table not open yet (being opened, or its node
    // stopped and another opens it): still waiting, as the player sees it.
    let open = match &s.table_id {
        // Stored, and not still being started here (its row is written
        // before its task takes players).
        Some(t) => hub.store.exists(t).await? && (hub.holds(t) || !hub.starting(t)),
        None => false,
    };
    let state = match (&s.team_code, open) {
        (Some(_), _) => "forming",
        (None, true) => "paired",
        (None, false) => "waiting",
    };
    let waited_ms = (hub.config.time.now_ms() - s.created_at).max(0);
    let clock = super::clock_of(&s)?;
    Ok(Json(Status {
        seek: s.id,
        state,
        rules: serde_json::from_str(&s.rules)?,
        rated: s.rated,
        clock,
        waited_ms,
        window: window(waited_ms),
        names: s.members.iter().map(|m| m.name.clone()).collect(),
        team: s.team_code,
        table: s.table_id.filter(|_| open),
        seats: if open {
            serde_json::from_str(s.seats.as_deref().unwrap_or("[]"))?
        } else {
            Vec::new()
        },
    }))
}

/// How a seeker proves a seek is theirs when taking it back, besides
/// being signed in as one of its members: the guest id it was asked with,
/// or the seat token it was given.
#[derive(Debug, Default, serde::Deserialize)]
struct CancelBy {
    guest: Option<String>,
    token: Option<String>,
}

/// Whether the caller is one of `s`'s members: signed in as their profile
/// (cookie or bot token), or sending their guest id or seat token.
async fn asked_by(hub: &Hub, headers: &HeaderMap, by: &CancelBy, s: &SeekRow) -> bool {
    let signed_in = crate::profile::signed_in(hub, headers)
        .await
        .map(|(p, _)| p.id);
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

/// Take a seek back: only whoever asked may (the seek's id is shown to
/// others, in a team's status say).
async fn cancel(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<Done>, HttpRefusal> {
    // A body is optional (a signed-in seeker needs none), JSON when sent;
    // `null` is no body.
    let by: CancelBy = if body.iter().all(u8::is_ascii_whitespace) {
        CancelBy::default()
    } else {
        serde_json::from_slice::<Option<CancelBy>>(&body)
            .map_err(|e| refuse(StatusCode::BAD_REQUEST, Code::BadJson, e))?
            .unwrap_or_default()
    };
    let no_seek = || refuse(StatusCode::NOT_FOUND, Code::NoSeek, "no such seek of yours");
    let s = hub.store.seek(&id).await?.ok_or_else(no_seek)?;
    if !asked_by(&hub, &headers, &by, &s).await {
        return Err(no_seek());
    }
    if hub.store.cancel_seek(&id).await? {
        return Ok(Json(Done::YES));
    }
    match hub.store.seek(&id).await? {
        Some(_) => Err(refuse(
            StatusCode::CONFLICT,
            Code::Started,
            "this seek has its table already",
        )),
        None => Err(no_seek()),
    }
}

/// Who waits, by game: players (a team counts two; a team still forming
/// is not in the pool yet).
async fn waiting(State(hub): State<Hub>) -> Result<Json<Vec<Waiting>>, HttpRefusal> {
    let mut by: BTreeMap<String, Waiting> = BTreeMap::new();
    for s in hub.store.open_seeks().await? {
        let w = match by.entry(s.game.clone()) {
            std::collections::btree_map::Entry::Occupied(o) => o.into_mut(),
            std::collections::btree_map::Entry::Vacant(v) => v.insert(Waiting {
                rules: serde_json::from_str(&s.rules)?,
                rated: s.rated,
                clock: super::clock_of(&s)?,
                players: 0,
            }),
        };
        w.players += s.members.len();
    }
    Ok(Json(by.into_values().collect()))
}
