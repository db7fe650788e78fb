//! `domino replay`, `domino rules` and `domino bench` as real processes.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use assert_cmd::cargo::cargo_bin_cmd;
use domino_engine::{Match, MoveList, Phase, Rules, Viewer};
use serde_json::{json, Value};

/// A jamaican match: one whole hand and three actions of the next.
fn played() -> Match {
    let mut m = Match::new(Rules::of_preset("jamaican").unwrap(), Some(9), None).unwrap();
    let mut moves = MoveList::new();
    while matches!(m.phase(), Phase::Play | Phase::ChoosePoser) {
        m.legal(&mut moves);
        m.act(moves[0], &mut ()).unwrap();
    }
    m.next_hand(None).unwrap();
    for _ in 0..3 {
        m.legal(&mut moves);
        m.act(moves[0], &mut ()).unwrap();
    }
    m
}

/// A command's output, one JSON value a line.
fn json_lines(out: Vec<u8>) -> Vec<Value> {
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn write(name: &str, v: &Value) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, serde_json::to_string_pretty(v).unwrap()).unwrap();
    path
}

#[test]
fn replay_prints_the_final_state() {
    let m = played();
    let path = write(
        "good-record.json",
        &serde_json::to_value(m.record()).unwrap(),
    );
    let out = cargo_bin_cmd!("domino")
        .arg("replay")
        .arg(&path)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let state: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(state, m.state_json(Viewer::All));
    assert_eq!(state["hand_number"], 2);
}

#[test]
fn replay_reads_stdin() {
    let m = played();
    let rec = serde_json::to_string(&m.record()).unwrap();
    let out = cargo_bin_cmd!("domino")
        .args(["replay", "-"])
        .write_stdin(rec)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let state: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(state, m.state_json(Viewer::All));
}

#[test]
fn replay_names_the_illegal_action() {
    let mut rec = serde_json::to_value(played().record()).unwrap();
    // Jamaican has no boneyard, so a draw is never legal.
    let seat = rec["hands"][1]["actions"][2]["seat"].clone();
    rec["hands"][1]["actions"][2] = json!({"seat": seat, "action": {"type": "draw"}});
    let path = write("illegal-record.json", &rec);
    let out = cargo_bin_cmd!("domino")
        .arg("replay")
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .clone();
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("hand 2, action 2"), "{err}");
    // The reason once, not once per error in the chain.
    assert_eq!(err.matches("illegal action").count(), 1, "{err}");
}

#[test]
fn replay_of_a_missing_file_fails() {
    cargo_bin_cmd!("domino")
        .args(["replay", "/nonexistent/record.json"])
        .assert()
        .code(1);
}

#[test]
fn rules_lists_the_games() {
    let out = cargo_bin_cmd!("domino")
        .arg("rules")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    for p in domino_engine::Preset::EVERY {
        assert!(text.contains(p.name()), "{}", p.name());
        assert!(text.contains(p.summary()), "{}", p.name());
    }
}

#[test]
fn rules_describes_a_game() {
    let out = cargo_bin_cmd!("domino")
        .args(["rules", "jamaican"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("players: 4"));
    assert!(
        text.contains("key_tile  (default true; false, true)"),
        "{text}"
    );
    assert!(text.contains("dominoing with the key tile scores 2"));
}

#[test]
fn rules_lists_the_house_options_the_sources_name() {
    let describe = |game: &str, players: &str| {
        let out = cargo_bin_cmd!("domino")
            .args(["rules", game, "--players", players])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out).unwrap()
    };
    let text = describe("puerto-rican", "4");
    assert!(
        text.contains("pass_points  (default 10; 0 to 1000)"),
        "{text}"
    );
    assert!(describe("cutthroat", "3").contains("sporting  (default false"));
    let text = describe("chiva", "4");
    for o in [
        "sporting",
        "playoff",
        "tie_replays",
        "blocked  (default team_total; team_total, lowest_player)",
    ] {
        assert!(text.contains(o), "{o}: {text}");
    }
    assert!(describe("draw", "4").contains("both_partners_out  (default false"));
    assert!(describe("all-fives", "2").contains("muggins_by  (default next; next, any)"));
    let text = describe("club-fives", "2");
    assert!(
        text.contains("skunk  (default 0; 0 to 1000, no_skunk, double_game)"),
        "{text}"
    );
}

#[test]
fn rules_json_matches_the_protocol() {
    let out = cargo_bin_cmd!("domino")
        .args(["rules", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let list: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(list.as_array().unwrap().len(), 14);
    let out = cargo_bin_cmd!("domino")
        .args(["rules", "club-fives", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let one: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(one, list[11]);
    let out = cargo_bin_cmd!("domino")
        .args(["rules", "chicken-foot", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let one: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(one, list[13]);
}

#[test]
fn rules_describes_the_trains_family() {
    let out = cargo_bin_cmd!("domino")
        .args(["rules", "mexican-train", "--players", "8"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("mexican-train: "), "{text}");
    assert!(text.contains("players: 2-8 (default 4)"), "{text}");
    for option in ["mexican_train", "open_trains_start", "first_turn"] {
        assert!(text.contains(option), "{option}: {text}");
    }
    cargo_bin_cmd!("domino")
        .args(["rules", "chicken-foot", "--players", "9"])
        .assert()
        .code(2);
}

#[test]
fn bench_plays_the_trains_family() {
    for (game, players) in [("mexican-train", "4"), ("chicken-foot", "8")] {
        let out = cargo_bin_cmd!("domino")
            .args([
                "bench",
                "--preset",
                game,
                "--players",
                players,
                "--hands",
                "20",
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let lines = json_lines(out);
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0]["preset"], game);
        assert_eq!(lines[0]["players"].to_string(), players);
        assert!(
            lines[0]["actions_per_hand"].as_f64().unwrap() > 4.0,
            "{}",
            lines[0]
        );
    }
}

#[test]
fn rules_refuses_an_unknown_game() {
    let out = cargo_bin_cmd!("domino")
        .args(["rules", "nope"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("nope") && err.contains("jamaican") && err.contains("club-fives"));
}

/// `domino rules --how GAME` prints how to play, in `--lang` or the
/// environment's language.
#[test]
fn rules_how_prints_how_to_play_in_the_chosen_language() {
    let how = |args: &[&str], lang: &str| {
        let out = cargo_bin_cmd!("domino")
            .args(args)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", lang)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out).unwrap()
    };
    let en = how(&["rules", "--how", "jamaican"], "C.UTF-8");
    assert!(en.starts_with("How to play: "), "{en}");
    for heading in [
        "The aim",
        "The deal",
        "Your turn",
        "Scoring",
        "Winning the match",
    ] {
        assert!(en.contains(&format!("\n{heading}\n")), "{heading}: {en}");
    }
    assert!(en.contains("six-love"), "{en}");
    let es = how(&["rules", "--how", "puerto-rican"], "es_PR.UTF-8");
    assert!(es.starts_with("Cómo se juega: "), "{es}");
    assert!(es.contains("capicú") && es.contains("tranque"), "{es}");
    let fr = how(&["rules", "--how", "french", "--lang", "fr"], "es_PR.UTF-8");
    assert!(fr.starts_with("Comment jouer : "), "{fr}");
    assert!(fr.contains("boudez"), "{fr}");

    let out = cargo_bin_cmd!("domino")
        .args(["rules", "--how", "jamaican", "--lang", "de"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("no language `de`"), "{err}");
}

#[test]
fn bench_prints_one_json_line() {
    let out = cargo_bin_cmd!("domino")
        .args(["bench", "--hands", "1000"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 1);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["preset"], "jamaican");
    assert_eq!(v["players"], 4);
    assert_eq!(v["hands"], 1000);
    for k in ["seconds", "hands_per_sec", "actions_per_hand"] {
        assert!(v[k].is_number(), "{k}");
    }
}

#[test]
fn bench_runs_report_the_median_and_compare_with_a_baseline() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let before = dir.join("bench-baseline.jsonl");
    // Only cross is in the baseline: the draw game's line has no change.
    std::fs::write(
        &before,
        "{\"preset\":\"cross\",\"players\":4,\"hands_per_sec\":1000}\n",
    )
    .unwrap();
    let out = cargo_bin_cmd!("domino")
        .args([
            "bench",
            "--all",
            "--hands",
            "50",
            "--runs",
            "3",
            "--baseline",
        ])
        .arg(&before)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines = json_lines(out);
    assert_eq!(lines.len(), domino_engine::Preset::EVERY.len());
    for v in &lines {
        assert_eq!(v["runs"], 3);
        let (min, mid, max) = (
            v["min_hands_per_sec"].as_u64().unwrap(),
            v["hands_per_sec"].as_u64().unwrap(),
            v["max_hands_per_sec"].as_u64().unwrap(),
        );
        assert!(min <= mid && mid <= max, "{v}");
        let compared = v["preset"] == "cross";
        assert_eq!(v.get("baseline_hands_per_sec").is_some(), compared, "{v}");
        if compared {
            assert_eq!(v["baseline_hands_per_sec"], 1000);
            let change = v["change_percent"].as_f64().unwrap();
            let expected = 100.0 * (mid as f64 / 1000.0 - 1.0);
            assert!((change - expected).abs() <= 0.05, "{change} {expected}");
        }
    }

    // A baseline that is not bench output fails before any timing, naming
    // the file and the line.
    let bad = dir.join("bench-bad-baseline.jsonl");
    std::fs::write(&bad, "{\"preset\":\"cross\"}\n").unwrap();
    let out = cargo_bin_cmd!("domino")
        .args(["bench", "--hands", "5", "--baseline"])
        .arg(&bad)
        .assert()
        .failure()
        .get_output()
        .clone();
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("bench-bad-baseline.jsonl") && err.contains("line 1"),
        "{err}"
    );
    cargo_bin_cmd!("domino")
        .args(["bench", "--runs", "0"])
        .assert()
        .code(2);
}

#[test]
fn bench_all_prints_every_game() {
    let out = cargo_bin_cmd!("domino")
        .args(["bench", "--all", "--hands", "20"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let presets: Vec<Value> = json_lines(out)
        .into_iter()
        .map(|v| v["preset"].clone())
        .collect();
    let names: Vec<Value> = domino_engine::Preset::EVERY
        .iter()
        .map(|p| json!(p.name()))
        .collect();
    assert_eq!(presets, names);
}
