//! Seeded end-to-end checks: simulated matches analysed from their
//! records, norms from the built-in levels, and the flag on a player who
//! always plays the expert's move but not on an honest level.

#![allow(clippy::unwrap_used)]

use domino_bots::analysis::analyze;
use domino_engine::RulesSpec;
use domino_fairplay::bench::{built_in_norms, first_flag, with_jobs};
use domino_fairplay::evidence::Evidence;
use domino_fairplay::flags::Policy;
use domino_fairplay::match_evidence;
use domino_fairplay::sim::{analysis_config, play, play_match, Persona, SimConfig, Style};

fn config() -> SimConfig {
    SimConfig {
        rules: RulesSpec {
            preset: "block".into(),
            players: Some(2),
            options: Default::default(),
        }
        .resolve()
        .unwrap(),
        samples: 8,
    }
}

/// The evidence of one seat over `matches` matches against an honest
/// player of the lowest level.
fn career(me: Persona, matches: u64, seed: u64) -> Vec<Evidence> {
    let opponent = Persona {
        style: Style::Honest,
        ..me
    };
    (0..matches)
        .map(|i| play(&config(), &[me, opponent], seed + i).unwrap()[0])
        .collect()
}

#[test]
fn a_player_always_on_the_expert_is_flagged_and_an_honest_level_is_not() {
    with_jobs(2, || {
        let (norms, _) = built_in_norms(&config(), 3, 6, 11).unwrap();
        let policy = Policy {
            min_decisions: 40,
            ..Policy::default()
        };
        let weakest = |style| Persona {
            band: domino_fairplay::Band(1),
            noise: 0.7,
            style,
        };
        let cheater = career(weakest(Style::Cheat { p: 1.0 }), 8, 500);
        let honest = career(weakest(Style::Honest), 8, 500);
        let c: Evidence = cheater.iter().copied().sum();
        let h: Evidence = honest.iter().copied().sum();
        assert!(c.agreement() > h.agreement(), "{c:?} vs {h:?}");
        assert!(first_flag(&weakest(Style::Cheat { p: 1.0 }), &cheater, &norms, &policy).is_some());
        assert_eq!(
            first_flag(&weakest(Style::Honest), &honest, &norms, &policy),
            None
        );
    })
    .unwrap();
}

#[test]
fn a_records_evidence_accounts_for_every_decision_of_each_seat() {
    let cfg = config();
    let players = [
        Persona {
            band: domino_fairplay::Band(3),
            noise: 0.15,
            style: Style::Honest,
        },
        Persona {
            band: domino_fairplay::Band(1),
            noise: 0.7,
            style: Style::Cheat { p: 0.5 },
        },
    ];
    let record = play_match(&cfg, &players, 3).unwrap();
    let analysis = analyze(&record, &analysis_config(3, cfg.samples), &mut |_| {}).unwrap();
    let evidence = match_evidence(&analysis, &[]);
    for (s, e) in analysis.seats().iter().zip(&evidence) {
        // Every decision the coach counts is counted, left out as forced
        // (all actions worth the same) or unknown.
        assert_eq!(e.decisions + e.forced + e.unknown, s.decisions as u64);
        assert!(e.agreed <= s.agreed as u64);
        assert!(e.decisions > 0);
        assert_eq!(e.matches, 1);
    }
}
