//! How hard is the search of a sampled world, by tiles on the board: the
//! heuristic plays whole deals, and at each real choice one world sampled
//! from that seat's view is searched with a node limit. Prints, per number of
//! tiles on the board, the median nodes and the share of searches past
//! 400,000 nodes (the expert's default limit) and past the limit given.
//!
//! `cargo run --release -p domino-bots --example probe -- [PRESET] [PLAYERS] [DEALS] [LIMIT] [exact|modeled]`
//!
//! `modeled` searches with the other sides following the play model
//! (`search=modeled`) instead of the exact solver.
use domino_bots::knowledge::Knowledge;
use domino_bots::solver::Solver;
use domino_bots::world::Sampler;
use domino_bots::{by_name, BotConfig};
use domino_engine::{Match, Phase, RulesSpec};

fn main() {
    let mut args = std::env::args().skip(1);
    let preset = args.next().unwrap_or_else(|| "jamaican".into());
    let players: u8 = args.next().and_then(|s| s.parse().ok()).unwrap_or(4);
    let deals: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let limit: u64 = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3_000_000);
    let modeled_search = args.next().as_deref() == Some("modeled");
    let mut spec = RulesSpec::preset(&preset);
    spec.players = Some(players);
    let rules = spec.resolve().expect("rules");
    let mut by_board: Vec<Vec<u64>> = vec![Vec::new(); 100];
    let mut solver = Solver::new(20);
    let mut modeled = domino_bots::modeled::Modeled::new(20);
    for i in 0..deals {
        let mut m = Match::new(rules, Some(i + 100), None).expect("deal");
        let mut bot = by_name("heuristic", BotConfig::default()).expect("bot");
        while matches!(m.phase(), Phase::Play | Phase::ChoosePoser) {
            let seat = m.to_act().expect("seat");
            let view = m.seat_view(seat);
            let plays = view.legal().len();
            if plays > 1 && m.phase() == Phase::Play {
                let k = Knowledge::new(&view);
                if let Ok(s) = Sampler::new(&view, &k) {
                    if let Some(pos) = s.sample(i * 1000 + view.history().len() as u64) {
                        let n = if modeled_search {
                            modeled.set_limits(Some(limit), None);
                            let m = domino_bots::likelihood::PlayModel::for_game(&rules);
                            let who = domino_bots::modeled::Modelled::Opponents;
                            match modeled.values(&pos, &m, who) {
                                Some(_) => modeled.nodes(),
                                None => u64::MAX,
                            }
                        } else {
                            solver.set_limits(Some(limit), None);
                            match solver.values(&pos, rules.side_of(seat)) {
                                Some(_) => solver.nodes(),
                                None => u64::MAX,
                            }
                        };
                        let b = view.layout().board().len() as usize;
                        by_board[b].push(n);
                    }
                }
            }
            let a = bot.act(&view).expect("act");
            m.act(a, &mut ()).expect("legal");
        }
    }
    for (b, v) in by_board.iter_mut().enumerate() {
        if v.is_empty() {
            continue;
        }
        v.sort();
        let over = v.iter().filter(|&&n| n == u64::MAX).count();
        let over400 = v.iter().filter(|&&n| n > 400_000).count();
        let med = v[v.len() / 2];
        let med = if med == u64::MAX {
            "over".to_string()
        } else {
            med.to_string()
        };
        println!(
            "board {b:2}: {:4} decisions, median nodes {med:>10}, >400k {:5.1}%, >limit {:5.1}%",
            v.len(),
            100.0 * over400 as f64 / v.len() as f64,
            100.0 * over as f64 / v.len() as f64
        );
    }
}
