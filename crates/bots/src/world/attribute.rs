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
