#![allow(clippy::unwrap_used)]
//! Property tests of the rules engine over whole random matches.
//!
//! Every preset at every allowed player count (and a few notable options) is
//! played from random seeds, hand after hand, by choosing uniformly random
//! legal actions. At every step the tests check that:
//!
//! 1. tiles are conserved: hands, board and boneyard partition the rules' set;
//! 2. no view leaks a hidden tile: a seat's state JSON names no tile of another
//!    seat's hand (while the hand is played) nor of the boneyard, its `drew`
//!    names a tile for each of its own draws, and a spectator's names no
//!    hidden tile (nor any seat's draws) at all; where claims are by hand, the
//!    view a person at a seat is shown hints at no points to claim;
//! 3. every listed action is accepted by `act` (and agrees with
//!    `apply_unchecked` and `Hand::check`), and a broad sample of unlisted
//!    actions is refused without changing anything;
//! 4. every hand ends within a bound, and the match ends or reaches a cap;
//! 5. the record, round-tripped through JSON text, replays to the same state;
//! 6. in the points games a hand's `result.points` (premiums, penalties and the
//!    club skunk included) is exactly the change in the match scores, and the
//!    match ends when and as the rules say.
//!
//! Failures name the seed, preset, players and options. `PROPTEST_CASES`
//! overrides the number of seeds per configuration.
//!
//! `record_fuzz` feeds the record loader mutated records of such matches.

use domino_engine::later_redeals;
use domino_engine::record::{self, Record};
use domino_engine::rules::Claims;
use domino_engine::{
    Action, Event, Match, MoveList, Phase, Preset, RulesSpec, Tile, TileSet, Viewer,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// Seeds per configuration unless `PROPTEST_CASES` says otherwise.
const CASES: u32 = 16;
/// Hands played at most per match.
const HAND_CAP: u32 = 60;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(CASES);
    ProptestConfig {
        // A smaller seed is an unrelated match: shrinking it explains nothing.
        max_shrink_iters: 0,
        ..ProptestConfig::with_cases(cases)
    }
}

type Check = Result<(), TestCaseError>;

macro_rules! ensure {
    ($cond:expr, $who:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err(TestCaseError::fail(format!("{}: {}", $who, format!($($fmt)+))));
        }
    };
}

/// The configuration and position, for failure messages.
fn at(who: &str, m: &Match) -> String {
    format!(
        "{who}, hand {}, action {} of the hand",
        m.hand_number(),
        m.history().len()
    )
}

/// Every tile (of the largest set) that a JSON text names as a quoted string.
fn named_tiles(text: &str) -> TileSet {
    let mut set = TileSet::EMPTY;
    for (i, s) in text.split('"').enumerate() {
        if i % 2 == 1 && s.len() <= 5 && s.contains('-') {
            if let Ok(t) = s.parse::<Tile>() {
                if t.to_string() == s {
                    set.insert(t);
                }
            }
        }
    }
    set
}

/// Property 1: hands, board and boneyard are a partition of the set.
fn check_tiles(m: &Match, who: &str) -> Check {
    let rules = m.rules();
    let hand = m.hand();
    let mut union = TileSet::EMPTY;
    let mut total = 0;
    let mut add = |what: String, s: TileSet| -> Check {
        ensure!(
            (union & s).is_empty(),
            at(who, m),
            "{what} holds {:?}, already elsewhere",
            union & s
        );
        union |= s;
        total += s.len();
        Ok(())
    };
    for seat in 0..rules.players() {
        add(format!("seat {seat}"), hand.hand(seat))?;
    }
    for seat in rules.players()..8 {
        ensure!(
            hand.hand(seat).is_empty(),
            at(who, m),
            "empty seat {seat} holds tiles"
        );
    }
    add("the board".into(), hand.layout().board())?;
    for &t in hand.boneyard() {
        add("the boneyard".into(), t.bit())?;
    }
    ensure!(
        union == rules.tiles() && total == rules.tiles().len(),
        at(who, m),
        "tiles not conserved: have {union:?} ({total}), the set is {:?}",
        rules.tiles()
    );
    Ok(())
}

/// Property 2: no view names a tile its viewer may not see.
fn check_views(m: &Match, who: &str) -> Check {
    let n = m.rules().players();
    let hand = m.hand();
    let in_play = matches!(m.phase(), Phase::Play | Phase::ChoosePoser);
    let boneyard: TileSet = hand.boneyard().iter().copied().collect();
    let mut all_hands = TileSet::EMPTY;
    for s in 0..n {
        all_hands |= hand.hand(s);
    }
    for s in 0..n {
        let view = m.state_json(Viewer::Seat(s));
        let text = serde_json::to_string(&view).unwrap();
        let named = named_tiles(&text);
        let mut hidden = boneyard;
        if in_play {
            hidden |= all_hands.minus(hand.hand(s));
        }
        let leak = named & hidden;
        ensure!(
            leak.is_empty(),
            at(who, m),
            "seat {s}'s view names hidden tiles {leak:?}: {text}"
        );
        ensure!(
            named & hand.hand(s) == hand.hand(s),
            at(who, m),
            "seat {s}'s view does not show its own tiles {:?}",
            hand.hand(s)
        );
        // Its own draws, one tile for each of its `draw` entries, each
        // still in its hand or laid since.
        let draws = m
            .history()
            .iter()
            .filter(|e| e.seat == s && e.action == Action::Draw)
            .count();
        let drew: Vec<Tile> = view["drew"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|t| t.as_str().unwrap().parse().unwrap())
                    .collect()
            })
            .unwrap_or_default();
        let drew_set: TileSet = drew.iter().copied().collect();
        ensure!(
            drew.len() == draws
                && drew_set.len() as usize == draws
                && drew_set
                    .minus(hand.hand(s) | hand.layout().board())
                    .is_empty(),
            at(who, m),
            "seat {s} drew {draws} times, its view says it drew {drew:?}: {text}"
        );
        if m.rules().claims() != Claims::Auto {
            let shown = m.player_view(s).to_json();
            ensure!(
                shown.get("muggins").is_none() && !shown["legal"].to_string().contains("claim"),
                at(who, m),
                "seat {s}'s player view hints at points to claim: {shown}"
            );
        }
    }
    let text = serde_json::to_string(&m.state_json(Viewer::Spectator)).unwrap();
    ensure!(
        !text.contains("\"drew\""),
        at(who, m),
        "the spectator view tells a seat's draws: {text}"
    );
    let mut hidden = boneyard;
    if in_play {
        hidden |= all_hands;
    }
    let leak = named_tiles(&text) & hidden;
    ensure!(
        leak.is_empty(),
        at(who, m),
        "the spectator view names hidden tiles {leak:?}: {text}"
    );
    Ok(())
}

fn all_tiles() -> impl Iterator<Item = Tile> {
    TileSet::full(12).iter()
}

/// Property 3: listed actions are accepted, unlisted ones refused.
///
/// `fast` is the same match without its record, which is cheaper to clone
/// for trying the accepted actions; refusals are tried on a clone of `m`,
/// record and all, whose full state JSON must not change.
fn check_actions(m: &Match, fast: &Match, moves: &MoveList, who: &str) -> Check {
    let who = &at(who, m);
    let n = m.rules().players();
    ensure!(
        !moves.is_empty(),
        who,
        "nothing is legal in {:?}",
        m.phase()
    );
    for (i, a) in moves.iter().enumerate() {
        ensure!(
            !moves.as_slice()[..i].contains(a),
            who,
            "{a:?} is listed twice"
        );
    }
    let before = m.state_json(Viewer::All);
    let everything = named_tiles(&before.to_string());
    let mut dealt = m.hand().layout().board();
    for s in 0..n {
        dealt |= m.hand().hand(s);
    }
    for &t in m.hand().boneyard() {
        dealt.insert(t);
    }
    ensure!(
        everything & dealt == dealt,
        who,
        "the full view misses tiles {:?}",
        dealt.minus(everything)
    );

    // Every listed action is accepted.
    let mut ev: Vec<Event> = Vec::new();
    for &a in moves {
        if m.phase() == Phase::Play {
            ensure!(
                m.hand().check(a) == Ok(a),
                who,
                "Hand::check refuses or changes listed {a:?}: {:?}",
                m.hand().check(a)
            );
        }
        let mut c = fast.clone();
        ev.clear();
        let r = c.act(a, &mut ev);
        ensure!(r.is_ok(), who, "listed {a:?} is refused: {:?}", r);
        ensure!(!ev.is_empty(), who, "listed {a:?} produced no event");
    }

    // Unlisted actions, all of which must be refused.
    let seat = m.to_act().unwrap();
    let held = m.hand().hand(seat);
    let layout = m.hand().layout();
    let chains = if layout.posed().is_some() {
        layout.chains().len() as u8
    } else {
        0
    };
    let mut refuse: Vec<Action> = Vec::new();
    let mut omitted: Vec<Action> = Vec::new();
    let consider = |a: Action, refuse: &mut Vec<Action>| {
        if !moves.contains(&a) {
            refuse.push(a);
        }
    };
    for t in held.iter() {
        for claim in [false, true] {
            for e in 0..chains + 2 {
                consider(
                    Action::Play {
                        tile: t,
                        end: Some(e),
                        claim,
                    },
                    &mut refuse,
                );
            }
            let a = Action::Play {
                tile: t,
                end: None,
                claim,
            };
            if m.phase() == Phase::Play && layout.posed().is_some() {
                omitted.push(a);
            } else {
                consider(a, &mut refuse);
            }
        }
    }
    for t in all_tiles().filter(|&t| !held.contains(t)) {
        let fitting = (0..chains).find(|&e| t.has(layout.chains()[e as usize].pips));
        let mut ends = vec![None, Some(0), Some(chains)];
        ends.extend(fitting.map(Some));
        for end in ends {
            for claim in [false, true] {
                refuse.push(Action::Play {
                    tile: t,
                    end,
                    claim,
                });
            }
        }
    }
    for a in [Action::Draw, Action::Pass, Action::Muggins] {
        consider(a, &mut refuse);
    }
    for s in 0..=n {
        consider(Action::ChoosePoser { seat: s }, &mut refuse);
    }
    consider(Action::ChoosePoser { seat: u8::MAX }, &mut refuse);

    // A play without its end is accepted exactly when the tile fits one end.
    for a in omitted {
        let Action::Play { tile, claim, .. } = a else {
            unreachable!()
        };
        let plays = |want_claim: bool| {
            moves
                .iter()
                .filter(|m| {
                    matches!(m, Action::Play { tile: t, claim: c, .. } if *t == tile && *c == want_claim)
                })
                .copied()
                .collect::<Vec<_>>()
        };
        let fits = plays(false);
        let exact = plays(claim);
        if fits.len() == 1 && exact.len() == 1 {
            let mut c = fast.clone();
            let r = c.act(a, &mut ());
            ensure!(
                r.is_ok(),
                who,
                "{a:?} fits only {:?} but is refused: {r:?}",
                exact[0]
            );
            let mut d = fast.clone();
            d.act(exact[0], &mut ()).unwrap();
            ensure!(
                fingerprint(&c) == fingerprint(&d),
                who,
                "{a:?} and {:?} lead to different states",
                exact[0]
            );
        } else {
            refuse.push(a);
        }
    }

    let mut c = m.clone();
    for &a in &refuse {
        ev.clear();
        let r = c.act(a, &mut ev);
        ensure!(
            r.is_err(),
            who,
            "unlisted {a:?} is accepted (legal: {moves:?})"
        );
        ensure!(ev.is_empty(), who, "refused {a:?} produced events {ev:?}");
    }
    // Acting out of turn is refused too.
    for s in (0..n).filter(|&s| s != seat) {
        let r = c.act_as(s, moves[0], &mut ev);
        ensure!(
            r.is_err(),
            who,
            "seat {s} may act for seat {seat}: {:?}",
            moves[0]
        );
    }
    if c.state_json(Viewer::All) != before {
        // Find the culprit.
        for &a in &refuse {
            let mut d = m.clone();
            let _ = d.act(a, &mut ());
            ensure!(
                d.state_json(Viewer::All) == before,
                who,
                "refused {a:?} changed the state"
            );
        }
        ensure!(false, who, "an out-of-turn action changed the state");
    }
    Ok(())
}

/// Property 5: the record, through JSON text, replays to the same state.
fn check_replay(m: &Match, who: &str) -> Check {
    let who = &at(who, m);
    let rec = m.record();
    let text = serde_json::to_string(&rec).unwrap();
    let back: Record = serde_json::from_str(&text).unwrap();
    ensure!(back == rec, who, "the record changes through JSON text");
    let r = match record::replay(&back) {
        Ok(r) => r,
        Err(e) => return Err(TestCaseError::fail(format!("{who}: replay fails: {e}"))),
    };
    ensure!(
        r.state_json(Viewer::All) == m.state_json(Viewer::All),
        who,
        "the replay differs:\n{}\n{}",
        r.state_json(Viewer::All),
        m.state_json(Viewer::All)
    );
    ensure!(r.record() == rec, who, "the replay's record differs");
    ensure!(r.phase() == m.phase(), who, "the replay's phase differs");
    // The deals alone, without the seed, replay the same hands.
    let mut unseeded = back.clone();
    unseeded.seed = None;
    let r = match record::replay(&unseeded) {
        Ok(r) => r,
        Err(e) => {
            return Err(TestCaseError::fail(format!(
                "{who}: unseeded replay fails: {e}"
            )))
        }
    };
    let mut want = m.state_json(Viewer::All);
    want.as_object_mut().unwrap().remove("seed");
    ensure!(
        r.state_json(Viewer::All) == want,
        who,
        "the unseeded replay differs"
    );
    Ok(())
}

/// Property 6 and the match's end: scores follow the hand results.
fn check_hand_over(m: &Match, start: &[i32], who: &str) -> Check {
    let who = &at(who, m);
    let rules = m.rules();
    let Some(result) = m.result() else {
        return Err(TestCaseError::fail(format!(
            "{who}: a finished hand has no result"
        )));
    };
    let over = m.phase() == Phase::MatchOver;
    let winner = m.winner().and_then(domino_engine::Winner::side);
    ensure!(
        over == m.winner().is_some(),
        who,
        "phase {:?} with match winner {:?}",
        m.phase(),
        m.winner()
    );
    let reason = serde_json::to_value(result).unwrap()["reason"].clone();
    let scores = m.scores();
    if !rules.is_six_love() {
        // The points include every premium and penalty (PROTOCOL.md), and
        // the all-fives target ends the hand mid-play with the points made so
        // far; the club skunk moves the match score only.
        let skunk = m.skunk();
        for side in 0..rules.sides() {
            let extra = match (skunk, winner) {
                (Some(k), Some(w)) if w == side => k.points,
                _ => 0,
            };
            ensure!(
                scores[side] - start[side] == result.points[side] + extra,
                who,
                "side {side}'s score went {} -> {} but the hand's points are {:?} {:?}",
                start[side],
                scores[side],
                result.points,
                result.notes
            );
        }
        if result.notes.contains(domino_engine::Note::Skunk) {
            ensure!(
                rules.preset() == Preset::ClubFives
                    && winner.is_some_and(|w| scores[1 - w] < 31)
                    && skunk.is_some_and(|k| Some(1 - k.side) == winner),
                who,
                "skunk with scores {scores:?} and points {:?}",
                result.points
            );
        }
        if reason == "target" {
            ensure!(
                matches!(rules.preset(), Preset::AllFives | Preset::FivesAndThrees) && over,
                who,
                "a hand ended on the target in {}",
                rules.preset().name()
            );
        }
        if let Some(w) = winner {
            let low = rules.preset() == Preset::French;
            ensure!(
                scores.iter().any(|&s| s >= rules.target()),
                who,
                "the match ended below the target: {scores:?}"
            );
            if reason == "target" {
                ensure!(scores[w] >= rules.target(), who, "{scores:?}");
            } else {
                let better = |a: i32, b: i32| if low { a < b } else { a > b };
                ensure!(
                    (0..rules.sides()).all(|s| s == w || better(scores[w], scores[s])),
                    who,
                    "side {w} won the match with {scores:?}"
                );
            }
        } else if reason != "target" {
            ensure!(!over, who, "the match ended in a draw with {scores:?}");
        }
    } else if let Some(w) = winner {
        ensure!(
            scores[w] >= rules.love_goal() && (0..rules.sides()).any(|s| s != w && scores[s] == 0),
            who,
            "side {w} won the match with {scores:?}"
        );
    }
    Ok(())
}

/// Play one whole match from `seed`, checking every property at every step.
fn run(spec: Value, seed: u64) -> Check {
    let spec: RulesSpec = serde_json::from_value(spec).unwrap();
    let rules = spec.resolve().unwrap();
    let who = format!(
        "seed {seed}, preset {}, players {}, options {}",
        rules.preset().name(),
        rules.players(),
        Value::Object(spec.options.clone())
    );
    let mut m = match Match::new(rules, Some(seed), None) {
        Ok(m) => m,
        Err(e) => return Err(TestCaseError::fail(format!("{who}: new: {e}"))),
    };
    // The same match without a record, played in step: cheap to clone.
    let mut fast = m.clone().without_record();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_cafe);
    let set = rules.tiles().len() as usize;
    let n = rules.players() as usize;
    // Plays, draws and muggins are at most one per tile each, and only n - 1
    // passes can follow a play before the next play (a block ends the hand).
    let bound = 3 * set + (n - 1) * (set + 1) + 1;
    let replay_at: usize = rng.random_range(1..400);
    let mut steps = 0usize;
    let mut hand_steps = 0usize;
    let mut start = m.scores().to_vec();
    let mut moves = MoveList::new();
    let mut ev: Vec<Event> = Vec::new();
    loop {
        check_tiles(&m, &who)?;
        check_views(&m, &who)?;
        m.legal(&mut moves);
        match m.phase() {
            Phase::Play | Phase::ChoosePoser => {
                ensure!(
                    m.result().is_none() && m.winner().is_none(),
                    at(&who, &m),
                    "a hand in play has a result"
                );
                check_actions(&m, &fast, &moves, &who)?;
                let a = moves[rng.random_range(0..moves.len())];
                let mut shortcut = fast.clone();
                shortcut.apply_unchecked(a, &mut ());
                ev.clear();
                if let Err(e) = m.act(a, &mut ev) {
                    return Err(TestCaseError::fail(format!("{}: {a:?}: {e}", at(&who, &m))));
                }
                fast.act(a, &mut ()).unwrap();
                ensure!(
                    fingerprint(&shortcut) == fingerprint(&fast),
                    at(&who, &m),
                    "apply_unchecked({a:?}) differs from act"
                );
                ensure!(
                    fingerprint(&fast) == fingerprint(&m),
                    at(&who, &m),
                    "the match without a record plays differently"
                );
                steps += 1;
                hand_steps += 1;
                ensure!(
                    hand_steps <= bound,
                    at(&who, &m),
                    "the hand is still going after {hand_steps} actions"
                );
                if steps == replay_at {
                    check_replay(&m, &who)?;
                }
            }
            Phase::HandOver | Phase::MatchOver => {
                ensure!(
                    moves.is_empty(),
                    at(&who, &m),
                    "legal after the hand: {moves:?}"
                );
                for a in [Action::Pass, Action::Draw, moves_or_pose(&m)] {
                    let mut c = fast.clone();
                    ensure!(
                        c.act(a, &mut ()).is_err(),
                        at(&who, &m),
                        "{a:?} accepted after the hand"
                    );
                }
                check_hand_over(&m, &start, &who)?;
                if m.phase() == Phase::MatchOver {
                    ensure!(
                        m.clone().next_hand(None).is_err(),
                        at(&who, &m),
                        "a finished match deals again"
                    );
                    break;
                }
                if m.hand_number() >= HAND_CAP {
                    break;
                }
                let redeal = m.next_pose_rule().redeal();
                ensure!(
                    later_redeals(&rules).contains(&redeal),
                    at(&who, &m),
                    "the next hand deals under {redeal}, which the game's facts leave out"
                );
                if let Err(e) = m.next_hand(None) {
                    return Err(TestCaseError::fail(format!("{}: next: {e}", at(&who, &m))));
                }
                fast.next_hand(None).unwrap();
                ensure!(
                    m.hand_number() as usize == m.record().hands.len(),
                    at(&who, &m),
                    "the record has {} hands",
                    m.record().hands.len()
                );
                start = m.scores().to_vec();
                hand_steps = 0;
            }
        }
    }
    check_replay(&m, &who)
}

/// Everything that decides the rest of a match, cheaper than the state JSON
/// (the history is left out: a match without a record has none).
fn fingerprint(m: &Match) -> impl PartialEq + std::fmt::Debug {
    let h = m.hand();
    (
        (m.phase(), m.to_act(), m.hand_number(), m.scores().to_vec()),
        (0..8).map(|s| h.hand(s)).collect::<Vec<_>>(),
        (*h.layout(), h.boneyard().to_vec(), h.ending()),
        (
            h.points().to_vec(),
            h.penalties().to_vec(),
            h.muggins_available(),
        ),
        (m.result().cloned(), m.winner(), m.stake(), m.in_playoff()),
        (legal_of(m), m.hand().board_passes()),
    )
}

fn legal_of(m: &Match) -> Vec<Action> {
    let mut moves = MoveList::new();
    m.legal(&mut moves);
    moves.as_slice().to_vec()
}

/// A pose of some tile the last hand ended with, to try after the hand.
fn moves_or_pose(m: &Match) -> Action {
    let t = (0..m.rules().players())
        .find_map(|s| m.hand().hand(s).first())
        .unwrap_or(Tile::double(0));
    Action::pose(t)
}

macro_rules! configurations {
    ($($name:ident => $spec:tt;)*) => {
        proptest! {
            #![proptest_config(config())]
            $(
                #[test]
                fn $name(seed in any::<u64>()) {
                    run(json!($spec), seed)?;
                }
            )*
        }
    };
}

configurations! {
    jamaican_4 => {"preset": "jamaican", "players": 4};
    cutthroat_2 => {"preset": "cutthroat", "players": 2};
    cutthroat_2_boneyard => {"preset": "cutthroat", "players": 2, "options": {"boneyard": true}};
    cutthroat_3 => {"preset": "cutthroat", "players": 3};
    cutthroat_4 => {"preset": "cutthroat", "players": 4};
    chiva_2 => {"preset": "chiva", "players": 2};
    chiva_3 => {"preset": "chiva", "players": 3};
    chiva_4 => {"preset": "chiva", "players": 4};
    puerto_rican_2 => {"preset": "puerto-rican", "players": 2};
    puerto_rican_3 => {"preset": "puerto-rican", "players": 3};
    puerto_rican_4 => {"preset": "puerto-rican", "players": 4};
    block_2 => {"preset": "block", "players": 2};
    block_3 => {"preset": "block", "players": 3};
    block_4 => {"preset": "block", "players": 4};
    block_5 => {"preset": "block", "players": 5};
    block_4_set_9 => {"preset": "block", "players": 4, "options": {"set": 9}};
    block_4_set_12 => {"preset": "block", "players": 4, "options": {"set": 12}};
    block_4_both_partners_out => {"preset": "block", "players": 4, "options": {"both_partners_out": true}};
    block_4_scoring_hand => {"preset": "block", "players": 4, "options": {"scoring": "hand"}};
    block_3_scoring_hand => {"preset": "block", "players": 3, "options": {"scoring": "hand"}};
    draw_2 => {"preset": "draw", "players": 2};
    draw_3 => {"preset": "draw", "players": 3};
    draw_4 => {"preset": "draw", "players": 4};
    draw_5 => {"preset": "draw", "players": 5};
    draw_4_partners => {"preset": "draw", "players": 4, "options": {"partners": true}};
    cross_2 => {"preset": "cross", "players": 2};
    cross_3 => {"preset": "cross", "players": 3};
    cross_4 => {"preset": "cross", "players": 4};
    cross_5 => {"preset": "cross", "players": 5};
    double_nine_cross_2 => {"preset": "double-nine-cross", "players": 2};
    double_nine_cross_3 => {"preset": "double-nine-cross", "players": 3};
    double_nine_cross_4 => {"preset": "double-nine-cross", "players": 4};
    double_nine_cross_5 => {"preset": "double-nine-cross", "players": 5};
    double_nine_cross_6 => {"preset": "double-nine-cross", "players": 6};
    double_nine_cross_7 => {"preset": "double-nine-cross", "players": 7};
    double_nine_cross_8 => {"preset": "double-nine-cross", "players": 8};
    double_nine_cross_4_set_12 => {"preset": "double-nine-cross", "players": 4, "options": {"set": 12}};
    french_4 => {"preset": "french", "players": 4};
    french_4_double_blank_ten => {"preset": "french", "players": 4, "options": {"double_blank_ten": true}};
    all_fives_2 => {"preset": "all-fives", "players": 2};
    all_fives_3 => {"preset": "all-fives", "players": 3};
    all_fives_4 => {"preset": "all-fives", "players": 4};
    all_fives_2_muggins => {"preset": "all-fives", "players": 2, "options": {"claims": "muggins"}};
    all_fives_4_muggins => {"preset": "all-fives", "players": 4, "options": {"claims": "muggins"}};
    fives_and_threes_2 => {"preset": "fives-and-threes", "players": 2};
    fives_and_threes_3 => {"preset": "fives-and-threes", "players": 3};
    fives_and_threes_4 => {"preset": "fives-and-threes", "players": 4};
    fives_and_threes_3_muggins => {"preset": "fives-and-threes", "players": 3, "options": {"claims": "muggins"}};
    club_fives_2 => {"preset": "club-fives", "players": 2};
    club_fives_2_strict => {"preset": "club-fives", "players": 2, "options": {"claims": "strict"}};
    club_fives_2_skunk => {"preset": "club-fives", "players": 2, "options": {"skunk": 25}};
}

/// Every preset and every allowed player count is among the configurations.
#[test]
fn every_preset_and_player_count_is_covered() {
    let src = include_str!("properties.rs");
    for p in Preset::ALL {
        let (lo, hi) = p.player_range();
        for n in lo..=hi {
            let needle = format!("{{\"preset\": \"{}\", \"players\": {n}", p.name());
            assert!(
                src.contains(&needle),
                "{} with {n} players is not tested",
                p.name()
            );
        }
    }
}

/// Replays one failing case: `PROP_RULES='{"preset": "draw", "players": 3}'
/// PROP_SEED=42 cargo test -p domino-engine --test engine one_seed -- --ignored`.
#[test]
#[ignore = "reproduces one case named by PROP_RULES and PROP_SEED"]
fn one_seed() {
    let rules = std::env::var("PROP_RULES").expect("set PROP_RULES to a rules JSON object");
    let seed = std::env::var("PROP_SEED").expect("set PROP_SEED to the failing seed");
    let spec: Value = serde_json::from_str(&rules).unwrap();
    if let Err(e) = run(spec, seed.parse().unwrap()) {
        panic!("{e}");
    }
}

/// Fuzzing the record loader: records of random matches, mutated in their
/// JSON (numbers, tiles, seats, seeds, rules, dropped or repeated actions
/// and hands) and in their text, are either refused or replay to a
/// consistent match that survives its own record.
mod record_fuzz {
    use super::*;
    use proptest::sample::Index;

    /// Cases unless `PROPTEST_CASES` says otherwise: each plays and
    /// replays a short match, about a second in all.
    const FUZZ_CASES: u32 = 2048;

    fn fuzz_config() -> ProptestConfig {
        let cases = std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(FUZZ_CASES);
        ProptestConfig::with_cases(cases)
    }

    /// The matches records are made from: every preset, some options
    /// (players first, so that `every_preset_and_player_count_is_covered`
    /// does not count these as configurations).
    const SPECS: &[&str] = &[
        r#"{"players": 4, "preset": "jamaican"}"#,
        r#"{"players": 2, "preset": "cutthroat", "options": {"boneyard": true}}"#,
        r#"{"players": 4, "preset": "chiva"}"#,
        r#"{"players": 4, "preset": "puerto-rican"}"#,
        r#"{"players": 5, "preset": "block"}"#,
        r#"{"players": 4, "preset": "block", "options": {"set": 12}}"#,
        r#"{"players": 3, "preset": "draw"}"#,
        r#"{"players": 4, "preset": "cross"}"#,
        r#"{"players": 6, "preset": "double-nine-cross"}"#,
        r#"{"players": 4, "preset": "french"}"#,
        r#"{"players": 2, "preset": "all-fives", "options": {"claims": "muggins"}}"#,
        r#"{"players": 3, "preset": "fives-and-threes"}"#,
        r#"{"players": 2, "preset": "club-fives"}"#,
    ];

    /// The error codes a refused record may carry.
    const CODES: &[&str] = &[
        "bad_record",
        "bad_deal",
        "illegal_action",
        "unknown_preset",
        "bad_option",
    ];

    #[derive(Debug, Clone)]
    enum Mutation {
        Number(Index, Value),
        Tile(Index, String),
        Seat(Index, u64),
        ActionType(Index, &'static str),
        DropAction(Index, Index),
        DuplicateAction(Index, Index),
        SwapActions(Index, Index, Index),
        MoveAction(Index, Index, Index),
        DropHand(Index),
        DuplicateHand(Index),
        /// Keep hands up to one and that hand's actions up to one: a
        /// shorter record of the same match.
        Prefix(Index, Index),
        SwapTiles(Index, Index),
        Seed(Option<Value>),
        Rules(&'static str, Value),
        Format(String),
        Poser(Index, Value),
    }

    /// An edit of the record's text, after the mutations.
    #[derive(Debug, Clone)]
    enum Edit {
        Flip(Index, u8),
        Delete(Index, usize),
        Insert(Index, u8),
        Truncate(Index),
    }

    fn number() -> impl Strategy<Value = Value> {
        prop_oneof![
            8 => (0u64..16).prop_map(Value::from),
            1 => prop::sample::select(vec![255u64, 256, 65_536, u64::MAX]).prop_map(Value::from),
            1 => prop::sample::select(vec![
                json!(-1),
                json!(i64::MIN),
                json!(1.5),
                json!(1e30),
                json!("7"),
                Value::Null,
            ]),
        ]
    }

    fn tile_name() -> impl Strategy<Value = String> {
        prop_oneof![
            8 => (0u8..14, 0u8..14).prop_map(|(a, b)| format!("{a}-{b}")),
            1 => prop::sample::select(vec!["", "6", "6-", "-6", "6-x", " 6 - 4 ", "6-4-2", "255-0"])
                .prop_map(String::from),
        ]
    }

    fn mutation() -> impl Strategy<Value = Mutation> {
        let i = any::<Index>;
        prop_oneof![
            3 => (i(), number()).prop_map(|(a, n)| Mutation::Number(a, n)),
            3 => (i(), tile_name()).prop_map(|(a, t)| Mutation::Tile(a, t)),
            2 => (i(), 0u64..10).prop_map(|(a, s)| Mutation::Seat(a, s)),
            1 => (i(), prop::sample::select(vec!["play", "pass", "draw", "muggins", "choose_poser", "fly"]))
                .prop_map(|(a, t)| Mutation::ActionType(a, t)),
            2 => (i(), i()).prop_map(|(h, a)| Mutation::DropAction(h, a)),
            2 => (i(), i()).prop_map(|(h, a)| Mutation::DuplicateAction(h, a)),
            2 => (i(), i(), i()).prop_map(|(h, a, b)| Mutation::SwapActions(h, a, b)),
            1 => (i(), i(), i()).prop_map(|(h, a, g)| Mutation::MoveAction(h, a, g)),
            1 => i().prop_map(Mutation::DropHand),
            1 => i().prop_map(Mutation::DuplicateHand),
            2 => (i(), i()).prop_map(|(h, a)| Mutation::Prefix(h, a)),
            2 => (i(), i()).prop_map(|(a, b)| Mutation::SwapTiles(a, b)),
            1 => prop::option::of(prop_oneof![any::<u64>().prop_map(Value::from), number()])
                .prop_map(Mutation::Seed),
            1 => prop_oneof![
                prop::sample::select(Preset::ALL.iter().map(|p| p.name()).collect::<Vec<_>>())
                    .prop_map(|p| Mutation::Rules("preset", p.into())),
                (0u64..10).prop_map(|n| Mutation::Rules("players", n.into())),
                prop::sample::select(vec![
                    json!({}),
                    json!({"set": 9}),
                    json!({"set": 12}),
                    json!({"set": 7}),
                    json!({"claims": "muggins"}),
                    json!({"boneyard": true}),
                    json!({"hand_size": 3}),
                    json!({"key_tile": 3}),
                ])
                .prop_map(|o| Mutation::Rules("options", o)),
            ],
            1 => prop::sample::select(vec!["", "domino-record/2", "DOMINO-RECORD/1"])
                .prop_map(|f| Mutation::Format(f.into())),
            1 => (i(), number()).prop_map(|(h, p)| Mutation::Poser(h, p)),
        ]
    }

    fn edit() -> impl Strategy<Value = Edit> {
        prop_oneof![
            (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Edit::Flip(i, b)),
            (any::<Index>(), 1usize..6).prop_map(|(i, n)| Edit::Delete(i, n)),
            (
                any::<Index>(),
                prop::sample::select(b"{}[]\",:0123456789-".to_vec())
            )
                .prop_map(|(i, b)| Edit::Insert(i, b)),
            any::<Index>().prop_map(Edit::Truncate),
        ]
    }

    /// Every leaf (not array, not object) with the name of the field it is
    /// in; array items take their array's name.
    fn leaves<'a>(v: &'a mut Value, key: &str, out: &mut Vec<(String, &'a mut Value)>) {
        match v {
            Value::Array(a) => {
                for x in a {
                    leaves(x, key, out);
                }
            }
            Value::Object(o) => {
                for (k, x) in o.iter_mut() {
                    leaves(x, k, out);
                }
            }
            leaf => out.push((key.to_string(), leaf)),
        }
    }

    /// The `i`th leaf that `pick` accepts, if any.
    fn leaf<'a>(
        v: &'a mut Value,
        i: &Index,
        pick: impl Fn(&str, &Value) -> bool,
    ) -> Option<&'a mut Value> {
        let mut all = Vec::new();
        leaves(v, "", &mut all);
        let mut found: Vec<&mut Value> = all
            .into_iter()
            .filter(|(k, x)| pick(k, x))
            .map(|(_, x)| x)
            .collect();
        if found.is_empty() {
            return None;
        }
        let k = i.index(found.len());
        Some(found.swap_remove(k))
    }

    fn hands(v: &mut Value) -> Option<&mut Vec<Value>> {
        v.get_mut("hands")?.as_array_mut()
    }

    /// The actions of hand `h`, if the record still has any hands.
    fn actions<'a>(v: &'a mut Value, h: &Index) -> Option<&'a mut Vec<Value>> {
        let hs = hands(v)?;
        if hs.is_empty() {
            return None;
        }
        let k = h.index(hs.len());
        hs[k].get_mut("actions")?.as_array_mut()
    }

    fn is_tile(k: &str, x: &Value) -> bool {
        matches!(k, "hands" | "boneyard" | "tile") && x.is_string()
    }

    fn mutate(v: &mut Value, m: &Mutation) {
        match m {
            Mutation::Number(i, n) => {
                if let Some(x) = leaf(v, i, |_, x| x.is_number()) {
                    *x = n.clone();
                }
            }
            Mutation::Tile(i, t) => {
                if let Some(x) = leaf(v, i, is_tile) {
                    *x = t.as_str().into();
                }
            }
            Mutation::Seat(i, s) => {
                if let Some(x) = leaf(v, i, |k, _| k == "seat") {
                    *x = (*s).into();
                }
            }
            Mutation::ActionType(i, t) => {
                if let Some(x) = leaf(v, i, |k, _| k == "type") {
                    *x = (*t).into();
                }
            }
            Mutation::DropAction(h, a) => {
                if let Some(acts) = actions(v, h).filter(|x| !x.is_empty()) {
                    acts.remove(a.index(acts.len()));
                }
            }
            Mutation::DuplicateAction(h, a) => {
                if let Some(acts) = actions(v, h).filter(|x| !x.is_empty()) {
                    let k = a.index(acts.len());
                    acts.insert(k, acts[k].clone());
                }
            }
            Mutation::SwapActions(h, a, b) => {
                if let Some(acts) = actions(v, h).filter(|x| !x.is_empty()) {
                    let n = acts.len();
                    acts.swap(a.index(n), b.index(n));
                }
            }
            Mutation::MoveAction(h, a, g) => {
                let Some(moved) = actions(v, h)
                    .filter(|x| !x.is_empty())
                    .map(|acts| acts.remove(a.index(acts.len())))
                else {
                    return;
                };
                if let Some(acts) = actions(v, g) {
                    acts.push(moved);
                }
            }
            Mutation::DropHand(h) => {
                if let Some(hs) = hands(v).filter(|x| !x.is_empty()) {
                    hs.remove(h.index(hs.len()));
                }
            }
            Mutation::DuplicateHand(h) => {
                if let Some(hs) = hands(v).filter(|x| !x.is_empty()) {
                    let k = h.index(hs.len());
                    hs.insert(k, hs[k].clone());
                }
            }
            Mutation::Prefix(h, a) => {
                let Some(hs) = hands(v).filter(|x| !x.is_empty()) else {
                    return;
                };
                hs.truncate(h.index(hs.len()) + 1);
                let last = hs.last_mut().and_then(|x| x.get_mut("actions"));
                if let Some(acts) = last.and_then(Value::as_array_mut) {
                    acts.truncate(a.index(acts.len() + 1));
                }
            }
            Mutation::SwapTiles(a, b) => {
                let (Some(x), Some(y)) = (
                    leaf(v, a, is_tile).map(|x| x.clone()),
                    leaf(v, b, is_tile).map(|y| y.clone()),
                ) else {
                    return;
                };
                if let Some(p) = leaf(v, a, is_tile) {
                    *p = y;
                }
                if let Some(q) = leaf(v, b, is_tile) {
                    *q = x;
                }
            }
            Mutation::Seed(None) => {
                if let Some(o) = v.as_object_mut() {
                    o.remove("seed");
                }
            }
            Mutation::Seed(Some(s)) => v["seed"] = s.clone(),
            Mutation::Rules(field, x) => v["rules"][*field] = x.clone(),
            Mutation::Format(f) => v["format"] = f.as_str().into(),
            Mutation::Poser(h, p) => {
                if let Some(hs) = hands(v).filter(|x| !x.is_empty()) {
                    let k = h.index(hs.len());
                    hs[k]["deal"]["poser"] = p.clone();
                }
            }
        }
    }

    fn edit_text(text: &mut Vec<u8>, e: &Edit) {
        // A point between bytes, the end included.
        let at = |i: &Index, len: usize| i.index(len + 1);
        match e {
            Edit::Flip(i, b) => {
                if !text.is_empty() {
                    let k = i.index(text.len());
                    text[k] = *b;
                }
            }
            Edit::Delete(i, n) => {
                let k = at(i, text.len());
                let end = (k + n).min(text.len());
                text.drain(k..end);
            }
            Edit::Insert(i, b) => {
                let k = at(i, text.len());
                text.insert(k, *b);
            }
            Edit::Truncate(i) => {
                let k = at(i, text.len());
                text.truncate(k);
            }
        }
    }

    /// A match from `spec` and `seed`, played by random legal actions for
    /// up to `steps` actions (next hands included).
    fn played(spec: &str, seed: u64, steps: usize) -> Match {
        let spec: RulesSpec = serde_json::from_str(spec).unwrap();
        let mut m = Match::new(spec.resolve().unwrap(), Some(seed), None).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut moves = MoveList::new();
        for _ in 0..steps {
            match m.phase() {
                Phase::MatchOver => break,
                Phase::HandOver => m.next_hand(None).unwrap(),
                Phase::Play | Phase::ChoosePoser => {
                    m.legal(&mut moves);
                    let a = moves[rng.random_range(0..moves.len())];
                    m.act(a, &mut ()).unwrap();
                }
            }
        }
        m
    }

    /// The match's state and what can be done next.
    fn outcome(m: &Match) -> (Value, Vec<Action>) {
        (m.state_json(Viewer::All), legal_of(m))
    }

    /// An accepted record is a consistent match, and so is its own record.
    fn check_accepted(rec: &Record, m: &Match, who: &str) -> Check {
        check_tiles(m, who)?;
        check_views(m, who)?;
        // The same record through its text again: the same match.
        let text = serde_json::to_string(rec).unwrap();
        let back: Record = serde_json::from_str(&text).unwrap();
        ensure!(&back == rec, who, "the record changes through JSON text");
        let again = record::replay(&back)
            .map_err(|e| TestCaseError::fail(format!("{who}: accepted once, then {e}")))?;
        ensure!(
            outcome(&again) == outcome(m),
            who,
            "the same record replays differently"
        );
        // The match's own record, saved and loaded, is the same match and
        // saves the same record.
        let own = m.record();
        let text = serde_json::to_string(&own).unwrap();
        let loaded: Record = serde_json::from_str(&text).unwrap();
        ensure!(
            loaded == own,
            who,
            "the match's record changes through JSON text"
        );
        let r = record::replay(&loaded).map_err(|e| {
            TestCaseError::fail(format!("{who}: the match's own record fails: {e}"))
        })?;
        ensure!(
            outcome(&r) == outcome(m),
            who,
            "the match's own record replays differently:\n{}\n{}",
            r.state_json(Viewer::All),
            m.state_json(Viewer::All)
        );
        ensure!(r.record() == own, who, "the record is not a fixed point");
        // Both go on the same way.
        if let Some(&a) = legal_of(m).first() {
            let (mut x, mut y) = (m.clone(), r);
            ensure!(
                x.act(a, &mut ()).is_ok() && y.act(a, &mut ()).is_ok(),
                who,
                "listed {a:?} is refused after a replay"
            );
            ensure!(outcome(&x) == outcome(&y), who, "{a:?} plays differently");
        }
        Ok(())
    }

    fn run(spec: &str, seed: u64, steps: usize, mutations: &[Mutation], edits: &[Edit]) -> Check {
        let who = format!("{spec}, seed {seed}, {steps} steps, {mutations:?}, {edits:?}");
        let m = played(spec, seed, steps);
        let mut v = serde_json::to_value(m.record()).unwrap();
        for mu in mutations {
            mutate(&mut v, mu);
        }
        let mut text = serde_json::to_vec(&v).unwrap();
        for e in edits {
            edit_text(&mut text, e);
        }
        let untouched = mutations.is_empty() && edits.is_empty();
        let rec: Record = match serde_json::from_slice(&text) {
            Ok(r) => r,
            Err(e) => {
                ensure!(!untouched, who, "a fresh record does not load: {e}");
                return Ok(());
            }
        };
        match record::replay(&rec) {
            Ok(r) => {
                if untouched {
                    ensure!(
                        outcome(&r) == outcome(&m),
                        who,
                        "a fresh record replays differently"
                    );
                }
                check_accepted(&rec, &r, &who)
            }
            Err(e) => {
                ensure!(!untouched, who, "a fresh record is refused: {e}");
                ensure!(
                    CODES.contains(&e.code().as_str()) && !e.to_string().is_empty(),
                    who,
                    "refused with code {} and message {e}",
                    e.code().as_str()
                );
                Ok(())
            }
        }
    }

    proptest! {
        #![proptest_config(fuzz_config())]

        #[test]
        fn mutated_records_are_refused_or_replay_consistently(
            spec in prop::sample::select(SPECS),
            seed in any::<u64>(),
            steps in 0usize..150,
            // Mostly mutated, sometimes fresh; text edits mostly break the
            // JSON, so they are the minority.
            mutations in prop_oneof![
                1 => Just(Vec::new()),
                9 => prop::collection::vec(mutation(), 1..4),
            ],
            edits in prop_oneof![
                4 => Just(Vec::new()),
                1 => prop::collection::vec(edit(), 1..3),
            ],
        ) {
            run(spec, seed, steps, &mutations, &edits)?;
        }
    }
}
