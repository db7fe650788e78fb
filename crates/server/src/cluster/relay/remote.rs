//! The side of a node that does not own a table: a proxy that looks to
//! the sockets here like the table itself (a [`Handle`]), sends their
//! requests to the owner and hands its answers back. It keeps how each
//! socket sits (its seat token, or watching), so that when the table
//! changes owner it attaches them again at the new one without the
//! browser doing anything (the first `state` they get there carries the
//! hand's `log`, as after any resume). When the new owner is this node,
//! the proxy passes the requests straight to the local table.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};

use super::{wire, Asked, Relay, Tables};
use crate::table::{plan_of, Cmd, Code, ConnId, Handle, Info, Outbox, Refusal, Seated, Seating};
use domino_protocol::relay::{Answer, Item, Reply, Request};
use domino_protocol::socket::LobbyTable;
use domino_store::{Holder, LobbyRow};

/// How long a proxy with no socket waits for one before it goes.
const LINGER: Duration = Duration::from_secs(10);

/// How to attach a socket again that sat `how` (and was given `token` if
/// it joined): a join comes back as a resume, under the joiner's profile.
fn again_as(how: Seating, token: Option<String>) -> Seating {
    match (how, token) {
        (Seating::Join { profile, .. }, Some(token)) => Seating::Resume {
            token,
            profile: profile.map(|(id, _)| id),
        },
        // (A join is always given a token.)
        (Seating::Join { .. }, None) => Seating::Spectate,
        (other, _) => other,
    }
}

/// The proxy of one table another node owns.
#[derive(Debug, Clone)]
pub struct Proxy {
    pub handle: Handle,
    /// The owner the proxy sends to.
    owner: Arc<Mutex<Holder>>,
    ctl: mpsc::UnboundedSender<Ctl>,
}

#[derive(Debug)]
enum Ctl {
    /// The table's lease is held by this node's run now.
    Owner(Holder),
    /// A socket's attach was answered: how to attach it again (a join's
    /// seat token, as its profile's resume).
    Seated { conn: ConnId, again: Seating },
    /// A socket's attach was refused: it is not at the table, unless it
    /// was before (a refused request changes nothing).
    Refused { conn: ConnId, was_here: bool },
}

/// A socket here at the table.
#[derive(Debug)]
struct Sock {
    out: Outbox,
    /// How to attach it again at a new owner (`None`: a join not answered
    /// yet).
    again: Option<Seating>,
}

fn gone() -> Refusal {
    Refusal::new(
        Code::Moving,
        "that table's node does not answer: it may be moving to another node, try again in a few seconds",
    )
}

fn no_table() -> Refusal {
    Refusal::new(Code::NoTable, "that table is not being played here")
}

/// The lobby's view of a table from its stored row.
pub(crate) fn info_of(row: &LobbyRow) -> Option<Info> {
    let players = row.rules.resolve().ok()?.players();
    let plan = match plan_of(row.seats.as_deref(), row.humans, players) {
        Ok(plan) => plan,
        Err(e) => {
            // Not listed: its node does not restore it either.
            tracing::warn!(table = %row.id, "not listed: {e}");
            return None;
        }
    };
    let mut names = vec![None; players as usize];
    for (seat, name) in &row.names {
        if let Some(n) = names.get_mut(*seat as usize) {
            *n = Some(name.clone());
        }
    }
    Some(Info {
        id: row.id.clone(),
        rules: row.rules.clone(),
        bot: row.bot.clone(),
        private: row.private,
        humans: row.humans.clamp(0, i64::from(players)) as u8,
        plan,
        // Another node's table: its seats' bot accounts are not in its row.
        bot_accounts: vec![false; players as usize],
        names,
        hand_number: u32::try_from(row.hand.max(1)).unwrap_or(1),
        finished: false,
        parked: false,
        clock: row
            .clock
            .as_deref()
            .and_then(|c| serde_json::from_str(c).ok()),
    })
}

impl Relay {
    /// Another node's live table, through a proxy here; refused as
    /// `moving` while it is between owners (its node died and no other
    /// has taken it over yet), so the player tries again. `local`: this
    /// node's tables, should the table come to run here.
    pub async fn locate(self: &Arc<Relay>, local: Tables, id: &str) -> Result<Handle, Refusal> {
        if let Some(p) = self.proxy(id) {
            return Ok(p.handle);
        }
        let store = |e: sqlx::Error| Refusal::new(Code::Store, e.to_string());
        let row = self.leases.lobby_row(id).await.map_err(store)?;
        // Unfinished in the store: it has (or is about to have) an owner.
        let Some(row) = row else {
            return Err(no_table());
        };
        let node = match self.leases.lease_holder(id).await.map_err(store)? {
            Some(holder) if holder != self.holder => holder,
            // Nobody's yet, or held here but not open (being adopted).
            _ => return Err(gone()),
        };
        if !self.is_live(&wire::channel_of(&node)).await {
            // Its node died and the lease has not run out yet: the player
            // tries again in a moment rather than wait for no answer.
            return Err(gone());
        }
        let info = Arc::new(Mutex::new(info_of(&row).ok_or_else(|| {
            Refusal::new(Code::Internal, "that table's stored rules do not read")
        })?));
        let Ok(mut proxies) = self.proxies.lock() else {
            return Err(Refusal::new(Code::Internal, "the relay's lock failed"));
        };
        if let Some(p) = proxies.get(id).filter(|p| !p.handle.tx.is_closed()) {
            return Ok(p.handle.clone());
        }
        let (tx, rx) = mpsc::channel(64);
        let (ctl, ctl_rx) = mpsc::unbounded_channel();
        let p = Proxy {
            handle: Handle { tx, info },
            owner: Arc::new(Mutex::new(node.clone())),
            ctl: ctl.clone(),
        };
        proxies.insert(id.to_string(), p.clone());
        let run = Run {
            local,
            relay: self.clone(),
            table: id.to_string(),
            to: wire::channel_of(&node),
            here: None,
            socks: HashMap::new(),
            inflight: Vec::new(),
            attaching: HashSet::new(),
            ctl,
        };
        tokio::spawn(run.run(rx, ctl_rx));
        Ok(p.handle)
    }

    /// The other nodes' public tables (as the store has them), those with
    /// free seats first.
    pub async fn others_lobby(&self) -> Vec<LobbyTable> {
        match self.leases.remote_lobby(&self.holder.node).await {
            Ok(rows) => {
                let mut infos: Vec<Info> = rows.iter().filter_map(info_of).collect();
                infos.sort_by(|a, b| b.open_seats().cmp(&a.open_seats()).then(a.id.cmp(&b.id)));
                infos.iter().map(Info::to_lobby).collect()
            }
            Err(e) => {
                tracing::warn!("the other nodes' tables: {e}");
                Vec::new()
            }
        }
    }
}

impl Relay {
    fn proxy(&self, id: &str) -> Option<Proxy> {
        let mut p = self.proxies.lock().ok()?;
        match p.get(id) {
            Some(x) if x.handle.tx.is_closed() => {
                p.remove(id);
                None
            }
            x => x.cloned(),
        }
    }
}

/// On each heartbeat: point every proxy at its table's lease holder.
pub(super) async fn follow(relay: &Arc<Relay>) -> Result<(), sqlx::Error> {
    let proxies: Vec<(String, Proxy)> = match relay.proxies.lock() {
        Ok(mut p) => {
            p.retain(|_, x| !x.handle.tx.is_closed());
            p.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
        }
        Err(_) => return Ok(()),
    };
    if proxies.is_empty() {
        return Ok(());
    }
    let ids: Vec<String> = proxies.iter().map(|(id, _)| id.clone()).collect();
    let holders: HashMap<String, Holder> = relay
        .leases
        .lease_holders(&ids)
        .await?
        .into_iter()
        .collect();
    for (id, p) in proxies {
        let Some(node) = holders.get(&id) else {
            continue;
        };
        let Ok(mut owner) = p.owner.lock() else {
            continue;
        };
        // A new run of the same node is a new owner too: it knows none of
        // the sockets the old one served.
        if *owner != *node {
            tracing::info!(table = %id, from = %owner.node, to = %node.node, run = %node.channel, "the table changed owner: attaching its sockets there");
            *owner = node.clone();
            let _ = p.ctl.send(Ctl::Owner(node.clone()));
        }
    }
    Ok(())
}

/// A proxy's task state.
struct Run {
    /// This node's tables.
    local: Tables,
    relay: Arc<Relay>,
    table: String,
    /// The owner's channel.
    to: String,
    /// The table itself, once this node owns it.
    here: Option<Handle>,
    socks: HashMap<ConnId, Sock>,
    /// Requests sent to the owner and not answered yet, given up when the
    /// table moves (the socket then retries at the new owner).
    inflight: Vec<u64>,
    /// Sockets whose attach at the owner is not answered yet: when the
    /// table moves, their own attach fails and the page asks again, so
    /// the proxy must not attach them at the new owner as well.
    attaching: HashSet<ConnId>,
    ctl: mpsc::UnboundedSender<Ctl>,
}

impl Run {
    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>, mut ctl: mpsc::UnboundedReceiver<Ctl>) {
        loop {
            // Nobody here is at the table: the proxy lingers a moment (a
            // socket moving from watching to a seat detaches, then
            // attaches through the same handle), then goes, and the next
            // socket makes a new one (with the owner as the store has it
            // then).
            let idle = self.socks.is_empty();
            tokio::select! {
                // Control first: an attach's refusal is queued before its
                // page hears of it, so it is handled before the page's retry.
                biased;
                Some(c) = ctl.recv() => match c {
                    Ctl::Owner(node) => self.moved(&node).await,
                    Ctl::Seated { conn, again } => {
                        self.attaching.remove(&conn);
                        if let Some(s) = self.socks.get_mut(&conn) {
                            s.again = Some(again);
                        }
                    }
                    Ctl::Refused { conn, was_here } => {
                        self.attaching.remove(&conn);
                        if !was_here {
                            self.socks.remove(&conn);
                            self.relay.unroute(conn);
                        }
                    }
                },
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.forward(cmd).await,
                    None => break,
                },
                () = tokio::time::sleep(LINGER), if idle => break,
            }
        }
        rx.close();
        if let Ok(mut p) = self.relay.proxies.lock() {
            if p.get(&self.table).is_some_and(|x| x.handle.tx.is_closed()) {
                p.remove(&self.table);
            }
        }
        for conn in self.socks.keys() {
            self.relay.unroute(*conn);
        }
    }

    /// Send a request to the owner now; answer `reply` (with what `read`
    /// makes of the answer) once it comes.
    fn ask<T: Send + 'static>(
        &mut self,
        conn: ConnId,
        cmd: Request,
        reply: oneshot::Sender<Result<T, Refusal>>,
        read: impl FnOnce(Reply) -> Option<T> + Send + 'static,
    ) {
        let attach = matches!(cmd, Request::Attach { .. });
        let asked: Asked = self.relay.request(&self.to, &self.table, conn, cmd);
        let relay = &self.relay;
        self.inflight.retain(|q| relay.waiting(*q));
        self.inflight.push(asked.q);
        tokio::spawn(async move {
            let r = match asked.answer().await {
                Err(false) => Err(gone()),
                // Taking a seat or watching while the table moved: the
                // socket asks again, at the new owner.
                Err(true) if attach => Err(gone()),
                // The table moved while this waited: whether or not the
                // old owner stored it, the socket gets the table's state
                // at the new owner and goes on from there.
                Err(true) => Err(Refusal::new(
                    Code::Stale,
                    "the table moved to another node: go on from its new state",
                )),
                Ok(a) => Result::<Reply, Refusal>::from(a).and_then(|v| {
                    read(v).ok_or_else(|| {
                        Refusal::new(
                            Code::Internal,
                            "the table's node sent an answer this node does not read",
                        )
                    })
                }),
            };
            let _ = reply.send(r);
        });
    }

    /// An attach sent to the owner; once answered, how the socket sits is
    /// noted (seated: how to attach it again after a move; refused: as it
    /// was).
    fn attach_there(
        &mut self,
        conn: ConnId,
        how: Box<Seating>,
        reply: oneshot::Sender<Result<Seated, Refusal>>,
        was_here: bool,
    ) {
        let ctl = self.ctl.clone();
        self.attaching.insert(conn);
        let (tx, rx) = oneshot::channel();
        self.ask(
            conn,
            Request::Attach {
                how: (*how).clone(),
            },
            tx,
            |r| match r {
                Reply::Seated(s) => Some(s),
                _ => None,
            },
        );
        tokio::spawn(async move {
            let r: Result<Seated, Refusal> = rx.await.unwrap_or_else(|_| Err(gone()));
            match &r {
                Ok(Seated { token, .. }) => {
                    let _ = ctl.send(Ctl::Seated {
                        conn,
                        again: again_as(*how, token.clone()),
                    });
                }
                Err(_) => {
                    let _ = ctl.send(Ctl::Refused { conn, was_here });
                }
            }
            let _ = reply.send(r);
        });
    }

    /// A socket's request: to the local table if this node owns it now,
    /// otherwise to the owner.
    async fn forward(&mut self, cmd: Cmd) {
        let was_here = matches!(&cmd, Cmd::Attach { conn, .. } if self.socks.contains_key(conn));
        match &cmd {
            // A socket already here keeps how it sits until its new
            // attach is answered: a refused one changes nothing.
            Cmd::Attach { conn, how, out, .. } if !self.socks.contains_key(conn) => {
                let again = match &**how {
                    Seating::Join { .. } => None,
                    other => Some(other.clone()),
                };
                self.socks.insert(
                    *conn,
                    Sock {
                        out: out.clone(),
                        again,
                    },
                );
                if self.here.is_none() {
                    self.relay.route(*conn, out.clone());
                }
            }
            Cmd::Detach { conn } => {
                self.socks.remove(conn);
                self.relay.unroute(*conn);
            }
            _ => {}
        }
        if let Some(h) = &self.here {
            let _ = h.tx.send(cmd).await;
            return;
        }
        let unit = |r: Reply| (r == Reply::Done).then_some(());
        match cmd {
            Cmd::Attach {
                conn, how, reply, ..
            } => self.attach_there(conn, how, reply, was_here),
            Cmd::Detach { conn } => {
                self.relay.send(
                    &self.to,
                    Item::Cmd {
                        t: self.table.clone(),
                        c: conn,
                        q: None,
                        cmd: Request::Detach,
                    },
                );
            }
            Cmd::Act {
                conn,
                action,
                seq,
                reply,
            } => {
                let cmd = Request::Act { action, seq };
                self.ask(conn, cmd, reply, |r| match r {
                    Reply::Seq(s) => Some(s),
                    _ => None,
                });
            }
            Cmd::Ready { conn, reply } => self.ask(conn, Request::Ready, reply, unit),
            Cmd::Fill { conn, reply } => self.ask(conn, Request::Fill, reply, unit),
            Cmd::Leave { conn, reply } => self.ask(conn, Request::Leave, reply, unit),
            Cmd::Resign { conn, reply } => self.ask(conn, Request::Resign, reply, unit),
            Cmd::Abort { conn, reply } => self.ask(conn, Request::Abort, reply, unit),
            Cmd::Settings {
                conn,
                auto_pass,
                reply,
            } => self.ask(conn, Request::Settings { auto_pass }, reply, unit),
            Cmd::Chat {
                conn,
                text,
                phrase,
                reply,
            } => self.ask(conn, Request::Chat { text, phrase }, reply, unit),
            // The move and its reasons, as the owner's table answered.
            Cmd::Hint { conn, reply } => self.ask(conn, Request::Hint, reply, |r| match r {
                Reply::Hint(action, why) => Some((action, why)),
                _ => None,
            }),
            Cmd::Rematch { conn, reply } => {
                // The owner makes the rematch beside the table.
                self.ask(conn, Request::Rematch, reply, |r| match r {
                    Reply::Rematch(id) => Some(Ok(id)),
                    _ => None,
                })
            }
            // The table's own commands (bots, timers, the hub's sweep,
            // the ratings' answer) never come through a proxy.
            Cmd::BotMove { .. }
            | Cmd::Tick
            | Cmd::Sweep
            | Cmd::Superseded
            | Cmd::RematchMade { .. }
            | Cmd::Rated { .. } => {}
        }
    }

    /// The table's lease moved to `node`: attach every socket there again
    /// as it sat (a socket whose join was not answered yet closes, and
    /// its page reconnects).
    async fn moved(&mut self, node: &Holder) {
        self.relay.abandon(&self.inflight);
        self.inflight.clear();
        if *node == self.relay.holder {
            let Some(h) = self.local.table(&self.table).await else {
                // Taken here but not open: the sockets reconnect.
                for s in self.socks.values() {
                    s.out.kick.notify_one();
                }
                return;
            };
            for (conn, s) in &self.socks {
                self.relay.unroute(*conn);
                if self.attaching.contains(conn) {
                    continue;
                }
                let Some(how) = s.again.clone() else {
                    s.out.kick.notify_one();
                    continue;
                };
                let (reply, rx) = oneshot::channel();
                let cmd = Cmd::Attach {
                    conn: *conn,
                    how: Box::new(how),
                    out: s.out.clone(),
                    reply,
                };
                let kick = s.out.kick.clone();
                if h.tx.send(cmd).await.is_err() {
                    kick.notify_one();
                    continue;
                }
                tokio::spawn(async move {
                    if !matches!(rx.await, Ok(Ok(_))) {
                        kick.notify_one();
                    }
                });
            }
            self.here = Some(h);
            return;
        }
        self.to = wire::channel_of(node);
        for (conn, s) in &self.socks {
            if self.attaching.contains(conn) {
                continue;
            }
            let Some(how) = s.again.clone() else {
                s.out.kick.notify_one();
                continue;
            };
            let asked = self
                .relay
                .request(&self.to, &self.table, *conn, Request::Attach { how });
            let kick = s.out.kick.clone();
            tokio::spawn(async move {
                let ok = asked
                    .answer()
                    .await
                    .is_ok_and(|a| matches!(a, Answer::Ok(_)));
                if !ok {
                    kick.notify_one();
                }
            });
        }
    }
}
