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
use axum::extract::{FromRef, Path, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::Response;
use domino_protocol::profile::{Leaderboard, Me, ProfileCard, PublicProfile, SignInLink};
use domino_protocol::refusal::{Code, Refusal};
use serde::Deserialize;

use super::{cookie_secret, Profiles, SignedIn, COOKIE};
use crate::web::answer::{HttpRefusal, Json, Query};
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
    domino_protocol::strict::from_slice(bytes)
        .map_err(|e| Refusal::new(Code::BadRequest, e.message))
}

/// A new profile's name.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
struct NewProfile {
    name: String,
}

/// The profiles' operations in the OpenAPI document.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(create, me, sign_out, link, claim, public, leaderboard))]
pub struct Doc;

/// Make a profile under a display name, signed in on this device: the
/// answer sets its cookie.
#[utoipa::path(post, path = "/api/profile", tag = "profiles",
    request_body = NewProfile,
    responses((status = 201, description = "Made and signed in (`Set-Cookie`)", body = ProfileCard)))]
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

/// Who is signed in on this device, if anybody.
#[utoipa::path(get, path = "/api/profile", tag = "profiles",
    responses((status = 200, description = "The signed-in profile, or `null`", body = Me)),
    security((), ("bearer" = []), ("cookie" = [])))]
async fn me(State(api): State<Api>, headers: HeaderMap) -> Result<Json<Me>, HttpRefusal> {
    let profile = match api.who.signed_in(&headers).await {
        Some((p, _)) => Some(api.profiles.card(&p).await?),
        None => None,
    };
    Ok(Json(Me { profile }))
}

/// Sign this device out: its key is dropped and its cookie cleared.
///
/// Signing out drops this device's key; it needs the cookie, so that a
/// request without it (from a page that could not send it) does not clear
/// the cookie either.
#[utoipa::path(post, path = "/api/profile/signout", tag = "profiles",
    responses((status = 200, description = "Signed out", body = Me)),
    security(("cookie" = [])))]
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

/// A one-time link (and its QR code) that signs another device in to
/// this profile.
#[utoipa::path(post, path = "/api/profile/link", tag = "profiles",
    responses((status = 200, description = "The link", body = SignInLink)),
    security(("bearer" = []), ("cookie" = [])))]
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

/// A sign-in link's code, as its address carries it.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
struct Claim {
    code: String,
}

/// Sign this device in with a one-time link's code: the answer sets the
/// profile's cookie.
#[utoipa::path(post, path = "/api/profile/claim", tag = "profiles",
    request_body = Claim,
    responses((status = 200, description = "Signed in (`Set-Cookie`)", body = ProfileCard)))]
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

/// A profile as anybody sees it: its card, its ratings with their history,
/// its recent matches and their totals.
#[utoipa::path(get, path = "/api/profiles/{id}", tag = "profiles",
    params(("id" = String, Path, description = "The profile's id")),
    responses((status = 200, description = "The profile", body = PublicProfile)))]
async fn public(
    State(api): State<Api>,
    Path(id): Path<String>,
) -> Result<Json<PublicProfile>, HttpRefusal> {
    Ok(Json(api.profiles.public(&id).await?))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct Board {
    /// The game (a preset's name, as `/api/presets` lists them).
    game: String,
    /// Only players with at least this many rated matches (absent: the
    /// node's `--leaderboard-min`).
    #[serde(default)]
    min: Option<i64>,
    /// `people` (the default) or `bots`: bot accounts and built-in levels.
    #[serde(default)]
    #[param(pattern = "^(people|bots)$")]
    kind: Option<String>,
}

/// A game's leaderboard, best first: people, or bots (accounts and
/// built-in levels).
#[utoipa::path(get, path = "/api/leaderboard", tag = "profiles",
    params(Board),
    responses((status = 200, description = "The board", body = Leaderboard)))]
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
