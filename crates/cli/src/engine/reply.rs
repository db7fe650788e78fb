//! Protocol responses: the `"ok"` envelope and the failures with their
//! stable error codes.

use domino_engine::{ErrorCode, MatchError, RecordError, RulesError};
use serde_json::{json, Map, Value};

/// A refused request: a stable snake_case code and a message for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub code: ErrorCode,
    pub message: String,
}

impl Failure {
    /// A failure whose message quotes at most a short excerpt of the input.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: domino_engine::text::bounded(&message.into()),
        }
    }

    /// Valid JSON that does not make a request: the message names the field.
    pub fn bad_request(message: impl Into<String>) -> Failure {
        Failure::new(ErrorCode::BadRequest, message)
    }

    /// The response line.
    pub fn to_json(&self) -> Value {
        json!({"ok": false, "error": {"code": self.code, "message": self.message}})
    }
}

impl From<RulesError> for Failure {
    fn from(e: RulesError) -> Failure {
        Failure::new(e.code(), e.to_string())
    }
}

impl From<MatchError> for Failure {
    fn from(e: MatchError) -> Failure {
        Failure::new(e.code(), e.to_string())
    }
}

impl From<RecordError> for Failure {
    fn from(e: RecordError) -> Failure {
        Failure::new(e.code(), e.to_string())
    }
}

/// A success response: `"ok": true` followed by `fields`.
pub fn ok(fields: Map<String, Value>) -> Value {
    let mut out = Map::with_capacity(fields.len() + 1);
    out.insert("ok".into(), Value::Bool(true));
    out.extend(fields);
    Value::Object(out)
}

/// Fields of a success response, in order.
pub fn fields<const N: usize>(pairs: [(&str, Value); N]) -> Map<String, Value> {
    pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// Serialize an engine value; engine types always serialize, so a failure
/// here is a bug reported as `internal` rather than a crash.
pub fn to_json<T: serde::Serialize>(v: &T) -> Result<Value, Failure> {
    serde_json::to_value(v)
        .map_err(|e| Failure::new(ErrorCode::Internal, format!("cannot write JSON: {e}")))
}
