//! Display names as people see them: one check for every place a name
//! enters (creating a table, joining one).
//!
//! A name is normalised to NFC (so the same letters typed two ways are one
//! name) and trimmed. Control characters, format characters (zero-width
//! joiners and spaces, bidirectional overrides and isolates, the BOM, soft
//! hyphens, tags) and other invisible code points are refused: they let a
//! name look like another or reorder the text around it. A name must show
//! at least one visible character.

use unicode_general_category::{get_general_category, GeneralCategory};
use unicode_normalization::UnicodeNormalization;

use crate::table::{Code, Refusal};

/// The longest display name by default, in characters (after normalising);
/// `Limits::name_chars` sets it.
pub const NAME_MAX: usize = 24;

/// The name a player will be shown under, or why it is refused.
pub fn display_name(raw: &str) -> Result<String, Refusal> {
    display_name_within(raw, NAME_MAX)
}

/// [`display_name`] with at most `max` characters.
pub fn display_name_within(raw: &str, max: usize) -> Result<String, Refusal> {
    let name: String = raw.nfc().collect::<String>().trim().to_string();
    if name.is_empty() {
        return Err(Refusal::new(Code::BadName, "a display name is needed"));
    }
    if let Some(c) = name.chars().find(|&c| hidden(c)) {
        return Err(Refusal::new(
            Code::BadName,
            format!(
                "names cannot hold invisible or control characters (U+{:04X})",
                u32::from(c)
            ),
        ));
    }
    if !name.chars().any(|c| !c.is_whitespace()) {
        return Err(Refusal::new(
            Code::BadName,
            "a name needs a visible character",
        ));
    }
    if name.chars().count() > max {
        return Err(Refusal::new(
            Code::BadName,
            format!("names are at most {max} characters"),
        ));
    }
    Ok(name)
}

/// Characters that reorder the text around them (bidi overrides,
/// isolates and marks): refused in chat lines as well as names.
pub fn reorders(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Characters that show nothing or change how the text around them shows.
fn hidden(c: char) -> bool {
    use GeneralCategory::*;
    // Spaces other than the plain one are refused too: a name of
    // ideographic or no-break spaces would look empty.
    matches!(
        get_general_category(c),
        Control | Format | Surrogate | PrivateUse | Unassigned | LineSeparator | ParagraphSeparator
    ) || (c.is_whitespace() && c != ' ')
        || matches!(
            c,
            '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{2800}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(raw: &str) -> String {
        display_name(raw).unwrap_err().message
    }

    #[test]
    fn names_are_normalised_and_trimmed() {
        assert_eq!(display_name("  Ann  ").unwrap(), "Ann");
        // "é" as e + combining acute becomes the single code point.
        assert_eq!(display_name("Rene\u{301}").unwrap(), "Ren\u{e9}");
        assert_eq!(display_name("José Pérez").unwrap(), "José Pérez");
        assert_eq!(display_name("Zoë 🁢").unwrap(), "Zoë 🁢");
    }

    #[test]
    fn invisible_deceptive_and_control_characters_are_refused() {
        for raw in [
            "\u{200B}",         // zero-width space alone
            "Ann\u{200B}",      // zero-width space inside
            "\u{202E}nnA",      // right-to-left override
            "A\u{2066}B",       // left-to-right isolate
            "Bob\u{0}",         // NUL
            "Bob\u{7}",         // bell
            "\u{FEFF}Bob",      // byte-order mark
            "Ann\u{E0041}",     // tag character
            "\u{3164}",         // Hangul filler: looks empty
            "\u{3000}\u{3000}", // ideographic spaces
            "A\u{00A0}B",       // no-break space
            "\u{E000}",         // private use
        ] {
            let m = refused(raw);
            assert!(
                m.contains("visible") || m.contains("needed"),
                "{raw:?}: {m}"
            );
        }
        assert!(refused("   ").contains("needed"));
        assert!(refused(&"x".repeat(25)).contains("24"));
        assert_eq!(display_name(&"x".repeat(24)).unwrap().len(), 24);
    }
}
