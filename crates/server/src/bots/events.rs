//! A bot's events socket: subscribing (`{"type":"events"}` on a `/ws`
//! opened with a token), what it is sent first (its tables still playing,
//! the challenges waiting for it), and the `table` event each time it is
//! seated at a new table (`crate::bot_seats`).

use domino_protocol::bots::BotEvent;

use super::BotAccounts;
use crate::bot_seats::table_event;
use crate::botstate::event_text;
use crate::table::{ConnId, Outbox};

impl BotAccounts {
    /// An events socket of `profile` is open: from now on the bot is
    /// online (a challenge to it is taken) and gets its events. Called
    /// before the socket is answered `ok`, so that a bot told `ok` is
    /// online for whoever asks next.
    pub fn go_online(&self, profile: &str, conn: ConnId, out: &Outbox) {
        self.registry.online(profile, conn, out.clone());
    }

    /// What an events socket of `profile` is sent first, after its `ok`:
    /// its tables still playing and the challenges waiting.
    pub async fn send_first(&self, profile: &str, out: &Outbox) {
        let mut first: Vec<BotEvent> = match self.bots.playing_bot_seats(profile).await {
            Ok(seats) => seats.iter().map(table_event).collect(),
            Err(e) => {
                tracing::error!("reading a bot's tables: {e}");
                Vec::new()
            }
        };
        first.extend(crate::challenges::pending_for(&self.registry, profile));
        for text in first.iter().filter_map(event_text) {
            if out.tx.try_send(text).is_err() {
                out.kick.notify_one();
                return;
            }
        }
    }
}
