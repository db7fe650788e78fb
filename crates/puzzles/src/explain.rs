//! A puzzle's answer in words a player can follow, as facts for the page
//! to phrase: why the answer is good (the expert's reasons, from the
//! mover's view) and what the mover could know about the hidden tiles (who
//! has none of a number, having passed on it; which numbers are all in
//! sight). Only the mover's view is read, so nothing here shows a hidden
//! tile, whatever the puzzle's kind.

use domino_bots::knowledge::Knowledge;
use domino_bots::reason::{reasons, Why};
use domino_engine::{Action, TileSet};
use serde::{Deserialize, Serialize};

use crate::position::Setup;

/// Numbers another seat surely holds none of, though some are still hidden:
/// it passed when they were open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Lacks {
    pub seat: u8,
    pub numbers: Vec<u8>,
}

/// The answer explained.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Explained {
    /// Why the answer is good (one or two reasons).
    pub why: Vec<Why>,
    /// What the passes told.
    pub lacks: Vec<Lacks>,
    /// Numbers whose every tile is in the mover's hand or on the board.
    pub all_seen: Vec<u8>,
}

/// `answer` (one of the puzzle's plays) explained from the mover's view.
pub fn explain(setup: &Setup, answer: Action) -> Explained {
    let view = setup.view();
    let k = Knowledge::new(&view);
    let max = setup.rules.max_pip();
    let hidden = |n: u8| !k.unseen.intersect(TileSet::suit(n)).is_empty();
    let lacks = (0..k.players)
        .filter(|&s| s != k.me)
        .filter_map(|seat| {
            let numbers: Vec<u8> = (0..=max)
                .filter(|&n| hidden(n) && k.lacks_number(seat, n))
                .collect();
            (!numbers.is_empty()).then_some(Lacks { seat, numbers })
        })
        .collect();
    Explained {
        why: reasons(&view, answer),
        lacks,
        all_seen: (0..=max).filter(|&n| !hidden(n)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{read_set, Kind};

    #[test]
    fn a_counting_puzzle_about_passes_names_who_lacks_what() {
        let set = read_set(include_str!("../../../puzzles/set.jsonl")).unwrap();
        let passes = set
            .iter()
            .filter(|p| p.kind == Kind::Counting && p.themes.contains(&crate::Theme::Passes));
        let mut named = 0;
        for p in passes.take(30) {
            let setup = p.setup().unwrap();
            let e = explain(&setup, p.answer);
            assert!(!e.why.is_empty(), "{}", p.id);
            for l in &e.lacks {
                assert_ne!(l.seat, setup.seat, "{}", p.id);
                // A seat said to lack a number holds none of it in the real deal.
                let held = setup.game.hand().hand(l.seat);
                for &n in &l.numbers {
                    assert!(
                        held.intersect(TileSet::suit(n)).is_empty(),
                        "{}: seat {} holds a {n}",
                        p.id,
                        l.seat
                    );
                }
            }
            named += usize::from(!e.lacks.is_empty());
        }
        assert!(named > 0, "no puzzle about passes names a pass");
    }
}
