//! Values when the boneyard's order is unknown: each order is a different
//! fully known position, so an action's value is its average over the
//! orders, each order solved with full information. With few orders the
//! average is exact (every order counted once); with many it is estimated
//! from a seeded sample of orders, with its standard error.

use domino_engine::{Action, Tile};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::analysis::Analyst;
use crate::solver::Position;

/// How the orders were covered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Coverage {
    /// Every order that matters, each once.
    All,
    /// This many orders drawn at random (with this seed).
    Sampled { seed: u64 },
}

/// Every legal action's value averaged over boneyard orders.
#[derive(Clone, Debug, PartialEq)]
pub struct Expectation {
    /// Each action with its mean value and the standard error of that mean
    /// (0 when every order was counted).
    pub values: Vec<(Action, f64, f64)>,
    /// Orders that give different positions: the boneyard's tiles that can
    /// still be drawn, in every arrangement. `None` when past `u64`.
    pub distinct: Option<u64>,
    /// Orders solved.
    pub solved: u64,
    pub coverage: Coverage,
    pub nodes: u64,
}

impl Expectation {
    /// The best action's mean value and its standard error.
    pub fn best(&self) -> Option<(Action, f64, f64)> {
        self.values
            .iter()
            .copied()
            .max_by(|a, b| a.1.total_cmp(&b.1))
    }
}

/// Orders of `n` tiles that make different positions when the last
/// `never` tiles are never drawn: n! / never!.
pub fn distinct_orders(n: usize, never: usize) -> Option<u64> {
    let k = n.saturating_sub(never);
    (0..k).try_fold(1u64, |acc, i| acc.checked_mul((n - i) as u64))
}

/// Which orders to solve.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Solve every order when there are at most this many.
    pub max_orders: u64,
    /// Otherwise, how many to draw at random...
    pub samples: u64,
    /// ... from this seed.
    pub seed: u64,
}

/// The values for `side` of every legal action of the position `build`
/// makes from an order of `rest` (the boneyard left, top first), averaged
/// over the orders as `plan` says. `never` is how many tiles at the bottom
/// are never drawn (their order does not matter). `None` when a search
/// passes the analyst's node limit.
pub fn expected_values(
    build: impl Fn(&[Tile]) -> Position,
    rest: &[Tile],
    never: usize,
    side: usize,
    analyst: &mut Analyst,
    plan: Plan,
) -> Option<Expectation> {
    let Plan {
        max_orders,
        samples,
        seed,
    } = plan;
    let distinct = distinct_orders(rest.len(), never);
    let all = distinct.is_some_and(|d| d <= max_orders);
    let mut sums: Vec<(Action, f64, f64)> = Vec::new();
    let mut solved = 0u64;
    let start = analyst.nodes();
    let mut add = |order: &[Tile], analyst: &mut Analyst| -> Option<()> {
        let pos = build(order);
        let vals = analyst.values(&pos, side)?;
        if sums.is_empty() {
            sums = vals.iter().map(|&(a, _)| (a, 0.0, 0.0)).collect();
        }
        for ((a, sum, sq), (b, v)) in sums.iter_mut().zip(vals) {
            debug_assert_eq!(*a, b);
            let v = f64::from(v);
            *sum += v;
            *sq += v * v;
        }
        solved += 1;
        Some(())
    };
    if all {
        let k = rest.len().saturating_sub(never);
        let mut order = Vec::with_capacity(rest.len());
        let mut used = vec![false; rest.len()];
        arrangements(rest, k, &mut order, &mut used, &mut |o| add(o, analyst))?;
    } else {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut order = rest.to_vec();
        for _ in 0..samples.max(2) {
            domino_engine::deal::shuffle(&mut order, &mut rng);
            add(&order, analyst)?;
        }
    }
    let n = solved.max(1) as f64;
    let values = sums
        .into_iter()
        .map(|(a, sum, sq)| {
            let mean = sum / n;
            let se = if all || solved < 2 {
                0.0
            } else {
                let var = ((sq - sum * mean) / (n - 1.0)).max(0.0);
                (var / n).sqrt()
            };
            (a, mean, se)
        })
        .collect();
    Some(Expectation {
        values,
        distinct,
        solved,
        coverage: if all {
            Coverage::All
        } else {
            Coverage::Sampled { seed }
        },
        nodes: analyst.nodes() - start,
    })
}

/// Call `f` once for each arrangement of `k` of `tiles` on top, the others
/// below in their given order.
fn arrangements(
    tiles: &[Tile],
    k: usize,
    order: &mut Vec<Tile>,
    used: &mut [bool],
    f: &mut impl FnMut(&[Tile]) -> Option<()>,
) -> Option<()> {
    if order.len() == k {
        let len = order.len();
        order.extend(
            tiles
                .iter()
                .zip(used.iter())
                .filter(|(_, &u)| !u)
                .map(|(&t, _)| t),
        );
        let r = f(order);
        order.truncate(len);
        return r;
    }
    for i in 0..tiles.len() {
        if !used[i] {
            used[i] = true;
            order.push(tiles[i]);
            let r = arrangements(tiles, k, order, used, f);
            order.pop();
            used[i] = false;
            r?;
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_orders_that_matter() {
        assert_eq!(distinct_orders(4, 0), Some(24));
        assert_eq!(distinct_orders(5, 2), Some(60));
        assert_eq!(distinct_orders(2, 2), Some(1));
        assert_eq!(distinct_orders(30, 0), None);
        let tiles: Vec<Tile> = (0..5).filter_map(Tile::from_index).collect();
        let mut seen = std::collections::HashSet::new();
        let mut used = vec![false; 5];
        arrangements(&tiles, 3, &mut Vec::new(), &mut used, &mut |o| {
            assert_eq!(o.len(), 5);
            seen.insert(o[..3].to_vec());
            Some(())
        });
        assert_eq!(seen.len(), 60);
    }
}
