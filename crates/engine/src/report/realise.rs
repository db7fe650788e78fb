//! Whether some deal could leave the seats holding what a report says: an
//! exact search for disjoint hands of the set, of the sizes the game
//! allows, that make each seat's count (and hold a double or not, where
//! the report says).
//!
//! Only a tile's count and whether it is a double matter, so the set is
//! searched as classes of interchangeable tiles (at most 38, in double
//! twelve), seat after seat, and every (seat, tiles left, tiles held)
//! state that failed once is remembered. A search that outgrows its
//! budget accepts the report: a refusal is always proven.

use std::collections::HashSet;

use crate::tile::Tile;

/// Searches this large or larger accept the report undecided; the worst
/// full sheet measured stays far below (docs/keep.md).
const BUDGET: u64 = 2_000_000;

/// What one seat must hold at the end of the hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Holding {
    pub count: u32,
    /// The fewest and most tiles the seat can hold.
    pub min_tiles: u8,
    pub max_tiles: u8,
    /// French: whether the seat holds a double (`None`: not said).
    pub double: Option<bool>,
}

/// The search's answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    Possible,
    Impossible,
    /// Over the budget: not decided, so accepted.
    Undecided,
}

/// Tiles of one count and kind, all alike to the search.
#[derive(Copy, Clone, Debug)]
struct Class {
    value: u32,
    double: bool,
}

/// The tiles that could still be held, as classes and how many of each.
#[derive(Clone, Debug)]
pub(super) struct Pool {
    classes: Vec<Class>,
    many: Vec<u8>,
}

impl Pool {
    /// `tiles` with each tile's count as `count_of` gives it.
    pub fn new(tiles: impl IntoIterator<Item = Tile>, count_of: impl Fn(Tile) -> u32) -> Pool {
        let mut pool = Pool {
            classes: Vec::new(),
            many: Vec::new(),
        };
        for t in tiles {
            let (value, double) = (count_of(t), t.is_double());
            match pool
                .classes
                .iter()
                .position(|c| c.value == value && c.double == double)
            {
                Some(i) => pool.many[i] += 1,
                None => {
                    pool.classes.push(Class { value, double });
                    pool.many.push(1);
                }
            }
        }
        // Ascending counts let the search bound what is left by the class
        // it stands on.
        let mut order: Vec<usize> = (0..pool.classes.len()).collect();
        order.sort_by_key(|&i| (pool.classes[i].value, pool.classes[i].double));
        Pool {
            classes: order.iter().map(|&i| pool.classes[i]).collect(),
            many: order.iter().map(|&i| pool.many[i]).collect(),
        }
    }

    /// The same pool less one double of each kind in turn: the last tile
    /// was a double, so one double at least is on the table.
    pub fn less_one_double(&self) -> Vec<Pool> {
        (0..self.classes.len())
            .filter(|&i| self.classes[i].double && self.many[i] > 0)
            .map(|i| {
                let mut p = self.clone();
                p.many[i] -= 1;
                p
            })
            .collect()
    }

    /// How far a seat's count lies from the least and the most its tiles
    /// could make from the whole pool, whichever is nearer.
    fn slack(&self, h: &Holding) -> u32 {
        let mut values: Vec<u32> = self
            .classes
            .iter()
            .zip(&self.many)
            .filter(|(c, _)| !(c.double && h.double == Some(false)))
            .flat_map(|(c, &m)| std::iter::repeat_n(c.value, usize::from(m)))
            .collect();
        values.sort_unstable();
        let low: u32 = values.iter().take(usize::from(h.min_tiles)).sum();
        let high: u32 = values.iter().rev().take(usize::from(h.max_tiles)).sum();
        h.count
            .saturating_sub(low)
            .min(high.saturating_sub(h.count))
    }

    /// Whether disjoint hands from this pool can make every holding, with
    /// at most `held_max` tiles held in all.
    pub fn holds(&self, seats: &[Holding], held_max: u32) -> Verdict {
        let mut seats = seats.to_vec();
        // A count near the least or the most its tiles can make fits the
        // fewest hands: deciding those first prunes most.
        seats.sort_by_key(|h| self.slack(h));
        let mut search = Search {
            classes: &self.classes,
            seats: &seats,
            held_max,
            later_min: (0..seats.len())
                .map(|s| seats[s + 1..].iter().map(|h| u32::from(h.min_tiles)).sum())
                .collect(),
            failed: HashSet::new(),
            nodes: 0,
        };
        let mut many = self.many.clone();
        match search.seat(0, &mut many, 0) {
            Ok(true) => Verdict::Possible,
            Ok(false) => Verdict::Impossible,
            Err(OverBudget) => Verdict::Undecided,
        }
    }
}

struct OverBudget;

struct Search<'a> {
    classes: &'a [Class],
    seats: &'a [Holding],
    held_max: u32,
    /// The fewest tiles the seats after each one hold.
    later_min: Vec<u32>,
    /// States (seat, tiles left, tiles held) known to have no way on.
    failed: HashSet<(usize, u128, u32)>,
    nodes: u64,
}

impl Search<'_> {
    /// Whether seats `s..` can be served from `many`, `used` tiles being
    /// held by the earlier seats.
    fn seat(&mut self, s: usize, many: &mut [u8], used: u32) -> Result<bool, OverBudget> {
        if s == self.seats.len() {
            return Ok(true);
        }
        let key = (s, pack(many), used);
        if self.failed.contains(&key) {
            return Ok(false);
        }
        if !self.may_serve(s, many, used) {
            self.failed.insert(key);
            return Ok(false);
        }
        let h = self.seats[s];
        let found = self.pick(s, 0, many, h.count, 0, false, used)?;
        if !found {
            self.failed.insert(key);
        }
        Ok(found)
    }

    /// A quick bound before the search of seats `s..`: their tiles fit
    /// under `held_max`, and their counts together lie between the
    /// fewest pips and the most that many tiles of what is left make.
    fn may_serve(&self, s: usize, many: &[u8], used: u32) -> bool {
        let rest = &self.seats[s..];
        let fewest: u32 = rest.iter().map(|h| u32::from(h.min_tiles)).sum();
        let most: u32 = rest.iter().map(|h| u32::from(h.max_tiles)).sum();
        let most = most.min(self.held_max.saturating_sub(used));
        if used + fewest > self.held_max {
            return false;
        }
        let total: u32 = rest.iter().map(|h| h.count).sum();
        // Doubles count only if some seat left may hold one.
        let doubles = rest.iter().any(|h| h.double != Some(false));
        let values = || {
            self.classes
                .iter()
                .zip(many)
                .filter(move |(c, _)| doubles || !c.double)
                .flat_map(|(c, &m)| std::iter::repeat_n(c.value, usize::from(m)))
        };
        let low: u32 = values().take(fewest as usize).sum();
        let high: u32 = values()
            .collect::<Vec<_>>()
            .iter()
            .rev()
            .take(most as usize)
            .sum();
        low <= total && total <= high
    }

    /// Choose how many tiles of class `i` and on seat `s` takes, having
    /// `left` pips still to make with `took` tiles taken.
    #[allow(clippy::too_many_arguments)]
    fn pick(
        &mut self,
        s: usize,
        i: usize,
        many: &mut [u8],
        left: u32,
        took: u8,
        has_double: bool,
        used: u32,
    ) -> Result<bool, OverBudget> {
        self.nodes += 1;
        if self.nodes > BUDGET {
            return Err(OverBudget);
        }
        let h = self.seats[s];
        if i == self.classes.len() {
            let done = left == 0
                && took >= h.min_tiles
                && h.double.is_none_or(|d| d == has_double)
                && used + u32::from(took) <= self.held_max;
            return if done {
                self.seat(s + 1, many, used + u32::from(took))
            } else {
                Ok(false)
            };
        }
        if used + u32::from(took.max(h.min_tiles)) + self.later_min[s] > self.held_max {
            return Ok(false);
        }
        let room = h.max_tiles - took;
        let value = self.classes[i].value;
        // Every class from here on counts `value` or more.
        let need = u32::from(h.min_tiles.saturating_sub(took));
        if left < need * value {
            return Ok(false);
        }
        if left > 0 {
            let top = (i..self.classes.len())
                .rev()
                .find(|&j| many[j] > 0 && !(self.classes[j].double && h.double == Some(false)))
                .map_or(0, |j| self.classes[j].value);
            if top == 0 || left > u32::from(room) * top {
                return Ok(false);
            }
        }
        let double = self.classes[i].double;
        let mut most = many[i].min(room);
        // A class of blanks (value 0) is bounded by its number only.
        if let Some(fit) = left.checked_div(value) {
            most = most.min(u8::try_from(fit).unwrap_or(u8::MAX));
        }
        if double && h.double == Some(false) {
            most = 0;
        }
        for x in (0..=most).rev() {
            many[i] -= x;
            let found = self.pick(
                s,
                i + 1,
                many,
                left - value * u32::from(x),
                took + x,
                has_double || (double && x > 0),
                used,
            );
            many[i] += x;
            if found? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The tiles left, three bits a class (at most 7 alike, 38 classes).
fn pack(many: &[u8]) -> u128 {
    many.iter()
        .fold(0u128, |acc, &m| (acc << 3) | u128::from(m & 7))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::TileSet;

    fn pool(max_pip: u8) -> Pool {
        Pool::new(TileSet::full(max_pip).iter(), |t| u32::from(t.pips()))
    }

    fn seat(count: u32) -> Holding {
        Holding {
            count,
            min_tiles: 1,
            max_tiles: 7,
            double: None,
        }
    }

    #[test]
    fn one_tile_of_one_pip_serves_one_seat() {
        let p = pool(6);
        assert_eq!(p.holds(&[seat(1), seat(30)], 28), Verdict::Possible);
        assert_eq!(
            p.holds(&[seat(1), seat(1), seat(30)], 28),
            Verdict::Impossible
        );
    }

    #[test]
    fn nothing_held_is_the_double_blank_once() {
        let p = pool(6);
        assert_eq!(p.holds(&[seat(0)], 28), Verdict::Possible);
        assert_eq!(p.holds(&[seat(0), seat(0)], 28), Verdict::Impossible);
    }

    #[test]
    fn a_double_held_is_a_double_counted() {
        let p = pool(6);
        let with = |count, double| Holding {
            double: Some(double),
            ..seat(count)
        };
        assert_eq!(p.holds(&[with(0, true)], 28), Verdict::Possible);
        assert_eq!(p.holds(&[with(0, false)], 28), Verdict::Impossible);
        // 6-6 is the only tile of twelve alone, and a double.
        let one = Holding {
            max_tiles: 1,
            ..with(12, false)
        };
        assert_eq!(p.holds(&[one], 28), Verdict::Impossible);
    }

    #[test]
    fn tiles_held_in_all_are_bounded() {
        let p = pool(6);
        let full = Holding {
            min_tiles: 7,
            ..seat(40)
        };
        assert_eq!(p.holds(&[full, full], 14), Verdict::Possible);
        assert_eq!(p.holds(&[full, full], 13), Verdict::Impossible);
    }
}
