//! What a load balancer and a monitoring system ask a node:
//! `GET /readyz` (may this node be sent players now?) and `GET /metrics`
//! (the Prometheus text format, with the `--metrics-token` as a bearer
//! token). `/healthz`, in [`crate::web::http`], only says
//! the process answers.

use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use tokio::sync::watch;

use crate::app::App;
use crate::limits::Refused;
use crate::web::answer::http_refusal;
use crate::web::metrics::{Exposition, Kind};
use crate::web::routes::Routes;
use domino_protocol::ops::Readiness;
use domino_protocol::refusal::Code;

/// How long the store may take to answer the readiness query: a balancer
/// polls every few seconds and must not pile up waiting probes.
pub const STORE_TIMEOUT: Duration = Duration::from_secs(2);

#[derive(Clone, Debug)]
struct Ops {
    app: App,
    stop: watch::Receiver<bool>,
}

/// `/readyz` and `/metrics`, to merge into the application.
pub fn routes(app: App, stop: watch::Receiver<bool>) -> Routes {
    Routes::new()
        .get("/readyz", readyz)
        .get("/metrics", metrics)
        .with_state(Ops { app, stop })
}

/// Why this node should not be given players now, if it should not.
pub async fn not_ready(app: &App, stop: &watch::Receiver<bool>) -> Option<String> {
    if *stop.borrow() || app.hub.draining() {
        return Some("shutting down".into());
    }
    match tokio::time::timeout(STORE_TIMEOUT, app.store.ping()).await {
        Ok(Ok(())) => None,
        Ok(Err(e)) => Some(format!("store: {e}")),
        Err(_) => Some(format!(
            "store: no answer within {} ms",
            STORE_TIMEOUT.as_millis()
        )),
    }
}

/// 200 `{"ready": true}`, or 503 `{"ready": false, "reason": ...}`.
async fn readyz(State(ops): State<Ops>) -> Response {
    match not_ready(&ops.app, &ops.stop).await {
        None => Json(Readiness {
            ready: true,
            reason: None,
        })
        .into_response(),
        Some(reason) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(Readiness {
                ready: false,
                reason: Some(reason),
            }),
        )
            .into_response(),
    }
}

/// Every metric of this node, as text.
pub fn exposition(app: &App) -> String {
    let mut e = Exposition::default();
    e.single(
        "domino_tables_owned",
        Kind::Gauge,
        "Live tables this node runs (playing, parked, or finished with someone still there).",
        app.hub.len(),
    );
    e.single(
        "domino_tables_parked",
        Kind::Gauge,
        "Live tables parked: nobody connected, bots waiting.",
        app.hub.parked(),
    );
    e.single(
        "domino_sockets_open",
        Kind::Gauge,
        "Game connections (WebSockets) open.",
        app.sockets.open(),
    );
    e.single(
        "domino_actions_total",
        Kind::Counter,
        "Actions stored and applied by this node's tables since it started.",
        app.stats.actions.load(Ordering::Relaxed),
    );
    e.family(
        "domino_refused_total",
        Kind::Counter,
        "Requests and connections refused by a limit, by limit.",
    );
    for kind in Refused::ALL {
        e.sample(
            "domino_refused_total",
            &[("limit", kind.name())],
            app.stats.count(kind),
        );
    }
    if let Some(relay) = &app.relay {
        relay_metrics(&mut e, relay);
    }
    e.single(
        "domino_bot_moves_refused_total",
        Kind::Counter,
        "Bot moves a table could not take (the store refusing the write, most often), each asked for again after a pause that doubles, up to 2 s.",
        app.config
            .metrics
            .bot_moves_refused
            .load(Ordering::Relaxed),
    );
    e.single(
        "domino_tables_asleep",
        Kind::Gauge,
        "Parked tables whose match is out of memory, replayed from the store when someone comes back or a deadline passes.",
        app.config.metrics.tables_asleep.load(Ordering::Relaxed),
    );
    e.histogram(
        "domino_move_latency_seconds",
        "From a table taking an action to the state showing it queued to every socket of the table.",
        &app.config.metrics.move_latency,
    );
    e.histogram(
        "domino_store_write_seconds",
        "Each write to the store (log entries, seats, finished records); a log entry from being queued to its batch's commit.",
        app.store.write_latency(),
    );
    let (commits, entries) = app.store.log_commits();
    e.single(
        "domino_store_log_commits_total",
        Kind::Counter,
        "Transactions that wrote log entries (group commit: one for every entry queued meanwhile; one sync each on SQLite).",
        commits,
    );
    e.single(
        "domino_store_log_entries_total",
        Kind::Counter,
        "Log entries written (actions and next hands).",
        entries,
    );
    e.into_text()
}

/// What the relay between nodes carries (only with several nodes).
fn relay_metrics(e: &mut Exposition, relay: &crate::cluster::relay::Relay) {
    let c = &relay.counts;
    let n = |a: &std::sync::atomic::AtomicU64| a.load(Ordering::Relaxed);
    e.single(
        "domino_relay_sockets_remote",
        Kind::Gauge,
        "Sockets on this node at tables other nodes own.",
        relay.remote_sockets(),
    );
    e.single(
        "domino_relay_sockets_served",
        Kind::Gauge,
        "Sockets on other nodes at tables this node owns.",
        relay.served_sockets(),
    );
    e.single(
        "domino_relay_notifications_sent_total",
        Kind::Counter,
        "PostgreSQL notifications this node sent to other nodes.",
        n(&c.notifications_sent),
    );
    e.single(
        "domino_relay_statements_total",
        Kind::Counter,
        "PostgreSQL statements that sent them (one carries all that wait for one node).",
        n(&c.statements_sent),
    );
    e.single(
        "domino_relay_notifications_received_total",
        Kind::Counter,
        "PostgreSQL notifications this node received from other nodes.",
        n(&c.notifications_received),
    );
    e.single(
        "domino_relay_items_sent_total",
        Kind::Counter,
        "Requests, answers and table messages sent to other nodes (several per notification when they come together).",
        n(&c.items_sent),
    );
    e.single(
        "domino_relay_items_received_total",
        Kind::Counter,
        "Requests, answers and table messages received from other nodes.",
        n(&c.items_received),
    );
    e.single(
        "domino_relay_requests_timed_out_total",
        Kind::Counter,
        "Requests to another node's table that got no answer in time (its node died or stalled).",
        n(&c.requests_timed_out),
    );
}

/// Whether the request carries the metrics token as `Authorization:
/// Bearer TOKEN`. The hashes are compared, so the time taken says nothing
/// about how much of a guess was right.
fn token_given(token: &str, headers: &HeaderMap) -> bool {
    use sha2::{Digest, Sha256};
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim);
    given.is_some_and(|g| Sha256::digest(g.as_bytes()) == Sha256::digest(token.as_bytes()))
}

/// The metrics, to whoever gives the token (`--metrics-token`): they
/// count players and refusals, nothing for the public. Without a token
/// configured `/metrics` is off.
async fn metrics(State(ops): State<Ops>, headers: HeaderMap) -> Response {
    let Some(token) = &ops.app.config.metrics_token else {
        return http_refusal(
            StatusCode::NOT_FOUND,
            Code::BadRequest,
            "metrics are off: start the server with --metrics-token",
        );
    };
    if !token_given(token, &headers) {
        let mut r = http_refusal(
            StatusCode::UNAUTHORIZED,
            Code::BadToken,
            "give the metrics token: Authorization: Bearer TOKEN",
        );
        r.headers_mut().insert(
            header::WWW_AUTHENTICATE,
            axum::http::HeaderValue::from_static("Bearer"),
        );
        return r;
    }
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        exposition(&ops.app),
    )
        .into_response()
}
