//! `domino.Game` and `domino.State`: OpenSpiel's shape over the engine.

use std::sync::Arc;

use domino_engine::{Action, DealSpec, Match, Phase, Record, RulesSpec, Tile, Viewer};
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

use crate::core::{Core, GameDef, CHANCE};
use crate::encode;
use crate::errors::{
    json_text, to_py, DealError, GameOverError, IllegalActionError, RecordError, RulesError,
};
use crate::replay::replay_core;

/// A game: a preset with its players and options, one hand or a whole match.
///
/// `Game(preset, players=None, options=None, *, match=False)`. With
/// `match=False` a state is one hand (terminal when the hand ends); with
/// `match=True` it is a whole match, hand after hand, terminal when the
/// match is won.
#[pyclass(module = "domino._domino", frozen)]
#[derive(Debug)]
pub struct Game {
    pub def: Arc<GameDef>,
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (preset, players=None, options=None, *, r#match=false))]
    fn new(
        preset: &str,
        players: Option<i64>,
        options: Option<&Bound<'_, PyAny>>,
        r#match: bool,
    ) -> PyResult<Game> {
        let players = match players {
            None => None,
            Some(n) => Some(
                u8::try_from(n)
                    .map_err(|_| RulesError::new_err(format!("{n} is not a player count")))?,
            ),
        };
        let options = match options {
            None => serde_json::Map::new(),
            Some(o) => {
                let v: serde_json::Value = serde_json::from_str(&json_text(o)?)
                    .map_err(|e| RulesError::new_err(format!("options: {e}")))?;
                match v {
                    serde_json::Value::Object(m) => m,
                    serde_json::Value::Null => serde_json::Map::new(),
                    _ => {
                        return Err(RulesError::new_err(
                            "options must be a dict of option names to values",
                        ))
                    }
                }
            }
        };
        let spec = RulesSpec {
            preset: preset.to_string(),
            players,
            options,
        };
        let rules = spec
            .resolve()
            .map_err(|e| RulesError::new_err(e.to_string()))?;
        Ok(Game {
            def: Arc::new(GameDef::new(rules, r#match)),
        })
    }

    /// The preset's name, e.g. `"jamaican"`.
    #[getter]
    fn preset(&self) -> &'static str {
        self.def.rules.preset().name()
    }

    /// Whether a state is a whole match (else one hand).
    #[getter]
    fn is_match(&self) -> bool {
        self.def.whole_match
    }

    /// The rules with every option spelled out, as the protocol writes
    /// them: `{"preset", "players", "options"}`.
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = serde_json::to_value(self.def.rules.spec())
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
        to_py(py, &v)
    }

    fn num_players(&self) -> usize {
        self.def.rules.players() as usize
    }

    /// Scoring sides: 2 in partnership games, else one per player.
    fn num_sides(&self) -> usize {
        self.def.rules.sides()
    }

    /// The side a player scores for (partners: seat % 2).
    fn side_of(&self, player: i64) -> PyResult<usize> {
        Ok(self.def.rules.side_of(seat_arg(&self.def, player)?))
    }

    /// Every action id is below this number.
    fn num_distinct_actions(&self) -> usize {
        self.def.codec.num_actions()
    }

    fn max_chance_outcomes(&self) -> usize {
        self.def.max_chance_outcomes()
    }

    /// Most player decisions in one hand (the length of the information
    /// state's action history).
    fn max_game_length(&self) -> usize {
        self.def.max_hand_length()
    }

    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.def.shape.obs_len]
    }

    fn observation_tensor_size(&self) -> usize {
        self.def.shape.obs_len
    }

    fn information_state_tensor_shape(&self) -> Vec<usize> {
        vec![self.def.shape.info_len]
    }

    fn information_state_tensor_size(&self) -> usize {
        self.def.shape.info_len
    }

    /// The length of one action of the information state's history.
    fn history_step_size(&self) -> usize {
        self.def.shape.step_len
    }

    /// Bounds of a player's return.
    fn min_utility(&self) -> f64 {
        -self.max_utility()
    }

    fn max_utility(&self) -> f64 {
        if self.def.whole_match || self.def.love() {
            let sides = self.def.rules.sides() as f64;
            // The winner's side takes 1; a loser pays 1 / (sides - 1).
            1.0f64.max(1.0 / (sides - 1.0))
        } else {
            // Every pip of the set, premiums and penalties: a bound only.
            1000.0
        }
    }

    /// Whether players earn rewards before the end (points made in play).
    fn rewards_during_play(&self) -> bool {
        !self.def.whole_match && !self.def.love() && self.def.scores_in_play()
    }

    /// A new state: dealt from `deal` (a dict in the protocol's deal form)
    /// when given, else from `seed` exactly as `domino engine` deals it,
    /// else by explicit chance nodes (one per tile, OpenSpiel's way).
    #[pyo3(signature = (seed=None, deal=None))]
    fn new_initial_state(
        &self,
        seed: Option<u64>,
        deal: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<State> {
        let deal = match deal {
            None => None,
            Some(d) => Some(
                serde_json::from_str::<DealSpec>(&json_text(d)?)
                    .map_err(|e| DealError::new_err(format!("bad deal: {e}")))?,
            ),
        };
        Ok(State {
            core: Core::new(self.def.clone(), seed, deal.as_ref())?,
        })
    }

    /// The protocol's JSON form of an action id, e.g.
    /// `{"type":"play","tile":"6-4","end":1}`.
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        let a = decode(&self.def, action)?;
        Ok(action_json(a))
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({:?}, players={}{})",
            self.def.rules.preset().name(),
            self.def.rules.players(),
            if self.def.whole_match {
                ", match=True"
            } else {
                ""
            }
        )
    }
}

pub(crate) fn seat_arg(def: &GameDef, player: i64) -> PyResult<u8> {
    if player < 0 || player >= i64::from(def.rules.players()) {
        return Err(PyIndexError::new_err(format!(
            "player {player} is not at this table (players 0 to {})",
            def.rules.players() - 1
        )));
    }
    Ok(player as u8)
}

pub(crate) fn decode(def: &GameDef, action: i64) -> PyResult<Action> {
    usize::try_from(action)
        .ok()
        .and_then(|id| def.codec.decode(id))
        .ok_or_else(|| {
            IllegalActionError::new_err(format!(
                "action {action} is not an action id of this game (ids run from 0 to {})",
                def.codec.num_actions() - 1
            ))
        })
}

pub fn action_json(a: Action) -> String {
    serde_json::to_string(&a).unwrap_or_default()
}

/// A state of a game: the position, whose turn, and everything OpenSpiel's
/// `State` offers.
#[pyclass(module = "domino._domino")]
#[derive(Clone, Debug)]
pub struct State {
    pub core: Core,
}

impl State {
    fn player_or_current(&self, player: Option<i64>) -> PyResult<u8> {
        match player {
            Some(p) => seat_arg(&self.core.def, p),
            None => match self.core.current_player() {
                p if p >= 0 => Ok(p as u8),
                _ => Err(GameOverError::new_err(
                    "no player is to act here: name the player",
                )),
            },
        }
    }

    pub fn game_match(&self) -> Option<&Match> {
        self.core.m.as_ref()
    }

    fn chance_string(&self, id: usize) -> String {
        let tiles = self.core.dealing.as_ref().is_none_or(|d| d.deals_tiles());
        match Tile::from_index(id) {
            Some(t) if tiles => format!("deal {t}"),
            _ if tiles => format!("deal {id}"),
            _ => format!("turn-over: seat {id} poses"),
        }
    }
}

#[pymethods]
impl State {
    /// The player to act, `domino.CHANCE` (-1) at a chance node, or
    /// `domino.TERMINAL` (-4) once the game is over.
    fn current_player(&self) -> i32 {
        self.core.current_player()
    }

    fn is_chance_node(&self) -> bool {
        self.core.is_chance()
    }

    fn is_terminal(&self) -> bool {
        self.core.is_terminal()
    }

    fn is_player_node(&self) -> bool {
        self.core.current_player() >= 0
    }

    /// `[(outcome, probability), ...]` at a chance node, else `[]`.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.core.chance_outcomes()
    }

    /// The legal action ids, ascending: of the player to act (or of
    /// `player`, which is `[]` unless that player is to act), or the chance
    /// outcomes at a chance node.
    #[pyo3(signature = (player=None))]
    fn legal_actions(&self, player: Option<i64>) -> Vec<usize> {
        match player {
            Some(p) if i64::from(self.core.current_player()) != p => Vec::new(),
            _ => self.core.legal_ids(),
        }
    }

    /// A 0/1 vector over every action id, 1 where legal.
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> Bound<'py, PyArray1<i8>> {
        let n = if self.core.is_chance() {
            self.core.def.max_chance_outcomes()
        } else {
            self.core.def.codec.num_actions()
        };
        let mut mask = vec![0i8; n];
        for id in self.legal_actions(player) {
            if id < n {
                mask[id] = 1;
            }
        }
        mask.into_pyarray(py)
    }

    /// Apply an action id (a chance outcome at a chance node). With
    /// `player`, first check that this player is the one to act. A refused
    /// action raises and changes nothing.
    #[pyo3(signature = (action, player=None))]
    fn apply_action(&mut self, action: i64, player: Option<i64>) -> PyResult<()> {
        if let Some(p) = player {
            let to_act = self.core.current_player();
            if i64::from(to_act) != p {
                let who = match to_act {
                    CHANCE => "chance".to_string(),
                    p if p < 0 => "nobody (the game is over)".to_string(),
                    p => format!("player {p}"),
                };
                return Err(crate::errors::NotYourTurnError::new_err(format!(
                    "player {p} cannot act: it is {who}'s turn"
                )));
            }
        }
        let id = usize::try_from(action).map_err(|_| {
            IllegalActionError::new_err(format!("action {action} is not an action id"))
        })?;
        Ok(self.core.apply(id)?)
    }

    /// The protocol's JSON form of an action, or `deal 6-4` for a chance
    /// outcome. Accepts `(action)` or OpenSpiel's `(player, action)`.
    #[pyo3(signature = (a, b=None))]
    fn action_to_string(&self, a: i64, b: Option<i64>) -> PyResult<String> {
        let (player, action) = match b {
            Some(action) => (a, action),
            None => (i64::from(self.core.current_player()), a),
        };
        if player == i64::from(CHANCE) {
            let id = usize::try_from(action)
                .map_err(|_| IllegalActionError::new_err(format!("bad outcome {action}")))?;
            return Ok(self.chance_string(id));
        }
        Ok(action_json(decode(&self.core.def, action)?))
    }

    /// The action id of an action in the protocol's JSON form (`end` may be
    /// left out where the tile fits one end only), or of `deal 6-4` at a
    /// chance node. Accepts `(text)` or OpenSpiel's `(player, text)`.
    #[pyo3(signature = (a, b=None))]
    fn string_to_action(
        &self,
        a: &Bound<'_, PyAny>,
        b: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        let text: String = match b {
            Some(t) => t.extract()?,
            None => a.extract()?,
        };
        let text = text.trim();
        if self.core.dealing.is_some() {
            if let Some(tile) = text.strip_prefix("deal ") {
                let t: Tile = tile
                    .trim()
                    .parse()
                    .map_err(|e| IllegalActionError::new_err(format!("{e}")))?;
                return Ok(t.index());
            }
            if let Some(rest) = text.strip_prefix("turn-over: seat ") {
                let seat = rest.trim_end_matches(" poses").trim();
                return seat
                    .parse()
                    .map_err(|_| IllegalActionError::new_err(format!("bad turn-over `{text}`")));
            }
            return Err(IllegalActionError::new_err(format!(
                "`{text}` is not a chance outcome here: write `deal 6-4`"
            )));
        }
        let action: Action = serde_json::from_str(text).map_err(|e| {
            IllegalActionError::new_err(format!(
                "`{text}` is not an action in the protocol's JSON form: {e}"
            ))
        })?;
        let normal = match self.core.m.as_ref() {
            Some(m) if m.phase() == Phase::Play => match m.hand().check(action) {
                Ok(a) => a,
                Err(e) => match action {
                    Action::Play { end: None, .. } if m.hand().layout().posed().is_some() => {
                        return Err(IllegalActionError::new_err(format!("`{text}`: {e}")))
                    }
                    _ => action,
                },
            },
            _ => action,
        };
        let id = self.core.def.codec.encode(normal);
        if self.core.def.codec.decode(id) != Some(normal) {
            return Err(IllegalActionError::new_err(format!(
                "`{text}` is not an action of this game"
            )));
        }
        Ok(id)
    }

    /// Each player's total reward so far (see the docs for each preset).
    fn returns(&self) -> Vec<f64> {
        self.core.returns()
    }

    /// Each player's reward for the last action.
    fn rewards(&self) -> Vec<f64> {
        self.core.rewards()
    }

    fn player_return(&self, player: i64) -> PyResult<f64> {
        let p = seat_arg(&self.core.def, player)?;
        Ok(self.core.returns()[p as usize])
    }

    fn player_reward(&self, player: i64) -> PyResult<f64> {
        let p = seat_arg(&self.core.def, player)?;
        Ok(self.core.rewards()[p as usize])
    }

    /// The observation tensor of `player` (default: the player to act).
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.tensor(py, player, false)
    }

    /// The information-state tensor of `player` (default: the player to act).
    #[pyo3(signature = (player=None))]
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.tensor(py, player, true)
    }

    #[pyo3(signature = (player=None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        let seat = self.player_or_current(player)?;
        Ok(match &self.core.m {
            Some(m) => encode::observation_string(m, &self.core.tracker, seat),
            None => self.dealing_string(seat),
        })
    }

    #[pyo3(signature = (player=None))]
    fn information_state_string(&self, player: Option<i64>) -> PyResult<String> {
        let seat = self.player_or_current(player)?;
        let mut s = match &self.core.m {
            Some(m) => encode::information_string(m, &self.core.tracker, seat),
            None => String::new(),
        };
        if self.core.dealing.is_some() {
            s.push_str(&self.dealing_string(seat));
        }
        Ok(s)
    }

    /// A state that `player`, the player to act, cannot tell from this
    /// one: the tiles it has not seen dealt again at random, consistently
    /// with everything it saw (hand sizes, who laid what, who passed or drew
    /// over which ends), and the hand replayed. For information-set search
    /// (OpenSpiel's IS-MCTS). The sampler is the expert's.
    fn resample_from_infostate(&self, player: i64, seed: u64) -> PyResult<State> {
        self.resample(player, seed)
    }

    fn clone(&self) -> State {
        Clone::clone(self)
    }

    fn __copy__(&self) -> State {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        Clone::clone(self)
    }

    /// Every action applied so far, chance outcomes included.
    fn history(&self) -> Vec<usize> {
        self.core.history.clone()
    }

    fn move_number(&self) -> usize {
        self.core.history.len()
    }

    fn num_players(&self) -> usize {
        self.core.def.rules.players() as usize
    }

    fn get_game(&self) -> Game {
        Game {
            def: self.core.def.clone(),
        }
    }

    /// The hand being played (from 1); 0 before the first deal.
    fn hand_number(&self) -> u32 {
        self.core.m.as_ref().map_or(0, Match::hand_number)
    }

    /// `"deal"`, `"choose_poser"`, `"play"`, `"hand_over"` or `"match_over"`.
    fn phase(&self) -> &'static str {
        if self.core.dealing.is_some() {
            return "deal";
        }
        match self.core.m.as_ref().map(Match::phase) {
            Some(Phase::ChoosePoser) => "choose_poser",
            Some(Phase::Play) | None => "play",
            Some(Phase::HandOver) => "hand_over",
            Some(Phase::MatchOver) => "match_over",
        }
    }

    /// Match scores by side.
    fn scores(&self) -> Vec<i32> {
        self.core.m.as_ref().map_or_else(
            || vec![0; self.core.def.rules.sides()],
            |m| m.scores().to_vec(),
        )
    }

    /// The protocol's state object: the full view, or what `player` may see.
    #[pyo3(signature = (player=None))]
    fn to_json<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let viewer = match player {
            None => Viewer::All,
            Some(p) => Viewer::Seat(seat_arg(&self.core.def, p)?),
        };
        let m = self.core.m.as_ref().ok_or_else(|| {
            GameOverError::new_err("the first hand is still being dealt by chance")
        })?;
        to_py(py, &m.state_json(viewer))
    }

    /// The match record (`domino-record/1`) as a dict.
    fn to_record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let m = self.core.m.as_ref().ok_or_else(|| {
            GameOverError::new_err("the first hand is still being dealt by chance")
        })?;
        let v = serde_json::to_value(m.record())
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
        to_py(py, &v)
    }

    fn __str__(&self) -> String {
        match &self.core.m {
            Some(m) => {
                let v = m.state_json(Viewer::All);
                serde_json::to_string(&v).unwrap_or_default()
            }
            None => format!("dealing: {} tiles dealt", self.core.history.len()),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<domino.State {} hand {} phase {} to act {}>",
            self.core.def.rules.preset().name(),
            self.hand_number(),
            self.phase(),
            self.core.current_player()
        )
    }
}

impl State {
    fn tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
        information: bool,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.player_or_current(player)?;
        let shape = &self.core.def.shape;
        let len = if information {
            shape.info_len
        } else {
            shape.obs_len
        };
        let mut out = vec![0.0f32; len];
        match &self.core.m {
            Some(m) if information => {
                encode::information(shape, m, &self.core.tracker, seat, &mut out)
            }
            Some(m) => encode::observe(shape, m, &self.core.tracker, seat, &mut out),
            None => {
                let dealt = self.dealt_so_far(seat);
                encode::observe_dealing(shape, seat, dealt, &mut out[..shape.obs_len])
            }
        }
        Ok(out.into_pyarray(py))
    }

    fn dealt_so_far(&self, seat: u8) -> domino_engine::TileSet {
        self.core
            .dealing
            .as_ref()
            .map(|d| d.dealt_to(&self.core.def.rules, seat))
            .unwrap_or_default()
    }

    fn dealing_string(&self, seat: u8) -> String {
        let dealt: Vec<String> = self
            .dealt_so_far(seat)
            .iter()
            .map(|t| t.to_string())
            .collect();
        format!(" | dealing: seat {seat} holds {}", dealt.join(" "))
    }
}

/// Replay a `domino-record/1` record (JSON text) into a state standing
/// after its last action.
#[pyfunction]
#[pyo3(signature = (record, r#match=true))]
pub fn load_record(record: &Bound<'_, PyAny>, r#match: bool) -> PyResult<State> {
    let rec: Record = serde_json::from_str(&json_text(record)?)
        .map_err(|e| RecordError::new_err(format!("not a domino-record/1 record: {e}")))?;
    let rules = rec
        .rules
        .resolve()
        .map_err(|e| RecordError::new_err(format!("the record's rules are invalid: {e}")))?;
    let def = Arc::new(GameDef::new(rules, r#match));
    let core = replay_core(def, &rec).map_err(RecordError::new_err)?;
    Ok(State { core })
}
