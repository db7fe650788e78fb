//! Analysis with the exact solver: the value of every legal action of a
//! fully known position, the principal line from it, and a whole record
//! gone through decision by decision.
//!
//! Values are those of [`Solver`], for one side, measured from the position
//! analysed: with [`Objective::Outcome`] the hand's outcome (+1 win, 0 tie,
//! -1 loss); with [`Objective::Points`] the points still to come this hand,
//! the side's minus the others' (with more than two sides, the side's times
//! (sides - 1) minus the others' total), negated where low scores win
//! (French). Every legal action gets a value, including the forms the
//! solver itself never searches (a scoring play left unclaimed, muggins not
//! taken), so a record's actual play always has one.
//!
//! [`analyze`] replays a record and, at each decision with more than one
//! legal action, values every action with full information (every hand and
//! the boneyard's order known: hindsight, not what the player could know),
//! and optionally asks the [`Expert`] what it would play from the seat's
//! own view. The cost of a play is the best value minus the played one.

use std::ops::ControlFlow;

use domino_engine::record::{replay_with, Visit};
use domino_engine::rules::{DrawRule, Scoring};
use domino_engine::score::{settle, winner};
use domino_engine::Settle;
use domino_engine::{Action, Entry, Match, MoveList, Phase, Record, RecordError, Rules};

use crate::solver::{Objective, Position, Solver};
use crate::{Bot, Expert};

/// The solver wrapped for analysis: values of every legal action, lines,
/// and a node limit on each search.
#[derive(Debug)]
pub struct Analyst {
    solver: Solver,
    node_limit: Option<u64>,
    nodes: u64,
}

impl Analyst {
    /// An analyst with a table of 2^`bits` entries that gives up on a
    /// search after `node_limit` nodes (`None`: never).
    pub fn new(bits: u32, node_limit: Option<u64>) -> Analyst {
        Analyst {
            solver: Solver::new(bits),
            node_limit,
            nodes: 0,
        }
    }

    /// Nodes searched since the analyst was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn searched(&mut self, pos: &Position, side: usize) -> Option<Vec<(Action, i32)>> {
        self.solver.set_limits(self.node_limit, None);
        let v = self.solver.values(pos, side);
        self.nodes += self.solver.nodes();
        v
    }

    /// The value for `side` of every legal action of `pos`, in the order of
    /// [`domino_engine::Hand::legal`]; empty when the hand is over, `None`
    /// when a search passed the node limit.
    pub fn values(&mut self, pos: &Position, side: usize) -> Option<Vec<(Action, i32)>> {
        if pos.hand.is_over() {
            return Some(Vec::new());
        }
        let mut legal = MoveList::new();
        pos.hand.legal(&mut legal);
        let searched = self.searched(pos, side)?;
        let base = standing(pos, side);
        let mut out = Vec::with_capacity(legal.len());
        for &a in legal.iter() {
            let v = match searched.iter().find(|(b, _)| *b == a) {
                Some(&(_, v)) => v,
                None => {
                    let child = pos.after(a);
                    standing(&child, side) - base + self.value(&child, side)?
                }
            };
            out.push((a, v));
        }
        Some(out)
    }

    /// The value of `pos` itself for `side`: the best action's value when
    /// `side` is to move, the worst otherwise, and what is left to count
    /// when the hand is over.
    pub fn value(&mut self, pos: &Position, side: usize) -> Option<i32> {
        if pos.hand.is_over() {
            return Some(final_value(pos, side) - standing(pos, side));
        }
        let vals = self.searched(pos, side)?;
        pick(pos, side, &vals).map(|(_, v)| v)
    }

    /// The principal line from `pos`: at each step the action that is best
    /// for `side` when it moves and worst for it otherwise, to the end of
    /// the hand. Ties go to the first action the solver lists.
    pub fn line(&mut self, pos: &Position, side: usize) -> Option<Vec<Action>> {
        let mut p = *pos;
        let mut line = Vec::new();
        while !p.hand.is_over() {
            let vals = self.searched(&p, side)?;
            let (a, _) = pick(&p, side, &vals)?;
            line.push(a);
            p.apply(a);
        }
        Some(line)
    }
}

/// The best (for `side` to move) or worst (for another side) action.
fn pick(pos: &Position, side: usize, vals: &[(Action, i32)]) -> Option<(Action, i32)> {
    let mine = pos.hand.rules().side_of(pos.hand.to_act()) == side;
    let mut best: Option<(Action, i32)> = None;
    for &(a, v) in vals {
        let better = match best {
            None => true,
            Some((_, b)) => (mine && v > b) || (!mine && v < b),
        };
        if better {
            best = Some((a, v));
        }
    }
    best
}

/// The points made so far this hand, as the objective counts them for
/// `side` (0 for outcomes): the solver's own measure.
pub fn standing(pos: &Position, side: usize) -> i32 {
    let rules = pos.hand.rules();
    match Objective::of(rules) {
        Objective::Outcome => 0,
        Objective::Points { low_wins } => {
            let mut by_side = [0i32; domino_engine::deal::MAX_PLAYERS];
            for (s, p) in pos.hand.points().iter().enumerate() {
                by_side[s] += p;
            }
            for (seat, p) in pos.hand.penalties().iter().enumerate() {
                by_side[rules.side_of(seat as u8)] += p;
            }
            spread(&by_side[..rules.sides()], side, low_wins)
        }
    }
}

/// The whole hand's value for `side` once it is over.
pub fn final_value(pos: &Position, side: usize) -> i32 {
    let rules = pos.hand.rules();
    match Objective::of(rules) {
        Objective::Outcome => match winner(rules, &pos.hand).0 {
            Some(s) if s == side => 1,
            Some(_) => -1,
            None => 0,
        },
        Objective::Points { low_wins } => {
            let r = settle(rules, &pos.hand, pos.hand_number);
            spread(&r.points, side, low_wins)
        }
    }
}

/// `side`'s points times (sides - 1) minus the others' total; negated when
/// low scores win.
pub(crate) fn spread(by_side: &[i32], side: usize, low_wins: bool) -> i32 {
    let n = by_side.len() as i32;
    let mine = by_side.get(side).copied().unwrap_or(0);
    let total: i32 = by_side.iter().sum();
    let d = mine * (n - 1) - (total - mine);
    if low_wins {
        -d
    } else {
        d
    }
}

/// The smallest cost counted as a blunder by default: any change of the
/// outcome in the six-love games; in the points games about ten points to
/// the mover (two in club fives, which scores one point per five, and one
/// where block and draw games score one point per hand), on the solver's
/// scale (times sides - 1).
pub fn default_blunder(rules: &Rules) -> i32 {
    let unit = match Objective::of(rules) {
        Objective::Outcome => return 1,
        // About ten pips, in the game's points.
        Objective::Points { .. } => match rules.settle() {
            Settle::LosersPips if rules.scoring() == Scoring::Hand => 1,
            _ => (10 / rules.ends().unit()).max(1),
        },
    };
    unit * (rules.sides() as i32 - 1).max(1)
}

/// A short description of what the values mean, for reports.
pub fn objective_text(rules: &Rules) -> String {
    let sides = rules.sides();
    match Objective::of(rules) {
        Objective::Outcome if sides == 2 => {
            "the hand's outcome for the mover's side (+1 win, 0 tie, -1 loss)".to_string()
        }
        Objective::Outcome => format!(
            "the hand's outcome for the mover's side (+1 win, 0 tie, -1 loss), \
             the {} other players all playing against it",
            sides - 1
        ),
        Objective::Points { low_wins } => {
            let diff = if sides == 2 {
                if low_wins {
                    "the other side's minus the mover's".to_string()
                } else {
                    "the mover's side minus the other side".to_string()
                }
            } else if low_wins {
                format!("the others' total minus {} times the mover's", sides - 1)
            } else {
                format!("{} times the mover's minus the others' total", sides - 1)
            };
            let what = if low_wins { "penalty points" } else { "points" };
            let worse = if low_wins {
                " (low scores win, so higher is better)"
            } else {
                ""
            };
            format!("{what} still to come this hand, {diff}{worse}")
        }
    }
}

/// The objective's name in reports: `outcome`, `points` or `low_points`.
pub fn objective_name(rules: &Rules) -> &'static str {
    match Objective::of(rules) {
        Objective::Outcome => "outcome",
        Objective::Points { low_wins: false } => "points",
        Objective::Points { low_wins: true } => "low_points",
    }
}

/// How the expert is asked about each decision.
#[derive(Copy, Clone, Debug)]
pub struct ExpertConfig {
    /// Seed of the expert; each decision derives its own from it.
    pub seed: u64,
    /// Time budget per decision.
    pub budget_ms: u64,
    /// Cap on the worlds sampled per decision (`None`: the expert's own).
    pub samples: Option<usize>,
}

/// What [`analyze`] does.
#[derive(Copy, Clone, Debug)]
pub struct AnalyzeConfig {
    /// Ask the expert too (`None`: full information only).
    pub expert: Option<ExpertConfig>,
    /// Nodes each search may take before the decision is left unsolved.
    pub node_limit: Option<u64>,
    /// The smallest cost that is a blunder (`None`: [`default_blunder`]).
    pub blunder: Option<i32>,
    /// The solver's table: 2^bits entries.
    pub table_bits: u32,
    /// Only this hand (from 1), for a match too long to go through whole
    /// (`None`: every hand).
    pub hand: Option<u32>,
}

impl Default for AnalyzeConfig {
    fn default() -> AnalyzeConfig {
        AnalyzeConfig {
            expert: None,
            node_limit: Some(DEFAULT_NODE_LIMIT),
            blunder: None,
            table_bits: 20,
            hand: None,
        }
    }
}

/// Nodes a decision's search may take by default in [`analyze`]: about a
/// second; every game but the crosses solves a whole deal well within it.
pub const DEFAULT_NODE_LIMIT: u64 = 5_000_000;

/// One decision of a record: a seat with more than one legal action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The action's index in its hand (from 0, as in record errors).
    pub index: usize,
    pub seat: u8,
    pub side: usize,
    /// The action played, in its checked form.
    pub played: Action,
    /// Every legal action.
    pub legal: Vec<Action>,
    /// Each legal action's value with full information, for `side`, in the
    /// order of `legal`; `None` when the search passed the node limit.
    pub values: Option<Vec<i32>>,
    /// What the expert chose from the seat's view, when asked.
    pub expert: Option<Action>,
    /// What the rule of thumb (the heuristic level, whose first choice the
    /// expert keeps unless its worlds are sure of another) plays from the
    /// seat's view, when the expert was asked: a decision where the two
    /// differ is one where the expert saw further.
    pub usual: Option<Action>,
    /// A tile may still be drawn here: the boneyard's order could decide
    /// the hand (no puzzle is made of such a position).
    pub drawable: bool,
}

impl Decision {
    fn value_of(&self, a: Action) -> Option<i32> {
        let i = self.legal.iter().position(|&b| b == a)?;
        self.values.as_ref()?.get(i).copied()
    }

    /// The best value.
    pub fn best_value(&self) -> Option<i32> {
        self.values.as_ref()?.iter().copied().max()
    }

    /// Every action with the best value.
    pub fn best(&self) -> Vec<Action> {
        let Some(best) = self.best_value() else {
            return Vec::new();
        };
        let vals = self.values.as_deref().unwrap_or_default();
        self.legal
            .iter()
            .zip(vals)
            .filter(|(_, &v)| v == best)
            .map(|(&a, _)| a)
            .collect()
    }

    /// The played action's value.
    pub fn played_value(&self) -> Option<i32> {
        self.value_of(self.played)
    }

    /// What the play cost: best value minus played value (0 or more).
    pub fn cost(&self) -> Option<i32> {
        Some(self.best_value()? - self.played_value()?)
    }

    /// The expert's choice's value, with full information.
    pub fn expert_value(&self) -> Option<i32> {
        self.value_of(self.expert?)
    }

    /// What the expert's choice would have cost.
    pub fn expert_cost(&self) -> Option<i32> {
        Some(self.best_value()? - self.expert_value()?)
    }

    /// Whether the play cost at least `threshold` (and more than nothing).
    pub fn is_blunder(&self, threshold: i32) -> bool {
        self.cost().is_some_and(|c| c > 0 && c >= threshold)
    }
}

/// One hand of the analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandAnalysis {
    /// The hand's number in the match (from 1).
    pub number: u32,
    /// Actions in the hand, decisions or not.
    pub actions: usize,
    pub decisions: Vec<Decision>,
}

/// A whole record, analysed.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub rules: Rules,
    /// The blunder threshold used.
    pub blunder: i32,
    pub hands: Vec<HandAnalysis>,
    /// Nodes the full-information searches took.
    pub nodes: u64,
}

/// One seat's totals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatSummary {
    pub seat: u8,
    /// Decisions (more than one legal action).
    pub decisions: usize,
    /// Decisions solved within the node limit.
    pub solved: usize,
    /// Total cost of the solved decisions.
    pub total_cost: i64,
    pub blunders: usize,
    /// Decisions where the expert was asked and chose the played action.
    pub agreed: usize,
    /// Decisions where the expert was asked.
    pub asked: usize,
    /// What the expert's choices would have cost in all (solved decisions).
    pub expert_cost: i64,
}

impl Analysis {
    /// Totals by seat.
    pub fn seats(&self) -> Vec<SeatSummary> {
        let mut out: Vec<SeatSummary> = (0..self.rules.players())
            .map(|seat| SeatSummary {
                seat,
                ..SeatSummary::default()
            })
            .collect();
        for d in self.hands.iter().flat_map(|h| &h.decisions) {
            let Some(s) = out.get_mut(d.seat as usize) else {
                continue;
            };
            s.decisions += 1;
            if let Some(c) = d.cost() {
                s.solved += 1;
                s.total_cost += i64::from(c);
                if d.is_blunder(self.blunder) {
                    s.blunders += 1;
                }
            }
            if let Some(e) = d.expert {
                s.asked += 1;
                if e == d.played {
                    s.agreed += 1;
                }
                if let Some(c) = d.expert_cost() {
                    s.expert_cost += i64::from(c);
                }
            }
        }
        out
    }
}

/// Where a replay stands before one of the record's actions.
#[derive(Debug)]
pub struct Step<'a> {
    /// The match, before the action.
    pub game: &'a Match,
    /// The fully known position before the action (`None` while the
    /// winner chooses the poser).
    pub position: Option<&'a Position>,
    /// Hand number (from 1) and the action's index in the hand (from 0).
    pub hand: usize,
    pub index: usize,
    pub entry: Entry,
}

/// The match and the fully known position where a [`walk`] stopped.
#[derive(Debug)]
pub struct Walked {
    pub game: Match,
    /// `None` while the winner chooses the poser or between hands.
    pub position: Option<Position>,
}

/// Replay a record through the checked path, calling `f` before each
/// action with the match and the fully known position; `f` returns `false`
/// to stop there. Returns the state where it stopped (after the last action
/// when `f` never stops it). Errors are those of
/// [`domino_engine::record::replay`].
pub fn walk(rec: &Record, mut f: impl FnMut(&Step<'_>) -> bool) -> Result<Walked, RecordError> {
    let mut pos: Option<Position> = None;
    // The checked form of the action about to be played (an omitted end
    // filled in), to apply to the position once the match has taken it.
    let mut checked: Option<Action> = None;
    let mut choosing = false;
    let mut refused: Option<RecordError> = None;
    let mut stopped = false;
    let game = replay_with(rec, |visit| match visit {
        Visit::Deal { .. } | Visit::Dealt { .. } => ControlFlow::Continue(()),
        Visit::Action {
            game,
            hand,
            index,
            entry,
        } => {
            if index == 0 {
                pos = (game.phase() == Phase::Play)
                    .then(|| Position::new(*game.hand(), game.hand_number()));
            }
            checked = match (game.phase(), game.to_act()) {
                (Phase::Play, Some(seat)) if seat == entry.seat => {
                    match game.hand().check(entry.action) {
                        Ok(a) => Some(a),
                        Err(e) => {
                            refused = Some(RecordError::Action {
                                hand,
                                index,
                                source: e.into(),
                            });
                            return ControlFlow::Break(());
                        }
                    }
                }
                _ => None,
            };
            choosing = game.phase() == Phase::ChoosePoser;
            let step = Step {
                game,
                position: pos.as_ref(),
                hand,
                index,
                entry: Entry {
                    seat: entry.seat,
                    action: checked.unwrap_or(entry.action),
                },
            };
            if f(&step) {
                ControlFlow::Continue(())
            } else {
                stopped = true;
                ControlFlow::Break(())
            }
        }
        Visit::Acted { game, .. } => {
            match (&mut pos, checked) {
                (Some(p), Some(a)) => p.apply(a),
                _ if choosing && game.phase() == Phase::Play => {
                    pos = Some(Position::new(*game.hand(), game.hand_number()));
                }
                _ => {}
            }
            ControlFlow::Continue(())
        }
    })?;
    if let Some(e) = refused {
        return Err(e);
    }
    // A last hand dealt but not yet played: its position is the deal's.
    if !stopped && rec.hands.last().is_some_and(|h| h.actions.is_empty()) {
        pos =
            (game.phase() == Phase::Play).then(|| Position::new(*game.hand(), game.hand_number()));
    }
    Ok(Walked {
        game,
        position: pos,
    })
}

/// [`walk`] over hand `hand` alone (from 1) when given: the hands before it
/// are replayed without a call to `f`, and the walk ends after it.
pub fn walk_hand(
    rec: &Record,
    hand: Option<u32>,
    mut f: impl FnMut(&Step<'_>) -> bool,
) -> Result<Walked, RecordError> {
    let only = hand.map(|h| h as usize);
    walk(rec, |s| match only {
        Some(h) if s.hand != h => s.hand < h,
        _ => f(s),
    })
}

/// A hand asked for that the match does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the match has hands 1 to {hands}; there is no hand {hand}")]
pub struct NoSuchHand {
    pub hand: u32,
    pub hands: usize,
}

/// Whether `hand` (from 1), when given, is one of `rec`'s hands: what an
/// analysis of one hand checks first, wherever it is asked for.
pub fn check_hand(rec: &Record, hand: Option<u32>) -> Result<(), NoSuchHand> {
    match hand {
        Some(h) if h == 0 || h as usize > rec.hands.len() => Err(NoSuchHand {
            hand: h,
            hands: rec.hands.len(),
        }),
        _ => Ok(()),
    }
}

/// The actions of `rec` an analysis goes through: every hand's, or hand
/// `hand`'s alone (from 1).
pub fn actions_in(rec: &Record, hand: Option<u32>) -> usize {
    rec.hands
        .iter()
        .enumerate()
        .filter(|(i, _)| hand.is_none_or(|h| h as usize == i + 1))
        .map(|(_, h)| h.actions.len())
        .sum()
}

/// Why a record position could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum PositionError {
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error("the record has {have} hands, so there is no hand {hand} (hands count from 1)")]
    NoHand { have: usize, hand: usize },
    #[error("hand {hand} has {actions} actions, so there is no position before action {index} (actions count from 0)")]
    NoAction {
        hand: usize,
        actions: usize,
        index: usize,
    },
    #[error("hand {hand} is over after action {last}: nothing is left to solve")]
    Over { hand: usize, last: usize },
    #[error("action {index} of hand {hand} is the choice of who poses, not a play: take the position before action {next}")]
    ChoosePoser {
        hand: usize,
        index: usize,
        next: usize,
    },
}

/// The fully known position of a record before action `index` (from 0) of
/// hand `hand` (from 1); `index` may be the hand's action count when the
/// record stops in the middle of the hand.
pub fn record_position(rec: &Record, hand: usize, index: usize) -> Result<Position, PositionError> {
    if hand == 0 || hand > rec.hands.len() {
        return Err(PositionError::NoHand {
            have: rec.hands.len(),
            hand,
        });
    }
    let actions = rec.hands[hand - 1].actions.len();
    if index > actions {
        return Err(PositionError::NoAction {
            hand,
            actions,
            index,
        });
    }
    let mut cut = rec.clone();
    cut.hands.truncate(hand);
    if let Some(h) = cut.hands.last_mut() {
        h.actions.truncate(index);
    }
    let w = walk(&cut, |_| true)?;
    match (w.game.phase(), w.position) {
        (Phase::ChoosePoser, _) => Err(PositionError::ChoosePoser {
            hand,
            index,
            next: index + 1,
        }),
        (Phase::Play, Some(p)) if !p.hand.is_over() => Ok(p),
        _ => Err(PositionError::Over {
            hand,
            last: index.saturating_sub(1),
        }),
    }
}

/// Progress of [`analyze`]: actions gone through, of how many.
#[derive(Copy, Clone, Debug)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
}

/// Go through every action of a record; at each decision value every
/// legal action with full information and, if configured, ask the expert.
pub fn analyze(
    rec: &Record,
    config: &AnalyzeConfig,
    progress: &mut dyn FnMut(Progress),
) -> Result<Analysis, RecordError> {
    let (analysis, _) = analyze_inner(rec, config, &mut |p| {
        progress(p);
        true
    })?;
    Ok(analysis)
}

/// [`analyze`], asking `keep_going` after each action whether to go on:
/// `None` when it said no (a server's time budget ran out).
pub fn analyze_until(
    rec: &Record,
    config: &AnalyzeConfig,
    keep_going: &mut dyn FnMut(Progress) -> bool,
) -> Result<Option<Analysis>, RecordError> {
    let (analysis, stopped) = analyze_inner(rec, config, keep_going)?;
    Ok((!stopped).then_some(analysis))
}

/// The analysis so far, and whether `keep_going` stopped it.
fn analyze_inner(
    rec: &Record,
    config: &AnalyzeConfig,
    keep_going: &mut dyn FnMut(Progress) -> bool,
) -> Result<(Analysis, bool), RecordError> {
    let mut stopped = false;
    let rules = rec.rules.resolve()?;
    let only = config.hand.map(|n| n as usize);
    let total = actions_in(rec, config.hand);
    let blunder = config.blunder.unwrap_or_else(|| default_blunder(&rules));
    let mut analyst = Analyst::new(config.table_bits, config.node_limit);
    let mut hands: Vec<HandAnalysis> = Vec::new();
    let mut done = 0usize;
    let mut legal = MoveList::new();
    walk_hand(rec, config.hand, |s| {
        if hands.last().map(|h| h.number as usize) != Some(s.hand) {
            hands.push(HandAnalysis {
                number: s.hand as u32,
                actions: 0,
                decisions: Vec::new(),
            });
        }
        let m = s.game;
        m.legal(&mut legal);
        let seat = s.entry.seat;
        let side = rules.side_of(seat);
        if legal.len() > 1 {
            let values = match s.position {
                Some(pos) => analyst
                    .values(pos, side)
                    .map(|vals| vals.into_iter().map(|(_, v)| v).collect()),
                None => poser_values(&mut analyst, m, &legal, side),
            };
            let view = config.expert.map(|_| m.seat_view(seat));
            let expert = config.expert.zip(view.as_ref()).map(|(e, view)| {
                let seed = decision_seed(e.seed, s.hand as u64, s.index as u64);
                let mut bot = Expert::new(seed, e.budget_ms);
                if let Some(n) = e.samples {
                    bot = bot.with_max_samples(n);
                }
                bot.act(view).ok()
            });
            let usual = view.and_then(|v| crate::heuristic::Heuristic.act(&v).ok());
            if let Some(h) = hands.last_mut() {
                h.decisions.push(Decision {
                    index: s.index,
                    seat,
                    side,
                    played: s.entry.action,
                    legal: legal.iter().copied().collect(),
                    values,
                    expert: expert.flatten(),
                    usual,
                    drawable: rules.draw() != DrawRule::Never
                        && m.hand().boneyard().len() > usize::from(rules.draw().reserve()),
                });
            }
        }
        if let Some(h) = hands.last_mut() {
            h.actions += 1;
        }
        done += 1;
        let go_on = keep_going(Progress { done, total });
        stopped = !go_on;
        go_on
    })?;

    // Hands with no actions at all still show up.
    for (i, _) in rec.hands.iter().enumerate() {
        if only.is_none_or(|n| n == i + 1) && !hands.iter().any(|h| h.number as usize == i + 1) {
            hands.push(HandAnalysis {
                number: i as u32 + 1,
                actions: 0,
                decisions: Vec::new(),
            });
        }
    }
    hands.sort_by_key(|h| h.number);
    let analysis = Analysis {
        rules,
        blunder,
        hands,
        nodes: analyst.nodes(),
    };
    Ok((analysis, stopped))
}

/// The values of naming each partner as poser: the hand each choice deals.
fn poser_values(
    analyst: &mut Analyst,
    m: &Match,
    legal: &MoveList,
    side: usize,
) -> Option<Vec<i32>> {
    let mut out = Vec::with_capacity(legal.len());
    for &a in legal.iter() {
        let mut g = m.clone().without_record();
        g.act(a, &mut ()).ok()?;
        let pos = Position::new(*g.hand(), g.hand_number());
        out.push(analyst.value(&pos, side)?);
    }
    Some(out)
}

/// The expert's time budget per decision in analyses, by default: small,
/// so a whole match takes seconds to a few minutes.
pub const DEFAULT_EXPERT_BUDGET_MS: u64 = 100;

/// The expert's seed for one decision: the same for the same record and
/// seed, whatever else is analysed.
fn decision_seed(seed: u64, hand: u64, index: u64) -> u64 {
    let mut x =
        seed ^ hand.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ index.wrapping_mul(0xd1b5_4a32_d192_ed03);
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 29)
}
