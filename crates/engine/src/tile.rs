//! Tiles and sets of tiles.
//!
//! A tile is an index into the triangular numbering of the double-twelve set
//! (`0-0`, `1-0`, `1-1`, `2-0`, ...), so the double-six set is exactly the
//! first 28 indices and a set of tiles fits one `u128` bitset.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Highest pip value of the largest supported set (double-twelve).
pub const MAX_PIP: u8 = 12;
/// Number of tiles in the double-twelve set.
pub const MAX_TILES: usize = 91;

/// Number of tiles in the set whose highest double is `max_pip`.
pub const fn set_size(max_pip: u8) -> usize {
    let n = max_pip as usize + 1;
    n * (n + 1) / 2
}

/// One domino.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct Tile(u8);

const fn build_halves() -> ([u8; 128], [u8; 128]) {
    let mut high = [0u8; 128];
    let mut low = [0u8; 128];
    let mut h = 0u8;
    let mut i = 0usize;
    while h <= MAX_PIP {
        let mut l = 0u8;
        while l <= h {
            high[i] = h;
            low[i] = l;
            i += 1;
            l += 1;
        }
        h += 1;
    }
    (high, low)
}

/// Halves by index, sized 128 so a masked index needs no bounds check.
const HALVES: ([u8; 128], [u8; 128]) = build_halves();

const fn build_bits() -> [u128; 128] {
    let mut b = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        b[i] = 1u128 << i;
        i += 1;
    }
    b
}

/// One-bit masks by index: a variable shift of a u128 costs branches, a load
/// does not. Sized 128 so any `u8 & 127` index needs no bounds check.
const BITS: [u128; 128] = build_bits();

const fn build_pips() -> [u8; 128] {
    let mut p = [0u8; 128];
    let mut i = 0;
    while i < MAX_TILES {
        p[i] = HALVES.0[i] + HALVES.1[i];
        i += 1;
    }
    p
}

const PIPS: [u8; 128] = build_pips();

impl Tile {
    /// The tile with halves `a` and `b`, in either order.
    ///
    /// ```
    /// use domino_engine::Tile;
    /// assert_eq!(Tile::new(4, 6), Tile::new(6, 4));
    /// assert_eq!(Tile::new(6, 4).to_string(), "6-4");
    /// ```
    ///
    /// # Panics
    /// If a half exceeds [`MAX_PIP`].
    pub const fn new(a: u8, b: u8) -> Tile {
        assert!(a <= MAX_PIP && b <= MAX_PIP, "pip out of range");
        let (h, l) = if a >= b { (a, b) } else { (b, a) };
        Tile(h * (h + 1) / 2 + l)
    }

    /// The double `n-n`.
    pub const fn double(n: u8) -> Tile {
        Tile::new(n, n)
    }

    /// The tile's index in the triangular numbering.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The tile with this index, if it exists.
    pub const fn from_index(i: usize) -> Option<Tile> {
        if i < MAX_TILES {
            Some(Tile(i as u8))
        } else {
            None
        }
    }

    /// The higher half.
    #[inline]
    pub const fn high(self) -> u8 {
        HALVES.0[(self.0 & 127) as usize]
    }

    /// The lower half.
    #[inline]
    pub const fn low(self) -> u8 {
        HALVES.1[(self.0 & 127) as usize]
    }

    /// Total pips on the tile.
    #[inline]
    pub const fn pips(self) -> u8 {
        PIPS[(self.0 & 127) as usize]
    }

    pub const fn is_double(self) -> bool {
        self.high() == self.low()
    }

    /// Whether one half shows `n`.
    pub const fn has(self, n: u8) -> bool {
        self.high() == n || self.low() == n
    }

    /// The half left showing after matching `n` (for a double, `n` again).
    #[inline]
    pub const fn other(self, n: u8) -> u8 {
        // The total minus the matched half: no branch to mispredict.
        self.pips().wrapping_sub(n)
    }

    /// The singleton set holding this tile.
    #[inline]
    pub const fn bit(self) -> TileSet {
        TileSet(BITS[(self.0 & 127) as usize])
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high(), self.low())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// A tile name that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{text}` is not a tile: write two numbers from 0 to 12 joined by '-', like \"6-4\"")]
pub struct ParseTileError {
    pub text: String,
}

impl FromStr for Tile {
    type Err = ParseTileError;

    fn from_str(s: &str) -> Result<Tile, ParseTileError> {
        let err = || ParseTileError {
            text: s.to_string(),
        };
        let (a, b) = s.trim().split_once('-').ok_or_else(err)?;
        let a: u8 = a.trim().parse().map_err(|_| err())?;
        let b: u8 = b.trim().parse().map_err(|_| err())?;
        if a > MAX_PIP || b > MAX_PIP {
            return Err(err());
        }
        Ok(Tile::new(a, b))
    }
}

impl serde::Serialize for Tile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Tile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of tiles as a bitset over the triangular numbering.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct TileSet(pub u128);

const fn build_suits() -> [u128; 16] {
    let mut suits = [0u128; 16];
    let mut i = 0;
    while i < MAX_TILES {
        let t = Tile(i as u8);
        suits[t.high() as usize] |= 1u128 << i;
        suits[t.low() as usize] |= 1u128 << i;
        i += 1;
    }
    suits
}

/// `PIP_BYTES[i][b]`: the pips of the tiles `8i..8i+8` whose bits are set in
/// `b` (at most 8 × 24, so a byte holds it).
const PIP_BYTES: [[u8; 256]; MAX_TILES.div_ceil(8)] = {
    let mut t = [[0u8; 256]; MAX_TILES.div_ceil(8)];
    let mut i = 0;
    while i < t.len() {
        let mut b = 0;
        while b < 256 {
            let mut sum = 0u32;
            let mut k = 0;
            while k < 8 {
                let index = 8 * i + k;
                if b & (1 << k) != 0 && index < MAX_TILES {
                    sum += Tile(index as u8).pips() as u32;
                }
                k += 1;
            }
            t[i][b] = sum as u8;
            b += 1;
        }
        i += 1;
    }
    t
};

/// Sized 16 so a masked index needs no bounds check.
const SUITS: [u128; 16] = build_suits();

/// `SUITS64[n]`: the tiles of up to double-nine carrying `n`, for the
/// playout paths that hold such sets in a `u64`.
pub(crate) const SUITS64: [u64; 16] = {
    let mut s = [0u64; 16];
    let mut n = 0;
    while n < 16 {
        s[n] = SUITS[n] as u64;
        n += 1;
    }
    s
};

/// `FLIP64[index]`: the [`SUITS64`] masks of the tile's two numbers XORed. An end
/// showing either number shows the other after the tile, and its mask
/// XORed with this is that number's mask (a double's is zero: the end
/// still shows its number). Sized 65, one past any `u64`'s trailing
/// zeros, so that an index by them needs neither a mask nor a check.
pub(crate) const FLIP64: [u64; 65] = {
    let mut t = [0u64; 65];
    let mut i = 0;
    while i < 55 {
        let Some(tile) = Tile::from_index(i) else {
            unreachable!()
        };
        t[i] = SUITS64[tile.low() as usize] ^ SUITS64[tile.high() as usize];
        i += 1;
    }
    t
};

const fn build_doubles() -> u128 {
    let mut m = 0u128;
    let mut n = 0;
    while n <= MAX_PIP {
        m |= 1u128 << Tile::double(n).0;
        n += 1;
    }
    m
}

impl TileSet {
    pub const EMPTY: TileSet = TileSet(0);
    /// Every double up to double-twelve.
    pub const DOUBLES: TileSet = TileSet(build_doubles());

    /// The full set whose highest double is `max_pip`.
    pub const fn full(max_pip: u8) -> TileSet {
        let n = set_size(max_pip);
        if n >= 128 {
            TileSet(u128::MAX)
        } else {
            TileSet((1u128 << n) - 1)
        }
    }

    /// Every tile (of any set) carrying the number `n`.
    #[inline]
    pub const fn suit(n: u8) -> TileSet {
        TileSet(SUITS[(n & 15) as usize])
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn contains(self, t: Tile) -> bool {
        self.0 & t.bit().0 != 0
    }

    #[inline]
    pub fn insert(&mut self, t: Tile) {
        self.0 |= t.bit().0;
    }

    #[inline]
    pub fn remove(&mut self, t: Tile) {
        self.0 &= !t.bit().0;
    }

    pub const fn union(self, o: TileSet) -> TileSet {
        TileSet(self.0 | o.0)
    }

    pub const fn intersect(self, o: TileSet) -> TileSet {
        TileSet(self.0 & o.0)
    }

    pub const fn minus(self, o: TileSet) -> TileSet {
        TileSet(self.0 & !o.0)
    }

    /// The lowest-numbered tile, if any.
    pub const fn first(self) -> Option<Tile> {
        if self.0 == 0 {
            None
        } else {
            Some(Tile(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest-numbered tile, if any: for doubles, the highest double.
    pub const fn last(self) -> Option<Tile> {
        if self.0 == 0 {
            None
        } else {
            Some(Tile(127 - self.0.leading_zeros() as u8))
        }
    }

    /// The `k`-th tile in index order (0-based), if there are that many.
    pub fn nth(self, k: u32) -> Option<Tile> {
        let mut bits = self.0;
        for _ in 0..k {
            if bits == 0 {
                return None;
            }
            bits &= bits - 1;
        }
        TileSet(bits).first()
    }

    /// Total pips of the tiles in the set.
    pub fn pips(self) -> u32 {
        // Eight tiles at a time by table: no branch on the tiles held.
        let bytes = self.0.to_le_bytes();
        let used = if self.0 >> 32 == 0 {
            4
        } else {
            PIP_BYTES.len()
        };
        let mut sum = 0;
        for (table, &b) in PIP_BYTES.iter().zip(&bytes).take(used) {
            sum += u32::from(table[b as usize]);
        }
        sum
    }

    /// Whether the set holds exactly one tile.
    #[inline]
    pub const fn is_single(self) -> bool {
        self.0.count_ones() == 1
    }

    pub fn iter(self) -> TileIter {
        TileIter(self.0)
    }
}

impl std::ops::BitOr for TileSet {
    type Output = TileSet;
    fn bitor(self, o: TileSet) -> TileSet {
        TileSet(self.0 | o.0)
    }
}

impl std::ops::BitAnd for TileSet {
    type Output = TileSet;
    fn bitand(self, o: TileSet) -> TileSet {
        TileSet(self.0 & o.0)
    }
}

impl std::ops::BitOrAssign for TileSet {
    fn bitor_assign(&mut self, o: TileSet) {
        self.0 |= o.0;
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(it: I) -> TileSet {
        let mut s = TileSet::EMPTY;
        for t in it {
            s.insert(t);
        }
        s
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over a [`TileSet`] in index order.
#[derive(Debug, Clone)]
pub struct TileIter(u128);

impl Iterator for TileIter {
    type Item = Tile;
    fn next(&mut self) -> Option<Tile> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Tile(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for TileIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_pips_add_up_tile_by_tile() {
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..2000 {
            // A xorshift walk over sets of every size within double-twelve.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let wide = (u128::from(x) << 64 | u128::from(x.rotate_left(29))) & TileSet::full(12).0;
            for set in [
                TileSet(wide),
                TileSet(wide & TileSet::full(6).0),
                TileSet(wide & TileSet::full(9).0),
            ] {
                let by_tile: u32 = set.iter().map(|t| u32::from(t.pips())).sum();
                assert_eq!(set.pips(), by_tile);
            }
        }
        assert_eq!(TileSet::full(6).pips(), 168);
        assert_eq!(TileSet::full(12).pips(), 1092);
    }

    #[test]
    fn numbering_puts_each_set_first() {
        assert_eq!(TileSet::full(6).len(), 28);
        assert_eq!(TileSet::full(9).len(), 55);
        assert_eq!(TileSet::full(12).len(), 91);
        assert!(TileSet::full(6).iter().all(|t| t.high() <= 6));
    }

    #[test]
    fn parse_either_order_and_print_high_first() {
        let t: Tile = "4-6".parse().unwrap();
        assert_eq!(t.to_string(), "6-4");
        assert_eq!("12-10".parse::<Tile>().unwrap().to_string(), "12-10");
        assert!("13-1".parse::<Tile>().is_err());
        assert!("6".parse::<Tile>().is_err());
        assert!("a-b".parse::<Tile>().is_err());
    }

    #[test]
    fn suits_hold_each_number_once_per_tile() {
        for n in 0..=MAX_PIP {
            let s = TileSet::suit(n);
            assert_eq!(s.len(), 13);
            assert!(s.iter().all(|t| t.has(n)));
        }
        assert_eq!(TileSet::suit(6).intersect(TileSet::full(6)).len(), 7);
    }

    #[test]
    fn highest_double_is_last() {
        let d = TileSet::DOUBLES.intersect(TileSet::full(6));
        assert_eq!(d.last(), Some(Tile::double(6)));
        assert_eq!(d.len(), 7);
    }
}
