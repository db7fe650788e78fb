//! Random playouts: whole matches of uniformly random legal actions, the
//! inner loop of every sampling bot and the engine's speed benchmark.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::deal::Dealer;
use crate::game::{Match, Phase, PoseRule};
use crate::rules::Rules;

/// Uniform small random numbers, four to a 64-bit draw: playout choices are
/// among a few hundred actions at most, so 16 bits with Lemire's rejection
/// step give exactly uniform picks for a quarter of the generator's work.
#[derive(Clone, Copy, Debug, Default)]
pub struct Picker {
    bits: u64,
    left: u8,
}

impl Picker {
    /// A uniform number below `n` (`1 <= n <= 65536`).
    #[inline]
    pub fn below<R: Rng + ?Sized>(&mut self, rng: &mut R, n: u32) -> u32 {
        debug_assert!((1..=1 << 16).contains(&n));
        loop {
            if self.left == 0 {
                self.bits = rng.next_u64();
                self.left = 4;
            }
            let x = (self.bits & 0xFFFF) as u32;
            self.bits >>= 16;
            self.left -= 1;
            let m = x * n;
            let low = m & 0xFFFF;
            // Reject the 2^16 mod n over-represented values of `low`.
            if low >= n || low >= (0x1_0000 - n) % n {
                return m >> 16;
            }
        }
    }
}

/// Plays random matches hand after hand, reusing one match value.
#[derive(Debug)]
pub struct Playout {
    m: Match,
    dealer: Dealer,
    rng: ChaCha8Rng,
    picker: Picker,
    /// Actions applied so far.
    pub actions: u64,
}

impl Playout {
    pub fn new(rules: Rules, seed: u64) -> Playout {
        let rng = ChaCha8Rng::seed_from_u64(seed);
        let mut m = match Match::new(rules, Some(seed), None) {
            Ok(m) => m.without_record(),
            Err(_) => unreachable!("seeded matches always deal"),
        };
        m.restart();
        Playout {
            dealer: Dealer::new(&rules),
            m,
            rng,
            picker: Picker::default(),
            actions: 0,
        }
    }

    /// The match being played.
    pub fn current(&self) -> &Match {
        &self.m
    }

    /// Deal the next hand at random; starts a new match when the last one
    /// ended. Out of line (once a hand): inlined, the deal crowded the
    /// kernel's loop in the same function (in `domino bench`, 300 more
    /// instructions a jamaican hand).
    #[inline(never)]
    fn start_hand(&mut self) {
        if self.m.phase() == Phase::MatchOver {
            self.m.restart();
        }
        let (dealer, rng) = (&self.dealer, &mut self.rng);
        self.m.start_dealing(|deal, rule| {
            dealer.deal_into(rng, deal);
            if rule == PoseRule::TurnOver {
                deal.poser = Some(rng.random_range(0..2));
            }
        });
    }

    /// Deal and play one whole hand at random; starts a new match when the
    /// last one ended.
    #[inline]
    pub fn hand(&mut self) {
        self.start_hand();
        // A local copy the optimiser can keep in registers through the
        // kernel's loop, written back once the hand is over.
        let mut local = self.picker;
        let (rng, picker) = (&mut self.rng, &mut local);
        let live = self.m.target_in_play();
        loop {
            match self.m.phase() {
                Phase::ChoosePoser => {
                    if let Some(a) = self.m.sample_legal(|n| picker.below(rng, n)) {
                        self.m.apply_unchecked(a, &mut ());
                    }
                }
                Phase::Play if !live => {
                    // The match only needs the hand's end: points made
                    // during play are credited there all at once.
                    let hand = self.m.hand_mut();
                    self.actions += hand.random_run(|n| picker.below(rng, n)) as u64;
                    self.m.after_hand_action(&mut ());
                    break;
                }
                Phase::Play => {
                    // Straight to the hand: the match only needs to look
                    // after points that may reach the target, and the
                    // hand's end.
                    let hand = self.m.hand_mut();
                    let tally = hand.tally();
                    if !hand.random_step(|n| picker.below(rng, n)) {
                        break;
                    }
                    let (over, now) = (hand.is_over(), hand.tally());
                    if over || now != tally && self.m.target_within(now) {
                        self.m.after_hand_action(&mut ());
                    }
                }
                _ => break,
            }
            self.actions += 1;
        }
        self.picker = local;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picker_is_uniform() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut p = Picker::default();
        for n in [1u32, 2, 3, 7, 13, 364] {
            let mut counts = vec![0u32; n as usize];
            let draws = 2000 * n;
            for _ in 0..draws {
                counts[p.below(&mut rng, n) as usize] += 1;
            }
            for c in counts {
                assert!((1700..2300).contains(&c), "n={n}: {c}");
            }
        }
    }

    /// The playout's shortcuts (the whole hand in one run, points credited
    /// at its end where no target can end the match mid-hand) leave the
    /// match exactly where acting through [`Match::apply_unchecked`] one
    /// sampled action at a time leaves it, fed the same random numbers.
    #[test]
    fn playouts_match_acting_step_by_step() {
        for preset in crate::rules::Preset::ALL {
            for players in 2..=4 {
                let mut spec = crate::rules::RulesSpec::preset(preset.name());
                spec.players = Some(players);
                let Ok(rules) = spec.resolve() else { continue };
                let mut fast = Playout::new(rules, 5);
                let mut slow = Playout::new(rules, 5);
                for hand in 0..300 {
                    fast.hand();
                    slow.hand_by_match();
                    assert_eq!(
                        format!("{:?}", fast.current()),
                        format!("{:?}", slow.current()),
                        "{} {players} hand {hand}",
                        preset.name()
                    );
                    assert_eq!(fast.actions, slow.actions, "{}", preset.name());
                }
            }
        }
    }

    impl Playout {
        /// [`Playout::hand`] without shortcuts: every action through the match.
        fn hand_by_match(&mut self) {
            self.start_hand();
            let (rng, picker) = (&mut self.rng, &mut self.picker);
            while matches!(self.m.phase(), Phase::ChoosePoser | Phase::Play) {
                let Some(a) = self.m.sample_legal(|n| picker.below(rng, n)) else {
                    break;
                };
                self.m.apply_unchecked(a, &mut ());
                self.actions += 1;
            }
        }
    }

    /// What a playout's match shows after each hand, folded into one
    /// number: the deal, how the hand ended, the scores and the actions.
    fn fingerprint(preset: crate::rules::Preset, players: u8, hands: usize) -> u64 {
        let mut spec = crate::rules::RulesSpec::preset(preset.name());
        spec.players = Some(players);
        let Ok(rules) = spec.resolve() else { return 0 };
        folded(rules, hands, |p| {
            let m = p.current();
            format!(
                "{:?} {:?} {:?} {:?} {:?} {:?} {} {}",
                &m.deal().hands[..usize::from(players)],
                m.deal().boneyard(),
                m.hand().ending(),
                m.result(),
                m.scores(),
                m.phase(),
                m.hand_number(),
                p.actions
            )
        })
    }

    /// What `seen` tells of a playout's match (seed 11) after each of
    /// `hands` hands, folded (FNV-1a) into one number.
    fn folded(rules: Rules, hands: usize, seen: impl Fn(&Playout) -> String) -> u64 {
        let mut p = Playout::new(rules, 11);
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for _ in 0..hands {
            p.hand();
            for b in seen(&p).bytes() {
                h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
            }
        }
        h
    }

    /// The same seed gives the same playouts as before the playouts' own
    /// settlement, deal and picker were made faster: every deal, pick and
    /// score of 400 hands of every preset and player count, folded into
    /// numbers recorded from the engine at 65ccda5.
    #[test]
    fn playouts_repeat_the_recorded_matches() {
        // By preset (in `Preset::ALL`'s order), for 2, 3 and 4 players (0
        // where the preset does not seat that many).
        const RECORDED: [[u64; 3]; 12] = [
            [0, 0, 12946914874296038368],
            [
                10930085405899000593,
                526805865470093206,
                12841640315269727572,
            ],
            [
                16305556027763653932,
                465331554506632506,
                9347260126240255912,
            ],
            [
                8034129483195735685,
                12966064598700504889,
                9477133744231784447,
            ],
            [
                1564300360548080789,
                8034795717918566267,
                15366573259546908653,
            ],
            [
                1704851803263734648,
                9286061172587608642,
                10035777488995843170,
            ],
            [
                9517910814959237150,
                13058189385727656575,
                14651626755328535805,
            ],
            [
                12444954407726717512,
                4577057471390140844,
                5117189415888143984,
            ],
            [0, 0, 7610311123169191205],
            [
                2176525582849030456,
                13762810046103927509,
                5676414173511884111,
            ],
            [
                4167169522431891823,
                1686523570081279517,
                17990478370050985013,
            ],
            [15659147915410919416, 0, 0],
        ];
        for (preset, want) in crate::rules::Preset::ALL.iter().zip(RECORDED) {
            for (players, want) in (2..=4).zip(want) {
                let got = fingerprint(*preset, players, 400);
                assert_eq!(got, want, "{} with {players} players", preset.name());
            }
        }
    }

    /// [`fingerprint`] for the trains family, given whole rules (options
    /// too), with the layout and the open trains each hand ends with.
    fn trains_fingerprint(rules: Rules, hands: usize) -> u64 {
        let players = usize::from(rules.players());
        folded(rules, hands, |p| {
            let m = p.current();
            format!(
                "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {} {} {}",
                &m.deal().hands[..players],
                m.deal().boneyard(),
                m.hand().ending(),
                m.hand().layout(),
                m.result(),
                m.scores(),
                m.phase(),
                m.hand().open_trains(),
                m.hand_number(),
                p.actions
            )
        })
    }

    /// The same seed gives the same trains playouts as before their own
    /// kernel (`Hand::trains_run`) was written: every deal, pick, final
    /// layout and score of 300 hands of each game, player count and the
    /// options that change a turn, folded into numbers recorded from the
    /// engine at aa49bbd, which played them step by step.
    #[test]
    fn trains_playouts_repeat_the_recorded_matches() {
        use serde_json::json;
        let cases = [
            ("mexican-train", 2, json!({}), 2584175064081544639),
            ("mexican-train", 3, json!({}), 14618789862654994313),
            ("mexican-train", 4, json!({}), 15154204979573659676),
            ("mexican-train", 6, json!({}), 13875204871262328525),
            (
                "mexican-train",
                4,
                json!({"first_turn": "chain"}),
                11547632746846362517,
            ),
            (
                "mexican-train",
                3,
                json!({"mexican_train": false, "open_trains_start": true}),
                8493821931515725324,
            ),
            ("mexican-train", 4, json!({"set": 9}), 5418842477269384140),
            ("chicken-foot", 2, json!({}), 2757136043556236457),
            ("chicken-foot", 4, json!({}), 11078476253387768881),
            (
                "chicken-foot",
                4,
                json!({"set": 12, "centre": "six"}),
                15291583954897344160,
            ),
        ];
        for (preset, players, options, want) in cases {
            let spec: crate::rules::RulesSpec = serde_json::from_value(json!(
                {"preset": preset, "players": players, "options": options}
            ))
            .unwrap();
            let got = trains_fingerprint(spec.resolve().unwrap(), 300);
            assert_eq!(got, want, "{preset} with {players} players, {options}");
        }
    }

    #[test]
    fn playouts_finish_hands_of_every_preset() {
        for preset in crate::rules::Preset::ALL {
            let rules = Rules::of_preset(preset.name()).unwrap();
            let mut p = Playout::new(rules, 9);
            for _ in 0..50 {
                p.hand();
                assert!(matches!(
                    p.current().phase(),
                    Phase::HandOver | Phase::MatchOver
                ));
            }
        }
    }
}
