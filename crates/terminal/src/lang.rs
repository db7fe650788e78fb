//! The language of the terminal game: its words come from the same Fluent
//! catalogs as the browser page's (web/locales/*/domino.ftl).

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// A language the game speaks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Es,
    Fr,
}

/// The "how to play" pages of each language (web/locales/*/howto.ftl), in
/// the same order as [`CATALOGS`]: loaded into the same bundle.
const HOWTOS: [&str; 3] = [
    include_str!("../../../web/locales/en/howto.ftl"),
    include_str!("../../../web/locales/es/howto.ftl"),
    include_str!("../../../web/locales/fr/howto.ftl"),
];

/// The catalogs, compiled into the binary: nothing is read at run time.
const CATALOGS: [(Lang, &str, &str); 3] = [
    (
        Lang::En,
        "en",
        include_str!("../../../web/locales/en/domino.ftl"),
    ),
    (
        Lang::Es,
        "es",
        include_str!("../../../web/locales/es/domino.ftl"),
    ),
    (
        Lang::Fr,
        "fr",
        include_str!("../../../web/locales/fr/domino.ftl"),
    ),
];

type Bundle = FluentBundle<FluentResource>;

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Es, Lang::Fr];

    /// The language's code: "en", "es", "fr".
    pub fn code(self) -> &'static str {
        CATALOGS[self.index()].1
    }

    fn index(self) -> usize {
        match self {
            Lang::En => 0,
            Lang::Es => 1,
            Lang::Fr => 2,
        }
    }

    /// The catalog's text (for the tests that compare catalogs).
    pub fn catalog(self) -> &'static str {
        CATALOGS[self.index()].2
    }

    /// The "how to play" catalog's text (for the tests that compare
    /// catalogs).
    pub fn howto_catalog(self) -> &'static str {
        HOWTOS[self.index()]
    }

    /// A language from a tag such as "es", "fr_FR.UTF-8" or "en-JM";
    /// `None` for one the game does not speak.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The language of the environment: the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set (the POSIX order), or English
    /// when it names a language the game does not speak.
    pub fn from_env_vars(get: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(|k| get(k).filter(|v| !v.is_empty()))
            .next()
            .and_then(|v| Lang::from_tag(&v))
            .unwrap_or_default()
    }

    /// [`Lang::from_env_vars`] on this process's environment.
    pub fn from_env() -> Lang {
        Lang::from_env_vars(|k| std::env::var(k).ok())
    }

    fn bundle(self) -> &'static Bundle {
        static BUNDLES: [OnceLock<Bundle>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        BUNDLES[self.index()].get_or_init(|| build(self))
    }

    /// Message `id` with `args`. A message missing from the catalog shows
    /// its id (the catalog tests keep that from happening).
    pub fn tr(self, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        let bundle = self.bundle();
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_string();
        };
        let mut fargs = FluentArgs::new();
        for (k, v) in args {
            fargs.set(*k, v.clone());
        }
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, Some(&fargs), &mut errors)
            .into_owned()
    }

    /// `items` as one list in this language ("A, B and C").
    pub fn list(self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => self.tr(
                "term-list",
                &[("rest", txt(rest.join(", "))), ("last", txt(last.clone()))],
            ),
        }
    }
}

fn build(lang: Lang) -> Bundle {
    let (_, code, text) = CATALOGS[lang.index()];
    let id: LanguageIdentifier = code.parse().unwrap_or_default();
    let mut bundle = Bundle::new_concurrent(vec![id]);
    // The terminal draws plain text: no bidi isolation marks.
    bundle.set_use_isolating(false);
    // A catalog with a syntax error still gives its good messages; the
    // catalog tests fail on any error.
    for text in [text, HOWTOS[lang.index()]] {
        let resource = match FluentResource::try_new(text.to_string()) {
            Ok(r) => r,
            Err((r, _)) => r,
        };
        let _ = bundle.add_resource(resource);
    }
    bundle
}

/// A string argument.
pub fn txt(v: impl Into<String>) -> FluentValue<'static> {
    FluentValue::from(v.into())
}

/// A number argument (plural forms choose by it).
pub fn num(v: impl Into<i64>) -> FluentValue<'static> {
    FluentValue::from(v.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_pick_languages() {
        assert_eq!(Lang::from_tag("es_PR.UTF-8"), Some(Lang::Es));
        assert_eq!(Lang::from_tag("fr-FR"), Some(Lang::Fr));
        assert_eq!(Lang::from_tag("EN"), Some(Lang::En));
        assert_eq!(Lang::from_tag("de_DE"), None);
        assert_eq!(Lang::from_tag("C"), None);
    }

    #[test]
    fn environment_order_is_lc_all_then_lc_messages_then_lang() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(name, _)| *name == k)
                    .map(|(_, v)| (*v).to_string())
            }
        };
        assert_eq!(
            Lang::from_env_vars(env(&[("LANG", "fr_FR.UTF-8")])),
            Lang::Fr
        );
        assert_eq!(
            Lang::from_env_vars(env(&[("LANG", "fr_FR.UTF-8"), ("LC_ALL", "es_ES")])),
            Lang::Es
        );
        assert_eq!(
            Lang::from_env_vars(env(&[("LANG", "es_PR"), ("LC_MESSAGES", "fr")])),
            Lang::Fr
        );
        assert_eq!(Lang::from_env_vars(env(&[("LANG", "de_DE")])), Lang::En);
        assert_eq!(Lang::from_env_vars(env(&[])), Lang::En);
    }

    #[test]
    fn plurals_and_variables_follow_the_language() {
        let tiles = |l: Lang, c: i64| l.tr("term-seat-tiles", &[("count", num(c))]);
        assert_eq!(tiles(Lang::En, 1), "1 tile");
        assert_eq!(tiles(Lang::En, 3), "3 tiles");
        assert_eq!(tiles(Lang::Es, 3), "3 fichas");
        assert_eq!(tiles(Lang::Fr, 1), "1 domino");
        assert_eq!(
            Lang::Es.tr(
                "term-pass",
                &[
                    ("who", txt("Norte")),
                    ("person", txt("one")),
                    ("ends", txt("none"))
                ]
            ),
            "Norte pasa."
        );
        let play = |l: Lang, who: &str, person: &str| {
            let end = l.tr("term-end-top", &[]);
            l.tr(
                "term-play",
                &[
                    ("who", txt(who)),
                    ("person", txt(person)),
                    ("tile", txt("6-4")),
                    ("end", txt(end)),
                    ("shows", txt("4")),
                ],
            )
        };
        assert_eq!(
            play(Lang::En, "You", "you"),
            "You play 6-4 on the top, now 4."
        );
        assert_eq!(
            play(Lang::Es, "Tú", "you"),
            "Tú juegas 6-4 por arriba, ahora 4."
        );
        assert_eq!(
            play(Lang::Fr, "Nord", "one"),
            "Nord joue le 6-4 en haut, maintenant 4."
        );
        assert_eq!(
            play(Lang::Fr, "Est et Ouest", "many"),
            "Est et Ouest jouent le 6-4 en haut, maintenant 4."
        );
    }
}
