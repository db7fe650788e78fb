//! The profiles over HTTP (docs/server.md): each route reads the request
//! (who asks, the address, the body) and calls the service; a refusal's
//! status is its code's. The device's cookie is set and cleared here.
//!
//! - `POST /api/profile {name}`: a new profile, 201, signed in.
//! - `GET /api/profile`: who is signed in; `POST /api/profile/signout`.
//! - `POST /api/profile/link`: a one-time link (with a QR code) to move
//!   the profile to another device; `POST /api/profile/claim {code}` uses
//!   one there.
//! - `GET /api/profiles/{id}` and `GET /api/leaderboard?game=G&min=N&kind=K`.
//! - The pages `/p/{id}`, `/leaderboard` and `/link/{code}`.
//!
//! The cookie is `SameSite=Lax`, so another site's page cannot post with
//! it, and `HttpOnly`, so no script reads it. Pages on another port of the
//! same host share it, so requests that change anything must also be
//! same-origin and JSON ([`crate::web::trust`]); signing out needs the cookie.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRef, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::Response;
use domino_protocol::profile::{Leaderboard, Me, ProfileCard, PublicProfile, SignInLink};
use domino_protocol::refusal::{Code, Refusal};
use serde::Deserialize;

use super::{cookie_secret, Profiles, SignedIn, COOKIE};
use crate::web::answer::{HttpRefusal, Json};
use crate::web::client::{BehindProxy, ClientIp};
use crate::web::routes::Routes;
use crate::who::Who;
use crate::Config;

/// How long the cookie lives in the browser (a year; signing out or
/// clearing it ends it sooner).
const COOKIE_AGE_S: i64 = 365 * 24 * 3600;

/// What the profiles' routes are given: the service, who asks, and the
/// node's settings (its public address, whether it is behind a proxy).
#[derive(Clone, Debug)]
struct Api {
    profiles: Profiles,
    who: Who,
    config: Arc<Config>,
}

impl FromRef<Api> for BehindProxy {
    fn from_ref(api: &Api) -> BehindProxy {
        BehindProxy(api.config.limits.behind_proxy)
    }
}

pub fn routes(profiles: Profiles, who: Who, config: Arc<Config>) -> Routes {
    Routes::new()
        .post("/api/profile", create)
        .get("/api/profile", me)
        .post("/api/profile/signout", sign_out)
        .post("/api/profile/link", link)
        .post("/api/profile/claim", claim)
        .get("/api/profiles/{id}", public)
        .get("/api/leaderboard", leaderboard)
        .get("/p/{id}", profile_page)
        .get("/leaderboard", plain_page)
        .get("/link/{code}", plain_page)
        .with_state(Api {
            profiles,
            who,
            config,
        })
}

const SIGN_IN: &str = "sign in first";

/// The profile cookie; `secure` when the browser reaches the server over
/// HTTPS (see [`crate::web::trust::https`]).
fn cookie(value: &str, age: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    let text = format!("{COOKIE}={value}; Path=/; Max-Age={age}; HttpOnly; SameSite=Lax{secure}");
    HeaderValue::from_str(&text).unwrap_or(HeaderValue::from_static(""))
}

/// An answer that sets the profile's cookie.
type WithCookie<T> = ([(HeaderName, HeaderValue); 1], Json<T>);

impl Api {
    /// The cookie holding `value` for this request's browser.
    fn cookie(&self, headers: &HeaderMap, value: &str, age: i64) -> HeaderValue {
        cookie(value, age, crate::web::trust::https(&self.config, headers))
    }

    /// `answer`, signing this browser in as `signed`.
    fn signed_in(&self, headers: &HeaderMap, signed: SignedIn) -> WithCookie<ProfileCard> {
        let cookie = self.cookie(headers, &signed.secret, COOKIE_AGE_S);
        ([(header::SET_COOKIE, cookie)], Json(signed.card))
    }
}

/// A body read as JSON whatever its content type (the routes have always
/// taken it so); one that does not parse is 400 `bad_request`.
fn body<T: for<'de> Deserialize<'de>>(bytes: &Bytes) -> Result<T, Refusal> {
    serde_json::from_slice(bytes).map_err(|e| Refusal::new(Code::BadRequest, e.to_string()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewProfile {
    name: String,
}

async fn create(
    State(api): State<Api>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<(StatusCode, WithCookie<ProfileCard>), HttpRefusal> {
    let req: NewProfile = body(&bytes)?;
    let signed = api.profiles.create(&req.name, ip).await?;
    Ok((StatusCode::CREATED, api.signed_in(&headers, signed)))
}

async fn me(State(api): State<Api>, headers: HeaderMap) -> Result<Json<Me>, HttpRefusal> {
    let profile = match api.who.signed_in(&headers).await {
        Some((p, _)) => Some(api.profiles.card(&p).await?),
        None => None,
    };
    Ok(Json(Me { profile }))
}

/// Signing out drops this device's key; it needs the cookie, so that a
/// request without it (from a page that could not send it) does not clear
/// the cookie either.
async fn sign_out(
    State(api): State<Api>,
    headers: HeaderMap,
) -> Result<WithCookie<Me>, HttpRefusal> {
    let Some(secret) = cookie_secret(&headers) else {
        return Err(Refusal::new(Code::SignedOut, "not signed in").into());
    };
    api.profiles.sign_out(&secret).await?;
    let cleared = api.cookie(&headers, "", 0);
    Ok(([(header::SET_COOKIE, cleared)], Json(Me { profile: None })))
}

async fn link(
    State(api): State<Api>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
) -> Result<Json<SignInLink>, HttpRefusal> {
    let Some((p, _)) = api.who.signed_in(&headers).await else {
        return Err(Refusal::new(Code::SignedOut, SIGN_IN).into());
    };
    let origin = crate::web::trust::own_origin(&api.config, &headers);
    Ok(Json(api.profiles.link(&p, ip, &origin).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claim {
    code: String,
}

async fn claim(
    State(api): State<Api>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<WithCookie<ProfileCard>, HttpRefusal> {
    let req: Claim = body(&bytes)?;
    let signed = api.profiles.claim(&req.code, ip).await?;
    Ok(api.signed_in(&headers, signed))
}

async fn public(
    State(api): State<Api>,
    Path(id): Path<String>,
) -> Result<Json<PublicProfile>, HttpRefusal> {
    Ok(Json(api.profiles.public(&id).await?))
}

#[derive(Deserialize)]
struct Board {
    game: String,
    #[serde(default)]
    min: Option<i64>,
    /// `people` (the default) or `bots`: bot accounts and built-in levels.
    #[serde(default)]
    kind: Option<String>,
}

async fn leaderboard(
    State(api): State<Api>,
    Query(q): Query<Board>,
) -> Result<Json<Leaderboard>, HttpRefusal> {
    let kind = q.kind.as_deref();
    let board = api.profiles.leaderboard(q.game, q.min, kind).await?;
    Ok(Json(board))
}

async fn profile_page(
    State(api): State<Api>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    crate::web::page::page_if(api.profiles.exists(&id).await, "profile", &headers)
}

async fn plain_page(headers: HeaderMap) -> Response {
    crate::web::page::page(StatusCode::OK, None, &headers)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_cookie_is_read_among_others_and_checked() {
        let s = "ab".repeat(32);
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("x=1; {COOKIE}={s}; y=2")).unwrap(),
        );
        assert_eq!(cookie_secret(&h), Some(s));
        h.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("{COOKIE}=short")).unwrap(),
        );
        assert_eq!(cookie_secret(&h), None);
    }

    #[test]
    fn the_cookie_is_http_only_lax_and_secure_over_https() {
        let c = cookie("v", 10, false);
        let c = c.to_str().unwrap();
        assert!(c.contains("HttpOnly") && c.contains("SameSite=Lax") && !c.contains("Secure"));
        assert!(cookie("v", 10, true)
            .to_str()
            .unwrap()
            .ends_with("; Secure"));
    }
}
