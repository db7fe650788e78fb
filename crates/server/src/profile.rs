//! Profiles over HTTP: creating one (a unique display name, no password:
//! a device secret in a cookie, only its hash stored), who is signed in,
//! signing out, one-time links (with a QR code) that move a profile to
//! another device, a profile's public page data (ratings with their
//! history, recent matches, stats) and the leaderboards.
//!
//! `POST /api/profile {name}`, `GET /api/profile`, `POST
//! /api/profile/signout`, `POST /api/profile/link`, `POST
//! /api/profile/claim {code}`, `GET /api/profiles/{id}`, `GET
//! /api/leaderboard?game=G&min=N`; pages `/p/{id}`, `/leaderboard` and
//! `/link/{code}` (docs/server.md). Errors answer `{code, message}`.
//! The cookie is `SameSite=Lax`, so another site's page cannot post with
//! it, and `HttpOnly`, so no script reads it. Pages on another port of the
//! same host share it, so requests that change anything must also be
//! same-origin and JSON ([`crate::trust`]); signing out needs the cookie.

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::Response;
use axum::Json;
use serde::Deserialize;

use crate::answer::HttpRefusal;
use crate::client::ClientIp;
use crate::clock::now_ms;
use crate::hub::Hub;
use crate::quota::Made;
use crate::routes::Routes;
use domino_protocol::profile::{
    GameRating, Leader, Leaderboard, Me, ProfileCard, ProfileStats, PublicProfile, RatingPoint,
    RecentMatch, SignInLink,
};
use domino_protocol::refusal::Code;
use domino_store::profiles::Profile;

pub use crate::who::{cookie_secret, secret_hash, COOKIE};
/// How long a one-time link to move a profile stays good.
pub const LINK_TTL_MS: i64 = 15 * 60 * 1000;
/// How long the cookie lives in the browser (a year; signing out or
/// clearing it ends it sooner).
const COOKIE_AGE_S: i64 = 365 * 24 * 3600;

/// A new secret: 32 bytes from the operating system, hex.
pub fn new_secret() -> Result<String, String> {
    use rand::TryRngCore;
    let mut b = [0u8; 32];
    rand::rngs::OsRng
        .try_fill_bytes(&mut b)
        .map_err(|e| format!("no randomness from the system: {e}"))?;
    Ok(hex::encode(b))
}

/// The signed-in profile of a request, with its secret's hash: a bot
/// account's bearer token (the cookie is then ignored), else the cookie.
pub async fn signed_in(hub: &Hub, headers: &HeaderMap) -> Option<(Profile, String)> {
    crate::who::Who::new(hub.store.clone())
        .signed_in(headers)
        .await
}

/// The profile cookie; `secure` when the browser reaches the server over
/// HTTPS (see [`crate::trust::https`]).
fn cookie(value: &str, age: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    let text = format!("{COOKIE}={value}; Path=/; Max-Age={age}; HttpOnly; SameSite=Lax{secure}");
    HeaderValue::from_str(&text).unwrap_or(HeaderValue::from_static(""))
}

/// The cookie holding `value` for this request's browser.
fn cookie_for(hub: &Hub, headers: &HeaderMap, value: &str, age: i64) -> HeaderValue {
    cookie(value, age, crate::trust::https(&hub.config, headers))
}

fn refuse(status: StatusCode, code: Code, message: impl std::fmt::Display) -> HttpRefusal {
    HttpRefusal::new(status, code, message)
}

fn body<T: for<'de> Deserialize<'de>>(bytes: &Bytes) -> Result<T, HttpRefusal> {
    serde_json::from_slice(bytes)
        .map_err(|e| refuse(StatusCode::BAD_REQUEST, Code::BadRequest, e.to_string()))
}

/// An answer that sets the profile's cookie.
type WithCookie<T> = ([(HeaderName, HeaderValue); 1], Json<T>);

fn with_cookie<T>(cookie: HeaderValue, answer: T) -> WithCookie<T> {
    ([(header::SET_COOKIE, cookie)], Json(answer))
}

fn card(p: &Profile, bot: bool) -> ProfileCard {
    ProfileCard {
        bot,
        created_at: p.created_at,
        id: p.id.clone(),
        name: p.name.clone(),
    }
}

/// A stored profile as anyone may see it, bot account or not.
pub async fn card_of(hub: &Hub, p: &Profile) -> Result<ProfileCard, sqlx::Error> {
    Ok(card(p, hub.store.is_bot(&p.id).await?))
}

/// The profile routes.
pub fn routes(hub: Hub) -> Routes {
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
        .with_state(hub)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewProfile {
    name: String,
}

async fn create(
    State(hub): State<Hub>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<(StatusCode, WithCookie<ProfileCard>), HttpRefusal> {
    let req: NewProfile = body(&bytes)?;
    let name = domino_league::name::visible_name(&req.name, hub.config.limits.name_chars)
        .map_err(HttpRefusal::from)?;
    // Asked before the scripts are checked, so that a look-alike of a
    // profile's name ("Κim" with a Greek kappa beside "Kim") is answered
    // as taken, which says why, rather than only as mixing scripts.
    let keys = stored_keys(&name);
    if hub.store.profile_name_taken(&keys).await? {
        return Err(name_taken(&name));
    }
    domino_league::name::one_script(&name).map_err(HttpRefusal::from)?;
    let secret = new_secret().map_err(HttpRefusal::internal)?;
    hub.take_quota(ip, Made::Profile)?;
    let p = Profile {
        id: crate::table::random_id(12),
        name: name.clone(),
        created_at: now_ms(),
    };
    if !hub
        .store
        .create_profile(&p, &keys, &secret_hash(&secret))
        .await?
    {
        hub.give_back_quota(ip, Made::Profile);
        return Err(name_taken(&name));
    }
    let cookie = cookie_for(&hub, &headers, &secret, COOKIE_AGE_S);
    Ok((StatusCode::CREATED, with_cookie(cookie, card(&p, false))))
}

/// A name's look-alike keys (see `domino_league::name::name_keys`) as the store keeps
/// them, by which no two profiles' names may be alike.
pub fn stored_keys(name: &str) -> domino_store::profiles::NameKeys {
    let keys = domino_league::name::name_keys(name);
    domino_store::profiles::NameKeys {
        folded: keys.folded,
        skeleton: keys.skeleton,
    }
}

fn name_taken(name: &str) -> HttpRefusal {
    refuse(
        StatusCode::CONFLICT,
        Code::NameTaken,
        format!(
            "the name \u{201c}{name}\u{201d} is taken or looks like one that is: choose another"
        ),
    )
}

async fn me(State(hub): State<Hub>, headers: HeaderMap) -> Result<Json<Me>, HttpRefusal> {
    let profile = match signed_in(&hub, &headers).await {
        Some((p, _)) => Some(card_of(&hub, &p).await?),
        None => None,
    };
    Ok(Json(Me { profile }))
}

/// Signing out drops this device's key; it needs the cookie, so that a
/// request without it (from a page that could not send it) does not clear
/// the cookie either.
async fn sign_out(
    State(hub): State<Hub>,
    headers: HeaderMap,
) -> Result<WithCookie<Me>, HttpRefusal> {
    let Some(secret) = cookie_secret(&headers) else {
        return Err(refuse(
            StatusCode::UNAUTHORIZED,
            Code::SignedOut,
            "not signed in",
        ));
    };
    hub.store.drop_profile_key(&secret_hash(&secret)).await?;
    Ok(with_cookie(
        cookie_for(&hub, &headers, "", 0),
        Me { profile: None },
    ))
}

async fn link(
    State(hub): State<Hub>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
) -> Result<Json<SignInLink>, HttpRefusal> {
    let Some((p, _)) = signed_in(&hub, &headers).await else {
        return Err(refuse(
            StatusCode::UNAUTHORIZED,
            Code::SignedOut,
            "sign in first",
        ));
    };
    hub.take_quota(ip, Made::Link)?;
    let code = new_secret().map_err(HttpRefusal::internal)?;
    let expires_at = now_ms() + LINK_TTL_MS;
    hub.store
        .add_profile_link(&secret_hash(&code), &p.id, expires_at)
        .await?;
    let path = format!("/link/{code}");
    let url = format!("{}{path}", crate::trust::own_origin(&hub.config, &headers));
    let qr = qrcode::QrCode::new(url.as_bytes())
        .map_err(HttpRefusal::internal)?
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(200, 200)
        .build();
    Ok(Json(SignInLink {
        expires_at,
        path,
        qr,
        url,
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claim {
    code: String,
}

async fn claim(
    State(hub): State<Hub>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<WithCookie<ProfileCard>, HttpRefusal> {
    let req: Claim = body(&bytes)?;
    // Counted before the link is used up; a link that signs nobody in
    // (used, expired, unknown) gives its count back.
    hub.take_quota(ip, Made::Link)?;
    let gone = || {
        hub.give_back_quota(ip, Made::Link);
        refuse(
            StatusCode::GONE,
            Code::LinkUsed,
            "this link was used already or has expired: make a new one on the other device",
        )
    };
    let Some(profile) = hub
        .store
        .use_profile_link(&secret_hash(req.code.trim()), now_ms())
        .await?
    else {
        return Err(gone());
    };
    let Some(p) = hub.store.profile(&profile).await? else {
        return Err(gone());
    };
    let secret = new_secret().map_err(HttpRefusal::internal)?;
    hub.store
        .add_profile_key(&secret_hash(&secret), &p.id, now_ms())
        .await?;
    Ok(with_cookie(
        cookie_for(&hub, &headers, &secret, COOKIE_AGE_S),
        card_of(&hub, &p).await?,
    ))
}

/// How many recent matches a profile shows, and rating points per game.
const RECENT: i64 = 200;

async fn public(
    State(hub): State<Hub>,
    Path(id): Path<String>,
) -> Result<Json<PublicProfile>, HttpRefusal> {
    let Some(p) = hub.store.profile(&id).await? else {
        return Err(refuse(
            StatusCode::NOT_FOUND,
            Code::NoProfile,
            "no such profile",
        ));
    };
    let ratings = hub.store.ratings_of(&p.id).await?;
    let lines = hub.store.matches_of(&p.id, RECENT).await?;
    let ratings: Vec<GameRating> = ratings
        .iter()
        .map(|r| {
            // Oldest first, for the chart.
            let history = lines
                .iter()
                .rev()
                .filter(|l| l.game == r.game)
                .filter_map(|l| {
                    Some(RatingPoint {
                        at: l.at,
                        rating: l.rating?.round(),
                        table: l.table_id.clone(),
                    })
                })
                .collect();
            GameRating {
                deviation: r.rating.deviation.round(),
                game: r.game.clone(),
                history,
                matches: r.matches,
                rating: r.rating.rating.round(),
            }
        })
        .collect();
    let sum =
        |f: fn(&domino_store::profiles::MatchPlayer) -> i64| -> i64 { lines.iter().map(f).sum() };
    let stats = ProfileStats {
        blocked_wins: sum(|l| l.blocked_wins),
        capicus: sum(|l| l.capicus),
        dominoes: sum(|l| l.dominoes),
        hands: sum(|l| l.hands),
        hands_won: sum(|l| l.hands_won),
        matches: lines.len(),
        matches_won: lines.iter().filter(|l| l.won).count(),
    };
    let recent = lines
        .iter()
        .take(20)
        .map(|l| RecentMatch {
            after: l.rating.map(f64::round),
            at: l.at,
            before: l.rating_before.map(f64::round),
            game: l.game.clone(),
            hands: l.hands,
            hands_won: l.hands_won,
            table: l.table_id.clone(),
            won: l.won,
        })
        .collect();
    Ok(Json(PublicProfile {
        profile: card_of(&hub, &p).await?,
        ratings,
        recent,
        stats,
    }))
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
    State(hub): State<Hub>,
    Query(q): Query<Board>,
) -> Result<Json<Leaderboard>, HttpRefusal> {
    if domino_engine::Preset::from_name(&q.game).is_none() {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            Code::BadGame,
            domino_engine::Preset::named(&q.game)
                .err()
                .unwrap_or_default(),
        ));
    }
    let min = q
        .min
        .unwrap_or(i64::from(hub.config.leaderboard_min))
        .max(0);
    let bots = match q.kind.as_deref() {
        None | Some("people") => false,
        Some("bots") => true,
        Some(other) => {
            return Err(refuse(
                StatusCode::BAD_REQUEST,
                Code::BadRequest,
                format!("`kind` is people or bots, not {other}"),
            ))
        }
    };
    let players = hub
        .store
        .board(&q.game, min, 100, bots)
        .await?
        .iter()
        .map(|(r, bot)| Leader {
            bot: *bot,
            level: r.player.strip_prefix("bot:").map(String::from),
            deviation: r.rating.deviation.round(),
            matches: r.matches,
            name: r.name.clone(),
            player: r.player.clone(),
            rating: r.rating.rating.round(),
        })
        .collect();
    Ok(Json(Leaderboard {
        game: q.game,
        min,
        players,
    }))
}

async fn profile_page(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let found = hub.store.profile(&id).await.map(|p| p.is_some());
    crate::page::page_if(found, "profile", &headers)
}

async fn plain_page(headers: HeaderMap) -> Response {
    crate::page::page(StatusCode::OK, None, &headers)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn secrets_are_32_random_bytes_and_only_hashes_are_kept() {
        let a = new_secret().unwrap();
        let b = new_secret().unwrap();
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(secret_hash(&a).len(), 64);
        assert_ne!(secret_hash(&a), a);
    }

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
