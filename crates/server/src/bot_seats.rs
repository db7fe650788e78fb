//! Bot accounts' seats, as the pool and the challenges seat a bot: whether
//! the one asking is a bot account, its cap of tables at once
//! (`--bot-tables`), the seat recorded within that cap, and the `table`
//! event its events sockets are told. Both ways to a table ask here, so
//! the cap is one rule, kept once.

use std::sync::Arc;

use serde_json::Value;

use domino_protocol::bots::{BotEvent, BotTable};
use domino_protocol::refusal::{Code, Refusal};
use domino_store::bots::BotSeat;

use crate::botstate::Registry;
use crate::fault::fault;

/// The bot accounts' seats: the store's bot accounts, the cap, and the
/// events sockets open on this node.
#[derive(Clone, Debug)]
pub struct BotSeats {
    bots: domino_store::BotAccounts,
    /// The most unfinished tables a bot account plays at once.
    cap: usize,
    events: Arc<Registry>,
}

impl BotSeats {
    pub fn new(bots: domino_store::BotAccounts, cap: usize, events: Arc<Registry>) -> BotSeats {
        BotSeats { bots, cap, events }
    }

    /// Whether a seeker or challenger is a bot account, after refusing a
    /// rated game to a guest (`signed_out`): the pool and challenges ask
    /// alike.
    pub async fn asker_is_bot(&self, profile: Option<&str>, rated: bool) -> Result<bool, Refusal> {
        let Some(p) = profile else {
            if rated {
                return Err(Refusal::new(
                    Code::SignedOut,
                    "rated games are for profiles: make one, or ask for a casual game",
                ));
            }
            return Ok(false);
        };
        self.bots.is_bot(p).await.map_err(store_fault)
    }

    /// A bot account at as many unfinished tables as it may is refused
    /// another: `too_many_tables`.
    pub async fn under_cap(&self, profile: &str) -> Result<(), Refusal> {
        let playing = self
            .bots
            .playing_bot_seats(profile)
            .await
            .map_err(store_fault)?;
        if playing.len() >= self.cap {
            return Err(self.too_many_tables());
        }
        Ok(())
    }

    /// Record a bot account's seat at a table about to be opened for it,
    /// within its cap: the count and the seat are one store transaction
    /// ([`domino_store::BotAccounts::add_bot_seat_within`]), so that simultaneous accepts
    /// cannot pass the cap together; at the cap, `too_many_tables`.
    pub async fn reserve(&self, seat: &BotSeat) -> Result<(), Refusal> {
        let added = self
            .bots
            .add_bot_seat_within(seat, self.cap)
            .await
            .map_err(store_fault)?;
        if added {
            return Ok(());
        }
        Err(self.too_many_tables())
    }

    /// A bot was seated at a new table: remember the seat (so that a
    /// reconnecting events socket is told again) and tell its events
    /// sockets.
    pub async fn seated(&self, s: BotSeat) {
        if let Err(e) = self.bots.add_bot_seat(&s).await {
            tracing::error!(table = %s.table_id, "recording a bot's seat: {e}");
        }
        self.told(&s);
    }

    /// Tell a bot's events sockets of a seat already recorded.
    pub fn told(&self, s: &BotSeat) {
        self.events.tell_all_nodes(&s.profile_id, &table_event(s));
    }

    fn too_many_tables(&self) -> Refusal {
        let cap = self.cap;
        Refusal::new(
            Code::TooManyTables,
            format!("a bot account plays at most {cap} tables at once: finish one first"),
        )
    }
}

fn store_fault(e: sqlx::Error) -> Refusal {
    fault("reading bot accounts' seats", Code::Internal, e)
}

/// The `table` event of a bot's seat.
pub fn table_event(s: &BotSeat) -> BotEvent {
    BotEvent::Table(bot_table(s))
}

/// A bot's seat as its events and `GET /api/bot/tables` show it; a stored
/// seat whose rules do not read is logged and shown with `null` rules, so
/// the bot still hears of its table.
pub fn bot_table(s: &BotSeat) -> BotTable {
    let rules = serde_json::to_value(&s.rules).unwrap_or_else(|e| {
        tracing::error!(table = %s.table_id, "a bot seat's stored rules do not read: {e}");
        Value::Null
    });
    BotTable {
        table: s.table_id.clone(),
        seat: s.seat,
        token: s.token.clone(),
        rated: s.rated,
        rules,
        via: s.via.clone(),
    }
}
