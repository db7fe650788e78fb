//! The levels people choose from (the lobby's Beginner to Expert): each
//! level's name and the bot that plays it.
//!
//! The bots themselves (`random`, `heavy`, `count`, `heuristic`, `expert`)
//! are not ordered the same way in every game: the heaviest tile first
//! beats keeping one's numbers in the cross games, and in the fives games
//! the two are level. So the levels below the expert are one bot, the
//! heuristic, playing a random legal play at a set share of its choices:
//! each level makes more random plays than the one above it, which makes
//! it weaker in every game where the heuristic beats the random player
//! (all of them). The ladder (`domino ladder`) measures the steps.

use crate::{by_name, Bot, BotConfig, BotError};

/// Each level's name (as the lobby and the ratings name it) and its bot
/// spec, weakest first.
pub const LEVELS: [(&str, &str); 5] = [
    ("random", "random"),
    ("heavy", "heuristic:noise=0.7"),
    ("count", "heuristic:noise=0.4"),
    ("heuristic", "heuristic:noise=0.15"),
    ("expert", "expert"),
];

/// The bot spec a level is played by, `None` when `name` is no level.
pub fn level_spec(name: &str) -> Option<&'static str> {
    LEVELS.iter().find(|(l, _)| *l == name).map(|(_, s)| *s)
}

/// The bot for a level; a name that is no level is taken as a bot spec.
pub fn level_bot(name: &str, config: BotConfig) -> Result<Box<dyn Bot>, BotError> {
    by_name(level_spec(name).unwrap_or(name), config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_a_bot_in_the_order_of_the_names() {
        let names: Vec<&str> = LEVELS.iter().map(|(l, _)| *l).collect();
        assert_eq!(names, crate::BOT_NAMES);
        for (l, _) in LEVELS {
            assert!(level_bot(l, BotConfig::default()).is_ok(), "{l}");
        }
        assert_eq!(level_spec("expert"), Some("expert"));
        assert_eq!(level_spec("expert:samples=4"), None);
        assert!(level_bot("expert:samples=4", BotConfig::default()).is_ok());
    }

    /// The levels below the expert make fewer random plays the higher
    /// they stand.
    #[test]
    fn each_level_plays_fewer_random_plays_than_the_one_below() {
        let noise = |spec: &str| {
            if spec == "random" {
                return 1.0;
            }
            spec.split(':')
                .find_map(|o| o.strip_prefix("noise="))
                .and_then(|p| p.parse::<f64>().ok())
                .unwrap_or(0.0)
        };
        let below: Vec<f64> = LEVELS[..4].iter().map(|(_, s)| noise(s)).collect();
        assert!(below.windows(2).all(|w| w[0] > w[1]), "{below:?}");
    }
}
