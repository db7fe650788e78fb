//! Tournaments (docs/tournaments.md), the feature's room: the service
//! [`Tournaments`] holds their rules and limits once (what a tournament
//! may be, who may join and how many, the organiser's calls, the cap of
//! open tournaments per organiser) and answers in the wire's types or a
//! [`Refusal`]; `api.rs` is the HTTP adapters. Who plays whom, who leads
//! and the duplicate scores are the league's pure functions
//! (`domino_league::tournament`), so the server can rebuild a tournament's
//! state from its stored results at any time.
//!
//! - `create.rs`: a new tournament, and the lists.
//! - `entry.rs`: joining, the organiser's bots, and the start.
//! - `view.rs`: a tournament as the page shows it, and its CSV.
//! - `run.rs`: the task that starts rounds and records results.
//! - `secrecy.rs`: the secrecy of a duplicate round still being played.

pub mod api;
mod create;
mod entry;
pub mod run;
pub mod secrecy;
mod view;

use domino_protocol::refusal::{Code, Refusal};

use crate::quota::Quota;
use crate::tables::Tables;

pub use api::routes;
pub use view::standings_csv;

/// The header carrying the organiser's secret.
pub const SECRET_HEADER: &str = "x-tournament-secret";

/// The most entrants a tournament takes.
pub const MAX_ENTRANTS: i64 = 64;

/// The tournaments' service: the store's tournaments, its tables (whether
/// a round's table was opened, and its result) and bot accounts (to mark
/// the bots among the entrants), the tables it opens for each round, and
/// the creation limits.
#[derive(Clone, Debug)]
pub struct Tournaments {
    tournaments: domino_store::Tournaments,
    table_rows: domino_store::Tables,
    bots: domino_store::BotAccounts,
    tables: Tables,
    quota: Quota,
}

impl Tournaments {
    pub fn new(
        tournaments: domino_store::Tournaments,
        table_rows: domino_store::Tables,
        bots: domino_store::BotAccounts,
        tables: Tables,
        quota: Quota,
    ) -> Tournaments {
        Tournaments {
            tournaments,
            table_rows,
            bots,
            tables,
            quota,
        }
    }

    /// Whether a tournament exists, for the page at `/tournament/{id}`.
    pub async fn exists(&self, id: &str) -> Result<bool, Refusal> {
        Ok(self
            .tournaments
            .tournament(id)
            .await
            .map_err(fault)?
            .is_some())
    }

    /// The tournament a table belongs to, if any.
    pub async fn of_table(&self, table: &str) -> Result<Option<String>, Refusal> {
        self.tournaments
            .tournament_of_table(table)
            .await
            .map_err(fault)
    }

    /// A tournament read back, or `no_tournament`.
    async fn loaded(&self, id: &str) -> Result<run::Loaded, Refusal> {
        run::load(self, id)
            .await
            .map_err(fault)?
            .ok_or_else(no_tournament)
    }
}

/// A refusal of what was asked, with `message` as the caller reads it.
fn bad(code: Code, message: impl std::fmt::Display) -> Refusal {
    Refusal::new(code, message.to_string())
}

fn no_tournament() -> Refusal {
    Refusal::new(Code::NoTournament, "no tournament with that id")
}

/// A fault of the server's own (the store could not say, a stored value
/// does not read back): logged, and refused `internal`.
fn fault(e: impl std::fmt::Display) -> Refusal {
    crate::fault::fault("tournaments", Code::Internal, e)
}
