//! The random playout of the trains family (Mexican Train, chicken foot)
//! once the engine is down, run on local copies.
//!
//! Every step of a trains hand asks the same few facts: the chains the
//! seat may play on (what is owed, else its own train, the Mexican train
//! and the open trains, or every chain in chicken foot), its matches
//! there, and whether it must draw its one tile or pass. The general step
//! works each chain's tiles out again from the layout and goes through the
//! general play with its checks of rules these games never use (end
//! points, claims, penalties). Here each chain's tiles are kept as they
//! change (a play changes its own chain's, a chicken foot opens two toes),
//! the hands and the turn's flags are locals, and a play changes only what
//! a trains play changes. Every random pick is asked for in the same order
//! and over the same counts as [`Hand::random_step`], so a run ends in
//! exactly the state the step-by-step path reaches from the same picks; a
//! play that goes out goes through the general [`Hand::trains_play`], which
//! settles the ending.

use super::{line_run, Ending, Hand};
use crate::layout::MAX_CHAINS;
use crate::rules::{Claims, DrawRule, FirstTurn, LayoutKind};
use crate::tile::{Tile, TileSet};

impl Hand {
    /// Whether the rules let [`Hand::random_run`] use this kernel: the
    /// trains family with none of the scoring during play (end points,
    /// claims, pass points, penalties) or partners going out.
    #[inline]
    pub(super) fn rules_fit_trains_run(&self) -> bool {
        let r = &self.rules;
        r.layout().is_trains()
            && r.claims() == Claims::Auto
            && !r.scores_ends()
            && r.pass_points() == 0
            && !r.pass_penalties()
            && !(r.both_partners_out() && r.partners())
    }

    /// Play the rest of a hand whose engine is down; returns the number of
    /// actions applied.
    pub(super) fn trains_run(&mut self, pick: &mut impl FnMut(u32) -> u32) -> u32 {
        // Mexican Train's chains never grow, and up to seven players they
        // fit a `u64` a byte each: a seat's matches on them are counted
        // and found at once. Chicken foot's grow a foot's toes on every
        // double, and mostly a few are open to play: it looks at the
        // allowed ones one at a time.
        let mexican = matches!(self.layout.kind(), LayoutKind::Trains { .. });
        match (mexican, self.layout.chains().len() <= 8) {
            (true, true) => self.trains_run_with::<true, true>(pick),
            (true, false) => self.trains_run_with::<true, false>(pick),
            (false, _) => self.trains_run_with::<false, false>(pick),
        }
    }

    /// [`Hand::trains_run`]; `MEXICAN` for Mexican Train's layout, else
    /// chicken foot's; `PACKED` for at most eight chains, a byte each.
    fn trains_run_with<const MEXICAN: bool, const PACKED: bool>(
        &mut self,
        pick: &mut impl FnMut(u32) -> u32,
    ) -> u32 {
        debug_assert!(self.muggins == 0 && self.out == 0 && self.ending.is_none());
        debug_assert!(self.layout.posed().is_some());
        debug_assert!(!PACKED || self.layout.chains().len() <= 8);
        debug_assert_eq!(
            MEXICAN,
            matches!(self.layout.kind(), LayoutKind::Trains { .. })
        );
        let players = self.rules.players();
        let chain_first = MEXICAN && self.rules.first_turn() == FirstTurn::Chain;
        // The players' own trains; chains past them are the Mexican train.
        let trains = (1u32 << players) - 1;
        // The seat to act may draw while fewer than `draw_stop` are drawn.
        let draw_stop = if self.rules.draw() == DrawRule::Never {
            0
        } else {
            self.bone_len.saturating_sub(self.rules.draw().reserve())
        };
        let mut hands = [0u128; 8];
        for (h, t) in hands.iter_mut().zip(&self.hands) {
            *h = t.0;
        }
        // Each seat's tiles of each number: a chain's matches are the
        // count of the number it shows, without a set to count.
        let mut counts = [[0u8; 16]; 8];
        for (c, h) in counts.iter_mut().zip(&self.hands) {
            for t in h.iter() {
                add_tile(c, t, 1);
            }
        }
        let mut in_play = self.in_play.0;
        let mut layout = self.layout;
        // The number each chain shows.
        let mut pips = [0u8; MAX_CHAINS];
        for (p, c) in pips.iter_mut().zip(layout.chains()) {
            *p = c.pips;
        }
        let mut chains = layout.chains().len();
        // Packed (at most eight chains): the number each chain shows, a
        // byte a chain (unused bytes show no number), and each seat's
        // matches on every chain, a byte a chain, kept as they change (a
        // seat's draw or play changes its own bytes, a play the played
        // chain's byte of every seat) instead of gathered at every step.
        let mut shown = u64::MAX;
        let mut each = [0u64; 8];
        if PACKED {
            for (i, &p) in pips.iter().take(chains).enumerate() {
                shown = shown & !(0xff << (8 * i)) | u64::from(p) << (8 * i);
            }
            for (e, c) in each.iter_mut().zip(&counts) {
                *e = packed_counts(c, &pips, chains);
            }
        }
        let mut bone_next = self.bone_next;
        let (mut open, mut drew, mut chaining, mut turned) =
            (self.open, self.drew, self.chaining, self.turned);
        let mut passes = self.passes_since_play;
        let mut passed = self.passed_since_play;
        let mut last = self.last_player;
        let mut seat = self.to_act;
        let mut steps = 0u32;
        let stop = loop {
            steps += 1;
            let s = (seat & 7) as usize;
            let owed = layout.owed();
            let all = (1u32 << chains) - 1;
            // [`Hand::train_chains`].
            let allowed = if owed != 0 {
                owed
            } else if !MEXICAN {
                all
            } else if chaining {
                1 << seat
            } else {
                1 << seat | all & !trains | u32::from(open) & trains
            };
            let (count, prefix) = if PACKED {
                let prefix = packed_prefix(each[s], allowed);
                ((prefix >> 56) as u32, prefix)
            } else {
                (count_matches(&counts[s], &pips, allowed), 0)
            };
            let options = count + u32::from(chaining);
            // A forced draw or pass still takes one pick, as the step asks;
            // one call for both keeps one copy of the picker in the loop.
            let k = pick(options.max(1));
            let play = if options == 0 {
                if bone_next < draw_stop && !drew {
                    let t = self.boneyard[bone_next as usize];
                    bone_next += 1;
                    hands[s] |= t.bit().0;
                    in_play |= t.bit().0;
                    add_tile(&mut counts[s], t, 1);
                    if PACKED {
                        each[s] = each[s].wrapping_add(tile_bytes(shown, t));
                    }
                    drew = true;
                    if bone_next >= draw_stop && !takes_any(&pips, chains, owed, in_play) {
                        break Stop::Blocked;
                    }
                    continue;
                }
                None
            } else {
                (k < count).then(|| {
                    if PACKED {
                        find_packed(prefix, k)
                    } else {
                        find_match(&counts[s], &pips, allowed, k)
                    }
                })
            };
            let Some((id, k)) = play else {
                // [`Hand::trains_pass`]: a pass that ends no first-turn
                // chain opens the passer's train.
                if MEXICAN && !chaining {
                    open |= 1 << seat;
                }
                passes += 1;
                passed |= 1 << seat;
                turned |= 1 << seat;
                chaining = false;
                drew = false;
                seat = if seat + 1 == players { 0 } else { seat + 1 };
                if bone_next >= draw_stop && !takes_any(&pips, chains, owed, in_play) {
                    break Stop::Blocked;
                }
                continue;
            };
            let h = hands[s];
            let bit = nth_bit128(h & TileSet::suit(pips[id]).0, k);
            let Some(tile) = Tile::from_index(bit.trailing_zeros() as usize) else {
                unreachable!("a set bit of a tile set is a tile")
            };
            let id = id as u8;
            if h == bit {
                break Stop::Out(tile, id);
            }
            // [`Hand::play`] and [`Hand::trains_play`], for a play that
            // leaves the seat tiles.
            hands[s] = h & !bit;
            in_play &= !bit;
            add_tile(&mut counts[s], tile, u8::MAX);
            layout.place_on_train(tile, id);
            let shows = tile.other(pips[usize::from(id)]);
            pips[usize::from(id)] = shows;
            if PACKED {
                each[s] = each[s].wrapping_sub(tile_bytes(shown, tile));
                let shift = 8 * u32::from(id);
                shown = shown & !(0xff << shift) | u64::from(shows) << shift;
                for (e, c) in each.iter_mut().zip(&counts).take(usize::from(players)) {
                    *e = *e & !(0xff << shift) | u64::from(c[usize::from(shows & 15)]) << shift;
                }
            }
            if !MEXICAN && layout.chains().len() != chains {
                // A chicken foot: its new toes show the double's number.
                for p in pips.iter_mut().take(layout.chains().len()).skip(chains) {
                    *p = shows;
                }
                chains = layout.chains().len();
            }
            passed = 0;
            passes = 0;
            last = seat;
            let owed = layout.owed();
            if bone_next >= draw_stop && !takes_any(&pips, chains, owed, in_play) {
                break Stop::Blocked;
            }
            // Whether the seat plays again (Mexican Train: along its
            // first turn's chain, or after a double).
            let again = if MEXICAN {
                // Playing on its own train closes it (which seat plays
                // where is random: a mask, not a branch).
                open &= !(u16::from(id == seat) << seat);
                let chain_turn = chaining || (id == seat && chain_first && turned >> seat & 1 == 0);
                if chain_turn {
                    chaining = true;
                    let own = counts[s][usize::from(pips[s] & 15)];
                    own != 0 && (owed == 0 || owed == 1 << seat)
                } else {
                    tile.is_double()
                }
            } else {
                false
            };
            drew = false;
            if !again {
                // The turn ends; the block was looked for after the play.
                turned |= 1 << seat;
                chaining = false;
                seat = if seat + 1 == players { 0 } else { seat + 1 };
            }
        };
        for (t, &h) in self.hands.iter_mut().zip(&hands) {
            t.0 = h;
        }
        self.in_play = TileSet(in_play);
        self.layout = layout;
        self.bone_next = bone_next;
        self.open = open;
        self.drew = drew;
        self.chaining = chaining;
        self.turned = turned;
        self.passes_since_play = passes;
        self.passed_since_play = passed;
        self.last_player = last;
        self.to_act = seat;
        match stop {
            // The general play settles the ending.
            Stop::Out(tile, id) => self.trains_play(seat, tile, Some(id), &mut ()),
            Stop::Blocked => self.ending = Some(Ending::Blocked),
        }
        steps
    }
}

/// How a run of [`Hand::trains_run_with`] stops.
enum Stop {
    /// Nobody can play or draw.
    Blocked,
    /// The seat to act goes out with this tile on this chain.
    Out(Tile, u8),
}

/// Add `d` (wrapping: `u8::MAX` takes one away) to a seat's counts of
/// the numbers on `t` (a double counts once: it is one tile of its suit).
#[inline(always)]
fn add_tile(counts: &mut [u8; 16], t: Tile, d: u8) {
    let (a, b) = (usize::from(t.high() & 15), usize::from(t.low() & 15));
    counts[a] = counts[a].wrapping_add(d);
    counts[b] = counts[b].wrapping_add(d & u8::from(a != b).wrapping_neg());
}

/// One in each byte.
const BYTES: u64 = 0x0101_0101_0101_0101;

/// `SPREAD[m]`: one in byte `i` for each bit `i` of `m`.
const SPREAD: [u64; 256] = {
    let mut s = [0u64; 256];
    let mut m = 0;
    while m < 256 {
        let mut i = 0;
        while i < 8 {
            s[m] |= ((m as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        m += 1;
    }
    s
};

/// A seat's matches on each of the first `chains` (at most eight), a byte
/// a chain.
fn packed_counts(counts: &[u8; 16], pips: &[u8; MAX_CHAINS], chains: usize) -> u64 {
    let mut each = 0u64;
    for (i, &p) in pips.iter().take(chains.min(8)).enumerate() {
        each |= u64::from(counts[usize::from(p & 15)]) << (8 * i);
    }
    each
}

/// One in each byte of `shown` (a number a byte) that shows `n`.
#[inline(always)]
fn bytes_equal(shown: u64, n: u8) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let x = shown ^ (u64::from(n) * BYTES);
    // A byte's high bit is set exactly where `x`'s byte is zero.
    (!(((x & LOW7) + LOW7) | x | LOW7)) >> 7
}

/// What tile `t` adds to a seat's matches on the chains `shown` gives
/// (a byte a chain): one on each chain showing one of its numbers, once
/// for a double.
#[inline(always)]
fn tile_bytes(shown: u64, t: Tile) -> u64 {
    let (a, b) = (t.high(), t.low());
    bytes_equal(shown, a) + (bytes_equal(shown, b) & u64::from(a != b).wrapping_neg())
}

/// A seat's matches (`each`, a byte a chain) on the `allowed` of the first
/// eight chains, summed from the first: byte `i` holds the matches on
/// chains 0 to `i`, the top byte all of them (at most 8 chains of 13
/// tiles: no byte overflows into the next, or past 127).
#[inline(always)]
fn packed_prefix(each: u64, allowed: u32) -> u64 {
    (each & (SPREAD[(allowed & 0xff) as usize] * 0xff)).wrapping_mul(BYTES)
}

/// [`find_match`] from [`packed_prefix`]'s sums (`k` below the last): the
/// chains whose sum is at most `k` come before the one it falls on, and
/// are counted without a branch or a loop.
#[inline(always)]
fn find_packed(prefix: u64, k: u32) -> (usize, u32) {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte keeps its high bit where its sum is at most `k` (every byte
    // of both is below 128: no borrow crosses a byte).
    let at_most = (((u64::from(k) * BYTES) | HIGH) - prefix) & HIGH;
    let id = at_most.count_ones() as usize;
    // The sum before chain `id` (none before chain 0).
    let before = (prefix << 8 >> (8 * id)) as u8;
    (id, k - u32::from(before))
}

/// A seat's matches on the `allowed` chains, from its counts by number,
/// chain by chain.
#[inline(always)]
fn count_matches(counts: &[u8; 16], pips: &[u8; MAX_CHAINS], allowed: u32) -> u32 {
    let (mut n, mut bits) = (0, allowed);
    while bits != 0 {
        let i = bits.trailing_zeros() as usize % MAX_CHAINS;
        bits &= bits - 1;
        n += u32::from(counts[usize::from(pips[i] & 15)]);
    }
    n
}

/// The chain and the place among its matches (from the lowest tile) of
/// the `k`-th match, counting chain by chain in id order: the order
/// [`Hand::legal`] lists them in.
#[inline(always)]
fn find_match(counts: &[u8; 16], pips: &[u8; MAX_CHAINS], allowed: u32, k: u32) -> (usize, u32) {
    let (mut k, mut bits) = (k, allowed);
    while bits != 0 {
        let i = bits.trailing_zeros() as usize % MAX_CHAINS;
        bits &= bits - 1;
        let c = u32::from(counts[usize::from(pips[i] & 15)]);
        if k < c {
            return (i, k);
        }
        k -= c;
    }
    unreachable!("the pick is below the matches' count")
}

/// Whether some tile of `set` could be played on some chain
/// ([`Layout::takes_any`]): on the owed chains while some are owed, else on
/// any of them.
#[inline(always)]
fn takes_any(pips: &[u8; MAX_CHAINS], chains: usize, owed: u32, set: u128) -> bool {
    let mut bits = if owed != 0 {
        owed
    } else {
        (1u32 << chains) - 1
    };
    let mut m = 0;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize % MAX_CHAINS;
        bits &= bits - 1;
        m |= TileSet::suit(pips[i]).0;
    }
    set & m != 0
}

/// The `k`-th lowest set bit of `m` (`k` below its count) as a one-bit mask.
/// Which half holds it is random: both are looked at, and one chosen
/// without a branch.
#[inline(always)]
fn nth_bit128(m: u128, k: u32) -> u128 {
    let (low, high) = (m as u64, (m >> 64) as u64);
    let c = low.count_ones();
    let in_low = line_run::nth_bit(low, k.min(c.saturating_sub(1)));
    let in_high = line_run::nth_bit(high, k.saturating_sub(c));
    if k < c {
        u128::from(in_low)
    } else {
        u128::from(in_high) << 64
    }
}
