//! "How to play" a game, in the chosen language: `domino rules --how GAME`.
//! The words are the page's (web/locales/*/howto.ftl, `/how/GAME`).

use domino_engine::Preset;

use super::lang::{txt, Lang};

/// The parts of every game's page, in order: each is a heading
/// (`howto-PART`) and the game's text (`howto-GAME-PART`).
pub const PARTS: [&str; 5] = ["aim", "deal", "turn", "score", "win"];

/// The message id of `part` of `preset`'s page.
pub fn part_id(preset: Preset, part: &str) -> String {
    format!("howto-{}-{part}", preset.name())
}

/// A game's "how to play" as text: a title, then each part's heading and
/// its paragraph, then where the full rules are.
pub fn text(lang: Lang, preset: Preset) -> String {
    let game = lang.tr("game-title", &[("preset", txt(preset.name()))]);
    let title = lang.tr("howto-title", &[("game", txt(game))]);
    let mut out = format!("{title}\n");
    for part in PARTS {
        let heading = lang.tr(&format!("howto-{part}"), &[]);
        let body = lang.tr(&part_id(preset, part), &[]);
        out.push_str(&format!("\n{heading}\n{body}\n"));
    }
    let more = lang.tr("howto-more", &[("preset", txt(preset.name()))]);
    out.push_str(&format!("\n{more}\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_every_part_in_every_language() {
        for lang in Lang::ALL {
            for p in Preset::EVERY {
                let t = text(lang, p);
                for part in PARTS {
                    let id = part_id(p, part);
                    // A missing message shows its id.
                    assert!(!t.contains(&id), "{}: {id} is missing", lang.code());
                    assert!(!t.contains(&format!("howto-{part}\n")), "{t}");
                }
            }
        }
    }

    #[test]
    fn the_trains_games_have_their_own_words() {
        let mt = text(Lang::Fr, Preset::MexicanTrain);
        assert!(mt.contains("train mexicain") && mt.contains("gare"), "{mt}");
        let cf = text(Lang::Es, Preset::ChickenFoot);
        assert!(
            cf.contains("pata de gallo") && cf.contains("corral"),
            "{cf}"
        );
    }

    #[test]
    fn the_pages_use_the_players_words() {
        let pr = text(Lang::Es, Preset::PuertoRican);
        for w in [
            "Cómo se juega",
            "capicú",
            "chuchazo",
            "tranque",
            "pase",
            "pozo",
        ] {
            assert!(pr.contains(w), "{w}: {pr}");
        }
        let fr = text(Lang::Fr, Preset::French);
        for w in ["Comment jouer", "boudez", "double-blanc"] {
            assert!(fr.contains(w), "{w}: {fr}");
        }
        let en = text(Lang::En, Preset::ClubFives);
        assert!(en.starts_with("How to play: "), "{en}");
        assert!(en.contains("\nThe aim\n"), "{en}");
        assert!(en.contains("docs/rules/club-fives.md"), "{en}");
    }
}
