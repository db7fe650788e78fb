//! The expert: sample worlds consistent with the view, solve each exactly,
//! play the action with the best average.

use std::cell::RefCell;
use std::time::{Duration, Instant};

use domino_engine::rules::{DrawRule, LayoutKind};
use domino_engine::{Action, Rules, SeatView};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::eval::Eval;
use crate::heuristic::rank;
use crate::horizon::Horizon;
use crate::horizon_maxn::HorizonMaxN;
use crate::knowledge::Knowledge;
use crate::likelihood::{PlayModel, Styles};
use crate::maxn::MaxN;
use crate::modeled::{Modeled, Modelled};
use crate::solver::{Objective, Position, Solver};
use crate::world::{Sampler, Weighing};
use crate::{choose_poser, prelude, with_claim, Bot, BotError, Prelude};

/// The default time budget per decision, in milliseconds.
pub const DEFAULT_BUDGET_MS: u64 = 150;

/// Most worlds sampled per decision.
pub const MAX_SAMPLES: usize = 128;

/// Most worlds per decision in the partnership games solved exactly
/// (jamaican, chiva with 4; [`samples_for`]): there every world is solved
/// exactly in well under a millisecond, so the default expert reached its
/// 128 long before its deadline. On the same 10,000 jamaican deals against
/// `count` (seed 81) 256 won 76.39% of hands against 75.95%.
pub const MAX_SAMPLES_EXACT_PARTNERS: usize = 256;

/// Nodes one world's solve may take before the expert gives up on exact
/// search for that decision (very large games early in the hand).
pub const NODE_LIMIT: u64 = 400_000;

/// Nodes the depth-limited search may take in one world (`search=horizon`):
/// small enough that a decision weighs a dozen worlds or more within the
/// budget, since a deep look at one guessed deal is worth less than a
/// shallower one at many.
pub const HORIZON_NODES: u64 = 40_000;

/// Rollouts per sampled world and candidate play (`search=rollout`), each
/// on its own shuffle of the boneyard.
pub const ROLLOUTS: usize = 8;

thread_local! {
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new(18));
    static MAXN: RefCell<MaxN> = RefCell::new(MaxN::new(18));
    static HORIZON: RefCell<Horizon> = RefCell::new(Horizon::new(18));
    static HORIZON_MAXN: RefCell<HorizonMaxN> = RefCell::new(HorizonMaxN::new(18));
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
    /// Where more than two sides play for points, each for itself: every
    /// seat maximises its own points to a depth, with the fitted guess
    /// for every side past it ([`HorizonMaxN`]); other games as `Horizon`.
    MaxNHorizon,
    /// Against the other sides playing as the play model says
    /// ([`Modeled`]); the exact solver when that is over the node limit.
    Modeled(Modelled),
    /// Where the hand is scored in points: each candidate play followed by
    /// the rest of the hand with every seat playing as the heuristic, the
    /// boneyard shuffled afresh for each rollout ([`crate::rollout`]);
    /// other games as `Horizon`.
    Rollout,
}

impl Search {
    /// The search that plays a game best, from its rules' facts. The exact
    /// solve is kept wherever it finishes: in the horizon search it is
    /// tried first, and a game whose whole hand the solver always finishes
    /// (two open ends, at most 28 tiles, nothing to draw) gains nothing
    /// from the guess. Where more than two sides play for points, each
    /// for himself, in the layouts with more ends or a boneyard, where the
    /// exact solve seldom finishes (on a line with nothing to draw, as in
    /// the block game, it often does, and is kept), each candidate play is
    /// rolled out with the heuristic in every seat and the boneyard
    /// reshuffled ([`Search::Rollout`]): measured ahead of max-n to a depth
    /// there (docs/bots.md, "Rollouts"), at a fraction of the time.
    pub fn for_game(rules: &Rules) -> Search {
        let small = rules.layout() == LayoutKind::Line
            && rules.max_pip() <= 6
            && rules.draw() == DrawRule::Never
            && rules.is_six_love();
        let free_for_all = free_for_all(rules);
        let solvable = rules.layout() == LayoutKind::Line && rules.draw() == DrawRule::Never;
        if small {
            Search::Exact
        } else if free_for_all && !solvable {
            Search::Rollout
        } else {
            Search::Horizon
        }
    }
}

/// More than two sides, each playing for its own points: where the max-n
/// searches apply.
fn free_for_all(rules: &Rules) -> bool {
    rules.sides() > 2 && matches!(Objective::of(rules), Objective::Points { .. })
}

impl Search {
    /// How many standard errors the worlds' gain over the heuristic's
    /// first choice must clear before the expert plays against it, by
    /// default: 2 where each world's values are depth-limited max-n guesses
    /// (few worlds, noisy values, in games where the heuristic is strong),
    /// none elsewhere.
    pub fn trust(self, rules: &Rules) -> f64 {
        if self == Search::MaxNHorizon && free_for_all(rules) {
            2.0
        } else {
            0.0
        }
    }
}

/// How far one world's search may go.
#[derive(Copy, Clone, Debug)]
struct Limits {
    /// Nodes of an exact solve.
    nodes: u64,
    /// Nodes of the depth-limited search.
    horizon: u64,
    deadline: Instant,
    /// Whether the max-n horizon search stops at draws.
    blind_draws: bool,
}

/// One world's values for `side`, in the solver's units, or `None` when it
/// could not be searched within the limits.
fn world_values(
    pos: &Position,
    side: usize,
    search: Search,
    limits: Limits,
    eval: &Eval,
    model: &PlayModel,
) -> Option<Vec<(Action, f64)>> {
    let Limits {
        nodes: node_limit,
        horizon: horizon_nodes,
        deadline,
        blind_draws,
    } = limits;
    let as_f64 = |v: Vec<(Action, i32)>| v.into_iter().map(|(a, x)| (a, f64::from(x))).collect();
    let rules = pos.hand.rules();
    let free_for_all = free_for_all(rules);
    if search == Search::MaxN && free_for_all {
        let v = MAXN.with(|m| {
            let mut m = m.borrow_mut();
            m.set_limits(Some(node_limit), Some(deadline));
            m.values(pos, side)
        });
        return v.map(as_f64);
    }
    if search == Search::MaxNHorizon && free_for_all {
        return HORIZON_MAXN.with(|h| {
            let mut h = h.borrow_mut();
            h.set_limits(Some(horizon_nodes), Some(deadline));
            h.set_blind_draws(blind_draws);
            h.values(pos, side, eval).map(|e| e.values)
        });
    }
    let search = if search == Search::MaxNHorizon {
        Search::Horizon
    } else {
        search
    };
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
    // In the horizon search the exact solve gets a share of the
    // depth-limited search's nodes: where it does not finish in that, the
    // guess is the better use of the time.
    let exact_limit = match search {
        Search::Horizon => horizon_nodes.min(node_limit),
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
        h.set_limits(Some(horizon_nodes), Some(deadline));
        h.values(pos, side, eval).map(|e| e.values)
    })
}

/// Whether a gain summed over `n` worlds (`(sum, sum of squares)`) is at
/// least `z` standard errors of its mean above nothing.
fn sure((sum, squares): (f64, f64), n: usize, z: f64) -> bool {
    if n < 2 {
        return sum > 0.0;
    }
    let n = n as f64;
    let mean = sum / n;
    let variance = ((squares - sum * mean) / (n - 1.0)).max(0.0);
    mean > z * (variance / n).sqrt()
}

/// Determinized exact search under a time budget.
#[derive(Debug, Clone)]
pub struct Expert {
    rng: ChaCha8Rng,
    budget: Duration,
    /// Most worlds per decision (`None`: [`samples_for`] the game).
    max_samples: Option<usize>,
    /// Nodes one world's solve may take (see [`NODE_LIMIT`]).
    node_limit: u64,
    /// Worlds solved by the last decision (0 when it fell back or had no choice).
    pub last_samples: usize,
    /// How plausible the other seats' plays make each world: the game's
    /// fitted model, a given one, or none (every consistent world equally
    /// likely).
    model: ModelChoice,
    /// How the partners' plays weigh a world (`None`: [`partner_model`]).
    partner_model: Option<ModelChoice>,
    /// Worlds drawn per world solved when weighting.
    oversample: usize,
    /// How each world is searched (`None`: [`Search::for_game`]).
    search: Option<Search>,
    /// Nodes of the depth-limited search per world ([`HORIZON_NODES`]).
    horizon_nodes: u64,
    /// Whether the max-n horizon search stops at draws (`draws=unknown`).
    blind_draws: bool,
    /// Rollouts per world and candidate (`search=rollout`, [`ROLLOUTS`]).
    rollouts: usize,
    /// How likely the others were to play the heuristic's choice, for
    /// weighing worlds (`imitate=P`; `None`: not read so).
    imitate: Option<f64>,
    /// How sure the worlds must be before the expert plays against the
    /// heuristic's first choice: the mean gain over it, in standard errors
    /// across the worlds (`trust=Z`; 0 plays the best mean however slight;
    /// `None`: the game's default, [`Search::trust_for`]).
    trust: Option<f64>,
    /// How far past its budget a recent decision ended (threads waiting
    /// for a core on a loaded machine): the next deadline comes that much
    /// earlier. The largest recent overrun, fading by a tenth a decision.
    late: Duration,
}

/// The share of the budget the search may use before its last batch winds
/// down.
const DEADLINE_SHARE: f64 = 0.85;

/// The deadline is never brought earlier than this share of the budget, so
/// a loaded machine still leaves the search some worlds.
const LEAST_SHARE: f64 = 0.3;

/// How long after its start a decision's search must stop, given how late
/// recent decisions ended.
fn search_time(budget: Duration, late: Duration) -> Duration {
    budget
        .mul_f64(DEADLINE_SHARE)
        .saturating_sub(late)
        .max(budget.mul_f64(LEAST_SHARE))
}

/// The overrun remembered after a decision that ended `over` past its
/// budget: the larger of it and the last one, faded.
fn next_late(late: Duration, over: Duration) -> Duration {
    over.max(late.mul_f64(0.9))
}

/// Which play model weighs the sampled worlds.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ModelChoice {
    /// Every consistent world equally likely.
    Off,
    /// The game's default: [`others_styles`].
    ForGame,
    Fixed(PlayModel),
    /// A mixture of styles.
    Mixed(Styles),
}

/// How the partners' plays weigh a world by default. Where every world is
/// solved exactly and two play as partners (jamaican), the partner's plays
/// are read by [`PARTNER_PLAY`], the model fitted to the expert's own plays
/// (the partner is most often the expert, whose plays fit the others' model
/// worse than "every play equally likely" does: `fit_play_model jamaican
/// 300 expert`, -1.14 against -1.01 mean log-probability, and -0.90 with
/// this one). Where every world is solved exactly with no partners
/// (cut-throat) they are left out, and elsewhere read as the others'.
pub fn partner_model(rules: &Rules, others: ModelChoice) -> ModelChoice {
    if Search::for_game(rules) != Search::Exact {
        others
    } else if others != ModelChoice::Off && partnership(rules) {
        ModelChoice::Fixed(PARTNER_PLAY)
    } else {
        ModelChoice::Off
    }
}

/// The play model fitted to the expert's own plays in jamaican (its
/// partner's reading of it): laying a double weighs, keeping one's numbers
/// a little, pips not at all.
pub const PARTNER_PLAY: PlayModel = PlayModel {
    pips: 0.0,
    keep: 0.5,
    double: 1.5,
    points: 0.0,
};

/// Whether seats play in partnerships (fewer sides than players).
fn partnership(rules: &Rules) -> bool {
    rules.sides() < usize::from(rules.players())
}

/// How the other sides' plays weigh a world by default: the game's fitted
/// model, and where every world is solved exactly and two play as partners
/// (jamaican), a mixture of it with a player who keeps to its numbers
/// strictly ([`PlayModel::KEEPER`], even odds at the start of the hand):
/// an opponent whose plays keep to that rule is read by it sharply, any
/// other by the fitted model. With [`PARTNER_PLAY`] for the partner, on the
/// same 6,000 deals against `count` (`samples=32`, seed 71) it won 74.32%
/// of hands against 71.76% (+2.56 ± 0.91 points, paired).
pub fn others_styles(rules: &Rules) -> Styles {
    let fitted = PlayModel::for_game(rules);
    if Search::for_game(rules) == Search::Exact && partnership(rules) {
        Styles::mix(&[(0.5, fitted), (0.5, PlayModel::KEEPER)])
    } else {
        Styles::one(fitted)
    }
}

/// Most worlds a decision weighs by default: more where every world is
/// solved exactly and two play as partners (jamaican, chiva with 4), whose
/// solves are cheap enough that the default cap, not the budget, ended the
/// sampling.
pub fn samples_for(rules: &Rules) -> usize {
    if Search::for_game(rules) == Search::Exact && partnership(rules) {
        MAX_SAMPLES_EXACT_PARTNERS
    } else {
        MAX_SAMPLES
    }
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
            max_samples: None,
            node_limit: NODE_LIMIT,
            last_samples: 0,
            model: ModelChoice::ForGame,
            partner_model: None,
            oversample: OVERSAMPLE,
            search: None,
            horizon_nodes: HORIZON_NODES,
            blind_draws: false,
            rollouts: ROLLOUTS,
            imitate: None,
            trust: None,
            late: Duration::ZERO,
        }
    }

    /// Search each world this way.
    pub fn with_search(mut self, search: Search) -> Expert {
        self.search = Some(search);
        self
    }

    /// Cap the depth-limited search of each world (`search=horizon`).
    pub fn with_horizon_nodes(mut self, nodes: u64) -> Expert {
        self.horizon_nodes = nodes.max(1);
        self
    }

    /// Weigh worlds by how often the others played the heuristic's choice,
    /// taking it to be made with probability `p` (0 turns it off).
    pub fn with_imitate(mut self, p: f64) -> Expert {
        self.imitate = (p > 0.0).then_some(p.min(0.999));
        self
    }

    /// Play out each candidate `n` times per world (`search=rollout`).
    pub fn with_rollouts(mut self, n: usize) -> Expert {
        self.rollouts = n.max(1);
        self
    }

    /// Play against the heuristic's first choice only when the worlds'
    /// mean gain over it is at least `z` standard errors.
    pub fn with_trust(mut self, z: f64) -> Expert {
        self.trust = Some(z.max(0.0));
        self
    }

    /// Stop the max-n horizon search's lines at draws (`true`), or follow
    /// each sampled world's boneyard order through them.
    pub fn with_blind_draws(mut self, blind: bool) -> Expert {
        self.blind_draws = blind;
        self
    }

    /// Weigh worlds by `model` (the game's fitted model by default; `Off`
    /// for none), drawing `oversample` worlds per world solved.
    pub fn with_model(mut self, model: ModelChoice, oversample: usize) -> Expert {
        self.model = model;
        self.oversample = oversample.max(1);
        self
    }

    /// Weigh the partners' plays by `model` instead of the others' model.
    pub fn with_partner_model(mut self, model: ModelChoice) -> Expert {
        self.partner_model = Some(model);
        self
    }

    /// Cap the worlds per decision (for tests and quick arenas).
    pub fn with_max_samples(mut self, n: usize) -> Expert {
        self.max_samples = Some(n.max(1));
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
        // Leave a margin for the last batch to wind down within the budget,
        // and more when recent decisions ended late.
        let deadline = start + search_time(self.budget, self.late);
        let action = self.search(view, plays, deadline);
        // An end between the deadline and the budget is what the margin
        // is for; only past the budget is late.
        let over = Instant::now().saturating_duration_since(start + self.budget);
        self.late = next_late(self.late, over);
        action
    }

    fn search(&mut self, view: &SeatView, plays: &[Action], deadline: Instant) -> Action {
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
        // Each action's gain over the heuristic's first choice, world by
        // world, summed and squared: how sure the worlds are of it.
        let mut gains = vec![(0f64, 0f64); order.len()];
        let mut search = self
            .search
            .unwrap_or_else(|| Search::for_game(view.rules()));
        if search == Search::Rollout && crate::maxn::Measure::of(view.rules()).is_none() {
            search = Search::Horizon;
        }
        let public = crate::rollout::Public::of(&k);
        let eval = crate::eval::for_game(view.rules());
        let mut done = 0usize;
        let threads = rayon::current_num_threads().max(1);
        let max_samples = self
            .max_samples
            .unwrap_or_else(|| samples_for(view.rules()));
        // A known position needs one solve; otherwise sample in batches.
        let batch = if sampler.hidden() == 0 {
            1
        } else {
            (2 * threads).min(max_samples)
        };
        let mut batch_time = Duration::ZERO;
        let styles_of = |choice: ModelChoice| match choice {
            ModelChoice::Off => None,
            ModelChoice::ForGame => Some(others_styles(view.rules())),
            ModelChoice::Fixed(m) => Some(Styles::one(m)),
            ModelChoice::Mixed(s) => Some(s),
        };
        let model = styles_of(self.model);
        let partner_model = match self.partner_model {
            Some(choice) => styles_of(choice),
            None => styles_of(partner_model(view.rules(), self.model)),
        };
        let weigh = (model.is_some() || partner_model.is_some() || self.imitate.is_some())
            && sampler.hidden() > 0;
        let play = match self.model {
            ModelChoice::Fixed(m) => m,
            _ => PlayModel::for_game(view.rules()),
        };
        let limits = Limits {
            nodes: self.node_limit,
            horizon: self.horizon_nodes,
            deadline,
            blind_draws: self.blind_draws,
        };
        while done < max_samples {
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
            let weighing = if weigh {
                Weighing {
                    opponents: model.as_ref(),
                    partners: partner_model.as_ref(),
                    heuristic: self.imitate,
                }
            } else {
                Weighing::default()
            };
            let worlds: Vec<(Position, f64)> = seeds
                .par_iter()
                // Past the deadline (a loaded machine), draw no more.
                .filter_map(|&seed| {
                    if Instant::now() >= deadline {
                        return None;
                    }
                    sampler.sample_weighed(seed, weighing)
                })
                .collect();
            let worlds = if weigh {
                resample(&worlds, batch, &mut self.rng)
            } else {
                worlds.into_iter().map(|(p, _)| p).collect()
            };
            let world_seeds: Vec<u64> = worlds.iter().map(|_| self.rng.next_u64()).collect();
            let results: Vec<Option<Vec<(Action, f64)>>> = worlds
                .par_iter()
                .zip(world_seeds.par_iter())
                .map(|(pos, &seed)| {
                    if search == Search::Rollout {
                        crate::rollout::values(
                            pos,
                            &public,
                            side,
                            &order,
                            self.rollouts,
                            seed,
                            Some(deadline),
                        )
                    } else {
                        world_values(pos, side, search, limits, &eval, &play)
                    }
                })
                .collect();
            batch_time = now.elapsed();
            let mut any = false;
            for vals in results.into_iter().flatten() {
                any = true;
                done += 1;
                let first = vals.iter().find(|(b, _)| *b == order[0]).map(|x| x.1);
                for (i, a) in order.iter().enumerate() {
                    if let Some((_, v)) = vals.iter().find(|(b, _)| b == a) {
                        sums[i] += *v;
                        if let Some(f) = first {
                            gains[i].0 += v - f;
                            gains[i].1 += (v - f) * (v - f);
                        }
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
        let trust = self.trust.unwrap_or_else(|| search.trust(view.rules()));
        if trust > 0.0 && best != 0 && !sure(gains[best], done, trust) {
            best = 0;
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

#[cfg(test)]
mod tests {
    use super::*;
    use domino_engine::RulesSpec;

    fn rules(preset: &str, players: u8) -> Rules {
        let mut spec = RulesSpec::preset(preset);
        spec.players = Some(players);
        spec.resolve().unwrap()
    }

    /// The exact solve stays the default where it always finishes; the
    /// large layouts, the draw games and the points games search to a
    /// depth with a guess where the solve does not finish.
    /// A gain is trusted only when its mean stands `z` standard errors
    /// clear of nothing across the worlds.
    #[test]
    fn trust_asks_for_a_gain_clear_of_the_noise() {
        // Gains 1, 1, 1, 1: no spread, so any positive mean is sure.
        assert!(sure((4.0, 4.0), 4, 3.0));
        // Gains 3, -1, 3, -1: mean 1, standard deviation 2.31, standard
        // error 1.15: clear at z = 0.5, not at z = 1.
        assert!(sure((4.0, 20.0), 4, 0.5));
        assert!(!sure((4.0, 20.0), 4, 1.0));
        // No gain, or a loss, is never sure.
        assert!(!sure((0.0, 0.0), 4, 0.0));
        assert!(!sure((-2.0, 2.0), 2, 0.0));
        // One world: its sign alone.
        assert!(sure((0.5, 0.25), 1, 2.0));
    }

    #[test]
    fn default_search_follows_the_rules() {
        assert_eq!(Search::for_game(&rules("jamaican", 4)), Search::Exact);
        assert_eq!(Search::for_game(&rules("cutthroat", 2)), Search::Exact);
        for (preset, players) in [
            ("club-fives", 2),
            ("all-fives", 2),
            ("draw", 2),
            ("block", 2),
            ("block", 4),
            ("puerto-rican", 4),
        ] {
            let r = rules(preset, players);
            assert_eq!(Search::for_game(&r), Search::Horizon, "{preset}");
        }
        for (preset, players) in [
            ("cross", 4),
            ("double-nine-cross", 4),
            ("draw", 4),
            ("french", 4),
        ] {
            let r = rules(preset, players);
            assert_eq!(Search::for_game(&r), Search::Rollout, "{preset}");
        }
    }

    /// A decision that ended late brings the next deadline earlier, never
    /// below the least share, and the memory of it fades.
    #[test]
    fn late_decisions_bring_the_deadline_earlier() {
        let budget = Duration::from_millis(150);
        let full = search_time(budget, Duration::ZERO);
        assert_eq!(full, budget.mul_f64(DEADLINE_SHARE));
        let late = next_late(Duration::ZERO, Duration::from_millis(40));
        assert_eq!(search_time(budget, late), full - Duration::from_millis(40));
        let very = next_late(late, Duration::from_millis(500));
        assert_eq!(search_time(budget, very), budget.mul_f64(LEAST_SHARE));
        let mut fading = very;
        for _ in 0..100 {
            fading = next_late(fading, Duration::ZERO);
        }
        assert!(search_time(budget, fading) > full - Duration::from_millis(1));
    }

    /// The partner's plays are left out of the weighing only where the
    /// exact search is the default; the options that set it are taken.
    #[test]
    fn partner_weighing_follows_the_rules() {
        let mine = ModelChoice::ForGame;
        assert_eq!(
            partner_model(&rules("jamaican", 4), mine),
            ModelChoice::Fixed(PARTNER_PLAY)
        );
        assert_eq!(
            partner_model(&rules("jamaican", 4), ModelChoice::Off),
            ModelChoice::Off
        );
        assert_eq!(
            partner_model(&rules("cutthroat", 4), mine),
            ModelChoice::Off
        );
        assert_eq!(partner_model(&rules("puerto-rican", 4), mine), mine);
        for spec in [
            "expert:partner=off",
            "expert:partner=same",
            "expert:partner=0/0.5/1.5/0",
            "expert:partner=off:styles=1*0.35/2/1.5/0",
            "expert:styles=0.5*0.35/2/1.5/0+0.5*5/75/0/0",
        ] {
            assert!(
                crate::by_name(spec, crate::BotConfig::default()).is_ok(),
                "{spec}"
            );
        }
        for bad in [
            "expert:partner=x",
            "expert:styles=0.5*1/2/3",
            "expert:styles=1/2/3/4",
        ] {
            assert!(
                crate::by_name(bad, crate::BotConfig::default()).is_err(),
                "{bad}"
            );
        }
    }

    /// The opponents are read by the fitted model mixed with the strict
    /// keeper only where every world is solved exactly in partnerships.
    #[test]
    fn others_are_read_by_a_mixture_in_jamaican_only() {
        let j = rules("jamaican", 4);
        assert_eq!(
            others_styles(&j),
            Styles::mix(&[(0.5, PlayModel::for_game(&j)), (0.5, PlayModel::KEEPER)])
        );
        for (preset, players) in [
            ("cutthroat", 4),
            ("cutthroat", 2),
            ("puerto-rican", 4),
            ("block", 4),
            ("all-fives", 2),
            ("french", 4),
        ] {
            let r = rules(preset, players);
            assert_eq!(others_styles(&r).len(), 1, "{preset}");
            assert_eq!(others_styles(&r), Styles::one(PlayModel::for_game(&r)));
        }
    }

    /// Jamaican and chiva with 4 weigh up to 256 worlds by default, every
    /// other game 128, and `samples=N` overrides both: with a generous
    /// budget the first real choice of a jamaican hand solves exactly that
    /// many.
    #[test]
    fn jamaican_weighs_more_worlds_by_default() {
        for (preset, players) in [("jamaican", 4), ("chiva", 4)] {
            let r = rules(preset, players);
            assert_eq!(samples_for(&r), MAX_SAMPLES_EXACT_PARTNERS, "{preset}");
        }
        for (preset, players) in [
            ("cutthroat", 4),
            ("cutthroat", 2),
            ("chiva", 2),
            ("block", 4),
        ] {
            assert_eq!(
                samples_for(&rules(preset, players)),
                MAX_SAMPLES,
                "{preset}"
            );
        }
        for (fixed, expect) in [(None, MAX_SAMPLES_EXACT_PARTNERS), (Some(8), 8)] {
            let mut m = domino_engine::Match::new(rules("jamaican", 4), Some(7), None).unwrap();
            let mut scratch = domino_engine::MoveList::new();
            let mut expert = Expert::new(9, 60_000);
            if let Some(n) = fixed {
                expert = expert.with_max_samples(n);
            }
            loop {
                let seat = m.to_act().unwrap();
                let view = m.seat_view(seat);
                if let Ok(Prelude::Plays(plays)) = prelude(&view) {
                    if plays.len() > 1 {
                        expert.act(&view).unwrap();
                        assert_eq!(expert.last_samples, expect);
                        break;
                    }
                }
                m.hand().legal(&mut scratch);
                m.act(scratch[0], &mut ()).unwrap();
            }
        }
    }

    /// Max-n to a depth searches every world of a cross opening, and the
    /// option that names it is taken.
    #[test]
    fn max_n_horizon_searches_every_world() {
        assert!(crate::by_name("expert:search=maxn-horizon", crate::BotConfig::default()).is_ok());
        let r = rules("cross", 4);
        let mut m = domino_engine::Match::new(r, Some(12), None).unwrap();
        let mut scratch = domino_engine::MoveList::new();
        let mut expert = Expert::new(5, 10_000)
            .with_search(Search::MaxNHorizon)
            .with_max_samples(4);
        loop {
            let seat = m.to_act().unwrap();
            let view = m.seat_view(seat);
            if let Ok(Prelude::Plays(plays)) = prelude(&view) {
                let a = expert.act(&view).unwrap();
                assert_eq!(expert.last_samples, 4);
                assert!(plays.iter().any(|p| with_claim(&view, *p) == a));
                break;
            }
            m.hand().legal(&mut scratch);
            m.act(scratch[0], &mut ()).unwrap();
        }
    }

    /// In a cross deal the first decision still searches worlds (to a
    /// depth) instead of falling back to the heuristic's choice.
    #[test]
    fn large_layout_opening_is_searched() {
        let r = rules("cross", 4);
        let mut m = domino_engine::Match::new(r, Some(11), None).unwrap();
        let mut scratch = domino_engine::MoveList::new();
        let mut expert = Expert::new(3, 10_000).with_max_samples(4);
        loop {
            let seat = m.to_act().unwrap();
            let view = m.seat_view(seat);
            if let Ok(Prelude::Plays(_)) = prelude(&view) {
                expert.act(&view).unwrap();
                assert_eq!(expert.last_samples, 4);
                break;
            }
            m.hand().legal(&mut scratch);
            m.act(scratch[0], &mut ()).unwrap();
        }
    }
}
