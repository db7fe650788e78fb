//! Duplicate scoring: every table of a round plays the same deals, so a
//! result is worth what it gained over the other tables that held the same
//! cards. Per deal (hand number) and per position at the table (the side
//! that sat there), each table's points in that hand are compared with the
//! same position's at every other table that played that hand: 2
//! matchpoints for each table it did better than, 1 for each it equalled
//! (better: more points, or fewer in the games the fewest points win). A
//! hand only one table reached scores nothing. An entrant's duplicate
//! score for the round is the sum of its matchpoints.

/// `hands[t][h][p]`: the points the side at position `p` of table `t` made
/// in its hand `h + 1`. Returns each table's matchpoints by position.
pub fn matchpoints(hands: &[Vec<Vec<i64>>], low_wins: bool) -> Vec<Vec<i64>> {
    let mut out: Vec<Vec<i64>> = hands
        .iter()
        .map(|t| vec![0; t.first().map_or(0, Vec::len)])
        .collect();
    let deals = hands.iter().map(Vec::len).max().unwrap_or(0);
    for h in 0..deals {
        for (t, table) in hands.iter().enumerate() {
            let Some(mine) = table.get(h) else { continue };
            for (p, &points) in mine.iter().enumerate() {
                let mut mp = 0;
                for (o, other) in hands.iter().enumerate() {
                    if o == t {
                        continue;
                    }
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
    out
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
        let mp = matchpoints(&hands, false);
        // Deal 1, position 0: 10 beats 0, loses to 20 -> 2; 20 -> 4; 0 -> 0.
        // Deal 1, position 1: 0, 0, 15 -> 1, 1, 4.
        // Deal 2, position 0: all 0 -> 2 each. Position 1: 5, 5, 0 -> 3, 3, 0.
        assert_eq!(mp, vec![vec![4, 4], vec![6, 4], vec![2, 4]]);
    }

    #[test]
    fn fewest_points_win_where_the_game_says_so() {
        let hands = vec![vec![vec![3]], vec![vec![9]]];
        assert_eq!(matchpoints(&hands, true), vec![vec![2], vec![0]]);
        assert_eq!(matchpoints(&hands, false), vec![vec![0], vec![2]]);
    }

    #[test]
    fn a_deal_only_one_table_reached_scores_nothing() {
        let hands = vec![vec![vec![5], vec![7]], vec![vec![5]]];
        assert_eq!(matchpoints(&hands, false), vec![vec![1], vec![1]]);
    }

    #[test]
    fn a_lone_table_scores_nothing() {
        assert_eq!(matchpoints(&[vec![vec![5, 1]]], false), vec![vec![0, 0]]);
    }
}
