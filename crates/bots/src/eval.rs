//! A guess at the rest of a hand's value from a fully known position, for
//! searches that stop before the end of the hand.
//!
//! The guess is linear in a few features of the position (tiles and pips
//! held, doubles, what can be laid now, whose turn it is, the points on
//! offer in the fives games), each taken for the side searched for as the
//! solver measures values: the side's amount times (sides - 1) minus the
//! others' total. The weights of each game were fitted by least squares to
//! exact values of positions from real play (`examples/fit_eval.rs`).

use domino_engine::deal::MAX_PLAYERS;
use domino_engine::{Hand, Rules, TileSet};

use crate::solver::{Objective, Position};

/// The number of features.
pub const FEATURES: usize = 10;

/// The features' names, in order (for the fitting report).
pub const NAMES: [&str; FEATURES] = [
    "tiles",
    "pips",
    "doubles",
    "playable",
    "stuck",
    "turn",
    "on_offer",
    "tiles_x_boneyard",
    "numbers",
    "ends_held",
];

/// The weights of one game's guess.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Eval {
    pub weights: [f64; FEATURES],
}

impl Eval {
    /// A guess that fits no game in particular: fewer tiles and pips is
    /// better, having the turn helps.
    pub const PLAIN: Eval = Eval {
        weights: [-0.3, -0.02, -0.05, 0.05, -0.1, 0.05, 0.0, 0.0, 0.0, 0.0],
    };

    /// The guess, for `side`, of the value still to come from `pos` (in the
    /// solver's units: outcome or points).
    #[inline]
    pub fn value(&self, pos: &Position, side: usize) -> f64 {
        let f = features(&pos.hand, side);
        self.weights.iter().zip(f.iter()).map(|(w, x)| w * x).sum()
    }
}

/// Per-side totals spread the solver's way: `side`'s times (sides - 1)
/// minus the others'.
#[inline]
fn spread(by_side: &[f64], side: usize) -> f64 {
    let n = by_side.len() as f64;
    let total: f64 = by_side.iter().sum();
    let mine = by_side[side];
    mine * (n - 1.0) - (total - mine)
}

/// The features of `hand` for `side` (see [`NAMES`]).
pub fn features(hand: &Hand, side: usize) -> [f64; FEATURES] {
    let rules = hand.rules();
    let sides = rules.sides();
    let layout = hand.layout();
    let playable = if layout.posed().is_none() {
        rules.tiles()
    } else {
        layout.playable()
    };
    let ends: u16 = layout.chains().iter().fold(0u16, |m, c| m | (1 << c.pips));
    let mut tiles = [0.0f64; MAX_PLAYERS];
    let mut pips = [0.0f64; MAX_PLAYERS];
    let mut doubles = [0.0f64; MAX_PLAYERS];
    let mut can = [0.0f64; MAX_PLAYERS];
    let mut stuck = [0.0f64; MAX_PLAYERS];
    let mut numbers = [0.0f64; MAX_PLAYERS];
    let mut held_ends = [0.0f64; MAX_PLAYERS];
    for seat in 0..rules.players {
        if hand.is_out(seat) {
            continue;
        }
        let s = rules.side_of(seat);
        let h = hand.hand(seat);
        tiles[s] += f64::from(h.len());
        pips[s] += f64::from(h.pips());
        doubles[s] += f64::from((h & TileSet::DOUBLES).len());
        let c = (h & playable).len();
        can[s] += f64::from(c.min(4));
        if c == 0 {
            stuck[s] += 1.0;
        }
        let mut held = 0u32;
        let mut shown = 0u32;
        for x in 0..=rules.max_pip {
            let n = (h & TileSet::suit(x)).len();
            if n > 0 {
                held += 1;
                if ends & (1 << x) != 0 {
                    shown += n;
                }
            }
        }
        numbers[s] += f64::from(held);
        held_ends[s] += f64::from(shown);
    }
    let mover = rules.side_of(hand.to_act());
    let mut turn = [0.0f64; MAX_PLAYERS];
    turn[mover] = 1.0;
    let mut offer = [0.0f64; MAX_PLAYERS];
    if rules.scores_ends() && layout.posed().is_some() {
        let me = hand.to_act();
        let mut best = 0;
        for id in 0..layout.chains().len() {
            for t in (hand.hand(me) & layout.accepts(id)).iter() {
                best = best.max(hand.play_points(t, Some(id as u8)));
            }
        }
        offer[mover] = f64::from(best);
    }
    let bone = hand.boneyard().len() as f64;
    let t = spread(&tiles[..sides], side);
    [
        t,
        spread(&pips[..sides], side),
        spread(&doubles[..sides], side),
        spread(&can[..sides], side),
        spread(&stuck[..sides], side),
        spread(&turn[..sides], side),
        spread(&offer[..sides], side),
        t * bone / 8.0,
        spread(&numbers[..sides], side),
        spread(&held_ends[..sides], side),
    ]
}

/// The guess fitted for the games scored by the hand's outcome (win, tie,
/// loss): `fit_eval chiva 2 40 200000`, 449 positions, held-out R² 0.27.
pub const OUTCOME: Eval = Eval {
    weights: [
        -0.0598, 0.0057, -0.3152, 0.0735, 0.2754, 0.1159, 0.0, 0.1592, -0.0136, 0.0699,
    ],
};

/// The guess fitted for the points games that score the losers' pips
/// (block, draw, the cross games, Puerto Rican): `fit_eval cross 4 40
/// 200000`, 364 positions, held-out R² 0.21.
pub const SPOTS: Eval = Eval {
    weights: [
        0.6695, -0.2942, -2.2719, -0.8505, -2.7928, -9.1290, 0.0, 0.8562, -3.3544, 1.8533,
    ],
};

/// The guess fitted for the games that score the open ends (the fives
/// games): `fit_eval all-fives 2 200 200000`, 1,576 positions, held-out
/// R² 0.19.
pub const ENDS: Eval = Eval {
    weights: [
        0.5417, -0.0304, -7.2680, -3.1076, 7.5804, 6.0411, 0.3722, 3.0666, -2.5743, 7.4423,
    ],
};

/// The guess fitted for the games where points are bad (French):
/// `fit_eval french 4 40 200000`, 470 positions, held-out R² 0.25.
pub const LOW: Eval = Eval {
    weights: [
        -1.0275, -0.7154, 3.3863, 2.0452, 1.7723, -5.0101, 0.0, 0.0, -0.4835, 1.6948,
    ],
};

/// The fitted guess for a game, by what its rules score (see the module's
/// note): the features mean the same in every game scored the same way, so
/// one fit serves them all.
pub fn for_game(rules: &Rules) -> Eval {
    match Objective::of(rules) {
        Objective::Outcome => OUTCOME,
        Objective::Points { low_wins: true } => LOW,
        Objective::Points { .. } if rules.scores_ends() => ENDS,
        Objective::Points { .. } => SPOTS,
    }
}
