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

const SIGN_IN: &str = "sign in first";

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

async fn status(
    State(api): State<Api>,
    Path(id): Path<String>,
) -> Result<Json<Status>, HttpRefusal> {
    Ok(Json(api.challenges.status(&id)?))
}

async fn accept(
    State(api): State<Api>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Accepted>, HttpRefusal> {
    let me = api.who.profile_id(&headers, SIGN_IN).await?;
    Ok(Json(api.challenges.accept(&id, &me).await?))
}

async fn decline(
    State(api): State<Api>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Decline>>,
) -> Result<Json<Status>, HttpRefusal> {
    let me = api.who.profile_id(&headers, SIGN_IN).await?;
    let reason = body.and_then(|Json(d)| d.reason);
    Ok(Json(api.challenges.decline(&id, &me, reason)?))
}

async fn cancel(
    State(api): State<Api>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<StatusCode, HttpRefusal> {
    let me = api.who.profile_id(&headers, SIGN_IN).await;
    api.challenges.cancel(&id, me)?;
    Ok(StatusCode::NO_CONTENT)
}
