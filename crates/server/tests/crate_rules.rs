//! The crates under the server keep to their rooms: the league is pure
//! (no wire types, no I/O or async runtime, no web framework, no
//! database), and the protocol is types only (no runtime, no web
//! framework, no database, nothing of the server). Checked on the
//! resolved dependency graph (`cargo metadata`), so a crate reached only
//! through another counts too.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// Each package's name and the names of what it builds with (normal and
/// build dependencies, not dev-dependencies), from the workspace's
/// resolved graph.
fn graph() -> (BTreeMap<String, String>, BTreeMap<String, Vec<String>>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--offline"])
        .current_dir(&root)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: BTreeMap<String, String> = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let id = p["id"].as_str().unwrap().to_string();
            (id, p["name"].as_str().unwrap().to_string())
        })
        .collect();
    let mut deps = BTreeMap::new();
    for node in meta["resolve"]["nodes"].as_array().unwrap() {
        let built_with = node["deps"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| {
                d["dep_kinds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|k| k["kind"].as_str() != Some("dev"))
            })
            .map(|d| d["pkg"].as_str().unwrap().to_string())
            .collect();
        deps.insert(node["id"].as_str().unwrap().to_string(), built_with);
    }
    (names, deps)
}

/// The names of every package `name` builds with, itself excluded.
fn reached(name: &str) -> BTreeSet<String> {
    let (names, deps) = graph();
    let start = names
        .iter()
        .find(|(_, n)| n.as_str() == name)
        .map(|(id, _)| id.clone())
        .unwrap_or_else(|| panic!("no package {name}"));
    let mut seen = BTreeSet::new();
    let mut todo = vec![start];
    while let Some(id) = todo.pop() {
        for next in deps.get(&id).into_iter().flatten() {
            if seen.insert(next.clone()) {
                todo.push(next.clone());
            }
        }
    }
    seen.iter().map(|id| names[id].clone()).collect()
}

fn refused(name: &str, forbidden: &[&str]) -> Vec<String> {
    let deps = reached(name);
    forbidden
        .iter()
        .filter(|f| deps.contains(**f))
        .map(|f| f.to_string())
        .collect()
}

#[test]
fn the_league_is_pure() {
    let bad = refused(
        "domino-league",
        &[
            "domino-protocol",
            "domino-server",
            "domino-store",
            "axum",
            "hyper",
            "sqlx",
            "tokio",
        ],
    );
    assert!(bad.is_empty(), "domino-league builds with {bad:?}");
}

#[test]
fn the_protocol_is_types_only() {
    let bad = refused(
        "domino-protocol",
        &[
            "domino-server",
            "domino-store",
            "axum",
            "hyper",
            "sqlx",
            "tokio",
        ],
    );
    assert!(bad.is_empty(), "domino-protocol builds with {bad:?}");
}

#[test]
fn the_graph_is_read() {
    // The checks above would pass on an empty graph: the server's own
    // dependencies show that it is read.
    let deps = reached("domino-server");
    for name in ["domino-league", "domino-protocol", "axum", "tokio", "sqlx"] {
        assert!(deps.contains(name), "{name} missing from {deps:?}");
    }
}
