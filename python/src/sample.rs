//! `domino.sample_state`: a whole state of the current hand consistent
//! with what one seat was shown (a server's `state` object), for search
//! algorithms that need a state to play from (OpenSpiel's MCTS over a
//! determinised deal, as python/examples/server_bot.py does).

use std::sync::Arc;

use domino_engine::HandRecord;
use domino_engine::{Action, Phase, Record, SeatView};
use pyo3::prelude::*;
use rand::{RngCore, SeedableRng};

use crate::core::{Core, GameDef};
use crate::errors::{json_text, DominoError};
use crate::game::{replay_core, State};

/// How many sampled deals are tried before giving up: the sampler keeps
/// what the seat saw, but a deal it lets through may still not replay
/// (over 30 random hands of each draw game, none failed all 50).
const TRIES: usize = 50;

/// A hand-mode state (as `Game(preset, match=False)` makes) standing where
/// the seat's view stands, the tiles it cannot see dealt at random
/// consistently with what it saw (hand sizes, plays, passes, draws). The
/// hand is replayed as a first hand: in a later hand of a match whose
/// rules have the last winner pose, a deal that agrees may not be found
/// (`DominoError`).
#[pyfunction]
#[pyo3(signature = (observation, seed=0))]
pub fn sample_state(observation: &Bound<'_, PyAny>, seed: u64) -> PyResult<State> {
    let value: serde_json::Value = serde_json::from_str(&json_text(observation)?)
        .map_err(|e| DominoError::new_err(format!("not an observation: {e}")))?;
    let view = SeatView::from_state(&value).map_err(|e| DominoError::new_err(e.to_string()))?;
    if view.phase() != Phase::Play {
        return Err(DominoError::new_err(
            "the observation is not of a hand being played",
        ));
    }
    let knowledge = domino_bots::knowledge::Knowledge::new(&view);
    // The hand is replayed as a first hand: its pose must agree.
    let sampler = domino_bots::world::Sampler::for_first_hand(&view, &knowledge)
        .map_err(|e| DominoError::new_err(e.to_string()))?;
    let rules = *view.rules();
    let def = Arc::new(GameDef::new(rules, false));
    // Who posed this hand: the first to play, else the one to act now.
    let poser = view
        .history()
        .iter()
        .find(|e| matches!(e.action, Action::Play { .. }))
        .map(|e| e.seat)
        .or(view.to_act());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut last_error = String::from("the sampler found no deal");
    for _ in 0..TRIES {
        let Some(deal) = sampler.sample_deal(rng.next_u64()) else {
            continue;
        };
        // The rules pick the first hand's poser from the deal, or leave
        // it to chance (then the deal names who posed).
        for poser in [None, poser] {
            let mut spec = deal.to_spec(rules.players());
            spec.poser = poser;
            let record = Record {
                format: domino_engine::record::FORMAT.into(),
                rules: rules.spec(),
                seed: None,
                hands: vec![HandRecord {
                    deal: spec,
                    actions: view.history().to_vec(),
                }],
            };
            // The replay checks every action again in the sampled world.
            match replay_core(def.clone(), &record) {
                Ok(core) if agrees(&core, &view) => return Ok(State { core }),
                Ok(_) => last_error = "the replay stands elsewhere than the seat".into(),
                Err(e) => last_error = e,
            }
        }
    }
    Err(DominoError::new_err(format!(
        "no deal of {TRIES} sampled replays the hand as the seat saw it (the last: {last_error})"
    )))
}

/// Whether the replayed state stands where the seat does: the same seat
/// to act, holding the same tiles, with the same plays open to it.
fn agrees(core: &Core, view: &SeatView) -> bool {
    let Some(m) = core.m.as_ref().filter(|_| core.dealing.is_none()) else {
        return false;
    };
    let Some(seat) = view.to_act().filter(|&s| m.to_act() == Some(s)) else {
        return false;
    };
    let mine = m.seat_view(seat);
    // The server's legal list leaves out the claiming twins of plays
    // where claims are the player's own work: compare the plain plays.
    let plain = |l: &[Action]| -> Vec<Action> {
        l.iter().filter(|a| !a.is_claim_hint()).copied().collect()
    };
    mine.hand() == view.hand() && plain(mine.legal()) == plain(view.legal())
}
