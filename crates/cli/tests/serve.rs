//! `domino serve` as a real process: SIGTERM drains (`/readyz` says 503
//! while the node still answers), then the process exits cleanly.
#![cfg(unix)]
#![allow(clippy::unwrap_used)]

use crate::serving;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, ExitStatus};
use std::time::{Duration, Instant};

/// A bare GET on loopback: the status and the body.
fn get(addr: &str, path: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text[9..12].parse().unwrap();
    let body = text.split_once("\r\n\r\n").unwrap().1.to_string();
    (status, body)
}

/// Send the server SIGTERM.
fn sigterm(child: &Child) {
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
}

/// The server's exit status, once it has stopped by itself within 20 s
/// (`when`: what it should have stopped after, for the failure).
fn exit_within(child: &mut Child, when: &str) -> ExitStatus {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(st) = child.try_wait().unwrap() {
            return st;
        }
        assert!(Instant::now() < deadline, "still running {when}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn sigterm_drains_then_stops() {
    let dir = std::env::temp_dir().join(format!("domino-serve-drain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("d.db").display());
    let (mut child, addr) = serving::spawn_serve(&["--db", &db, "--drain", "2s"]);
    assert_eq!(get(&addr, "/readyz").0, 200);

    sigterm(&child);
    let began = Instant::now();
    let (code, body) = loop {
        let (code, body) = get(&addr, "/readyz");
        if code != 200 || began.elapsed() > Duration::from_secs(1) {
            break (code, body);
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(code, 503, "{body}");
    assert!(body.contains("shutting down"), "{body}");
    assert_eq!(
        get(&addr, "/healthz").0,
        200,
        "still answering while draining"
    );

    let status = exit_within(&mut child, "after the drain");
    assert!(status.success(), "{status}");
    assert!(began.elapsed() >= Duration::from_secs(2), "drained first");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A SIGTERM sent the moment the address is printed, while the server
/// still opens its store, is a clean stop, not a kill: the handler is in
/// place before anyone can reach the server. (It used to be installed
/// only when the server began to wait for it, and a signal before that
/// killed the process with no drain.)
#[test]
fn sigterm_at_once_after_the_address_is_a_clean_stop() {
    let dir = std::env::temp_dir().join(format!("domino-serve-early-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("e.db").display());
    let (mut child, _addr) = serving::spawn_serve(&["--db", &db]);
    sigterm(&child);
    let status = exit_within(&mut child, "after SIGTERM");
    assert!(
        status.success(),
        "stopped by the signal, not by itself: {status}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
