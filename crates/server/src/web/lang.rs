//! The page's language from the browser's `Accept-Language`: written into
//! `<html lang>`, where the page takes it when neither the player's switch
//! nor `navigator.languages` names a language it speaks.

/// The languages web/locales has catalogs for.
pub const LANGS: [&str; 3] = ["en", "es", "fr"];

/// The most preferred language of `header` that the page speaks, by quality
/// (`q=`), ties in the header's order; `None` when it names none of them.
pub fn from_accept_language(header: &str) -> Option<&'static str> {
    let mut best: Option<(f32, &'static str)> = None;
    for item in header.split(',') {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or("").trim();
        let q = parts
            .filter_map(|p| p.trim().strip_prefix("q="))
            .find_map(|v| v.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        let primary = tag
            .split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        let Some(lang) = LANGS.iter().find(|l| **l == primary) else {
            continue;
        };
        if q > 0.0 && best.is_none_or(|(bq, _)| q > bq) {
            best = Some((q, lang));
        }
    }
    best.map(|(_, l)| l)
}

/// `html` with its `<html lang="…">` set to `lang`.
pub fn with_lang(html: &str, lang: &str) -> String {
    html.replacen("<html lang=\"en\">", &format!("<html lang=\"{lang}\">"), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_most_preferred_spoken_language() {
        assert_eq!(from_accept_language("es-PR,es;q=0.9,en;q=0.8"), Some("es"));
        assert_eq!(from_accept_language("de-DE,fr;q=0.7,en;q=0.5"), Some("fr"));
        assert_eq!(from_accept_language("en;q=0.4, fr-CA;q=0.8"), Some("fr"));
        assert_eq!(from_accept_language("en-US,en;q=0.9"), Some("en"));
        assert_eq!(from_accept_language("de, it;q=0.5"), None);
        assert_eq!(from_accept_language("fr;q=0, es;q=0.1"), Some("es"));
        assert_eq!(from_accept_language(""), None);
    }

    #[test]
    fn writes_the_html_lang() {
        assert_eq!(
            with_lang("<!doctype html>\n<html lang=\"en\">\n<head>", "fr"),
            "<!doctype html>\n<html lang=\"fr\">\n<head>"
        );
    }
}
