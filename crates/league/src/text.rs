//! Text that one person types and others see (display names, chat): which
//! characters show nothing or change how the text around them shows, how
//! many accents may stack on one letter, and chat lines cleaned of both.
//!
//! Names refuse such characters (see [`crate::name`]); chat strips them,
//! so that a line pasted with a stray zero-width space still goes through.

use unicode_general_category::{get_general_category, GeneralCategory};
use unicode_normalization::UnicodeNormalization;

/// Combining marks kept on one base character (counted decomposed). Three,
/// not two: pointed Hebrew puts a dagesh, a shin dot and a vowel on one
/// letter, and Vietnamese two accents; a pile of hundreds ("Zalgo" text)
/// spills over the lines around it.
pub const MARKS_PER_BASE: usize = 3;

const ZERO_WIDTH_JOINER: char = '\u{200D}';

/// Characters that reorder the text around them (bidi overrides,
/// isolates and marks).
pub fn reorders(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Characters that show nothing or change how the text around them shows:
/// controls, format characters (zero-width spaces and joiners, bidi
/// controls, the BOM, soft hyphens, tags), private-use and unassigned code
/// points, line and paragraph separators, and the "letters" that draw as
/// blanks (Hangul fillers, the blank Braille pattern).
pub fn invisible(c: char) -> bool {
    use GeneralCategory::*;
    matches!(
        get_general_category(c),
        Control | Format | Surrogate | PrivateUse | Unassigned | LineSeparator | ParagraphSeparator
    ) || matches!(
        c,
        '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{2800}'
    )
}

/// A combining mark that draws on the character before it (an accent, a
/// vowel point, an enclosing circle). Spacing marks (most Indic vowel
/// signs) take their own room and do not pile up.
pub fn stacks(c: char) -> bool {
    matches!(
        get_general_category(c),
        GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark
    )
}

/// Whether a character draws something by itself: a letter, digit,
/// punctuation or symbol (not a mark, a space or anything invisible).
pub fn shows(c: char) -> bool {
    use GeneralCategory::*;
    matches!(
        get_general_category(c),
        UppercaseLetter
            | LowercaseLetter
            | TitlecaseLetter
            | ModifierLetter
            | OtherLetter
            | DecimalNumber
            | LetterNumber
            | OtherNumber
            | ConnectorPunctuation
            | DashPunctuation
            | OpenPunctuation
            | ClosePunctuation
            | InitialPunctuation
            | FinalPunctuation
            | OtherPunctuation
            | MathSymbol
            | CurrencySymbol
            | ModifierSymbol
            | OtherSymbol
    ) && !invisible(c)
}

/// The most combining marks stacked on one character of `text`, counted
/// decomposed (so "ệ" counts two); marks at the start count too.
pub fn most_marks(text: &str) -> usize {
    let mut most = 0;
    let mut run = 0;
    for c in text.nfd() {
        run = if stacks(c) { run + 1 } else { 0 };
        most = most.max(run);
    }
    most
}

/// A zero-width joiner between two symbols joins an emoji sequence (👩‍👩‍👧,
/// 🏳️‍🌈): kept there, and only there.
fn joins_emoji(before: Option<char>, after: Option<char>) -> bool {
    let symbol = |c: Option<char>| {
        c.is_some_and(|c| {
            get_general_category(c) == GeneralCategory::OtherSymbol || c == '\u{FE0F}'
        })
    };
    symbol(before) && symbol(after)
}

/// A chat line as the others will see it: NFC, every line break, tab or
/// other space made a plain space, invisible characters removed (a zero-
/// width joiner inside an emoji sequence excepted), at most
/// [`MARKS_PER_BASE`] marks on a character, trimmed.
///
/// NFC and not NFKC, as names use: NFKC folds compatibility characters
/// into others ("x²" into "x2", "½" into "1⁄2", half-width katakana into
/// full-width), which changes what was said; a chat line is read, not
/// compared with others for look-alikes. NFC only makes one text of the
/// same letters typed two ways.
pub fn clean_chat(raw: &str) -> String {
    let chars: Vec<char> = raw.nfd().collect();
    let mut out = String::with_capacity(raw.len());
    let mut marks = 0;
    let mut last: Option<char> = None;
    for (i, &c) in chars.iter().enumerate() {
        let c = if c.is_whitespace() { ' ' } else { c };
        if c == ZERO_WIDTH_JOINER && joins_emoji(last, chars.get(i + 1).copied()) {
            out.push(c);
            continue;
        }
        if invisible(c) {
            continue;
        }
        if stacks(c) {
            marks += 1;
            if marks > MARKS_PER_BASE {
                continue;
            }
        } else {
            marks = 0;
        }
        out.push(c);
        last = Some(c);
    }
    out.nfc().collect::<String>().trim().to_string()
}

/// Why a chat line is refused: nothing left to say (`bad_chat`), or too
/// long (`chat_too_long`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChatError {
    #[error("say something")]
    Empty,
    #[error("chat lines are at most {0} characters")]
    TooLong(usize),
}

/// A chat line cleaned (see [`clean_chat`]) and checked: something left to
/// say, at most `max` characters.
pub fn chat_line(raw: &str, max: usize) -> Result<String, ChatError> {
    let text = clean_chat(raw);
    if text.is_empty() {
        return Err(ChatError::Empty);
    }
    if text.chars().count() > max {
        return Err(ChatError::TooLong(max));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn chat_loses_invisible_characters_and_keeps_the_words() {
        for (raw, said) in [
            ("a\u{200B}b", "ab"),             // zero-width space
            ("a\u{200C}b\u{2060}c", "abc"),   // zero-width non-joiner, word joiner
            ("\u{FEFF}hi", "hi"),             // byte-order mark
            ("gg\u{E0067}\u{E0067}", "gg"),   // tag characters
            ("ok\u{202E}kO\u{202C}", "okkO"), // right-to-left override
            ("a\u{2066}b\u{2069}", "ab"),     // isolate
            ("one\u{2028}two\u{2029}3", "one two 3"),
            ("line\nbreak\ttab", "line break tab"),
            ("pua\u{E000}\u{F8FF}", "pua"), // private use
            ("bell\u{7}", "bell"),
            ("\u{3164}\u{2800}x", "x"), // blank "letters"
        ] {
            assert_eq!(clean_chat(raw), said, "{raw:?}");
        }
    }

    #[test]
    fn chat_keeps_every_script_emoji_sequences_and_a_few_accents() {
        for kept in [
            "gg 🙂",
            "¡Qué bien, Ñandú!",
            "Привет, Иван",
            "Καλή τύχη",
            "山田さん、よろしく",
            "שָׁלוֹם",
            "Tiếng Việt",
            "नमस्ते",
            "x² ½ ｶﾀｶﾅ",
            "👩\u{200D}👩\u{200D}👧 🏳\u{FE0F}\u{200D}🌈",
        ] {
            assert_eq!(clean_chat(kept), kept, "{kept:?}");
        }
        // A joiner between letters is not an emoji sequence.
        assert_eq!(clean_chat("a\u{200D}b"), "ab");
    }

    #[test]
    fn marks_pile_no_higher_than_the_cap() {
        let zalgo = format!("x{}y", "\u{301}".repeat(200));
        let cleaned = clean_chat(&zalgo);
        assert_eq!(cleaned, format!("x{}y", "\u{301}".repeat(MARKS_PER_BASE)));
        assert_eq!(most_marks(&cleaned), MARKS_PER_BASE);
        assert_eq!(most_marks("ệ"), 2);
        assert_eq!(most_marks("abc"), 0);
    }

    #[test]
    fn a_line_of_nothing_visible_is_refused_and_length_counts_after_cleaning() {
        for nothing in ["\u{200B}\u{FEFF}", " \u{2028} ", "\u{E0041}"] {
            assert_eq!(chat_line(nothing, 10), Err(ChatError::Empty));
        }
        assert_eq!(chat_line(&"x".repeat(11), 10), Err(ChatError::TooLong(10)));
        let padded = format!("{}{}", "x".repeat(10), "\u{200B}".repeat(50));
        assert_eq!(chat_line(&padded, 10).unwrap(), "x".repeat(10));
    }
}
