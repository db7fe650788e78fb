//! `domino analyze FILE`: every decision of a match record, valued by the
//! exact solver with full information and compared with what the expert
//! would have played from the seat's own view. Shapes in docs/analysis.md.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use domino_bots::analysis::{
    analyze, objective_name, objective_text, Analysis, AnalyzeConfig, Decision, ExpertConfig,
    DEFAULT_EXPERT_BUDGET_MS, DEFAULT_NODE_LIMIT,
};
use domino_engine::Rules;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};

use crate::solve::{read_record, value_text};
use crate::Usage;

/// Flags of `domino analyze`.
#[derive(Debug, Clone, Args)]
pub struct AnalyzeArgs {
    /// The match record (domino-record/1), or `-` for stdin.
    pub file: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// The expert's time budget per decision, in milliseconds.
    #[arg(long, default_value_t = DEFAULT_EXPERT_BUDGET_MS)]
    pub budget_ms: u64,
    /// Seed of the expert (each decision derives its own from it).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Most worlds the expert samples per decision (default: its own cap).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub samples: Option<u64>,
    /// Leave the expert out: full-information values only (fast).
    #[arg(long, conflicts_with_all = ["budget_ms", "samples", "seed"])]
    pub no_expert: bool,
    /// The smallest cost counted as a blunder, in the values' units
    /// (default: 1 in the six-love games, about 10 points in points games).
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..))]
    pub blunder: Option<i32>,
    /// Nodes each full-information search may take before the decision is
    /// left unsolved (0: no limit).
    #[arg(long, default_value_t = DEFAULT_NODE_LIMIT)]
    pub node_limit: u64,
}

/// Run `domino analyze`.
pub fn run(args: &AnalyzeArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let rec = read_record(&args.file)?;
    let config = AnalyzeConfig {
        expert: (!args.no_expert).then_some(ExpertConfig {
            seed: args.seed,
            budget_ms: args.budget_ms,
            samples: args.samples.map(|n| n as usize),
        }),
        node_limit: (args.node_limit > 0).then_some(args.node_limit),
        blunder: args.blunder,
        ..AnalyzeConfig::default()
    };
    let total: usize = rec.hands.iter().map(|h| h.actions.len()).sum();
    let bar = ProgressBar::new(total as u64);
    if let Ok(style) = ProgressStyle::with_template(
        "analysing [{bar:30}] {pos}/{len} actions, {elapsed} (eta {eta})",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    let start = Instant::now();
    let analysis = analyze(&rec, &config, &mut |p| bar.set_position(p.done as u64))
        .map_err(|e| Usage(format!("{}: {e}", args.file.display())))?;
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        let v = to_json(&analysis, &config, seconds);
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
    } else {
        write!(out, "{}", to_text(&analysis, &config, seconds))?;
    }
    Ok(())
}

fn decision_json(d: &Decision, blunder: i32) -> Value {
    let values = d.values.as_ref().map(|vals| {
        d.legal
            .iter()
            .zip(vals)
            .map(|(a, v)| json!({"action": a, "value": v}))
            .collect::<Vec<_>>()
    });
    json!({
        "index": d.index,
        "seat": d.seat,
        "side": d.side,
        "played": d.played,
        "value": d.played_value(),
        "best": d.best(),
        "best_value": d.best_value(),
        "cost": d.cost(),
        "blunder": d.is_blunder(blunder),
        "expert": d.expert,
        "expert_value": d.expert_value(),
        "expert_cost": d.expert_cost(),
        "values": values,
    })
}

/// The analysis as JSON (`domino-analysis/1`).
pub fn to_json(a: &Analysis, config: &AnalyzeConfig, seconds: f64) -> Value {
    let hands: Vec<Value> = a
        .hands
        .iter()
        .map(|h| {
            json!({
                "hand": h.number,
                "actions": h.actions,
                "decisions": h.decisions.iter().map(|d| decision_json(d, a.blunder)).collect::<Vec<_>>(),
            })
        })
        .collect();
    let seats: Vec<Value> = a
        .seats()
        .iter()
        .map(|s| {
            json!({
                "seat": s.seat,
                "decisions": s.decisions,
                "solved": s.solved,
                "total_cost": s.total_cost,
                "blunders": s.blunders,
                "expert_asked": s.asked,
                "expert_agreed": s.agreed,
                "expert_cost": s.expert_cost,
            })
        })
        .collect();
    json!({
        "format": "domino-analysis/1",
        "rules": a.rules.spec(),
        "objective": objective_name(&a.rules),
        "values": objective_text(&a.rules),
        "blunder": a.blunder,
        "node_limit": config.node_limit,
        "expert": config.expert.map(|e| json!({
            "budget_ms": e.budget_ms,
            "seed": e.seed,
            "samples": e.samples,
        })),
        "hands": hands,
        "seats": seats,
        "nodes": a.nodes,
        "seconds": seconds,
    })
}

fn value_or_unknown(rules: &Rules, v: Option<i32>) -> String {
    v.map_or_else(|| "?".to_string(), |v| value_text(rules, v))
}

/// The analysis as text: hand by hand, one line per decision, then the
/// seats' totals.
pub fn to_text(a: &Analysis, config: &AnalyzeConfig, seconds: f64) -> String {
    let rules = &a.rules;
    let mut t = String::new();
    let decisions: usize = a.hands.iter().map(|h| h.decisions.len()).sum();
    let actions: usize = a.hands.iter().map(|h| h.actions).sum();
    let _ = writeln!(
        t,
        "{}, {} players: {} hand{}, {actions} actions, {decisions} decisions",
        rules.preset.name(),
        rules.players,
        a.hands.len(),
        if a.hands.len() == 1 { "" } else { "s" }
    );
    let _ = writeln!(
        t,
        "values: {}, with every hand and the boneyard known",
        objective_text(rules)
    );
    let _ = writeln!(
        t,
        "best: a best action with full information (* one of several); cost: best value \
         minus the played one; BLUNDER: cost {} or more",
        a.blunder
    );
    match config.expert {
        Some(e) => {
            let _ = writeln!(
                t,
                "expert: from the seat's view only, {} ms per decision, seed {}{}",
                e.budget_ms,
                e.seed,
                e.samples
                    .map(|n| format!(", at most {n} worlds"))
                    .unwrap_or_default()
            );
        }
        None => {
            let _ = writeln!(t, "expert: not asked");
        }
    }
    for h in &a.hands {
        let _ = writeln!(
            t,
            "\nhand {}: {} actions, {} decisions",
            h.number,
            h.actions,
            h.decisions.len()
        );
        if h.decisions.is_empty() {
            continue;
        }
        let _ = writeln!(
            t,
            "  {:>3}  {:>4}  {:<10} {:>5}  {:<10} {:<11} {:>5}  {:>4}",
            "#", "seat", "played", "value", "expert", "best", "value", "cost"
        );
        for d in &h.decisions {
            let best = d.best();
            let shown_best = if best.contains(&d.played) {
                Some(d.played)
            } else {
                best.first().copied()
            };
            let best_text = match shown_best {
                Some(b) if best.len() > 1 => format!("{}*", b.short()),
                Some(b) => b.short().to_string(),
                None => "unsolved".to_string(),
            };
            let expert = match (config.expert, d.expert) {
                (Some(_), Some(e)) => e.short().to_string(),
                (Some(_), None) => "?".to_string(),
                (None, _) => "-".to_string(),
            };
            let cost = d.cost().map_or_else(|| "?".to_string(), |c| c.to_string());
            let _ = writeln!(
                t,
                "  {:>3}  {:>4}  {:<10} {:>5}  {:<10} {:<11} {:>5}  {:>4}{}",
                d.index,
                d.seat,
                d.played.short().to_string(),
                value_or_unknown(rules, d.played_value()),
                expert,
                best_text,
                value_or_unknown(rules, d.best_value()),
                cost,
                if d.is_blunder(a.blunder) {
                    "  BLUNDER"
                } else {
                    ""
                }
            );
        }
    }
    let _ = writeln!(
        t,
        "\n{:>4}  {:>9}  {:>6}  {:>10}  {:>8}  {:>13}  {:>11}",
        "seat", "decisions", "solved", "total cost", "blunders", "expert agreed", "expert cost"
    );
    for s in a.seats() {
        let agreed = if config.expert.is_some() {
            format!("{}/{}", s.agreed, s.asked)
        } else {
            "-".to_string()
        };
        let expert_cost = if config.expert.is_some() {
            s.expert_cost.to_string()
        } else {
            "-".to_string()
        };
        let _ = writeln!(
            t,
            "{:>4}  {:>9}  {:>6}  {:>10}  {:>8}  {:>13}  {:>11}",
            s.seat, s.decisions, s.solved, s.total_cost, s.blunders, agreed, expert_cost
        );
    }
    let _ = writeln!(t, "\n{} full-information nodes; {seconds:.1} s", a.nodes);
    t
}
