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

/// Jamaican matches between the random and heuristic levels (mistakes make
/// puzzles), as records.
fn records(seeds: std::ops::Range<u64>) -> Vec<domino_engine::record::Record> {
    use domino_bots::{by_name, play_match, BotConfig};
    seeds
        .map(|seed| {
            let rules = domino_engine::RulesSpec::preset("jamaican")
                .resolve()
                .unwrap();
            let mut m = domino_engine::Match::new(rules, Some(seed), None).unwrap();
            let mut bots: Vec<_> = ["random", "heuristic", "random", "heuristic"]
                .iter()
                .map(|b| by_name(b, BotConfig::default()).unwrap())
                .collect();
            play_match(&mut m, &mut bots, 4).unwrap();
            m.record()
        })
        .collect()
}

/// Mine `source` (the flags naming the matches) into a set, verify it and
/// give its puzzles.
fn mine_recorded(dir: &std::path::Path, source: &[&str], count: usize) -> Vec<Value> {
    let path = dir.join("recorded.jsonl");
    let out = cargo_bin_cmd!("domino")
        .args(["puzzles", "generate", "--count", &count.to_string()])
        .args(source)
        .args(["--tries", "1", "--expert-tries", "0", "-o"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("puzzles from"), "{stderr}");
    assert!(stderr.contains("jamaican"), "{stderr}");
    let out = cargo_bin_cmd!("domino")
        .args(["puzzles", "verify"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("proved, 0 failed"), "{stdout}");
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn puzzles_are_mined_from_record_files_and_a_bad_line_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("matches.jsonl");
    let lines: Vec<String> = records(1..6)
        .iter()
        .map(|r| serde_json::to_string(r).unwrap())
        .collect();
    std::fs::write(&file, lines.join("\n")).unwrap();
    let set = mine_recorded(dir.path(), &["--records", file.to_str().unwrap()], 3);
    assert_eq!(set.len(), 3);
    for p in &set {
        assert!(p["from"]["hands"].is_array(), "{p}");
        assert!(p["id"].as_str().unwrap().starts_with("jamaican-"), "{p}");
    }

    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, format!("{}\n{{\"format\": 1}}\n", lines[0])).unwrap();
    let out = cargo_bin_cmd!("domino")
        .args(["puzzles", "generate", "--records"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("bad.jsonl line 2"), "{stderr}");
}

#[test]
fn puzzles_are_mined_from_a_servers_finished_matches_but_not_its_private_ones() {
    use domino_store::{Store, TableRow};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("domino.db");
    let url = format!("sqlite://{}", db.display());
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let store = Store::connect(&url).await.unwrap();
        for (i, rec) in records(1..6).iter().enumerate() {
            let id = format!("t{i}");
            let row = TableRow {
                id: id.clone(),
                created_at: 1,
                rules: rec.rules.clone(),
                secret: "00".repeat(32),
                bot: "heuristic".to_string(),
                // The last is a private table: never mined.
                private: i == 4,
                humans: 1,
                seats: None,
                clock: None,
            };
            store.tables().create_table(&row).await.unwrap();
            store
                .tables()
                .finish(&id, "node-a", 10 + i as i64, rec)
                .await
                .unwrap();
        }
    });
    // Enough puzzles asked that every match is mined.
    let set = mine_recorded(dir.path(), &["--store", &url], 1000);
    // An id no longer names its match: each match is known by its seed
    // (table `t{i}` was dealt from seed i + 1; `t4`, seed 5, is private).
    let matches: std::collections::BTreeSet<u64> = set
        .iter()
        .map(|p| p["from"]["seed"].as_u64().unwrap())
        .collect();
    assert!(matches.len() >= 2, "{matches:?}");
    assert!(!matches.contains(&5), "a private match was mined");

    let out = cargo_bin_cmd!("domino")
        .args(["puzzles", "generate", "--store"])
        .arg(format!(
            "sqlite://{}",
            dir.path().join("nothing.db").display()
        ))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no database at"), "{stderr}");
}
