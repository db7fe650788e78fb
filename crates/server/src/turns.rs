//! `POST /api/turns`: the lobby's "your turn" list. The page sends the
//! seat tokens it keeps (one per table it sat at); the answer says, for
//! each unfinished table the token still holds a seat at, whose clock runs
//! and how long is left, "your turn" first and the nearest deadline first.
//! Read from the store, so a parked table (a correspondence table waiting
//! for days) is not woken, and another node's tables are there too.

use axum::extract::State;
use axum::http::StatusCode;
use domino_engine::{Clock, TimeControl};

use crate::answer::{HttpRefusal, Json};
use crate::hub::Hub;
use crate::routes::Routes;
use crate::table::token_hash;
use domino_protocol::refusal::Code;
use domino_protocol::turns::{Ask, MyTable};

/// The most seats one ask may name.
pub const MOST: usize = 100;

pub fn routes(hub: Hub) -> Routes {
    Routes::new().post("/api/turns", turns).with_state(hub)
}

async fn turns(
    State(hub): State<Hub>,
    Json(ask): Json<Ask>,
) -> Result<axum::Json<Vec<MyTable>>, HttpRefusal> {
    if ask.seats.len() > MOST {
        return Err(HttpRefusal::new(
            StatusCode::BAD_REQUEST,
            Code::BadRequest,
            format!("at most {MOST} tables an ask"),
        ));
    }
    let now = hub.config.time.now_ms();
    let mut out = Vec::new();
    for held in &ask.seats {
        let Some(row) = hub
            .store
            .seat_turn(&held.table, &token_hash(&held.token))
            .await?
        else {
            continue;
        };
        let rules: serde_json::Value = serde_json::from_str(&row.rules).unwrap_or_default();
        let clock: Option<Clock> = row
            .clock
            .as_deref()
            .and_then(|c| serde_json::from_str(c).ok());
        let seat = u8::try_from(row.seat).unwrap_or(u8::MAX);
        let running = clock.as_ref().and_then(|c| c.running).map(|r| r.seat);
        out.push(MyTable {
            table: held.table.clone(),
            seat,
            preset: rules["preset"].as_str().unwrap_or_default().to_string(),
            clock: clock.as_ref().map_or(TimeControl::None, |c| c.control),
            your_turn: running == Some(seat),
            opponents: row.others,
            left_ms: clock
                .as_ref()
                .and_then(Clock::deadline)
                .map(|d| (d - now).max(0)),
        });
    }
    // Your turn first, the least time left first.
    out.sort_by_key(|t| (!t.your_turn, t.left_ms.unwrap_or(i64::MAX)));
    Ok(axum::Json(out))
}
