//! The summary of a finished hand that the settling reads.

use crate::behaviour::Settle;
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

impl SummaryEnd {
    /// How a hand that ended so is settled.
    #[inline]
    pub fn of(ending: Ending) -> SummaryEnd {
        match ending {
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
        }
    }
}

/// Everything the settling of a hand reads: the engine builds it from a
/// played [`Hand`], the scorekeeper from a checked [`HandReport`](crate::HandReport).
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
    #[inline]
    pub fn of(hand: &Hand) -> HandSummary {
        let rules = hand.rules();
        let (points, penalties) = hand.points_and_penalties();
        let mut sum = HandSummary {
            end: hand.ending().map(SummaryEnd::of),
            counts: [0; MAX_PLAYERS],
            holds_double: [false; MAX_PLAYERS],
            points,
            penalties,
            board_passes: hand.board_passes(),
        };
        for s in 0..rules.players() {
            sum.hold(rules, s as usize, hand.hand(s));
        }
        sum
    }

    /// This summary once the hand has ended in `end` with the seats holding
    /// `hands`, in seat order: how a search that plays hands out without a
    /// [`Hand`] settles its leaves.
    #[inline]
    pub fn ended(
        mut self,
        rules: &Rules,
        end: Ending,
        hands: impl Iterator<Item = TileSet>,
    ) -> HandSummary {
        for (seat, tiles) in hands.enumerate() {
            self.hold(rules, seat, tiles);
        }
        self.end = Some(SummaryEnd::of(end));
        self
    }

    /// `seat` holds `tiles` at the end: its count and, where the game
    /// doubles it for a double held, whether it holds one.
    #[inline]
    fn hold(&mut self, rules: &Rules, seat: usize, tiles: TileSet) {
        self.counts[seat] = rules.count(tiles);
        // Only French doubles a count for a double held: playouts settle
        // millions of hands, so the others skip the look.
        if rules.settle() == Settle::OwnPipsDoubled {
            self.holds_double[seat] = !(tiles & TileSet::DOUBLES).is_empty();
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
        for (seat, &v) in penalties.iter().enumerate().take(rules.players() as usize) {
            p[rules.side_of(seat as u8)] += v;
        }
    }
    p
}
