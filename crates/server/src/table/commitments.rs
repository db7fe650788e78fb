//! The table's side of fair deals: each hand is dealt from a key derived
//! from the match secret; its commitment is published before the hand, with
//! the redeal rule it is dealt under, and the key once the hand is over
//! (see [`crate::fair`]).

use domino_engine::game::PoseRule;
use domino_engine::{DealSpec, Redeal, Rules};
use serde_json::{json, Value};

use crate::fair::{self, Secret};

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
    pub(super) fn deal(&self, rules: &Rules, rule: PoseRule, hand: u32) -> DealSpec {
        fair::deal_from_key(rules, rule, hand, &self.secret.hand_key(hand))
    }

    /// The next hand was dealt under `rule`: publish it with its commitment.
    pub(super) fn dealt(&mut self, rule: PoseRule) {
        self.redeals.push(rule.redeal());
    }

    /// The `fair` list of the state message: for hands 1 to `hand`, the
    /// commitment, the redeal rule and, once revealed (every earlier hand,
    /// and this one when `over`), the key.
    pub(super) fn to_json(&self, hand: u32, over: bool) -> Vec<Value> {
        (1..=hand)
            .map(|k| {
                let key = self.secret.hand_key(k);
                let revealed = k < hand || over;
                json!({
                    "hand": k,
                    "commit": fair::commitment(&key),
                    "redeal": self.redeals.get(k as usize - 1),
                    "key": revealed.then(|| hex::encode(key)),
                })
            })
            .collect()
    }
}
