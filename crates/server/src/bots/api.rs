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

/// The bot accounts' operations in the OpenAPI document.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(become_bot, new_token, tokens, revoke, playable, live_tables))]
pub struct Doc;

/// Make the signed-in profile a bot account, for good. The body is `{}`.
///
/// A profile that has played a rated match as a person is refused
/// (`has_rated_games`): a rating earned by a person does not become a bot's.
#[utoipa::path(post, path = "/api/profile/bot", tag = "bots",
    request_body = Empty,
    responses((status = 200, description = "The profile, now a bot account", body = ProfileCard)),
    security(("bearer" = []), ("cookie" = [])))]
async fn become_bot(
    State(api): State<Api>,
    headers: HeaderMap,
    Json(_): Json<Empty>,
) -> Result<Json<ProfileCard>, HttpRefusal> {
    let p = profile(&api, &headers).await?;
    Ok(Json(api.bots.become_bot(&p).await?))
}

/// A new API token for the bot account, named by its owner: its secret is
/// in this answer only.
///
/// Bot accounts only (`not_a_bot`); at most 10 live tokens (`too_many_tokens`).
#[utoipa::path(post, path = "/api/tokens", tag = "bots",
    request_body = NewToken,
    responses((status = 201, description = "Made: the token's secret, shown once", body = Made)),
    security(("bearer" = []), ("cookie" = [])))]
async fn new_token(
    State(api): State<Api>,
    headers: HeaderMap,
    Json(req): Json<NewToken>,
) -> Result<(StatusCode, Json<Made>), HttpRefusal> {
    let p = profile(&api, &headers).await?;
    let made = api.bots.new_token(p, &req.name).await?;
    Ok((StatusCode::CREATED, Json(made)))
}

/// The bot account's tokens (names and dates, never their secrets).
#[utoipa::path(get, path = "/api/tokens", tag = "bots",
    responses((status = 200, description = "The tokens", body = Vec<Listed>)),
    security(("bearer" = []), ("cookie" = [])))]
async fn tokens(
    State(api): State<Api>,
    headers: HeaderMap,
) -> Result<Json<Vec<Listed>>, HttpRefusal> {
    let p = profile(&api, &headers).await?;
    Ok(Json(api.bots.tokens(p).await?))
}

/// Revoke one of the bot account's tokens: every socket opened with it is
/// closed, on the other nodes too, and every later use is refused.
#[utoipa::path(delete, path = "/api/tokens/{id}", tag = "bots",
    params(("id" = String, Path, description = "The token's id (not its secret)")),
    responses((status = 204, description = "Revoked")),
    security(("bearer" = []), ("cookie" = [])))]
async fn revoke(
    State(api): State<Api>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<StatusCode, HttpRefusal> {
    let p = profile(&api, &headers).await?;
    api.bots.revoke(p, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The bot account's seats at tables still being played, oldest first, as
/// its `table` events show them: a client that reconnects picks its games
/// up again. Bot accounts only (`not_a_bot`).
#[utoipa::path(get, path = "/api/bot/tables", tag = "bots",
    responses((status = 200, description = "The live tables", body = Vec<BotTable>)),
    security(("bearer" = []), ("cookie" = [])))]
async fn live_tables(
    State(api): State<Api>,
    headers: HeaderMap,
) -> Result<Json<Vec<BotTable>>, HttpRefusal> {
    let p = profile(&api, &headers).await?;
    Ok(Json(api.bots.live_tables(p).await?))
}

/// The bots one may play now: the bot accounts online, then the built-in
/// levels, each challenged by its id.
#[utoipa::path(get, path = "/api/bots", tag = "bots",
    responses((status = 200, description = "The bots", body = Vec<Playable>)))]
async fn playable(State(api): State<Api>) -> Result<Json<Vec<Playable>>, HttpRefusal> {
    Ok(Json(api.bots.playable().await?))
}
