//! The expert's advice in words: the move, and a short why worked out from
//! what the player's seat knows (never from hidden tiles).

use domino_bots::knowledge::Knowledge;
use domino_engine::{Action, SeatView, TileSet};

use super::layout::Pic;
use super::words::{end_name, ends_words, Table};

/// "play 5-3 on the right", "pose 6-6", "draw", "pass".
pub fn action_words(view: &SeatView, a: Action, table: &Table) -> String {
    match a {
        Action::Play {
            tile, end: None, ..
        } => format!("pose {tile}"),
        Action::Play {
            tile,
            end: Some(e),
            claim,
        } => {
            let pic = pic_of(view);
            let call = if claim { " and call the points" } else { "" };
            format!(
                "play {tile} on the {}{call}",
                end_name(&pic, view.rules().layout, e as usize)
            )
        }
        Action::Draw => "draw".to_string(),
        Action::Pass => "pass".to_string(),
        Action::ChoosePoser { seat } => format!("let {} pose", table.name(seat)),
        Action::Muggins => "take the points by muggins".to_string(),
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
        return vec![match a {
            Action::Draw => "nothing fits".to_string(),
            Action::Pass => "nothing fits and nothing can be drawn".to_string(),
            Action::Muggins => "free points".to_string(),
            _ => "a stronger hand should lead".to_string(),
        }];
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
        return vec!["it is your last tile: domino".to_string()];
    }
    if plays.len() == 1 {
        why.push("your only play".to_string());
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
            why.push(format!(
                "scores {pts} (the ends make {})",
                layout.ends_total()
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
            why.push(format!(
                "{} has shown no {}",
                table.name(next),
                ends_words(&ends)
            ));
        }
    }
    let partner = table.partner().filter(|_| rules.partners);
    for &x in &shows {
        let mine = count_in(rest, x);
        let partners = partner.is_some_and(|p| k.shown[p as usize] & (1 << x) != 0);
        match (mine >= 2, partners) {
            (true, true) => why.push(format!("keeps {x}s, your partner's suit")),
            (false, true) => why.push(format!("leaves {x}, your partner's number")),
            (true, false) => why.push(format!("keeps {x}s: you hold {mine} more")),
            _ => {}
        }
    }
    if let Some(p) = covered {
        let foe_wants = (0..n).filter(|&s| s != me && rules.side_of(s) != rules.side_of(me));
        for s in foe_wants {
            if k.shown[s as usize] & (1 << p) != 0 && !shows.contains(&p) {
                why.push(format!("covers {}'s {p}", table.name(s)));
                break;
            }
        }
    }
    if tile.is_double() {
        why.push("gets rid of a double".to_string());
    } else if tile.pips() >= 9 && !rules.scores_ends() {
        why.push(format!("unloads {} pips", tile.pips()));
    }
    if why.is_empty() {
        let strongest = (0..=rules.max_pip)
            .max_by_key(|&x| count_in(rest, x))
            .unwrap_or(0);
        let held = count_in(rest, strongest);
        if held >= 2 {
            why.push(format!(
                "keeps your options: {held} {strongest}s still in hand"
            ));
        } else {
            why.push("the expert's search rates it best".to_string());
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
    let mut what = what;
    if let Some(first) = what.get(..1) {
        what = first.to_uppercase() + &what[1..];
    }
    format!("{what} — {why}.")
}
