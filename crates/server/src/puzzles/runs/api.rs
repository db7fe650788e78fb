//! The HTTP side of puzzle runs: each route reads who asks and what, and
//! calls the service (`super`), which holds the rules.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use domino_protocol::puzzles::{Bests, RunTried, RunTry, RunView, StartRun};
use domino_protocol::refusal::Refusal;

use super::{Kind, RunError, Seen};
use crate::puzzles::api::{Api, GuestQuery};
use crate::puzzles::show::unrated_shown;
use crate::web::answer::{HttpRefusal, Json, Query};
use crate::web::routes::Routes;

pub fn routes(api: Api) -> Routes {
    Routes::new()
        .post("/api/puzzles/runs", start)
        .post("/api/puzzles/runs/{run}/try", try_run)
        .get("/api/puzzles/runs/best", bests)
        .with_state(api)
}

/// The puzzle runs' operations in the OpenAPI document.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(start, try_run, bests))]
pub struct Doc;

fn refused(e: RunError) -> HttpRefusal {
    if let RunError::Store(_) | RunError::Broken(..) = &e {
        return HttpRefusal::internal(e);
    }
    Refusal::from(e).into()
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

/// Start a run of puzzles: a streak or a storm.
///
/// A streak goes on, each puzzle harder, until the first miss; a storm
/// counts the puzzles answered before its time is up. Its puzzles are not
/// rated. A guest sends its browser id.
#[utoipa::path(post, path = "/api/puzzles/runs", tag = "puzzles",
    request_body = StartRun,
    responses((status = 200, description = "The run and its first puzzle", body = RunView)),
    security((), ("bearer" = []), ("cookie" = [])))]
async fn start(
    State(api): State<Api>,
    headers: HeaderMap,
    Json(s): Json<StartRun>,
) -> Result<axum::Json<RunView>, HttpRefusal> {
    let player = api.who.player(&headers, s.guest.as_deref()).await?;
    let now = api.puzzles.now();
    let seen = super::start(&api.puzzles, &player, s.kind, now)
        .await
        .map_err(refused)?;
    Ok(axum::Json(view(seen, now)?))
}

/// Answer a run's current puzzle.
#[utoipa::path(post, path = "/api/puzzles/runs/{run}/try", tag = "puzzles",
    params(("run" = String, Path, description = "The run's id")),
    request_body = RunTry,
    responses((status = 200, description = "Tried: right or wrong, and the run after it", body = RunTried)),
    security((), ("bearer" = []), ("cookie" = [])))]
async fn try_run(
    State(api): State<Api>,
    headers: HeaderMap,
    Path(run): Path<String>,
    Json(t): Json<RunTry>,
) -> Result<axum::Json<RunTried>, HttpRefusal> {
    let player = api.who.player(&headers, t.guest.as_deref()).await?;
    let now = api.puzzles.now();
    let tried = super::try_run(&api.puzzles, &player, &run, &t.puzzle, t.action, now)
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

/// The player's best score in each kind of run.
#[utoipa::path(get, path = "/api/puzzles/runs/best", tag = "puzzles",
    params(GuestQuery),
    responses((status = 200, description = "The best streak and storm, 0 for one never scored in", body = Bests)),
    security((), ("bearer" = []), ("cookie" = [])))]
async fn bests(
    State(api): State<Api>,
    headers: HeaderMap,
    Query(q): Query<GuestQuery>,
) -> Result<axum::Json<Bests>, HttpRefusal> {
    let player = api.who.player(&headers, q.guest.as_deref()).await?;
    let (streak, _) = super::best(&api.puzzles, &player, Kind::Streak)
        .await
        .map_err(refused)?;
    let (storm, _) = super::best(&api.puzzles, &player, Kind::Storm)
        .await
        .map_err(refused)?;
    Ok(axum::Json(Bests { streak, storm }))
}
