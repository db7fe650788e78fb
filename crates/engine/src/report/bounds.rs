//! What a deal allows a report to say: the counts held (by disjoint hands
//! of the set, of the sizes the game deals and draws), the points made in
//! play (a play scores at most the ends' best total, a pass at most the
//! pass bonus), and the points a club act can cancel.

use crate::behaviour::EndCount;
use crate::deal::MAX_PLAYERS;
use crate::rules::{DrawRule, LayoutKind, Rules};
use crate::tile::Tile;

use super::realise::{Holding, Pool, Verdict};
use super::ReportError;

/// What the report says of the hands and the last tile, as the checks
/// before read it.
pub(super) struct Held<'a> {
    pub counts: &'a [u32],
    /// Seats with no tile left.
    pub out: &'a [u8],
    /// French: which seats hold a double (`None` in other games).
    pub doubles: Option<&'a [bool; MAX_PLAYERS]>,
    /// Somebody went out (the hand was not blocked).
    pub domino: bool,
    /// The last tile was a double, or the double blank.
    pub last_double: bool,
    pub chuchazo: bool,
}

/// Refuse zero counts of seats still holding tiles that no deal leaves:
/// with no tile counting 0 such a seat went out, and only one seat can
/// hold the double blank. Said before the general search, whose refusal
/// would name a seat's tiles rather than this.
pub(super) fn check_zeros(rules: &Rules, counts: &[u32], out: &[u8]) -> Result<(), ReportError> {
    let seats: Vec<u8> = (0..counts.len())
        .filter(|&s| counts[s] == 0 && !out.contains(&(s as u8)))
        .map(|s| s as u8)
        .collect();
    let zero_tiles = rules
        .tiles()
        .iter()
        .filter(|&t| rules.count_of(t) == 0)
        .count();
    if !seats.is_empty() && zero_tiles == 0 {
        return Err(ReportError::ZeroNotOut { seats });
    }
    if seats.len() > zero_tiles {
        return Err(ReportError::ZerosHeld { seats });
    }
    Ok(())
}

/// Tiles a seat may hold at most, and all seats together, given what the
/// game deals and lets be drawn.
struct Sizes {
    per_seat: u8,
    /// Tiles that ever reach a hand.
    reachable: u32,
}

fn sizes(rules: &Rules) -> Sizes {
    let set = rules.tiles().len();
    let dealt = (u32::from(rules.players()) * u32::from(rules.hand_size())).min(set);
    let drawable = if rules.draw() == DrawRule::Never {
        0
    } else {
        (set - dealt).saturating_sub(u32::from(rules.draw().reserve()))
    };
    Sizes {
        per_seat: u8::try_from(u32::from(rules.hand_size()) + drawable).unwrap_or(u8::MAX),
        reachable: dealt + drawable,
    }
}

/// Refuse counts that no deal leaves: see `realise.rs`.
pub(super) fn check_held(rules: &Rules, held: &Held) -> Result<(), ReportError> {
    let sizes = sizes(rules);
    // The seat that went out laid a whole hand; a blocked hand has at
    // least the pose on the table.
    let on_table = if held.domino {
        u32::from(rules.hand_size())
    } else {
        1
    };
    let held_max = sizes.reachable.saturating_sub(on_table);
    let holding = |seat: usize| Holding {
        count: held.counts[seat],
        min_tiles: 1,
        max_tiles: sizes.per_seat,
        double: held.doubles.map(|d| d[seat]),
    };
    let seats: Vec<usize> = (0..held.counts.len())
        .filter(|&s| !held.out.contains(&(s as u8)))
        .collect();
    let all: Vec<Holding> = seats.iter().map(|&s| holding(s)).collect();

    let mut pool = Pool::new(rules.tiles().iter(), |t| rules.count_of(t));
    if held.chuchazo {
        pool = Pool::new(
            rules.tiles().iter().filter(|&t| t != Tile::double(0)),
            |t| rules.count_of(t),
        );
    }
    let pools = if held.last_double && !held.chuchazo {
        pool.less_one_double()
    } else {
        vec![pool.clone()]
    };
    let verdicts: Vec<Verdict> = pools.iter().map(|p| p.holds(&all, held_max)).collect();
    if verdicts.contains(&Verdict::Possible) || verdicts.contains(&Verdict::Undecided) {
        return Ok(());
    }

    // Refused: say which seats, the fewest that cannot be served.
    let whole = Pool::new(rules.tiles().iter(), |t| rules.count_of(t));
    for &s in &seats {
        let one = holding(s);
        if whole.holds(&[one], held_max) == Verdict::Impossible {
            return Err(ReportError::SeatCannotHold {
                seat: s as u8,
                count: one.count,
                most: one.max_tiles,
                double: one.double,
            });
        }
    }
    if whole.holds(&all, held_max) != Verdict::Impossible {
        return Err(ReportError::LastTileHeld(if held.chuchazo {
            "the double blank"
        } else {
            "a double"
        }));
    }
    let mut named = Vec::new();
    for &s in &seats {
        named.push(s as u8);
        let some: Vec<Holding> = named.iter().map(|&x| holding(usize::from(x))).collect();
        if whole.holds(&some, held_max) == Verdict::Impossible {
            break;
        }
    }
    Err(ReportError::NoDeal { seats: named })
}

/// The highest total the ends can show.
fn most_ends_total(rules: &Rules) -> u32 {
    let ends: u32 = match rules.layout() {
        LayoutKind::Line => 2,
        LayoutKind::FirstDoubleSpinner | LayoutKind::Cross | LayoutKind::French => 4,
        // Every double opens two more lines.
        LayoutKind::CrossEveryDouble => 4 + 2 * u32::from(rules.max_pip()),
        LayoutKind::Trains { trains } => u32::from(trains),
        LayoutKind::ChickenFoot { centre } => u32::from(centre) + 2 * u32::from(rules.max_pip()),
    };
    // An end shows at most a double of the highest pip, both halves.
    ends * 2 * u32::from(rules.max_pip())
}

/// The points one play can make on the ends, each value once.
fn play_values(rules: &Rules) -> Vec<i32> {
    let mut values: Vec<i32> = (0..=most_ends_total(rules))
        .map(|t| rules.ends().points(t))
        .filter(|&p| p > 0)
        .collect();
    values.sort_unstable();
    values.dedup();
    values
}

/// The most points one play can make on the ends.
fn per_play(rules: &Rules) -> i32 {
    play_values(rules).last().copied().unwrap_or(0)
}

/// Refuse points in play no hand makes: more than every play scoring its
/// best (and every interval between plays a pass bonus), or not in the
/// pass bonus's unit.
pub(super) fn check_points(rules: &Rules, points: &[i32], out: usize) -> Result<(), ReportError> {
    let pass = rules.pass_points();
    if pass > 0 && rules.ends() == EndCount::Off {
        if let Some(&p) = points.iter().find(|&&p| p % pass != 0) {
            return Err(ReportError::NotPassPoints {
                points: p,
                unit: pass,
            });
        }
    }
    // Every seat still in holds a tile, so that many never reached the
    // table.
    let left = (usize::from(rules.players()) - out) as u32;
    let plays = sizes(rules).reachable.saturating_sub(left) as i32;
    // A pass bonus goes to each side at most once between two plays.
    let max = plays * (per_play(rules) + pass.max(0));
    let sums = play_sums(rules, max);
    for (side, &p) in points.iter().enumerate() {
        if p > max {
            return Err(ReportError::PlayPointsTooHigh {
                side,
                points: p,
                max,
            });
        }
        if !usize::try_from(p).is_ok_and(|i| sums.get(i).copied().unwrap_or(false)) {
            return Err(ReportError::NoPlaySum { side, points: p });
        }
    }
    Ok(())
}

/// Which totals from 0 to `max` some plays of the game add up to: each
/// play scores one of the values the ends can show (and a pass its bonus),
/// so fives and threes never makes 1, 2, 4 or 7.
fn play_sums(rules: &Rules, max: i32) -> Vec<bool> {
    let mut steps: Vec<usize> = play_values(rules)
        .into_iter()
        .filter_map(|p| usize::try_from(p).ok())
        .collect();
    if rules.pass_points() > 0 {
        steps.extend(usize::try_from(rules.pass_points()).ok());
    }
    let len = usize::try_from(max.max(0)).unwrap_or(0) + 1;
    let mut made = vec![false; len];
    made[0] = true;
    for v in 1..len {
        made[v] = steps.iter().any(|&s| s <= v && made[v - s]);
    }
    made
}

/// Refuse points in play past the target: the hand stops the moment a
/// side reaches it, so before a side's last scoring play (or pass bonus,
/// or penalty) it was still short of it.
pub(super) fn check_target(
    rules: &Rules,
    points: &[i32],
    scores: &[i32],
) -> Result<(), ReportError> {
    let crate::behaviour::MatchWin::Target { in_play: true, .. } = rules.win() else {
        return Ok(());
    };
    let target = rules.target();
    let penalty = if rules.pass_penalties() { 10 } else { 0 };
    let last = per_play(rules).max(rules.pass_points()).max(penalty);
    for (side, &p) in points.iter().enumerate() {
        let score = scores.get(side).copied().unwrap_or(0);
        if score >= target {
            continue;
        }
        let max = target - 1 - score + last;
        if p > max {
            return Err(ReportError::PastTarget {
                side,
                points: p,
                score,
                target,
                max,
            });
        }
    }
    Ok(())
}

/// The most a club act can cancel: one play's points.
pub(super) fn act_max(rules: &Rules) -> i32 {
    per_play(rules)
}
