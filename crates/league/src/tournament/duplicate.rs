//! Duplicate scoring: every table of a round plays the same deals, so a
//! result is worth what it gained over the other tables that held the same
//! cards. Per deal (hand number) and per position at the table (the side
//! that sat there), each table's points in that hand are compared with the
//! same position's at every other table that played that hand: 2
//! matchpoints for each table it did better than, 1 for each it equalled
//! (better: more points, or fewer in the games the fewest points win). A
//! hand only one table reached scores nothing. An entrant's duplicate
//! score for the round is the sum of its matchpoints.
//!
//! A later hand's deal can differ between tables (its redeal rule may
//! follow the table's previous hand), so two tables are compared in a hand
//! only when they were dealt the same cards in it: each table's deals are
//! known by their fingerprints.

/// Each table's matchpoints by position, and how many of its hands were
/// compared with at least one other table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    pub matchpoints: Vec<Vec<i64>>,
    pub compared: Vec<u32>,
}

/// `hands[t][h][p]`: the points the side at position `p` of table `t` made
/// in its hand `h + 1`; `deals[t][h]`: the fingerprint of that hand's deal
/// (a table without fingerprints, stored before they were kept, is taken
/// to match every table).
pub fn matchpoints(hands: &[Vec<Vec<i64>>], deals: &[Vec<String>], low_wins: bool) -> Scored {
    let mut out: Vec<Vec<i64>> = hands
        .iter()
        .map(|t| vec![0; t.first().map_or(0, Vec::len)])
        .collect();
    let mut compared = vec![0u32; hands.len()];
    let same_deal = |t: usize, o: usize, h: usize| match (deals.get(t), deals.get(o)) {
        (Some(a), Some(b)) if !a.is_empty() && !b.is_empty() => {
            a.get(h).is_some_and(|x| b.get(h) == Some(x))
        }
        _ => true,
    };
    let most = hands.iter().map(Vec::len).max().unwrap_or(0);
    for h in 0..most {
        for (t, table) in hands.iter().enumerate() {
            let Some(mine) = table.get(h) else { continue };
            let with: Vec<usize> = (0..hands.len())
                .filter(|&o| o != t && hands[o].get(h).is_some() && same_deal(t, o, h))
                .collect();
            if !with.is_empty() {
                compared[t] += 1;
            }
            for (p, &points) in mine.iter().enumerate() {
                let mut mp = 0;
                for &o in &with {
                    let other = &hands[o];
                    let Some(theirs) = other.get(h).and_then(|x| x.get(p)) else {
                        continue;
                    };
                    let better = if low_wins {
                        points < *theirs
                    } else {
                        points > *theirs
                    };
                    mp += if better {
                        2
                    } else if points == *theirs {
                        1
                    } else {
                        0
                    };
                }
                if let Some(slot) = out[t].get_mut(p) {
                    *slot += mp;
                }
            }
        }
    }
    Scored {
        matchpoints: out,
        compared,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_position_is_compared_with_the_same_position_elsewhere() {
        // Three tables, two deals, two positions.
        let hands = vec![
            vec![vec![10, 0], vec![0, 5]],
            vec![vec![20, 0], vec![0, 5]],
            vec![vec![0, 15], vec![0, 0]],
        ];
        let mp = matchpoints(&hands, &[], false).matchpoints;
        // Deal 1, position 0: 10 beats 0, loses to 20 -> 2; 20 -> 4; 0 -> 0.
        // Deal 1, position 1: 0, 0, 15 -> 1, 1, 4.
        // Deal 2, position 0: all 0 -> 2 each. Position 1: 5, 5, 0 -> 3, 3, 0.
        assert_eq!(mp, vec![vec![4, 4], vec![6, 4], vec![2, 4]]);
    }

    #[test]
    fn fewest_points_win_where_the_game_says_so() {
        let hands = vec![vec![vec![3]], vec![vec![9]]];
        assert_eq!(
            matchpoints(&hands, &[], true).matchpoints,
            vec![vec![2], vec![0]]
        );
        assert_eq!(
            matchpoints(&hands, &[], false).matchpoints,
            vec![vec![0], vec![2]]
        );
    }

    #[test]
    fn a_deal_only_one_table_reached_scores_nothing() {
        let hands = vec![vec![vec![5], vec![7]], vec![vec![5]]];
        let s = matchpoints(&hands, &[], false);
        assert_eq!(s.matchpoints, vec![vec![1], vec![1]]);
        assert_eq!(s.compared, vec![1, 1]);
    }

    #[test]
    fn a_lone_table_scores_nothing() {
        let s = matchpoints(&[vec![vec![5, 1]]], &[], false);
        assert_eq!(s.matchpoints, vec![vec![0, 0]]);
        assert_eq!(s.compared, vec![0]);
    }

    #[test]
    fn only_tables_dealt_the_same_cards_are_compared() {
        // Three tables dealt alike in hand 1; in hand 2 the third was
        // dealt other cards (another redeal rule after its first hand).
        let hands = vec![
            vec![vec![10, 0], vec![0, 5]],
            vec![vec![20, 0], vec![0, 9]],
            vec![vec![0, 15], vec![30, 0]],
        ];
        let deals = |second: &str| vec!["a".to_string(), second.to_string()];
        let s = matchpoints(&hands, &[deals("b"), deals("b"), deals("c")], false);
        // Hand 1 as in the first test: [2, 1], [4, 1], [0, 4]. Hand 2, the
        // first two only: position 0 level (1 each), position 1 5 < 9.
        assert_eq!(s.matchpoints, vec![vec![3, 1], vec![5, 3], vec![0, 4]]);
        assert_eq!(s.compared, vec![2, 2, 1]);
        // The same hands all dealt alike: the third counts in hand 2 too.
        let alike = matchpoints(&hands, &[deals("b"), deals("b"), deals("b")], false);
        assert_eq!(alike.compared, vec![2, 2, 2]);
        assert_ne!(alike.matchpoints, s.matchpoints);
    }
}
