//! The exact solver on whole fresh deals, each from a cleared table so no
//! deal profits from another (or from the previous iteration):
//!
//! - 1,000 jamaican deals, win/tie/loss for the side that poses; one
//!   iteration solves all 1,000, so the time per deal is the reported
//!   time / 1,000;
//! - 10 deals of the two-player block game with all 28 tiles dealt (14
//!   each), the exact points value from the pose; per deal, the reported
//!   time / 10.
//!
//! `crates/bots/examples/solver_speed.rs` gives the mean, the median and
//! nodes per second of the same solves.

use criterion::{criterion_group, criterion_main, Criterion};
use domino_bots::solver::{Position, Solver};
use domino_engine::{Match, Rules, RulesSpec};

fn positions(rules: Rules, deals: u64) -> Vec<Position> {
    (0..deals)
        .map(|seed| {
            let m = Match::new(rules, Some(seed), None).expect("a seeded deal");
            Position::new(*m.hand(), 1)
        })
        .collect()
}

fn solve_all(solver: &mut Solver, deals: &[Position]) -> u64 {
    let mut nodes = 0;
    for p in deals {
        solver.clear();
        std::hint::black_box(solver.solve_value(p));
        nodes += solver.nodes();
    }
    nodes
}

fn bench(c: &mut Criterion) {
    let jamaican = positions(Rules::of_preset("jamaican").expect("jamaican"), 1_000);
    let mut spec = RulesSpec::preset("block");
    spec.players = Some(2);
    spec.options
        .insert("hand_size".into(), serde_json::Value::from(14));
    let block = positions(spec.resolve().expect("block for two, 14 each"), 10);
    let mut solver = Solver::new(18);
    println!(
        "solver: {} nodes per full jamaican deal, {} per block deal (2 players, 14 each)",
        solve_all(&mut solver, &jamaican) / jamaican.len() as u64,
        solve_all(&mut solver, &block) / block.len() as u64,
    );
    let mut g = c.benchmark_group("solver");
    g.sample_size(10);
    g.bench_function("jamaican_full_deal_x1000", |b| {
        b.iter(|| solve_all(&mut solver, &jamaican))
    });
    g.bench_function("block_2p_14_each_x10", |b| {
        b.iter(|| solve_all(&mut solver, &block))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
