//! API tokens: making one, and reading `Authorization: Bearer` on every
//! `/api/...` request and the `/ws` upgrade. A request with a token acts
//! as its bot account (its cookie, if any, is ignored); one with an unknown
//! or revoked token is refused `401 bad_token` before any route sees it,
//! and one over the token's rate `429 rate`. An address that sent more
//! unknown tokens than `--max-bad-tokens-per-minute` in the last minute is
//! answered `429 rate` (with `Retry-After`) for any token until the minute
//! passes.

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::answer::HttpRefusal;
use crate::client::ClientIp;
use crate::hub::Hub;
use crate::limits::Refused;
use domino_protocol::refusal::Code;
use domino_store::profiles::Profile;

/// How a token starts, so that one found in a log or a repository is
/// recognisable.
pub const PREFIX: &str = "dbt_";
/// Random base62 characters after the prefix (about 238 bits).
pub const RANDOM_CHARS: usize = 40;
/// `last_used` is written at most this often per token.
const TOUCH_EVERY_MS: i64 = 60_000;
/// The window unknown tokens are counted over, per address
/// (`Limits::bad_tokens_per_minute`).
const BAD_TOKEN_WINDOW: std::time::Duration = std::time::Duration::from_secs(60);

/// The bot account a request's bearer token signs in, and which token.
#[derive(Clone, Debug)]
pub struct BotAuth {
    pub token_id: String,
    pub profile: Profile,
}

/// A new token: the prefix and random base62 characters from the
/// operating system.
pub fn new_token() -> Result<String, String> {
    use rand::TryRngCore;
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let mut out = String::from(PREFIX);
    let mut b = [0u8; 1];
    while out.len() < PREFIX.len() + RANDOM_CHARS {
        rand::rngs::OsRng
            .try_fill_bytes(&mut b)
            .map_err(|e| format!("no randomness from the system: {e}"))?;
        // 248 = 4 * 62: rejecting the rest keeps every character equally
        // likely.
        if b[0] < 248 {
            out.push(char::from(ALPHABET[usize::from(b[0] % 62)]));
        }
    }
    Ok(out)
}

/// The bearer token a request carries, if any (present but empty is
/// still a token: an unknown one).
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let v = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = v.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then_some(token.trim())
}

/// The bot account of a bearer token; `None` when it is unknown or
/// revoked (or the store could not say).
pub async fn resolve(hub: &Hub, token: &str) -> Option<BotAuth> {
    resolve_in(&hub.store, token).await
}

/// [`resolve`] from the store alone.
pub async fn resolve_in(store: &domino_store::Store, token: &str) -> Option<BotAuth> {
    resolve_used(store, token).await.map(|(a, _)| a)
}

/// [`resolve`], and when the token was last used.
async fn resolve_used(store: &domino_store::Store, token: &str) -> Option<(BotAuth, Option<i64>)> {
    let hash = crate::table::token_hash(token);
    match store.bot_token(&hash).await {
        Ok(found) => found.map(|(t, profile)| {
            (
                BotAuth {
                    token_id: t.id,
                    profile,
                },
                t.last_used,
            )
        }),
        Err(e) => {
            tracing::error!("reading a bot token: {e}");
            None
        }
    }
}

fn bad_token() -> Response {
    HttpRefusal::new(
        StatusCode::UNAUTHORIZED,
        Code::BadToken,
        "unknown or revoked API token",
    )
    .into_response()
}

/// `429 rate`, with `Retry-After`, for an address past its unknown tokens.
fn too_many_bad_tokens(hub: &Hub, ip: std::net::IpAddr) -> Response {
    hub.stats
        .refuse(Refused::BadTokens, ip, "unknown API tokens per minute");
    let most = hub.config.limits.bad_tokens_per_minute;
    let mut r = HttpRefusal::new(
        StatusCode::TOO_MANY_REQUESTS,
        Code::Rate,
        format!("{most} unknown API tokens a minute from one address: wait a minute"),
    )
    .into_response();
    r.headers_mut().insert(
        header::RETRY_AFTER,
        header::HeaderValue::from(BAD_TOKEN_WINDOW.as_secs()),
    );
    r
}

/// Check the bearer token of `/api/...` requests and the `/ws` upgrade
/// (other paths, `/metrics` with its own token among them, are left
/// alone), take one request of its rate, and hand the handlers its
/// [`BotAuth`].
pub(crate) async fn guard(
    State(hub): State<Hub>,
    ClientIp(ip): ClientIp,
    mut req: Request,
    next: Next,
) -> Response {
    let path = req.uri().path();
    if !(path.starts_with("/api/") || path == "/ws") {
        return next.run(req).await;
    }
    let Some(token) = bearer(req.headers()).map(str::to_string) else {
        return next.run(req).await;
    };
    // An address that sent too many unknown tokens lately has its tokens
    // no longer looked up until the minute passes: guessing is slowed to
    // the limit's pace, and each guess costs no store read.
    let most = hub.config.limits.bad_tokens_per_minute;
    if hub.bots.bad_tokens.full(ip, most, BAD_TOKEN_WINDOW) {
        return too_many_bad_tokens(&hub, ip);
    }
    let Some((auth, last_used)) = resolve_used(&hub.store, &token).await else {
        // Counted and judged at once: guesses sent together are no more.
        if hub.bots.bad_tokens.allow_within(ip, most, BAD_TOKEN_WINDOW) {
            return bad_token();
        }
        return too_many_bad_tokens(&hub, ip);
    };
    let limits = &hub.config.limits;
    if !hub.bots.take(
        &auth.token_id,
        limits.bot_token_rate,
        limits.bot_token_burst,
    ) {
        return HttpRefusal::new(
            StatusCode::TOO_MANY_REQUESTS,
            Code::Rate,
            format!(
                "at most {} requests a second per token",
                limits.bot_token_rate
            ),
        )
        .into_response();
    }
    let now = crate::clock::now_ms();
    if last_used.is_none_or(|at| now - at >= TOUCH_EVERY_MS) {
        if let Err(e) = hub.store.touch_bot_token(&auth.token_id, now).await {
            tracing::warn!("noting a token's use: {e}");
        }
    }
    req.extensions_mut().insert(auth);
    next.run(req).await
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn tokens_are_the_prefix_and_40_base62_characters() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_ne!(a, b);
        assert!(a.starts_with(PREFIX));
        assert_eq!(a.len(), PREFIX.len() + RANDOM_CHARS);
        assert!(a[PREFIX.len()..].bytes().all(|c| c.is_ascii_alphanumeric()));
    }

    #[test]
    fn the_bearer_scheme_is_read_in_any_case() {
        let mut h = HeaderMap::new();
        assert_eq!(bearer(&h), None);
        h.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("bearer dbt_x"),
        );
        assert_eq!(bearer(&h), Some("dbt_x"));
        h.insert(header::AUTHORIZATION, HeaderValue::from_static("Basic abc"));
        assert_eq!(bearer(&h), None);
    }
}
