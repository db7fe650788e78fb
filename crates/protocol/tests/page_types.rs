//! The page's TypeScript declarations (web/types/*.ts, checked by `tsc`
//! over web/) are made from the Rust types of the messages it reads: this
//! test fails when the files in the repository differ from what the types
//! give now, and rewrites them with `DOMINO_BLESS=1`.
//!
//! A message type the page reads is added to `TYPES` in one line; its
//! dependencies come along by themselves.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use ts_rs::{Config, ExportError, TS};

type Export = fn(&Config) -> Result<(), ExportError>;

/// Every type the page reads, by the name the page imports.
const TYPES: &[Export] = &[
    // The table's state message (docs/protocol.md): the engine's view.
    <domino_engine::wire::State<'static>>::export_all,
    <domino_engine::Event>::export_all,
    <domino_engine::wire::Drawn>::export_all,
    <domino_engine::catalog::TableFacts>::export_all,
    <domino_engine::rules::RulesSpec>::export_all,
    // Each hand's commitment and key (the state's `fair`, a record's file).
    <domino_protocol::history::Reveal>::export_all,
    // What a seat is for, as the lobby plans a table.
    <domino_protocol::seat::SeatKind>::export_all,
    // The socket (docs/server.md): what the page asks, how it is answered,
    // and what a table pushes.
    <domino_protocol::socket::Request>::export_all,
    <domino_protocol::socket::Answer>::export_all,
    <domino_protocol::table::StateMessage>::export_all,
    <domino_protocol::table::ChatLine>::export_all,
    <domino_protocol::table::RematchMade>::export_all,
    // The lobby's HTTP answers: the games, the levels, the finished matches.
    <domino_engine::catalog::GameInfo>::export_all,
    <domino_protocol::levels::LadderGame>::export_all,
    <domino_protocol::history::MatchSummary>::export_all,
];

/// Files of the page's types that are written by hand, not generated.
const BY_HAND: &[&str] = &["hand.d.ts"];

fn web_types() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/types")
}

/// The `.ts` files under `dir` and its folders (not those written by
/// hand), by path from `dir` to text.
fn read_dir(dir: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(at) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&at) else {
            continue;
        };
        for path in entries.filter_map(Result::ok).map(|e| e.path()) {
            let Ok(rel) = path.strip_prefix(dir) else {
                continue;
            };
            let rel = rel.to_string_lossy().replace('\\', "/");
            if path.is_dir() {
                todo.push(path);
            } else if rel.ends_with(".ts") && !BY_HAND.contains(&rel.as_str()) {
                if let Ok(text) = std::fs::read_to_string(&path) {
                    files.insert(rel, text);
                }
            }
        }
    }
    files
}

#[test]
fn page_types_match_the_rust_types() {
    let fresh = tempfile::tempdir().expect("a temporary folder");
    // The page reads JSON numbers: a u64 (a match's seed) is a number there.
    let cfg = Config::new()
        .with_out_dir(fresh.path())
        .with_large_int("number");
    for export in TYPES {
        export(&cfg).expect("ts-rs writes the declarations");
    }
    let want = read_dir(fresh.path());
    let dir = web_types();
    let have = read_dir(&dir);
    if want == have {
        return;
    }
    if std::env::var_os("DOMINO_BLESS").is_some_and(|v| v == "1") {
        for name in have.keys().filter(|n| !want.contains_key(*n)) {
            std::fs::remove_file(dir.join(name)).expect("remove a stale declaration");
        }
        for (name, text) in &want {
            let path = dir.join(name);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).expect("make a folder of declarations");
            }
            std::fs::write(path, text).expect("write a declaration");
        }
        return;
    }
    let stale: BTreeSet<&String> = want
        .keys()
        .chain(have.keys())
        .filter(|n| want.get(*n) != have.get(*n))
        .collect();
    panic!(
        "web/types/ is stale ({stale:?} differ from the Rust types): run \
         `DOMINO_BLESS=1 cargo test -p domino-protocol --test page_types` to rewrite it, \
         then check the page with `cd e2e && npx tsc -p ../web`"
    );
}
