//! One WebSocket connection: the lobby and table protocol, JSON text
//! messages both ways.
//!
//! Requests (`{"type": ..., "id": optional, echoed in the answer}`):
//! `presets`; `list`; `create {rules, seats?, humans?, bot, private, name}`
//! (`seats`: by seat `me`, `invite` (kept for a friend: the match waits for
//! them), `human` (open to anyone) or `bot`; without it, `humans` open
//! seats then bots; all bots makes a table the creator watches);
//! `join {table, name, seat?, invite?}` (`invite`: an invited seat's
//! code, which its invite link carries); `resume {table, token}`;
//! `spectate {table}`; `act {action}`; `ready`; `hint` (the expert's move and its reasons,
//! where the table allows hints); `leave` (a seated player leaves for good: a bot
//! plays the seat); `fill` (the creator starts now: bots take the seats
//! still waiting); `settings {auto_pass}`; `chat {text}` or `chat
//! {phrase}`; `rematch` (after the match: the same seats at a new table);
//! `ping` (answered `pong`: a page, which cannot see the socket's own
//! pings, learns that its node still answers).
//! Answers: `presets`, `tables`, `joined {table, seat, token?}`, `ok`, `pong`,
//! `rematch {table}`, `error {code, message}`; a table pushes `state`
//! messages built from this connection's seat view only, `chat` lines and
//! `rematch {table}`.
//! The first `state` after a join, resume or spectate also carries `log`:
//! the current hand's events so far, as this viewer may see them (another
//! seat's draws without the tile), so a returning page can show the hand's
//! story; later ones carry only their own `events`.
//! Every `state` carries `seq`, the table's log position it shows; `act`
//! may carry the `seq` it was chosen from (another is refused as `stale`),
//! and its `ok` names the `seq` of the state it produced, which is queued
//! to every socket before the `ok` (docs/server.md).
//! The seat a connection acts for is the one it joined or resumed: no
//! request names a seat to act as. A connection opened with a profile's
//! cookie (docs/server.md) sits under that profile and its name: no
//! request names a profile either. Malformed, unknown or oversized
//! requests get an error and change nothing; the error carries the
//! request's `id` wherever the text shows one (see `readable_id`).
//! Ping frames, and pong frames that answer no ping of ours, count against
//! the socket's message rate like requests: one over it closes the socket,
//! since a ping is answered before the server sees it.

use std::net::IpAddr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::Instant;

use crate::bots::BotAuth;
use crate::hub::Hub;
use crate::limits::{Bucket, Pass, Refused};
use crate::table::{
    next_conn_id, Cmd, Code, ConnId, Handle, NewTable, Outbox, Refusal, SeatKind, Seated, Seating,
};
use domino_protocol::socket::{Answer, PlanSeat, Reply, Request};

/// How much of a request too large to handle, or over the rate, is read
/// for its `id`: enough for `{"type": ..., "id": ...}` written in any
/// order with a short id, little enough that a flood costs nothing.
const ID_PREFIX: usize = 256;

/// The `id` of a request that is not handled as a whole (too large, not
/// JSON, over the rate), so that a client waiting for that answer gets it:
/// the value of the top-level `"id"` key of an object, read as far as
/// the text parses (a syntax error after the id still finds it), or null.
fn readable_id(text: &str) -> Value {
    use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};

    /// Records the id when it reads it, then stops the parse.
    struct FindId<'a>(&'a mut Value);

    impl<'de> Visitor<'de> for FindId<'_> {
        type Value = ();

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a request object")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            while let Some(key) = map.next_key::<String>()? {
                if key == "id" {
                    *self.0 = map.next_value()?;
                    return Ok(());
                }
                map.next_value::<IgnoredAny>()?;
            }
            Ok(())
        }
    }

    let mut id = Value::Null;
    // The parse's own error says nothing more than the refusal will.
    let _ = serde_json::Deserializer::from_str(text).deserialize_map(FindId(&mut id));
    id
}

/// The start of `text`, at most [`ID_PREFIX`] bytes, cut between
/// characters.
fn id_prefix(text: &str) -> &str {
    let mut end = text.len().min(ID_PREFIX);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// A socket over its message rate: counted (`why`, for the log) and told
/// so (`at most N messages` then `then`).
fn over_rate(hub: &Hub, ip: IpAddr, why: &str, then: &str) -> Refusal {
    hub.stats.refuse(Refused::Messages, ip, why);
    Refusal::new(
        Code::RateLimited,
        format!(
            "at most {} messages {then}",
            hub.config.limits.messages_per_second
        ),
    )
}

fn error(id: &Value, r: &Refusal) -> String {
    let message = domino_engine::text::bounded(&r.message).to_string();
    Answer {
        reply: Reply::Error {
            code: r.code,
            message,
        },
        id: id.clone(),
    }
    .to_text()
}

/// A connection's place: the table it is attached to, if any, and the
/// tables it created (for the per-client limit).
#[derive(Debug)]
struct Conn {
    at: Option<Handle>,
    /// The client's address, for the per-address limits.
    ip: IpAddr,
    /// The tables it made, by id (a sleeping one has no handle).
    made: Vec<String>,
    /// The profile signed in when the socket opened: `(id, name)`.
    profile: Option<(String, String)>,
    /// The bot account's token the socket was opened with.
    bot: Option<BotAuth>,
    /// `events` was asked for: the bot's events come here (docs/botapi.md).
    events_wanted: bool,
    events: bool,
}

impl Conn {
    /// The account the socket was opened as, by profile id: the bot
    /// account of its API token, else the signed-in profile.
    fn owner(&self) -> Option<String> {
        match (&self.bot, &self.profile) {
            (Some(b), _) => Some(b.profile.id.clone()),
            (None, Some((id, _))) => Some(id.clone()),
            (None, None) => None,
        }
    }
}

impl Default for Conn {
    fn default() -> Conn {
        Conn {
            at: None,
            ip: IpAddr::from([0, 0, 0, 0]),
            made: Vec::new(),
            profile: None,
            bot: None,
            events_wanted: false,
            events: false,
        }
    }
}

/// Serve one upgraded socket from `ip` until it closes, falls silent, stays
/// away from every table too long, or the server stops. `pass` is its place
/// under the socket limits, given back when it closes; `profile` the
/// signed-in profile, `(id, name)`; `bot` the bot account's token it was
/// opened with, whose revocation closes it (code [`REVOKED`]).
pub async fn serve(
    socket: WebSocket,
    hub: Hub,
    ip: IpAddr,
    pass: Pass,
    profile: Option<(String, String)>,
    bot: Option<BotAuth>,
    mut stop: watch::Receiver<bool>,
) {
    let conn_id: ConnId = next_conn_id();
    let limits = hub.config.limits.clone();
    let (mut sink, mut stream) = socket.split();
    let (out_tx, mut out_rx) = mpsc::channel::<Arc<str>>(512);
    let kick = Arc::new(tokio::sync::Notify::new());
    let outbox = Outbox {
        tx: out_tx.clone(),
        kick: kick.clone(),
    };
    let ping_every = limits.ping_every;
    // Pings sent and not yet answered: a pong beyond them was not asked for.
    let unanswered = Arc::new(AtomicU32::new(0));
    let pinged = unanswered.clone();
    // The close frame to end with, when not the plain one.
    let closing: Arc<std::sync::Mutex<Option<CloseFrame>>> = Arc::default();
    let close_with = closing.clone();
    let writer = tokio::spawn(async move {
        let mut ping = tokio::time::interval_at(Instant::now() + ping_every, ping_every);
        loop {
            let (msg, is_ping) = tokio::select! {
                m = out_rx.recv() => match m {
                    Some(m) => (Message::Text(m.as_ref().into()), false),
                    None => break,
                },
                _ = ping.tick() => (Message::Ping(Default::default()), true),
            };
            // Counted before it leaves: its pong may come back before the
            // send returns, and must not be taken for one nobody asked for.
            if is_ping {
                pinged.fetch_add(1, Ordering::Relaxed);
            }
            if sink.send(msg).await.is_err() {
                break;
            }
        }
        let frame = close_with.lock().ok().and_then(|mut f| f.take());
        match frame {
            Some(f) => {
                let _ = sink.send(Message::Close(Some(f))).await;
            }
            None => {
                let _ = sink.close().await;
            }
        }
    });
    let mut revoked = bot.as_ref().map(|b| hub.bots.watch_token(&b.token_id));
    let mut conn = Conn {
        ip,
        profile,
        bot,
        ..Conn::default()
    };
    let mut bucket = Bucket::new(limits.messages_per_second, limits.message_burst);
    let opened = Instant::now();
    let mut heard = Instant::now();
    let mut watch = tokio::time::interval(limits.dead_after.min(limits.join_timeout) / 4);
    loop {
        let msg = tokio::select! {
            m = stream.next() => m,
            _ = stop.changed() => None,
            _ = kick.notified() => None,
            _ = token_revoked(&mut revoked) => {
                if let Ok(mut f) = closing.lock() {
                    *f = Some(CloseFrame {
                        code: REVOKED,
                        reason: "token revoked".into(),
                    });
                }
                break;
            }
            _ = watch.tick() => {
                if heard.elapsed() > limits.dead_after {
                    hub.stats.refuse(Refused::DeadSocket, ip, "no answer to pings");
                    break;
                }
                if conn.at.is_none() && conn.made.is_empty() && !conn.events && opened.elapsed() > limits.join_timeout {
                    hub.stats.refuse(Refused::NoJoin, ip, "never sat at or watched a table");
                    break;
                }
                continue;
            }
        };
        heard = Instant::now();
        let text = match msg {
            None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
            Some(Ok(Message::Text(t))) => t.as_str().to_owned(),
            Some(Ok(Message::Binary(_))) => {
                let r = Refusal::new(Code::BadJson, "send JSON text messages");
                let _ = out_tx.send(error(&Value::Null, &r).into()).await;
                continue;
            }
            Some(Ok(Message::Pong(_)))
                if unanswered
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
                    .is_ok() =>
            {
                continue;
            }
            // A ping (already answered by the WebSocket layer) or a pong
            // nobody asked for: as much work for us as a small request.
            Some(Ok(_)) => {
                if bucket.take() {
                    continue;
                }
                let r = over_rate(
                    &hub,
                    ip,
                    "pings beyond the socket's rate",
                    "or pings a second: closing",
                );
                let _ = out_tx.send(error(&Value::Null, &r).into()).await;
                break;
            }
        };
        let token_ok = conn.bot.as_ref().is_none_or(|b| {
            hub.bots
                .take(&b.token_id, limits.bot_token_rate, limits.bot_token_burst)
        });
        if !bucket.take() || !token_ok {
            let r = if token_ok {
                over_rate(
                    &hub,
                    ip,
                    "more messages than the socket's rate",
                    "a second: this one was not handled",
                )
            } else {
                hub.stats
                    .refuse(Refused::Messages, ip, "more than the token's rate");
                Refusal::new(
                    Code::RateLimited,
                    format!(
                        "at most {} requests a second per API token: this one was not handled",
                        limits.bot_token_rate
                    ),
                )
            };
            let id = readable_id(id_prefix(&text));
            if out_tx.send(error(&id, &r).into()).await.is_err() {
                break;
            }
            continue;
        }
        let reply = handle(&hub, conn_id, &mut conn, &outbox, &text).await;
        if out_tx.send(reply.into()).await.is_err() {
            break;
        }
        // Subscribed after the `ok`, so that the bot's tables and
        // challenges come after it.
        if conn.events_wanted && !conn.events {
            if let Some(b) = &conn.bot {
                conn.events = true;
                crate::bots::events::subscribe(&hub, &b.profile.id, conn_id, &outbox).await;
            }
        }
    }
    if let (true, Some(b)) = (conn.events, &conn.bot) {
        hub.bots.offline(&b.profile.id, conn_id);
    }
    if let Some(h) = conn.at.take() {
        let _ = h.tx.send(Cmd::Detach { conn: conn_id }).await;
    }
    drop(out_tx);
    drop(outbox);
    let _ = writer.await;
    drop(pass);
}

/// The close code of a socket whose token was revoked.
pub const REVOKED: u16 = 4001;

/// Resolves when the token this socket was opened with is revoked (never
/// for a socket opened without one).
async fn token_revoked(revoked: &mut Option<watch::Receiver<bool>>) {
    match revoked {
        Some(rx) => {
            // The sender goes away only when the token is revoked.
            while !*rx.borrow_and_update() {
                if rx.changed().await.is_err() {
                    return;
                }
            }
        }
        None => std::future::pending().await,
    }
}

async fn handle(hub: &Hub, conn_id: ConnId, conn: &mut Conn, out: &Outbox, text: &str) -> String {
    if text.len() > hub.config.max_message {
        let r = Refusal::new(
            Code::TooLarge,
            format!("messages are at most {} bytes", hub.config.max_message),
        );
        // Only the start is read: parsing all of it is what the limit
        // spares the server.
        return error(&readable_id(id_prefix(text)), &r);
    }
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let r = Refusal::new(Code::BadJson, e.to_string());
            return error(&readable_id(text), &r);
        }
    };
    let id = value
        .as_object()
        .and_then(|o| o.get("id"))
        .cloned()
        .unwrap_or(Value::Null);
    let mut body = value;
    if let Some(o) = body.as_object_mut() {
        o.remove("id");
    }
    let req: Request = match serde_json::from_value(body) {
        Ok(r) => r,
        Err(e) => return error(&id, &Refusal::new(Code::BadRequest, e.to_string())),
    };
    match dispatch(hub, conn_id, conn, out, req).await {
        Ok(reply) => Answer { reply, id }.to_text(),
        Err(r) => error(&id, &r),
    }
}

fn gone() -> Refusal {
    Refusal::new(Code::NoTable, "that table is not being played here")
}

async fn attach(
    conn_id: ConnId,
    conn: &mut Conn,
    out: &Outbox,
    h: Handle,
    how: Seating,
) -> Result<Reply, Refusal> {
    // At the same table the table itself moves the socket, and only when
    // it accepts: a refused join or resume leaves it seated.
    let same = conn
        .at
        .as_ref()
        .is_some_and(|old| old.tx.same_channel(&h.tx));
    if !same {
        if let Some(old) = conn.at.take() {
            let _ = old.tx.send(Cmd::Detach { conn: conn_id }).await;
        }
    }
    let (reply, rx) = oneshot::channel();
    h.tx.send(Cmd::Attach {
        conn: conn_id,
        how: Box::new(how),
        out: out.clone(),
        reply,
    })
    .await
    .map_err(|_| gone())?;
    let Seated { table, seat, token } = rx.await.map_err(|_| gone())??;
    conn.at = Some(h);
    Ok(Reply::Joined { seat, table, token })
}

/// One request of a socket: the lobby's answered here, the seating ones
/// by [`create`] and [`seat`], the rest by the table the socket is at
/// ([`at_table`]).
async fn dispatch(
    hub: &Hub,
    conn_id: ConnId,
    conn: &mut Conn,
    out: &Outbox,
    req: Request,
) -> Result<Reply, Refusal> {
    match req {
        Request::Ping {} => Ok(Reply::Pong),
        Request::Events {} => want_events(conn),
        Request::Presets {} => Ok(Reply::Presets {
            presets: crate::page::site_games(),
        }),
        Request::List {} => Ok(Reply::Tables {
            tables: hub.list_all().await,
        }),
        Request::Create {
            rules,
            seats,
            humans,
            bot,
            private,
            name,
            hints,
            clock,
        } => {
            // Checked before the table exists, so a bad name makes nothing
            // (a profile's name was checked when it was made).
            if conn.profile.is_none() {
                domino_league::name::display_name_within(&name, hub.config.limits.name_chars)?;
            }
            let (plan, mine) = seat_plan(seats.as_deref(), humans)?;
            let new = NewTable {
                rules,
                bot,
                private,
                humans: if plan.is_empty() {
                    humans
                } else {
                    plan.iter().filter(|k| **k != SeatKind::Bot).count() as u8
                },
                plan,
                taken: Vec::new(),
                hints,
                secret: None,
                id: None,
                clock,
            };
            create(hub, conn_id, conn, out, new, name, mine).await
        }
        Request::Join {
            table,
            name,
            seat,
            invite,
        } => {
            let profile = conn.profile.clone();
            let how = Seating::Join {
                name,
                seat,
                invite,
                profile,
            };
            self::seat(hub, conn_id, conn, out, &table, how).await
        }
        Request::Resume { table, token } => {
            let how = Seating::Resume {
                token,
                profile: conn.owner(),
            };
            self::seat(hub, conn_id, conn, out, &table, how).await
        }
        Request::Spectate { table } => {
            // Asked of the store before the table is found, so every node
            // refuses alike, whichever plays it.
            crate::finished::FinishedMatches::new(hub.store.clone())
                .may_show(&table)
                .await?;
            self::seat(hub, conn_id, conn, out, &table, Seating::Spectate).await
        }
        req => at_table(hub, conn_id, conn, req).await,
    }
}

/// A bot account's socket asks for its events.
fn want_events(conn: &mut Conn) -> Result<Reply, Refusal> {
    if conn.bot.is_none() {
        return Err(Refusal::new(
            Code::NotABot,
            "events are for bot accounts: open the socket with an API token",
        ));
    }
    conn.events_wanted = true;
    Ok(Reply::Ok { seq: None })
}

/// A new table's seats from the creator's plan (none: `humans` people,
/// the creator in seat 0 when there is one), and the creator's seat.
fn seat_plan(
    seats: Option<&[PlanSeat]>,
    humans: u8,
) -> Result<(Vec<SeatKind>, Option<u8>), Refusal> {
    let Some(seats) = seats else {
        return Ok((Vec::new(), (humans > 0).then_some(0)));
    };
    let mine: Vec<usize> = (0..seats.len())
        .filter(|&s| seats[s] == PlanSeat::Me)
        .collect();
    if mine.len() > 1 {
        return Err(Refusal::new(Code::BadSeats, "the creator takes one seat"));
    }
    let plan = seats
        .iter()
        .map(|k| match k {
            PlanSeat::Me | PlanSeat::Human => SeatKind::Human,
            PlanSeat::Invite => SeatKind::Invite,
            PlanSeat::Bot => SeatKind::Bot,
        })
        .collect();
    Ok((plan, mine.first().map(|&s| s as u8)))
}

/// Make `new` within this client's limits and seat its creator at `mine`
/// (named `name`), or let it watch when it took no seat.
async fn create(
    hub: &Hub,
    conn_id: ConnId,
    conn: &mut Conn,
    out: &Outbox,
    new: NewTable,
    name: String,
    mine: Option<u8>,
) -> Result<Reply, Refusal> {
    new.check()?;
    conn.made.retain(|id| hub.open(id));
    let cap = hub.config.limits.tables_per_client;
    if conn.made.len() >= cap {
        hub.stats
            .refuse(Refused::Tables, conn.ip, "open tables per client");
        return Err(Refusal::new(
            Code::TooManyTables,
            format!("one client may have {cap} unfinished tables: finish or leave one first"),
        ));
    }
    let (id, h) = hub.create_from(conn.ip, new).await?;
    conn.made.push(id);
    // With no seat of the creator's the bots play each other and the
    // creator watches (demos, the load benchmark).
    let how = match mine {
        None => Seating::Spectate,
        Some(seat) => Seating::Join {
            name,
            seat: Some(seat),
            invite: None,
            profile: conn.profile.clone(),
        },
    };
    attach(conn_id, conn, out, h, how).await
}

/// Sit at (or watch) table `table`, here or on another node.
async fn seat(
    hub: &Hub,
    conn_id: ConnId,
    conn: &mut Conn,
    out: &Outbox,
    table: &str,
    how: Seating,
) -> Result<Reply, Refusal> {
    let h = hub.locate(table).await?;
    match attach(conn_id, conn, out, h, how.clone()).await {
        // It fell asleep between being found and asked (its channel
        // closed): found again, so woken.
        Err(r) if r.code == Code::NoTable && hub.holds(table) => {
            let h = hub.locate(table).await?;
            attach(conn_id, conn, out, h, how).await
        }
        done => done,
    }
}

/// A request to the table the socket is at.
async fn at_table(
    hub: &Hub,
    conn_id: ConnId,
    conn: &mut Conn,
    req: Request,
) -> Result<Reply, Refusal> {
    let done = |r: Result<(), Refusal>| r.map(|()| Reply::Ok { seq: None });
    match req {
        Request::Act { action, seq } => {
            let seq = ask(conn, |reply| Cmd::Act {
                conn: conn_id,
                action,
                seq,
                reply,
            })
            .await?;
            Ok(Reply::Ok { seq: Some(seq) })
        }
        Request::Ready {} => done(
            ask(conn, |reply| Cmd::Ready {
                conn: conn_id,
                reply,
            })
            .await,
        ),
        Request::Hint {} => {
            let (action, reason) = ask(conn, |reply| Cmd::Hint {
                conn: conn_id,
                reply,
            })
            .await?;
            Ok(Reply::Hint { action, reason })
        }
        Request::Leave {} => done(leave(conn_id, conn).await),
        Request::Fill {} => done(
            ask(conn, |reply| Cmd::Fill {
                conn: conn_id,
                reply,
            })
            .await,
        ),
        Request::Settings { auto_pass } => done(
            ask(conn, |reply| Cmd::Settings {
                conn: conn_id,
                auto_pass,
                reply,
            })
            .await,
        ),
        Request::Chat { text, phrase } => done(
            ask(conn, |reply| Cmd::Chat {
                conn: conn_id,
                text,
                phrase,
                reply,
            })
            .await,
        ),
        Request::Rematch {} => rematch(hub, conn_id, conn).await,
        // The lobby's and the seating requests, which `dispatch` answers.
        _ => Err(Refusal::new(Code::BadRequest, "not a table's request")),
    }
}

/// Leave the table the socket is at (none: nothing to do).
async fn leave(conn_id: ConnId, conn: &mut Conn) -> Result<(), Refusal> {
    let Some(h) = conn.at.take() else {
        return Ok(());
    };
    let (reply, rx) = oneshot::channel();
    h.tx.send(Cmd::Leave {
        conn: conn_id,
        reply,
    })
    .await
    .map_err(|_| gone())?;
    rx.await.map_err(|_| gone())?
}

/// Ask for a rematch of the table the socket is at, made here when this
/// answer is the one that completes it.
async fn rematch(hub: &Hub, conn_id: ConnId, conn: &Conn) -> Result<Reply, Refusal> {
    let answer = ask(conn, |reply| Cmd::Rematch {
        conn: conn_id,
        reply,
    })
    .await?;
    let h = conn
        .at
        .as_ref()
        .ok_or(Refusal::new(Code::NotSeated, "join a table first"))?;
    let table = hub.follow_rematch(h, answer).await?;
    Ok(Reply::Rematch { table })
}

/// Send the table this connection is at a command, and wait for its
/// answer or refusal.
async fn ask<T>(
    conn: &Conn,
    cmd: impl FnOnce(oneshot::Sender<Result<T, Refusal>>) -> Cmd,
) -> Result<T, Refusal> {
    let h = conn
        .at
        .as_ref()
        .ok_or(Refusal::new(Code::NotSeated, "join a table first"))?;
    let (reply, rx) = oneshot::channel();
    h.tx.send(cmd(reply)).await.map_err(|_| gone())?;
    rx.await.map_err(|_| gone())?
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_id_is_read_as_far_as_the_text_parses() {
        for (text, id) in [
            (r#"{"id": 7, "type": "list"}"#, json!(7)),
            (r#"{"id": 7, "type": "#, json!(7)),
            (r#"{"type": "list", "id": "a", "#, json!("a")),
            (
                r#"{"type": ["deep", {"id": 1}], "id": [2, {"x": 3}]} trailing"#,
                json!([2, {"x": 3}]),
            ),
            (r#"{not json"#, Value::Null),
            (r#"{"type": "list", "id": "cut"#, Value::Null),
            (r#"[{"id": 1}]"#, Value::Null),
            (r#""id""#, Value::Null),
            ("", Value::Null),
        ] {
            assert_eq!(readable_id(text), id, "{text}");
        }
    }

    #[test]
    fn only_a_prefix_of_a_large_request_is_read() {
        let pad = "x".repeat(2 * ID_PREFIX);
        let early = format!(r#"{{"id": 3, "pad": "{pad}"}}"#);
        let late = format!(r#"{{"pad": "{pad}", "id": 3}}"#);
        assert_eq!(readable_id(id_prefix(&early)), json!(3));
        assert_eq!(readable_id(id_prefix(&late)), Value::Null);
        assert_eq!(readable_id(&late), json!(3));
        let wide = "\u{e9}".repeat(ID_PREFIX);
        let cut = id_prefix(&wide);
        assert!(cut.len() <= ID_PREFIX && wide.starts_with(cut));
    }
}
