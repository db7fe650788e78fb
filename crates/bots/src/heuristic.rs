//! A good club player, as rules of thumb over what the seat has seen.

use domino_engine::rules::LayoutKind;
use domino_engine::Layout;
use domino_engine::{Action, EndCount, Rules, SeatView, TileSet};

use crate::knowledge::{Knowledge, MAX_SEATS};
use crate::simple::play_parts;
use crate::{choose_poser, prelude, with_claim, Bot, BotError, Prelude};

/// Counts what has been played, reads passes and draws, keeps a variety of
/// numbers, sheds doubles and heavy tiles early, holds the numbers its
/// partner showed and kills the numbers its opponents lack, and in the
/// fives games takes the points on offer while denying the next player his.
#[derive(Debug, Clone, Copy, Default)]
pub struct Heuristic;

impl Bot for Heuristic {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn act(&mut self, view: &SeatView) -> Result<Action, BotError> {
        Ok(match prelude(view)? {
            Prelude::Forced(a) => a,
            Prelude::ChoosePoser(seats) => choose_poser(view, seats),
            Prelude::Plays(plays) => {
                let k = Knowledge::new(view);
                let best = rank(view, &k, &plays).first().copied().unwrap_or(plays[0]);
                with_claim(view, best)
            }
        })
    }
}

/// The plays, best first by the heuristic's judgement.
pub fn rank(view: &SeatView, k: &Knowledge, plays: &[Action]) -> Vec<Action> {
    let mut scored: Vec<(f64, Action)> = plays.iter().map(|&a| (score(view, k, a), a)).collect();
    scored.sort_by(|a, b| {
        b.0.total_cmp(&a.0).then_with(|| {
            play_parts(b.1)
                .map(|p| p.0)
                .cmp(&play_parts(a.1).map(|p| p.0))
        })
    });
    scored.into_iter().map(|(_, a)| a).collect()
}

/// The seats in turn order after `me`.
fn after(me: u8, players: u8) -> impl Iterator<Item = u8> {
    (1..players).map(move |d| (me + d) % players)
}

/// What the heuristic reads to judge a play: from a seat's view, or from a
/// known position in a rollout ([`crate::rollout`]), where every seat is
/// played by the heuristic on what it could know.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Facts<'a> {
    pub rules: &'a Rules,
    pub me: u8,
    /// The seat's own tiles.
    pub hand: TileSet,
    pub layout: &'a Layout,
    /// Tiles neither held by the seat nor on the table.
    pub unseen: TileSet,
    /// Tiles each seat surely lacks ([`Knowledge::lacks`]).
    pub lacks: &'a [TileSet; MAX_SEATS],
    /// Numbers each seat chose to leave showing ([`Knowledge::shown`]).
    pub shown: &'a [u16; MAX_SEATS],
}

impl<'a> Facts<'a> {
    pub(crate) fn of(view: &'a SeatView, k: &'a Knowledge) -> Facts<'a> {
        Facts {
            rules: view.rules(),
            me: view.seat(),
            hand: view.hand(),
            layout: view.layout(),
            unseen: k.unseen,
            lacks: &k.lacks,
            shown: &k.shown,
        }
    }

    fn possible(&self, seat: u8) -> TileSet {
        self.unseen.minus(self.lacks[seat as usize])
    }
}

fn score(view: &SeatView, k: &Knowledge, a: Action) -> f64 {
    score_facts(&Facts::of(view, k), a)
}

/// The heuristic's score of play `a` (higher is better).
pub(crate) fn score_facts(f: &Facts<'_>, a: Action) -> f64 {
    let Some((tile, end)) = play_parts(a) else {
        return 0.0;
    };
    let rules = f.rules;
    let me = f.me;
    let n = rules.players();
    let rest = f.hand.minus(tile.bit());
    if rest.is_empty() {
        return 10_000.0;
    }
    let k = f;
    let mut layout = *f.layout;
    let covered = end.and_then(|e| layout.chains().get(e as usize).map(|c| c.pips));
    match end {
        None => layout.pose(tile),
        Some(e) => layout.place(tile, e),
    }
    let playable = layout.playable();
    let unseen = k.unseen.minus(tile.bit());
    let mut s = 0.0;

    // Shed weight, and doubles above all: they only ever fit one number.
    // In French a double opens its number for everyone: holding it back
    // keeps that arm shut to the others (measured: shedding doubles early
    // loses to the count bot there).
    let french = rules.layout() == LayoutKind::French;
    let pip_weight = if rules.scores_ends() { 0.6 } else { 1.0 };
    s += pip_weight * f64::from(tile.pips());
    if tile.is_double() {
        s += if french { 0.0 } else { 7.0 };
    }

    // Keep a variety of numbers, and something to play next time.
    let numbers = (0..=rules.max_pip())
        .filter(|&x| !rest.intersect(TileSet::suit(x)).is_empty())
        .count();
    s += 2.0 * numbers as f64;
    let follow = rest.intersect(playable).len();
    s += 3.0 * f64::from(follow.min(3));

    // The ends left showing: whom do they help?
    let ends: Vec<u8> = layout.chains().iter().map(|c| c.pips).collect();
    for (i, seat) in after(me, n).enumerate() {
        let could = k.possible(seat).minus(tile.bit()).intersect(playable);
        let partner = rules.partner_of(me) == Some(seat);
        let weight = if i == 0 { 1.0 } else { 0.5 };
        if partner {
            if could.is_empty() {
                s -= 6.0 * weight;
            }
            for &x in &ends {
                if k.shown[seat as usize] & (1 << x) != 0 {
                    s += 1.5;
                }
            }
        } else {
            if could.is_empty() {
                s += 8.0 * weight;
                if rules.pass_points() > 0 {
                    s += 6.0 * weight;
                }
            } else {
                s -= 0.4 * weight * f64::from(could.len().min(8));
            }
            for &x in &ends {
                if k.shown[seat as usize] & (1 << x) != 0 {
                    s -= 1.0 * weight;
                }
            }
        }
    }
    // Covering a number: good when it was an opponent's, bad when the partner's.
    if let Some(p) = covered {
        for seat in after(me, n) {
            let mine = !rules.partners() || rules.partner_of(me) == Some(seat);
            if k.shown[seat as usize] & (1 << p) != 0 {
                s += if mine && rules.partners() { -2.5 } else { 2.0 };
            }
        }
    }
    // Control: numbers I hold many of, with few left outside, are mine.
    for &x in &ends {
        let held = rest.intersect(TileSet::suit(x)).len();
        let out = unseen.intersect(TileSet::suit(x)).len();
        if held > 0 && out <= held {
            s += 1.5;
        }
    }

    // The fives: take the points on offer, deny the next player his.
    if rules.scores_ends() {
        let scale = f64::from(rules.ends().unit());
        let made = f64::from(rules.ends().points(layout.ends_total())) * scale;
        s += 2.0 * made;
        let next = (me + 1) % n;
        let threat = best_reply(&layout, rules.ends(), k.possible(next).minus(tile.bit()));
        s -= 1.2 * f64::from(threat) * scale;
    }
    s
}

/// The most points any of `tiles` could make laid on `layout`.
fn best_reply(layout: &domino_engine::Layout, ends: EndCount, tiles: TileSet) -> i32 {
    let mut best = 0;
    for id in 0..layout.chains().len() {
        for t in tiles.intersect(layout.accepts(id)).iter() {
            let mut l = *layout;
            l.place(t, id as u8);
            best = best.max(ends.points(l.ends_total()));
        }
    }
    best
}

/// The heuristic's favourite among `plays` (used by the expert as a fallback
/// and to break ties).
pub fn favourite(view: &SeatView, plays: &[Action]) -> Option<Action> {
    let k = Knowledge::new(view);
    rank(view, &k, plays).first().copied()
}
