//! `domino.VecEnv`: many games stepped inside Rust, numpy arrays out.

use std::sync::Arc;

use domino_engine::deal::MAX_PLAYERS;
use domino_engine::{Action, Match, MoveList, Phase, RulesSpec};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;

use crate::core::{returns_of, GameDef};
use crate::encode;
use crate::errors::{json_text, IllegalActionError, RulesError};
use crate::tracker::{hand_done, Tracker};

/// One game of the batch.
#[derive(Debug)]
struct Slot {
    m: Match,
    tracker: Tracker,
    hand_start: [i32; MAX_PLAYERS],
    /// The legal actions of the player to act, with their ids.
    legal: Vec<(usize, Action)>,
}

/// A batch of `n` games of one preset, stepped together inside Rust.
///
/// Each game is dealt from its own seed, derived from `seed` and a running
/// episode count, so a batch is reproducible. `reset()` returns
/// `(obs, mask, player)` and `step(actions)` returns
/// `(obs, mask, rewards, dones, player)`: `obs[i]` is the observation
/// tensor of `player[i]`, the player to act in game `i`; `mask[i]` marks
/// its legal action ids; `rewards[i, p]` is what the step earned player
/// `p`. A game that ends is dealt again at once: its `dones[i]` is true,
/// its rewards are the final ones, and `obs[i]` already shows the new game.
#[pyclass(module = "domino._domino")]
#[derive(Debug)]
pub struct VecEnv {
    def: Arc<GameDef>,
    slots: Vec<Slot>,
    seed: u64,
    episodes: u64,
    moves: MoveList,
}

/// SplitMix64: well-spread seeds from a counter.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl VecEnv {
    fn new_slot(&mut self) -> Slot {
        let seed = mix(self.seed ^ mix(self.episodes));
        self.episodes += 1;
        let rules = self.def.rules;
        let m = match Match::new(rules, Some(seed), None) {
            Ok(m) => m.without_record(),
            Err(_) => unreachable!("seeded matches always deal"),
        };
        let mut slot = Slot {
            m,
            tracker: Tracker::new(false),
            hand_start: [0; MAX_PLAYERS],
            legal: Vec::new(),
        };
        self.refresh(&mut slot);
        slot
    }

    fn refresh(&mut self, slot: &mut Slot) {
        slot.m.legal(&mut self.moves);
        slot.legal.clear();
        let codec = &self.def.codec;
        slot.legal
            .extend(self.moves.iter().map(|&a| (codec.encode(a), a)));
    }

    fn done(&self, m: &Match) -> bool {
        if self.def.whole_match {
            m.phase() == Phase::MatchOver
        } else {
            hand_done(m)
        }
    }

    fn write(&self, slot: &Slot, i: usize, out: &mut Out) {
        let shape = &self.def.shape;
        let seat = slot.m.to_act().unwrap_or(0);
        encode::observe(
            shape,
            &slot.m,
            &slot.tracker,
            seat,
            &mut out.obs[i * shape.obs_len..(i + 1) * shape.obs_len],
        );
        let a = self.def.codec.num_actions();
        let row = &mut out.mask[i * a..(i + 1) * a];
        row.fill(false);
        for &(id, _) in &slot.legal {
            row[id] = true;
        }
        out.player[i] = i64::from(seat);
    }

    /// Apply `a` in game `i`, deal again if it ended, and write its outputs.
    fn play(&mut self, slot: &mut Slot, a: Action, i: usize, out: &mut Out) {
        let p = self.def.rules.players() as usize;
        let before = returns_of(&self.def, Some(&slot.m), &slot.hand_start);
        slot.tracker.apply(&mut slot.m, a);
        if self.def.whole_match
            && slot.m.phase() == Phase::HandOver
            && slot.m.next_hand(None).is_ok()
        {
            slot.tracker.reset();
            let sides = self.def.rules.sides();
            slot.hand_start[..sides].copy_from_slice(slot.m.scores());
        }
        let after = returns_of(&self.def, Some(&slot.m), &slot.hand_start);
        for q in 0..p {
            out.rewards[i * p + q] = (after[q] - before[q]) as f32;
        }
        if self.done(&slot.m) {
            out.dones[i] = true;
            *slot = self.new_slot();
        } else {
            self.refresh(slot);
        }
        self.write(slot, i, out);
    }
}

/// The arrays a step fills, one row per game.
#[derive(Debug)]
struct Out {
    obs: Vec<f32>,
    mask: Vec<bool>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    player: Vec<i64>,
}

impl Out {
    fn new(def: &GameDef, n: usize) -> Out {
        Out {
            obs: vec![0.0; n * def.shape.obs_len],
            mask: vec![false; n * def.codec.num_actions()],
            rewards: vec![0.0; n * def.rules.players() as usize],
            dones: vec![false; n],
            player: vec![0; n],
        }
    }
}

type Obs<'py> = Bound<'py, PyArray2<f32>>;
type Mask<'py> = Bound<'py, PyArray2<bool>>;
type Players<'py> = Bound<'py, PyArray1<i64>>;
/// `(obs, mask, rewards, dones, player)`.
type Stepped<'py> = (
    Obs<'py>,
    Mask<'py>,
    Obs<'py>,
    Bound<'py, PyArray1<bool>>,
    Players<'py>,
);

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(signature = (preset, num_envs, players=None, options=None, seed=0, r#match=false))]
    fn new(
        preset: &str,
        num_envs: usize,
        players: Option<u8>,
        options: Option<&Bound<'_, PyAny>>,
        seed: u64,
        r#match: bool,
    ) -> PyResult<VecEnv> {
        if num_envs == 0 {
            return Err(RulesError::new_err("num_envs must be at least 1"));
        }
        let options = match options {
            None => serde_json::Map::new(),
            Some(o) => serde_json::from_str(&json_text(o)?)
                .map_err(|e| RulesError::new_err(format!("options must be a dict: {e}")))?,
        };
        let rules = RulesSpec {
            preset: preset.to_string(),
            players,
            options,
        }
        .resolve()
        .map_err(|e| RulesError::new_err(e.to_string()))?;
        let mut env = VecEnv {
            def: Arc::new(GameDef::new(rules, r#match)),
            slots: Vec::with_capacity(num_envs),
            seed,
            episodes: 0,
            moves: MoveList::new(),
        };
        for _ in 0..num_envs {
            let s = env.new_slot();
            env.slots.push(s);
        }
        Ok(env)
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.def.rules.players() as usize
    }

    #[getter]
    fn num_actions(&self) -> usize {
        self.def.codec.num_actions()
    }

    #[getter]
    fn observation_size(&self) -> usize {
        self.def.shape.obs_len
    }

    /// Episodes started so far (each game's deals count one each).
    #[getter]
    fn episodes(&self) -> u64 {
        self.episodes
    }

    /// Deal every game anew (from `seed` if given); `(obs, mask, player)`.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
    ) -> PyResult<(Obs<'py>, Mask<'py>, Players<'py>)> {
        if let Some(s) = seed {
            self.seed = s;
            self.episodes = 0;
        }
        let n = self.slots.len();
        let mut slots = Vec::with_capacity(n);
        for _ in 0..n {
            slots.push(self.new_slot());
        }
        self.slots = slots;
        let mut out = Out::new(&self.def, n);
        for (i, slot) in self.slots.iter().enumerate() {
            self.write(slot, i, &mut out);
        }
        let (obs, mask) = arrays(py, &self.def, out.obs, out.mask)?;
        Ok((obs, mask, out.player.into_pyarray(py)))
    }

    /// Apply `actions[i]` in game `i` for every game. If any action is not
    /// legal, raises `IllegalActionError` naming the game, and no game moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Stepped<'py>> {
        let actions = actions.as_slice()?;
        let n = self.slots.len();
        if actions.len() != n {
            return Err(IllegalActionError::new_err(format!(
                "expected {n} actions, one per game, got {}",
                actions.len()
            )));
        }
        let mut chosen = Vec::with_capacity(n);
        for (i, (&id, slot)) in actions.iter().zip(&self.slots).enumerate() {
            let found = slot
                .legal
                .iter()
                .find(|&&(legal, _)| i64::try_from(legal) == Ok(id));
            match found {
                Some(&(_, a)) => chosen.push(a),
                None => {
                    return Err(IllegalActionError::new_err(format!(
                        "game {i}: action {id} is not legal (legal: {:?})",
                        slot.legal.iter().map(|&(l, _)| l).collect::<Vec<_>>()
                    )))
                }
            }
        }
        let p = self.def.rules.players() as usize;
        let mut out = Out::new(&self.def, n);
        let mut slots = std::mem::take(&mut self.slots);
        for (i, (slot, a)) in slots.iter_mut().zip(chosen).enumerate() {
            self.play(slot, a, i, &mut out);
        }
        self.slots = slots;
        let (obs, mask) = arrays(py, &self.def, out.obs, out.mask)?;
        let rewards = out.rewards.into_pyarray(py).reshape([n, p])?;
        Ok((
            obs,
            mask,
            rewards,
            out.dones.into_pyarray(py),
            out.player.into_pyarray(py),
        ))
    }

    /// Play `steps` uniformly random legal actions in every game inside
    /// Rust, with the same bookkeeping as `step` (observations, masks,
    /// rewards, resets) but without returning arrays: the environment's own
    /// speed, for benchmarks. Returns the number of game steps taken.
    #[pyo3(signature = (steps, seed=0))]
    fn random_steps(&mut self, steps: usize, seed: u64) -> usize {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let n = self.slots.len();
        let mut out = Out::new(&self.def, n);
        let mut slots = std::mem::take(&mut self.slots);
        for _ in 0..steps {
            for (i, slot) in slots.iter_mut().enumerate() {
                let k = rng.random_range(0..slot.legal.len().max(1));
                if let Some(&(_, a)) = slot.legal.get(k) {
                    self.play(slot, a, i, &mut out);
                }
            }
        }
        self.slots = slots;
        std::hint::black_box(&out.obs);
        steps * n
    }
}

fn arrays<'py>(
    py: Python<'py>,
    def: &GameDef,
    obs: Vec<f32>,
    mask: Vec<bool>,
) -> PyResult<(Obs<'py>, Mask<'py>)> {
    let n = obs.len() / def.shape.obs_len.max(1);
    let obs = obs.into_pyarray(py).reshape([n, def.shape.obs_len])?;
    let mask = mask
        .into_pyarray(py)
        .reshape([n, def.codec.num_actions()])?;
    Ok((obs, mask))
}
