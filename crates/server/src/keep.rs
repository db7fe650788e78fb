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
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use domino_engine::{HandReport, Impossible, Rules, RulesSpec, Sheet};

use crate::clock::now_ms;
use crate::http::ClientIp;
use crate::hub::Hub;
use crate::quota::{self, Made};
use crate::refusal::internal;
use crate::refusal::{http_refusal, Code};
use crate::routes::Routes;
use crate::store::sheets::SheetRow;
use crate::table::{random_id, token_hash};

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

/// A refused request: its status, code and message.
#[derive(Debug)]
struct Refused {
    status: StatusCode,
    code: Code,
    message: String,
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        http_refusal(self.status, self.code, self.message)
    }
}

fn refusal(status: StatusCode, code: Code, message: impl std::fmt::Display) -> Refused {
    Refused {
        status,
        code,
        message: message.to_string(),
    }
}

fn refuse(status: StatusCode, code: Code, message: impl std::fmt::Display) -> Response {
    refusal(status, code, message).into_response()
}

#[derive(Deserialize)]
struct NewSheet {
    rules: RulesSpec,
    #[serde(default)]
    names: Vec<String>,
}

/// The names of the sides: one each, checked as display names; missing
/// ones are filled in as "1", "2", ... (the page sends its own labels).
fn side_names(rules: &Rules, given: &[String]) -> Result<Vec<String>, Refused> {
    let sides = rules.sides();
    if given.len() > sides {
        return Err(refusal(
            StatusCode::BAD_REQUEST,
            Code::BadNames,
            format!(
                "this game has {sides} sides: give at most {sides} names, not {}",
                given.len()
            ),
        ));
    }
    (0..sides)
        .map(|i| match given.get(i).filter(|n| !n.trim().is_empty()) {
            Some(n) => crate::name::display_name(n)
                .map_err(|r| refusal(StatusCode::BAD_REQUEST, r.code, r.message)),
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

async fn load(hub: &Hub, id: &str) -> Result<Loaded, Response> {
    let row = match hub.store.sheet(id).await {
        Ok(Some(r)) => r,
        Ok(None) => {
            return Err(refuse(
                StatusCode::NOT_FOUND,
                Code::NoSheet,
                "no score sheet with that id",
            ))
        }
        Err(e) => return Err(internal(e)),
    };
    let spec: RulesSpec = serde_json::from_str(&row.rules).map_err(internal)?;
    let rules = spec.resolve().map_err(internal)?;
    let names: Vec<String> = serde_json::from_str(&row.names).map_err(internal)?;
    let reports: Vec<HandReport> = serde_json::from_str(&row.reports).map_err(internal)?;
    // Hands accepted once open again, though a stricter check came since.
    let sheet = Sheet::from_entered(rules, reports)
        .map_err(|(i, e)| internal(format!("stored hand {} no longer settles: {e}", i + 1)))?;
    Ok(Loaded { row, names, sheet })
}

fn view(l: &Loaded) -> Value {
    let mut v = l.sheet.to_json();
    v["id"] = json!(l.row.id);
    v["names"] = json!(l.names);
    v["created_at"] = json!(l.row.created_at);
    v["updated_at"] = json!(l.row.updated_at);
    v["version"] = json!(l.row.version());
    v
}

async fn version(State(hub): State<Hub>, Path(id): Path<String>) -> Response {
    match hub.store.sheet_version(&id).await {
        Ok(Some(v)) => (
            [(axum::http::header::CACHE_CONTROL, "no-store")],
            Json(json!({"version": v})),
        )
            .into_response(),
        Ok(None) => refuse(
            StatusCode::NOT_FOUND,
            Code::NoSheet,
            "no score sheet with that id",
        ),
        Err(e) => internal(e),
    }
}

/// Whether the request carries the sheet's editing secret.
fn check_secret(row: &SheetRow, headers: &HeaderMap) -> Result<(), Refused> {
    let given = headers
        .get(SECRET_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if given.is_empty() {
        return Err(refusal(
            StatusCode::FORBIDDEN,
            Code::NoSecret,
            "only the sheet's keeper can change it: the editing link carries the secret",
        ));
    }
    if token_hash(given) != row.secret_hash {
        return Err(refusal(
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
) -> Response {
    let Some(Json(new)) = body else {
        return refuse(
            StatusCode::BAD_REQUEST,
            Code::BadRequest,
            "send {\"rules\": {\"preset\": ...}, \"names\": [...]} as JSON",
        );
    };
    let rules = match new.rules.resolve() {
        Ok(r) => r,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, Code::BadRules, e),
    };
    let names = match side_names(&rules, &new.names) {
        Ok(n) => n,
        Err(r) => return r.into_response(),
    };
    if let Err(r) = quota::take(&hub, ip, Made::Sheet) {
        return *r;
    }
    let secret = random_id(24);
    let at = now_ms();
    let row = SheetRow {
        id: random_id(12),
        secret_hash: token_hash(&secret),
        created_at: at,
        updated_at: at,
        rules: json!(rules.spec()).to_string(),
        names: json!(names).to_string(),
        hands: 0,
        reports: "[]".into(),
    };
    if let Err(e) = hub.store.create_sheet(&row).await {
        return internal(e);
    }
    let loaded = Loaded {
        sheet: Sheet::new(rules),
        names,
        row,
    };
    let mut v = view(&loaded);
    v["secret"] = json!(secret);
    (StatusCode::CREATED, Json(v)).into_response()
}

async fn show(State(hub): State<Hub>, Path(id): Path<String>) -> Response {
    match load(&hub, &id).await {
        Ok(l) => Json(view(&l)).into_response(),
        Err(r) => r,
    }
}

/// Store `l`'s hands (it held `was` before the change) and answer the sheet.
async fn save(hub: &Hub, mut l: Loaded, was: i64) -> Response {
    let reports: Vec<&HandReport> = l.sheet.reports().collect();
    let at = now_ms();
    let hands = reports.len() as i64;
    match hub
        .store
        .set_sheet_hands(&l.row.id, was, hands, &json!(reports).to_string(), at)
        .await
    {
        Ok(true) => {
            l.row.updated_at = at;
            l.row.hands = hands;
            Json(view(&l)).into_response()
        }
        Ok(false) => refuse(
            StatusCode::CONFLICT,
            Code::Changed,
            "the sheet changed meanwhile: reload it and enter the hand again",
        ),
        Err(e) => internal(e),
    }
}

async fn enter(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<HandReport>>,
) -> Response {
    let mut l = match load(&hub, &id).await {
        Ok(l) => l,
        Err(r) => return r,
    };
    if let Err(r) = check_secret(&l.row, &headers) {
        return r.into_response();
    }
    let Some(Json(report)) = body else {
        return refuse(
            StatusCode::BAD_REQUEST,
            Code::BadHand,
            "send the hand as JSON: {\"dominoed\": [seat], \"counts\": [...], ...}",
        );
    };
    if l.sheet.hands().len() >= MAX_HANDS {
        return refuse(
            StatusCode::BAD_REQUEST,
            Code::Full,
            format!("a sheet holds at most {MAX_HANDS} hands: start a new one"),
        );
    }
    let was = l.row.hands;
    if let Err(e) = l.sheet.enter(report) {
        let code = match e.impossible() {
            Some(Impossible::Counts) => Code::ImpossibleCounts,
            Some(Impossible::Points) => Code::ImpossiblePoints,
            Some(Impossible::Acts) => Code::ImpossibleActs,
            None => Code::BadHand,
        };
        return refuse(StatusCode::BAD_REQUEST, code, e);
    }
    save(&hub, l, was).await
}

async fn undo(State(hub): State<Hub>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    let mut l = match load(&hub, &id).await {
        Ok(l) => l,
        Err(r) => return r,
    };
    if let Err(r) = check_secret(&l.row, &headers) {
        return r.into_response();
    }
    let was = l.row.hands;
    if let Err(e) = l.sheet.undo() {
        return refuse(StatusCode::BAD_REQUEST, Code::NothingToUndo, e);
    }
    save(&hub, l, was).await
}

/// The sheet as CSV (the engine's, shared with `domino keep`).
fn to_csv(l: &Loaded) -> String {
    l.sheet.to_csv(&l.names)
}

async fn csv(State(hub): State<Hub>, Path(id): Path<String>) -> Response {
    let l = match load(&hub, &id).await {
        Ok(l) => l,
        Err(r) => return r,
    };
    crate::http::csv_download(&format!("sheet-{}.csv", l.row.id), to_csv(&l))
}

/// Whether a sheet exists, for the page at `/k/{id}`.
pub async fn exists(hub: &Hub, id: &str) -> Result<bool, sqlx::Error> {
    Ok(hub.store.sheet(id).await?.is_some())
}
