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

//!
//! `requests.rs` handles each request; `ids.rs` finds the `id` of one that
//! is not handled as a whole.

mod ids;
mod requests;

use std::net::IpAddr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::Instant;

use crate::app::App;
use crate::bots::BotAuth;
use crate::limits::{Bucket, Pass, Refused};
use crate::table::{next_conn_id, Cmd, Code, ConnId, Handle, Outbox, Refusal};
use domino_protocol::socket::{Answer, Reply};

use ids::{id_prefix, readable_id};
use requests::handle;

/// A socket over its message rate: counted (`why`, for the log) and told
/// so (`at most N messages` then `then`).
fn over_rate(app: &App, ip: IpAddr, why: &str, then: &str) -> Refusal {
    app.stats.refuse(Refused::Messages, ip, why);
    Refusal::new(
        Code::RateLimited,
        format!(
            "at most {} messages {then}",
            app.config.limits.messages_per_second
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
    app: App,
    ip: IpAddr,
    pass: Pass,
    profile: Option<(String, String)>,
    bot: Option<BotAuth>,
    mut stop: watch::Receiver<bool>,
) {
    let conn_id: ConnId = next_conn_id();
    let limits = app.config.limits.clone();
    let (sink, mut stream) = socket.split();
    let (out_tx, out_rx) = mpsc::channel::<Arc<str>>(512);
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
    // Told when the reader is done: a table or the bot's events may still
    // hold a clone of the outbox for a while, and the socket's place under
    // the limits must not wait for them.
    let (reader_done, done) = oneshot::channel::<()>();
    let writer = tokio::spawn(write(Writer {
        sink,
        out: out_rx,
        done,
        ping_every,
        pinged,
        close_with,
    }));
    let mut revoked = bot
        .as_ref()
        .map(|b| app.bot_registry.watch_token(&b.token_id));
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
                    app.stats.refuse(Refused::DeadSocket, ip, "no answer to pings");
                    break;
                }
                if conn.at.is_none() && conn.made.is_empty() && !conn.events && opened.elapsed() > limits.join_timeout {
                    app.stats.refuse(Refused::NoJoin, ip, "never sat at or watched a table");
                    break;
                }
                continue;
            }
        };
        heard = Instant::now();
        let text = match frame(msg, &unanswered, &mut bucket, &app, ip) {
            Frame::Text(t) => t,
            Frame::Skip => continue,
            Frame::Closed => break,
            Frame::TooBig => {
                // Not read, so not answered as a request: said why, in an
                // error and in the close frame.
                let r = Refusal::new(
                    Code::TooLarge,
                    format!(
                        "a message over {} bytes is not read, and closes the socket: messages are at most {} bytes",
                        app.config.max_frame, app.config.max_message
                    ),
                );
                if let Ok(mut f) = closing.lock() {
                    *f = Some(CloseFrame {
                        code: TOO_BIG,
                        reason: format!("message over {} bytes", app.config.max_frame).into(),
                    });
                }
                let _ = out_tx.send(error(&Value::Null, &r).into()).await;
                break;
            }
            Frame::Refused(r, close) => {
                let _ = out_tx.send(error(&Value::Null, &r).into()).await;
                if close {
                    break;
                }
                continue;
            }
        };
        if let Some(r) = over_limits(&app, ip, &conn, &mut bucket) {
            let id = readable_id(id_prefix(&text));
            if out_tx.send(error(&id, &r).into()).await.is_err() {
                break;
            }
            continue;
        }
        let reply = handle(&app, conn_id, &mut conn, &outbox, &text).await;
        // Online before the `ok` (a challenge right after it finds the bot
        // online); its tables and challenges are sent after the `ok`.
        let subscribing = conn.events_wanted && !conn.events;
        let bot = conn
            .bot
            .as_ref()
            .filter(|_| subscribing)
            .map(|b| b.profile.id.clone());
        if let Some(profile) = &bot {
            conn.events = true;
            app.bots.go_online(profile, conn_id, &outbox);
        }
        if out_tx.send(reply.into()).await.is_err() {
            break;
        }
        if let Some(profile) = &bot {
            app.bots.send_first(profile, &outbox).await;
        }
    }
    drop(out_tx);
    drop(outbox);
    hang_up(&app, conn_id, conn, writer, reader_done).await;
    drop(pass);
}

/// What the reader makes of one frame.
enum Frame {
    /// A request to answer.
    Text(String),
    /// Nothing to do (an expected pong).
    Skip,
    /// Refused; the socket closes after when `true`.
    Refused(Refusal, bool),
    /// The client closed the socket, or it failed.
    Closed,
    /// A message over `Config::max_frame`: the socket closes with a reason.
    TooBig,
}

/// One frame read: text is a request; binary is refused; a ping (already
/// answered by the WebSocket layer) or a pong nobody asked for costs as
/// much as a small request, so it is counted against the socket's rate.
fn frame(
    msg: Option<Result<Message, axum::Error>>,
    unanswered: &AtomicU32,
    bucket: &mut Bucket,
    app: &App,
    ip: IpAddr,
) -> Frame {
    match msg {
        // The WebSocket layer's words for a message over its size limit
        // (its error type is not axum's to name).
        Some(Err(e)) if e.to_string().contains("Space limit exceeded") => Frame::TooBig,
        None | Some(Err(_)) | Some(Ok(Message::Close(_))) => Frame::Closed,
        Some(Ok(Message::Text(t))) => Frame::Text(t.as_str().to_owned()),
        Some(Ok(Message::Binary(_))) => Frame::Refused(
            Refusal::new(Code::BadJson, "send JSON text messages"),
            false,
        ),
        Some(Ok(Message::Pong(_)))
            if unanswered
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
                .is_ok() =>
        {
            Frame::Skip
        }
        Some(Ok(_)) if bucket.take() => Frame::Skip,
        Some(Ok(_)) => Frame::Refused(
            over_rate(
                app,
                ip,
                "pings beyond the socket's rate",
                "or pings a second: closing",
            ),
            true,
        ),
    }
}

/// The socket's reader is done: its bot is offline, its table told, and
/// its writer given [`CLOSE_WAIT`] to send what is queued and the close.
async fn hang_up(
    app: &App,
    conn_id: ConnId,
    mut conn: Conn,
    writer: tokio::task::JoinHandle<()>,
    reader_done: oneshot::Sender<()>,
) {
    if let (true, Some(b)) = (conn.events, &conn.bot) {
        app.bot_registry.offline(&b.profile.id, conn_id);
    }
    if let Some(h) = conn.at.take() {
        let _ = h.tx.send(Cmd::Detach { conn: conn_id }).await;
    }
    let _ = reader_done.send(());
    // A client that stops reading cannot hold the place for long.
    let abort = writer.abort_handle();
    if tokio::time::timeout(CLOSE_WAIT, writer).await.is_err() {
        abort.abort();
        tracing::debug!(ip = %conn.ip, "a socket's writer outlived its close wait");
    }
}

/// What a socket's writer task is given.
struct Writer {
    sink: SplitSink<WebSocket, Message>,
    out: mpsc::Receiver<Arc<str>>,
    /// Told when the reader is done.
    done: oneshot::Receiver<()>,
    ping_every: Duration,
    /// Pings sent and not yet answered.
    pinged: Arc<AtomicU32>,
    /// The close frame to end with, when not the plain one.
    close_with: Arc<std::sync::Mutex<Option<CloseFrame>>>,
}

/// A socket's writer: what its outbox queues and a ping every
/// `ping_every`, until the outbox ends, a send fails or the reader is
/// done (what is queued then still goes); then the close.
async fn write(w: Writer) {
    let Writer {
        mut sink,
        mut out,
        mut done,
        ping_every,
        pinged,
        close_with,
    } = w;
    let mut ping = tokio::time::interval_at(Instant::now() + ping_every, ping_every);
    loop {
        let (msg, is_ping) = tokio::select! {
            m = out.recv() => match m {
                Some(m) => (Message::Text(m.as_ref().into()), false),
                None => break,
            },
            _ = &mut done => {
                // What is queued still goes (the last answer, an error
                // before a close), then the close.
                while let Ok(m) = out.try_recv() {
                    if sink.send(Message::Text(m.as_ref().into())).await.is_err() {
                        break;
                    }
                }
                break;
            }
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
}

/// The refusal of a message beyond the socket's rate or its bot token's,
/// if it is one (both buckets are drawn from either way).
fn over_limits(app: &App, ip: IpAddr, conn: &Conn, bucket: &mut Bucket) -> Option<Refusal> {
    let limits = &app.config.limits;
    let token_ok = conn.bot.as_ref().is_none_or(|b| {
        app.bot_registry
            .take(&b.token_id, limits.bot_token_rate, limits.bot_token_burst)
    });
    if bucket.take() && token_ok {
        return None;
    }
    if token_ok {
        return Some(over_rate(
            app,
            ip,
            "more messages than the socket's rate",
            "a second: this one was not handled",
        ));
    }
    app.stats
        .refuse(Refused::Messages, ip, "more than the token's rate");
    Some(Refusal::new(
        Code::RateLimited,
        format!(
            "at most {} requests a second per API token: this one was not handled",
            limits.bot_token_rate
        ),
    ))
}

/// How long a closing socket's last messages and close frame may take to
/// leave before its place under the socket limits is given back anyway.
const CLOSE_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// The close code of a socket whose token was revoked.
pub const REVOKED: u16 = 4001;

/// The close code of a socket that sent a message too big to read (the
/// standard "message too big").
pub const TOO_BIG: u16 = 1009;

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
