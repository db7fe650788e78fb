//! Variants of a bot against one opponent on the same deals, one arena after
//! the other, and each variant's difference from the first, deal by deal
//! (a paired comparison: the deals' luck cancels, so the interval is far
//! narrower than the two arenas' own).
//!
//! `cargo run --release -p domino-bots --example paired -- PRESET OPPONENT DEALS SEED BUDGET_MS VARIANT...`
//!
//! e.g. `paired jamaican count 1000 41 150 expert:samples=32 expert:samples=32:oversample=32`
use domino_bots::arena::{mean_ci, run, ArenaConfig};
use domino_engine::RulesSpec;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    assert!(
        a.len() >= 6,
        "usage: paired PRESET OPPONENT DEALS SEED BUDGET_MS VARIANT..."
    );
    let rules = RulesSpec::preset(&a[0]).resolve().expect("rules");
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
        let vs = match &first {
            None => String::new(),
            Some(f) => {
                let d: Vec<f64> = r.deal_edges.iter().zip(f).map(|(x, y)| x - y).collect();
                let (dm, dh) = mean_ci(&d);
                format!("  vs first {:+.2} ± {:.2}", 100.0 * dm, 100.0 * dh)
            }
        };
        println!(
            "{bot}: {:.2}% ± {:.2}{vs}  median {:.1} ms p99 {:.1} ms  ({:.0} s)",
            100.0 * m,
            100.0 * h,
            r.median_ms[0],
            r.p99_ms[0],
            start.elapsed().as_secs_f64()
        );
        if first.is_none() {
            first = Some(r.deal_edges.clone());
        }
    }
}
