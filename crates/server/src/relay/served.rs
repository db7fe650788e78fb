//! The owner's side: sockets of other nodes attached to this node's
//! tables. Each remote socket gets a task here that attaches it to the
//! table under a local connection id, with an outbox like a local socket's
//! whose messages go back to the socket's node; a request's answer leaves
//! after the messages the table queued before answering (a move's state
//! before its `ok`, as on a local socket).

use std::collections::HashSet;
use std::sync::Arc;

use serde_json::{json, Value};
use tokio::sync::{mpsc, oneshot, Notify};

use super::{wire, Relay};
use crate::hub::Hub;
use crate::table::{Cmd, Code, ConnId, Handle, Outbox, Refusal};

fn gone() -> Refusal {
    Refusal::new(Code::NoTable, "that table is not being played here")
}

/// A request for one of this node's tables, from the node `from`.
pub(super) fn receive(hub: &Hub, relay: &Arc<Relay>, from: &str, item: Value) {
    let conn = item.get("c").and_then(Value::as_u64).unwrap_or(0);
    let key = (from.to_string(), conn);
    let kind = item
        .pointer("/cmd/type")
        .and_then(Value::as_str)
        .unwrap_or("");
    let q = item.get("q").and_then(Value::as_u64);
    let refuse = |r: Refusal| {
        if let Some(q) = q {
            relay.send(from, json!({"k": "rep", "q": q, "r": wire::answer(Err(r))}));
        }
    };
    let Ok(mut served) = relay.served.lock() else {
        return;
    };
    if kind == "attach" {
        let table = item.get("t").and_then(Value::as_str).unwrap_or("");
        let Some(h) = hub.get(table) else {
            refuse(gone());
            return;
        };
        if let Some(old) = served.remove(&key) {
            let _ = old.send(json!({"cmd": {"type": "detach"}}));
        }
        let (tx, rx) = mpsc::unbounded_channel();
        let _ = tx.send(item);
        served.insert(key, tx);
        tokio::spawn(serve(
            hub.clone(),
            relay.clone(),
            from.to_string(),
            conn,
            h,
            rx,
        ));
        return;
    }
    match served.get(&key) {
        Some(tx) => {
            let _ = tx.send(item);
        }
        None if kind == "detach" => {}
        None => refuse(Refusal::new(Code::NotSeated, "join a table first")),
    }
}

/// Let go of the sockets of nodes that were not listening at the last two
/// looks (their node died): their seats are then absent, as a closed local
/// socket's would be.
pub(super) fn drop_dead(relay: &Relay, live: &HashSet<String>) {
    let Ok(served) = relay.served.lock() else {
        return;
    };
    let down: HashSet<String> = served
        .keys()
        .filter(|(from, _)| !live.contains(from))
        .map(|(from, _)| from.clone())
        .collect();
    let Ok(mut suspects) = relay.suspects.lock() else {
        return;
    };
    for ((from, _), tx) in served.iter() {
        if down.contains(from) && suspects.contains(from) {
            let _ = tx.send(json!({"cmd": {"type": "detach"}}));
        }
    }
    *suspects = down;
}

/// One remote socket at table `h` until it detaches.
async fn serve(
    hub: Hub,
    relay: Arc<Relay>,
    from: String,
    remote: u64,
    h: Handle,
    mut rx: mpsc::UnboundedReceiver<Value>,
) {
    let local = crate::table::next_conn_id();
    let (otx, mut orx) = mpsc::channel::<Arc<str>>(512);
    let kick = Arc::new(Notify::new());
    let out = Outbox {
        tx: otx,
        kick: kick.clone(),
    };
    let forward = |m: Arc<str>| {
        relay.send(&from, json!({"k": "msg", "c": remote, "m": &*m}));
    };
    loop {
        tokio::select! {
            Some(m) = orx.recv() => forward(m),
            _ = kick.notified() => relay.send(&from, json!({"k": "kick", "c": remote})),
            item = rx.recv() => {
                let Some(item) = item else { break };
                let cmd = item.get("cmd").cloned().unwrap_or(Value::Null);
                if cmd.get("type").and_then(Value::as_str) == Some("detach") {
                    break;
                }
                let run = run(&hub, &h, local, &out, &cmd);
                tokio::pin!(run);
                let r = loop {
                    tokio::select! {
                        r = &mut run => break r,
                        Some(m) = orx.recv() => forward(m),
                    }
                };
                while let Ok(m) = orx.try_recv() {
                    forward(m);
                }
                if let Some(q) = item.get("q").and_then(Value::as_u64) {
                    relay.send(&from, json!({"k": "rep", "q": q, "r": wire::answer(r)}));
                }
            }
        }
    }
    let _ = h.tx.send(Cmd::Detach { conn: local }).await;
    drop(rx);
    if let Ok(mut s) = relay.served.lock() {
        s.retain(|_, tx| !tx.is_closed());
    }
}

/// Send the table a command and wait for its answer.
async fn call<T>(
    h: &Handle,
    make: impl FnOnce(oneshot::Sender<Result<T, Refusal>>) -> Cmd,
) -> Result<T, Refusal> {
    let (reply, rx) = oneshot::channel();
    h.tx.send(make(reply)).await.map_err(|_| gone())?;
    rx.await.map_err(|_| gone())?
}

fn bad(what: &str) -> Refusal {
    Refusal::new(
        Code::BadRequest,
        format!("a relayed request without {what}"),
    )
}

/// One relayed request, as `ws` would make it for a local socket.
async fn run(
    hub: &Hub,
    h: &Handle,
    conn: ConnId,
    out: &Outbox,
    cmd: &Value,
) -> Result<Value, Refusal> {
    let kind = cmd.get("type").and_then(Value::as_str).unwrap_or("");
    let null = |r: Result<(), Refusal>| r.map(|()| Value::Null);
    match kind {
        "attach" => {
            let how = cmd
                .get("how")
                .and_then(wire::parse_seating)
                .ok_or_else(|| bad("a seating"))?;
            let out = out.clone();
            let s = call(h, |reply| Cmd::Attach {
                conn,
                how,
                out,
                reply,
            })
            .await?;
            Ok(wire::seated(&s))
        }
        "act" => {
            let action = cmd
                .get("action")
                .and_then(wire::parse_action)
                .ok_or_else(|| bad("an action"))?;
            let seq = cmd.get("seq").and_then(Value::as_i64);
            let s = call(h, |reply| Cmd::Act {
                conn,
                action,
                seq,
                reply,
            })
            .await?;
            Ok(json!(s))
        }
        "ready" => null(call(h, |reply| Cmd::Ready { conn, reply }).await),
        "fill" => null(call(h, |reply| Cmd::Fill { conn, reply }).await),
        "leave" => null(call(h, |reply| Cmd::Leave { conn, reply }).await),
        "settings" => {
            let auto_pass = cmd
                .get("auto_pass")
                .and_then(Value::as_bool)
                .ok_or_else(|| bad("auto_pass"))?;
            null(
                call(h, |reply| Cmd::Settings {
                    conn,
                    auto_pass,
                    reply,
                })
                .await,
            )
        }
        "chat" => {
            let text = cmd.get("text").and_then(Value::as_str).map(String::from);
            let phrase = cmd.get("phrase").and_then(Value::as_str).map(String::from);
            null(
                call(h, |reply| Cmd::Chat {
                    conn,
                    text,
                    phrase,
                    reply,
                })
                .await,
            )
        }
        "hint" => {
            let a = call(h, |reply| Cmd::Hint { conn, reply }).await?;
            serde_json::to_value(a).map_err(|e| Refusal::new(Code::Internal, e.to_string()))
        }
        "rematch" => {
            let answer = call(h, |reply| Cmd::Rematch { conn, reply }).await?;
            // Made here, beside the table it follows.
            Ok(json!(hub.follow_rematch(h, answer).await?))
        }
        _ => Err(Refusal::new(
            Code::BadRequest,
            format!("a relayed request of unknown type `{kind}`"),
        )),
    }
}
