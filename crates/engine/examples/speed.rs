//! Quick playout speed check: `cargo run --release --example speed -- jamaican`.
use std::time::Instant;

fn main() {
    let preset = std::env::args().nth(1).unwrap_or_else(|| "jamaican".into());
    let Ok(rules) = domino_engine::Rules::of_preset(&preset) else {
        eprintln!("unknown preset {preset}");
        std::process::exit(2);
    };
    if std::env::var("DEAL_ONLY").is_ok() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let t = Instant::now();
        let mut x = 0u128;
        let dealer = domino_engine::deal::Dealer::new(&rules);
        for _ in 0..1_000_000 {
            let d = dealer.deal(&mut rng);
            x ^= d.hands[0].0;
        }
        println!("deals/s {:.0} {x}", 1e6 / t.elapsed().as_secs_f64());
        return;
    }
    let mut p = domino_engine::Playout::new(rules, 1);
    let n: u64 = std::env::var("HANDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let t = Instant::now();
    for _ in 0..n {
        p.hand();
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{preset} {:.0} hands/s, {:.1} actions/hand",
        n as f64 / s,
        p.actions as f64 / n as f64
    );
}
