//! How likely a player was to make the play it made, given the tiles it held:
//! a soft model of sensible play, used to weight sampled worlds.
//!
//! Real players (and every bot but `random`) do not play at random: they get
//! rid of heavy tiles, keep the numbers they hold many of, lay doubles while
//! they can and take points on offer. A world in which the plays seen so far
//! were natural choices is more likely than one in which they were odd, so
//! the expert samples many worlds cheaply and keeps them in proportion to
//! the product of these probabilities (importance resampling).

use domino_engine::rules::LayoutKind;
use domino_engine::MoveList;
use domino_engine::{Action, Hand, Rules, TileSet};

/// A softmax over a few features of each legal play.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct PlayModel {
    /// Per pip on the tile.
    pub pips: f64,
    /// Per tile kept that carries the number the play leaves showing.
    pub keep: f64,
    /// For laying a double.
    pub double: f64,
    /// Per point the play scores (fives games).
    pub points: f64,
}

impl Default for PlayModel {
    /// The line games' weights: fitted by `examples/fit_play_model.rs` to
    /// plays of the heuristic, count and expert bots in jamaican (the
    /// Puerto Rican fit lands on the same weights).
    fn default() -> PlayModel {
        PlayModel {
            pips: 0.35,
            keep: 2.0,
            double: 1.5,
            points: 0.0,
        }
    }
}

impl PlayModel {
    /// The weights fitted for a game: the fives games weigh points and
    /// doubles less, French (where doubles wait for their number) not at all.
    pub fn for_game(rules: &Rules) -> PlayModel {
        if rules.scores_ends() {
            PlayModel {
                pips: 0.2,
                keep: 1.5,
                double: 0.5,
                points: 0.1,
            }
        } else if rules.layout() == LayoutKind::French {
            PlayModel {
                pips: 0.5,
                keep: 2.0,
                double: 0.0,
                points: 0.0,
            }
        } else {
            PlayModel::default()
        }
    }

    /// Weights written `PIPS/KEEP/DOUBLE/POINTS` (as in bot options).
    pub fn parse(text: &str) -> Option<PlayModel> {
        let w: Vec<f64> = text
            .split('/')
            .map(|x| x.parse::<f64>().ok().filter(|v| v.is_finite()))
            .collect::<Option<Vec<f64>>>()?;
        match w[..] {
            [pips, keep, double, points] => Some(PlayModel {
                pips,
                keep,
                double,
                points,
            }),
            _ => None,
        }
    }

    /// A player who keeps to its numbers strictly: the play after which it
    /// holds the most tiles of the number left showing, the heavier tile
    /// among those (a tile kept outweighs any pips; a pip more makes a
    /// play e^5 times as likely). The way the `count` bot plays, and a
    /// habit a real player may keep to.
    pub const KEEPER: PlayModel = PlayModel {
        pips: 5.0,
        keep: 75.0,
        double: 0.0,
        points: 0.0,
    };

    /// A model that finds every legal play equally likely.
    pub const UNIFORM: PlayModel = PlayModel {
        pips: 0.0,
        keep: 0.0,
        double: 0.0,
        points: 0.0,
    };

    /// The score of laying `tile` on `end` from `held` (higher: likelier).
    fn score(&self, hand: &Hand, held: TileSet, a: Action) -> f64 {
        self.dot(&traits(hand, held, a, self.points != 0.0))
    }

    #[inline]
    pub(crate) fn dot(&self, t: &[f64; 4]) -> f64 {
        self.pips * t[0] + self.keep * t[1] + self.double * t[2] + self.points * t[3]
    }
}

/// What the model weighs in a play: its pips, the tiles kept of the number
/// it leaves showing, whether it is a double, and (when `points`) the points
/// it makes.
pub(crate) fn traits(hand: &Hand, held: TileSet, a: Action, points: bool) -> [f64; 4] {
    let Action::Play { tile, end, .. } = a else {
        return [0.0; 4];
    };
    let rest = held.minus(tile.bit());
    let keep = match end {
        Some(e) => {
            let showing = hand
                .layout()
                .chains()
                .get(e as usize)
                .map_or(tile.high(), |c| tile.other(c.pips));
            (rest & TileSet::suit(showing)).len()
        }
        None => (rest & TileSet::suit(tile.high()))
            .len()
            .max((rest & TileSet::suit(tile.low())).len()),
    };
    let points = if points {
        hand.play_points(tile, end).max(0)
    } else {
        0
    };
    [
        f64::from(tile.pips()),
        f64::from(keep),
        f64::from(u8::from(tile.is_double())),
        f64::from(points),
    ]
}

impl PlayModel {
    /// The log-probability that the seat to act in `hand` chose `chosen`
    /// among its legal plays; 0 when it had no choice or `chosen` is not a
    /// play (draws and passes are forced).
    pub fn log_prob(&self, hand: &Hand, chosen: Action, scratch: &mut MoveList) -> f64 {
        let Action::Play { tile, end, .. } = chosen else {
            return 0.0;
        };
        scratch.clear();
        hand.legal(scratch);
        let held = hand.hand(hand.to_act());
        let mut chosen_score = None;
        let mut scores = [0.0f64; 64];
        let mut n = 0;
        for &a in scratch.as_slice() {
            let Action::Play {
                tile: t,
                end: e,
                claim,
            } = a
            else {
                continue;
            };
            if claim || n == scores.len() {
                // A claim is the same play; count each play once.
                continue;
            }
            let s = self.score(hand, held, a);
            if t == tile && e == end {
                chosen_score = Some(s);
            }
            scores[n] = s;
            n += 1;
        }
        let Some(c) = chosen_score else { return 0.0 };
        if n <= 1 {
            return 0.0;
        }
        let top = scores[..n].iter().copied().fold(f64::MIN, f64::max);
        let z: f64 = scores[..n].iter().map(|s| (s - top).exp()).sum();
        c - top - z.ln()
    }
}

/// Most styles a [`Styles`] can hold.
pub const MAX_STYLES: usize = 4;

/// Ways of playing, each with a prior probability. Each other seat is taken
/// to keep to one style for the whole hand, which one being unknown, so
/// the plays it made weigh a world by the mixture of the styles' likelihoods
/// ([`Styles::log_weight`]): a seat whose plays fit one style closely (the
/// `count` bot keeping its numbers) is read by that style, an erratic one
/// by a softer style.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Styles {
    models: [PlayModel; MAX_STYLES],
    log_prior: [f64; MAX_STYLES],
    n: usize,
}

impl Styles {
    /// One style only.
    pub fn one(model: PlayModel) -> Styles {
        Styles::mix(&[(1.0, model)])
    }

    /// Styles with their priors (normalised here; at most [`MAX_STYLES`]
    /// are kept).
    pub fn mix(styles: &[(f64, PlayModel)]) -> Styles {
        let n = styles.len().clamp(1, MAX_STYLES);
        let total: f64 = styles.iter().take(n).map(|s| s.0.max(0.0)).sum();
        let mut models = [PlayModel::UNIFORM; MAX_STYLES];
        let mut log_prior = [0.0; MAX_STYLES];
        for (i, &(p, m)) in styles.iter().take(n).enumerate() {
            models[i] = m;
            log_prior[i] = (p.max(1e-12) / total.max(1e-12)).ln();
        }
        Styles {
            models,
            log_prior,
            n,
        }
    }

    /// How many styles.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Never empty: at least one style.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The log-probability of the play `chosen` under each style (as
    /// [`PlayModel::log_prob`]), added to `acc`.
    pub fn add_log_probs(
        &self,
        hand: &Hand,
        chosen: Action,
        scratch: &mut MoveList,
        acc: &mut [f64; MAX_STYLES],
    ) {
        let Action::Play { tile, end, .. } = chosen else {
            return;
        };
        scratch.clear();
        hand.legal(scratch);
        let held = hand.hand(hand.to_act());
        let points = self.models[..self.n].iter().any(|m| m.points != 0.0);
        let mut traits_of = [[0.0f64; 4]; 64];
        let mut chosen_at = None;
        let mut n = 0;
        for &a in scratch.as_slice() {
            let Action::Play {
                tile: t,
                end: e,
                claim,
            } = a
            else {
                continue;
            };
            if claim || n == traits_of.len() {
                continue;
            }
            traits_of[n] = traits(hand, held, a, points);
            if t == tile && e == end {
                chosen_at = Some(n);
            }
            n += 1;
        }
        let Some(c) = chosen_at else { return };
        if n <= 1 {
            return;
        }
        for (k, m) in self.models[..self.n].iter().enumerate() {
            let mut top = f64::MIN;
            let mut scores = [0.0f64; 64];
            for (sc, t) in scores.iter_mut().zip(&traits_of[..n]) {
                *sc = m.dot(t);
                top = top.max(*sc);
            }
            let z: f64 = scores[..n].iter().map(|s| (s - top).exp()).sum();
            acc[k] += scores[c] - top - z.ln();
        }
    }

    /// A seat's contribution to a world's log-weight, from its plays'
    /// log-probabilities under each style: the log of the mixture.
    pub fn log_weight(&self, acc: &[f64; MAX_STYLES]) -> f64 {
        let terms = (0..self.n).map(|k| self.log_prior[k] + acc[k]);
        let top = terms.clone().fold(f64::MIN, f64::max);
        top + terms.map(|t| (t - top).exp()).sum::<f64>().ln()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domino_engine::{Deal, Rules, Tile};

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn natural_plays_are_likelier_and_probabilities_sum_to_one() {
        let rules = Rules::of_preset("jamaican").unwrap();
        let mut deal = Deal::from_spec(
            &rules,
            &domino_engine::DealSpec {
                hands: vec![
                    "6-6 6-5 6-1 2-2 3-0 4-0 1-0".split(' ').map(t).collect(),
                    "5-5 5-4 5-3 5-2 5-1 5-0 4-4".split(' ').map(t).collect(),
                    "3-3 4-3 4-2 4-1 3-2 3-1 2-1".split(' ').map(t).collect(),
                    "6-4 6-3 6-2 6-0 2-0 1-1 0-0".split(' ').map(t).collect(),
                ],
                boneyard: vec![],
                poser: None,
            },
        )
        .unwrap();
        deal.poser = Some(0);
        let mut hand = Hand::new(&rules, &deal, 0, TileSet::full(6));
        hand.apply_unchecked(Action::pose(t("6-6")), &mut ());
        // Seats 1 and 2 hold no 6; seat 3 chooses among four sixes.
        hand.apply_unchecked(Action::Pass, &mut ());
        hand.apply_unchecked(Action::Pass, &mut ());
        assert_eq!(hand.to_act(), 3);
        let mut moves = MoveList::new();
        let m = PlayModel::default();
        let mut total = 0.0;
        hand.legal(&mut moves);
        let plays: Vec<Action> = moves.as_slice().to_vec();
        assert!(plays.len() > 1);
        let mut by_tile = Vec::new();
        for &a in &plays {
            let p = m.log_prob(&hand, a, &mut moves).exp();
            total += p;
            by_tile.push((a.tile().unwrap(), p));
        }
        assert!((total - 1.0).abs() < 1e-9, "{total}");
        let p = |s: &str| by_tile.iter().find(|(x, _)| *x == t(s)).unwrap().1;
        // With nothing else to keep, the heavier tile; but leaving a number
        // the seat holds more of (0: 2-0 and 0-0) beats a few pips.
        assert!(p("6-4") > p("6-3"));
        assert!(p("6-0") > p("6-4"));
        let uniform = PlayModel::UNIFORM
            .log_prob(&hand, plays[0], &mut moves)
            .exp();
        assert!((uniform * plays.len() as f64 - 1.0).abs() < 1e-9);

        // The strict keeper all but certainly plays as `count` does (the
        // most tiles kept of the number left showing: 6-0 keeps 2-0 and
        // 0-0, on either end of the 6-6), and finds any other tile all
        // but impossible.
        let keeper = PlayModel::KEEPER;
        let of_tile = |m: &PlayModel, s: &str, moves: &mut MoveList| -> f64 {
            plays
                .iter()
                .filter(|a| a.tile() == Some(t(s)))
                .map(|a| m.log_prob(&hand, *a, moves).exp())
                .sum()
        };
        assert!(of_tile(&keeper, "6-0", &mut moves) > 0.99);
        assert!(of_tile(&keeper, "6-4", &mut moves) < 1e-20);
        // A mixture of the two weighs a seat's play by the prior-weighted
        // sum of the styles' likelihoods: a seat that kept its numbers is
        // read by the keeper, one that did not by the fitted model.
        let mix = Styles::mix(&[(0.5, m), (0.5, keeper)]);
        for s in ["6-0", "6-4"] {
            let a = *plays.iter().find(|a| a.tile() == Some(t(s))).unwrap();
            let mut acc = [0.0; MAX_STYLES];
            mix.add_log_probs(&hand, a, &mut moves, &mut acc);
            let got = mix.log_weight(&acc);
            let fitted = m.log_prob(&hand, a, &mut moves).exp();
            let kept = keeper.log_prob(&hand, a, &mut moves).exp();
            let want = (0.5 * fitted + 0.5 * kept).ln();
            assert!((got - want).abs() < 1e-9, "{s}: {got} {want}");
        }
        let weight = |s: &str, moves: &mut MoveList| {
            let a = plays.iter().find(|a| a.tile() == Some(t(s))).unwrap();
            let mut acc = [0.0; MAX_STYLES];
            mix.add_log_probs(&hand, *a, moves, &mut acc);
            mix.log_weight(&acc)
        };
        // Keeping its numbers makes a world likelier under the mixture
        // than under the fitted model alone; not keeping them, half as.
        let fitted = |s: &str, moves: &mut MoveList| {
            let a = plays.iter().find(|a| a.tile() == Some(t(s))).unwrap();
            m.log_prob(&hand, *a, moves)
        };
        assert!(weight("6-0", &mut moves) > fitted("6-0", &mut moves));
        let off = fitted("6-4", &mut moves) + 0.5f64.ln();
        assert!((weight("6-4", &mut moves) - off).abs() < 1e-6);
    }
}
