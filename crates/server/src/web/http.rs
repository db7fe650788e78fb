//! The HTTP side: the embedded page (`web/`), lobby and history endpoints,
//! record downloads, and the WebSocket upgrade at `/ws`.
//!
//! `GET /healthz` (alive: tables, parked tables, sockets and refusals by
//! limit; `/readyz` and `/metrics` are in [`crate::web::ops`]), `GET /api/presets`, `GET /api/tables` (open public tables),
//! `GET /api/levels` (the bot levels' measured ratings by game and table size),
//! `GET /api/history` (finished public matches), `GET /api/history/{id}`
//! (a replay: the record, the revealed hand keys and commitments, and a
//! full view after every step), `GET /api/history/{id}/record` (the
//! `domino-record/1` file), `GET /api/analysis/{id}` (the coach's
//! analysis of a finished match: [`crate::coach`]). The page opens at `/`, at table links
//! (`/t/{id}`, a table being played or finished here) and replay links
//! (`/r/{id}`, a finished match) and score sheet links (`/keep` for a new one, `/k/{id}`:
//! see [`crate::sheets`]); any other address, or one of those naming
//! nothing, answers 404 with the page saying so (`data-missing` on its
//! body) and a way back to the lobby.

use axum::extract::ws::WebSocketUpgrade;

use axum::extract::{FromRef, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::collections::HashSet;
use std::ops::ControlFlow;

use domino_engine::catalog::{GameInfo, TableFacts};
use domino_engine::record::{replay_with, Record, Visit};
use domino_engine::{Event, Match, Viewer};
use serde_json::Value;
use tokio::sync::watch;

use crate::app::App;
use crate::limits::Refused;
use crate::web::answer::internal;
use crate::web::answer::HttpRefusal;
use crate::web::client::ClientIp;
use crate::web::page::{asset, page, page_if};
use crate::web::routes::Routes;
use domino_league::fair::{self, Secret};
use domino_league::levels::LadderGame;
use domino_protocol::history::{Frame, MatchSummary, Replay, SeatPlay};
use domino_protocol::ops::Health;
use domino_protocol::socket::LobbyTable;
use domino_store::Finished;

/// What this file's own routes are given: the wired parts, and the
/// shutdown signal the socket upgrade watches.
#[derive(Clone)]
struct Here {
    app: App,
    stop: watch::Receiver<bool>,
}

impl FromRef<Here> for crate::web::client::BehindProxy {
    fn from_ref(here: &Here) -> crate::web::client::BehindProxy {
        crate::web::client::BehindProxy::from_ref(&here.app)
    }
}

impl FromRef<App> for crate::web::client::BehindProxy {
    fn from_ref(app: &App) -> crate::web::client::BehindProxy {
        crate::web::client::BehindProxy(app.config.limits.behind_proxy)
    }
}

impl FromRef<Here> for App {
    fn from_ref(here: &Here) -> App {
        here.app.clone()
    }
}

/// This file's own routes: the socket, health, the lobby's and the
/// history's API, and the pages it answers.
pub fn own_routes(app: App, stop: watch::Receiver<bool>) -> Routes {
    let page_ok = |headers: HeaderMap| async move { page(StatusCode::OK, None, &headers) };
    Routes::new()
        .get("/ws", upgrade)
        .get("/healthz", healthz)
        .get("/api/presets", presets)
        .get("/api/tables", tables)
        .get("/api/levels", levels)
        .get("/api/history", history)
        .get("/api/history/{id}", replay)
        .get("/api/history/{id}/record", record)
        .get("/t/{id}", table_page)
        .get("/r/{id}", replay_page)
        .get("/k/{id}", sheet_page)
        .get("/keep", page_ok)
        .get("/how/{preset}", how_page)
        .get("/tournaments", page_ok)
        .get("/tournaments/{id}", tournament_page)
        .fallback(asset)
        .with_state(Here { app, stop })
}

async fn upgrade(
    ws: WebSocketUpgrade,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    bot: Option<axum::Extension<crate::bots::BotAuth>>,
    State(here): State<Here>,
) -> Response {
    // Any page could open sockets from its visitors' browsers (spread over
    // all their addresses) and play with their profile: a browser's
    // handshake must come from our own page. Clients that are no browser
    // send no Origin.
    let app = here.app;
    if !crate::web::trust::same_origin(&app.config, &headers) {
        return crate::web::answer::http_refusal(
            StatusCode::FORBIDDEN,
            domino_protocol::refusal::Code::CrossSite,
            "game connections from another site's page are refused",
        );
    }
    let stop = here.stop;
    let pass = match app.sockets.admit(ip) {
        Ok(p) => p,
        Err(full) => {
            let why = format!("no more game connections: {full}");
            app.stats.refuse(Refused::Socket, ip, &why);
            return (StatusCode::SERVICE_UNAVAILABLE, why).into_response();
        }
    };
    // The profile signed in on this device sits at tables under its name.
    let profile = app
        .who
        .signed_in(&headers)
        .await
        .map(|(p, _)| (p.id, p.name));
    // Messages above `max_frame` (a megabyte) are not read: the socket is
    // closed with a reason; smaller oversized messages get a `too_large`
    // error from the protocol itself.
    let most = app.config.max_frame;
    ws.max_message_size(most)
        .max_frame_size(most)
        .read_buffer_size(WS_READ_BUFFER)
        .on_upgrade(move |socket| {
            let bot = bot.map(|axum::Extension(b)| b);
            crate::web::ws::serve(socket, app, ip, pass, profile, bot, stop)
        })
}

/// Each socket's read buffer. The library's default, 128 KiB, is filled
/// with zeros before the first read, so it is resident for every socket,
/// twice what a whole table may cost; a player's messages are a few hundred
/// bytes, and a longer one (up to the size limit) grows the buffer for its
/// own reading.
const WS_READ_BUFFER: usize = 4 * 1024;

/// Alive, with what it holds and what its limits refused.
async fn healthz(State(app): State<App>) -> Json<Health> {
    Json(Health {
        actions: app.stats.actions.load(std::sync::atomic::Ordering::Relaxed),
        ok: true,
        parked: app.hub.parked(),
        refused: app
            .stats
            .by_name()
            .into_iter()
            .map(|(k, n)| (k.to_string(), n))
            .collect(),
        sockets: app.sockets.open(),
        tables: app.hub.len(),
    })
}

/// The lobby's and the history's operations in the OpenAPI document.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(presets, tables, levels, history, replay, record))]
pub struct Doc;

/// The games this site plays, with their table sizes, options and facts.
#[utoipa::path(get, path = "/api/presets", tag = "matches",
    responses((status = 200, description = "Every game", body = Vec<GameInfo>)))]
async fn presets() -> Json<Vec<GameInfo>> {
    Json(crate::web::page::site_games())
}

/// The built-in bot levels' measured ratings, by game and table size.
#[utoipa::path(get, path = "/api/levels", tag = "matches",
    responses((status = 200, description = "The levels' ladder of each game", body = Vec<LadderGame>)))]
async fn levels() -> Json<Vec<LadderGame>> {
    Json(domino_league::ratings::shipped_levels())
}

/// The public tables open now, waiting for players or being played.
#[utoipa::path(get, path = "/api/tables", tag = "matches",
    responses((status = 200, description = "The open tables", body = Vec<LobbyTable>)))]
async fn tables(State(app): State<App>) -> Json<Vec<LobbyTable>> {
    Json(app.hub.list_all().await)
}

/// A finished match for the lists: the game, who sat where and how much of
/// the match each really played (`players`: their actions, those a bot
/// made while they were away, and the hand they left in), the final scores
/// and the winner; `bots` holds the bot accounts among its players. Stored
/// rules or a record that do not read back are an error, not a match shown
/// without them.
fn summary(f: &Finished, bots: &HashSet<String>) -> Result<MatchSummary, HttpRefusal> {
    let players = i64::from(f.table.rules.players.unwrap_or(0));
    let seat = |s: i64| f.seats.iter().find(|r| r.seat == s);
    let names = (0..players)
        .map(|s| seat(s).map(|r| r.name.clone()))
        .collect();
    let played = (0..players)
        .map(|s| {
            let (_, moves, bot_moves) = f
                .moves
                .iter()
                .copied()
                .find(|m| m.0 == s)
                .unwrap_or((s, 0, 0));
            SeatPlay {
                bot_moves,
                left: seat(s).and_then(|r| r.left_hand),
                moves,
            }
        })
        .collect();
    let stored: Value = serde_json::from_str(&f.record)?;
    // A forfeit's winner is the match's, as its ratings counted it.
    let forfeit = stored.get("forfeit").map(|f| f["winner"].clone());
    let rec: Record = serde_json::from_value(stored)?;
    // A record that no longer replays still lists, without its end.
    let end = Match::from_record(&rec)
        .ok()
        .map(|m| m.view(Viewer::All).to_json());
    Ok(MatchSummary {
        abandoned: f.abandoned,
        bot: f.table.bot.clone(),
        bot_accounts: (0..players)
            .map(|s| {
                seat(s)
                    .and_then(|r| r.profile_id.as_ref())
                    .is_some_and(|p| bots.contains(p))
            })
            .collect(),
        created_at: f.table.created_at,
        finished_at: f.finished_at,
        hands: rec.hands.len(),
        id: f.table.id.clone(),
        names,
        players: played,
        rules: serde_json::to_value(&f.table.rules)?,
        scores: end.as_ref().map(|v| v["scores"].clone()),
        winner: end
            .as_ref()
            .map(|v| forfeit.unwrap_or_else(|| v.get("winner").cloned().unwrap_or(Value::Null))),
    })
}

/// The last hundred finished public matches, newest first.
#[utoipa::path(get, path = "/api/history", tag = "matches",
    responses((status = 200, description = "The finished matches", body = Vec<MatchSummary>)))]
async fn history(State(app): State<App>) -> Result<Json<Vec<MatchSummary>>, HttpRefusal> {
    let list = app.store.tables().finished_list(100).await?;
    let bots = bot_players(app.store.bots(), &list).await?;
    Ok(Json(
        list.iter()
            .map(|f| summary(f, &bots))
            .collect::<Result<_, _>>()?,
    ))
}

/// The bot accounts among the players of `matches`.
async fn bot_players(
    bots: &domino_store::BotAccounts,
    matches: &[Finished],
) -> Result<HashSet<String>, sqlx::Error> {
    let ids: Vec<&str> = matches
        .iter()
        .flat_map(|f| f.seats.iter().filter_map(|r| r.profile_id.as_deref()))
        .collect();
    bots.bot_accounts(&ids).await
}

async fn finished(app: &App, id: &str) -> Result<(Finished, Record), Response> {
    app.finished
        .get(id)
        .await
        .map_err(|r| HttpRefusal::from(r).into_response())
}

/// A finished match's record file (`domino-record/1`) to download.
///
/// The record, plus `fair`: each hand's commitment, redeal rule and
/// revealed key, so that `domino verify FILE` checks every deal; and
/// `forfeit` and `ended` when the match was not decided by its score.
#[utoipa::path(get, path = "/api/history/{id}/record", tag = "matches",
    params(("id" = String, Path, description = "The table's id")),
    responses((status = 200, description = "The record, as an attachment", body = Record)))]
async fn record(State(app): State<App>, Path(id): Path<String>) -> Response {
    let (f, rec) = match finished(&app, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let Some(secret) = Secret::from_hex(&f.table.secret) else {
        return internal("bad secret");
    };
    // The record, plus each hand's commitment, redeal rule and revealed
    // key, so that `domino verify FILE` can check every deal (`domino
    // replay` ignores the extra field).
    let mut body = match serde_json::to_value(&rec) {
        Ok(v) => v,
        Err(e) => return internal(e),
    };
    if let Some(o) = body.as_object_mut() {
        // How the match ended when it was not played out (a forfeit's
        // winner, a resignation, an abort), as the table stored it.
        if let Ok(serde_json::Value::Object(stored)) = serde_json::from_str(&f.record) {
            for key in ["forfeit", "ended"] {
                if let Some(v) = stored.get(key) {
                    o.insert(key.into(), v.clone());
                }
            }
        }
        let fair = fair::reveals(secret, &rec);
        match serde_json::to_value(fair) {
            Ok(v) => o.insert("fair".into(), v),
            Err(e) => return internal(e),
        };
    }
    let body = match serde_json::to_string_pretty(&body) {
        Ok(b) => b,
        Err(e) => return internal(e),
    };
    (
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"domino-{id}.json\""),
            ),
        ],
        body,
    )
        .into_response()
}

/// Every step of a finished match in the full view: the deal of each hand,
/// then the state after each action, with that action's events.
pub fn replay_frames(rec: &Record) -> Result<Vec<Frame>, String> {
    let mut frames = Vec::new();
    let frame = |m: &Match, hand: usize, events: &[Event], step: Option<usize>| {
        let v = m.view(Viewer::All);
        Frame {
            events: events.to_vec(),
            hand,
            layout: v.drawn(),
            state: v.to_json(),
            step,
        }
    };
    replay_with(rec, |visit| {
        match visit {
            Visit::Dealt { game, hand } => frames.push(frame(game, hand, &[], None)),
            Visit::Acted {
                game,
                hand,
                index,
                events,
                ..
            } => frames.push(frame(game, hand, events, Some(index))),
            Visit::Deal { .. } | Visit::Action { .. } => {}
        }
        ControlFlow::Continue(())
    })
    .map_err(|e| e.to_string())?;
    Ok(frames)
}

/// A finished match to replay: its record, summary, revealed keys and a
/// full view after every step.
#[utoipa::path(get, path = "/api/history/{id}", tag = "matches",
    params(("id" = String, Path, description = "The table's id")),
    responses((status = 200, description = "The replay", body = Replay)))]
async fn replay(State(app): State<App>, Path(id): Path<String>) -> Response {
    let (f, rec) = match finished(&app, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let Some(secret) = Secret::from_hex(&f.table.secret) else {
        return internal("bad secret");
    };
    let keys: Vec<[u8; 32]> = (1..=rec.hands.len() as u32)
        .map(|k| secret.hand_key(k))
        .collect();
    let fair = fair::reveals(secret, &rec);
    let verified = fair::verify(&rec, &keys, None).map_err(|e| e.to_string());
    let facts = rec.rules.resolve().ok().map(|r| TableFacts::of(&r));
    match replay_frames(&rec) {
        Ok(frames) => match bot_players(app.store.bots(), std::slice::from_ref(&f))
            .await
            .map_err(HttpRefusal::from)
            .and_then(|bots| summary(&f, &bots))
        {
            Ok(summary) => Json(Replay {
                facts,
                fair,
                frames,
                record: rec,
                summary,
                verified: verified.is_ok(),
            })
            .into_response(),
            Err(r) => r.into_response(),
        },
        Err(e) => internal(e),
    }
}

/// A table link: the page while the table is played here or was finished
/// here (the page then offers the replay); 404 otherwise.
async fn table_page(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    if app.hub.holds(&id) {
        return page(StatusCode::OK, None, &headers);
    }
    page_if(app.store.tables().exists(&id).await, "table", &headers)
}

/// A score sheet link (`/k/{id}`, the scorekeeper): the page while the
/// sheet exists; 404 otherwise.
async fn sheet_page(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    page_if(app.sheets.exists(&id).await, "sheet", &headers)
}

/// A tournament's link: the page while it exists; 404 otherwise.
async fn tournament_page(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    page_if(app.tournaments.exists(&id).await, "tournament", &headers)
}

/// How to play a game: the page for a game the engine knows; 404 otherwise.
async fn how_page(Path(preset): Path<String>, headers: HeaderMap) -> Response {
    match domino_engine::Preset::named(&preset) {
        Ok(_) => page(StatusCode::OK, None, &headers),
        Err(_) => page(StatusCode::NOT_FOUND, Some("page"), &headers),
    }
}

/// A replay link: the page for a finished match, or for a table of a
/// duplicate round being played (the page says when it opens); 404
/// otherwise.
async fn replay_page(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    if let Err(r) = app.finished.may_show(&id).await {
        if r.code == domino_protocol::refusal::Code::RoundNotOver {
            return page(StatusCode::OK, None, &headers);
        }
    }
    let found = app.finished.exists(&id).await;
    page_if(found, "replay", &headers)
}
