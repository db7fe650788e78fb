//! Tournaments as the server runs them: the HTTP routes ([`http`]), the
//! task that starts rounds and records results ([`run`]), and the secrecy
//! of a duplicate round still being played ([`secrecy`]). Who plays whom,
//! who leads and the duplicate scores are the league's pure functions
//! (`domino_league::tournament`), so the server can rebuild a tournament's
//! state from its stored results at any time. See docs/tournaments.md.

pub mod http;
pub mod run;
pub mod secrecy;
