//! Tests of the terminal game: the screen at 80x24 for each layout kind and
//! score form (snapshots), the state machine's keys, and random keys.

use std::time::{Duration, Instant};

use domino_bots::{Bot, Heuristic};
use domino_engine::{Action, Match, Phase, Rules, RulesSpec};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use serde_json::{json, Map, Value};

use super::app::{end_of, App, Cmd, Config, Key, Mode, Msg};
use super::draw;
use super::lang::Lang;
use super::layout::{self, Pic};

mod trains;

fn rules(preset: &str, players: Option<u8>, options: Value) -> Rules {
    let options: Map<String, Value> = options.as_object().cloned().unwrap_or_default();
    RulesSpec {
        preset: preset.to_string(),
        players,
        options,
    }
    .resolve()
    .unwrap()
}

/// Play the match with the heuristic bot in every seat until `stop` holds
/// or the hand ends.
fn play_until(m: &mut Match, mut stop: impl FnMut(&Match) -> bool) {
    let mut bot = Heuristic;
    while matches!(m.phase(), Phase::Play | Phase::ChoosePoser) && !stop(m) {
        let seat = m.to_act().unwrap();
        let a = bot.act(&m.seat_view(seat)).unwrap();
        m.act(a, &mut ()).unwrap();
    }
}

fn config(players: u8, human: u8) -> Config {
    Config {
        human,
        bots: (0..players)
            .map(|s| {
                if s == human {
                    "human".to_string()
                } else {
                    "heuristic".to_string()
                }
            })
            .collect(),
        delay: Duration::ZERO,
        lang: crate::lang::Lang::En,
    }
}

fn app_of(m: Match) -> App {
    app_in(m, Lang::En)
}

fn app_in(m: Match, lang: Lang) -> App {
    let n = m.rules().players();
    let cfg = Config {
        lang,
        ..config(n, 0)
    };
    App::new(m, cfg, Instant::now())
}

fn screen(app: &App, w: u16, h: u16) -> String {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| draw::draw(f, app)).unwrap();
    term.backend().to_string()
}

fn plays(m: &Match) -> usize {
    m.history()
        .iter()
        .filter(|e| matches!(e.action, Action::Play { .. }))
        .count()
}

/// Where the match is: moves made, hand, phase.
fn progress(app: &App) -> (usize, u32, Phase) {
    (app.m.history().len(), app.m.hand_number(), app.m.phase())
}

/// Answer the app's bot requests with the heuristic bot, as the bot thread
/// would, and tick until nothing moves.
fn settle(app: &mut App, mut cmds: Vec<Cmd>) {
    let mut bot = Heuristic;
    for _ in 0..10_000 {
        while let Some(cmd) = cmds.pop() {
            let msg = match cmd {
                Cmd::AskBot { token, view, .. } => Msg::Bot {
                    token,
                    action: bot.act(&view).map_err(|e| e.to_string()),
                },
                Cmd::AskHint { token, view } => Msg::Hint {
                    token,
                    action: bot.act(&view).map_err(|e| e.to_string()),
                },
            };
            cmds.extend(app.update(msg, Instant::now()));
        }
        let before = progress(app);
        cmds.extend(app.update(Msg::Tick, Instant::now()));
        if cmds.is_empty() && progress(app) == before {
            return;
        }
    }
    panic!("the game did not settle");
}

fn key(app: &mut App, k: Key) {
    let cmds = app.update(Msg::Key(k), Instant::now());
    settle(app, cmds);
}

fn digit(i: usize) -> Key {
    Key::Char(char::from(b'1' + i as u8))
}

/// Make the player's move `a` with the keys a person would press.
fn press_move(app: &mut App, a: Action) {
    match (&app.mode, a) {
        (Mode::Poser { options, .. }, Action::ChoosePoser { seat }) => {
            let i = options.iter().position(|&s| s == seat).unwrap();
            key(app, digit(i));
            key(app, Key::Enter);
        }
        (Mode::Tile { .. }, Action::Play { tile, end, .. }) => {
            let i = app.hand().iter().position(|&t| t == tile).unwrap();
            if i < 9 {
                key(app, digit(i));
            } else {
                while app.mode != (Mode::Tile { cursor: i }) {
                    key(app, Key::Right);
                }
            }
            key(app, Key::Enter);
            if let Mode::End { options, .. } = &app.mode {
                let j = options.iter().position(|o| end_of(*o) == end).unwrap_or(0);
                key(app, digit(j));
                key(app, Key::Enter);
            }
        }
        // Ending a first-turn chain of trains.
        (Mode::Tile { .. }, Action::Pass) => key(app, Key::Char('p')),
        (mode, a) => panic!("cannot press {a} in {mode:?}"),
    }
}

/// Play on through the app, the player's moves chosen by the heuristic
/// bot and made with keys, until `stop` holds at one of the player's
/// turns or a hand's end.
fn drive(app: &mut App, mut stop: impl FnMut(&App) -> bool) {
    let mut bot = Heuristic;
    settle(app, Vec::new());
    for _ in 0..2_000 {
        if stop(app) || app.m.phase() == Phase::MatchOver {
            return;
        }
        match app.mode {
            Mode::Over => key(app, Key::Enter),
            Mode::Tile { .. } | Mode::Poser { .. } => {
                let a = bot.act(&app.m.seat_view(app.human())).unwrap();
                press_move(app, a);
            }
            _ => settle(app, Vec::new()),
        }
    }
    panic!("drive did not reach its stop");
}

fn new_app(preset: &str, players: Option<u8>, seed: u64) -> App {
    new_app_in(preset, players, seed, Lang::En)
}

fn new_app_in(preset: &str, players: Option<u8>, seed: u64, lang: Lang) -> App {
    let m = Match::new(rules(preset, players, json!({})), Some(seed), None).unwrap();
    app_in(m, lang)
}

/// The first seed from 0 whose game, driven, reaches `stop` at the
/// player's turn in hand `hand`.
fn find(preset: &str, players: Option<u8>, hand: u32, stop: impl Fn(&App) -> bool) -> App {
    find_in(Lang::En, preset, players, hand, stop)
}

fn find_in(
    lang: Lang,
    preset: &str,
    players: Option<u8>,
    hand: u32,
    stop: impl Fn(&App) -> bool,
) -> App {
    for seed in 0..60 {
        let mut app = new_app_in(preset, players, seed, lang);
        drive(&mut app, |a| {
            a.m.hand_number() > hand
                || (a.m.hand_number() == hand && matches!(a.mode, Mode::Tile { .. }) && stop(a))
        });
        if app.m.hand_number() == hand && matches!(app.mode, Mode::Tile { .. }) {
            return app;
        }
    }
    panic!("no seed reaches the position");
}

fn layout(app: &App) -> domino_engine::Layout {
    *app.m.hand().layout()
}

/// The table's inner sizes on an 80x24 and a 140x30 screen: the seats take
/// one or two rows and the hand one to three rows of tiles.
const TABLES: [(i32, std::ops::RangeInclusive<i32>); 2] = [(80, 8..=13), (140, 13..=18)];

/// Every tile of the layout is on the board, drawn or written out, once;
/// every open end has its spot; nothing lies outside the board.
fn check_all_shown(pic: &Pic, b: &layout::Board, what: &str) {
    let mut shown: Vec<domino_engine::Tile> = b.tiles.iter().map(|p| p.tile).collect();
    shown.extend(b.notes.iter().filter_map(|n| n.tile));
    let mut want: Vec<domino_engine::Tile> = pic.posed.into_iter().collect();
    want.extend(pic.chains.iter().flat_map(|c| c.tiles.iter().copied()));
    shown.sort();
    want.sort();
    let text = b.text().join("\n");
    assert_eq!(b.hidden_total(), 0, "{what}:\n{text}");
    assert_eq!(shown, want, "{what}:\n{text}");
    for (id, c) in pic.chains.iter().enumerate() {
        if c.pips.is_some() {
            assert!(
                b.end_spot(id).is_some(),
                "{what}: end {id} has no spot\n{text}"
            );
        }
    }
    for p in &b.tiles {
        assert!(p.x >= 0 && p.y >= 0 && p.x + p.w <= b.width && p.y + p.h <= b.height);
    }
    for n in &b.notes {
        let len = n.text.chars().count() as i32;
        assert!(
            n.x >= 0 && n.y >= 0 && n.x + len <= b.width && n.y < b.height,
            "{what}: {n:?}"
        );
        assert!(
            !b.tiles.iter().any(|p| n.y >= p.y && n.y < p.y + p.h),
            "{what}: {n:?} over a tile"
        );
    }
    for e in &b.ends {
        assert!(
            e.x >= 0 && e.y >= 0 && e.x < b.width && e.y < b.height,
            "{what}: {e:?}"
        );
    }
}

#[test]
fn every_tile_is_shown_on_80x24_and_140x30_screens_in_every_preset() {
    let name = |c: usize| format!("end {c}");
    for preset in domino_engine::rules::Preset::ALL {
        let preset = preset.name();
        let seeds = if preset == "double-nine-cross" {
            60
        } else {
            20
        };
        // Positions seen, and those that wrote chains out under the tiles.
        let (mut seen, mut written, mut full) = (0usize, 0usize, 0usize);
        for seed in 0..seeds {
            let mut m = Match::new(rules(preset, None, json!({})), Some(seed), None).unwrap();
            play_until(&mut m, |m| {
                let pic = Pic::from_view(&m.view(domino_engine::Viewer::All));
                for (w, hs) in TABLES.iter() {
                    for h in hs.clone() {
                        let b = layout::fit(&pic, *w, h, &name);
                        check_all_shown(&pic, &b, &format!("{preset} seed {seed} {w}x{h}"));
                        seen += 1;
                        written += usize::from(!b.notes.is_empty());
                        full += usize::from(layout::build(&pic, *w, h).hidden_total() > 0);
                    }
                }
                false
            });
        }
        if std::env::var_os("SHOW").is_some() {
            println!(
                "{preset}: {seen} tables, {full} too full to draw whole, {written} wrote chains out"
            );
        }
    }
}

// ---- The screen, one snapshot per layout kind and score form (80x24). ----

#[test]
fn screen_jamaican_line_with_the_six_love_count() {
    let app = find("jamaican", None, 3, |a| plays(&a.m) >= 9);
    insta::assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn screen_club_fives_spinner_with_the_count_to_61() {
    let app = find("club-fives", None, 2, |a| {
        let l = layout(a);
        l.posed().is_some_and(|t| t.is_double())
            && l.chains().len() == 4
            && l.chains()[2..].iter().any(|c| c.len > 0)
            && plays(&a.m) >= 7
    });
    insta::assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn screen_cross_arms_with_running_totals() {
    let app = find("cross", None, 2, |a| {
        !layout(a).opening() && plays(&a.m) >= 7
    });
    insta::assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn screen_double_nine_cross_with_chains_from_later_doubles() {
    let app = find("double-nine-cross", None, 1, |a| {
        layout(a).chains().len() > 5
    });
    insta::assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn screen_double_nine_cross_too_full_writes_chains_out_under_the_tiles() {
    let app = find("double-nine-cross", None, 1, |a| {
        let pic = Pic::from_view(&a.m.view(domino_engine::Viewer::All));
        layout::build(&pic, 80, 13).hidden_total() > 0 && a.hand().len() <= 13
    });
    let shown = screen(&app, 80, 24);
    assert!(
        !shown.contains("not shown") && shown.contains(" after ["),
        "{shown}"
    );
    insta::assert_snapshot!(shown);
}

#[test]
fn screen_french_arms_with_penalty_totals() {
    let app = find("french", None, 2, |a| {
        !layout(a).opening() && plays(&a.m) >= 9
    });
    insta::assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn screen_puerto_rican_team_points() {
    let app = find("puerto-rican", None, 2, |a| plays(&a.m) >= 6);
    insta::assert_snapshot!(screen(&app, 80, 24));
}

/// The same game in Spanish: names, score, seats, log and prompt.
#[test]
fn screen_puerto_rican_in_spanish() {
    let app = find_in(Lang::Es, "puerto-rican", None, 2, |a| plays(&a.m) >= 6);
    let shown = screen(&app, 80, 24);
    for words in [
        "Tú",
        "Puntos a 100",
        "Te toca",
        "mano 2",
        "Tus fichas",
        "Mesa",
        "puntas",
    ] {
        assert!(shown.contains(words), "no {words:?} in\n{shown}");
    }
    for english in ["You ", "Your turn", "Points to", "Table", "ends", "hand 2"] {
        assert!(!shown.contains(english), "{english:?} in\n{shown}");
    }
    insta::assert_snapshot!(shown);
}

/// The hand's end in Spanish and in French: each event line, the result
/// panel and the help in the language.
#[test]
fn hand_over_and_help_in_spanish_and_french() {
    for (lang, said, prompt, help) in [
        (
            Lang::Es,
            "Fin de la mano",
            "próxima mano",
            "pedirle una pista al experto",
        ),
        (
            Lang::Fr,
            "Manche 1 finie",
            "manche suivante",
            "demander un conseil à l'expert",
        ),
    ] {
        let mut app = new_app_in("block", None, 3, lang);
        drive(&mut app, |a| a.mode == Mode::Over);
        let shown = screen(&app, 80, 24);
        assert!(
            shown.contains(said) || shown.contains(prompt),
            "{lang:?}:\n{shown}"
        );
        assert!(
            app.prompt().text.contains(prompt),
            "{lang:?}: {}",
            app.prompt().text
        );
        // Every log line came from the catalog: none is an English sentence.
        for line in &app.log {
            for english in [" plays ", " passes", " poses ", "You ", " wins", "Blocked"] {
                assert!(!line.text.contains(english), "{lang:?}: {:?}", line.text);
            }
        }
        app.help = true;
        assert!(screen(&app, 80, 24).contains(help), "{lang:?}: no help");
    }
}

#[test]
fn the_lang_flag_chooses_the_language_and_refuses_others() {
    let es = super::setup(&super::PlayArgs {
        lang: Some("es".into()),
        ..args()
    })
    .unwrap();
    assert_eq!(es.config.lang, Lang::Es);
    let e = super::setup(&super::PlayArgs {
        lang: Some("de".into()),
        ..args()
    })
    .err()
    .unwrap();
    assert!(e.to_string().contains("en, es, fr"), "{e}");
}

#[test]
fn screen_hand_over_reveals_every_hand() {
    let mut app = new_app("jamaican", None, 3);
    drive(&mut app, |a| a.mode == Mode::Over);
    assert_eq!(app.m.phase(), Phase::HandOver);
    insta::assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn screen_choosing_an_end_numbers_the_ends_on_the_table() {
    let mut app = find("cross", None, 1, |a| {
        !layout(a).opening() && a.playable().iter().any(|&t| a.placements(t).len() >= 2)
    });
    let t = app
        .playable()
        .into_iter()
        .find(|&t| app.placements(t).len() >= 2)
        .unwrap();
    let i = app.hand().iter().position(|&x| x == t).unwrap();
    key(&mut app, digit(i));
    key(&mut app, Key::Enter);
    assert!(matches!(app.mode, Mode::End { .. }));
    insta::assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn screen_help_too_small_and_large() {
    let mut app = find("double-nine-cross", None, 1, |a| {
        layout(a).chains().len() > 5
    });
    insta::assert_snapshot!("large_120x36", screen(&app, 120, 36));
    insta::assert_snapshot!("too_small", screen(&app, 40, 12));
    key(&mut app, Key::Char('?'));
    insta::assert_snapshot!("help", screen(&app, 80, 24));
}

// ---- The state machine: keys to moves, only legal ones. ----

fn record_of(app: &App) -> String {
    serde_json::to_string(&app.m.record()).unwrap()
}

/// A match played by the heuristic bot until `stop` holds.
fn match_at(preset: &str, players: Option<u8>, seed: u64, stop: impl Fn(&Match) -> bool) -> Match {
    let mut m = Match::new(rules(preset, players, json!({})), Some(seed), None).unwrap();
    play_until(&mut m, |m| stop(m));
    m
}

fn slow_config(m: &Match, delay: Duration) -> Config {
    Config {
        delay,
        ..config(m.rules().players(), 0)
    }
}

#[test]
fn the_first_jamaican_pose_offers_only_six_six() {
    let six = domino_engine::Tile::double(6);
    let app = (0..)
        .map(|seed| new_app("jamaican", None, seed))
        .find(|a| a.my_turn())
        .unwrap();
    let mut app = app;
    assert_eq!(app.playable(), vec![six]);
    let at = app.hand().iter().position(|&t| t == six).unwrap();
    assert_eq!(app.mode, Mode::Tile { cursor: at });
    key(&mut app, Key::Right);
    key(&mut app, Key::Left);
    assert_eq!(
        app.mode,
        Mode::Tile { cursor: at },
        "arrows only visit playable tiles"
    );
    let other = if at == 0 { 1 } else { 0 };
    key(&mut app, digit(other));
    assert!(
        app.m.history().is_empty(),
        "an unplayable tile's number does nothing"
    );
    assert!(app.prompt().text.contains("does not fit"));
    key(&mut app, Key::Enter);
    let first = app.m.history()[0];
    assert_eq!((first.seat, first.action), (0, Action::pose(six)));
}

#[test]
fn a_tile_for_several_ends_asks_which_and_offers_only_legal_ends() {
    let mut app = find("cross", None, 1, |a| {
        !layout(a).opening() && a.playable().iter().any(|&t| a.placements(t).len() >= 2)
    });
    let t = app
        .playable()
        .into_iter()
        .find(|&t| app.placements(t).len() >= 2)
        .unwrap();
    let options = app.placements(t);
    let legal = app.legal();
    assert!(options.iter().all(|o| legal.contains(o)));
    let i = app.hand().iter().position(|&x| x == t).unwrap();
    key(&mut app, digit(i));
    key(&mut app, Key::Enter);
    assert!(matches!(&app.mode, Mode::End { cursor: 0, .. }));
    key(&mut app, Key::Right);
    assert!(matches!(&app.mode, Mode::End { cursor: 1, .. }));
    key(&mut app, Key::Esc);
    assert_eq!(app.mode, Mode::Tile { cursor: i });
    let before = app.m.history().len();
    key(&mut app, Key::Enter);
    key(&mut app, Key::Char('2'));
    key(&mut app, Key::Enter);
    assert_eq!(app.m.history()[before].action, options[1]);
}

#[test]
fn a_forced_draw_or_pass_is_made_for_the_player_with_a_message() {
    // The draw game: the player cannot play and draws.
    let only = |m: &Match, a: Action| {
        let mut l = domino_engine::MoveList::new();
        m.legal(&mut l);
        m.to_act() == Some(0) && l.as_slice() == [a]
    };
    let cases = [
        ("draw", Some(2), Action::Draw, "You cannot play: you draw"),
        ("jamaican", None, Action::Pass, "You cannot play on"),
    ];
    for (preset, players, forced, words) in cases {
        let m = (0..50)
            .map(|seed| match_at(preset, players, seed, |m| only(m, forced)))
            .find(|m| only(m, forced))
            .unwrap();
        let t0 = Instant::now();
        let delay = Duration::from_millis(600);
        let mut app = App::new(m, slow_config_n(preset, players, delay), t0);
        assert_eq!(app.mode, Mode::Watch);
        assert_eq!(app.forced(), Some(forced));
        let n = app.m.history().len();
        app.update(Msg::Tick, t0 + Duration::from_millis(100));
        assert_eq!(app.m.history().len(), n, "not before the pause is over");
        app.update(Msg::Tick, t0 + Duration::from_millis(700));
        assert_eq!(app.m.history()[n].action, forced);
        let last = app
            .log
            .iter()
            .rev()
            .find(|s| s.text.starts_with("You"))
            .unwrap();
        assert!(last.text.starts_with(words), "{}", last.text);
    }
}

fn slow_config_n(preset: &str, players: Option<u8>, delay: Duration) -> Config {
    let m = Match::new(rules(preset, players, json!({})), Some(1), None).unwrap();
    slow_config(&m, delay)
}

#[test]
fn bots_move_one_at_a_time_at_the_chosen_pace() {
    let m = (0..)
        .map(|seed| Match::new(rules("jamaican", None, json!({})), Some(seed), None).unwrap())
        .find(|m| m.to_act() != Some(0))
        .unwrap();
    let delay = Duration::from_millis(600);
    let t0 = Instant::now();
    let mut app = App::new(m, slow_config_n("jamaican", None, delay), t0);
    let mut bot = Heuristic;
    let mut now = t0;
    let mut moves = 0;
    let mut cmds = app.update(Msg::Tick, now);
    while moves < 2 && app.m.to_act() != Some(0) {
        let Some(Cmd::AskBot { token, view, .. }) = cmds.pop() else {
            panic!("the bot to act is asked")
        };
        let before = app.m.history().len();
        let action = bot.act(&view).map_err(|e| e.to_string());
        app.update(Msg::Bot { token, action }, now + Duration::from_millis(10));
        assert_eq!(app.m.history().len(), before, "not before the pause");
        now += delay + Duration::from_millis(20);
        cmds = app.update(Msg::Tick, now);
        assert_eq!(app.m.history().len(), before + 1, "one move per pause");
        moves += 1;
    }
}

#[test]
fn a_stale_or_illegal_bot_answer_never_plays_an_illegal_move() {
    let m = (0..)
        .map(|seed| Match::new(rules("jamaican", None, json!({})), Some(seed), None).unwrap())
        .find(|m| m.to_act() != Some(0))
        .unwrap();
    let mut app = App::new(m, config(4, 0), Instant::now());
    let cmds = app.update(Msg::Tick, Instant::now());
    let Some(Cmd::AskBot { token, .. }) = cmds.first().cloned() else {
        panic!("a bot is asked")
    };
    // A stale token is ignored.
    app.update(
        Msg::Bot {
            token: token + 7,
            action: Ok(Action::Pass),
        },
        Instant::now(),
    );
    assert!(app.m.history().is_empty());
    // An illegal answer becomes the first legal move, with a warning.
    app.update(
        Msg::Bot {
            token,
            action: Ok(Action::Pass),
        },
        Instant::now(),
    );
    assert_eq!(app.m.history().len(), 1);
    assert!(matches!(app.m.history()[0].action, Action::Play { .. }));
    assert!(app.log.iter().any(|s| s.text.contains("illegal move")));
}

#[test]
fn the_hand_result_waits_for_a_key_then_the_next_hand_is_dealt() {
    let mut app = new_app("jamaican", None, 3);
    drive(&mut app, |a| a.mode == Mode::Over);
    let n = app.m.hand_number();
    for k in [
        Key::Char('x'),
        Key::Left,
        Key::Char('5'),
        Key::Other,
        Key::Esc,
    ] {
        key(&mut app, k);
    }
    assert_eq!((app.m.hand_number(), app.m.phase()), (n, Phase::HandOver));
    key(&mut app, Key::Enter);
    assert_eq!(app.m.hand_number(), n + 1);
    assert!(app
        .log
        .iter()
        .any(|s| s.text.starts_with(&format!("Hand {}.", n + 1))));
}

#[test]
fn a_hint_names_a_move_and_why_and_moves_the_cursor_there() {
    let mut app = find("jamaican", None, 1, |a| a.playable().len() >= 2);
    let cmds = app.update(Msg::Key(Key::Char('h')), Instant::now());
    let Some(Cmd::AskHint { token, view }) =
        cmds.into_iter().find(|c| matches!(c, Cmd::AskHint { .. }))
    else {
        panic!("the expert is asked")
    };
    assert!(matches!(app.hint, super::app::Hint::Thinking(_)));
    // Whatever the expert says; here the last playable tile.
    let t = *app.playable().last().unwrap();
    let a = *view.legal().iter().find(|a| a.tile() == Some(t)).unwrap();
    app.update(
        Msg::Hint {
            token,
            action: Ok(a),
        },
        Instant::now(),
    );
    let super::app::Hint::Ready { text, .. } = &app.hint else {
        panic!("a hint is shown")
    };
    assert!(text.starts_with(&format!("Play {t}")), "{text}");
    assert!(text.contains(" — "), "{text}");
    let at = app.hand().iter().position(|&x| x == t).unwrap();
    assert_eq!(app.mode, Mode::Tile { cursor: at });
    assert!(screen(&app, 80, 24).contains("Hint: Play"));
}

#[test]
fn hints_explain_in_the_players_terms() {
    use super::hint::reasons;
    // Any position: reasons are short, and never empty.
    let app = find("all-fives", None, 1, |a| a.playable().len() >= 2);
    let view = app.m.seat_view(0);
    for a in view.legal() {
        let why = reasons(&view, *a, &app.table);
        assert!(!why.is_empty() && why.len() <= 2, "{why:?}");
    }
}

#[test]
fn the_winning_side_chooses_who_poses() {
    let mut app = (0..30)
        .map(|seed| {
            let mut app = new_app("jamaican", None, seed);
            drive(&mut app, |a| {
                matches!(a.mode, Mode::Poser { .. }) || a.m.hand_number() > 4
            });
            app
        })
        .find(|a| matches!(a.mode, Mode::Poser { .. }))
        .unwrap();
    let Mode::Poser { options, cursor } = app.mode.clone() else {
        unreachable!()
    };
    assert_eq!(options.len(), 2);
    assert_eq!(options[cursor], 0, "yourself first");
    key(&mut app, Key::Right);
    key(&mut app, Key::Enter);
    let last = *app.m.history().first().unwrap();
    assert_eq!(last.action, Action::ChoosePoser { seat: 2 });
}

#[test]
fn q_and_ctrl_c_quit_from_anywhere() {
    for k in [Key::Char('q'), Key::CtrlC] {
        let mut app = new_app("jamaican", None, 1);
        key(&mut app, Key::Char('?'));
        app.update(Msg::Key(k), Instant::now());
        assert!(app.quit);
    }
}

/// Keys that mean nothing here: unbound letters, function keys, numbers
/// past the hand.
fn invalid_keys(app: &App) -> Vec<Key> {
    let mut keys: Vec<Key> = "abdefgijklopruvwxyzABDEFG!@#$%^&*()-=+[]{};:'\",.<>/\\|`~"
        .chars()
        .map(Key::Char)
        .collect();
    keys.push(Key::Other);
    let n = app.hand().len();
    for i in n..9 {
        keys.push(digit(i));
    }
    keys
}

#[test]
fn invalid_keys_never_act() {
    let hour = Duration::from_secs(3600);
    // The player's turn, choosing a tile or an end; a bot's turn; a result.
    let mut apps: Vec<App> = Vec::new();
    let tile = find("cross", None, 1, |a| {
        !layout(a).opening() && a.playable().iter().any(|&t| a.placements(t).len() >= 2)
    });
    let mut end = App::new(tile.m.clone(), slow_config(&tile.m, hour), Instant::now());
    let t = end
        .playable()
        .into_iter()
        .find(|&t| end.placements(t).len() >= 2)
        .unwrap();
    let i = end.hand().iter().position(|&x| x == t).unwrap();
    end.update(Msg::Key(digit(i)), Instant::now());
    end.update(Msg::Key(Key::Enter), Instant::now());
    assert!(matches!(end.mode, Mode::End { .. }));
    apps.push(App::new(
        tile.m.clone(),
        slow_config(&tile.m, hour),
        Instant::now(),
    ));
    apps.push(end);
    let bots_turn = (0..)
        .map(|seed| Match::new(rules("french", None, json!({})), Some(seed), None).unwrap())
        .find(|m| m.to_act() != Some(0))
        .unwrap();
    apps.push(App::new(
        bots_turn.clone(),
        slow_config(&bots_turn, hour),
        Instant::now(),
    ));
    let mut over = new_app("jamaican", None, 3);
    drive(&mut over, |a| a.mode == Mode::Over);
    apps.push(App::new(
        over.m.clone(),
        slow_config(&over.m, hour),
        Instant::now(),
    ));
    for mut app in apps {
        let record = record_of(&app);
        let mode = app.mode.clone();
        for k in invalid_keys(&app) {
            app.update(Msg::Key(k), Instant::now());
            assert_eq!(record_of(&app), record, "{k:?} acted in {mode:?}");
            assert_eq!(app.mode, mode, "{k:?} changed the mode");
            assert!(!app.quit);
        }
    }
}

#[test]
fn random_keys_never_crash_and_every_move_is_legal() {
    use rand::{Rng, SeedableRng};
    let pool: Vec<Key> = [
        Key::Left,
        Key::Right,
        Key::Up,
        Key::Down,
        Key::Enter,
        Key::Esc,
        Key::Backspace,
        Key::Tab,
        Key::Other,
    ]
    .into_iter()
    .chain("0123456789 hmcn?xaz".chars().map(Key::Char))
    .collect();
    let games: [(&str, Option<u8>, Value); 7] = [
        ("jamaican", None, json!({})),
        ("draw", Some(3), json!({})),
        ("cross", None, json!({})),
        ("double-nine-cross", Some(5), json!({})),
        ("french", None, json!({})),
        ("club-fives", None, json!({"claims": "strict"})),
        ("all-fives", Some(3), json!({"claims": "muggins"})),
    ];
    for (g, (preset, players, options)) in games.into_iter().enumerate() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(g as u64);
        let m = Match::new(rules(preset, players, options), Some(g as u64), None).unwrap();
        let mut app = app_of(m);
        settle(&mut app, Vec::new());
        for step in 0..1500 {
            let k = pool[rng.random_range(0..pool.len())];
            key(&mut app, k);
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
        assert!(
            app.m.hand_number() > 1 || !app.m.history().is_empty(),
            "{preset}: the game moved"
        );
    }
}

// ---- Flags, records and resuming. ----

#[test]
fn house_options_from_the_flags_resolve_into_the_rules() {
    use domino_engine::rules::{Blocked, MugginsBy, Skunk};
    let resolve = |preset: &str, players: u8, flags: &[&str]| {
        let options = super::parse_options(
            &flags.iter().map(|f| f.to_string()).collect::<Vec<_>>(),
            Lang::En,
        )
        .unwrap();
        domino_engine::RulesSpec {
            preset: preset.into(),
            players: Some(players),
            options,
        }
        .resolve()
    };
    let r = resolve("puerto-rican", 4, &["pass_points=25"]).unwrap();
    assert_eq!(r.pass_points(), 25);
    let r = resolve("cutthroat", 3, &["sporting=true"]).unwrap();
    assert!(r.sporting());
    let r = resolve(
        "chiva",
        4,
        &[
            "sporting=true",
            "playoff=true",
            "tie_replays=true",
            "blocked=lowest_player",
        ],
    )
    .unwrap();
    assert!(r.sporting() && r.playoff() && r.tie_replays());
    assert_eq!(r.blocked(), Blocked::LowestPlayer);
    let r = resolve("draw", 4, &["partners=true", "both_partners_out=true"]).unwrap();
    assert!(r.both_partners_out());
    let r = resolve("all-fives", 2, &["claims=muggins", "muggins_by=any"]).unwrap();
    assert_eq!(r.muggins_by(), MugginsBy::Any);
    for (flag, want) in [
        ("skunk=20", Skunk::Points(20)),
        ("skunk=double_game", Skunk::DoubleGame),
        ("skunk=no_skunk", Skunk::Off),
    ] {
        assert_eq!(resolve("club-fives", 2, &[flag]).unwrap().skunk(), want);
    }
    let e = resolve("club-fives", 2, &["skunk=triple"]).unwrap_err();
    assert!(e.to_string().contains("skunk"), "{e}");
}

#[test]
fn options_and_bots_are_read_from_the_flags() {
    let o = super::parse_options(
        &[
            "playoff=true".into(),
            "target=200".into(),
            "claims=muggins".into(),
        ],
        Lang::En,
    )
    .unwrap();
    assert_eq!(o["playoff"], json!(true));
    assert_eq!(o["target"], json!(200));
    assert_eq!(o["claims"], json!("muggins"));
    assert!(super::parse_options(&["nonsense".into()], Lang::En).is_err());
    assert_eq!(
        super::seat_bots(4, 1, "expert,heuristic,random", Lang::En).unwrap(),
        vec!["random", "human", "expert", "heuristic"]
    );
    assert_eq!(
        super::seat_bots(2, 0, "count", Lang::En).unwrap(),
        vec!["human", "count"]
    );
    assert!(super::seat_bots(4, 0, "expert,heuristic", Lang::En).is_err());
    assert!(super::seat_bots(4, 0, "grandmaster", Lang::En).is_err());
}

fn args() -> super::PlayArgs {
    super::PlayArgs {
        preset: "jamaican".into(),
        players: None,
        options: Vec::new(),
        seat: None,
        bots: None,
        seed: Some(5),
        delay_ms: 600,
        instant: false,
        think_ms: 300,
        resume: None,
        record: None,
        lang: None,
        plain: false,
        clock: None,
    }
}

#[test]
fn setup_checks_the_flags() {
    let s = super::setup(&args()).unwrap();
    assert_eq!(s.config.human, 0);
    assert_eq!(s.config.bots, vec!["human", "expert", "expert", "expert"]);
    assert_eq!(s.config.delay, Duration::from_millis(600));
    let bad = [
        super::PlayArgs {
            preset: "poker".into(),
            ..args()
        },
        super::PlayArgs {
            seat: Some(4),
            ..args()
        },
        super::PlayArgs {
            options: vec!["key_tile=7".into()],
            ..args()
        },
        super::PlayArgs {
            players: Some(3),
            ..args()
        },
    ];
    for a in bad {
        let e = super::setup(&a).unwrap_err();
        assert!(e.is::<super::Usage>(), "{e}");
    }
}

#[test]
fn a_saved_match_resumes_with_the_same_seats() {
    let dir = std::env::temp_dir().join(format!("domino-play-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("m.json");
    let mut app = new_app("all-fives", Some(3), 9);
    drive(&mut app, |a| plays(&a.m) >= 5);
    let mut seats = app.cfg.bots.clone();
    seats[2] = "random".into();
    std::fs::write(&path, super::record_json(&app.m, &seats).unwrap()).unwrap();
    let resumed = super::setup(&super::PlayArgs {
        resume: Some(path.clone()),
        seed: None,
        ..args()
    })
    .unwrap();
    assert_eq!(resumed.config.bots, seats);
    assert_eq!(resumed.game.history(), app.m.history());
    assert_eq!(resumed.record, path);
    assert!(resumed.resumed);
    // A finished match cannot be resumed.
    let mut done = new_app("club-fives", None, 2);
    drive(&mut done, |_| false);
    assert_eq!(done.m.phase(), Phase::MatchOver);
    std::fs::write(&path, super::record_json(&done.m, &done.cfg.bots).unwrap()).unwrap();
    let e = super::setup(&super::PlayArgs {
        resume: Some(path.clone()),
        ..args()
    })
    .unwrap_err();
    assert!(e.to_string().contains("already over"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_screen_size_draws_without_panicking() {
    let mut over = new_app("jamaican", None, 3);
    drive(&mut over, |a| a.mode == Mode::Over);
    let mut apps = vec![
        over,
        find("double-nine-cross", Some(8), 1, |a| plays(&a.m) >= 12),
        find("draw", Some(2), 1, |a| a.hand().len() >= 12),
        new_app("block", Some(4), 1),
    ];
    // Double-twelve: two digits a half.
    let mut twelve =
        app_of(Match::new(rules("block", Some(4), json!({"set": 12})), Some(2), None).unwrap());
    drive(&mut twelve, |a| plays(&a.m) >= 14);
    if std::env::var_os("SHOW").is_some() {
        println!("{}", screen(&twelve, 80, 24));
    }
    apps.push(twelve);
    let mut help = new_app("french", None, 1);
    key(&mut help, Key::Char('?'));
    apps.push(help);
    for app in &apps {
        for (w, h) in [
            (1, 1),
            (20, 5),
            (59, 17),
            (60, 18),
            (61, 19),
            (66, 20),
            (72, 22),
            (80, 24),
            (100, 30),
            (200, 60),
        ] {
            screen(app, w, h);
        }
    }
}

#[test]
fn screen_match_over_names_the_winner_and_enter_leaves() {
    let mut app = new_app("club-fives", None, 2);
    drive(&mut app, |_| false);
    assert_eq!(app.m.phase(), Phase::MatchOver);
    assert_eq!(app.mode, Mode::Over);
    insta::assert_snapshot!(screen(&app, 80, 24));
    key(&mut app, Key::Enter);
    assert!(app.quit);
}

#[test]
fn flag_mistakes_are_told_in_the_chosen_language() {
    let err = |a: super::PlayArgs| super::setup(&a).unwrap_err().to_string();
    let es = super::PlayArgs {
        lang: Some("es".into()),
        bots: Some("gran".into()),
        ..args()
    };
    assert!(
        err(es).starts_with("no hay ningún bot llamado `gran`: los bots son "),
        "Spanish bots"
    );
    let fr = super::PlayArgs {
        lang: Some("fr".into()),
        seat: Some(9),
        ..args()
    };
    assert_eq!(err(fr), "--seat 9 : les places vont de 0 à 3");
    let es = super::PlayArgs {
        lang: Some("es".into()),
        preset: "dominos".into(),
        ..args()
    };
    assert!(
        err(es).starts_with("no hay ningún juego llamado `dominos`: los juegos son jamaican, "),
        "Spanish games"
    );
    let fr = super::PlayArgs {
        lang: Some("fr".into()),
        options: vec!["playoff".into()],
        ..args()
    };
    assert_eq!(err(fr), "l'option `playoff` s'écrit clé=valeur");
    let en = super::PlayArgs {
        lang: Some("en".into()),
        bots: Some("expert,random".into()),
        ..args()
    };
    assert!(err(en).starts_with("--bots names 2 bots, but there are 3 other seats"));
}

/// Under claims by hand nothing on the screen or in the plain mode's list
/// tells the player that points are there to claim: muggins is offered
/// with no amount, and a call goes with every play the player makes.
#[test]
fn no_hint_of_points_to_claim_shows_where_claims_are_by_hand() {
    let r = rules("all-fives", Some(2), json!({"claims": "muggins"}));
    // Never claiming, play until the player (seat 0) may take points left
    // and has a play that scores nothing.
    let m = (0..50)
        .find_map(|seed| {
            let mut m = Match::new(r, Some(seed), None).unwrap();
            while m.phase() == Phase::Play {
                let mut l = domino_engine::MoveList::new();
                m.legal(&mut l);
                let scoreless = l.iter().any(|&a| match a {
                    Action::Play { tile, end, .. } => !l.contains(&Action::Play {
                        tile,
                        end,
                        claim: true,
                    }),
                    _ => false,
                });
                if m.to_act() == Some(0) && m.hand().muggins_available() > 0 && scoreless {
                    return Some(m);
                }
                let a = l.iter().copied().find(|a| !a.is_claim_hint()).unwrap();
                m.act(a, &mut ()).unwrap();
            }
            None
        })
        .expect("points left to the player");
    let points = m.hand().muggins_available().to_string();
    let mut app = app_of(m);
    settle(&mut app, Vec::new());
    assert!(app.my_turn());
    let prompt = app.prompt().text;
    assert!(
        prompt.contains("muggins") && !prompt.contains(&points),
        "{prompt}"
    );
    assert!(!screen(&app, 80, 24).contains(&format!("take {points}")));
    let choices = crate::plain::choices(&app);
    assert!(choices.contains(&Action::Muggins));
    let line = crate::plain::choice_line(&app, 1, Action::Muggins);
    assert!(!line[2..].contains(&points), "{line}");
    // With the call on, every play is offered calling, scoring or not.
    app.claim = true;
    let calling = crate::plain::choices(&app);
    let plays = calling.iter().filter(|a| a.tile().is_some());
    assert!(
        plays
            .clone()
            .all(|a| matches!(a, Action::Play { claim: true, .. })),
        "{calling:?}"
    );
}

#[test]
fn the_clock_flag_is_read_and_checked() {
    let s = super::setup(&super::PlayArgs {
        clock: Some("15+60".into()),
        ..args()
    })
    .unwrap();
    assert_eq!(
        s.clock,
        domino_engine::TimeControl::PerMove {
            move_s: 15,
            bank_s: 60
        }
    );
    assert!(super::setup(&super::PlayArgs {
        clock: Some("1+60".into()),
        ..args()
    })
    .is_err());
}

/// Out of time: the computer is asked for the player's move, the player's
/// keys no longer move, and the header shows the clock.
#[test]
fn when_the_clock_runs_out_the_computer_moves_for_the_player() {
    let t0 = Instant::now();
    let m = Match::new(rules("draw", Some(2), json!({})), Some(3), None).unwrap();
    let human = m.to_act().unwrap();
    let mut app = App::new(m, config(2, human), t0);
    app.set_clock(
        domino_engine::TimeControl::PerMove {
            move_s: 5,
            bank_s: 0,
        },
        t0,
    );
    assert!(app.update(Msg::Tick, t0).is_empty());
    assert!(app.my_turn());
    assert!(app.clock_line().unwrap().contains("0:05"));
    let late = t0 + Duration::from_secs(6);
    let cmds = app.update(Msg::Tick, late);
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::AskBot { seat, .. } if *seat == human)),
        "{cmds:?}"
    );
    assert!(
        !app.my_turn(),
        "the player's keys wait for the computer's move"
    );
}

/// The plain mode says the player's clock with each turn, and warns once
/// in its last ten seconds, as the page does.
#[test]
fn the_plain_mode_shows_the_clock_and_warns_in_its_last_seconds() {
    let t0 = Instant::now();
    let m = Match::new(rules("draw", Some(2), json!({})), Some(3), None).unwrap();
    let human = m.to_act().unwrap();
    let mut app = App::new(m, config(2, human), t0);
    app.set_clock(
        domino_engine::TimeControl::PerMove {
            move_s: 15,
            bank_s: 0,
        },
        t0,
    );
    app.update(Msg::Tick, t0);
    let mut printer = crate::plain::Printer::new();
    let lines = printer.take(&app, false);
    assert!(lines.iter().any(|l| l == "clock 0:15"), "{lines:?}");
    assert!(
        !lines.iter().any(|l| l.contains("left on your clock")),
        "{lines:?}"
    );
    app.update(Msg::Tick, t0 + Duration::from_secs(6));
    let lines = printer.take(&app, false);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("9 seconds left on your clock")),
        "{lines:?}"
    );
    app.update(Msg::Tick, t0 + Duration::from_secs(8));
    let lines = printer.take(&app, false);
    assert!(
        !lines.iter().any(|l| l.contains("left on your clock")),
        "once a turn: {lines:?}"
    );
}
