//! The error codes of the engine protocol (docs/protocol.md): what a
//! client branches on, one spelling each.

use serde::Serialize;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The line is not JSON (or not UTF-8).
    BadJson,
    /// JSON that is not a request: a field is missing or of the wrong type.
    BadRequest,
    UnknownCommand,
    /// The line is longer than the protocol allows.
    TooLarge,
    /// No match has been started.
    NoMatch,
    UnknownPreset,
    BadOption,
    UnknownBot,
    BadDeal,
    BadRecord,
    /// `settle`: a hand report that does not fit the rules.
    BadReport,
    /// `settle`: a hand report that no deal could produce.
    ImpossibleReport,
    IllegalAction,
    NotYourTurn,
    HandOver,
    HandNotOver,
    MatchOver,
    /// The engine failed (a bug); the session is unchanged.
    Internal,
}

impl ErrorCode {
    /// Every code, for a list of them (the OpenAPI document's).
    pub const ALL: [ErrorCode; 18] = [
        ErrorCode::BadJson,
        ErrorCode::BadRequest,
        ErrorCode::UnknownCommand,
        ErrorCode::TooLarge,
        ErrorCode::NoMatch,
        ErrorCode::UnknownPreset,
        ErrorCode::BadOption,
        ErrorCode::UnknownBot,
        ErrorCode::BadDeal,
        ErrorCode::BadRecord,
        ErrorCode::BadReport,
        ErrorCode::ImpossibleReport,
        ErrorCode::IllegalAction,
        ErrorCode::NotYourTurn,
        ErrorCode::HandOver,
        ErrorCode::HandNotOver,
        ErrorCode::MatchOver,
        ErrorCode::Internal,
    ];

    /// The code as the protocol writes it.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadJson => "bad_json",
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::UnknownCommand => "unknown_command",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::NoMatch => "no_match",
            ErrorCode::UnknownPreset => "unknown_preset",
            ErrorCode::BadOption => "bad_option",
            ErrorCode::UnknownBot => "unknown_bot",
            ErrorCode::BadDeal => "bad_deal",
            ErrorCode::BadRecord => "bad_record",
            ErrorCode::BadReport => "bad_report",
            ErrorCode::ImpossibleReport => "impossible_report",
            ErrorCode::IllegalAction => "illegal_action",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::HandOver => "hand_over",
            ErrorCode::HandNotOver => "hand_not_over",
            ErrorCode::MatchOver => "match_over",
            ErrorCode::Internal => "internal",
        }
    }
}

/// A refused request as the protocol writes it: a stable code and a
/// message for people that quotes at most a short excerpt of the input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Failure {
    pub code: ErrorCode,
    pub message: String,
}

/// The protocol's line for a refused request: `{"ok": false, "error": ...}`.
#[derive(Debug, Serialize)]
pub struct FailureLine<'a> {
    pub error: &'a Failure,
    pub ok: bool,
}

impl Failure {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: crate::text::bounded(&message.into()),
        }
    }

    /// Valid JSON that does not make a request: the message names the field.
    pub fn bad_request(message: impl Into<String>) -> Failure {
        Failure::new(ErrorCode::BadRequest, message)
    }

    /// The response line as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        let line = FailureLine {
            error: self,
            ok: false,
        };
        serde_json::to_value(line).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorCode;

    #[test]
    fn codes_serialize_as_they_are_spelled() {
        for c in [
            ErrorCode::BadJson,
            ErrorCode::NotYourTurn,
            ErrorCode::HandNotOver,
        ] {
            assert_eq!(
                serde_json::to_value(c).ok(),
                Some(serde_json::Value::from(c.as_str()))
            );
        }
    }

    /// A code added to the enum and not to `ALL` fails here: the match
    /// must name every variant, and each must be found in `ALL`.
    #[test]
    fn all_lists_every_code_once() {
        let listed = |c: ErrorCode| ErrorCode::ALL.iter().filter(|&&a| a == c).count();
        for c in ErrorCode::ALL {
            let every = match c {
                ErrorCode::BadJson
                | ErrorCode::BadRequest
                | ErrorCode::UnknownCommand
                | ErrorCode::TooLarge
                | ErrorCode::NoMatch
                | ErrorCode::UnknownPreset
                | ErrorCode::BadOption
                | ErrorCode::UnknownBot
                | ErrorCode::BadDeal
                | ErrorCode::BadRecord
                | ErrorCode::BadReport
                | ErrorCode::ImpossibleReport
                | ErrorCode::IllegalAction
                | ErrorCode::NotYourTurn
                | ErrorCode::HandOver
                | ErrorCode::HandNotOver
                | ErrorCode::MatchOver
                | ErrorCode::Internal => 18,
            };
            assert_eq!(ErrorCode::ALL.len(), every);
            assert_eq!(listed(c), 1, "{c:?}");
        }
    }
}
