//! The tournaments over HTTP: each route reads the request (the address,
//! who is signed in, the organiser's secret header, the body) and calls
//! the service; a refusal's status is its code's.
//!
//! - `POST /api/tournaments` `{name, rules, format, rounds?, teams?,
//!   starts_at?, max_entrants?, bot?, duplicate?}` creates one: 201, with
//!   the organiser's `secret`.
//! - `GET /api/tournaments`: those open for joining, being played, and
//!   the last finished.
//! - `GET /api/tournaments/{id}`: settings, entrants, rounds and standings.
//! - `POST /api/tournaments/{id}/join` `{name, members?}`: an entrant, 201.
//! - `POST /api/tournaments/{id}/bots` `{count, level?}` and
//!   `POST /api/tournaments/{id}/start`, with the organiser's secret in the
//!   `X-Tournament-Secret` header.
//! - `GET /api/tournaments/{id}/csv`: the standings as CSV.
//! - `GET /api/tables/{id}/tournament`: the tournament a table belongs to.

use axum::extract::{FromRef, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use domino_protocol::refusal::{Code, Refusal};
use domino_protocol::tournament::{
    AddBots, Entered, JoinTournament, NewTournament, TableTournament, TournamentList,
    TournamentView,
};

use super::{Tournaments, SECRET_HEADER};
use crate::web::answer::{HttpRefusal, Json};
use crate::web::client::{BehindProxy, ClientIp};
use crate::web::routes::Routes;
use crate::who::Who;

/// What the tournaments' routes are given: the service, who asks, and
/// how to read the client's address.
#[derive(Clone, Debug)]
struct Api {
    tournaments: Tournaments,
    who: Who,
    proxy: BehindProxy,
}

impl FromRef<Api> for BehindProxy {
    fn from_ref(api: &Api) -> BehindProxy {
        api.proxy
    }
}

pub fn routes(tournaments: Tournaments, who: Who, proxy: BehindProxy) -> Routes {
    Routes::new()
        .post("/api/tournaments", create)
        .get("/api/tournaments", list)
        .get("/api/tournaments/{id}", show)
        .post("/api/tournaments/{id}/join", join)
        .post("/api/tournaments/{id}/bots", bots)
        .post("/api/tournaments/{id}/start", start)
        .get("/api/tournaments/{id}/csv", csv)
        .get("/api/tables/{id}/tournament", of_table)
        .with_state(Api {
            tournaments,
            who,
            proxy,
        })
}

/// A tournament created or joined: 201 with the answer.
type Created<T> = (StatusCode, Json<T>);

/// The tournaments' operations in the OpenAPI document.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(create, list, show, join, bots, start, csv, of_table))]
pub struct Doc;

/// The organiser's secret, as its header carries it.
fn secret(headers: &HeaderMap) -> Option<&str> {
    headers.get(SECRET_HEADER).and_then(|v| v.to_str().ok())
}

/// Create a tournament: its rules, format and settings.
///
/// The answer holds the organiser's `secret`, shown this once: adding
/// computer players and starting need it. An empty body is refused.
#[utoipa::path(post, path = "/api/tournaments", tag = "tournaments",
    request_body = NewTournament,
    responses((status = 201, description = "Created: the tournament, with the organiser's secret", body = TournamentView)))]
async fn create(
    State(api): State<Api>,
    ClientIp(ip): ClientIp,
    body: Option<Json<NewTournament>>,
) -> Result<Created<TournamentView>, HttpRefusal> {
    let Some(Json(new)) = body else {
        return Err(Refusal::new(
            Code::BadRequest,
            "send {\"rules\": {\"preset\": ...}, \"format\": ...} as JSON",
        )
        .into());
    };
    let v = api.tournaments.create(ip, new).await?;
    Ok((StatusCode::CREATED, Json(v)))
}

/// The tournaments open for joining, those being played, and the last finished.
#[utoipa::path(get, path = "/api/tournaments", tag = "tournaments",
    responses((status = 200, description = "The tournaments, by state", body = TournamentList)))]
async fn list(State(api): State<Api>) -> Result<Json<TournamentList>, HttpRefusal> {
    Ok(Json(api.tournaments.list().await?))
}

/// A tournament: its settings, entrants, rounds played and standings.
#[utoipa::path(get, path = "/api/tournaments/{id}", tag = "tournaments",
    params(("id" = String, Path, description = "The tournament's id")),
    responses((status = 200, description = "The tournament", body = TournamentView)))]
async fn show(
    State(api): State<Api>,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, HttpRefusal> {
    Ok(Json(api.tournaments.show(&id).await?))
}

/// The tournament a table belongs to, if any.
///
/// A table's page asks, to offer the way back to the tournament rather
/// than a rematch.
#[utoipa::path(get, path = "/api/tables/{id}/tournament", tag = "tournaments",
    params(("id" = String, Path, description = "The table's id")),
    responses((status = 200, description = "The tournament's id, or null", body = TableTournament)))]
async fn of_table(
    State(api): State<Api>,
    Path(table): Path<String>,
) -> Result<Json<TableTournament>, HttpRefusal> {
    Ok(Json(TableTournament {
        tournament: api.tournaments.of_table(&table).await?,
    }))
}

/// Join an open tournament: a player, or a partnership's two.
///
/// A signed-in player plays under the profile's name; a guest under the
/// name sent. The answer holds each player's seat token. An empty body is
/// refused.
#[utoipa::path(post, path = "/api/tournaments/{id}/join", tag = "tournaments",
    params(("id" = String, Path, description = "The tournament's id")),
    request_body = JoinTournament,
    responses((status = 201, description = "Entered: the entrant and each player's seat token", body = Entered)),
    security((), ("bearer" = []), ("cookie" = [])))]
async fn join(
    State(api): State<Api>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<JoinTournament>>,
) -> Result<Created<Entered>, HttpRefusal> {
    let profile = api.who.signed_in(&headers).await.map(|(p, _)| p);
    let j = body.map(|Json(j)| j);
    let entered = api.tournaments.join(ip, &id, profile, j).await?;
    Ok((StatusCode::CREATED, Json(entered)))
}

/// Add computer players to an open tournament (its organiser).
///
/// One level for all of them: the tournament's when none is given; one
/// when no count is given.
#[utoipa::path(post, path = "/api/tournaments/{id}/bots", tag = "tournaments",
    params(
        ("id" = String, Path, description = "The tournament's id"),
        ("X-Tournament-Secret" = String, Header, description = "The organiser's secret, from the tournament's creation"),
    ),
    request_body(content = Option<AddBots>, description = "How many and of what level, optional: the body may be empty"),
    responses((status = 200, description = "The tournament with its new entrants", body = TournamentView)))]
async fn bots(
    State(api): State<Api>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<AddBots>>,
) -> Result<Json<TournamentView>, HttpRefusal> {
    let b = body.map(|Json(b)| b).unwrap_or_default();
    let v = api
        .tournaments
        .add_bots(ip, &id, secret(&headers), b)
        .await?;
    Ok(Json(v))
}

/// Start an open tournament with the entrants it has (its organiser): round one opens.
#[utoipa::path(post, path = "/api/tournaments/{id}/start", tag = "tournaments",
    params(
        ("id" = String, Path, description = "The tournament's id"),
        ("X-Tournament-Secret" = String, Header, description = "The organiser's secret, from the tournament's creation"),
    ),
    responses((status = 200, description = "Started: the tournament with its first round", body = TournamentView)))]
async fn start(
    State(api): State<Api>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<TournamentView>, HttpRefusal> {
    Ok(Json(api.tournaments.start(&id, secret(&headers)).await?))
}

/// A tournament's standings as a CSV file to download.
#[utoipa::path(get, path = "/api/tournaments/{id}/csv", tag = "tournaments",
    params(("id" = String, Path, description = "The tournament's id")),
    responses((status = 200, description = "The standings, as an attachment", content_type = "text/csv", body = String)))]
async fn csv(State(api): State<Api>, Path(id): Path<String>) -> Result<Response, HttpRefusal> {
    let (name, text) = api.tournaments.csv(&id).await?;
    Ok(crate::web::page::csv_download(&name, text))
}
