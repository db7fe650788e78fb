//! The lobby's "your turn" list, the feature's room. The page sends the
//! seat tokens it keeps (one per table it sat at); the service [`Turns`]
//! answers, for each unfinished table a token still holds a seat at, whose
//! clock runs and how long is left, "your turn" first and the nearest
//! deadline first. Read from the store, so a parked table (a
//! correspondence table waiting for days) is not woken, and another
//! node's tables are there too. `api.rs` is the HTTP adapter.

pub mod api;

use domino_engine::{Clock, TimeControl};
use domino_protocol::refusal::{Code, Refusal};
use domino_protocol::turns::{Ask, MyTable};

use crate::clock::TimeSource;
use crate::fault::failed;
use crate::table::token_hash;

pub use api::routes;

/// The most seats one ask may name.
pub const MOST: usize = 100;

/// The turns' service: the store's turn clocks, and the clock deadlines
/// are read by.
#[derive(Clone, Debug)]
pub struct Turns {
    clocks: domino_store::Clocks,
    time: TimeSource,
}

impl Turns {
    pub fn new(clocks: domino_store::Clocks, time: TimeSource) -> Turns {
        Turns { clocks, time }
    }

    /// The tables `ask`'s seats still hold, "your turn" first, then the
    /// least time left.
    pub async fn of(&self, ask: &Ask) -> Result<Vec<MyTable>, Refusal> {
        if ask.seats.len() > MOST {
            return Err(Refusal::new(
                Code::BadRequest,
                format!("at most {MOST} tables an ask"),
            ));
        }
        let now = self.time.now_ms();
        let mut out = Vec::new();
        for held in &ask.seats {
            let found = self
                .clocks
                .seat_turn(&held.table, &token_hash(&held.token))
                .await
                .map_err(failed("reading seats' turns"))?;
            let Some(row) = found else {
                continue;
            };
            let clock: Option<Clock> = row
                .clock
                .as_deref()
                .and_then(|c| serde_json::from_str(c).ok());
            let seat = u8::try_from(row.seat).unwrap_or(u8::MAX);
            let running = clock.as_ref().and_then(|c| c.running).map(|r| r.seat);
            out.push(MyTable {
                table: held.table.clone(),
                seat,
                preset: row.rules.preset.clone(),
                clock: clock.as_ref().map_or(TimeControl::None, |c| c.control),
                your_turn: running == Some(seat),
                opponents: row.others,
                left_ms: clock
                    .as_ref()
                    .and_then(Clock::deadline)
                    .map(|d| (d - now).max(0)),
            });
        }
        out.sort_by_key(|t| (!t.your_turn, t.left_ms.unwrap_or(i64::MAX)));
        Ok(out)
    }
}
