//! A fault of the server's own (the store could not say, a stored value
//! does not read back), as every feature's service answers one: logged
//! once with what was being done, and refused with its code (`internal`,
//! or `store` where the store's failure is what the caller should know).

use domino_protocol::refusal::{Code, Refusal};

/// The refusal for fault `e` met while `doing`, logged.
pub fn fault(doing: &str, code: Code, e: impl std::fmt::Display) -> Refusal {
    tracing::error!("{doing}: {e}");
    Refusal::new(code, e.to_string())
}

/// [`fault`] as `map_err` takes it: the refusal `internal` for a fault met
/// while `doing`, logged.
pub fn failed<E: std::fmt::Display>(doing: &str) -> impl Fn(E) -> Refusal + '_ {
    move |e| fault(doing, Code::Internal, e)
}
