//! Helpers shared by the rule tests: hand-built deals and scripted actions.
//!
//! Scripts are written `seat:action`, separated by spaces, where an action is
//! a tile (`6-6`: the pose, or the only end it fits), a tile on an end
//! (`6-5@0`), either of those with a trailing `+` for a claimed play, `pass`,
//! `draw`, `draw*16` (sixteen draws), `muggins` or `poser:2` (choose_poser).
#![allow(dead_code, clippy::unwrap_used)]

use domino_engine::{
    Action, DealSpec, Event, IllegalAction, Match, MatchError, MoveList, Rules, RulesSpec, Short,
    Tile, TileSet, Viewer,
};
use domino_engine::{Phase, PlaceError};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

pub fn rules(preset: &str, players: u8, options: Value) -> Rules {
    let spec: RulesSpec =
        serde_json::from_value(json!({"preset": preset, "players": players, "options": options}))
            .unwrap();
    spec.resolve().unwrap()
}

pub fn tile(s: &str) -> Tile {
    s.parse().unwrap()
}

pub fn tiles(s: &str) -> Vec<Tile> {
    s.split_whitespace().map(tile).collect()
}

pub fn set(s: &str) -> TileSet {
    tiles(s).into_iter().collect()
}

/// A deal: each seat's tiles, then the boneyard with `top` first and every
/// other tile of the set after it (in set order).
pub fn deal(r: &Rules, hands: &[&str], top: &str) -> DealSpec {
    let hands: Vec<Vec<Tile>> = hands.iter().map(|h| tiles(h)).collect();
    let mut boneyard = tiles(top);
    let used: TileSet = hands.iter().flatten().chain(&boneyard).copied().collect();
    boneyard.extend(r.tiles().minus(used).iter());
    DealSpec {
        hands,
        boneyard,
        poser: None,
    }
}

/// A club fives first-hand deal: the turn-over went to `poser`.
pub fn club_deal(r: &Rules, hands: &[&str], top: &str, poser: u8) -> DealSpec {
    DealSpec {
        poser: Some(poser),
        ..deal(r, hands, top)
    }
}

pub fn start(r: Rules, d: &DealSpec) -> Match {
    Match::new(r, None, Some(d)).unwrap()
}

/// An action in the short notation; `poser:2` (no space, for scripts) is
/// `poser 2`.
pub fn action(what: &str) -> Action {
    let what = what.replacen("poser:", "poser ", 1);
    what.parse::<Short>().unwrap().0
}

/// Play a script; every step must be legal and by the named seat.
pub fn run(m: &mut Match, script: &str) -> Vec<Event> {
    let mut events = Vec::new();
    for step in script.split_whitespace() {
        let (seat, what) = step.split_once(':').unwrap();
        let (what, times) = match what.split_once('*') {
            Some((w, n)) => (w, n.parse().unwrap()),
            None => (what, 1),
        };
        for _ in 0..times {
            if let Err(e) = m.act_as(seat.parse().unwrap(), action(what), &mut events) {
                panic!("step {step} of `{script}` refused: {e}");
            }
        }
    }
    events
}

/// Try an action that must be refused; the state must not change.
pub fn refused(m: &mut Match, seat: u8, what: &str) -> MatchError {
    let before = m.state_json(Viewer::All);
    let mut events = Vec::new();
    let err = m.act_as(seat, action(what), &mut events).unwrap_err();
    assert_eq!(
        m.state_json(Viewer::All),
        before,
        "{what} changed the state"
    );
    assert!(events.is_empty());
    err
}

pub fn illegal(e: MatchError) -> IllegalAction {
    match e {
        MatchError::Illegal(i) => i,
        other => panic!("expected an illegal action, got {other:?}"),
    }
}

pub fn next(m: &mut Match, d: &DealSpec) {
    m.next_hand(Some(d)).unwrap();
}

pub fn legal(m: &Match) -> Vec<Action> {
    let mut ml = MoveList::new();
    m.legal(&mut ml);
    ml.as_slice().to_vec()
}

pub fn poses(s: &str) -> Vec<Action> {
    tiles(s).into_iter().map(Action::pose).collect()
}

pub fn plays(s: &str) -> Vec<Action> {
    s.split_whitespace().map(action).collect()
}

/// The number showing on each open end, by chain id.
pub fn ends(m: &Match) -> Vec<u8> {
    m.hand().layout().chains().iter().map(|c| c.pips).collect()
}

pub fn total(m: &Match) -> u32 {
    m.hand().layout().ends_total()
}

pub fn notes(m: &Match) -> Vec<&'static str> {
    m.result().unwrap().notes.iter().map(|n| n.name()).collect()
}

pub fn winner_side(m: &Match) -> Option<usize> {
    m.result().unwrap().winner.map(|s| s.side)
}

pub fn points(m: &Match) -> Vec<i32> {
    m.result().unwrap().points.to_vec()
}

pub fn counts(m: &Match) -> Vec<u32> {
    m.result().unwrap().counts.to_vec()
}

pub fn deal_json(v: Value) -> DealSpec {
    serde_json::from_value(v).unwrap()
}

pub fn hand_of(m: &Match, seat: u8) -> TileSet {
    m.hand().hand(seat)
}

pub fn place_error(e: IllegalAction) -> PlaceError {
    match e {
        IllegalAction::Place { source, .. } => source,
        other => panic!("expected a placing error, got {other:?}"),
    }
}

pub fn refusal(m: &mut Match, seat: u8, what: &str) -> IllegalAction {
    illegal(refused(m, seat, what))
}

/// Play random legal actions until the hand is over.
pub fn finish_hand(m: &mut Match, rng: &mut ChaCha8Rng) {
    let mut moves = MoveList::new();
    while m.phase() == Phase::Play {
        m.legal(&mut moves);
        let a = moves[rng.random_range(0..moves.len())];
        m.act(a, &mut ()).unwrap();
    }
}
