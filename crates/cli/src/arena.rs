//! `domino arena`: two bots in duplicate over seeded deals.

use domino_bots::arena::{run, ArenaConfig, Report};
use domino_engine::Rules;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};

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

/// The report as JSON.
pub fn to_json(rules: &Rules, r: &Report) -> Value {
    let bots: Vec<Value> = (0..2)
        .map(|b| {
            json!({
                "bot": r.bots[b],
                "mean": r.mean[b].0,
                "ci95": r.mean[b].1,
                "decisions": r.decisions[b],
                "median_ms": r.median_ms[b],
                "p99_ms": r.p99_ms[b],
            })
        })
        .collect();
    json!({
        "preset": rules.preset.name(),
        "players": rules.players,
        "deals": r.deals,
        "hands": 2 * r.deals,
        "metric": r.metric,
        "lower_is_better": r.low_wins,
        "bots": bots,
        "edge": {"of": r.bots[0], "mean": r.edge.0, "ci95": r.edge.1},
    })
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
        rules.preset.name(),
        rules.players,
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
