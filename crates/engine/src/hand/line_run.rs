//! The random playout of a plain line game, run on 64-bit masks.
//!
//! Playouts spend most of their time in the middle of a hand: a line with two
//! open ends, no drawing, no scoring while playing. Here that stretch runs on
//! local copies of the few values it touches, with sets of up to double-nine
//! as `u64`. Every random pick is asked for in the same order and over the
//! same counts as [`Hand::random_step`], so a run ends in exactly the state
//! the step-by-step path reaches from the same picks; the final play (a
//! domino or a block) goes through the general [`Hand::play`], which keeps
//! key tiles, capicu and the ending in one place.

use super::Hand;
use crate::layout::Chain;
use crate::rules::{Claims, DrawRule, LayoutKind};
use crate::tile::{Tile, TileSet, FLIP64, SUITS64};

impl Hand {
    /// Whether the rules let [`Hand::random_run`] use the kernel: a line of
    /// a set up to double-nine with no drawing and no scoring on the ends,
    /// claims, French penalties or partners going out.
    #[inline]
    fn rules_fit_line_run(&self) -> bool {
        let r = &self.rules;
        r.layout() == LayoutKind::Line
            && r.draw() == DrawRule::Never
            && r.claims() == Claims::Auto
            && r.max_pip() <= 9
            && !r.scores_ends()
            && !r.pass_penalties()
            && !(r.both_partners_out() && r.partners())
    }

    /// Play the rest of the hand with uniformly random legal actions (the
    /// distribution of [`Hand::sample_legal`]); returns the number of
    /// actions applied. `pick(n)` must return a number below `n`.
    pub fn random_run(&mut self, mut pick: impl FnMut(u32) -> u32) -> u32 {
        let mut steps = 0;
        let kernel = self.rules_fit_line_run();
        let chains = self.rules_fit_chains_run();
        let trains = self.rules_fit_trains_run();
        loop {
            // Once posed, nothing the kernel cannot take comes back.
            if kernel && self.layout.is_line() && self.ending.is_none() {
                return steps + self.line_run(&mut pick);
            }
            if chains && self.layout.posed().is_some() && self.ending.is_none() {
                return steps + self.chains_run(&mut pick);
            }
            if trains && self.layout.posed().is_some() && self.ending.is_none() {
                return steps + self.trains_run(&mut pick);
            }
            if kernel && self.line_pose(&mut pick) {
                steps += 1;
                continue;
            }
            if !self.random_step(&mut pick) {
                return steps;
            }
            steps += 1;
        }
    }

    /// The pose of a hand the kernel takes, as [`Hand::random_step`] makes
    /// it (the same pick over the same count, the same state after), on
    /// `u64` masks and without the general play; `false`, with nothing
    /// picked or changed, where the general path must pose (the hand
    /// already posed or over, or a poser holding one tile or none to pose).
    #[inline]
    fn line_pose(&mut self, pick: &mut impl FnMut(u32) -> u32) -> bool {
        let seat = self.to_act;
        let h = self.hands[(seat & 7) as usize].0 as u64;
        let poses = h & self.pose_allowed.0 as u64;
        if self.ending.is_some()
            || self.layout.posed().is_some()
            || poses == 0
            || h.count_ones() < 2
            || self.muggins != 0
        {
            return false;
        }
        let bit = nth_bit(poses, pick(poses.count_ones()));
        let Some(tile) = Tile::from_index(bit.trailing_zeros() as usize) else {
            unreachable!("a set bit of a double-nine set is a tile")
        };
        self.hands[(seat & 7) as usize].remove(tile);
        self.in_play.remove(tile);
        self.layout.pose(tile);
        self.passed_since_play = 0;
        self.last_player = seat;
        self.passes_since_play = 0;
        self.blocked_or_next_seat(seat);
        true
    }

    fn line_run(&mut self, pick: &mut impl FnMut(u32) -> u32) -> u32 {
        let players = self.rules.players();
        let mut hands = [0u64; 8];
        for (h, t) in hands.iter_mut().zip(&self.hands) {
            *h = t.0 as u64;
        }
        let start_in_play = self.in_play.0 as u64;
        let mut in_play = start_in_play;
        let chains = [self.layout.chains()[0], self.layout.chains()[1]];
        // Only what the next action needs lives in the loop: the two ends'
        // masks (a play swaps its end's mask by one XOR, with no pip
        // numbers), the hands, the tiles held, the seats. The rest of the
        // line (pips, lengths, doubles across, the passes since the last
        // play) is worked out once, when the run hands over.
        let mut suits = chains.map(|c| SUITS64[(c.pips & 15) as usize]);
        // The last tile each end took in the run (`NONE` for none yet),
        // and how many the second end took: the first's is the rest.
        let mut last_tile = [NONE; 2];
        let mut second_len = 0u32;
        let mut passes = 0u32;
        let mut last = self.last_player;
        debug_assert_eq!(
            (self.passes_since_play, self.passed_since_play),
            passes_between(last, self.to_act, players),
            "the run starts with the passes since the last play in turn order"
        );
        let pass_points = self.rules.pass_points() > 0;
        let mut seat = self.to_act;
        loop {
            let h = hands[(seat & 7) as usize];
            let m0 = h & suits[0];
            let m1 = h & suits[1];
            let c0 = m0.count_ones();
            let n = c0 + m1.count_ones();
            if n == 0 {
                passes += 1;
                if pass_points {
                    (self.passes_since_play, self.passed_since_play) =
                        passes_between(last, seat, players);
                    self.pass_bonus(seat, &mut ());
                }
                seat = if seat + 1 == players { 0 } else { seat + 1 };
                continue;
            }
            // Each end's first tiles with their lower tiles cleared, made
            // while the pick is being drawn: after it, only selects remain.
            let firsts = [m0, m1].map(|m| {
                let rest = m & m.wrapping_sub(1);
                [m, rest, rest & rest.wrapping_sub(1)]
            });
            let k = pick(n);
            let end = usize::from(k >= c0);
            let nth = k - if end == 1 { c0 } else { 0 };
            let bit = lowest(nth_of(firsts[end], nth));
            let index = bit.trailing_zeros() as usize;
            let mut next = suits;
            next[end] ^= FLIP64[index];
            if h == bit || in_play & !bit & (next[0] | next[1]) == 0 {
                // A domino or a block: hand the final play to the general path.
                let Some(tile) = Tile::from_index(index) else {
                    unreachable!("a set bit of a double-nine set is a tile")
                };
                let played = (start_in_play & !in_play).count_ones();
                let lens = [played - second_len, second_len];
                let ends = [0, 1].map(|e| Chain {
                    pips: pip_of(suits[e]),
                    len: chains[e].len + lens[e] as u8,
                    double_end: match Tile::from_index(usize::from(last_tile[e])) {
                        Some(t) => t.is_double(),
                        None => chains[e].double_end,
                    },
                    ..chains[e]
                });
                (self.passes_since_play, self.passed_since_play) =
                    passes_between(last, seat, players);
                self.last_player = last;
                let board = self.layout.board().0 as u64 | start_in_play & !in_play;
                self.write_back(&hands, in_play, board, ends, seat);
                debug_assert!(tile.has(pip_of(suits[end])));
                self.play(seat, tile, Some(end as u8), false, &mut ());
                return played + 1 + passes;
            }
            suits = next;
            last_tile[end] = index as u8;
            second_len += end as u32;
            hands[(seat & 7) as usize] = h & !bit;
            in_play &= !bit;
            last = seat;
            seat = if seat + 1 == players { 0 } else { seat + 1 };
        }
    }

    fn write_back(
        &mut self,
        hands: &[u64; 8],
        in_play: u64,
        board: u64,
        ends: [Chain; 2],
        seat: u8,
    ) {
        for (t, &h) in self.hands.iter_mut().zip(hands) {
            t.0 = h as u128;
        }
        self.in_play = TileSet(in_play as u128);
        self.layout.set_line(ends, TileSet(board as u128));
        self.to_act = seat;
    }
}

/// No tile: above every index of a set up to double-nine.
const NONE: u8 = u8::MAX;

/// The passes since `last` played with `seat` to act, in a stretch with no
/// drawing: every seat after `last` up to `seat` passed. Their number and
/// seats as the hand keeps them.
fn passes_between(last: u8, seat: u8, players: u8) -> (u8, u8) {
    let (mut count, mut seats) = (0, 0);
    let mut s = if last + 1 >= players { 0 } else { last + 1 };
    while s != seat {
        count += 1;
        seats |= 1 << s;
        s = if s + 1 == players { 0 } else { s + 1 };
    }
    (count, seats)
}

/// The number an end shows, from its mask of tiles carrying it: the one
/// double in the mask is that number's.
fn pip_of(suit: u64) -> u8 {
    let double = suit & TileSet::DOUBLES.0 as u64;
    match Tile::from_index(double.trailing_zeros() as usize) {
        Some(t) => t.high(),
        None => unreachable!("an end's mask is one number's tiles, its double among them"),
    }
}

/// The mask with its `k` lowest set bits cleared (`k` below its count),
/// given the mask with none, one and two cleared: selects for the common
/// small `k`, whose random value a branch would mispredict.
#[inline(always)]
fn nth_of(firsts: [u64; 3], k: u32) -> u64 {
    let mut m = firsts[0];
    m = if k >= 1 { firsts[1] } else { m };
    m = if k >= 2 { firsts[2] } else { m };
    for _ in 2..k {
        m &= m - 1;
    }
    m
}

/// The `k`-th lowest set bit of `m` (`k` below its count) as a one-bit
/// mask, by selects for the common small `k`.
#[inline(always)]
pub(super) fn nth_bit(m: u64, k: u32) -> u64 {
    let rest = m & m.wrapping_sub(1);
    lowest(nth_of([m, rest, rest & rest.wrapping_sub(1)], k))
}

/// The lowest set bit of `m` as a one-bit mask.
#[inline(always)]
fn lowest(m: u64) -> u64 {
    m & m.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Deal;
    use crate::playout::Picker;
    use crate::rules::{every_preset_set_and_count, RulesSpec};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The step's shortcuts (straight to the move on any layout, `u64`
    /// masks up to double-nine, the early block check) take the action
    /// [`Hand::sample_legal`] picks with the same numbers, and reach the
    /// state applying it reaches, at every step of every preset and set.
    #[test]
    fn step_matches_sample_and_apply() {
        for (preset, players, rules) in every_preset_set_and_count(2..=4) {
            let mut deals = ChaCha8Rng::seed_from_u64(u64::from(players) + 100);
            for i in 0..100u64 {
                let deal = Deal::random(&rules, &mut deals);
                let poser = (i % u64::from(players)) as u8;
                let mut fast = Hand::new(&rules, &deal, poser, TileSet::full(rules.max_pip()));
                let mut slow = fast;
                let mut picks = [ChaCha8Rng::seed_from_u64(i), ChaCha8Rng::seed_from_u64(i)];
                let mut pickers = [Picker::default(), Picker::default()];
                let [ra, rb] = &mut picks;
                let [pa, pb] = &mut pickers;
                while fast.random_step(|n| pa.below(ra, n)) {
                    let a = slow.sample_legal(|n| pb.below(rb, n));
                    let Some(a) = a else {
                        panic!("{} {players} deal {i}: no action", preset.name())
                    };
                    slow.apply_unchecked(a, &mut ());
                    // Compared whole (written out only when they differ:
                    // writing both at every step was most of the test's time).
                    assert!(
                        fast == slow,
                        "{} {players} deal {i} after {a:?}:\n{fast:?}\n{slow:?}",
                        preset.name()
                    );
                }
                assert!(slow.is_over() && slow.sample_legal(|_| 0).is_none());
            }
        }
    }

    /// The passes since a play, read from who played and who is to act:
    /// none right after it, the seats between otherwise, round the table.
    #[test]
    fn passes_between_counts_the_seats_after_the_last_play() {
        assert_eq!(passes_between(0, 1, 4), (0, 0));
        assert_eq!(passes_between(0, 3, 4), (2, 0b0110));
        assert_eq!(passes_between(2, 1, 4), (2, 0b1001));
        assert_eq!(passes_between(3, 3, 4), (3, 0b0111));
        assert_eq!(passes_between(1, 0, 2), (0, 0));
        assert_eq!(passes_between(1, 1, 2), (1, 0b01));
    }

    /// Each end's number read back from its tile mask, and a tile's flip
    /// turning one number's mask into the other's.
    #[test]
    fn flips_and_pips_of_every_tile() {
        let mut tiles = 0;
        for (i, flip) in FLIP64.iter().enumerate() {
            let Some(t) = Tile::from_index(i).filter(|t| t.high() <= 9) else {
                continue;
            };
            tiles += 1;
            for n in [t.low(), t.high()] {
                let after = SUITS64[usize::from(n)] ^ flip;
                assert_eq!(pip_of(after), t.other(n), "{t:?} on {n}");
            }
        }
        assert_eq!(tiles, 55, "every tile of double-nine");
    }

    /// The kernels and the step-by-step path, fed the same picks, end in
    /// the same state for every preset and player count they take (and for
    /// the others, where they must step through the general path).
    #[test]
    fn run_matches_step_by_step() {
        let mut covered = 0;
        let (mut chains, mut many_chains) = (0, 0);
        for (preset, players, rules) in every_preset_set_and_count(2..=5) {
            let mut deals = ChaCha8Rng::seed_from_u64(u64::from(players));
            for i in 0..300u64 {
                let deal = Deal::random(&rules, &mut deals);
                let poser = (i % u64::from(players)) as u8;
                let start = Hand::new(&rules, &deal, poser, TileSet::full(rules.max_pip()));
                let (mut fast, mut slow) = (start, start);
                let mut picks = [ChaCha8Rng::seed_from_u64(i), ChaCha8Rng::seed_from_u64(i)];
                let mut pickers = [Picker::default(), Picker::default()];
                let [ra, rb] = &mut picks;
                let [pa, pb] = &mut pickers;
                let n = fast.random_run(|n| pa.below(ra, n));
                let mut steps = 0;
                while slow.random_step(|n| pb.below(rb, n)) {
                    steps += 1;
                }
                assert_eq!(n, steps, "{} {players} deal {i}", preset.name());
                assert_eq!(fast, slow, "{} {players} deal {i}", preset.name());
                assert!(fast.is_over());
                covered += usize::from(
                    start.rules.draw() == DrawRule::Never
                        && start.rules.layout() == LayoutKind::Line,
                );
                chains += usize::from(start.rules_fit_chains_run());
                // Past eight chains the chains' kernel changes its room.
                many_chains += usize::from(fast.layout.chains().len() > 8);
            }
        }
        assert!(
            covered > 1000,
            "the kernel's games were covered {covered} times"
        );
        assert!(
            chains > 1000 && many_chains > 10,
            "the chains' kernel ran {chains} times, {many_chains} past eight chains"
        );
    }

    proptest::proptest! {
        /// Any deal, poser and stream of picks: the whole-hand run and the
        /// step-by-step path end in the same state after the same number of
        /// actions, for the games the kernels take.
        #[test]
        fn run_equals_steps_for_any_picks(
            preset in proptest::sample::select(&[
                "jamaican", "cutthroat", "chiva", "puerto-rican", "block",
                "cross", "double-nine-cross", "french",
            ][..]),
            players in 2u8..=4,
            deal_seed: u64,
            pick_seed: u64,
        ) {
            let mut spec = RulesSpec::preset(preset);
            spec.players = Some(players);
            let Ok(rules) = spec.resolve() else { return Ok(()) };
            let deal = Deal::random(&rules, &mut ChaCha8Rng::seed_from_u64(deal_seed));
            let poser = (pick_seed % u64::from(players)) as u8;
            let start = Hand::new(&rules, &deal, poser, TileSet::full(rules.max_pip()));
            let (mut fast, mut slow) = (start, start);
            let (mut ra, mut rb) = (
                ChaCha8Rng::seed_from_u64(pick_seed),
                ChaCha8Rng::seed_from_u64(pick_seed),
            );
            let (mut pa, mut pb) = (Picker::default(), Picker::default());
            let n = fast.random_run(|n| pa.below(&mut ra, n));
            let mut steps = 0;
            while slow.random_step(|n| pb.below(&mut rb, n)) {
                steps += 1;
            }
            proptest::prop_assert_eq!(n, steps);
            proptest::prop_assert_eq!(fast, slow);
            proptest::prop_assert!(fast.is_over());
        }
    }
}
