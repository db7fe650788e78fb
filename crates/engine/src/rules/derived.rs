//! What a preset implies, decided in one place: how hands settle, which
//! ends count, who poses, how the match is won.

use crate::behaviour::{EndCount, MatchWin, NextPose, PoseRule, Settle};
use crate::tile::Tile;

use super::chosen::Choices;
use super::Preset;

/// The behaviour values of a preset (the one place that says, game by
/// game, how it is played; see [`crate::behaviour`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Behaviour {
    pub(super) settle: Settle,
    pub(super) ends: EndCount,
    pub(super) first_pose: PoseRule,
    pub(super) next_pose: NextPose,
    pub(super) win: MatchWin,
    pub(super) pass_penalties: bool,
    pub(super) live_scoring: bool,
}

impl Behaviour {
    pub(super) fn of(preset: Preset, partners: bool, chosen: &Choices) -> Behaviour {
        use Preset::*;
        let sporting = chosen.sporting;
        let love = |goal, next_pose| Behaviour {
            settle: Settle::Love,
            ends: EndCount::Off,
            first_pose: PoseRule::HighestDouble { any: sporting },
            next_pose,
            win: MatchWin::Love { goal },
            pass_penalties: false,
            live_scoring: false,
        };
        let target = |settle, ends, first_pose, next_pose, in_play| Behaviour {
            settle,
            ends,
            first_pose,
            next_pose,
            win: MatchWin::Target {
                low_wins: false,
                in_play,
            },
            pass_penalties: false,
            live_scoring: ends != EndCount::Off,
        };
        let highest = PoseRule::HighestDouble { any: false };
        let winner_picks = if partners {
            NextPose::WinnerOrPartner
        } else {
            NextPose::Winner
        };
        match preset {
            Jamaican | Cutthroat => love(6, winner_picks),
            Chiva => love(
                4,
                if partners {
                    NextPose::WinnerOrPartnerUnlessBlocked
                } else {
                    NextPose::Winner
                },
            ),
            PuertoRican => Behaviour {
                // Pass points go to the match score as they are made.
                live_scoring: true,
                ..target(
                    Settle::AllPips,
                    EndCount::Off,
                    highest,
                    NextPose::Winner,
                    false,
                )
            },
            Block | Draw | Cross | DoubleNineCross => target(
                Settle::LosersPips,
                EndCount::Off,
                highest,
                NextPose::First,
                false,
            ),
            French => Behaviour {
                win: MatchWin::Target {
                    low_wins: true,
                    in_play: false,
                },
                pass_penalties: true,
                live_scoring: true,
                ..target(
                    Settle::OwnPipsDoubled,
                    EndCount::Off,
                    PoseRule::Holder(Tile::double(0)),
                    NextPose::WinnerWithDouble,
                    false,
                )
            },
            AllFives => target(
                Settle::FivesBonus,
                EndCount::Fives,
                PoseRule::FivesOpening,
                NextPose::First,
                true,
            ),
            FivesAndThrees => target(
                Settle::FivesBonus,
                EndCount::FivesAndThrees,
                PoseRule::FivesOpening,
                NextPose::First,
                true,
            ),
            ClubFives => target(
                Settle::FivesBonus,
                EndCount::OnePerFive,
                PoseRule::TurnOver,
                NextPose::Alternate,
                false,
            ),
            MexicanTrain | ChickenFoot => Behaviour {
                settle: Settle::OwnPips,
                ends: EndCount::Off,
                first_pose: PoseRule::Engine(Tile::double(chosen.start_double)),
                next_pose: NextPose::FallingEngine,
                win: MatchWin::Hands {
                    count: chosen.rounds,
                },
                pass_penalties: false,
                live_scoring: false,
            },
        }
    }
}
