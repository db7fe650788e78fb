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

/// `domino ladder` rates the five levels of a game and keeps one entry per
/// game in the ladder file.
#[test]
fn ladder_rates_the_levels_into_the_file() {
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ladder-test.json");
    let _ = std::fs::remove_file(&path);
    for preset in ["block", "block", "jamaican"] {
        let out = cargo_bin_cmd!("domino")
            .args([
                "ladder",
                "--preset",
                preset,
                "--players",
                "2",
                "--deals",
                "30",
            ])
            .args(["--expert-deals", "2", "--budget-ms", "5", "--json", "--out"])
            .arg(&path)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        if preset == "jamaican" {
            // Jamaican is for four: a usage error, and the file is untouched.
            assert_eq!(out.status.code(), Some(2), "{err}");
            continue;
        }
        assert!(out.status.success(), "{err}");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["preset"], "block");
        let levels = v["levels"].as_array().unwrap();
        let names: Vec<&str> = levels.iter().map(|l| l["bot"].as_str().unwrap()).collect();
        assert_eq!(names, ["random", "heavy", "count", "heuristic", "expert"]);
        for l in levels {
            let (low, r, high) = (
                l["low"].as_f64().unwrap(),
                l["rating"].as_f64().unwrap(),
                l["high"].as_f64().unwrap(),
            );
            assert!(low < r && r < high, "{l}");
        }
        // Neighbours and levels two apart: 4 + 3 pairings.
        assert_eq!(v["pairings"].as_array().unwrap().len(), 7);
        assert_eq!(v["pairings"][0]["deals"], 30);
        assert_eq!(v["pairings"][3]["deals"], 2, "heuristic vs expert");
    }
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(file["format"], "domino-ladder/1");
    assert_eq!(
        file["games"].as_array().unwrap().len(),
        1,
        "one entry per game"
    );
}
