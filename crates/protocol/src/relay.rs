//! The items one node sends another through the relay (see
//! the server's `relay/wire.rs` for the envelopes that carry them): a socket's
//! request to its table's owner ([`Item::Cmd`], the table's own command
//! less the reply channel and the outbox, which stay on the socket's
//! node), its answer ([`Item::Rep`]), a message the table queued for that
//! socket ([`Item::Msg`]) and the table dropping it ([`Item::Kick`]).

use domino_bots::reason::Why;
use domino_engine::Action;
use serde::{Deserialize, Serialize};

use crate::refusal::Refusal;
use crate::seat::{Seated, Seating};

/// A connection's id on the node that sent the item.
pub type Conn = u64;

/// One item between nodes, tagged `k` (short field names: many travel in
/// one notification).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum Item {
    /// Socket `c`'s request for table `t`; `q` numbers it when an answer
    /// is wanted.
    Cmd {
        t: String,
        c: Conn,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        q: Option<u64>,
        cmd: Request,
    },
    /// The answer to request `q`.
    Rep { q: u64, r: Answer },
    /// A message for socket `c`, already built from its seat's view.
    Msg { c: Conn, m: String },
    /// The table dropped socket `c`.
    Kick { c: Conn },
    /// Bot API token `token` (its id) was revoked on the sending node:
    /// every socket opened with it here is closed.
    Revoked { token: String },
    /// An event for bot account `p`'s events sockets here, already written
    /// (a table's: `table`, `match_over`, `opponent_gone`, `opponent_back`).
    BotEvent { p: String, m: String },
}

/// A socket's request to a table, as `ws` makes it for a local socket.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Request {
    Attach {
        how: Seating,
    },
    Detach,
    /// An action made against the state of log sequence `seq`.
    Act {
        action: Action,
        seq: Option<i64>,
    },
    Ready,
    Fill,
    Leave,
    Resign,
    Abort,
    Settings {
        auto_pass: bool,
    },
    Chat {
        text: Option<String>,
        phrase: Option<String>,
    },
    Hint,
    Rematch,
}

/// What a table answered a request, told apart by its JSON type: where a
/// socket sits (an object), the sequence an action made (a number), the
/// expert's move and reasons (an array), the rematch's table (a string),
/// or done (null).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Reply {
    Seated(Seated),
    Seq(i64),
    Hint(Action, Vec<Why>),
    Rematch(String),
    Done,
}

/// An answer: `{"ok": REPLY}` or `{"err": {"code", "message"}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    Ok(Reply),
    Err(Refusal),
}

impl From<Result<Reply, Refusal>> for Answer {
    fn from(r: Result<Reply, Refusal>) -> Answer {
        match r {
            Ok(v) => Answer::Ok(v),
            Err(e) => Answer::Err(e),
        }
    }
}

impl From<Answer> for Result<Reply, Refusal> {
    fn from(a: Answer) -> Result<Reply, Refusal> {
        match a {
            Answer::Ok(v) => Ok(v),
            Answer::Err(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::refusal::Code;
    use serde_json::{json, Value};

    fn round_trip(item: &Item) -> Value {
        let v = serde_json::to_value(item).unwrap();
        let back: Item = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(&back, item, "{v}");
        v
    }

    fn cmd(q: Option<u64>, cmd: Request) -> Item {
        Item::Cmd {
            t: "tb".into(),
            c: 7,
            q,
            cmd,
        }
    }

    /// Every request comes out as it went in, in the shape nodes of
    /// earlier versions wrote by hand.
    #[test]
    fn every_request_round_trips_in_the_shape_nodes_send() {
        let join = Seating::Join {
            name: "Ana".into(),
            seat: Some(2),
            invite: Some("c0de".into()),
            profile: Some(("p".into(), "Ana".into())),
        };
        let cases = [
            (
                Request::Attach { how: join },
                json!({"type": "attach", "how": {"join": {"name": "Ana", "seat": 2, "invite": "c0de", "profile": ["p", "Ana"]}}}),
            ),
            (
                Request::Attach {
                    how: Seating::Resume {
                        token: "t".into(),
                        profile: None,
                    },
                },
                json!({"type": "attach", "how": {"resume": "t"}}),
            ),
            (
                Request::Attach {
                    how: Seating::Resume {
                        token: "t".into(),
                        profile: Some("p".into()),
                    },
                },
                json!({"type": "attach", "how": {"resume_as": {"token": "t", "profile": "p"}}}),
            ),
            (
                Request::Attach {
                    how: Seating::Spectate,
                },
                json!({"type": "attach", "how": "spectate"}),
            ),
            (Request::Detach, json!({"type": "detach"})),
            (
                Request::Act {
                    action: Action::Pass,
                    seq: Some(12),
                },
                json!({"type": "act", "action": {"type": "pass"}, "seq": 12}),
            ),
            (Request::Ready, json!({"type": "ready"})),
            (Request::Fill, json!({"type": "fill"})),
            (Request::Leave, json!({"type": "leave"})),
            (Request::Resign, json!({"type": "resign"})),
            (Request::Abort, json!({"type": "abort"})),
            (
                Request::Settings { auto_pass: true },
                json!({"type": "settings", "auto_pass": true}),
            ),
            (
                Request::Chat {
                    text: Some("hi".into()),
                    phrase: None,
                },
                json!({"type": "chat", "text": "hi", "phrase": null}),
            ),
            (Request::Hint, json!({"type": "hint"})),
            (Request::Rematch, json!({"type": "rematch"})),
        ];
        for (req, shape) in cases {
            let v = round_trip(&cmd(Some(3), req));
            assert_eq!(v["cmd"], shape);
            assert_eq!(v["k"], "cmd");
            assert_eq!((v["t"].as_str(), v["c"].as_u64()), (Some("tb"), Some(7)));
            assert_eq!(v["q"], 3);
        }
        // A request wanting no answer carries no number.
        let v = round_trip(&cmd(None, Request::Detach));
        assert!(v.get("q").is_none(), "{v}");
    }

    #[test]
    fn every_answer_and_other_item_round_trips() {
        let replies = [
            Reply::Seated(Seated {
                table: "tb".into(),
                seat: Some(1),
                token: Some("s3cret".into()),
            }),
            Reply::Seated(Seated {
                table: "tb".into(),
                seat: None,
                token: None,
            }),
            Reply::Seq(41),
            Reply::Hint(Action::Pass, vec![]),
            Reply::Rematch("next".into()),
            Reply::Done,
        ];
        for r in replies {
            round_trip(&Item::Rep {
                q: 9,
                r: Answer::Ok(r),
            });
        }
        for code in [
            Code::Stale,
            Code::Moving,
            Code::Engine(domino_engine::ErrorCode::IllegalAction),
        ] {
            let v = round_trip(&Item::Rep {
                q: 9,
                r: Answer::Err(Refusal::new(code, "no")),
            });
            assert_eq!(v["r"]["err"]["code"], code.as_str());
        }
        assert_eq!(
            round_trip(&Item::Rep {
                q: 1,
                r: Answer::Ok(Reply::Done)
            }),
            json!({"k": "rep", "q": 1, "r": {"ok": null}})
        );
        round_trip(&Item::Msg {
            c: 2,
            m: "{\"type\":\"state\"}".into(),
        });
        assert_eq!(
            round_trip(&Item::Kick { c: 2 }),
            json!({"k": "kick", "c": 2})
        );
    }

    /// A code this node does not know (a newer node's) reads as internal,
    /// with the other node's words.
    #[test]
    fn an_unknown_code_reads_as_internal() {
        let a: Answer =
            serde_json::from_value(json!({"err": {"code": "brand_new", "message": "m"}})).unwrap();
        assert_eq!(a, Answer::Err(Refusal::new(Code::Internal, "m")));
    }
}
