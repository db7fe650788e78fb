//! The expert's advice in words: the move, and a short why worked out from
//! what the player's seat knows (never from hidden tiles).

use domino_bots::knowledge::Knowledge;
use domino_engine::{Action, SeatView, TileSet};

use super::lang::{self, txt};
use super::layout::Pic;
use super::words::{end_name, ends_words, Table};

/// "play 5-3 on the right", "pose 6-6", "draw", "pass".
pub fn action_words(view: &SeatView, a: Action, table: &Table) -> String {
    match a {
        Action::Play {
            tile, end: None, ..
        } => table.tr("term-hint-pose", &[("tile", txt(tile.to_string()))]),
        Action::Play {
            tile,
            end: Some(e),
            claim,
        } => {
            let pic = pic_of(view);
            let end = end_name(table.lang, &pic, view.rules().layout, e as usize);
            table.tr(
                "term-hint-play",
                &[
                    ("tile", txt(tile.to_string())),
                    ("end", txt(end)),
                    ("claim", txt(claim.to_string())),
                ],
            )
        }
        Action::Draw => table.tr("term-hint-draw", &[]),
        Action::Pass => table.tr("term-hint-pass", &[]),
        Action::ChoosePoser { seat } => {
            table.tr("term-hint-let-pose", &[("who", txt(table.name(seat)))])
        }
        Action::Muggins => table.tr("term-hint-muggins", &[]),
    }
}

/// The chains as far as a seat can see them.
fn pic_of(view: &SeatView) -> Pic {
    Pic::new(view.drawn(), view.rules().max_pip)
}

fn count_in(set: TileSet, n: u8) -> u32 {
    set.intersect(TileSet::suit(n)).len()
}

/// Why the expert likes `a`, in a few words ("keeps 5s, your partner's suit").
pub fn reasons(view: &SeatView, a: Action, table: &Table) -> Vec<String> {
    let Some(tile) = a.tile() else {
        let id = match a {
            Action::Draw => "term-why-nothing-fits",
            Action::Pass => "term-why-nothing-drawn",
            Action::Muggins => "term-why-free-points",
            _ => "term-why-stronger-lead",
        };
        return vec![table.tr(id, &[])];
    };
    let rules = view.rules();
    let me = view.seat();
    let n = rules.players;
    let k = Knowledge::new(view);
    let hand = view.hand();
    let rest = hand.minus(tile.bit());
    let mut why: Vec<String> = Vec::new();
    let plays: Vec<Action> = view
        .legal()
        .iter()
        .filter(|x| matches!(x, Action::Play { claim: false, .. }))
        .copied()
        .collect();
    if rest.is_empty() {
        return vec![table.tr("term-why-last-tile", &[])];
    }
    if plays.len() == 1 {
        why.push(table.tr("term-why-only-play", &[]));
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
    // The number this play leaves showing.
    let shows: Vec<u8> = match (end, covered) {
        (Some(_), Some(p)) => vec![tile.other(p)],
        _ => vec![tile.high(), tile.low()],
    };
    if rules.scores_ends() {
        let pts = rules.ends.points(layout.ends_total());
        if pts > 0 {
            why.push(table.tr(
                "term-why-scores",
                &[
                    ("points", lang::num(pts as i64)),
                    ("total", lang::num(layout.ends_total() as i64)),
                ],
            ));
        }
    }
    // Does the next opponent have anything to play?
    let playable = layout.playable();
    let next = (me + 1) % n;
    let next_is_foe = !rules.partners || rules.side_of(next) != rules.side_of(me);
    if next_is_foe {
        let could = k.possible(next).minus(tile.bit()).intersect(playable);
        if could.is_empty() {
            let ends: Vec<u8> = layout.chains().iter().map(|c| c.pips).collect();
            why.push(table.tr(
                "term-why-shown-none",
                &[
                    ("who", txt(table.name(next))),
                    ("ends", txt(ends_words(table.lang, &ends))),
                ],
            ));
        }
    }
    let partner = table.partner().filter(|_| rules.partners);
    for &x in &shows {
        let mine = count_in(rest, x);
        let partners = partner.is_some_and(|p| k.shown[p as usize] & (1 << x) != 0);
        let args = [("x", lang::num(x)), ("count", lang::num(mine as i64))];
        match (mine >= 2, partners) {
            (true, true) => why.push(table.tr("term-why-partner-suit", &args)),
            (false, true) => why.push(table.tr("term-why-partner-number", &args)),
            (true, false) => why.push(table.tr("term-why-keeps", &args)),
            _ => {}
        }
    }
    if let Some(p) = covered {
        let foe_wants = (0..n).filter(|&s| s != me && rules.side_of(s) != rules.side_of(me));
        for s in foe_wants {
            if k.shown[s as usize] & (1 << p) != 0 && !shows.contains(&p) {
                why.push(table.tr(
                    "term-why-covers",
                    &[("who", lang::txt(table.name(s))), ("x", lang::num(p))],
                ));
                break;
            }
        }
    }
    if tile.is_double() {
        why.push(table.tr("term-why-double", &[]));
    } else if tile.pips() >= 9 && !rules.scores_ends() {
        why.push(table.tr(
            "term-why-unloads",
            &[("count", lang::num(tile.pips() as i64))],
        ));
    }
    if why.is_empty() {
        let strongest = (0..=rules.max_pip)
            .max_by_key(|&x| count_in(rest, x))
            .unwrap_or(0);
        let held = count_in(rest, strongest);
        if held >= 2 {
            why.push(table.tr(
                "term-why-options",
                &[
                    ("count", lang::num(held as i64)),
                    ("x", lang::num(strongest)),
                ],
            ));
        } else {
            why.push(table.tr("term-why-search", &[]));
        }
    }
    why.dedup();
    why.truncate(2);
    why
}

/// The hint line: "play 5-3 on the right — keeps 5s, your partner's suit".
pub fn explain(view: &SeatView, a: Action, table: &Table) -> String {
    let what = action_words(view, a, table);
    let why = reasons(view, a, table).join("; ");
    let mut chars = what.chars();
    let what = match chars.next() {
        Some(first) => first.to_uppercase().collect::<String>() + chars.as_str(),
        None => what,
    };
    table.tr("term-hint-line", &[("what", txt(what)), ("why", txt(why))])
}
