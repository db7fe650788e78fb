//! A finished hand as the players at a real table report it, checked
//! against the rules: the scorekeeper's input. A checked report becomes a
//! [`HandSummary`], the same value the engine settles its own hands from
//! (`score::settle_summary`), so both paths share one scoring.
//!
//! `summary.rs` is the summary the settling reads, `form.rs` the report, its
//! refusals and which fields a game asks for, `check.rs` the checks that turn
//! a report into a summary (and a played hand into a report).

mod bounds;
mod check;
mod form;
mod realise;
mod summary;
#[cfg(test)]
mod tests;

pub use form::{ActKind, HandReport, Impossible, ReportError, ReportFields, TableAct};
pub(crate) use summary::play_points;
pub use summary::{HandSummary, SummaryEnd};
