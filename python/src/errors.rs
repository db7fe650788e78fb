//! The package's exceptions and JSON crossing between Python and Rust.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::core::CoreError;

pyo3::create_exception!(
    _domino,
    DominoError,
    PyValueError,
    "Base class of every error the domino package raises for bad input."
);
pyo3::create_exception!(
    _domino,
    IllegalActionError,
    DominoError,
    "The action id is not legal in this state (the state is unchanged)."
);
pyo3::create_exception!(
    _domino,
    NotYourTurnError,
    DominoError,
    "A player acted, or was asked to act, out of turn."
);
pyo3::create_exception!(
    _domino,
    GameOverError,
    DominoError,
    "The state is terminal, or not a decision of a player."
);
pyo3::create_exception!(
    _domino,
    RulesError,
    DominoError,
    "Unknown preset, bad player count or bad option."
);
pyo3::create_exception!(
    _domino,
    DealError,
    DominoError,
    "A deal that breaks the rules."
);
pyo3::create_exception!(
    _domino,
    RecordError,
    DominoError,
    "A match record that cannot be read or replayed."
);
pyo3::create_exception!(
    _domino,
    BotError,
    DominoError,
    "Unknown bot, bad bot options, or a bot asked when it cannot act."
);

impl From<CoreError> for PyErr {
    fn from(e: CoreError) -> PyErr {
        match e {
            CoreError::Illegal(m) => IllegalActionError::new_err(m),
            CoreError::NotYourTurn(m) => NotYourTurnError::new_err(m),
            CoreError::Over(m) => GameOverError::new_err(m),
            CoreError::Deal(m) => DealError::new_err(m),
            CoreError::Internal(m) => pyo3::exceptions::PyRuntimeError::new_err(format!(
                "internal error (a bug in the domino package, please report it): {m}"
            )),
        }
    }
}

/// A JSON value as the Python object `json.loads` makes of it.
pub fn to_py<'py>(py: Python<'py>, v: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(v)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// A Python object as JSON text: a `str` is taken as JSON already, anything
/// else goes through `json.dumps`.
pub fn json_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = obj.extract::<String>() {
        return Ok(s);
    }
    obj.py()
        .import("json")?
        .call_method1("dumps", (obj,))?
        .extract()
}
