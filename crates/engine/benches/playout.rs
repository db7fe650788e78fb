//! Random playouts per preset: one whole random hand per iteration.
//! `cargo bench -p domino-engine --bench playout`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use domino_engine::Playout;
use domino_engine::{Preset, Rules};

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout_hand");
    group.throughput(Throughput::Elements(1));
    for preset in Preset::EVERY {
        let Ok(rules) = Rules::of_preset(preset.name()) else {
            continue;
        };
        let mut p = Playout::new(rules, 1);
        group.bench_function(preset.name(), |b| b.iter(|| p.hand()));
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
