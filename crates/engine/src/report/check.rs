//! A report checked against the rules into a [`HandSummary`], and a
//! played hand written as a report.

use crate::behaviour::{EndCount, MatchWin, Settle};
use crate::deal::MAX_PLAYERS;
use crate::hand::Hand;
use crate::rules::Rules;

use super::bounds::{act_max, check_held, check_points, check_target, check_zeros, Held};
use super::{ActKind, HandReport, HandSummary, ReportError, SummaryEnd, TableAct};

pub(super) fn play_points_in(rules: &Rules) -> bool {
    rules.scores_ends() || rules.pass_points() > 0
}

pub(super) fn fives_only(rules: &Rules) -> bool {
    rules.ends() == EndCount::Fives && rules.pass_points() == 0
}

impl HandReport {
    /// What a player would report of a played, finished hand (or one
    /// stopped by a target reached in play): the game's own terms only.
    pub fn of(hand: &Hand) -> HandReport {
        let rules = *hand.rules();
        let n = rules.players() as usize;
        let s = HandSummary::of(hand);
        let mut r = HandReport {
            counts: s.counts[..n].to_vec(),
            ..HandReport::default()
        };
        for seat in 0..rules.players() {
            if hand.is_out(seat) {
                r.dominoed.push(seat);
            }
        }
        if let Some(SummaryEnd::Domino {
            seat,
            double,
            key_tile,
            capicu,
            chuchazo,
        }) = s.end
        {
            r.dominoed.retain(|&x| x != seat);
            r.dominoed.push(seat);
            r.double = double && rules.settle() == Settle::OwnPipsDoubled;
            r.key_tile = key_tile && rules.key_tile();
            r.capicu = capicu && rules.settle() == Settle::AllPips;
            r.chuchazo = chuchazo && rules.settle() == Settle::AllPips;
        }
        if rules.settle() == Settle::OwnPipsDoubled {
            r.doubles = (0..rules.players())
                .filter(|&x| s.holds_double[x as usize])
                .collect();
        }
        if s.points[..rules.sides()].iter().any(|&p| p != 0) {
            r.points = s.points[..rules.sides()].to_vec();
        }
        for seat in 0..rules.players() {
            let i = seat as usize;
            for (times, act) in [
                (hand.three_passes()[i], ActKind::ThreePasses),
                (hand.board_passes_by()[i], ActKind::BoardPass),
            ] {
                for _ in 0..times {
                    r.acts.push(TableAct {
                        seat,
                        act,
                        points: 0,
                    });
                }
            }
        }
        r
    }

    /// Check the report against the rules and turn it into the summary the
    /// engine settles; `scores` is the match score before the hand (for a
    /// target reached during play). Nothing is changed on error.
    pub fn check(&self, rules: &Rules, scores: &[i32]) -> Result<HandSummary, ReportError> {
        self.check_as(rules, scores, true)
    }

    /// As [`HandReport::check`], but without asking whether a deal could
    /// produce the report: for hands accepted when they were entered
    /// (stored sheets, and the hands before one taken back), which an
    /// older, looser check may have let through.
    pub fn check_entered(&self, rules: &Rules, scores: &[i32]) -> Result<HandSummary, ReportError> {
        self.check_as(rules, scores, false)
    }

    fn check_as(
        &self,
        rules: &Rules,
        scores: &[i32],
        deal: bool,
    ) -> Result<HandSummary, ReportError> {
        let players = rules.players();
        let n = players as usize;
        let sides = rules.sides();
        let seat_ok = |seat: u8| {
            if seat < players {
                Ok(())
            } else {
                Err(ReportError::NoSuchSeat { seat, players })
            }
        };
        if self.counts.len() != n {
            return Err(ReportError::CountsLength {
                players,
                got: self.counts.len(),
            });
        }
        let max = rules.count(rules.tiles());
        let mut counts = [0u32; MAX_PLAYERS];
        for (c, &v) in counts.iter_mut().zip(&self.counts) {
            if v > max {
                return Err(ReportError::CountTooHigh { count: v, max });
            }
            *c = v;
        }
        let total: u32 = counts.iter().sum();
        if total > max {
            return Err(ReportError::CountsTooHigh { total, max });
        }

        // Who went out.
        for (i, &seat) in self.dominoed.iter().enumerate() {
            seat_ok(seat)?;
            if self.dominoed[..i].contains(&seat) {
                return Err(ReportError::Repeated(seat));
            }
            if counts[seat as usize] != 0 {
                return Err(ReportError::DominoCount {
                    seat,
                    count: counts[seat as usize],
                });
            }
        }
        let both_out = rules.both_partners_out() && rules.partners();
        let out_seat = match (self.dominoed.as_slice(), both_out) {
            ([], _) => None,
            ([seat], false) => Some(*seat),
            ([first, second, ..], false) => {
                return Err(ReportError::TwoDominoes {
                    first: *first,
                    second: *second,
                })
            }
            // Both partners out: the hand ends when the second of a pair
            // goes out, so a pair can only be completed by the last seat
            // listed; with no pair out, the hand was blocked.
            (out, true) => {
                let pair_at = |i: usize| out[..i].iter().any(|&s| rules.same_side(s, out[i]));
                if let Some(i) = (0..out.len()).find(|&i| pair_at(i)) {
                    if i + 1 != out.len() {
                        return Err(ReportError::OutAfterEnd {
                            seat: out[i + 1],
                            first: out[..i]
                                .iter()
                                .copied()
                                .find(|&s| rules.same_side(s, out[i]))
                                .unwrap_or(out[i]),
                            second: out[i],
                        });
                    }
                    Some(out[i])
                } else {
                    None
                }
            }
        };

        // What the last tile was.
        let flag = |on: bool, applies: bool, name: &'static str| -> Result<bool, ReportError> {
            if !on {
                return Ok(false);
            }
            if !applies {
                return Err(ReportError::NotInGame(name));
            }
            if out_seat.is_none() {
                return Err(ReportError::NeedsDomino(name));
            }
            Ok(true)
        };
        let french = rules.settle() == Settle::OwnPipsDoubled;
        let all_pips = rules.settle() == Settle::AllPips;
        let double = flag(self.double, french, "a double out")?;
        let key_tile = flag(self.key_tile, rules.key_tile(), "the key tile")?;
        let capicu = flag(self.capicu, all_pips, "capicú")?;
        let chuchazo = flag(self.chuchazo, all_pips, "chuchazo")?;
        if capicu && chuchazo {
            return Err(ReportError::CapicuChuchazo);
        }
        let end = Some(match out_seat {
            Some(seat) => SummaryEnd::Domino {
                seat,
                double: double || chuchazo,
                key_tile,
                capicu,
                chuchazo,
            },
            None => SummaryEnd::Blocked,
        });

        // Doubles still held.
        let mut holds_double = [false; MAX_PLAYERS];
        if !self.doubles.is_empty() && !french {
            return Err(ReportError::NotInGame("holding a double"));
        }
        for &seat in &self.doubles {
            seat_ok(seat)?;
            if holds_double[seat as usize] {
                return Err(ReportError::Repeated(seat));
            }
            if out_seat == Some(seat) {
                return Err(ReportError::DominoHoldsDouble(seat));
            }
            holds_double[seat as usize] = true;
        }

        // Some deal must leave these hands.
        if deal {
            check_zeros(rules, &counts[..n], &self.dominoed)?;
            check_held(
                rules,
                &Held {
                    counts: &counts[..n],
                    out: &self.dominoed,
                    doubles: french.then_some(&holds_double),
                    domino: out_seat.is_some(),
                    last_double: double,
                    chuchazo,
                },
            )?;
        }

        // Points made during play.
        let mut points = [0i32; MAX_PLAYERS];
        if !self.points.is_empty() {
            if !play_points_in(rules) {
                if self.points.iter().any(|&p| p != 0) {
                    return Err(ReportError::NoPlayPoints);
                }
            } else if self.points.len() != sides {
                if self.points.len() > sides {
                    return Err(ReportError::NoSuchSide {
                        side: self.points.len() - 1,
                        sides,
                    });
                }
                return Err(ReportError::PointsLength {
                    sides,
                    got: self.points.len(),
                });
            }
            for (side, &p) in self.points.iter().enumerate().take(sides) {
                if p < 0 {
                    return Err(ReportError::NegativePoints(p));
                }
                if fives_only(rules) && p % 5 != 0 {
                    return Err(ReportError::NotFives(p));
                }
                points[side] = p;
            }
            if deal {
                check_points(rules, &points[..sides], self.dominoed.len())?;
            }
        }

        // Penalised acts.
        let mut penalties = [0i32; MAX_PLAYERS];
        let mut cancelled = [0i32; MAX_PLAYERS];
        let mut board_passes = 0u8;
        for a in &self.acts {
            seat_ok(a.seat)?;
            if !a.act.in_game(rules) {
                return Err(ReportError::ActNotInGame { act: a.act });
            }
            match a.act {
                ActKind::BoardPass => {
                    board_passes = board_passes.saturating_add(1);
                    for s in (0..players).filter(|&s| s != a.seat) {
                        penalties[s as usize] += 10;
                    }
                }
                ActKind::ThreePasses | ActKind::PassedWhenAble | ActKind::WrongPlay => {
                    penalties[a.seat as usize] += 10;
                }
                ActKind::OverDraw | ActKind::BoneyardTrip | ActKind::Exposed => {
                    if a.points <= 0 {
                        return Err(ReportError::ActPoints { act: a.act });
                    }
                    let max = act_max(rules);
                    if deal && a.act != ActKind::BoneyardTrip && a.points > max {
                        return Err(ReportError::ActPointsTooHigh {
                            act: a.act,
                            points: a.points,
                            max,
                        });
                    }
                    cancelled[rules.side_of(a.seat)] += a.points;
                }
            }
        }
        for side in 0..sides {
            if cancelled[side] > points[side] {
                return Err(ReportError::CancelsTooMuch {
                    side,
                    cancelled: cancelled[side],
                    made: points[side],
                });
            }
            points[side] -= cancelled[side];
        }
        if deal {
            check_target(rules, &points[..sides], scores)?;
        }

        let summary = HandSummary {
            end,
            counts,
            holds_double,
            points,
            penalties,
            board_passes,
        };
        // A target reached during play stops the hand at once: only one
        // side can get there.
        if let MatchWin::Target { in_play: true, .. } = rules.win() {
            let play = summary.play_points(rules);
            let reached: Vec<usize> = (0..sides)
                .filter(|&s| scores.get(s).copied().unwrap_or(0) + play[s] >= rules.target())
                .collect();
            if let [first, second, ..] = reached[..] {
                return Err(ReportError::BothReachTarget { first, second });
            }
        }
        Ok(summary)
    }
}
