//! The wall clock as the store and the logs write it: milliseconds (and
//! microseconds) since the Unix epoch, 0 for a clock set before it; and
//! the pace of the sweeps that clear what has lasted too long.

use std::time::Duration;

use tokio::sync::watch;

/// The ticks of a sweep for what goes after `age`: every eighth of it
/// (between 200 ms and 10 minutes), the first at once, for what went while
/// the server was stopped.
#[derive(Debug)]
pub struct Sweep {
    tick: tokio::time::Interval,
    stop: watch::Receiver<bool>,
}

impl Sweep {
    pub fn after(age: Duration, stop: watch::Receiver<bool>) -> Sweep {
        let every = (age / 8).clamp(Duration::from_millis(200), Duration::from_secs(600));
        Sweep {
            tick: tokio::time::interval(every),
            stop,
        }
    }

    /// Wait for the next sweep; false once the server stops.
    pub async fn next(&mut self) -> bool {
        tokio::select! {
            _ = self.tick.tick() => true,
            _ = self.stop.changed() => false,
        }
    }
}

/// The time the turn clocks read (ms since the Unix epoch): the wall
/// clock, which a test may move on (a correspondence move "a day later"
/// without waiting a day). Clones share the offset.
#[derive(Clone, Debug, Default)]
pub struct TimeSource {
    ahead_ms: std::sync::Arc<std::sync::atomic::AtomicI64>,
}

impl TimeSource {
    pub fn now_ms(&self) -> i64 {
        now_ms().saturating_add(self.ahead_ms.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Move this time on by `by` (tests).
    pub fn advance(&self, by: Duration) {
        let ms = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.ahead_ms
            .fetch_add(ms, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    since_epoch().map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Microseconds since the Unix epoch.
pub fn now_us() -> i64 {
    since_epoch().map_or(0, |d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
}

fn since_epoch() -> Option<std::time::Duration> {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clocks_agree_and_are_after_2020() {
        let (ms, us) = (now_ms(), now_us());
        assert!(ms > 1_577_836_800_000, "{ms}");
        assert!((us / 1000 - ms).abs() < 1000, "{us} {ms}");
    }

    #[test]
    fn a_time_source_moves_on_for_all_its_clones() {
        let t = TimeSource::default();
        let copy = t.clone();
        t.advance(Duration::from_secs(86_400));
        assert!(copy.now_ms() - now_ms() >= 86_399_000);
    }
}
