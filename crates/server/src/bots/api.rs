//! Bot accounts over HTTP (docs/botapi.md): each route reads who asks and
//! the body and calls the service; a refusal's status is its code's.
//!
//! - `POST /api/profile/bot`: the signed-in profile becomes a bot account.
//! - `POST /api/tokens` `{name}`: a new API token, 201 (its secret once).
//! - `GET /api/tokens`: the account's tokens.
//! - `DELETE /api/tokens/{id}`: one revoked, 204.
//! - `GET /api/bots`: the bots to play (accounts online, built-in levels).
//! - `GET /api/bot/tables`: the account's seats at tables still playing.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use domino_protocol::bots::BotTable;
use domino_protocol::profile::ProfileCard;
use domino_protocol::refusal::{Code, Refusal};
use domino_protocol::tokens::{Empty, Listed, Made, NewToken, Playable};
use domino_store::profiles::Profile;

use super::BotAccounts;
use crate::web::answer::{HttpRefusal, Json};
use crate::web::routes::Routes;
use crate::who::Who;

/// What the bot accounts' routes are given: the service and who asks.
#[derive(Clone, Debug)]
struct Api {
    bots: BotAccounts,
    who: Who,
}

pub fn routes(bots: BotAccounts, who: Who) -> Routes {
    Routes::new()
        .post("/api/profile/bot", become_bot)
        .post("/api/tokens", new_token)
        .get("/api/tokens", tokens)
        .delete("/api/tokens/{id}", revoke)
        .get("/api/bots", playable)
        .get("/api/bot/tables", live_tables)
        .with_state(Api { bots, who })
}

/// The signed-in profile (cookie or token), or `signed_out`.
async fn profile(api: &Api, headers: &HeaderMap) -> Result<Profile, Refusal> {
    api.who
        .signed_in(headers)
        .await
        .map(|(p, _)| p)
        .ok_or_else(|| Refusal::new(Code::SignedOut, "sign in first"))
}

async fn become_bot(
    State(api): State<Api>,
    headers: HeaderMap,
    Json(_): Json<Empty>,
) -> Result<Json<ProfileCard>, HttpRefusal> {
    let p = profile(&api, &headers).await?;
    Ok(Json(api.bots.become_bot(&p).await?))
}

async fn new_token(
    State(api): State<Api>,
    headers: HeaderMap,
    Json(req): Json<NewToken>,
) -> Result<(StatusCode, Json<Made>), HttpRefusal> {
    let p = profile(&api, &headers).await?;
    let made = api.bots.new_token(p, &req.name).await?;
    Ok((StatusCode::CREATED, Json(made)))
}

async fn tokens(
    State(api): State<Api>,
    headers: HeaderMap,
) -> Result<Json<Vec<Listed>>, HttpRefusal> {
    let p = profile(&api, &headers).await?;
    Ok(Json(api.bots.tokens(p).await?))
}

async fn revoke(
    State(api): State<Api>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<StatusCode, HttpRefusal> {
    let p = profile(&api, &headers).await?;
    api.bots.revoke(p, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn live_tables(
    State(api): State<Api>,
    headers: HeaderMap,
) -> Result<Json<Vec<BotTable>>, HttpRefusal> {
    let p = profile(&api, &headers).await?;
    Ok(Json(api.bots.live_tables(p).await?))
}

async fn playable(State(api): State<Api>) -> Result<Json<Vec<Playable>>, HttpRefusal> {
    Ok(Json(api.bots.playable().await?))
}
