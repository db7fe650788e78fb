//! Deals: the one chance event of a hand.
//!
//! The engine never draws random numbers while a hand is played: the deal
//! fixes every hand and the boneyard order, so applying an action is
//! deterministic. Seeded deals come from ChaCha8, one stream per hand.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rules::Rules;
use crate::tile::{Tile, TileSet, MAX_TILES};

/// Most players any preset allows.
pub const MAX_PLAYERS: usize = 8;

/// The tiles of one hand: what each seat holds and the boneyard, top first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub hands: [TileSet; MAX_PLAYERS],
    pub boneyard: [Tile; MAX_TILES],
    pub bone_len: u8,
    /// Who poses, where the rules leave it to chance (club fives' first hand).
    pub poser: Option<u8>,
}

/// A deal as JSON: `{"hands": [[..]], "boneyard": [..], "poser": 1}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DealSpec {
    pub hands: Vec<Vec<Tile>>,
    #[serde(default)]
    pub boneyard: Vec<Tile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poser: Option<u8>,
}

/// Why a deal was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DealError {
    #[error("the deal has {got} hands but the rules seat {want} players")]
    HandCount { got: usize, want: usize },
    #[error("seat {seat} holds {got} tiles but the rules deal {want} each")]
    HandSize {
        seat: usize,
        got: usize,
        want: usize,
    },
    #[error("tile {0} is dealt more than once")]
    Duplicate(Tile),
    #[error("tile {0} is not part of this game's set")]
    NotInSet(Tile),
    #[error("tile {0} is missing from the deal (every tile goes to a hand or the boneyard)")]
    Missing(Tile),
    #[error("nobody holds a double, so the rules call for a redeal")]
    Redeal,
    #[error("the first hand of club fives needs \"poser\": 0 or 1 (who won the turn-over)")]
    PoserMissing,
    #[error("\"poser\" is only given where the rules leave the poser to chance")]
    PoserNotAllowed,
    #[error("poser {0} is not a seat")]
    BadPoser(u8),
}

impl Deal {
    pub fn boneyard(&self) -> &[Tile] {
        &self.boneyard[..self.bone_len as usize]
    }

    /// Check a JSON deal against the rules and build it.
    pub fn from_spec(rules: &Rules, spec: &DealSpec) -> Result<Deal, DealError> {
        let n = rules.players() as usize;
        if spec.hands.len() != n {
            return Err(DealError::HandCount {
                got: spec.hands.len(),
                want: n,
            });
        }
        let set = rules.tiles();
        let mut seen = TileSet::EMPTY;
        let mut deal = Deal {
            hands: [TileSet::EMPTY; MAX_PLAYERS],
            boneyard: [Tile::double(0); MAX_TILES],
            bone_len: 0,
            poser: spec.poser,
        };
        let mut take = |t: Tile| -> Result<(), DealError> {
            if !set.contains(t) {
                return Err(DealError::NotInSet(t));
            }
            if seen.contains(t) {
                return Err(DealError::Duplicate(t));
            }
            seen.insert(t);
            Ok(())
        };
        for (seat, hand) in spec.hands.iter().enumerate() {
            for &t in hand {
                take(t)?;
                deal.hands[seat].insert(t);
            }
        }
        for (i, &t) in spec.boneyard.iter().enumerate() {
            take(t)?;
            deal.boneyard[i] = t;
        }
        deal.bone_len = spec.boneyard.len() as u8;
        if let Some(t) = set.minus(seen).first() {
            return Err(DealError::Missing(t));
        }
        for (seat, hand) in spec.hands.iter().enumerate() {
            if hand.len() != rules.hand_size() as usize {
                return Err(DealError::HandSize {
                    seat,
                    got: hand.len(),
                    want: rules.hand_size() as usize,
                });
            }
        }
        if let Some(p) = spec.poser {
            if p >= rules.players() {
                return Err(DealError::BadPoser(p));
            }
        }
        Ok(deal)
    }

    /// The JSON form.
    pub fn to_spec(&self, players: u8) -> DealSpec {
        DealSpec {
            hands: self.hands[..players as usize]
                .iter()
                .map(|h| h.iter().collect())
                .collect(),
            boneyard: self.boneyard().to_vec(),
            poser: self.poser,
        }
    }

    /// A uniformly random deal (no redeal check). Playouts that deal often
    /// keep a [`Dealer`] instead.
    pub fn random<R: Rng + ?Sized>(rules: &Rules, rng: &mut R) -> Deal {
        Dealer::new(rules).deal(rng)
    }

    /// Seat holding `t`, if any.
    pub fn holder(&self, t: Tile) -> Option<u8> {
        (0..MAX_PLAYERS)
            .find(|&s| self.hands[s].contains(t))
            .map(|s| s as u8)
    }
}

/// Largest product of ranges drawn from one 64-bit number: small enough
/// that the rejection step almost never runs.
const BATCH_LIMIT: u64 = 1 << 48;

/// One batch of a shuffle plan: `k` swap indices drawn from one number.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Batch {
    k: u8,
    product: u64,
}

/// Deals for one set of rules, with the tile list and the shuffle's batch
/// plan worked out once.
#[derive(Clone, Debug)]
pub struct Dealer {
    /// The tiles' indexes, in a place list sized 128 so that a masked
    /// place needs no bounds check.
    tiles: [u8; 128],
    n: usize,
    batches: [Batch; MAX_TILES],
    /// How many of `batches` the shuffle runs (the ones before its stop).
    runs: usize,
    players: usize,
    hand_size: usize,
    /// Every tile's index is below 64 (sets up to double-nine): a hand's
    /// set is built by shifts of a `u64`.
    small: bool,
}

impl Dealer {
    pub fn new(rules: &Rules) -> Dealer {
        let mut tiles = [0u8; 128];
        let mut n = 0;
        for t in rules.tiles().iter() {
            tiles[n] = t.index() as u8;
            n += 1;
        }
        let h = rules.hand_size() as usize;
        let players = rules.players() as usize;
        // Seat 0's hand is the first places: its order does not matter.
        let batches = plan(n, h);
        // The batches [`shuffle_planned`] runs before it stops, worked out
        // once: the shuffle then has no stop to test.
        let (mut runs, mut i) = (0, n);
        for b in &batches {
            let k = b.k as usize;
            if i <= 1 || k == 0 || k > i {
                break;
            }
            runs += 1;
            i -= k;
        }
        Dealer {
            tiles,
            n,
            batches,
            runs,
            // Rules never deal more than the set (checked when resolved);
            // the bound keeps every slice below in range regardless.
            players: players.min(MAX_PLAYERS).min(n / h.max(1)),
            hand_size: h,
            small: rules.tiles().0 >> 64 == 0,
        }
    }

    /// A uniformly random deal (no redeal check).
    #[inline]
    pub fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> Deal {
        let mut deal = Deal {
            hands: [TileSet::EMPTY; MAX_PLAYERS],
            boneyard: [Tile::double(0); MAX_TILES],
            bone_len: 0,
            poser: None,
        };
        self.deal_into(rng, &mut deal);
        deal
    }

    /// [`Dealer::deal`] written over `deal` (every field), for playouts
    /// that deal into the match in place.
    #[inline]
    pub fn deal_into<R: Rng + ?Sized>(&self, rng: &mut R, deal: &mut Deal) {
        let mut tiles = self.tiles;
        shuffle_tiles(&mut tiles, self.n, &self.batches[..self.runs], rng);
        deal.hands = [TileSet::EMPTY; MAX_PLAYERS];
        deal.boneyard = [Tile::double(0); MAX_TILES];
        deal.poser = None;
        let h = self.hand_size;
        let dealt = h * self.players;
        for (seat, hand) in deal.hands.iter_mut().enumerate().take(self.players) {
            let held = &tiles[seat * h..seat * h + h];
            *hand = if self.small {
                let mut bits = 0u64;
                for &t in held {
                    bits |= BITS64[(t & 63) as usize];
                }
                TileSet(u128::from(bits))
            } else {
                TileSet(held.iter().fold(0u128, |bits, &t| bits | 1 << (t & 127)))
            };
        }
        let rest = &tiles[dealt..self.n];
        if !rest.is_empty() {
            for (b, &t) in deal.boneyard.iter_mut().zip(rest) {
                *b = Tile::from_index(usize::from(t)).unwrap_or(Tile::double(0));
            }
        }
        deal.bone_len = rest.len() as u8;
    }
}

/// One-bit masks by index below 64: a variable shift costs more than a load.
const BITS64: [u64; 64] = {
    let mut b = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        b[i] = 1 << i;
        i += 1;
    }
    b
};

/// [`shuffle_planned`] of the first `n` places of a dealer's tile list: the
/// same swaps from the same numbers, each made as soon as its place is
/// drawn (a rejected batch, about once in 2^16 at most, undoes its swaps
/// and draws again), on places masked into the list's 128. `batches` are
/// the ones the planned shuffle runs before it stops.
#[inline]
fn shuffle_tiles<R: Rng + ?Sized>(tiles: &mut [u8; 128], n: usize, batches: &[Batch], rng: &mut R) {
    let mut i = n;
    for batch in batches {
        let k = batch.k as usize;
        debug_assert!(i > 1 && k > 0 && k <= i);
        let mut picks = [0u8; 16];
        loop {
            let mut low = rng.next_u64();
            let mut j = 0;
            while j < k && j < 16 {
                let m = low as u128 * (i - j) as u128;
                let p = (m >> 64) as usize;
                picks[j] = p as u8;
                tiles.swap((i - 1 - j) & 127, p & 127);
                low = m as u64;
                j += 1;
            }
            // 2^64 mod product values of `low` are over-represented.
            if low >= batch.product || low >= batch.product.wrapping_neg() % batch.product {
                break;
            }
            while j > 0 {
                j -= 1;
                tiles.swap((i - 1 - j) & 127, usize::from(picks[j]) & 127);
            }
        }
        i -= k;
    }
}

/// The batches of a shuffle of `n` items that fixes places n-1 down to
/// `stop`: ranges n, n-1, ... grouped while their product stays under
/// [`BATCH_LIMIT`]. The first `stop` places end up a uniformly random set in
/// no particular order, which is all a hand needs.
fn plan(n: usize, stop: usize) -> [Batch; MAX_TILES] {
    let stop = stop.max(1);
    let mut batches = [Batch::default(); MAX_TILES];
    let (mut i, mut b) = (n, 0);
    while i > stop && b < MAX_TILES {
        let mut batch = Batch { k: 0, product: 1 };
        while i - (batch.k as usize) > stop
            && batch.k < 16
            && batch.product * (i - batch.k as usize) as u64 <= BATCH_LIMIT
        {
            batch.product *= (i - batch.k as usize) as u64;
            batch.k += 1;
        }
        i -= batch.k as usize;
        batches[b] = batch;
        b += 1;
    }
    batches
}

/// Fisher-Yates with the swap indices drawn in batches from one 64-bit
/// number each (Brackett-Rozinsky and Lemire's batched ranged integers):
/// the rejection step keeps every permutation exactly equally likely.
fn shuffle_planned<T, R: Rng + ?Sized>(items: &mut [T], batches: &[Batch], rng: &mut R) {
    let mut i = items.len();
    for batch in batches {
        let k = batch.k as usize;
        if i <= 1 || k == 0 || k > i {
            break;
        }
        let mut picks = [0usize; 16];
        loop {
            let mut low = rng.next_u64();
            let mut j = 0;
            while j < k && j < 16 {
                let m = low as u128 * (i - j) as u128;
                picks[j] = (m >> 64) as usize;
                low = m as u64;
                j += 1;
            }
            // 2^64 mod product values of `low` are over-represented.
            if low >= batch.product || low >= batch.product.wrapping_neg() % batch.product {
                break;
            }
        }
        let mut j = 0;
        while j < k && j < 16 {
            items.swap(i - 1 - j, picks[j]);
            j += 1;
        }
        i -= k;
    }
}

/// Shuffle up to 91 items uniformly.
pub fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    let n = items.len().min(MAX_TILES);
    shuffle_planned(&mut items[..n], &plan(n, 1), rng);
}

/// The generator for hand `hand_number` (1-based) of a match seeded `seed`:
/// the match seed picks the key and the hand number the stream, so any hand
/// can be redealt on its own.
pub fn hand_rng(seed: u64, hand_number: u32) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(hand_number as u64);
    rng
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_deals_conserve_tiles() {
        let rules = Rules::of_preset("draw").unwrap();
        let mut rng = hand_rng(1, 1);
        let d = Deal::random(&rules, &mut rng);
        let mut all = TileSet::EMPTY;
        for s in 0..4 {
            assert_eq!(d.hands[s].len(), 4);
            all |= d.hands[s];
        }
        for &t in d.boneyard() {
            assert!(!all.contains(t));
            all.insert(t);
        }
        assert_eq!(all, rules.tiles());
        let spec = d.to_spec(4);
        assert_eq!(Deal::from_spec(&rules, &spec).unwrap(), d);
    }

    #[test]
    fn shuffle_is_uniform_over_small_permutations() {
        // 3! permutations of 3 items, each should come up about 1/6 of the time.
        let mut rng = hand_rng(5, 1);
        let mut counts = std::collections::HashMap::new();
        let n = 60_000;
        for _ in 0..n {
            let mut v = [0u8, 1, 2];
            shuffle(&mut v, &mut rng);
            *counts.entry(v).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 6);
        for (_, c) in counts {
            assert!((c as f64 - n as f64 / 6.0).abs() < 500.0, "{c}");
        }
    }

    #[test]
    fn shuffle_spreads_every_item_over_every_place() {
        let mut rng = hand_rng(9, 1);
        let mut seen = [[0u32; 28]; 28];
        for _ in 0..28_000 {
            let mut v: Vec<usize> = (0..28).collect();
            shuffle(&mut v, &mut rng);
            for (place, &item) in v.iter().enumerate() {
                seen[item][place] += 1;
            }
        }
        for row in seen {
            for c in row {
                assert!((700..1300).contains(&c), "{c}");
            }
        }
    }

    #[test]
    fn every_tile_goes_to_every_seat_equally_often() {
        for preset in ["jamaican", "draw"] {
            let rules = Rules::of_preset(preset).unwrap();
            let dealer = Dealer::new(&rules);
            let mut rng = hand_rng(11, 1);
            let mut seen = [[0u32; MAX_PLAYERS + 1]; MAX_TILES];
            let n = 40_000;
            for _ in 0..n {
                let d = dealer.deal(&mut rng);
                for t in rules.tiles().iter() {
                    let seat = d.holder(t).map_or(MAX_PLAYERS, usize::from);
                    seen[t.index()][seat] += 1;
                }
            }
            let share = rules.hand_size() as f64 / rules.tiles().len() as f64;
            let want = n as f64 * share;
            for t in rules.tiles().iter() {
                let per_seat = &seen[t.index()][..rules.players() as usize];
                for (seat, &got) in per_seat.iter().enumerate() {
                    let got = got as f64;
                    assert!(
                        (got - want).abs() < 0.06 * want,
                        "{preset} {t} seat {seat}: {got}"
                    );
                }
            }
        }
    }

    /// The deal as it was made before [`shuffle_tiles`]: the tiles shuffled
    /// by [`shuffle_planned`], each hand's set built from its places.
    fn deal_by_plan<R: Rng + ?Sized>(rules: &Rules, rng: &mut R) -> Deal {
        let mut tiles: Vec<Tile> = rules.tiles().iter().collect();
        let (h, players) = (rules.hand_size() as usize, rules.players() as usize);
        let batches = plan(tiles.len(), h);
        shuffle_planned(&mut tiles, &batches, rng);
        let mut deal = Deal {
            hands: [TileSet::EMPTY; MAX_PLAYERS],
            boneyard: [Tile::double(0); MAX_TILES],
            bone_len: 0,
            poser: None,
        };
        for (seat, hand) in deal.hands.iter_mut().enumerate().take(players) {
            for &t in &tiles[seat * h..seat * h + h] {
                hand.insert(t);
            }
        }
        let rest = &tiles[h * players..];
        deal.boneyard[..rest.len()].copy_from_slice(rest);
        deal.bone_len = rest.len() as u8;
        deal
    }

    /// A generator whose first number is 0, which every batch of more than
    /// one place rejects: the first batch must draw again.
    struct ZeroFirst(bool, ChaCha8Rng);

    impl rand::RngCore for ZeroFirst {
        fn next_u32(&mut self) -> u32 {
            self.next_u64() as u32
        }
        fn next_u64(&mut self) -> u64 {
            if std::mem::replace(&mut self.0, false) {
                0
            } else {
                self.1.next_u64()
            }
        }
        fn fill_bytes(&mut self, dst: &mut [u8]) {
            self.1.fill_bytes(dst)
        }
    }

    /// The dealer's shuffle in place (swaps made as drawn, undone on a
    /// rejected batch) and its sets built by shifts deal exactly what the
    /// plain planned shuffle dealt, from the same numbers: every preset,
    /// player count and set, a rejected first batch included. The server's
    /// fair deals and the page's check depend on it.
    #[test]
    fn dealer_deals_what_the_planned_shuffle_dealt() {
        let mut covered = 0;
        for (_, players, rules) in crate::rules::every_preset_set_and_count(2..=5) {
            let dealer = Dealer::new(&rules);
            let mut a = hand_rng(u64::from(players), 1);
            let mut b = a.clone();
            for _ in 0..200 {
                assert_eq!(dealer.deal(&mut a), deal_by_plan(&rules, &mut b));
            }
            let mut a = ZeroFirst(true, hand_rng(3, 2));
            let mut b = ZeroFirst(true, hand_rng(3, 2));
            assert_eq!(dealer.deal(&mut a), deal_by_plan(&rules, &mut b));
            assert_eq!(
                rand::RngCore::next_u64(&mut a.1),
                rand::RngCore::next_u64(&mut b.1)
            );
            covered += 1;
        }
        assert!(covered > 40, "{covered} rules");
    }

    #[test]
    fn seeded_deals_repeat() {
        let rules = Rules::of_preset("jamaican").unwrap();
        let a = Deal::random(&rules, &mut hand_rng(7, 3));
        let b = Deal::random(&rules, &mut hand_rng(7, 3));
        let c = Deal::random(&rules, &mut hand_rng(7, 4));
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn bad_deals_say_what_is_wrong() {
        let rules = Rules::of_preset("jamaican").unwrap();
        let good = Deal::random(&rules, &mut hand_rng(1, 1)).to_spec(4);
        let mut dup = good.clone();
        dup.hands[0][0] = dup.hands[1][0];
        assert!(matches!(
            Deal::from_spec(&rules, &dup),
            Err(DealError::Duplicate(_))
        ));
        let mut short = good.clone();
        short.hands[0].pop();
        assert!(matches!(
            Deal::from_spec(&rules, &short),
            Err(DealError::Missing(_))
        ));
        let mut three = good.clone();
        three.hands.pop();
        assert!(matches!(
            Deal::from_spec(&rules, &three),
            Err(DealError::HandCount { .. })
        ));
        let mut big = good;
        big.hands[0].push("9-9".parse().unwrap());
        assert!(matches!(
            Deal::from_spec(&rules, &big),
            Err(DealError::NotInSet(_))
        ));
    }
}
