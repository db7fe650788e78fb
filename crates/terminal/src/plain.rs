//! `domino play --plain`: the same game, told line by line. No screen is
//! drawn and the cursor never moves, so a screen reader reads each line
//! once and a pipe gets text: every event is one line, and on the player's
//! turn the moves are numbered and the player types a number.
//!
//! [`Printer`] works out the lines from the game's state (tested without
//! any input or output); [`event_loop`] feeds it typed lines and the bots'
//! answers.

use std::collections::VecDeque;
use std::io::Write;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use domino_engine::rules::{Claims, DrawRule};
use domino_engine::{Action, Phase};

use super::app::{App, Hint, Key, Mode, Msg};
use super::clock::WARN_MS;
use super::hint::action_words;
use super::lang::{num, txt};
use super::layout::Pic;
use super::words::ends_words;
use super::Bots;

/// Whether the game waits for the player to type something.
pub fn awaiting(app: &App) -> bool {
    matches!(
        app.mode,
        Mode::Tile { .. } | Mode::End { .. } | Mode::Poser { .. } | Mode::Over
    )
}

/// The player's moves now, in the order they are numbered: each tile that
/// fits, end by end (in hand order), then muggins, drawing or passing when
/// they are allowed beside a play; or the partners who may pose.
pub fn choices(app: &App) -> Vec<Action> {
    if !app.my_turn() {
        return Vec::new();
    }
    match &app.mode {
        Mode::Tile { .. } | Mode::End { .. } => {
            let playable = app.playable();
            let mut out: Vec<Action> = app
                .hand()
                .into_iter()
                .filter(|t| playable.contains(t))
                .flat_map(|t| app.placements(t))
                .collect();
            // Muggins is offered at every turn where it exists, never only
            // when points were left: seeing them is the player's work.
            if app.m.rules().claims() == Claims::Muggins {
                out.push(Action::Muggins);
            }
            for a in app.legal() {
                if matches!(a, Action::Draw | Action::Pass) && !out.contains(&a) {
                    out.push(a);
                }
            }
            out
        }
        Mode::Poser { options, .. } => options
            .iter()
            .map(|&seat| Action::ChoosePoser { seat })
            .collect(),
        Mode::Watch | Mode::Over => Vec::new(),
    }
}

/// Choice `n` (from 1) in words: "2: play 6-4 on the left (on a 4)".
pub fn choice_line(app: &App, n: usize, a: Action) -> String {
    let t = &app.table;
    let view = app.m.seat_view(app.human());
    let what = match a {
        Action::Muggins => t.tr("term-plain-muggins", &[]),
        _ => action_words(&view, a, t),
    };
    let shows = match a {
        Action::Play { end: Some(e), .. } => Pic::from_view(&app.view())
            .chains
            .get(e as usize)
            .and_then(|c| c.pips)
            .map_or_else(|| "none".to_string(), |p| p.to_string()),
        _ => "none".to_string(),
    };
    t.tr(
        "term-plain-choice",
        &[
            ("n", num(n as i64)),
            ("what", txt(what)),
            ("shows", txt(shows)),
        ],
    )
}

/// What the player needs before choosing: their tiles, the open ends and
/// the other seats' tiles, one line each.
pub fn table_lines(app: &App) -> Vec<String> {
    let t = &app.table;
    let view = app.view();
    let mut out = Vec::new();
    let tiles: Vec<String> = app.hand().iter().map(ToString::to_string).collect();
    out.push(t.tr("term-plain-hand", &[("tiles", txt(tiles.join(", ")))]));
    let ends: Vec<u8> = app
        .m
        .hand()
        .layout()
        .chains()
        .iter()
        .map(|c| c.pips)
        .collect();
    if let Some(trains) = view
        .trains
        .as_ref()
        .filter(|_| app.m.phase() == Phase::Play)
    {
        out.extend(super::station::plain_lines(
            t,
            &Pic::from_view(&view),
            trains,
        ));
    } else if app.m.phase() == Phase::Play && !app.m.hand().layout().opening() {
        // The total matters only where the ends score.
        let total = if app.m.rules().scores_ends() {
            app.m.hand().layout().ends_total().to_string()
        } else {
            "none".to_string()
        };
        out.push(t.tr(
            "term-plain-ends",
            &[
                ("ends", txt(ends_words(t.lang, &ends))),
                ("total", txt(total)),
            ],
        ));
    }
    let n = view.rules.players();
    let mut seats: Vec<String> = (1..n)
        .map(|d| (app.human() + d) % n)
        .map(|seat| {
            let held = t.tr(
                "term-seat-tiles",
                &[("count", num(view.hand_sizes[seat as usize] as i64))],
            );
            let args = [("who", txt(t.name(seat))), ("tiles", txt(held))];
            if t.partner() == Some(seat) {
                t.tr("term-seat-partner", &args)
            } else {
                t.tr("term-seat-plain", &args)
            }
        })
        .collect();
    if view.rules.draw() != DrawRule::Never {
        seats.push(t.tr(
            "term-boneyard",
            &[("count", num(view.boneyard_count as i64))],
        ));
    }
    out.push(t.tr("term-plain-seats", &[("seats", txt(seats.join(", ")))]));
    // The full screen's header shows the clock; here each turn says it.
    out.extend(app.clock_line());
    out
}

/// Once a hand is over: what every seat was left holding, and its count.
pub fn revealed_lines(app: &App) -> Vec<String> {
    let t = &app.table;
    let view = app.view();
    let Some(r) = &view.result else {
        return Vec::new();
    };
    (0..view.rules.players())
        .map(|s| {
            let held: Vec<String> = view.hands[s as usize]
                .unwrap_or_default()
                .iter()
                .map(|x| x.to_string())
                .collect();
            let tiles = if held.is_empty() {
                t.tr("term-no-tiles", &[])
            } else {
                held.join(", ")
            };
            t.tr(
                "term-plain-left",
                &[
                    ("who", txt(t.name(s))),
                    ("tiles", txt(tiles)),
                    ("count", num(r.counts.get(s as usize).copied().unwrap_or(0))),
                ],
            )
        })
        .collect()
}

/// The line asking for the player's answer.
pub fn prompt_line(app: &App) -> String {
    let t = &app.table;
    match app.mode {
        Mode::Over if app.m.phase() == Phase::MatchOver => t.tr("term-prompt-match-over", &[]),
        Mode::Over => t.tr("term-prompt-hand-over", &[]),
        _ => {
            let mut line = t.tr(
                "term-plain-prompt",
                &[("count", num(choices(app).len() as i64))],
            );
            if app.m.rules().claims() != Claims::Auto && matches!(app.mode, Mode::Tile { .. }) {
                line.push_str(&t.tr(
                    if app.claim {
                        "term-prompt-calling"
                    } else {
                        "term-prompt-not-calling"
                    },
                    &[],
                ));
            }
            line
        }
    }
}

/// The keys of the plain mode, one per line.
pub fn help_lines(app: &App) -> Vec<String> {
    app.table
        .tr("term-plain-help", &[])
        .lines()
        .map(str::to_string)
        .collect()
}

/// What a typed line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Make this move.
    Act(Action),
    /// The same as this key in the full game (hint, calling, quit, next
    /// hand).
    Key(Key),
    /// Show the keys.
    Help,
    /// Tell how to play the game.
    Rules,
    /// Not understood: say this and ask again.
    Again(String),
}

/// Read one typed line.
pub fn read_reply(app: &App, line: &str) -> Reply {
    let text = line.trim();
    let lower = text.to_lowercase();
    match lower.as_str() {
        "q" | "quit" => return Reply::Key(Key::Char('q')),
        "?" | "help" => return Reply::Help,
        "r" => return Reply::Rules,
        "h" => return Reply::Key(Key::Char('h')),
        "c" => return Reply::Key(Key::Char('c')),
        "m" => return Reply::Key(Key::Char('m')),
        _ => {}
    }
    if app.mode == Mode::Over {
        // Enter, n or anything else deals the next hand: a pipe of answers
        // does not need to know where the hands end.
        return Reply::Key(Key::Enter);
    }
    let list = choices(app);
    match text.parse::<usize>() {
        Ok(n) if (1..=list.len()).contains(&n) => Reply::Act(list[n - 1]),
        _ => Reply::Again(app.table.tr(
            "term-plain-not-a-choice",
            &[("text", txt(text)), ("count", num(list.len() as i64))],
        )),
    }
}

/// Which turn of the player's a list of choices was printed for.
type TurnKey = (u32, usize, Phase, bool, bool);

/// What has been told so far, and so what is new.
#[derive(Debug, Default)]
pub struct Printer {
    /// Log lines printed, counting those the log has since dropped.
    printed: usize,
    turn: Option<TurnKey>,
    /// The turn whose last seconds were warned of (once a turn).
    warned: Option<TurnKey>,
    notice: Option<String>,
    hint: Option<String>,
}

impl Printer {
    pub fn new() -> Printer {
        Printer::default()
    }

    /// The lines to print now: new events, a notice or hint, and when the
    /// player is to answer, the table, the numbered choices and a prompt
    /// (once a turn). A draw still being counted waits unless `flush`.
    pub fn take(&mut self, app: &App, flush: bool) -> Vec<String> {
        let mut out = Vec::new();
        let waiting = awaiting(app);
        let hold = if flush || waiting {
            None
        } else {
            app.drawing_line()
        };
        let start = self.printed.saturating_sub(app.cut);
        for (i, said) in app.log.iter().enumerate().skip(start) {
            if hold == Some(i) {
                break;
            }
            self.printed = app.cut + i + 1;
            if !said.text.is_empty() {
                out.push(said.text.clone());
            }
        }
        let notice = app.notice.as_ref().map(|n| n.text.clone());
        if notice != self.notice {
            if let Some(n) = &notice {
                // A forced move's notice repeats its log line.
                if out.last() != Some(n) && app.log.last().map(|s| &s.text) != Some(n) {
                    out.push(n.clone());
                }
            }
            self.notice = notice;
        }
        let hint = match &app.hint {
            Hint::Ready { text, .. } => Some(text.clone()),
            _ => None,
        };
        if hint != self.hint {
            if let Some(h) = &hint {
                out.push(app.table.tr("term-hint", &[("text", txt(h.as_str()))]));
            }
            self.hint = hint;
        }
        if waiting {
            let key = (
                app.m.hand_number(),
                app.m.history().len(),
                app.m.phase(),
                app.claim,
                app.mode == Mode::Over,
            );
            if self.turn != Some(key) {
                self.turn = Some(key);
                out.extend(self.turn_lines(app));
            }
            if let Some(secs) = clock_warning(app).filter(|_| self.warned != self.turn) {
                self.warned = self.turn;
                out.push(app.table.tr("clock-warning", &[("secs", num(secs))]));
            }
        }
        out
    }

    /// The choices and the prompt again (after help or a wrong answer).
    pub fn again(&self, app: &App) -> Vec<String> {
        let mut out: Vec<String> = choices(app)
            .into_iter()
            .enumerate()
            .map(|(i, a)| choice_line(app, i + 1, a))
            .collect();
        out.push(prompt_line(app));
        out
    }

    fn turn_lines(&self, app: &App) -> Vec<String> {
        let mut out = Vec::new();
        if app.mode == Mode::Over {
            out.extend(revealed_lines(app));
        } else {
            out.extend(table_lines(app));
        }
        out.extend(self.again(app));
        out
    }
}

/// The seconds left on the player's running clock once it is in its last
/// [`WARN_MS`] (as the page warns).
fn clock_warning(app: &App) -> Option<i64> {
    let c = app.clock.as_ref()?;
    if !app.my_turn() {
        return None;
    }
    let left = c.left_ms(app.human(), app.now);
    (left <= WARN_MS).then(|| (left.max(0) + 999) / 1000)
}

/// The opening lines: the game and the seats.
pub fn intro_lines(app: &App) -> Vec<String> {
    let t = &app.table;
    let game = t.tr(
        "game-title",
        &[("preset", txt(app.m.rules().preset().name()))],
    );
    let n = app.m.rules().players();
    let seats: Vec<String> = (1..n)
        .map(|d| (app.human() + d) % n)
        .map(|seat| {
            let bot = app.cfg.bots.get(seat as usize).map_or("", String::as_str);
            let args = [("who", txt(t.name(seat))), ("bot", txt(bot))];
            if t.partner() == Some(seat) {
                t.tr("term-plain-partner-bot", &args)
            } else {
                t.tr("term-plain-bot", &args)
            }
        })
        .collect();
    vec![t.tr(
        "term-plain-intro",
        &[("game", txt(game)), ("seats", txt(seats.join(", ")))],
    )]
}

fn say(out: &mut dyn Write, text: Vec<String>) -> anyhow::Result<()> {
    for l in text {
        writeln!(out, "{l}")?;
    }
    out.flush()?;
    Ok(())
}

/// Play in plain lines: `lines` brings what the player types (`None` at the
/// end of the input, which quits when an answer is wanted); `on_match_over`
/// runs once when the match ends.
pub(crate) fn event_loop(
    app: &mut App,
    bots: &Bots,
    lines: &Receiver<Option<String>>,
    out: &mut dyn Write,
    on_match_over: &mut dyn FnMut(&App),
) -> anyhow::Result<()> {
    let mut printer = Printer::new();
    let mut queue: VecDeque<String> = VecDeque::new();
    let mut ended = false;
    let mut was_over = app.m.phase() == Phase::MatchOver;
    say(out, intro_lines(app))?;
    loop {
        say(out, printer.take(app, app.quit))?;
        if app.quit {
            return Ok(());
        }
        while let Ok(l) = lines.try_recv() {
            match l {
                Some(l) => queue.push_back(l),
                None => ended = true,
            }
        }
        let mut msgs = Vec::new();
        // Answers are read in order when one is wanted; a quit at the head
        // of the queue is read at once.
        let quit_next = queue
            .front()
            .is_some_and(|l| matches!(l.trim(), "q" | "Q" | "quit"));
        if awaiting(app) || quit_next {
            match queue.pop_front() {
                Some(line) => match read_reply(app, &line) {
                    Reply::Act(a) => {
                        app.choose(a, Instant::now());
                        // The next seat is asked at once, not after a wait.
                        msgs.push(Msg::Tick);
                    }
                    Reply::Key(k) => msgs.push(Msg::Key(k)),
                    Reply::Help => {
                        say(out, help_lines(app))?;
                        say(out, printer.again(app))?;
                    }
                    Reply::Rules => {
                        let text = super::howto::text(app.table.lang, app.m.rules().preset());
                        say(out, text.lines().map(str::to_string).collect())?;
                        say(out, printer.again(app))?;
                    }
                    Reply::Again(text) => {
                        say(out, vec![text])?;
                        say(out, printer.again(app))?;
                    }
                },
                None if ended => msgs.push(Msg::Key(Key::Char('q'))),
                None => {}
            }
        }
        let now = Instant::now();
        let wait = match app.next_due() {
            Some(due) => due
                .saturating_duration_since(now)
                .min(Duration::from_millis(100)),
            // Waiting for the player: a typed line ends the wait at once.
            None if awaiting(app) && !matches!(app.hint, Hint::Thinking(_)) => {
                Duration::from_millis(100)
            }
            None => Duration::from_millis(5),
        };
        if msgs.is_empty() && (queue.is_empty() || !awaiting(app)) {
            if ended {
                std::thread::sleep(wait);
            } else {
                match lines.recv_timeout(wait) {
                    Ok(Some(l)) => queue.push_back(l),
                    Ok(None) | Err(RecvTimeoutError::Disconnected) => ended = true,
                    Err(RecvTimeoutError::Timeout) => {}
                }
            }
        }
        bots.step(app, msgs);
        let over = app.m.phase() == Phase::MatchOver;
        if over && !was_over {
            on_match_over(app);
        }
        was_over = over;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Config;
    use crate::lang::Lang;
    use domino_engine::{Match, RulesSpec};

    fn app(preset: &str, seed: u64, lang: Lang) -> App {
        let rules = RulesSpec {
            preset: preset.to_string(),
            players: None,
            options: Default::default(),
        }
        .resolve()
        .expect("a preset");
        let n = rules.players();
        let m = Match::new(rules, Some(seed), None).expect("a match");
        let bots = (0..n)
            .map(|s| if s == 0 { "human" } else { "heuristic" }.to_string())
            .collect();
        let cfg = Config {
            human: 0,
            bots,
            delay: Duration::ZERO,
            lang,
        };
        App::new(m, cfg, Instant::now())
    }

    /// Let the bots play (with the heuristic, at once) until the player is
    /// asked something.
    fn run_bots(app: &mut App) {
        let mut bot = domino_bots::Heuristic;
        let mut cmds = Vec::new();
        for _ in 0..10_000 {
            if awaiting(app) && cmds.is_empty() {
                return;
            }
            while let Some(c) = cmds.pop() {
                let msg = match c {
                    crate::app::Cmd::AskBot { token, view, .. } => Msg::Bot {
                        token,
                        action: domino_bots::Bot::act(&mut bot, &view).map_err(|e| e.to_string()),
                    },
                    crate::app::Cmd::AskHint { token, view } => Msg::Hint {
                        token,
                        action: domino_bots::Bot::act(&mut bot, &view).map_err(|e| e.to_string()),
                    },
                };
                cmds.extend(app.update(msg, Instant::now()));
            }
            cmds.extend(app.update(Msg::Tick, Instant::now()));
        }
        panic!("the player is never asked");
    }

    #[test]
    fn the_first_jamaican_turn_lists_the_six_six_pose_in_each_language() {
        // A deal where the player holds the 6-6 and so poses.
        let mut found = None;
        for seed in 0..200 {
            let a = app("jamaican", seed, Lang::En);
            if a.my_turn() {
                found = Some(seed);
                break;
            }
        }
        let seed = found.expect("a deal where the player poses");
        for (lang, pose, prompt) in [
            (Lang::En, "1: pose 6-6", "Type 1, then Enter"),
            (Lang::Es, "1: salir con 6-6", "Escribe 1 y luego Enter"),
            (Lang::Fr, "1: poser le 6-6", "Tapez 1, puis Entrée"),
        ] {
            let a = app("jamaican", seed, lang);
            let mut p = Printer::new();
            let lines = p.take(&a, false);
            assert!(lines.iter().any(|l| l == pose), "{lang:?}: {lines:#?}");
            assert!(
                lines.last().is_some_and(|l| l.starts_with(prompt)),
                "{lang:?}: {lines:#?}"
            );
            assert_eq!(choices(&a).len(), 1);
            // Printed once a turn.
            assert!(p.take(&a, false).is_empty());
        }
    }

    #[test]
    fn a_play_names_its_end_and_the_number_it_covers() {
        let mut a = app("draw", 5, Lang::En);
        run_bots(&mut a);
        // Play until a tile fits two ends with different numbers.
        for _ in 0..40 {
            let list = choices(&a);
            let ended: Vec<String> = list
                .iter()
                .enumerate()
                .filter(|(_, x)| matches!(x, Action::Play { end: Some(_), .. }))
                .map(|(i, x)| choice_line(&a, i + 1, *x))
                .collect();
            if let Some(line) = ended.first() {
                assert!(
                    line.contains("on the left (on a") || line.contains("on the right (on a"),
                    "{line}"
                );
                return;
            }
            let first = *list.first().expect("a choice");
            assert!(a.choose(first, Instant::now()));
            run_bots(&mut a);
        }
        panic!("no play on an end was offered");
    }

    #[test]
    fn typed_lines_read_as_moves_keys_or_a_question_again() {
        let mut a = app("draw", 5, Lang::Es);
        run_bots(&mut a);
        let list = choices(&a);
        assert!(!list.is_empty());
        assert_eq!(read_reply(&a, " 1 "), Reply::Act(list[0]));
        assert_eq!(read_reply(&a, "q"), Reply::Key(Key::Char('q')));
        assert_eq!(read_reply(&a, "H"), Reply::Key(Key::Char('h')));
        assert_eq!(read_reply(&a, "?"), Reply::Help);
        assert_eq!(read_reply(&a, "R"), Reply::Rules);
        let n = list.len();
        match read_reply(&a, &(n + 1).to_string()) {
            Reply::Again(text) => assert!(text.contains(&format!("del 1 al {n}")), "{text}"),
            other => panic!("{other:?}"),
        }
        match read_reply(&a, "seis") {
            Reply::Again(text) => assert!(text.starts_with("«seis»"), "{text}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_event_is_printed_once_and_in_order_through_a_hand() {
        let mut a = app("draw", 11, Lang::Fr);
        let mut p = Printer::new();
        let mut all = Vec::new();
        for _ in 0..100 {
            run_bots(&mut a);
            all.extend(p.take(&a, false));
            if a.mode == Mode::Over {
                break;
            }
            let first = *choices(&a).first().expect("a choice");
            assert!(a.choose(first, Instant::now()));
        }
        all.extend(p.take(&a, true));
        assert_eq!(a.mode, Mode::Over, "the hand ends");
        // Every hand is shown at the end, with its count.
        for name in ["Vous", "Nord"] {
            assert!(
                all.iter()
                    .any(|l| l.starts_with(&format!("{name} : ")) && l.contains("total ")),
                "{name}: {all:#?}"
            );
        }
        // Every log line printed, once each, in order.
        let log: Vec<&String> = a
            .log
            .iter()
            .map(|s| &s.text)
            .filter(|t| !t.is_empty())
            .collect();
        let mut at = 0;
        for l in &log {
            let i = all[at..]
                .iter()
                .position(|x| x == *l)
                .unwrap_or_else(|| panic!("{l} is missing or out of order:\n{all:#?}"));
            at += i + 1;
        }
        assert!(
            all.iter().any(|l| l.starts_with("Vos dominos : ")),
            "{all:#?}"
        );
        assert!(all.last().is_some_and(|l| l.contains("Entrée")), "{all:#?}");
        // Nothing moves the cursor or colours the text.
        assert!(all.iter().all(|l| !l.contains('\x1b') && !l.contains('\n')));
    }
}
