//! Actions a seat can take, their JSON form, and a heap-free list of them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::tile::Tile;

/// One decision of the seat to act.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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

/// An action in the short notation of the analysis tools (docs/analysis.md):
/// `6-4@1` lays 6-4 on end 1, a bare tile (`6-6`) is the pose, a trailing
/// `+` claims the play's points, then `draw`, `pass`, `muggins` and
/// `poser 2`. [`Action`]'s own `Display` is the words of the logs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Short(pub Action);

impl Action {
    /// This action in the short notation.
    pub const fn short(self) -> Short {
        Short(self)
    }
}

impl fmt::Display for Short {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Action::Play { tile, end, claim } => {
                write!(f, "{tile}")?;
                if let Some(e) = end {
                    write!(f, "@{e}")?;
                }
                if claim {
                    write!(f, "+")?;
                }
                Ok(())
            }
            Action::Draw => write!(f, "draw"),
            Action::Pass => write!(f, "pass"),
            Action::Muggins => write!(f, "muggins"),
            Action::ChoosePoser { seat } => write!(f, "poser {seat}"),
        }
    }
}

/// Text that is no action in the short notation.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{text}` is no action: write 6-4@1, 6-6 (the pose), 6-4@1+ (claiming), draw, pass, muggins or poser 2")]
pub struct ParseActionError {
    pub text: String,
}

impl FromStr for Short {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Short, ParseActionError> {
        let err = || ParseActionError {
            text: s.to_string(),
        };
        let a = match s.trim() {
            "draw" => Action::Draw,
            "pass" => Action::Pass,
            "muggins" => Action::Muggins,
            what => match what.strip_prefix("poser") {
                Some(seat) => Action::ChoosePoser {
                    seat: seat.trim().parse().map_err(|_| err())?,
                },
                None => {
                    let (what, claim) = match what.strip_suffix('+') {
                        Some(w) => (w, true),
                        None => (what, false),
                    };
                    let (tile, end) = match what.split_once('@') {
                        Some((t, e)) => (t, Some(e.parse().map_err(|_| err())?)),
                        None => (what, None),
                    };
                    Action::Play {
                        tile: tile.parse().map_err(|_| err())?,
                        end,
                        claim,
                    }
                }
            },
        };
        Ok(Short(a))
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

    #[test]
    fn the_short_notation_reads_what_it_writes() {
        let t: Tile = "6-4".parse().unwrap();
        let cases = [
            (Action::play(t, 1), "6-4@1"),
            (Action::pose(t), "6-4"),
            (
                Action::Play {
                    tile: t,
                    end: Some(12),
                    claim: true,
                },
                "6-4@12+",
            ),
            (Action::Draw, "draw"),
            (Action::Pass, "pass"),
            (Action::Muggins, "muggins"),
            (Action::ChoosePoser { seat: 2 }, "poser 2"),
        ];
        for (a, text) in cases {
            assert_eq!(a.short().to_string(), text);
            assert_eq!(text.parse::<Short>(), Ok(Short(a)));
        }
        for bad in [
            "", "fly", "6-4@", "6-4@x", "poser", "poser x", "13-0", "6-4+@1",
        ] {
            assert!(bad.parse::<Short>().is_err(), "{bad}");
        }
    }

    proptest::proptest! {
        /// Every action written short reads back as itself.
        #[test]
        fn short_round_trips(a in 0u8..=12, b in 0u8..=12, end in proptest::option::of(0u8..28),
                             claim: bool, kind in 0u8..5, seat in 0u8..4) {
            let action = match kind {
                0 => Action::Play { tile: Tile::new(a, b), end, claim },
                1 => Action::Draw,
                2 => Action::Pass,
                3 => Action::Muggins,
                _ => Action::ChoosePoser { seat },
            };
            let text = action.short().to_string();
            proptest::prop_assert_eq!(text.parse::<Short>(), Ok(Short(action)), "{}", text);
        }
    }
}
