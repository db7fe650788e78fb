//! The trains family in the terminal game: the station drawn with its
//! trains (snapshots at 80x24), every line's end on the board at any size,
//! choosing a train by keys, ending a first-turn chain, the plain lines.

use domino_engine::{Action, Match, Phase, Preset, Viewer};
use serde_json::json;

use super::*;
use crate::station;

fn trains(app: &App) -> domino_engine::wire::TrainsState {
    app.view().trains.unwrap()
}

/// Every line's tiles are drawn or counted as left out, the newest shown,
/// and every open end has its cell; nothing leaves the board.
fn check_station(app_table: &crate::words::Table, m: &Match, w: i32, h: i32) {
    let view = m.view(Viewer::All);
    let pic = Pic::from_view(&view);
    let rows = station::rows(app_table, &pic, view.trains.as_ref().unwrap());
    let words = station::Words::of(app_table);
    let b = station::build(&pic, &rows, &words, w, h);
    let text = b.text().join("\n");
    assert_eq!(rows.len(), pic.chains.len(), "{text}");
    for (id, c) in pic.chains.iter().enumerate() {
        let shown: Vec<_> = b
            .tiles
            .iter()
            .filter(|p| p.chain == Some(id))
            .map(|p| p.tile)
            .collect();
        let left_out = c.tiles.len() - shown.len();
        assert_eq!(shown, c.tiles[left_out..], "{w}x{h} line {id}\n{text}");
        if left_out > 0 {
            // The count left out, and the number at the end where no tile
            // is shown.
            let more = match (shown.len(), c.pips) {
                (0, Some(p)) => format!("+{left_out}→{p} "),
                _ => format!("+{left_out} "),
            };
            assert!(
                b.notes.iter().any(|n| n.text == more),
                "{w}x{h} {id}\n{text}"
            );
        }
        assert!(b.end_spot(id).is_some(), "{w}x{h}: end {id}\n{text}");
    }
    for p in &b.tiles {
        assert!(p.x >= 0 && p.y >= 0 && p.x + p.w <= b.width && p.y + p.h <= b.height);
    }
    for n in &b.notes {
        let len = n.text.chars().count() as i32;
        assert!(
            n.x + len <= b.width && n.y < b.height,
            "{w}x{h} {n:?}\n{text}"
        );
    }
}

#[test]
fn every_line_and_its_end_is_on_the_board_at_every_size() {
    for preset in Preset::TRAINS {
        for players in [2, 4, 8] {
            for seed in 0..4 {
                let r = rules(preset.name(), Some(players), json!({}));
                let mut m = Match::new(r, Some(seed), None).unwrap();
                let table = crate::words::Table::new(r, 0);
                play_until(&mut m, |m| {
                    for (w, hs) in TABLES.iter() {
                        for h in hs.clone() {
                            check_station(&table, m, *w, h);
                        }
                    }
                    false
                });
            }
        }
    }
}

#[test]
fn screen_mexican_train_station_with_open_trains() {
    let app = find("mexican-train", None, 1, |a| {
        let t = trains(a);
        !t.open.is_empty() && plays(&a.m) >= 10
    });
    let shown = screen(&app, 80, 24);
    for words in [
        "You",
        "East",
        "North",
        "West",
        "Mexican train",
        "open",
        "station 12-12",
    ] {
        assert!(shown.contains(words), "no {words:?} in\n{shown}");
    }
    insta::assert_snapshot!(shown);
}

#[test]
fn screen_mexican_train_double_to_cover_first() {
    let app = find("mexican-train", None, 1, |a| !trains(a).owed.is_empty());
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("← first"), "{shown}");
    insta::assert_snapshot!(shown);
}

#[test]
fn screen_chicken_foot_toes() {
    let app = find("chicken-foot", None, 1, |a| {
        layout(a).chains().len() > 4 && trains(a).owed.is_empty()
    });
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("└toe 1 of"), "{shown}");
    insta::assert_snapshot!(shown);
}

/// Eight players on an 80x24 screen: every train and the Mexican train
/// have their row.
#[test]
fn eight_players_each_have_a_row_on_an_80x24_screen() {
    let app = find("mexican-train", Some(8), 1, |a| plays(&a.m) >= 12);
    let shown = screen(&app, 80, 24);
    for seat in 1..8 {
        assert!(
            shown.contains(&format!("Seat {seat} ")),
            "Seat {seat}:\n{shown}"
        );
    }
    assert!(shown.contains("Mexican train"), "{shown}");
}

/// The station in Spanish and French: the labels, the open marker and the
/// score's form.
#[test]
fn the_station_speaks_spanish_and_french() {
    for (lang, words) in [
        (
            Lang::Es,
            ["Tren mexicano", "estación 12-12", "Gana el menor total"],
        ),
        (
            Lang::Fr,
            ["Train mexicain", "gare 12-12", "Le plus petit total"],
        ),
    ] {
        let app = find_in(lang, "mexican-train", None, 1, |a| plays(&a.m) >= 6);
        let shown = screen(&app, 80, 24);
        for w in words {
            assert!(shown.contains(w), "{lang:?}: no {w:?} in\n{shown}");
        }
    }
}

#[test]
fn a_tile_for_several_trains_is_played_on_the_one_chosen_by_keys() {
    let mut app = find("mexican-train", None, 1, |a| {
        a.playable().iter().any(|&t| a.placements(t).len() >= 2)
    });
    let t = app
        .playable()
        .into_iter()
        .find(|&t| app.placements(t).len() >= 2)
        .unwrap();
    let options = app.placements(t);
    // Each choice is another train, even where their ends show the same.
    let mut ends: Vec<_> = options.iter().map(|&o| end_of(o)).collect();
    ends.dedup();
    assert_eq!(ends.len(), options.len());
    let i = app.hand().iter().position(|&x| x == t).unwrap();
    key(&mut app, digit(i));
    key(&mut app, Key::Enter);
    assert!(matches!(app.mode, Mode::End { .. }), "{:?}", app.mode);
    // The prompt names the trains; the table numbers their ends.
    let prompt = app.prompt().text;
    assert!(prompt.contains("1: ") && prompt.contains("2: "), "{prompt}");
    assert!(
        prompt.contains("train of yours") || prompt.contains("Mexican train"),
        "{prompt}"
    );
    let shown = screen(&app, 80, 24);
    let before = app.m.history().len();
    key(&mut app, Key::Right);
    key(&mut app, Key::Enter);
    assert_eq!(app.m.history()[before].action, options[1], "{shown}");
}

#[test]
fn p_ends_a_first_turn_chain_without_opening_the_train() {
    let r = rules("mexican-train", None, json!({"first_turn": "chain"}));
    let mut found = None;
    for seed in 0..40 {
        let mut app = app_of(Match::new(r, Some(seed), None).unwrap());
        drive(&mut app, |a| a.can_end_turn() || a.m.hand_number() > 1);
        if app.can_end_turn() {
            found = Some(app);
            break;
        }
    }
    let mut app = found.expect("a chain the player may end");
    assert!(
        app.prompt().text.contains("p: end your turn"),
        "{}",
        app.prompt().text
    );
    let before = app.m.history().len();
    key(&mut app, Key::Char('p'));
    let e = app.m.history()[before];
    assert_eq!((e.seat, e.action), (0, Action::Pass));
    assert!(!app.m.hand().train_open(0), "a chain's pass opens nothing");
    // The log tells the end of a turn, not a pass.
    let said: Vec<&str> = app.log.iter().map(|s| s.text.as_str()).collect();
    assert!(said.contains(&"You end your turn."), "{said:#?}");
    // Where the player may not pass, p does nothing.
    let mut other = find("mexican-train", None, 1, |a| !a.can_end_turn());
    let before = other.m.history().len();
    key(&mut other, Key::Char('p'));
    assert_eq!(other.m.history().len(), before);
}

#[test]
fn the_plain_lines_tell_the_station_train_by_train_in_each_language() {
    for (lang, station, you, mexican) in [
        (Lang::En, "The station: 12-12.", "You", "Mexican train: "),
        (Lang::Es, "La estación: 12-12.", "Tú", "Tren mexicano: "),
        (Lang::Fr, "La gare : 12-12.", "Vous", "Train mexicain : "),
    ] {
        let app = find_in(lang, "mexican-train", None, 1, |a| {
            plays(&a.m) >= 6 && !trains(a).open.is_empty()
        });
        let lines = crate::plain::table_lines(&app);
        assert!(lines.iter().any(|l| l == station), "{lang:?}: {lines:#?}");
        assert!(
            lines.iter().any(|l| l.starts_with(you)),
            "{lang:?}: {lines:#?}"
        );
        assert!(
            lines.iter().any(|l| l.starts_with(mexican)),
            "{lang:?}: {lines:#?}"
        );
        let open = ["open", "abierto", "ouvert"];
        assert!(
            lines
                .iter()
                .any(|l| open.iter().any(|o| l.contains(&format!(", {o}")))),
            "{lang:?}: {lines:#?}"
        );
        // Every choice names its train.
        for (i, a) in crate::plain::choices(&app).into_iter().enumerate() {
            let line = crate::plain::choice_line(&app, i + 1, a);
            assert!(!line.contains("left") && !line.contains("right"), "{line}");
        }
    }
}

#[test]
fn random_keys_play_only_legal_moves_in_the_trains_family() {
    use rand::{Rng, SeedableRng};
    let pool: Vec<Key> = [Key::Left, Key::Right, Key::Enter, Key::Esc, Key::Tab]
        .into_iter()
        .chain("0123456789 hpn?x".chars().map(Key::Char))
        .collect();
    for (g, (preset, options)) in [
        ("mexican-train", json!({"rounds": 2, "first_turn": "chain"})),
        ("chicken-foot", json!({"rounds": 2})),
    ]
    .into_iter()
    .enumerate()
    {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(g as u64);
        let m = Match::new(rules(preset, Some(3), options), Some(g as u64), None).unwrap();
        let mut app = app_of(m);
        settle(&mut app, Vec::new());
        for step in 0..1500 {
            key(&mut app, pool[rng.random_range(0..pool.len())]);
            if step % 50 == 0 {
                screen(&app, 80, 24);
            }
            if app.m.phase() == Phase::MatchOver {
                break;
            }
        }
        let replayed = domino_engine::record::replay(&app.m.record())
            .unwrap_or_else(|e| panic!("{preset}: an illegal move was made: {e}"));
        assert_eq!(replayed.history(), app.m.history());
        assert!(app.m.history().len() > 5, "{preset}: the game moved");
    }
}

#[test]
fn a_pass_that_opens_a_train_says_so_in_each_language() {
    for (lang, opened) in [
        (Lang::En, ": their train is open."),
        (Lang::Es, ": su tren queda abierto."),
        (Lang::Fr, " : son train est ouvert."),
    ] {
        // A hand where some seat passes with its train closed: the line says
        // that its train is open now (found, or `find_in` fails).
        find_in(lang, "mexican-train", None, 1, |a| {
            a.log.iter().any(|s| s.text.ends_with(opened))
        });
    }
}
