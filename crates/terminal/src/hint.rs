//! The expert's advice in words: the move, and a short why worked out from
//! what the player's seat knows (never from hidden tiles).

use domino_bots::reason::Why;
use domino_engine::{Action, SeatView};
use fluent_bundle::FluentValue;

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
            let end = end_name(table, &pic, e as usize);
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
        // In a first-turn chain, a pass ends the turn (Mexican Train).
        Action::Pass if view.wire().trains.is_some_and(|t| t.chaining) => {
            table.tr("term-hint-end-chain", &[])
        }
        Action::Pass => table.tr("term-hint-pass", &[]),
        Action::ChoosePoser { seat } => {
            table.tr("term-hint-let-pose", &[("who", txt(table.name(seat)))])
        }
        Action::Muggins => table.tr("term-hint-muggins", &[]),
    }
}

/// The chains as far as a seat can see them.
fn pic_of(view: &SeatView) -> Pic {
    Pic::new(view.drawn(), view.rules().max_pip())
}

/// Why the expert likes `a`, in a few words ("keeps 5s, your partner's
/// suit"): the facts of [`domino_bots::reason::reasons`] in the player's
/// language.
pub fn reasons(view: &SeatView, a: Action, table: &Table) -> Vec<String> {
    let mut why: Vec<String> = domino_bots::reason::reasons(view, a)
        .iter()
        .map(|w| words(w, table))
        .collect();
    why.dedup();
    why
}

fn words(w: &Why, table: &Table) -> String {
    match w {
        Why::NothingFits => table.tr("term-why-nothing-fits", &[]),
        Why::NothingDrawn => table.tr("term-why-nothing-drawn", &[]),
        Why::FreePoints => table.tr("term-why-free-points", &[]),
        Why::StrongerLead => table.tr("term-why-stronger-lead", &[]),
        Why::LastTile => table.tr("term-why-last-tile", &[]),
        Why::OnlyPlay => table.tr("term-why-only-play", &[]),
        Why::Scores { points, total } => table.tr(
            "term-why-scores",
            &[
                ("points", lang::num(i64::from(*points))),
                ("total", lang::num(i64::from(*total))),
            ],
        ),
        Why::ShownNone { seat, ends } => table.tr(
            "term-why-shown-none",
            &[
                ("who", txt(table.name(*seat))),
                ("ends", txt(ends_words(table.lang, ends))),
            ],
        ),
        Why::PartnerSuit { x, count } => table.tr("term-why-partner-suit", &xc(*x, *count)),
        Why::PartnerNumber { x, count } => table.tr("term-why-partner-number", &xc(*x, *count)),
        Why::Keeps { x, count } => table.tr("term-why-keeps", &xc(*x, *count)),
        Why::Covers { seat, x } => table.tr(
            "term-why-covers",
            &[("who", txt(table.name(*seat))), ("x", lang::num(*x))],
        ),
        Why::Double => table.tr("term-why-double", &[]),
        Why::Unloads { count } => table.tr(
            "term-why-unloads",
            &[("count", lang::num(i64::from(*count)))],
        ),
        Why::Options { x, count } => table.tr("term-why-options", &xc(*x, *count)),
        Why::Search => table.tr("term-why-search", &[]),
    }
}

fn xc(x: u8, count: u32) -> [(&'static str, FluentValue<'static>); 2] {
    [("x", lang::num(x)), ("count", lang::num(i64::from(count)))]
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
