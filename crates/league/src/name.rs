//! Display names as people see them: one check for every place a name
//! enters (a profile, creating or joining a table, a scoresheet, a
//! tournament), and the keys a profile's name is unique by.
//!
//! A name is normalised to NFKC and trimmed: NFKC makes one name of the
//! same letters typed two ways and of their compatibility forms (fullwidth
//! "Ｋim" is "Kim", "ﬁ" is "fi"), which matter for a name that must not
//! pass for another; chat keeps what was typed (see [`crate::text`]).
//! Invisible characters (controls, zero-width joiners and spaces, bidi
//! controls, the BOM, soft hyphens, tags, private use) are refused: they
//! let a name look like another or reorder the text around it. A name must
//! show a letter, digit, punctuation or symbol, may not start with a
//! combining mark, nor pile more than [`MARKS_PER_BASE`] on one character.
//!
//! Look-alikes follow Unicode's UTS #39: a name mixing scripts that pass
//! for each other (Latin with Cyrillic or Greek letters: "Kіm" with a
//! Cyrillic "і") is refused, and a profile's name is unique by its
//! confusable skeleton ([`name_keys`]), so "Κim" with a Greek capital
//! kappa is taken when "Kim" is.

use unicode_normalization::UnicodeNormalization;
use unicode_script::{Script, UnicodeScript};
use unicode_security::mixed_script::AugmentedScriptSet;

use crate::text::{invisible, most_marks, shows, stacks, MARKS_PER_BASE};

/// The longest display name by default, in characters (after normalising);
/// `Limits::name_chars` sets it.
pub const NAME_MAX: usize = 24;

/// Why a display name is refused (answered as `bad_name` with these words).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("a display name is needed")]
    Empty,
    #[error("names cannot hold invisible or control characters (U+{:04X})", u32::from(*.0))]
    Invisible(char),
    #[error("a name needs a visible character")]
    NothingShows,
    #[error("a name cannot start with an accent or other combining mark")]
    StartsWithMark,
    #[error("at most {MARKS_PER_BASE} accents or marks on one letter")]
    TooManyMarks,
    #[error("names are at most {0} characters")]
    TooLong(usize),
    #[error(
        "a name cannot mix letters of scripts that look alike (such as Latin with Cyrillic or Greek)"
    )]
    MixedScripts,
}

/// The name a player will be shown under, or why it is refused.
pub fn display_name(raw: &str) -> Result<String, NameError> {
    display_name_within(raw, NAME_MAX)
}

/// [`display_name`] with at most `max` characters.
pub fn display_name_within(raw: &str, max: usize) -> Result<String, NameError> {
    let name = visible_name(raw, max)?;
    one_script(&name)?;
    Ok(name)
}

/// The name normalised, trimmed and checked for what shows (everything
/// [`display_name_within`] checks but mixed scripts: a profile checks
/// those after asking whether the name looks like one already taken).
pub fn visible_name(raw: &str, max: usize) -> Result<String, NameError> {
    let name: String = raw.nfkc().collect::<String>().trim().to_string();
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    // Spaces other than the plain one are refused too: a name of
    // ideographic or no-break spaces would look empty.
    if let Some(c) = name
        .chars()
        .find(|&c| invisible(c) || (c.is_whitespace() && c != ' '))
    {
        return Err(NameError::Invisible(c));
    }
    if !name.chars().any(shows) {
        return Err(NameError::NothingShows);
    }
    if name.chars().next().is_some_and(stacks) {
        return Err(NameError::StartsWithMark);
    }
    if most_marks(&name) > MARKS_PER_BASE {
        return Err(NameError::TooManyMarks);
    }
    if name.chars().count() > max {
        return Err(NameError::TooLong(max));
    }
    Ok(name)
}

/// Refuse a name that mixes scripts the way look-alikes do.
///
/// One script (with the common digits, spaces and punctuation) is always
/// fine, in any script. Mixed, the name must meet UTS #39's "moderately
/// restrictive" level: Latin with Han, kana or Hangul, or with one other
/// recommended script that is neither Cyrillic nor Greek, whose letters
/// pass for Latin ones. `unicode-security`'s own
/// `detect_restriction_level` is not used as is: it also treats anything
/// that is not an identifier character (a space, an apostrophe, an emoji)
/// as unrestricted.
pub fn one_script(name: &str) -> Result<(), NameError> {
    if !AugmentedScriptSet::for_str(name).is_empty() {
        return Ok(());
    }
    let mut beside_latin = AugmentedScriptSet::default();
    for c in name.chars() {
        let set = AugmentedScriptSet::for_char(c);
        if !set.base.contains_script(Script::Latin) {
            beside_latin.intersect_with(set);
        }
    }
    let cjk = beside_latin.hanb || beside_latin.jpan || beside_latin.kore;
    let mut scripts = beside_latin.base.iter();
    let other = match (scripts.next(), scripts.next()) {
        (Some(s), None) => Some(s),
        _ => None,
    };
    let moderate =
        other.is_some_and(|s| s.is_recommended() && s != Script::Cyrillic && s != Script::Greek);
    if cjk || moderate {
        return Ok(());
    }
    Err(NameError::MixedScripts)
}

/// The keys a profile's name is unique by: no two profiles share either.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameKeys {
    /// The skeleton of the name case-folded: "KIM" is "kim", and so is
    /// "kіm" with a Cyrillic "і", or "kirn".
    pub folded: String,
    /// The skeleton as written: capitals that pass for each other ("Κim"
    /// with a Greek kappa, "KIM" and "KlM") are caught here, where folding
    /// first would part them (Greek "κ" is not Latin "k").
    pub skeleton: String,
}

/// The keys of a display name (see [`NameKeys`]). Both are UTS #39
/// confusable skeletons of the name in NFKC with the accents of Latin,
/// Greek and Cyrillic letters removed, so "Kim" with a combining acute, or
/// "Jose" beside "José", is the same name; the marks of other scripts
/// (Indic vowel signs, Arabic and Hebrew points) are part of the letters
/// and stay.
pub fn name_keys(name: &str) -> NameKeys {
    let bare = without_accents(name);
    // Folded as before skeletons were compared: upper then lower case, so
    // that "ß" and "SS", or final and medial sigma, are one.
    let folded = bare.to_uppercase().to_lowercase();
    NameKeys {
        folded: unicode_security::skeleton(&folded).collect(),
        skeleton: unicode_security::skeleton(&bare).collect(),
    }
}

fn without_accents(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut accented = false;
    for c in name.nfkd() {
        if stacks(c) {
            if accented {
                continue;
            }
        } else {
            accented = matches!(
                c.script(),
                Script::Latin | Script::Greek | Script::Cyrillic | Script::Common
            );
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn refused(raw: &str) -> String {
        display_name(raw).unwrap_err().to_string()
    }

    #[test]
    fn names_are_normalised_and_trimmed() {
        assert_eq!(display_name("  Ann  ").unwrap(), "Ann");
        // "é" as e + combining acute becomes the single code point.
        assert_eq!(display_name("Rene\u{301}").unwrap(), "Ren\u{e9}");
        assert_eq!(display_name("José Pérez").unwrap(), "José Pérez");
        assert_eq!(display_name("Zoë 🁢").unwrap(), "Zoë 🁢");
        // Compatibility forms become the letters they stand for.
        assert_eq!(display_name("Ｋim").unwrap(), "Kim");
        assert_eq!(display_name("ﬁona").unwrap(), "fiona");
        assert_eq!(display_name("A\u{00A0}B").unwrap(), "A B");
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
            "\u{E000}",         // private use
            "Kim\u{2028}Lee",   // line separator
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

    #[test]
    fn a_name_of_marks_alone_or_piled_marks_is_refused() {
        assert!(refused("\u{301}\u{301}\u{301}").contains("visible"));
        assert!(refused("\u{20DD}").contains("visible"));
        assert!(refused("\u{301}Kim").contains("start with"));
        assert!(refused(&format!("Kim{}", "\u{301}".repeat(8))).contains("on one letter"));
        // Vietnamese and pointed Hebrew stay within the cap.
        assert_eq!(display_name("Nguyễn Thị").unwrap(), "Nguyễn Thị");
        assert!(display_name("שִׁמְשׁוֹן").is_ok());
    }

    #[test]
    fn single_script_names_in_any_script_and_common_punctuation_pass() {
        for name in [
            "José",
            "Ñandú",
            "Élodie",
            "Κώστας",
            "Иван",
            "山田",
            "O'Neil",
            "Anne-Marie",
            "Ali علي",
            "Kim 山田",
            "たなか Tanaka",
            "김 Kim",
            "Kim99",
            "ᏣᎳᎩ",
        ] {
            assert_eq!(display_name(name).unwrap(), name, "{name:?}");
        }
    }

    #[test]
    fn names_mixing_look_alike_scripts_are_refused() {
        for name in [
            "\u{39A}im",      // Greek capital kappa
            "K\u{456}m",      // Cyrillic і
            "P\u{430}ypal",   // Cyrillic а
            "Ив\u{61}н",      // Latin a among Cyrillic
            "\u{39A}\u{456}", // Greek with Cyrillic
        ] {
            assert!(refused(name).contains("scripts"), "{name:?}");
        }
    }

    #[test]
    fn look_alikes_of_a_name_share_a_key() {
        let kim = name_keys("Kim");
        // The examples: Greek kappa, Cyrillic i, fullwidth K (as
        // normalised), an acute on the m.
        for alike in ["\u{39A}im", "K\u{456}m", "Ｋim", "Kim\u{301}", "Ki\u{1E3F}"] {
            let keys = name_keys(alike);
            assert!(
                keys.folded == kim.folded || keys.skeleton == kim.skeleton,
                "{alike:?}: {keys:?} vs {kim:?}"
            );
        }
        assert_eq!(name_keys("KIM").folded, kim.folded);
        assert_eq!(name_keys("Kirn").folded, kim.folded);
        assert_eq!(name_keys("PayPaI").skeleton, name_keys("PayPal").skeleton);
        assert_eq!(name_keys("STRASSE").folded, name_keys("straße").folded);
        assert_eq!(name_keys("ΟΔΟΣ").folded, name_keys("οδος").folded);
        assert_eq!(name_keys("José").folded, name_keys("Jose").folded);
        // Different names stay different, in every script.
        assert_ne!(name_keys("Ann").folded, name_keys("Anne").folded);
        assert_ne!(name_keys("Kim").folded, name_keys("Tim").folded);
        assert_ne!(name_keys("山田").folded, name_keys("山本").folded);
        // A Devanagari vowel sign is part of the letter, not an accent.
        assert_ne!(name_keys("गुप्त").folded, name_keys("गप्त").folded);
    }
}
