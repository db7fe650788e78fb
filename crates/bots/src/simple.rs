//! The baselines: random, heavy ("bota gorda") and count.

use domino_engine::{Action, SeatView, Tile, TileSet};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{prelude, with_claim, Bot, BotError, Prelude};

/// Uniformly random among the legal choices (claims and muggins always taken).
#[derive(Debug, Clone)]
pub struct Random {
    rng: ChaCha8Rng,
}

impl Random {
    pub fn new(seed: u64) -> Random {
        Random {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for Random {
    fn name(&self) -> &'static str {
        "random"
    }

    fn act(&mut self, view: &SeatView) -> Result<Action, BotError> {
        Ok(match prelude(view)? {
            Prelude::Forced(a) => a,
            Prelude::ChoosePoser(seats) => Action::ChoosePoser {
                seat: seats[self.rng.random_range(0..2)],
            },
            Prelude::Plays(plays) => {
                let a = plays[self.rng.random_range(0..plays.len())];
                with_claim(view, a)
            }
        })
    }
}

/// The tile and end of a play (the pose has no end).
pub(crate) fn play_parts(a: Action) -> Option<(Tile, Option<u8>)> {
    match a {
        Action::Play { tile, end, .. } => Some((tile, end)),
        _ => None,
    }
}

/// A deterministic order among plays of equal merit: higher tile index
/// first (so the higher double), then the lower end id.
fn tie_key(a: Action) -> (usize, i32) {
    match play_parts(a) {
        Some((t, e)) => (t.index(), -(e.map_or(-1, i32::from))),
        None => (0, 0),
    }
}

/// The decision of the one-rule bots: the forced action if any, the first
/// seat when choosing a poser, else the play scoring best by `key`.
fn best_play<K: Ord>(view: &SeatView, key: impl Fn(Action) -> K) -> Result<Action, BotError> {
    Ok(match prelude(view)? {
        Prelude::Forced(a) => a,
        Prelude::ChoosePoser(seats) => Action::ChoosePoser { seat: seats[0] },
        Prelude::Plays(plays) => {
            let best = plays
                .iter()
                .copied()
                .max_by_key(|&a| key(a))
                .unwrap_or(plays[0]);
            with_claim(view, best)
        }
    })
}

/// Plays the heaviest legal tile; among equally heavy plays (a tile that
/// fits two ends, or tiles of the same weight) it keeps the number it holds
/// most of showing, as [`Count`] does.
#[derive(Debug, Clone, Copy, Default)]
pub struct Heavy;

impl Bot for Heavy {
    fn name(&self) -> &'static str {
        "heavy"
    }

    fn act(&mut self, view: &SeatView) -> Result<Action, BotError> {
        best_play(view, |a| {
            let (held, _, tie) = Count::merit(view, a);
            (play_parts(a).map_or(0, |(t, _)| t.pips()), held, tie)
        })
    }
}

/// The numbers a play leaves showing: the far half on its chain, or both
/// halves of a pose.
pub(crate) fn exposed(view: &SeatView, tile: Tile, end: Option<u8>) -> (u8, u8) {
    match end {
        None => (tile.high(), tile.low()),
        Some(e) => {
            let pips = view
                .layout()
                .chains()
                .get(e as usize)
                .map_or(tile.high(), |c| c.pips);
            let o = tile.other(pips);
            (o, o)
        }
    }
}

/// Plays the tile and end after which it still holds the most tiles of the
/// number that play leaves showing; ties go to the heavier tile.
#[derive(Debug, Clone, Copy, Default)]
pub struct Count;

impl Count {
    fn merit(view: &SeatView, a: Action) -> (u32, u8, (usize, i32)) {
        let Some((tile, end)) = play_parts(a) else {
            return (0, 0, (0, 0));
        };
        let rest = view.hand().minus(tile.bit());
        let (x, y) = exposed(view, tile, end);
        let held = |n: u8| rest.intersect(TileSet::suit(n)).len();
        (held(x).max(held(y)), tile.pips(), tie_key(a))
    }
}

impl Bot for Count {
    fn name(&self) -> &'static str {
        "count"
    }

    fn act(&mut self, view: &SeatView) -> Result<Action, BotError> {
        best_play(view, |a| Count::merit(view, a))
    }
}

/// Another bot that, at each real choice, plays a uniformly random legal
/// play instead with probability `rate` (`heuristic:noise=0.25`): a way to
/// set a strength between the random player's and the bot's. Forced
/// actions, muggins and claims are as every bot takes them.
#[derive(Debug)]
pub struct Noisy {
    inner: Box<dyn Bot>,
    rate: f64,
    rng: ChaCha8Rng,
}

impl Noisy {
    /// `rate` is clamped to 0..=1.
    pub fn new(inner: Box<dyn Bot>, rate: f64, seed: u64) -> Noisy {
        Noisy {
            inner,
            rate: rate.clamp(0.0, 1.0),
            // Not the inner bot's seed, so its own draws stay independent.
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x6e6f_6973_6500),
        }
    }
}

impl Bot for Noisy {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn act(&mut self, view: &SeatView) -> Result<Action, BotError> {
        if let Prelude::Plays(plays) = prelude(view)? {
            if self.rng.random_bool(self.rate) {
                return Ok(with_claim(
                    view,
                    plays[self.rng.random_range(0..plays.len())],
                ));
            }
        }
        self.inner.act(view)
    }
}
