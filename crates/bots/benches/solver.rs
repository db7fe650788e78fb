//! The exact solver on full jamaican deals: 1,000 random deals, every tile
//! known, value = win, tie or loss for the side to move. One iteration
//! solves all 1,000, so the time per deal is the reported time / 1,000.

use criterion::{criterion_group, criterion_main, Criterion};
use domino_bots::solver::{Position, Solver};
use domino_engine::{Match, Rules};

const DEALS: u64 = 1_000;

fn positions() -> Vec<Position> {
    let rules = Rules::preset("jamaican").expect("the jamaican preset");
    (0..DEALS)
        .map(|seed| {
            let m = Match::new(rules, Some(seed), None).expect("a seeded deal");
            Position::new(*m.hand(), 1)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let deals = positions();
    let mut solver = Solver::new(18);
    let mut nodes = 0u64;
    for p in &deals {
        solver.solve(p);
        nodes += solver.nodes();
    }
    println!(
        "solver: {} nodes per full jamaican deal on average",
        nodes / DEALS
    );
    let mut g = c.benchmark_group("solver");
    g.sample_size(10);
    g.bench_function("jamaican_full_deal_x1000", |b| {
        b.iter(|| {
            for p in &deals {
                std::hint::black_box(solver.solve(p));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
