//! The match score between hands: points or the love count, the six-love
//! stake, play-offs and tie replays, targets and skunks. [`crate::Match`]
//! keeps one for the hands it plays and [`crate::Sheet`] one for the hands
//! a real table reports; both settle hands only through it.

use crate::behaviour::{MatchWin, Winner};
use crate::deal::MAX_PLAYERS;
use crate::event::SkunkReport;
use crate::report::HandSummary;
use crate::result::{EndReason, HandResult, Note, Notes, PerSeat, Side};
use crate::rules::{Rules, Skunk};
use crate::score::settle_summary;

/// The match score and what the next hand is played for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    scores: [i32; MAX_PLAYERS],
    /// What the next six-love hand is worth (tie replays raise it).
    stake: i32,
    playoff: bool,
    /// Club fives: the skunk of the match's end, if any.
    skunk: Option<SkunkReport>,
    winner: Option<Winner>,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally::new()
    }
}

impl Tally {
    /// A match not yet begun.
    pub const fn new() -> Tally {
        Tally {
            scores: [0; MAX_PLAYERS],
            stake: 1,
            playoff: false,
            skunk: None,
            winner: None,
        }
    }

    /// The score by side (all [`MAX_PLAYERS`] slots; the first `sides` count).
    pub fn all_scores(&self) -> &[i32; MAX_PLAYERS] {
        &self.scores
    }

    /// What the next six-love hand is worth.
    pub const fn stake(&self) -> i32 {
        self.stake
    }

    /// Whether the next six-love hand is a play-off.
    pub const fn in_playoff(&self) -> bool {
        self.playoff
    }

    pub const fn skunk(&self) -> Option<SkunkReport> {
        self.skunk
    }

    /// Who won the match, once it is over.
    pub const fn winner(&self) -> Option<Winner> {
        self.winner
    }

    /// Move points made during play into the score: `delta` by side.
    pub(crate) fn credit(&mut self, sides: usize, delta: &[i32]) {
        for (score, d) in self.scores.iter_mut().zip(delta).take(sides) {
            *score += d;
        }
    }

    /// All fives: the first to the target wins at once, even mid-hand.
    /// `live` is what the hand has credited so far, by side.
    pub(crate) fn reached_target_in_play(
        &mut self,
        rules: &Rules,
        counts: impl FnOnce() -> [u32; MAX_PLAYERS],
        live: &[i32; MAX_PLAYERS],
    ) -> Option<HandResult> {
        if !matches!(rules.win(), MatchWin::Target { in_play: true, .. }) {
            return None;
        }
        let side = (0..rules.sides()).find(|&s| self.scores[s] >= rules.target())?;
        let n = rules.players() as usize;
        // Counted only now: this runs after every scoring play.
        let counts = counts();
        self.winner = Some(Winner::Side(side));
        Some(HandResult {
            winner: Some(Side { side }),
            reason: EndReason::Target,
            seat: Some(side as u8),
            counts: PerSeat::from_slice(&counts[..n]),
            points: PerSeat::from_slice(&live[..rules.sides()]),
            notes: Notes::default(),
        })
    }

    /// Settle a finished hand into the score; `live` is what was already
    /// credited during play, by side. The match may be over after it
    /// ([`Tally::winner`]).
    pub(crate) fn finish(
        &mut self,
        rules: &Rules,
        summary: &HandSummary,
        hand_number: u32,
        live: &[i32; MAX_PLAYERS],
    ) -> HandResult {
        let mut result = settle_summary(rules, summary, hand_number);
        let winner = if rules.is_six_love() {
            self.settle_love(rules, &mut result)
        } else {
            for (s, l) in live.iter().enumerate().take(rules.sides()) {
                self.scores[s] += result.points[s] - l;
            }
            match rules.win() {
                MatchWin::Hands { count } => self.hands_winner(rules, hand_number, count),
                _ => self.points_winner(rules, &mut result),
            }
        };
        self.winner = winner;
        result
    }

    /// Six-love scoring: the winner's stake, resets, play-offs and tie replays.
    fn settle_love(&mut self, rules: &Rules, result: &mut HandResult) -> Option<Winner> {
        let sides = rules.sides();
        let Some(w) = result
            .winner
            .map(|s| s.side)
            .filter(|_| result.seat.is_some())
        else {
            result.notes.push(Note::Tie);
            if rules.tie_replays() && !self.playoff {
                self.stake += 1;
                result.notes.push(Note::Replay);
            }
            return None;
        };
        let key = result.notes.contains(Note::KeyTile);
        let pts = self.stake + i32::from(key);
        self.stake = 1;
        result.points[w] = pts;
        if self.playoff {
            self.playoff = false;
            self.scores[..sides].fill(0);
            self.scores[w] = 2;
            result.notes.push(Note::Playoff);
        } else if rules.partners() {
            let l = 1 - w;
            if self.scores[w] == 0 && self.scores[l] > 0 {
                if rules.playoff() && self.scores[l] == 1 && pts == 1 {
                    self.scores[w] = 1;
                    self.playoff = true;
                    result.notes.push(Note::PlayoffNext);
                } else {
                    self.scores[..sides].fill(0);
                    result.notes.push(Note::Reset);
                }
            } else {
                self.scores[w] += pts;
            }
        } else {
            self.scores[w] += pts;
            if self.scores[..sides].iter().all(|&s| s > 0) {
                self.scores[..sides].fill(0);
                result.notes.push(Note::Reset);
            }
        }
        let others_zero = (0..sides).any(|s| s != w && self.scores[s] == 0);
        if self.scores[w] >= rules.love_goal() && others_zero {
            result.notes.push(if rules.love_goal() == 4 {
                Note::FourLove
            } else {
                Note::SixLove
            });
            return Some(Winner::Side(w));
        }
        None
    }

    /// The trains family: after the last hand the lowest total wins; equal
    /// lowest totals share the win, which no single side holds.
    fn hands_winner(&self, rules: &Rules, hand_number: u32, count: u8) -> Option<Winner> {
        if hand_number < u32::from(count) {
            return None;
        }
        let scores = &self.scores[..rules.sides()];
        let low = scores.iter().copied().min()?;
        let mut lowest = (0..scores.len()).filter(|&s| scores[s] == low);
        match (lowest.next(), lowest.next()) {
            (Some(side), None) => Some(Winner::Side(side)),
            _ => Some(Winner::Nobody),
        }
    }

    fn points_winner(&mut self, rules: &Rules, result: &mut HandResult) -> Option<Winner> {
        let sides = rules.sides();
        let scores = &self.scores[..sides];
        if !scores.iter().any(|&s| s >= rules.target()) {
            return None;
        }
        let best = |want_low: bool| -> Option<usize> {
            let key = |s: &usize| if want_low { -scores[*s] } else { scores[*s] };
            let top = (0..sides).max_by_key(key)?;
            let n = (0..sides).filter(|s| key(s) == key(&top)).count();
            (n == 1).then_some(top)
        };
        let w = best(rules.low_score_wins())?;
        if rules.skunk() != Skunk::Off {
            let l = 1 - w;
            if self.scores[l] < rules.skunk_below() {
                // The skunk moves the match score only: the hand's points
                // stay what the hand made.
                result.notes.push(Note::Skunk);
                let (points, games) = match rules.skunk() {
                    Skunk::Points(p) => (p, 1),
                    _ => (0, 2),
                };
                self.scores[w] += points;
                self.skunk = Some(SkunkReport {
                    side: l,
                    points,
                    games,
                });
            }
        }
        Some(Winner::Side(w))
    }
}
