//! A puzzle's position rebuilt from its seed and actions: the match (for
//! the seat's view) and the solver's position (for the proof).

use domino_bots::analysis::walk;
use domino_bots::solver::Position;
use domino_engine::record::Record;
use domino_engine::rules::DrawRule;
use domino_engine::{Action, Match, MoveList, Phase, Rules, RulesSpec, SeatView, Viewer};

use crate::format::{Kind, Puzzle};

/// Why a puzzle's position cannot be rebuilt or is no decision.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    #[error("rules: {0}")]
    Rules(String),
    #[error("action {index} ({action}): {why}")]
    Action {
        index: usize,
        action: Action,
        why: String,
    },
    #[error("the record cannot be replayed: {0}")]
    Record(String),
    #[error("the hand is over after these actions")]
    Over,
    #[error(
        "no play is to be chosen here (the turn is a pass, a draw, muggins or a choice of poser)"
    )]
    NoChoice,
    #[error("a tile may still be drawn: the boneyard's order would decide the hand")]
    Draws,
}

/// A puzzle's position, rebuilt.
#[derive(Debug, Clone)]
pub struct Setup {
    pub rules: Rules,
    pub game: Match,
    pub pos: Position,
    /// The seat to move.
    pub seat: u8,
    /// The plays to choose from, claimed where the rules let a play claim
    /// its points (claiming is never worse), in the engine's order.
    pub choices: Vec<Action>,
}

impl Puzzle {
    /// The puzzle's position: the end of its record when it has one, else
    /// the first hand of its seeded match after its actions.
    pub fn setup(&self) -> Result<Setup, PuzzleError> {
        match &self.from {
            Some(rec) => Setup::from_record(rec),
            None => Setup::new(&self.rules, self.seed, &self.actions),
        }
    }
}

impl Setup {
    /// The position at the end of `rec`, a record cut before a decision.
    pub fn from_record(rec: &Record) -> Result<Setup, PuzzleError> {
        let rules = rec
            .rules
            .resolve()
            .map_err(|e| PuzzleError::Rules(e.to_string()))?;
        let walked = walk(rec, |_| true).map_err(|e| PuzzleError::Record(e.to_string()))?;
        // A cut hand with no action yet has no position of its own in the
        // walk: the solver's starts from the match's hand.
        let fresh = rec.hands.last().is_none_or(|h| h.actions.is_empty());
        let pos = if fresh { None } else { walked.position };
        Setup::at(rules, walked.game, pos)
    }

    /// The first hand of the match seeded `seed` after `actions`.
    pub fn new(spec: &RulesSpec, seed: u64, actions: &[Action]) -> Result<Setup, PuzzleError> {
        let rules = spec
            .resolve()
            .map_err(|e| PuzzleError::Rules(e.to_string()))?;
        let mut game =
            Match::new(rules, Some(seed), None).map_err(|e| PuzzleError::Rules(e.to_string()))?;
        let mut pos = None;
        for (index, &action) in actions.iter().enumerate() {
            let bad = |why: String| PuzzleError::Action { index, action, why };
            if game.phase() == Phase::Play && pos.is_none() {
                // The solver's position starts with the first play, after
                // any choice of who poses.
                pos = Some(Position::new(*game.hand(), game.hand_number()));
            }
            if game.phase() != Phase::Play && game.phase() != Phase::ChoosePoser {
                return Err(PuzzleError::Over);
            }
            let checked = match &pos {
                Some(p) => p.hand.check(action).map_err(|e| bad(e.to_string()))?,
                None => action,
            };
            game.act(checked, &mut ()).map_err(|e| bad(e.to_string()))?;
            if let Some(p) = &mut pos {
                p.apply(checked);
            }
        }
        Setup::at(rules, game, pos)
    }

    /// The decision in `game` (`pos`: its fully known position, `None`
    /// before the first play), if it is one a puzzle can be made of.
    pub fn at(rules: Rules, game: Match, pos: Option<Position>) -> Result<Setup, PuzzleError> {
        if game.phase() != Phase::Play {
            return Err(PuzzleError::NoChoice);
        }
        let pos = pos.unwrap_or_else(|| Position::new(*game.hand(), game.hand_number()));
        if pos.hand.is_over() {
            return Err(PuzzleError::Over);
        }
        if draws_possible(&pos) {
            return Err(PuzzleError::Draws);
        }
        let choices = choices(&pos);
        if choices.is_empty() {
            return Err(PuzzleError::NoChoice);
        }
        Ok(Setup {
            rules,
            seat: pos.hand.to_act(),
            game,
            pos,
            choices,
        })
    }

    /// What the seat to move sees.
    pub fn view(&self) -> SeatView {
        self.game.seat_view(self.seat)
    }

    /// The position as a puzzle of `kind` shows it, in the engine
    /// protocol's state form: every hand for an open puzzle, only the
    /// mover's view for a counting one.
    pub fn shown(&self, kind: Kind) -> serde_json::Value {
        let viewer = match kind {
            Kind::Open => Viewer::All,
            Kind::Counting => Viewer::Seat(self.seat),
        };
        self.game.state_json(viewer)
    }
}

/// The actions of a record's last hand, as a puzzle's `actions` repeats
/// them.
pub fn last_actions(rec: &Record) -> Vec<Action> {
    rec.hands
        .last()
        .map(|h| h.actions.iter().map(|e| e.action).collect())
        .unwrap_or_default()
}

/// Whether a tile may still be drawn: puzzles are kept to positions where
/// the boneyard's order no longer matters.
pub fn draws_possible(pos: &Position) -> bool {
    let rules = pos.hand.rules();
    rules.draw() != DrawRule::Never
        && pos.hand.boneyard().len() > usize::from(rules.draw().reserve())
}

/// The plays of a position, each in its claiming form where there is one;
/// empty when the turn holds muggins (a free gift, not a puzzle), no play,
/// or a pass beside the plays (a trains game's first-turn chain, which the
/// player may end at any tile): a puzzle asks for a tile, and the best
/// answer there may be to stop.
pub fn choices(pos: &Position) -> Vec<Action> {
    let mut legal = MoveList::new();
    pos.hand.legal(&mut legal);
    if legal.contains(&Action::Muggins) || legal.contains(&Action::Pass) {
        return Vec::new();
    }
    legal
        .iter()
        .filter_map(|&a| match a {
            Action::Play {
                tile,
                end,
                claim: false,
            } => {
                let claimed = Action::Play {
                    tile,
                    end,
                    claim: true,
                };
                Some(if legal.contains(&claimed) { claimed } else { a })
            }
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In a first-turn chain the player may stop at any tile: a position
    /// where passing stands beside the plays poses no puzzle.
    #[test]
    fn a_chain_that_may_stop_has_no_choices() {
        let spec: RulesSpec = serde_json::from_value(serde_json::json!({
            "preset": "mexican-train", "players": 4, "options": {"first_turn": "chain"}
        }))
        .expect("a rules spec");
        let rules = spec.resolve().expect("mexican train rules");
        let mut legal = MoveList::new();
        let mut seen = 0;
        for seed in 0..40 {
            let m = Match::new(rules, Some(seed), None).expect("a match");
            let mut pos = Position::new(*m.hand(), 1);
            for _ in 0..200 {
                if pos.hand.is_over() {
                    break;
                }
                pos.hand.legal(&mut legal);
                let plays = legal.iter().any(|a| matches!(a, Action::Play { .. }));
                if plays && legal.contains(&Action::Pass) {
                    assert!(choices(&pos).is_empty(), "seed {seed}: {legal:?}");
                    seen += 1;
                }
                // The first play listed keeps the chain going.
                pos.apply(legal[0]);
            }
        }
        assert!(seen > 0, "no chain with a pass beside its plays");
    }
}
