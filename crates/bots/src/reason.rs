//! Why a move is good, as facts a player can follow: what it scores, what
//! it leaves the next opponent, which numbers it keeps, what it sheds.
//! Worked out from what the player's seat knows (never from hidden tiles),
//! for the expert's hints in the terminal game and the browser; each front
//! puts the facts into words in its own language.

use serde::{Deserialize, Serialize};

use crate::knowledge::Knowledge;
use domino_engine::{Action, SeatView, TileSet};

/// One reason for a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Why {
    /// Drawing: nothing in hand fits.
    NothingFits,
    /// Passing: nothing fits and nothing can be drawn.
    NothingDrawn,
    /// Muggins: points the others left unclaimed.
    FreePoints,
    /// Letting a partner pose: their hand is the stronger lead.
    StrongerLead,
    /// The last tile: it wins the hand.
    LastTile,
    /// The only tile that fits.
    OnlyPlay,
    /// The ends make `total`, which scores `points`.
    Scores { points: i32, total: i32 },
    /// The next player, an opponent, has shown none of the open `ends`.
    ShownNone { seat: u8, ends: Vec<u8> },
    /// Leaves `x` open, a number the player holds `count` more of and the
    /// partner has shown.
    PartnerSuit { x: u8, count: u32 },
    /// Leaves `x` open, a number the partner has shown.
    PartnerNumber { x: u8, count: u32 },
    /// Leaves `x` open, a number the player holds `count` more of.
    Keeps { x: u8, count: u32 },
    /// Covers `x`, a number opponent `seat` has shown.
    Covers { seat: u8, x: u8 },
    /// Gets rid of a double.
    Double,
    /// Sheds a heavy tile of `count` pips.
    Unloads { count: u32 },
    /// Keeps options: `count` tiles of `x` still in hand.
    Options { x: u8, count: u32 },
    /// None of the above: the expert's search rates it best.
    Search,
}

fn count_in(set: TileSet, n: u8) -> u32 {
    set.intersect(TileSet::suit(n)).len()
}

/// Why `a` is a good move for the seat of `view`: one or two reasons,
/// never none.
pub fn reasons(view: &SeatView, a: Action) -> Vec<Why> {
    let Some(tile) = a.tile() else {
        return vec![match a {
            Action::Draw => Why::NothingFits,
            Action::Pass => Why::NothingDrawn,
            Action::Muggins => Why::FreePoints,
            _ => Why::StrongerLead,
        }];
    };
    let rules = view.rules();
    let me = view.seat();
    let n = rules.players();
    let k = Knowledge::new(view);
    let rest = view.hand().minus(tile.bit());
    if rest.is_empty() {
        return vec![Why::LastTile];
    }
    let mut why: Vec<Why> = Vec::new();
    let plays = view
        .legal()
        .iter()
        .filter(|x| matches!(x, Action::Play { claim: false, .. }))
        .count();
    if plays == 1 {
        why.push(Why::OnlyPlay);
    }
    let mut layout = *view.layout();
    let end = match a {
        Action::Play { end, .. } => end,
        _ => None,
    };
    let covered = end.and_then(|e| layout.chains().get(e as usize).map(|c| c.pips));
    match end {
        None => layout.pose(tile),
        Some(e) => layout.place(tile, e),
    }
    // The numbers this play leaves showing.
    let shows: Vec<u8> = match (end, covered) {
        (Some(_), Some(p)) => vec![tile.other(p)],
        _ => vec![tile.high(), tile.low()],
    };
    if rules.scores_ends() {
        let points = rules.ends().points(layout.ends_total());
        let total = layout.ends_total() as i32;
        if points > 0 {
            why.push(Why::Scores { points, total });
        }
    }
    // Does the next opponent have anything to play?
    let next = (me + 1) % n;
    let next_is_foe = !rules.partners() || rules.side_of(next) != rules.side_of(me);
    if next_is_foe {
        let could = k
            .possible(next)
            .minus(tile.bit())
            .intersect(layout.playable());
        if could.is_empty() {
            let mut ends: Vec<u8> = Vec::new();
            for c in layout.chains() {
                if !ends.contains(&c.pips) {
                    ends.push(c.pips);
                }
            }
            why.push(Why::ShownNone { seat: next, ends });
        }
    }
    let partner = rules.partner_of(me).filter(|_| rules.partners());
    for &x in &shows {
        let count = count_in(rest, x);
        let partners = partner.is_some_and(|p| k.shown[p as usize] & (1 << x) != 0);
        match (count >= 2, partners) {
            (true, true) => why.push(Why::PartnerSuit { x, count }),
            (false, true) => why.push(Why::PartnerNumber { x, count }),
            (true, false) => why.push(Why::Keeps { x, count }),
            _ => {}
        }
    }
    if let Some(p) = covered {
        let foe = (0..n).find(|&s| {
            s != me && rules.side_of(s) != rules.side_of(me) && k.shown[s as usize] & (1 << p) != 0
        });
        if let Some(seat) = foe.filter(|_| !shows.contains(&p)) {
            why.push(Why::Covers { seat, x: p });
        }
    }
    if tile.is_double() {
        why.push(Why::Double);
    } else if tile.pips() >= 9 && !rules.scores_ends() {
        why.push(Why::Unloads {
            count: u32::from(tile.pips()),
        });
    }
    if why.is_empty() {
        let strongest = (0..=rules.max_pip())
            .max_by_key(|&x| count_in(rest, x))
            .unwrap_or(0);
        let held = count_in(rest, strongest);
        why.push(if held >= 2 {
            Why::Options {
                x: strongest,
                count: held,
            }
        } else {
            Why::Search
        });
    }
    why.dedup();
    why.truncate(2);
    why
}

#[cfg(test)]
mod tests {
    use super::*;
    use domino_engine::{Match, RulesSpec};

    fn start(preset: &str, players: u8, seed: u64) -> Match {
        let spec = RulesSpec {
            preset: preset.into(),
            players: Some(players),
            options: Default::default(),
        };
        let rules = spec.resolve().expect("rules");
        Match::new(rules, Some(seed), None).expect("match")
    }

    #[test]
    fn every_legal_move_has_one_or_two_reasons() {
        for (preset, players) in [
            ("all-fives", 2),
            ("jamaican", 4),
            ("draw", 2),
            ("french", 4),
        ] {
            for seed in 0..5 {
                let mut m = start(preset, players, seed);
                for _ in 0..12 {
                    let Some(seat) = m.to_act() else { break };
                    let view = m.seat_view(seat);
                    let legal: Vec<Action> = view.legal().to_vec();
                    for &a in &legal {
                        let why = reasons(&view, a);
                        assert!(!why.is_empty() && why.len() <= 2, "{preset}: {why:?}");
                    }
                    let Some(&a) = legal.first() else { break };
                    if m.act(a, &mut ()).is_err() {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn a_scoring_play_says_what_it_scores() {
        // In all fives, find a play that makes the ends a multiple of five.
        for seed in 0..200 {
            let mut m = start("all-fives", 2, seed);
            for _ in 0..10 {
                let Some(seat) = m.to_act() else { break };
                let view = m.seat_view(seat);
                let legal: Vec<Action> = view.legal().to_vec();
                for &a in &legal {
                    if let Action::Play { tile, end, .. } = a {
                        let mut l = *view.layout();
                        match end {
                            None => l.pose(tile),
                            Some(e) => l.place(tile, e),
                        }
                        let pts = view.rules().ends().points(l.ends_total());
                        if pts > 0 && view.hand().len() > 1 {
                            let why = reasons(&view, a);
                            assert!(
                                why.iter().any(
                                    |w| matches!(w, Why::Scores { points, .. } if *points == pts)
                                ),
                                "{a:?}: {why:?}"
                            );
                            return;
                        }
                    }
                }
                let Some(&a) = legal.first() else { break };
                if m.act(a, &mut ()).is_err() {
                    break;
                }
            }
        }
        panic!("no scoring play found");
    }

    #[test]
    fn drawing_and_passing_have_their_own_reasons() {
        let m = start("draw", 2, 1);
        let seat = m.to_act().expect("to act");
        let view = m.seat_view(seat);
        assert_eq!(reasons(&view, Action::Draw), vec![Why::NothingFits]);
        assert_eq!(reasons(&view, Action::Pass), vec![Why::NothingDrawn]);
    }
}
