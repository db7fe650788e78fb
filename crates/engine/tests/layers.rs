//! The engine's modules import each other only down the layer list of
//! docs/architecture.md ("The engine's layers"): a module may use its own
//! layer and the ones above it, never one below, and no modules import
//! each other in a circle. The test reads the list from the page and the
//! `crate::` paths from the sources, so the page and the code cannot drift
//! apart: a new module must be given a layer there.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Each module of the page's numbered list, with its layer number.
fn documented_layers() -> BTreeMap<String, usize> {
    let page = fs::read_to_string(Path::new(ROOT).join("../../docs/architecture.md"))
        .expect("docs/architecture.md is readable");
    let section = page
        .split("## The engine's layers")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("the page has a section \"The engine's layers\"");
    let mut items: Vec<String> = Vec::new();
    for line in section.lines() {
        let numbered = line
            .split_once(". **")
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if numbered {
            items.push(line.to_string());
        } else if let Some(item) = items.last_mut() {
            if line.trim().is_empty() {
                continue;
            }
            item.push(' ');
            item.push_str(line.trim());
        }
    }
    let mut layers = BTreeMap::new();
    for (layer, item) in items.iter().enumerate() {
        // The modules are the parenthesis right after the bold title.
        let after_title = item.splitn(3, "**").nth(2).unwrap_or("");
        let files = after_title
            .trim_start()
            .strip_prefix('(')
            .and_then(|s| s.split_once(')'))
            .map(|(inside, _)| inside)
            .unwrap_or_else(|| panic!("layer {} names no files: {item}", layer + 1));
        for file in files.split(',') {
            let name = file.trim().trim_matches('`').trim_end_matches(".rs");
            assert!(
                layers.insert(name.to_string(), layer + 1).is_none(),
                "{name} is in two layers"
            );
        }
    }
    assert!(layers.len() > 8, "the layer list was not found: {layers:?}");
    layers
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("src is readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `pub use module::{Name, ...}` in lib.rs: a root path's module.
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for line in lib.lines() {
        let Some(rest) = line.strip_prefix("pub use ") else {
            continue;
        };
        let rest = rest.trim_end_matches(';');
        let Some((module, items)) = rest.split_once("::") else {
            continue;
        };
        for item in items.trim_matches(|c| c == '{' || c == '}').split(',') {
            names.insert(item.trim().to_string(), module.to_string());
        }
    }
    names
}

/// Every top-level module and the other modules its code names through
/// `crate::` (comments and the unit tests left out).
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(ROOT).join("src");
    let lib = fs::read_to_string(src.join("lib.rs")).expect("lib.rs is readable");
    let names = reexports(&lib);
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&src).expect("under src");
        let first = relative
            .iter()
            .next()
            .and_then(|s| s.to_str())
            .unwrap_or("");
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" {
            continue;
        }
        let text = fs::read_to_string(&file).expect("source is readable");
        let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
        let uses = graph.entry(module.clone()).or_default();
        for line in code.lines() {
            let line = line.split("//").next().unwrap_or("");
            for piece in line.split("crate::").skip(1) {
                let name: String = piece
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let target = names.get(&name).cloned().unwrap_or(name);
                if target != module {
                    uses.insert(target);
                }
            }
        }
    }
    graph
}

#[test]
fn every_module_imports_only_its_layer_and_the_ones_above() {
    let layers = documented_layers();
    let graph = imports();
    let mut wrong = Vec::new();
    for (module, uses) in &graph {
        let Some(&mine) = layers.get(module) else {
            wrong.push(format!("{module} is in no layer of docs/architecture.md"));
            continue;
        };
        for used in uses {
            match layers.get(used) {
                None => wrong.push(format!("{module} uses {used}, which is in no layer")),
                Some(&theirs) if theirs > mine => wrong.push(format!(
                    "{module} (layer {mine}) uses {used} (layer {theirs}, below it)"
                )),
                Some(_) => {}
            }
        }
    }
    for module in layers.keys() {
        if !graph.contains_key(module) {
            wrong.push(format!("the page lists {module}, which is not a module"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_modules_import_each_other_in_a_circle() {
    let graph = imports();
    // Depth-first search; a module met again while still on the path
    // closes a circle.
    fn visit<'a>(
        module: &'a str,
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|m| *m == module) {
            let mut circle: Vec<String> = path[at..].iter().map(|m| m.to_string()).collect();
            circle.push(module.to_string());
            return Some(circle);
        }
        if !done.insert(module) {
            return None;
        }
        path.push(module);
        for used in graph.get(module).into_iter().flatten() {
            if let Some(circle) = visit(used, graph, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    for module in graph.keys() {
        let circle = visit(module, &graph, &mut Vec::new(), &mut done);
        assert!(
            circle.is_none(),
            "import circle: {}",
            circle.unwrap_or_default().join(" -> ")
        );
    }
}
