//! `domino puzzles generate` writes a set that `domino puzzles verify`
//! proves again, and verify fails a puzzle whose answer is not the one.
#![allow(clippy::unwrap_used)]

use assert_cmd::cargo::cargo_bin_cmd;
use serde_json::Value;

fn generate(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("set.jsonl");
    let out = cargo_bin_cmd!("domino")
        .args([
            "puzzles",
            "generate",
            "--games",
            "jamaican,french",
            "--count",
            "2",
        ])
        .args([
            "--bots",
            "heuristic",
            "--tries",
            "1",
            "--expert-tries",
            "0",
            "-o",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("4 puzzles from"), "{stderr}");
    path
}

#[test]
fn a_generated_set_verifies_and_a_changed_answer_fails() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path());
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 4);
    let out = cargo_bin_cmd!("domino")
        .args(["puzzles", "verify"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("4 puzzles, 4 proved, 0 failed"), "{stdout}");

    // Give the first puzzle another of its plays as its answer.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut p: Value = serde_json::from_str(&lines[0]).unwrap();
    let answer = p["answer"].clone();
    let other = p["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["action"].clone())
        .find(|a| *a != answer)
        .unwrap();
    p["answer"] = other;
    lines[0] = p.to_string();
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let out = cargo_bin_cmd!("domino")
        .args(["puzzles", "verify"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("the answer is"), "{stdout}");
    assert!(stdout.contains("4 puzzles, 3 proved, 1 failed"), "{stdout}");
}
