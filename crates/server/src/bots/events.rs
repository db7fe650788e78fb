//! A bot's events socket: subscribing (`{"type":"events"}` on a `/ws`
//! opened with a token), what it is sent first (its tables still playing,
//! the challenges waiting for it), and the `table` event each time it is
//! seated at a new table.

use crate::bot_seats::table_event;
use crate::botstate::event_text;
use crate::hub::Hub;
use crate::table::{ConnId, Outbox};
use domino_protocol::bots::BotEvent;

/// Subscribe an events socket of `profile`: from now on it gets the bot's
/// events; first, its tables still playing and the challenges waiting.
pub async fn subscribe(hub: &Hub, profile: &str, conn: ConnId, out: &Outbox) {
    hub.bots.online(profile, conn, out.clone());
    let mut first: Vec<BotEvent> = match hub.store.playing_bot_seats(profile).await {
        Ok(seats) => seats.iter().map(table_event).collect(),
        Err(e) => {
            tracing::error!("reading a bot's tables: {e}");
            Vec::new()
        }
    };
    first.extend(crate::challenges::pending_for(&hub.bots, profile));
    for text in first.iter().filter_map(event_text) {
        if out.tx.try_send(text).is_err() {
            out.kick.notify_one();
            return;
        }
    }
}
