//! Replays into a [`Core`]: a whole record (`domino.load_record`), or one
//! hand dealt anew after the match it was dealt from (a sampled deal, for
//! `sample_state` and information-set resampling), keeping the tracker of
//! the hand the replay ends in.

use std::ops::ControlFlow;
use std::sync::Arc;

use domino_engine::record::{replay_hands, replay_with, Visit};
use domino_engine::{Action, DealSpec, Entry, Match, Record};

use crate::core::{Core, GameDef};
use crate::tracker::Tracker;

/// The tracker and the scores at the hand's start, kept as a replay goes.
struct Tracking {
    tracker: Tracker,
    hand_start: Vec<i32>,
    pending: Option<crate::tracker::Before>,
    /// The hand whose deal's match is kept as the base (the last).
    base_of: usize,
    base: Option<Arc<Match>>,
}

impl Tracking {
    fn new(def: &GameDef, base_of: usize) -> Tracking {
        Tracking {
            tracker: Tracker::new(true),
            hand_start: vec![0; def.rules.sides()],
            pending: None,
            base_of,
            base: None,
        }
    }

    fn visit(&mut self, v: Visit<'_>) -> ControlFlow<()> {
        match v {
            Visit::Deal { game, hand } => {
                if hand == self.base_of {
                    self.base = Some(Arc::new(game.clone()));
                }
            }
            Visit::Dealt { game, .. } => {
                self.tracker.reset();
                self.hand_start = game.scores().to_vec();
            }
            Visit::Action { game, .. } => self.pending = Tracker::before(game),
            Visit::Acted { game, entry, .. } => {
                if let Some(b) = self.pending.take() {
                    self.tracker.after(game, b, normalized(game, entry.action));
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn core(self, def: Arc<GameDef>, m: Match) -> Core {
        Core::from_match(def, m, self.tracker, self.hand_start, self.base)
    }
}

/// Replay a record, keeping the tracker of the hand it ends in (and the
/// match before that hand was dealt).
pub(crate) fn replay_core(def: Arc<GameDef>, rec: &Record) -> Result<Core, String> {
    let mut tracking = Tracking::new(&def, rec.hands.len());
    let m = replay_with(rec, |v| tracking.visit(v)).map_err(|e| e.to_string())?;
    Ok(tracking.core(def, m))
}

/// Deal `spec` as the next hand of `base` (a match between hands), or as
/// a new match's first hand (`None`, with the match's `seed`), and replay
/// `actions` in it, each checked again.
pub(crate) fn replay_hand(
    def: Arc<GameDef>,
    base: Option<&Arc<Match>>,
    seed: Option<u64>,
    spec: &DealSpec,
    actions: &[Entry],
) -> Result<Core, String> {
    let m = match base {
        Some(b) => {
            let mut m = Match::clone(b);
            m.next_hand(Some(spec)).map_err(|e| e.to_string())?;
            m
        }
        None => Match::new(def.rules, seed, Some(spec)).map_err(|e| e.to_string())?,
    };
    let mut tracking = Tracking::new(&def, 0);
    tracking.base = base.cloned();
    // One hand only: the deal of a next one is never asked for.
    let m = replay_hands(
        m,
        std::iter::once(actions),
        |m, _| m.deal().to_spec(m.rules().players()),
        |v| tracking.visit(v),
    )
    .map_err(|e| e.to_string())?;
    Ok(tracking.core(def, m))
}

/// The action as the history holds it (with `end` filled in).
fn normalized(game: &Match, a: Action) -> Action {
    game.history().last().map_or(a, |e| e.action)
}
