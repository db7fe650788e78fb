//! Variants of a bot against one opponent on the same deals, one arena after
//! the other, and each variant's difference from the first, deal by deal
//! (a paired comparison: the deals' luck cancels, so the interval is far
//! narrower than the two arenas' own).
//!
//! `cargo run --release -p domino-bots --example paired -- PRESET[/PLAYERS] OPPONENT DEALS SEED BUDGET_MS VARIANT...`
//!
//! The figures are the arena's metric: a win rate in percent, or in the
//! points games points per hand (`draw/2`: the 2-player draw game).
//!
//! e.g. `paired jamaican count 1000 41 150 expert:samples=32 expert:samples=32:oversample=32`
use domino_bots::arena::{mean_ci, run, ArenaConfig};
use domino_engine::RulesSpec;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    assert!(
        a.len() >= 6,
        "usage: paired PRESET[/PLAYERS] OPPONENT DEALS SEED BUDGET_MS VARIANT..."
    );
    let (preset, players) = match a[0].split_once('/') {
        Some((p, n)) => (p, Some(n.parse().expect("players"))),
        None => (a[0].as_str(), None),
    };
    let mut spec = RulesSpec::preset(preset);
    spec.players = players;
    let rules = spec.resolve().expect("rules");
    let opponent = a[1].clone();
    let deals: u64 = a[2].parse().expect("deals");
    let seed: u64 = a[3].parse().expect("seed");
    let budget_ms: u64 = a[4].parse().expect("budget");
    let mut first: Option<Vec<f64>> = None;
    for bot in &a[5..] {
        let config = ArenaConfig {
            rules,
            bots: [bot.clone(), opponent.clone()],
            deals,
            seed,
            budget_ms,
            jobs: 1,
        };
        let start = std::time::Instant::now();
        let r = run(&config, &|_| {}).expect("arena");
        let (m, h) = r.mean[0];
        let (scale, unit) = match r.metric {
            "win_rate" => (100.0, "%"),
            _ => (1.0, " points"),
        };
        let vs = match &first {
            None => String::new(),
            Some(f) => {
                let d: Vec<f64> = r.deal_edges.iter().zip(f).map(|(x, y)| x - y).collect();
                let (dm, dh) = mean_ci(&d);
                format!("  vs first {:+.2} ± {:.2}", scale * dm, scale * dh)
            }
        };
        // Each deal's edge, for a paired comparison with another build.
        if let Some(path) = std::env::var_os("PAIRED_EDGES") {
            let lines: String = r.deal_edges.iter().map(|e| format!("{e}\n")).collect();
            std::fs::write(path, lines).expect("PAIRED_EDGES");
        }
        println!(
            "{bot}: {:.2}{unit} ± {:.2}, edge {:+.2} ± {:.2}{vs}  median {:.1} ms p99 {:.1} ms  ({:.0} s)",
            scale * m,
            scale * h,
            scale * r.edge.0,
            scale * r.edge.1,
            r.median_ms[0],
            r.p99_ms[0],
            start.elapsed().as_secs_f64()
        );
        if first.is_none() {
            first = Some(r.deal_edges.clone());
        }
    }
}
