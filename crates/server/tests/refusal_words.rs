//! Every refusal a browser can meet has words of its own in each catalog
//! (web/locales/*/domino.ftl): the `error` message is a select on `$code`,
//! and a code without a variant would show the server's English message.

use std::collections::BTreeSet;
use std::path::PathBuf;

use domino_engine::ErrorCode;
use domino_protocol::refusal::Code;
use fluent_syntax::ast::{Entry, Expression, InlineExpression, PatternElement, VariantKey};
use fluent_syntax::parser;

const LANGS: [&str; 3] = ["en", "es", "fr"];

/// Whether a browser can receive the engine's code `e`: a move brings the
/// match's refusals and a new table the rules'. The rest belong to the
/// engine's own line protocol (the server deals, and answers an unknown bot
/// with `bad_bot`). No wildcard, so a new engine code needs a decision here.
fn browser_meets(e: ErrorCode) -> bool {
    match e {
        ErrorCode::IllegalAction
        | ErrorCode::NotYourTurn
        | ErrorCode::HandOver
        | ErrorCode::HandNotOver
        | ErrorCode::MatchOver
        | ErrorCode::UnknownPreset
        | ErrorCode::BadOption
        | ErrorCode::BadJson
        | ErrorCode::BadRequest
        | ErrorCode::TooLarge
        | ErrorCode::Internal => true,
        ErrorCode::UnknownCommand
        | ErrorCode::NoMatch
        | ErrorCode::UnknownBot
        | ErrorCode::BadDeal
        | ErrorCode::BadRecord
        | ErrorCode::BadReport
        | ErrorCode::ImpossibleReport => false,
    }
}

const ENGINE: [ErrorCode; 18] = ErrorCode::ALL;

/// The codes a browser can receive, as they are sent.
fn browser_codes() -> BTreeSet<&'static str> {
    let own = Code::OWN.iter().map(|c| c.as_str());
    let engine = ENGINE
        .into_iter()
        .filter(|&e| browser_meets(e))
        .map(|e| Code::Engine(e).as_str());
    own.chain(engine).collect()
}

fn catalog(lang: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../web/locales")
        .join(lang)
        .join("domino.ftl");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The keys of the `error` message's select in one catalog, and whether it
/// keeps a default variant that shows `$message`.
fn error_variants(lang: &str) -> (BTreeSet<String>, bool) {
    let text = catalog(lang);
    let res = parser::parse(text.as_str())
        .unwrap_or_else(|(_, errors)| panic!("{lang} catalog has syntax errors: {errors:?}"));
    let message = res
        .body
        .iter()
        .find_map(|e| match e {
            Entry::Message(m) if m.id.name == "error" => Some(m),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{lang}: no `error` message"));
    let pattern = message
        .value
        .as_ref()
        .unwrap_or_else(|| panic!("{lang}: `error` has no value"));
    let [PatternElement::Placeable {
        expression: Expression::Select { selector, variants },
    }] = pattern.elements.as_slice()
    else {
        panic!("{lang}: `error` is not a single select");
    };
    assert!(
        matches!(selector, InlineExpression::VariableReference { id } if id.name == "code"),
        "{lang}: `error` selects on something other than $code"
    );
    let mut keys = BTreeSet::new();
    let mut fallback = false;
    for v in variants {
        let key = match &v.key {
            VariantKey::Identifier { name } => name.to_string(),
            VariantKey::NumberLiteral { value } => value.to_string(),
        };
        if v.default {
            fallback = key == "other"
                && matches!(
                    v.value.elements.as_slice(),
                    [PatternElement::Placeable {
                        expression: Expression::Inline(InlineExpression::VariableReference { id }),
                    }] if id.name == "message"
                );
        } else {
            assert!(keys.insert(key.clone()), "{lang}: variant {key} twice");
        }
    }
    (keys, fallback)
}

#[test]
fn every_code_a_browser_meets_has_words_in_every_language() {
    let codes = browser_codes();
    for lang in LANGS {
        let (keys, _) = error_variants(lang);
        let missing: Vec<_> = codes.iter().filter(|c| !keys.contains(**c)).collect();
        assert!(missing.is_empty(), "{lang}: no words for {missing:?}");
    }
}

#[test]
fn every_variant_names_a_code_the_server_sends() {
    let codes = browser_codes();
    for lang in LANGS {
        let (keys, _) = error_variants(lang);
        let unknown: Vec<_> = keys
            .iter()
            .filter(|k| !codes.contains(k.as_str()))
            .collect();
        assert!(
            unknown.is_empty(),
            "{lang}: variants for no code: {unknown:?}"
        );
    }
}

#[test]
fn an_unlisted_code_still_shows_the_servers_message() {
    for lang in LANGS {
        let (_, fallback) = error_variants(lang);
        assert!(fallback, "{lang}: `error` lost `*[other] {{ $message }}`");
    }
}

#[test]
fn the_engine_list_is_every_engine_code_once() {
    let spelled: BTreeSet<_> = ENGINE.iter().map(|e| e.as_str()).collect();
    assert_eq!(spelled.len(), ENGINE.len());
    // The codes shared by both spellings are the same words.
    for c in Code::OWN {
        if let Some(e) = ENGINE.iter().find(|e| e.as_str() == c.as_str()) {
            assert!(
                browser_meets(*e),
                "{} is the server's own: a browser meets it",
                c.as_str()
            );
        }
    }
}
