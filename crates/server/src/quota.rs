//! What one address may create over HTTP: score sheets, tournaments,
//! tournament entries, profiles and sign-in links, each counted per address
//! over the last hour (a table, made over the WebSocket, is counted by
//! [`crate::hub::Hub::create_from`]). Past its limit a call is answered
//! 429 `too_many_creates` and makes nothing; the refusal is counted as
//! `http_creates` in `/healthz`.

use std::net::IpAddr;
use std::time::Duration;

use axum::http::StatusCode;

use crate::answer::HttpRefusal;
use crate::limits::{Creators, Limits, Refused, Stats};
use domino_protocol::refusal::Code;

/// The window every HTTP creation limit counts over.
const WINDOW: Duration = Duration::from_secs(3600);

/// What an HTTP call creates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Made {
    /// A score sheet (`POST /api/sheets`).
    Sheet,
    /// A tournament (`POST /api/tournaments`).
    Tournament,
    /// A tournament entry: a player or team joining, or the organiser's
    /// bots (`POST /api/tournaments/{id}/join`, `.../bots`).
    Entry,
    /// A profile (`POST /api/profile`).
    Profile,
    /// A one-time sign-in link made, or used to sign a device in
    /// (`POST /api/profile/link`, `/api/profile/claim`).
    Link,
}

impl Made {
    const ALL: [Made; 5] = [
        Made::Sheet,
        Made::Tournament,
        Made::Entry,
        Made::Profile,
        Made::Link,
    ];

    /// How many one address may make in an hour.
    fn most(self, l: &Limits) -> u32 {
        match self {
            Made::Sheet => l.sheets_per_hour,
            Made::Tournament => l.tournaments_per_hour,
            Made::Entry => l.entries_per_hour,
            Made::Profile => l.profiles_per_hour,
            Made::Link => l.links_per_hour,
        }
    }

    /// What they are, for the refusal's message and the log.
    fn what(self) -> &'static str {
        match self {
            Made::Sheet => "score sheets",
            Made::Tournament => "tournaments",
            Made::Entry => "tournament entries",
            Made::Profile => "profiles",
            Made::Link => "sign-in links",
        }
    }
}

/// The creations of each kind per address.
#[derive(Debug, Default)]
pub struct Quotas {
    made: [Creators; Made::ALL.len()],
}

impl Quotas {
    fn of(&self, kind: Made) -> &Creators {
        &self.made[kind as usize]
    }
}

/// Count one creation of `kind` from `ip`, or answer why not: 429
/// `too_many_creates`, with the limit in the message.
pub fn take(
    quotas: &Quotas,
    limits: &Limits,
    stats: &Stats,
    ip: IpAddr,
    kind: Made,
) -> Result<(), HttpRefusal> {
    let most = kind.most(limits);
    if quotas.of(kind).allow_within(ip, most, WINDOW) {
        return Ok(());
    }
    let what = kind.what();
    stats.refuse(
        Refused::HttpCreates,
        ip,
        &format!("{what} created per hour"),
    );
    Err(HttpRefusal::new(
        StatusCode::TOO_MANY_REQUESTS,
        Code::TooManyCreates,
        format!("one address may create {most} {what} an hour: try again later"),
    ))
}

/// Take back a creation counted by [`take`] that was then refused for
/// another reason (a profile name already taken, say) and made nothing,
/// so that trying again is not held against the address.
pub fn give_back(quotas: &Quotas, ip: IpAddr, kind: Made) {
    quotas.of(kind).give_back(ip);
}
