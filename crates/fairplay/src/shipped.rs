//! The built-in levels' norms shipped with the crate, one file a game
//! (`norms/GAME.json`, made by `domino fairplay norms`): a new site judges
//! its first profiles against them (see [`crate::norm`]). A game with no
//! file has no built-in norms, and its profiles are not judged on
//! agreement until it has.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::norm::Norms;

/// Worlds per decision the shipped norms were analysed with: the site's
/// analysis must ask the expert the same way for its figures to compare.
pub const SAMPLES: usize = 16;

/// A shipped file: the norms and how they were made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shipped {
    pub game: String,
    pub players: u8,
    pub samples: usize,
    pub seed: u64,
    /// Simulated players per level, and their matches each.
    pub norm_players: usize,
    pub norm_matches: usize,
    pub norms: Norms,
}

/// The files, by game.
const FILES: &[(&str, &str)] = &[
    ("all-fives", include_str!("../norms/all-fives.json")),
    ("block", include_str!("../norms/block.json")),
    ("chiva", include_str!("../norms/chiva.json")),
    ("club-fives", include_str!("../norms/club-fives.json")),
    ("cross", include_str!("../norms/cross.json")),
    ("cutthroat", include_str!("../norms/cutthroat.json")),
    ("draw", include_str!("../norms/draw.json")),
    (
        "fives-and-threes",
        include_str!("../norms/fives-and-threes.json"),
    ),
    ("french", include_str!("../norms/french.json")),
    ("jamaican", include_str!("../norms/jamaican.json")),
    ("puerto-rican", include_str!("../norms/puerto-rican.json")),
];

/// The shipped norms, read once: the server asks after every match.
static READ: LazyLock<HashMap<&'static str, Norms>> = LazyLock::new(|| {
    FILES
        .iter()
        .filter_map(|(g, text)| Some((*g, serde_json::from_str::<Shipped>(text).ok()?.norms)))
        .collect()
});

/// The built-in norms of `game`, if shipped.
pub fn built_in(game: &str) -> Option<Norms> {
    READ.get(game).cloned()
}

/// The games with shipped norms.
pub fn games() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|(g, _)| *g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_file_reads_and_was_made_as_the_site_analyses() {
        for (game, text) in FILES {
            let s: Shipped = serde_json::from_str(text).unwrap_or_else(|e| panic!("{game}: {e}"));
            assert_eq!(s.game, *game);
            assert_eq!(s.samples, SAMPLES, "{game}");
            assert!(!s.norms.bands.is_empty(), "{game}");
            assert!(built_in(game).is_some());
        }
        assert!(built_in("no-such-game").is_none());
    }
}
