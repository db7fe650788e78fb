//! `domino fairplay bench`: simulated honest players and cheaters,
//! checked after every match as the site checks profiles, and the share
//! of each the flags catch (crates/fairplay, docs/fairplay.md).

use std::time::Instant;

use clap::{Args, Subcommand};
use domino_fairplay::bench::{
    built_in_norms, run, time_analysis, with_jobs, BenchConfig, BenchReport, Row,
};
use domino_fairplay::shipped::{Shipped, SAMPLES};
use domino_fairplay::sim::SimConfig;
use domino_fairplay::Policy;

use crate::bench;
use crate::Usage;

#[derive(Debug, Args)]
pub struct FairplayArgs {
    #[command(subcommand)]
    pub command: FairplayCommand,
}

#[derive(Debug, Subcommand)]
pub enum FairplayCommand {
    /// Simulate honest players and cheaters, check each after every match,
    /// and report who is flagged and how soon.
    Bench(BenchArgs),
    /// The built-in levels' norms of a game, as JSON: the file the server
    /// ships in crates/fairplay/norms/GAME.json.
    Norms(NormsArgs),
}

/// What both commands simulate: the game, the seed, the players behind
/// the norms, and the threads they run on.
#[derive(Debug, Args)]
pub struct Simulated {
    /// The game.
    #[arg(long, default_value = "block")]
    preset: String,
    /// Players (default: the game's default).
    #[arg(long)]
    players: Option<u8>,
    /// Seed of every deal and player.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Players per level behind the norms, and their matches each.
    #[arg(long, default_value_t = 4)]
    norm_players: usize,
    #[arg(long, default_value_t = 12)]
    norm_matches: usize,
    /// Threads for the matches (the figures are the same for the same --jobs).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    jobs: u64,
}

#[derive(Debug, Args)]
pub struct NormsArgs {
    #[command(flatten)]
    sim: Simulated,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(flatten)]
    sim: Simulated,
    /// Worlds the expert samples per decision.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=256))]
    samples: u64,
    /// Honest players (spread over the levels) and their matches each.
    #[arg(long, default_value_t = 30)]
    honest: usize,
    #[arg(long, default_value_t = 50)]
    honest_matches: usize,
    /// Cheaters of each kind and their matches each.
    #[arg(long, default_value_t = 10)]
    cheaters: usize,
    #[arg(long, default_value_t = 20)]
    cheat_matches: usize,
    /// Then time the analysis of this many matches, each on one thread.
    #[arg(long, default_value_t = 3)]
    time_matches: usize,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

pub fn main(args: FairplayArgs) -> anyhow::Result<()> {
    match args.command {
        FairplayCommand::Bench(b) => bench_main(&b),
        FairplayCommand::Norms(n) => norms_main(&n),
    }
}

fn norms_main(a: &NormsArgs) -> anyhow::Result<()> {
    let rules = bench::rules(&a.sim.preset, a.sim.players).map_err(|e| Usage(e.to_string()))?;
    let samples = SAMPLES;
    let sim = SimConfig { rules, samples };
    let jobs = usize::try_from(a.sim.jobs)?;
    let (norms, _) = with_jobs(jobs, || {
        built_in_norms(&sim, a.sim.norm_players, a.sim.norm_matches, a.sim.seed)
    })??;
    let shipped = Shipped {
        game: a.sim.preset.clone(),
        players: rules.players(),
        samples,
        seed: a.sim.seed,
        norm_players: a.sim.norm_players,
        norm_matches: a.sim.norm_matches,
        norms,
    };
    println!("{}", serde_json::to_string_pretty(&shipped)?);
    Ok(())
}

fn bench_main(a: &BenchArgs) -> anyhow::Result<()> {
    let rules = bench::rules(&a.sim.preset, a.sim.players).map_err(|e| Usage(e.to_string()))?;
    let samples = usize::try_from(a.samples)?;
    let config = BenchConfig {
        sim: SimConfig { rules, samples },
        seed: a.sim.seed,
        norm_players: a.sim.norm_players,
        norm_matches: a.sim.norm_matches,
        honest: a.honest,
        honest_matches: a.honest_matches,
        cheaters: a.cheaters,
        cheat_matches: a.cheat_matches,
        policy: Policy::default(),
    };
    let jobs = usize::try_from(a.sim.jobs)?;
    let start = Instant::now();
    let report = with_jobs(jobs, || run(&config))??;
    let secs = start.elapsed().as_secs_f64();
    let timing = if a.time_matches > 0 {
        Some(time_analysis(&config.sim, a.time_matches, a.sim.seed)?)
    } else {
        None
    };
    let goals = Goals::of(&report, &config);
    if a.json {
        let rows: Vec<serde_json::Value> = report.rows.iter().map(row_json).collect();
        let out = serde_json::json!({
            "preset": a.sim.preset,
            "seed": a.sim.seed,
            "samples": samples,
            "matches": report.matches,
            "seconds": secs,
            "rows": rows,
            "strong_cheaters_caught": goals.caught,
            "honest_flagged": goals.honest_flagged,
            "analysis_ms": timing.as_ref().map(|t| serde_json::json!({
                "median": t.median().map(|d| d.as_millis()),
                "max": t.max().map(|d| d.as_millis()),
                "matches": t.runs.len(),
            })),
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    println!(
        "Fair-play bench: {} ({} worlds a decision, seed {}), {} matches in {secs:.0} s",
        a.sim.preset, samples, a.sim.seed, report.matches
    );
    println!();
    println!("| group | players | matches each | flagged | first flag (median match) | agreement | decisions a match | deep agreement | deep a match | mean cost |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for r in &report.rows {
        println!(
            "| {} | {} | {} | {} ({:.0}%) | {} | {:.1}% | {:.0} | {:.1}% | {:.1} | {:.2} |",
            r.label,
            r.players,
            r.matches,
            r.flagged,
            share(r.flagged, r.players),
            r.median_first.map_or("-".to_string(), |m| m.to_string()),
            100.0 * r.agreement,
            r.decisions_per_match,
            100.0 * r.deep_agreement,
            r.deep_per_match,
            r.mean_cost
        );
    }
    println!();
    println!(
        "Cheaters consulting the expert at p >= 0.5, flagged within {} matches: {} ({:.0}%; goal 90%)",
        config.cheat_matches.min(20),
        goals.caught.0,
        share(goals.caught.0, goals.caught.1)
    );
    println!(
        "Honest players flagged over {} matches: {} of {} ({:.1}%; goal at most 1%)",
        config.honest_matches,
        goals.honest_flagged.0,
        goals.honest_flagged.1,
        share(goals.honest_flagged.0, goals.honest_flagged.1)
    );
    if let Some(t) = timing {
        println!(
            "Analysis of a whole match on one thread: median {} ms, slowest {} ms, over {} matches",
            t.median().map_or(0, |d| d.as_millis()),
            t.max().map_or(0, |d| d.as_millis()),
            t.runs.len()
        );
    }
    Ok(())
}

/// The figures the issue sets goals for, each as (hits, of).
struct Goals {
    /// Cheaters at p = 1 and p = 0.5 flagged within 20 matches.
    caught: (usize, usize),
    /// Honest players flagged at all.
    honest_flagged: (usize, usize),
}

impl Goals {
    fn of(report: &BenchReport, config: &BenchConfig) -> Goals {
        let within = config.cheat_matches.min(20);
        let strong = report
            .rows
            .iter()
            .filter(|r| r.label == "cheater p=1" || r.label == "cheater p=0.5");
        let caught = strong.fold((0, 0), |(hit, of), r| {
            let in_time = r.firsts.iter().filter(|&&m| m <= within).count();
            (hit + in_time, of + r.players)
        });
        let honest = report
            .rows
            .iter()
            .find(|r| r.label == "honest, all")
            .map_or((0, 0), |r| (r.flagged, r.players));
        Goals {
            caught,
            honest_flagged: honest,
        }
    }
}

fn share(hits: usize, of: usize) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * hits as f64 / of as f64
    }
}

fn row_json(r: &Row) -> serde_json::Value {
    serde_json::json!({
        "group": r.label,
        "players": r.players,
        "matches": r.matches,
        "flagged": r.flagged,
        "median_first": r.median_first,
        "agreement": r.agreement,
        "decisions_per_match": r.decisions_per_match,
        "deep_agreement": r.deep_agreement,
        "deep_per_match": r.deep_per_match,
        "mean_cost": r.mean_cost,
    })
}
