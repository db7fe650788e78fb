//! `domino solve` and `domino analyze` as real processes.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use assert_cmd::cargo::cargo_bin_cmd;
use domino_bots::analysis::{record_position, Analyst};
use domino_bots::solver::{Position, Solver};
use domino_bots::{by_name, BotConfig};
use domino_engine::{Match, MoveList, Phase, Record, Rules, RulesSpec};
use serde_json::{json, Value};

fn write(name: &str, v: &Value) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, serde_json::to_string_pretty(v).unwrap()).unwrap();
    path
}

/// A match of at most `hands` hands between heuristic and random bots.
fn bot_match(rules: Rules, seed: u64, hands: usize) -> Match {
    let mut m = Match::new(rules, Some(seed), None).unwrap();
    let mut bots: Vec<_> = (0..rules.players())
        .map(|s| {
            let name = if s % 2 == 0 { "heuristic" } else { "random" };
            let config = BotConfig {
                seed: seed + u64::from(s),
                budget_ms: 10,
            };
            by_name(name, config).unwrap()
        })
        .collect();
    domino_bots::play_match(&mut m, &mut bots, hands as u32).unwrap();
    m
}

/// Run the binary; (exit code, stdout, stderr).
fn run(args: &[&str], stdin: Option<String>) -> (i32, String, String) {
    let mut cmd = cargo_bin_cmd!("domino");
    cmd.args(args);
    if let Some(s) = stdin {
        cmd.write_stdin(s);
    }
    let out = cmd.output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("panicked"), "{err}");
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        err,
    )
}

fn json_of(args: &[&str], stdin: Option<String>) -> Value {
    let (code, out, err) = run(args, stdin);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// A small block-game puzzle given by the tiles held: three tiles each,
/// seat 0 to pose.
fn puzzle() -> Value {
    json!({
        "rules": {"preset": "block", "players": 2, "options": {"hand_size": 3}},
        "hands": [["6-6", "6-5", "2-1"], ["6-4", "5-5", "1-0"]],
        "to_act": 0
    })
}

#[test]
fn solve_a_puzzle_given_by_the_tiles_held() {
    let path = write("puzzle.json", &puzzle());
    let v = json_of(&["solve", path.to_str().unwrap(), "--json"], None);
    assert_eq!(v["objective"], "points");
    assert_eq!(v["to_act"], 0);
    let actions = v["actions"].as_array().unwrap();
    assert_eq!(actions.len(), 3);
    // Posing 6-6 loses least: the line blocks the game with seat 0 left
    // holding 2-1 against seat 1's 1-0.
    let best: Vec<&Value> = actions.iter().filter(|a| a["best"] == true).collect();
    assert_eq!(best.len(), 1);
    assert_eq!(best[0]["action"], json!({"type": "play", "tile": "6-6"}));
    assert_eq!(best[0]["value"], v["value"]);
    assert_eq!(v["line"][0]["action"], best[0]["action"]);
    // The line ends the hand with the points the value says.
    let points = v["result"]["points"].as_array().unwrap();
    let diff = points[0].as_i64().unwrap() - points[1].as_i64().unwrap();
    assert_eq!(json!(diff), v["value"]);
    // The same as text, from stdin.
    let (code, text, _) = run(&["solve", "-"], Some(puzzle().to_string()));
    assert_eq!(code, 0);
    assert!(text.contains("seat 0 to move"), "{text}");
    assert!(text.contains("pose 6-6"), "{text}");
    assert!(text.contains("best"), "{text}");
    assert!(text.contains("result: "), "{text}");
}

#[test]
fn solve_agrees_with_the_solver_on_a_deal() {
    let rules = Rules::of_preset("jamaican").unwrap();
    let m = bot_match(rules, 4, 1);
    let rec = m.record();
    let hand = &rec.hands[0];
    // The position after 12 actions, given as the deal and the actions.
    let k = 12;
    let pos_json = json!({
        "rules": rec.rules,
        "deal": hand.deal,
        "actions": hand.actions[..k],
    });
    let v = json_of(&["solve", "-", "--json"], Some(pos_json.to_string()));
    let pos = record_position(&rec, 1, k).unwrap();
    let want = Solver::new(16).solve(&pos).unwrap().value;
    assert_eq!(v["value"], want);
    assert_eq!(v["outcome"], ["loss", "tie", "win"][(want + 1) as usize]);
    assert_eq!(v["to_act"], pos.hand.to_act());
    // And from the record itself.
    let path = write("solve-record.json", &serde_json::to_value(&rec).unwrap());
    let p = path.to_str().unwrap();
    let r = json_of(
        &[
            "solve", "--record", p, "--hand", "1", "--action", "12", "--json",
        ],
        None,
    );
    assert_eq!(r["value"], v["value"]);
    assert_eq!(r["actions"], v["actions"]);
}

#[test]
fn solve_a_points_game_from_a_record() {
    let mut spec = RulesSpec::preset("all-fives");
    spec.players = Some(2);
    let rules = spec.resolve().unwrap();
    let m = bot_match(rules, 2, 1);
    let rec = m.record();
    let path = write("solve-fives.json", &serde_json::to_value(&rec).unwrap());
    let k = rec.hands[0].actions.len() / 2;
    let v = json_of(
        &[
            "solve",
            "--record",
            path.to_str().unwrap(),
            "--hand",
            "1",
            "--action",
            &k.to_string(),
            "--json",
        ],
        None,
    );
    let pos: Position = record_position(&rec, 1, k).unwrap();
    let side = rules.side_of(pos.hand.to_act());
    let vals = Analyst::new(16, None).values(&pos, side).unwrap();
    let best = vals.iter().map(|(_, v)| *v).max().unwrap();
    assert_eq!(v["value"], best);
    assert_eq!(v["objective"], "points");
    assert!(v["so_far"].is_number());
    assert_eq!(v["actions"].as_array().unwrap().len(), vals.len());
}

/// Solve a bad position: exit 2 and a message containing `want`.
fn refused(pos: &Value, want: &str) {
    let (code, out, err) = run(&["solve", "-"], Some(pos.to_string()));
    assert_eq!(code, 2, "{want}: {err}");
    assert!(out.is_empty());
    assert!(err.contains(want), "wanted `{want}` in: {err}");
}

#[test]
fn solve_names_what_is_wrong() {
    let mut p = puzzle();
    p["hands"][1] = json!(["6-4", "5-5"]);
    refused(&p, "seat 1 holds 2 tiles");
    let mut p = puzzle();
    p["hands"][1] = json!(["6-4", "5-5", "6-6"]);
    refused(&p, "tile 6-6 is given twice");
    let mut p = puzzle();
    p["hands"][0] = json!(["6-6", "6-5", "9-9"]);
    refused(&p, "9-9");
    let mut p = puzzle();
    p["actions"] = json!([{"seat": 0, "action": {"type": "play", "tile": "2-1"}},
                          {"seat": 1, "action": {"type": "play", "tile": "6-4", "end": 0}}]);
    p["hands"] = json!([["6-6", "6-5"], ["5-5", "1-0"]]);
    refused(&p, "action 1 (seat 1, play 6-4 on end 0): illegal");
    let mut p = puzzle();
    p["actions"] = json!([{"seat": 1, "action": {"type": "play", "tile": "6-4"}}]);
    p["hands"] = json!([["6-6", "6-5", "2-1"], ["5-5", "1-0"]]);
    p["to_act"] = json!(1);
    refused(&p, "to_act says seat 1");
    let mut p = puzzle();
    p["rules"]["preset"] = json!("draw");
    let all: Vec<String> = Rules::of_preset("jamaican")
        .unwrap()
        .tiles()
        .iter()
        .map(|t| t.to_string())
        .filter(|t| !["6-6", "6-5", "2-1", "6-4", "5-5", "1-0", "3-3"].contains(&t.as_str()))
        .collect();
    p["boneyard"] = json!(all);
    refused(&p, "tile 3-3 is missing");
    let mut p = puzzle();
    p["hands"] = json!([["6-6", "6-5", "2-1"]]);
    refused(&p, "the position has 1 hand");
    let mut p = puzzle();
    p["hnads"] = p["hands"].take();
    refused(&p, "unknown field `hnads`");
    let mut p = puzzle();
    p["rules"]["preset"] = json!("dominos");
    refused(&p, "unknown preset `dominos`");
    refused(&json!("not a position"), "the position is not valid");
    // A deal with a tile missing.
    let rules = Rules::of_preset("jamaican").unwrap();
    let rec = Match::new(rules, Some(3), None).unwrap().record();
    let mut deal = serde_json::to_value(&rec.hands[0].deal).unwrap();
    deal["hands"][0].as_array_mut().unwrap().pop();
    refused(
        &json!({"rules": {"preset": "jamaican"}, "deal": deal}),
        "is missing from the deal",
    );
    // Not a file, and a record position that does not exist.
    let (code, _, err) = run(&["solve", "/nonexistent/position.json"], None);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    let path = write("solve-short.json", &serde_json::to_value(&rec).unwrap());
    let (code, _, err) = run(
        &["solve", "--record", path.to_str().unwrap(), "--hand", "3"],
        None,
    );
    assert_eq!(code, 2);
    assert!(err.contains("no hand 3"), "{err}");
    let (code, _, _) = run(&["solve"], None);
    assert_eq!(code, 2);
}

/// A jamaican record whose last-but-some action throws a won hand away.
fn record_with_a_blunder() -> (Record, usize, u8) {
    let rules = Rules::of_preset("jamaican").unwrap();
    let mut analyst = Analyst::new(16, None);
    let mut legal = MoveList::new();
    for seed in 0..200 {
        let mut m = Match::new(rules, Some(seed), None).unwrap();
        let mut pos = Position::new(*m.hand(), 1);
        while m.phase() == Phase::Play {
            let tiles: u32 = (0..4).map(|s| pos.hand.hand(s).len()).sum();
            if tiles <= 14 {
                let side = rules.side_of(pos.hand.to_act());
                let vals = analyst.values(&pos, side).unwrap();
                let win = vals.iter().any(|(_, v)| *v == 1);
                if let (true, Some(&(lose, _))) = (win, vals.iter().find(|(_, v)| *v == -1)) {
                    let index = m.history().len();
                    let seat = pos.hand.to_act();
                    m.act(lose, &mut ()).unwrap();
                    while m.phase() == Phase::Play {
                        m.legal(&mut legal);
                        m.act(legal[0], &mut ()).unwrap();
                    }
                    return (m.record(), index, seat);
                }
            }
            m.legal(&mut legal);
            let a = legal[0];
            pos.apply(m.hand().check(a).unwrap());
            m.act(a, &mut ()).unwrap();
        }
    }
    panic!("no blunder found");
}

#[test]
fn analyze_marks_the_blunder() {
    let (rec, index, seat) = record_with_a_blunder();
    let path = write("blunder.json", &serde_json::to_value(&rec).unwrap());
    let p = path.to_str().unwrap();
    let v = json_of(&["analyze", p, "--json", "--no-expert"], None);
    assert_eq!(v["format"], "domino-analysis/1");
    assert_eq!(v["objective"], "outcome");
    assert_eq!(v["blunder"], 1);
    assert!(v["expert"].is_null());
    let decisions = v["hands"][0]["decisions"].as_array().unwrap();
    let d = decisions.iter().find(|d| d["index"] == index).unwrap();
    assert_eq!(d["seat"], seat);
    assert_eq!(d["value"], -1);
    assert_eq!(d["best_value"], 1);
    assert_eq!(d["cost"], 2);
    assert_eq!(d["blunder"], true);
    let s = &v["seats"][seat as usize];
    assert!(s["blunders"].as_u64().unwrap() >= 1);
    assert!(s["total_cost"].as_i64().unwrap() >= 2);
    // The text marks it too, with the expert asked.
    let (code, text, err) = run(&["analyze", p, "--budget-ms", "20", "--samples", "4"], None);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("BLUNDER"), "{text}");
    assert!(text.contains("expert agreed"), "{text}");
    let line = text
        .lines()
        .find(|l| l.contains("BLUNDER") && l.trim_start().starts_with(&format!("{index} ")))
        .unwrap_or_else(|| panic!("no blunder line for action {index}:\n{text}"));
    assert!(line.contains("loss") && line.contains("win"), "{line}");
}

#[test]
fn analyze_a_whole_match_with_the_expert() {
    let rules = Rules::of_preset("jamaican").unwrap();
    let rec = bot_match(rules, 11, 2).record();
    let path = write("analyze-match.json", &serde_json::to_value(&rec).unwrap());
    let v = json_of(
        &[
            "analyze",
            path.to_str().unwrap(),
            "--json",
            "--budget-ms",
            "20",
            "--samples",
            "4",
            "--seed",
            "9",
        ],
        None,
    );
    assert_eq!(v["hands"].as_array().unwrap().len(), rec.hands.len());
    assert_eq!(v["expert"]["budget_ms"], 20);
    let mut n = 0;
    for h in v["hands"].as_array().unwrap() {
        for d in h["decisions"].as_array().unwrap() {
            n += 1;
            assert!(d["expert"].is_object(), "{d}");
            let values = d["values"].as_array().unwrap();
            assert!(values.len() > 1);
            assert!(d["cost"].as_i64().unwrap() >= 0);
            assert!(values.iter().any(|x| x["action"] == d["played"]));
        }
    }
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    let total: u64 = seats.iter().map(|s| s["decisions"].as_u64().unwrap()).sum();
    assert_eq!(total, n);
    assert_eq!(
        seats
            .iter()
            .map(|s| s["expert_asked"].as_u64().unwrap())
            .sum::<u64>(),
        n
    );
}

#[test]
fn analyze_a_points_game_from_stdin() {
    let mut spec = RulesSpec::preset("puerto-rican");
    spec.players = Some(4);
    let rules = spec.resolve().unwrap();
    let rec = bot_match(rules, 3, 2).record();
    let v = json_of(
        &["analyze", "-", "--json", "--no-expert", "--blunder", "15"],
        Some(serde_json::to_string(&rec).unwrap()),
    );
    assert_eq!(v["objective"], "points");
    assert_eq!(v["blunder"], 15);
    for d in v["hands"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|h| h["decisions"].as_array().unwrap())
    {
        let cost = d["cost"].as_i64().unwrap();
        assert_eq!(d["blunder"], cost >= 15);
    }
}

#[test]
fn analyze_refuses_bad_records() {
    let (code, _, err) = run(&["analyze", "-"], Some("{\"format\": 1}".to_string()));
    assert_eq!(code, 2);
    assert!(err.contains("not a domino-record/1 match record"), "{err}");
    let (code, _, err) = run(&["analyze", "/nonexistent/record.json"], None);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    // Jamaican has no boneyard, so a draw is never legal.
    let rules = Rules::of_preset("jamaican").unwrap();
    let mut rec = serde_json::to_value(bot_match(rules, 5, 1).record()).unwrap();
    let seat = rec["hands"][0]["actions"][3]["seat"].clone();
    rec["hands"][0]["actions"][3] = json!({"seat": seat, "action": {"type": "draw"}});
    let (code, out, err) = run(&["analyze", "-", "--no-expert"], Some(rec.to_string()));
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("hand 1, action 3"), "{err}");
    let (code, _, _) = run(&["analyze", "-", "--blunder", "0"], Some(rec.to_string()));
    assert_eq!(code, 2);
}

/// With the boneyard's order unknown and draws still possible, `solve`
/// averages over the orders: every order when there are few (an exact
/// mean, checked here against solving each order by hand), a seeded sample
/// with standard errors otherwise.
#[test]
fn solve_averages_over_unknown_boneyard_orders() {
    // Draw game for five, five tiles each: three in the boneyard, 6 orders.
    let mut spec = RulesSpec::preset("draw");
    spec.players = Some(5);
    spec.options.insert("hand_size".into(), json!(5));
    let rules = spec.resolve().unwrap();
    let m = Match::new(rules, Some(11), None).unwrap();
    let deal = m.deal().to_spec(5);
    let hands: Vec<Vec<String>> = deal
        .hands
        .iter()
        .map(|h| h.iter().map(|t| t.to_string()).collect())
        .collect();
    let seat = m.to_act().unwrap();
    let p = json!({
        "rules": {"preset": "draw", "players": 5, "options": {"hand_size": 5}},
        "hands": hands,
        "to_act": seat,
    });
    let path = write("solve-unknown-few.json", &p);
    let v = json_of(&["solve", path.to_str().unwrap(), "--json"], None);
    assert_eq!(v["boneyard"]["known"], json!(false));
    assert_eq!(v["boneyard"]["orders"], json!(6));
    assert_eq!(v["boneyard"]["solved"], json!(6));
    assert_eq!(v["boneyard"]["sampled"], json!(false));
    assert!(v.get("std_error").is_none());
    // The mean of each action over the 6 orders, solved one by one.
    let rest: Vec<domino_engine::Tile> = deal.boneyard.clone();
    let mut orders = Vec::new();
    permute(&rest, &mut Vec::new(), &mut orders);
    assert_eq!(orders.len(), 6);
    let side = rules.side_of(seat);
    let mut sums = std::collections::HashMap::new();
    for order in &orders {
        let mut d = deal.clone();
        d.boneyard = order.clone();
        let dealt = domino_engine::Deal::from_spec(&rules, &d).unwrap();
        let hand =
            domino_engine::Hand::new(&rules, &dealt, seat, domino_engine::TileSet(u128::MAX));
        let pos = Position::new(hand, 1);
        for (a, x) in Analyst::new(16, None).values(&pos, side).unwrap() {
            *sums.entry(a).or_insert(0.0) += f64::from(x) / 6.0;
        }
    }
    for a in v["actions"].as_array().unwrap() {
        let key: domino_engine::Action = serde_json::from_value(a["action"].clone()).unwrap();
        let want = sums[&key];
        assert!((a["value"].as_f64().unwrap() - want).abs() < 1e-9, "{key}");
    }
    let (code, text, _) = run(&["solve", path.to_str().unwrap()], None);
    assert_eq!(code, 0);
    assert!(
        text.contains("the mean over all 6 boneyard orders"),
        "{text}"
    );

    // Three tiles each: 22 in the boneyard, far too many orders to solve.
    let mut p = puzzle();
    p["rules"]["preset"] = json!("draw");
    let path = write("solve-unknown-many.json", &p);
    let args = [
        "solve",
        path.to_str().unwrap(),
        "--json",
        "--samples",
        "50",
        "--seed",
        "3",
    ];
    let v = json_of(&args, None);
    assert_eq!(v["boneyard"]["sampled"], json!(true));
    assert_eq!(v["boneyard"]["solved"], json!(50));
    assert_eq!(v["boneyard"]["seed"], json!(3));
    assert!(v["boneyard"]["orders"].is_null(), "22! is past u64");
    assert!(v["std_error"].as_f64().unwrap() >= 0.0);
    assert!(v["actions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["std_error"].is_number()));
    // The same seed gives the same estimate.
    assert_eq!(json_of(&args, None)["value"], v["value"]);
    let (code, text, _) = run(&["solve", path.to_str().unwrap(), "--samples", "20"], None);
    assert_eq!(code, 0);
    assert!(text.contains("standard error"), "{text}");
}

fn permute(
    rest: &[domino_engine::Tile],
    acc: &mut Vec<domino_engine::Tile>,
    out: &mut Vec<Vec<domino_engine::Tile>>,
) {
    if rest.is_empty() {
        out.push(acc.clone());
        return;
    }
    for i in 0..rest.len() {
        let mut r = rest.to_vec();
        let t = r.remove(i);
        acc.push(t);
        permute(&r, acc, out);
        acc.pop();
    }
}
