//! Fit the weights of the search's guess (`eval::Eval`) for one game: play
//! deals with the heuristic bot in every seat, solve the positions where a
//! seat had a choice exactly (those the solver finishes within a node
//! limit), and fit the features to the exact values by least squares.
//!
//! `cargo run --release -p domino-bots --example fit_eval -- PRESET PLAYERS [DEALS] [NODES]`
//!
//! Prints the fit (R² and error on a held-out quarter, against guessing 0)
//! and the weights as a line for `eval::for_game`.

#![allow(clippy::needless_range_loop)] // matrix code reads best with indices

use domino_bots::eval::{features, FEATURES, NAMES};
use domino_bots::solver::{Position, Solver};
use domino_bots::{by_name, BotConfig};
use domino_engine::MoveList;
use domino_engine::{Match, Phase, RulesSpec};

fn main() {
    let mut args = std::env::args().skip(1);
    let preset = args.next().unwrap_or_else(|| "jamaican".into());
    let players: u8 = args.next().and_then(|s| s.parse().ok()).unwrap_or(4);
    let deals: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(200);
    let limit: u64 = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let mut spec = RulesSpec::preset(&preset);
    spec.players = Some(players);
    let Ok(rules) = spec.resolve() else {
        eprintln!("bad game {preset} for {players}");
        std::process::exit(2);
    };
    let mut solver = Solver::new(20);
    let mut rows: Vec<([f64; FEATURES], f64, u32)> = Vec::new();
    let mut skipped = 0usize;
    let mut scratch = MoveList::new();
    for i in 0..deals {
        let Ok(mut m) = Match::new(rules, Some(1_000 + i), None) else {
            continue;
        };
        let mut bots: Vec<_> = (0..rules.players())
            .map(|_| by_name("heuristic", BotConfig::default()).expect("bot"))
            .collect();
        let mut pos: Option<Position> = None;
        while matches!(m.phase(), Phase::Play | Phase::ChoosePoser) {
            let Some(seat) = m.to_act() else { break };
            if m.phase() == Phase::Play && pos.is_none() {
                pos = Some(Position::new(*m.hand(), 1));
            }
            if let Some(p) = pos {
                p.hand.legal(&mut scratch);
                if scratch.len() > 1 && !p.hand.is_over() {
                    let side = rules.side_of(p.hand.to_act());
                    solver.set_limits(Some(limit), None);
                    match solver.solve(&p) {
                        Some(s) => rows.push((
                            features(&p.hand, side),
                            f64::from(s.value),
                            p.hand.layout().board().len(),
                        )),
                        None => skipped += 1,
                    }
                }
            }
            let view = m.seat_view(seat);
            let Ok(a) = bots[usize::from(seat)].act(&view) else {
                break;
            };
            if m.act(a, &mut ()).is_err() {
                break;
            }
            if let Some(p) = pos.as_mut() {
                if m.phase() != Phase::ChoosePoser {
                    p.apply(a);
                }
            }
        }
    }
    let n = rows.len();
    let train: Vec<_> = rows
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 4 != 0)
        .map(|(_, r)| r)
        .collect();
    let test: Vec<_> = rows
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 4 == 0)
        .map(|(_, r)| r)
        .collect();
    let w = fit(&train, 1e-3);
    let (r2, rmse, base) = score(&test, &w);
    println!(
        "{preset} ({players} players): {n} positions ({skipped} over {limit} nodes), held-out R² {r2:.3}, rmse {rmse:.3} (guessing 0: {base:.3})"
    );
    for (name, x) in NAMES.iter().zip(w.iter()) {
        println!("  {name:18} {x:+.4}");
    }
    let list: Vec<String> = w.iter().map(|x| format!("{x:.4}")).collect();
    println!("weights: [{}]", list.join(", "));
}

/// Ridge regression by the normal equations.
fn fit(rows: &[&([f64; FEATURES], f64, u32)], lambda: f64) -> [f64; FEATURES] {
    let mut a = [[0.0f64; FEATURES]; FEATURES];
    let mut b = [0.0f64; FEATURES];
    for (f, y, _) in rows {
        for i in 0..FEATURES {
            b[i] += f[i] * y;
            for j in 0..FEATURES {
                a[i][j] += f[i] * f[j];
            }
        }
    }
    let n = rows.len().max(1) as f64;
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += lambda * n;
    }
    solve(a, b)
}

fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for c in 0..FEATURES {
        let p = (c..FEATURES)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap_or(c);
        a.swap(c, p);
        b.swap(c, p);
        let d = a[c][c];
        if d.abs() < 1e-12 {
            continue;
        }
        for r in 0..FEATURES {
            if r != c {
                let k = a[r][c] / d;
                for j in c..FEATURES {
                    a[r][j] -= k * a[c][j];
                }
                b[r] -= k * b[c];
            }
        }
    }
    let mut x = [0.0; FEATURES];
    for i in 0..FEATURES {
        if a[i][i].abs() > 1e-12 {
            x[i] = b[i] / a[i][i];
        }
    }
    x
}

fn score(rows: &[&([f64; FEATURES], f64, u32)], w: &[f64; FEATURES]) -> (f64, f64, f64) {
    let n = rows.len().max(1) as f64;
    let mean = rows.iter().map(|r| r.1).sum::<f64>() / n;
    let mut se = 0.0;
    let mut st = 0.0;
    let mut s0 = 0.0;
    for (f, y, _) in rows {
        let p: f64 = w.iter().zip(f.iter()).map(|(a, b)| a * b).sum();
        se += (p - y).powi(2);
        st += (y - mean).powi(2);
        s0 += y * y;
    }
    (1.0 - se / st.max(1e-12), (se / n).sqrt(), (s0 / n).sqrt())
}
