//! Reading [`Rules`]: one accessor per value, so no caller can build or
//! change rules that no spec resolves to.

use crate::behaviour::{EndCount, MatchWin, NextPose, PoseRule, Settle};
use crate::tile::TileSet;

use super::{
    Blocked, Centre, Claims, DrawRule, FirstTurn, LayoutKind, MugginsBy, Preset, Rules, Scoring,
    Skunk,
};

impl Rules {
    pub const fn preset(&self) -> Preset {
        self.preset
    }

    pub const fn players(&self) -> u8 {
        self.players
    }

    /// Highest pip of the set: 6, 9 or 12.
    pub const fn max_pip(&self) -> u8 {
        self.chosen.max_pip
    }

    pub const fn hand_size(&self) -> u8 {
        self.chosen.hand_size
    }

    /// Two partnerships: seats 0 and 2, seats 1 and 3.
    pub const fn partners(&self) -> bool {
        self.chosen.partners
    }

    pub const fn sporting(&self) -> bool {
        self.chosen.sporting
    }

    pub const fn key_tile(&self) -> bool {
        self.chosen.key_tile
    }

    pub const fn playoff(&self) -> bool {
        self.chosen.playoff
    }

    pub const fn tie_replays(&self) -> bool {
        self.chosen.tie_replays
    }

    pub const fn boneyard(&self) -> bool {
        self.chosen.boneyard
    }

    /// Puerto Rican pass bonus to the other team (4 players); 0 is off.
    pub const fn pass_points(&self) -> i32 {
        self.chosen.pass_points
    }

    pub const fn premiums(&self) -> bool {
        self.chosen.premiums
    }

    /// How a blocked partnership hand is won.
    pub const fn blocked(&self) -> Blocked {
        self.chosen.blocked
    }

    pub const fn target(&self) -> i32 {
        self.chosen.target
    }

    pub const fn scoring(&self) -> Scoring {
        self.chosen.scoring
    }

    pub const fn both_partners_out(&self) -> bool {
        self.chosen.both_partners_out
    }

    pub const fn double_blank_ten(&self) -> bool {
        self.chosen.double_blank_ten
    }

    /// Puerto Rican: a last tile fitting both ends that show the same
    /// number is capicú too (RULES.md's default: the ends must differ).
    pub const fn capicu_same_ends(&self) -> bool {
        self.chosen.capicu_same_ends
    }

    pub const fn claims(&self) -> Claims {
        self.chosen.claims
    }

    pub const fn muggins_by(&self) -> MugginsBy {
        self.chosen.muggins_by
    }

    pub const fn skunk(&self) -> Skunk {
        self.chosen.skunk
    }

    /// The trains family: the first hand's engine double.
    pub const fn start_double(&self) -> u8 {
        self.chosen.start_double
    }

    /// The trains family: hands in the match.
    pub const fn rounds(&self) -> u8 {
        self.chosen.rounds
    }

    /// The trains family: what 0-0 left in hand counts.
    pub const fn double_blank(&self) -> i32 {
        self.chosen.double_blank
    }

    /// Mexican Train: one tile or a chain on the first turn.
    pub const fn first_turn(&self) -> FirstTurn {
        self.chosen.first_turn
    }

    /// Mexican Train: whether the shared Mexican train is played.
    pub const fn mexican_train(&self) -> bool {
        self.chosen.mexican_train
    }

    /// Mexican Train: whether every train starts open.
    pub const fn open_trains_start(&self) -> bool {
        self.chosen.open_trains_start
    }

    /// Chicken foot: the tiles the centre double takes first.
    pub const fn centre(&self) -> Centre {
        self.chosen.centre
    }

    /// Tiles taken out of the set before dealing.
    pub const fn removed(&self) -> TileSet {
        self.removed
    }

    pub const fn draw(&self) -> DrawRule {
        self.draw
    }

    pub const fn layout(&self) -> LayoutKind {
        self.layout
    }

    /// How a finished hand becomes points.
    pub const fn settle(&self) -> Settle {
        self.how.settle
    }

    /// Which open-end totals score during play.
    pub const fn ends(&self) -> EndCount {
        self.how.ends
    }

    /// Who poses the first hand (and after most ties).
    pub const fn first_pose(&self) -> PoseRule {
        self.how.first_pose
    }

    /// Who poses after a hand somebody won.
    pub const fn next_pose(&self) -> NextPose {
        self.how.next_pose
    }

    /// How the match is won.
    pub const fn win(&self) -> MatchWin {
        self.how.win
    }

    /// French penalties: everyone else pays when a player's play goes round
    /// the table unanswered, and three passes in a row cost the passer.
    pub const fn pass_penalties(&self) -> bool {
        self.how.pass_penalties
    }

    /// Points move into the match score during play (end counts, pass
    /// points, penalties), not only when the hand ends.
    pub const fn live_scoring(&self) -> bool {
        self.how.live_scoring
    }
}
