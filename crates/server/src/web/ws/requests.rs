//! Each request of a socket: the lobby's answered here, the seating ones
//! by the table they seat at, the rest by the table the socket is at.

use serde_json::Value;
use tokio::sync::oneshot;

use crate::app::App;
use crate::hub::Hub;
use crate::limits::Refused;
use crate::table::{
    Cmd, Code, ConnId, Handle, NewTable, Outbox, Refusal, SeatKind, Seated, Seating,
};
use domino_protocol::socket::{Answer, PlanSeat, Reply, Request};

use super::ids::{id_prefix, readable_id};
use super::{error, Conn};

pub(super) async fn handle(
    app: &App,
    conn_id: ConnId,
    conn: &mut Conn,
    out: &Outbox,
    text: &str,
) -> String {
    if text.len() > app.config.max_message {
        let r = Refusal::new(
            Code::TooLarge,
            format!("messages are at most {} bytes", app.config.max_message),
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
    match dispatch(app, conn_id, conn, out, req).await {
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
    app: &App,
    conn_id: ConnId,
    conn: &mut Conn,
    out: &Outbox,
    req: Request,
) -> Result<Reply, Refusal> {
    match req {
        Request::Ping {} => Ok(Reply::Pong),
        Request::Events {} => want_events(conn),
        Request::Presets {} => Ok(Reply::Presets {
            presets: crate::web::page::site_games(),
        }),
        Request::List {} => Ok(Reply::Tables {
            tables: app.hub.list_all().await,
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
                domino_league::name::display_name_within(&name, app.config.limits.name_chars)?;
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
            create(app, conn_id, conn, out, new, name, mine).await
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
            self::seat(&app.hub, conn_id, conn, out, &table, how).await
        }
        Request::Resume { table, token } => {
            let how = Seating::Resume {
                token,
                profile: conn.owner(),
            };
            self::seat(&app.hub, conn_id, conn, out, &table, how).await
        }
        Request::Spectate { table } => {
            // Asked of the store before the table is found, so every node
            // refuses alike, whichever plays it.
            crate::finished::FinishedMatches::new(
                app.store.tables().clone(),
                app.store.tournaments().clone(),
            )
            .may_show(&table)
            .await?;
            self::seat(&app.hub, conn_id, conn, out, &table, Seating::Spectate).await
        }
        req => at_table(&app.hub, conn_id, conn, req).await,
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
    app: &App,
    conn_id: ConnId,
    conn: &mut Conn,
    out: &Outbox,
    new: NewTable,
    name: String,
    mine: Option<u8>,
) -> Result<Reply, Refusal> {
    new.check()?;
    conn.made.retain(|id| app.hub.open(id));
    let cap = app.config.limits.tables_per_client;
    if conn.made.len() >= cap {
        app.stats
            .refuse(Refused::Tables, conn.ip, "open tables per client");
        return Err(Refusal::new(
            Code::TooManyTables,
            format!("one client may have {cap} unfinished tables: finish or leave one first"),
        ));
    }
    let (id, h) = app.hub.create_from(conn.ip, new).await?;
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
        Request::Resign {} => done(
            ask(conn, |reply| Cmd::Resign {
                conn: conn_id,
                reply,
            })
            .await,
        ),
        Request::Abort {} => done(
            ask(conn, |reply| Cmd::Abort {
                conn: conn_id,
                reply,
            })
            .await,
        ),
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
