//! The tiles on the table as chains with stable ids.
//!
//! The posed tile `a-b` starts chain 0 (showing `a`) and chain 1 (showing
//! `b`); spinner sides, French arms and chains opened by later doubles get the
//! next ids in the order they open. A chain only remembers what the rules need
//! (the number showing, its length, whether a double ends it), so a layout is
//! small and `Copy` for search; the full picture is rebuilt from the history.

use thiserror::Error;

use crate::rules::LayoutKind;
use crate::tile::{Tile, TileSet, SUITS64};

mod trains;

/// Most chains a layout can hold: a chicken foot's six-tile centre plus two
/// for each of the twelve other doubles of the double-twelve set (each
/// foot's three toes replace the one end it was played on).
pub const MAX_CHAINS: usize = 30;

/// `DOUBLE_BITS[n]`: the one-bit set of the double `n-n` (zero past
/// double-twelve); French gates every arm on it, in the playouts' hot path.
const DOUBLE_BITS: [u128; 16] = {
    let mut d = [0u128; 16];
    let mut n = 0;
    while n <= crate::tile::MAX_PIP {
        d[n as usize] = 1u128 << Tile::double(n).index();
        n += 1;
    }
    d
};

/// All ones if `b`, else zero.
#[inline(always)]
fn mask64(b: bool) -> u64 {
    u64::from(b).wrapping_neg()
}

/// All ones if `b`, else zero.
#[inline(always)]
fn mask128(b: bool) -> u128 {
    u128::from(b).wrapping_neg()
}

/// One line of tiles growing from the posed tile or a double.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Chain {
    /// The number showing at the open end.
    pub pips: u8,
    /// Tiles laid on this chain.
    pub len: u8,
    /// The open end is a double lying across, which counts both halves.
    pub double_end: bool,
    /// The chain starts at the posed tile's own half, which counts while empty
    /// (spinner sides and new chains count nothing until played on).
    pub counts_empty: bool,
}

/// Why a tile cannot go on a chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum PlaceError {
    #[error("there is no open end {0}")]
    NoSuchEnd(u8),
    #[error("the tile does not match end {end}, which shows {pips}")]
    NoMatch { end: u8, pips: u8 },
    #[error("the four sides of the first double must be played before end {0} grows")]
    CrossFirst(u8),
    #[error("end {end} shows {pips}: only {pips}-{pips} may go there until that double is down")]
    WaitsForDouble { end: u8, pips: u8 },
    #[error("end {0} is a short end of the set double: it opens once both long sides are played (crossing the T)")]
    NotCrossed(u8),
    #[error("a train grows only from its open end: train {end} ends in {pips}, and the tile does not match it")]
    TrainEnd { end: u8, pips: u8 },
    #[error("the double {pips}-{pips} on train {end} is not satisfied: it must be covered before any other play")]
    DoubleFirst { end: u8, pips: u8 },
    #[error(
        "the double {pips}-{pips} on train {end} can be covered only by a tile showing {pips}"
    )]
    DoubleUnmatched { end: u8, pips: u8 },
    #[error("the centre double takes its {0} tiles before anything else is played")]
    CentreFirst(u8),
    #[error(
        "the chicken foot {pips}-{pips} takes its three toes before any tile is played elsewhere"
    )]
    ToesFirst { pips: u8 },
}

/// The layout of a hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    kind: LayoutKind,
    chains: [Chain; MAX_CHAINS],
    n: u8,
    posed: Option<Tile>,
    board: TileSet,
    /// The first four plays around a cross or French pose are still owed.
    opening: bool,
    /// Exactly two plain open ends (a posed line with no arms or spinner
    /// sides): the common case, kept as a flag for the hot path.
    line: bool,
    /// The trains family: the chains that must take a tile before any
    /// other (an unsatisfied double, the chicken foot's centre or toes), one
    /// bit each; `opening` is set while any is owed.
    owed: u32,
}

impl Layout {
    pub fn new(kind: LayoutKind) -> Layout {
        Layout {
            kind,
            chains: [Chain::default(); MAX_CHAINS],
            n: 0,
            posed: None,
            board: TileSet::EMPTY,
            opening: false,
            line: false,
            owed: 0,
        }
    }

    pub fn kind(&self) -> LayoutKind {
        self.kind
    }

    /// Whether the layout is exactly two plain open ends, chains 0 and 1.
    #[inline(always)]
    pub fn is_line(&self) -> bool {
        self.line
    }

    /// The tiles each end of a line layout accepts (see [`Layout::is_line`]).
    #[inline(always)]
    pub fn line_accepts(&self) -> (TileSet, TileSet) {
        (
            TileSet::suit(self.chains[0].pips),
            TileSet::suit(self.chains[1].pips),
        )
    }

    /// Set a line's two ends and the tiles down, as the playout kernel
    /// leaves them (see `Hand::random_run`).
    pub(crate) fn set_line(&mut self, ends: [Chain; 2], board: TileSet) {
        self.chains[0] = ends[0];
        self.chains[1] = ends[1];
        self.board = board;
    }

    /// The first tile, once posed.
    pub fn posed(&self) -> Option<Tile> {
        self.posed
    }

    /// Every tile on the table.
    pub fn board(&self) -> TileSet {
        self.board
    }

    /// The open chains, by id.
    pub fn chains(&self) -> &[Chain] {
        &self.chains[..self.n as usize]
    }

    /// Lay the first tile.
    pub fn pose(&mut self, t: Tile) {
        self.posed = Some(t);
        self.board.insert(t);
        let d = t.is_double();
        let start = |pips| Chain {
            pips,
            len: 0,
            double_end: d,
            counts_empty: true,
        };
        self.chains[0] = start(t.high());
        self.chains[1] = start(t.low());
        self.n = 2;
        let arms = match self.kind {
            LayoutKind::Cross | LayoutKind::CrossEveryDouble | LayoutKind::French => d,
            _ => false,
        };
        if arms {
            self.open_sides(t.high());
            self.opening = true;
        }
        self.line = self.n == 2 && self.kind != LayoutKind::French;
        match self.kind {
            LayoutKind::Trains { trains } => self.open_station(t, trains, 0),
            LayoutKind::ChickenFoot { centre } => {
                self.open_station(t, centre, (1u32 << centre) - 1);
            }
            _ => {}
        }
    }

    fn open_sides(&mut self, pips: u8) {
        self.line = false;
        for _ in 0..2 {
            if (self.n as usize) < MAX_CHAINS {
                self.chains[self.n as usize] = Chain {
                    pips,
                    len: 0,
                    double_end: false,
                    counts_empty: false,
                };
                self.n += 1;
            }
        }
    }

    /// The tiles chain `id` accepts now (of any owner). Whether a chain
    /// is still empty during the opening, and whether a French arm still
    /// waits for its double, are random from step to step: they choose by
    /// masks, not branches.
    #[inline(always)]
    pub fn accepts(&self, id: usize) -> TileSet {
        let c = &self.chains[id];
        let suit = TileSet::suit(c.pips).0;
        if self.opening {
            if self.owed != 0 {
                return TileSet(suit & mask128(self.owed >> id & 1 == 1));
            }
            return TileSet(suit & mask128(c.len == 0));
        }
        if self.kind == LayoutKind::French {
            let double = DOUBLE_BITS[(c.pips & 15) as usize];
            let waits = mask128(self.board.0 & double == 0);
            return TileSet(double & waits | suit & !waits);
        }
        TileSet(suit)
    }

    /// [`Layout::accepts`] for a set of up to double-nine, as a `u64`.
    #[inline(always)]
    pub(crate) fn accepts64(&self, id: usize) -> u64 {
        let c = &self.chains[id];
        let pips = (c.pips & 15) as usize;
        let suit = SUITS64[pips];
        if self.opening {
            if self.owed != 0 {
                return suit & mask64(self.owed >> id & 1 == 1);
            }
            return suit & mask64(c.len == 0);
        }
        if self.kind == LayoutKind::French {
            let double = DOUBLE_BITS[pips] as u64;
            let waits = mask64(self.board.0 as u64 & double == 0);
            return double & waits | suit & !waits;
        }
        suit
    }

    /// [`Layout::accepts64`] of every chain, for a layout of at most `N`
    /// chains, written into `a`. Up to four chains all four places are
    /// written (zero past the last), in a loop of fixed length whose end
    /// needs no prediction; past four, only the chains there are.
    #[inline(always)]
    pub(crate) fn accepts64_into<const N: usize>(&self, a: &mut [u64; N]) {
        let n = self.n as usize;
        let len = if N <= 4 { N } else { n };
        for (id, a) in a.iter_mut().enumerate().take(len) {
            *a = self.accepts64(id) & mask64(id < n);
        }
    }

    /// [`Layout::place`], keeping `a` as [`Layout::accepts64_into`] writes
    /// it. A play on a cross changes only its own chain's tiles and those
    /// of the sides a double opens, except the play that ends the opening,
    /// which opens every chain; French arms wait on doubles played
    /// anywhere, so French works them all out again.
    #[inline(always)]
    pub(crate) fn place_keeping_accepts64<const N: usize>(
        &mut self,
        t: Tile,
        id: u8,
        a: &mut [u64; N],
    ) {
        let (opening, n0) = (self.opening, self.n as usize);
        self.place(t, id);
        if self.kind == LayoutKind::French || self.opening != opening {
            self.accepts64_into(a);
            return;
        }
        let pips = self.chains[id as usize].pips;
        a[(id as usize).min(N - 1)] = SUITS64[(pips & 15) as usize] & mask64(!opening);
        if self.kind == LayoutKind::CrossEveryDouble && n0 < N {
            // Zero past the last chain where the play opens no sides.
            let side = SUITS64[(t.high() & 15) as usize] & mask64(t.is_double() && !opening);
            a[n0] = side;
            if n0 + 1 < N {
                a[n0 + 1] = side;
            }
        }
    }

    /// The tiles any chain accepts now, for a layout of at most `N` chains.
    #[inline(always)]
    fn accepts64_any<const N: usize>(&self) -> u64 {
        let mut a = [0u64; N];
        self.accepts64_into(&mut a);
        a.iter().fold(0, |m, a| m | a)
    }

    /// Every tile that could be played somewhere now (tiles already on the
    /// board may be included: callers intersect with a hand).
    #[inline(always)]
    pub fn playable(&self) -> TileSet {
        if self.posed.is_none() {
            return TileSet(u128::MAX);
        }
        if self.line {
            let (a, b) = self.line_accepts();
            return a | b;
        }
        let mut m = TileSet::EMPTY;
        for id in 0..self.n as usize {
            m |= self.accepts(id);
        }
        m
    }

    /// Whether some tile of `set` could be played now: [`Layout::playable`]
    /// met with `set` (the block check after every play). Every chain is
    /// looked at: stopping at the first that takes a tile would branch on
    /// which one does, at random.
    #[inline(always)]
    pub fn takes_any(&self, set: TileSet) -> bool {
        if self.posed.is_some() && !self.line && set.0 >> 64 == 0 {
            // No tile past the first 64 (always so up to double-nine): the
            // chains' tiles as `u64`, which cut off only tiles not in `set`.
            let m = if self.n <= 4 {
                self.accepts64_any::<4>()
            } else {
                self.accepts64_any::<MAX_CHAINS>()
            };
            return set.0 as u64 & m != 0;
        }
        !(set & self.playable()).is_empty()
    }

    /// Check that `t` can go on chain `id`.
    pub fn check(&self, t: Tile, id: u8) -> Result<(), PlaceError> {
        if id >= self.n {
            if self.kind == LayoutKind::FirstDoubleSpinner && self.opening() && id < 4 {
                return Err(PlaceError::NotCrossed(id));
            }
            return Err(PlaceError::NoSuchEnd(id));
        }
        let c = self.chains[id as usize];
        if self.kind.is_trains() {
            return self.check_trains(t, id);
        }
        if !t.has(c.pips) {
            return Err(PlaceError::NoMatch {
                end: id,
                pips: c.pips,
            });
        }
        if !self.accepts(id as usize).contains(t) {
            return Err(if self.opening {
                PlaceError::CrossFirst(id)
            } else {
                PlaceError::WaitsForDouble {
                    end: id,
                    pips: c.pips,
                }
            });
        }
        Ok(())
    }

    /// Lay `t` on chain `id`, which must accept it (see [`Layout::check`]).
    #[inline(always)]
    pub fn place(&mut self, t: Tile, id: u8) {
        self.lay(t, id);
        match self.kind {
            LayoutKind::Line => {}
            LayoutKind::FirstDoubleSpinner => {
                let crossed = self.n == 2
                    && self.posed.is_some_and(Tile::is_double)
                    && self.chains[0].len > 0
                    && self.chains[1].len > 0;
                if crossed {
                    self.open_sides(self.posed_pips());
                }
            }
            LayoutKind::Cross | LayoutKind::French => {
                if self.opening {
                    self.opening = self.chains[..4].iter().any(|c| c.len == 0);
                }
            }
            LayoutKind::CrossEveryDouble => {
                if self.opening {
                    self.opening = self.chains[..4].iter().any(|c| c.len == 0);
                } else if t.is_double() {
                    self.open_sides(t.high());
                }
            }
            LayoutKind::Trains { .. } | LayoutKind::ChickenFoot { .. } => {
                self.place_on_trains(t, id)
            }
        }
    }

    /// What laying `t` on chain `id` changes in every layout: the chain's
    /// end and length, and the tiles down.
    #[inline(always)]
    fn lay(&mut self, t: Tile, id: u8) {
        let c = &mut self.chains[id as usize];
        c.pips = t.other(c.pips);
        c.len += 1;
        c.double_end = t.is_double();
        self.board.insert(t);
    }

    fn posed_pips(&self) -> u8 {
        self.posed.map_or(0, Tile::high)
    }

    /// Whether the first double still waits for its long sides to be crossed
    /// (club fives) or its four sides to be filled (cross, French).
    pub fn opening(&self) -> bool {
        self.opening
            || (self.kind == LayoutKind::FirstDoubleSpinner
                && self.n == 2
                && self.posed.is_some_and(Tile::is_double)
                && (self.chains[0].len == 0 || self.chains[1].len == 0))
    }

    /// The total of the open ends for the fives games: a double across an end
    /// counts both halves, the posed tile alone counts once in full, and an
    /// empty spinner side counts nothing.
    pub fn ends_total(&self) -> u32 {
        let Some(posed) = self.posed else { return 0 };
        if self.chains[0].len == 0 && self.chains[1].len == 0 {
            return posed.pips() as u32
                + self.chains[2..self.n as usize]
                    .iter()
                    .map(Self::end_value)
                    .sum::<u32>();
        }
        self.chains().iter().map(Self::end_value).sum()
    }

    fn end_value(c: &Chain) -> u32 {
        if c.len == 0 && !c.counts_empty {
            0
        } else if c.double_end {
            2 * c.pips as u32
        } else {
            c.pips as u32
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn line_chains_start_from_posed_halves() {
        let mut l = Layout::new(LayoutKind::Line);
        l.pose(t("6-4"));
        assert_eq!(l.chains()[0].pips, 6);
        assert_eq!(l.chains()[1].pips, 4);
        l.place(t("4-1"), 1);
        assert_eq!(l.chains()[1].pips, 1);
        assert_eq!(
            l.check(t("3-2"), 0),
            Err(PlaceError::NoMatch { end: 0, pips: 6 })
        );
        assert_eq!(l.check(t("6-2"), 2), Err(PlaceError::NoSuchEnd(2)));
    }

    #[test]
    fn ends_total_counts_doubles_and_the_lone_pose() {
        let mut l = Layout::new(LayoutKind::Line);
        l.pose(t("5-5"));
        assert_eq!(l.ends_total(), 10);
        l.place(t("5-0"), 0);
        assert_eq!(l.ends_total(), 10);
        let mut l = Layout::new(LayoutKind::Line);
        l.pose(t("6-3"));
        l.place(t("6-6"), 0);
        assert_eq!(l.ends_total(), 15);
    }

    #[test]
    fn club_spinner_crosses_the_t_before_short_ends_open() {
        let mut l = Layout::new(LayoutKind::FirstDoubleSpinner);
        l.pose(t("5-5"));
        assert_eq!(l.ends_total(), 10);
        assert!(l.opening());
        l.place(t("5-3"), 0);
        assert_eq!(l.ends_total(), 13, "the uncrossed double still counts");
        assert_eq!(l.chains().len(), 2);
        l.place(t("5-2"), 1);
        assert!(!l.opening());
        assert_eq!(l.chains().len(), 4, "short ends open once crossed");
        assert_eq!(l.ends_total(), 5, "the crossed double no longer counts");
        l.place(t("5-1"), 2);
        assert_eq!(l.ends_total(), 6);
    }

    #[test]
    fn cross_fills_four_sides_first() {
        let mut l = Layout::new(LayoutKind::Cross);
        l.pose(t("6-6"));
        assert_eq!(l.chains().len(), 4);
        l.place(t("6-2"), 0);
        assert_eq!(l.check(t("2-1"), 0), Err(PlaceError::CrossFirst(0)));
        for (tile, id) in [("6-3", 1), ("6-4", 2), ("6-5", 3)] {
            l.place(t(tile), id);
        }
        assert!(l.check(t("2-1"), 0).is_ok());
    }

    #[test]
    fn every_double_opens_two_chains_after_the_cross() {
        let mut l = Layout::new(LayoutKind::CrossEveryDouble);
        l.pose(t("9-9"));
        for (tile, id) in [("9-2", 0), ("9-3", 1), ("9-4", 2), ("9-5", 3)] {
            l.place(t(tile), id);
        }
        l.place(t("2-2"), 0);
        assert_eq!(l.chains().len(), 6);
        assert_eq!(l.chains()[4].pips, 2);
        assert_eq!(l.chains()[0].pips, 2);
    }

    #[test]
    fn french_arms_wait_for_doubles() {
        // The worked example: top ends in 2 with 2-2 down, left ends in 1
        // without 1-1, bottom and right end in 4 without 4-4.
        let mut l = Layout::new(LayoutKind::French);
        l.pose(t("0-0"));
        for (tile, id) in [
            ("0-2", 0),
            ("0-1", 1),
            ("0-4", 2),
            ("0-3", 3),
            ("3-3", 3),
            ("3-4", 3),
            ("2-2", 0),
        ] {
            assert_eq!(l.check(t(tile), id), Ok(()), "{tile} on {id}");
            l.place(t(tile), id);
        }
        assert_eq!(
            l.check(t("3-5"), 3),
            Err(PlaceError::NoMatch { end: 3, pips: 4 })
        );
        assert!(l.check(t("2-1"), 0).is_ok(), "top takes 2-1: 2-2 is down");
        assert_eq!(
            l.check(t("1-5"), 1),
            Err(PlaceError::WaitsForDouble { end: 1, pips: 1 }),
            "left waits for 1-1"
        );
        assert!(l.check(t("1-1"), 1).is_ok());
        assert!(l.check(t("4-5"), 2).is_err());
        assert!(l.check(t("4-5"), 3).is_err());
        assert!(l.check(t("4-4"), 2).is_ok());
    }

    /// The chains' tiles kept up to date play by play, as the playout
    /// kernel keeps them, equal those worked out afresh after every play,
    /// on every layout of several chains, for random hands of double-nine.
    #[test]
    fn accepts_kept_play_by_play_equal_accepts_worked_out_again() {
        use rand::{Rng, SeedableRng};
        let kinds = [
            LayoutKind::Cross,
            LayoutKind::CrossEveryDouble,
            LayoutKind::French,
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut plays = 0;
        for kind in kinds {
            for _ in 0..300 {
                let mut left: Vec<Tile> = TileSet::full(9).iter().collect();
                let mut l = Layout::new(kind);
                l.pose(left.swap_remove(rng.random_range(0..left.len())));
                let (mut kept, mut kept8, mut kept4) = ([0u64; MAX_CHAINS], [0u64; 8], [0u64; 4]);
                l.accepts64_into(&mut kept);
                l.accepts64_into(&mut kept8);
                l.accepts64_into(&mut kept4);
                loop {
                    let can: Vec<(usize, u8)> = (0..left.len())
                        .flat_map(|i| (0..l.n).map(move |id| (i, id)))
                        .filter(|&(i, id)| l.accepts(id as usize).contains(left[i]))
                        .collect();
                    let Some(&(i, id)) = can.get(rng.random_range(0..can.len().max(1))) else {
                        break;
                    };
                    let tile = left.swap_remove(i);
                    // The kernel runs with room for four chains, eight, or
                    // all, and stops once a play outgrows its room.
                    let mut with8 = l;
                    with8.place_keeping_accepts64(tile, id, &mut kept8);
                    let mut with4 = l;
                    with4.place_keeping_accepts64(tile, id, &mut kept4);
                    l.place_keeping_accepts64(tile, id, &mut kept);
                    assert!(with8 == l && with4 == l);
                    let mut fresh = [0u64; MAX_CHAINS];
                    l.accepts64_into(&mut fresh);
                    let n = usize::from(l.n);
                    let at = format!("{kind:?} after {tile:?} on {id}");
                    assert_eq!(kept[..n], fresh[..n], "{at}");
                    if n <= 8 {
                        assert_eq!(kept8[..n], fresh[..n], "{at}");
                    }
                    if n <= 4 {
                        // Zero past the last chain: the room of four is
                        // read whole.
                        assert_eq!(kept4[..n], fresh[..n], "{at}");
                        assert!(kept4[n..].iter().all(|&a| a == 0), "{at}");
                    }
                    plays += 1;
                }
            }
        }
        assert!(plays > 5000, "{plays} plays");
    }
}
