//! What one address may create over HTTP: score sheets, tournaments,
//! tournament entries, profiles and sign-in links, each counted per address
//! over the last hour (a table, made over the WebSocket, is counted by
//! [`crate::hub::Hub::create_from`]). Past its limit a call is answered
//! 429 `too_many_creates` and makes nothing; the refusal is counted as
//! `http_creates` in `/healthz`.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use crate::limits::{Creators, Limits, Refused, Stats};
use crate::web::answer::HttpRefusal;
use domino_protocol::refusal::{Code, Refusal};

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
    counted(quotas, limits, stats, ip, kind).map_err(HttpRefusal::from)
}

/// As [`take`], refused as the wire's `too_many_creates`.
fn counted(
    quotas: &Quotas,
    limits: &Limits,
    stats: &Stats,
    ip: IpAddr,
    kind: Made,
) -> Result<(), Refusal> {
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
    Err(Refusal::new(
        Code::TooManyCreates,
        format!("one address may create {most} {what} an hour: try again later"),
    ))
}

/// The creation limits as a feature's service is given them: the counts,
/// the limits and the refusals' counters, without the hub.
#[derive(Clone, Debug)]
pub struct Quota {
    quotas: Arc<Quotas>,
    limits: Arc<Limits>,
    stats: Arc<Stats>,
}

impl Quota {
    pub fn new(quotas: Arc<Quotas>, limits: Arc<Limits>, stats: Arc<Stats>) -> Quota {
        Quota {
            quotas,
            limits,
            stats,
        }
    }

    /// Count one creation of `kind` from `ip`, or refuse it (see [`take`]).
    pub fn take(&self, ip: IpAddr, kind: Made) -> Result<(), Refusal> {
        counted(&self.quotas, &self.limits, &self.stats, ip, kind)
    }

    /// Take back a creation that made nothing (see [`give_back`]).
    pub fn give_back(&self, ip: IpAddr, kind: Made) {
        give_back(&self.quotas, ip, kind);
    }

    /// The limits this node was started with.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Count (and log) a refusal of another limit.
    pub fn refused(&self, kind: Refused, ip: IpAddr, why: &str) {
        self.stats.refuse(kind, ip, why);
    }
}

/// Take back a creation counted by [`take`] that was then refused for
/// another reason (a profile name already taken, say) and made nothing,
/// so that trying again is not held against the address.
pub fn give_back(quotas: &Quotas, ip: IpAddr, kind: Made) {
    quotas.of(kind).give_back(ip);
}
