//! The pool over HTTP (docs/server.md, "Pairing"): each route reads the
//! request (who asks, the address, the body) and calls the service; a
//! refusal's status is its code's.
//!
//! - `POST /api/seeks` asks for a game (alone, or as the first of a team).
//! - `POST /api/seeks/team/{code}` joins a friend's team.
//! - `GET /api/seeks/{id}` says whether the seek waits or where its table is.
//! - `DELETE /api/seeks/{id}` takes it back.
//! - `GET /api/seeks` counts who waits for each game, for the lobby.

use axum::extract::{FromRef, Path, State};
use axum::http::HeaderMap;
use domino_protocol::bots::Done;
use domino_protocol::pool::{CancelSeek, Join, Made, Seek, Status, Waiting};
use domino_protocol::refusal::{Code, Refusal};

use super::Pool;
use crate::web::answer::{HttpRefusal, Json};
use crate::web::client::{BehindProxy, ClientIp};
use crate::web::routes::Routes;
use crate::who::Who;

/// What the pool's routes are given: the service, who asks, and how to
/// read the client's address.
#[derive(Clone, Debug)]
struct Api {
    pool: Pool,
    who: Who,
    proxy: BehindProxy,
}

impl FromRef<Api> for BehindProxy {
    fn from_ref(api: &Api) -> BehindProxy {
        api.proxy
    }
}

pub fn routes(pool: Pool, who: Who, proxy: BehindProxy) -> Routes {
    Routes::new()
        .get("/api/seeks", waiting)
        .post("/api/seeks", seek)
        .post("/api/seeks/team/{code}", join_team)
        .get("/api/seeks/{id}", status)
        .delete("/api/seeks/{id}", cancel)
        .with_state(Api { pool, who, proxy })
}

/// The pool's operations in the OpenAPI document.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(waiting, seek, join_team, status, cancel))]
pub struct Doc;

/// Ask for a game: wait in the pool, alone or as the first of a team.
///
/// A signed-in player seeks as the profile, with its rating in the game;
/// a guest sends its browser id and a name. The answer's seek id is to
/// follow and take back the seek, its token is the seat's at the table,
/// and a team's code is for the partner to join with.
#[utoipa::path(post, path = "/api/seeks", tag = "pool",
    request_body = Seek,
    responses((status = 200, description = "Made: the seek's id, the seat token, a team's code", body = Made)),
    security((), ("bearer" = []), ("cookie" = [])))]
async fn seek(
    State(api): State<Api>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Json(ask): Json<Seek>,
) -> Result<Json<Made>, HttpRefusal> {
    let asked = api.pool.check(ask)?;
    let seeker = api.who.seeker(&headers, &asked).await?;
    Ok(Json(api.pool.seek(asked, seeker, ip).await?))
}

/// Join a friend's team, waiting for its partner under a code.
#[utoipa::path(post, path = "/api/seeks/team/{code}", tag = "pool",
    params(("code" = String, Path, description = "The team's code, from its first member's seek")),
    request_body = Join,
    responses((status = 200, description = "Joined: the seek's id and the seat token", body = Made)),
    security((), ("bearer" = []), ("cookie" = [])))]
async fn join_team(
    State(api): State<Api>,
    Path(code): Path<String>,
    headers: HeaderMap,
    Json(join): Json<Join>,
) -> Result<Json<Made>, HttpRefusal> {
    let joining = api.pool.team(&code, join).await?;
    let seeker = api.who.seeker(&headers, &joining).await?;
    Ok(Json(api.pool.join_team(joining, seeker).await?))
}

/// Where a seek stands: forming, waiting, or paired with its table.
#[utoipa::path(get, path = "/api/seeks/{id}", tag = "pool",
    params(("id" = String, Path, description = "The seek's id")),
    responses((status = 200, description = "Where it stands", body = Status)))]
async fn status(
    State(api): State<Api>,
    Path(id): Path<String>,
) -> Result<Json<Status>, HttpRefusal> {
    Ok(Json(api.pool.status(&id).await?))
}

/// Take a seek back (one of its members).
///
/// Signed in as a member's profile, no body is needed; else the body
/// proves it with the guest id the seek was made with or its seat token.
#[utoipa::path(delete, path = "/api/seeks/{id}", tag = "pool",
    params(("id" = String, Path, description = "The seek's id")),
    request_body(content = Option<CancelSeek>, description = "The guest id or seat token, for a seeker not signed in: the body may be empty"),
    responses((status = 200, description = "Taken back", body = Done)),
    security((), ("bearer" = []), ("cookie" = [])))]
async fn cancel(
    State(api): State<Api>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<Done>, HttpRefusal> {
    // A body is optional (a signed-in seeker needs none), JSON when sent;
    // `null` is no body.
    let by: CancelSeek = if body.iter().all(u8::is_ascii_whitespace) {
        CancelSeek::default()
    } else {
        serde_json::from_slice::<Option<CancelSeek>>(&body)
            .map_err(|e| Refusal::new(Code::BadJson, e.to_string()))?
            .unwrap_or_default()
    };
    let signed_in = api.who.signed_in(&headers).await.map(|(p, _)| p.id);
    api.pool.cancel(&id, signed_in, by).await?;
    Ok(Json(Done::YES))
}

/// How many players wait for each game, for the lobby.
#[utoipa::path(get, path = "/api/seeks", tag = "pool",
    responses((status = 200, description = "Who waits, by game", body = Vec<Waiting>)))]
async fn waiting(State(api): State<Api>) -> Result<Json<Vec<Waiting>>, HttpRefusal> {
    Ok(Json(api.pool.waiting().await?))
}
