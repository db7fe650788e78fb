//! What every searcher here keeps from one search to the next: a
//! transposition table indexed by a key's low bits, and one move list per
//! ply, so that a warm search allocates nothing.

use domino_engine::{Action, MoveList};

use crate::stop::Stop;

/// What every searcher keeps from one search to the next, besides its own
/// settings: its table of `S` slots, one move list per ply and a scratch
/// list, the salt that sets this search's keys apart, and its node count
/// and limits (checking the clock every `EVERY` nodes).
pub(crate) struct Kept<S, const EVERY: u64> {
    pub(crate) table: Table<S>,
    pub(crate) plies: Plies,
    pub(crate) scratch: MoveList,
    pub(crate) salt: u64,
    pub(crate) stop: Stop<EVERY>,
}

impl<S: Copy, const EVERY: u64> Kept<S, EVERY> {
    /// A table of 2^`bits` slots (clamped to 8..=`max_bits`), all `empty`,
    /// and nothing searched yet.
    pub(crate) fn new(bits: u32, max_bits: u32, empty: S) -> Self {
        Kept {
            table: Table::new(bits, max_bits, empty),
            plies: Plies::default(),
            scratch: MoveList::new(),
            salt: 0,
            stop: Stop::default(),
        }
    }
}

/// The size of the table and the nodes of the last search: the slots
/// themselves would fill pages.
impl<S: Copy, const EVERY: u64> std::fmt::Debug for Kept<S, EVERY> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kept")
            .field("table", &self.table.len())
            .field("nodes", &self.stop.nodes)
            .finish()
    }
}

/// 2^bits slots, each found by the low bits of a position's key; a slot
/// carries its full key, so a reader tells a hit from another position.
pub(crate) struct Table<S> {
    slots: Vec<S>,
    mask: u64,
}

impl<S: Copy> Table<S> {
    /// 2^`bits` slots (`bits` clamped to 8..=`max_bits`), all `empty`.
    pub(crate) fn new(bits: u32, max_bits: u32, empty: S) -> Table<S> {
        let bits = bits.clamp(8, max_bits);
        Table {
            slots: vec![empty; 1 << bits],
            mask: (1u64 << bits) - 1,
        }
    }

    /// How many slots.
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// The slot `key` falls on.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> S {
        self.slots[(key & self.mask) as usize]
    }

    /// Store `slot` where `key` falls, replacing what was there.
    #[inline]
    pub(crate) fn put(&mut self, key: u64, slot: S) {
        self.slots[(key & self.mask) as usize] = slot;
    }

    /// Set every slot to `empty`.
    pub(crate) fn fill(&mut self, empty: S) {
        self.slots.fill(empty);
    }
}

/// One move list per ply of the search, taken while that ply is searched
/// and given back before it returns.
#[derive(Default)]
pub(crate) struct Plies(Vec<Vec<Action>>);

impl Plies {
    /// The list of `ply`, empty or holding its last moves.
    #[inline]
    pub(crate) fn take(&mut self, ply: usize) -> Vec<Action> {
        if self.0.len() <= ply {
            self.0.resize_with(ply + 1, Vec::new);
        }
        std::mem::take(&mut self.0[ply])
    }

    /// Give `ply`'s list back, for the next search at that ply.
    #[inline]
    pub(crate) fn give(&mut self, ply: usize, list: Vec<Action>) {
        self.0[ply] = list;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_fall_on_their_low_bits() {
        let mut t = Table::new(3, 20, (0u64, 0u8));
        assert_eq!(t.len(), 256, "at least 2^8 slots");
        t.put(0x1_05, (0x1_05, 7));
        assert_eq!(t.get(0x2_05), (0x1_05, 7), "same low bits, same slot");
        assert_eq!(t.get(0x06), (0, 0));
        t.fill((0, 0));
        assert_eq!(t.get(0x1_05), (0, 0));
        assert_eq!(Table::new(30, 10, 0u8).len(), 1024, "at most 2^max_bits");
    }

    #[test]
    fn a_ply_gets_back_what_it_gave() {
        let mut p = Plies::default();
        let mut l = p.take(3);
        l.push(Action::Pass);
        p.give(3, l);
        assert_eq!(p.take(3), vec![Action::Pass]);
        assert!(p.take(0).is_empty());
    }
}
