//! Which of a seat's plays came from its draws. A tile the seat could
//! have laid when it drew or passed was not in its hand then, so it came
//! from a draw made since; the other plays may be tiles it was dealt, up
//! to a hand's worth, and none the seat cannot have been dealt.

use domino_engine::{Action, Tile, TileSet};

use crate::knowledge::Step;

/// The plays of `seat` dealt to it, and the draw each other play came
/// from (`(draw, tile)`); `None` when no attribution agrees with the
/// hand's draws and passes. `plays` are `(step, tile)` in order, those a
/// draw already explains left out; `draws` are `(draw, step)` of its
/// draws whose tile is not yet known, in order; no tile of `undealt`
/// was dealt to it.
pub(super) fn attribute(
    steps: &[Step],
    seat: u8,
    plays: &[(usize, Tile)],
    draws: &[(usize, usize)],
    hand_size: usize,
    undealt: TileSet,
) -> Option<(TileSet, Vec<(usize, Tile)>)> {
    let mut free = vec![true; draws.len()];
    let mut from_draws = Vec::new();
    let mut dealt = Vec::new();
    // A play barred by an earlier draw or pass came from a later draw:
    // the earliest free one since, taken in the order of the plays
    // (earliest deadline first), which matches every play that can be.
    for &(at, t) in plays {
        let barred = steps[..at]
            .iter()
            .rposition(|st| {
                st.seat == seat
                    && matches!(st.action, Action::Draw | Action::Pass)
                    && st.playable.contains(t)
            })
            .or(undealt.contains(t).then_some(0));
        let Some(since) = barred else {
            dealt.push((at, t));
            continue;
        };
        let d = (0..draws.len()).find(|&d| free[d] && draws[d].1 >= since && draws[d].1 < at)?;
        free[d] = false;
        from_draws.push((draws[d].0, t));
    }
    // Beyond a hand's worth, the last plays came from draws before them.
    let excess = dealt.len().saturating_sub(hand_size);
    for &(at, t) in &dealt[dealt.len() - excess..] {
        let d = (0..draws.len()).find(|&d| free[d] && draws[d].1 < at)?;
        free[d] = false;
        from_draws.push((draws[d].0, t));
    }
    let kept = dealt[..dealt.len() - excess]
        .iter()
        .map(|&(_, t)| t)
        .collect();
    Some((kept, from_draws))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    fn step(seat: u8, action: Action, playable: &[&str]) -> Step {
        Step {
            seat,
            action,
            playable: playable.iter().map(|s| t(s)).collect(),
        }
    }

    fn play(s: &str) -> Action {
        Action::Play {
            tile: t(s),
            end: Some(0),
            claim: false,
        }
    }

    /// Seat 0 draws twice while 5-5 could go down, then plays 6-6 and,
    /// later, 5-5: the 5-5 came from a draw, whatever its hand size allows.
    #[test]
    fn a_tile_the_seat_could_have_laid_when_it_drew_came_from_a_draw() {
        let steps = [
            step(0, Action::Draw, &["5-5"]),
            step(0, Action::Draw, &["5-5"]),
            step(0, play("6-6"), &["6-6"]),
            step(1, Action::Pass, &[]),
            step(0, play("5-5"), &["5-5"]),
        ];
        let plays = [(2, t("6-6")), (4, t("5-5"))];
        let draws = [(0, 0), (1, 1)];
        let (dealt, from_draws) = attribute(&steps, 0, &plays, &draws, 7, TileSet::EMPTY)
            .unwrap_or_else(|| panic!("an attribution exists"));
        assert_eq!(dealt, t("6-6").bit());
        // The second draw: at the first, 5-5 could go down, so it was not held.
        assert_eq!(from_draws, vec![(1, t("5-5"))]);
        // A tile no seat was dealt came from a draw too.
        let (dealt, from_draws) =
            attribute(&steps, 0, &plays, &draws, 7, t("6-6").bit()).unwrap_or_default();
        assert!(dealt.is_empty());
        assert_eq!(from_draws.len(), 2);
    }
}
