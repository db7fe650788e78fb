//! The client's loop: events in, tables out. It holds at most
//! `Options::tables` tables at once, keeps one seek in the pool while
//! there is room (the pool takes one seek per player at a time), and
//! stops once `Options::games` matches are over.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use domino_protocol::challenges::Decline;
use domino_protocol::pool::{self, Opponents};
use serde_json::Value;
use tokio::sync::mpsc;
use tokio::task::JoinSet;

use crate::error::ClientError;
use crate::events::{self, Challenge, Event};
use crate::http::Server;
use crate::policy::Policy;
use crate::table::{self, Finished, Seat};
use crate::{Options, Progress, Report, Summary};

/// How often a seek is looked at, and a new one tried.
const SEEK_POLL: Duration = Duration::from_millis(700);

/// A seek in the pool: its id, and the seat token the table will know.
#[derive(Debug)]
struct Seek {
    id: String,
    token: String,
}

/// Run the bot account until `options.games` matches are over (forever
/// when `None`), or the token is refused.
pub async fn run(
    options: Options,
    policy: Arc<dyn Policy>,
    report: Report,
) -> Result<Summary, ClientError> {
    let server = Server::with_ca_file(&options.server, &options.token, options.ca_file.as_deref())?;
    if options.seek && options.game.is_none() {
        return Err(ClientError::Options("seeking needs a game (--game)".into()));
    }
    if options.tables == 0 {
        return Err(ClientError::Options("tables must be at least 1".into()));
    }
    let mut client = Client {
        server: server.clone(),
        options,
        policy,
        report: report.clone(),
        playing: HashSet::new(),
        done: HashSet::new(),
        started: 0,
        seek: None,
        tables: JoinSet::new(),
        summary: Summary::default(),
    };
    let (tx, mut rx) = mpsc::channel(64);
    let events = tokio::spawn(events::run(server, tx, report));
    let mut poll = tokio::time::interval(SEEK_POLL);
    let result = loop {
        if client.all_done() {
            break Ok(());
        }
        tokio::select! {
            e = rx.recv() => match e {
                Some(Event::Table(seat)) => client.start(seat),
                Some(Event::Challenge(c)) => client.challenged(c).await,
                Some(Event::Fatal(e)) => break Err(e),
                None => break Err(ClientError::Protocol("the events task stopped".into())),
            },
            Some(ended) = client.tables.join_next() => {
                if let Err(e) = client.ended(ended) {
                    break Err(e);
                }
            }
            _ = poll.tick() => {
                if let Err(e) = client.seek().await {
                    if e.is_fatal() {
                        break Err(e);
                    }
                }
            }
        }
    };
    client.cancel_seek().await;
    events.abort();
    client.tables.abort_all();
    result.map(|()| client.summary)
}

struct Client {
    server: Server,
    options: Options,
    policy: Arc<dyn Policy>,
    report: Report,
    /// Tables being played now.
    playing: HashSet<String>,
    /// Tables over (a `table` event for one again is not played again).
    done: HashSet<String>,
    /// Tables started so far.
    started: u32,
    seek: Option<Seek>,
    tables: JoinSet<(String, Result<Finished, ClientError>)>,
    summary: Summary,
}

impl Client {
    fn all_done(&self) -> bool {
        self.options
            .games
            .is_some_and(|n| self.summary.finished.len() as u32 >= n && self.playing.is_empty())
    }

    /// Room for another table: under `tables`, and under `games` counting
    /// the tables already started.
    fn room(&self) -> bool {
        let pending = usize::from(self.seek.is_some());
        self.playing.len() + pending < self.options.tables
            && self
                .options
                .games
                .is_none_or(|n| self.started + (pending as u32) < n)
    }

    /// Play `seat`, unless it is already played or over. A table the bot
    /// is seated at is always played, room or not: leaving it would lose it.
    fn start(&mut self, seat: Seat) {
        if self.done.contains(&seat.table) || !self.playing.insert(seat.table.clone()) {
            return;
        }
        self.started += 1;
        (self.report)(Progress::Started {
            table: seat.table.clone(),
            via: seat.via.clone(),
        });
        let server = self.server.clone();
        let policy = self.policy.clone();
        let report = self.report.clone();
        self.tables.spawn(async move {
            let r = table::play(&server, &seat, policy.as_ref(), &report).await;
            (seat.table, r)
        });
    }

    fn ended(
        &mut self,
        ended: Result<(String, Result<Finished, ClientError>), tokio::task::JoinError>,
    ) -> Result<(), ClientError> {
        let (table, result) =
            ended.map_err(|e| ClientError::Protocol(format!("a table task failed: {e}")))?;
        self.playing.remove(&table);
        self.done.insert(table.clone());
        match result {
            Ok(f) => {
                (self.report)(Progress::Finished(f.clone()));
                self.summary.finished.push(f);
                Ok(())
            }
            Err(e) if e.is_fatal() => Err(e),
            Err(e) => {
                (self.report)(Progress::Lost {
                    table,
                    error: e.to_string(),
                });
                Ok(())
            }
        }
    }

    /// Accept a challenge in a game of `--accept` while there is room;
    /// decline the others, saying why.
    async fn challenged(&mut self, c: Challenge) {
        let reason = if !self.options.accepts(&c.game) {
            Some("rules")
        } else if !self.room() {
            Some("later")
        } else {
            None
        };
        let path = format!("/api/challenges/{}", c.id);
        let answer = match reason {
            Some(reason) => {
                let decline = Decline {
                    reason: Some(reason.to_string()),
                };
                self.server.post(&format!("{path}/decline"), &decline).await
            }
            None => {
                // No body to send: an empty object, as every request
                // that changes something is JSON.
                let nothing = Value::Object(serde_json::Map::new());
                self.server
                    .request("POST", &format!("{path}/accept"), Some(&nothing))
                    .await
            }
        };
        let accepted = reason.is_none() && answer.is_ok();
        (self.report)(Progress::Challenged {
            id: c.id.clone(),
            from: c.from.clone(),
            game: c.game.clone(),
            accepted,
        });
        if let (true, Ok(a)) = (accepted, answer) {
            let text = |k: &str| a.get(k).and_then(Value::as_str).map(str::to_string);
            if let (Some(table), Some(token)) = (text("table"), text("token")) {
                self.start(Seat {
                    table,
                    token,
                    via: "challenge".into(),
                });
            }
        }
    }

    /// Follow the seek in the pool, or send one when there is room.
    async fn seek(&mut self) -> Result<(), ClientError> {
        if let Some(seek) = &self.seek {
            let status = self
                .server
                .request("GET", &format!("/api/seeks/{}", seek.id), None)
                .await;
            let status = match status {
                Ok(s) => s,
                // The seek is gone (expired, or the server lost it): ask again.
                Err(e) if e.code() == Some("no_seek") => {
                    self.seek = None;
                    return Ok(());
                }
                Err(e) => return Err(e),
            };
            if status.get("state").and_then(Value::as_str) == Some("paired") {
                let table = status
                    .get("table")
                    .and_then(Value::as_str)
                    .map(str::to_string);
                let Some(seek) = self.seek.take() else {
                    return Ok(());
                };
                if let Some(table) = table {
                    self.start(Seat {
                        table,
                        token: seek.token,
                        via: "seek".into(),
                    });
                }
            }
            return Ok(());
        }
        if !self.options.seek || !self.room() {
            return Ok(());
        }
        let Some(rules) = &self.options.game else {
            return Ok(());
        };
        let ask = pool::Seek {
            rules: rules.clone(),
            rated: self.options.rated,
            fill_s: None,
            name: String::new(),
            guest: None,
            team: false,
            opponents: Some(Opponents::Any),
            clock: None,
        };
        let answer = self.server.post("/api/seeks", &ask).await?;
        let text = |k: &str| answer.get(k).and_then(Value::as_str).map(str::to_string);
        let (Some(id), Some(token)) = (text("seek"), text("token")) else {
            return Err(ClientError::Protocol(
                "a seek's answer without `seek` and `token`".into(),
            ));
        };
        (self.report)(Progress::Seeking {
            game: rules.preset.clone(),
            rated: self.options.rated,
        });
        self.seek = Some(Seek { id, token });
        Ok(())
    }

    /// Leave the pool on the way out.
    async fn cancel_seek(&mut self) {
        if let Some(seek) = self.seek.take() {
            let _ = self
                .server
                .request("DELETE", &format!("/api/seeks/{}", seek.id), None)
                .await;
        }
    }
}
