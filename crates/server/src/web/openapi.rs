//! The HTTP API's contract as an OpenAPI 3.1 document, made from the
//! handlers' annotations and the protocol crate's types: each feature's
//! `api.rs` lists its operations in its own `Doc`, and this file joins
//! them, adds what every operation shares (how a caller signs in, the
//! refusal's body) and the socket's messages as JSON Schema.
//!
//! Served at `GET /api/openapi.json`; `docs/openapi.json` is the committed
//! copy (a test fails when they differ, and rewrites it with
//! `DOMINO_BLESS=1`), so a change to the contract shows in review.

use std::sync::LazyLock;

use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use utoipa::openapi::link::LinkBuilder;
use utoipa::openapi::path::Operation;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, OpenApi, RefOr, ResponseBuilder};
use utoipa::OpenApi as _;

use crate::web::api_reference::markdown;
use crate::web::bot_docs::{to_html, Doc};
use crate::web::routes::Routes;

/// What the document says of itself and of the socket's messages.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(
    info(
        title = "domino server",
        description = "The HTTP API of `domino serve`: profiles, bot accounts and their tokens, \
            challenges, the pool's seeks, tournaments, puzzles, score sheets and finished matches. \
            The bot API's guide (docs/botapi.md, the site's /bots/api) tells the whole story; the \
            games themselves are played over the WebSocket at `/ws`, whose messages are \
            this document's `Request`, `Answer`, `StateMessage`, `ChatLine`, `RematchMade` and \
            `BotEvent` schemas.\n\n\
            A refusal is always a 4xx status with `{\"code\", \"message\"}` (`Refusal`); its code is \
            stable, its message is for people. A body is JSON, sent with \
            `Content-Type: application/json` (also for a call whose body is empty or optional).",
        license(name = "MIT OR Apache-2.0")
    ),
    components(schemas(
        domino_protocol::refusal::Refusal,
        domino_protocol::socket::Request,
        domino_protocol::socket::Answer,
        domino_protocol::table::StateMessage,
        domino_protocol::table::ChatLine,
        domino_protocol::table::RematchMade,
        domino_protocol::bots::BotEvent,
    )),
    tags(
        (name = "profiles", description = "A player's profile: made on a device, linked to others, signed out"),
        (name = "bots", description = "Bot accounts, their API tokens and their live tables"),
        (name = "challenges", description = "A challenge to a bot account, and its answer"),
        (name = "pool", description = "Seeks: waiting in the pool for a rated table"),
        (name = "tournaments", description = "Tournaments: made, joined, started, their standings"),
        (name = "puzzles", description = "Puzzles proved by the solver: tries, runs, your own"),
        (name = "sheets", description = "Score sheets kept by hand for a game played at a real table"),
        (name = "matches", description = "Games, levels, open tables, finished matches and their analysis"),
        (name = "turns", description = "Whose turn it is at a player's tables"),
        (name = "fairplay", description = "Fair play's flags and audit log, for moderators"),
        (name = "docs", description = "This document and the bot API's guide"),
    )
)]
struct Base;

/// The whole document: every feature's operations joined to the base.
pub fn document() -> OpenApi {
    let mut doc = Base::openapi();
    for part in [
        crate::profiles::api::Doc::openapi(),
        crate::bots::api::Doc::openapi(),
        crate::challenges::api::Doc::openapi(),
        crate::pool::api::Doc::openapi(),
        crate::tournament::api::Doc::openapi(),
        crate::puzzles::api::Doc::openapi(),
        crate::puzzles::own::api::Doc::openapi(),
        crate::puzzles::runs::api::Doc::openapi(),
        crate::sheets::api::Doc::openapi(),
        crate::coach::api::Doc::openapi(),
        crate::turns::api::Doc::openapi(),
        crate::fairplay::api::Doc::openapi(),
        crate::web::http::Doc::openapi(),
        crate::web::bot_docs::OpenApiDoc::openapi(),
        Here::openapi(),
    ] {
        doc.merge(part);
    }
    doc.info.version = env!("CARGO_PKG_VERSION").to_string();
    sign_in(&mut doc);
    refusals(&mut doc);
    unique_operation_ids(&mut doc);
    links(&mut doc);
    doc
}

/// Every operation of `doc`.
fn operations(doc: &mut OpenApi) -> impl Iterator<Item = &mut Operation> {
    doc.paths.paths.values_mut().flat_map(|item| {
        [
            &mut item.get,
            &mut item.post,
            &mut item.delete,
            &mut item.put,
            &mut item.patch,
        ]
        .into_iter()
        .flatten()
    })
}

/// An operation id names one operation (links and generated clients go
/// by it): a handler's name met in two features (`create`, `status`) is
/// prefixed with its subject (`challenges_create`).
fn unique_operation_ids(doc: &mut OpenApi) {
    let mut seen = std::collections::HashMap::<String, usize>::new();
    for op in operations(doc) {
        if let Some(id) = &op.operation_id {
            *seen.entry(id.clone()).or_default() += 1;
        }
    }
    for op in operations(doc) {
        let tag = op.tags.as_ref().and_then(|t| t.first()).cloned();
        if let (Some(id), Some(tag)) = (&mut op.operation_id, tag) {
            if seen.get(id.as_str()).is_some_and(|n| *n > 1) {
                *id = format!("{tag}_{id}");
            }
        }
    }
}

/// Where an answer leads: the id a call makes is the path parameter of
/// the calls about it (a token made, then revoked; a challenge made, then
/// looked at, accepted, declined or cancelled; and so on). Schemathesis's
/// stateful phase follows these links from one call to the next.
fn links(doc: &mut OpenApi) {
    // (the making operation, its status, the field of its answer, the path
    // parameter, the operations it leads to)
    const LINKS: &[(&str, &str, &str, &str, &[&str])] = &[
        ("new_token", "201", "id", "id", &["revoke"]),
        (
            "challenges_create",
            "201",
            "id",
            "id",
            &[
                "challenges_status",
                "accept",
                "decline",
                "challenges_cancel",
            ],
        ),
        ("seek", "200", "seek", "id", &["pool_status", "pool_cancel"]),
        (
            "tournaments_create",
            "201",
            "id",
            "id",
            &[
                "tournaments_show",
                "join",
                "bots",
                "tournaments_start",
                "tournaments_csv",
            ],
        ),
        (
            "sheets_create",
            "201",
            "id",
            "id",
            &["sheets_show", "enter", "undo", "version", "sheets_csv"],
        ),
        ("make", "201", "id", "id", &["one", "try_own"]),
        ("puzzles_start", "200", "run", "run", &["try_run"]),
    ];
    for op in operations(doc) {
        let Some(id) = op.operation_id.clone() else {
            continue;
        };
        for (from, status, field, param, to) in LINKS {
            if id != *from {
                continue;
            }
            let Some(RefOr::T(answer)) = op.responses.responses.get_mut(*status) else {
                continue;
            };
            for target in *to {
                let link = LinkBuilder::new()
                    .operation_id(*target)
                    .parameter(*param, format!("$response.body#/{field}"))
                    .build();
                answer.links.insert((*target).to_string(), RefOr::T(link));
            }
        }
    }
}

/// The document as served: [`document`] with each `oneOf` as `anyOf`. An
/// untagged enum's variants may overlap (an empty list is a list of
/// anything; an object with more fields still has the smaller one's), and
/// serde takes the first that reads, which is what `anyOf` says; `oneOf`
/// would refuse a value two variants accept. A tagged enum's variants never
/// overlap, so for them the two say the same.
///
/// Links are written with the specification's names (`operationId`):
/// utoipa 5.5 writes its `Link` in snake case.
pub fn served() -> serde_json::Value {
    fn walk(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(o) => {
                if let Some(alts) = o.remove("oneOf") {
                    o.insert("anyOf".to_string(), alts);
                }
                if let Some(serde_json::Value::Object(links)) = o.get_mut("links") {
                    for link in links.values_mut().filter_map(|l| l.as_object_mut()) {
                        for (snake, camel) in [
                            ("operation_id", "operationId"),
                            ("operation_ref", "operationRef"),
                            ("request_body", "requestBody"),
                        ] {
                            if let Some(x) = link.remove(snake) {
                                link.insert(camel.to_string(), x);
                            }
                        }
                    }
                }
                o.values_mut().for_each(walk);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(walk),
            _ => {}
        }
    }
    // An OpenApi value is plain data: writing it cannot fail.
    let mut v = serde_json::to_value(document()).unwrap_or_default();
    walk(&mut v);
    v
}

/// The two ways a caller is known: a bot account's API token, or a
/// person's device cookie (set by `POST /api/profile`).
fn sign_in(doc: &mut OpenApi) {
    let components = doc.components.get_or_insert_with(Default::default);
    components.add_security_scheme(
        "bearer",
        SecurityScheme::Http(
            HttpBuilder::new()
                .scheme(HttpAuthScheme::Bearer)
                .description(Some("A bot account's API token (`POST /api/tokens`)"))
                .build(),
        ),
    );
    components.add_security_scheme(
        "cookie",
        SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
            crate::who::COOKIE,
            "A person's profile on this device (`POST /api/profile` sets it)",
        ))),
    );
}

/// Every operation may be refused: a 4xx with the refusal's body; and a
/// 5xx with it too where the server cannot answer now (busy, or a fault of
/// its own).
fn refusals(doc: &mut OpenApi) {
    let with_refusal = |what: &str| {
        ResponseBuilder::new()
            .description(what)
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(RefOr::Ref(utoipa::openapi::Ref::from_schema_name(
                        "Refusal",
                    ))))
                    .build(),
            )
            .build()
    };
    let refused = with_refusal("Refused: the code says why (docs/server.md lists the codes)");
    let failed = with_refusal("Not answered now: `analysis_busy` and the like, or `internal`");
    for op in operations(doc) {
        let answers = &mut op.responses.responses;
        answers
            .entry("4XX".to_string())
            .or_insert_with(|| RefOr::T(refused.clone()));
        answers
            .entry("5XX".to_string())
            .or_insert_with(|| RefOr::T(failed.clone()));
    }
}

/// The document as served, written once.
static DOCUMENT: LazyLock<String> =
    LazyLock::new(|| serde_json::to_string_pretty(&served()).unwrap_or_default() + "\n");

/// The document's own routes: the file, and the reference written from it.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(openapi_json, reference_text))]
struct Here;

pub fn routes() -> Routes {
    Routes::new()
        .get("/api/openapi.json", openapi_json)
        .get("/api/docs/reference", reference_text)
        .get("/bots/api/reference", crate::web::bot_docs::page)
        .with_state(())
}

/// This document.
#[utoipa::path(get, path = "/api/openapi.json", tag = "docs",
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json")))]
async fn openapi_json() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        DOCUMENT.as_str(),
    )
}

/// The reference page's text, written once.
static REFERENCE: LazyLock<String> = LazyLock::new(|| to_html(&markdown(&document())));

/// The HTTP API's reference (this document) as HTML.
#[utoipa::path(get, path = "/api/docs/reference", tag = "docs",
    responses((status = 200, description = "The reference", body = Doc)))]
async fn reference_text() -> Json<Doc> {
    Json(Doc {
        html: REFERENCE.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/openapi.json is the document as served.
    #[test]
    fn the_committed_copy_is_the_document() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/openapi.json");
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != *DOCUMENT {
            if std::env::var_os("DOMINO_BLESS").is_some() {
                std::fs::write(&path, DOCUMENT.as_str()).expect("write docs/openapi.json");
            } else {
                panic!(
                    "docs/openapi.json differs from the document the server serves: \
                     run this test with DOMINO_BLESS=1 to rewrite it, and review the diff"
                );
            }
        }
    }

    #[test]
    fn operation_ids_are_unique_and_every_link_leads_to_one() {
        let doc = served();
        let mut ids = std::collections::HashSet::new();
        let mut links = Vec::new();
        for item in doc["paths"].as_object().unwrap().values() {
            for op in item.as_object().unwrap().values() {
                let id = op["operationId"].as_str().unwrap();
                assert!(ids.insert(id.to_string()), "two operations are {id}");
                for answer in op["responses"].as_object().unwrap().values() {
                    for link in answer["links"]
                        .as_object()
                        .into_iter()
                        .flat_map(|l| l.values())
                    {
                        links.push((
                            id.to_string(),
                            link["operationId"].as_str().unwrap().to_string(),
                        ));
                    }
                }
            }
        }
        // Every link written in `links` was placed (a renamed operation
        // would leave one out) and leads to an operation.
        assert_eq!(links.len(), 20, "{links:?}");
        for (from, to) in &links {
            assert!(
                ids.contains(to),
                "{from} links to {to}, which is no operation"
            );
        }
    }

    #[test]
    fn the_reference_names_each_operation_and_schema() {
        let md = markdown(&document());
        assert!(md.contains("### `POST /api/challenges`"), "{md}");
        assert!(md.contains("### `GET /api/openapi.json`"));
        assert!(md.contains("### Refusal {#schema-refusal}"));
        let html = to_html(&md);
        assert!(
            html.contains("<h3><code>POST /api/challenges</code></h3>"),
            "{html}"
        );
        assert!(html.contains("<table>"));
        assert!(html.contains(r#"<h3 id="schema-refusal">"#), "{html}");
        assert!(html.contains(r#"<a href="/api/openapi.json">"#));
    }
}
