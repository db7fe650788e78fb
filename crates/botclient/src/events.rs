//! The events socket: one per bot, kept open (reconnecting with backoff)
//! for as long as the client runs. Its `table`, `challenge` and
//! `challenge_gone` events go to the client's loop; on each subscription
//! the server sends again a `table` event for every table still playing,
//! which is how a client that lost its connection picks its games up.

use std::time::Duration;

use domino_protocol::socket::Request;
use serde_json::Value;
use tokio::sync::mpsc;

use crate::backoff::Backoff;
use crate::error::ClientError;
use crate::http::Server;
use crate::socket::Socket;
use crate::table::Seat;
use crate::{Progress, Report};

const KEEPALIVE: Duration = Duration::from_secs(20);

/// A challenge as the events socket tells it.
#[derive(Debug, Clone, PartialEq)]
pub struct Challenge {
    pub id: String,
    /// The challenger's name.
    pub from: String,
    /// The game (the rules' preset).
    pub game: String,
    pub rated: bool,
}

/// What the events socket tells the client's loop.
#[derive(Debug)]
pub enum Event {
    Table(Seat),
    Challenge(Challenge),
    /// The socket stopped for good (a revoked or unknown token).
    Fatal(ClientError),
}

/// Keep the events socket open and forward its events until `events`
/// is dropped or the token is refused.
pub async fn run(server: Server, events: mpsc::Sender<Event>, report: Report) {
    let mut backoff = Backoff::default();
    loop {
        let error = match session(&server, &events, &report, &mut backoff).await {
            Ok(()) => ClientError::Protocol("the server closed the events socket".into()),
            Err(e) => e,
        };
        if events.is_closed() {
            return;
        }
        if error.is_fatal() {
            let _ = events.send(Event::Fatal(error)).await;
            return;
        }
        report(Progress::Retrying {
            what: "events".into(),
            error: error.to_string(),
            after: backoff.peek(),
        });
        backoff.wait().await;
    }
}

async fn session(
    server: &Server,
    events: &mpsc::Sender<Event>,
    report: &Report,
    backoff: &mut Backoff,
) -> Result<(), ClientError> {
    let mut socket = Socket::open(server).await?;
    socket.send(&Request::Events {}.sent_as("events")).await?;
    let mut keepalive = tokio::time::interval(KEEPALIVE);
    keepalive.tick().await;
    loop {
        let message = tokio::select! {
            m = socket.next() => m?,
            _ = keepalive.tick() => {
                socket.send(&Request::Ping {}.sent()).await?;
                continue;
            }
            _ = events.closed() => {
                socket.close().await;
                return Ok(());
            }
        };
        let Some(message) = message else {
            return Ok(());
        };
        let event = match read(&message)? {
            Read::Subscribed => {
                backoff.reset();
                report(Progress::Online);
                continue;
            }
            Read::Event(e) => e,
            Read::Other => continue,
        };
        if events.send(event).await.is_err() {
            return Ok(());
        }
    }
}

/// One message of the events socket, read.
#[derive(Debug)]
enum Read {
    Subscribed,
    Event(Event),
    Other,
}

fn read(message: &Value) -> Result<Read, ClientError> {
    let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
    let missing =
        |what: &str| ClientError::Protocol(format!("a `{what}` event without its fields"));
    Ok(match message.get("type").and_then(Value::as_str) {
        Some("ok") if message.get("id").and_then(Value::as_str) == Some("events") => {
            Read::Subscribed
        }
        Some("error") if message.get("id").and_then(Value::as_str) == Some("events") => {
            return Err(ClientError::Refused {
                status: 0,
                code: text(message, "code").unwrap_or_default(),
                message: text(message, "message").unwrap_or_default(),
            })
        }
        Some("table") => Read::Event(Event::Table(Seat {
            table: text(message, "table").ok_or_else(|| missing("table"))?,
            token: text(message, "token").ok_or_else(|| missing("table"))?,
            via: text(message, "via").unwrap_or_else(|| "seek".into()),
        })),
        Some("challenge") => {
            let c = &message["challenge"];
            Read::Event(Event::Challenge(Challenge {
                id: text(c, "id").ok_or_else(|| missing("challenge"))?,
                from: text(&c["from"], "name").unwrap_or_default(),
                game: text(&c["rules"], "preset").unwrap_or_default(),
                rated: c["rated"].as_bool().unwrap_or(false),
            }))
        }
        _ => Read::Other,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;

    #[test]
    fn events_are_read_as_the_contract_writes_them() {
        let t = read(
            &json!({"type": "table", "table": "T1", "seat": 1, "token": "s",
            "rated": true, "rules": {"preset": "draw"}, "via": "challenge"}),
        )
        .unwrap();
        let Read::Event(Event::Table(seat)) = t else {
            panic!("{t:?}")
        };
        assert_eq!(
            (seat.table.as_str(), seat.token.as_str(), seat.via.as_str()),
            ("T1", "s", "challenge")
        );
        let c = read(&json!({"type": "challenge", "challenge": {"id": "c1",
            "from": {"id": "p", "name": "Ana", "bot": false}, "rules": {"preset": "block"},
            "rated": false, "clock": null}}))
        .unwrap();
        let Read::Event(Event::Challenge(c)) = c else {
            panic!("{c:?}")
        };
        assert_eq!(
            (c.id.as_str(), c.from.as_str(), c.game.as_str(), c.rated),
            ("c1", "Ana", "block", false)
        );
        assert!(matches!(
            read(&json!({"type": "ok", "id": "events"})).unwrap(),
            Read::Subscribed
        ));
        assert!(matches!(
            read(&json!({"type": "challenge_gone", "id": "c1", "reason": "expired"})).unwrap(),
            Read::Other
        ));
        assert!(read(&json!({"type": "table", "table": "T"})).is_err());
        assert!(matches!(
            read(&json!({"type": "error", "id": "events", "code": "not_a_bot", "message": "m"})),
            Err(ClientError::Refused { .. })
        ));
    }
}
