//! Every bot plays only legal actions in every game, sees only its own
//! tiles, and the arena's duplicate pairing really swaps the seats.
#![allow(clippy::unwrap_used)]

use domino_bots::arena::{play_deal, run, seating, ArenaConfig, Times};
use domino_bots::by_name as bot_from_spec;
use domino_bots::{by_name, Bot, BotConfig, Expert};
use domino_engine::{Match, Phase, Preset, Rules, RulesSpec};

fn rules(preset: &str, players: u8, options: serde_json::Value) -> Rules {
    let mut spec = RulesSpec::preset(preset);
    spec.players = Some(players);
    if let serde_json::Value::Object(o) = options {
        spec.options = o;
    }
    spec.resolve().unwrap()
}

/// Play `hands` hands of a match with these bots in turn around the table,
/// checking every choice against the legal list.
fn play(rules: Rules, bots: &mut [Box<dyn Bot>], seed: u64, hands: u32) -> u64 {
    let mut m = Match::new(rules, Some(seed), None).unwrap();
    let mut decisions = 0;
    for _ in 0..hands {
        while matches!(m.phase(), Phase::Play | Phase::ChoosePoser) {
            let seat = m.to_act().unwrap();
            let view = m.seat_view(seat);
            let bot = &mut bots[seat as usize % bots.len()];
            let a = bot.act(&view).unwrap();
            assert!(
                view.legal().contains(&a),
                "{} chose {a} in {:?}, not among {:?}",
                bot.name(),
                rules.preset(),
                view.legal()
            );
            m.act(a, &mut ()).unwrap();
            decisions += 1;
        }
        if m.phase() == Phase::MatchOver {
            break;
        }
        m.next_hand(None).unwrap();
    }
    decisions
}

fn cheap_bots(seed: u64) -> Vec<Box<dyn Bot>> {
    ["random", "heavy", "count", "heuristic"]
        .iter()
        .map(|n| by_name(n, BotConfig { seed, budget_ms: 5 }).unwrap())
        .collect()
}

/// Every preset at every player count, and the options that change play.
fn every_game() -> Vec<Rules> {
    let mut all = Vec::new();
    for p in Preset::ALL {
        let (lo, hi) = p.player_range();
        for n in lo..=hi {
            all.push(rules(p.name(), n, serde_json::json!({})));
        }
    }

    for (preset, players, options) in [
        (
            "jamaican",
            4,
            serde_json::json!({"sporting": true, "playoff": true, "tie_replays": true}),
        ),
        ("cutthroat", 2, serde_json::json!({"boneyard": true})),
        ("block", 4, serde_json::json!({"both_partners_out": true})),
        ("block", 4, serde_json::json!({"set": 9})),
        (
            "block",
            4,
            serde_json::json!({"set": 12, "scoring": "hand"}),
        ),
        ("draw", 4, serde_json::json!({"partners": true})),
        ("draw", 4, serde_json::json!({"set": 9})),
        ("double-nine-cross", 4, serde_json::json!({"set": 12})),
        ("french", 4, serde_json::json!({"double_blank_ten": true})),
        ("all-fives", 2, serde_json::json!({"claims": "muggins"})),
        ("all-fives", 4, serde_json::json!({"claims": "muggins"})),
        (
            "fives-and-threes",
            3,
            serde_json::json!({"claims": "muggins"}),
        ),
        ("club-fives", 2, serde_json::json!({"claims": "strict"})),
        ("mexican-train", 2, serde_json::json!({})),
        (
            "mexican-train",
            4,
            serde_json::json!({"first_turn": "chain"}),
        ),
        (
            "mexican-train",
            6,
            serde_json::json!({"mexican_train": false, "open_trains_start": true}),
        ),
        ("mexican-train", 8, serde_json::json!({})),
        ("chicken-foot", 2, serde_json::json!({})),
        ("chicken-foot", 4, serde_json::json!({"centre": "six"})),
        ("chicken-foot", 8, serde_json::json!({"set": 12})),
        (
            "puerto-rican",
            4,
            serde_json::json!({"pass_points": false, "premiums": false}),
        ),
    ] {
        all.push(rules(preset, players, options));
    }
    all
}

#[test]
fn cheap_bots_play_only_legal_actions_in_every_game() {
    let mut decisions = 0;
    for (i, r) in every_game().into_iter().enumerate() {
        for seed in 0..24u64 {
            // Rotate which bot sits where.
            let mut bots = cheap_bots(seed);
            bots.rotate_left((seed as usize + i) % 4);
            decisions += play(r, &mut bots, seed * 31 + i as u64, 4);
        }
    }
    // Thousands of hands (about 50 games x 24 seeds x 4 hands).
    assert!(decisions > 40_000, "{decisions}");
}

#[test]
fn the_expert_plays_only_legal_actions_in_every_game() {
    for (i, r) in every_game().into_iter().enumerate() {
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(Expert::new(i as u64, 10).with_max_samples(4)),
            by_name("heuristic", BotConfig::default()).unwrap(),
        ];
        play(r, &mut bots, 1000 + i as u64, 1);
    }
}

#[test]
fn a_bot_not_to_act_says_so() {
    let m = Match::new(Rules::of_preset("jamaican").unwrap(), Some(3), None).unwrap();
    let idle = (m.to_act().unwrap() + 1) % 4;
    let mut bot = by_name("heavy", BotConfig::default()).unwrap();
    assert!(bot.act(&m.seat_view(idle)).is_err());
    assert!(by_name("grandmaster", BotConfig::default()).is_err());
}

#[test]
fn a_seat_view_holds_no_other_seats_tiles() {
    for r in every_game() {
        let mut m = Match::new(r, Some(5), None).unwrap();
        let mut bots = cheap_bots(5);
        let mut steps = 0;
        while m.phase() == Phase::Play || m.phase() == Phase::ChoosePoser {
            for seat in 0..r.players() {
                let v = m.seat_view(seat);
                assert_eq!(v.hand(), m.hand().hand(seat));
                let text = v.to_json().to_string();
                let mut hidden = m.hand().boneyard().to_vec();
                for other in (0..r.players()).filter(|&s| s != seat) {
                    hidden.extend(m.hand().hand(other).iter());
                }
                for t in hidden {
                    assert!(
                        !text.contains(&format!("\"{t}\"")),
                        "seat {seat} can see {t} in {:?}",
                        r.preset()
                    );
                }
            }
            let seat = m.to_act().unwrap();
            let a = bots[seat as usize % 4].act(&m.seat_view(seat)).unwrap();
            m.act(a, &mut ()).unwrap();
            steps += 1;
            if steps > 40 {
                break;
            }
        }
    }
}

#[test]
fn the_arena_swaps_seats_over_the_same_deal() {
    assert_eq!(seating(4, false), vec![0, 1, 0, 1]);
    assert_eq!(seating(4, true), vec![1, 0, 1, 0]);
    assert_eq!(seating(3, true), vec![1, 0, 1]);
    for preset in ["jamaican", "all-fives", "french", "draw"] {
        let rules = Rules::of_preset(preset).unwrap();
        let config = ArenaConfig {
            rules,
            bots: ["heavy".into(), "count".into()],
            deals: 3,
            seed: 9,
            budget_ms: 5,
            jobs: 1,
        };
        let mut times = [Times::default(), Times::default()];
        for i in 0..3 {
            let a = play_deal(&config, i, false, &mut times).unwrap();
            let b = play_deal(&config, i, true, &mut times).unwrap();
            assert_eq!(a.deal, b.deal, "the same tiles both times");
            for s in 0..rules.players() as usize {
                assert_ne!(a.seating[s], b.seating[s], "seat {s} changes bot");
            }
            // The heavy bot's seats in one play are the count bot's in the
            // other: the first action (a forced or chosen pose by the same
            // seat) is made by different bots.
            assert_eq!(a.actions[0].0, b.actions[0].0);
        }
    }
}

#[test]
fn arena_results_do_not_depend_on_how_many_deals_run_at_once() {
    let rules = Rules::of_preset("jamaican").unwrap();
    let mut config = ArenaConfig {
        rules,
        bots: ["heuristic".into(), "expert:samples=4".into()],
        deals: 6,
        seed: 3,
        budget_ms: 10_000,
        jobs: 1,
    };
    let one = run(&config, &|_| {}).unwrap();
    config.jobs = 3;
    let three = run(&config, &|_| {}).unwrap();
    assert_eq!(one.mean, three.mean);
    assert_eq!(one.edge, three.edge);
    assert_eq!(one.decisions, three.decisions);
}

#[test]
fn arena_bot_specs_take_expert_options_and_refuse_bad_ones() {
    let config = BotConfig::default();
    for good in [
        "count",
        "expert",
        "expert:samples=8",
        "expert:weights=off:oversample=2",
        "expert:nodes=5000",
    ] {
        assert!(bot_from_spec(good, config).is_ok(), "{good}");
    }
    for bad in [
        "counter",
        "count:samples=3",
        "expert:samples=x",
        "expert:weights=maybe",
        "expert:fast",
    ] {
        let e = bot_from_spec(bad, config).unwrap_err().to_string();
        assert!(e.contains(bad.split(':').next().unwrap()), "{bad}: {e}");
    }
}

/// The weighted sampler keeps every hard constraint: a seat that passed
/// over a number never holds it in any sampled world, weighted or not.
#[test]
fn weighted_worlds_keep_what_passes_showed() {
    use domino_bots::knowledge::Knowledge;
    use domino_bots::likelihood::PlayModel;
    use domino_bots::world::Sampler;
    use domino_engine::{Action, TileSet};
    let rules = Rules::of_preset("jamaican").unwrap();
    let mut checked = 0;
    for seed in 0..40 {
        let mut m = Match::new(rules, Some(seed), None).unwrap();
        let mut bots = cheap_bots(seed);
        while m.phase() == Phase::Play || m.phase() == Phase::ChoosePoser {
            let seat = m.to_act().unwrap();
            let view = m.seat_view(seat);
            if m.phase() == Phase::Play && view.legal().len() > 1 && view.history().len() > 8 {
                let k = Knowledge::new(&view);
                let sampler = Sampler::new(&view, &k).unwrap();
                let model = PlayModel::for_game(&rules);
                for s in 0..8 {
                    let (plain, w0) = sampler.sample_weighted(s, None).unwrap();
                    let styles = domino_bots::likelihood::Styles::one(model);
                    let (pos, w) = sampler.sample_weighted(s, Some(&styles)).unwrap();
                    assert_eq!(w0, 0.0);
                    assert!(w <= 0.0 && w.is_finite());
                    for p in [plain, pos] {
                        for other in 0..rules.players() {
                            let lacks = k.lacks[other as usize];
                            if other != seat && lacks != TileSet::EMPTY {
                                assert!((p.hand.hand(other) & lacks).is_empty());
                                checked += 1;
                            }
                        }
                    }
                }
            }
            let a: Action = bots[seat as usize].act(&view).unwrap();
            m.act(a, &mut ()).unwrap();
        }
    }
    assert!(checked > 50, "{checked}");
}
