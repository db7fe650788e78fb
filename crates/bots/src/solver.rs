//! An exact solver for fully known positions.
//!
//! Alpha-beta over the engine's own [`Hand`] (so every preset's rules hold),
//! with a transposition table. The value of a position is, for the side the
//! solver plays for:
//!
//! - six-love games (jamaican, cutthroat, chiva): the hand's outcome, +1 win,
//!   0 tie, -1 loss;
//! - points games: the points still to come this hand, its side's minus the
//!   others' (with more than two sides, its points times (sides - 1) minus
//!   the others' total, so the scale stays whole); in French, where points
//!   are bad, the negation.
//!
//! Other seats play against the solver's side (the "paranoid" reading, exact
//! for two sides). The table's key is the engine's `Hand::search_key`: every
//! seat's tiles, the boneyard left, the open ends, the seat to act, the
//! passes since the last tile (and each seat's passes in a row, for French),
//! and pending muggins.

use crate::table::Kept;

mod line;
use std::time::Instant;

use domino_engine::deal::MAX_PLAYERS;
use domino_engine::rules::{Claims, LayoutKind};
use domino_engine::score::{settle, winner};
use domino_engine::{Action, Deal, Ending, Hand, MoveList, Rules, TileSet};

/// What the solver optimises.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Win, tie or loss of the hand.
    Outcome,
    /// Points; `low_wins` where points are bad (French).
    Points { low_wins: bool },
}

impl Objective {
    pub fn of(rules: &Rules) -> Objective {
        if rules.is_six_love() {
            Objective::Outcome
        } else {
            Objective::Points {
                low_wins: rules.low_score_wins(),
            }
        }
    }
}

/// A fully known position: the hand and the pass bookkeeping that decides
/// its future but that the hand keeps to itself.
#[derive(Copy, Clone, Debug)]
pub struct Position {
    pub hand: Hand,
    /// The match's hand number (Puerto Rican premiums depend on it).
    pub hand_number: u32,
    /// Seats that passed since the last tile was laid (bit per seat).
    pub passed: u8,
    /// Each seat's passes in a row (French penalties).
    pub pass_run: [u8; MAX_PLAYERS],
}

/// Why an action cannot be played in a position being set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("action {index}: the hand is already over after action {}", index.saturating_sub(1))]
    Over { index: usize },
    #[error("action {index}: it is seat {to_act}'s turn, not seat {seat}'s")]
    NotTurn { index: usize, to_act: u8, seat: u8 },
    #[error("action {index} (seat {seat}, {action}): illegal: {source}")]
    Illegal {
        index: usize,
        seat: u8,
        action: Action,
        source: domino_engine::IllegalAction,
    },
}

impl Position {
    /// The first hand of a match seeded `seed` after its first legal action
    /// was played `plies` times: a small position for the searchers' tests.
    #[cfg(test)]
    pub(crate) fn after_first_actions(rules: Rules, seed: u64, plies: usize) -> Position {
        let mut m = domino_engine::Match::new(rules, Some(seed), None).expect("a seeded match");
        let mut scratch = MoveList::new();
        for _ in 0..plies {
            m.hand().legal(&mut scratch);
            m.act(scratch[0], &mut ()).expect("a legal action");
        }
        Position::new(*m.hand(), 1)
    }

    /// The position at the start of a hand dealt as `deal`, with `poser` to
    /// pose one of `allowed`: how `domino solve` and the expert's sampled
    /// worlds both set a position up, before playing its actions.
    pub fn dealt(
        rules: &Rules,
        deal: &Deal,
        poser: u8,
        allowed: TileSet,
        hand_number: u32,
    ) -> Position {
        Position::new(Hand::new(rules, deal, poser, allowed), hand_number)
    }

    /// Play action `index` of a position being set up, checked: it must be
    /// `seat`'s turn and the action legal. Returns the action as checked.
    pub fn play_checked(
        &mut self,
        index: usize,
        seat: u8,
        action: Action,
    ) -> Result<Action, SetupError> {
        if self.hand.is_over() {
            return Err(SetupError::Over { index });
        }
        let to_act = self.hand.to_act();
        if seat != to_act {
            return Err(SetupError::NotTurn {
                index,
                to_act,
                seat,
            });
        }
        let checked = self
            .hand
            .check(action)
            .map_err(|source| SetupError::Illegal {
                index,
                seat,
                action,
                source,
            })?;
        self.apply(checked);
        Ok(checked)
    }

    /// A position with no passes behind it (a fresh deal).
    pub fn new(hand: Hand, hand_number: u32) -> Position {
        Position {
            hand,
            hand_number,
            passed: 0,
            pass_run: [0; MAX_PLAYERS],
        }
    }

    /// The position after a legal action.
    #[inline]
    pub fn after(&self, a: Action) -> Position {
        let mut p = *self;
        p.apply(a);
        p
    }

    /// Apply a legal action.
    #[inline]
    pub fn apply(&mut self, a: Action) {
        let seat = self.hand.to_act();
        match a {
            Action::Pass => {
                self.passed |= 1 << seat;
                if self.hand.rules().pass_penalties() {
                    let r = &mut self.pass_run[seat as usize];
                    *r = if *r >= 2 { 0 } else { *r + 1 };
                }
            }
            Action::Play { .. } => {
                self.passed = 0;
                self.pass_run[seat as usize] = 0;
            }
            _ => {}
        }
        self.hand.apply_unchecked(a, &mut ());
    }
}

/// The legal actions worth searching: muggins when it is there (free
/// points), and a scoring play only in its claiming form.
pub fn moves(hand: &Hand, scratch: &mut MoveList, out: &mut Vec<Action>) {
    moves_pruned(hand, scratch, out, false);
}

/// As [`moves`]; with `symmetric`, a tile that fits both ends of a line
/// showing the same thing is only tried on the first (the two results are
/// the same position with the ends' ids swapped).
pub(crate) fn moves_pruned(
    hand: &Hand,
    scratch: &mut MoveList,
    out: &mut Vec<Action>,
    symmetric: bool,
) {
    out.clear();
    if line_moves(hand, out, symmetric) {
        return;
    }
    hand.legal(scratch);
    // The hand lists muggins first when it is there.
    if scratch.as_slice().first() == Some(&Action::Muggins) {
        out.push(Action::Muggins);
        return;
    }
    if hand.rules().claims() == Claims::Auto {
        out.extend_from_slice(scratch.as_slice());
    } else {
        for &a in scratch.iter() {
            if let Action::Play { claim: true, .. } = a {
                out.pop();
            }
            out.push(a);
        }
    }
    if symmetric && hand.layout().kind() == LayoutKind::Line {
        if let [c0, c1] = hand.layout().chains() {
            let same = c0.pips == c1.pips
                && c0.double_end == c1.double_end
                && c0.counts_empty == c1.counts_empty
                && (c0.len > 0) == (c1.len > 0);
            if same {
                out.retain(|a| !matches!(a, Action::Play { end: Some(1), .. }));
            }
        }
    }
}

/// [`moves_pruned`] on a plain line with no claims, straight from the two
/// ends' suits: the list [`Hand::legal`] gives (end 0's tiles, then end 1's,
/// or a draw or a pass), without building it twice. `false` where the hand
/// is not such a line.
#[inline]
fn line_moves(hand: &Hand, out: &mut Vec<Action>, symmetric: bool) -> bool {
    let layout = hand.layout();
    if layout.kind() != LayoutKind::Line || hand.rules().claims() != Claims::Auto || hand.is_over()
    {
        return false;
    }
    let [c0, c1] = layout.chains() else {
        return false;
    };
    let held = hand.hand(hand.to_act());
    let m0 = held & TileSet::suit(c0.pips);
    let m1 = held & TileSet::suit(c1.pips);
    if m0.is_empty() && m1.is_empty() {
        out.push(if hand.can_draw() {
            Action::Draw
        } else {
            Action::Pass
        });
        return true;
    }
    out.extend(m0.iter().map(|t| Action::play(t, 0)));
    // Both ends alike: a play on end 1 reaches end 0's position mirrored.
    let same = symmetric
        && c0.pips == c1.pips
        && c0.double_end == c1.double_end
        && c0.counts_empty == c1.counts_empty
        && (c0.len > 0) == (c1.len > 0);
    if !same {
        out.extend(m1.iter().map(|t| Action::play(t, 1)));
    }
    true
}

/// The exact value and best action of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub value: i32,
    pub best: Option<Action>,
    pub nodes: u64,
}

/// One entry of the table: 16 bytes, so four share a cache line.
#[derive(Copy, Clone, Default)]
struct Slot {
    key: u64,
    value: i32,
    flag: u8,
    /// The table's generation when stored: older entries count as empty.
    generation: u8,
    /// The best action found, [`encode`]d.
    best: u16,
}

/// Where a play's tile starts in an [`encode`]d action: below it, five bits
/// of end (chicken foot's toes take its chains past 15) and the claim.
pub(crate) const TILE_SHIFT: u16 = 6;
/// A play's end in an [`encode`]d action, once shifted down by one: 0 for
/// the pose, else the chain's id plus one.
pub(crate) const END_MASK: u16 = 31;

/// An action in 16 bits, for the table: 0 is none, then a pass, a draw,
/// muggins, a named poser, and a play by its tile, end (or pose) and claim.
fn encode(a: Action) -> u16 {
    match a {
        Action::Pass => 1,
        Action::Draw => 2,
        Action::Muggins => 3,
        Action::ChoosePoser { seat } => 4 + u16::from(seat & 7),
        Action::Play { tile, end, claim } => {
            let end = end.map_or(0, |e| u16::from(e.min(END_MASK as u8 - 1)) + 1);
            16 + ((tile.index() as u16) << TILE_SHIFT | end << 1 | u16::from(claim))
        }
    }
}

/// The action [`encode`] made `code` from (`None` for 0).
fn decode(code: u16) -> Option<Action> {
    Some(match code {
        0 => return None,
        1 => Action::Pass,
        2 => Action::Draw,
        3 => Action::Muggins,
        4..=15 => Action::ChoosePoser {
            seat: (code - 4) as u8,
        },
        _ => {
            let c = code - 16;
            let end = (c >> 1) & END_MASK;
            Action::Play {
                tile: domino_engine::Tile::from_index(usize::from(c >> TILE_SHIFT))?,
                end: if end == 0 { None } else { Some(end as u8 - 1) },
                claim: c & 1 == 1,
            }
        }
    })
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// One node's alpha-beta bookkeeping, shared by the engine's path and the
/// line core: the window, the best value and move so far for the side to
/// move, and the window the node was entered with (for the table's bound).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Window<M> {
    pub(crate) alpha: i32,
    pub(crate) beta: i32,
    pub(crate) best: i32,
    pub(crate) best_move: M,
    entered: (i32, i32),
    maximizing: bool,
    /// Win/tie/loss: a win (or a loss, for the side against) ends the
    /// node, whatever the window.
    outcome: bool,
}

impl<M: Copy> Window<M> {
    #[inline]
    pub(crate) fn new(alpha: i32, beta: i32, maximizing: bool, outcome: bool, first: M) -> Self {
        Window {
            alpha,
            beta,
            best: if maximizing { i32::MIN } else { i32::MAX },
            best_move: first,
            entered: (alpha, beta),
            maximizing,
            outcome,
        }
    }

    /// Whether the `i`-th child is first asked with a null window
    /// (principal variation search, points only): after the first, only
    /// whether it beats the best so far.
    #[inline]
    pub(crate) fn null_first(&self, i: usize) -> bool {
        !self.outcome && i > 0 && self.beta - self.alpha > 1
    }

    /// That null window.
    #[inline]
    pub(crate) fn null(&self) -> (i32, i32) {
        if self.maximizing {
            (self.alpha, self.alpha + 1)
        } else {
            (self.beta - 1, self.beta)
        }
    }

    /// Whether a null-window answer falls inside the window, so the child
    /// must be searched again with the whole window.
    #[inline]
    pub(crate) fn inside(&self, v: i32) -> bool {
        v > self.alpha && v < self.beta
    }

    /// Take a child's value; `true` when the other children cannot change
    /// the node's value.
    #[inline]
    pub(crate) fn take(&mut self, v: i32, m: M) -> bool {
        if self.maximizing {
            if v > self.best {
                self.best = v;
                self.best_move = m;
            }
            self.alpha = self.alpha.max(v);
            if self.outcome && v >= 1 {
                return true;
            }
        } else {
            if v < self.best {
                self.best = v;
                self.best_move = m;
            }
            self.beta = self.beta.min(v);
            if self.outcome && v <= -1 {
                return true;
            }
        }
        self.alpha >= self.beta
    }

    /// What the best value is, against the window the node was entered
    /// with: the bound a table entry keeps.
    #[inline]
    pub(crate) fn flag(&self) -> u8 {
        if self.best <= self.entered.0 {
            UPPER
        } else if self.best >= self.entered.1 {
            LOWER
        } else {
            EXACT
        }
    }
}

/// A reusable solver: the table is kept between solves.
#[derive(Debug)]
pub struct Solver {
    /// The table, move lists and node count kept between searches.
    kept: Kept<Slot, 1024>,
    side: usize,
    objective: Objective,
    generation: u8,
    /// Positions with at most this many tiles in hand skip the table.
    shallow: u32,
    /// Whether plain line positions go to the line core (`line.rs`); off
    /// only in the tests that check it against the engine's path.
    use_line: bool,
    /// What the root of a line core search had made already.
    line_base: i32,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new(18)
    }
}

impl Solver {
    /// A solver with a table of 2^`bits` entries.
    pub fn new(bits: u32) -> Solver {
        Solver {
            kept: Kept::new(bits, 26, Slot::default()),
            side: 0,
            objective: Objective::Outcome,
            generation: 1,
            shallow: 0,
            use_line: true,
            line_base: 0,
        }
    }

    /// Forget every stored position (in constant time: entries of an older
    /// generation count as empty), so the next solve starts from nothing.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Wrapped: really empty the table once in 255 clears.
            self.kept.table.fill(Slot::default());
            self.generation = 1;
        }
    }

    /// Give up (return `None`) after this many nodes or past this instant.
    pub fn set_limits(&mut self, nodes: Option<u64>, deadline: Option<Instant>) {
        self.kept.stop.set_limits(nodes, deadline);
    }

    /// Nodes searched by the last call.
    pub fn nodes(&self) -> u64 {
        self.kept.stop.nodes
    }

    fn begin(&mut self, pos: &Position, side: usize) {
        let rules = pos.hand.rules();
        self.side = side;
        self.objective = Objective::of(rules);
        self.kept.stop.start();

        self.kept.salt = search_salt(pos, side);
        // Outcome searches (null windows) redo a small subtree faster than
        // they probe the table; points searches need the table's bounds.
        self.shallow = match self.objective {
            Objective::Outcome => u32::from(rules.hand_size()) * u32::from(rules.players()) / 2,
            Objective::Points { .. } => 0,
        };
    }

    /// The value and best action for the side to move.
    pub fn solve(&mut self, pos: &Position) -> Option<Solution> {
        let side = pos.hand.rules().side_of(pos.hand.to_act());
        let values = self.values(pos, side)?;
        let best = values.iter().max_by_key(|(_, v)| *v).copied();
        Some(Solution {
            value: best.map_or_else(|| self.terminal(pos), |(_, v)| v),
            best: best.map(|(a, _)| a),
            nodes: self.kept.stop.nodes,
        })
    }

    /// The value and a best action for the side to move, with one search
    /// from the position (cheaper than [`Solver::solve`], which values every
    /// action).
    pub fn solve_value(&mut self, pos: &Position) -> Option<Solution> {
        let side = pos.hand.rules().side_of(pos.hand.to_act());
        self.begin(pos, side);
        if pos.hand.is_over() {
            return Some(Solution {
                value: self.terminal(pos) - self.current(pos),
                best: None,
                nodes: 0,
            });
        }
        let value = self.exact(pos);
        if self.kept.stop.aborted {
            return None;
        }
        let mut list = Vec::new();
        moves(&pos.hand, &mut self.kept.scratch, &mut list);
        let key = self.root_key(pos);
        let slot = self.kept.table.get(key);
        let stored = slot.key == key && slot.generation == self.generation;
        let hint = decode(slot.best).filter(|a| stored && list.contains(a));
        let best = match list[..] {
            [only] => Some(only),
            _ if hint.is_some() => hint,
            _ => self
                .values(pos, side)?
                .into_iter()
                .max_by_key(|(_, v)| *v)
                .map(|(a, _)| a),
        };
        Some(Solution {
            value,
            best,
            nodes: self.kept.stop.nodes,
        })
    }

    /// The exact value, for `side`, of every action worth searching now.
    pub fn values(&mut self, pos: &Position, side: usize) -> Option<Vec<(Action, i32)>> {
        self.begin(pos, side);
        let mut list = Vec::new();
        moves(&pos.hand, &mut self.kept.scratch, &mut list);
        let base = self.current(pos);
        let mut out = Vec::with_capacity(list.len());
        for a in list {
            let child = pos.after(a);
            let d = self.current(&child) - base;
            let v = d + self.exact(&child);
            if self.kept.stop.aborted {
                return None;
            }
            out.push((a, v));
        }
        Some(out)
    }

    /// The exact future value of a position: for outcomes, by two
    /// null-window probes (is it a win? if not, is it a tie?), which prune
    /// far more than one wide window.
    fn exact(&mut self, pos: &Position) -> i32 {
        if let Some((fixed, state)) = self.line_setup(pos) {
            return match self.objective {
                Objective::Outcome => {
                    if self.line_search(&fixed, &state, 0, 1) >= 1 {
                        1
                    } else if self.line_search(&fixed, &state, -1, 0) >= 0 {
                        0
                    } else {
                        -1
                    }
                }
                Objective::Points { .. } => {
                    self.line_search(&fixed, &state, i32::MIN / 4, i32::MAX / 4)
                }
            };
        }
        match self.objective {
            Objective::Outcome => {
                if self.search(&mut pos.clone(), 0, 1, 0) >= 1 {
                    1
                } else if self.search(&mut pos.clone(), -1, 0, 0) >= 0 {
                    0
                } else {
                    -1
                }
            }
            Objective::Points { .. } => {
                self.search(&mut pos.clone(), i32::MIN / 4, i32::MAX / 4, 0)
            }
        }
    }

    /// The line core's view of a position, where it serves it.
    fn line_setup(&mut self, pos: &Position) -> Option<(line::Fixed, line::State)> {
        if !self.use_line {
            return None;
        }
        let found = line::Fixed::of(pos, self.side, self.kept.salt)?;
        self.line_base = self.current(pos);
        Some(found)
    }

    /// The table key of a search's root, on whichever path searches it.
    fn root_key(&mut self, pos: &Position) -> u64 {
        match self.line_setup(pos) {
            Some((fixed, state)) => fixed.key(&state),
            None => self.key(pos),
        }
    }

    /// The best line from a position, for the side to move at each step.
    pub fn line(&mut self, pos: &Position) -> Option<Vec<Action>> {
        let mut p = *pos;
        let mut line = Vec::new();
        while !p.hand.is_over() {
            let best = self.solve(&p)?.best?;
            line.push(best);
            p.apply(best);
        }
        Some(line)
    }

    /// Points already made this hand, as the objective counts them.
    #[inline]
    fn current(&self, pos: &Position) -> i32 {
        match self.objective {
            Objective::Outcome => 0,
            // Nothing scored yet (every score adds to the tally).
            Objective::Points { .. } if pos.hand.tally() == 0 => 0,
            Objective::Points { low_wins } => {
                let rules = pos.hand.rules();
                let mut by_side = [0i32; MAX_PLAYERS];
                for (s, p) in pos.hand.points().iter().enumerate() {
                    by_side[s] += p;
                }
                for (seat, p) in pos.hand.penalties().iter().enumerate() {
                    by_side[rules.side_of(seat as u8)] += p;
                }
                self.diff(&by_side[..rules.sides()], low_wins)
            }
        }
    }

    /// The points an action made: [`Solver::current`] of the position after
    /// it minus `base`, the one before, whose tally was `tally`. Scores only
    /// ever add to the tally, so an unchanged tally means none was made.
    #[inline]
    fn gained(&self, child: &Position, tally: i32, base: i32) -> i32 {
        if child.hand.tally() == tally {
            0
        } else {
            self.current(child) - base
        }
    }

    fn diff(&self, by_side: &[i32], low_wins: bool) -> i32 {
        let n = by_side.len() as i32;
        let mine = by_side.get(self.side).copied().unwrap_or(0);
        let total: i32 = by_side.iter().sum();
        let d = mine * (n - 1) - (total - mine);
        if low_wins {
            -d
        } else {
            d
        }
    }

    /// The value of a finished hand, everything counted.
    fn terminal(&self, pos: &Position) -> i32 {
        let rules = pos.hand.rules();
        match self.objective {
            Objective::Outcome => {
                let side = match pos.hand.ending() {
                    // The seat that went out wins for its side: no counting.
                    Some(Ending::Domino { seat, .. }) => Some(rules.side_of(seat)),
                    _ => winner(rules, &pos.hand).0,
                };
                match side {
                    Some(s) if s == self.side => 1,
                    Some(_) => -1,
                    None => 0,
                }
            }
            Objective::Points { low_wins } => {
                let r = settle(rules, &pos.hand, pos.hand_number);
                self.diff(&r.points, low_wins)
            }
        }
    }

    #[inline]
    fn key(&self, pos: &Position) -> u64 {
        position_key(self.kept.salt, pos)
    }

    /// The future value of `pos` (points from here on, or the outcome),
    /// exact when strictly between `alpha` and `beta`, else a bound.
    ///
    /// `pos` is the caller's scratch copy and is left in no particular
    /// state: a forced action and the last action searched are made on it
    /// in place, which spares copying the whole position for those
    /// children (the copy was a quarter of the solver's time).
    fn search(&mut self, pos: &mut Position, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        if pos.hand.is_over() {
            return self.terminal(pos) - self.current(pos);
        }
        if self.kept.stop.node() {
            return 0;
        }
        let mut list = self.kept.plies.take(ply);
        moves_pruned(&pos.hand, &mut self.kept.scratch, &mut list, true);
        let base = self.current(pos);
        let tally = pos.hand.tally();
        let rules = pos.hand.rules();
        let players = rules.players();
        let partners_play_on = rules.both_partners_out() && rules.partners();
        let maximizing = rules.side_of(pos.hand.to_act()) == self.side;
        let outcome = self.objective == Objective::Outcome;
        // Playing the last tile wins the hand outright (unless partners play
        // on after going out): no need to make the move to know it.
        let domino = outcome && pos.hand.hand(pos.hand.to_act()).len() == 1 && !partners_play_on;
        if list.len() == 1 {
            let a = list[0];
            if domino && matches!(a, Action::Play { .. }) {
                self.kept.plies.give(ply, list);
                return if maximizing { 1 } else { -1 };
            }
            self.kept.plies.give(ply, list);
            pos.apply(a);
            let d = self.gained(pos, tally, base);
            return d + self.search(pos, alpha - d, beta - d, ply + 1);
        }
        // Near the end of the hand a subtree is cheaper to search again
        // than a probe of the table, which is a cache miss.
        let held = (0..players).fold(0, |n, s| n + pos.hand.hand(s).len());
        let tabled = held > self.shallow;
        let key = if tabled { self.key(pos) } else { 0 };
        let slot = if tabled {
            self.kept.table.get(key)
        } else {
            Slot::default()
        };
        let mut first = None;
        if tabled && slot.key == key && slot.flag != 0 && slot.generation == self.generation {
            match slot.flag {
                EXACT => {
                    self.kept.plies.give(ply, list);
                    return slot.value;
                }
                LOWER => alpha = alpha.max(slot.value),
                _ => beta = beta.min(slot.value),
            }
            if alpha >= beta {
                self.kept.plies.give(ply, list);
                return slot.value;
            }
            first = decode(slot.best);
        }
        order(&pos.hand, &mut list, first);
        let mut w = Window::new(alpha, beta, maximizing, outcome, list[0]);
        for (i, &a) in list.iter().enumerate() {
            if domino && matches!(a, Action::Play { .. }) {
                w.take(if maximizing { 1 } else { -1 }, a);
                break;
            }
            let v = if w.null_first(i) {
                let (lo, hi) = w.null();
                let mut child = pos.after(a);
                let d = self.gained(&child, tally, base);
                let t = d + self.search(&mut child, lo - d, hi - d, ply + 1);
                if !self.kept.stop.aborted && w.inside(t) {
                    // Rare: make the action again rather than copy every
                    // child in case.
                    d + self.search(&mut pos.after(a), w.alpha - d, w.beta - d, ply + 1)
                } else {
                    t
                }
            } else if i + 1 == list.len() {
                // The last action: nothing below needs `pos` again.
                pos.apply(a);
                let d = self.gained(pos, tally, base);
                d + self.search(pos, w.alpha - d, w.beta - d, ply + 1)
            } else {
                let mut child = pos.after(a);
                let d = self.gained(&child, tally, base);
                d + self.search(&mut child, w.alpha - d, w.beta - d, ply + 1)
            };
            if self.kept.stop.aborted {
                self.kept.plies.give(ply, list);
                return 0;
            }
            if w.take(v, a) {
                break;
            }
        }
        self.kept.plies.give(ply, list);
        if !tabled {
            return w.best;
        }
        self.kept.table.put(
            key,
            Slot {
                key,
                value: w.best,
                flag: w.flag(),
                generation: self.generation,
                best: encode(w.best_move),
            },
        );
        w.best
    }
}

/// What stays fixed for a whole search and is not in the key: the side
/// searched for, the hand's number and the boneyard's order (the engine's
/// [`Hand::search_salt`]).
pub(crate) fn search_salt(pos: &Position, side: usize) -> u64 {
    pos.hand.search_salt(side, pos.hand_number)
}

/// The table key of a position, the engine's [`Hand::search_key`]: the
/// hand keeps the passes that decide its future itself, in step with
/// [`Position::passed`] and [`Position::pass_run`].
#[inline]
pub(crate) fn position_key(salt: u64, pos: &Position) -> u64 {
    pos.hand.search_key(salt)
}

/// Put the hinted move first, then heavier tiles and doubles first.
#[inline]
pub(crate) fn order(hand: &Hand, list: &mut [Action], hint: Option<Action>) {
    let first = hint
        .and_then(|h| list.iter().position(|&a| a == h))
        .unwrap_or(usize::MAX);
    // Perfect information: a play the next seat cannot answer is likely best
    // when that seat is an opponent, and worst when it is the partner.
    let rules = hand.rules();
    let me = hand.to_act();
    let next = (me + 1) % rules.players();
    let sign = if rules.side_of(next) == rules.side_of(me) {
        1
    } else {
        -1
    };
    let theirs = hand.hand(next);
    // A plain line's ends after a play, worked out without copying the
    // layout (the ordering runs at every node).
    let line = match hand.layout().chains() {
        [c0, c1] if hand.layout().kind() == LayoutKind::Line => Some((c0.pips, c1.pips)),
        _ => None,
    };
    let weight = |a: &Action| match *a {
        Action::Play { tile, end, .. } => {
            let open = match (line, end) {
                (Some((a, b)), Some(0)) => TileSet::suit(tile.other(a)) | TileSet::suit(b),
                (Some((a, b)), Some(_)) => TileSet::suit(a) | TileSet::suit(tile.other(b)),
                _ => {
                    let mut l = *hand.layout();
                    match end {
                        None => l.pose(tile),
                        Some(e) => l.place(tile, e),
                    }
                    l.playable()
                }
            };
            let answers = i64::from(theirs.intersect(open).len().min(3));
            sign * answers * 64 + i64::from(tile.pips()) + if tile.is_double() { 13 } else { 0 }
        }
        _ => 0,
    };
    let start = if first < list.len() {
        list.swap(0, first);
        1
    } else {
        0
    };
    if list.len() - start < 2 {
        return;
    }
    let rest = &mut list[start..];
    if rest.len() <= 32 {
        let mut keys = [0i64; 32];
        for (k, a) in keys.iter_mut().zip(rest.iter()) {
            *k = -weight(a);
        }
        // Insertion sort: the lists are short.
        for i in 1..rest.len() {
            let mut j = i;
            while j > 0 && keys[j - 1] > keys[j] {
                keys.swap(j - 1, j);
                rest.swap(j - 1, j);
                j -= 1;
            }
        }
    } else {
        rest.sort_by_cached_key(|a| -weight(a));
    }
}

/// Plain minimax over every legal action (claims and muggins included), no
/// pruning and no table: the reference the solver is tested against.
pub fn brute_force(pos: &Position, side: usize) -> i32 {
    let mut s = Solver::new(8);
    s.begin(pos, side);
    let base = s.current(pos);
    bf(&s, pos) - base
}

fn bf(s: &Solver, pos: &Position) -> i32 {
    if pos.hand.is_over() {
        return s.terminal(pos);
    }
    let mut legal = MoveList::new();
    pos.hand.legal(&mut legal);
    let maximizing = pos.hand.rules().side_of(pos.hand.to_act()) == s.side;
    let vals = legal.iter().map(|&a| bf(s, &pos.after(a)));
    if maximizing {
        vals.max().unwrap_or(0)
    } else {
        vals.min().unwrap_or(0)
    }
}

#[cfg(test)]
mod encoding {
    use super::{decode, encode};
    use domino_engine::{Action, Tile};

    /// Every action a table may keep comes back whole, chicken foot's
    /// chains past 15 and double-twelve's last tile included.
    #[test]
    fn every_action_survives_the_table() {
        let mut all = vec![Action::Pass, Action::Draw, Action::Muggins];
        all.extend((0..8).map(|seat| Action::ChoosePoser { seat }));
        for i in 0..domino_engine::MAX_TILES {
            let tile = Tile::from_index(i).expect("a tile index");
            for end in std::iter::once(None).chain((0..=30).map(Some)) {
                for claim in [false, true] {
                    all.push(Action::Play { tile, end, claim });
                }
            }
        }
        for a in all {
            assert_eq!(decode(encode(a)), Some(a), "{a:?}");
        }
        assert_eq!(decode(0), None);
    }
}
