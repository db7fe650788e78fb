//! The games by name, with their players and descriptions: the twelve of
//! the sources and the trains family ruled by the project itself.

/// The games: the twelve of the sources, then the trains family.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    Jamaican,
    Cutthroat,
    Chiva,
    PuertoRican,
    Block,
    Draw,
    Cross,
    DoubleNineCross,
    French,
    AllFives,
    FivesAndThrees,
    ClubFives,
    MexicanTrain,
    ChickenFoot,
}

impl Preset {
    /// The twelve games of the sources, in the engine's order. The trains
    /// family is apart ([`Preset::TRAINS`]) until every part of the site
    /// plays it; [`Preset::EVERY`] holds all of them.
    pub const ALL: [Preset; 12] = [
        Preset::Jamaican,
        Preset::Cutthroat,
        Preset::Chiva,
        Preset::PuertoRican,
        Preset::Block,
        Preset::Draw,
        Preset::Cross,
        Preset::DoubleNineCross,
        Preset::French,
        Preset::AllFives,
        Preset::FivesAndThrees,
        Preset::ClubFives,
    ];

    /// The trains family (RULES.md, games beyond the sources).
    pub const TRAINS: [Preset; 2] = [Preset::MexicanTrain, Preset::ChickenFoot];

    /// Every game the engine plays: the twelve, then the trains family.
    pub const EVERY: [Preset; 14] = {
        let mut all = [Preset::MexicanTrain; 14];
        let mut i = 0;
        while i < 12 {
            all[i] = Preset::ALL[i];
            i += 1;
        }
        all[13] = Preset::ChickenFoot;
        all
    };

    /// Whether this is a game of the trains family.
    pub const fn is_trains(self) -> bool {
        matches!(self, Preset::MexicanTrain | Preset::ChickenFoot)
    }

    pub const fn name(self) -> &'static str {
        match self {
            Preset::Jamaican => "jamaican",
            Preset::Cutthroat => "cutthroat",
            Preset::Chiva => "chiva",
            Preset::PuertoRican => "puerto-rican",
            Preset::Block => "block",
            Preset::Draw => "draw",
            Preset::Cross => "cross",
            Preset::DoubleNineCross => "double-nine-cross",
            Preset::French => "french",
            Preset::AllFives => "all-fives",
            Preset::FivesAndThrees => "fives-and-threes",
            Preset::ClubFives => "club-fives",
            Preset::MexicanTrain => "mexican-train",
            Preset::ChickenFoot => "chicken-foot",
        }
    }

    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::EVERY.into_iter().find(|p| p.name() == name)
    }

    /// A preset by name, or a message for people listing the games.
    pub fn named(name: &str) -> Result<Preset, String> {
        Preset::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Preset::EVERY.iter().map(|p| p.name()).collect();
            format!(
                "unknown preset `{name}`: the games are {}",
                names.join(", ")
            )
        })
    }

    /// Allowed player counts.
    pub const fn player_range(self) -> (u8, u8) {
        match self {
            Preset::Jamaican | Preset::French => (4, 4),
            Preset::Cutthroat | Preset::Chiva | Preset::PuertoRican => (2, 4),
            Preset::Block | Preset::Draw | Preset::Cross => (2, 5),
            Preset::DoubleNineCross => (2, 8),
            Preset::AllFives | Preset::FivesAndThrees => (2, 4),
            Preset::ClubFives => (2, 2),
            Preset::MexicanTrain | Preset::ChickenFoot => (2, 8),
        }
    }

    pub const fn default_players(self) -> u8 {
        match self {
            Preset::AllFives | Preset::FivesAndThrees | Preset::ClubFives => 2,
            _ => 4,
        }
    }

    /// The game's name for people (English; the pages translate it).
    pub const fn title(self) -> &'static str {
        match self {
            Preset::Jamaican => "Jamaican partner",
            Preset::Cutthroat => "Jamaican cut-throat",
            Preset::Chiva => "Chiva",
            Preset::PuertoRican => "Puerto Rican points",
            Preset::Block => "Block",
            Preset::Draw => "Draw",
            Preset::Cross => "Cross",
            Preset::DoubleNineCross => "Double-nine cross",
            Preset::French => "French",
            Preset::AllFives => "All fives",
            Preset::FivesAndThrees => "All fives and threes",
            Preset::ClubFives => "Club fives",
            Preset::MexicanTrain => "Mexican Train",
            Preset::ChickenFoot => "Chicken foot",
        }
    }

    /// One line describing the game.
    pub const fn summary(self) -> &'static str {
        match self {
            Preset::Jamaican => "Jamaican partner dominoes: two teams race to six-love, hands won 1 point (2 with the key tile)",
            Preset::Cutthroat => "Jamaican cut-throat: each for himself, six hands won while somebody still has none",
            Preset::Chiva => "Chiva: four-love between two teams, or a draw game for 2 or 3",
            Preset::PuertoRican => "Puerto Rican points: the winner takes the pips left, with pass points and premiums, to 100",
            Preset::Block => "English block game: no drawing, winners score the losers' spots",
            Preset::Draw => "English draw game: draw from the boneyard until able to play",
            Preset::Cross => "Cross: the draw game started with a double played on all four sides",
            Preset::DoubleNineCross => "Double-nine cross: a cross start, then every double opens two new lines",
            Preset::French => "French: four arms gated by doubles, penalty points, low score wins at 100",
            Preset::AllFives => "All fives (muggins): score the open ends when they total a multiple of 5, to 100",
            Preset::FivesAndThrees => "All fives and threes: multiples of 3 or 5 score, to 100",
            Preset::ClubFives => "Club fives for two: one point per 5, crossing the T, to 61",
            Preset::MexicanTrain => "Mexican Train: a train each from the station, doubles to cover, 13 hands, fewest pips left wins",
            Preset::ChickenFoot => "Chicken foot: a centre double taking four, every double a foot of three toes, 10 hands, fewest pips left wins",
        }
    }
}
