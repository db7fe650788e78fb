//! `domino arena`: two bots in duplicate over seeded deals.

use domino_bots::arena::{run, ArenaConfig, Report};
use domino_engine::Rules;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use serde_json::Value;

/// Play the arena with a progress bar on stderr.
pub fn arena(config: &ArenaConfig) -> anyhow::Result<Report> {
    let bar = ProgressBar::new(config.deals);
    if let Ok(style) =
        ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} deals, {elapsed} (eta {eta})")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(format!("{} vs {}", config.bots[0], config.bots[1]));
    let report = run(config, &|done| bar.set_position(done))?;
    bar.finish_and_clear();
    Ok(report)
}

/// `arena --json`.
#[derive(Serialize)]
struct Answer<'a> {
    preset: &'static str,
    players: u8,
    deals: u64,
    hands: u64,
    metric: &'static str,
    lower_is_better: bool,
    bots: [BotLine<'a>; 2],
    edge: Edge<'a>,
}

/// One bot's line of `arena --json`.
#[derive(Serialize)]
struct BotLine<'a> {
    bot: &'a str,
    mean: f64,
    ci95: f64,
    decisions: usize,
    median_ms: f64,
    p99_ms: f64,
}

/// The first bot's edge over the second.
#[derive(Serialize)]
struct Edge<'a> {
    of: &'a str,
    mean: f64,
    ci95: f64,
}

/// The report as JSON (a map with its keys sorted, as always printed).
pub fn to_json(rules: &Rules, r: &Report) -> anyhow::Result<Value> {
    let bot = |b: usize| BotLine {
        bot: &r.bots[b],
        mean: r.mean[b].0,
        ci95: r.mean[b].1,
        decisions: r.decisions[b],
        median_ms: r.median_ms[b],
        p99_ms: r.p99_ms[b],
    };
    Ok(serde_json::to_value(Answer {
        preset: rules.preset().name(),
        players: rules.players(),
        deals: r.deals,
        hands: 2 * r.deals,
        metric: r.metric,
        lower_is_better: r.low_wins,
        bots: [bot(0), bot(1)],
        edge: Edge {
            of: &r.bots[0],
            mean: r.edge.0,
            ci95: r.edge.1,
        },
    })?)
}

/// The report as text.
pub fn to_text(rules: &Rules, r: &Report) -> String {
    let what = match r.metric {
        "win_rate" => "hands won (ties half)",
        _ if r.low_wins => "points per hand (lower is better)",
        _ => "points per hand",
    };
    let mut out = format!(
        "{} ({} players): {} deals in duplicate, {} hands; {what}\n",
        rules.preset().name(),
        rules.players(),
        r.deals,
        2 * r.deals
    );
    for b in 0..2 {
        let (m, ci) = r.mean[b];
        let shown = if r.metric == "win_rate" {
            format!("{:6.2}% ± {:.2}%", 100.0 * m, 100.0 * ci)
        } else {
            format!("{m:8.2} ± {ci:.2}")
        };
        out += &format!(
            "  {:<10} {shown}   decisions {:>7}, median {:.3} ms, p99 {:.3} ms\n",
            r.bots[b], r.decisions[b], r.median_ms[b], r.p99_ms[b]
        );
    }
    let (e, ci) = r.edge;
    let clear = (e - ci > 0.0) || (e + ci < 0.0);
    out += &if r.metric == "win_rate" {
        format!(
            "  {} edge over even: {:+.2}% ± {:.2}% (95%){}\n",
            r.bots[0],
            100.0 * e,
            100.0 * ci,
            if clear { ", clear of even" } else { "" }
        )
    } else {
        format!(
            "  {} minus {}: {e:+.2} ± {ci:.2} points per hand (95%){}\n",
            r.bots[0],
            r.bots[1],
            if clear { ", clear of even" } else { "" }
        )
    };
    out
}
