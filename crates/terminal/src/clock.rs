//! `domino play --clock 15+60`: the player's turn clock in the terminal
//! (the engine's [`Clock`], counted from when the game started). The bots
//! are not timed; when the player's time runs out, the computer moves for
//! them.

use std::time::Instant;

use domino_engine::{Clock, TimeControl};

/// The player's clock warns in its last this many ms (as the page's).
pub const WARN_MS: i64 = 10_000;

/// The player's clock in a terminal game.
#[derive(Clone, Debug)]
pub struct TermClock {
    pub clock: Clock,
    /// What the clock's milliseconds count from.
    epoch: Instant,
    /// The player's time ran out this turn: the computer moves for them.
    pub timed_out: bool,
}

impl TermClock {
    pub fn new(control: TimeControl, players: u8, now: Instant) -> TermClock {
        TermClock {
            clock: Clock::new(control, players),
            epoch: now,
            timed_out: false,
        }
    }

    fn ms(&self, now: Instant) -> i64 {
        i64::try_from(now.saturating_duration_since(self.epoch).as_millis()).unwrap_or(i64::MAX)
    }

    /// Run the clock while `human` is to move (and has not run out), stop
    /// it otherwise; whether the time ran out just now.
    pub fn turn(&mut self, human: u8, to_move: bool, now: Instant) -> bool {
        let ms = self.ms(now);
        if !to_move {
            self.timed_out = false;
            self.clock.stop(ms);
            return false;
        }
        if self.timed_out {
            return false;
        }
        self.clock.start(human, ms);
        if self.clock.expired(ms).is_some() {
            self.clock.time_out();
            self.timed_out = true;
            return true;
        }
        false
    }

    /// The player's time left at `now`, ms.
    pub fn left_ms(&self, human: u8, now: Instant) -> i64 {
        let v = self.clock.view(self.ms(now));
        v.left_ms.get(usize::from(human)).copied().unwrap_or(0)
    }
}

/// `m:ss`, or hours and minutes for an hour or more.
pub fn clock_text(ms: i64) -> String {
    let s = (ms.max(0) + 999) / 1000;
    if s < 3600 {
        format!("{}:{:02}", s / 60, s % 60)
    } else {
        format!("{}:{:02}:{:02}", s / 3600, (s % 3600) / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_clock_runs_on_the_players_turn_and_runs_out() {
        let t0 = Instant::now();
        let control = TimeControl::PerMove {
            move_s: 5,
            bank_s: 10,
        };
        let mut c = TermClock::new(control, 2, t0);
        assert!(!c.turn(0, true, t0));
        assert_eq!(c.left_ms(0, t0 + Duration::from_secs(3)), 12_000);
        // The bots' turns are not timed.
        assert!(!c.turn(0, false, t0 + Duration::from_secs(3)));
        assert!(!c.turn(0, true, t0 + Duration::from_secs(60)));
        assert!(c.turn(0, true, t0 + Duration::from_secs(76)));
        assert!(c.timed_out);
        assert_eq!(c.clock.timeouts[0], 1);
        assert!(!c.turn(0, true, t0 + Duration::from_secs(77)), "once");
        assert_eq!(clock_text(75_000), "1:15");
        assert_eq!(clock_text(3_723_000), "1:02:03");
    }
}
