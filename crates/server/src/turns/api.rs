//! `POST /api/turns` `{"seats": [{"table", "token"}]}`: the service's
//! answer, or its refusal with its code's status.

use axum::extract::State;
use domino_protocol::turns::{Ask, MyTable};

use super::Turns;
use crate::web::answer::{HttpRefusal, Json};
use crate::web::routes::Routes;

pub fn routes(turns: Turns) -> Routes {
    Routes::new().post("/api/turns", of).with_state(turns)
}

/// The turns' operation in the OpenAPI document.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(of))]
pub struct Doc;

/// The lobby's "your turn" list: of the seats the caller holds (each named
/// by its table and seat token), those still at a table, "your turn" first,
/// then the least time left, with each table's clock.
///
/// A seat no table holds any more is left out; too many seats in one ask
/// are refused (`bad_request`).
#[utoipa::path(post, path = "/api/turns", tag = "turns",
    request_body = Ask,
    responses((status = 200, description = "The caller's tables, its turn first", body = Vec<MyTable>)))]
async fn of(
    State(turns): State<Turns>,
    Json(ask): Json<Ask>,
) -> Result<Json<Vec<MyTable>>, HttpRefusal> {
    Ok(Json(turns.of(&ask).await?))
}
