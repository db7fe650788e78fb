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

async fn of(
    State(turns): State<Turns>,
    Json(ask): Json<Ask>,
) -> Result<Json<Vec<MyTable>>, HttpRefusal> {
    Ok(Json(turns.of(&ask).await?))
}
