//! The client's own pace: the server allows a token 20 requests a second
//! over HTTP and every socket together (docs/botapi.md), and refuses what
//! goes beyond without doing it. A fast bot at several tables would pass
//! that, so every request and message of one client waits its turn here,
//! at most [`PER_SECOND`] a second.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;

/// Below the server's 20 a second, leaving room for the pings.
pub const PER_SECOND: u32 = 16;

/// One client's turns to send, shared by its connections.
#[derive(Debug, Clone)]
pub struct Pace {
    next: Arc<Mutex<Option<Instant>>>,
    gap: Duration,
}

impl Default for Pace {
    fn default() -> Pace {
        Pace {
            next: Arc::new(Mutex::new(None)),
            gap: Duration::from_secs(1) / PER_SECOND,
        }
    }
}

impl Pace {
    /// Wait for the next turn to send.
    pub async fn wait(&self) {
        let at = self.take();
        tokio::time::sleep_until(at).await;
    }

    /// The next turn, taken: the later of now and the turn after the last.
    fn take(&self) -> Instant {
        let now = Instant::now();
        let mut next = match self.next.lock() {
            Ok(n) => n,
            Err(poisoned) => poisoned.into_inner(),
        };
        let at = next.map_or(now, |n| n.max(now));
        *next = Some(at + self.gap);
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn turns_are_spaced_so_no_second_holds_more_than_the_pace() {
        let pace = Pace::default();
        let turns: Vec<Instant> = (0..40).map(|_| pace.take()).collect();
        for w in turns.windows(PER_SECOND as usize + 1) {
            assert!(w[PER_SECOND as usize] - w[0] >= Duration::from_secs(1));
        }
        let shared = pace.clone();
        assert!(
            shared.take() >= turns[39] + pace.gap,
            "clones share the turns"
        );
    }
}
