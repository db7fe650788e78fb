//! Who leads: match points, then the tie-breaks, in this order:
//!
//! 1. **Match points.** At a table each entrant gets 2 points for every
//!    entrant it finished ahead of and 1 for every one it finished level
//!    with (two sides: a win 2, a draw 1, a loss 0). A bye is worth a
//!    win over a full table.
//! 2. **Buchholz:** the sum of the match points of every opponent met
//!    (a bye adds nothing): who scored against stronger opposition.
//! 3. **Head-to-head:** the match points taken in the games between the
//!    entrants still level.
//! 4. **Points difference:** match score made minus the opponents' at each
//!    table, summed (reversed in games the fewest points win).
//! 5. **A seeded draw:** an order drawn from the tournament's seed, fixed
//!    when it was created.

use serde::Serialize;

use super::{Game, Round, Setup};

/// One entrant's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Line {
    pub entrant: usize,
    /// 1 for the leader; entrants level on every tie-break but the draw
    /// still get different ranks (the draw decides).
    pub rank: usize,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub byes: u32,
    pub points: u32,
    pub buchholz: u32,
    pub head_to_head: u32,
    pub difference: i64,
    /// Duplicate matchpoints (duplicate tournaments only; see
    /// [`super::duplicate`]).
    pub duplicate: i64,
    /// Duplicate: the hands in which the entrant's table was compared
    /// with another that held the same cards.
    pub compared: u32,
    /// The seeded draw's number for this entrant.
    #[serde(skip)]
    pub draw: u64,
}

/// Whether the entrant at index `i` of `g` finished ahead of the one at
/// `j`: a better place, then (between equal places) the better match
/// score, then the better seed. Decides drawn knock-out matches.
pub fn beats(setup: &Setup, g: &Game, i: usize, j: usize) -> bool {
    let (pi, pj) = (g.places[i], g.places[j]);
    if pi != pj {
        return pi < pj;
    }
    let (si, sj) = (g.scores[i], g.scores[j]);
    if si != sj {
        return if setup.low_wins { si < sj } else { si > sj };
    }
    g.entrants[i] < g.entrants[j]
}

/// The match points the entrant at index `i` of `g` took from those at
/// the indexes `among` (all the table when `None`).
fn points_at(g: &Game, i: usize, among: Option<&[usize]>) -> u32 {
    (0..g.entrants.len())
        .filter(|&j| j != i && among.is_none_or(|a| a.contains(&g.entrants[j])))
        .map(|j| match g.places[i].cmp(&g.places[j]) {
            std::cmp::Ordering::Less => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Greater => 0,
        })
        .sum()
}

/// A number drawn for an entrant from the tournament's seed (splitmix64).
fn draw(seed: u64, entrant: usize) -> u64 {
    let mut z = seed ^ (entrant as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The standings after the finished tables of `played`, best first.
pub fn standings(setup: &Setup, played: &[Round]) -> Vec<Line> {
    let n = setup.entrants;
    let k = setup.per_table.max(2) as u32;
    let mut lines: Vec<Line> = (0..n)
        .map(|e| Line {
            entrant: e,
            rank: 0,
            played: 0,
            won: 0,
            drawn: 0,
            lost: 0,
            byes: 0,
            points: 0,
            buchholz: 0,
            head_to_head: 0,
            difference: 0,
            duplicate: 0,
            compared: 0,
            draw: draw(setup.seed, e),
        })
        .collect();
    let games: Vec<&Game> = played
        .iter()
        .flat_map(|r| r.games.iter().flatten())
        .filter(|g| g.entrants.iter().all(|&e| e < n))
        .collect();
    for r in played {
        for &b in &r.plan.byes {
            if let Some(l) = lines.get_mut(b) {
                l.byes += 1;
                l.points += 2 * (k - 1);
            }
        }
    }
    for g in &games {
        for (i, &e) in g.entrants.iter().enumerate() {
            let l = &mut lines[e];
            l.played += 1;
            l.points += points_at(g, i, None);
            let best = g.places.iter().min().copied().unwrap_or(0);
            let level = g.places.iter().filter(|&&p| p == g.places[i]).count();
            match (g.places[i] == best, level) {
                (true, 1) => l.won += 1,
                (true, _) => l.drawn += 1,
                _ => l.lost += 1,
            }
            let others: i64 = (0..g.entrants.len())
                .filter(|&j| j != i)
                .map(|j| g.scores[i] - g.scores[j])
                .sum();
            l.difference += if setup.low_wins { -others } else { others };
        }
    }
    if setup.duplicate {
        for r in played {
            let games: Vec<&Game> = r.games.iter().flatten().collect();
            let hands: Vec<Vec<Vec<i64>>> = games.iter().map(|g| g.hands.clone()).collect();
            let deals: Vec<Vec<String>> = games.iter().map(|g| g.deals.clone()).collect();
            let scored = super::duplicate::matchpoints(&hands, &deals, setup.low_wins);
            for ((g, mp), compared) in games.iter().zip(scored.matchpoints).zip(scored.compared) {
                for (&e, m) in g.entrants.iter().zip(mp) {
                    if let Some(l) = lines.get_mut(e) {
                        l.duplicate += m;
                        l.compared += compared;
                    }
                }
            }
        }
    }
    let points: Vec<u32> = lines.iter().map(|l| l.points).collect();
    for g in &games {
        for (i, &e) in g.entrants.iter().enumerate() {
            lines[e].buchholz += (0..g.entrants.len())
                .filter(|&j| j != i)
                .map(|j| points[g.entrants[j]])
                .sum::<u32>();
        }
    }
    // Head-to-head within each group level on points and Buchholz.
    let key = |l: &Line| (l.points, l.buchholz);
    for e in 0..n {
        let group: Vec<usize> = (0..n)
            .filter(|&o| key(&lines[o]) == key(&lines[e]))
            .collect();
        if group.len() < 2 {
            continue;
        }
        lines[e].head_to_head = games
            .iter()
            .filter_map(|g| {
                let i = g.entrants.iter().position(|&x| x == e)?;
                Some(points_at(g, i, Some(&group)))
            })
            .sum();
    }
    // Duplicate tournaments rank by duplicate matchpoints first (zero
    // for everyone otherwise).
    lines.sort_by(|a, b| {
        (
            b.duplicate,
            b.points,
            b.buchholz,
            b.head_to_head,
            b.difference,
            a.draw,
        )
            .cmp(&(
                a.duplicate,
                a.points,
                a.buchholz,
                a.head_to_head,
                a.difference,
                b.draw,
            ))
    });
    for (i, l) in lines.iter_mut().enumerate() {
        l.rank = i + 1;
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Format, Plan};

    fn setup(n: usize, k: usize) -> Setup {
        Setup {
            entrants: n,
            per_table: k,
            format: Format::Swiss,
            swiss_rounds: 3,
            low_wins: false,
            seed: 1,
            duplicate: false,
        }
    }

    fn game(entrants: &[usize], places: &[usize], scores: &[i64]) -> Option<Game> {
        Some(Game {
            entrants: entrants.to_vec(),
            places: places.to_vec(),
            scores: scores.to_vec(),
            hands: Vec::new(),
            deals: Vec::new(),
        })
    }

    #[test]
    fn points_then_buchholz() {
        // Round 1: 0 beats 1, 2 beats 3. Round 2: 0 beats 2, 1 beats 3.
        let s = setup(4, 2);
        let rounds = vec![
            Round {
                plan: Plan {
                    tables: vec![vec![0, 1], vec![2, 3]],
                    byes: vec![],
                },
                games: vec![
                    game(&[0, 1], &[0, 1], &[100, 40]),
                    game(&[2, 3], &[0, 1], &[100, 90]),
                ],
            },
            Round {
                plan: Plan {
                    tables: vec![vec![0, 2], vec![1, 3]],
                    byes: vec![],
                },
                games: vec![
                    game(&[0, 2], &[0, 1], &[100, 10]),
                    game(&[1, 3], &[0, 1], &[100, 95]),
                ],
            },
        ];
        let st = standings(&s, &rounds);
        let order: Vec<usize> = st.iter().map(|l| l.entrant).collect();
        assert_eq!(st[0].points, 4);
        // 1 and 2 are level on 2 points; 2 met 0 (4) and 3 (0): Buchholz 4;
        // 1 met 0 (4) and 3 (0): 4 too; they never met, so the points
        // difference decides: 1 made -60 + 5, 2 made +10 - 90.
        assert_eq!(order, vec![0, 1, 2, 3]);
        assert_eq!(st[1].buchholz, 4);
        assert_eq!(st[1].difference, -55);
        assert_eq!(st[0].won, 2);
        assert_eq!(st[3].lost, 2);
    }

    #[test]
    fn head_to_head_before_difference() {
        let s = setup(2, 2);
        let rounds = vec![Round {
            plan: Plan {
                tables: vec![vec![0, 1]],
                byes: vec![],
            },
            games: vec![game(&[0, 1], &[0, 0], &[10, 50])],
        }];
        // A draw: level on points, Buchholz and head-to-head; 1 made more.
        let st = standings(&s, &rounds);
        assert_eq!(st[0].entrant, 1);
        assert_eq!(st[0].drawn, 1);
    }

    #[test]
    fn each_for_himself_places() {
        let s = setup(3, 3);
        let rounds = vec![Round {
            plan: Plan {
                tables: vec![vec![0, 1, 2]],
                byes: vec![],
            },
            games: vec![game(&[0, 1, 2], &[2, 0, 1], &[5, 60, 30])],
        }];
        let st = standings(&s, &rounds);
        let pts: Vec<(usize, u32)> = st.iter().map(|l| (l.entrant, l.points)).collect();
        assert_eq!(pts, vec![(1, 4), (2, 2), (0, 0)]);
    }

    #[test]
    fn a_bye_is_a_win() {
        let s = setup(3, 2);
        let rounds = vec![Round {
            plan: Plan {
                tables: vec![vec![0, 1]],
                byes: vec![2],
            },
            games: vec![game(&[0, 1], &[0, 1], &[100, 0])],
        }];
        let st = standings(&s, &rounds);
        let two = st
            .iter()
            .find(|l| l.entrant == 2)
            .map(|l| (l.points, l.byes));
        assert_eq!(two, Some((2, 1)));
    }

    #[test]
    fn the_draw_is_seeded() {
        let a = standings(&setup(6, 2), &[]);
        let b = standings(&setup(6, 2), &[]);
        assert_eq!(a, b);
        let mut other = setup(6, 2);
        other.seed = 99;
        let c: Vec<usize> = standings(&other, &[]).iter().map(|l| l.entrant).collect();
        let a: Vec<usize> = a.iter().map(|l| l.entrant).collect();
        assert_ne!(a, c, "another seed, another draw");
    }
}
