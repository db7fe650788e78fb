//! The hash key of a hand for search: one implementation of every fact that
//! decides a hand's future, for the transposition tables of the solver and
//! the other searches over full-information positions.

use super::Hand;
use crate::rules::{LayoutKind, MugginsBy};

/// A 64-bit finalizer (splitmix64): every input bit reaches every output bit.
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Hand {
    /// What stays fixed through a whole search from this hand and is left
    /// out of [`Hand::search_key`]: the rules (the same tiles in another
    /// game have another value), the side searched for, the match's hand
    /// number and the boneyard's order.
    pub fn search_salt(&self, side: usize, hand_number: u32) -> u64 {
        let r = &self.rules;
        let rules = [
            r.preset() as u64,
            u64::from(r.players()),
            u64::from(r.max_pip()),
            r.removed().0 as u64,
            u64::from(r.partners()),
            r.draw() as u64,
            r.layout().code(),
            u64::from(r.key_tile()),
            r.pass_points() as u64,
            r.blocked() as u64,
            r.muggins_by() as u64,
            u64::from(r.premiums()),
            r.scoring() as u64,
            u64::from(r.both_partners_out()),
            u64::from(r.double_blank_ten()),
            u64::from(r.capicu_same_ends()),
            r.claims() as u64,
        ];
        let mut salt = rules.iter().fold(0u64, |k, &x| mix(k ^ x));
        salt = mix(salt ^ side as u64 ^ (u64::from(hand_number) << 8));
        for t in self.boneyard() {
            salt = mix(salt ^ t.index() as u64);
        }
        salt
    }

    /// The table key of the hand over a [`Hand::search_salt`]: every seat's
    /// tiles, the open ends (a line's two ends in order, since they are
    /// interchangeable), the seat to act, the seats that passed since the
    /// last tile, each seat's passes in a row (French), the boneyard left
    /// and pending muggins.
    #[inline]
    pub fn search_key(&self, salt: u64) -> u64 {
        let rules = &self.rules;
        let mut k = salt;
        for s in 0..rules.players() {
            let t = self.hand(s).0;
            k = mix(k ^ t as u64) ^ (t >> 64) as u64;
        }
        let mut word = 0u64;
        let mut shift = 0;
        let chains = self.layout.chains();
        let swapped;
        let chains = match chains {
            [c0, c1]
                if self.layout.kind() == LayoutKind::Line
                    && (c1.pips, c1.len) < (c0.pips, c0.len) =>
            {
                swapped = [*c1, *c0];
                &swapped[..]
            }
            _ => chains,
        };
        for c in chains {
            let b = u64::from(c.pips)
                | u64::from(c.len > 0) << 4
                | u64::from(c.double_end) << 5
                | u64::from(c.counts_empty) << 6;
            word |= b << shift;
            shift += 7;
            if shift > 56 {
                k = mix(k ^ word);
                word = 0;
                shift = 0;
            }
        }
        k = mix(k ^ word ^ (self.layout.chains().len() as u64) << 60);
        let mut runs = 0u64;
        if rules.pass_penalties() {
            for (i, r) in self.pass_run.iter().enumerate() {
                runs |= u64::from(*r) << (2 * i);
            }
        }
        let misc = u64::from(self.to_act())
            | u64::from(self.passed_since_play) << 8
            | (self.boneyard().len() as u64) << 16
            | (self.muggins_available() as u64 & 0xffff) << 24
            | runs << 40;
        if rules.muggins_by() == MugginsBy::Any {
            let (points, from, declined) = self.muggins_state();
            k = mix(k
                ^ (points as u64 & 0xffff)
                ^ u64::from(from) << 16
                ^ u64::from(declined) << 24);
        }
        if self.trains() {
            // Who may play where, and what the chains owe, decide the future.
            k = mix(k
                ^ u64::from(self.open)
                ^ u64::from(self.turned) << 16
                ^ u64::from(self.drew) << 32
                ^ u64::from(self.chaining) << 33
                ^ u64::from(self.layout.owed()) << 34);
        }
        mix(k ^ misc)
    }
}

#[cfg(test)]
mod tests {
    use crate::action::MoveList;
    use crate::deal::Deal;
    use crate::hand::Hand;
    use crate::rules::Rules;
    use crate::tile::TileSet;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn start(preset: &str, seed: u64) -> Hand {
        let rules = Rules::of_preset(preset).unwrap_or_else(|e| panic!("{preset}: {e}"));
        let deal = Deal::random(&rules, &mut ChaCha8Rng::seed_from_u64(seed));
        Hand::new(&rules, &deal, 0, TileSet::full(rules.max_pip()))
    }

    /// Each legal action leads to a position with its own key, and the
    /// salt tells the side and the hand's number apart.
    #[test]
    fn keys_tell_positions_apart() {
        let h = start("block", 3);
        let salt = h.search_salt(0, 1);
        let mut moves = MoveList::new();
        h.legal(&mut moves);
        let mut keys = std::collections::HashSet::new();
        for &a in moves.iter() {
            let mut c = h;
            c.apply_unchecked(a, &mut ());
            assert!(keys.insert(c.search_key(salt)), "{a:?} shares a key");
        }
        assert!(!keys.contains(&h.search_key(salt)));
        assert_ne!(h.search_salt(0, 1), h.search_salt(1, 1));
        assert_ne!(h.search_salt(0, 1), h.search_salt(0, 2));
    }

    /// The seats that passed since the last tile are part of the key: they
    /// decide the pass points of Puerto Rican partners.
    #[test]
    fn passes_are_in_the_key() {
        let mut a = start("puerto-rican", 5);
        let b = a;
        a.passed_since_play = 0b10;
        let salt = a.search_salt(0, 1);
        assert_ne!(a.search_key(salt), b.search_key(salt));
    }
}
