//! Sampled deals replay every hand of a whole match, later hands too,
//! where the last winner poses (or chooses the partner who does), or the
//! winner's double, or the hand before's tie brings back the first rule:
//! at every decision of every seat, in every game, a deal sampled for the
//! pose rule the hand was dealt under replays the hand's actions to the
//! very view the seat has. Two ways, as the Python package samples: from
//! the seat's view alone (`sample_state`: the rule read off the view, the
//! hands before unknown) and from the match before the hand
//! (`resample_from_infostate`: the rule the match reached).
#![allow(clippy::unwrap_used)]

use domino_bots::knowledge::Knowledge;
use domino_bots::world::{seen_pose_rule, Sampler};
use domino_bots::{by_name, BotConfig};
use domino_engine::{
    first_rule, Action, Match, Phase, PoseRule, Preset, Rules, RulesSpec, SeatView,
};
use proptest::prelude::*;
use serde_json::Value;

/// Deal `sampled` after `base` and replay the seat's hand in it; the
/// replayed seat's view, or why it did not replay.
fn replayed(
    base: &Match,
    sampled: &domino_engine::DealSpec,
    view: &SeatView,
) -> Result<SeatView, String> {
    let mut m = base.clone();
    m.next_hand(Some(sampled)).map_err(|e| e.to_string())?;
    for e in view.history() {
        m.act_as(e.seat, e.action, &mut ())
            .map_err(|err| format!("{e:?}: {err}"))?;
    }
    Ok(m.seat_view(view.seat()))
}

/// How many sampled deals a caller tries (as the Python package does): a
/// deal let through by the sampler's relaxed tries may not replay.
const TRIES: u64 = 50;

/// The view replayed in the first of [`TRIES`] deals from `sampler` that
/// replays after `base`, the deal's turn-over winner from `turned`.
fn sampled(
    sampler: &Sampler,
    base: &Match,
    view: &SeatView,
    seed: u64,
    turned: impl Fn(&SeatView) -> Option<u8>,
) -> Result<SeatView, String> {
    let mut last = String::from("no deal");
    for k in 0..TRIES {
        let Some(deal) = sampler.sample_deal(seed.wrapping_mul(TRIES).wrapping_add(k)) else {
            continue;
        };
        let mut spec = deal.to_spec(view.rules().players());
        spec.poser = turned(view);
        match replayed(base, &spec, view) {
            Ok(v) => return Ok(v),
            Err(e) => last = e,
        }
    }
    Err(format!("none of {TRIES} deals replayed: {last}"))
}

/// Who posed the hand, else who is to pose: the turn-over's winner, which
/// no deal says.
fn poser(view: &SeatView) -> Option<u8> {
    view.history()
        .iter()
        .find(|e| matches!(e.action, Action::Play { end: None, .. }))
        .map(|e| e.seat)
        .or(view.to_act())
}

/// The view as JSON, less what a sample from the view alone cannot know
/// (the match score: hands before are not replayed).
fn without_score(view: &SeatView) -> Value {
    let mut v = view.to_json();
    if let Some(o) = v.as_object_mut() {
        for k in ["scores", "stake", "playoff"] {
            o.remove(k);
        }
    }
    v
}

/// What a match's sampling came to: decisions sampled in hands after the
/// first, and those of all where no deal of [`TRIES`] replayed.
#[derive(Debug, Default)]
struct Checked {
    decisions: usize,
    later: usize,
    missed: Vec<String>,
}

impl Checked {
    /// Every decision found a deal that replays, known gaps included.
    fn assert_none_missed(&self) {
        assert!(
            self.missed.is_empty(),
            "{} of {}: {:?}",
            self.missed.len(),
            self.decisions,
            self.missed.first()
        );
    }

    /// No miss but where the sampler is known to fall short: in the fives
    /// opening for four, another seat posing for a highest double the seat
    /// never saw, the sampler deals by rejection and, in deep positions,
    /// may find no deal in its tries (`the_fives_opening_samples_every_
    /// decision_at_every_size` holds it to none on fixed seeds).
    fn rare_misses(&self) -> bool {
        self.missed.iter().all(|m| m.starts_with("known gap"))
    }
}

/// Play a whole match by random bots, sampling at every decision; the
/// number of decisions checked in hands after the first.
fn check_match(rules: Rules, seed: u64, samples: u64) -> Result<Checked, TestCaseError> {
    let mut m = Match::new(rules, Some(seed), None).unwrap();
    let mut bot = by_name("random", BotConfig { seed, budget_ms: 5 }).unwrap();
    let mut base = Match::before_hand(rules, 1, first_rule(&rules));
    let mut checked = Checked::default();
    loop {
        match m.phase() {
            Phase::MatchOver => return Ok(checked),
            Phase::HandOver => {
                base = m.clone();
                m.next_hand(None).unwrap();
                continue;
            }
            Phase::ChoosePoser => {}
            Phase::Play => {
                let seat = m.to_act().unwrap();
                let view = m.seat_view(seat);
                let k = Knowledge::new(&view);
                let at = |how: &str| {
                    format!(
                        "{} for {}, seed {seed}, hand {}, seat {seat} ({how}): {}",
                        rules.preset().name(),
                        rules.players(),
                        view.hand_number(),
                        view.to_json()
                    )
                };
                // From the match before the hand, under the rule it reached.
                let rule = base.next_pose_rule();
                let sampler = Sampler::for_hand(&view, &k, rule)
                    .unwrap_or_else(|e| panic!("{e:?}: {}", at("match")));
                // From the view alone, under the rule it shows.
                let seen = seen_pose_rule(&view);
                let alone = Match::before_hand(rules, view.hand_number(), seen);
                let seen_sampler = Sampler::for_hand(&view, &k, seen).unwrap();
                checked.decisions += 1;
                let gap =
                    rules.first_pose() == PoseRule::FivesOpening && poser(&view) != Some(seat);
                let missed = |how: &str, e: String| {
                    let kind = if gap { "known gap" } else { "miss" };
                    format!("{kind}: {}: {e}", at(how))
                };
                for s in 0..samples {
                    let real_poser = m.deal().poser;
                    let again = match sampled(&sampler, &base, &view, seed ^ s, |_| real_poser) {
                        Ok(v) => v,
                        Err(e) => {
                            checked.missed.push(missed("match", e));
                            continue;
                        }
                    };
                    prop_assert_eq!(again.to_json(), view.to_json(), "{}", at("match"));
                    let turned =
                        |v: &SeatView| (seen == PoseRule::TurnOver).then(|| poser(v)).flatten();
                    let again = match sampled(&seen_sampler, &alone, &view, seed ^ s, turned) {
                        Ok(v) => v,
                        Err(e) => {
                            checked.missed.push(missed("view", e));
                            continue;
                        }
                    };
                    prop_assert_eq!(
                        without_score(&again),
                        without_score(&view),
                        "{}",
                        at("view")
                    );
                }
                if view.hand_number() > 1 {
                    checked.later += 1;
                }
            }
        }
        let a = bot.act(&m.seat_view(m.to_act().unwrap())).unwrap();
        m.act(a, &mut ()).unwrap();
    }
}

fn rules_of(preset: Preset, players: u8) -> Rules {
    let mut spec = RulesSpec::preset(preset.name());
    spec.players = Some(players);
    spec.resolve().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn a_sampled_deal_replays_every_hand_of_a_match(
        which in 0..Preset::ALL.len(),
        more in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let preset = Preset::ALL[which];
        let (lo, hi) = preset.player_range();
        let players = if more { hi.min(4) } else { lo };
        let checked = check_match(rules_of(preset, players), seed, 2)?;
        prop_assert!(
            checked.rare_misses(),
            "{} of {}: {:?}",
            checked.missed.len(),
            checked.decisions,
            checked.missed.iter().find(|m| !m.starts_with("known gap"))
        );
    }
}

/// Every game, at its fewest and most (up to four) players, over whole
/// matches: later hands are reached and sampled in each.
#[test]
fn every_game_samples_its_later_hands() {
    for preset in Preset::ALL {
        let (lo, hi) = preset.player_range();
        for players in [lo, hi.min(4)] {
            // A match may end in its first hand: a few seeds.
            let mut later = 0;
            for seed in 7..10 {
                let checked = check_match(rules_of(preset, players), seed, 1).unwrap();
                assert!(checked.rare_misses(), "{checked:?}");
                later += checked.later;
            }
            assert!(later > 0, "{} for {players}: one hand only", preset.name());
        }
    }
}

/// The fives opening at every table size: the seat that posed for the
/// highest double held one above any double the others were surely dealt,
/// and every decision finds a deal that replays (the sampler once missed
/// a quarter of them in all fives for four).
#[test]
fn the_fives_opening_samples_every_decision_at_every_size() {
    for preset in [Preset::AllFives, Preset::FivesAndThrees] {
        for players in 2..=4 {
            for seed in 1..5 {
                check_match(rules_of(preset, players), seed, 2)
                    .unwrap()
                    .assert_none_missed();
            }
        }
    }
}

/// The trains family over whole matches, each hand's engine one double
/// lower: seats lay only on the trains open to them and draw for an engine
/// nobody was dealt, and every decision finds a deal that replays (the
/// sampler once read every train's end as open to every seat, and each
/// hand as the first's engine: nearly every decision missed).
#[test]
fn the_trains_family_samples_every_decision() {
    for preset in Preset::TRAINS {
        for (players, seed) in [(2, 1), (4, 2)] {
            let checked = check_match(rules_of(preset, players), seed, 1).unwrap();
            checked.assert_none_missed();
            assert!(
                checked.later > 0,
                "{} for {players}: one hand only",
                preset.name()
            );
        }
    }
}
