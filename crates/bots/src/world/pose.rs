//! The first hand's pose as a constraint on sampled deals. Where the deal
//! decides who poses (the highest double, the fives opening, a named tile),
//! a deal the seat cannot tell from the real one picks the seat that posed,
//! with the tile it posed allowed: otherwise a replay of the hand as a
//! match's first hand would have someone else pose.

use domino_engine::{Action, TileSet};

use crate::knowledge::Step;
use domino_engine::{first_rule, resolve_pose, Deal, DealError, PoseRule, Rules, Start};

/// The first hand's pose, read under the rules' first-hand rule.
#[derive(Copy, Clone, Debug)]
pub(super) struct FirstPose {
    rule: PoseRule,
    poser: u8,
    /// The tile posed, or before the pose the tiles the poser may lay.
    tiles: TileSet,
}

impl FirstPose {
    /// The pose in `steps`; before it, the seat `me` (to act) poses one
    /// of `allowed`.
    pub(super) fn of(rules: &Rules, steps: &[Step], me: u8, allowed: TileSet) -> FirstPose {
        let posed = steps.iter().find_map(|st| match st.action {
            Action::Play {
                tile, end: None, ..
            } => Some((st.seat, tile.bit())),
            _ => None,
        });
        let (poser, tiles) = posed.unwrap_or((me, allowed));
        FirstPose {
            rule: first_rule(rules),
            poser,
            tiles,
        }
    }

    /// Where another seat posed any tile for holding the highest double:
    /// that seat, and the doubles above `me`'s own highest dealt one, of
    /// which it was dealt one. (The fives opening goes to the heaviest
    /// tile when no double was dealt at all; that rare deal is left out.)
    pub(super) fn must_hold(&self, me: u8, my_dealt: TileSet) -> Option<(u8, TileSet)> {
        let any = matches!(
            self.rule,
            PoseRule::HighestDouble { any: true } | PoseRule::FivesOpening
        );
        if !any || self.poser == me {
            return None;
        }
        let above: TileSet = match (my_dealt & TileSet::DOUBLES).last() {
            Some(top) => TileSet::DOUBLES.iter().filter(|&t| t > top).collect(),
            None => TileSet::DOUBLES,
        };
        Some((self.poser, above))
    }

    /// Doubles no other seat than `me` was dealt, where the pose tells it:
    /// those above the double the rule made the poser lay, or above `me`'s
    /// own highest dealt double when it posed any tile itself.
    pub(super) fn barred(&self, me: u8, my_dealt: TileSet) -> TileSet {
        let top = match self.rule {
            PoseRule::HighestDouble { any: false } => self
                .tiles
                .iter()
                .next()
                .filter(|t| t.is_double() && self.tiles.len() == 1),
            PoseRule::HighestDouble { any: true } | PoseRule::FivesOpening if self.poser == me => {
                (my_dealt & TileSet::DOUBLES).last()
            }
            _ => None,
        };
        top.map_or(TileSet::EMPTY, |d| {
            TileSet::DOUBLES.iter().filter(|&t| t > d).collect()
        })
    }

    /// Whether the rule, on `deal`, has the poser lay the tile it did (or
    /// may lay the tiles it may).
    pub(super) fn allows(&self, rules: &Rules, deal: &Deal) -> bool {
        match resolve_pose(rules, deal, self.rule) {
            Ok(Start::Pose { seat, allowed }) => {
                seat == self.poser && self.tiles.minus(allowed).is_empty()
            }
            // A partner named, or the turn-over's winner: the deal does
            // not decide, the replay names the poser.
            Ok(Start::Choose(_)) | Err(DealError::PoserMissing) => true,
            Err(_) => false,
        }
    }
}
