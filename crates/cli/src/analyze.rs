//! `domino analyze FILE`: every decision of a match record, valued by the
//! exact solver with full information and compared with what the expert
//! would have played from the seat's own view. Shapes in docs/analysis.md.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use domino_bots::analysis::{
    actions_in, analyze, check_hand, objective_name, objective_text, Analysis, AnalyzeConfig,
    Decision, ExpertConfig, DEFAULT_EXPERT_BUDGET_MS, DEFAULT_NODE_LIMIT,
};
use domino_engine::{Action, Rules, RulesSpec};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

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
    /// Only this hand (from 1): a long match (many hands of Mexican Train
    /// or chicken foot) a hand at a time.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub hand: Option<u32>,
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
        hand: args.hand,
        ..AnalyzeConfig::default()
    };
    check_hand(&rec, args.hand).map_err(|e| Usage(format!("{}: {e}", args.file.display())))?;
    let total = actions_in(&rec, args.hand);
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
        // Through a `Value`, whose objects keep their keys sorted: the
        // engine's actions and rules inside are written as they always were.
        let v = serde_json::to_value(to_json(&analysis, &config, seconds))?;
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
    } else {
        write!(out, "{}", to_text(&analysis, &config, seconds))?;
    }
    Ok(())
}

// The JSON shapes of docs/analysis.md, each struct's fields in the sorted
// order the file is written in.

/// One legal action and its value.
#[derive(Serialize)]
struct ValuedAction<'a> {
    action: &'a Action,
    value: &'a i32,
}

/// One decision of a hand.
#[derive(Serialize)]
struct DecisionJson<'a> {
    best: Vec<Action>,
    best_value: Option<i32>,
    blunder: bool,
    cost: Option<i32>,
    expert: &'a Option<Action>,
    expert_cost: Option<i32>,
    expert_value: Option<i32>,
    index: usize,
    played: &'a Action,
    seat: u8,
    side: usize,
    value: Option<i32>,
    values: Option<Vec<ValuedAction<'a>>>,
}

impl<'a> DecisionJson<'a> {
    fn new(d: &'a Decision, blunder: i32) -> Self {
        DecisionJson {
            best: d.best(),
            best_value: d.best_value(),
            blunder: d.is_blunder(blunder),
            cost: d.cost(),
            expert: &d.expert,
            expert_cost: d.expert_cost(),
            expert_value: d.expert_value(),
            index: d.index,
            played: &d.played,
            seat: d.seat,
            side: d.side,
            value: d.played_value(),
            values: d.values.as_ref().map(|vals| {
                d.legal
                    .iter()
                    .zip(vals)
                    .map(|(action, value)| ValuedAction { action, value })
                    .collect()
            }),
        }
    }
}

/// One hand: its count of actions and its decisions.
#[derive(Serialize)]
struct HandJson<'a> {
    actions: usize,
    decisions: Vec<DecisionJson<'a>>,
    hand: u32,
}

/// One seat's totals.
#[derive(Serialize)]
struct SeatJson {
    blunders: usize,
    decisions: usize,
    expert_agreed: usize,
    expert_asked: usize,
    expert_cost: i64,
    seat: u8,
    solved: usize,
    total_cost: i64,
}

/// How the expert was asked.
#[derive(Serialize)]
struct ExpertJson {
    budget_ms: u64,
    samples: Option<usize>,
    seed: u64,
}

/// The analysis as JSON (`domino-analysis/1`).
#[derive(Serialize)]
pub struct AnalysisJson<'a> {
    blunder: i32,
    expert: Option<ExpertJson>,
    format: &'static str,
    hands: Vec<HandJson<'a>>,
    node_limit: Option<u64>,
    nodes: u64,
    objective: &'static str,
    rules: RulesSpec,
    seats: Vec<SeatJson>,
    seconds: f64,
    values: String,
}

/// The analysis as JSON (`domino-analysis/1`).
pub fn to_json<'a>(a: &'a Analysis, config: &AnalyzeConfig, seconds: f64) -> AnalysisJson<'a> {
    AnalysisJson {
        blunder: a.blunder,
        expert: config.expert.map(|e| ExpertJson {
            budget_ms: e.budget_ms,
            samples: e.samples,
            seed: e.seed,
        }),
        format: "domino-analysis/1",
        hands: a
            .hands
            .iter()
            .map(|h| HandJson {
                actions: h.actions,
                decisions: h
                    .decisions
                    .iter()
                    .map(|d| DecisionJson::new(d, a.blunder))
                    .collect(),
                hand: h.number,
            })
            .collect(),
        node_limit: config.node_limit,
        nodes: a.nodes,
        objective: objective_name(&a.rules),
        rules: a.rules.spec(),
        seats: a
            .seats()
            .iter()
            .map(|s| SeatJson {
                blunders: s.blunders,
                decisions: s.decisions,
                expert_agreed: s.agreed,
                expert_asked: s.asked,
                expert_cost: s.expert_cost,
                seat: s.seat,
                solved: s.solved,
                total_cost: s.total_cost,
            })
            .collect(),
        seconds,
        values: objective_text(&a.rules),
    }
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
        rules.preset().name(),
        rules.players(),
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
