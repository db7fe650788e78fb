//! The puzzles' HTTP adapters: each route reads who asks (a profile, or a
//! guest's browser id) and what, and calls the service.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use domino_protocol::puzzles::{Game, HistoryRow, Shown, Tried, Try};
use domino_protocol::refusal::{Code, Refusal};
use domino_puzzles::Theme;
use serde::Deserialize;

use super::{games, NextAsk, Puzzles};
use crate::web::answer::{HttpRefusal, Json, Query};
use crate::web::routes::Routes;
use crate::who::Who;

/// What the puzzles' routes are given: the service, and who asks.
#[derive(Clone, Debug)]
pub struct Api {
    pub puzzles: Puzzles,
    pub who: Who,
}

/// The puzzle routes and the page.
pub fn routes(puzzles: Puzzles, who: Who) -> Routes {
    let api = Api { puzzles, who };
    Routes::new()
        .get("/api/puzzles/next", next)
        .get("/api/puzzles/daily", daily_puzzle)
        .get("/api/puzzles/games", game_list)
        .post("/api/puzzles/{id}/try", try_puzzle)
        .get("/api/puzzles/history", history)
        .get("/api/puzzles/{id}", open)
        .get("/puzzles", page)
        .with_state(api.clone())
        .merge(super::own::api::routes(api.clone()))
        .merge(super::runs::api::routes(api))
}

/// Who asks, when not signed in.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct GuestQuery {
    /// A guest's browser id (8 to 64 letters, digits, - or _); not needed
    /// when signed in.
    #[serde(default)]
    pub(crate) guest: Option<String>,
}

/// Which puzzle to give next, and to whom.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct NextQuery {
    /// Only puzzles of this theme (its name as the set spells it); none or
    /// empty: any.
    #[serde(default)]
    theme: Option<String>,
    /// Only puzzles of this game (as `/api/puzzles/games` names it); none
    /// or empty: any.
    #[serde(default)]
    game: Option<String>,
    /// The puzzle just seen, not to be given again at once.
    #[serde(default)]
    skip: Option<String>,
    /// A guest's browser id (8 to 64 letters, digits, - or _); not needed
    /// when signed in.
    #[serde(default)]
    guest: Option<String>,
}

/// The puzzles' operations in the OpenAPI document.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(next, daily_puzzle, game_list, try_puzzle, history, open))]
pub struct Doc;

fn empty(s: Option<String>) -> Option<String> {
    s.filter(|s| !s.is_empty())
}

/// A theme by its name, as the set spells it.
fn theme(name: Option<String>) -> Result<Option<Theme>, Refusal> {
    let Some(t) = empty(name) else {
        return Ok(None);
    };
    serde_json::from_value::<Theme>(serde_json::Value::String(t.clone()))
        .map(Some)
        .map_err(|_| Refusal::new(Code::BadRequest, format!("no theme is called {t:?}")))
}

/// The next puzzle for the player, near their rating.
///
/// One never given to them while the filter has others, else one still to
/// try; its first try is rated. A guest sends its browser id.
#[utoipa::path(get, path = "/api/puzzles/next", tag = "puzzles",
    params(NextQuery),
    responses((status = 200, description = "The puzzle, with its rating and the player's", body = Shown)),
    security((), ("bearer" = []), ("cookie" = [])))]
async fn next(
    State(api): State<Api>,
    headers: HeaderMap,
    Query(q): Query<NextQuery>,
) -> Result<axum::Json<Shown>, HttpRefusal> {
    let theme = theme(q.theme)?;
    let player = api.who.player(&headers, q.guest.as_deref()).await?;
    let ask = NextAsk {
        theme,
        game: empty(q.game),
        skip: q.skip,
    };
    Ok(axum::Json(api.puzzles.next(&player, ask).await?))
}

/// Today's puzzle (UTC), the same for everyone.
///
/// Given to the player like the next one: its first try is rated.
#[utoipa::path(get, path = "/api/puzzles/daily", tag = "puzzles",
    params(GuestQuery),
    responses((status = 200, description = "Today's puzzle, with its rating and the player's", body = Shown)),
    security((), ("bearer" = []), ("cookie" = [])))]
async fn daily_puzzle(
    State(api): State<Api>,
    headers: HeaderMap,
    Query(q): Query<GuestQuery>,
) -> Result<axum::Json<Shown>, HttpRefusal> {
    let player = api.who.player(&headers, q.guest.as_deref()).await?;
    Ok(axum::Json(api.puzzles.daily(&player).await?))
}

/// The games to choose from, for the page's game filter.
#[utoipa::path(get, path = "/api/puzzles/games", tag = "puzzles",
    responses((status = 200, description = "Each game the set has puzzles for, and how many", body = Vec<Game>)))]
async fn game_list() -> axum::Json<Vec<Game>> {
    axum::Json(
        games()
            .into_iter()
            .map(|(game, puzzles)| Game {
                game: game.to_string(),
                puzzles,
            })
            .collect(),
    )
}

/// Try a puzzle of the set: the play chosen.
///
/// Right or wrong, with the solver's value of every play; rated only as
/// the first try of a puzzle given to the player, and noted in their
/// history either way.
#[utoipa::path(post, path = "/api/puzzles/{id}/try", tag = "puzzles",
    params(("id" = String, Path, description = "The puzzle's id")),
    request_body = Try,
    responses((status = 200, description = "Tried: the answer, the values, the ratings moved", body = Tried)),
    security((), ("bearer" = []), ("cookie" = [])))]
async fn try_puzzle(
    State(api): State<Api>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Json(t): Json<Try>,
) -> Result<axum::Json<Tried>, HttpRefusal> {
    let attempt = api.puzzles.attempt(&id, t.action)?;
    let player = api.who.player(&headers, t.guest.as_deref()).await?;
    Ok(axum::Json(api.puzzles.try_set(&player, attempt).await?))
}

/// The player's first tries at the set's puzzles, newest first.
#[utoipa::path(get, path = "/api/puzzles/history", tag = "puzzles",
    params(GuestQuery),
    responses((status = 200, description = "The tries", body = Vec<HistoryRow>)),
    security((), ("bearer" = []), ("cookie" = [])))]
async fn history(
    State(api): State<Api>,
    headers: HeaderMap,
    Query(q): Query<GuestQuery>,
) -> Result<axum::Json<Vec<HistoryRow>>, HttpRefusal> {
    let player = api.who.player(&headers, q.guest.as_deref()).await?;
    Ok(axum::Json(api.puzzles.history(&player).await?))
}

/// A puzzle of the set by its id, to try unrated.
#[utoipa::path(get, path = "/api/puzzles/{id}", tag = "puzzles",
    params(("id" = String, Path, description = "The puzzle's id")),
    responses((status = 200, description = "The puzzle, without ratings", body = Shown)))]
async fn open(
    State(api): State<Api>,
    Path(id): Path<String>,
) -> Result<axum::Json<Shown>, HttpRefusal> {
    Ok(axum::Json(api.puzzles.open(&id)?))
}

async fn page(headers: HeaderMap) -> Response {
    crate::web::page::page(StatusCode::OK, None, &headers)
}
