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
/// was dealt to it; tiles of `keep` stay dealt where the choice is free
/// (the plays beyond a hand's worth are read as drawn, the latest first,
/// others before them).
pub(super) fn attribute(
    steps: &[Step],
    seat: u8,
    plays: &[(usize, Tile)],
    draws: &[(usize, usize)],
    hand_size: usize,
    undealt: TileSet,
    keep: TileSet,
) -> Option<(TileSet, Vec<(usize, Tile)>)> {
    // A play barred by an earlier draw or pass came from a draw made
    // since; the other plays may be dealt, up to a hand's worth.
    let mut from_draw: Vec<(usize, usize, Tile)> = Vec::new();
    let mut dealt = Vec::new();
    for &(at, t) in plays {
        let barred = steps[..at]
            .iter()
            .rposition(|st| {
                st.seat == seat
                    && matches!(st.action, Action::Draw | Action::Pass)
                    && st.playable.contains(t)
            })
            .or(undealt.contains(t).then_some(0));
        match barred {
            Some(since) => from_draw.push((at, since, t)),
            None => dealt.push((at, t)),
        }
    }
    // Beyond a hand's worth, the last plays came from draws before them
    // (those of `keep` last of all).
    let excess = dealt.len().saturating_sub(hand_size);
    let mut by_choice: Vec<usize> = (0..dealt.len()).rev().collect();
    by_choice.sort_by_key(|&i| keep.contains(dealt[i].1));
    let mut drawn: Vec<usize> = by_choice[..excess].to_vec();
    drawn.sort_unstable();
    from_draw.extend(drawn.iter().map(|&i| (dealt[i].0, 0, dealt[i].1)));
    // Each such play gets a draw between its start and itself: taken in
    // order of play, the earliest free draw that fits, which matches them
    // all whenever any matching does.
    from_draw.sort_unstable_by_key(|&(at, _, _)| at);
    let mut free = vec![true; draws.len()];
    let mut from_draws = Vec::new();
    for &(at, since, t) in &from_draw {
        let d = (0..draws.len()).find(|&d| free[d] && draws[d].1 >= since && draws[d].1 < at)?;
        free[d] = false;
        from_draws.push((draws[d].0, t));
    }
    let kept = (0..dealt.len())
        .filter(|i| drawn.binary_search(i).is_err())
        .map(|i| dealt[i].1)
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
        let (dealt, from_draws) =
            attribute(&steps, 0, &plays, &draws, 7, TileSet::EMPTY, TileSet::EMPTY)
                .unwrap_or_else(|| panic!("an attribution exists"));
        assert_eq!(dealt, t("6-6").bit());
        // The second draw: at the first, 5-5 could go down, so it was not held.
        assert_eq!(from_draws, vec![(1, t("5-5"))]);
        // A tile no seat was dealt came from a draw too.
        let (dealt, from_draws) =
            attribute(&steps, 0, &plays, &draws, 7, t("6-6").bit(), TileSet::EMPTY)
                .unwrap_or_default();
        assert!(dealt.is_empty());
        assert_eq!(from_draws.len(), 2);
    }

    /// Seat 0 plays three tiles with a hand of two and one draw: the play
    /// read as drawn is the last one, unless it is to be kept, when the
    /// one before it is.
    #[test]
    fn a_tile_to_keep_stays_dealt_where_the_choice_is_free() {
        let steps = [
            step(0, Action::Draw, &[]),
            step(0, play("3-2"), &["3-2"]),
            step(1, Action::Pass, &[]),
            step(0, play("4-1"), &["4-1"]),
            step(0, play("5-5"), &["5-5"]),
        ];
        let plays = [(1, t("3-2")), (3, t("4-1")), (4, t("5-5"))];
        let draws = [(0, 0)];
        let free = attribute(&steps, 0, &plays, &draws, 2, TileSet::EMPTY, TileSet::EMPTY);
        assert_eq!(
            free,
            Some((t("3-2").bit() | t("4-1").bit(), vec![(0, t("5-5"))]))
        );
        let kept = attribute(&steps, 0, &plays, &draws, 2, TileSet::EMPTY, t("5-5").bit());
        assert_eq!(
            kept,
            Some((t("3-2").bit() | t("5-5").bit(), vec![(0, t("4-1"))]))
        );
    }
}
