//! The socket's messages (documented in `docs/server.md`): what a client
//! asks ([`Request`], each with an optional `id` the answer echoes) and
//! how the server answers it ([`Reply`]). The table's own messages
//! (`state`, `chat`, ...) are built by the table.

use domino_bots::reason::Why;
use domino_engine::catalog::GameInfo;
use domino_engine::{Action, RulesSpec};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::refusal::Code;
use crate::seat::SeatKind;

fn default_humans() -> u8 {
    1
}

fn default_hints() -> bool {
    true
}

fn default_bot() -> String {
    "heuristic".into()
}

/// A seat in a new table's plan.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PlanSeat {
    /// The creator's seat.
    Me,
    Invite,
    Human,
    Bot,
}

/// A client's request (its `id`, when it sends one, is taken off first).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    Ping {},
    /// A bot account's events socket (docs/botapi.md).
    Events {},
    Presets {},
    List {},
    Create {
        rules: RulesSpec,
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        seats: Option<Vec<PlanSeat>>,
        #[serde(default = "default_humans")]
        #[cfg_attr(feature = "ts", ts(as = "Option<u8>", optional))]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>))]
        humans: u8,
        #[serde(default = "default_bot")]
        #[cfg_attr(feature = "ts", ts(as = "Option<String>", optional))]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        bot: String,
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<bool>))]
        private: bool,
        name: String,
        /// Players may ask for hints (where the table allows them).
        #[serde(default = "default_hints")]
        #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<bool>))]
        hints: bool,
        /// The table's time control; absent: none.
        #[serde(default)]
        clock: domino_engine::TimeControl,
    },
    Join {
        table: String,
        name: String,
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        seat: Option<u8>,
        /// The invitation code of the invited seat `seat` (its invite
        /// link carries it).
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        invite: Option<String>,
    },
    Resume {
        table: String,
        token: String,
    },
    Spectate {
        table: String,
    },
    Act {
        action: Action,
        /// The `seq` of the state the action was chosen from; a stale one
        /// is refused.
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        seq: Option<i64>,
    },
    Ready {},
    /// The expert's move for the asking player's turn.
    Hint {},
    Leave {},
    /// Concede the match: it ends now, the player's side places last (the
    /// others by their scores), and rated play counts it as a loss.
    Resign {},
    /// Call the match off before it is under way (before its first move,
    /// or before it starts): no result, nothing rated.
    Abort {},
    Fill {},
    Settings {
        auto_pass: bool,
    },
    Chat {
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        text: Option<String>,
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        phrase: Option<String>,
    },
    Rematch {},
}

/// A request as a client sends it: the request and the `id` its answer
/// echoes, if it wants one (the bot client's messages).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Sent {
    #[serde(flatten)]
    pub request: Request,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

impl Request {
    /// This request with no `id`.
    pub fn sent(self) -> Sent {
        Sent {
            request: self,
            id: None,
        }
    }

    /// This request with `id`, which its answer echoes.
    pub fn sent_as(self, id: impl Into<String>) -> Sent {
        Sent {
            request: self,
            id: Some(id.into()),
        }
    }
}

/// A table as the lobby lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LobbyTable {
    pub bot: String,
    pub finished: bool,
    pub hand_number: u32,
    pub humans: u8,
    pub id: String,
    pub names: Vec<Option<String>>,
    /// Which seats bot accounts hold (docs/botapi.md), marked in the lists.
    #[serde(default)]
    pub bot_accounts: Vec<bool>,
    pub open_seats: usize,
    pub parked: bool,
    pub private: bool,
    pub rules: RulesSpec,
    /// Who sits where.
    pub seats: Vec<SeatKind>,
    /// The time control (`none` at most tables).
    #[serde(default)]
    pub clock: domino_engine::TimeControl,
    /// Whose clock runs and until when (ms since the epoch), for the
    /// lobby's "your turn" list.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub turn: Option<Turn>,
}

/// The seat to move at a clocked table, and its deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Turn {
    pub seat: u8,
    pub deadline_ms: i64,
}

/// The server's answer to one request (written only: the engine's
/// catalog entries it carries are).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Reply {
    Pong,
    Presets {
        presets: Vec<GameInfo>,
    },
    Tables {
        tables: Vec<LobbyTable>,
    },
    /// Sat at (or watching) a table; the token when a seat was claimed.
    Joined {
        seat: Option<u8>,
        table: String,
        token: Option<String>,
    },
    /// Done; an action answers the `seq` of the state it made.
    Ok {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        seq: Option<i64>,
    },
    Hint {
        action: Action,
        reason: Vec<Why>,
    },
    Rematch {
        table: String,
    },
    /// Refused: a code a client can act on and words for people.
    Error {
        code: Code,
        message: String,
    },
}

/// An answer as it is sent: the reply and the request's `id` (null when
/// the request had none, or could not be read).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Answer {
    #[serde(flatten)]
    pub reply: Reply,
    pub id: Value,
}

impl Answer {
    /// The answer as the socket sends it.
    pub fn to_text(&self) -> String {
        // Only the protocol's own types, all with string keys: writing
        // them cannot fail; should it, the client hears nothing rather
        // than something malformed.
        serde_json::to_string(self).unwrap_or_else(|e| {
            tracing::error!("an answer did not serialize: {e}");
            String::new()
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;

    /// What a client sends is what the server reads: the request with its
    /// `id` beside its fields, read back once the `id` is taken off.
    #[test]
    fn a_sent_request_is_the_request_with_its_id() {
        let act = Request::Act {
            action: Action::Pass,
            seq: Some(7),
        };
        let sent = serde_json::to_value(act.clone().sent_as("act-7")).unwrap();
        assert_eq!(
            sent,
            json!({"type": "act", "action": {"type": "pass"}, "seq": 7, "id": "act-7"})
        );
        let mut read = sent;
        read.as_object_mut().unwrap().remove("id");
        assert_eq!(serde_json::from_value::<Request>(read).unwrap(), act);
        let ping = serde_json::to_value(Request::Ping {}.sent()).unwrap();
        assert_eq!(ping, json!({"type": "ping"}));
    }

    fn sent(reply: Reply, id: Value) -> Value {
        serde_json::from_str(&Answer { reply, id }.to_text()).unwrap()
    }

    /// The answers carry the fields docs/server.md gives them, the id last
    /// read from the request.
    #[test]
    fn answers_are_written_as_the_protocol_documents_them() {
        assert_eq!(
            sent(Reply::Pong, json!(3)),
            json!({"type": "pong", "id": 3})
        );
        assert_eq!(
            sent(Reply::Ok { seq: None }, Value::Null),
            json!({"type": "ok", "id": null})
        );
        assert_eq!(
            sent(Reply::Ok { seq: Some(4) }, json!("a")),
            json!({"type": "ok", "seq": 4, "id": "a"})
        );
        assert_eq!(
            sent(
                Reply::Joined {
                    seat: Some(1),
                    table: "t".into(),
                    token: None
                },
                json!(1)
            ),
            json!({"type": "joined", "table": "t", "seat": 1, "token": null, "id": 1})
        );
        assert_eq!(
            sent(
                Reply::Error {
                    code: Code::BadJson,
                    message: "m".into()
                },
                Value::Null
            ),
            json!({"type": "error", "code": "bad_json", "message": "m", "id": null})
        );
        assert_eq!(
            sent(Reply::Rematch { table: "r".into() }, json!(2)),
            json!({"type": "rematch", "table": "r", "id": 2})
        );
    }

    #[test]
    fn requests_read_as_before() {
        let r: Request =
            serde_json::from_value(json!({"type": "act", "action": {"type": "pass"}})).unwrap();
        assert_eq!(
            r,
            Request::Act {
                action: Action::Pass,
                seq: None
            }
        );
        let c: Request = serde_json::from_value(
            json!({"type": "create", "rules": {"preset": "draw"}, "name": "A"}),
        )
        .unwrap();
        let Request::Create {
            humans, bot, hints, ..
        } = c
        else {
            panic!("{c:?}")
        };
        assert_eq!((humans, bot.as_str(), hints), (1, "heuristic", true));
        assert!(serde_json::from_value::<Request>(json!({"type": "ping", "x": 1})).is_err());
    }
}
