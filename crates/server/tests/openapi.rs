//! The OpenAPI document against the router the server runs: every route
//! under `/api/` is one of its operations and it names no other, and a
//! live server serves it.

use crate::common;

use std::collections::BTreeSet;

use common::{config, http_request, Server};
use serde_json::Value;

/// Every route under `/api/`, from the router the server runs.
async fn api_routes() -> BTreeSet<(String, String)> {
    common::served_routes()
        .await
        .all()
        .iter()
        .filter(|(_, path)| path.starts_with("/api/"))
        .map(|(m, p)| (m.to_string(), p.to_string()))
        .collect()
}

/// The document's operations: method and path.
fn operations(doc: &Value) -> BTreeSet<(String, String)> {
    let mut ops = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            ops.insert((method.to_uppercase(), path.clone()));
        }
    }
    ops
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_document_names_every_api_route_and_no_other() {
    let routed = api_routes().await;
    // The walk found the routes (not an empty list that checks nothing).
    assert!(routed.len() > 50, "{} routes", routed.len());
    let doc = serde_json::to_value(domino_server::web::openapi::document()).unwrap();
    let documented = operations(&doc);
    let missing: Vec<_> = routed.difference(&documented).collect();
    let extra: Vec<_> = documented.difference(&routed).collect();
    assert!(
        missing.is_empty(),
        "routed, not in the document: {missing:?}"
    );
    assert!(extra.is_empty(), "in the document, not routed: {extra:?}");
    // Each operation says what it is for, and may be refused with a body.
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let summary = op["summary"].as_str().unwrap_or("");
            assert!(!summary.is_empty(), "{method} {path} has no summary");
            assert!(op["responses"]["4XX"].is_object(), "{method} {path}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_server_serves_the_document() {
    let server = Server::start(config("sqlite::memory:"));
    let (status, head, body) =
        http_request(server.addr, "GET", "/api/openapi.json", &[], None).await;
    assert_eq!(status, 200, "{head}");
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: application/json"),
        "{head}"
    );
    // Untagged enums' variants overlap: served as anyOf, never oneOf.
    assert!(!body.contains("\"oneOf\""));
    let doc: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    assert!(doc["paths"]["/api/challenges"]["post"].is_object());
    assert!(doc["components"]["schemas"]["Refusal"].is_object());
    assert!(doc["components"]["securitySchemes"]["bearer"].is_object());
}
