//! Fair play's HTTP adapter: a player's report (`POST
//! /api/fairplay/reports`), and for moderators the flags, the reports and
//! the audit log. The signed-in profile, then the service.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::http::StatusCode;
use axum::Json;
use domino_protocol::fairplay::{
    AuditLine, FlagList, ModAction, ModDone, Report, ReportListed, Reported,
};

use super::FairPlay;
use crate::web::answer::{HttpRefusal, Json as Body};
use crate::web::routes::Routes;
use crate::who::Who;

/// What the routes need: the service, and who asks.
#[derive(Clone, Debug)]
pub struct Api {
    pub fairplay: FairPlay,
    pub who: Who,
}

pub fn routes(api: Api) -> Routes {
    Routes::new()
        .get("/api/fairplay/flags", flags)
        .get("/api/fairplay/audit", audit)
        .post("/api/fairplay/reports", report)
        .get("/api/fairplay/reports", reports)
        .post("/api/fairplay/actions", act)
        .with_state(api)
}

/// Fair play's operations in the OpenAPI document.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(flags, audit, report, reports, act))]
pub struct Doc;

async fn moderator(api: &Api, headers: &HeaderMap) -> Result<String, HttpRefusal> {
    Ok(api
        .who
        .profile_id(headers, "sign in as a moderator")
        .await?)
}

/// The flags raised for review, the newest first, with their figures, and
/// the rated matches still waiting for their analysis. Moderators only
/// (`not_moderator`, 403).
#[utoipa::path(get, path = "/api/fairplay/flags", tag = "fairplay",
    responses((status = 200, description = "The flags", body = FlagList)),
    security(("cookie" = [])))]
async fn flags(State(api): State<Api>, headers: HeaderMap) -> Result<Json<FlagList>, HttpRefusal> {
    let me = moderator(&api, &headers).await?;
    Ok(Json(api.fairplay.flags(&me).await?))
}

/// The audit log, the newest first: every role granted or taken and every
/// moderator's action, with who and why. Moderators only.
#[utoipa::path(get, path = "/api/fairplay/audit", tag = "fairplay",
    responses((status = 200, description = "The audit log", body = Vec<AuditLine>)),
    security(("cookie" = [])))]
async fn audit(
    State(api): State<Api>,
    headers: HeaderMap,
) -> Result<Json<Vec<AuditLine>>, HttpRefusal> {
    let me = moderator(&api, &headers).await?;
    Ok(Json(api.fairplay.audit_log(&me).await?))
}

/// Report a player: engine help, abuse in chat, sandbagging, or another
/// reason said in `text` (at most 500 characters).
///
/// Signed in only. Refused (`bad_request`) for yourself, for engine help
/// of a bot account (they are engines), and for another reason without a
/// text; `no_such_profile` (404) for an unknown profile; `rate_limited`
/// (429) past 10 reports a day.
#[utoipa::path(post, path = "/api/fairplay/reports", tag = "fairplay",
    request_body = Report,
    responses((status = 201, description = "Kept", body = Reported)),
    security(("cookie" = [])))]
async fn report(
    State(api): State<Api>,
    headers: HeaderMap,
    Body(r): Body<Report>,
) -> Result<(StatusCode, Json<Reported>), HttpRefusal> {
    let me = api
        .who
        .profile_id(&headers, "sign in to report a player")
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(api.fairplay.report(&me, r).await?),
    ))
}

/// The reports, the newest first. Moderators only.
#[utoipa::path(get, path = "/api/fairplay/reports", tag = "fairplay",
    responses((status = 200, description = "The reports", body = Vec<ReportListed>)),
    security(("cookie" = [])))]
async fn reports(
    State(api): State<Api>,
    headers: HeaderMap,
) -> Result<Json<Vec<ReportListed>>, HttpRefusal> {
    let me = moderator(&api, &headers).await?;
    Ok(Json(api.fairplay.reports(&me).await?))
}

/// A moderator's action: dismiss a flag or a report, mark a profile
/// engine-assisted (it leaves every leaderboard) or undo the mark, saying
/// why. Each action that changes something is in the audit log.
/// Moderators only; `no_such_profile` (404) for marking an unknown
/// profile, `bad_request` for marking a bot account or saying no why.
#[utoipa::path(post, path = "/api/fairplay/actions", tag = "fairplay",
    request_body = ModAction,
    responses((status = 200, description = "Done", body = ModDone)),
    security(("cookie" = [])))]
async fn act(
    State(api): State<Api>,
    headers: HeaderMap,
    Body(a): Body<ModAction>,
) -> Result<Json<ModDone>, HttpRefusal> {
    let me = moderator(&api, &headers).await?;
    Ok(Json(api.fairplay.act(&me, a).await?))
}
