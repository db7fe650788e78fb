//! "Play now with people": the pairing pool (docs/server.md, "Pairing"),
//! the feature's room. The service [`Pool`] holds its rules once: what a
//! seek may ask (`game.rs`), who may ask and whom they admit (the bot
//! policy, `passes.rs`, and the bot accounts' cap, `crate::bot_seats`),
//! the seeks per address, and the creation limits every table the pool
//! makes passes; `api.rs` is the HTTP adapters.
//!
//! A seek is stored ([`domino_store::seeks`]), so every node answers it
//! and a node's loss loses none. Every node runs [`drive`]: each round
//! reads the pool in one transaction (on PostgreSQL under an advisory
//! lock: one node pairs at a time), groups the seeks of each game by
//! rating (`domino_league::pool`), marks them with their table's id and
//! seats, and then opens those tables with the players' seats taken under
//! the tokens they were given when they asked. A pairing whose node
//! stopped before opening its table is opened by another node's round a
//! few seconds later (the table's id is fixed, so it is opened once).
//!
//! - `seeks.rs`: asking, joining a team, a seek's state, taking it back,
//!   and who waits.
//! - `rounds.rs`: the rounds that pair and open tables.
//! - `game.rs`: the game a seek asks for and the table a pairing makes.
//! - `passes.rs`: whom each seek admits, and the passes of a round.

pub mod api;
mod game;
pub mod passes;
mod rounds;
mod seeks;

use std::sync::Arc;

use domino_protocol::refusal::{Code, Refusal};
use tokio::sync::Notify;

use crate::bot_seats::BotSeats;
use crate::clock::TimeSource;
use crate::creations::Creations;
use crate::fault::failed;
use crate::limits::Limits;
use crate::tables::Tables;

pub use api::routes;
pub use game::{clock_of, game_key, level_near, new_table, FILL_MAX_S, FILL_MIN_S, RATED_CLOCK};
pub use passes::{Opponents, Pairing};
pub use rounds::{drive, round};

/// The pool's service: the stored seeks, the stored tables (whether a
/// pairing's table is open yet), the tables it opens, the creation limits
/// they pass, the bot accounts' seats, and the signal that wakes this
/// node's rounds when a seek arrives here.
#[derive(Clone, Debug)]
pub struct Pool {
    seeks: domino_store::Seeks,
    table_rows: domino_store::Tables,
    tables: Tables,
    creations: Arc<Creations>,
    limits: Arc<Limits>,
    time: TimeSource,
    /// Whom bot accounts are paired with (`--bot-pairing`).
    policy: Pairing,
    bot_seats: BotSeats,
    wake: Arc<Notify>,
}

/// What the pool is built from, named (it has many parts).
#[derive(Debug)]
pub struct Parts {
    pub seeks: domino_store::Seeks,
    pub table_rows: domino_store::Tables,
    pub tables: Tables,
    pub creations: Arc<Creations>,
    pub limits: Arc<Limits>,
    pub time: TimeSource,
    pub policy: Pairing,
    pub bot_seats: BotSeats,
    pub wake: Arc<Notify>,
}

impl Pool {
    pub fn new(p: Parts) -> Pool {
        Pool {
            seeks: p.seeks,
            table_rows: p.table_rows,
            tables: p.tables,
            creations: p.creations,
            limits: p.limits,
            time: p.time,
            policy: p.policy,
            bot_seats: p.bot_seats,
            wake: p.wake,
        }
    }
}

/// A stored seek's value that does not read back: the server's fault.
fn unreadable(e: serde_json::Error) -> Refusal {
    crate::fault::fault(
        "reading a stored seek",
        Code::Internal,
        format!("a stored value does not read: {e}"),
    )
}
