//! Simulated players for the norms and the benchmark: the built-in
//! levels with noise on their choices, and cheaters who play the
//! expert's move on some of their decisions. Each match is played, then
//! analysed from its record exactly as a finished rated match is.

use domino_bots::analysis::{analyze, Analyst, AnalyzeConfig, ExpertConfig};
use domino_bots::solver::Position;
use domino_bots::{by_name, level_spec, Bot, BotConfig, BotError, Expert};
use domino_engine::{Match, MatchError, MoveList, Phase, Record, RecordError, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::evidence::{hard_at, match_evidence, Evidence};
use crate::norm::Band;

/// Why a simulated match could not be played or analysed.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    #[error(transparent)]
    Bot(#[from] BotError),
    #[error(transparent)]
    Match(#[from] MatchError),
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error("could not start the worker threads: {0}")]
    Pool(String),
}

/// How a simulated player chooses.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Style {
    /// Its level, noise and all.
    Honest,
    /// The expert's move on a share `p` of its decisions.
    Cheat { p: f64 },
    /// The expert's move on the hard decisions only (a wrong choice
    /// would cost a blunder), its own play elsewhere.
    Selective,
}

/// The built-in levels a simulated honest player is drawn from, with the
/// band each stands for: the levels below the expert, weakest first.
pub const SIM_LEVELS: [(&str, Band); 3] = [
    ("heavy", Band(1)),
    ("count", Band(2)),
    ("heuristic", Band(3)),
];

/// How far each player's noise strays from its level's, either way: the
/// players of a band are not all alike.
pub const NOISE_SPREAD: f64 = 0.1;

/// A simulated player.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Persona {
    /// The band of its level (for a cheater: the level it plays when not
    /// consulting the expert).
    pub band: Band,
    /// The share of its choices made at random.
    pub noise: f64,
    pub style: Style,
}

/// The noise of a level's heuristic (`random` is all noise).
pub fn level_noise(level: &str) -> f64 {
    level_spec(level)
        .and_then(|s| s.split(':').find_map(|o| o.strip_prefix("noise=")))
        .and_then(|n| n.parse().ok())
        .unwrap_or(1.0)
}

impl Persona {
    /// A player of level `SIM_LEVELS[level]`, its noise drawn around the
    /// level's.
    pub fn drawn(level: usize, style: Style, rng: &mut impl Rng) -> Persona {
        let (name, band) = SIM_LEVELS[level.min(SIM_LEVELS.len() - 1)];
        let noise = level_noise(name) + rng.random_range(-NOISE_SPREAD..=NOISE_SPREAD);
        Persona {
            band,
            noise: noise.clamp(0.0, 1.0),
            style,
        }
    }
}

/// How the simulated matches are played and analysed.
#[derive(Copy, Clone, Debug)]
pub struct SimConfig {
    pub rules: Rules,
    /// Worlds the expert samples per decision, for the analysis and the
    /// cheaters' engine alike.
    pub samples: usize,
}

/// The expert's budget in the fair-play analysis: long enough that the
/// sample cap, not the clock, ends each search, so a seed gives the same
/// evidence on a loaded machine.
pub const ANALYSIS_BUDGET_MS: u64 = 60_000;

/// The analysis a finished match gets for fair play: the coach's, with
/// the expert asked at `samples` worlds per decision.
pub fn analysis_config(seed: u64, samples: usize) -> AnalyzeConfig {
    AnalyzeConfig {
        expert: Some(ExpertConfig {
            seed,
            budget_ms: ANALYSIS_BUDGET_MS,
            samples: Some(samples),
        }),
        node_limit: Some(1_000_000),
        table_bits: 18,
        ..AnalyzeConfig::default()
    }
}

/// One seat of a simulated match.
struct Seat {
    persona: Persona,
    own: Box<dyn Bot>,
    engine: Expert,
    rng: ChaCha8Rng,
}

impl Seat {
    fn new(persona: Persona, cfg: &SimConfig, seed: u64) -> Result<Seat, SimError> {
        let spec = format!("heuristic:noise={}", persona.noise);
        let own = by_name(
            &spec,
            BotConfig {
                seed,
                budget_ms: ANALYSIS_BUDGET_MS,
            },
        )?;
        Ok(Seat {
            persona,
            own,
            // Not the analysis's seed: a cheater's engine and the site's
            // expert sample different worlds, as they would.
            engine: Expert::new(seed ^ 0x00c0_ffee, ANALYSIS_BUDGET_MS)
                .with_max_samples(cfg.samples),
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5eed),
        })
    }
}

/// Whether a wrong choice in the fully known position could cost a
/// blunder: the selective cheater's sense of a critical moment.
fn is_hard(m: &Match, analyst: &mut Analyst, rules: &Rules) -> bool {
    let pos = Position::new(*m.hand(), m.hand_number());
    let side = rules.side_of(m.to_act().unwrap_or(0));
    match analyst.values(&pos, side) {
        Some(v) => {
            let best = v.iter().map(|x| x.1).max().unwrap_or(0);
            let worst = v.iter().map(|x| x.1).min().unwrap_or(0);
            best - worst >= hard_at(rules)
        }
        None => false,
    }
}

/// Play one match between `players` (one per seat) from `seed`: its
/// record.
pub fn play_match(cfg: &SimConfig, players: &[Persona], seed: u64) -> Result<Record, SimError> {
    let rules = cfg.rules;
    let mut seats = players
        .iter()
        .enumerate()
        .map(|(i, &p)| Seat::new(p, cfg, seed.wrapping_mul(31).wrapping_add(i as u64 + 1)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut m = Match::new(rules, Some(seed), None)?;
    let mut analyst = Analyst::new(16, Some(1_000_000));
    let mut legal = MoveList::new();
    loop {
        match m.phase() {
            Phase::Play | Phase::ChoosePoser => {
                let Some(seat) = m.to_act() else { break };
                let s = &mut seats[usize::from(seat) % players.len()];
                m.legal(&mut legal);
                let view = m.seat_view(seat);
                let consult = legal.len() > 1
                    && m.phase() == Phase::Play
                    && match s.persona.style {
                        Style::Honest => false,
                        Style::Cheat { p } => s.rng.random_bool(p.clamp(0.0, 1.0)),
                        Style::Selective => is_hard(&m, &mut analyst, &rules),
                    };
                let a = if consult {
                    s.engine.act(&view)?
                } else {
                    s.own.act(&view)?
                };
                m.act(a, &mut ())?;
            }
            Phase::HandOver => m.next_hand(None)?,
            Phase::MatchOver => break,
        }
    }
    Ok(m.record())
}

/// Each seat's evidence from the fair-play analysis of `record`.
pub fn evidence_of(record: &Record, seed: u64, samples: usize) -> Result<Vec<Evidence>, SimError> {
    let analysis = analyze(record, &analysis_config(seed, samples), &mut |_| {})?;
    Ok(match_evidence(&analysis, &[]))
}

/// Play one match and return each seat's evidence.
pub fn play(cfg: &SimConfig, players: &[Persona], seed: u64) -> Result<Vec<Evidence>, SimError> {
    evidence_of(&play_match(cfg, players, seed)?, seed, cfg.samples)
}
