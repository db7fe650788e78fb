//! What a bot account's events socket is told (docs/botapi.md), and a
//! challenge's clock as asked for.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use domino_engine::{RulesSpec, TimeControl};

/// A challenge's clock as asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    pub base_ms: u64,
    pub increment_ms: u64,
}

impl ClockSpec {
    /// The table's time control: with an increment, that much a move and
    /// the base as the bank; without, the base for the whole match.
    pub fn control(self) -> TimeControl {
        let s = |ms: u64| u32::try_from(ms / 1000).unwrap_or(u32::MAX);
        if self.increment_ms > 0 {
            TimeControl::PerMove {
                move_s: s(self.increment_ms),
                bank_s: s(self.base_ms),
            }
        } else {
            TimeControl::PerMatch {
                bank_s: s(self.base_ms),
            }
        }
    }
}

/// Who sent a challenge.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Challenger {
    pub id: String,
    pub name: String,
    pub bot: bool,
}

/// A challenge as the challenged bot is told of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChallengeShown {
    pub id: String,
    pub from: Challenger,
    pub rules: RulesSpec,
    pub rated: bool,
    /// `null` when the challenger asked for no clock.
    pub clock: Option<ClockSpec>,
}

/// One event of a bot's events socket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BotEvent {
    /// A challenge waiting for the bot's answer.
    Challenge { challenge: ChallengeShown },
    /// A challenge no longer open: `accepted`, `declined`, `cancelled`,
    /// `expired`.
    ChallengeGone { id: String, reason: String },
    /// A seat of the bot's at a table still playing.
    Table {
        table: String,
        seat: i64,
        /// The seat's token, for `resume`.
        token: String,
        rated: bool,
        /// The table's rules, as stored (a `RulesSpec`).
        rules: Value,
        /// `seek` or `challenge`.
        via: String,
    },
}

/// `{"ok": true}`: done, with nothing more to say.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Done {
    pub ok: bool,
}

impl Done {
    pub const YES: Done = Done { ok: true };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_written_as_docs_botapi_shows_them() {
        let gone = BotEvent::ChallengeGone {
            id: "c1".into(),
            reason: "expired".into(),
        };
        assert_eq!(
            serde_json::to_value(&gone).ok(),
            Some(serde_json::json!({"type": "challenge_gone", "id": "c1", "reason": "expired"}))
        );
        let shown = BotEvent::Challenge {
            challenge: ChallengeShown {
                id: "c2".into(),
                from: Challenger {
                    id: "p1".into(),
                    name: "Ana".into(),
                    bot: false,
                },
                rules: RulesSpec::preset("draw"),
                rated: true,
                clock: None,
            },
        };
        let v = serde_json::to_value(&shown).unwrap_or_default();
        assert_eq!(v["type"], "challenge");
        assert_eq!(v["challenge"]["from"]["name"], "Ana");
        assert!(v["challenge"]["clock"].is_null());
        assert_eq!(v["challenge"]["rules"]["preset"], "draw");
    }
}
