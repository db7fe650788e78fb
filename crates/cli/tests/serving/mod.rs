//! `domino serve` as a real process for the tests that signal it.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// Start `domino serve --addr 127.0.0.1:0` with `args`; the process and
/// the address it serves on (its log line "serving on http://ADDR" names
/// the port it got). The log keeps being read so the server never blocks
/// on a full pipe.
pub fn spawn_serve(args: &[&str]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_domino"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(args)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let addr = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|l| l.split("serving on http://").nth(1).map(str::to_string))
        .unwrap();
    // DOMINO_TEST_NODE_LOG=1 shows each server's log, after its address.
    let show = std::env::var_os("DOMINO_TEST_NODE_LOG").is_some();
    let tag = addr.clone();
    std::thread::spawn(move || {
        for l in lines.map_while(Result::ok) {
            if show {
                eprintln!("[{tag}] {l}");
            }
        }
    });
    (child, addr)
}
