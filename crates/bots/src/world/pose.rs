//! A hand's pose as a constraint on sampled deals. Where the deal decides
//! who poses (the highest double, the fives opening, a named tile, the
//! first seat from the winner holding a double), a deal the seat cannot
//! tell from the real one picks the seat that posed, with the tile it
//! posed allowed: otherwise a replay of the hand under its pose rule would
//! have someone else pose.

use domino_engine::{Action, NextPose, SeatView, Tile, TileSet, MAX_PIP};

use crate::knowledge::{hand_engine, Step};
use domino_engine::{first_rule, resolve_pose, Deal, DealError, PoseRule, Rules, Start};

/// The rule the hand a seat sees was dealt under, as far as its view
/// tells: the rules' first-hand rule in the first hand; in a later hand,
/// the rule after a win (the winner posing, or choosing the partner who
/// does) where the pose seen fits it, else the first-hand rule (after a
/// tie); in the trains family, the engine one double below the hand
/// before's. The view does not say who won the hand before: the seat that
/// posed, or chose, stands for the winner.
pub fn seen_pose_rule(view: &SeatView) -> PoseRule {
    let rules = view.rules();
    let first = first_rule(rules);
    if view.hand_number() <= 1 {
        return first;
    }
    if let Some(engine) = hand_engine(view) {
        return PoseRule::Engine(engine);
    }
    let history = view.history();
    if let Some(e) = history
        .iter()
        .find(|e| matches!(e.action, Action::ChoosePoser { .. }))
    {
        return PoseRule::Choose(e.seat);
    }
    let me = view.seat();
    // The pose, or before it the tiles the seat to pose may lay.
    let (poser, tiles) = history
        .iter()
        .find_map(|e| match e.action {
            Action::Play {
                tile, end: None, ..
            } => Some((e.seat, tile.bit())),
            _ => None,
        })
        .unwrap_or_else(|| (me, view.legal().iter().filter_map(|a| a.tile()).collect()));
    let before_pose = !history
        .iter()
        .any(|e| matches!(e.action, Action::Play { end: None, .. }));
    let fits = |allowed: TileSet| {
        if before_pose {
            // The seat's own legal tiles are exactly those the rule allows.
            tiles == view.hand().intersect(allowed)
        } else {
            tiles.minus(allowed).is_empty()
        }
    };
    let after_win = match rules.next_pose() {
        NextPose::Winner
        | NextPose::WinnerOrPartner
        | NextPose::WinnerOrPartnerUnlessBlocked
        | NextPose::Alternate => Some((PoseRule::Seat(poser), TileSet(u128::MAX))),
        NextPose::WinnerWithDouble => Some((PoseRule::SeatDouble(poser), TileSet::DOUBLES)),
        NextPose::First | NextPose::FallingEngine => None,
    };
    match after_win {
        Some((rule, allowed)) if fits(allowed) => rule,
        _ => first,
    }
}

/// Whether the seats drew for the engine (the trains family, nobody dealt
/// it): draws before the pose, or before it the seat to act, `allowed` to
/// lay no tile, drawing too.
pub(super) fn drew_for_engine(steps: &[Step], allowed: TileSet) -> bool {
    let mut before = steps
        .iter()
        .take_while(|st| !matches!(st.action, Action::Play { end: None, .. }));
    let posed = steps.len() > before.clone().count();
    before.any(|st| st.action == Action::Draw) || !posed && allowed.is_empty()
}

/// A hand's pose, read under the rule it was dealt under.
#[derive(Copy, Clone, Debug)]
pub(super) struct HandPose {
    rule: PoseRule,
    poser: u8,
    /// The tile posed, or before the pose the tiles the poser may lay.
    tiles: TileSet,
    /// Whether the seats drew for the engine (the trains family): nobody
    /// was dealt it, and who found it is the replay's to say.
    searched: bool,
}

impl HandPose {
    /// The pose in `steps` under `rule`; before it, the seat `me` (to act)
    /// poses one of `allowed`.
    pub(super) fn of(rule: PoseRule, steps: &[Step], me: u8, allowed: TileSet) -> HandPose {
        let posed = steps.iter().find_map(|st| match st.action {
            Action::Play {
                tile, end: None, ..
            } => Some((st.seat, tile.bit())),
            _ => None,
        });
        let (poser, tiles) = posed.unwrap_or((me, allowed));
        let searched = matches!(rule, PoseRule::Engine(_)) && drew_for_engine(steps, allowed);
        HandPose {
            rule,
            poser,
            tiles,
            searched,
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

    /// Tiles no other seat than `me` was dealt, where the pose tells it:
    /// the doubles above the double the rule made the poser lay, or above
    /// `me`'s own highest dealt double when it posed any tile itself; in
    /// the fives opening, `me` posing without a double, every double and
    /// every tile heavier than its heaviest.
    pub(super) fn barred(&self, me: u8, my_dealt: TileSet) -> TileSet {
        let mine = my_dealt & TileSet::DOUBLES;
        if self.rule == PoseRule::FivesOpening && self.poser == me && mine.is_empty() {
            // No double dealt at all, and `me` the heaviest tile's holder.
            let weight = |t: Tile| (t.pips(), t.high());
            let top = my_dealt.iter().map(weight).max();
            let heavier = TileSet::full(MAX_PIP)
                .iter()
                .filter(|&t| top.is_some_and(|w| weight(t) > w))
                .collect::<TileSet>();
            return TileSet::DOUBLES | heavier;
        }
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

    /// The doubles `seat` was not dealt for the rule to pass it over on
    /// its way to the poser: where the winner poses a double, else the
    /// next seat holding one, every seat from the winner to the poser.
    pub(super) fn passed_over(&self, seat: u8, players: u8) -> TileSet {
        let PoseRule::SeatDouble(from) = self.rule else {
            return TileSet::EMPTY;
        };
        let after = |s: u8| (s + players - from) % players;
        if after(seat) < after(self.poser) {
            TileSet::DOUBLES
        } else {
            TileSet::EMPTY
        }
    }

    /// Whether the rule, on `deal`, has the poser lay the tile it did (or
    /// may lay the tiles it may); where the seats drew for the engine,
    /// whether nobody was dealt it.
    pub(super) fn allows(&self, rules: &Rules, deal: &Deal) -> bool {
        if let (PoseRule::Engine(engine), true) = (self.rule, self.searched) {
            return deal.holder(engine).is_none();
        }
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
