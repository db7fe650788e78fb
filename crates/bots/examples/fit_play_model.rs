//! Fit the weights of the play model (`likelihood::PlayModel`) to the plays
//! of the bots that play sensibly: a grid search for the weights that give
//! their actual plays the highest mean log-probability.
//!
//! `cargo run --release -p domino-bots --example fit_play_model -- jamaican 300`
//!
//! A third argument fits one bot's plays only, that bot playing against
//! `count` (`... -- jamaican 300 expert`: how the expert's partner reads it).

use domino_bots::likelihood::PlayModel;
use domino_bots::{by_name, BotConfig};
use domino_engine::MoveList;
use domino_engine::{Action, Hand, Match, Phase, Rules};

fn main() {
    let mut args = std::env::args().skip(1);
    let preset = args.next().unwrap_or_else(|| "jamaican".into());
    let deals: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(300);
    let Ok(rules) = Rules::of_preset(&preset) else {
        eprintln!("unknown preset {preset}");
        std::process::exit(2);
    };
    let only = args.next();
    // Positions before each real choice, and the play made.
    let mut data: Vec<(Hand, Action)> = Vec::new();
    let lineups = [
        ["heuristic", "count"],
        ["count", "heuristic"],
        ["expert", "heuristic"],
    ];
    for i in 0..deals {
        let lineup = match &only {
            Some(bot) => [bot.as_str(), "count"],
            None => lineups[(i % 3) as usize],
        };
        let Ok(mut m) = Match::new(rules, Some(i + 1), None) else {
            continue;
        };
        let mut bots: Vec<_> = (0..rules.players())
            .map(|s| {
                let config = BotConfig {
                    seed: i,
                    budget_ms: 30,
                };
                by_name(lineup[usize::from(s) % 2], config).expect("known bot")
            })
            .collect();
        if only.is_none() && lineup[0] == "expert" && i % 9 != 2 {
            continue; // a few expert games only: they are slow
        }
        while matches!(m.phase(), Phase::Play | Phase::ChoosePoser) {
            let Some(seat) = m.to_act() else { break };
            let view = m.seat_view(seat);
            let Ok(a) = bots[usize::from(seat)].act(&view) else {
                break;
            };
            let plays = view
                .legal()
                .iter()
                .filter(|a| {
                    matches!(
                        a,
                        Action::Play {
                            end: Some(_),
                            claim: false,
                            ..
                        }
                    )
                })
                .count();
            let counted = only.is_none() || usize::from(seat) % 2 == 0;
            if m.phase() == Phase::Play
                && counted
                && plays > 1
                && matches!(a, Action::Play { end: Some(_), .. })
            {
                data.push((*m.hand(), a));
            }
            if m.act(a, &mut ()).is_err() {
                break;
            }
        }
    }
    let mut scratch = MoveList::new();
    let mut mean = |model: &PlayModel| {
        data.iter()
            .map(|(h, a)| model.log_prob(h, *a, &mut scratch))
            .sum::<f64>()
            / data.len() as f64
    };
    let uniform = mean(&PlayModel::UNIFORM);
    let mut best = (uniform, PlayModel::UNIFORM);
    let grid = [
        -1.0, -0.5, -0.2, 0.0, 0.2, 0.35, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0,
    ];
    let points_grid: &[f64] = if rules.scores_ends() {
        &[0.0, 0.1, 0.25, 0.5, 1.0]
    } else {
        &[0.0]
    };
    for &pips in &grid {
        for &keep in &grid {
            for &double in &grid {
                for &points in points_grid {
                    let m = PlayModel {
                        pips,
                        keep,
                        double,
                        points,
                    };
                    let v = mean(&m);
                    if v > best.0 {
                        best = (v, m);
                    }
                }
            }
        }
    }
    let default = mean(&PlayModel::default());
    println!(
        "{preset}: {} plays; mean log-prob uniform {uniform:.4}, default {default:.4}, best {:.4} with {:?}",
        data.len(),
        best.0,
        best.1
    );
}
