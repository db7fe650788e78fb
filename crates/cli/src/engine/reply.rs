//! Protocol responses: the `"ok"` envelope; the failures and their stable
//! error codes are the engine's (`domino_engine::code`).

use domino_engine::ErrorCode;
pub use domino_engine::Failure;
use serde_json::{Map, Value};

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
