//! `domino bench`: random playouts on one thread, to measure engine speed.

use std::time::Instant;

use anyhow::Context;
use domino_engine::Playout;
use domino_engine::{Rules, RulesSpec};
use serde::{Deserialize, Serialize};

/// One bench result; a struct so the JSON keeps this field order.
#[derive(Debug, Serialize)]
pub struct Report {
    pub preset: &'static str,
    pub players: u8,
    pub hands: u64,
    pub seconds: f64,
    pub hands_per_sec: u64,
    pub actions_per_hand: f64,
    /// Timed runs behind the figures above (the median run's).
    pub runs: usize,
    /// The slowest and fastest of the runs: their spread shows the noise.
    pub min_hands_per_sec: u64,
    pub max_hands_per_sec: u64,
    /// The same game's hands per second in `--baseline`, where it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub baseline_hands_per_sec: Option<u64>,
    /// The change from the baseline, in percent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub change_percent: Option<f64>,
}

/// Play `hands` random hands of `rules` and report the speed.
pub fn run(rules: Rules, hands: u64, seed: u64) -> Report {
    let mut p = Playout::new(rules, seed);
    let start = Instant::now();
    for _ in 0..hands {
        p.hand();
    }
    let seconds = start.elapsed().as_secs_f64();
    // Guard the division: a coarse clock can report zero for tiny runs.
    let hands_per_sec = (hands as f64 / seconds.max(1e-9)).round() as u64;
    Report {
        preset: rules.preset().name(),
        players: rules.players(),
        hands,
        seconds,
        hands_per_sec,
        actions_per_hand: p.actions as f64 / hands.max(1) as f64,
        runs: 1,
        min_hands_per_sec: hands_per_sec,
        max_hands_per_sec: hands_per_sec,
        baseline_hands_per_sec: None,
        change_percent: None,
    }
}

/// The median of runs of one game (for an even number, the slower of the
/// two middle runs), with the spread of them all; `None` for no runs.
pub fn median(mut runs: Vec<Report>) -> Option<Report> {
    runs.sort_by_key(|r| r.hands_per_sec);
    let (min, max) = (runs.first()?.hands_per_sec, runs.last()?.hands_per_sec);
    let n = runs.len();
    let mut mid = runs.swap_remove((n - 1) / 2);
    mid.runs = n;
    mid.min_hands_per_sec = min;
    mid.max_hands_per_sec = max;
    Some(mid)
}

/// One line of an earlier bench's output, as `--baseline` reads it.
#[derive(Debug, Deserialize)]
pub struct Baseline {
    preset: String,
    players: u8,
    hands_per_sec: u64,
}

/// The lines of an earlier bench's output (blank lines skipped).
pub fn read_baseline(text: &str) -> anyhow::Result<Vec<Baseline>> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l)
                .with_context(|| format!("line {} is not a line of `domino bench` output", i + 1))
        })
        .collect()
}

/// Set the report's baseline figures from the baseline's line for the same
/// game and player count, if there is one.
pub fn compare(report: &mut Report, baseline: &[Baseline]) {
    let before = baseline
        .iter()
        .find(|b| b.preset == report.preset && b.players == report.players)
        .map(|b| b.hands_per_sec)
        .filter(|&b| b > 0);
    report.baseline_hands_per_sec = before;
    report.change_percent = before.map(|b| {
        let change = 100.0 * (report.hands_per_sec as f64 / b as f64 - 1.0);
        // One decimal: finer digits are noise on any machine.
        (change * 10.0).round() / 10.0
    });
}

/// The rules a bench runs: a preset's defaults, with an optional player count.
pub fn rules(preset: &str, players: Option<u8>) -> Result<Rules, domino_engine::RulesError> {
    RulesSpec {
        preset: preset.to_string(),
        players,
        options: Default::default(),
    }
    .resolve()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn report(hands_per_sec: u64) -> Report {
        let mut r = run(rules("block", None).unwrap(), 1, 1);
        r.hands_per_sec = hands_per_sec;
        r
    }

    #[test]
    fn median_takes_the_middle_run_and_the_spread() {
        let m = median([5, 1, 4, 2, 3].map(report).into()).unwrap();
        assert_eq!(
            (m.hands_per_sec, m.min_hands_per_sec, m.max_hands_per_sec),
            (3, 1, 5)
        );
        assert_eq!(m.runs, 5);
        let even = median([4, 1, 3, 2].map(report).into()).unwrap();
        assert_eq!(even.hands_per_sec, 2, "the slower of the middle two");
        assert!(median(Vec::new()).is_none());
    }

    #[test]
    fn compare_finds_the_same_game_and_players() {
        let text = concat!(
            r#"{"preset":"block","players":3,"hands_per_sec":500}"#,
            "\n\n",
            r#"{"preset":"block","players":2,"hands_per_sec":800,"seconds":1.0}"#,
        );
        let baseline = read_baseline(text).unwrap();
        let mut r = report(1000);
        r.players = 2;
        compare(&mut r, &baseline);
        assert_eq!(r.baseline_hands_per_sec, Some(800));
        assert_eq!(r.change_percent, Some(25.0));
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["change_percent"], 25.0);
        let mut other = run(rules("draw", None).unwrap(), 1, 1);
        compare(&mut other, &baseline);
        assert_eq!(other.change_percent, None);
        let v = serde_json::to_value(&other).unwrap();
        assert!(v.get("baseline_hands_per_sec").is_none());
    }

    #[test]
    fn baseline_errors_name_the_line() {
        let text = "{\"preset\":\"block\",\"players\":2,\"hands_per_sec\":800}\nnot json\n";
        let e = read_baseline(text).unwrap_err();
        assert!(format!("{e:#}").contains("line 2"), "{e:#}");
    }

    #[test]
    fn reports_the_fields() {
        let r = run(rules("draw", Some(3)).unwrap(), 20, 1);
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["preset"], "draw");
        assert_eq!(v["players"], 3);
        assert_eq!(v["hands"], 20);
        assert!(v["actions_per_hand"].as_f64().unwrap() > 1.0);
    }
}
