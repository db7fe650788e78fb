//! The owner's side: sockets of other nodes attached to this node's
//! tables. Each remote socket gets a task here that attaches it to the
//! table under a local connection id, with an outbox like a local socket's
//! whose messages go back to the socket's node; a request's answer leaves
//! after the messages the table queued before answering (a move's state
//! before its `ok`, as on a local socket).

use std::collections::HashSet;
use std::sync::Arc;

use tokio::sync::{mpsc, oneshot, Notify};

use super::{Local, Relay, Tables};
use crate::table::{Cmd, Code, ConnId, Handle, Outbox, Refusal};
use domino_protocol::relay::{Answer, Item, Reply, Request};

/// A relayed request, with the number its answer goes back under (none
/// when no answer is wanted).
pub(super) type Asking = (Option<u64>, Request);

/// A remote socket's task here: the table it is at, and its requests.
pub(super) type Serving = (String, mpsc::UnboundedSender<Asking>);

fn gone() -> Refusal {
    Refusal::new(Code::NoTable, "that table is not being played here")
}

/// Socket `conn`'s request for this node's table `table`, from the node
/// `from`.
pub(super) fn receive(
    local: &Tables,
    relay: &Arc<Relay>,
    from: &str,
    table: &str,
    conn: u64,
    asking: Asking,
) {
    let key = (from.to_string(), conn);
    let refuse = |r: Refusal| {
        if let Some(q) = asking.0 {
            relay.send(
                from,
                Item::Rep {
                    q,
                    r: Answer::Err(r),
                },
            );
        }
    };
    let Ok(mut served) = relay.served.lock() else {
        return;
    };
    match (&asking.1, served.get(&key)) {
        // Seated again at the same table: its own task asks the table,
        // which keeps the socket where it was if it refuses.
        (Request::Attach { .. }, Some((at, tx))) if at == table && !tx.is_closed() => {
            let _ = tx.send(asking);
        }
        (Request::Attach { .. }, _) => {
            if let Some((_, old)) = served.remove(&key) {
                let _ = old.send((None, Request::Detach));
            }
            let (tx, rx) = mpsc::unbounded_channel();
            let _ = tx.send(asking);
            served.insert(key, (table.to_string(), tx));
            tokio::spawn(serve(
                local.clone(),
                relay.clone(),
                from.to_string(),
                conn,
                table.to_string(),
                rx,
            ));
        }
        (_, Some((_, tx))) => {
            let _ = tx.send(asking);
        }
        (Request::Detach, None) => {}
        (_, None) => refuse(Refusal::new(Code::NotSeated, "join a table first")),
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
    for ((from, _), (_, tx)) in served.iter() {
        if down.contains(from) && suspects.contains(from) {
            let _ = tx.send((None, Request::Detach));
        }
    }
    *suspects = down;
}

/// One remote socket at table `table` (woken if it sleeps) until it
/// detaches.
async fn serve(
    tables: Tables,
    relay: Arc<Relay>,
    from: String,
    remote: u64,
    table: String,
    mut rx: mpsc::UnboundedReceiver<Asking>,
) {
    let Some(mut h) = tables.table(&table).await else {
        // Not here: every request so far (the attach first) is refused.
        rx.close();
        while let Ok((q, _)) = rx.try_recv() {
            if let Some(q) = q {
                relay.send(
                    &from,
                    Item::Rep {
                        q,
                        r: Answer::Err(gone()),
                    },
                );
            }
        }
        if let Ok(mut s) = relay.served.lock() {
            s.retain(|_, (_, tx)| !tx.is_closed());
        }
        return;
    };
    let local = crate::table::next_conn_id();
    let (otx, mut orx) = mpsc::channel::<Arc<str>>(512);
    let kick = Arc::new(Notify::new());
    let out = Outbox {
        tx: otx,
        kick: kick.clone(),
    };
    let forward = |m: Arc<str>| {
        relay.send(
            &from,
            Item::Msg {
                c: remote,
                m: m.to_string(),
            },
        );
    };
    loop {
        tokio::select! {
            Some(m) = orx.recv() => forward(m),
            _ = kick.notified() => relay.send(&from, Item::Kick { c: remote }),
            asking = rx.recv() => {
                let Some((q, cmd)) = asking else { break };
                if cmd == Request::Detach {
                    break;
                }
                let attach = matches!(cmd, Request::Attach { .. });
                let mut r = forwarding(run(tables.as_ref(), &h, local, &out, cmd.clone()), &mut orx, &forward).await;
                // It fell asleep between being found and asked (its channel
                // closed): found again, so woken, as a local join retries.
                if attach && h.tx.is_closed() && matches!(&r, Err(e) if e.code == Code::NoTable) {
                    if let Some(woken) = tables.table(&table).await {
                        h = woken;
                        r = forwarding(run(tables.as_ref(), &h, local, &out, cmd), &mut orx, &forward).await;
                    }
                }
                while let Ok(m) = orx.try_recv() {
                    forward(m);
                }
                if let Some(q) = q {
                    relay.send(&from, Item::Rep { q, r: r.into() });
                }
            }
        }
    }
    let _ = h.tx.send(Cmd::Detach { conn: local }).await;
    drop(rx);
    if let Ok(mut s) = relay.served.lock() {
        s.retain(|_, (_, tx)| !tx.is_closed());
    }
}

/// `run` to its end, forwarding what the table sends meanwhile.
async fn forwarding<T>(
    run: impl std::future::Future<Output = T>,
    orx: &mut mpsc::Receiver<Arc<str>>,
    forward: &impl Fn(Arc<str>),
) -> T {
    tokio::pin!(run);
    loop {
        tokio::select! {
            r = &mut run => break r,
            Some(m) = orx.recv() => forward(m),
        }
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

/// One relayed request, as `ws` would make it for a local socket.
async fn run(
    tables: &dyn Local,
    h: &Handle,
    conn: ConnId,
    out: &Outbox,
    cmd: Request,
) -> Result<Reply, Refusal> {
    let done = |r: Result<(), Refusal>| r.map(|()| Reply::Done);
    match cmd {
        Request::Attach { how } => {
            let out = out.clone();
            let s = call(h, |reply| Cmd::Attach {
                conn,
                how: Box::new(how),
                out,
                reply,
            })
            .await?;
            Ok(Reply::Seated(s))
        }
        Request::Act { action, seq } => {
            let s = call(h, |reply| Cmd::Act {
                conn,
                action,
                seq,
                reply,
            })
            .await?;
            Ok(Reply::Seq(s))
        }
        Request::Ready => done(call(h, |reply| Cmd::Ready { conn, reply }).await),
        Request::Fill => done(call(h, |reply| Cmd::Fill { conn, reply }).await),
        Request::Leave => done(call(h, |reply| Cmd::Leave { conn, reply }).await),
        Request::Resign => done(call(h, |reply| Cmd::Resign { conn, reply }).await),
        Request::Abort => done(call(h, |reply| Cmd::Abort { conn, reply }).await),
        Request::Settings { auto_pass } => done(
            call(h, |reply| Cmd::Settings {
                conn,
                auto_pass,
                reply,
            })
            .await,
        ),
        Request::Chat { text, phrase } => done(
            call(h, |reply| Cmd::Chat {
                conn,
                text,
                phrase,
                reply,
            })
            .await,
        ),
        Request::Hint => {
            let (action, why) = call(h, |reply| Cmd::Hint { conn, reply }).await?;
            Ok(Reply::Hint(action, why))
        }
        Request::Rematch => {
            let answer = call(h, |reply| Cmd::Rematch { conn, reply }).await?;
            // Made here, beside the table it follows.
            Ok(Reply::Rematch(tables.follow_rematch(h, answer).await?))
        }
        // Handled by `serve` (it ends the socket's task).
        Request::Detach => Ok(Reply::Done),
    }
}
