//! A pure, synchronous rules engine for twelve regional domino games.
//!
//! The layers, from the bottom: [`tile`] (tiles and bitsets), [`rules`]
//! (presets and options resolved into [`Rules`]), [`layout`] (chains with
//! stable ids), [`hand`] (one hand's state machine), [`result`] and
//! [`event`] (what happened, as the protocol writes it), [`score`]
//! (settling a hand), [`game`] (the match), [`view`] (what one seat may know, and the
//! protocol's state JSON) and [`record`] (saving and replaying matches).
//!
//! ```
//! use domino_engine::{Match, MoveList, Rules};
//! let rules = Rules::preset("jamaican").unwrap();
//! let mut m = Match::new(rules, Some(7), None).unwrap();
//! let mut moves = MoveList::new();
//! while m.phase() != domino_engine::Phase::HandOver && m.phase() != domino_engine::Phase::MatchOver {
//!     m.legal(&mut moves);
//!     m.act(moves[0], &mut ()).unwrap();
//! }
//! assert!(m.result().is_some());
//! ```

pub mod action;
pub mod behaviour;
pub mod catalog;
pub mod clock;
pub mod code;
pub mod deal;
pub mod event;
pub mod game;
pub mod hand;
pub mod layout;
pub mod playout;
pub mod record;
pub mod report;
pub mod result;
pub mod rules;
pub mod score;
pub mod seen;
pub mod sheet;
pub mod tally;
pub mod text;
pub mod tile;
pub mod view;
pub mod wire;

pub use action::{Action, MoveList, ParseActionError, Short};
pub use behaviour::{EndCount, MatchWin, NextPose, PoseRule, Redeal, Settle, Winner};
pub use clock::{Clock, ClockError, ClockView, TimeControl};
pub use code::{ErrorCode, Failure};
pub use deal::{Deal, DealError, DealSpec};
pub use event::{Event, Events};
pub use game::{Entry, Match, MatchError, Phase};
pub use hand::{Ending, Hand, IllegalAction};
pub use record::{Record, RecordError};
pub use report::{
    ActKind, HandReport, HandSummary, Impossible, ReportError, ReportFields, TableAct,
};
pub use result::HandResult;
pub use rules::{Preset, Rules, RulesError, RulesSpec};
pub use sheet::{Sheet, SheetHand};
pub use tally::Tally;
pub use tile::{Tile, TileSet};
pub use view::{SeatView, View, Viewer};
