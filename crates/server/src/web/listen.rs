//! The accept loop: each TCP connection is admitted through the
//! connection gate (per address and in all), served as HTTP/1 with a
//! header-read timeout and an idle timeout, and told the client's address.
//!
//! A connection over a limit is closed at once, so the listener's backlog
//! never fills and other clients keep being answered.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

use crate::limits::{Gate, Limits, Refused, Stats};

/// Serve `app` on `listener` until `stop` turns true; returns once every
/// HTTP connection has finished (open WebSockets close on `stop` too).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Arc<Limits>,
    stats: Arc<Stats>,
    mut stop: watch::Receiver<bool>,
) {
    let gate = Gate::new(limits.connections_per_address, limits.connections);
    // Each connection task holds a receiver; `closed()` waits for them all.
    let (alive_tx, alive_rx) = watch::channel(());
    loop {
        let (tcp, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(x) => x,
                Err(e) => {
                    // Out of file descriptors, most often: wait, do not spin.
                    tracing::warn!("accept: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = stop.changed() => break,
        };
        // Behind our proxy every connection comes from it: only the total
        // counts then.
        let ip = if limits.behind_proxy {
            std::net::IpAddr::from([0, 0, 0, 0])
        } else {
            peer.ip()
        };
        let pass = match gate.admit(ip) {
            Ok(p) => p,
            Err(full) => {
                stats.refuse(Refused::Connection, peer.ip(), &full.to_string());
                drop(tcp);
                continue;
            }
        };
        let app = app.clone();
        let limits = limits.clone();
        let stats = stats.clone();
        let stop = stop.clone();
        let alive = alive_rx.clone();
        tokio::spawn(async move {
            connection(tcp, peer, app, &limits, &stats, stop).await;
            drop(pass);
            drop(alive);
        });
    }
    drop(alive_rx);
    alive_tx.closed().await;
}

async fn connection(
    tcp: TcpStream,
    peer: SocketAddr,
    app: Router,
    limits: &Limits,
    stats: &Stats,
    mut stop: watch::Receiver<bool>,
) {
    // Moves are small messages that must go out at once: no Nagle delay.
    let _ = tcp.set_nodelay(true);
    let last = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let io = TokioIo::new(Watched {
        inner: tcp,
        last: last.clone(),
        started,
    });
    let svc = app.map_request(move |mut req: axum::extract::Request<_>| {
        req.extensions_mut().insert(ConnectInfo(peer));
        req.map(axum::body::Body::new)
    });
    let svc = TowerToHyperService::new(svc);
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    let conn = builder.serve_connection(io, svc).with_upgrades();
    tokio::pin!(conn);
    let idle = limits.header_timeout;
    let mut check = tokio::time::interval(idle.max(Duration::from_millis(100)) / 2);
    let mut closing = false;
    loop {
        tokio::select! {
            r = conn.as_mut() => {
                if let Err(e) = r {
                    if e.is_timeout() {
                        stats.refuse(Refused::HeaderTimeout, peer.ip(), "no request headers in time");
                    }
                }
                break;
            }
            _ = stop.changed(), if !closing => {
                closing = true;
                conn.as_mut().graceful_shutdown();
            }
            _ = check.tick(), if !closing => {
                // Silent for longer than the header timeout, between
                // requests: hyper only times the headers of a request once
                // it has begun.
                let quiet_ms = started.elapsed().as_millis() as u64 - last.load(Ordering::Relaxed);
                if quiet_ms > idle.as_millis() as u64 {
                    stats.refuse(Refused::HeaderTimeout, peer.ip(), "idle connection");
                    closing = true;
                    conn.as_mut().graceful_shutdown();
                }
            }
        }
    }
}

/// A TCP stream that notes when it last read or wrote anything.
#[derive(Debug)]
struct Watched {
    inner: TcpStream,
    /// Milliseconds after `started` of the last byte in or out.
    last: Arc<AtomicU64>,
    started: Instant,
}

impl Watched {
    fn touch(&self) {
        self.last
            .store(self.started.elapsed().as_millis() as u64, Ordering::Relaxed);
    }
}

impl tokio::io::AsyncRead for Watched {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let r = std::pin::Pin::new(&mut self.inner).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.touch();
        }
        r
    }
}

impl tokio::io::AsyncWrite for Watched {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        data: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let r = std::pin::Pin::new(&mut self.inner).poll_write(cx, data);
        if matches!(r, std::task::Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        r
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
