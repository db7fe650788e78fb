//! A duplicate round keeps its deals secret until it is over. Every table
//! of the round is dealt the same cards, so watching one of them, or
//! reading a finished one's replay, record or analysis, would show a player
//! still at another table the hands they are holding. Until every table of
//! the round has finished, nobody (seated in the round or not) may do any
//! of that, and the tournament page shows none of the round's results.
//!
//! The rule is decided from the store alone: a table finds its round by
//! the match secret they share (a duplicate round's tables are dealt from
//! the round's secret, no other table has it), and the round is over when
//! its stored results are all in. So every node of a cluster answers
//! alike, whichever node plays the table. Tournaments that are not
//! duplicate deal each table its own cards and are not concerned.

use domino_league::tournament::{Game, Plan, Round};
use domino_protocol::refusal::{Code, Refusal};
use domino_store::tournaments::RoundRow;

/// Whether a round's tables and results are kept from everyone: a
/// duplicate round still being played.
pub fn sealed(duplicate: bool, round: &Round) -> bool {
    duplicate && !round.finished()
}

/// The rounds as the public may see them: a sealed round's results
/// withheld (each hand's points and the deals' fingerprints tell of the
/// cards the other tables hold), as if none of its tables had finished.
pub fn published(duplicate: bool, rounds: Vec<Round>) -> Vec<Round> {
    rounds
        .into_iter()
        .map(|mut r| {
            if sealed(duplicate, &r) {
                r.games.iter_mut().for_each(|g| *g = None);
            }
            r
        })
        .collect()
}

/// Refuse to show `table` (watch it, replay it, hand out its record or
/// analysis) while it belongs to a duplicate round being played.
pub async fn check(tournaments: &domino_store::Tournaments, table: &str) -> Result<(), Refusal> {
    let round = tournaments
        .dealing_round(table)
        .await
        .map_err(|e| Refusal::new(Code::Store, e.to_string()))?;
    match round {
        Some(row) if !over(&row) => Err(refusal()),
        _ => Ok(()),
    }
}

/// Whether a stored round is over. One whose columns do not read is taken
/// as still played: kept secret rather than shown by mistake.
fn over(row: &RoundRow) -> bool {
    let plan = serde_json::from_str::<Plan>(&row.plan);
    let games = serde_json::from_str::<Vec<Option<Game>>>(&row.results);
    match (plan, games) {
        (Ok(plan), Ok(games)) => Round { plan, games }.finished(),
        _ => false,
    }
}

pub fn refusal() -> Refusal {
    Refusal::new(
        Code::RoundNotOver,
        "every table of this duplicate round is dealt the same cards: \
         you can watch it, and read its replay and record, once the round is over",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        Game {
            entrants: vec![0, 1],
            places: vec![0, 1],
            scores: vec![5, 0],
            hands: vec![vec![5, 0]],
            deals: vec!["ab".into()],
        }
    }

    fn round(games: Vec<Option<Game>>) -> Round {
        Round {
            plan: Plan {
                tables: vec![vec![0, 1], vec![2, 3]],
                byes: Vec::new(),
            },
            games,
        }
    }

    #[test]
    fn a_duplicate_round_is_sealed_until_every_table_has_finished() {
        let playing = round(vec![Some(game()), None]);
        let over = round(vec![Some(game()), Some(game())]);
        assert!(sealed(true, &playing));
        assert!(!sealed(true, &over));
        // Other tournaments deal each table its own cards.
        assert!(!sealed(false, &playing));
    }

    #[test]
    fn a_sealed_round_publishes_no_result() {
        let playing = round(vec![Some(game()), None]);
        let over = round(vec![Some(game()), Some(game())]);
        let shown = published(true, vec![over.clone(), playing.clone()]);
        assert_eq!(shown[0], over);
        assert_eq!(shown[1].games, vec![None, None]);
        assert_eq!(published(false, vec![playing.clone()]), vec![playing]);
    }

    #[test]
    fn a_round_that_does_not_read_stays_secret() {
        let row = |results: &str| RoundRow {
            round: 0,
            plan: r#"{"tables": [[0, 1]], "byes": []}"#.into(),
            tables: "[]".into(),
            results: results.into(),
            secret: "00".into(),
        };
        assert!(!over(&row("not json")));
        assert!(!over(&row("[null]")));
        let done = serde_json::to_string(&vec![Some(game())]).unwrap();
        assert!(over(&row(&done)));
    }
}
