//! One-time links that move a profile to another device: made on a device
//! signed in (with a QR code of the link), used once within
//! [`LINK_TTL_MS`] to sign another device in with a key of its own.

use std::net::IpAddr;

use domino_protocol::profile::SignInLink;
use domino_protocol::refusal::{Code, Refusal};
use domino_store::profiles::Profile;

use super::{new_secret, secret_hash, Profiles, SignedIn};
use crate::clock::now_ms;
use crate::fault::failed;
use crate::quota::Made;

/// How long a one-time link to move a profile stays good.
pub const LINK_TTL_MS: i64 = 15 * 60 * 1000;

impl Profiles {
    /// A one-time link for `p`, made from `ip`; `origin` is the site's
    /// address as the browser reaches it (the link and its QR code name
    /// it).
    pub async fn link(&self, p: &Profile, ip: IpAddr, origin: &str) -> Result<SignInLink, Refusal> {
        self.quota.take(ip, Made::Link)?;
        let code = new_secret().map_err(failed("a sign-in link"))?;
        let expires_at = now_ms() + LINK_TTL_MS;
        self.profiles
            .add_profile_link(&secret_hash(&code), &p.id, expires_at)
            .await
            .map_err(failed("making a sign-in link"))?;
        let path = format!("/link/{code}");
        let url = format!("{origin}{path}");
        let qr = qrcode::QrCode::new(url.as_bytes())
            .map_err(failed("a sign-in link's QR code"))?
            .render::<qrcode::render::svg::Color>()
            .min_dimensions(200, 200)
            .build();
        Ok(SignInLink {
            expires_at,
            path,
            qr,
            url,
        })
    }

    /// Sign a device in with link `code`, used up by it, from `ip`.
    pub async fn claim(&self, code: &str, ip: IpAddr) -> Result<SignedIn, Refusal> {
        // Counted before the link is used up; a link that signs nobody in
        // (used, expired, unknown) gives its count back.
        self.quota.take(ip, Made::Link)?;
        let gone = || {
            self.quota.give_back(ip, Made::Link);
            Refusal::new(
                Code::LinkUsed,
                "this link was used already or has expired: make a new one on the other device",
            )
        };
        let used = self
            .profiles
            .use_profile_link(&secret_hash(code.trim()), now_ms())
            .await
            .map_err(failed("using a sign-in link"))?;
        let Some(profile) = used else {
            return Err(gone());
        };
        let found = self
            .profiles
            .profile(&profile)
            .await
            .map_err(failed("reading a profile"))?;
        let Some(p) = found else {
            return Err(gone());
        };
        let secret = new_secret().map_err(failed("a device's secret"))?;
        self.profiles
            .add_profile_key(&secret_hash(&secret), &p.id, now_ms())
            .await
            .map_err(failed("signing a device in"))?;
        Ok(SignedIn {
            card: self.card(&p).await?,
            secret,
        })
    }
}
