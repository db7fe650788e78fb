//! `domino arena` as a real process.
#![allow(clippy::unwrap_used)]

use assert_cmd::cargo::cargo_bin_cmd;
use serde_json::Value;

#[test]
fn arena_reports_both_bots_as_json() {
    let out = cargo_bin_cmd!("domino")
        .args(["arena", "--preset", "jamaican", "--bots", "heavy,random"])
        .args(["--hands", "4", "--seed", "3", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["deals"], 4);
    assert_eq!(v["hands"], 8);
    assert_eq!(v["metric"], "win_rate");
    assert_eq!(v["bots"][0]["bot"], "heavy");
    let a = v["bots"][0]["mean"].as_f64().unwrap();
    let b = v["bots"][1]["mean"].as_f64().unwrap();
    assert!((a + b - 1.0).abs() < 1e-9, "win rates add up: {a} + {b}");
}

#[test]
fn arena_text_for_a_points_game_and_bad_bots() {
    let out = cargo_bin_cmd!("domino")
        .args([
            "arena",
            "--preset",
            "all-fives",
            "--bots",
            "count,heuristic",
        ])
        .args(["--hands", "3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("points per hand"), "{text}");
    assert!(text.contains("count minus heuristic"), "{text}");
    let bad = cargo_bin_cmd!("domino")
        .args(["arena", "--bots", "count,oracle", "--hands", "1"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("oracle"));
}
