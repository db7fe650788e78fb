//! `settle`: the scorekeeper's call. A hand as a real table reports it, or
//! a match's reports in order, checked against the rules and settled as
//! `domino serve`'s sheets and `domino keep` settle them (one
//! `domino_engine::Sheet`). It keeps nothing between calls.

use domino_engine::{ErrorCode, HandReport, RulesSpec, Sheet};
use serde_json::{Map, Value};

use super::{optional, required, Request};
use crate::engine::reply::{fields, to_json, Failure};

/// `{"cmd": "settle", "rules": R, "report": H}` or `..., "reports": [H, ...]`:
/// the last hand entered (`hand`: its report, `result`, the `scores` after
/// it, `stake`, `playoff`) and the whole `sheet`.
pub(super) fn settle(req: &Request) -> Result<Map<String, Value>, Failure> {
    let spec: RulesSpec = required(req, "rules")?;
    let one: Option<HandReport> = optional(req, "report")?;
    let many: Option<Vec<HandReport>> = optional(req, "reports")?;
    let reports = match (one, many) {
        (Some(r), None) => vec![r],
        (None, Some(rs)) if !rs.is_empty() => rs,
        (None, Some(_)) => {
            return Err(Failure::bad_request(
                "field `reports`: give at least one hand report",
            ))
        }
        (Some(_), Some(_)) => {
            return Err(Failure::bad_request(
                "give `report` (one hand) or `reports` (a match's hands), not both",
            ))
        }
        (None, None) => {
            return Err(Failure::bad_request(
                "missing field `report` (one hand) or `reports` (a match's hands in order)",
            ))
        }
    };
    let rules = spec.resolve()?;
    let sheet = Sheet::from_reports(rules, reports).map_err(|(i, e)| {
        let code = if e.impossible().is_some() {
            ErrorCode::ImpossibleReport
        } else {
            ErrorCode::BadReport
        };
        Failure::new(code, format!("hand {}: {e}", i + 1))
    })?;
    let last = sheet.hands().last().map(to_json).transpose()?;
    Ok(fields([
        ("hand", last.unwrap_or(Value::Null)),
        ("sheet", sheet.to_json()),
    ]))
}
