//! The HTTP side: the embedded page (`web/`), lobby and history endpoints,
//! record downloads, and the WebSocket upgrade at `/ws`.
//!
//! `GET /api/presets`, `GET /api/tables` (open public tables),
//! `GET /api/history` (finished public matches), `GET /api/history/{id}`
//! (a replay: the record, the revealed hand keys and commitments, and a
//! full view after every step), `GET /api/history/{id}/record` (the
//! `domino-record/1` file). Any other path serves the page, so share links
//! (`/t/{id}`) and replay links (`/r/{id}`) open it.

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use domino_engine::record::Record;
use domino_engine::{Event, Match, Viewer};
use rust_embed::RustEmbed;
use serde_json::{json, Value};
use tokio::sync::watch;

use crate::fair::{self, Secret};
use crate::hub::Hub;
use crate::store::Finished;

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Assets;

#[derive(Clone, Debug)]
struct App {
    hub: Hub,
    stop: watch::Receiver<bool>,
}

/// The whole HTTP application.
pub fn router(hub: Hub, stop: watch::Receiver<bool>) -> Router {
    Router::new()
        .route("/ws", get(upgrade))
        .route(
            "/api/presets",
            get(|| async { Json(crate::ws::presets_json()) }),
        )
        .route("/api/tables", get(tables))
        .route("/api/history", get(history))
        .route("/api/history/{id}", get(replay))
        .route("/api/history/{id}/record", get(record))
        .fallback(asset)
        .with_state(App { hub, stop })
}

async fn upgrade(ws: WebSocketUpgrade, State(app): State<App>) -> Response {
    let hub = app.hub.clone();
    let stop = app.stop.clone();
    // Protocol frames above a megabyte close the socket; smaller oversized
    // messages get a `too_large` error from the protocol itself.
    ws.max_message_size(1 << 20)
        .max_frame_size(1 << 20)
        .on_upgrade(move |socket| crate::ws::serve(socket, hub, stop))
}

async fn tables(State(app): State<App>) -> Json<Value> {
    Json(Value::Array(app.hub.list()))
}

fn internal(e: impl std::fmt::Display) -> Response {
    (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response()
}

fn summary(f: &Finished) -> Value {
    let rules: Value = serde_json::from_str(&f.table.rules).unwrap_or(Value::Null);
    let mut names: Vec<Value> = Vec::new();
    let players = rules["players"].as_u64().unwrap_or(0) as i64;
    for s in 0..players {
        names.push(
            f.seats
                .iter()
                .find(|r| r.seat == s)
                .map_or(Value::Null, |r| json!(r.name)),
        );
    }
    let rec: Value = serde_json::from_str(&f.record).unwrap_or(Value::Null);
    json!({
        "id": f.table.id, "rules": rules, "names": names, "bot": f.table.bot,
        "created_at": f.table.created_at, "finished_at": f.finished_at,
        "hands": rec["hands"].as_array().map_or(0, Vec::len),
    })
}

async fn history(State(app): State<App>) -> Response {
    match app.hub.store.finished_list(100).await {
        Ok(list) => Json(Value::Array(list.iter().map(summary).collect())).into_response(),
        Err(e) => internal(e),
    }
}

async fn finished(app: &App, id: &str) -> Result<(Finished, Record), Response> {
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
    let rules = rec.rules.resolve().map_err(|e| e.to_string())?;
    let mut frames = Vec::new();
    let mut m: Option<Match> = None;
    for (h, hand) in rec.hands.iter().enumerate() {
        match &mut m {
            None => m = Some(Match::new(rules, None, Some(&hand.deal)).map_err(|e| e.to_string())?),
            Some(m) => m.next_hand(Some(&hand.deal)).map_err(|e| e.to_string())?,
        }
        let Some(m) = m.as_mut() else { break };
        let frame = |m: &Match, events: &[Event], step: Value| {
            let v = m.view(Viewer::All);
            json!({"hand": h + 1, "step": step, "state": v.to_json(),
                   "layout": v.layout_json(), "events": events})
        };
        frames.push(frame(m, &[], Value::Null));
        for (i, e) in hand.actions.iter().enumerate() {
            let mut events = Vec::new();
            m.act_as(e.seat, e.action, &mut events)
                .map_err(|err| format!("hand {}, action {i}: {err}", h + 1))?;
            frames.push(frame(m, &events, json!(i)));
        }
    }
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
    match replay_frames(&rec) {
        Ok(frames) => Json(json!({
            "summary": summary(&f),
            "record": rec,
            "fair": fair,
            "verified": verified.is_ok(),
            "frames": frames,
        }))
        .into_response(),
        Err(e) => internal(e),
    }
}

async fn asset(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let file = if path.is_empty() || !path.contains('.') {
        "index.html"
    } else {
        path
    };
    match Assets::get(file) {
        Some(content) => {
            let mime = mime_guess::from_path(file).first_or_octet_stream();
            (
                [
                    (header::CONTENT_TYPE, mime.as_ref().to_string()),
                    (header::CACHE_CONTROL, "no-cache".to_string()),
                ],
                content.data,
            )
                .into_response()
        }
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}
