//! Time the exact solver on full deals: `cargo run --release -p domino-bots
//! --example solver_speed -- [preset] [deals]`.

use std::time::Instant;

use domino_bots::solver::{Position, Solver};
use domino_engine::{Match, Rules};

fn main() {
    let mut args = std::env::args().skip(1);
    let preset = args.next().unwrap_or_else(|| "jamaican".into());
    let deals: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let Ok(rules) = Rules::preset(&preset) else {
        eprintln!("unknown preset {preset}");
        return;
    };
    let positions: Vec<Position> = (0..deals)
        .filter_map(|seed| Match::new(rules, Some(seed), None).ok())
        .map(|m| Position::new(*m.hand(), 1))
        .collect();
    let mut solver = Solver::new(18);
    let (mut nodes, mut wins) = (0u64, 0i64);
    let start = Instant::now();
    for p in &positions {
        if let Some(s) = solver.solve(p) {
            wins += i64::from(s.value);
        }
        nodes += solver.nodes();
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{preset}: {} deals, {:.3} ms per deal, {} nodes per deal, value sum {wins}",
        positions.len(),
        1000.0 * secs / positions.len() as f64,
        nodes / positions.len() as u64
    );
}
