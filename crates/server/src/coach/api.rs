//! The coach's HTTP adapter: `GET /api/analysis/{id}` (`?hand=N` for one hand).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use domino_protocol::coach::CoachReport;
use serde::Deserialize;

use super::Coach;
use crate::web::answer::{HttpRefusal, Query};
use crate::web::routes::Routes;

pub fn routes(coach: Arc<Coach>) -> Routes {
    Routes::new()
        .get("/api/analysis/{id}", analysis)
        .with_state(coach)
}

/// The coach's operation in the OpenAPI document.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(analysis))]
pub struct Doc;

/// Which part of the match to analyse.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct AnalysisQuery {
    /// Only this hand (from 1): a match too long to go through whole (many
    /// hands of Mexican Train or chicken foot) is analysed a hand at a time.
    #[serde(default)]
    hand: Option<u32>,
}

/// The coach's analysis of a finished match: each decision's cost, what
/// the expert would have played from the seat's own view, the marks and
/// each player's totals.
///
/// A match not analysed yet is analysed now, one at a time with a few
/// waiting at most (`analysis_busy`, 503, when more wait); the answer is
/// kept, so asking again is instant. A match too large for the time budget
/// is refused (`analysis_too_large`): ask for one hand at a time with
/// `hand`. A duplicate round's match is refused while the round is played.
#[utoipa::path(get, path = "/api/analysis/{id}", tag = "matches",
    params(("id" = String, Path, description = "The finished match's table id"), AnalysisQuery),
    responses((status = 200, description = "The analysis", body = CoachReport)))]
async fn analysis(
    State(coach): State<Arc<Coach>>,
    Path(id): Path<String>,
    Query(q): Query<AnalysisQuery>,
) -> Result<Json<CoachReport>, HttpRefusal> {
    let report = coach.analysis_of(&id, q.hand).await?;
    Ok(Json(report.as_ref().clone()))
}
