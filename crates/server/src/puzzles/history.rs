//! A player's tries at the set's puzzles, to look back on, and any puzzle
//! of the set opened by its id to try again (unrated: see `try_puzzle`).

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use domino_protocol::refusal::Code;
use serde::Serialize;

use super::{by_id, game_of, player, unrated_shown, GuestQuery, Shown};
use crate::answer::HttpRefusal;
use crate::hub::Hub;
use crate::routes::Routes;

/// How many tries the history lists, newest first.
const HISTORY_LENGTH: i64 = 100;

pub fn routes(hub: Hub) -> Routes {
    Routes::new()
        .get("/api/puzzles/history", history)
        .get("/api/puzzles/{id}", open)
        .with_state(hub)
}

/// A first try at a puzzle, as the history lists it.
#[derive(Debug, Serialize)]
pub struct HistoryRow {
    pub id: String,
    /// The puzzle's game (a preset's name).
    pub game: String,
    pub tried_ms: i64,
    pub right: bool,
    /// Whether the try moved the player's rating.
    pub rated: bool,
}

async fn history(
    State(hub): State<Hub>,
    headers: HeaderMap,
    Query(q): Query<GuestQuery>,
) -> Result<axum::Json<Vec<HistoryRow>>, HttpRefusal> {
    let player = player(&hub, &headers, q.guest.as_deref()).await?;
    let tries = hub.store.puzzle_tries(&player, HISTORY_LENGTH).await?;
    Ok(axum::Json(
        tries
            .into_iter()
            // A puzzle no longer in the set is left out.
            .filter_map(|t| {
                let p = by_id(&t.puzzle)?;
                Some(HistoryRow {
                    id: t.puzzle,
                    game: game_of(p).to_string(),
                    tried_ms: t.tried_at,
                    right: t.solved,
                    rated: t.rated,
                })
            })
            .collect(),
    ))
}

/// A puzzle of the set by its id, without ratings and not served: its
/// tries are not rated.
async fn open(Path(id): Path<String>) -> Result<axum::Json<Shown>, HttpRefusal> {
    let p = by_id(&id).ok_or_else(|| {
        HttpRefusal::new(
            StatusCode::NOT_FOUND,
            Code::NoPuzzle,
            format!("no puzzle {id:?}"),
        )
    })?;
    Ok(axum::Json(unrated_shown(p)?))
}
