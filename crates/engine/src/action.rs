//! Actions a seat can take, their JSON form, and a heap-free list of them.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::tile::Tile;

/// One decision of the seat to act.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Lay a tile: the pose when `end` is `None`, else on the chain `end`.
    Play {
        tile: Tile,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        end: Option<u8>,
        /// Claim the points this play makes (claim options only).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        claim: bool,
    },
    /// Take the top tile of the boneyard.
    Draw,
    /// Let the turn go by, only when nothing can be played or drawn.
    Pass,
    /// Name which partner poses the next hand.
    ChoosePoser { seat: u8 },
    /// Take the points the previous player made but did not claim.
    Muggins,
}

impl Action {
    pub const fn play(tile: Tile, end: u8) -> Action {
        Action::Play {
            tile,
            end: Some(end),
            claim: false,
        }
    }

    pub const fn pose(tile: Tile) -> Action {
        Action::Play {
            tile,
            end: None,
            claim: false,
        }
    }

    /// Whether this action tells that points are there to claim: a play's
    /// claiming twin, or muggins.
    pub const fn is_claim_hint(self) -> bool {
        matches!(self, Action::Play { claim: true, .. } | Action::Muggins)
    }

    /// The tile laid, if this is a play.
    pub const fn tile(self) -> Option<Tile> {
        match self {
            Action::Play { tile, .. } => Some(tile),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play {
                tile, end: None, ..
            } => write!(f, "pose {tile}")?,
            Action::Play {
                tile, end: Some(e), ..
            } => write!(f, "play {tile} on end {e}")?,
            Action::Draw => write!(f, "draw")?,
            Action::Pass => write!(f, "pass")?,
            Action::ChoosePoser { seat } => write!(f, "seat {seat} poses")?,
            Action::Muggins => write!(f, "muggins")?,
        }
        if let Action::Play { claim: true, .. } = self {
            write!(f, " claiming")?;
        }
        Ok(())
    }
}

/// Capacity of a [`MoveList`]: every open chain of a double-twelve layout
/// times the 13 tiles of its number, which no position can exceed.
pub const MAX_MOVES: usize = 28 * 13;

/// A fixed-capacity list of legal actions, filled without allocating.
#[derive(Clone)]
pub struct MoveList {
    moves: [Action; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList {
            moves: [Action::Pass; MAX_MOVES],
            len: 0,
        }
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList::default()
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub fn push(&mut self, a: Action) {
        // The capacity bounds every reachable position; a miss here would be
        // an engine bug, so drop rather than panic in release.
        debug_assert!(self.len < MAX_MOVES);
        if self.len < MAX_MOVES {
            self.moves[self.len] = a;
            self.len += 1;
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[Action] {
        &self.moves[..self.len]
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Action> {
        self.as_slice().iter()
    }

    pub fn contains(&self, a: &Action) -> bool {
        self.as_slice().contains(a)
    }
}

impl std::ops::Index<usize> for MoveList {
    type Output = Action;
    fn index(&self, i: usize) -> &Action {
        &self.as_slice()[i]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Action;
    type IntoIter = std::slice::Iter<'a, Action>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn json_forms_match_the_protocol() {
        let t: Tile = "6-4".parse().unwrap();
        assert_eq!(
            serde_json::to_value(Action::play(t, 1)).unwrap(),
            json!({"type": "play", "tile": "6-4", "end": 1})
        );
        assert_eq!(
            serde_json::to_value(Action::pose(t)).unwrap(),
            json!({"type": "play", "tile": "6-4"})
        );
        assert_eq!(
            serde_json::to_value(Action::Pass).unwrap(),
            json!({"type": "pass"})
        );
        assert_eq!(
            serde_json::to_value(Action::ChoosePoser { seat: 2 }).unwrap(),
            json!({"type": "choose_poser", "seat": 2})
        );
        let a: Action =
            serde_json::from_value(json!({"type": "play", "tile": "4-6", "end": 1, "claim": true}))
                .unwrap();
        assert_eq!(
            a,
            Action::Play {
                tile: t,
                end: Some(1),
                claim: true
            }
        );
        assert!(serde_json::from_value::<Action>(json!({"type": "fly"})).is_err());
    }
}
