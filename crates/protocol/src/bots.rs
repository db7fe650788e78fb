//! What a bot account's events socket is told (docs/botapi.md), and a
//! challenge's clock as asked for.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use domino_engine::{RulesSpec, TimeControl};

/// A challenge's clock in the format challenges first had (`{"base_ms",
/// "increment_ms"}`), still read from older clients; the time control of
/// seeks and tables is the format (see [`challenge_clock`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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

/// A challenge's `clock` as asked for: a time control as seeks and tables
/// take it (`{"kind": "per_move", "move_s", "bank_s"}`, …), or the older
/// `{"base_ms", "increment_ms"}`. Unchecked; the error says what a clock
/// is written as.
pub fn challenge_clock(v: &Value) -> Result<TimeControl, String> {
    if let Ok(c) = serde_json::from_value::<TimeControl>(v.clone()) {
        return Ok(c);
    }
    serde_json::from_value::<ClockSpec>(v.clone())
        .map(ClockSpec::control)
        .map_err(|_| {
            format!(
                "`{v}` is not a clock: write a time control as seeks take it, such as {{\"kind\": \"per_move\", \"move_s\": 15, \"bank_s\": 60}}"
            )
        })
}

/// The clock a challenged bot is shown: the time control its table will
/// get, plus, where the older format can say it, `base_ms` and
/// `increment_ms` for clients that read that.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ShownClock {
    #[serde(flatten)]
    pub control: TimeControl,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub increment_ms: Option<u64>,
}

impl ShownClock {
    /// `control` as shown; `None` for no clock.
    pub fn of(control: TimeControl) -> Option<ShownClock> {
        let ms = |s: u32| Some(u64::from(s) * 1000);
        let (base_ms, increment_ms) = match control {
            TimeControl::None => return None,
            TimeControl::PerMove { move_s, bank_s } => (ms(bank_s), ms(move_s)),
            TimeControl::PerMatch { bank_s } => (ms(bank_s), Some(0)),
            // The older format has no correspondence clock.
            TimeControl::Correspondence { .. } => (None, None),
        };
        Some(ShownClock {
            control,
            base_ms,
            increment_ms,
        })
    }
}

/// Who sent a challenge.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Challenger {
    pub id: String,
    pub name: String,
    pub bot: bool,
}

/// A challenge as the challenged bot is told of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChallengeShown {
    pub id: String,
    pub from: Challenger,
    pub rules: RulesSpec,
    pub rated: bool,
    /// The clock the table will get (a rated challenge without one has
    /// the rated pairing's); `null` for none.
    pub clock: Option<ShownClock>,
}

/// One event of a bot's events socket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BotEvent {
    /// A challenge waiting for the bot's answer.
    Challenge { challenge: ChallengeShown },
    /// A challenge no longer open: `accepted`, `declined`, `cancelled`,
    /// `expired`.
    ChallengeGone { id: String, reason: String },
    /// A seat of the bot's at a table still playing.
    Table(BotTable),
    /// A match the bot played is over (rated or not), once its ratings
    /// are worked out.
    MatchOver(MatchOver),
    /// Another seat's player at one of the bot's tables lost its last
    /// connection.
    OpponentGone {
        table: String,
        seat: i64,
        /// Milliseconds before the computer plays that seat for its
        /// player; `null` at a clocked table (its clock decides).
        bot_in_ms: Option<u64>,
    },
    /// That player is connected again.
    OpponentBack { table: String, seat: i64 },
}

/// A seat of a bot account at a table still playing: a `table` event, and
/// a line of `GET /api/bot/tables`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BotTable {
    pub table: String,
    pub seat: i64,
    /// The seat's token, for `resume`.
    pub token: String,
    pub rated: bool,
    /// The table's rules, as stored (a `RulesSpec`).
    pub rules: Value,
    /// `seek` or `challenge`.
    pub via: String,
}

/// A finished match as a bot at it is told (`match_over`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MatchOver {
    pub table: String,
    /// The bot's seat, and its side (partners share one).
    pub seat: i64,
    pub side: i64,
    /// The winning side as the ratings count it (a side whose player left
    /// a rated match loses), or `null` for none.
    pub winner: Option<i64>,
    /// Each side's place, 1 first (ties share one).
    pub places: Vec<i64>,
    /// Each side's score.
    pub scores: Vec<i32>,
    /// Whether ratings moved.
    pub rated: bool,
    /// The bot's own rating change; `null` when nothing moved.
    pub rating: Option<crate::table::RatingChange>,
    /// The match was resigned or aborted; absent when it was played out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<crate::table::Ended>,
}

/// `{"ok": true}`: done, with nothing more to say.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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

    #[test]
    fn the_end_and_the_opponents_events_are_written_as_docs_botapi_shows_them() {
        let over = BotEvent::MatchOver(MatchOver {
            table: "t1".into(),
            seat: 1,
            side: 1,
            winner: Some(0),
            places: vec![1, 2],
            scores: vec![101, 79],
            rated: true,
            rating: Some(crate::table::RatingChange {
                after: 1480.0,
                before: 1500.0,
                deviation: 290.0,
                player: "p1".into(),
                seat: 1,
            }),
            ended: None,
        });
        assert_eq!(
            serde_json::to_value(&over).ok(),
            Some(
                serde_json::json!({"type": "match_over", "table": "t1", "seat": 1,
                "side": 1, "winner": 0, "places": [1, 2], "scores": [101, 79],
                "rated": true, "rating": {"after": 1480.0, "before": 1500.0,
                "deviation": 290.0, "player": "p1", "seat": 1}})
            )
        );
        let gone = BotEvent::OpponentGone {
            table: "t1".into(),
            seat: 0,
            bot_in_ms: None,
        };
        assert_eq!(
            serde_json::to_value(&gone).ok(),
            Some(
                serde_json::json!({"type": "opponent_gone", "table": "t1", "seat": 0,
                "bot_in_ms": null})
            )
        );
        let back = BotEvent::OpponentBack {
            table: "t1".into(),
            seat: 0,
        };
        assert_eq!(
            serde_json::to_value(&back).ok(),
            Some(serde_json::json!({"type": "opponent_back", "table": "t1", "seat": 0}))
        );
    }

    #[test]
    fn a_challenge_reads_both_clock_formats_and_shows_the_tables() {
        let tc = TimeControl::PerMove {
            move_s: 15,
            bank_s: 60,
        };
        let new = serde_json::json!({"kind": "per_move", "move_s": 15, "bank_s": 60});
        let old = serde_json::json!({"base_ms": 60_000, "increment_ms": 15_000});
        assert_eq!(challenge_clock(&new), Ok(tc));
        assert_eq!(challenge_clock(&old), Ok(tc));
        assert!(challenge_clock(&serde_json::json!({"move_s": 15})).is_err());
        let shown = serde_json::to_value(ShownClock::of(tc)).unwrap_or_default();
        assert_eq!(
            shown,
            serde_json::json!({"kind": "per_move", "move_s": 15, "bank_s": 60,
                "base_ms": 60_000, "increment_ms": 15_000})
        );
        let back: Option<ShownClock> = serde_json::from_value(shown).ok();
        assert_eq!(back, ShownClock::of(tc));
        assert_eq!(ShownClock::of(TimeControl::None), None);
    }
}
