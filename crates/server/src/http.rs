//! The HTTP side: the embedded page (`web/`), lobby and history endpoints,
//! record downloads, and the WebSocket upgrade at `/ws`.
//!
//! `GET /healthz` (alive: tables, parked tables, sockets and refusals by
//! limit; `/readyz` and `/metrics` are in [`crate::ops`]), `GET /api/presets`, `GET /api/tables` (open public tables),
//! `GET /api/levels` (the bot levels' measured ratings by game and table size),
//! `GET /api/history` (finished public matches), `GET /api/history/{id}`
//! (a replay: the record, the revealed hand keys and commitments, and a
//! full view after every step), `GET /api/history/{id}/record` (the
//! `domino-record/1` file), `GET /api/analysis/{id}` (the coach's
//! analysis of a finished match: [`crate::coach`]). The page opens at `/`, at table links
//! (`/t/{id}`, a table being played or finished here) and replay links
//! (`/r/{id}`, a finished match) and score sheet links (`/keep` for a new one, `/k/{id}`:
//! see [`crate::keep`]); any other address, or one of those naming
//! nothing, answers 404 with the page saying so (`data-missing` on its
//! body) and a way back to the lobby.

use axum::extract::ws::WebSocketUpgrade;
use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRef, FromRequestParts, Path, State};
use axum::http::{header, request::Parts, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use std::ops::ControlFlow;

use domino_engine::catalog::TableFacts;
use domino_engine::record::{replay_with, Record, Visit};
use domino_engine::{Event, Match, Viewer};
use rust_embed::RustEmbed;
use serde_json::{json, Value};
use tokio::sync::watch;

use crate::fair::{self, Secret};
use crate::hub::Hub;
use crate::limits::Refused;
use crate::refusal::internal;
use crate::routes::Routes;
use crate::store::Finished;

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Assets;

#[derive(Clone, Debug)]
struct App {
    hub: Hub,
    stop: watch::Receiver<bool>,
}

impl FromRef<App> for Hub {
    fn from_ref(app: &App) -> Hub {
        app.hub.clone()
    }
}

/// The whole HTTP application: every route behind [`crate::trust::guard`],
/// every answer with [`crate::trust::headers`].
pub fn router(hub: Hub, stop: watch::Receiver<bool>) -> Router {
    let config = hub.config.clone();
    let app = routes(hub, stop)
        .into_router()
        .layer(axum::middleware::from_fn_with_state(
            config,
            crate::trust::guard,
        ));
    crate::trust::headers(app)
}

/// Every route, with the list of those that change state.
pub fn routes(hub: Hub, stop: watch::Receiver<bool>) -> Routes {
    let page_ok = |headers: HeaderMap| async move { page(StatusCode::OK, None, &headers) };
    Routes::new()
        .get("/ws", upgrade)
        .get("/healthz", healthz)
        .get("/api/presets", || async {
            Json(domino_engine::catalog::games())
        })
        .get("/api/tables", tables)
        .get("/api/levels", || async {
            Json(crate::ratings::shipped_levels())
        })
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
        .with_state(App {
            hub: hub.clone(),
            stop: stop.clone(),
        })
        .merge(crate::keep::routes(hub.clone()))
        .merge(crate::coach::routes(hub.clone()))
        .merge(crate::profile::routes(hub.clone()))
        .merge(crate::tournament::http::routes(hub.clone()))
        .merge(crate::ops::routes(hub, stop))
}

/// The client's address: the TCP peer, or behind our own proxy the last
/// `X-Forwarded-For` entry (the one the proxy added).
fn client_ip(peer: Option<SocketAddr>, headers: &HeaderMap, behind_proxy: bool) -> IpAddr {
    let forwarded = behind_proxy
        .then(|| headers.get("x-forwarded-for")?.to_str().ok())
        .flatten()
        .and_then(|v| v.rsplit(',').next()?.trim().parse().ok());
    forwarded
        .or(peer.map(|p| p.ip()))
        .unwrap_or(IpAddr::from([0, 0, 0, 0]))
}

/// The client's address (see [`client_ip`]), for the per-address limits.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ClientIp(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp
where
    Hub: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<ClientIp, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0);
        let behind_proxy = Hub::from_ref(state).config.limits.behind_proxy;
        Ok(ClientIp(client_ip(peer, &parts.headers, behind_proxy)))
    }
}

async fn upgrade(
    ws: WebSocketUpgrade,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    State(app): State<App>,
) -> Response {
    // Any page could open sockets from its visitors' browsers (spread over
    // all their addresses) and play with their profile: a browser's
    // handshake must come from our own page. Clients that are no browser
    // send no Origin.
    if !crate::trust::same_origin(&app.hub.config, &headers) {
        return crate::refusal::http_refusal(
            StatusCode::FORBIDDEN,
            crate::refusal::Code::CrossSite,
            "game connections from another site's page are refused",
        );
    }
    let hub = app.hub.clone();
    let stop = app.stop.clone();
    let pass = match hub.sockets.admit(ip) {
        Ok(p) => p,
        Err(full) => {
            let why = format!("no more game connections: {full}");
            hub.stats.refuse(Refused::Socket, ip, &why);
            return (StatusCode::SERVICE_UNAVAILABLE, why).into_response();
        }
    };
    // The profile signed in on this device sits at tables under its name.
    let profile = crate::profile::signed_in(&hub, &headers)
        .await
        .map(|(p, _)| (p.id, p.name));
    // Protocol frames above a megabyte close the socket; smaller oversized
    // messages get a `too_large` error from the protocol itself.
    ws.max_message_size(1 << 20)
        .max_frame_size(1 << 20)
        .read_buffer_size(WS_READ_BUFFER)
        .on_upgrade(move |socket| crate::ws::serve(socket, hub, ip, pass, profile, stop))
}

/// Each socket's read buffer. The library's default, 128 KiB, is filled
/// with zeros before the first read, so it is resident for every socket,
/// twice what a whole table may cost; a player's messages are a few hundred
/// bytes, and a longer one (up to the size limit) grows the buffer for its
/// own reading.
const WS_READ_BUFFER: usize = 4 * 1024;

/// Alive, with what it holds and what its limits refused.
async fn healthz(State(app): State<App>) -> Json<Value> {
    let hub = &app.hub;
    Json(json!({
        "ok": true,
        "tables": hub.len(),
        "parked": hub.parked(),
        "sockets": hub.sockets.open(),
        "actions": hub.stats.actions.load(std::sync::atomic::Ordering::Relaxed),
        "refused": hub.stats.to_json(),
    }))
}

async fn tables(State(app): State<App>) -> Json<Value> {
    Json(Value::Array(app.hub.list_all().await))
}

/// A finished match for the lists: the game, who sat where and how much of
/// the match each really played (`players`: their actions, those a bot
/// made while they were away, and the hand they left in), the final scores
/// and the winner.
fn summary(f: &Finished) -> Value {
    let rules: Value = serde_json::from_str(&f.table.rules).unwrap_or(Value::Null);
    let players = rules["players"].as_u64().unwrap_or(0) as i64;
    let seat = |s: i64| f.seats.iter().find(|r| r.seat == s);
    let names: Vec<Value> = (0..players)
        .map(|s| seat(s).map_or(Value::Null, |r| json!(r.name)))
        .collect();
    let played: Vec<Value> = (0..players)
        .map(|s| {
            let (_, moves, bots) = f
                .moves
                .iter()
                .copied()
                .find(|m| m.0 == s)
                .unwrap_or((s, 0, 0));
            json!({
                "moves": moves,
                "bot_moves": bots,
                "left": seat(s).and_then(|r| r.left_hand),
            })
        })
        .collect();
    let rec: Option<Record> = serde_json::from_str(&f.record).ok();
    let end = rec
        .as_ref()
        .and_then(|r| Match::from_record(r).ok())
        .map(|m| m.view(Viewer::All).to_json());
    json!({
        "id": f.table.id, "rules": rules, "names": names, "bot": f.table.bot,
        "players": played,
        "created_at": f.table.created_at, "finished_at": f.finished_at,
        "hands": rec.as_ref().map_or(0, |r| r.hands.len()),
        "abandoned": f.abandoned,
        "scores": end.as_ref().map(|v| v["scores"].clone()),
        "winner": end.as_ref().map(|v| v.get("winner").cloned().unwrap_or(Value::Null)),
    })
}

async fn history(State(app): State<App>) -> Response {
    match app.hub.store.finished_list(100).await {
        Ok(list) => Json(Value::Array(list.iter().map(summary).collect())).into_response(),
        Err(e) => internal(e),
    }
}

async fn finished(app: &App, id: &str) -> Result<(Finished, Record), Response> {
    crate::tournament::secrecy::check_http(&app.hub.store, id).await?;
    let f = match app.hub.store.finished(id).await {
        Ok(Some(f)) => f,
        Ok(None) => {
            return Err((StatusCode::NOT_FOUND, "no finished match with that id").into_response())
        }
        Err(e) => return Err(internal(e)),
    };
    let rec: Record = serde_json::from_str(&f.record).map_err(internal)?;
    Ok((f, rec))
}

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
    let mut body = serde_json::to_value(&rec).unwrap_or_default();
    if let Some(o) = body.as_object_mut() {
        let fair = fair::reveals(secret, &rec);
        o.insert("fair".into(), json!(fair));
    }
    let body = serde_json::to_string_pretty(&body).unwrap_or_default();
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
pub fn replay_frames(rec: &Record) -> Result<Vec<Value>, String> {
    let mut frames = Vec::new();
    let frame = |m: &Match, hand: usize, events: &[Event], step: Value| {
        let v = m.view(Viewer::All);
        json!({"hand": hand, "step": step, "state": v.to_json(),
               "layout": v.drawn(), "events": events})
    };
    replay_with(rec, |visit| {
        match visit {
            Visit::Dealt { game, hand } => frames.push(frame(game, hand, &[], Value::Null)),
            Visit::Acted {
                game,
                hand,
                index,
                events,
                ..
            } => frames.push(frame(game, hand, events, json!(index))),
            Visit::Deal { .. } | Visit::Action { .. } => {}
        }
        ControlFlow::Continue(())
    })
    .map_err(|e| e.to_string())?;
    Ok(frames)
}

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
        Ok(frames) => Json(json!({
            "summary": summary(&f),
            "facts": facts,
            "record": rec,
            "fair": fair,
            "verified": verified.is_ok(),
            "frames": frames,
        }))
        .into_response(),
        Err(e) => internal(e),
    }
}

/// The page, answered with `status`; a 404 page carries `data-missing`
/// (what was not found) on its body, so the page says so. Its `<html lang>`
/// is the browser's `Accept-Language` where the page speaks it.
pub(crate) fn page(status: StatusCode, missing: Option<&str>, headers: &HeaderMap) -> Response {
    let Some(content) = Assets::get("index.html") else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let html = String::from_utf8_lossy(&content.data).into_owned();
    let asked = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(crate::lang::from_accept_language);
    let html = match asked {
        Some(lang) => crate::lang::with_lang(&html, lang),
        None => html,
    };
    let html = match missing {
        Some(what) => html.replacen("<body>", &format!("<body data-missing=\"{what}\">"), 1),
        None => html,
    };
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8".to_string()),
            (header::CACHE_CONTROL, "no-cache".to_string()),
            (header::VARY, "Accept-Language".to_string()),
        ],
        html,
    )
        .into_response()
}

/// One CSV field, quoted when it needs to be (and defused when a
/// spreadsheet would read it as a formula).
pub(crate) fn csv_field(s: &str) -> String {
    let s = match s.chars().next() {
        Some('=' | '+' | '-' | '@') if s.parse::<f64>().is_err() => format!("'{s}"),
        _ => s.to_string(),
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// A CSV file for the browser to save as `filename`.
pub(crate) fn csv_download(filename: &str, body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
        ],
        body,
    )
        .into_response()
}

/// The page for a link whose target was found; the 404 page naming what is
/// `missing` when it was not; a 500 when the store could not say.
pub(crate) fn page_if(
    found: Result<bool, impl std::fmt::Display>,
    missing: &str,
    headers: &HeaderMap,
) -> Response {
    match found {
        Ok(true) => page(StatusCode::OK, None, headers),
        Ok(false) => page(StatusCode::NOT_FOUND, Some(missing), headers),
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
    if app.hub.get(&id).is_some() {
        return page(StatusCode::OK, None, &headers);
    }
    page_if(app.hub.store.exists(&id).await, "table", &headers)
}

/// A score sheet link (`/k/{id}`, the scorekeeper): the page while the
/// sheet exists; 404 otherwise.
async fn sheet_page(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    page_if(crate::keep::exists(&app.hub, &id).await, "sheet", &headers)
}

/// A tournament's link: the page while it exists; 404 otherwise.
async fn tournament_page(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    page_if(
        crate::tournament::http::exists(&app.hub, &id).await,
        "tournament",
        &headers,
    )
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
    if let Err(r) = crate::tournament::secrecy::check(&app.hub.store, &id).await {
        if r.code == crate::refusal::Code::RoundNotOver {
            return page(StatusCode::OK, None, &headers);
        }
    }
    let found = app.hub.store.finished(&id).await.map(|f| f.is_some());
    page_if(found, "replay", &headers)
}

async fn asset(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path.is_empty() {
        return page(StatusCode::OK, None, &headers);
    }
    if !path.contains('.') {
        return page(StatusCode::NOT_FOUND, Some("page"), &headers);
    }
    let file = path;
    match Assets::get(file) {
        Some(content) => {
            // The Fluent catalogs are UTF-8 text.
            let mime = if file.ends_with(".ftl") {
                "text/plain; charset=utf-8".to_string()
            } else {
                mime_guess::from_path(file)
                    .first_or_octet_stream()
                    .as_ref()
                    .to_string()
            };
            (
                [
                    (header::CONTENT_TYPE, mime),
                    (header::CACHE_CONTROL, "no-cache".to_string()),
                ],
                content.data,
            )
                .into_response()
        }
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_and_formulas_defused() {
        assert_eq!(csv_field("Ann"), "Ann");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(csv_field("-5"), "-5");
    }
}
