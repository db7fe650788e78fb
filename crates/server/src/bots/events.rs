//! A bot's events socket: subscribing (`{"type":"events"}` on a `/ws`
//! opened with a token), what it is sent first (its tables still playing,
//! the challenges waiting for it), and the `table` event each time it is
//! seated at a new table.

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::{json, Value};

use crate::hub::Hub;
use crate::store::bots::{BotSeat, SeekSide};
use crate::store::seeks::Placed;
use crate::table::{ConnId, Outbox};

/// The `table` event of a bot's seat.
pub fn table_event(s: &BotSeat) -> Value {
    let rules: Value = serde_json::from_str(&s.rules).unwrap_or(Value::Null);
    json!({
        "type": "table",
        "table": s.table_id,
        "seat": s.seat,
        "token": s.token,
        "rated": s.rated,
        "rules": rules,
        "via": s.via,
    })
}

/// A bot was seated at a new table: remember the seat (so that a
/// reconnecting events socket is told again) and tell its events sockets.
pub async fn seated(hub: &Hub, s: BotSeat) {
    if let Err(e) = hub.store.add_bot_seat(&s).await {
        tracing::error!(table = %s.table_id, "recording a bot's seat: {e}");
    }
    hub.bots.push(&s.profile_id, &table_event(&s));
}

/// After a pool round opened its tables: the bot accounts among the
/// placed seeks are told where they sit.
pub async fn seated_by_pool(
    hub: &Hub,
    placed: &[Placed],
    sides: &HashMap<String, SeekSide>,
    rated: impl Fn(&str) -> Option<(bool, String)>,
) {
    for p in placed {
        let Some(side) = sides.get(&p.seek).filter(|s| s.bot) else {
            continue;
        };
        let (Some(profile), Some(token), Some(seat)) =
            (&side.profile_id, &side.token, p.seats.first())
        else {
            continue;
        };
        let Some((is_rated, rules)) = rated(&p.seek) else {
            continue;
        };
        seated(
            hub,
            BotSeat {
                table_id: p.table.clone(),
                seat: i64::from(*seat),
                profile_id: profile.clone(),
                token: token.clone(),
                rated: is_rated,
                rules,
                via: "seek".into(),
                created_at: hub.config.time.now_ms(),
            },
        )
        .await;
    }
}

/// Subscribe an events socket of `profile`: from now on it gets the bot's
/// events; first, its tables still playing and the challenges waiting.
pub async fn subscribe(hub: &Hub, profile: &str, conn: ConnId, out: &Outbox) {
    hub.bots.online(profile, conn, out.clone());
    let mut first: Vec<Value> = match hub.store.playing_bot_seats(profile).await {
        Ok(seats) => seats.iter().map(table_event).collect(),
        Err(e) => {
            tracing::error!("reading a bot's tables: {e}");
            Vec::new()
        }
    };
    first.extend(super::challenges::pending_for(hub, profile));
    for e in first {
        let text: Arc<str> = e.to_string().into();
        if out.tx.try_send(text).is_err() {
            out.kick.notify_one();
            return;
        }
    }
}
