//! The three catalogs (web/locales/*/domino.ftl) say the same things: every
//! message in each, with the same variables, and no syntax error. The page
//! and the terminal game both read them.

use std::collections::{BTreeMap, BTreeSet};

use domino_terminal::lang::Lang;
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser;

type Vars = BTreeSet<String>;

fn inline_vars(e: &InlineExpression<&str>, out: &mut Vars) {
    match e {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
            for a in &arguments.named {
                inline_vars(&a.value, out);
            }
        }
        InlineExpression::Placeable { expression } => expr_vars(expression, out),
        _ => {}
    }
}

fn expr_vars(e: &Expression<&str>, out: &mut Vars) {
    match e {
        Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for v in variants {
                pattern_vars(&v.value, out);
            }
        }
        Expression::Inline(i) => inline_vars(i, out),
    }
}

fn pattern_vars(p: &Pattern<&str>, out: &mut Vars) {
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            expr_vars(expression, out);
        }
    }
}

/// Message id → the variables it uses.
fn messages(lang: Lang) -> BTreeMap<String, Vars> {
    messages_in(lang, lang.catalog())
}

/// The same for one catalog file's `text`.
fn messages_in(lang: Lang, text: &str) -> BTreeMap<String, Vars> {
    let res = match parser::parse(text) {
        Ok(r) => r,
        Err((_, errors)) => panic!("{} catalog has syntax errors: {errors:?}", lang.code()),
    };
    let mut out = BTreeMap::new();
    for entry in &res.body {
        match entry {
            Entry::Message(m) => {
                let mut vars = Vars::new();
                if let Some(v) = &m.value {
                    pattern_vars(v, &mut vars);
                }
                assert!(
                    out.insert(m.id.name.to_string(), vars).is_none(),
                    "{}: message {} twice",
                    lang.code(),
                    m.id.name
                );
            }
            Entry::Junk { content } => panic!("{}: unparsed text {content:?}", lang.code()),
            _ => {}
        }
    }
    out
}

#[test]
fn every_message_is_in_every_language_with_the_same_variables() {
    let en = messages(Lang::En);
    assert!(en.len() > 300, "the English catalog looks cut short");
    same_in_every_language(&en, messages);
}

/// The "how to play" catalogs (howto.ftl) are held to the same: every
/// message in each language, with the same variables; none of their ids is
/// also in domino.ftl (they share a bundle); and every game has every part.
#[test]
fn every_howto_message_is_in_every_language_with_the_same_variables() {
    let howto = |l: Lang| messages_in(l, l.howto_catalog());
    let en = howto(Lang::En);
    same_in_every_language(&en, howto);
    for lang in Lang::ALL {
        let main = messages(lang);
        for id in howto(lang).keys() {
            assert!(
                !main.contains_key(id),
                "{}: {id} in both files",
                lang.code()
            );
        }
    }
    for p in domino_engine::Preset::ALL {
        for part in domino_terminal::howto::PARTS {
            let id = domino_terminal::howto::part_id(p, part);
            assert!(en.contains_key(&id), "no {id}");
            assert!(
                en.contains_key(&format!("howto-{part}")),
                "no heading {part}"
            );
        }
    }
}

fn same_in_every_language(
    en: &BTreeMap<String, Vars>,
    of: impl Fn(Lang) -> BTreeMap<String, Vars>,
) {
    for lang in [Lang::Es, Lang::Fr] {
        let other = of(lang);
        let missing: Vec<&String> = en.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<&String> = other.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
        assert!(extra.is_empty(), "{} has unknown {extra:?}", lang.code());
        for (id, vars) in en {
            assert_eq!(
                Some(vars),
                other.get(id),
                "{}: {id} uses other variables than the English",
                lang.code()
            );
        }
    }
}

/// Every `"term-…"` id the terminal's code asks for is in the catalogs.
#[test]
fn every_id_the_terminal_asks_for_exists() {
    let en = messages(Lang::En);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut asked = 0;
    for entry in std::fs::read_dir(dir).expect("the terminal's sources") {
        let path = entry.expect("a source file").path();
        if path.extension().and_then(|e| e.to_str()) != Some("rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a readable source");
        for (i, _) in text.match_indices("\"term-") {
            let rest = &text[i + 1..];
            let id: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            // Ids built from a prefix ("term-end-") end with '-'.
            if id.ends_with('-') {
                continue;
            }
            asked += 1;
            assert!(en.contains_key(&id), "{}: no message {id}", path.display());
        }
    }
    assert!(asked > 50, "the terminal asks for only {asked} messages");
}

/// The string literals of `text`, line by line, with their line numbers:
/// `quotes` are the characters that open one. Comment lines are skipped.
fn literals(text: &str, quotes: &[char]) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if t.starts_with("//") || t.starts_with("/*") || t.starts_with('*') {
            continue;
        }
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if c == '/' && chars.clone().next() == Some('/') {
                break;
            }
            if !quotes.contains(&c) {
                continue;
            }
            let mut lit = String::new();
            while let Some(d) = chars.next() {
                match d {
                    '\\' => {
                        chars.next();
                    }
                    _ if d == c => break,
                    _ => lit.push(d),
                }
            }
            out.push((i + 1, lit));
        }
    }
    out
}

/// Whether a literal reads like words for a player: two words or more, and
/// a capital first word or a closing stop ("Your turn.", "passed for you.").
/// Placeholders (`{x}`, `${x}`) do not count as words.
fn looks_like_sentence(lit: &str) -> bool {
    let mut plain = String::new();
    let mut depth = 0;
    for c in lit.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let plain = plain.replace('$', " ");
    let words: Vec<&str> = plain.split_whitespace().collect();
    let is_word = |w: &str| {
        let w = w.trim_end_matches([',', ';', ':']);
        w.chars().count() >= 2 && w.chars().all(|c| c.is_alphabetic() || c == '\'')
    };
    let two_words = words.windows(2).any(|p| is_word(p[0]) && is_word(p[1]));
    let mut first = plain.trim_start().chars();
    let capital = matches!((first.next(), first.next()), (Some(a), Some(b)) if a.is_uppercase() && b.is_lowercase());
    let stop = plain.trim_end().ends_with(['.', '!', '?', '…']);
    two_words && (capital || stop)
}

#[test]
fn the_sentence_check_tells_words_from_code() {
    assert!(looks_like_sentence("Your turn: play a highlighted tile."));
    assert!(looks_like_sentence("{who} passed for you."));
    assert!(looks_like_sentence("Pass for me"));
    assert!(!looks_like_sentence("card notfound"));
    assert!(!looks_like_sentence("#hand .handtile.legal"));
    assert!(!looks_like_sentence("{a} · {b}"));
    assert!(!looks_like_sentence("text/plain; charset=utf-8"));
}

fn sentences_in(path: &std::path::Path, quotes: &[char], cut_tests: bool) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("a readable source");
    let text = match text.find("#[cfg(test)]") {
        Some(i) if cut_tests => &text[..i],
        _ => &text[..],
    };
    literals(text, quotes)
        .into_iter()
        .filter(|(_, lit)| looks_like_sentence(lit))
        .map(|(line, lit)| format!("{}:{line}: {lit:?}", path.display()))
        .collect()
}

/// No sentence for a player is written in the page's code or the terminal
/// game's: they are all in the catalogs.
#[test]
fn no_player_facing_sentence_is_written_outside_the_catalogs() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut found = Vec::new();
    let mut files = 0;
    for entry in std::fs::read_dir(root.join("web")).expect("web/") {
        let path = entry.expect("a file").path();
        if path.extension().and_then(|e| e.to_str()) == Some("js") {
            files += 1;
            found.extend(sentences_in(&path, &['"', '\'', '`'], false));
        }
    }
    // The game's screen and words; lib.rs (flags and file errors of the
    // command line) and the tests are outside it.
    for name in [
        "app.rs",
        "draw.rs",
        "hint.rs",
        "words.rs",
        "layout.rs",
        "input.rs",
        "plain.rs",
        "howto.rs",
        "keep.rs",
    ] {
        files += 1;
        found.extend(sentences_in(
            &root.join("crates/terminal/src").join(name),
            &['"'],
            true,
        ));
    }
    assert!(files > 15, "only {files} files checked");
    assert!(
        found.is_empty(),
        "sentences outside the catalogs:\n{}",
        found.join("\n")
    );
}
