//! A puzzle played out after a try: the solver's line from the position
//! once a play is made, each step with the board it leaves, so a player can
//! see why the answer wins and how another play loses. Only for open
//! puzzles: in a counting puzzle the line would run through tiles the
//! player cannot see.

use domino_bots::analysis::Analyst;
use domino_engine::wire::Drawn;
use domino_engine::Action;
use serde::{Deserialize, Serialize};

use crate::position::Setup;

/// One step of a line: who acted, what, and the board after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Played {
    pub seat: u8,
    pub action: Action,
    pub layout: Drawn,
}

/// Why a line could not be played out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    #[error("{0} is not one of the puzzle's plays")]
    NotAChoice(Action),
    #[error("the search for the line passed its node limit")]
    TooLarge,
    #[error("the line's step {index} ({action}) does not apply: {why}")]
    Step {
        index: usize,
        action: Action,
        why: String,
    },
}

/// The hand played out from `setup` after `first` (one of its choices): the
/// mover's side plays its best and the others their best against it, to
/// the end of the hand; `first` is the first step.
pub fn played_out(setup: &Setup, first: Action, node_limit: u64) -> Result<Vec<Played>, LineError> {
    if !setup.choices.contains(&first) {
        return Err(LineError::NotAChoice(first));
    }
    let side = setup.rules.side_of(setup.seat);
    let after = setup.pos.after(first);
    let mut rest = if after.hand.is_over() {
        Vec::new()
    } else {
        Analyst::new(20, Some(node_limit))
            .line(&after, side)
            .ok_or(LineError::TooLarge)?
    };
    rest.insert(0, first);
    let mut game = setup.game.clone();
    let mut pos = setup.pos;
    let mut steps = Vec::with_capacity(rest.len());
    for (index, action) in rest.into_iter().enumerate() {
        let bad = |why: String| LineError::Step { index, action, why };
        let seat = pos.hand.to_act();
        let checked = pos.hand.check(action).map_err(|e| bad(e.to_string()))?;
        game.act(checked, &mut ()).map_err(|e| bad(e.to_string()))?;
        pos.apply(checked);
        steps.push(Played {
            seat,
            action: checked,
            layout: game.seat_view(setup.seat).drawn(),
        });
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{read_set, Kind};

    #[test]
    fn the_answer_played_out_ends_the_hand_and_each_step_is_legal() {
        let set = read_set(include_str!("../../../puzzles/set.jsonl")).unwrap_or_default();
        let open: Vec<_> = set
            .iter()
            .filter(|p| p.kind == Kind::Open)
            .take(40)
            .collect();
        assert!(!open.is_empty());
        for p in open {
            let setup = p.setup().unwrap_or_else(|e| panic!("{}: {e}", p.id));
            let line = played_out(&setup, p.answer, 20_000_000)
                .unwrap_or_else(|e| panic!("{}: {e}", p.id));
            assert_eq!(line.first().map(|s| s.action), Some(p.answer), "{}", p.id);
            assert_eq!(line[0].seat, setup.seat, "{}", p.id);
            // Every step put a tile down or passed: the board grows by the plays.
            let plays = line
                .iter()
                .filter(|s| matches!(s.action, Action::Play { .. }))
                .count();
            assert!(plays >= 1, "{}", p.id);
            // The line goes to the end of the hand.
            let mut pos = setup.pos;
            for s in &line {
                pos.apply(s.action);
            }
            assert!(
                pos.hand.is_over(),
                "{}: the line stops before the hand's end",
                p.id
            );
        }
    }

    #[test]
    fn a_play_that_is_not_a_choice_is_refused() {
        let set = read_set(include_str!("../../../puzzles/set.jsonl")).unwrap_or_default();
        let Some(p) = set.first() else {
            panic!("the set is empty");
        };
        let setup = p.setup().unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            played_out(&setup, Action::Pass, 1_000_000),
            Err(LineError::NotAChoice(_))
        ));
    }
}
