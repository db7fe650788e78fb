//! Turn clocks: a table's time control and the clock it runs, advanced by
//! the caller's `now` (ms on any steady count: the server's time source,
//! the terminal's), so it does no I/O and reads no system time.
//!
//! A time control is one of: none; a time per move with a bank (the move's
//! time is spent first, then the bank); one bank for the whole match; or
//! correspondence (a long time per move, no bank). The [`Clock`] runs for
//! one seat at a time; when its deadline passes, the seat has timed out
//! and the caller makes its move for it (see [`Clock::time_out`]).

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Timeouts in one match that count as leaving it.
pub const TIMEOUTS_TO_LEAVE: u8 = 3;

/// The ranges a time control is checked against, in seconds.
pub const MOVE_SECONDS: (u32, u32) = (5, 300);
pub const BANK_SECONDS: (u32, u32) = (0, 3600);
pub const MATCH_SECONDS: (u32, u32) = (60, 7200);
pub const CORRESPONDENCE_SECONDS: (u32, u32) = (3600, 3 * 24 * 3600);

/// How a table's players are timed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TimeControl {
    /// No clock (casual play).
    #[default]
    None,
    /// `move_s` for each move, then the bank, `bank_s` for the match.
    PerMove { move_s: u32, bank_s: u32 },
    /// One bank of `bank_s` for the whole match.
    PerMatch { bank_s: u32 },
    /// Up to `move_s` for each move (an hour to three days).
    Correspondence { move_s: u32 },
}

/// A time control out of its range, or not written as one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ClockError {
    #[error("{what} must be between {min} and {max} seconds, not {given}")]
    OutOfRange {
        what: &'static str,
        min: u32,
        max: u32,
        given: u32,
    },
    #[error(
        "`{0}` is not a clock: write MOVE+BANK seconds (15+60) or one number for the match (600)"
    )]
    Unreadable(String),
}

fn within(what: &'static str, (min, max): (u32, u32), given: u32) -> Result<(), ClockError> {
    if (min..=max).contains(&given) {
        Ok(())
    } else {
        Err(ClockError::OutOfRange {
            what,
            min,
            max,
            given,
        })
    }
}

impl TimeControl {
    /// Whether there is a clock at all.
    pub fn is_none(&self) -> bool {
        *self == TimeControl::None
    }

    /// Whether each move may take hours: the table waits for its players
    /// without holding anything but its stored deadline.
    pub fn is_correspondence(&self) -> bool {
        matches!(self, TimeControl::Correspondence { .. })
    }

    /// Check the ranges (see the `*_SECONDS` constants).
    pub fn check(&self) -> Result<(), ClockError> {
        match *self {
            TimeControl::None => Ok(()),
            TimeControl::PerMove { move_s, bank_s } => {
                within("the time per move", MOVE_SECONDS, move_s)?;
                within("the bank", BANK_SECONDS, bank_s)
            }
            TimeControl::PerMatch { bank_s } => within("the time per match", MATCH_SECONDS, bank_s),
            TimeControl::Correspondence { move_s } => {
                within("the time per move", CORRESPONDENCE_SECONDS, move_s)
            }
        }
    }

    /// Read `15+60` (a move, then a bank, in seconds) or `600` (the match),
    /// checked.
    pub fn parse(text: &str) -> Result<TimeControl, ClockError> {
        let bad = || ClockError::Unreadable(text.to_string());
        let num = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
        let tc = match text.split_once('+') {
            Some((m, b)) => TimeControl::PerMove {
                move_s: num(m)?,
                bank_s: num(b)?,
            },
            None => TimeControl::PerMatch { bank_s: num(text)? },
        };
        tc.check()?;
        Ok(tc)
    }

    fn move_ms(&self) -> i64 {
        match *self {
            TimeControl::PerMove { move_s, .. } | TimeControl::Correspondence { move_s } => {
                i64::from(move_s) * 1000
            }
            _ => 0,
        }
    }

    fn bank_ms(&self) -> i64 {
        match *self {
            TimeControl::PerMove { bank_s, .. } | TimeControl::PerMatch { bank_s } => {
                i64::from(bank_s) * 1000
            }
            _ => 0,
        }
    }
}

/// The seat whose clock runs, and since when.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Running {
    pub seat: u8,
    pub since_ms: i64,
}

/// A table's clock: each seat's bank and timeouts, and the running turn.
/// Stored as JSON with the table, so its deadline outlives the process.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    pub control: TimeControl,
    /// Each seat's bank left, ms.
    pub bank_ms: Vec<i64>,
    /// Each seat's timeouts this match.
    pub timeouts: Vec<u8>,
    pub running: Option<Running>,
}

/// What a player is shown of the clock at `now`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClockView {
    pub control: TimeControl,
    /// Each seat's time left, ms: the running seat's until its deadline,
    /// the others' for their next move.
    pub left_ms: Vec<i64>,
    /// The seat whose clock runs.
    pub running: Option<u8>,
    /// Each seat's timeouts this match.
    pub timeouts: Vec<u8>,
}

impl Clock {
    /// A clock for `players` seats, none running.
    pub fn new(control: TimeControl, players: u8) -> Clock {
        Clock {
            control,
            bank_ms: vec![control.bank_ms(); usize::from(players)],
            timeouts: vec![0; usize::from(players)],
            running: None,
        }
    }

    /// Start `seat`'s turn at `now` (stopping the running one); a turn
    /// already running for `seat` goes on.
    pub fn start(&mut self, seat: u8, now: i64) {
        if self.running.is_some_and(|r| r.seat == seat) {
            return;
        }
        self.stop(now);
        self.running = Some(Running {
            seat,
            since_ms: now,
        });
    }

    /// Stop the running turn at `now`, charging what it took beyond the
    /// move's own time to the seat's bank.
    pub fn stop(&mut self, now: i64) {
        let Some(r) = self.running.take() else {
            return;
        };
        let used = (now - r.since_ms).max(0);
        let charged = match self.control {
            TimeControl::PerMove { .. } => (used - self.control.move_ms()).max(0),
            TimeControl::PerMatch { .. } => used,
            _ => 0,
        };
        if let Some(b) = self.bank_ms.get_mut(usize::from(r.seat)) {
            *b = (*b - charged).max(0);
        }
    }

    /// Charge the running turn nothing for `ms` in which nobody could
    /// move (the table's server was stalled or down): the turn counts as
    /// started that much later, never later than `now`.
    pub fn excuse(&mut self, ms: i64, now: i64) {
        if let Some(r) = &mut self.running {
            r.since_ms = r
                .since_ms
                .saturating_add(ms.max(0))
                .min(now.max(r.since_ms));
        }
    }

    /// When the running turn runs out, ms.
    pub fn deadline(&self) -> Option<i64> {
        if self.control.is_none() {
            return None;
        }
        let r = self.running?;
        let bank = self.bank_ms.get(usize::from(r.seat)).copied().unwrap_or(0);
        Some(r.since_ms + self.control.move_ms() + bank)
    }

    /// The seat whose time has run out at `now`.
    pub fn expired(&self, now: i64) -> Option<u8> {
        let d = self.deadline()?;
        (now >= d).then(|| self.running.map(|r| r.seat)).flatten()
    }

    /// The running seat timed out: its bank is spent and the timeout
    /// counted; the clock stops until the next turn starts. Returns the
    /// seat and its timeouts so far.
    pub fn time_out(&mut self) -> Option<(u8, u8)> {
        let r = self.running.take()?;
        let s = usize::from(r.seat);
        if let Some(b) = self.bank_ms.get_mut(s) {
            *b = 0;
        }
        let n = self.timeouts.get_mut(s)?;
        *n = n.saturating_add(1);
        Some((r.seat, *n))
    }

    /// What the players are shown at `now`.
    pub fn view(&self, now: i64) -> ClockView {
        let running = self.running.map(|r| r.seat);
        let left_ms = (0..self.bank_ms.len())
            .map(|s| match (running, self.deadline()) {
                (Some(r), Some(d)) if usize::from(r) == s => (d - now).max(0),
                _ => self.control.move_ms() + self.bank_ms[s],
            })
            .collect();
        ClockView {
            control: self.control,
            left_ms,
            running,
            timeouts: self.timeouts.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn an_excused_stretch_is_not_charged_and_never_moves_a_turn_past_now() {
        let mut c = Clock::new(per_move(), 2);
        c.start(1, 1_000);
        let before = c.deadline().unwrap();
        c.excuse(20_000, 40_000);
        assert_eq!(c.deadline(), Some(before + 20_000));
        assert_eq!(c.view(40_000).left_ms[1], 75_000 - 19_000);
        // More than the turn has run: it counts from now, no further.
        c.excuse(1_000_000, 50_000);
        assert_eq!(c.running.unwrap().since_ms, 50_000);
        c.excuse(-5, 60_000);
        assert_eq!(c.running.unwrap().since_ms, 50_000);
        // No turn running: nothing to excuse.
        let mut idle = Clock::new(per_move(), 2);
        idle.excuse(5_000, 10_000);
        assert_eq!(idle.running, None);
    }

    fn per_move() -> TimeControl {
        TimeControl::PerMove {
            move_s: 15,
            bank_s: 60,
        }
    }

    #[test]
    fn the_move_time_is_spent_before_the_bank() {
        let mut c = Clock::new(per_move(), 2);
        c.start(0, 1_000);
        assert_eq!(c.deadline(), Some(1_000 + 75_000));
        // 10 s: within the move's 15, the bank is untouched.
        c.start(1, 11_000);
        assert_eq!(c.bank_ms, vec![60_000, 60_000]);
        // 25 s: 10 s beyond the move's time come out of the bank.
        c.start(0, 36_000);
        assert_eq!(c.bank_ms, vec![60_000, 50_000]);
        assert_eq!(c.view(36_000).left_ms, vec![75_000, 65_000]);
        assert_eq!(c.view(46_000).left_ms, vec![65_000, 65_000]);
        assert_eq!(c.view(46_000).running, Some(0));
    }

    #[test]
    fn a_match_bank_is_spent_by_every_move() {
        let mut c = Clock::new(TimeControl::PerMatch { bank_s: 60 }, 2);
        c.start(0, 0);
        c.start(1, 20_000);
        c.start(0, 30_000);
        assert_eq!(c.bank_ms, vec![40_000, 50_000]);
        assert_eq!(c.deadline(), Some(70_000));
        assert_eq!(c.expired(69_999), None);
        assert_eq!(c.expired(70_000), Some(0));
    }

    #[test]
    fn correspondence_gives_each_move_its_whole_time() {
        let day = 24 * 3600 * 1000;
        let mut c = Clock::new(TimeControl::Correspondence { move_s: 2 * 86_400 }, 2);
        c.start(0, 0);
        assert_eq!(c.expired(day), None);
        c.start(1, day);
        assert_eq!(c.deadline(), Some(3 * day));
        assert_eq!(c.expired(3 * day), Some(1));
    }

    #[test]
    fn a_timeout_spends_the_bank_and_counts() {
        let mut c = Clock::new(per_move(), 2);
        for i in 1..=TIMEOUTS_TO_LEAVE {
            c.start(1, 0);
            let d = c.deadline().unwrap();
            assert_eq!(c.expired(d), Some(1));
            assert_eq!(c.time_out(), Some((1, i)));
            assert_eq!(c.running, None);
        }
        assert_eq!(c.bank_ms[1], 0);
        c.start(1, 0);
        assert_eq!(c.deadline(), Some(15_000));
    }

    #[test]
    fn no_clock_has_no_deadline() {
        let mut c = Clock::new(TimeControl::None, 4);
        c.start(2, 5);
        assert_eq!(c.deadline(), None);
        assert_eq!(c.expired(i64::MAX), None);
    }

    #[test]
    fn ranges_are_checked() {
        assert!(per_move().check().is_ok());
        assert!(TimeControl::PerMove {
            move_s: 1,
            bank_s: 0
        }
        .check()
        .is_err());
        assert!(TimeControl::PerMove {
            move_s: 15,
            bank_s: 99_999
        }
        .check()
        .is_err());
        assert!(TimeControl::PerMatch { bank_s: 10 }.check().is_err());
        assert!(TimeControl::Correspondence { move_s: 60 }.check().is_err());
        assert!(TimeControl::Correspondence { move_s: 4 * 86_400 }
            .check()
            .is_err());
        assert!(TimeControl::Correspondence { move_s: 86_400 }
            .check()
            .is_ok());
    }

    #[test]
    fn clocks_are_read_from_text_and_json() {
        assert_eq!(TimeControl::parse("15+60"), Ok(per_move()));
        assert_eq!(
            TimeControl::parse("600"),
            Ok(TimeControl::PerMatch { bank_s: 600 })
        );
        assert!(matches!(
            TimeControl::parse("1+60"),
            Err(ClockError::OutOfRange { .. })
        ));
        assert!(matches!(
            TimeControl::parse("fast"),
            Err(ClockError::Unreadable(_))
        ));
        let json = serde_json::to_string(&per_move()).unwrap();
        assert_eq!(json, r#"{"kind":"per_move","move_s":15,"bank_s":60}"#);
        assert_eq!(
            serde_json::from_str::<TimeControl>(&json).unwrap(),
            per_move()
        );
        assert_eq!(
            serde_json::from_str::<TimeControl>(r#"{"kind":"none"}"#).unwrap(),
            TimeControl::None
        );
        let mut c = Clock::new(per_move(), 3);
        c.start(2, 7);
        let back: Clock = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
        assert_eq!(back, c);
    }
}
