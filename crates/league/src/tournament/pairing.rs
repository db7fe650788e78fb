//! Who plays whom in the next round.
//!
//! - Round robin, two sides a table: the circle method (the first entrant
//!   stays, the others turn one place a round; with an odd number a dummy
//!   entrant makes the round's bye). Tables of three or four: as many
//!   rounds as it takes each entrant to meet the others once if tables of
//!   that size allowed it, each round seated with no two entrants who met
//!   before where that is possible, else with the fewest repeated meetings.
//! - Swiss: entrants by match points (equal points in seed order), the first seated with the next
//!   ones it has not met, searching back (a bounded search) so that no
//!   table repeats a meeting where any seating avoids it.
//! - Single elimination: a seeded bracket (1 meets the last seed, 2 the
//!   one before last, ...) filled to a power of two with byes for the top
//!   seeds in round one; each table's winner goes on (a drawn match goes
//!   to the side with the better match score, then to the better seed).
//!
//! Byes (when the entrants do not fill the tables) go to the lowest-placed
//! entrants who have had none; only when everyone has had one does anyone
//! get a second.

use super::standings::{self, beats};
use super::{Format, Plan, Round, Setup};

/// How many seatings the repeat-free search tries before it settles for
/// the fewest repeats (bounds the time on big fields).
const SEARCH_BUDGET: usize = 200_000;

/// The next round's plan, or `None` when the tournament is over.
pub fn next_round(setup: &Setup, played: &[Round]) -> Option<Plan> {
    if setup.check().is_err() || played.len() >= setup.rounds() {
        return None;
    }
    match setup.format {
        Format::RoundRobin if setup.per_table == 2 => Some(circle(setup.entrants, played.len())),
        Format::RoundRobin => {
            let order: Vec<usize> = (0..setup.entrants).collect();
            Some(seat(setup, &order, played))
        }
        Format::Swiss => {
            // Score groups, each in seed order.
            let mut lines = standings::standings(setup, played);
            lines.sort_by_key(|l| (std::cmp::Reverse(l.points), l.entrant));
            let order: Vec<usize> = lines.iter().map(|l| l.entrant).collect();
            Some(seat(setup, &order, played))
        }
        Format::Elimination => elimination(setup, played),
    }
}

/// Round `r` of the circle method for `n` entrants.
fn circle(n: usize, r: usize) -> Plan {
    let m = n + n % 2;
    let at = |i: usize| {
        if i == 0 {
            0
        } else {
            1 + (i - 1 + r) % (m - 1)
        }
    };
    let mut plan = Plan::default();
    for i in 0..m / 2 {
        let (a, b) = (at(i), at(m - 1 - i));
        if a >= n || b >= n {
            plan.byes.push(a.min(b));
            continue;
        }
        // Who takes the first side alternates, round by round.
        plan.tables.push(if (r + i) % 2 == 0 {
            vec![a, b]
        } else {
            vec![b, a]
        });
    }
    plan
}

/// How often each two entrants have sat at one table.
fn meetings(n: usize, played: &[Round]) -> Vec<Vec<u32>> {
    let mut met = vec![vec![0u32; n]; n];
    for r in played {
        for t in &r.plan.tables {
            for &a in t {
                for &b in t {
                    if a != b && a < n && b < n {
                        met[a][b] += 1;
                    }
                }
            }
        }
    }
    met
}

/// The byes each entrant has had.
fn byes_had(n: usize, played: &[Round]) -> Vec<u32> {
    let mut had = vec![0u32; n];
    for r in played {
        for &b in &r.plan.byes {
            if b < n {
                had[b] += 1;
            }
        }
    }
    had
}

/// Seat `order` (best first) at tables of `per_table`: the byes from the
/// bottom, then the search.
fn seat(setup: &Setup, order: &[usize], played: &[Round]) -> Plan {
    let (n, k) = (setup.entrants, setup.per_table);
    let met = meetings(n, played);
    let had = byes_had(n, played);
    let mut rest: Vec<usize> = order.to_vec();
    let mut byes = Vec::new();
    for _ in 0..n % k {
        // The lowest placed of those with the fewest byes.
        let fewest = rest.iter().map(|&e| had[e]).min().unwrap_or(0);
        if let Some(pos) = rest.iter().rposition(|&e| had[e] == fewest) {
            byes.push(rest.remove(pos));
        }
    }
    let mut budget = SEARCH_BUDGET;
    let mut tables = Vec::new();
    if !search(&rest, k, &met, &mut tables, &mut budget) {
        tables = fewest_repeats(rest, k, &met);
    }
    Plan { tables, byes }
}

/// Depth first: the first entrant left with the first companions (in
/// order) none of whom it or they met; false when no such seating exists
/// or the budget ran out.
fn search(
    rest: &[usize],
    k: usize,
    met: &[Vec<u32>],
    out: &mut Vec<Vec<usize>>,
    budget: &mut usize,
) -> bool {
    if rest.is_empty() {
        return true;
    }
    let first = rest[0];
    let others: Vec<usize> = rest[1..].to_vec();
    let mut pick: Vec<usize> = (0..k - 1).collect();
    if others.len() < k - 1 {
        return false;
    }
    loop {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut table = vec![first];
        table.extend(pick.iter().map(|&i| others[i]));
        let fresh = table
            .iter()
            .enumerate()
            .all(|(i, &a)| table[i + 1..].iter().all(|&b| met[a][b] == 0));
        if fresh {
            let left: Vec<usize> = rest
                .iter()
                .copied()
                .filter(|e| !table.contains(e))
                .collect();
            out.push(table);
            if search(&left, k, met, out, budget) {
                return true;
            }
            out.pop();
        }
        // The next combination of k - 1 of the others, in order.
        let mut i = k - 1;
        loop {
            if i == 0 {
                return false;
            }
            i -= 1;
            if pick[i] < others.len() - (k - 1 - i) {
                pick[i] += 1;
                for j in i + 1..k - 1 {
                    pick[j] = pick[j - 1] + 1;
                }
                break;
            }
        }
    }
}

/// Greedy: each table from the first entrant left and, one by one, those
/// who met its sitters least (the first of them in order).
fn fewest_repeats(mut rest: Vec<usize>, k: usize, met: &[Vec<u32>]) -> Vec<Vec<usize>> {
    let mut tables = Vec::new();
    while !rest.is_empty() {
        let mut table = vec![rest.remove(0)];
        while table.len() < k && !rest.is_empty() {
            let cost = |e: usize| table.iter().map(|&t| met[t][e]).sum::<u32>();
            let best = (0..rest.len())
                .min_by_key(|&i| (cost(rest[i]), i))
                .unwrap_or(0);
            table.push(rest.remove(best));
        }
        tables.push(table);
    }
    tables
}

/// The bracket's seed order for `size` slots (a power of two): 1 meets the
/// last seed, and the top two can meet only in the final.
fn bracket(size: usize) -> Vec<usize> {
    let mut order = vec![0usize];
    while order.len() < size {
        let m = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, m - 1 - s]).collect();
    }
    order
}

/// Each round's slots: round one's bracket, then for each round played
/// the one who went on from each two slots.
fn elimination_slots(setup: &Setup, played: &[Round]) -> Vec<Option<usize>> {
    let n = setup.entrants;
    let size = n.next_power_of_two();
    let mut slots: Vec<Option<usize>> = bracket(size)
        .into_iter()
        .map(|s| (s < n).then_some(s))
        .collect();
    for r in played {
        slots = slots
            .chunks(2)
            .map(|pair| match (pair[0], pair.get(1).copied().flatten()) {
                (Some(a), Some(b)) => r
                    .games
                    .iter()
                    .flatten()
                    .find(|g| g.entrants.contains(&a) && g.entrants.contains(&b))
                    .map(|g| winner(setup, g)),
                (a, b) => a.or(b),
            })
            .collect();
    }
    slots
}

/// The winner of a two-sided game: the first place; between equal places
/// the better match score, then the better seed.
pub fn winner(setup: &Setup, g: &super::Game) -> usize {
    let mut best = 0;
    for i in 1..g.entrants.len() {
        if beats(setup, g, i, best) {
            best = i;
        }
    }
    g.entrants[best]
}

fn elimination(setup: &Setup, played: &[Round]) -> Option<Plan> {
    let slots = elimination_slots(setup, played);
    if slots.len() < 2 {
        return None;
    }
    let mut plan = Plan::default();
    for pair in slots.chunks(2) {
        match (pair[0], pair[1]) {
            (Some(a), Some(b)) => plan.tables.push(vec![a, b]),
            (Some(a), None) | (None, Some(a)) => plan.byes.push(a),
            (None, None) => {}
        }
    }
    Some(plan)
}

/// The champion of a finished elimination (`None` before the end).
pub fn champion(setup: &Setup, played: &[Round]) -> Option<usize> {
    if setup.format != Format::Elimination || played.iter().any(|r| !r.finished()) {
        return None;
    }
    match elimination_slots(setup, played).as_slice() {
        [one] => *one,
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Game;
    use proptest::prelude::*;

    fn setup(n: usize, k: usize, format: Format, rounds: usize) -> Setup {
        Setup {
            entrants: n,
            per_table: k,
            format,
            swiss_rounds: rounds,
            low_wins: false,
            seed: 7,
            duplicate: false,
        }
    }

    /// Play a round: at each table the entrants finish in the order the
    /// `luck` numbers give (by entrant), scores to match.
    fn play(plan: Plan, luck: &[u64]) -> Round {
        let games = plan
            .tables
            .iter()
            .map(|t| {
                let mut by: Vec<usize> = (0..t.len()).collect();
                by.sort_by_key(|&i| std::cmp::Reverse(luck[t[i]]));
                let mut places = vec![0; t.len()];
                for (place, &i) in by.iter().enumerate() {
                    places[i] = place;
                }
                let scores = places.iter().map(|&p| 100 - 10 * p as i64).collect();
                Some(Game {
                    entrants: t.clone(),
                    places,
                    scores,
                    hands: Vec::new(),
                    deals: Vec::new(),
                })
            })
            .collect();
        Round { plan, games }
    }

    fn run(s: &Setup, luck: impl Fn(usize) -> Vec<u64>) -> Vec<Round> {
        let mut played = Vec::new();
        while let Some(plan) = next_round(s, &played) {
            played.push(play(plan, &luck(played.len())));
        }
        played
    }

    fn check_round(s: &Setup, r: &Round) {
        let mut seen = vec![0; s.entrants];
        for t in &r.plan.tables {
            assert_eq!(t.len(), s.per_table, "full tables");
            for &e in t {
                seen[e] += 1;
            }
        }
        for &b in &r.plan.byes {
            seen[b] += 1;
        }
        assert!(seen.iter().all(|&c| c <= 1), "once a round: {:?}", r.plan);
        if s.format != Format::Elimination {
            assert!(seen.iter().all(|&c| c == 1), "everyone placed");
        }
    }

    /// Whether any repeat-free seating of `rest` in pairs exists (plain
    /// enumeration, independent of the search).
    fn pairs_exist(rest: &[usize], met: &[Vec<u32>]) -> bool {
        let Some((&a, others)) = rest.split_first() else {
            return true;
        };
        others.iter().any(|&b| {
            met[a][b] == 0 && {
                let left: Vec<usize> = others.iter().copied().filter(|&x| x != b).collect();
                pairs_exist(&left, met)
            }
        })
    }

    #[test]
    fn circle_meets_everyone_once() {
        for n in 2..=9 {
            let s = setup(n, 2, Format::RoundRobin, 0);
            let played = run(&s, |_| (0..n as u64).collect());
            let met = meetings(n, &played);
            for (a, row) in met.iter().enumerate() {
                for (b, &m) in row.iter().enumerate() {
                    assert_eq!(m, u32::from(a != b), "{n} entrants: {a} and {b}");
                }
            }
            let had = byes_had(n, &played);
            assert!(had.iter().all(|&h| h == u32::from(n % 2 == 1)));
        }
    }

    #[test]
    fn bracket_keeps_top_seeds_apart() {
        assert_eq!(bracket(4), vec![0, 3, 1, 2]);
        assert_eq!(bracket(8), vec![0, 7, 3, 4, 1, 6, 2, 5]);
    }

    #[test]
    fn elimination_gives_byes_to_top_seeds() {
        let s = setup(5, 2, Format::Elimination, 0);
        let plan = next_round(&s, &[]).expect("a first round");
        assert_eq!(plan.byes, vec![0, 1, 2]);
        assert_eq!(plan.tables, vec![vec![3, 4]]);
    }

    #[test]
    fn drawn_knockout_goes_to_score_then_seed() {
        let s = setup(2, 2, Format::Elimination, 0);
        let g = Game {
            entrants: vec![0, 1],
            places: vec![0, 0],
            scores: vec![50, 60],
            hands: Vec::new(),
            deals: Vec::new(),
        };
        assert_eq!(winner(&s, &g), 1);
        let even = Game {
            scores: vec![60, 60],
            ..g
        };
        assert_eq!(winner(&s, &even), 0);
    }

    #[test]
    fn setups_are_checked() {
        assert!(setup(1, 2, Format::Swiss, 3).check().is_err());
        assert!(setup(6, 2, Format::Swiss, 0).check().is_err());
        assert!(setup(6, 3, Format::Elimination, 0).check().is_err());
        assert!(setup(6, 3, Format::RoundRobin, 0).check().is_ok());
    }

    proptest! {
        #[test]
        fn swiss_rounds_are_sound(
            n in 2usize..12,
            // Up to the trains family's tables of eight.
            k in 2usize..9,
            rounds in 1usize..6,
            luck in proptest::collection::vec(proptest::collection::vec(0u64..1000, 12), 6),
        ) {
            prop_assume!(n >= k);
            let s = setup(n, k, Format::Swiss, rounds);
            let mut played: Vec<Round> = Vec::new();
            while let Some(plan) = next_round(&s, &played) {
                check_round(&s, &Round { plan: plan.clone(), games: vec![] });
                if k == 2 {
                    // No repeat where a repeat-free pairing exists.
                    let met = meetings(n, &played);
                    let playing: Vec<usize> = plan.tables.iter().flatten().copied().collect();
                    let repeats = plan.tables.iter().any(|t| met[t[0]][t[1]] > 0);
                    prop_assert!(!repeats || !pairs_exist(&playing, &met), "avoidable repeat {:?}", plan);
                }
                played.push(play(plan, &luck[played.len()]));
            }
            prop_assert_eq!(played.len(), rounds);
            // Byes: nobody gets a second while someone has none.
            let had = byes_had(n, &played);
            let (lo, hi) = (had.iter().min().copied().unwrap_or(0), had.iter().max().copied().unwrap_or(0));
            prop_assert!(hi <= lo + 1, "byes {:?}", had);
        }

        #[test]
        fn round_robins_are_sound(n in 2usize..11, k in 2usize..9, seed in 0u64..1000) {
            prop_assume!(n >= k);
            let s = setup(n, k, Format::RoundRobin, 0);
            let played = run(&s, |r| (0..12).map(|e| (e as u64 * 31 + seed + r as u64) % 17).collect());
            for r in &played {
                check_round(&s, r);
            }
            let had = byes_had(n, &played);
            let (lo, hi) = (had.iter().min().copied().unwrap_or(0), had.iter().max().copied().unwrap_or(0));
            prop_assert!(hi <= lo + 1, "byes {:?}", had);
            if k == 2 {
                let met = meetings(n, &played);
                prop_assert!((0..n).all(|a| (0..n).all(|b| met[a][b] == u32::from(a != b))));
            }
        }

        #[test]
        fn elimination_crowns_one(n in 2usize..20, luck in proptest::collection::vec(0u64..1000, 20)) {
            let s = setup(n, 2, Format::Elimination, 0);
            let played = run(&s, |_| luck.clone());
            for r in &played {
                check_round(&s, r);
            }
            prop_assert_eq!(played.len(), s.rounds());
            let champ = champion(&s, &played);
            prop_assert!(champ.is_some());
            // The champion won every table it sat at.
            let c = champ.unwrap_or(usize::MAX);
            for r in &played {
                for g in r.games.iter().flatten() {
                    if g.entrants.contains(&c) {
                        prop_assert_eq!(winner(&s, g), c);
                    }
                }
            }
            // Every round-one bye went to a better seed than every player of round one.
            if let Some(first) = played.first() {
                let worst_bye = first.plan.byes.iter().max().copied();
                let best_player = first.plan.tables.iter().flatten().min().copied();
                if let (Some(b), Some(p)) = (worst_bye, best_player) {
                    prop_assert!(b < p);
                }
            }
        }
    }
}
