//! An upper bound for the six-love games: a side that sees every tile (the
//! exact solver on the true position) against a bot, in duplicate over the
//! arena's deals and seatings. No player who sees only its own view can do
//! better on average, so this bounds what the expert can reach.
//!
//! `cargo run --release -p domino-bots --example oracle -- [PRESET] [PLAYERS] [DEALS] [BOT]`
use domino_bots::arena::{deal_seed, seating};
use domino_bots::solver::{Position, Solver};
use domino_bots::{by_name, BotConfig};
use domino_engine::{Match, Phase, RulesSpec};

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let get = |i: usize, d: &str| a.get(i).cloned().unwrap_or_else(|| d.to_string());
    let mut spec = RulesSpec::preset(&get(0, "jamaican"));
    spec.players = get(1, "4").parse().ok();
    let rules = spec.resolve().expect("rules");
    let deals: u64 = get(2, "100").parse().expect("deals");
    let other = get(3, "count");
    let mut solver = Solver::new(20);
    let mut score = 0.0;
    let mut n = 0.0;
    for i in 0..deals {
        for swapped in [false, true] {
            let seats = seating(rules.players(), swapped);
            let mut m = Match::new(rules, Some(deal_seed(1, i)), None).expect("deal");
            let mut bot = by_name(&other, BotConfig::default()).expect("bot");
            let mut pos: Option<Position> = None;
            while matches!(m.phase(), Phase::Play | Phase::ChoosePoser) {
                let seat = m.to_act().expect("seat");
                if m.phase() == Phase::Play && pos.is_none() {
                    pos = Some(Position::new(*m.hand(), 1));
                }
                let view = m.seat_view(seat);
                let act = if seats[seat as usize] == 0 && view.legal().len() > 1 {
                    let p = pos.expect("pos");
                    solver.solve(&p).and_then(|s| s.best).expect("solved")
                } else {
                    bot.act(&view).expect("act")
                };
                m.act(act, &mut ()).expect("legal");
                if let Some(p) = pos.as_mut() {
                    p.apply(act);
                }
            }
            let r = m.result().expect("result");
            let w = match r.winner.map(|s| s.side) {
                Some(s) if seats[s] == 0 => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            score += w;
            n += 1.0;
        }
    }
    println!(
        "oracle vs {other}: {:.4} of hands won over {n} hands",
        score / n
    );
}
