//! API tokens: making one, reading `Authorization: Bearer`, and the bot
//! account a token signs in. The guard that checks the token of every
//! `/api/...` request and the `/ws` upgrade is `web::guard`.

use http::{header, HeaderMap};

use domino_store::profiles::Profile;

/// How a token starts, so that one found in a log or a repository is
/// recognisable.
pub const PREFIX: &str = "dbt_";
/// Random base62 characters after the prefix (about 238 bits).
pub const RANDOM_CHARS: usize = 40;

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

/// The bot account of a bearer token, read from the store's bot
/// accounts; `None` when it is unknown or revoked (or the store could not
/// say).
pub async fn resolve_in(bots: &domino_store::BotAccounts, token: &str) -> Option<BotAuth> {
    resolve_used(bots, token).await.map(|(a, _)| a)
}

/// [`resolve_in`], and when the token was last used.
pub(crate) async fn resolve_used(
    bots: &domino_store::BotAccounts,
    token: &str,
) -> Option<(BotAuth, Option<i64>)> {
    let hash = crate::table::token_hash(token);
    match bots.bot_token(&hash).await {
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use http::HeaderValue;

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
