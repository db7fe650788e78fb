//! The server crate's top-level modules import each other without
//! circles, and so do the store's, the league's and the protocol's: each
//! `crate::NAME`
//! named outside a test module is an edge, and no module may reach itself
//! again, with no exception. A feature with a room of its own keeps HTTP
//! to its `api.rs` files and never takes the hub.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The `crate::NAME` (and `crate::{NAME, ...}`) names in `text`, outside
/// `#[cfg(test)] mod` blocks (which sit at the end of a file here) and
/// comments.
fn named(text: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    // A folder of parts (`web`, `cluster`) is a node per part:
    // `crate::web::X` names `web__X`. (A group, `crate::web::{...}`, would
    // name none: the test below refuses one.)
    let mut text = text.to_string();
    for part in PARTS {
        text = text.replace(&format!("crate::{part}::"), &format!("crate::{part}__"));
    }
    let mut out = BTreeSet::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let t = line.trim();
        if t.starts_with("#[cfg(test)]")
            && lines.peek().is_some_and(|n| n.trim().starts_with("mod "))
        {
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        for (i, _) in line.match_indices("crate::") {
            let rest = &line[i + "crate::".len()..];
            let words: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
                group
                    .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .filter_map(|w| w.split("::").next())
                    .collect()
            } else {
                rest.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .take(1)
                    .collect()
            };
            out.extend(
                words
                    .into_iter()
                    .filter(|w| modules.contains(*w))
                    .map(String::from),
            );
        }
    }
    out
}

/// The folders whose files (or subfolders) are each a node of their own:
/// parts side by side, not one module with one face. `web/`'s router
/// imports the features' `api.rs` files, which import its answer and
/// client parts; `cluster/`'s relay serves the hub, whose lease keeping
/// (`owner`) is the hub's own.
const PARTS: &[&str] = &["web", "cluster"];

/// The nodes a top-level module `m` of `src` is: itself, or its parts.
fn parts(src: &Path, m: String) -> Vec<String> {
    if !PARTS.contains(&m.as_str()) {
        return vec![m];
    }
    std::fs::read_dir(src.join(&m))
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            let stem = p.file_stem()?.to_str()?.to_string();
            (stem != "mod").then(|| format!("{m}__{stem}"))
        })
        .collect()
}

/// The import circles between the top-level modules of the crate whose
/// sources are in `src`.
fn circles(src: &Path) -> Vec<String> {
    let modules: BTreeSet<String> = std::fs::read_dir(src)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_string()))
        .filter(|m| m != "lib")
        .flat_map(|m| parts(src, m))
        .collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files = Vec::new();
    sources(src, &mut files);
    for f in files {
        let rel = f.strip_prefix(src).unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_str()
            .unwrap();
        let mut top = top.trim_end_matches(".rs").to_string();
        if top == "lib" {
            continue;
        }
        if PARTS.contains(&top.as_str()) {
            let part = rel
                .components()
                .nth(1)
                .unwrap()
                .as_os_str()
                .to_str()
                .unwrap();
            top = format!("{top}__{}", part.trim_end_matches(".rs"));
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let to = edges.entry(top.clone()).or_default();
        to.extend(named(&text, &modules).into_iter().filter(|m| *m != top));
    }
    // A circle: a module that reaches itself by its imports.
    let mut circles = Vec::new();
    for start in edges.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<Vec<&String>> = vec![vec![start]];
        while let Some(path) = stack.pop() {
            let last = path[path.len() - 1];
            for next in edges.get(last).into_iter().flatten() {
                if next == start {
                    let mut c: Vec<&str> = path.iter().map(|s| s.as_str()).collect();
                    c.push(start);
                    circles.push(c.join(" -> "));
                } else if seen.insert(next) {
                    let mut p = path.clone();
                    p.push(next);
                    stack.push(p);
                }
            }
        }
    }
    circles
}

#[test]
fn the_servers_modules_import_without_circles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let circles = circles(&src);
    assert!(circles.is_empty(), "import circles: {circles:#?}");
}

/// The store, the league and the protocol, carved out of the server, keep
/// to the same rule.
#[test]
fn the_carved_crates_import_without_circles() {
    for krate in ["store", "league", "protocol"] {
        let src = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../")
            .join(krate)
            .join("src");
        assert!(src.join("lib.rs").is_file(), "{}", src.display());
        let circles = circles(&src);
        assert!(circles.is_empty(), "{krate}: import circles: {circles:#?}");
    }
}

/// The features that have a room of their own (issue "One room per
/// feature"): each a folder whose service holds its rules; only its
/// `api.rs` files are HTTP adapters.
const ROOMS: &[&str] = &[
    "puzzles",
    "coach",
    "tournament",
    "pool",
    "challenges",
    "bots",
    "sheets",
    "profiles",
    "turns",
];

/// The lines of `text` outside `#[cfg(test)]` blocks and comments.
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines()
        .map(str::trim_start)
        .filter(|l| !l.starts_with("//"))
}

/// Whether `text`, outside `#[cfg(test)]` blocks and comments, names `what`.
fn uses(text: &str, what: &str) -> bool {
    code_lines(text).any(|l| l.contains(what))
}

/// Whether `text`, outside `#[cfg(test)]` blocks and comments, names the
/// whole store, `domino_store::Store`, alone or in a group.
fn names_the_store(text: &str) -> bool {
    let code = code_lines(text).collect::<Vec<_>>().join("\n");
    code.match_indices("domino_store::").any(|(i, m)| {
        let rest = &code[i + m.len()..];
        let named = match rest.strip_prefix('{') {
            Some(group) => group.split('}').next().unwrap_or(""),
            None => rest
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next()
                .unwrap_or(""),
        };
        named
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| w == "Store")
    })
}

/// No file of a room takes the hub, nor the whole store: the service is
/// given what it needs when the `App` wires it, of the store the
/// repositories it reads (`store.profiles()` and the like), so that a
/// feature reaches only its own tables. (That only its `api.rs` files know
/// axum is the next test's rule, which holds every file of the server to
/// it.)
#[test]
fn a_features_room_never_takes_the_hub_nor_the_whole_store() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut bad = Vec::new();
    for room in ROOMS {
        let mut files = Vec::new();
        sources(&src.join(room), &mut files);
        assert!(!files.is_empty(), "no room {room}");
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            if uses(&text, "crate::hub") || uses(&text, "Hub") {
                bad.push(format!("{} takes the hub", f.display()));
            }
            if names_the_store(&text) {
                bad.push(format!("{} takes the whole store", f.display()));
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
    assert!(names_the_store("use domino_store::{Finished, Store};"));
    assert!(names_the_store("fn f(s: &domino_store::Store) {}"));
    assert!(!names_the_store(
        "use domino_store::store::Row;\n// domino_store::Store"
    ));
}

/// Only `web/` and the features' `api.rs` adapters know axum: the rest of
/// the server (the tables, the hub, who asks, the services) is HTTP-free.
#[test]
fn only_the_web_and_the_adapters_know_axum() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut bad = Vec::new();
    for f in files {
        let rel = f.strip_prefix(&src).unwrap();
        let web = rel.starts_with("web");
        let api = f.file_name().is_some_and(|n| n == "api.rs");
        let text = std::fs::read_to_string(&f).unwrap();
        if !(web || api) && uses(&text, "axum") {
            bad.push(rel.display().to_string());
        }
    }
    assert!(bad.is_empty(), "files that know axum: {bad:#?}");
}

/// The parts of `web/` and `cluster/` are named one by one
/// (`crate::web::answer::...`), so that each import is an edge of the
/// circle test.
#[test]
fn the_webs_parts_are_imported_by_name() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for part in PARTS {
            assert!(
                !text.contains(&format!("crate::{part}::{{")),
                "{}: name {part}'s parts one by one",
                f.display()
            );
        }
    }
}
