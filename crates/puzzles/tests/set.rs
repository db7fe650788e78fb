//! The shipped set (`puzzles/set.jsonl`): every puzzle proves again, and
//! no counting puzzle's view names a tile hidden from the mover.

use std::collections::{BTreeSet, HashSet};

use domino_puzzles::format::read_set;
use domino_puzzles::{verify, Kind, Limits, Puzzle};

fn set() -> Vec<Puzzle> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/set.jsonl");
    let text = std::fs::read_to_string(path).expect("puzzles/set.jsonl");
    read_set(&text).expect("a readable set")
}

#[test]
fn the_set_is_large_varied_and_its_ids_unique() {
    let set = set();
    assert!(set.len() >= 2000, "{} puzzles", set.len());
    let games: BTreeSet<&str> = set.iter().map(|p| p.rules.preset.as_str()).collect();
    assert!(games.len() >= 8, "{games:?}");
    for kind in [Kind::Open, Kind::Counting] {
        assert!(
            set.iter().filter(|p| p.kind == kind).count() >= 200,
            "{kind:?}"
        );
    }
    let ids: HashSet<&str> = set.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), set.len());
    // An id names the game, then eight hashed letters: never the seed a
    // counting puzzle's hidden hands could be dealt again from.
    for p in &set {
        let (game, hash) = p.id.rsplit_once('-').expect("GAME-HASH");
        assert!(game.starts_with(p.rules.preset.as_str()), "{}", p.id);
        assert_eq!(hash.len(), 8, "{}", p.id);
        assert!(
            hash.bytes()
                .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase()),
            "{}",
            p.id
        );
        assert!(!p.id.contains(&format!("-{}-", p.seed)), "{}", p.id);
    }
    // Some come from recorded matches, later hands among them.
    let recorded: Vec<&Puzzle> = set.iter().filter(|p| p.from.is_some()).collect();
    assert!(recorded.len() >= 100, "{} from records", recorded.len());
    assert!(recorded
        .iter()
        .any(|p| p.from.as_ref().is_some_and(|r| r.hands.len() > 1)));
}

/// Every puzzle, as `domino puzzles verify puzzles/set.jsonl` does (about
/// half a minute of CPU in a debug build, spread over the cores): a change
/// to the engine or to what a view tells (the sampler's reading of draws
/// did change the worlds of a few counting puzzles once) must not leave a
/// shipped puzzle with no unique answer, and a sample would miss most.
#[test]
fn every_puzzle_of_the_set_proves_again() {
    let set = set();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = set.len().div_ceil(threads);
    let failed: Vec<String> = std::thread::scope(|s| {
        let workers: Vec<_> = set
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .filter_map(|p| {
                            verify(p, Limits::default())
                                .err()
                                .map(|e| format!("{}: {e}", p.id))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a verifying thread"))
            .collect()
    });
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn no_counting_puzzle_shows_a_hidden_tile() {
    for p in set().iter().filter(|p| p.kind == Kind::Counting) {
        let setup = p.setup().expect("a position");
        let shown = setup.shown(p.kind).to_string();
        let hand = &setup.pos.hand;
        let hidden = (0..setup.rules.players())
            .filter(|&s| s != setup.seat)
            .flat_map(|s| hand.hand(s).iter())
            .chain(hand.boneyard().iter().copied());
        for t in hidden {
            assert!(
                !shown.contains(&format!("\"{t}\"")),
                "{}: {t} is shown",
                p.id
            );
        }
    }
}
