//! The puzzles' HTTP adapters: each route reads who asks (a profile, or a
//! guest's browser id) and what, and calls the service.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use domino_protocol::puzzles::{Game, HistoryRow, Shown, Tried, Try};
use domino_protocol::refusal::{Code, Refusal};
use domino_puzzles::Theme;
use serde::Deserialize;

use super::{games, NextAsk, Puzzles};
use crate::web::answer::{HttpRefusal, Json};
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GuestQuery {
    #[serde(default)]
    pub(crate) guest: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NextQuery {
    #[serde(default)]
    theme: Option<String>,
    #[serde(default)]
    game: Option<String>,
    /// The puzzle just seen, not to be given again at once.
    #[serde(default)]
    skip: Option<String>,
    #[serde(default)]
    guest: Option<String>,
}

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
async fn daily_puzzle(
    State(api): State<Api>,
    headers: HeaderMap,
    Query(q): Query<GuestQuery>,
) -> Result<axum::Json<Shown>, HttpRefusal> {
    let player = api.who.player(&headers, q.guest.as_deref()).await?;
    Ok(axum::Json(api.puzzles.daily(&player).await?))
}

/// The games to choose from, for the page's game filter.
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

async fn history(
    State(api): State<Api>,
    headers: HeaderMap,
    Query(q): Query<GuestQuery>,
) -> Result<axum::Json<Vec<HistoryRow>>, HttpRefusal> {
    let player = api.who.player(&headers, q.guest.as_deref()).await?;
    Ok(axum::Json(api.puzzles.history(&player).await?))
}

async fn open(
    State(api): State<Api>,
    Path(id): Path<String>,
) -> Result<axum::Json<Shown>, HttpRefusal> {
    Ok(axum::Json(api.puzzles.open(&id)?))
}

async fn page(headers: HeaderMap) -> Response {
    crate::web::page::page(StatusCode::OK, None, &headers)
}
