//! The challenges over HTTP (docs/botapi.md): each route reads the request
//! (who asks, the address, the body) and calls the service; a refusal's
//! status is its code's.
//!
//! - `POST /api/challenges` challenges a bot account: 201.
//! - `GET /api/challenges/{id}`: where it stands.
//! - `POST /api/challenges/{id}/accept` and `/decline` `{reason?}`: the
//!   challenged bot's answer, with its token.
//! - `DELETE /api/challenges/{id}`: taken back by its challenger, 204.

use axum::extract::{FromRef, Path, State};
use axum::http::{HeaderMap, StatusCode};
use domino_protocol::challenges::{Accepted, Decline, Made, NewChallenge, Status};

use super::Challenges;
use crate::web::answer::{HttpRefusal, Json};
use crate::web::client::{BehindProxy, ClientIp};
use crate::web::routes::Routes;
use crate::who::Who;

/// What the challenges' routes are given: the service, who asks, and how
/// to read the client's address.
#[derive(Clone, Debug)]
struct Api {
    challenges: Challenges,
    who: Who,
    proxy: BehindProxy,
}

impl FromRef<Api> for BehindProxy {
    fn from_ref(api: &Api) -> BehindProxy {
        api.proxy
    }
}

pub fn routes(challenges: Challenges, who: Who, proxy: BehindProxy) -> Routes {
    Routes::new()
        .post("/api/challenges", create)
        .get("/api/challenges/{id}", status)
        .post("/api/challenges/{id}/accept", accept)
        .post("/api/challenges/{id}/decline", decline)
        .delete("/api/challenges/{id}", cancel)
        .with_state(Api {
            challenges,
            who,
            proxy,
        })
}

/// The challenges' operations in the OpenAPI document.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(create, status, accept, decline, cancel))]
pub struct Doc;

const SIGN_IN: &str = "sign in first";

/// Challenge a bot account to a match.
///
/// The challenger may be signed in or not; the challenged bot sees it on
/// its events socket and accepts or declines.
#[utoipa::path(post, path = "/api/challenges", tag = "challenges",
    request_body = NewChallenge,
    responses((status = 201, description = "Made: its id and where to follow it", body = Made)),
    security((), ("bearer" = []), ("cookie" = [])))]
async fn create(
    State(api): State<Api>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Json(ask): Json<NewChallenge>,
) -> Result<(StatusCode, Json<Made>), HttpRefusal> {
    let asked = api.challenges.check(ask).await?;
    let seeker = api.who.seeker(&headers, &asked).await?;
    let made = api.challenges.create(asked, seeker, ip).await?;
    Ok((StatusCode::CREATED, Json(made)))
}

/// Where a challenge stands.
#[utoipa::path(get, path = "/api/challenges/{id}", tag = "challenges",
    params(("id" = String, Path, description = "The challenge's id")),
    responses((status = 200, description = "Where it stands", body = Status)))]
async fn status(
    State(api): State<Api>,
    Path(id): Path<String>,
) -> Result<Json<Status>, HttpRefusal> {
    Ok(Json(api.challenges.status(&id)?))
}

/// Accept a challenge (the challenged bot, with its token): the table is made.
#[utoipa::path(post, path = "/api/challenges/{id}/accept", tag = "challenges",
    params(("id" = String, Path, description = "The challenge's id")),
    responses((status = 200, description = "Accepted: the table and the bot's seat", body = Accepted)),
    security(("bearer" = [])))]
async fn accept(
    State(api): State<Api>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Accepted>, HttpRefusal> {
    let me = api.who.profile_id(&headers, SIGN_IN).await?;
    Ok(Json(api.challenges.accept(&id, &me).await?))
}

/// Decline a challenge (the challenged bot, with its token), with a reason or none.
#[utoipa::path(post, path = "/api/challenges/{id}/decline", tag = "challenges",
    params(("id" = String, Path, description = "The challenge's id")),
    request_body(content = Option<Decline>, description = "The reason, optional: the body may be empty or `null`"),
    responses((status = 200, description = "Declined", body = Status)),
    security(("bearer" = [])))]
async fn decline(
    State(api): State<Api>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Option<Decline>>>,
) -> Result<Json<Status>, HttpRefusal> {
    let me = api.who.profile_id(&headers, SIGN_IN).await?;
    // No body, `null` and `{}` all decline without a reason.
    let reason = body.and_then(|Json(d)| d).and_then(|d| d.reason);
    Ok(Json(api.challenges.decline(&id, &me, reason)?))
}

/// Take a challenge back (its challenger).
#[utoipa::path(delete, path = "/api/challenges/{id}", tag = "challenges",
    params(("id" = String, Path, description = "The challenge's id")),
    responses((status = 204, description = "Taken back")),
    security((), ("bearer" = []), ("cookie" = [])))]
async fn cancel(
    State(api): State<Api>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<StatusCode, HttpRefusal> {
    let me = api.who.profile_id(&headers, SIGN_IN).await;
    api.challenges.cancel(&id, me)?;
    Ok(StatusCode::NO_CONTENT)
}
