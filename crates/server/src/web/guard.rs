//! The bearer token's guard on every `/api/...` request and the `/ws`
//! upgrade (the tokens themselves are `crate::bearer`'s). A request with a
//! token acts as its bot account (its cookie, if any, is ignored); one with
//! an unknown or revoked token is refused `401 bad_token` before any route
//! sees it, and one over the token's rate `429 rate`. An address that sent
//! more unknown tokens than `--max-bad-tokens-per-minute` in the last
//! minute is answered `429 rate` (with `Retry-After`) for any token until
//! the minute passes.

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::app::App;
use crate::bearer::{bearer, resolve_used};
use crate::limits::Refused;
use crate::web::answer::HttpRefusal;
use crate::web::client::ClientIp;
use domino_protocol::refusal::Code;

/// `last_used` is written at most this often per token.
const TOUCH_EVERY_MS: i64 = 60_000;
/// The window unknown tokens are counted over, per address
/// (`Limits::bad_tokens_per_minute`).
const BAD_TOKEN_WINDOW: std::time::Duration = std::time::Duration::from_secs(60);

fn bad_token() -> Response {
    HttpRefusal::new(
        StatusCode::UNAUTHORIZED,
        Code::BadToken,
        "unknown or revoked API token",
    )
    .into_response()
}

/// `429 rate`, with `Retry-After`, for an address past its unknown tokens.
fn too_many_bad_tokens(app: &App, ip: std::net::IpAddr) -> Response {
    app.stats
        .refuse(Refused::BadTokens, ip, "unknown API tokens per minute");
    let most = app.config.limits.bad_tokens_per_minute;
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
    State(app): State<App>,
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
    let most = app.config.limits.bad_tokens_per_minute;
    if app.bot_registry.bad_tokens.full(ip, most, BAD_TOKEN_WINDOW) {
        return too_many_bad_tokens(&app, ip);
    }
    let Some((auth, last_used)) = resolve_used(app.store.bots(), &token).await else {
        // Counted and judged at once: guesses sent together are no more.
        if app
            .bot_registry
            .bad_tokens
            .allow_within(ip, most, BAD_TOKEN_WINDOW)
        {
            return bad_token();
        }
        return too_many_bad_tokens(&app, ip);
    };
    let limits = &app.config.limits;
    if !app.bot_registry.take(
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
        if let Err(e) = app.store.bots().touch_bot_token(&auth.token_id, now).await {
            tracing::warn!("noting a token's use: {e}");
        }
    }
    req.extensions_mut().insert(auth);
    next.run(req).await
}
