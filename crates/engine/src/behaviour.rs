//! How a game behaves, as values: [`crate::RulesSpec::resolve`] fills them
//! in from the preset and its options, and every other part of the engine,
//! the bots, the server and the clients read them instead of asking which
//! preset is played. Adding a game means choosing these values for it in
//! `rules.rs` (docs/architecture.md).

use crate::tile::Tile;

/// Who poses a hand, decided when the previous one ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PoseRule {
    /// The holder of the highest double held poses it (any tile when `any`);
    /// nobody holds a double: redeal.
    HighestDouble { any: bool },
    /// The holder of this tile poses it.
    Holder(Tile),
    /// This seat poses any tile.
    Seat(u8),
    /// This seat poses a double of its choice, else the next seat holding one.
    SeatDouble(u8),
    /// The highest double's holder poses any tile; with no double dealt, the
    /// holder of the heaviest tile.
    FivesOpening,
    /// The turn-over decides, and the deal says who won it.
    TurnOver,
    /// This seat names which partner poses any tile.
    Choose(u8),
    /// The trains family: the holder of this engine double places it; if
    /// nobody holds it, the players draw in turn from seat 0 until one
    /// draws it (the hand does those draws as it starts).
    Engine(Tile),
}

/// What a deal must hold for its pose rule to start the hand; a seeded
/// deal is dealt again from the same stream until it does. Published with
/// each hand's commitment, so written as `double`, a tile (`6-6`),
/// `turn_over` or `never`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub enum Redeal {
    /// Somebody must hold a double.
    Double,
    /// This tile must be in a hand (not the boneyard).
    Holder(Tile),
    /// The turn-over decides who poses; the deal never fails.
    TurnOver,
    /// Any deal starts the hand.
    Never,
}

impl PoseRule {
    /// What a deal needs for this rule to start the hand.
    pub const fn redeal(self) -> Redeal {
        match self {
            PoseRule::HighestDouble { .. } | PoseRule::SeatDouble(_) => Redeal::Double,
            PoseRule::Holder(t) => Redeal::Holder(t),
            PoseRule::TurnOver => Redeal::TurnOver,
            PoseRule::Seat(_)
            | PoseRule::Choose(_)
            | PoseRule::FivesOpening
            | PoseRule::Engine(_) => Redeal::Never,
        }
    }
}

impl std::fmt::Display for Redeal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Redeal::Double => f.write_str("double"),
            Redeal::Holder(t) => write!(f, "{t}"),
            Redeal::TurnOver => f.write_str("turn_over"),
            Redeal::Never => f.write_str("never"),
        }
    }
}

impl std::str::FromStr for Redeal {
    type Err = String;
    fn from_str(s: &str) -> Result<Redeal, String> {
        match s {
            "double" => Ok(Redeal::Double),
            "turn_over" => Ok(Redeal::TurnOver),
            "never" => Ok(Redeal::Never),
            tile => tile
                .parse()
                .map(Redeal::Holder)
                .map_err(|_| format!("unknown redeal rule {tile:?}")),
        }
    }
}

impl serde::Serialize for Redeal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Redeal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Redeal, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Who poses after a hand that somebody won (after a tie the game's first
/// rule applies, or the love count's own tie rule).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NextPose {
    /// The winner poses any tile.
    Winner,
    /// The winner names which partner poses.
    WinnerOrPartner,
    /// As [`NextPose::WinnerOrPartner`], but after a blocked hand the
    /// winner poses himself (chiva).
    WinnerOrPartnerUnlessBlocked,
    /// The winner poses a double of his choice (French).
    WinnerWithDouble,
    /// The two players take turns (club fives).
    Alternate,
    /// As the first hand.
    First,
    /// The next engine double down, whoever won (the trains family).
    FallingEngine,
}

/// How a finished hand becomes points.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Settle {
    /// A hand won is worth a stake in the love count (Jamaican, cut-throat,
    /// chiva).
    Love,
    /// The winning team takes every pip left, its own too unless it
    /// dominoed, with the hand and capicu premiums (Puerto Rican).
    AllPips,
    /// The winner scores one point, or the losers' pips (less his own after
    /// a block), as `Rules::scoring` says (block and draw games, cross).
    LosersPips,
    /// Everyone scores his own pips, doubled for a double held and for
    /// everyone but the winner after a double domino; low score wins (French).
    OwnPipsDoubled,
    /// The winner takes the others' pips over his own, rounded to five and
    /// counted as the ends are (the fives games).
    FivesBonus,
    /// Everyone scores the pips left in hand (0-0 as the rules count it);
    /// the fewest win (the trains family).
    OwnPips,
}

/// Which open-end totals score during play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndCount {
    /// None: the ends are not counted.
    Off,
    /// Multiples of five, at face value (all fives).
    Fives,
    /// Multiples of five or three, at face value (fives and threes).
    FivesAndThrees,
    /// Multiples of five, one point per five (club fives).
    OnePerFive,
}

impl EndCount {
    /// The points an open-end total makes.
    pub const fn points(self, total: u32) -> i32 {
        let t = total as i32;
        if t == 0 {
            return 0;
        }
        match self {
            EndCount::Fives if t % 5 == 0 => t,
            EndCount::FivesAndThrees if t % 5 == 0 || t % 3 == 0 => t,
            EndCount::OnePerFive if t % 5 == 0 => t / 5,
            _ => 0,
        }
    }

    /// Points a pip difference is worth at the end of a hand (rounded to
    /// five where the game counts fives).
    pub const fn pips_bonus(self, pips: i32) -> i32 {
        match self {
            EndCount::FivesAndThrees => pips,
            EndCount::OnePerFive => round5(pips) / 5,
            _ => round5(pips),
        }
    }

    /// The pips one point stands for: 5 when fives count one each.
    pub const fn unit(self) -> i32 {
        match self {
            EndCount::OnePerFive => 5,
            _ => 1,
        }
    }
}

/// Round to the nearest five, halves (2.5) going up: 1 and 2 go down,
/// 3 and 4 go up.
pub const fn round5(x: i32) -> i32 {
    (x + 2).div_euclid(5) * 5
}

/// How a match is won.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MatchWin {
    /// The love count: `goal` hands ahead of a side with none (six-love;
    /// four in chiva).
    Love { goal: i32 },
    /// The first to `Rules::target` points (the most points, or the fewest
    /// when `low_wins`, once somebody reaches it); with `in_play` the target
    /// wins the moment it is reached, even mid-hand.
    Target { low_wins: bool, in_play: bool },
    /// A fixed number of hands; the lowest total then wins, equal lowest
    /// totals share the win (the trains family).
    Hands { count: u8 },
}

/// Who won the match: a side, or nobody (a tie the rules leave standing).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(type = "{ side: number } | null")
)]
pub enum Winner {
    Side(usize),
    Nobody,
}

impl Winner {
    /// The winning side, if any.
    pub const fn side(self) -> Option<usize> {
        match self {
            Winner::Side(s) => Some(s),
            Winner::Nobody => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redeal_rules_read_back_as_written() {
        let tile = Tile::new(6, 6);
        for r in [
            Redeal::Double,
            Redeal::Holder(tile),
            Redeal::TurnOver,
            Redeal::Never,
        ] {
            assert_eq!(r.to_string().parse::<Redeal>(), Ok(r));
        }
        assert_eq!(Redeal::Holder(tile).to_string(), "6-6");
        assert!("sometimes".parse::<Redeal>().is_err());
    }

    #[test]
    fn end_counts_score_their_multiples() {
        assert_eq!(EndCount::Fives.points(15), 15);
        assert_eq!(EndCount::Fives.points(9), 0);
        assert_eq!(EndCount::FivesAndThrees.points(9), 9);
        assert_eq!(EndCount::OnePerFive.points(15), 3);
        assert_eq!(EndCount::Off.points(15), 0);
        assert_eq!(EndCount::Fives.points(0), 0);
    }

    #[test]
    fn pip_bonuses_round_as_the_game_counts() {
        assert_eq!(EndCount::Fives.pips_bonus(12), 10);
        assert_eq!(EndCount::Fives.pips_bonus(13), 15);
        assert_eq!(EndCount::FivesAndThrees.pips_bonus(13), 13);
        assert_eq!(EndCount::OnePerFive.pips_bonus(13), 3);
    }
}
