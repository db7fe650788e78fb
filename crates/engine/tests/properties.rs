#![allow(clippy::unwrap_used)]
//! Property tests of the rules engine over whole random matches.
//!
//! Every preset at every allowed player count (and a few notable options) is
//! played from random seeds, hand after hand, by choosing uniformly random
//! legal actions. At every step the tests check that:
//!
//! 1. tiles are conserved: hands, board and boneyard partition the rules' set;
//! 2. no view leaks a hidden tile: a seat's state JSON names no tile of another
//!    seat's hand (while the hand is played) nor of the boneyard, and a
//!    spectator's names no hidden tile at all;
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

use domino_engine::record::{self, Record};
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
    for seat in 0..rules.players {
        add(format!("seat {seat}"), hand.hand(seat))?;
    }
    for seat in rules.players..8 {
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
    let n = m.rules().players;
    let hand = m.hand();
    let in_play = matches!(m.phase(), Phase::Play | Phase::ChoosePoser);
    let boneyard: TileSet = hand.boneyard().iter().copied().collect();
    let mut all_hands = TileSet::EMPTY;
    for s in 0..n {
        all_hands |= hand.hand(s);
    }
    for s in 0..n {
        let text = serde_json::to_string(&m.state_json(Viewer::Seat(s))).unwrap();
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
    }
    let text = serde_json::to_string(&m.state_json(Viewer::Spectator)).unwrap();
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
    let n = m.rules().players;
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
        if result.notes.contains(domino_engine::result::Note::Skunk) {
            ensure!(
                rules.preset == Preset::ClubFives
                    && winner.is_some_and(|w| scores[1 - w] < 31)
                    && skunk.is_some_and(|k| Some(1 - k.side) == winner),
                who,
                "skunk with scores {scores:?} and points {:?}",
                result.points
            );
        }
        if reason == "target" {
            ensure!(
                matches!(rules.preset, Preset::AllFives | Preset::FivesAndThrees) && over,
                who,
                "a hand ended on the target in {}",
                rules.preset.name()
            );
        }
        if let Some(w) = winner {
            let low = rules.preset == Preset::French;
            ensure!(
                scores.iter().any(|&s| s >= rules.target),
                who,
                "the match ended below the target: {scores:?}"
            );
            if reason == "target" {
                ensure!(scores[w] >= rules.target, who, "{scores:?}");
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
        rules.preset.name(),
        rules.players,
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
    let n = rules.players as usize;
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
    let t = (0..m.rules().players)
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
/// PROP_SEED=42 cargo test -p domino-engine --test properties one_seed -- --ignored`.
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
