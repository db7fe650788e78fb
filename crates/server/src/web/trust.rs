//! What the server trusts of a request, and what every answer tells the
//! browser.
//!
//! - **The server's own origin** (`scheme://host[:port]`): `--public-url`
//!   when given, else the request's `Host` and scheme. The scheme is
//!   `https` when the proxy in front says so in `X-Forwarded-Proto`, read
//!   only with `--behind-proxy` (anyone can send the header otherwise).
//! - **Requests that change state** (every method but GET, HEAD and
//!   OPTIONS) must come from the server's own pages or from no browser at
//!   all ([`same_origin`]: 403 `cross_site` otherwise) and carry JSON
//!   (415 `not_json` otherwise). A browser sends `application/json` to
//!   another site only after a CORS preflight, which this server never
//!   grants, so a form or a script on another site cannot make such a
//!   request even where the Origin check were fooled. A request with no
//!   body at all may leave the type out when a bearer token or the
//!   browser's own word vouches that it is not another site's (a bot's
//!   `DELETE /api/tokens/{id}`, say).
//! - **Security headers** on every answer ([`headers`]).

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::Response;
use axum::Router;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::web::answer::{http_refusal, is_json};
use crate::Config;
use domino_protocol::refusal::Code;

/// The address players reach the server at, as a browser spells an origin:
/// `https://domino.example.org` (no path, no default port, lower case).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicUrl(String);

impl PublicUrl {
    /// `http(s)://host[:port]`, with or without a trailing `/`.
    pub fn parse(s: &str) -> Result<PublicUrl, String> {
        let bad = |why: &str| format!("`{s}`: {why}, e.g. https://domino.example.org");
        let uri: Uri = s.trim().parse().map_err(|_| bad("not a URL"))?;
        let scheme = match uri.scheme_str().map(str::to_ascii_lowercase).as_deref() {
            Some("https") => "https",
            Some("http") => "http",
            _ => return Err(bad("give http:// or https://")),
        };
        let Some(authority) = uri.authority() else {
            return Err(bad("give a host"));
        };
        if !matches!(uri.path(), "" | "/") || uri.query().is_some() {
            return Err(bad("the page is served at the root: give no path"));
        }
        if authority.as_str().contains('@') {
            return Err(bad("give no user name"));
        }
        let host = authority.host().to_ascii_lowercase();
        // Browsers leave the scheme's own port out of an Origin.
        let port = match (scheme, authority.port_u16()) {
            ("https", Some(443)) | ("http", Some(80)) | (_, None) => String::new(),
            (_, Some(p)) => format!(":{p}"),
        };
        Ok(PublicUrl(format!("{scheme}://{host}{port}")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for PublicUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The proxy in front (trusted only with `--behind-proxy`) says the
/// browser came over HTTPS.
fn forwarded_https(config: &Config, headers: &HeaderMap) -> bool {
    config.limits.behind_proxy
        && headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
}

/// The server's own origin for this request: `--public-url`, else the
/// request's scheme and `Host`.
pub fn own_origin(config: &Config, headers: &HeaderMap) -> String {
    if let Some(url) = &config.public_url {
        return url.as_str().to_string();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("localhost");
    let scheme = if forwarded_https(config, headers) {
        "https"
    } else {
        "http"
    };
    format!("{scheme}://{host}")
}

/// The browser reaches the server over HTTPS (its cookie is then `Secure`).
pub fn https(config: &Config, headers: &HeaderMap) -> bool {
    own_origin(config, headers).starts_with("https://")
}

/// Whether a request comes from the server's own page or from no browser.
///
/// Browsers send `Origin` with every POST and with every WebSocket
/// handshake, and no page can set it or `Sec-Fetch-Site`. So a request is
/// taken as same-origin when:
/// - `Sec-Fetch-Site` is `same-origin` (the browser says so), or `none`
///   (the person typed or bookmarked the address: no page asked);
/// - or there is no `Origin` at all: not a browser (the Python package,
///   bots, curl), which needs no protecting from other sites;
/// - or `Origin` is the server's own ([`own_origin`]).
///
/// Anything else, another site (or another port of the same host, which
/// shares its cookies) or `Origin: null`, is not.
pub fn same_origin(config: &Config, headers: &HeaderMap) -> bool {
    let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    if matches!(site, Some("same-origin" | "none")) {
        return true;
    }
    match headers.get(header::ORIGIN) {
        None => true,
        Some(origin) => origin
            .to_str()
            .is_ok_and(|o| o.eq_ignore_ascii_case(&own_origin(config, headers))),
    }
}

/// The request carries no body and says no type: nothing to be JSON.
fn bodyless(headers: &HeaderMap) -> bool {
    let typed = headers
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| !v.as_bytes().trim_ascii().is_empty());
    let length = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .map(str::trim);
    !typed && matches!(length, None | Some("0")) && !headers.contains_key(header::TRANSFER_ENCODING)
}

/// Whether a bodyless request is vouched for as no other site's: it
/// carries a bearer token (a page of another site cannot add that header
/// without a CORS preflight, never granted), or the browser says it comes
/// from the server's own page (`Sec-Fetch-Site: same-origin`, or `Origin`
/// the server's own). Without either (no Origin and no token: a cookie
/// sent by anything) it must say JSON, as a request with a body must:
/// what the JSON rule guards against where the Origin check were fooled.
fn vouched(config: &Config, headers: &HeaderMap) -> bool {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().starts_with("Bearer "));
    let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    let own = headers
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|o| o.eq_ignore_ascii_case(&own_origin(config, headers)));
    bearer || site == Some("same-origin") || own
}

/// Whether a request of this method may change state.
pub fn changes_state(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The middleware in front of every route: a request that changes state
/// must be same-origin ([`same_origin`], else 403) and JSON (else 415),
/// or bodyless and [`vouched`] for (a route that needs a body then says
/// so itself).
pub async fn guard(State(config): State<Arc<Config>>, req: Request, next: Next) -> Response {
    if changes_state(req.method()) {
        let headers = req.headers();
        if !same_origin(&config, headers) {
            return http_refusal(
                StatusCode::FORBIDDEN,
                Code::CrossSite,
                "requests from another site are refused",
            );
        }
        let typed_or_vouched = is_json(headers) || (bodyless(headers) && vouched(&config, headers));
        if !typed_or_vouched {
            return http_refusal(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                Code::NotJson,
                "send Content-Type: application/json",
            );
        }
    }
    next.run(req).await
}

/// The page's Content-Security-Policy: scripts, styles and connections
/// from this server only (no inline script or style attribute), nothing in
/// frames of other sites, forms posting only here.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; \
    form-action 'self'; frame-ancestors 'none'";

/// The security headers every answer carries: the CSP, `nosniff` (a file
/// is only ever what its `Content-Type` says) and a `Referrer-Policy` that
/// keeps addresses, one-time sign-in links among them, from other sites.
/// `same-origin` rather than `no-referrer`: with the latter a browser sends
/// `Origin: null` on the page's own POSTs.
pub fn headers(router: Router) -> Router {
    let set = |name: &'static str, value: &'static str| {
        SetResponseHeaderLayer::overriding(
            header::HeaderName::from_static(name),
            HeaderValue::from_static(value),
        )
    };
    router
        .layer(set("content-security-policy", CSP))
        .layer(set("x-content-type-options", "nosniff"))
        .layer(set("referrer-policy", "same-origin"))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn config(public_url: Option<&str>, behind_proxy: bool) -> Config {
        Config {
            public_url: public_url.map(|u| PublicUrl::parse(u).unwrap()),
            limits: Arc::new(crate::limits::Limits {
                behind_proxy,
                ..crate::limits::Limits::DEFAULT
            }),
            ..Config::default()
        }
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn public_urls_are_origins() {
        let p = |s| PublicUrl::parse(s).map(|u| u.to_string());
        assert_eq!(
            p("https://Domino.Example.org/").unwrap(),
            "https://domino.example.org"
        );
        assert_eq!(p("https://d.example:443").unwrap(), "https://d.example");
        assert_eq!(
            p("https://d.example:8443").unwrap(),
            "https://d.example:8443"
        );
        assert_eq!(p("http://127.0.0.1:8080").unwrap(), "http://127.0.0.1:8080");
        for bad in [
            "d.example",
            "ftp://d.example",
            "https://d.example/play",
            "https://",
            "https://u@d.example",
        ] {
            assert!(p(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn forwarded_proto_counts_only_behind_the_proxy() {
        let h = headers(&[("host", "d.example:8443"), ("x-forwarded-proto", "https")]);
        assert_eq!(
            own_origin(&config(None, false), &h),
            "http://d.example:8443"
        );
        assert_eq!(
            own_origin(&config(None, true), &h),
            "https://d.example:8443"
        );
        let public = config(Some("https://domino.example.org"), false);
        assert_eq!(own_origin(&public, &h), "https://domino.example.org");
        assert!(https(&public, &HeaderMap::new()));
    }

    #[test]
    fn the_origin_rule() {
        let c = config(None, false);
        let own = [("host", "127.0.0.1:8080")];
        let with =
            |more: &[(&'static str, &'static str)]| headers(&[own.as_slice(), more].concat());
        assert!(same_origin(&c, &with(&[])), "no Origin: no browser");
        assert!(same_origin(
            &c,
            &with(&[("origin", "http://127.0.0.1:8080")])
        ));
        assert!(!same_origin(
            &c,
            &with(&[("origin", "http://127.0.0.1:9999")])
        ));
        assert!(!same_origin(&c, &with(&[("origin", "null")])));
        assert!(same_origin(
            &c,
            &with(&[("origin", "null"), ("sec-fetch-site", "same-origin")])
        ));
        assert!(!same_origin(
            &c,
            &with(&[
                ("origin", "http://127.0.0.1:9999"),
                ("sec-fetch-site", "same-site")
            ])
        ));
        let public = config(Some("https://domino.example.org"), true);
        assert!(!same_origin(
            &public,
            &with(&[("origin", "http://127.0.0.1:8080")])
        ));
        assert!(same_origin(
            &public,
            &with(&[("origin", "https://domino.example.org")])
        ));
    }

    #[test]
    fn json_is_application_json_with_any_parameters() {
        assert!(is_json(&headers(&[("content-type", "application/json")])));
        assert!(is_json(&headers(&[(
            "content-type",
            "Application/JSON; charset=utf-8"
        )])));
        assert!(!is_json(&headers(&[("content-type", "text/plain")])));
        assert!(!is_json(&headers(&[(
            "content-type",
            "application/x-www-form-urlencoded"
        )])));
        assert!(!is_json(&HeaderMap::new()));
    }
}
