//! Mining puzzles from recorded matches (a server's finished matches, or
//! record files): every decision of every hand is offered to both proofs,
//! as a self-played hand's are, and a kept puzzle carries its match's
//! record cut just before the decision.

use std::collections::BTreeSet;

use domino_bots::analysis::walk;
use domino_engine::record::Record;
use domino_engine::RulesSpec;

use crate::format::{Kind, Puzzle};
use crate::mine::{blank, Found, MineConfig, Tally};
use crate::position::{last_actions, Setup};
use crate::record::FromRecordError;

/// The game of a record as the set names it: the preset, with the number
/// of players when it is not the preset's own (`block4`), as `--games`
/// does.
pub fn game_of(rec: &Record) -> String {
    let preset = &rec.rules.preset;
    let usual = RulesSpec::preset(preset)
        .resolve()
        .map(|r| r.players())
        .ok();
    match rec.rules.players {
        Some(p) if Some(p) != usual => format!("{preset}{p}"),
        _ => preset.clone(),
    }
}

/// Mine the match `name` (its id in the store, or where it was read) into
/// `out`, until it holds `cfg.count` puzzles, from its first `max_hand`
/// hands (all when `None`: a puzzle of hand N carries N hands' record). A
/// record that cannot be replayed is refused whole.
pub fn mine_record(
    name: &str,
    rec: &Record,
    max_hand: Option<usize>,
    cfg: &MineConfig,
    tally: &mut Tally,
    out: &mut Vec<Puzzle>,
    progress: &mut dyn FnMut(Option<&Puzzle>),
) -> Result<(), FromRecordError> {
    let rules = rec
        .rules
        .resolve()
        .map_err(|e| FromRecordError::Record(e.to_string()))?;
    let game = game_of(rec);
    let mut kept_here = BTreeSet::new();
    let mut hand_now = 0;
    walk(rec, |step| {
        if out.len() >= cfg.count || max_hand.is_some_and(|m| step.hand > m) {
            return false;
        }
        if step.hand != hand_now {
            hand_now = step.hand;
            kept_here.clear();
            tally.hands += 1;
            progress(None);
        }
        let Ok(setup) = Setup::at(rules, step.game.clone(), step.position.cloned()) else {
            return true;
        };
        let (hand, index) = (step.hand, step.index);
        let base = |kind: Kind| {
            let cut = cut(rec, hand, index);
            Puzzle {
                id: crate::format::hidden_id(
                    &game,
                    &format!("{game}-{name}-{hand}-{index}-{}", kind.letter()),
                ),
                rules: rec.rules.clone(),
                seed: rec.seed.unwrap_or(0),
                actions: last_actions(&cut),
                from: Some(cut),
                ..blank(kind)
            }
        };
        let mut found = Found {
            cfg,
            tally,
            out,
            kept_here: &mut kept_here,
        };
        found.offer(&setup, &base, progress);
        true
    })
    .map_err(|e| FromRecordError::Record(e.to_string()))?;
    Ok(())
}

/// `rec` cut just before action `index` (from 0) of hand `hand` (from 1).
pub fn cut(rec: &Record, hand: usize, index: usize) -> Record {
    let mut hands = rec.hands[..hand.min(rec.hands.len())].to_vec();
    if let Some(last) = hands.last_mut() {
        last.actions.truncate(index);
    }
    Record {
        hands,
        ..rec.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prove::{verify, Limits};
    use crate::rate::RateConfig;

    /// A block match of several hands between the random and heuristic
    /// bots, as a record.
    fn record(seed: u64) -> Record {
        crate::record::block_record(seed, ["random", "heuristic"], 300)
    }

    fn cfg(count: usize) -> MineConfig {
        MineConfig {
            count,
            per_kind: count,
            seed: 1,
            max_hands: 0,
            bots: String::new(),
            max_in_hands: None,
            limits: Limits::default(),
            rate: RateConfig {
                tries: 1,
                expert_tries: 0,
                budget_ms: 1,
                seed: 1,
            },
        }
    }

    #[test]
    fn puzzles_of_later_hands_come_with_their_record_and_verify() {
        let mut out = Vec::new();
        let mut tally = Tally::default();
        for seed in 1..10 {
            let rec = record(seed);
            mine_record(
                &format!("m{seed}"),
                &rec,
                None,
                &cfg(12),
                &mut tally,
                &mut out,
                &mut |_| {},
            )
            .expect("mined");
        }
        assert!(
            out.iter()
                .any(|p| p.from.as_ref().is_some_and(|r| r.hands.len() > 1)),
            "no puzzle from a later hand in {} puzzles",
            out.len()
        );
        for p in &out {
            // Through the set's format and back: the position is the
            // record's, and the proof holds again.
            let line = crate::format::to_line(p).expect("written");
            let read: Puzzle = serde_json::from_str(&line).expect("read");
            assert_eq!(&read, p);
            verify(&read, Limits::default()).unwrap_or_else(|e| panic!("{}: {e}", p.id));
            let rec = p.from.as_ref().expect("a record");
            assert_eq!(p.actions, last_actions(rec));
            assert!(p.id.starts_with("block2-"), "{}", p.id);
        }
        // At most one puzzle of each kind per hand.
        let mut hands = BTreeSet::new();
        for p in &out {
            let rec = p.from.as_ref().expect("a record");
            let key = (rec.seed, rec.hands.len(), p.kind);
            assert!(hands.insert(key), "two {:?} puzzles of one hand", p.kind);
        }
    }

    #[test]
    fn a_cut_record_rebuilds_the_position_the_walk_saw() {
        let rec = record(3);
        let mut compared = 0;
        for (h, hand) in rec.hands.iter().enumerate() {
            for index in 0..hand.actions.len() {
                let direct = crate::record::setup_at(&rec, h + 1, index).map(|(s, _)| s);
                let at = Setup::from_record(&cut(&rec, h + 1, index));
                match (at, direct) {
                    (Ok(a), Ok(b)) => {
                        assert_eq!(a.seat, b.seat);
                        assert_eq!(a.choices, b.choices);
                        assert_eq!(a.shown(Kind::Open), b.shown(Kind::Open));
                        compared += 1;
                    }
                    (Err(_), Err(_)) => {}
                    (a, b) => panic!("hand {h}, action {index}: {a:?} against {b:?}"),
                }
            }
        }
        assert!(compared > 5, "only {compared} positions compared");
    }
}
