//! States a seat cannot tell from the real one: `domino.sample_state`
//! (a whole state of the current hand consistent with what one seat was
//! shown, a server's `state` object) and `State.resample_from_infostate`
//! (OpenSpiel's information-set resampling). Both deal the hidden tiles
//! at random, consistently with what the seat saw (hand sizes, plays,
//! passes, draws, and the pose under the rule the hand was dealt under),
//! and replay the hand's actions in that deal, in any hand of a match.

use std::sync::Arc;

use domino_bots::knowledge::Knowledge;
use domino_bots::world::{seen_pose_rule, Sampler};
use domino_engine::{first_rule, DealSpec, Match, Phase, PoseRule, SeatView, TileSet};
use pyo3::prelude::*;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::core::{Core, GameDef};
use crate::errors::{json_text, DominoError, GameOverError};
use crate::game::{seat_arg, State};
use crate::replay::{replay_core, replay_hand};

/// How many sampled deals are tried before giving up: the sampler keeps
/// what the seat saw, pose included, but a deal it lets through may still
/// not replay.
const TRIES: usize = 50;

/// A hand-mode state (as `Game(preset, match=False)` makes) standing where
/// the seat's view stands, the tiles it cannot see dealt at random
/// consistently with what it saw (hand sizes, plays, passes, draws, the
/// pose). A later hand of a match is dealt under the pose rule the view
/// shows (the seat that posed standing for the last winner), as that
/// hand's number; the match score starts at nothing, as hand mode's
/// returns count the hand's points only.
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
    let rule = seen_pose_rule(&view);
    let rules = *view.rules();
    let def = Arc::new(GameDef::new(rules, false));
    let base = Arc::new(Match::before_hand(rules, view.hand_number(), rule));
    // Who won the turn-over is no deal's to say: the seat that posed, or
    // the one to pose now.
    let turned = (rule == PoseRule::TurnOver).then(|| poser(&view)).flatten();
    let mut tries = Tries::new(seed);
    let sampler = Sampler::for_hand(&view, &Knowledge::new(&view), rule)
        .map_err(|e| DominoError::new_err(e.to_string()))?;
    while let Some(s) = tries.seed() {
        let Some(deal) = sampler.sample_deal(s) else {
            continue;
        };
        let mut spec = deal.to_spec(rules.players());
        spec.poser = turned;
        // The replay checks every action again in the sampled world.
        tries.note(
            replay_hand(def.clone(), Some(&base), None, &spec, view.history())
                .and_then(|core| agrees(core, &view)),
        );
        if let Some(core) = tries.found.take() {
            return Ok(State { core });
        }
    }
    Err(DominoError::new_err(format!(
        "no deal of {TRIES} sampled replays the hand as the seat saw it (the last: {})",
        tries.last_error
    )))
}

/// The seat that posed this hand, else the one to act now.
fn poser(view: &SeatView) -> Option<u8> {
    view.history()
        .iter()
        .find(|e| matches!(e.action, domino_engine::Action::Play { end: None, .. }))
        .map(|e| e.seat)
        .or(view.to_act())
}

/// The sampling loop's seeds, its answer and its last failure.
struct Tries {
    rng: ChaCha8Rng,
    left: usize,
    found: Option<Core>,
    last_error: String,
}

impl Tries {
    fn new(seed: u64) -> Tries {
        Tries {
            rng: ChaCha8Rng::seed_from_u64(seed),
            left: TRIES,
            found: None,
            last_error: String::from("the sampler found no deal"),
        }
    }

    /// The next try's seed, while tries are left.
    fn seed(&mut self) -> Option<u64> {
        self.left = self.left.checked_sub(1)?;
        Some(self.rng.next_u64())
    }

    fn note(&mut self, replayed: Result<Core, String>) {
        match replayed {
            Ok(core) => self.found = Some(core),
            Err(e) => self.last_error = e,
        }
    }
}

/// The replayed state, if it stands where the seat does: the same seat to
/// act, holding the same tiles, with the same plays open to it.
fn agrees(core: Core, view: &SeatView) -> Result<Core, String> {
    let Some(m) = core.m.as_ref().filter(|_| core.dealing.is_none()) else {
        return Err("the replay stands elsewhere than the seat".into());
    };
    let same_seat = view.to_act().filter(|&s| m.to_act() == Some(s));
    let same = same_seat.is_some_and(|seat| {
        let mine = m.seat_view(seat);
        // The server's legal list leaves out the claiming twins of plays
        // where claims are the player's own work: compare the plain plays.
        let plain = |l: &[domino_engine::Action]| -> Vec<domino_engine::Action> {
            l.iter().filter(|a| !a.is_claim_hint()).copied().collect()
        };
        mine.hand() == view.hand() && plain(mine.legal()) == plain(view.legal())
    });
    if same {
        Ok(core)
    } else {
        Err("the replay stands elsewhere than the seat".into())
    }
}

impl State {
    /// A state `player` (to act) cannot tell from this one: OpenSpiel's
    /// `resample_from_infostate`. The hands before stay as they were; the
    /// current hand is dealt anew under the rule it was dealt under.
    pub(crate) fn resample(&self, player: i64, seed: u64) -> PyResult<State> {
        let me = seat_arg(&self.core.def, player)?;
        let m = self
            .core
            .m
            .as_ref()
            .filter(|m| self.core.dealing.is_none() && m.to_act() == Some(me))
            .ok_or_else(|| {
                GameOverError::new_err(format!("player {me} is not the player to act"))
            })?;
        let base = self.hand_base(m)?;
        let rule = base
            .as_ref()
            .map_or(first_rule(&self.core.def.rules), |b| b.next_pose_rule());
        let mut tries = Tries::new(seed);
        // Before anyone poses (a partner being chosen) nothing is known
        // of the others' tiles: any deal of them will do.
        let sampler = match m.phase() {
            Phase::ChoosePoser => None,
            _ => {
                let view = m.seat_view(me);
                Some(
                    Sampler::for_hand(&view, &Knowledge::new(&view), rule)
                        .map_err(|e| DominoError::new_err(e.to_string()))?,
                )
            }
        };
        let players = self.core.def.rules.players();
        while let Some(s) = tries.seed() {
            let spec = match &sampler {
                Some(sampler) => match sampler.sample_deal(s) {
                    Some(deal) => deal.to_spec(players),
                    None => continue,
                },
                None => shuffled_deal(m, me, s),
            };
            let Some(spec) = own_part_as_dealt(m, me, spec) else {
                continue;
            };
            tries.note(replay_hand(
                self.core.def.clone(),
                base.as_ref(),
                m.seed(),
                &spec,
                m.history(),
            ));
            if let Some(mut core) = tries.found.take() {
                core.history = self.core.history.clone();
                return Ok(State { core });
            }
        }
        Err(DominoError::new_err(format!(
            "no deal consistent with this player's information was found (the last: {})",
            tries.last_error
        )))
    }

    /// The match just before the current hand was dealt (`None` for a
    /// match's first hand): kept by the replay that made this state, else
    /// read from the record.
    fn hand_base(&self, m: &Match) -> PyResult<Option<Arc<Match>>> {
        if let Some(base) = &self.core.base {
            return Ok(Some(base.clone()));
        }
        if m.hand_number() <= 1 {
            return Ok(None);
        }
        replay_core(self.core.def.clone(), &m.record())
            .map(|core| core.base)
            .map_err(DominoError::new_err)
    }
}

/// The other seats' tiles and the boneyard dealt at random, `me`'s as
/// they are: before the pose nothing is known of them.
fn shuffled_deal(m: &Match, me: u8, seed: u64) -> DealSpec {
    let rules = m.rules();
    let real = m.deal();
    let mine = real.hands[me as usize];
    let mut rest: Vec<_> = rules.tiles().minus(mine).iter().collect();
    domino_engine::deal::shuffle(&mut rest, &mut ChaCha8Rng::seed_from_u64(seed));
    let mut rest = rest.into_iter();
    let hands = (0..rules.players() as usize)
        .map(|s| {
            if s == me as usize {
                mine.iter().collect()
            } else {
                rest.by_ref().take(real.hands[s].len() as usize).collect()
            }
        })
        .collect();
    DealSpec {
        hands,
        boneyard: rest.collect(),
        poser: real.poser,
    }
}

/// A sampled deal with `me`'s own part put back as it really was (and the
/// real poser). The sampler already deals the seat its own part from the
/// tiles its view says it drew; this keeps the deal exact whatever it did.
fn own_part_as_dealt(m: &Match, me: u8, mut spec: DealSpec) -> Option<DealSpec> {
    let real = m.deal();
    let mut mine: Vec<usize> = Vec::new();
    let mut draws = 0;
    for e in m.history() {
        if e.action == domino_engine::Action::Draw {
            if e.seat == me {
                mine.push(draws);
            }
            draws += 1;
        }
    }
    let real_bone = real.boneyard();
    let sampled: TileSet = spec.hands[me as usize]
        .iter()
        .copied()
        .chain(mine.iter().filter_map(|&k| spec.boneyard.get(k).copied()))
        .collect();
    let truth: TileSet = real.hands[me as usize]
        .iter()
        .chain(mine.iter().filter_map(|&k| real_bone.get(k).copied()))
        .collect();
    if sampled != truth {
        return None;
    }
    spec.hands[me as usize] = real.hands[me as usize].iter().collect();
    for &k in &mine {
        spec.boneyard[k] = real_bone[k];
    }
    spec.poser = real.poser;
    Some(spec)
}
