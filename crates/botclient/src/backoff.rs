//! Waiting before trying again: doubling from half a second to half a
//! minute, with some jitter so that many bots cut off at once do not all
//! come back in the same instant.

use std::time::Duration;

const FIRST: Duration = Duration::from_millis(500);
const MOST: Duration = Duration::from_secs(30);

#[derive(Debug, Clone)]
pub struct Backoff {
    next: Duration,
}

impl Default for Backoff {
    fn default() -> Backoff {
        Backoff { next: FIRST }
    }
}

impl Backoff {
    /// The next wait, without taking it.
    pub fn peek(&self) -> Duration {
        self.next
    }

    /// Wait, and make the next wait longer.
    pub async fn wait(&mut self) {
        let jitter = rand::random_range(0.8..1.2);
        tokio::time::sleep(self.next.mul_f64(jitter)).await;
        self.grow();
    }

    fn grow(&mut self) {
        self.next = (self.next * 2).min(MOST);
    }

    /// A connection worked: the next failure waits the shortest again.
    pub fn reset(&mut self) {
        self.next = FIRST;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_up_to_a_ceiling_and_reset() {
        let mut b = Backoff::default();
        let mut seen = Vec::new();
        for _ in 0..9 {
            seen.push(b.peek());
            b.grow();
        }
        assert_eq!(seen[0], FIRST);
        assert_eq!(seen[1], FIRST * 2);
        assert_eq!(*seen.last().unwrap_or(&FIRST), MOST);
        b.reset();
        assert_eq!(b.peek(), FIRST);
    }
}
