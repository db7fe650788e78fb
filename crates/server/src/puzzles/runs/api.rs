//! The HTTP side of puzzle runs: each route reads who asks and what, and
//! calls the service (`super`), which holds the rules.

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use domino_engine::Action;
use domino_protocol::refusal::Refusal;
use serde::{Deserialize, Serialize};

use super::{Kind, RunError, Seen};
use crate::answer::{HttpRefusal, Json};
use crate::hub::Hub;
use crate::puzzles::{player, unrated_shown, GuestQuery, Shown};
use crate::routes::Routes;

pub fn routes(hub: Hub) -> Routes {
    Routes::new()
        .post("/api/puzzles/runs", start)
        .post("/api/puzzles/runs/{run}/try", try_run)
        .get("/api/puzzles/runs/best", bests)
        .with_state(hub)
}

fn refused(e: RunError) -> HttpRefusal {
    if let RunError::Store(_) | RunError::Broken(..) = &e {
        return HttpRefusal::internal(e);
    }
    Refusal::from(e).into()
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Start {
    kind: Kind,
    #[serde(default)]
    guest: Option<String>,
}

/// A run as the page shows it.
#[derive(Debug, Serialize)]
pub struct RunView {
    pub run: String,
    pub kind: Kind,
    pub score: i64,
    pub best: i64,
    /// The puzzle to answer now; none once the run is over. Not rated, so
    /// without ratings.
    pub puzzle: Option<Shown>,
    /// When a storm ends (the server's time, ms since the epoch).
    pub ends_ms: Option<i64>,
    /// The server's time now, so the page can count down on its own clock.
    pub now_ms: i64,
    pub over: bool,
}

/// A try's answer: the run after it.
#[derive(Debug, Serialize)]
pub struct RunTried {
    pub right: bool,
    pub answer: Action,
    /// Not when the try came after the storm's end.
    pub counted: bool,
    /// This run holds the player's best of its kind.
    pub new_best: bool,
    #[serde(flatten)]
    pub run: RunView,
}

fn view(seen: Seen, now: i64) -> Result<RunView, HttpRefusal> {
    let puzzle = match seen.puzzle {
        Some(p) if !seen.run.over => Some(unrated_shown(p)?),
        _ => None,
    };
    Ok(RunView {
        run: seen.run.id,
        kind: seen.kind,
        score: seen.run.score,
        best: seen.best,
        puzzle,
        ends_ms: seen.run.ends_at,
        now_ms: now,
        over: seen.run.over,
    })
}

async fn start(
    State(hub): State<Hub>,
    headers: HeaderMap,
    Json(s): Json<Start>,
) -> Result<axum::Json<RunView>, HttpRefusal> {
    let player = player(&hub, &headers, s.guest.as_deref()).await?;
    let now = hub.config.time.now_ms();
    let seen = super::start(&hub, &player, s.kind, now)
        .await
        .map_err(refused)?;
    Ok(axum::Json(view(seen, now)?))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RunTry {
    /// The puzzle the try answers: the run's current one.
    puzzle: String,
    action: Action,
    #[serde(default)]
    guest: Option<String>,
}

async fn try_run(
    State(hub): State<Hub>,
    headers: HeaderMap,
    Path(run): Path<String>,
    Json(t): Json<RunTry>,
) -> Result<axum::Json<RunTried>, HttpRefusal> {
    let player = player(&hub, &headers, t.guest.as_deref()).await?;
    let now = hub.config.time.now_ms();
    let tried = super::try_run(&hub, &player, &run, &t.puzzle, t.action, now)
        .await
        .map_err(refused)?;
    Ok(axum::Json(RunTried {
        right: tried.right,
        answer: tried.answer,
        counted: tried.counted,
        new_best: tried.new_best,
        run: view(tried.seen, now)?,
    }))
}

/// The player's best of each kind, 0 for a kind never scored in.
#[derive(Debug, Serialize)]
pub struct Bests {
    pub streak: i64,
    pub storm: i64,
}

async fn bests(
    State(hub): State<Hub>,
    headers: HeaderMap,
    Query(q): Query<GuestQuery>,
) -> Result<axum::Json<Bests>, HttpRefusal> {
    let player = player(&hub, &headers, q.guest.as_deref()).await?;
    let (streak, _) = super::best(&hub, &player, Kind::Streak)
        .await
        .map_err(refused)?;
    let (storm, _) = super::best(&hub, &player, Kind::Storm)
        .await
        .map_err(refused)?;
    Ok(axum::Json(Bests { streak, storm }))
}
