//! The web's side of the server: the router and its pages, the one shape
//! of an HTTP answer and its errors, what a request is trusted with, the
//! WebSocket, listening, health and metrics. The features' `api.rs`
//! adapters use its parts (`answer`, `client`, `routes`); nothing outside
//! `web/` and those adapters knows axum.

pub mod answer;
pub mod api_reference;
pub mod bot_docs;
pub mod client;
pub mod guard;
pub mod http;
pub mod lang;
pub mod listen;
pub mod metrics;
pub mod openapi;
pub mod ops;
pub mod page;
pub mod router;
pub mod routes;
pub mod trust;
pub mod ws;
