//! What a load balancer and monitoring see, on real sockets: `/readyz`
//! while serving, with the store gone and while shutting down, and
//! `/metrics` after a match against bots.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use common::{config, http_get, http_request, play_out, Client, Server, METRICS_TOKEN};
use serde_json::{json, Value};

/// The status, the headers (lower-cased names) and the body of `/metrics`
/// asked with the test token.
async fn metrics_with_headers(
    addr: std::net::SocketAddr,
) -> (u16, HashMap<String, String>, String) {
    let auth = format!("Bearer {METRICS_TOKEN}");
    let (status, head, body) =
        http_request(addr, "GET", "/metrics", &[("Authorization", &auth)], None).await;
    let headers = head
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers, body)
}

fn json_of(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_is_ready_while_the_store_answers_and_says_why_not_once_it_is_gone() {
    let cfg = Arc::new(config("sqlite::memory:"));
    let store = domino_store::Store::connect(&cfg.db).await.unwrap();
    let rater = Arc::new(domino_server::profiles::Ratings::new(
        store.profiles().clone(),
    ));
    let app = domino_server::app::App::start(store, cfg.clone(), rater)
        .await
        .unwrap();
    // The stop signal the routes see stays false: only the store changes.
    let (_stop_tx, stop) = tokio::sync::watch::channel(false);
    let router = domino_server::web::router::router(app.clone(), stop.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(domino_server::web::listen::serve(
        listener,
        router,
        cfg.limits.clone(),
        app.stats.clone(),
        stop,
    ));

    let (code, body) = http_get(addr, "/readyz").await;
    assert_eq!((code, json_of(&body)), (200, json!({"ready": true})));

    app.store.close().await;
    let (code, body) = http_get(addr, "/readyz").await;
    assert_eq!(code, 503, "{body}");
    let v = json_of(&body);
    assert_eq!(v["ready"], false);
    let reason = v["reason"].as_str().unwrap();
    assert!(reason.starts_with("store: "), "{reason}");
    // Alive all the same: only readiness depends on the store.
    assert_eq!(http_get(addr, "/healthz").await.0, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn while_draining_readyz_says_shutting_down_and_games_go_on() {
    let mut cfg = config("sqlite::memory:");
    cfg.drain = Duration::from_secs(3);
    let mut s = Server::start(cfg);
    assert_eq!(s.get("/readyz").await.0, 200);
    let mut me = Client::connect(s.addr).await;
    let r = me
        .request(
            json!({"type": "create", "humans": 1, "bot": "random", "name": "Ann",
                        "rules": {"preset": "draw", "players": 2}}),
        )
        .await;
    assert_eq!(r["type"], "joined", "{r}");

    s.shut_down();
    let mut said = None;
    for _ in 0..100 {
        let (code, body) = s.get("/readyz").await;
        if code == 503 {
            said = Some(json_of(&body));
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let said = said.expect("503 soon after the shutdown began");
    assert_eq!(said, json!({"ready": false, "reason": "shutting down"}));
    // The node still answers, and the open game still plays.
    assert_eq!(s.get("/healthz").await.0, 200);
    let list = me.request(json!({"type": "list"})).await;
    assert_eq!(list["type"], "tables", "{list}");
    // After the drain the sockets close.
    assert!(me.closed_within(10_000).await, "closed after the drain");
}

/// `name{labels} value` lines by series (name with its labels), each
/// family's TYPE, and the order the series came in.
fn parse(text: &str) -> (HashMap<String, f64>, HashMap<String, String>) {
    let mut samples = HashMap::new();
    let mut types = HashMap::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# TYPE ") {
            let (name, kind) = rest.split_once(' ').unwrap();
            types.insert(name.to_string(), kind.to_string());
            continue;
        }
        if line.starts_with("# HELP ") {
            continue;
        }
        assert!(!line.starts_with('#') && !line.is_empty(), "{line:?}");
        let (series, value) = line.rsplit_once(' ').unwrap();
        let name = series.split('{').next().unwrap();
        let family = ["_bucket", "_sum", "_count"]
            .iter()
            .find_map(|s| name.strip_suffix(s))
            .filter(|f| types.get(*f).is_some_and(|k| k == "histogram"))
            .unwrap_or(name);
        assert!(types.contains_key(family), "no TYPE before {line}");
        let v: f64 = value.parse().unwrap_or_else(|e| panic!("{e}: {line}"));
        assert!(samples.insert(series.to_string(), v).is_none(), "{series}");
    }
    (samples, types)
}

/// A histogram's buckets are cumulative, end at `+Inf`, and `+Inf` is
/// the count; returns the count.
fn check_histogram(samples: &HashMap<String, f64>, name: &str) -> f64 {
    let mut buckets: Vec<(f64, f64)> = samples
        .iter()
        .filter_map(|(k, v)| {
            let le = k
                .strip_prefix(&format!("{name}_bucket{{le=\""))?
                .strip_suffix("\"}")?;
            let le = if le == "+Inf" {
                f64::INFINITY
            } else {
                le.parse().unwrap()
            };
            Some((le, *v))
        })
        .collect();
    buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert!(buckets.len() > 2, "{name}: {buckets:?}");
    assert!(buckets.windows(2).all(|w| w[0].1 <= w[1].1), "{buckets:?}");
    let count = samples[&format!("{name}_count")];
    assert_eq!(buckets.last().unwrap(), &(f64::INFINITY, count));
    assert!(samples[&format!("{name}_sum")] >= 0.0);
    count
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_a_match_against_bots() {
    let s = Server::start(config("sqlite::memory:"));
    let (code, headers, before) = metrics_with_headers(s.addr).await;
    assert_eq!(code, 200);
    assert_eq!(
        headers["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    let (before, types) = parse(&before);
    assert_eq!(before["domino_actions_total"], 0.0);
    assert_eq!(before["domino_move_latency_seconds_count"], 0.0);
    assert_eq!(types["domino_actions_total"], "counter");
    assert_eq!(types["domino_sockets_open"], "gauge");
    assert_eq!(types["domino_move_latency_seconds"], "histogram");

    let mut me = Client::connect(s.addr).await;
    let r = me
        .request(
            json!({"type": "create", "humans": 1, "bot": "random", "name": "Ann",
                        "rules": {"preset": "draw", "players": 3, "options": {"target": 30}}}),
        )
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let last = play_out(&mut me, 3).await;
    assert_eq!(last["state"]["phase"], "match_over");

    let (_, text) = s.metrics().await;
    let (after, types) = parse(&text);
    let actions = after["domino_actions_total"];
    let (_, health) = s.get("/healthz").await;
    let health = json_of(&health);
    assert_eq!(actions, health["actions"].as_f64().unwrap());
    assert!(actions >= 3.0, "{actions}");
    // Every action went out once; bots' and the player's alike.
    let moves = check_histogram(&after, "domino_move_latency_seconds");
    assert!(moves >= 1.0 && moves <= actions, "{moves} of {actions}");
    // Each action is one write; the table, its seat, each new hand and the
    // record are more.
    let writes = check_histogram(&after, "domino_store_write_seconds");
    assert!(
        writes >= actions + 3.0,
        "{writes} writes, {actions} actions"
    );
    assert_eq!(after["domino_sockets_open"], 1.0);
    assert_eq!(after["domino_tables_owned"], 1.0, "still here at the end");
    assert_eq!(after["domino_tables_parked"], 0.0);
    for limit in ["connections", "sockets", "messages", "idle_sockets"] {
        assert_eq!(
            after[&format!("domino_refused_total{{limit=\"{limit}\"}}")],
            0.0
        );
    }
    assert_eq!(types["domino_refused_total"], "counter");
}
