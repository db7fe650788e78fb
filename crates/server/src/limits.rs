//! What one client, one address and the whole server may use, and the
//! counters of what was refused.
//!
//! Every limit is a `domino serve` flag (docs/server.md). A refusal is
//! counted by kind (shown by `/healthz`) and logged, at most once a second
//! per kind so that a flood cannot flood the log too.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The limits, with defaults for a public server on a small machine.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Unfinished tables one socket may have created.
    pub tables_per_client: usize,
    /// Unfinished tables created from one address.
    pub tables_per_address: usize,
    /// Tables one address may create in a minute.
    pub creates_per_minute: u32,
    /// Messages a socket may send per second, on average ...
    pub messages_per_second: u32,
    /// ... and in a burst.
    pub message_burst: u32,
    /// WebSockets open from one address.
    pub sockets_per_address: usize,
    /// WebSockets open in all.
    pub sockets: usize,
    /// HTTP connections (before any upgrade) open from one address.
    pub connections_per_address: usize,
    /// HTTP connections open in all; the file descriptors the server needs
    /// are about this plus `sockets`.
    pub connections: usize,
    /// Time for a client to send a request's headers, and the longest an
    /// HTTP connection may sit idle between requests.
    pub header_timeout: Duration,
    /// How often a socket is pinged ...
    pub ping_every: Duration,
    /// ... and how long it may stay silent (no pong, no message) before it
    /// is closed as dead.
    pub dead_after: Duration,
    /// How long a socket may stay without a table (never created, joined,
    /// resumed or watched one) before it is closed.
    pub join_timeout: Duration,
    /// Characters in a chat line.
    pub chat_chars: usize,
    /// Chat lines a seat may say in ten seconds.
    pub chat_lines: usize,
    /// Characters in a display name.
    pub name_chars: usize,
    /// A table with nobody connected (no player, no watcher) stops its
    /// bots after this and waits, parked, for someone to come back.
    pub park_after: Duration,
    /// A table where nothing was played for this long is closed as
    /// abandoned (kept in the history).
    pub abandon_after: Duration,
    /// Score sheets one address may create in an hour (over HTTP, as
    /// every limit below; see [`crate::quota`]).
    pub sheets_per_hour: u32,
    /// Tournaments one address may create in an hour ...
    pub tournaments_per_hour: u32,
    /// ... and have open (not started) at once: the lobby's list of open
    /// tournaments is not one address's to fill.
    pub open_tournaments_per_organiser: usize,
    /// Tournament entries one address may make in an hour: players and
    /// teams joining, and bots the organiser adds.
    pub entries_per_hour: u32,
    /// Profiles one address may create in an hour.
    pub profiles_per_hour: u32,
    /// One-time sign-in links one address may make or use in an hour.
    pub links_per_hour: u32,
    /// Requests a second one bot API token may make, over HTTP and socket
    /// messages together, and the burst above that rate.
    pub bot_token_rate: u32,
    pub bot_token_burst: u32,
    /// Unknown bearer tokens one address may send in a minute; past it
    /// its bearer requests are refused until the minute passes.
    pub bad_tokens_per_minute: u32,
    /// A score sheet with no hand entered, and a tournament never started
    /// that nobody entered, are deleted once this old (a tournament's age
    /// counts from its start time when that is later).
    pub expire_after: Duration,
    /// Take the client's address from the last `X-Forwarded-For` entry
    /// (set by our own proxy) instead of the TCP peer.
    pub behind_proxy: bool,
    /// Seeks waiting in the pairing pool from one address (one a player;
    /// a guest's id costs nothing, so it is the address that is counted).
    pub seeks_per_address: usize,
}

impl Limits {
    /// The defaults (also the `domino serve` flags' defaults).
    pub const DEFAULT: Limits = Limits {
        tables_per_client: 4,
        tables_per_address: 20,
        creates_per_minute: 12,
        messages_per_second: 20,
        message_burst: 60,
        sockets_per_address: 32,
        sockets: 4000,
        connections_per_address: 64,
        connections: 1024,
        header_timeout: Duration::from_secs(10),
        ping_every: Duration::from_secs(20),
        dead_after: Duration::from_secs(60),
        join_timeout: Duration::from_secs(120),
        chat_chars: 200,
        chat_lines: 5,
        name_chars: domino_league::name::NAME_MAX,
        park_after: Duration::from_secs(60),
        abandon_after: Duration::from_secs(7 * 24 * 3600),
        sheets_per_hour: 20,
        tournaments_per_hour: 5,
        open_tournaments_per_organiser: 3,
        entries_per_hour: 60,
        profiles_per_hour: 10,
        links_per_hour: 20,
        bot_token_rate: 20,
        bot_token_burst: 40,
        bad_tokens_per_minute: 20,
        expire_after: Duration::from_secs(3 * 24 * 3600),
        behind_proxy: false,
        seeks_per_address: 8,
    };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// What a limit refused, for the counters and the log.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    Connection,
    Socket,
    Messages,
    Tables,
    Creates,
    HeaderTimeout,
    DeadSocket,
    NoJoin,
    /// Sheets, tournaments, entries, profiles or links created over HTTP.
    HttpCreates,
    /// Tournaments open at once per organiser.
    OpenTournaments,
    /// Bearer tokens from an address that sent too many unknown ones.
    BadTokens,
}

impl Refused {
    /// Every kind, in the order `/healthz` and `/metrics` show them.
    pub const ALL: [Refused; 11] = [
        Refused::Connection,
        Refused::Socket,
        Refused::Messages,
        Refused::Tables,
        Refused::Creates,
        Refused::HeaderTimeout,
        Refused::DeadSocket,
        Refused::NoJoin,
        Refused::HttpCreates,
        Refused::OpenTournaments,
        Refused::BadTokens,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Refused::Connection => "connections",
            Refused::Socket => "sockets",
            Refused::Messages => "messages",
            Refused::Tables => "tables",
            Refused::Creates => "creates",
            Refused::HeaderTimeout => "header_timeouts",
            Refused::DeadSocket => "dead_sockets",
            Refused::NoJoin => "idle_sockets",
            Refused::HttpCreates => "http_creates",
            Refused::OpenTournaments => "open_tournaments",
            Refused::BadTokens => "bad_tokens",
        }
    }
}

/// Refusals by kind (and when each was last logged), and actions stored.
#[derive(Debug, Default)]
pub struct Stats {
    /// Actions stored by every table since the start.
    pub actions: AtomicU64,
    counts: [AtomicU64; Refused::ALL.len()],
    logged_ms: [AtomicU64; Refused::ALL.len()],
    started: OnceInstant,
}

#[derive(Debug)]
struct OnceInstant(Instant);

impl Default for OnceInstant {
    fn default() -> OnceInstant {
        OnceInstant(Instant::now())
    }
}

impl Stats {
    /// Count a refusal and log it unless this kind was logged in the last
    /// second.
    pub fn refuse(&self, kind: Refused, who: impl std::fmt::Display, why: &str) {
        let i = kind as usize;
        let n = self.counts[i].fetch_add(1, Ordering::Relaxed) + 1;
        let now = self.started.0.elapsed().as_millis() as u64 + 1;
        let last = self.logged_ms[i].load(Ordering::Relaxed);
        if (last == 0 || now >= last + 1000)
            && self.logged_ms[i]
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            tracing::warn!(limit = kind.name(), total = n, "refused {who}: {why}");
        }
    }

    pub fn count(&self, kind: Refused) -> u64 {
        self.counts[kind as usize].load(Ordering::Relaxed)
    }

    /// Every counter by name.
    pub fn by_name(&self) -> BTreeMap<&'static str, u64> {
        Refused::ALL
            .into_iter()
            .map(|k| (k.name(), self.count(k)))
            .collect()
    }
}

/// Open things (connections, sockets) counted per address and in all.
#[derive(Debug)]
pub struct Gate {
    per_address: usize,
    total: usize,
    open: Mutex<(HashMap<IpAddr, usize>, usize)>,
}

/// One admitted thing; dropping it lets another in.
#[derive(Debug)]
pub struct Pass {
    gate: Arc<Gate>,
    ip: IpAddr,
}

/// Why a gate refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Full {
    Address(usize),
    Server(usize),
}

impl std::fmt::Display for Full {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Full::Address(n) => write!(f, "at most {n} from one address"),
            Full::Server(n) => write!(f, "the server is full ({n} open)"),
        }
    }
}

impl Gate {
    pub fn new(per_address: usize, total: usize) -> Arc<Gate> {
        Arc::new(Gate {
            per_address,
            total,
            open: Mutex::new((HashMap::new(), 0)),
        })
    }

    /// Let one more in from `ip`, or say which limit is reached.
    pub fn admit(self: &Arc<Gate>, ip: IpAddr) -> Result<Pass, Full> {
        let mut open = self.open.lock().map_err(|_| Full::Server(self.total))?;
        if open.1 >= self.total {
            return Err(Full::Server(self.total));
        }
        let n = open.0.entry(ip).or_default();
        if *n >= self.per_address {
            return Err(Full::Address(self.per_address));
        }
        *n += 1;
        open.1 += 1;
        Ok(Pass {
            gate: self.clone(),
            ip,
        })
    }

    /// How many are open.
    pub fn open(&self) -> usize {
        self.open.lock().map(|o| o.1).unwrap_or(0)
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        if let Ok(mut open) = self.gate.open.lock() {
            open.1 = open.1.saturating_sub(1);
            if let Some(n) = open.0.get_mut(&self.ip) {
                *n -= 1;
                if *n == 0 {
                    open.0.remove(&self.ip);
                }
            }
        }
    }
}

/// A token bucket: `rate` tokens a second, at most `burst` saved up.
#[derive(Debug)]
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    at: Instant,
}

impl Bucket {
    pub fn new(rate: u32, burst: u32) -> Bucket {
        let burst = f64::from(burst.max(1));
        Bucket {
            rate: f64::from(rate),
            burst,
            tokens: burst,
            at: Instant::now(),
        }
    }

    /// Take a token if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        let dt = now.duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Creations per address: when each was made, for a limit per window
/// (tables a minute, sheets an hour, ...).
#[derive(Debug, Default)]
pub struct Creators {
    by_address: Mutex<HashMap<IpAddr, Vec<Instant>>>,
}

impl Creators {
    /// Record a creation from `ip` unless it made `per_minute` in the last
    /// minute.
    pub fn allow(&self, ip: IpAddr, per_minute: u32) -> bool {
        self.allow_within(ip, per_minute, Duration::from_secs(60))
    }

    /// Record a creation from `ip` unless it made `most` in the last
    /// `window`.
    pub fn allow_within(&self, ip: IpAddr, most: u32, window: Duration) -> bool {
        let Ok(mut m) = self.by_address.lock() else {
            return false;
        };
        let now = Instant::now();
        // Forget addresses that have been quiet, so the map stays small.
        if m.len() > 4096 {
            m.retain(|_, v| v.iter().any(|t| now.duration_since(*t) < window));
        }
        let times = m.entry(ip).or_default();
        times.retain(|t| now.duration_since(*t) < window);
        if times.len() >= most as usize {
            return false;
        }
        times.push(now);
        true
    }

    /// How many `ip` made in the last `window` (recording nothing).
    pub fn made_within(&self, ip: IpAddr, window: Duration) -> usize {
        let Ok(m) = self.by_address.lock() else {
            return usize::MAX;
        };
        let now = Instant::now();
        m.get(&ip).map_or(0, |times| {
            times
                .iter()
                .filter(|t| now.duration_since(**t) < window)
                .count()
        })
    }

    /// Whether `ip` made `most` in the last `window` (recording nothing).
    pub fn full(&self, ip: IpAddr, most: u32, window: Duration) -> bool {
        self.made_within(ip, window) >= most as usize
    }

    /// Take back the last creation recorded for `ip` (it was refused for
    /// another reason and made nothing).
    pub fn give_back(&self, ip: IpAddr) {
        if let Ok(mut m) = self.by_address.lock() {
            if let Some(times) = m.get_mut(&ip) {
                times.pop();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gate_counts_per_address_and_in_all_and_lets_in_again_when_one_leaves() {
        let g = Gate::new(2, 3);
        let a: IpAddr = "127.0.0.1".parse().unwrap_or(IpAddr::from([127, 0, 0, 1]));
        let b = IpAddr::from([127, 0, 0, 2]);
        let p1 = g.admit(a).ok();
        let _p2 = g.admit(a).ok();
        assert_eq!(g.admit(a).err(), Some(Full::Address(2)));
        let _p3 = g.admit(b).ok();
        assert_eq!(g.admit(b).err(), Some(Full::Server(3)));
        drop(p1);
        assert!(g.admit(a).is_ok());
        assert_eq!(g.open(), 3 - 1);
    }

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let mut b = Bucket::new(0, 3);
        assert_eq!((0..5).filter(|_| b.take()).count(), 3);
    }

    #[test]
    fn creations_per_minute_are_counted_by_address() {
        let c = Creators::default();
        let a = IpAddr::from([10, 0, 0, 1]);
        assert!(c.allow(a, 2) && c.allow(a, 2));
        assert!(!c.allow(a, 2));
        assert!(c.allow(IpAddr::from([10, 0, 0, 2]), 2));
        c.give_back(a);
        assert!(c.allow(a, 2), "a creation given back frees its place");
        assert!(!c.allow(a, 2));
    }
}
