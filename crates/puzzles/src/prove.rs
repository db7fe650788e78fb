//! The proof of a puzzle: the solver's value of every choice, in the one
//! known world (open hands) or in every world the player cannot tell apart
//! (counting), and the one choice that is best by the game's margin.

use domino_bots::analysis::{default_blunder, Analyst};
use domino_bots::knowledge::Knowledge;
use domino_bots::solver::Position;
use domino_bots::world::Sampler;
use domino_engine::Action;

use crate::format::{Choice, Kind, Puzzle};
use crate::position::{PuzzleError, Setup};
use crate::themes;

/// Bounds on the work of one proof.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// Most worlds a counting puzzle may leave open.
    pub max_worlds: usize,
    /// Most nodes of one search.
    pub node_limit: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_worlds: 256,
            node_limit: 20_000_000,
        }
    }
}

/// A proved answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    pub answer: Action,
    pub choices: Vec<Choice>,
    /// Counting: how many worlds agree with the view.
    pub worlds: Option<u32>,
}

/// Why a position makes no puzzle of a kind.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    #[error("there is only one play")]
    OnePlay,
    #[error("no play is best by the margin of {margin}: {best} plays share the best value or come within it")]
    NotUnique { best: usize, margin: i32 },
    #[error("no play is best in every world the player cannot rule out")]
    NoSafePlay,
    #[error("every other play is as good as the answer in every world")]
    EveryPlayWins,
    #[error("more than {0} worlds agree with the player's view")]
    TooManyWorlds(usize),
    #[error("the view leaves only one world: nothing to count")]
    OneWorld,
    #[error("a search passed the node limit")]
    TooLarge,
    #[error("the seat's view does not make worlds: {0}")]
    View(String),
}

/// The margin by which the answer must beat every other play in a world:
/// any change of outcome in the six-love games, about ten points on the
/// solver's scale in the points games (one where a hand scores one point).
pub fn margin(rules: &domino_engine::Rules) -> i32 {
    default_blunder(rules)
}

/// Prove a position as a puzzle of `kind`.
pub fn prove(setup: &Setup, kind: Kind, limits: Limits) -> Result<Proof, Rejection> {
    if setup.choices.len() < 2 {
        return Err(Rejection::OnePlay);
    }
    let mut analyst = Analyst::new(20, Some(limits.node_limit));
    let margin = margin(&setup.rules);
    match kind {
        Kind::Open => {
            let values = choice_values(&mut analyst, &setup.pos, &setup.choices)?;
            let best = values.iter().copied().max().unwrap_or(0);
            let near = values.iter().filter(|&&v| v > best - margin).count();
            if near != 1 {
                return Err(Rejection::NotUnique { best: near, margin });
            }
            let i = values.iter().position(|&v| v == best).unwrap_or(0);
            Ok(Proof {
                answer: setup.choices[i],
                choices: setup
                    .choices
                    .iter()
                    .zip(&values)
                    .map(|(&action, &value)| Choice {
                        action,
                        value,
                        best_in: None,
                    })
                    .collect(),
                worlds: None,
            })
        }
        Kind::Counting => {
            let worlds = worlds(setup, limits.max_worlds)?;
            let n = setup.choices.len();
            let mut worst = vec![i32::MAX; n];
            let mut best_in = vec![0u32; n];
            // Worlds where the choice is beaten by the margin by the best play.
            let mut beaten = vec![Vec::new(); n];
            let mut all = Vec::with_capacity(worlds.len());
            for w in &worlds {
                let values = choice_values(&mut analyst, w, &setup.choices)?;
                let top = values.iter().copied().max().unwrap_or(0);
                for (i, &v) in values.iter().enumerate() {
                    worst[i] = worst[i].min(v);
                    if v == top {
                        best_in[i] += 1;
                    }
                }
                all.push(values);
            }
            let total = worlds.len() as u32;
            let safe: Vec<usize> = (0..n).filter(|&i| best_in[i] == total).collect();
            let [answer] = safe[..] else {
                return Err(if safe.is_empty() {
                    Rejection::NoSafePlay
                } else {
                    Rejection::EveryPlayWins
                });
            };
            for values in &all {
                for (i, &v) in values.iter().enumerate() {
                    beaten[i].push(values[answer] - v >= margin);
                }
            }
            let every_other_loses = (0..n).all(|i| i == answer || beaten[i].iter().any(|&b| b));
            if !every_other_loses {
                return Err(Rejection::EveryPlayWins);
            }
            Ok(Proof {
                answer: setup.choices[answer],
                choices: (0..n)
                    .map(|i| Choice {
                        action: setup.choices[i],
                        value: worst[i],
                        best_in: Some(best_in[i]),
                    })
                    .collect(),
                worlds: Some(total),
            })
        }
    }
}

/// The worlds that agree with the seat's view, the real one among them.
pub fn worlds(setup: &Setup, max: usize) -> Result<Vec<Position>, Rejection> {
    let view = setup.view();
    let k = Knowledge::new(&view);
    let sampler = Sampler::new(&view, &k).map_err(|e| Rejection::View(e.to_string()))?;
    let worlds = sampler.worlds(max).ok_or(Rejection::TooManyWorlds(max))?;
    if worlds.len() < 2 {
        return Err(Rejection::OneWorld);
    }
    Ok(worlds)
}

/// The value of each choice for the mover's side.
fn choice_values(
    analyst: &mut Analyst,
    pos: &Position,
    choices: &[Action],
) -> Result<Vec<i32>, Rejection> {
    let side = pos.hand.rules().side_of(pos.hand.to_act());
    let all = analyst.values(pos, side).ok_or(Rejection::TooLarge)?;
    Ok(choices
        .iter()
        .map(|c| {
            all.iter()
                .find(|(a, _)| a == c)
                .map_or(i32::MIN, |&(_, v)| v)
        })
        .collect())
}

/// How a stored puzzle differs from its proof.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    #[error("{0}")]
    Position(#[from] PuzzleError),
    #[error("no unique answer: {0}")]
    Rejected(#[from] Rejection),
    #[error("the answer is {proved}, not {stated}")]
    Answer { stated: Action, proved: Action },
    #[error("the solver's values differ from those stated")]
    Values,
    #[error("the rules, seed or actions are not those of the puzzle's record")]
    Mirror,
    #[error("the themes are {proved:?}, not {stated:?}")]
    Themes {
        stated: Vec<crate::Theme>,
        proved: Vec<crate::Theme>,
    },
}

/// Prove a stored puzzle again: its answer must be the only one, and its
/// values, worlds and themes those the solver finds.
pub fn verify(p: &Puzzle, limits: Limits) -> Result<(), VerifyError> {
    if let Some(rec) = &p.from {
        let mirrored = rec.rules == p.rules
            && rec.seed.unwrap_or(0) == p.seed
            && crate::position::last_actions(rec) == p.actions;
        if !mirrored {
            return Err(VerifyError::Mirror);
        }
    }
    let setup = p.setup()?;
    // A stored puzzle is proved however many worlds it states.
    let limits = Limits {
        max_worlds: limits.max_worlds.max(p.worlds.unwrap_or(0) as usize),
        ..limits
    };
    let proof = prove(&setup, p.kind, limits)?;
    if proof.answer != p.answer {
        return Err(VerifyError::Answer {
            stated: p.answer,
            proved: proof.answer,
        });
    }
    if proof.choices != p.choices || proof.worlds != p.worlds {
        return Err(VerifyError::Values);
    }
    let proved = themes::detect(&setup, p.kind, proof.answer);
    if proved != p.themes {
        return Err(VerifyError::Themes {
            stated: p.themes.clone(),
            proved,
        });
    }
    Ok(())
}
