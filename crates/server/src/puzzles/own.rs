//! A player's own puzzles (docs/puzzles.md, "Your own puzzles"): a
//! decision of one of their finished matches (the hand and the action's
//! index, as the coach numbers them) rebuilt from the stored record and
//! proved by the same solver as the shipped set's, then kept for that
//! profile alone. They are not rated: the player has met the position
//! before, and no one else tries it, so a rating would measure nothing.

use std::sync::LazyLock;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use domino_engine::Action;
use domino_puzzles::{prove_at, setup_at, FromRecordError, Limits, RecordPuzzle};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;

use super::{chosen, shown, taught, Showing, Shown, Tried};
use crate::answer::{HttpRefusal, Json};
use crate::coach::finished_record;
use crate::hub::Hub;
use crate::routes::Routes;
use domino_protocol::refusal::Code;

/// Most puzzles one player keeps: a bound on what one profile may store.
pub const MAX_OWN: i64 = 500;

/// One proof at a time on the server: a counting proof solves up to 256
/// worlds, and the blocking pool is shared with the tables' bots.
static PROVING: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(1));

pub fn routes(hub: Hub) -> Routes {
    Routes::new()
        .get("/api/puzzles/own", list)
        .post("/api/puzzles/own", make)
        .get("/api/puzzles/own/{id}", one)
        .post("/api/puzzles/own/{id}/try", try_own)
        .with_state(hub)
}

/// The signed-in profile's id: own puzzles are a profile's.
async fn profile(hub: &Hub, headers: &HeaderMap) -> Result<String, HttpRefusal> {
    match crate::profile::signed_in(hub, headers).await {
        Some((p, _)) => Ok(p.id),
        None => Err(HttpRefusal::new(
            StatusCode::UNAUTHORIZED,
            Code::SignedOut,
            "sign in to keep puzzles from your matches",
        )),
    }
}

fn store_error(e: impl std::fmt::Display) -> HttpRefusal {
    HttpRefusal::new(StatusCode::INTERNAL_SERVER_ERROR, Code::Store, e)
}

/// A decision of a finished match to make into a puzzle.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Make {
    table: String,
    /// From 1.
    hand: usize,
    /// From 0, in the hand.
    index: usize,
}

/// An own puzzle in the list: where it is from, never its answer.
#[derive(Debug, Serialize)]
struct Listed {
    id: String,
    table: String,
    hand: usize,
    index: usize,
    game: String,
    kind: domino_puzzles::Kind,
}

impl From<&RecordPuzzle> for Listed {
    fn from(p: &RecordPuzzle) -> Listed {
        Listed {
            id: p.id.clone(),
            table: p.table.clone(),
            hand: p.hand,
            index: p.index,
            game: p.game.clone(),
            kind: p.kind,
        }
    }
}

/// `POST /api/puzzles/own`: prove the decision and keep it for the player
/// who made it; 201 with the puzzle listed, 200 when it was kept already.
async fn make(
    State(hub): State<Hub>,
    headers: HeaderMap,
    Json(m): Json<Make>,
) -> Result<(StatusCode, axum::Json<Listed>), HttpRefusal> {
    let me = profile(&hub, &headers).await?;
    let (rec, f) = finished_record(&hub, &m.table).await?;
    let (hand, index) = (m.hand, m.index);
    // Whose decision it was, before any proof: only its player may keep it.
    let probe = rec.clone();
    let seat =
        tokio::task::spawn_blocking(move || setup_at(&probe, hand, index).map(|(s, _)| s.seat))
            .await
            .map_err(HttpRefusal::internal)?
            .map_err(unprovable)?;
    let theirs = f
        .seats
        .iter()
        .find(|s| s.seat == i64::from(seat))
        .and_then(|s| s.profile_id.as_deref());
    if theirs != Some(me.as_str()) {
        return Err(HttpRefusal::new(
            StatusCode::FORBIDDEN,
            Code::NotSeated,
            "this play was not yours: puzzles are made from your own plays",
        ));
    }
    if hub.store.own_puzzle_count(&me).await.map_err(store_error)? >= MAX_OWN {
        return Err(HttpRefusal::new(
            StatusCode::CONFLICT,
            Code::Full,
            format!("you keep {MAX_OWN} puzzles already"),
        ));
    }
    let permit = PROVING.acquire().await.map_err(HttpRefusal::internal)?;
    let table = m.table.clone();
    let proved =
        tokio::task::spawn_blocking(move || prove_at(&table, &rec, hand, index, Limits::default()))
            .await
            .map_err(HttpRefusal::internal)?;
    drop(permit);
    let p = proved.map_err(unprovable)?;
    let now = crate::clock::now_ms();
    let new = hub
        .store
        .keep_own_puzzle(&me, &p, now)
        .await
        .map_err(store_error)?;
    let status = if new {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, axum::Json(Listed::from(&p))))
}

/// A decision the solver makes no puzzle of, in words.
fn unprovable(e: FromRecordError) -> HttpRefusal {
    let status = match e {
        FromRecordError::Record(_) => StatusCode::INTERNAL_SERVER_ERROR,
        FromRecordError::NoSuchAction { .. } => StatusCode::NOT_FOUND,
        FromRecordError::Position(_) | FromRecordError::Rejected(_) => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
    };
    HttpRefusal::new(status, Code::NoPuzzle, format!("no puzzle here: {e}"))
}

/// `GET /api/puzzles/own`: the player's puzzles, the newest first.
async fn list(
    State(hub): State<Hub>,
    headers: HeaderMap,
) -> Result<axum::Json<Vec<Listed>>, HttpRefusal> {
    let me = profile(&hub, &headers).await?;
    let all = hub.store.own_puzzles(&me).await.map_err(store_error)?;
    Ok(axum::Json(all.iter().map(Listed::from).collect()))
}

/// One of the player's puzzles, or a 404 (also for another player's).
async fn mine(hub: &Hub, headers: &HeaderMap, id: &str) -> Result<RecordPuzzle, HttpRefusal> {
    let me = profile(hub, headers).await?;
    hub.store
        .own_puzzle(&me, id)
        .await
        .map_err(store_error)?
        .ok_or_else(|| {
            HttpRefusal::new(
                StatusCode::NOT_FOUND,
                Code::NoPuzzle,
                format!("you have no puzzle {id:?}"),
            )
        })
}

/// Rebuild an own puzzle's position from its match's record.
async fn rebuilt(hub: &Hub, p: &RecordPuzzle) -> Result<domino_puzzles::Setup, HttpRefusal> {
    let (rec, _) = finished_record(hub, &p.table).await?;
    let (hand, index) = (p.hand, p.index);
    tokio::task::spawn_blocking(move || setup_at(&rec, hand, index).map(|(s, _)| s))
        .await
        .map_err(HttpRefusal::internal)?
        .map_err(|e| HttpRefusal::internal(format!("own puzzle {}: {e}", p.id)))
}

/// `GET /api/puzzles/own/{id}`: the puzzle, shown as its kind allows.
async fn one(
    State(hub): State<Hub>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<axum::Json<Shown>, HttpRefusal> {
    let p = mine(&hub, &headers, &id).await?;
    let setup = rebuilt(&hub, &p).await?;
    Ok(axum::Json(shown(
        &setup,
        Showing {
            id: &p.id,
            game: &p.game,
            kind: p.kind,
            themes: &p.themes,
            worlds: p.worlds,
        },
    )))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TryOwn {
    action: Action,
}

/// `POST /api/puzzles/own/{id}/try`: right or wrong, the solver's values
/// and what was played in the match; no rating moves.
async fn try_own(
    State(hub): State<Hub>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Json(t): Json<TryOwn>,
) -> Result<axum::Json<Tried>, HttpRefusal> {
    let p = mine(&hub, &headers, &id).await?;
    let tried = chosen(&p.choices, t.action)?;
    let right = domino_puzzles::rate::same_play(t.action, p.answer);
    let setup = rebuilt(&hub, &p).await?;
    let build = move || Ok(setup);
    let taught = taught(p.id.clone(), build, p.kind, p.answer, tried, right).await;
    Ok(axum::Json(Tried {
        right,
        unrated: None,
        answer: p.answer,
        choices: p.choices,
        player: None,
        puzzle: None,
        played: Some(p.played),
        explained: taught.explained,
        line: taught.line,
        your_line: taught.your_line,
    }))
}
