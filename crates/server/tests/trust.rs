//! What the server trusts of a request, on real sockets: every route that
//! changes state (walked from the router, not listed by hand) refuses a
//! body that is not JSON (415), no body without a type unless a bearer
//! token or the browser vouches for it, and a page of another origin
//! (403); the
//! security headers on the page, the API and the files; the WebSocket
//! upgrade refused from another site's page and taken with no Origin or
//! the server's own; `/metrics` only with its token; behind the proxy, the
//! cookie `Secure` and sign-in links at the public address.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::sync::Arc;

use common::{config, http_request, Server, METRICS_TOKEN};
use domino_server::web::trust::PublicUrl;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// Every route that changes state, from the router the server runs.
async fn writes() -> Vec<(String, String)> {
    common::served_routes()
        .await
        .writes()
        .iter()
        // A capture names nothing there is: the guard answers first.
        .map(|(m, p)| (m.to_string(), p.replace("{id}", "nothing")))
        .collect()
}

/// The guard's own words refusing a request that is not JSON.
const GUARD_NOT_JSON: &str = "send Content-Type: application/json";

fn code(body: &str) -> Value {
    serde_json::from_str::<Value>(body).unwrap_or(Value::Null)["code"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_that_changes_state_takes_only_same_origin_json() {
    let routes = writes().await;
    // The walk found the routes (not an empty list that checks nothing).
    for known in [
        ("POST", "/api/profile"),
        ("POST", "/api/profile/signout"),
        ("POST", "/api/profile/claim"),
        ("DELETE", "/api/sheets/nothing/hands/last"),
        ("POST", "/api/tournaments/nothing/start"),
    ] {
        assert!(
            routes
                .iter()
                .any(|(m, p)| (m.as_str(), p.as_str()) == known),
            "{known:?} not in {routes:?}"
        );
    }
    let s = Server::start(config("sqlite::memory:"));
    let host = s.addr.to_string();
    let own = format!("http://{host}");
    let body = json!({"name": "Mallory"}).to_string();
    for (method, path) in &routes {
        let at = format!("{method} {path}");
        // A form's bodies: text/plain (JSON inside, as a form can make
        // it), url-encoded, multipart; and none at all.
        for kind in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
        ] {
            let (status, _, text) = http_request(
                s.addr,
                method,
                path,
                &[("Content-Type", kind), ("Host", &host)],
                Some(&body),
            )
            .await;
            assert_eq!(
                (status, code(&text)),
                (415, json!("not_json")),
                "{at} {kind}"
            );
        }
        // JSON from another origin: another site, another port of this
        // host (same site: the cookie goes along), a sandboxed page.
        for origin in ["http://evil.example", "http://127.0.0.1:1", "null"] {
            let (status, _, text) = http_request(
                s.addr,
                method,
                path,
                &[("Origin", origin), ("Host", &host)],
                Some(&body),
            )
            .await;
            assert_eq!(
                (status, code(&text)),
                (403, json!("cross_site")),
                "{at} from {origin}"
            );
        }
        // Browsers mark a cross-site request so too, whatever its Origin.
        let (status, _, _) = http_request(
            s.addr,
            method,
            path,
            &[
                ("Origin", "http://evil.example"),
                ("Sec-Fetch-Site", "cross-site"),
                ("Host", &host),
            ],
            Some(&body),
        )
        .await;
        assert_eq!(status, 403, "{at}, cross-site");
        // No body and no type: refused unless vouched for as no other
        // site's (by a bearer token, or the browser's own word), so a
        // cookie sent by a page whose Origin got lost is still refused.
        let untyped = ("Content-Type", "");
        for headers in [
            vec![untyped, ("Host", &host)],
            vec![untyped, ("Host", &host), ("Sec-Fetch-Site", "same-site")],
            vec![untyped, ("Host", &host), ("Authorization", "Basic eDp5")],
        ] {
            let (status, _, text) = http_request(s.addr, method, path, &headers, None).await;
            assert_eq!(
                (status, code(&text)),
                (415, json!("not_json")),
                "{at} bodyless {headers:?}"
            );
        }
        let (status, _, _) = http_request(
            s.addr,
            method,
            path,
            &[untyped, ("Host", &host), ("Origin", "http://evil.example")],
            None,
        )
        .await;
        assert_eq!(status, 403, "{at}, bodyless from another site");
        for vouch in [
            ("Origin", own.as_str()),
            ("Sec-Fetch-Site", "same-origin"),
            ("Authorization", "Bearer dbt_unknown"),
        ] {
            let headers = [untyped, ("Host", host.as_str()), vouch];
            let (status, _, text) = http_request(s.addr, method, path, &headers, None).await;
            // (A route that needs a body says so itself, in other words.)
            let message =
                serde_json::from_str::<Value>(&text).unwrap_or(Value::Null)["message"].clone();
            assert!(
                status != 403 && message != json!(GUARD_NOT_JSON),
                "{at} bodyless with {vouch:?}: {status} {text}"
            );
        }
        // JSON from the server's own page, or from no browser, passes the
        // guard to the route (which answers as it will).
        for origin in [Some(own.as_str()), None] {
            let mut headers = vec![("Host", host.as_str())];
            headers.extend(origin.map(|o| ("Origin", o)));
            let (status, _, text) = http_request(s.addr, method, path, &headers, Some(&body)).await;
            assert!(
                ![403, 415].contains(&status),
                "{at} from {origin:?}: {status} {text}"
            );
        }
    }
}

/// The value of header `name` (lower case) in a response head.
fn header<'h>(head: &'h str, name: &str) -> Option<&'h str> {
    head.lines().skip(1).find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.trim().eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_the_api_and_the_files_carry_the_security_headers() {
    let s = Server::start(config("sqlite::memory:"));
    for path in [
        "/",
        "/t/nothing",
        "/api/presets",
        "/api/history/nothing",
        "/app.js",
        "/style.css",
    ] {
        let (_, head, _) = http_request(s.addr, "GET", path, &[], None).await;
        let csp = header(&head, "content-security-policy")
            .unwrap_or_else(|| panic!("{path}: no CSP\n{head}"));
        for part in [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "frame-ancestors 'none'",
            "object-src 'none'",
        ] {
            assert!(csp.contains(part), "{path}: {csp}");
        }
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(
            header(&head, "x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(
            header(&head, "referrer-policy"),
            Some("same-origin"),
            "{path}"
        );
    }
    // A refusal carries them too.
    let (status, head, _) = http_request(
        s.addr,
        "POST",
        "/api/profile",
        &[("Content-Type", "text/plain")],
        Some("{}"),
    )
    .await;
    assert_eq!(status, 415);
    assert!(header(&head, "content-security-policy").is_some(), "{head}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_file_the_browser_has_is_answered_not_modified() {
    let s = Server::start(config("sqlite::memory:"));
    let (status, head, body) = http_request(s.addr, "GET", "/app.js", &[], None).await;
    assert_eq!(status, 200);
    assert!(!body.is_empty());
    assert_eq!(header(&head, "cache-control"), Some("no-cache"), "{head}");
    let etag = header(&head, "etag").unwrap_or_else(|| panic!("no ETag\n{head}"));
    // Asked again with its tag: not sent again, and still revalidated next time.
    let (status, again, body) =
        http_request(s.addr, "GET", "/app.js", &[("If-None-Match", etag)], None).await;
    assert_eq!(status, 304, "{again}");
    assert!(body.is_empty(), "{body}");
    assert_eq!(header(&again, "etag"), Some(etag));
    assert_eq!(header(&again, "cache-control"), Some("no-cache"));
    assert!(
        header(&again, "content-security-policy").is_some(),
        "{again}"
    );
    // Another file, or another version of it, is sent whole.
    let (status, _, _) = http_request(
        s.addr,
        "GET",
        "/style.css",
        &[("If-None-Match", etag)],
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (status, _, _) = http_request(
        s.addr,
        "GET",
        "/app.js",
        &[("If-None-Match", "\"old\"")],
        None,
    )
    .await;
    assert_eq!(status, 200);
}

/// The answer to a WebSocket handshake with these extra headers: Ok once
/// upgraded, else the refusal's status.
async fn handshake(
    addr: std::net::SocketAddr,
    headers: &[(&'static str, &str)],
) -> Result<(), u16> {
    let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
    for (k, v) in headers {
        req.headers_mut().insert(*k, v.parse().unwrap());
    }
    match tokio_tungstenite::connect_async(req).await {
        Ok(_) => Ok(()),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
        Err(e) => panic!("{e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_connections_come_from_our_page_or_from_no_browser() {
    let s = Server::start(config("sqlite::memory:"));
    let own = format!("http://{}", s.addr);
    assert_eq!(
        handshake(s.addr, &[("Origin", "http://evil.example")]).await,
        Err(403)
    );
    assert_eq!(
        handshake(s.addr, &[("Origin", "http://127.0.0.1:1")]).await,
        Err(403)
    );
    assert_eq!(
        handshake(s.addr, &[]).await,
        Ok(()),
        "no Origin: the Python package, bots"
    );
    assert_eq!(handshake(s.addr, &[("Origin", &own)]).await, Ok(()));
    // A refused handshake took no socket.
    let (_, health) = s.get("/healthz").await;
    assert_eq!(
        serde_json::from_str::<Value>(&health).unwrap()["refused"]["sockets"],
        json!(0)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_need_their_token() {
    let s = Server::start(config("sqlite::memory:"));
    let get = |auth: Option<String>| async move {
        let headers: Vec<(&str, &str)> =
            auth.iter().map(|a| ("Authorization", a.as_str())).collect();
        let (status, head, body) = http_request(s.addr, "GET", "/metrics", &headers, None).await;
        (status, head, body)
    };
    let (status, head, _) = get(None).await;
    assert_eq!(status, 401);
    assert_eq!(header(&head, "www-authenticate"), Some("Bearer"));
    assert_eq!(get(Some("Bearer wrong".into())).await.0, 401);
    assert_eq!(
        get(Some(METRICS_TOKEN.into())).await.0,
        401,
        "the scheme is needed"
    );
    let (status, _, body) = get(Some(format!("Bearer {METRICS_TOKEN}"))).await;
    assert_eq!(status, 200);
    assert!(body.contains("domino_sockets_open"), "{body}");
    drop(s);
    // No token configured: off.
    let off = Server::start(domino_server::Config {
        metrics_token: None,
        ..config("sqlite::memory:")
    });
    let (status, _, _) = http_request(off.addr, "GET", "/metrics", &[], None).await;
    assert_eq!(status, 404);
}

/// A new profile's `Set-Cookie` and a sign-in link's URL, asked with
/// `headers` (a proxy's, say).
async fn cookie_and_link(s: &Server, headers: &[(&str, &str)]) -> (String, String) {
    let name = format!("P{}", next_number());
    let body = json!({"name": name}).to_string();
    let (status, head, text) =
        http_request(s.addr, "POST", "/api/profile", headers, Some(&body)).await;
    assert_eq!(status, 201, "{text}");
    let set = header(&head, "set-cookie").unwrap().to_string();
    let pair = set.split(';').next().unwrap().to_string();
    let mut with_cookie = headers.to_vec();
    with_cookie.push(("Cookie", &pair));
    let (status, _, text) =
        http_request(s.addr, "POST", "/api/profile/link", &with_cookie, None).await;
    assert_eq!(status, 200, "{text}");
    let link: Value = serde_json::from_str(&text).unwrap();
    (set, link["url"].as_str().unwrap().to_string())
}

/// A number new in this process, for names that must differ.
fn next_number() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::Relaxed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_the_proxy_its_scheme_and_the_public_address_count() {
    let proxy = [
        ("Host", "play.example:8443"),
        ("X-Forwarded-Proto", "https"),
    ];
    // Not behind a proxy: the header is anyone's, and ignored.
    let direct = Server::start(config("sqlite::memory:"));
    let (set, url) = cookie_and_link(&direct, &proxy).await;
    assert!(!set.contains("Secure"), "{set}");
    assert!(url.starts_with("http://play.example:8443/link/"), "{url}");
    // Behind it (--behind-proxy): Secure, and links over https.
    let behind = |public_url: Option<&str>| {
        let mut cfg = config("sqlite::memory:");
        let mut limits = (*cfg.limits).clone();
        limits.behind_proxy = true;
        cfg.limits = Arc::new(limits);
        cfg.public_url = public_url.map(|u| PublicUrl::parse(u).unwrap());
        Server::start(cfg)
    };
    let s = behind(None);
    let (set, url) = cookie_and_link(&s, &proxy).await;
    assert!(set.ends_with("; Secure"), "{set}");
    assert!(url.starts_with("https://play.example:8443/link/"), "{url}");
    // The page's own POST through the proxy passes the Origin check.
    let mut from_page = proxy.to_vec();
    from_page.push(("Origin", "https://play.example:8443"));
    cookie_and_link(&s, &from_page).await;
    // --public-url: links there, whatever Host the proxy passes on, and
    // the origin pages must have.
    let s = behind(Some("https://domino.example.org"));
    let (set, url) = cookie_and_link(&s, &[("Host", "127.0.0.1:8080")]).await;
    assert!(set.ends_with("; Secure"), "{set}");
    assert!(url.starts_with("https://domino.example.org/link/"), "{url}");
    let body = json!({"name": "Elsewhere"}).to_string();
    let (status, _, _) = http_request(
        s.addr,
        "POST",
        "/api/profile",
        &[
            ("Host", "domino.example.org"),
            ("Origin", "http://domino.example.org"),
        ],
        Some(&body),
    )
    .await;
    assert_eq!(status, 403, "http is another origin than the public https");
}
