//! Who is put at a table with whom: the rating window and the grouping of
//! the pool's seeks of one game into tables (pure: the store runs it in
//! its pairing transaction, see the store's `Seeks::pair`).

/// The window starts at ±150 rating points...
pub const WINDOW_START: f64 = 150.0;
/// ...and widens by 50 points...
pub const WINDOW_STEP: f64 = 50.0;
/// ...for every 5 seconds waited...
pub const WINDOW_EVERY_MS: i64 = 5_000;
/// ...up to ±1000 (reached after 85 s).
pub const WINDOW_MAX: f64 = 1000.0;

/// The rating window of a seek that has waited `waited_ms`: how far from
/// its rating the others at its table may be.
pub fn window(waited_ms: i64) -> f64 {
    let steps = waited_ms.max(0) / WINDOW_EVERY_MS;
    (WINDOW_START + WINDOW_STEP * steps as f64).min(WINDOW_MAX)
}

/// A waiting seek as the grouping sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiting {
    pub rating: f64,
    /// 1, or 2 for a team.
    pub size: u8,
    pub waited_ms: i64,
    /// After how long this seek's player takes the computer for the seats
    /// nobody took; `None`: never.
    pub fill_ms: Option<i64>,
}

/// A table made of some seeks: each seek's index and its members' seats;
/// the seats left are the computer's.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub seeks: Vec<(usize, Vec<u8>)>,
    pub bots: Vec<u8>,
}

/// How a table of the game is laid out: its number of seats and, for a
/// partnership game, each side's seats (a team sits on one side).
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub players: u8,
    /// The seats of each side; one seat each without partners.
    pub sides: Vec<Vec<u8>>,
}

impl Layout {
    fn partners(&self) -> bool {
        self.sides.iter().any(|s| s.len() > 1)
    }
}

/// Group the seeks of one game (`pool`, oldest first) into tables. The
/// oldest seek not yet placed is the table's anchor: the others join it,
/// nearest rating first, while within the anchor's window (the window of
/// the seek that waited longest). A table short of players is made with
/// the computer in the empty seats once the anchor's chosen time is up,
/// with only the others who chose that too and have waited theirs.
pub fn groups(pool: &[Waiting], layout: &Layout) -> Vec<Group> {
    let mut placed = vec![false; pool.len()];
    let mut out = Vec::new();
    for a in 0..pool.len() {
        if placed[a] || !fits(pool, &[], a, layout) {
            continue;
        }
        let anchor = &pool[a];
        let reach = window(anchor.waited_ms);
        let mut near: Vec<usize> = (0..pool.len())
            .filter(|&b| b != a && !placed[b])
            .filter(|&b| (pool[b].rating - anchor.rating).abs() <= reach)
            .collect();
        near.sort_by(|&x, &y| {
            let dx = (pool[x].rating - anchor.rating).abs();
            let dy = (pool[y].rating - anchor.rating).abs();
            dx.total_cmp(&dy).then(x.cmp(&y))
        });
        let mut chosen = vec![a];
        for b in near {
            if fits(pool, &chosen, b, layout) {
                chosen.push(b);
            }
            if seated(pool, &chosen) == layout.players {
                break;
            }
        }
        if seated(pool, &chosen) < layout.players {
            // Short of players: the computer takes the empty seats once the
            // anchor's time is up, beside those who chose it too and have
            // waited their time, or asked for no longer a wait than the
            // anchor's (so that people who chose the same wait sit together
            // rather than each at a table of bots).
            let ready = |i: &usize| {
                pool[*i]
                    .fill_ms
                    .is_some_and(|after| pool[*i].waited_ms >= after)
            };
            if !ready(&a) {
                continue;
            }
            let anchor_fill = anchor.fill_ms;
            chosen.retain(|i| ready(i) || pool[*i].fill_ms.is_some_and(|f| Some(f) <= anchor_fill));
        }
        for &i in &chosen {
            placed[i] = true;
        }
        out.push(seat(pool, &chosen, layout));
    }
    out
}

fn seated(pool: &[Waiting], chosen: &[usize]) -> u8 {
    chosen.iter().map(|&i| pool[i].size).sum()
}

/// Whether seek `b` can join `chosen` at one table: seats for it, and for
/// a team a whole side still free.
fn fits(pool: &[Waiting], chosen: &[usize], b: usize, layout: &Layout) -> bool {
    if seated(pool, chosen) + pool[b].size > layout.players {
        return false;
    }
    let teams =
        chosen.iter().filter(|&&i| pool[i].size > 1).count() + usize::from(pool[b].size > 1);
    teams <= layout.sides.iter().filter(|s| s.len() > 1).count()
}

/// The seats of a chosen group: each team on a side of its own, then the
/// single players in the seats left, in seat order; the rest are bots.
fn seat(pool: &[Waiting], chosen: &[usize], layout: &Layout) -> Group {
    let mut free: Vec<u8> = (0..layout.players).collect();
    let mut seeks = Vec::new();
    let mut pairs = layout.sides.iter().filter(|s| s.len() > 1);
    for &i in chosen.iter().filter(|&&i| pool[i].size > 1) {
        let Some(side) = pairs.next() else { continue };
        let seats: Vec<u8> = side
            .iter()
            .copied()
            .take(usize::from(pool[i].size))
            .collect();
        free.retain(|s| !seats.contains(s));
        seeks.push((i, seats));
    }
    for &i in chosen.iter().filter(|&&i| pool[i].size == 1) {
        if free.is_empty() {
            break;
        }
        let s = free.remove(0);
        seeks.push((i, vec![s]));
    }
    debug_assert!(layout.partners() || seeks.iter().all(|(_, s)| s.len() == 1));
    Group { seeks, bots: free }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solo(rating: f64, waited_ms: i64) -> Waiting {
        Waiting {
            rating,
            size: 1,
            waited_ms,
            fill_ms: None,
        }
    }

    fn duel() -> Layout {
        Layout {
            players: 2,
            sides: vec![vec![0], vec![1]],
        }
    }

    fn partners() -> Layout {
        Layout {
            players: 4,
            sides: vec![vec![0, 2], vec![1, 3]],
        }
    }

    #[test]
    fn the_window_widens_by_steps_up_to_its_cap() {
        assert_eq!(window(0), 150.0);
        assert_eq!(window(4_999), 150.0);
        assert_eq!(window(5_000), 200.0);
        assert_eq!(window(25_000), 400.0);
        assert_eq!(window(85_000), 1000.0);
        assert_eq!(window(3_600_000), 1000.0);
    }

    #[test]
    fn players_are_paired_within_the_window_of_the_longest_wait() {
        let near = [solo(1500.0, 0), solo(1640.0, 0)];
        assert_eq!(groups(&near, &duel()).len(), 1);
        let far = [solo(1500.0, 24_999), solo(1900.0, 0)];
        assert!(groups(&far, &duel()).is_empty());
        let waited = [solo(1500.0, 25_000), solo(1900.0, 0)];
        let g = groups(&waited, &duel());
        assert_eq!(g[0].seeks, vec![(0, vec![0]), (1, vec![1])]);
        assert!(g[0].bots.is_empty());
    }

    #[test]
    fn the_nearest_ratings_sit_together() {
        let pool = [
            solo(1500.0, 0),
            solo(1400.0, 0),
            solo(1510.0, 0),
            solo(1390.0, 0),
        ];
        let g = groups(&pool, &duel());
        let ids: Vec<Vec<usize>> = g
            .iter()
            .map(|g| g.seeks.iter().map(|s| s.0).collect())
            .collect();
        assert_eq!(ids, vec![vec![0, 2], vec![1, 3]]);
    }

    #[test]
    fn a_team_sits_on_one_side() {
        let team = Waiting {
            size: 2,
            ..solo(1500.0, 0)
        };
        let pool = [solo(1500.0, 0), team.clone(), solo(1500.0, 0)];
        let g = groups(&pool, &partners());
        assert_eq!(g.len(), 1);
        assert_eq!(
            g[0].seeks,
            vec![(1, vec![0, 2]), (0, vec![1]), (2, vec![3])]
        );
        let two = groups(&[team.clone(), team.clone()], &partners());
        assert_eq!(two[0].seeks, vec![(0, vec![0, 2]), (1, vec![1, 3])]);
        assert!(
            groups(&[team.clone(), team.clone()], &duel()).is_empty(),
            "no team without partners"
        );
        assert!(
            groups(&[team], &partners()).is_empty(),
            "half a table waits"
        );
    }

    #[test]
    fn the_computer_fills_only_when_everyone_chose_it_and_waited() {
        let filling = |w| Waiting {
            fill_ms: Some(10_000),
            ..solo(1500.0, w)
        };
        assert!(groups(&[filling(9_999)], &partners()).is_empty());
        // The second chose the same wait: it comes along with the first,
        // whose time is up, rather than wait for a table of bots alone.
        let g = groups(&[filling(10_000), filling(0)], &partners());
        assert_eq!(g.len(), 1);
        assert_eq!(
            (g[0].seeks.clone(), g[0].bots.clone()),
            (vec![(0, vec![0]), (1, vec![1])], vec![2, 3])
        );
        // One who chose a longer wait than the first's, and has not waited
        // it, keeps waiting for people.
        let patient = Waiting {
            fill_ms: Some(60_000),
            ..solo(1500.0, 20_000)
        };
        let g = groups(&[filling(10_000), patient.clone()], &partners());
        assert_eq!(
            (g[0].seeks.clone(), g[0].bots.clone()),
            (vec![(0, vec![0])], vec![1, 2, 3]),
            "the second has not waited its time"
        );
        // A newer seek whose shorter time is up does not take along an
        // older one that chose to wait longer.
        let sooner = Waiting {
            fill_ms: Some(5_000),
            ..solo(1500.0, 5_000)
        };
        let g = groups(&[patient, sooner], &partners());
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].seeks, vec![(1, vec![0])]);
        let g = groups(&[filling(10_000), filling(10_000)], &partners());
        assert_eq!(g[0].bots, vec![2, 3]);
        let g = groups(&[solo(1500.0, 60_000), filling(10_000)], &partners());
        assert_eq!(
            g[0].seeks,
            vec![(1, vec![0])],
            "the one who did not choose it waits"
        );
        assert!(groups(&[solo(1500.0, 60_000)], &partners()).is_empty());
    }
}
