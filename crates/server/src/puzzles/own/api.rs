//! The HTTP side of a player's own puzzles: the signed-in profile, then
//! the service (`super`).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use domino_protocol::puzzles::{MakeOwn, OwnListed, Shown, Tried, TryOwn};
use domino_protocol::refusal::Code;
use domino_puzzles::FromRecordError;

use super::OwnError;
use crate::puzzles::api::Api;
use crate::web::answer::{HttpRefusal, Json};
use crate::web::routes::Routes;

pub fn routes(api: Api) -> Routes {
    Routes::new()
        .get("/api/puzzles/own", list)
        .post("/api/puzzles/own", make)
        .get("/api/puzzles/own/{id}", one)
        .post("/api/puzzles/own/{id}/try", try_own)
        .with_state(api)
}

/// The own puzzles' operations in the OpenAPI document.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(list, make, one, try_own))]
pub struct Doc;

/// The signed-in profile's id: own puzzles are a profile's.
async fn profile(api: &Api, headers: &HeaderMap) -> Result<String, HttpRefusal> {
    let why = "sign in to keep puzzles from your matches";
    Ok(api.who.profile_id(headers, why).await?)
}

/// A decision the solver makes no puzzle of: 404 when the match has no
/// such play, 422 when the position makes no puzzle.
fn refused(e: OwnError) -> HttpRefusal {
    let e = match e {
        OwnError::Refused(r) => return r.into(),
        OwnError::Unprovable(e) => e,
    };
    let status = match e {
        FromRecordError::Record(_) => StatusCode::INTERNAL_SERVER_ERROR,
        FromRecordError::NoSuchAction { .. } => StatusCode::NOT_FOUND,
        FromRecordError::Position(_) | FromRecordError::Rejected(_) => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
    };
    HttpRefusal::new(status, Code::NoPuzzle, format!("no puzzle here: {e}"))
}

/// Make a decision of one of your finished matches into your own puzzle.
///
/// The solver proves it first: refused (`no_puzzle`) with 404 when the
/// match has no such play, 422 when the position makes no puzzle.
#[utoipa::path(post, path = "/api/puzzles/own", tag = "puzzles",
    request_body = MakeOwn,
    responses(
        (status = 201, description = "Made: the puzzle as listed", body = OwnListed),
        (status = 200, description = "Kept already: the puzzle as listed", body = OwnListed),
    ),
    security(("bearer" = []), ("cookie" = [])))]
async fn make(
    State(api): State<Api>,
    headers: HeaderMap,
    Json(m): Json<MakeOwn>,
) -> Result<(StatusCode, axum::Json<OwnListed>), HttpRefusal> {
    let me = profile(&api, &headers).await?;
    let (new, listed) = api
        .puzzles
        .make_own(&me, &m.table, m.hand, m.index)
        .await
        .map_err(refused)?;
    let status = if new {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, axum::Json(listed)))
}

/// Your own puzzles, the newest first.
#[utoipa::path(get, path = "/api/puzzles/own", tag = "puzzles",
    responses((status = 200, description = "Your puzzles, without their answers", body = Vec<OwnListed>)),
    security(("bearer" = []), ("cookie" = [])))]
async fn list(
    State(api): State<Api>,
    headers: HeaderMap,
) -> Result<axum::Json<Vec<OwnListed>>, HttpRefusal> {
    let me = profile(&api, &headers).await?;
    Ok(axum::Json(api.puzzles.own_list(&me).await?))
}

/// One of your own puzzles, shown as its kind allows.
#[utoipa::path(get, path = "/api/puzzles/own/{id}", tag = "puzzles",
    params(("id" = String, Path, description = "The puzzle's id")),
    responses((status = 200, description = "The puzzle, without ratings", body = Shown)),
    security(("bearer" = []), ("cookie" = [])))]
async fn one(
    State(api): State<Api>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<axum::Json<Shown>, HttpRefusal> {
    let me = profile(&api, &headers).await?;
    Ok(axum::Json(api.puzzles.own_one(&me, &id).await?))
}

/// Try one of your own puzzles.
///
/// Right or wrong, with the solver's values and what was played in the
/// match; no rating moves.
#[utoipa::path(post, path = "/api/puzzles/own/{id}/try", tag = "puzzles",
    params(("id" = String, Path, description = "The puzzle's id")),
    request_body = TryOwn,
    responses((status = 200, description = "Tried: the answer, the values, the play in the match", body = Tried)),
    security(("bearer" = []), ("cookie" = [])))]
async fn try_own(
    State(api): State<Api>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Json(t): Json<TryOwn>,
) -> Result<axum::Json<Tried>, HttpRefusal> {
    let me = profile(&api, &headers).await?;
    Ok(axum::Json(api.puzzles.try_own(&me, &id, t.action).await?))
}
