//! Who is asking: the client's address, for the per-address limits.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::{request::Parts, HeaderMap};

/// The client's address: the TCP peer, or behind our own proxy the last
/// `X-Forwarded-For` entry (the one the proxy added).
pub(crate) fn client_ip(
    peer: Option<SocketAddr>,
    headers: &HeaderMap,
    behind_proxy: bool,
) -> IpAddr {
    let forwarded = behind_proxy
        .then(|| headers.get("x-forwarded-for")?.to_str().ok())
        .flatten()
        .and_then(|v| v.rsplit(',').next()?.trim().parse().ok());
    forwarded
        .or(peer.map(|p| p.ip()))
        .unwrap_or(IpAddr::from([0, 0, 0, 0]))
}

/// The client's address (see [`client_ip`]), for the per-address limits.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ClientIp(pub IpAddr);

/// Whether this server sits behind its own proxy (`--behind-proxy`), so
/// that [`ClientIp`] reads the address the proxy forwarded: what a route's
/// state gives the extractor, the App or a room's own state alike (the
/// App's is in `web::http`: a room's adapters import this file, and the
/// App the rooms).
#[derive(Copy, Clone, Debug)]
pub struct BehindProxy(pub bool);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp
where
    BehindProxy: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<ClientIp, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0);
        let BehindProxy(behind_proxy) = BehindProxy::from_ref(state);
        Ok(ClientIp(client_ip(peer, &parts.headers, behind_proxy)))
    }
}
