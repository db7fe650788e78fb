//! The match record (`domino-record/1`): rules, seed, and each hand's deal
//! and actions, enough to replay a match exactly.

use std::ops::ControlFlow;

use crate::code::{ErrorCode, Failure};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::deal::DealSpec;
use crate::event::Event;
use crate::game::{Entry, HandRecord, Match, MatchError};
use crate::rules::{RulesError, RulesSpec};

/// The format tag of version 1.
pub const FORMAT: &str = "domino-record/1";

/// A whole match, as stored and exchanged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Record {
    pub format: String,
    pub rules: RulesSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    pub hands: Vec<HandRecord>,
}

/// Why a record could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("unknown record format `{0}`: expected `{FORMAT}`")]
    Format(String),
    #[error("the record's rules are invalid: {0}")]
    Rules(#[from] RulesError),
    #[error("the record has no hands")]
    Empty,
    #[error("hand {hand}: {source}")]
    Deal { hand: usize, source: MatchError },
    #[error("hand {hand}, action {index}: {source}")]
    Action {
        hand: usize,
        index: usize,
        source: MatchError,
    },
}

impl RecordError {
    /// The protocol's error code.
    pub fn code(&self) -> ErrorCode {
        match self {
            RecordError::Format(_) | RecordError::Empty => ErrorCode::BadRecord,
            RecordError::Rules(e) => e.code(),
            RecordError::Deal { .. } => ErrorCode::BadDeal,
            RecordError::Action { .. } => ErrorCode::IllegalAction,
        }
    }
}

/// A refused request's line names the error's code and says what went wrong.
impl From<RecordError> for Failure {
    fn from(e: RecordError) -> Failure {
        Failure::new(e.code(), e.to_string())
    }
}

impl Match {
    /// The record of the match so far (`domino-record/1`).
    pub fn record(&self) -> Record {
        Record {
            format: FORMAT.to_string(),
            rules: self.rules().spec(),
            seed: self.seed(),
            hands: self.hand_records().to_vec(),
        }
    }

    /// Replay a whole record.
    pub fn from_record(rec: &Record) -> Result<Match, RecordError> {
        replay(rec)
    }
}

/// Replay a record from its first deal, checking every action.
///
/// Hands are numbered from 1 and actions from 0 in errors.
pub fn replay(rec: &Record) -> Result<Match, RecordError> {
    replay_with(rec, |_| ControlFlow::Continue(()))
}

/// What [`replay_with`] shows its visitor as the replay goes.
#[derive(Debug)]
pub enum Visit<'a> {
    /// Hand `hand` (from 2; the first comes with the match) is about to be
    /// dealt; `game` is the match before it.
    Deal { game: &'a Match, hand: usize },
    /// Hand `hand` (from 1) was dealt; no action of it is played yet.
    Dealt { game: &'a Match, hand: usize },
    /// Action `index` (from 0) of hand `hand` is about to be played.
    Action {
        game: &'a Match,
        hand: usize,
        index: usize,
        entry: Entry,
    },
    /// That action was played, with what it caused.
    Acted {
        game: &'a Match,
        hand: usize,
        index: usize,
        entry: Entry,
        events: &'a [Event],
    },
}

/// [`replay`], telling `visit` about each deal and action; the replay stops
/// where `visit` breaks and returns the match as it stands there.
pub fn replay_with(
    rec: &Record,
    visit: impl FnMut(Visit<'_>) -> ControlFlow<()>,
) -> Result<Match, RecordError> {
    if rec.format != FORMAT {
        return Err(RecordError::Format(rec.format.clone()));
    }
    let rules = rec.rules.resolve()?;
    let first = rec.hands.first().ok_or(RecordError::Empty)?;
    let m = Match::new(rules, rec.seed, Some(&first.deal))
        .map_err(|source| RecordError::Deal { hand: 1, source })?;
    let actions = rec.hands.iter().map(|h| h.actions.as_slice());
    let deal = |_: &Match, hand: usize| rec.hands[hand - 1].deal.clone();
    replay_hands(m, actions, deal, visit)
}

/// The one replay loop, under [`replay_with`], also for a match whose deals
/// are not written down beforehand (the server deals each hand from its key
/// under the pose rule the match has reached, and restores a table this
/// way): `m` has its first hand dealt, `hands` gives each hand's actions in
/// order, and `deal` hand `hand`'s deal (from 2), from the match before it.
pub fn replay_hands<'h>(
    mut m: Match,
    hands: impl IntoIterator<Item = &'h [Entry]>,
    mut deal: impl FnMut(&Match, usize) -> DealSpec,
    mut visit: impl FnMut(Visit<'_>) -> ControlFlow<()>,
) -> Result<Match, RecordError> {
    let mut sink: Vec<Event> = Vec::new();
    for (h, actions) in hands.into_iter().enumerate() {
        if h > 0 {
            let before = Visit::Deal {
                game: &m,
                hand: h + 1,
            };
            if visit(before).is_break() {
                return Ok(m);
            }
            let spec = deal(&m, h + 1);
            m.next_hand(Some(&spec))
                .map_err(|source| RecordError::Deal {
                    hand: h + 1,
                    source,
                })?;
        }
        if visit(Visit::Dealt {
            game: &m,
            hand: h + 1,
        })
        .is_break()
        {
            return Ok(m);
        }
        for (i, &entry) in actions.iter().enumerate() {
            let (hand, index) = (h + 1, i);
            if visit(Visit::Action {
                game: &m,
                hand,
                index,
                entry,
            })
            .is_break()
            {
                return Ok(m);
            }
            sink.clear();
            m.act_as(entry.seat, entry.action, &mut sink)
                .map_err(|source| RecordError::Action {
                    hand,
                    index,
                    source,
                })?;
            if visit(Visit::Acted {
                game: &m,
                hand,
                index,
                entry,
                events: &sink,
            })
            .is_break()
            {
                return Ok(m);
            }
        }
    }
    Ok(m)
}
