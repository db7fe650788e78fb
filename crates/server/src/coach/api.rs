//! The coach's HTTP adapter: `GET /api/analysis/{id}`.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use domino_protocol::coach::CoachReport;

use super::Coach;
use crate::web::answer::HttpRefusal;
use crate::web::routes::Routes;

pub fn routes(coach: Arc<Coach>) -> Routes {
    Routes::new()
        .get("/api/analysis/{id}", analysis)
        .with_state(coach)
}

async fn analysis(
    State(coach): State<Arc<Coach>>,
    Path(id): Path<String>,
) -> Result<Json<CoachReport>, HttpRefusal> {
    let report = coach.analysis_of(&id).await?;
    Ok(Json(report.as_ref().clone()))
}
