//! The table's side of fair deals: each hand is dealt from a key derived
//! from the match secret; its commitment is published before the hand, with
//! the redeal rule it is dealt under, and the key once the hand is over
//! (see [`domino_league::fair`]).

use domino_engine::{first_rule, PoseRule};
use domino_engine::{DealSpec, Match, MatchError, Redeal, Rules};
use domino_protocol::table::FairHand;

use domino_league::fair::{self, Secret};

/// A match's secret and the redeal rule of every hand dealt so far.
#[derive(Debug)]
pub(super) struct Commitments {
    /// The match secret every hand key derives from.
    pub(super) secret: Secret,
    /// The redeal rule each hand so far was dealt under
    /// ([`PoseRule::redeal`]), by hand from hand 1: published with the
    /// hand's commitment.
    redeals: Vec<Redeal>,
}

impl Commitments {
    pub(super) fn new(secret: Secret) -> Commitments {
        Commitments {
            secret,
            redeals: Vec::new(),
        }
    }

    /// Hand `hand`'s deal under `rule` (the match's pose rule for it).
    fn deal(&self, rules: &Rules, rule: PoseRule, hand: u32) -> DealSpec {
        fair::deal_from_key(rules, rule, hand, &self.secret.hand_key(hand))
    }

    /// A new match of `rules`, its first hand dealt from hand 1's key.
    pub(super) fn first_hand(&mut self, rules: Rules) -> Result<Match, MatchError> {
        let rule = first_rule(&rules);
        let m = Match::new(rules, None, Some(&self.deal(&rules, rule, 1)))?;
        self.redeals.push(rule.redeal());
        Ok(m)
    }

    /// The deal of `m`'s next hand from its key, its redeal rule published
    /// (the table's restore replays its log dealing through this).
    pub(super) fn next_deal(&mut self, m: &Match) -> DealSpec {
        let rule = m.next_pose_rule();
        self.redeals.push(rule.redeal());
        self.deal(m.rules(), rule, m.hand_number() + 1)
    }

    /// Deal `m`'s next hand from its key, publishing the redeal rule it is
    /// dealt under; a failure leaves `m` and the commitments as they were.
    pub(super) fn next_hand(&mut self, m: &mut Match) -> Result<(), MatchError> {
        let deal = self.next_deal(m);
        m.next_hand(Some(&deal)).inspect_err(|_| {
            self.redeals.pop();
        })
    }

    /// The `fair` list of the state message: for hands 1 to `hand`, the
    /// commitment, the redeal rule and, once revealed (every earlier hand,
    /// and this one when `over`), the key.
    pub(super) fn to_json(&self, hand: u32, over: bool) -> Vec<FairHand> {
        (1..=hand)
            .map(|k| {
                let key = self.secret.hand_key(k);
                let revealed = k < hand || over;
                FairHand {
                    commit: fair::commitment(&key),
                    hand: k,
                    key: revealed.then(|| hex::encode(key)),
                    redeal: self.redeals.get(k as usize - 1).copied(),
                }
            })
            .collect()
    }
}
