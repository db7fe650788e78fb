//! Duplicate matches between two bots: every deal is played twice with the
//! bots' seats swapped, so the luck of the deal cancels out.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use domino_engine::{Match, MatchError, Phase, Rules};
use thiserror::Error;

use rayon::prelude::*;

use crate::{by_name, Bot, BotConfig, BotError};

/// Why an arena could not be played.
#[derive(Debug, Error)]
pub enum ArenaError {
    #[error(transparent)]
    Bot(#[from] BotError),
    #[error("bot `{bot}` chose an illegal action in deal {deal}: {source}")]
    Illegal {
        bot: String,
        deal: u64,
        source: MatchError,
    },
    #[error("could not deal: {0}")]
    Deal(MatchError),
    #[error("could not start the arena's threads: {0}")]
    Pool(String),
}

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    pub rules: Rules,
    /// The two bots' names.
    pub bots: [String; 2],
    /// Deals, each played twice.
    pub deals: u64,
    pub seed: u64,
    /// The expert's budget per decision.
    pub budget_ms: u64,
    /// Deals played at once (decision times are then measured with that
    /// many games sharing the cores).
    pub jobs: usize,
}

/// Which bot (0 or 1) sits in each seat: alternate seats, so in the
/// partnership games each bot is one team; `swapped` exchanges them.
pub fn seating(players: u8, swapped: bool) -> Vec<usize> {
    (0..players as usize)
        .map(|s| (s % 2) ^ usize::from(swapped))
        .collect()
}

/// The seed of deal `i`: both plays of a deal use it, so they get the same tiles.
pub fn deal_seed(seed: u64, i: u64) -> u64 {
    seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(i.wrapping_mul(0xd1b5_4a32_d192_ed03))
        ^ 0x5555
}

/// How one play of a deal went.
#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    pub seating: Vec<usize>,
    /// Hand points by side.
    pub points: Vec<i32>,
    /// The winning side, `None` for a tie.
    pub winner: Option<usize>,
    /// Every seat's action, in order, for checking.
    pub actions: Vec<(u8, domino_engine::Action)>,
    /// The deal as dealt.
    pub deal: domino_engine::DealSpec,
}

/// Decision times of one bot, in seconds (decisions with a real choice only).
#[derive(Clone, Debug, Default)]
pub struct Times(pub Vec<f64>);

impl Times {
    /// The `q` quantile (0..=1) in milliseconds.
    pub fn quantile_ms(&self, q: f64) -> f64 {
        if self.0.is_empty() {
            return 0.0;
        }
        let mut v = self.0.clone();
        v.sort_by(f64::total_cmp);
        let i = ((v.len() - 1) as f64 * q).round() as usize;
        v[i.min(v.len() - 1)] * 1000.0
    }
}

/// Play deal `i` once with the given seating.
pub fn play_deal(
    config: &ArenaConfig,
    i: u64,
    swapped: bool,
    times: &mut [Times; 2],
) -> Result<Play, ArenaError> {
    let rules = config.rules;
    let seats = seating(rules.players(), swapped);
    let mut m =
        Match::new(rules, Some(deal_seed(config.seed, i)), None).map_err(ArenaError::Deal)?;
    let deal = m.deal().to_spec(rules.players());
    let mut bots: Vec<Box<dyn Bot>> = Vec::new();
    for (s, &b) in seats.iter().enumerate() {
        let seed = deal_seed(
            config.seed ^ 0xb0b,
            i * 16 + s as u64 + u64::from(swapped) * 8,
        );
        bots.push(by_name(
            &config.bots[b],
            BotConfig {
                seed,
                budget_ms: config.budget_ms,
            },
        )?);
    }
    let mut actions = Vec::new();
    while matches!(m.phase(), Phase::Play | Phase::ChoosePoser) {
        let Some(seat) = m.to_act() else { break };
        let view = m.seat_view(seat);
        let choice = view.legal().len() > 1;
        let start = Instant::now();
        let a = bots[seat as usize].act(&view)?;
        let took: Duration = start.elapsed();
        if choice {
            times[seats[seat as usize]].0.push(took.as_secs_f64());
        }
        m.act(a, &mut ()).map_err(|source| ArenaError::Illegal {
            bot: config.bots[seats[seat as usize]].clone(),
            deal: i,
            source,
        })?;
        actions.push((seat, a));
    }
    let (points, winner) = match m.result() {
        Some(r) => (r.points.to_vec(), r.winner.map(|s| s.side)),
        None => (vec![0; rules.sides()], None),
    };
    Ok(Play {
        seating: seats,
        points,
        winner,
        actions,
        deal,
    })
}

/// Mean and 95% half-width of a sample.
pub fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, f64::INFINITY);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// The result of an arena.
#[derive(Clone, Debug)]
pub struct Report {
    pub bots: [String; 2],
    pub deals: u64,
    /// `win_rate` (six-love games: hands won, ties half) or `points`.
    pub metric: &'static str,
    /// Lower is better (French).
    pub low_wins: bool,
    /// Per bot: its mean per deal (win rate, or points per hand per side
    /// it held) with the 95% half-width.
    pub mean: [(f64, f64); 2],
    /// Bot 0's edge per deal: win rate minus 0.5, or its points minus bot 1's.
    pub edge: (f64, f64),
    pub median_ms: [f64; 2],
    pub p99_ms: [f64; 2],
    pub decisions: [usize; 2],
    /// Bot 0's edge in each deal, in order (as `edge`'s mean is taken over).
    pub deal_edges: Vec<f64>,
}

/// Bot `b`'s score in one play: hands won (ties half), or mean points per
/// side it held.
fn score(rules: &Rules, play: &Play, b: usize) -> (f64, f64) {
    let sides = rules.sides();
    // The bot of each side: the bot in the side's first seat.
    let bot_of = |side: usize| play.seating[side];
    let win = match play.winner {
        Some(w) if bot_of(w) == b => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let mine: Vec<usize> = (0..sides).filter(|&s| bot_of(s) == b).collect();
    let pts = if mine.is_empty() {
        0.0
    } else {
        mine.iter().map(|&s| f64::from(play.points[s])).sum::<f64>() / mine.len() as f64
    };
    (win, pts)
}

/// Both plays of one deal: each bot's score summed, and its decision times.
type DealResult = ([f64; 2], [Times; 2]);

/// Play the whole arena, `config.jobs` deals at a time; `progress` is told
/// how many deals are done. The result does not depend on `jobs`.
pub fn run(config: &ArenaConfig, progress: &(dyn Fn(u64) + Sync)) -> Result<Report, ArenaError> {
    let rules = config.rules;
    let six_love = rules.is_six_love();
    let done = AtomicU64::new(0);
    let play_both = |i: u64| -> Result<DealResult, ArenaError> {
        let mut times = [Times::default(), Times::default()];
        let mut sum = [0.0f64; 2];
        for swapped in [false, true] {
            let play = play_deal(config, i, swapped, &mut times)?;
            for (b, total) in sum.iter_mut().enumerate() {
                let (w, p) = score(&rules, &play, b);
                *total += if six_love { w } else { p };
            }
        }
        progress(done.fetch_add(1, Ordering::Relaxed) + 1);
        Ok((sum, times))
    };
    let results: Vec<Result<DealResult, ArenaError>> = if config.jobs > 1 {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(config.jobs)
            .build()
            .map_err(|e| ArenaError::Pool(e.to_string()))?;
        pool.install(|| (0..config.deals).into_par_iter().map(play_both).collect())
    } else {
        (0..config.deals).map(play_both).collect()
    };
    let mut times = [Times::default(), Times::default()];
    let mut per_bot: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut edge = Vec::new();
    for r in results {
        let (sum, t) = r?;
        for (all, mine) in times.iter_mut().zip(t) {
            all.0.extend(mine.0);
        }
        let (a, b) = (sum[0] / 2.0, sum[1] / 2.0);
        per_bot[0].push(a);
        per_bot[1].push(b);
        edge.push(if six_love { a - 0.5 } else { a - b });
    }
    Ok(Report {
        bots: config.bots.clone(),
        deals: config.deals,
        metric: if six_love { "win_rate" } else { "points" },
        low_wins: rules.low_score_wins(),
        mean: [mean_ci(&per_bot[0]), mean_ci(&per_bot[1])],
        edge: mean_ci(&edge),
        deal_edges: edge.clone(),
        median_ms: [times[0].quantile_ms(0.5), times[1].quantile_ms(0.5)],
        p99_ms: [times[0].quantile_ms(0.99), times[1].quantile_ms(0.99)],
        decisions: [times[0].0.len(), times[1].0.len()],
    })
}
