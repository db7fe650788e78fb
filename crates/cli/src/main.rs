use std::time::Instant;
fn main() {
    let preset = std::env::args().nth(1).unwrap_or("jamaican".into());
    let rules = domino_engine::Rules::preset(&preset).unwrap();
    let mut p = domino_engine::playout::Playout::new(rules, 1);
    let n = 1_000_000u64;
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
