//! `domino.connect`: a Python policy, or a `domino.bot`, plays as a bot
//! account on a server. The Rust client (crates/botclient) does the
//! networking with the GIL released; the GIL is taken only to call the
//! policy and, every fifth of a second, to let Ctrl-C stop the run.

use std::sync::Arc;
use std::time::Duration;

use domino_botclient::{BuiltIn, ClientError, Finished, Options, Player, Policy, Progress, Turn};
use domino_engine::{Action, RulesSpec};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::bot::Bot;

pyo3::create_exception!(
    _domino,
    ConnectError,
    PyRuntimeError,
    "The bot client stopped: a refused or revoked token, an https server's certificate that does not verify, a server that answers out of the API, bad options."
);

/// A Python function `(observation, legal) -> action` as a policy.
#[derive(Debug)]
struct PyPolicy(Py<PyAny>);

impl Policy for PyPolicy {
    fn player(&self, _rules: &RulesSpec) -> Result<Box<dyn Player>, ClientError> {
        Ok(Box::new(PyPlayer(Python::attach(|py| {
            self.0.clone_ref(py)
        }))))
    }
}

struct PyPlayer(Py<PyAny>);

impl Player for PyPlayer {
    fn act(&mut self, turn: &Turn) -> Result<Action, ClientError> {
        Python::attach(|py| call_policy(py, &self.0, turn))
            .map_err(|e| ClientError::Policy(e.to_string()))
    }
}

/// Call the policy with the observation and the legal actions (JSON as
/// Python values); its answer is an action in the same JSON form, or an
/// index into `legal`.
fn call_policy(py: Python<'_>, policy: &Py<PyAny>, turn: &Turn) -> PyResult<Action> {
    let json = py.import("json")?;
    let observation = json.call_method1("loads", (turn.state.to_string(),))?;
    let legal = json.call_method1("loads", (turn.legal_json().to_string(),))?;
    let answer = policy.bind(py).call1((observation, &legal))?;
    let answer = match answer.extract::<usize>() {
        Ok(i) => legal.cast::<PyList>()?.get_item(i)?,
        Err(_) => answer,
    };
    let text: String = json.call_method1("dumps", (answer,))?.extract()?;
    let action: Action = serde_json::from_str(&text).map_err(|e| {
        pyo3::exceptions::PyValueError::new_err(format!("the policy's action {text}: {e}"))
    })?;
    if !turn.view.legal().contains(&action) {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "the policy's action {text} is not among the legal actions"
        )));
    }
    Ok(action)
}

/// Play as the bot account of `token` on the server at `url` (`http://`
/// or `https://`) until `games` matches are over (or forever), and return
/// each finished match as a dict. `policy` is a `domino.bot(...)` or a
/// function `(observation: dict, legal: list) -> action`. `ca_file` is a
/// PEM file of certificates trusted besides the built-in roots, for an
/// https server whose certificate a private CA signed (the CA's) or that
/// is self-signed (the server's own); a certificate that does not verify
/// raises `ConnectError` naming the host and the reason.
#[pyfunction]
#[pyo3(signature = (url, token, policy, *, game=None, players=None, rated=false, seek=false, accept=None, tables=1, games=None, ca_file=None))]
#[allow(clippy::too_many_arguments)]
pub fn connect<'py>(
    py: Python<'py>,
    url: &str,
    token: &str,
    policy: Bound<'py, PyAny>,
    game: Option<String>,
    players: Option<u8>,
    rated: bool,
    seek: bool,
    accept: Option<Vec<String>>,
    tables: usize,
    games: Option<u32>,
    ca_file: Option<std::path::PathBuf>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let policy: Arc<dyn Policy> = match policy.cast::<Bot>() {
        Ok(bot) => {
            let bot = bot.borrow();
            Arc::new(
                BuiltIn::with_config(bot.spec(), bot.config)
                    .map_err(|e| ConnectError::new_err(e.to_string()))?,
            )
        }
        Err(_) if policy.is_callable() => Arc::new(PyPolicy(policy.unbind())),
        Err(_) => {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "policy: a domino.bot(...) or a function (observation, legal) -> action",
            ))
        }
    };
    let options = Options {
        game: game.map(|preset| RulesSpec {
            preset,
            players,
            options: Default::default(),
        }),
        rated,
        seek,
        accept,
        tables,
        games,
        ca_file,
        ..Options::new(url, token)
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| ConnectError::new_err(e.to_string()))?;
    let summary = py.detach(|| {
        runtime.block_on(async {
            let run = domino_botclient::run(options, policy, Arc::new(log_progress));
            tokio::pin!(run);
            let mut signals = tokio::time::interval(Duration::from_millis(200));
            loop {
                tokio::select! {
                    r = &mut run => return r.map_err(|e| ConnectError::new_err(e.to_string())),
                    _ = signals.tick() => Python::attach(|py| py.check_signals())?,
                }
            }
        })
    })?;
    summary.finished.iter().map(|f| finished(py, f)).collect()
}

/// What the client tells as it goes that a bot's author should see, on
/// Python's `logging` (logger `domino`): a failing policy (the table went
/// on with a legal action), a lost table, a connection tried again.
fn log_progress(p: Progress) {
    let (level, line) = match p {
        Progress::PolicyFailed {
            table,
            error,
            played,
        } => (
            "warning",
            format!("table {table}: the policy failed ({error}); played {played} instead"),
        ),
        Progress::Lost { table, error } => ("warning", format!("table {table}: lost: {error}")),
        Progress::Retrying { what, error, after } => (
            "info",
            format!("{what}: {error}; again in {:.1} s", after.as_secs_f64()),
        ),
        _ => return,
    };
    Python::attach(|py| {
        let logged = py
            .import("logging")
            .and_then(|l| l.call_method1("getLogger", ("domino",)))
            .and_then(|logger| logger.call_method1(level, (line,)));
        if let Err(e) = logged {
            e.print(py);
        }
    });
}

fn finished<'py>(py: Python<'py>, f: &Finished) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("table", &f.table)?;
    d.set_item("seat", f.seat)?;
    d.set_item("rated", f.rated)?;
    d.set_item("scores", &f.scores)?;
    d.set_item("side", f.side)?;
    d.set_item("won", f.won)?;
    d.set_item("rating_before", f.rating.map(|r| r.before))?;
    d.set_item("rating_after", f.rating.map(|r| r.after))?;
    Ok(d)
}
