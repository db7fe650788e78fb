//! Random playouts: whole matches of uniformly random legal actions, the
//! inner loop of every sampling bot and the engine's speed benchmark.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::action::MoveList;
use crate::deal::Deal;
use crate::game::{Match, Phase, PoseRule};
use crate::rules::Rules;

/// Plays random matches hand after hand, reusing one match value.
#[derive(Debug)]
pub struct Playout {
    m: Match,
    rng: ChaCha8Rng,
    moves: MoveList,
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
            m,
            rng,
            moves: MoveList::new(),
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
            let mut deal = Deal::random(self.m.rules(), &mut self.rng);
            if self.m.next_pose_rule() == PoseRule::TurnOver {
                deal.poser = Some(self.rng.random_range(0..2));
            }
            if self.m.start_dealt(deal).is_ok() {
                break;
            }
        }
        while matches!(self.m.phase(), Phase::Play | Phase::ChoosePoser) {
            self.m.legal(&mut self.moves);
            let k = self.rng.random_range(0..self.moves.len() as u32) as usize;
            self.m.apply_unchecked(self.moves[k], &mut ());
            self.actions += 1;
        }
    }
}
