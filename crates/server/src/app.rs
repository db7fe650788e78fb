//! The server's parts, wired once (as lichess's `Env`): what the server
//! shares (the store, the config, the limits' counters, the socket gate,
//! the relay, the bot registry), the hub of this node's tables, and one
//! service per feature that has its own room. A feature's routes
//! are given their service and what they need beside it (who asks), never
//! the whole `App`; the features not yet in a room of their own still take
//! the hub (docs/architecture.md, "One room per feature").

use std::sync::Arc;

use tokio::sync::Notify;

use crate::bot_seats::BotSeats;
use crate::bots::BotAccounts;
use crate::botstate::Registry;
use crate::challenges::Challenges;
use crate::cluster::relay::Relay;
use crate::coach::{Budget, Coach};
use crate::creations::Creations;
use crate::fairplay::FairPlay;
use crate::finished::FinishedMatches;
use crate::hub::Hub;
use crate::limits::{Gate, Stats};
use crate::pool::Pool;
use crate::profiles::Profiles;
use crate::puzzles::Puzzles;
use crate::quota::{Quota, Quotas};
use crate::sheets::Sheets;
use crate::table::Rater;
use crate::tables::Tables;
use crate::tournament::Tournaments;
use crate::turns::Turns;
use crate::who::Who;
use crate::Config;
use domino_store::Store;

#[derive(Clone, Debug)]
pub struct App {
    /// The tables of this node.
    pub hub: Hub,
    pub store: Store,
    pub config: Arc<Config>,
    /// Counters every part adds to (the config's: refusals by kind, stored
    /// actions).
    pub stats: Arc<Stats>,
    /// Open WebSockets, per address and in all.
    pub sockets: Arc<Gate>,
    /// Tables created from each address, for the per-address limits.
    pub creations: Arc<Creations>,
    /// Sheets, tournaments, entries, profiles and links created over
    /// HTTP, per address.
    pub quotas: Arc<Quotas>,
    /// Wakes this node's pairing rounds when a seek arrives here.
    pub pairing: Arc<Notify>,
    /// Bot accounts' events sockets, challenges and token limits here.
    pub bot_registry: Arc<Registry>,
    /// With several nodes (PostgreSQL): the way to the other nodes' tables.
    pub relay: Option<Arc<Relay>>,
    /// Who a request is from.
    pub who: Who,
    /// Finished matches, with a duplicate round's secrecy.
    pub finished: FinishedMatches,
    pub puzzles: Puzzles,
    /// The coach's analyses, kept in memory.
    pub coach: Arc<Coach>,
    pub tournaments: Tournaments,
    /// One service for the router and the task that runs the rounds.
    pub pool: Pool,
    pub challenges: Challenges,
    pub bots: BotAccounts,
    pub sheets: Sheets,
    pub profiles: Profiles,
    pub turns: Turns,
    pub fairplay: FairPlay,
}

impl App {
    /// Wire this node over `store` and `config`: the shared parts, built
    /// once; the hub, given the ones it uses; with PostgreSQL the relay to
    /// the other nodes; then the services. The hub's tables announce their
    /// finished matches to `rater` (the server's: `profiles::Ratings`).
    pub async fn start(
        store: Store,
        config: Arc<Config>,
        rater: Arc<dyn Rater>,
    ) -> anyhow::Result<App> {
        let creations: Arc<Creations> = Arc::default();
        let bot_registry: Arc<Registry> = Arc::default();
        let finished = FinishedMatches::new(store.tables().clone(), store.tournaments().clone());
        // A rated match, once rated, is queued for its fair-play analysis.
        let fairplay = FairPlay::new(crate::fairplay::Parts {
            rows: store.fairplay().clone(),
            profiles: store.profiles().clone(),
            bots: store.bots().clone(),
            finished: finished.clone(),
            time: config.time.clone(),
            settings: crate::fairplay::Settings::default(),
        });
        let rater = Arc::new(crate::fairplay::Queueing {
            inner: rater,
            fairplay: fairplay.clone(),
        });
        let hub = Hub::new(
            store.clone(),
            config.clone(),
            rater,
            creations.clone(),
            bot_registry.clone(),
        );
        // Started after the hub: the relay reaches this node's tables
        // through it.
        let relay = if hub.leased() {
            let local = Arc::new(hub.clone());
            Some(Relay::start(&config, store.leases().clone(), local).await?)
        } else {
            None
        };
        let hub = hub.with_relay(relay.clone());
        // A table's events reach its bots' events sockets on every node.
        if let Some(relay) = &relay {
            bot_registry.forward_to(Box::new(crate::cluster::relay::BotForward(Arc::downgrade(
                relay,
            ))));
        }
        let limits = &config.limits;
        let stats = config.stats.clone();
        let quotas: Arc<Quotas> = Arc::default();
        let pairing: Arc<Notify> = Arc::default();
        let quota = Quota::new(quotas.clone(), limits.clone(), stats.clone());
        let bot_seats = BotSeats::new(
            store.bots().clone(),
            config.bot_tables,
            bot_registry.clone(),
        );
        let puzzles = Puzzles::new(
            store.puzzles().clone(),
            finished.clone(),
            config.time.clone(),
        );
        let budget = Budget::for_bots(config.bot_budget_ms);
        let coach = Arc::new(Coach::new(finished.clone(), budget));
        Ok(App {
            tournaments: Tournaments::new(
                store.tournaments().clone(),
                store.tables().clone(),
                store.bots().clone(),
                Tables::new(hub.clone()),
                quota.clone(),
            ),
            pool: Pool::new(crate::pool::Parts {
                seeks: store.seeks().clone(),
                table_rows: store.tables().clone(),
                tables: Tables::new(hub.clone()),
                creations: creations.clone(),
                limits: limits.clone(),
                time: config.time.clone(),
                policy: config.bot_pairing,
                bot_seats: bot_seats.clone(),
                wake: pairing.clone(),
            }),
            challenges: Challenges::new(crate::challenges::Parts {
                profiles: store.profiles().clone(),
                accounts: store.bots().clone(),
                tables: Tables::new(hub.clone()),
                bots: bot_registry.clone(),
                seats: bot_seats,
                time: config.time.clone(),
            }),
            // The relay tells the other nodes of a revoked token.
            bots: BotAccounts::new(
                store.bots().clone(),
                store.profiles().clone(),
                bot_registry.clone(),
                relay.clone(),
            ),
            sheets: Sheets::new(store.sheets().clone(), quota.clone()),
            profiles: Profiles::new(
                store.profiles().clone(),
                store.bots().clone(),
                quota,
                limits.name_chars,
                config.leaderboard_min,
            ),
            turns: Turns::new(store.clocks().clone(), config.time.clone()),
            fairplay,
            who: Who::new(
                store.profiles().clone(),
                store.bots().clone(),
                limits.name_chars,
            ),
            coach,
            finished,
            puzzles,
            sockets: Gate::new(limits.sockets_per_address, limits.sockets),
            hub,
            stats,
            creations,
            quotas,
            pairing,
            bot_registry,
            relay,
            store,
            config,
        })
    }
}
