//! Who is asking: the profile a request is signed in as (the device
//! cookie, or a bot account's API token) and, where guests may play, the
//! guest's browser id. Every feature's HTTP adapters ask here, so that a
//! request is read for its player one way everywhere.

use domino_protocol::refusal::{Code, Refusal};
use domino_store::profiles::Profile;
use http::{header, HeaderMap};
use sha2::{Digest, Sha256};

/// The identity service: reads profiles and bot accounts' API tokens
/// from the store,
/// and a guest's name within the node's longest.
#[derive(Clone, Debug)]
pub struct Who {
    profiles: domino_store::Profiles,
    bots: domino_store::BotAccounts,
    name_chars: usize,
}

/// What a request to play asks with (a seek, a team's partner, a
/// challenge), checked by its feature before who asks is read.
pub trait Asking {
    /// The game's name, for the seeker's rating in it.
    fn game(&self) -> &str;
    /// The guest's browser id the ask was sent with.
    fn guest(&self) -> Option<&str>;
    /// The name a guest asked to sit under.
    fn name(&self) -> &str;
}

impl Who {
    pub fn new(
        profiles: domino_store::Profiles,
        bots: domino_store::BotAccounts,
        name_chars: usize,
    ) -> Who {
        Who {
            profiles,
            bots,
            name_chars,
        }
    }

    /// The profile the request is signed in as (a bot account by its
    /// bearer token, a person by the device cookie), with the hash of the
    /// secret that signed it in.
    pub async fn signed_in(&self, headers: &HeaderMap) -> Option<(Profile, String)> {
        if let Some(token) = crate::bearer::bearer(headers) {
            let auth = crate::bearer::resolve_in(&self.bots, token).await?;
            return Some((auth.profile, secret_hash(token)));
        }
        let hash = secret_hash(&cookie_secret(headers)?);
        match self.profiles.profile_by_secret(&hash).await {
            Ok(p) => p.map(|p| (p, hash)),
            Err(e) => {
                tracing::error!("reading a profile: {e}");
                None
            }
        }
    }

    /// The signed-in profile's id, or `signed_out` saying `why` one is
    /// needed.
    pub async fn profile_id(&self, headers: &HeaderMap, why: &str) -> Result<String, Refusal> {
        match self.signed_in(headers).await {
            Some((p, _)) => Ok(p.id),
            None => Err(Refusal::new(Code::SignedOut, why)),
        }
    }

    /// A player who may be a guest: `p:PROFILE` when signed in, else
    /// `g:GUEST` from the browser's id the request sends.
    pub async fn player(
        &self,
        headers: &HeaderMap,
        guest: Option<&str>,
    ) -> Result<String, Refusal> {
        if let Some((profile, _)) = self.signed_in(headers).await {
            return Ok(format!("p:{}", profile.id));
        }
        match guest {
            Some(g) if guest_ok(g) => Ok(format!("g:{g}")),
            _ => Err(Refusal::new(
                Code::BadRequest,
                "sign in, or send `guest`: your browser's id (8 to 64 letters, digits, - or _)",
            )),
        }
    }
}

/// Who asks to play a game (a seek, a team's partner, a challenger): the
/// player's key (`p:PROFILE` signed in, `g:GUEST` a guest), the name
/// shown, the profile, and the rating in the game asked (1500 for a guest
/// or a first game).
#[derive(Clone, Debug, PartialEq)]
pub struct Seeker {
    pub player: String,
    pub name: String,
    pub profile: Option<String>,
    pub rating: f64,
}

impl Who {
    /// Who asks to play `ask`'s game: the signed-in profile with its
    /// rating in that game, or a guest by its browser id under the name it
    /// sends.
    pub async fn seeker(&self, headers: &HeaderMap, ask: &impl Asking) -> Result<Seeker, Refusal> {
        if let Some((p, _)) = self.signed_in(headers).await {
            let rating = self
                .profiles
                .rating(&p.id, ask.game())
                .await
                .map_err(crate::fault::failed("reading a rating"))?;
            return Ok(Seeker {
                player: format!("p:{}", p.id),
                name: p.name,
                profile: Some(p.id),
                rating: rating.map_or(1500.0, |(r, _)| r.rating),
            });
        }
        let Some(g) = ask.guest().filter(|g| guest_ok(g)) else {
            return Err(Refusal::new(
                Code::BadRequest,
                "sign in, or send `guest`: your browser's id (8 to 64 letters, digits, - or _)",
            ));
        };
        let name = domino_league::name::display_name_within(ask.name(), self.name_chars)?;
        Ok(Seeker {
            player: format!("g:{g}"),
            name,
            profile: None,
            rating: 1500.0,
        })
    }
}

/// The cookie holding a device's profile secret.
pub const COOKIE: &str = "domino_profile";

/// SHA-256 of a secret or link code, hex, as stored.
pub fn secret_hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// The profile secret a request carries in its cookies.
pub fn cookie_secret(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.to_string())
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// A guest's browser id: the page makes one at random and keeps it.
pub fn guest_ok(g: &str) -> bool {
    (8..=64).contains(&g.len())
        && g.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::guest_ok;

    #[test]
    fn a_guest_id_is_8_to_64_safe_characters() {
        assert!(guest_ok("abcd-123_XY"));
        assert!(!guest_ok("short"));
        assert!(!guest_ok(&"a".repeat(65)));
        assert!(!guest_ok("has space in it"));
    }
}
