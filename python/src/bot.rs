//! The project's bots from Python: each decides from the seat's view only.

use std::sync::Mutex;

use domino_bots::by_name;
use domino_bots::BotConfig;
use pyo3::prelude::*;

use crate::errors::{BotError, GameOverError};
use crate::game::State;

/// A computer player. Make one with `domino.bot(name, budget_ms=..., seed=...)`.
#[pyclass(module = "domino._domino")]
#[derive(Debug)]
pub struct Bot {
    bot: Mutex<Box<dyn domino_bots::Bot>>,
    spec: String,
    /// As made, for `domino.connect`, which makes one such bot per table.
    pub(crate) config: BotConfig,
}

impl Bot {
    pub(crate) fn spec(&self) -> &str {
        &self.spec
    }
}

#[pymethods]
impl Bot {
    /// The bot's name and options as given, e.g. `"expert"`.
    #[getter]
    fn name(&self) -> &str {
        &self.spec
    }

    /// The bot's action id for the player to act in `state`. The bot sees
    /// only that player's view (`SeatView`): its tiles and public facts.
    fn step(&self, py: Python<'_>, state: &State) -> PyResult<usize> {
        let m = state
            .game_match()
            .filter(|_| state.core.current_player() >= 0);
        let Some(m) = m else {
            return Err(GameOverError::new_err(
                "no player is to act here (a chance node or the end of the game)",
            ));
        };
        let Some(seat) = m.to_act() else {
            return Err(GameOverError::new_err("no player is to act here"));
        };
        let view = m.seat_view(seat);
        let bot = &self.bot;
        // The expert thinks on several threads: let Python run meanwhile.
        let action = py
            .detach(|| match bot.lock() {
                Ok(mut b) => b.act(&view),
                Err(poisoned) => poisoned.into_inner().act(&view),
            })
            .map_err(|e| BotError::new_err(e.to_string()))?;
        Ok(state.core.def.codec.encode(action))
    }

    fn __repr__(&self) -> String {
        format!("domino.bot({:?})", self.spec)
    }
}

/// A bot by name: `random`, `heavy`, `count`, `heuristic` or `expert`
/// (options as in `domino arena`, e.g. `"expert:nodes=20000"`).
/// `budget_ms` bounds the expert's thinking per decision; `seed` fixes its
/// random choices.
#[pyfunction]
#[pyo3(signature = (name, budget_ms=None, seed=None))]
pub fn bot(name: &str, budget_ms: Option<u64>, seed: Option<u64>) -> PyResult<Bot> {
    let mut config = BotConfig::default();
    if let Some(b) = budget_ms {
        config.budget_ms = b;
    }
    if let Some(s) = seed {
        config.seed = s;
    }
    let b = by_name(name, config).map_err(|e| BotError::new_err(e.to_string()))?;
    Ok(Bot {
        bot: Mutex::new(b),
        spec: name.to_string(),
        config,
    })
}

/// The bots' names, weakest first.
#[pyfunction]
pub fn bot_names() -> Vec<&'static str> {
    domino_bots::BOT_NAMES.to_vec()
}
