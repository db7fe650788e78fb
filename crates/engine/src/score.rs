//! Settling a finished hand: who won, each seat's count, and the points of
//! the points games. Six-love games turn the winner into match points in
//! [`crate::Match`], because their value depends on the match state.

use crate::behaviour::Settle;
use crate::deal::MAX_PLAYERS;
use crate::hand::Hand;
use crate::report::{HandSummary, SummaryEnd};
use crate::result::{EndReason, HandResult, Note, Notes, PerSeat, Side};
use crate::rules::{Blocked, Rules, Scoring};

pub use crate::behaviour::round5;

/// Winner of a finished hand: side and the seat that acts for it.
pub fn winner(rules: &Rules, hand: &Hand) -> (Option<usize>, Option<u8>) {
    winner_of(rules, &HandSummary::of(hand))
}

/// Winner of a summarised hand: side and the seat that acts for it.
pub fn winner_of(rules: &Rules, summary: &HandSummary) -> (Option<usize>, Option<u8>) {
    let n = rules.players() as usize;
    let counts = &summary.counts;
    match summary.end {
        Some(SummaryEnd::Domino { seat, .. }) => (Some(rules.side_of(seat)), Some(seat)),
        None => (None, None),
        Some(SummaryEnd::Blocked) => {
            let team_totals = rules.partners() && rules.blocked() == Blocked::TeamTotal;
            if team_totals {
                let t = [counts[0] + counts[2], counts[1] + counts[3]];
                if t[0] == t[1] {
                    return (None, None);
                }
                let side = if t[0] < t[1] { 0 } else { 1 };
                let (a, b) = (side as u8, side as u8 + 2);
                let seat = if counts[b as usize] < counts[a as usize] {
                    b
                } else {
                    a
                };
                return (Some(side), Some(seat));
            }
            let min = counts[..n].iter().copied().min().unwrap_or(0);
            let first = (0..n as u8)
                .find(|&s| counts[s as usize] == min)
                .unwrap_or(0);
            let side = rules.side_of(first);
            let shared =
                (0..n as u8).any(|s| counts[s as usize] == min && rules.side_of(s) != side);
            if shared {
                (None, None)
            } else {
                (Some(side), Some(first))
            }
        }
    }
}

/// Settle a finished hand of a points game (the six-love games get the
/// winner only; their points come from the match state).
pub fn settle(rules: &Rules, hand: &Hand, hand_number: u32) -> HandResult {
    settle_summary(rules, &HandSummary::of(hand), hand_number)
}

/// Settle a hand from its summary: the one scoring both played hands and
/// the scorekeeper's reported hands go through.
#[inline]
pub fn settle_summary(rules: &Rules, summary: &HandSummary, hand_number: u32) -> HandResult {
    let n = rules.players() as usize;
    let sides = rules.sides();
    let counts = summary.counts;
    let (win, seat) = winner_of(rules, summary);
    let reason = match summary.end {
        Some(SummaryEnd::Blocked) => EndReason::Blocked,
        _ => EndReason::Domino,
    };
    let mut notes = Notes::default();
    let mut points = PerSeat::from_array(summary.play_points(rules), sides);
    let domino = match summary.end {
        Some(SummaryEnd::Domino {
            seat,
            double,
            key_tile,
            capicu,
            chuchazo,
        }) => Some((seat, double, key_tile, capicu, chuchazo)),
        _ => None,
    };
    if let Some((_, _, key, _, _)) = domino {
        if key && rules.key_tile() {
            notes.push(Note::KeyTile);
        }
    }
    // Pip totals by side, for the games that pay the losers' pips.
    let mut side_counts = [0i32; MAX_PLAYERS];
    if rules.partners() {
        for (s, &c) in counts.iter().enumerate().take(n) {
            side_counts[rules.side_of(s as u8)] += c as i32;
        }
    } else {
        // One side a seat: the counts themselves.
        for (s, (side, &c)) in side_counts.iter_mut().zip(&counts).enumerate() {
            *side = if s < n { c as i32 } else { 0 };
        }
    }
    let total: i32 = side_counts[..sides].iter().sum();
    match rules.settle() {
        Settle::Love => {}
        Settle::AllPips => {
            if let (Some(w), Some(ws)) = (win, seat) {
                points[w] += match domino {
                    Some(_) => total - counts[ws as usize] as i32,
                    None => total,
                };
                // The notes say what happened; `premiums` decides the points.
                let premium = |p: i32| if rules.premiums() { p } else { 0 };
                let hand_premium = match hand_number {
                    1 => 20,
                    2 => 10,
                    _ => 0,
                };
                if rules.premiums() && hand_premium > 0 {
                    points[w] += hand_premium;
                    notes.push(Note::HandPremium);
                }
                if let Some((_, _, _, capicu, chuchazo)) = domino {
                    if capicu {
                        points[w] += premium(20);
                        notes.push(Note::Capicu);
                    }
                    if chuchazo {
                        points[w] += premium(20);
                        notes.push(Note::Chuchazo);
                    }
                }
            }
        }
        Settle::LosersPips => {
            if let Some(w) = win {
                points[w] += match rules.scoring() {
                    Scoring::Hand => 1,
                    Scoring::Spots => {
                        let losers: i32 =
                            (0..sides).filter(|&s| s != w).map(|s| side_counts[s]).sum();
                        match reason {
                            EndReason::Blocked => losers - (sides as i32 - 1) * side_counts[w],
                            _ => losers,
                        }
                    }
                };
            }
        }
        Settle::OwnPipsDoubled => {
            let double_out = domino.is_some_and(|(_, d, ..)| d);
            for s in 0..n {
                let mut p = counts[s] as i32;
                if domino.is_some_and(|(ws, ..)| ws as usize == s) {
                    p = 0;
                }
                if summary.holds_double[s] {
                    p *= 2;
                }
                if double_out && domino.is_some_and(|(ws, ..)| ws as usize != s) {
                    p *= 2;
                }
                points[s] += p;
            }
            if summary.board_passes > 0 {
                notes.push(Note::BoardPass);
            }
            if double_out {
                notes.push(Note::DoubleOut);
            }
        }
        Settle::OwnPips => {
            for (p, &c) in points.iter_mut().zip(&counts).take(n) {
                *p += c as i32;
            }
        }
        Settle::FivesBonus => {
            if let Some(w) = win {
                let wc = side_counts[w];
                let bonus: i32 = (0..sides)
                    .filter(|&s| s != w)
                    .map(|s| rules.ends().pips_bonus(side_counts[s] - wc))
                    .sum();
                points[w] += bonus;
            }
        }
    }
    HandResult {
        winner: win.map(|side| Side { side }),
        reason,
        seat,
        counts: PerSeat::from_array(counts, n),
        points,
        notes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round5_goes_down_on_1_and_2_and_up_on_3_and_4() {
        assert_eq!(round5(8), 10);
        assert_eq!(round5(3), 5);
        assert_eq!(round5(2), 0);
        assert_eq!(round5(17), 15);
        assert_eq!(round5(18), 20);
        assert_eq!(round5(0), 0);
    }
}
