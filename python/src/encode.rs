//! Observation and information-state tensors, and their string forms.
//!
//! Everything here reads a seat's own tiles plus public facts only: the
//! layout, hand sizes, the boneyard's size, scores, and the [`Tracker`]'s
//! public sets; of the tracker's private draws only the observer's own.
//! The tests in `python/tests` check that no tensor or string ever holds
//! another seat's hidden tile.

use std::fmt::Write;

use domino_engine::set_size;
use domino_engine::{Action, Match, Phase, Rules, TileSet};

use crate::codec::max_chains;
use crate::tracker::{Step, Tracker};

/// Action kinds in a history step.
const KINDS: usize = 5;

/// Sizes and offsets of the tensors of one set of rules.
#[derive(Copy, Clone, Debug)]
pub struct Shape {
    pub players: usize,
    pub tiles: usize,
    pub chains: usize,
    pub pips: usize,
    pub sides: usize,
    pub obs_len: usize,
    pub step_len: usize,
    pub max_steps: usize,
    pub info_len: usize,
}

impl Shape {
    pub fn new(rules: &Rules) -> Shape {
        let p = rules.players() as usize;
        let t = set_size(rules.max_pip());
        let e = max_chains(rules);
        let k = rules.max_pip() as usize + 1;
        let s = rules.sides();
        let obs_len = p // me
            + p // to act
            + 1 // choosing the poser
            + t // own tiles
            + p * t // laid by each seat
            + p * t // known missing from each seat
            + e * (k + 1) // open ends: pips one-hot and a double lying across
            + p // hand sizes
            + 1 // boneyard size
            + s // match scores
            + 3; // muggins on offer, six-love stake, hand number
        let step_len = 1 + p + KINDS + t + (1 + e) + 1 + p;
        // Every play or draw can be followed by a muggins and a pass from
        // every seat; a choice of poser and a final round of passes.
        let in_play = rules.tiles().len() as usize;
        let max_steps = in_play * (p + 2) + p + 2;
        let info_len = obs_len + 2 * t + max_steps * step_len;
        Shape {
            players: p,
            tiles: t,
            chains: e,
            pips: k,
            sides: s,
            obs_len,
            step_len,
            max_steps,
            info_len,
        }
    }
}

/// Offsets into an observation, in the order [`Shape::new`] lists them.
struct Cursor<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl Cursor<'_> {
    fn take(&mut self, n: usize) -> &mut [f32] {
        let s = &mut self.out[self.at..self.at + n];
        self.at += n;
        s
    }

    fn one_hot(&mut self, n: usize, i: Option<usize>) {
        let s = self.take(n);
        if let Some(i) = i.filter(|&i| i < n) {
            s[i] = 1.0;
        }
    }

    fn tiles(&mut self, n: usize, set: TileSet) {
        let s = self.take(n);
        for t in set.iter() {
            if t.index() < n {
                s[t.index()] = 1.0;
            }
        }
    }

    fn value(&mut self, v: f32) {
        self.take(1)[0] = v;
    }
}

/// The observer's view before any hand is dealt (chance nodes of the first
/// deal): its seat, and the tiles dealt to it so far.
pub fn observe_dealing(shape: &Shape, seat: u8, dealt: TileSet, out: &mut [f32]) {
    out.fill(0.0);
    let mut c = Cursor { out, at: 0 };
    c.one_hot(shape.players, Some(seat as usize));
    c.take(shape.players + 1);
    c.tiles(shape.tiles, dealt);
}

/// The observation tensor of `seat` (length `shape.obs_len`).
pub fn observe(shape: &Shape, m: &Match, tr: &Tracker, seat: u8, out: &mut [f32]) {
    out.fill(0.0);
    let (p, t) = (shape.players, shape.tiles);
    let hand = m.hand();
    let to_act = m.to_act();
    let mut c = Cursor { out, at: 0 };
    c.one_hot(p, Some(seat as usize));
    c.one_hot(p, to_act.map(usize::from));
    c.value(f32::from(u8::from(m.phase() == Phase::ChoosePoser)));
    c.tiles(t, hand.hand(seat));
    for s in 0..p {
        c.tiles(t, tr.played[s]);
    }
    for s in 0..p {
        c.tiles(t, tr.lacks[s]);
    }
    let chains = if hand.layout().posed().is_some() {
        hand.layout().chains()
    } else {
        &[]
    };
    for e in 0..shape.chains {
        let s = c.take(shape.pips + 1);
        if let Some(ch) = chains.get(e) {
            if (ch.pips as usize) < shape.pips {
                s[ch.pips as usize] = 1.0;
            }
            s[shape.pips] = f32::from(u8::from(ch.double_end));
        }
    }
    for s in 0..p {
        c.value(hand.hand(s as u8).len() as f32);
    }
    c.value(hand.boneyard().len() as f32);
    let scores = m.scores();
    for s in 0..shape.sides {
        c.value(scores.get(s).copied().unwrap_or(0) as f32);
    }
    let muggins = if to_act == Some(seat) && m.phase() == Phase::Play {
        hand.muggins_available()
    } else {
        0
    };
    c.value(muggins as f32);
    c.value(m.stake() as f32);
    c.value(m.hand_number() as f32);
}

/// The information-state tensor of `seat` (length `shape.info_len`): the
/// observation, the tiles dealt to the seat, the tiles it drew, and every
/// action of the hand in order (a draw names its tile for the drawer only).
pub fn information(shape: &Shape, m: &Match, tr: &Tracker, seat: u8, out: &mut [f32]) {
    let (obs, rest) = out.split_at_mut(shape.obs_len);
    observe(shape, m, tr, seat, obs);
    rest.fill(0.0);
    let mut c = Cursor { out: rest, at: 0 };
    c.tiles(shape.tiles, m.deal().hands[seat as usize]);
    c.tiles(shape.tiles, tr.drawn[seat as usize]);
    // Keep the latest steps should a hand ever outgrow the bound.
    let skip = tr.steps.len().saturating_sub(shape.max_steps);
    for st in &tr.steps[skip..] {
        encode_step(shape, st, seat, c.take(shape.step_len));
    }
}

fn encode_step(shape: &Shape, st: &Step, seat: u8, s: &mut [f32]) {
    let mut c = Cursor { out: s, at: 0 };
    c.value(1.0);
    c.one_hot(shape.players, Some(st.seat as usize));
    let (kind, tile, slot, claim, chosen) = match st.action {
        Action::Play { tile, end, claim } => (
            0,
            Some(tile.index()),
            Some(end.map_or(0, |e| 1 + e as usize)),
            claim,
            None,
        ),
        Action::Draw => {
            let own = st.drew.filter(|_| st.seat == seat).map(|t| t.index());
            (1, own, None, false, None)
        }
        Action::Pass => (2, None, None, false, None),
        Action::ChoosePoser { seat } => (3, None, None, false, Some(seat as usize)),
        Action::Muggins => (4, None, None, false, None),
    };
    c.one_hot(KINDS, Some(kind));
    c.one_hot(shape.tiles, tile);
    c.one_hot(1 + shape.chains, slot);
    c.value(f32::from(u8::from(claim)));
    c.one_hot(shape.players, chosen);
}

fn tiles_text(set: TileSet) -> String {
    let v: Vec<String> = set.iter().map(|t| t.to_string()).collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

/// A one-line summary of what `seat` sees now.
pub fn observation_string(m: &Match, tr: &Tracker, seat: u8) -> String {
    let hand = m.hand();
    let mut s = String::new();
    let _ = write!(
        s,
        "seat {seat} | hand {} | tiles {} | boneyard {} | ends",
        m.hand_number(),
        tiles_text(hand.hand(seat)),
        hand.boneyard().len()
    );
    if hand.layout().posed().is_some() {
        for (id, ch) in hand.layout().chains().iter().enumerate() {
            let _ = write!(
                s,
                " {id}:{}{}",
                ch.pips,
                if ch.double_end { "d" } else { "" }
            );
        }
    } else {
        s.push_str(" -");
    }
    let sizes: Vec<String> = (0..m.rules().players())
        .map(|p| hand.hand(p).len().to_string())
        .collect();
    let _ = write!(s, " | sizes {}", sizes.join(" "));
    for p in 0..m.rules().players() as usize {
        if !tr.lacks[p].is_empty() {
            let _ = write!(s, " | seat {p} lacks {}", tiles_text(tr.lacks[p]));
        }
    }
    let scores: Vec<String> = m.scores().iter().map(|v| v.to_string()).collect();
    let _ = write!(s, " | scores {}", scores.join(" "));
    match m.to_act() {
        Some(a) => {
            let _ = write!(s, " | to act {a}");
        }
        None => s.push_str(" | hand over"),
    }
    s
}

/// Everything `seat` knows of the hand, in order: its dealt tiles, then
/// every action (its own draws with their tile). Two histories the seat
/// cannot tell apart give the same string.
pub fn information_string(m: &Match, tr: &Tracker, seat: u8) -> String {
    let mut s = String::new();
    let scores: Vec<String> = m.scores().iter().map(|v| v.to_string()).collect();
    let _ = write!(
        s,
        "seat {seat} | hand {} | scores {} | stake {} | dealt {} |",
        m.hand_number(),
        scores.join(" "),
        m.stake(),
        tiles_text(m.deal().hands[seat as usize]),
    );
    for st in &tr.steps {
        let _ = write!(s, " {}:", st.seat);
        match (st.action, st.drew) {
            (Action::Draw, Some(t)) if st.seat == seat => {
                let _ = write!(s, "draw {t}");
            }
            (a, _) => {
                let _ = write!(s, "{a}");
            }
        }
        s.push(';');
    }
    s
}
