//! The terminal game (`domino play`): a whole match in the terminal
//! against bots.
//!
//! [`app`] is the game as a pure state machine, [`draw`] paints it with
//! ratatui, [`layout`] places the dominoes, [`hint`] explains the expert's
//! advice and [`words`] tells events in words; [`plain`] tells the game
//! line by line instead of drawing it (`--plain`). This module takes the
//! command line's flags ([`PlayArgs`]), runs the bots on their own thread,
//! owns the terminal (restored on every exit, panics included) and saves the
//! match record.

pub mod app;
pub mod clock;
pub mod draw;
pub mod hint;
pub mod howto;
pub mod input;
pub mod keep;
pub mod lang;
pub mod layout;
pub mod plain;
pub mod station;
pub mod words;

#[cfg(test)]
mod tests;

use std::io::{self, Stdout};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Mutex, OnceLock};
use std::thread::{self, ThreadId};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{anyhow, bail, Context};
use clap::Args;
use crossterm::event::{self, Event as TermEvent};
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{cursor, execute};
use domino_bots::{Bot, BotConfig, Expert, BOT_NAMES};
use domino_engine::{Action, Match, Phase, Preset, Record, Rules, RulesSpec};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use serde_json::{Map, Value};

use app::{App, Cmd, Config, Msg};
use lang::Lang;

/// Flags of `domino play`.
#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    /// The game (see `domino rules`); `--game` says the same.
    #[arg(long, alias = "game", default_value = "jamaican")]
    pub preset: String,
    /// Number of players (default: the game's default).
    #[arg(long)]
    pub players: Option<u8>,
    /// A rule option, as key=value (repeatable), e.g. --option playoff=true.
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Your seat, from 0; the other seats follow in turn order.
    #[arg(long)]
    pub seat: Option<u8>,
    /// The bots in the other seats, in turn order after you: one level for
    /// all, or a comma list (random, heavy, count, heuristic, expert).
    #[arg(long)]
    pub bots: Option<String>,
    /// Seed of the deals (default: a random one, kept in the record).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Pause between moves in milliseconds, so you can follow the bots.
    #[arg(long, default_value_t = 600)]
    pub delay_ms: u64,
    /// No pause between moves.
    #[arg(long)]
    pub instant: bool,
    /// The expert's time budget per move and per hint, in milliseconds
    /// (`--think-ms` still works).
    #[arg(long = "budget-ms", alias = "think-ms", default_value_t = 300)]
    pub think_ms: u64,
    /// Continue the unfinished match saved in this record.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Where to save the match record (default: domino-<time>.json here, or
    /// the resumed file).
    #[arg(long, value_name = "PATH")]
    pub record: Option<PathBuf>,
    /// The language of the game: en, es or fr (default: from LC_ALL,
    /// LC_MESSAGES or LANG, else English).
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    /// Tell the game line by line instead of drawing it: for screen readers
    /// and pipes (your moves are numbered; type a number and Enter).
    #[arg(long)]
    pub plain: bool,
    /// A clock for your moves: MOVE+BANK seconds (15+60: 15 s a move, then
    /// a bank of 60 for the match), or one number for the whole match
    /// (600). When it runs out, the computer moves for you.
    #[arg(long, value_name = "CLOCK")]
    pub clock: Option<String>,
}

/// The default bot level.
pub const DEFAULT_BOT: &str = "expert";

/// The record's extra field naming who sat where ("human" or a bot).
pub const SEATS_FIELD: &str = "seats";

/// A mistake in the flags: the binary reports it like clap's own (exit
/// code 2).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Usage(pub String);

fn usage(msg: impl Into<String>) -> anyhow::Error {
    Usage(msg.into()).into()
}

/// A rule option's value as written on the command line: JSON when it
/// reads as JSON (`true`, `200`), else a string (`muggins`).
fn option_value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

/// Parse `key=value` options; mistakes are told in `lang`.
pub fn parse_options(list: &[String], lang: Lang) -> anyhow::Result<Map<String, Value>> {
    let mut map = Map::new();
    for o in list {
        let (k, v) = o.split_once('=').ok_or_else(|| {
            usage(lang.tr(
                "term-error-option-form",
                &[("option", lang::txt(o.as_str()))],
            ))
        })?;
        map.insert(k.trim().to_string(), option_value(v.trim()));
    }
    Ok(map)
}

/// The bots by seat: `levels` names the seats after `human` in turn order;
/// mistakes are told in `lang`.
pub fn seat_bots(players: u8, human: u8, levels: &str, lang: Lang) -> anyhow::Result<Vec<String>> {
    let list: Vec<String> = levels
        .split(',')
        .map(|s| s.trim().to_lowercase())
        .filter(|s| !s.is_empty())
        .collect();
    let others = players as usize - 1;
    let list = match list.len() {
        1 => vec![list[0].clone(); others],
        n if n == others => list,
        n => {
            return Err(usage(lang.tr(
                "term-error-bots-count",
                &[
                    ("count", lang::num(n as i64)),
                    ("others", lang::num(others as i64)),
                ],
            )))
        }
    };
    for b in &list {
        if !BOT_NAMES.contains(&b.as_str()) {
            return Err(usage(lang.tr(
                "term-error-no-bot",
                &[
                    ("bot", lang::txt(b.as_str())),
                    ("bots", lang::txt(BOT_NAMES.join(", "))),
                ],
            )));
        }
    }
    let mut seats = vec!["human".to_string(); players as usize];
    for (i, b) in list.into_iter().enumerate() {
        let seat = (human as usize + 1 + i) % players as usize;
        seats[seat] = b;
    }
    Ok(seats)
}

/// Everything a session of play needs, worked out from the flags.
#[derive(Debug)]
pub struct Setup {
    pub game: Match,
    pub config: Config,
    pub think_ms: u64,
    pub record: PathBuf,
    pub resumed: bool,
    /// The player's time control (`--clock`).
    pub clock: domino_engine::TimeControl,
}

/// Read a saved record: the match replayed, and who sat where if saved;
/// mistakes are told in `lang`.
pub fn load(path: &Path, lang: Lang) -> anyhow::Result<(Match, Option<Vec<String>>)> {
    let shown = || lang::txt(path.display().to_string());
    let text = std::fs::read_to_string(path)
        .with_context(|| lang.tr("term-error-read", &[("path", shown())]))?;
    let value: Value = serde_json::from_str(&text)
        .with_context(|| lang.tr("term-error-not-json", &[("path", shown())]))?;
    let seats = value.get(SEATS_FIELD).and_then(Value::as_array).map(|a| {
        a.iter()
            .map(|v| v.as_str().unwrap_or(DEFAULT_BOT).to_string())
            .collect::<Vec<_>>()
    });
    let record: Record = serde_json::from_value(value)
        .with_context(|| lang.tr("term-error-not-record", &[("path", shown())]))?;
    let m = domino_engine::record::replay(&record).map_err(|e| {
        anyhow!(lang.tr(
            "term-error-replay",
            &[("path", shown()), ("error", lang::txt(e.to_string()))]
        ))
    })?;
    Ok((m, seats))
}

/// The language a `--lang` flag names, else the environment's.
pub fn lang_of(flag: Option<&str>) -> anyhow::Result<Lang> {
    match flag {
        // Told in the environment's language: the flag's is unknown.
        Some(tag) => Lang::from_tag(tag).ok_or_else(|| {
            usage(Lang::from_env().tr(
                "term-error-no-lang",
                &[
                    ("tag", lang::txt(tag)),
                    ("langs", lang::txt(Lang::ALL.map(Lang::code).join(", "))),
                ],
            ))
        }),
        None => Ok(Lang::from_env()),
    }
}

fn seat_error(lang: Lang, seat: u8, players: u8) -> anyhow::Error {
    usage(lang.tr(
        "term-error-seat",
        &[
            ("seat", lang::num(seat as i64)),
            ("max", lang::num(players as i64 - 1)),
        ],
    ))
}

/// Work out the match, seats and paths from the flags.
pub fn setup(args: &PlayArgs) -> anyhow::Result<Setup> {
    let lang = lang_of(args.lang.as_deref())?;
    let clock = match &args.clock {
        Some(text) => domino_engine::TimeControl::parse(text).map_err(|e| usage(e.to_string()))?,
        None => domino_engine::TimeControl::None,
    };
    let delay = if args.instant {
        Duration::ZERO
    } else {
        Duration::from_millis(args.delay_ms)
    };
    let (game, human, bots, resumed) = if let Some(path) = &args.resume {
        let (m, saved) = load(path, lang)?;
        if m.phase() == Phase::MatchOver {
            bail!(lang.tr(
                "term-error-over",
                &[("path", lang::txt(path.display().to_string()))]
            ));
        }
        let n = m.rules().players();
        let saved_human = saved
            .as_ref()
            .and_then(|s| s.iter().position(|b| b == "human"))
            .map(|i| i as u8);
        let human = args.seat.or(saved_human).unwrap_or(0);
        if human >= n {
            return Err(seat_error(lang, human, n));
        }
        let bots = match (&args.bots, saved) {
            (Some(levels), _) => seat_bots(n, human, levels, lang)?,
            (None, Some(mut s)) if s.len() == n as usize => {
                for (i, b) in s.iter_mut().enumerate() {
                    if i == human as usize {
                        *b = "human".to_string();
                    } else if !BOT_NAMES.contains(&b.as_str()) {
                        *b = DEFAULT_BOT.to_string();
                    }
                }
                s
            }
            _ => seat_bots(n, human, DEFAULT_BOT, lang)?,
        };
        (m, human, bots, true)
    } else {
        let preset = Preset::named(&args.preset).map_err(|_| {
            let games: Vec<&str> = Preset::EVERY.iter().map(|p| p.name()).collect();
            usage(lang.tr(
                "term-error-no-game",
                &[
                    ("game", lang::txt(args.preset.as_str())),
                    ("games", lang::txt(games.join(", "))),
                ],
            ))
        })?;
        let spec = RulesSpec {
            preset: preset.name().to_string(),
            players: args.players,
            options: parse_options(&args.options, lang)?,
        };
        // The engine's own reason stays in English (see docs/play.md).
        let rules: Rules = spec.resolve().map_err(|e| {
            usage(lang.tr("term-error-rules", &[("error", lang::txt(e.to_string()))]))
        })?;
        let n = rules.players();
        let human = args.seat.unwrap_or(0);
        if human >= n {
            return Err(seat_error(lang, human, n));
        }
        let bots = seat_bots(n, human, args.bots.as_deref().unwrap_or(DEFAULT_BOT), lang)?;
        let seed = args
            .seed
            .unwrap_or_else(|| rand::random::<u64>() & ((1 << 53) - 1));
        let m = Match::new(rules, Some(seed), None).map_err(|e| {
            anyhow!(lang.tr("term-error-start", &[("error", lang::txt(e.to_string()))]))
        })?;
        (m, human, bots, false)
    };
    let record = match (&args.record, &args.resume) {
        (Some(p), _) => p.clone(),
        (None, Some(p)) => p.clone(),
        (None, None) => {
            let secs = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            PathBuf::from(format!("domino-{secs}.json"))
        }
    };
    Ok(Setup {
        game,
        config: Config {
            human,
            bots,
            delay,
            lang,
        },
        think_ms: args.think_ms,
        record,
        resumed,
        clock,
    })
}

/// The record as saved: `domino-record/1` plus who sat where.
pub fn record_json(m: &Match, seats: &[String]) -> anyhow::Result<String> {
    let mut v = serde_json::to_value(m.record())?;
    if let Some(obj) = v.as_object_mut() {
        obj.insert(
            SEATS_FIELD.to_string(),
            Value::Array(seats.iter().map(|s| Value::String(s.clone())).collect()),
        );
    }
    Ok(serde_json::to_string_pretty(&v)? + "\n")
}

fn save(path: &Path, m: &Match, seats: &[String], lang: Lang) -> anyhow::Result<()> {
    let text = record_json(m, seats)?;
    std::fs::write(path, text).with_context(|| {
        lang.tr(
            "term-error-write",
            &[("path", lang::txt(path.display().to_string()))],
        )
    })
}

/// A request to the bot thread, and its answer.
enum Job {
    Bot(u64, u8, Box<domino_engine::SeatView>),
    Hint(u64, Box<domino_engine::SeatView>),
}

enum Done {
    Bot(u64, Result<Action, String>),
    Hint(u64, Result<Action, String>),
}

/// The bots, on a thread of their own so the screen stays responsive
/// while the expert thinks.
struct Bots {
    tx: Sender<Job>,
    rx: Receiver<Done>,
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

impl Bots {
    fn start(names: &[String], seed: u64, think_ms: u64) -> anyhow::Result<Bots> {
        let mut bots: Vec<Option<Box<dyn Bot>>> = Vec::new();
        for (i, name) in names.iter().enumerate() {
            bots.push(if name == "human" {
                None
            } else {
                let config = BotConfig {
                    seed: seed.wrapping_add(i as u64 + 1),
                    budget_ms: think_ms,
                };
                Some(domino_bots::level_bot(name, config).map_err(|e| usage(e.to_string()))?)
            });
        }
        let mut adviser = Expert::new(seed ^ 0x5eed, think_ms);
        let (tx, jobs) = mpsc::channel::<Job>();
        let (answers, rx) = mpsc::channel::<Done>();
        thread::Builder::new()
            .name("domino-bots".to_string())
            .spawn(move || {
                for job in jobs {
                    let done = match job {
                        Job::Bot(token, seat, view) => {
                            let r = match bots.get_mut(seat as usize).and_then(Option::as_mut) {
                                Some(bot) => catch_unwind(AssertUnwindSafe(|| bot.act(&view)))
                                    .map_err(|p| panic_text(p.as_ref()))
                                    .and_then(|r| r.map_err(|e| e.to_string())),
                                None => Err(format!("no bot at seat {seat}")),
                            };
                            Done::Bot(token, r)
                        }
                        Job::Hint(token, view) => {
                            let r = catch_unwind(AssertUnwindSafe(|| adviser.act(&view)))
                                .map_err(|p| panic_text(p.as_ref()))
                                .and_then(|r| r.map_err(|e| e.to_string()));
                            Done::Hint(token, r)
                        }
                    };
                    if answers.send(done).is_err() {
                        break;
                    }
                }
            })
            .context("cannot start the bot thread")?;
        Ok(Bots { tx, rx })
    }

    /// One turn of the game's loop, on the screen and in plain lines
    /// alike: `msgs` (the keys or lines read), the bots' finished answers
    /// and a tick go to the app, and what it asks of the bots is sent.
    fn step(&self, app: &mut App, mut msgs: Vec<Msg>) {
        while let Ok(done) = self.rx.try_recv() {
            msgs.push(match done {
                Done::Bot(token, action) => Msg::Bot { token, action },
                Done::Hint(token, action) => Msg::Hint { token, action },
            });
        }
        msgs.push(Msg::Tick);
        for msg in msgs {
            for c in app.update(msg, Instant::now()) {
                self.send(c);
            }
        }
    }

    fn send(&self, cmd: Cmd) {
        let job = match cmd {
            Cmd::AskBot { token, seat, view } => Job::Bot(token, seat, view),
            Cmd::AskHint { token, view } => Job::Hint(token, view),
        };
        // A closed channel means the thread died; the game shows the bot
        // as thinking, and q still quits.
        let _ = self.tx.send(job);
    }
}

type Term = Terminal<CrosstermBackend<Stdout>>;

static UI_THREAD: OnceLock<ThreadId> = OnceLock::new();
static STRAY_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Put the terminal back as it was: cooked mode, main screen, cursor shown.
pub fn restore_terminal() {
    let _ = terminal::disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen, cursor::Show);
}

/// Restore the terminal before a panic of the screen's thread is printed;
/// a panic on another thread (a bot) is kept quiet and reported later, so
/// the screen is not torn down under the player.
fn install_panic_hook() {
    let _ = UI_THREAD.set(thread::current().id());
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if UI_THREAD.get() == Some(&thread::current().id()) {
            restore_terminal();
            previous(info);
        } else if let Ok(mut slot) = STRAY_PANIC.lock() {
            *slot = Some(info.to_string());
        }
    }));
}

fn open_terminal() -> anyhow::Result<Term> {
    install_panic_hook();
    terminal::enable_raw_mode().context("cannot put the terminal in raw mode")?;
    if let Err(e) = execute!(io::stdout(), EnterAlternateScreen, cursor::Hide) {
        restore_terminal();
        return Err(e.into());
    }
    Terminal::new(CrosstermBackend::new(io::stdout())).map_err(|e| {
        restore_terminal();
        e.into()
    })
}

/// In debug builds only, `!` panics when DOMINO_PLAY_TEST_PANIC is set: the
/// end-to-end test checks that a panic leaves the terminal restored.
fn test_panic(key: app::Key) {
    if cfg!(debug_assertions)
        && key == app::Key::Char('!')
        && std::env::var_os("DOMINO_PLAY_TEST_PANIC").is_some()
    {
        panic!("a test panic, asked for by DOMINO_PLAY_TEST_PANIC");
    }
}

fn event_loop(
    term: &mut Term,
    app: &mut App,
    bots: &Bots,
    on_match_over: &mut dyn FnMut(&App),
) -> anyhow::Result<()> {
    let mut was_over = app.m.phase() == Phase::MatchOver;
    loop {
        // Drawing is cheap: ratatui sends only the cells that changed.
        term.draw(|f| draw::draw(f, app))?;
        if app.quit {
            return Ok(());
        }
        let now = Instant::now();
        let wait = match app.next_due() {
            Some(due) => due
                .saturating_duration_since(now)
                .min(Duration::from_millis(100)),
            None if app.bot_thinking() || matches!(app.hint, app::Hint::Thinking(_)) => {
                Duration::from_millis(5)
            }
            None => Duration::from_millis(200),
        };
        let mut msgs = Vec::new();
        if event::poll(wait)? {
            match event::read()? {
                TermEvent::Key(k) => {
                    if let Some(key) = input::key(k) {
                        test_panic(key);
                        msgs.push(Msg::Key(key));
                    }
                }
                TermEvent::Resize(..) => term.autoresize()?,
                _ => {}
            }
        }
        bots.step(app, msgs);
        if let Ok(mut slot) = STRAY_PANIC.lock() {
            if let Some(p) = slot.take() {
                app.log.push(words::Said::new(
                    app.table.tr("term-bot-failed", &[("error", lang::txt(p))]),
                    words::Tone::Warning,
                ));
            }
        }
        let over = app.m.phase() == Phase::MatchOver;
        if over && !was_over {
            on_match_over(app);
        }
        was_over = over;
    }
}

/// Standard input's lines, from a thread of their own so the game goes on
/// while nobody types; `None` once the input ends.
fn read_lines() -> Receiver<Option<String>> {
    let (tx, rx) = mpsc::channel();
    let spawned = thread::Builder::new()
        .name("domino-input".to_string())
        .spawn(move || {
            for line in io::stdin().lines() {
                let Ok(line) = line else { break };
                if tx.send(Some(line)).is_err() {
                    return;
                }
            }
            let _ = tx.send(None);
        });
    // Without the thread there is no input: the game quits when asked.
    if spawned.is_err() {
        let (tx, rx) = mpsc::channel();
        let _ = tx.send(None);
        return rx;
    }
    rx
}

/// Run `domino play`.
pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    let s = setup(&args)?;
    let seed = s.game.seed().unwrap_or(0);
    // With a clock the player's seat has a computer player too, for the
    // moves it makes when their time runs out.
    let names: Vec<String> = s
        .config
        .bots
        .iter()
        .map(|b| match b.as_str() {
            "human" if !s.clock.is_none() => "heuristic".to_string(),
            b => b.to_string(),
        })
        .collect();
    let bots = Bots::start(&names, seed, s.think_ms)?;
    let path = s.record.clone();
    let mut app = App::new(s.game, s.config, Instant::now());
    app.set_clock(s.clock, Instant::now());
    if s.resumed {
        app.log.push(words::Said::new(
            app.table.tr(
                "term-resumed",
                &[("path", lang::txt(path.display().to_string()))],
            ),
            words::Tone::Plain,
        ));
    }
    let mut save_error: Option<anyhow::Error> = None;
    let result = if args.plain {
        // No terminal modes to restore: the lines go out as they are.
        let lines = read_lines();
        let mut out = io::stdout();
        catch_unwind(AssertUnwindSafe(|| {
            let mut on_over = |a: &App| {
                if let Err(e) = save(&path, &a.m, &a.cfg.bots, a.cfg.lang) {
                    save_error = Some(e);
                }
            };
            plain::event_loop(&mut app, &bots, &lines, &mut out, &mut on_over)
        }))
    } else {
        let mut term = open_terminal()?;
        let result = catch_unwind(AssertUnwindSafe(|| {
            let mut on_over = |a: &App| {
                if let Err(e) = save(&path, &a.m, &a.cfg.bots, a.cfg.lang) {
                    save_error = Some(e);
                }
            };
            event_loop(&mut term, &mut app, &bots, &mut on_over)
        }));
        restore_terminal();
        result
    };
    // Save whatever happened, a panic included, so the match can resume.
    let saved = save(&path, &app.m, &app.cfg.bots, app.cfg.lang);
    let outcome = match result {
        Ok(r) => r,
        Err(p) => std::panic::resume_unwind(p),
    };
    saved?;
    if let Some(e) = save_error {
        return Err(e);
    }
    let summary = match (app.m.phase(), app.m.winner()) {
        (Phase::MatchOver, Some(domino_engine::Winner::Side(side))) => {
            app.table.about_side("term-match-won", side, &[])
        }
        _ => app.table.tr(
            "term-unfinished",
            &[
                ("n", lang::num(app.m.hand_number() as i64)),
                ("path", lang::txt(path.display().to_string())),
            ],
        ),
    };
    println!("{summary}");
    println!(
        "{}",
        app.table.tr(
            "term-saved",
            &[("path", lang::txt(path.display().to_string()))]
        )
    );
    outcome
}
