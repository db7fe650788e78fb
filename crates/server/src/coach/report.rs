//! The coach's report built from an analysis: each decision judged from
//! the player's view, and whether a puzzle can be made of it.

use domino_bots::analysis::{objective_name, walk_hand, Analysis, Decision};
use domino_engine::{Action, MoveList, Record};
use domino_league::verdict::{judge, Severity, Thresholds};
use domino_protocol::coach::{CoachDecision, CoachHand, CoachReport, CoachSeat, FORMAT};

use super::Budget;

pub(super) fn decision(d: &Decision, t: &Thresholds, margin: i32) -> CoachDecision {
    let v = judge(d, t);
    CoachDecision {
        index: d.index,
        seat: d.seat,
        played: d.played,
        value: d.played_value(),
        best: d.best(),
        best_value: d.best_value(),
        cost: d.cost(),
        blunder: v.severity == Some(Severity::Blunder),
        expert: d.expert,
        expert_cost: d.expert_cost(),
        side: d.side,
        view_cost: v.view_cost,
        severity: v.severity,
        hindsight: v.hindsight,
        puzzle: puzzle_here(d, margin),
    }
}

/// Whether the solver can make a puzzle of decision `d`: the position's
/// plays (in their claiming forms, as the puzzles count them) with one
/// alone within `margin` of the best, no draw possible, no muggins, and no
/// pass beside the plays (a trains game's first-turn chain, which the
/// puzzles leave out: the player may stop at any tile).
fn puzzle_here(d: &Decision, margin: i32) -> bool {
    if d.drawable
        || !matches!(d.played, Action::Play { .. })
        || d.legal.contains(&Action::Muggins)
        || d.legal.contains(&Action::Pass)
    {
        return false;
    }
    let Some(values) = &d.values else {
        return false;
    };
    // A play and its claiming form are one choice: the better value counts.
    let mut plays: Vec<((domino_engine::Tile, Option<u8>), i32)> = Vec::new();
    for (a, &v) in d.legal.iter().zip(values) {
        if let Action::Play { tile, end, .. } = *a {
            match plays.iter_mut().find(|(k, _)| *k == (tile, end)) {
                Some((_, best)) => *best = (*best).max(v),
                None => plays.push(((tile, end), v)),
            }
        }
    }
    let Some(best) = plays.iter().map(|&(_, v)| v).max() else {
        return false;
    };
    plays.len() >= 2 && plays.iter().filter(|&&(_, v)| v > best - margin).count() == 1
}

/// The payload for an analysis of match `id` whose seats had `names`
/// (`None`: a bot).
pub fn report(
    id: &str,
    a: &Analysis,
    names: &[Option<String>],
    budget: &Budget,
    seconds: f64,
    hand: Option<u32>,
) -> CoachReport {
    let thresholds = Thresholds::of(&a.rules);
    let margin = domino_puzzles::prove::margin(&a.rules);
    let hands: Vec<CoachHand> = a
        .hands
        .iter()
        .map(|h| CoachHand {
            hand: h.number,
            decisions: h
                .decisions
                .iter()
                .map(|d| decision(d, &thresholds, margin))
                .collect(),
        })
        .collect();
    let all: Vec<&CoachDecision> = hands.iter().flat_map(|h| &h.decisions).collect();
    let seats = a
        .seats()
        .into_iter()
        .map(|s| {
            let mine = || all.iter().filter(move |d| d.seat == s.seat);
            let marked = |k: Severity| mine().filter(|d| d.severity == Some(k)).count();
            CoachSeat {
                seat: s.seat,
                name: names.get(s.seat as usize).cloned().flatten(),
                decisions: s.decisions,
                solved: s.solved,
                total_cost: s.total_cost,
                mean_cost: (s.solved > 0).then(|| s.total_cost as f64 / s.solved as f64),
                blunders: marked(Severity::Blunder),
                mistakes: marked(Severity::Mistake),
                inaccuracies: marked(Severity::Inaccuracy),
                hindsight: mine().filter(|d| d.hindsight).count(),
                expert_agreed: s.agreed,
                expert_asked: s.asked,
            }
        })
        .collect();
    CoachReport {
        format: FORMAT.to_string(),
        id: id.to_string(),
        objective: objective_name(&a.rules).to_string(),
        blunder: thresholds.blunder,
        thresholds,
        expert_ms: budget.expert_ms,
        node_limit: budget.node_limit,
        hands,
        seats,
        seconds,
        hand,
    }
}

/// The decisions of a record (actions with more than one legal choice),
/// of hand `hand` alone (from 1) when given, counted without solving
/// anything.
pub fn decisions(rec: &Record, hand: Option<u32>) -> Result<usize, String> {
    let mut legal = MoveList::new();
    let mut n = 0usize;
    walk_hand(rec, hand, |s| {
        s.game.legal(&mut legal);
        if legal.len() > 1 {
            n += 1;
        }
        true
    })
    .map_err(|e| e.to_string())?;
    Ok(n)
}
