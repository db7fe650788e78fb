//! The benchmark behind `domino fairplay bench`: norms from the built-in
//! levels, then a population of honest players and cheaters, each checked
//! after every match as a site would, counting who is flagged and when.
//!
//! The simulated players have no ratings: each is held in the band of its
//! level (a cheater in the band of the level it plays when not cheating,
//! where its rating stood when it started), and no move times, so only
//! the agreement flag can fire.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::evidence::Evidence;
use crate::flags::{review, Flag, Policy, Profile};
use crate::norm::{Norms, Source};
use crate::sim::{evidence_of, play, play_match, Persona, SimConfig, SimError, Style, SIM_LEVELS};

/// What the benchmark plays.
#[derive(Copy, Clone, Debug)]
pub struct BenchConfig {
    pub sim: SimConfig,
    pub seed: u64,
    /// Players per level behind the norms, and their matches each.
    pub norm_players: usize,
    pub norm_matches: usize,
    /// Honest players (spread evenly over the levels) and their matches.
    pub honest: usize,
    pub honest_matches: usize,
    /// Cheaters of each kind and their matches.
    pub cheaters: usize,
    pub cheat_matches: usize,
    pub policy: Policy,
}

/// The kinds of cheater benched, with their labels.
pub const CHEATS: [(&str, Style); 4] = [
    ("cheater p=1", Style::Cheat { p: 1.0 }),
    ("cheater p=0.5", Style::Cheat { p: 0.5 }),
    ("cheater p=0.3", Style::Cheat { p: 0.3 }),
    ("selective cheater", Style::Selective),
];

/// One group's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub label: String,
    pub players: usize,
    pub matches: usize,
    pub flagged: usize,
    /// The median match at which the flagged were first flagged.
    pub median_first: Option<usize>,
    /// Each flagged player's first flagged match, in order.
    pub firsts: Vec<usize>,
    /// Mean per-decision agreement and counted decisions per match.
    pub agreement: f64,
    pub decisions_per_match: f64,
    /// Mean agreement on deep decisions, and deep decisions per match.
    pub deep_agreement: f64,
    pub deep_per_match: f64,
    /// Mean cost of a counted decision.
    pub mean_cost: f64,
}

/// What the benchmark found.
#[derive(Clone, Debug)]
pub struct BenchReport {
    pub norms: Norms,
    pub rows: Vec<Row>,
    /// Matches played and analysed in all.
    pub matches: usize,
}

/// Each persona's evidence match by match: `matches[i]` players play
/// `matches[i]` matches; each round pairs the players still playing at
/// random (a lone one meets a fresh honest player).
fn run_population(
    cfg: &SimConfig,
    personas: &[(Persona, usize)],
    seed: u64,
) -> Result<(Vec<Vec<Evidence>>, usize), SimError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let seats = usize::from(cfg.rules.players());
    let rounds = personas.iter().map(|p| p.1).max().unwrap_or(0);
    let mut out: Vec<Vec<Evidence>> = vec![Vec::new(); personas.len()];
    let mut played = 0usize;
    for round in 0..rounds {
        let mut active: Vec<usize> = (0..personas.len())
            .filter(|&i| personas[i].1 > round)
            .collect();
        active.shuffle(&mut rng);
        let tables: Vec<(Vec<Option<usize>>, Vec<Persona>, u64)> = active
            .chunks(seats)
            .map(|who| {
                let mut ids: Vec<Option<usize>> = who.iter().map(|&i| Some(i)).collect();
                let mut ps: Vec<Persona> = who.iter().map(|&i| personas[i].0).collect();
                while ps.len() < seats {
                    let level = rng.random_range(0..SIM_LEVELS.len());
                    ps.push(Persona::drawn(level, Style::Honest, &mut rng));
                    ids.push(None);
                }
                (ids, ps, rng.random())
            })
            .collect();
        let results: Vec<Result<Vec<Evidence>, SimError>> = tables
            .par_iter()
            .map(|(_, ps, s)| play(cfg, ps, *s))
            .collect();
        played += tables.len();
        for ((ids, _, _), r) in tables.iter().zip(results) {
            for (id, e) in ids.iter().zip(r?) {
                if let Some(i) = id {
                    out[*i].push(e);
                }
            }
        }
    }
    Ok((out, played))
}

/// The norms of the built-in levels: `players` per level, `matches` each.
pub fn built_in_norms(
    cfg: &SimConfig,
    players: usize,
    matches: usize,
    seed: u64,
) -> Result<(Norms, usize), SimError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6e6f_726d);
    let personas: Vec<(Persona, usize)> = (0..SIM_LEVELS.len())
        .flat_map(|l| (0..players).map(move |_| l))
        .map(|l| (Persona::drawn(l, Style::Honest, &mut rng), matches))
        .collect();
    let (evidence, played) = run_population(cfg, &personas, seed)?;
    let norms = Norms::from_profiles(
        Source::BuiltIn,
        personas
            .iter()
            .zip(&evidence)
            .map(|((p, _), e)| (p.band, e.iter().copied().sum())),
    );
    Ok((norms, played))
}

/// The first match (from 1) after which the profile is flagged for its
/// agreement, checking after every match.
pub fn first_flag(
    persona: &Persona,
    matches: &[Evidence],
    norms: &Norms,
    policy: &Policy,
) -> Option<usize> {
    let mut sum = Evidence::default();
    for (i, e) in matches.iter().enumerate() {
        sum += *e;
        let p = Profile {
            evidence: &sum,
            band: persona.band,
            history: &[],
        };
        if review(&p, norms, policy)
            .iter()
            .any(|f| matches!(f, Flag::Agreement(_)))
        {
            return Some(i + 1);
        }
    }
    None
}

fn row(
    label: &str,
    group: &[(&Persona, &Vec<Evidence>)],
    matches: usize,
    norms: &Norms,
    policy: &Policy,
) -> Row {
    let mut firsts: Vec<usize> = group
        .iter()
        .filter_map(|(p, e)| first_flag(p, e, norms, policy))
        .collect();
    firsts.sort_unstable();
    let total: Evidence = group.iter().flat_map(|(_, e)| e.iter().copied()).sum();
    Row {
        label: label.to_string(),
        players: group.len(),
        matches,
        flagged: firsts.len(),
        median_first: firsts.get(firsts.len().saturating_sub(1) / 2).copied(),
        firsts,
        agreement: total.agreement().unwrap_or(0.0),
        deep_agreement: total.deep_agreement().unwrap_or(0.0),
        deep_per_match: total.deep as f64 / total.matches.max(1) as f64,
        mean_cost: total.mean_cost().unwrap_or(0.0),
        decisions_per_match: total.decisions as f64 / total.matches.max(1) as f64,
    }
}

/// Run the whole benchmark.
pub fn run(c: &BenchConfig) -> Result<BenchReport, SimError> {
    let (norms, norm_played) = built_in_norms(&c.sim, c.norm_players, c.norm_matches, c.seed)?;
    let mut rng = ChaCha8Rng::seed_from_u64(c.seed ^ 0x7465_7374);
    let mut personas: Vec<(Persona, usize)> = (0..c.honest)
        .map(|i| {
            (
                Persona::drawn(i % SIM_LEVELS.len(), Style::Honest, &mut rng),
                c.honest_matches,
            )
        })
        .collect();
    for (_, style) in CHEATS {
        for i in 0..c.cheaters {
            personas.push((
                Persona::drawn(i % SIM_LEVELS.len(), style, &mut rng),
                c.cheat_matches,
            ));
        }
    }
    let (evidence, played) = run_population(&c.sim, &personas, c.seed ^ 0x0070_6f70)?;
    let all: Vec<(&Persona, &Vec<Evidence>)> =
        personas.iter().map(|(p, _)| p).zip(&evidence).collect();
    let mut rows = Vec::new();
    for (l, (name, _)) in SIM_LEVELS.iter().enumerate() {
        let group: Vec<_> = all
            .iter()
            .take(c.honest)
            .enumerate()
            .filter(|(i, _)| i % SIM_LEVELS.len() == l)
            .map(|(_, x)| *x)
            .collect();
        rows.push(row(
            &format!("honest {name}"),
            &group,
            c.honest_matches,
            &norms,
            &c.policy,
        ));
    }
    let honest: Vec<_> = all.iter().take(c.honest).copied().collect();
    rows.push(row(
        "honest, all",
        &honest,
        c.honest_matches,
        &norms,
        &c.policy,
    ));
    for (k, (label, _)) in CHEATS.iter().enumerate() {
        let start = c.honest + k * c.cheaters;
        let group: Vec<_> = all[start..start + c.cheaters].to_vec();
        rows.push(row(label, &group, c.cheat_matches, &norms, &c.policy));
    }
    Ok(BenchReport {
        norms,
        rows,
        matches: norm_played + played,
    })
}

/// How long the fair-play analysis of whole matches took on one thread.
#[derive(Clone, Debug)]
pub struct Timing {
    /// Each match's time and counted decisions (both seats).
    pub runs: Vec<(Duration, u64)>,
}

impl Timing {
    /// The median time (the slower middle one for an even count).
    pub fn median(&self) -> Option<Duration> {
        let mut t: Vec<Duration> = self.runs.iter().map(|r| r.0).collect();
        t.sort_unstable();
        t.get(t.len() / 2).copied()
    }

    pub fn max(&self) -> Option<Duration> {
        self.runs.iter().map(|r| r.0).max()
    }
}

/// Time the analysis of `matches` matches between two honest players of
/// the top level, each on a pool of one thread (the expert's own
/// parallel search included), so the time is one core's at most.
pub fn time_analysis(cfg: &SimConfig, matches: usize, seed: u64) -> Result<Timing, SimError> {
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .map_err(|e| SimError::Pool(e.to_string()))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7469_6d65);
    let top = SIM_LEVELS.len() - 1;
    let mut runs = Vec::with_capacity(matches);
    for _ in 0..matches {
        let players: Vec<Persona> = (0..cfg.rules.players())
            .map(|_| Persona::drawn(top, Style::Honest, &mut rng))
            .collect();
        let s: u64 = rng.random();
        let record = play_match(cfg, &players, s)?;
        let start = Instant::now();
        let evidence = one.install(|| evidence_of(&record, s, cfg.samples))?;
        let took = start.elapsed();
        runs.push((took, evidence.iter().map(|e| e.decisions).sum()));
    }
    Ok(Timing { runs })
}

/// Run `f` on a pool of `jobs` threads: the expert's batches follow the
/// pool's size, so a seed's figures are the same for the same `jobs`.
pub fn with_jobs<T: Send>(jobs: usize, f: impl FnOnce() -> T + Send) -> Result<T, SimError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|e| SimError::Pool(e.to_string()))?;
    Ok(pool.install(f))
}
