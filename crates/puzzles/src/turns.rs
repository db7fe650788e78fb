//! The turns in which a seat laid nothing (it passed, or drew), with the
//! numbers the ends showed then: what a counting puzzle is read from
//! ("West passed on 4"). Read from the mover's view, whose history every
//! player saw, so it names no hidden tile.

use domino_bots::knowledge::Knowledge;
use domino_engine::{Action, Tile, TileSet};
use serde::{Deserialize, Serialize};

use crate::position::Setup;

/// One pass or draw of the hand so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Missed {
    /// Its index in the hand's history (as the position's state lists it).
    pub at: usize,
    pub seat: u8,
    /// The numbers open at the ends when the seat could not lay a tile.
    pub ends: Vec<u8>,
}

/// Every pass and draw of the hand so far, oldest first.
pub fn missed(setup: &Setup) -> Vec<Missed> {
    let view = setup.view();
    let k = Knowledge::new(&view);
    let max = setup.rules.max_pip();
    // Knowledge leaves out the choice of poser; the state's history keeps it.
    let at = view
        .history()
        .iter()
        .enumerate()
        .filter(|(_, e)| !matches!(e.action, Action::ChoosePoser { .. }))
        .map(|(i, _)| i);
    at.zip(&k.steps)
        .filter(|(_, s)| matches!(s.action, Action::Pass | Action::Draw))
        .map(|(at, s)| Missed {
            at,
            seat: s.seat,
            // A number shows at an end when its double could be laid (a
            // double fits only on its own number; French arms wait for
            // one), or every tile of it could.
            ends: (0..=max)
                .filter(|&n| {
                    let suit = TileSet::suit(n).intersect(setup.rules.tiles());
                    s.playable.contains(Tile::double(n)) || s.playable.intersect(suit) == suit
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{read_set, Kind};

    #[test]
    fn each_pass_of_a_counting_puzzle_is_placed_with_its_open_numbers() {
        let set = read_set(include_str!("../../../puzzles/set.jsonl")).unwrap();
        let mut passes = 0;
        for p in set.iter().filter(|p| p.kind == Kind::Counting) {
            let setup = p.setup().unwrap();
            let state = setup.shown(p.kind);
            let history = state["history"].as_array().unwrap();
            for m in missed(&setup) {
                let kind = history[m.at]["action"]["type"].as_str().unwrap();
                assert!(
                    kind == "pass" || kind == "draw",
                    "{}: {kind} at {}",
                    p.id,
                    m.at
                );
                assert_eq!(history[m.at]["seat"], m.seat, "{}", p.id);
                assert!(!m.ends.is_empty(), "{}: a pass with no end open", p.id);
                passes += 1;
            }
        }
        assert!(passes > 100, "{passes} passes");
    }

    #[test]
    fn the_numbers_open_at_a_pass_are_those_of_the_ends() {
        // A block game: the first seat poses 6-6; whoever passes next
        // passed on 6 alone.
        let set = read_set(include_str!("../../../puzzles/set.jsonl")).unwrap();
        let p = set
            .iter()
            .find(|p| {
                p.from.is_none()
                    && p.actions.get(1).is_some_and(|a| *a == Action::Pass)
                    && matches!(p.actions.first(), Some(Action::Play { end: None, .. }))
            })
            .expect("a puzzle whose second action is a pass");
        let setup = p.setup().unwrap();
        let Some(Action::Play { tile, .. }) = p.actions.first().copied() else {
            unreachable!()
        };
        let first = &missed(&setup)[0];
        assert_eq!(first.at, 1, "{}", p.id);
        let mut numbers = vec![tile.low(), tile.high()];
        numbers.dedup();
        assert_eq!(first.ends, numbers, "{}", p.id);
    }
}
