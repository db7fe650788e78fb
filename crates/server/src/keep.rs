//! The scorekeeper for matches played with real tiles, over HTTP.
//!
//! `POST /api/sheets` (`{"rules": RulesSpec, "names": [...]}`, one name per
//! side) creates a sheet and answers its `id` (for viewing, unguessable)
//! and `secret` (for editing, shown once; only its hash is stored).
//! `GET /api/sheets/{id}` is the sheet as the engine settles it;
//! `POST /api/sheets/{id}/hands` (a `HandReport`) enters the next hand and
//! `DELETE /api/sheets/{id}/hands/last` takes the last one back, both with
//! the secret in the `X-Sheet-Secret` header; `GET /api/sheets/{id}/csv`
//! exports it. Every hand goes through the engine's check and match
//! scoring (`domino_engine::Sheet`): a refused hand answers 400 with the
//! engine's message and changes nothing.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

use domino_engine::{HandReport, Impossible, Rules, RulesSpec, Sheet};

use crate::answer::{HttpRefusal, Json};
use crate::client::ClientIp;
use crate::clock::now_ms;
use crate::hub::Hub;
use crate::quota::Made;
use crate::routes::Routes;
use crate::table::{random_id, token_hash};
use domino_protocol::keep::{NewSheet, SheetVersion, SheetView};
use domino_protocol::refusal::Code;
use domino_store::sheets::SheetRow;

/// The most hands one sheet holds (a real match has a few dozen).
pub const MAX_HANDS: usize = 500;

/// The header carrying a sheet's editing secret.
pub const SECRET_HEADER: &str = "x-sheet-secret";

/// The sheet routes, merged into the server's router.
pub fn routes(hub: Hub) -> Routes {
    Routes::new()
        .post("/api/sheets", create)
        .get("/api/sheets/{id}", show)
        .post("/api/sheets/{id}/hands", enter)
        .delete("/api/sheets/{id}/hands/last", undo)
        .get("/api/sheets/{id}/csv", csv)
        .get("/api/sheets/{id}/version", version)
        .with_state(hub)
}

fn bad(code: Code, message: impl std::fmt::Display) -> HttpRefusal {
    HttpRefusal::new(StatusCode::BAD_REQUEST, code, message)
}

fn no_sheet() -> HttpRefusal {
    HttpRefusal::new(
        StatusCode::NOT_FOUND,
        Code::NoSheet,
        "no score sheet with that id",
    )
}

/// The names of the sides: one each, checked as display names; missing
/// ones are filled in as "1", "2", ... (the page sends its own labels).
fn side_names(rules: &Rules, given: &[String]) -> Result<Vec<String>, HttpRefusal> {
    let sides = rules.sides();
    if given.len() > sides {
        return Err(bad(
            Code::BadNames,
            format!(
                "this game has {sides} sides: give at most {sides} names, not {}",
                given.len()
            ),
        ));
    }
    (0..sides)
        .map(|i| match given.get(i).filter(|n| !n.trim().is_empty()) {
            Some(n) => domino_league::name::display_name(n).map_err(HttpRefusal::from),
            None => Ok(format!("{}", i + 1)),
        })
        .collect()
}

/// A stored sheet, rebuilt by the engine.
struct Loaded {
    row: SheetRow,
    names: Vec<String>,
    sheet: Sheet,
}

/// A stored sheet; one whose stored columns do not read back (or no
/// longer settle) is the server's fault, answered 500 `internal`.
async fn load(hub: &Hub, id: &str) -> Result<Loaded, HttpRefusal> {
    let row = hub.store.sheet(id).await?.ok_or_else(no_sheet)?;
    let spec: RulesSpec = serde_json::from_str(&row.rules)?;
    let rules = spec.resolve().map_err(HttpRefusal::internal)?;
    let names: Vec<String> = serde_json::from_str(&row.names)?;
    let reports: Vec<HandReport> = serde_json::from_str(&row.reports)?;
    // Hands accepted once open again, though a stricter check came since.
    let sheet = Sheet::from_entered(rules, reports).map_err(|(i, e)| {
        HttpRefusal::internal(format!("stored hand {} no longer settles: {e}", i + 1))
    })?;
    Ok(Loaded { row, names, sheet })
}

fn view(l: &Loaded) -> SheetView {
    SheetView {
        sheet: l.sheet.to_json(),
        created_at: l.row.created_at,
        id: l.row.id.clone(),
        names: l.names.clone(),
        secret: None,
        updated_at: l.row.updated_at,
        version: l.row.version(),
    }
}

async fn version(State(hub): State<Hub>, Path(id): Path<String>) -> Result<Response, HttpRefusal> {
    let version = hub.store.sheet_version(&id).await?.ok_or_else(no_sheet)?;
    Ok((
        [(axum::http::header::CACHE_CONTROL, "no-store")],
        axum::Json(SheetVersion { version }),
    )
        .into_response())
}

/// Whether the request carries the sheet's editing secret.
fn check_secret(row: &SheetRow, headers: &HeaderMap) -> Result<(), HttpRefusal> {
    let given = headers
        .get(SECRET_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if given.is_empty() {
        return Err(HttpRefusal::new(
            StatusCode::FORBIDDEN,
            Code::NoSecret,
            "only the sheet's keeper can change it: the editing link carries the secret",
        ));
    }
    if token_hash(given) != row.secret_hash {
        return Err(HttpRefusal::new(
            StatusCode::FORBIDDEN,
            Code::BadSecret,
            "that is not this sheet's editing secret",
        ));
    }
    Ok(())
}

async fn create(
    State(hub): State<Hub>,
    ClientIp(ip): ClientIp,
    body: Option<Json<NewSheet>>,
) -> Result<(StatusCode, axum::Json<SheetView>), Response> {
    let Some(Json(new)) = body else {
        return Err(bad(
            Code::BadRequest,
            "send {\"rules\": {\"preset\": ...}, \"names\": [...]} as JSON",
        )
        .into_response());
    };
    let rules = new
        .rules
        .resolve()
        .map_err(|e| bad(Code::BadRules, e).into_response())?;
    let names = side_names(&rules, &new.names).map_err(IntoResponse::into_response)?;
    hub.take_quota(ip, Made::Sheet)
        .map_err(IntoResponse::into_response)?;
    let secret = random_id(24);
    let at = now_ms();
    let stored = |e: serde_json::Error| HttpRefusal::internal(e).into_response();
    let row = SheetRow {
        id: random_id(12),
        secret_hash: token_hash(&secret),
        created_at: at,
        updated_at: at,
        rules: serde_json::to_string(&rules.spec()).map_err(stored)?,
        names: serde_json::to_string(&names).map_err(stored)?,
        hands: 0,
        reports: "[]".into(),
    };
    hub.store
        .create_sheet(&row)
        .await
        .map_err(|e| HttpRefusal::from(e).into_response())?;
    let loaded = Loaded {
        sheet: Sheet::new(rules),
        names,
        row,
    };
    let mut v = view(&loaded);
    v.secret = Some(secret);
    Ok((StatusCode::CREATED, axum::Json(v)))
}

async fn show(
    State(hub): State<Hub>,
    Path(id): Path<String>,
) -> Result<axum::Json<SheetView>, HttpRefusal> {
    Ok(axum::Json(view(&load(&hub, &id).await?)))
}

/// Store `l`'s hands (it held `was` before the change) and answer the sheet.
async fn save(hub: &Hub, mut l: Loaded, was: i64) -> Result<axum::Json<SheetView>, HttpRefusal> {
    let reports: Vec<&HandReport> = l.sheet.reports().collect();
    let at = now_ms();
    let hands = reports.len() as i64;
    let text = serde_json::to_string(&reports).map_err(HttpRefusal::internal)?;
    if !hub
        .store
        .set_sheet_hands(&l.row.id, was, hands, &text, at)
        .await?
    {
        return Err(HttpRefusal::new(
            StatusCode::CONFLICT,
            Code::Changed,
            "the sheet changed meanwhile: reload it and enter the hand again",
        ));
    }
    l.row.updated_at = at;
    l.row.hands = hands;
    Ok(axum::Json(view(&l)))
}

async fn enter(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Option<Json<HandReport>>, HttpRefusal>,
) -> Result<axum::Json<SheetView>, HttpRefusal> {
    let mut l = load(&hub, &id).await?;
    check_secret(&l.row, &headers)?;
    // The secret is checked before the body: a stranger learns nothing
    // from how a hand is refused.
    let Some(Json(report)) = body? else {
        return Err(bad(
            Code::BadHand,
            "send the hand as JSON: {\"dominoed\": [seat], \"counts\": [...], ...}",
        ));
    };
    if l.sheet.hands().len() >= MAX_HANDS {
        return Err(bad(
            Code::Full,
            format!("a sheet holds at most {MAX_HANDS} hands: start a new one"),
        ));
    }
    let was = l.row.hands;
    if let Err(e) = l.sheet.enter(report) {
        let code = match e.impossible() {
            Some(Impossible::Counts) => Code::ImpossibleCounts,
            Some(Impossible::Points) => Code::ImpossiblePoints,
            Some(Impossible::Acts) => Code::ImpossibleActs,
            None => Code::BadHand,
        };
        return Err(bad(code, &e).with_reason(&e));
    }
    save(&hub, l, was).await
}

async fn undo(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<axum::Json<SheetView>, HttpRefusal> {
    let mut l = load(&hub, &id).await?;
    check_secret(&l.row, &headers)?;
    let was = l.row.hands;
    l.sheet.undo().map_err(|e| bad(Code::NothingToUndo, e))?;
    save(&hub, l, was).await
}

/// The sheet as CSV (the engine's, shared with `domino keep`).
fn to_csv(l: &Loaded) -> String {
    l.sheet.to_csv(&l.names)
}

async fn csv(State(hub): State<Hub>, Path(id): Path<String>) -> Result<Response, HttpRefusal> {
    let l = load(&hub, &id).await?;
    Ok(crate::page::csv_download(
        &format!("sheet-{}.csv", l.row.id),
        to_csv(&l),
    ))
}

/// Whether a sheet exists, for the page at `/k/{id}`.
pub async fn exists(hub: &Hub, id: &str) -> Result<bool, sqlx::Error> {
    Ok(hub.store.sheet(id).await?.is_some())
}
