//! A finished hand as the players at a real table report it, checked
//! against the rules: the scorekeeper's input. A checked report becomes a
//! [`HandSummary`], the same value the engine settles its own hands from
//! (`score::settle_summary`), so both paths share one scoring.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::behaviour::{EndCount, MatchWin, Settle};
use crate::deal::MAX_PLAYERS;
use crate::hand::{Ending, Hand};
use crate::rules::Rules;
use crate::tile::TileSet;

/// How a hand ended, as the settling needs it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SummaryEnd {
    /// `seat` went out (for both-partners-out, the second partner). The
    /// flags say what the last tile was, where the game scores it.
    Domino {
        seat: u8,
        /// The last tile was a double (French).
        double: bool,
        /// The last tile was the key tile between two hard ends (Jamaica).
        key_tile: bool,
        /// The last tile could have gone on either end (Puerto Rico).
        capicu: bool,
        /// The last tile was the double blank (Puerto Rico).
        chuchazo: bool,
    },
    /// Nobody could play or draw.
    Blocked,
}

/// Everything the settling of a hand reads: the engine builds it from a
/// played [`Hand`], the scorekeeper from a checked [`HandReport`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HandSummary {
    /// `None` while the hand is still being played.
    pub end: Option<SummaryEnd>,
    /// Pips still held, by seat.
    pub counts: [u32; MAX_PLAYERS],
    /// Whether each seat still holds a double (French doubling).
    pub holds_double: [bool; MAX_PLAYERS],
    /// Points made during play, by side.
    pub points: [i32; MAX_PLAYERS],
    /// Penalty points charged during play, by seat.
    pub penalties: [i32; MAX_PLAYERS],
    /// Board passes this hand (French).
    pub board_passes: u8,
}

impl HandSummary {
    /// The summary of a played hand.
    pub fn of(hand: &Hand) -> HandSummary {
        let rules = hand.rules();
        let n = rules.players as usize;
        let end = hand.ending().map(|e| match e {
            Ending::Domino {
                seat,
                tile,
                key_tile,
                capicu,
            } => SummaryEnd::Domino {
                seat,
                double: tile.is_double(),
                key_tile,
                capicu,
                chuchazo: tile.high() == 0,
            },
            Ending::Blocked => SummaryEnd::Blocked,
        });
        let mut holds_double = [false; MAX_PLAYERS];
        // Only French doubles a count for a double held: playouts settle
        // millions of hands, so the others skip the look.
        if rules.settle == Settle::OwnPipsDoubled {
            for (s, h) in holds_double.iter_mut().enumerate().take(n) {
                *h = !(hand.hand(s as u8) & TileSet::DOUBLES).is_empty();
            }
        }
        let mut points = [0; MAX_PLAYERS];
        points[..rules.sides()].copy_from_slice(hand.points());
        let mut penalties = [0; MAX_PLAYERS];
        penalties[..n].copy_from_slice(hand.penalties());
        HandSummary {
            end,
            counts: hand.counts(),
            holds_double,
            points,
            penalties,
            board_passes: hand.board_passes(),
        }
    }

    /// Points made during play by side, penalties included: what moves
    /// into the match score before the hand is settled.
    pub fn play_points(&self, rules: &Rules) -> [i32; MAX_PLAYERS] {
        play_points(rules, &self.points, &self.penalties)
    }
}

/// Points by side plus penalties by seat, summed by side.
pub(crate) fn play_points(rules: &Rules, points: &[i32], penalties: &[i32]) -> [i32; MAX_PLAYERS] {
    let mut p = [0; MAX_PLAYERS];
    for (p, &v) in p.iter_mut().zip(points).take(rules.sides()) {
        *p = v;
    }
    // Most games charge no penalties: skip the sides' lookups.
    if penalties.iter().any(|&v| v != 0) {
        for (seat, &v) in penalties.iter().enumerate().take(rules.players as usize) {
            p[rules.side_of(seat as u8)] += v;
        }
    }
    p
}

/// An act at a physical table that the sources penalise; engine-run play
/// makes them impossible, so only the scorekeeper knows them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActKind {
    /// French: three passes in a row cost the passer 10.
    ThreePasses,
    /// French: the seat's play went round the table unanswered, and each
    /// of the others pays 10.
    BoardPass,
    /// French: passing while able to play costs 10.
    PassedWhenAble,
    /// French: a wrong play costs 10.
    WrongPlay,
    /// Club fives: an over-draw; the seat may not score on its first play
    /// (`points` says what that play would have made).
    OverDraw,
    /// Club fives: a trip to the boneyard while holding a playable tile;
    /// no scoring for the rest of the hand (`points`: what was lost).
    BoneyardTrip,
    /// Club fives under the alternate rule: a domino exposed after the
    /// deal may not score (`points`: what it would have made).
    Exposed,
}

impl ActKind {
    /// Whether the game penalises this act: the French acts where passes
    /// are penalised, the club acts in two-player club fives.
    pub fn in_game(self, rules: &Rules) -> bool {
        match self {
            ActKind::ThreePasses
            | ActKind::BoardPass
            | ActKind::PassedWhenAble
            | ActKind::WrongPlay => rules.pass_penalties,
            ActKind::OverDraw | ActKind::BoneyardTrip | ActKind::Exposed => {
                rules.ends == EndCount::OnePerFive && !rules.partners
            }
        }
    }
}

/// A penalised act by one seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableAct {
    pub seat: u8,
    pub act: ActKind,
    /// Club fives: the points the act cancels (already counted in the
    /// report's `points`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub points: i32,
}

fn is_zero(p: &i32) -> bool {
    *p == 0
}

/// A finished hand as a player at the table reports it, in the game's own
/// terms. Fields a game does not use stay empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandReport {
    /// Who went out: one seat, or (both partners out) the two partners in
    /// the order they went out; one partner out and then blocked lists
    /// him alone. Empty: blocked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dominoed: Vec<u8>,
    /// Each seat's pip count at the end of the hand.
    pub counts: Vec<u32>,
    /// French: the seats still holding a double.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub doubles: Vec<u8>,
    /// Points made during play, by side (end counts, the Puerto Rican pass
    /// bonus). Empty: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<i32>,
    /// French: the last tile was a double.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub double: bool,
    /// Jamaican: the last tile was the key tile.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub key_tile: bool,
    /// Puerto Rican: capicú.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub capicu: bool,
    /// Puerto Rican: chuchazo (went out with the double blank).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chuchazo: bool,
    /// Penalised acts at the table.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub acts: Vec<TableAct>,
}

/// Why a hand report was refused. The messages say what to change.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReportError {
    #[error("there is no seat {seat}: this game has {players} players (seats 0 to {last})", last = players - 1)]
    NoSuchSeat { seat: u8, players: u8 },
    #[error("there is no side {side}: this game has {sides} sides")]
    NoSuchSide { side: usize, sides: usize },
    #[error("give {players} counts, one per player, not {got}")]
    CountsLength { players: u8, got: usize },
    #[error("give the points of the {sides} sides, not {got} numbers")]
    PointsLength { sides: usize, got: usize },
    #[error("seats {first} and {second} cannot both have dominoed: only one player goes out")]
    TwoDominoes { first: u8, second: u8 },
    #[error("seat {0} is listed twice")]
    Repeated(u8),
    #[error("the hand ended when partners {first} and {second} were both out, so seat {seat} cannot have gone out after")]
    OutAfterEnd { seat: u8, first: u8, second: u8 },
    #[error("seat {seat} dominoed, so its count is 0, not {count}")]
    DominoCount { seat: u8, count: u32 },
    #[error("a count of {count} is impossible: the whole set holds {max} pips")]
    CountTooHigh { count: u32, max: u32 },
    #[error("the counts add up to {total}, more than the {max} pips of the whole set")]
    CountsTooHigh { total: u32, max: u32 },
    #[error("points cannot be negative ({0})")]
    NegativePoints(i32),
    #[error("this game scores nothing during play: leave the points empty")]
    NoPlayPoints,
    #[error("all fives scores multiples of 5 during play, not {0}")]
    NotFives(i32),
    #[error("{0} is not scored in this game")]
    NotInGame(&'static str),
    #[error("{0} needs somebody to have dominoed")]
    NeedsDomino(&'static str),
    #[error("capicú and chuchazo cannot both be: the double blank fits one end only")]
    CapicuChuchazo,
    #[error("seat {0} dominoed, so it holds no double")]
    DominoHoldsDouble(u8),
    #[error("the act {act:?} is not penalised in this game")]
    ActNotInGame { act: ActKind },
    #[error("the act {act:?} cancels points: say how many (1 or more)")]
    ActPoints { act: ActKind },
    #[error("the acts cancel {cancelled} points of side {side}, which made only {made}")]
    CancelsTooMuch {
        side: usize,
        cancelled: i32,
        made: i32,
    },
    #[error("side {first} and side {second} cannot both reach the target during play: the hand stops at the first")]
    BothReachTarget { first: usize, second: usize },
    #[error("the match is over: start a new sheet")]
    MatchOver,
    #[error("there is no hand to undo")]
    NothingToUndo,
}

/// Which parts of a [`HandReport`] a game uses, for a form that asks
/// only those: the same tests [`HandReport::check`] applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReportFields {
    pub players: u8,
    pub sides: usize,
    pub partners: bool,
    /// Both partners go out (two seats in `dominoed`).
    pub both_partners_out: bool,
    /// The most pips the whole set holds (a count's upper bound).
    pub max_count: u32,
    /// Points are made during play (`points`, by side).
    pub play_points: bool,
    /// Those points come in multiples of 5.
    pub fives: bool,
    /// French: the doubles still held, and whether the last tile was one.
    pub doubles: bool,
    pub key_tile: bool,
    pub capicu: bool,
    pub chuchazo: bool,
    /// The table acts this game penalises.
    pub acts: Vec<ActKind>,
}

impl ReportFields {
    pub fn of(rules: &Rules) -> ReportFields {
        let french = rules.settle == Settle::OwnPipsDoubled;
        let all_pips = rules.settle == Settle::AllPips;
        let acts = [
            ActKind::ThreePasses,
            ActKind::BoardPass,
            ActKind::PassedWhenAble,
            ActKind::WrongPlay,
            ActKind::OverDraw,
            ActKind::BoneyardTrip,
            ActKind::Exposed,
        ]
        .into_iter()
        .filter(|&a| a.in_game(rules))
        .collect();
        ReportFields {
            players: rules.players,
            sides: rules.sides(),
            partners: rules.partners,
            both_partners_out: rules.both_partners_out && rules.partners,
            max_count: rules.count(rules.tiles()),
            play_points: play_points_in(rules),
            fives: fives_only(rules),
            doubles: french,
            key_tile: rules.key_tile,
            capicu: all_pips,
            chuchazo: all_pips,
            acts,
        }
    }
}

fn play_points_in(rules: &Rules) -> bool {
    rules.scores_ends() || rules.pass_points > 0
}

fn fives_only(rules: &Rules) -> bool {
    rules.ends == EndCount::Fives && rules.pass_points == 0
}

impl HandReport {
    /// What a player would report of a played, finished hand (or one
    /// stopped by a target reached in play): the game's own terms only.
    pub fn of(hand: &Hand) -> HandReport {
        let rules = *hand.rules();
        let n = rules.players as usize;
        let s = HandSummary::of(hand);
        let mut r = HandReport {
            counts: s.counts[..n].to_vec(),
            ..HandReport::default()
        };
        for seat in 0..rules.players {
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
            r.double = double && rules.settle == Settle::OwnPipsDoubled;
            r.key_tile = key_tile && rules.key_tile;
            r.capicu = capicu && rules.settle == Settle::AllPips;
            r.chuchazo = chuchazo && rules.settle == Settle::AllPips;
        }
        if rules.settle == Settle::OwnPipsDoubled {
            r.doubles = (0..rules.players)
                .filter(|&x| s.holds_double[x as usize])
                .collect();
        }
        if s.points[..rules.sides()].iter().any(|&p| p != 0) {
            r.points = s.points[..rules.sides()].to_vec();
        }
        for seat in 0..rules.players {
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
        let players = rules.players;
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
        let both_out = rules.both_partners_out && rules.partners;
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
        let french = rules.settle == Settle::OwnPipsDoubled;
        let all_pips = rules.settle == Settle::AllPips;
        let double = flag(self.double, french, "a double out")?;
        let key_tile = flag(self.key_tile, rules.key_tile, "the key tile")?;
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
        if let MatchWin::Target { in_play: true, .. } = rules.win {
            let play = summary.play_points(rules);
            let reached: Vec<usize> = (0..sides)
                .filter(|&s| scores.get(s).copied().unwrap_or(0) + play[s] >= rules.target)
                .collect();
            if let [first, second, ..] = reached[..] {
                return Err(ReportError::BothReachTarget { first, second });
            }
        }
        Ok(summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(preset: &str) -> Rules {
        Rules::preset(preset).expect("preset")
    }

    fn report(dominoed: &[u8], counts: &[u32]) -> HandReport {
        HandReport {
            dominoed: dominoed.to_vec(),
            counts: counts.to_vec(),
            ..HandReport::default()
        }
    }

    #[test]
    fn two_players_dominoing_is_refused() {
        let err = report(&[0, 1], &[0, 0, 12, 9])
            .check(&rules("jamaican"), &[0, 0])
            .unwrap_err();
        assert_eq!(
            err,
            ReportError::TwoDominoes {
                first: 0,
                second: 1
            }
        );
        assert!(err.to_string().contains("only one player goes out"));
    }

    #[test]
    fn both_partners_out_ends_the_hand_at_the_pair() {
        let spec = crate::RulesSpec {
            players: Some(4),
            options: serde_json::json!({"partners": true, "both_partners_out": true})
                .as_object()
                .cloned()
                .unwrap_or_default(),
            ..crate::RulesSpec::preset("block")
        };
        let block = spec.resolve().expect("rules");
        // One of each side out, then blocked.
        let s = report(&[1, 2], &[8, 0, 0, 4])
            .check(&block, &[0, 0])
            .expect("valid");
        assert_eq!(s.end, Some(SummaryEnd::Blocked));
        // A pair out: a domino by the second partner.
        let s = report(&[1, 2, 0], &[0, 0, 0, 4])
            .check(&block, &[0, 0])
            .expect("valid");
        assert!(matches!(s.end, Some(SummaryEnd::Domino { seat: 0, .. })));
        assert_eq!(
            report(&[0, 2, 1], &[0, 0, 0, 4])
                .check(&block, &[0, 0])
                .unwrap_err(),
            ReportError::OutAfterEnd {
                seat: 1,
                first: 0,
                second: 2
            }
        );
    }

    #[test]
    fn a_domino_with_pips_left_is_refused() {
        let err = report(&[2], &[5, 3, 4, 9])
            .check(&rules("jamaican"), &[0, 0])
            .unwrap_err();
        assert_eq!(err, ReportError::DominoCount { seat: 2, count: 4 });
    }

    #[test]
    fn counts_out_of_range_are_refused() {
        let r = rules("jamaican");
        let err = report(&[0], &[0, 200, 3, 4])
            .check(&r, &[0, 0])
            .unwrap_err();
        assert_eq!(
            err,
            ReportError::CountTooHigh {
                count: 200,
                max: 168
            }
        );
        let err = report(&[0], &[0, 100, 60, 40])
            .check(&r, &[0, 0])
            .unwrap_err();
        assert_eq!(
            err,
            ReportError::CountsTooHigh {
                total: 200,
                max: 168
            }
        );
        let err = report(&[], &[1, 2, 3]).check(&r, &[0, 0]).unwrap_err();
        assert_eq!(err, ReportError::CountsLength { players: 4, got: 3 });
    }

    #[test]
    fn a_seat_or_side_that_does_not_exist_is_refused() {
        let err = report(&[4], &[0, 1, 2, 3, 4])
            .check(&rules("jamaican"), &[0, 0])
            .unwrap_err();
        assert!(matches!(err, ReportError::CountsLength { .. }));
        let err = report(&[4], &[0, 1, 2, 3])
            .check(&rules("jamaican"), &[0, 0])
            .unwrap_err();
        assert_eq!(
            err,
            ReportError::NoSuchSeat {
                seat: 4,
                players: 4
            }
        );
        let mut r = report(&[0], &[0, 10]);
        r.points = vec![0, 5, 10];
        let err = r.check(&rules("all-fives"), &[0, 0]).unwrap_err();
        assert_eq!(err, ReportError::NoSuchSide { side: 2, sides: 2 });
    }

    #[test]
    fn terms_of_another_game_are_refused() {
        let mut r = report(&[0], &[0, 10, 5, 5]);
        r.capicu = true;
        assert_eq!(
            r.check(&rules("jamaican"), &[0, 0]).unwrap_err(),
            ReportError::NotInGame("capicú")
        );
        let mut r = report(&[0], &[0, 10, 5, 5]);
        r.points = vec![5, 0];
        assert_eq!(
            r.check(&rules("jamaican"), &[0, 0]).unwrap_err(),
            ReportError::NoPlayPoints
        );
        let mut r = report(&[0], &[0, 10]);
        r.acts = vec![TableAct {
            seat: 1,
            act: ActKind::WrongPlay,
            points: 0,
        }];
        assert_eq!(
            r.check(&rules("club-fives"), &[0, 0]).unwrap_err(),
            ReportError::ActNotInGame {
                act: ActKind::WrongPlay
            }
        );
    }

    #[test]
    fn capicu_needs_a_domino_and_not_the_double_blank() {
        let mut r = report(&[], &[3, 10, 5, 5]);
        r.capicu = true;
        assert_eq!(
            r.check(&rules("puerto-rican"), &[0, 0]).unwrap_err(),
            ReportError::NeedsDomino("capicú")
        );
        let mut r = report(&[1], &[3, 0, 5, 5]);
        r.capicu = true;
        r.chuchazo = true;
        assert_eq!(
            r.check(&rules("puerto-rican"), &[0, 0]).unwrap_err(),
            ReportError::CapicuChuchazo
        );
    }

    #[test]
    fn all_fives_points_come_in_fives_and_one_side_reaches_the_target() {
        let r4 = rules("all-fives");
        let mut r = report(&[0], &[0, 10]);
        r.points = vec![7, 0];
        assert_eq!(r.check(&r4, &[0, 0]).unwrap_err(), ReportError::NotFives(7));
        let mut r = report(&[0], &[0, 10]);
        r.points = vec![20, 30];
        assert_eq!(
            r.check(&r4, &[90, 80]).unwrap_err(),
            ReportError::BothReachTarget {
                first: 0,
                second: 1
            }
        );
        assert!(r.check(&r4, &[90, 10]).is_ok());
    }

    #[test]
    fn club_penalties_cancel_points_made() {
        let club = rules("club-fives");
        let mut r = report(&[0], &[0, 10]);
        r.points = vec![3, 1];
        r.acts = vec![TableAct {
            seat: 1,
            act: ActKind::BoneyardTrip,
            points: 2,
        }];
        assert_eq!(
            r.check(&club, &[0, 0]).unwrap_err(),
            ReportError::CancelsTooMuch {
                side: 1,
                cancelled: 2,
                made: 1
            }
        );
        r.acts[0].seat = 0;
        let s = r.check(&club, &[0, 0]).expect("valid");
        assert_eq!(&s.points[..2], &[1, 1]);
        r.acts[0].points = 0;
        assert_eq!(
            r.check(&club, &[0, 0]).unwrap_err(),
            ReportError::ActPoints {
                act: ActKind::BoneyardTrip
            }
        );
    }

    #[test]
    fn french_acts_cost_ten() {
        let french = rules("french");
        let mut r = report(&[0], &[0, 10, 6, 4]);
        r.acts = vec![
            TableAct {
                seat: 1,
                act: ActKind::PassedWhenAble,
                points: 0,
            },
            TableAct {
                seat: 2,
                act: ActKind::BoardPass,
                points: 0,
            },
        ];
        let s = r.check(&french, &[0, 0, 0, 0]).expect("valid");
        assert_eq!(&s.penalties[..4], &[10, 20, 0, 10]);
        assert_eq!(s.board_passes, 1);
        r.doubles = vec![0];
        assert_eq!(
            r.check(&french, &[0, 0, 0, 0]).unwrap_err(),
            ReportError::DominoHoldsDouble(0)
        );
    }
}
