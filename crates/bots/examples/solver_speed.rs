//! Time the exact solver on whole fresh deals, honestly: the table is
//! cleared before each deal, so no deal profits from an earlier one.
//!
//! `cargo run --release -p domino-bots --example solver_speed -- [PRESET] [DEALS] [PLAYERS] [OPTIONS_JSON]`
//!
//! For example the two benchmarks of docs/bots.md:
//!
//! ```text
//! solver_speed jamaican 1000
//! solver_speed block 100 2 '{"hand_size": 14}'
//! ```
//!
//! Prints the mean and median time per deal, nodes per deal and nodes per
//! second. The value is the solver's for the side that poses: the outcome
//! in the six-love games, the points of the hand otherwise.

use std::time::Instant;

use domino_bots::solver::{Position, Solver};
use domino_engine::{Match, RulesSpec};

fn main() {
    let mut args = std::env::args().skip(1);
    let preset = args.next().unwrap_or_else(|| "jamaican".into());
    let deals: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let players: Option<u8> = args.next().and_then(|s| s.parse().ok());
    let options = args.next().unwrap_or_else(|| "{}".into());
    let mut spec = RulesSpec::preset(&preset);
    spec.players = players;
    match serde_json::from_str::<serde_json::Value>(&options) {
        Ok(serde_json::Value::Object(o)) => spec.options = o,
        _ => {
            eprintln!("options must be a JSON object, not {options}");
            std::process::exit(2);
        }
    }
    let rules = match spec.resolve() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let positions: Vec<Position> = (0..deals)
        .filter_map(|seed| Match::new(rules, Some(seed), None).ok())
        .map(|m| Position::new(*m.hand(), 1))
        .collect();
    let bits: u32 = std::env::var("BITS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let mut solver = Solver::new(bits);
    let mut times = Vec::with_capacity(positions.len());
    let (mut nodes, mut sum) = (0u64, 0i64);
    let start = Instant::now();
    for p in &positions {
        let t = Instant::now();
        solver.clear();
        if let Some(s) = solver.solve_value(p) {
            sum += i64::from(s.value);
        }
        times.push(t.elapsed().as_secs_f64());
        nodes += solver.nodes();
    }
    let secs = start.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    let n = positions.len().max(1);
    println!(
        "{} ({} players): {n} deals, mean {:.3} ms, median {:.3} ms per deal, {} nodes per deal, {:.2} M nodes/s, value sum {sum}",
        rules.preset().name(),
        rules.players(),
        1000.0 * secs / n as f64,
        1000.0 * times[n / 2],
        nodes / n as u64,
        nodes as f64 / secs / 1e6,
    );
}
