//! The server's parts, wired once (as lichess's `Env`): the tables' hub
//! and one service per feature that has its own room. A feature's routes
//! are given their service and what they need beside it (who asks), never
//! the whole `App`; the features not yet in a room of their own still take
//! the hub (docs/architecture.md, "One room per feature").

use std::sync::Arc;

use crate::bot_seats::BotSeats;
use crate::bots::BotAccounts;
use crate::challenges::Challenges;
use crate::coach::{Budget, Coach};
use crate::finished::FinishedMatches;
use crate::hub::Hub;
use crate::pool::Pool;
use crate::profiles::Profiles;
use crate::puzzles::Puzzles;
use crate::quota::Quota;
use crate::sheets::Sheets;
use crate::tables::Tables;
use crate::tournament::Tournaments;
use crate::turns::Turns;
use crate::who::Who;

#[derive(Clone, Debug)]
pub struct App {
    /// The tables of this node, the store, the limits and the relay.
    pub hub: Hub,
    /// Who a request is from.
    pub who: Who,
    /// Finished matches, with a duplicate round's secrecy.
    pub finished: FinishedMatches,
    pub puzzles: Puzzles,
    /// The coach's analyses, kept in memory.
    pub coach: Arc<Coach>,
    pub tournaments: Tournaments,
    pub pool: Pool,
    pub challenges: Challenges,
    pub bots: BotAccounts,
    pub sheets: Sheets,
    pub profiles: Profiles,
    pub turns: Turns,
}

impl App {
    pub fn new(hub: Hub) -> App {
        let store = &hub.store;
        let finished = FinishedMatches::new(store.tables().clone(), store.tournaments().clone());
        let puzzles = Puzzles::new(
            store.puzzles().clone(),
            finished.clone(),
            hub.config.time.clone(),
        );
        let budget = Budget::for_bots(hub.config.bot_budget_ms);
        let coach = Arc::new(Coach::new(finished.clone(), budget));
        App {
            tournaments: tournaments(&hub),
            pool: pool(&hub),
            challenges: challenges(&hub),
            bots: bot_accounts(&hub),
            sheets: Sheets::new(store.sheets().clone(), quota(&hub)),
            profiles: profiles(&hub),
            turns: Turns::new(store.clocks().clone(), hub.config.time.clone()),
            who: Who::new(
                store.profiles().clone(),
                store.bots().clone(),
                hub.config.limits.name_chars,
            ),
            coach,
            finished,
            puzzles,
            hub,
        }
    }
}

/// The tournaments' service, wired from the hub's parts: the store's
/// tournaments, tables and bot accounts, the tables it opens for each
/// round, and the creation limits. The router's
/// and the task that runs the rounds are the same service.
pub fn tournaments(hub: &Hub) -> Tournaments {
    let store = &hub.store;
    Tournaments::new(
        store.tournaments().clone(),
        store.tables().clone(),
        store.bots().clone(),
        Tables::new(hub.clone()),
        quota(hub),
    )
}

/// The HTTP creation limits as a service is given them.
pub fn quota(hub: &Hub) -> Quota {
    Quota::new(
        hub.quotas.clone(),
        hub.config.limits.clone(),
        hub.stats.clone(),
    )
}

/// The pool's service, wired from the hub's parts. The router's and the
/// task that runs the rounds are the same service.
pub fn pool(hub: &Hub) -> Pool {
    Pool::new(crate::pool::Parts {
        seeks: hub.store.seeks().clone(),
        table_rows: hub.store.tables().clone(),
        tables: Tables::new(hub.clone()),
        creations: hub.creations.clone(),
        limits: hub.config.limits.clone(),
        time: hub.config.time.clone(),
        policy: hub.config.bot_pairing,
        bot_seats: bot_seats(hub),
        wake: hub.pairing.clone(),
    })
}

/// The challenges' service, wired from the hub's parts.
pub fn challenges(hub: &Hub) -> Challenges {
    Challenges::new(crate::challenges::Parts {
        profiles: hub.store.profiles().clone(),
        accounts: hub.store.bots().clone(),
        tables: Tables::new(hub.clone()),
        bots: hub.bots.clone(),
        seats: bot_seats(hub),
        time: hub.config.time.clone(),
    })
}

/// The bot accounts' seats and their cap, as the pool and the challenges
/// seat a bot.
fn bot_seats(hub: &Hub) -> BotSeats {
    BotSeats::new(
        hub.store.bots().clone(),
        hub.config.bot_tables,
        hub.bots.clone(),
    )
}

/// The bot accounts' service, wired from the hub's parts (the relay tells
/// the other nodes of a revoked token). The socket's events subscription
/// is given the same.
pub fn bot_accounts(hub: &Hub) -> BotAccounts {
    BotAccounts::new(
        hub.store.bots().clone(),
        hub.store.profiles().clone(),
        hub.bots.clone(),
        hub.relay.clone(),
    )
}

/// The profiles' service, wired from the hub's parts: the store's
/// profiles and bot accounts, the creation limits, the longest name and the leaderboards' default.
pub fn profiles(hub: &Hub) -> Profiles {
    Profiles::new(
        hub.store.profiles().clone(),
        hub.store.bots().clone(),
        quota(hub),
        hub.config.limits.name_chars,
        hub.config.leaderboard_min,
    )
}
