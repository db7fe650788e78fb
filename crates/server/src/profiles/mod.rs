//! Profiles (docs/server.md), the feature's room: a unique display name and
//! no password (a device secret in a cookie, only its hash stored), signing
//! out, one-time links that move a profile to another device, a profile's
//! public page data and the leaderboards. The service [`Profiles`] holds
//! their rules once: which names may be taken, how many profiles and links
//! one address makes, how long a link lasts. `api.rs` is the HTTP adapters
//! (the cookie is theirs).
//!
//! - `links.rs`: a one-time link made, and used to sign a device in.
//! - `public.rs`: a profile as anyone sees it, and the leaderboards.
//! - `ratings.rs`: a finished match's ratings and statistics, stored away
//!   from its table's task ([`Ratings`]).

pub mod api;
mod links;
mod public;
mod ratings;

use std::net::IpAddr;

use domino_protocol::profile::ProfileCard;
use domino_protocol::refusal::{Code, Refusal};
use domino_store::profiles::Profile;

use crate::clock::now_ms;
use crate::fault::failed;
use crate::quota::{Made, Quota};

pub use crate::who::{cookie_secret, secret_hash, COOKIE};
pub use api::routes;
pub use links::LINK_TTL_MS;
pub use ratings::Ratings;

/// The profiles' service: the store's profiles and bot accounts (which
/// profiles are bots, the bots' leaderboards), the creation limits, the
/// longest name, and the fewest rated matches a leaderboard shows by
/// default.
#[derive(Clone, Debug)]
pub struct Profiles {
    profiles: domino_store::Profiles,
    bots: domino_store::BotAccounts,
    quota: Quota,
    name_chars: usize,
    leaderboard_min: u32,
}

/// A device signed in: the profile, and the secret its cookie keeps.
#[derive(Debug)]
pub struct SignedIn {
    pub card: ProfileCard,
    pub secret: String,
}

/// A new secret: 32 bytes from the operating system, hex.
pub fn new_secret() -> Result<String, String> {
    use rand::TryRngCore;
    let mut b = [0u8; 32];
    rand::rngs::OsRng
        .try_fill_bytes(&mut b)
        .map_err(|e| format!("no randomness from the system: {e}"))?;
    Ok(hex::encode(b))
}

/// A name's look-alike keys (see `domino_league::name::name_keys`) as the
/// store keeps them, by which no two profiles' names may be alike.
pub fn stored_keys(name: &str) -> domino_store::profiles::NameKeys {
    let keys = domino_league::name::name_keys(name);
    domino_store::profiles::NameKeys {
        folded: keys.folded,
        skeleton: keys.skeleton,
    }
}

fn card(p: &Profile, bot: bool) -> ProfileCard {
    ProfileCard {
        bot,
        created_at: p.created_at,
        id: p.id.clone(),
        name: p.name.clone(),
    }
}

fn name_taken(name: &str) -> Refusal {
    Refusal::new(
        Code::NameTaken,
        format!(
            "the name \u{201c}{name}\u{201d} is taken or looks like one that is: choose another"
        ),
    )
}

impl Profiles {
    pub fn new(
        profiles: domino_store::Profiles,
        bots: domino_store::BotAccounts,
        quota: Quota,
        name_chars: usize,
        leaderboard_min: u32,
    ) -> Profiles {
        Profiles {
            profiles,
            bots,
            quota,
            name_chars,
            leaderboard_min,
        }
    }

    /// A new profile named `name`, made from `ip`, and its device's secret.
    pub async fn create(&self, name: &str, ip: IpAddr) -> Result<SignedIn, Refusal> {
        let name = domino_league::name::visible_name(name, self.name_chars)?;
        // Asked before the scripts are checked, so that a look-alike of a
        // profile's name ("Κim" with a Greek kappa beside "Kim") is
        // answered as taken, which says why, rather than only as mixing
        // scripts.
        let keys = stored_keys(&name);
        let taken = self
            .profiles
            .profile_name_taken(&keys)
            .await
            .map_err(failed("reading profiles' names"))?;
        if taken {
            return Err(name_taken(&name));
        }
        domino_league::name::one_script(&name)?;
        let secret = new_secret().map_err(failed("a profile's secret"))?;
        self.quota.take(ip, Made::Profile)?;
        let p = Profile {
            id: crate::table::random_id(12),
            name: name.clone(),
            created_at: now_ms(),
        };
        let made = self
            .profiles
            .create_profile(&p, &keys, &secret_hash(&secret))
            .await
            .map_err(failed("creating a profile"))?;
        if !made {
            // Taken meanwhile: the address made nothing.
            self.quota.give_back(ip, Made::Profile);
            return Err(name_taken(&name));
        }
        Ok(SignedIn {
            card: card(&p, false),
            secret,
        })
    }

    /// A stored profile as anyone may see it, bot account or not.
    pub async fn card(&self, p: &Profile) -> Result<ProfileCard, Refusal> {
        let bot = self
            .bots
            .is_bot(&p.id)
            .await
            .map_err(failed("reading bot accounts"))?;
        Ok(card(p, bot))
    }

    /// Sign out the device whose cookie keeps `secret`: its key is dropped.
    pub async fn sign_out(&self, secret: &str) -> Result<(), Refusal> {
        self.profiles
            .drop_profile_key(&secret_hash(secret))
            .await
            .map_err(failed("signing out"))
    }

    /// Whether a profile exists, for its page at `/p/{id}`.
    pub async fn exists(&self, id: &str) -> Result<bool, Refusal> {
        Ok(self
            .profiles
            .profile(id)
            .await
            .map_err(failed("reading a profile"))?
            .is_some())
    }
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
}
