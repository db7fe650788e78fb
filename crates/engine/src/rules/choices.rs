//! The rules' own kinds of choice: how the layout grows, when a player
//! draws, how blocked hands, claims and skunks go. Those a user chooses
//! by name are read and written through serde, by their snake_case names.

use serde::{Deserialize, Serialize};

/// How open ends are arranged.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LayoutKind {
    /// Two open ends.
    Line,
    /// A posed double takes both long sides first, then its short ends open.
    FirstDoubleSpinner,
    /// A posed double takes four tiles on its sides before anything else.
    Cross,
    /// The cross, then every later double opens two new chains.
    CrossEveryDouble,
    /// Four arms from the posed double, each number waiting for its double.
    French,
    /// A station (the engine double) with `trains` lines from it: one per
    /// player, then the Mexican train where it is played. A double on a
    /// train must be covered before any other play.
    Trains { trains: u8 },
    /// A centre double taking `centre` tiles first; every later double is a
    /// chicken foot that takes three toes before anything else.
    ChickenFoot { centre: u8 },
}

impl LayoutKind {
    /// Whether this is a layout of the trains family.
    pub const fn is_trains(self) -> bool {
        matches!(
            self,
            LayoutKind::Trains { .. } | LayoutKind::ChickenFoot { .. }
        )
    }

    /// A number for each kind and size, for search keys.
    pub const fn code(self) -> u64 {
        match self {
            LayoutKind::Line => 0,
            LayoutKind::FirstDoubleSpinner => 1,
            LayoutKind::Cross => 2,
            LayoutKind::CrossEveryDouble => 3,
            LayoutKind::French => 4,
            LayoutKind::Trains { trains } => 5 | (trains as u64) << 8,
            LayoutKind::ChickenFoot { centre } => 6 | (centre as u64) << 8,
        }
    }
}

/// When a player who cannot play may draw.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawRule {
    /// The undealt tiles sleep.
    Never,
    /// Draw until able to play or the boneyard is empty.
    UntilAble,
    /// As `UntilAble`, but the last two tiles are never drawn.
    KeepTwo,
    /// One tile a turn, played at once if it fits (the trains family).
    OnePerTurn,
}

impl DrawRule {
    /// Boneyard tiles that can never be drawn.
    pub const fn reserve(self) -> u8 {
        match self {
            DrawRule::Never => u8::MAX,
            DrawRule::UntilAble | DrawRule::OnePerTurn => 0,
            DrawRule::KeepTwo => 2,
        }
    }
}

/// Block and draw game scoring.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// One point per hand won.
    Hand,
    /// The winners score the losers' pips.
    Spots,
}

/// Who must claim the points of a play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Claims {
    /// Points are credited automatically.
    Auto,
    /// Unclaimed points may be taken by the next player.
    Muggins,
    /// Unclaimed points are lost.
    Strict,
}

/// Who may take points left unclaimed under `claims: muggins`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MugginsBy {
    /// Only the next player, before his own action.
    Next,
    /// Any other player, each before his own next action, until the turn
    /// comes back to the scorer or somebody takes them.
    Any,
}

/// Who wins a blocked hand in a partnership game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Blocked {
    /// The player with the lowest count wins for his side.
    LowestPlayer,
    /// The side with the lowest combined count wins.
    TeamTotal,
}

/// What a skunk (a club-fives loser below 31) costs. Written as the
/// option table spells it: a number of points, `no_skunk` or
/// `double_game`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "SkunkOption", into = "SkunkOption")]
pub enum Skunk {
    /// No skunk at all (the common house choice): not even reported.
    Off,
    /// Reported, and the winner's match score gains this many points (0:
    /// reported only).
    Points(i32),
    /// Reported, and the match counts as two games in a series.
    DoubleGame,
}

/// The `skunk` option as written: points, or a named choice.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum SkunkOption {
    Named(SkunkName),
    Points(i32),
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum SkunkName {
    NoSkunk,
    DoubleGame,
}

impl From<SkunkOption> for Skunk {
    fn from(o: SkunkOption) -> Skunk {
        match o {
            SkunkOption::Named(SkunkName::NoSkunk) => Skunk::Off,
            SkunkOption::Named(SkunkName::DoubleGame) => Skunk::DoubleGame,
            SkunkOption::Points(n) => Skunk::Points(n),
        }
    }
}

impl From<Skunk> for SkunkOption {
    fn from(s: Skunk) -> SkunkOption {
        match s {
            Skunk::Off => SkunkOption::Named(SkunkName::NoSkunk),
            Skunk::DoubleGame => SkunkOption::Named(SkunkName::DoubleGame),
            Skunk::Points(n) => SkunkOption::Points(n),
        }
    }
}

/// Mexican Train: what a player may lay on their first turn of a hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstTurn {
    /// One tile, as every turn.
    One,
    /// As many tiles as they will on their own train, one after another.
    Chain,
}

/// Chicken foot: how many tiles the centre double takes before anything else.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Centre {
    /// One on each side and each end.
    Four,
    /// Three on each long side.
    Six,
}

impl Centre {
    /// The tiles the centre takes first.
    pub const fn sides(self) -> u8 {
        match self {
            Centre::Four => 4,
            Centre::Six => 6,
        }
    }
}
