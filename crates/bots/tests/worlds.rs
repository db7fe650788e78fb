//! The expert's sampled worlds agree with everything the seat has seen.
#![allow(clippy::unwrap_used)]

use domino_bots::knowledge::Knowledge;
use domino_bots::world::Sampler;
use domino_bots::{by_name, Bot, BotConfig};
use domino_engine::record;
use domino_engine::rules::DrawRule;
use domino_engine::{Action, Match, MoveList, Phase, Preset, Rules, RulesSpec};

#[test]
fn sampled_worlds_replay_to_the_seats_own_position() {
    let mut checked = 0;
    for p in Preset::ALL {
        let (lo, hi) = p.player_range();
        for players in [lo, hi.min(4)] {
            let mut spec = RulesSpec::preset(p.name());
            spec.players = Some(players);
            let rules: Rules = spec.resolve().unwrap();
            for seed in 0..3 {
                let mut m = Match::new(rules, Some(seed), None).unwrap();
                let mut bots: Vec<Box<dyn Bot>> = ["random", "heuristic", "count", "heavy"]
                    .iter()
                    .map(|n| by_name(n, BotConfig { seed, budget_ms: 5 }).unwrap())
                    .collect();
                while m.phase() == Phase::Play || m.phase() == Phase::ChoosePoser {
                    let seat = m.to_act().unwrap();
                    let view = m.seat_view(seat);
                    if m.phase() == Phase::Play {
                        let k = Knowledge::new(&view);
                        let sampler = Sampler::new(&view, &k).unwrap();
                        for s in 0..3 {
                            let pos = sampler.sample(seed * 100 + s).unwrap();
                            assert_eq!(pos.hand.hand(seat), view.hand());
                            let mut legal = MoveList::new();
                            pos.hand.legal(&mut legal);
                            assert_eq!(legal.as_slice(), view.legal(), "{:?}", rules.preset());
                            for other in (0..players).filter(|&o| o != seat) {
                                let held = pos.hand.hand(other);
                                assert_eq!(held.len(), view.hand_sizes()[other as usize]);
                                if rules.draw() == DrawRule::Never {
                                    // Without draws, what a seat could not play
                                    // when it passed, it still cannot hold.
                                    assert!(held.intersect(k.lacks[other as usize]).is_empty());
                                }
                            }
                            checked += 1;
                        }
                    }
                    let a: Action = bots[seat as usize % 4].act(&view).unwrap();
                    m.act(a, &mut ()).unwrap();
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// In the games with a boneyard, a sampled deal gives the seat the hand it
/// was really dealt and puts the tiles it drew where it drew them (its view
/// tells it), so the hand's actions replay, each checked again, to where
/// the seat stands.
#[test]
fn in_the_draw_games_a_sampled_deal_replays_the_hand_as_the_seat_saw_it() {
    let mut drawn = 0;
    for (preset, players) in [
        ("draw", 2),
        ("draw", 4),
        ("cross", 2),
        ("double-nine-cross", 4),
        ("all-fives", 2),
        ("all-fives", 3),
        ("fives-and-threes", 2),
        ("club-fives", 2),
        ("chiva", 2),
    ] {
        let mut spec = RulesSpec::preset(preset);
        spec.players = Some(players);
        let rules: Rules = spec.resolve().unwrap();
        for seed in 0..8 {
            let mut m = Match::new(rules, Some(seed), None).unwrap();
            let mut bot = by_name("random", BotConfig { seed, budget_ms: 5 }).unwrap();
            while m.phase() == Phase::Play {
                let seat = m.to_act().unwrap();
                let view = m.seat_view(seat);
                drawn += view.drew().len();
                let k = Knowledge::new(&view);
                let sampler = Sampler::for_first_hand(&view, &k).unwrap();
                for s in 0..3 {
                    let at = format!(
                        "{preset} for {players}, seed {seed}, seat {seat}, {}",
                        view.to_json()
                    );
                    let deal = sampler
                        .sample_deal(seed * 100 + s)
                        .unwrap_or_else(|| panic!("no deal: {at}"));
                    let real = m.deal();
                    assert_eq!(deal.hands[seat as usize], real.hands[seat as usize], "{at}");
                    let mut rec = m.record();
                    let hand = rec.hands.last_mut().unwrap();
                    hand.deal = deal.to_spec(players);
                    // The turn-over's winner is no deal's to decide.
                    hand.deal.poser = real.poser;
                    let replayed = record::replay(&rec).unwrap_or_else(|e| panic!("{at}: {e}"));
                    assert_eq!(replayed.seat_view(seat).to_json(), view.to_json(), "{at}");
                }
                let a: Action = bot.act(&view).unwrap();
                m.act(a, &mut ()).unwrap();
            }
        }
    }
    assert!(drawn > 100, "{drawn}");
}
