//! The HTTP side of puzzle runs: each route reads who asks and what, and
//! calls the service (`super`), which holds the rules.

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use domino_protocol::puzzles::{Bests, RunTried, RunTry, RunView, StartRun};
use domino_protocol::refusal::Refusal;

use super::{Kind, RunError, Seen};
use crate::puzzles::api::{Api, GuestQuery};
use crate::puzzles::show::unrated_shown;
use crate::web::answer::{HttpRefusal, Json};
use crate::web::routes::Routes;

pub fn routes(api: Api) -> Routes {
    Routes::new()
        .post("/api/puzzles/runs", start)
        .post("/api/puzzles/runs/{run}/try", try_run)
        .get("/api/puzzles/runs/best", bests)
        .with_state(api)
}

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
