//! The random playout of the games laid out on several chains (the cross,
//! double-nine cross, French arms), run on local copies.
//!
//! Once posed, these games step through the same few facts over and over:
//! each chain's accepted tiles, a pick among the seat's matches, a draw or
//! a pass when there are none. Here the hands and the tiles in play are
//! `u64` masks, the layout is a local copy, and each chain's accepted tiles
//! are kept up to date play by play: they give the next seat's count, and
//! their union whether the seat must draw or pass and the block check
//! after the play. The rest of a play (French penalties, the chains'
//! rules) goes through the same helpers as [`Hand::play`]. Every
//! random pick is asked for in the same order and over the same counts as
//! [`Hand::random_step`], so a run ends in exactly the state the
//! step-by-step path reaches from the same picks; a play that goes out goes
//! through the general [`Hand::play`].

use super::{line_run, Ending, Hand};
use crate::layout::MAX_CHAINS;
use crate::rules::{Claims, DrawRule, LayoutKind};
use crate::tile::{Tile, TileSet};

impl Hand {
    /// Whether the rules let [`Hand::random_run`] use this kernel: a layout
    /// of several chains, a set up to double-nine, no scoring on the ends,
    /// no claims, pass points or partners going out.
    #[inline]
    pub(super) fn rules_fit_chains_run(&self) -> bool {
        let r = &self.rules;
        matches!(
            r.layout(),
            LayoutKind::Cross | LayoutKind::CrossEveryDouble | LayoutKind::French
        ) && r.claims() == Claims::Auto
            && r.max_pip() <= 9
            && !r.scores_ends()
            && r.pass_points() == 0
            && !(r.both_partners_out() && r.partners())
    }

    /// Play the rest of a posed hand the kernel takes; returns the number
    /// of actions applied.
    pub(super) fn chains_run(&mut self, pick: &mut impl FnMut(u32) -> u32) -> u32 {
        // The cross and French never hold more than four chains; double-nine
        // cross rarely more than eight. A run stops without an ending only
        // once its chains outgrow its room, and the next has more, up to
        // every chain. French penalties (only French has them) are a
        // constant of each run, so the others carry no check for them.
        let penalties = self.rules.pass_penalties();
        let grows = self.rules.layout() == LayoutKind::CrossEveryDouble;
        let mut steps = 0;
        loop {
            steps += match (self.layout.chains().len(), penalties) {
                (..=4, false) if !grows => self.chains_run_upto::<4, false>(pick),
                (..=4, true) if !grows => self.chains_run_upto::<4, true>(pick),
                (..=8, false) => self.chains_run_upto::<8, false>(pick),
                (_, false) => self.chains_run_upto::<MAX_CHAINS, false>(pick),
                (_, true) => self.chains_run_upto::<MAX_CHAINS, true>(pick),
            };
            if self.ending.is_some() {
                return steps;
            }
        }
    }

    fn chains_run_upto<const N: usize, const PENALTIES: bool>(
        &mut self,
        pick: &mut impl FnMut(u32) -> u32,
    ) -> u32 {
        debug_assert!(self.muggins == 0 && self.out == 0 && self.ending.is_none());
        debug_assert_eq!(PENALTIES, self.rules.pass_penalties());
        let players = self.rules.players();
        // The seat to act may draw while fewer than `draw_stop` are drawn.
        let draw_stop = if self.rules.draw() == DrawRule::Never {
            0
        } else {
            self.bone_len.saturating_sub(self.rules.draw().reserve())
        };
        let mut bone_next = self.bone_next;
        let mut hands = [0u64; 8];
        for (h, t) in hands.iter_mut().zip(&self.hands) {
            *h = t.0 as u64;
        }
        let mut in_play = self.in_play.0 as u64;
        let mut layout = self.layout;
        // Each chain's accepted tiles (past the last chain: zero up to
        // four chains, unused past four).
        let mut accepts = [0u64; N];
        layout.accepts64_into(&mut accepts);
        let mut passes = self.passes_since_play;
        let mut passed = self.passed_since_play;
        let mut last = self.last_player;
        let mut seat = self.to_act;
        let mut steps = 0u32;
        // The tiles any chain accepts: whether the seat must draw or pass,
        // and the block check.
        let room = if N <= 4 { N } else { layout.chains().len() };
        let mut any = union(&accepts, room);
        // How the run ends: blocked, a play going out (tile, chain), or
        // more chains than `N` (the hand goes on).
        let stop = loop {
            steps += 1;
            let h = hands[(seat & 7) as usize];
            if h & any == 0 {
                if bone_next < draw_stop {
                    let t = self.boneyard[bone_next as usize].bit().0 as u64;
                    bone_next += 1;
                    hands[(seat & 7) as usize] = h | t;
                    in_play |= t;
                    if bone_next >= draw_stop && in_play & any == 0 {
                        break Stop::Blocked;
                    }
                } else {
                    passes += 1;
                    if PENALTIES {
                        self.penalties_on_pass(seat, &mut ());
                    }
                    passed |= 1 << seat;
                    seat = if seat + 1 == players { 0 } else { seat + 1 };
                }
                continue;
            }
            let len = if N <= 4 { N } else { layout.chains().len() };
            let mut matches = [0u64; N];
            let mut n = 0;
            for (m, a) in matches.iter_mut().zip(&accepts).take(len) {
                *m = a & h;
                n += m.count_ones();
            }
            let (id, bit) = pick_among(&matches, len, pick(n));
            let Some(tile) = Tile::from_index(bit.trailing_zeros() as usize) else {
                unreachable!("a set bit of a double-nine set is a tile")
            };
            if h == bit {
                break Stop::Out(tile, id);
            }
            hands[(seat & 7) as usize] = h & !bit;
            in_play &= !bit;
            layout.place_keeping_accepts64(tile, id, &mut accepts);
            if PENALTIES {
                self.penalties_on_play(seat, last, passes, &mut ());
            }
            passed = 0;
            passes = 0;
            last = seat;
            let len = layout.chains().len();
            if len > N {
                break Stop::Grew;
            }
            let len = if N <= 4 { N } else { len };
            any = union(&accepts, len);
            if bone_next >= draw_stop && in_play & any == 0 {
                break Stop::Blocked;
            }
            seat = if seat + 1 == players { 0 } else { seat + 1 };
        };
        for (t, &h) in self.hands.iter_mut().zip(&hands) {
            t.0 = u128::from(h);
        }
        self.in_play = TileSet(u128::from(in_play));
        self.layout = layout;
        self.bone_next = bone_next;
        self.passes_since_play = passes;
        self.passed_since_play = passed;
        self.last_player = last;
        self.to_act = seat;
        match stop {
            // The general play settles the ending.
            Stop::Out(tile, id) => self.play(seat, tile, Some(id), false, &mut ()),
            Stop::Blocked => self.ending = Some(Ending::Blocked),
            // The play is made: the block check and the next seat are left
            // to the run with room for the chains.
            Stop::Grew => {
                self.blocked_or_next_seat(seat);
            }
        }
        steps
    }
}

/// How a run of [`Hand::chains_run_upto`] stops.
enum Stop {
    /// Nobody can play or draw.
    Blocked,
    /// The seat to act goes out with this tile on this chain.
    Out(Tile, u8),
    /// The last play opened more chains than the run has room for.
    Grew,
}

/// The tiles any of the first `len` chains accepts.
#[inline(always)]
fn union<const N: usize>(accepts: &[u64; N], len: usize) -> u64 {
    accepts.iter().take(len).fold(0, |m, a| m | a)
}

/// The chain (by id) and the tile (as a one-bit mask) the `k`-th of the
/// matches falls on, counting chain by chain in id order and each chain's
/// tiles from the lowest: the order [`Hand::sample_legal`] lists them in.
/// Which chain it is, is random: counted without a branch per chain.
#[inline(always)]
pub(super) fn pick_among<const N: usize>(matches: &[u64; N], len: usize, k: u32) -> (u8, u64) {
    let (mut id, mut before, mut upto) = (0, 0, 0);
    for &m in matches.iter().take(len) {
        upto += m.count_ones();
        let past = upto <= k;
        id += usize::from(past);
        before = if past { upto } else { before };
    }
    (id as u8, line_run::nth_bit(matches[id % N], k - before))
}
