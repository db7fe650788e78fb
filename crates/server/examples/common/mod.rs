//! What the load examples (load.rs, soak.rs, pairload.rs) share: their
//! flags, reading a process's figures from /proc, a bare HTTP request, the
//! server's limits lifted, percentiles, and an allocator that counts the heap.
#![allow(dead_code)] // Each example uses its own part of this module.

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The value after the flag `name`, or `default`.
pub fn arg(name: &str, default: &str) -> String {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| default.to_string())
}

/// Whether the flag `name` is given.
pub fn flag(name: &str) -> bool {
    std::env::args().any(|a| a == name)
}

/// A comma-separated flag's values.
pub fn list(name: &str, default: &str) -> Vec<String> {
    arg(name, default)
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// A `/proc/PID/status` field in KiB (`VmRSS`, `VmHWM`); `pid` may be
/// `self`.
pub fn status_kb(pid: &str, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
                .and_then(|l| l.split_whitespace().next()?.parse().ok())
        })
        .unwrap_or(0)
}

/// A process's CPU time so far (user + system), from /proc.
pub fn cpu_secs(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command name (which may hold spaces).
    let rest = stat.rsplit_once(')').map_or("", |x| x.1);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = [11, 12]
        .iter()
        .filter_map(|&i| f.get(i)?.parse::<f64>().ok())
        .sum();
    ticks / 100.0
}

/// The machine's load averages (1, 5 and 15 minutes).
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// The element at fraction `p` of a sorted list.
pub fn pct<T: Copy>(sorted: &[T], p: f64) -> Option<T> {
    let last = sorted.len().checked_sub(1)?;
    sorted.get((last as f64 * p).round() as usize).copied()
}

/// A bare HTTP/1.1 request (`Connection: close`) with `headers` and an
/// optional JSON body: the status and the body, `None` when the server
/// cannot be reached.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
    body: Option<&serde_json::Value>,
) -> Option<(u16, String)> {
    let mut s = tokio::net::TcpStream::connect(addr).await.ok()?;
    let body = body.map(serde_json::Value::to_string).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{headers}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.ok()?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.ok()?;
    let text = String::from_utf8_lossy(&buf);
    let status = text.get(9..12)?.parse().ok()?;
    Some((status, text.split_once("\r\n\r\n")?.1.to_string()))
}

/// The server's limits lifted: one process on one address plays every
/// table of a benchmark.
pub fn no_limits() -> Arc<domino_server::limits::Limits> {
    Arc::new(domino_server::limits::Limits {
        tables_per_client: usize::MAX,
        tables_per_address: usize::MAX,
        creates_per_minute: u32::MAX,
        messages_per_second: u32::MAX,
        message_burst: u32::MAX,
        sockets_per_address: usize::MAX,
        sockets: usize::MAX,
        connections_per_address: usize::MAX,
        connections: usize::MAX,
        ..domino_server::limits::Limits::DEFAULT
    })
}

/// The system allocator, counting what it allocates and frees: a
/// process's own heap, without the allocator's free lists and
/// fragmentation that its resident memory also holds. An example that
/// wants the count makes it its `#[global_allocator]`.
pub static COUNTING: &stats_alloc::StatsAlloc<std::alloc::System> =
    &stats_alloc::INSTRUMENTED_SYSTEM;

/// Heap bytes in use now (with [`COUNTING`] as the global allocator).
pub fn heap_live() -> usize {
    // (A reallocation's growth or shrinking is in these two already.)
    let s = COUNTING.stats();
    s.bytes_allocated.saturating_sub(s.bytes_deallocated)
}
