//! Where a bot's decisions lose value in hindsight: it plays the arena's
//! deals against another bot, and at each of its decisions with a real
//! choice the exact solver values every play on the true position (every
//! hand known, the others playing perfectly). The cost of a decision is the
//! best value minus the value of the play made (0, 1 or 2 in the six-love
//! games); the heuristic's first choice is costed the same way at the same
//! decision. Costs are summed by how many tiles were on the table.
//!
//! `cargo run --release -p domino-bots --example costs -- PRESET DEALS SEED BOT OPPONENT`
use domino_bots::arena::{deal_seed, seating};
use domino_bots::heuristic::rank;
use domino_bots::knowledge::Knowledge;
use domino_bots::solver::{Position, Solver};
use domino_bots::{by_name, BotConfig};
use domino_engine::{Action, Match, Phase, RulesSpec};

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let get = |i: usize, d: &str| a.get(i).cloned().unwrap_or_else(|| d.to_string());
    let rules = RulesSpec::preset(&get(0, "jamaican"))
        .resolve()
        .expect("rules");
    let deals: u64 = get(1, "100").parse().expect("deals");
    let seed: u64 = get(2, "1").parse().expect("seed");
    let bot = get(3, "expert:samples=32");
    let other = get(4, "count");
    let mut solver = Solver::new(20);
    // By tiles on the table: decisions, the bot's cost, the heuristic's.
    let mut rows = vec![(0u32, 0i64, 0i64); 30];
    for i in 0..deals {
        for swapped in [false, true] {
            let seats = seating(rules.players(), swapped);
            let mut m = Match::new(rules, Some(deal_seed(seed, i)), None).expect("deal");
            let mut bots: Vec<_> = seats
                .iter()
                .enumerate()
                .map(|(s, &b)| {
                    let config = BotConfig {
                        seed: deal_seed(seed ^ 0xb0b, i * 16 + s as u64),
                        budget_ms: 150,
                    };
                    by_name(if b == 0 { &bot } else { &other }, config).expect("bot")
                })
                .collect();
            let mut pos: Option<Position> = None;
            while matches!(m.phase(), Phase::Play | Phase::ChoosePoser) {
                let seat = m.to_act().expect("seat");
                if m.phase() == Phase::Play && pos.is_none() {
                    pos = Some(Position::new(*m.hand(), 1));
                }
                let view = m.seat_view(seat);
                let act = bots[seat as usize].act(&view).expect("act");
                if seats[seat as usize] == 0 && view.legal().len() > 1 {
                    if let Some(p) = pos {
                        let side = rules.side_of(seat);
                        if let Some(vals) = solver.values(&p, side) {
                            let best = vals.iter().map(|x| x.1).max().unwrap_or(0);
                            let value = |x: Action| {
                                vals.iter()
                                    .find(|(b, _)| parts(*b) == parts(x))
                                    .map_or(best, |v| v.1)
                            };
                            let k = Knowledge::new(&view);
                            let plays: Vec<Action> = view.legal().to_vec();
                            let h = rank(&view, &k, &plays)[0];
                            let on_table = p.hand.layout().board().len() as usize;
                            let row = &mut rows[on_table.min(29)];
                            row.0 += 1;
                            row.1 += i64::from(best - value(act));
                            row.2 += i64::from(best - value(h));
                        }
                    }
                }
                m.act(act, &mut ()).expect("legal");
                if let Some(p) = pos.as_mut() {
                    p.apply(act);
                }
            }
        }
    }
    println!("tiles on table, decisions, {bot} cost, heuristic cost");
    let mut tot = (0, 0, 0);
    for (t, r) in rows.iter().enumerate() {
        if r.0 > 0 {
            println!("{t:2} {:6} {:6} {:6}", r.0, r.1, r.2);
            tot = (tot.0 + r.0, tot.1 + r.1, tot.2 + r.2);
        }
    }
    println!("all {:6} {:6} {:6}", tot.0, tot.1, tot.2);
}

/// The tile and end of a play, claims aside.
fn parts(a: Action) -> Option<(domino_engine::Tile, Option<u8>)> {
    match a {
        Action::Play { tile, end, .. } => Some((tile, end)),
        _ => None,
    }
}
