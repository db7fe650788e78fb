//! The expert: sample worlds consistent with the view, solve each exactly,
//! play the action with the best average.

use std::cell::RefCell;
use std::time::{Duration, Instant};

use domino_engine::{Action, SeatView};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::eval::Eval;
use crate::heuristic::rank;
use crate::horizon::Horizon;
use crate::knowledge::Knowledge;
use crate::likelihood::{PlayModel, Styles};
use crate::maxn::MaxN;
use crate::modeled::{Modeled, Modelled};
use crate::solver::{Objective, Position, Solver};
use crate::world::Sampler;
use crate::{choose_poser, prelude, with_claim, Bot, BotError, Prelude};

/// The default time budget per decision, in milliseconds.
pub const DEFAULT_BUDGET_MS: u64 = 150;

/// Most worlds sampled per decision.
pub const MAX_SAMPLES: usize = 128;

/// Nodes one world's solve may take before the expert gives up on exact
/// search for that decision (very large games early in the hand).
pub const NODE_LIMIT: u64 = 400_000;

thread_local! {
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new(18));
    static MAXN: RefCell<MaxN> = RefCell::new(MaxN::new(18));
    static HORIZON: RefCell<Horizon> = RefCell::new(Horizon::new(18));
    static MODELED: RefCell<Modeled> = RefCell::new(Modeled::new(18));
}

/// How each sampled world is searched.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Search {
    /// Exactly, with the others playing against the expert's side; a
    /// world over the node limit is dropped.
    Exact,
    /// As `Exact`, but where every seat plays for itself (more than two
    /// sides, points games), each seat maximises its own points (max-n).
    MaxN,
    /// Exactly when the solver finishes within a share of the node limit,
    /// else to a depth with a fitted guess past it ([`Horizon`]).
    Horizon,
    /// Against the other sides playing as the play model says
    /// ([`Modeled`]); the exact solver when that is over the node limit.
    Modeled(Modelled),
}

/// One world's values for `side`, in the solver's units, or `None` when it
/// could not be searched within the limits.
fn world_values(
    pos: &Position,
    side: usize,
    search: Search,
    node_limit: u64,
    deadline: Instant,
    eval: &Eval,
    model: &PlayModel,
) -> Option<Vec<(Action, f64)>> {
    let as_f64 = |v: Vec<(Action, i32)>| v.into_iter().map(|(a, x)| (a, f64::from(x))).collect();
    let rules = pos.hand.rules();
    let free_for_all =
        rules.sides() > 2 && matches!(Objective::of(rules), Objective::Points { .. });
    if search == Search::MaxN && free_for_all {
        let v = MAXN.with(|m| {
            let mut m = m.borrow_mut();
            m.set_limits(Some(node_limit), Some(deadline));
            m.values(pos, side)
        });
        return v.map(as_f64);
    }
    if let Search::Modeled(who) = search {
        let v = MODELED.with(|m| {
            let mut m = m.borrow_mut();
            m.set_limits(Some(node_limit / 16), Some(deadline));
            m.values(pos, model, who)
        });
        if v.is_some() || Instant::now() >= deadline {
            return v;
        }
    }
    let exact_limit = match search {
        Search::Horizon => node_limit / 4,
        _ => node_limit,
    };
    let exact = SOLVER.with(|s| {
        let mut s = s.borrow_mut();
        s.set_limits(Some(exact_limit), Some(deadline));
        s.values(pos, side)
    });
    if exact.is_some() || search != Search::Horizon || Instant::now() >= deadline {
        return exact.map(as_f64);
    }
    HORIZON.with(|h| {
        let mut h = h.borrow_mut();
        h.set_limits(Some(node_limit - exact_limit), Some(deadline));
        h.values(pos, side, eval).map(|e| e.values)
    })
}

/// Determinized exact search under a time budget.
#[derive(Debug, Clone)]
pub struct Expert {
    rng: ChaCha8Rng,
    budget: Duration,
    max_samples: usize,
    /// Nodes one world's solve may take (see [`NODE_LIMIT`]).
    node_limit: u64,
    /// Worlds solved by the last decision (0 when it fell back or had no choice).
    pub last_samples: usize,
    /// How plausible the other seats' plays make each world: the game's
    /// fitted model, a given one, or none (every consistent world equally
    /// likely).
    model: ModelChoice,
    /// Worlds drawn per world solved when weighting.
    oversample: usize,
    /// How each world is searched.
    search: Search,
}

/// Which play model weighs the sampled worlds.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ModelChoice {
    /// Every consistent world equally likely.
    Off,
    /// [`PlayModel::for_game`].
    ForGame,
    Fixed(PlayModel),
    /// A mixture of styles.
    Mixed(Styles),
}

/// Worlds drawn for each one solved: drawing and weighing a world costs a
/// small part of solving it.
pub const OVERSAMPLE: usize = 8;

/// `n` worlds drawn from `worlds` in proportion to their weights
/// (systematic resampling: one uniform offset, evenly spaced picks).
fn resample(worlds: &[(Position, f64)], n: usize, rng: &mut ChaCha8Rng) -> Vec<Position> {
    if worlds.is_empty() {
        return Vec::new();
    }
    let top = worlds.iter().map(|w| w.1).fold(f64::MIN, f64::max);
    let weights: Vec<f64> = worlds.iter().map(|w| (w.1 - top).exp()).collect();
    let total: f64 = weights.iter().sum();
    let step = total / n as f64;
    let mut at = step * rng.random::<f64>();
    let mut out = Vec::with_capacity(n);
    let mut acc = 0.0;
    for (w, &(pos, _)) in weights.iter().zip(worlds) {
        acc += w;
        while at < acc && out.len() < n {
            out.push(pos);
            at += step;
        }
    }
    out
}

impl Expert {
    pub fn new(seed: u64, budget_ms: u64) -> Expert {
        Expert {
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget: Duration::from_millis(budget_ms.max(1)),
            max_samples: MAX_SAMPLES,
            node_limit: NODE_LIMIT,
            last_samples: 0,
            model: ModelChoice::ForGame,
            oversample: OVERSAMPLE,
            search: Search::Exact,
        }
    }

    /// Search each world this way.
    pub fn with_search(mut self, search: Search) -> Expert {
        self.search = search;
        self
    }

    /// Weigh worlds by `model` (the game's fitted model by default; `Off`
    /// for none), drawing `oversample` worlds per world solved.
    pub fn with_model(mut self, model: ModelChoice, oversample: usize) -> Expert {
        self.model = model;
        self.oversample = oversample.max(1);
        self
    }

    /// Cap the worlds per decision (for tests and quick arenas).
    pub fn with_max_samples(mut self, n: usize) -> Expert {
        self.max_samples = n.max(1);
        self
    }

    /// Cap the nodes of each world's solve: past it the expert falls back
    /// to the heuristic for that decision (large layouts early in a hand).
    pub fn with_node_limit(mut self, nodes: u64) -> Expert {
        self.node_limit = nodes.max(1);
        self
    }

    fn choose(&mut self, view: &SeatView, plays: &[Action]) -> Action {
        let start = Instant::now();
        // Leave a margin for the last batch to wind down within the budget.
        let deadline = start + self.budget.mul_f64(0.85);
        let k = Knowledge::new(view);
        let order: Vec<Action> = rank(view, &k, plays)
            .into_iter()
            .map(|a| with_claim(view, a))
            .collect();
        let fallback = order.first().copied().unwrap_or(plays[0]);
        self.last_samples = 0;
        let Ok(sampler) = Sampler::new(view, &k) else {
            return fallback;
        };
        let side = view.rules().side_of(view.seat());
        let mut sums = vec![0f64; order.len()];
        let search = self.search;
        let eval = crate::eval::for_game(view.rules());
        let mut done = 0usize;
        let threads = rayon::current_num_threads().max(1);
        // A known position needs one solve; otherwise sample in batches.
        let batch = if sampler.hidden() == 0 {
            1
        } else {
            (2 * threads).min(self.max_samples)
        };
        let mut batch_time = Duration::ZERO;
        let model = match self.model {
            ModelChoice::Off => None,
            ModelChoice::ForGame => Some(Styles::one(PlayModel::for_game(view.rules()))),
            ModelChoice::Fixed(m) => Some(Styles::one(m)),
            ModelChoice::Mixed(s) => Some(s),
        };
        let weigh = model.is_some() && sampler.hidden() > 0;
        let play = match self.model {
            ModelChoice::Fixed(m) => m,
            _ => PlayModel::for_game(view.rules()),
        };
        let node_limit = self.node_limit;
        while done < self.max_samples {
            let now = Instant::now();
            if now + batch_time > deadline && done > 0 {
                break;
            }
            let draws = if weigh {
                batch * self.oversample
            } else {
                batch
            };
            let seeds: Vec<u64> = (0..draws).map(|_| self.rng.next_u64()).collect();
            let model = model.as_ref().filter(|_| weigh);
            let worlds: Vec<(Position, f64)> = seeds
                .par_iter()
                // Past the deadline (a loaded machine), draw no more.
                .filter_map(|&seed| {
                    if Instant::now() >= deadline {
                        return None;
                    }
                    sampler.sample_weighted(seed, model)
                })
                .collect();
            let worlds = if weigh {
                resample(&worlds, batch, &mut self.rng)
            } else {
                worlds.into_iter().map(|(p, _)| p).collect()
            };
            let results: Vec<Option<Vec<(Action, f64)>>> = worlds
                .par_iter()
                .map(|pos| world_values(pos, side, search, node_limit, deadline, &eval, &play))
                .collect();
            batch_time = now.elapsed();
            let mut any = false;
            for vals in results.into_iter().flatten() {
                any = true;
                done += 1;
                for (i, a) in order.iter().enumerate() {
                    if let Some((_, v)) = vals.iter().find(|(b, _)| b == a) {
                        sums[i] += *v;
                    }
                }
            }
            if !any || sampler.hidden() == 0 || Instant::now() >= deadline {
                break;
            }
        }
        self.last_samples = done;
        if done == 0 {
            return fallback;
        }
        // Best average; the heuristic's order breaks ties.
        let mut best = 0;
        for i in 1..order.len() {
            if sums[i] > sums[best] {
                best = i;
            }
        }
        order[best]
    }
}

impl Bot for Expert {
    fn name(&self) -> &'static str {
        "expert"
    }

    fn act(&mut self, view: &SeatView) -> Result<Action, BotError> {
        Ok(match prelude(view)? {
            Prelude::Forced(a) => a,
            Prelude::ChoosePoser(seats) => choose_poser(view, seats),
            Prelude::Plays(plays) => self.choose(view, &plays),
        })
    }
}
