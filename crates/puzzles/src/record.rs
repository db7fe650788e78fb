//! Puzzles from recorded matches: a decision of any hand of a stored record
//! (the hand from 1, the action's index in it from 0, as the coach counts
//! them), rebuilt from the record and proved by the same solver as the
//! shipped set's. The server makes a player's own blunders into puzzles
//! this way (docs/puzzles.md, "Your own puzzles").

use domino_bots::analysis::walk;
use domino_engine::{Action, Record};
use serde::{Deserialize, Serialize};

use crate::format::{Choice, Kind, Theme};
use crate::mine::{hidden, MAX_HIDDEN};
use crate::position::{PuzzleError, Setup};
use crate::prove::{prove, Limits, Rejection};
use crate::themes;

/// A puzzle made from a decision of a recorded match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordPuzzle {
    /// `MATCH-HAND-INDEX`: unique among one player's puzzles.
    pub id: String,
    /// The finished match's id.
    pub table: String,
    /// The hand (from 1) and the action's index in it (from 0).
    pub hand: usize,
    pub index: usize,
    /// The game's preset name.
    pub game: String,
    pub kind: Kind,
    /// What was played in the match.
    pub played: Action,
    pub answer: Action,
    pub choices: Vec<Choice>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worlds: Option<u32>,
    pub themes: Vec<Theme>,
}

/// Why a decision of a record makes no puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FromRecordError {
    #[error("the record cannot be replayed: {0}")]
    Record(String),
    #[error("the record has no action {index} in hand {hand}")]
    NoSuchAction { hand: usize, index: usize },
    #[error("{0}")]
    Position(#[from] PuzzleError),
    #[error("no unique answer: {0}")]
    Rejected(#[from] Rejection),
}

/// The position before action `index` of hand `hand` of `rec`, and what
/// was played there.
pub fn setup_at(
    rec: &Record,
    hand: usize,
    index: usize,
) -> Result<(Setup, Action), FromRecordError> {
    let mut played = None;
    let walked = walk(rec, |s| {
        if s.hand == hand && s.index == index {
            played = Some(s.entry.action);
            return false;
        }
        true
    })
    .map_err(|e| FromRecordError::Record(e.to_string()))?;
    let played = played.ok_or(FromRecordError::NoSuchAction { hand, index })?;
    let rules = rec
        .rules
        .resolve()
        .map_err(|e| FromRecordError::Record(e.to_string()))?;
    let setup = Setup::at(rules, walked.game, walked.position)?;
    Ok((setup, played))
}

/// Prove the decision at `hand`, `index` of `rec` (match `table`): as a
/// counting puzzle when few enough tiles are hidden from the mover and one
/// play is best in every world it cannot rule out (what the player could
/// have known), else as an open one.
pub fn prove_at(
    table: &str,
    rec: &Record,
    hand: usize,
    index: usize,
    limits: Limits,
) -> Result<RecordPuzzle, FromRecordError> {
    let (setup, played) = setup_at(rec, hand, index)?;
    let counting = if hidden(&setup) <= MAX_HIDDEN {
        prove(&setup, Kind::Counting, limits).ok()
    } else {
        None
    };
    let (kind, proof) = match counting {
        Some(proof) => (Kind::Counting, proof),
        None => (Kind::Open, prove(&setup, Kind::Open, limits)?),
    };
    let game = setup.rules.preset().name().to_string();
    Ok(RecordPuzzle {
        id: format!("{table}-{hand}-{index}"),
        table: table.to_string(),
        hand,
        index,
        game,
        kind,
        played,
        themes: themes::detect(&setup, kind, proof.answer),
        answer: proof.answer,
        choices: proof.choices,
        worlds: proof.worlds,
    })
}

/// A 2-player block match to `target` between the levels `bots`, as a
/// record: several hands, for the tests of puzzles from records.
#[cfg(test)]
pub(crate) fn block_record(seed: u64, bots: [&str; 2], target: u32) -> Record {
    use domino_bots::{by_name, play_match, BotConfig};
    use domino_engine::{Match, RulesSpec};
    let spec = RulesSpec {
        players: Some(2),
        options: [("target".to_string(), serde_json::json!(target))]
            .into_iter()
            .collect(),
        ..RulesSpec::preset("block")
    };
    let rules = spec.resolve().expect("rules");
    let mut m = Match::new(rules, Some(seed), None).expect("match");
    let mut bots: Vec<_> = bots
        .iter()
        .map(|b| by_name(b, BotConfig::default()).expect("bot"))
        .collect();
    play_match(&mut m, &mut bots, 4).expect("played");
    m.record()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A block match of two hands or more between random bots (a target
    /// no hand reaches, so that the match has more hands).
    fn record(seed: u64) -> Record {
        block_record(seed, ["random", "random"], 500)
    }

    #[test]
    fn a_decision_of_a_later_hand_is_rebuilt_and_proved_as_the_solver_proves_it() {
        let mut proved = 0;
        for seed in 1..20 {
            let rec = record(seed);
            for (h, hand) in rec.hands.iter().enumerate().skip(1) {
                let number = h + 1;
                for (index, entry) in hand.actions.iter().enumerate() {
                    let Ok(p) = prove_at("m1", &rec, number, index, Limits::default()) else {
                        continue;
                    };
                    let (setup, played) = setup_at(&rec, number, index).expect("rebuilt");
                    assert_eq!(played, entry.action);
                    assert_eq!(setup.seat, entry.seat);
                    // The solver, asked directly of the rebuilt position.
                    let proof = prove(&setup, p.kind, Limits::default()).expect("proved again");
                    assert_eq!(proof.answer, p.answer);
                    assert_eq!(proof.choices, p.choices);
                    assert_eq!(p.id, format!("m1-{number}-{index}"));
                    assert_eq!(p.game, "block");
                    proved += 1;
                }
            }
            if proved >= 3 {
                return;
            }
        }
        panic!("only {proved} decisions of later hands made puzzles");
    }

    #[test]
    fn an_action_past_the_record_is_named() {
        let rec = record(1);
        let e = setup_at(&rec, 1, 10_000).expect_err("no such action");
        assert_eq!(
            e,
            FromRecordError::NoSuchAction {
                hand: 1,
                index: 10_000
            }
        );
    }
}
