//! Random playouts: whole matches of uniformly random legal actions, the
//! inner loop of every sampling bot and the engine's speed benchmark.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::deal::Dealer;
use crate::game::{Match, Phase, PoseRule};
use crate::rules::Rules;

/// Plays random matches hand after hand, reusing one match value.
#[derive(Debug)]
pub struct Playout {
    m: Match,
    dealer: Dealer,
    rng: ChaCha8Rng,
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
            actions: 0,
        }
    }

    /// The match being played.
    pub fn current(&self) -> &Match {
        &self.m
    }

    /// Deal and play one whole hand at random; starts a new match when the
    /// last one ended.
    #[inline]
    pub fn hand(&mut self) {
        if self.m.phase() == Phase::MatchOver {
            self.m.restart();
        }
        loop {
            let mut deal = self.dealer.deal(&mut self.rng);
            if self.m.next_pose_rule() == PoseRule::TurnOver {
                deal.poser = Some(self.rng.random_range(0..2));
            }
            if self.m.start_dealt(deal).is_ok() {
                break;
            }
        }
        let rng = &mut self.rng;
        let live = self.m.live_scoring();
        loop {
            match self.m.phase() {
                Phase::ChoosePoser => {
                    if let Some(a) = self.m.sample_legal(|n| rng.random_range(0..n)) {
                        self.m.apply_unchecked(a, &mut ());
                    }
                }
                Phase::Play => {
                    // Straight to the hand: the match only needs to look
                    // after live points and the hand's end.
                    let Some(a) = self.m.hand().sample_legal(|n| rng.random_range(0..n)) else {
                        break;
                    };
                    let hand = self.m.hand_mut();
                    hand.apply_unchecked(a, &mut ());
                    if live || hand.is_over() {
                        self.m.after_hand_action(&mut ());
                    }
                }
                _ => break,
            }
            self.actions += 1;
        }
    }
}
