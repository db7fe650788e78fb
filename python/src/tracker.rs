//! What happened in the current hand, kept as the actions are applied:
//! the public facts an observation needs (who laid which tile, which tiles
//! a seat showed it cannot hold) and each seat's private draws.

use domino_engine::deal::MAX_PLAYERS;
use domino_engine::{Action, Match, Phase, Tile, TileSet};

/// One action of the hand, with the tile drawn when it was a draw (known
/// to the drawer only).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub seat: u8,
    pub action: Action,
    pub drew: Option<Tile>,
}

/// The facts of the current hand, updated around every action.
#[derive(Clone, Debug, Default)]
pub struct Tracker {
    /// Tiles each seat laid.
    pub played: [TileSet; MAX_PLAYERS],
    /// Tiles each seat is known not to hold: what the layout took when it
    /// passed. A draw brings an unknown tile, so it clears the seat's set.
    pub lacks: [TileSet; MAX_PLAYERS],
    /// Tiles each seat drew (private to that seat).
    pub drawn: [TileSet; MAX_PLAYERS],
    /// Every action in order, when `keep_steps` is on.
    pub steps: Vec<Step>,
    pub keep_steps: bool,
}

/// The match just before an action, for [`Tracker::after`].
#[derive(Copy, Clone, Debug)]
pub struct Before {
    seat: u8,
    hand: TileSet,
    playable: TileSet,
    hand_number: u32,
}

impl Tracker {
    pub fn new(keep_steps: bool) -> Tracker {
        Tracker {
            keep_steps,
            ..Tracker::default()
        }
    }

    /// Forget the hand: a new one was dealt.
    pub fn reset(&mut self) {
        let keep = self.keep_steps;
        let mut steps = std::mem::take(&mut self.steps);
        steps.clear();
        *self = Tracker {
            steps,
            keep_steps: keep,
            ..Tracker::default()
        };
    }

    pub fn before(m: &Match) -> Option<Before> {
        let seat = m.to_act()?;
        Some(Before {
            seat,
            hand: m.hand().hand(seat),
            // The layout accepts by number over every set: keep this set's.
            playable: m.hand().layout().playable() & m.rules().tiles(),
            hand_number: m.hand_number(),
        })
    }

    /// Note `action`, which the seat of `before` just took in `m`.
    pub fn after(&mut self, m: &Match, before: Before, action: Action) {
        if m.hand_number() != before.hand_number {
            return;
        }
        let s = before.seat as usize;
        let mut drew = None;
        match action {
            Action::Play { tile, .. } => self.played[s].insert(tile),
            Action::Pass => self.lacks[s] |= before.playable,
            Action::Draw => {
                let now = m.hand().hand(before.seat);
                drew = now.minus(before.hand).first();
                if let Some(t) = drew {
                    self.drawn[s].insert(t);
                }
                self.lacks[s] = TileSet::EMPTY;
            }
            Action::Muggins | Action::ChoosePoser { .. } => {}
        }
        if self.keep_steps {
            self.steps.push(Step {
                seat: before.seat,
                action,
                drew,
            });
        }
    }

    /// Check and apply `action` for the seat to act, noting it.
    pub fn act(&mut self, m: &mut Match, action: Action) -> Result<(), domino_engine::MatchError> {
        let before = Tracker::before(m);
        m.act(action, &mut ())?;
        if let Some(b) = before {
            self.after(m, b, action);
        }
        Ok(())
    }

    /// Apply an action known to be legal, noting it.
    #[inline]
    pub fn apply(&mut self, m: &mut Match, action: Action) {
        if let Some(b) = Tracker::before(m) {
            m.apply_unchecked(action, &mut ());
            self.after(m, b, action);
        }
    }
}

/// Whether the hand is finished (over, or the match with it).
pub fn hand_done(m: &Match) -> bool {
    matches!(m.phase(), Phase::HandOver | Phase::MatchOver)
}
