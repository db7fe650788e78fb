//! `domino.Puzzle`: a puzzle proved by the solver (docs/puzzles.md), its
//! position as a state and as the view its kind allows, and the check of
//! an answer, so a bot can be measured on a set.

use std::sync::Arc;

use domino_engine::Action;
use domino_puzzles::rate::same_play;
use domino_puzzles::{Kind, Setup};
use pyo3::prelude::*;

use crate::core::GameDef;
use crate::errors::{json_text, to_py, DominoError};
use crate::game::{decode, State};
use crate::replay::replay_core;

/// A puzzle: `Puzzle(text_or_dict)`, one line of a set such as
/// `puzzles/set.jsonl`.
#[pyclass(module = "domino._domino", frozen)]
#[derive(Debug)]
pub struct Puzzle {
    puzzle: domino_puzzles::Puzzle,
    setup: Setup,
    def: Arc<GameDef>,
}

#[pymethods]
impl Puzzle {
    #[new]
    fn new(puzzle: &Bound<'_, PyAny>) -> PyResult<Puzzle> {
        let p: domino_puzzles::Puzzle = serde_json::from_str(&json_text(puzzle)?)
            .map_err(|e| DominoError::new_err(format!("not a puzzle (docs/puzzles.md): {e}")))?;
        let setup = p
            .setup()
            .map_err(|e| DominoError::new_err(format!("the puzzle's position: {e}")))?;
        let def = Arc::new(GameDef::new(setup.rules, false));
        Ok(Puzzle {
            puzzle: p,
            setup,
            def,
        })
    }

    #[getter]
    fn id(&self) -> &str {
        &self.puzzle.id
    }

    /// `"open"` (every hand shown) or `"counting"` (the mover's view only).
    #[getter]
    fn kind(&self) -> &'static str {
        match self.puzzle.kind {
            Kind::Open => "open",
            Kind::Counting => "counting",
        }
    }

    /// The player to move.
    #[getter]
    fn player(&self) -> u8 {
        self.setup.seat
    }

    #[getter]
    fn rating(&self) -> u32 {
        self.puzzle.rating
    }

    #[getter]
    fn themes(&self) -> Vec<String> {
        self.puzzle
            .themes
            .iter()
            .map(|t| {
                serde_json::to_value(t)
                    .ok()
                    .and_then(|v| v.as_str().map(String::from))
                    .unwrap_or_default()
            })
            .collect()
    }

    /// The plays to choose from, as action ids of the position's state.
    fn choices(&self) -> Vec<usize> {
        self.setup
            .choices
            .iter()
            .map(|&a| self.def.codec.encode(a))
            .collect()
    }

    /// What the puzzle shows, as the engine protocol's state: everything
    /// for an open puzzle, the mover's own view for a counting one.
    fn view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.setup.shown(self.puzzle.kind))
    }

    /// The position as a one-hand state, for a bot's `step` (which sees
    /// only the mover's view) or one's own program. The state knows every
    /// hand: for a counting puzzle, read it through the mover's eyes
    /// (`information_state_tensor(player)`).
    fn state(&self) -> PyResult<State> {
        let core = replay_core(self.def.clone(), &self.setup.game.record())
            .map_err(DominoError::new_err)?;
        Ok(State { core })
    }

    /// Whether `action` (an action id, or the action as JSON text or a
    /// dict) is the answer.
    fn check(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        let a = match action.extract::<i64>() {
            Ok(id) => decode(&self.def, id)?,
            Err(_) => serde_json::from_str::<Action>(&json_text(action)?)
                .map_err(|e| DominoError::new_err(format!("not an action: {e}")))?,
        };
        Ok(same_play(a, self.puzzle.answer))
    }

    /// The answer as an action id.
    fn answer(&self) -> usize {
        self.def.codec.encode(self.puzzle.answer)
    }

    fn __repr__(&self) -> String {
        format!(
            "<domino.Puzzle {} {} rating {}>",
            self.puzzle.id,
            self.kind(),
            self.puzzle.rating
        )
    }
}

/// Every puzzle of a set file (one per line).
#[pyfunction]
pub fn load_puzzles(path: std::path::PathBuf) -> PyResult<Vec<Puzzle>> {
    let text = std::fs::read_to_string(&path)
        .map_err(|e| DominoError::new_err(format!("cannot read {}: {e}", path.display())))?;
    let set = domino_puzzles::format::read_set(&text)
        .map_err(|e| DominoError::new_err(format!("{}: {e}", path.display())))?;
    set.into_iter()
        .map(|p| {
            let setup = p
                .setup()
                .map_err(|e| DominoError::new_err(format!("{}: the position: {e}", p.id)))?;
            let def = Arc::new(GameDef::new(setup.rules, false));
            Ok(Puzzle {
                puzzle: p,
                setup,
                def,
            })
        })
        .collect()
}
