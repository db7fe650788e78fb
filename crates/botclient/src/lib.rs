//! Play as a bot account on a domino server (docs/botapi.md): keep the
//! events socket open, accept challenges, seek in the pool keeping up to
//! N tables going, and play each table on its own socket with a
//! [`Policy`] (a built-in bot, or whatever a caller brings).
//!
//! `domino bot` (crates/cli) and Python's `domino.connect` are thin layers
//! over [`run`].

mod backoff;
pub mod error;
mod events;
pub mod http;
mod manager;
mod pace;
pub mod policy;
mod socket;
pub mod table;
pub mod tls;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use domino_engine::RulesSpec;

pub use error::ClientError;
pub use manager::run;
pub use policy::{BotPlayer, BuiltIn, Player, Policy, Turn};
pub use table::{Finished, RatingChange};

/// What the client does.
#[derive(Debug, Clone)]
pub struct Options {
    /// `http://` or `https://HOST[:PORT][/PATH]`.
    pub server: String,
    /// A PEM file of certificates trusted besides Mozilla's roots, for an
    /// `https://` server whose certificate a private CA signed (the CA's)
    /// or a self-signed one (the server's own, trusted as presented).
    pub ca_file: Option<PathBuf>,
    /// The bot account's API token (`dbt_...`).
    pub token: String,
    /// The game sought in the pool (its preset, or full rules).
    pub game: Option<RulesSpec>,
    pub rated: bool,
    /// Seek in the pool (needs `game`).
    pub seek: bool,
    /// Accept challenges in these games only (`None`: every game; an
    /// empty list: none).
    pub accept: Option<Vec<String>>,
    /// Tables played at once, at most.
    pub tables: usize,
    /// Stop after this many finished matches (`None`: run until stopped).
    pub games: Option<u32>,
}

impl Options {
    /// The options for `server` and `token`, otherwise the defaults of
    /// `domino bot`: accept every challenge, one table, no seeking.
    pub fn new(server: &str, token: &str) -> Options {
        Options {
            server: server.into(),
            token: token.into(),
            ca_file: None,
            game: None,
            rated: false,
            seek: false,
            accept: None,
            tables: 1,
            games: None,
        }
    }

    /// Whether a challenge in `game` is one to accept.
    pub fn accepts(&self, game: &str) -> bool {
        self.accept
            .as_ref()
            .is_none_or(|list| list.iter().any(|g| g == game))
    }
}

/// What the client tells as it goes (the CLI prints a line for each).
#[derive(Debug, Clone)]
pub enum Progress {
    /// The events socket is open and subscribed.
    Online,
    /// A connection failed; it is tried again after a wait.
    Retrying {
        what: String,
        error: String,
        after: Duration,
    },
    /// A seek was sent to the pool.
    Seeking {
        game: String,
        rated: bool,
    },
    /// A challenge came and was accepted or declined.
    Challenged {
        id: String,
        from: String,
        game: String,
        accepted: bool,
    },
    /// The bot sits at a new table.
    Started {
        table: String,
        via: String,
    },
    /// The server refused an action (late, stale, illegal): the table
    /// goes on from its next state.
    Refused {
        table: String,
        code: String,
        message: String,
    },
    /// The policy failed at a decision (an error, a panic, an action not
    /// among the legal ones): `played` was played instead, and the table
    /// goes on.
    PolicyFailed {
        table: String,
        error: String,
        played: String,
    },
    /// A table ended without a finished match (its seat was refused).
    Lost {
        table: String,
        error: String,
    },
    Finished(Finished),
}

/// Where [`Progress`] goes.
pub type Report = Arc<dyn Fn(Progress) + Send + Sync>;

/// What a run did.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub finished: Vec<Finished>,
}
