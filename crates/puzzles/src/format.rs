//! The puzzle format: one JSON object per puzzle, one puzzle per line in a
//! set (`puzzles/set.jsonl`).

use std::collections::BTreeMap;

use domino_engine::record::Record;
use domino_engine::{Action, RulesSpec};
use serde::{Deserialize, Serialize};

/// A mined puzzle's id: its game, then eight letters hashed from `origin`,
/// where it was found (`GAME-SEED-PLY-K` for a seeded deal,
/// `GAME-MATCH-HAND-INDEX-K` for a recorded match; K the kind's letter).
/// The id is shown and shared, and a seed in it would let anyone rebuild
/// every hidden hand of a counting puzzle with `domino engine`.
pub fn hidden_id(game: &str, origin: &str) -> String {
    use sha2::{Digest, Sha256};
    const LETTERS: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
    let digest = Sha256::digest(origin);
    let bits = digest[..5]
        .iter()
        .fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
    let hash: String = (0..8)
        .rev()
        .map(|i| char::from(LETTERS[((bits >> (5 * i)) & 31) as usize]))
        .collect();
    format!("{game}-{hash}")
}

/// What the solver knew when it proved the answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Every hand is shown (double dummy): the answer is the one best play.
    Open,
    /// Only the player's own view is shown: the answer is best in every
    /// deal of the hidden tiles that agrees with the view.
    Counting,
}

impl Kind {
    /// The kind's letter in a puzzle's id: one position may make a puzzle
    /// of each kind.
    pub fn letter(self) -> char {
        match self {
            Kind::Open => 'o',
            Kind::Counting => 'c',
        }
    }
}

/// An idea the solution shows, found from the answer and the line after it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// The best line ends in a blocked hand (a tranque).
    Blocking,
    /// The best line ends with the player's side dominoing.
    Domino,
    /// ... with a last tile that fits both ends (capicú).
    Capicu,
    /// The answer leaves the next player, an opponent, nothing to play.
    Cutting,
    /// The answer keeps open a number the partner showed, which another
    /// play would have covered.
    PartnerNumber,
    /// The answer scores points (the fives games).
    Scoring,
    /// The answer is a double.
    Double,
    /// A pass or draw of another player rules hidden hands out (counting).
    Passes,
}

/// One choice of the position and what the solver says of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Choice {
    pub action: Action,
    /// The solver's value for the mover's side (see docs/puzzles.md); for a
    /// counting puzzle, the worst over the worlds.
    pub value: i32,
    /// Counting puzzles: in how many worlds this choice is best.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_in: Option<u32>,
}

/// A puzzle: a position, its answer and its proof.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// Unique in a set. A mined puzzle's is `GAME-HASH` ([`hidden_id`]): it
    /// names the game but not the deal.
    pub id: String,
    pub rules: RulesSpec,
    /// The first hand of the match seeded so...
    pub seed: u64,
    /// ...after these actions (the hand's history, in order).
    pub actions: Vec<Action>,
    /// A position of any hand of a recorded match: the record cut just
    /// before the decision (its last hand holds the actions so far). The
    /// position is then the record's end; `seed` and `actions` repeat the
    /// record's seed (0 without one) and its last hand's actions, for
    /// readers that only show them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Record>,
    pub kind: Kind,
    /// The one best choice.
    pub answer: Action,
    /// Every choice, in the engine's order of legal actions.
    pub choices: Vec<Choice>,
    /// Counting puzzles: how many worlds agree with the player's view.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worlds: Option<u32>,
    pub themes: Vec<Theme>,
    /// A starting rating, from how often the bot levels solve it.
    pub rating: u32,
    /// The share of tries each bot level found the answer in.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub solved_by: BTreeMap<String, f64>,
}

/// Why a set could not be read.
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {source}")]
pub struct ReadError {
    pub line: usize,
    pub source: serde_json::Error,
}

/// Read a set: one puzzle per non-empty line.
pub fn read_set(text: &str) -> Result<Vec<Puzzle>, ReadError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|source| ReadError {
                line: i + 1,
                source,
            })
        })
        .collect()
}

/// A puzzle as one line of a set.
pub fn to_line(p: &Puzzle) -> Result<String, serde_json::Error> {
    serde_json::to_string(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_id_keeps_the_game_and_hides_where_it_was_found() {
        let id = hidden_id("block", "block-1234-11-c");
        assert_eq!(id, hidden_id("block", "block-1234-11-c"));
        assert_ne!(id, hidden_id("block", "block-1234-11-o"));
        let hash = id.strip_prefix("block-").expect("the game first");
        assert_eq!(hash.len(), 8);
        assert!(!id.contains("1234"));
    }
}
