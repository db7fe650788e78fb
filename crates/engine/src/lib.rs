//! A pure, synchronous rules engine for twelve regional domino games.
//!
//! The layers, from the bottom: tiles and their bitsets ([`Tile`],
//! [`TileSet`]); the rules, presets and options resolved into [`Rules`]
//! ([`rules`]); layouts, chains with stable ids ([`Layout`]); one hand's
//! state machine ([`Hand`]); what happened, as the protocol writes it
//! ([`Event`], [`HandResult`]); settling a hand ([`score`]); the match
//! ([`Match`]); what one seat may know, and the protocol's state JSON
//! ([`View`]); and saving and replaying matches ([`record`]).
//!
//! ```
//! use domino_engine::{Match, MoveList, Rules};
//! let rules = Rules::of_preset("jamaican").unwrap();
//! let mut m = Match::new(rules, Some(7), None).unwrap();
//! let mut moves = MoveList::new();
//! while m.phase() != domino_engine::Phase::HandOver && m.phase() != domino_engine::Phase::MatchOver {
//!     m.legal(&mut moves);
//!     m.act(moves[0], &mut ()).unwrap();
//! }
//! assert!(m.result().is_some());
//! ```

// The core's modules are private: their types are named from the crate's
// root (the curated list below), so a module can be split or moved without
// touching any user. The public modules are namespaces of their own: the
// rules' presets and options, deals and their shuffles, settling a hand,
// records, the wire encodings, the catalog of games and the text forms.
mod action;
mod behaviour;
pub mod catalog;
mod clock;
mod code;
pub mod deal;
mod event;
mod game;
mod hand;
mod layout;
#[cfg(feature = "openapi")]
mod openapi;
mod playout;
pub mod record;
mod report;
mod result;
pub mod rules;
pub mod score;
mod seen;
mod sheet;
mod tally;
pub mod text;
mod tile;
mod view;
pub mod wire;

pub use action::{Action, MoveList, ParseActionError, Short, MAX_MOVES};
pub use behaviour::{round5, EndCount, MatchWin, NextPose, PoseRule, Redeal, Settle, Winner};
pub use clock::{
    Clock, ClockError, ClockView, Running, TimeControl, BANK_SECONDS, CORRESPONDENCE_SECONDS,
    MATCH_SECONDS, MOVE_SECONDS, TIMEOUTS_TO_LEAVE,
};
pub use code::{ErrorCode, Failure, FailureLine};
pub use deal::{Deal, DealError, DealSpec};
pub use event::{Event, Events, PenaltyReason, ScoreReason, SkunkReport};
pub use game::{
    first_rule, later_redeals, resolve_pose, seeded_deal, Entry, HandRecord, Match, MatchError,
    Phase, Start,
};
pub use hand::{Ending, Hand, IllegalAction};
pub use layout::{Chain, Layout, PlaceError, MAX_CHAINS};
pub use playout::{Picker, Playout};
pub use record::{Record, RecordError};
pub use report::{
    ActKind, HandReport, HandSummary, Impossible, ReportError, ReportFields, SummaryEnd, TableAct,
};
pub use result::{EndReason, HandResult, Note, Notes, PerSeat, Side};
pub use rules::{Preset, Rules, RulesError, RulesSpec};
pub use seen::SeenError;
pub use sheet::{Sheet, SheetHand};
pub use tally::Tally;
pub use tile::{set_size, ParseTileError, Tile, TileIter, TileSet, MAX_PIP, MAX_TILES};
pub use view::{SeatView, View, Viewer};
