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
use domino_engine::{EndCount, Hand, Rules, TileSet};

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

/// The index of the points-on-offer feature (already in the game's points).
const ON_OFFER: usize = 6;

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
    let raw = raw_features(hand);
    let sides = hand.rules().sides();
    let mut f = [0.0; FEATURES];
    for (k, x) in f.iter_mut().enumerate() {
        *x = spread(&raw[k][..sides], side);
    }
    f
}

impl Eval {
    /// The guess for a game that pays one point per five pips (club
    /// fives), from one fitted where a pip is a point: what the tiles and
    /// pips held are worth shrinks fivefold, while the points on offer are
    /// counted in the game's own points already.
    pub const fn per_five(self) -> Eval {
        let mut weights = self.weights;
        let mut k = 0;
        while k < FEATURES {
            if k != ON_OFFER {
                weights[k] /= 5.0;
            }
            k += 1;
        }
        Eval { weights }
    }

    /// The guess for every side at once (what [`Eval::value`] gives each
    /// side), for the searches where each side plays for itself; the
    /// features are counted once.
    pub fn by_side(&self, pos: &Position) -> [f64; MAX_PLAYERS] {
        let raw = raw_features(&pos.hand);
        let sides = pos.hand.rules().sides();
        let n = sides as f64;
        let mut out = [0.0; MAX_PLAYERS];
        for (w, per_side) in self.weights.iter().zip(raw.iter()) {
            if *w == 0.0 {
                continue;
            }
            let total: f64 = per_side[..sides].iter().sum();
            for s in 0..sides {
                out[s] += w * (per_side[s] * n - total);
            }
        }
        out
    }
}

/// Each feature's amount by side, before it is spread for one side (every
/// feature is linear in these: the tiles-times-boneyard term is each
/// side's tiles times the boneyard).
fn raw_features(hand: &Hand) -> [[f64; MAX_PLAYERS]; FEATURES] {
    let rules = hand.rules();
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
    for seat in 0..rules.players() {
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
        for x in 0..=rules.max_pip() {
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
    let mut by_bone = [0.0f64; MAX_PLAYERS];
    for (b, t) in by_bone.iter_mut().zip(tiles.iter()) {
        *b = t * bone / 8.0;
    }
    [
        tiles, pips, doubles, can, stuck, turn, offer, by_bone, numbers, held_ends,
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
        Objective::Points { .. } if rules.ends() == EndCount::OnePerFive => ENDS.per_five(),
        Objective::Points { .. } if rules.scores_ends() => ENDS,
        Objective::Points { .. } => SPOTS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domino_engine::RulesSpec;

    fn rules(preset: &str, players: u8) -> Rules {
        let mut spec = RulesSpec::preset(preset);
        spec.players = Some(players);
        spec.resolve().unwrap()
    }

    /// Every side's guess at once is each side's own guess.
    #[test]
    fn by_side_is_each_sides_value() {
        for (preset, players) in [("cross", 4), ("all-fives", 2), ("french", 4)] {
            let r = rules(preset, players);
            let eval = for_game(&r);
            let pos = Position::after_first_actions(r, 5, 5);
            let all = eval.by_side(&pos);
            for (s, got) in all.iter().enumerate().take(r.sides()) {
                let one = eval.value(&pos, s);
                assert!((got - one).abs() < 1e-9, "{preset} side {s}: {got} {one}");
            }
        }
    }

    /// Club fives pays a point per five pips: its guess is the fives
    /// games' one with what is held worth a fifth, the points on offer
    /// as they are.
    #[test]
    fn club_fives_counts_in_fives() {
        let club = for_game(&rules("club-fives", 2));
        for (k, name) in NAMES.iter().enumerate() {
            let want = if k == ON_OFFER {
                ENDS.weights[k]
            } else {
                ENDS.weights[k] / 5.0
            };
            assert_eq!(club.weights[k], want, "{name}");
        }
        assert_eq!(for_game(&rules("all-fives", 2)), ENDS);
    }
}
