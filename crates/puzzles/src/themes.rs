//! Themes read from a puzzle's solution: what the answer does and how the
//! best line after it ends, in the real deal.

use domino_bots::analysis::Analyst;
use domino_bots::knowledge::Knowledge;
use domino_bots::solver::Position;
use domino_engine::{Action, Ending};

use crate::format::{Kind, Theme};
use crate::position::Setup;

/// The themes of `answer` in `setup`, sorted.
pub fn detect(setup: &Setup, kind: Kind, answer: Action) -> Vec<Theme> {
    let pos = &setup.pos;
    let rules = &setup.rules;
    let seat = setup.seat;
    let side = rules.side_of(seat);
    let after = pos.after(answer);
    let mut out = Vec::new();

    if let Some((end, capicu)) = line_end(&after, side) {
        match end {
            Ending::Blocked => out.push(Theme::Blocking),
            Ending::Domino { seat: s, .. } if rules.side_of(s) == side => {
                out.push(Theme::Domino);
            }
            _ => {}
        }
        if capicu {
            out.push(Theme::Capicu);
        }
    }
    if !after.hand.is_over() {
        let next = after.hand.to_act();
        let opponent = rules.side_of(next) != side;
        if opponent
            && after.hand.playable(next).is_empty()
            // What the opponent could have laid had the answer been
            // another: the hand's rule, so that a trains game's closed
            // trains count for nothing.
            && !pos.hand.playable(next).is_empty()
        {
            out.push(Theme::Cutting);
        }
    }
    let view = setup.view();
    let k = Knowledge::new(&view);
    if let Some(partner) = partner(setup) {
        let theirs = k.shown[partner as usize];
        let open = |p: &Position| -> u16 {
            p.hand
                .layout()
                .chains()
                .iter()
                .fold(0u16, |m, c| m | (1 << c.pips))
        };
        let keeps = open(&after) & theirs != 0;
        let another_covers = setup
            .choices
            .iter()
            .any(|&c| c != answer && open(&pos.after(c)) & theirs == 0);
        if keeps && another_covers {
            out.push(Theme::PartnerNumber);
        }
    }
    if let Action::Play { tile, end, .. } = answer {
        if pos.hand.play_points(tile, end) > 0 {
            out.push(Theme::Scoring);
        }
        if tile.is_double() {
            out.push(Theme::Double);
        }
    }
    if kind == Kind::Counting {
        let ruled_out = (0..rules.players())
            .filter(|&s| s != seat)
            .any(|s| !k.lacks[s as usize].intersect(k.unseen).is_empty());
        if ruled_out {
            out.push(Theme::Passes);
        }
    }
    out.sort();
    out
}

/// The seat's partner in a game of two partnerships of two.
fn partner(setup: &Setup) -> Option<u8> {
    let rules = &setup.rules;
    let n = rules.players();
    (0..n).find(|&s| s != setup.seat && rules.side_of(s) == rules.side_of(setup.seat))
}

/// How the best line from `pos` (for `side`, the others against it)
/// ends, and whether its last tile was a capicú: a domino by `side` on a
/// tile that fitted both ends of a line showing two different numbers.
/// `None` past the node limit.
fn line_end(pos: &Position, side: usize) -> Option<(Ending, bool)> {
    let mut p = *pos;
    let mut last = None;
    if !p.hand.is_over() {
        let mut analyst = Analyst::new(18, Some(20_000_000));
        for a in analyst.line(pos, side)? {
            last = Some((p, a));
            p.apply(a);
        }
    }
    let ending = p.hand.ending()?;
    let capicu = match (ending, last) {
        (Ending::Domino { seat, tile, .. }, Some((before, _)))
            if p.hand.rules().side_of(seat) == side && before.hand.layout().is_line() =>
        {
            let (a, b) = before.hand.layout().line_accepts();
            a != b && a.contains(tile) && b.contains(tile)
        }
        _ => false,
    };
    Some((ending, capicu))
}
