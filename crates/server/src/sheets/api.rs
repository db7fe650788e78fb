//! The score sheets over HTTP (docs/keep.md): each route reads the request
//! (the address, the editing secret's header, the body) and calls the
//! service; a refusal's status is its code's.
//!
//! - `POST /api/sheets` `{"rules", "names"}`: a new sheet, 201, with its
//!   `id` (for viewing, unguessable) and `secret` (for editing, shown once;
//!   only its hash is stored).
//! - `GET /api/sheets/{id}`, `.../version` and `.../csv`: the sheet, its
//!   version alone, its CSV.
//! - `POST /api/sheets/{id}/hands` (a `HandReport`) and `DELETE
//!   /api/sheets/{id}/hands/last`, with the secret in `X-Sheet-Secret`.

use axum::extract::{FromRef, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use domino_engine::HandReport;
use domino_protocol::keep::{NewSheet, SheetVersion, SheetView};
use domino_protocol::refusal::{Code, Refusal};

use super::{Refused, Sheets};
use crate::web::answer::{HttpRefusal, Json};
use crate::web::client::{BehindProxy, ClientIp};
use crate::web::routes::Routes;

/// The header carrying a sheet's editing secret.
pub const SECRET_HEADER: &str = "x-sheet-secret";

/// What the sheets' routes are given: the service, and how to read the
/// client's address.
#[derive(Clone, Debug)]
struct Api {
    sheets: Sheets,
    proxy: BehindProxy,
}

impl FromRef<Api> for BehindProxy {
    fn from_ref(api: &Api) -> BehindProxy {
        api.proxy
    }
}

impl FromRef<Api> for Sheets {
    fn from_ref(api: &Api) -> Sheets {
        api.sheets.clone()
    }
}

pub fn routes(sheets: Sheets, proxy: BehindProxy) -> Routes {
    Routes::new()
        .post("/api/sheets", create)
        .get("/api/sheets/{id}", show)
        .post("/api/sheets/{id}/hands", enter)
        .delete("/api/sheets/{id}/hands/last", undo)
        .get("/api/sheets/{id}/csv", csv)
        .get("/api/sheets/{id}/version", version)
        .with_state(Api { sheets, proxy })
}

impl From<Refused> for HttpRefusal {
    fn from(r: Refused) -> HttpRefusal {
        let refusal = HttpRefusal::from(r.refusal);
        match r.reason {
            Some(reason) => refusal.with_reason(&reason),
            None => refusal,
        }
    }
}

/// The editing secret the request carries ("" when none).
fn secret(headers: &HeaderMap) -> &str {
    headers
        .get(SECRET_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

/// The score sheets' operations in the OpenAPI document.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(create, show, version, enter, undo, csv))]
pub struct Doc;

/// Start a score sheet for a game played at a real table: its `id` to
/// view it and its `secret` to edit it (shown in this answer only).
#[utoipa::path(post, path = "/api/sheets", tag = "sheets",
    request_body = NewSheet,
    responses((status = 201, description = "Made, with its editing secret", body = SheetView)))]
async fn create(
    State(sheets): State<Sheets>,
    ClientIp(ip): ClientIp,
    body: Option<Json<NewSheet>>,
) -> Result<(StatusCode, Json<SheetView>), HttpRefusal> {
    let Some(Json(new)) = body else {
        return Err(Refusal::new(
            Code::BadRequest,
            "send {\"rules\": {\"preset\": ...}, \"names\": [...]} as JSON",
        )
        .into());
    };
    Ok((StatusCode::CREATED, Json(sheets.create(new, ip).await?)))
}

/// A score sheet: its rules, names, hands and totals.
#[utoipa::path(get, path = "/api/sheets/{id}", tag = "sheets",
    params(("id" = String, Path, description = "The sheet's id")),
    responses((status = 200, description = "The sheet", body = SheetView)))]
async fn show(
    State(sheets): State<Sheets>,
    Path(id): Path<String>,
) -> Result<Json<SheetView>, HttpRefusal> {
    Ok(Json(sheets.show(&id).await?))
}

/// A score sheet's version alone, never cached: it changes with every hand
/// entered or taken back, so a page polls it to see a change.
#[utoipa::path(get, path = "/api/sheets/{id}/version", tag = "sheets",
    params(("id" = String, Path, description = "The sheet's id")),
    responses((status = 200, description = "The version", body = SheetVersion)))]
async fn version(
    State(sheets): State<Sheets>,
    Path(id): Path<String>,
) -> Result<Response, HttpRefusal> {
    let version = sheets.version(&id).await?;
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(SheetVersion { version }),
    )
        .into_response())
}

/// Enter the sheet's next hand (its keeper, with the editing secret).
///
/// The secret is checked before the hand is read. A hand the rules refuse
/// (`impossible_counts`, `impossible_points`, `impossible_acts`, `bad_hand`)
/// is answered with `reason` beside the message: `{"kind", "facts"}`, what
/// exactly was refused, for a page to say in its own language.
#[utoipa::path(post, path = "/api/sheets/{id}/hands", tag = "sheets",
    params(("id" = String, Path, description = "The sheet's id"), ("X-Sheet-Secret" = String, Header, description = "The sheet's editing secret, from its making")),
    request_body = HandReport,
    responses((status = 200, description = "The sheet with the hand", body = SheetView)))]
async fn enter(
    State(sheets): State<Sheets>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Option<Json<HandReport>>, HttpRefusal>,
) -> Result<Json<SheetView>, HttpRefusal> {
    let report = body.map(|b| b.map(|Json(r)| r)).map_err(|r| r.refusal);
    Ok(Json(sheets.enter(&id, secret(&headers), report).await?))
}

/// Take the sheet's last hand back (its keeper, with the editing secret).
#[utoipa::path(delete, path = "/api/sheets/{id}/hands/last", tag = "sheets",
    params(("id" = String, Path, description = "The sheet's id"), ("X-Sheet-Secret" = String, Header, description = "The sheet's editing secret, from its making")),
    responses((status = 200, description = "The sheet without its last hand", body = SheetView)))]
async fn undo(
    State(sheets): State<Sheets>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<SheetView>, HttpRefusal> {
    Ok(Json(sheets.undo(&id, secret(&headers)).await?))
}

/// A score sheet as a CSV file to download.
#[utoipa::path(get, path = "/api/sheets/{id}/csv", tag = "sheets",
    params(("id" = String, Path, description = "The sheet's id")),
    responses((status = 200, description = "The sheet as CSV", content_type = "text/csv", body = String)))]
async fn csv(
    State(sheets): State<Sheets>,
    Path(id): Path<String>,
) -> Result<Response, HttpRefusal> {
    let csv = sheets.csv(&id).await?;
    Ok(crate::web::page::csv_download(&csv.filename, csv.text))
}
