//! `domino play` end to end: the real binary in a pseudo-terminal (80x24),
//! keys typed, the screen read back through a terminal emulator.
#![allow(clippy::unwrap_used)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};

const ROWS: u16 = 24;
const COLS: u16 = 80;

/// The program running in a pseudo-terminal, and what it has drawn.
struct Term {
    screen: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Vec<u8>>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    _master: Box<dyn MasterPty + Send>,
}

impl Term {
    fn spawn(args: &[&str], dir: &Path) -> Term {
        Term::spawn_env(args, dir, &[])
    }

    fn spawn_env(args: &[&str], dir: &Path, env: &[(&str, &str)]) -> Term {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_domino"));
        cmd.args(args);
        cmd.cwd(dir);
        cmd.env("TERM", "xterm-256color");
        // English unless a test asks otherwise, whatever the machine's locale.
        for k in ["LC_ALL", "LC_MESSAGES"] {
            cmd.env_remove(k);
        }
        cmd.env("LANG", "C.UTF-8");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = pair.slave.spawn_command(cmd).expect("domino starts");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("a reader");
        let writer = pair.master.take_writer().expect("a writer");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(ROWS, COLS, 0)));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let (s, r) = (screen.clone(), raw.clone());
        thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                s.lock().unwrap().process(&buf[..n]);
                r.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Term {
            screen,
            raw,
            writer,
            child,
            _master: pair.master,
        }
    }

    fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Wait until the screen shows what `want` looks for.
    fn wait_for(&self, what: &str, want: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let text = self.text();
            if want(&text) {
                return text;
            }
            if Instant::now() > deadline {
                panic!("timed out waiting for {what}; the screen:\n{text}");
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Wait for the program to end; its exit success.
    fn wait_exit(&mut self) -> bool {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // Let the reader drain what was printed last.
                thread::sleep(Duration::from_millis(100));
                return status.success();
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("domino did not exit; the screen:\n{}", self.text());
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    fn raw(&self) -> String {
        String::from_utf8_lossy(&self.raw.lock().unwrap()).into_owned()
    }
}

/// The flags of a match on `seed` against random bots, saved to `record`.
fn against_random<'a>(seed: &'a str, record: &'a str) -> [&'a str; 6] {
    ["--seed", seed, "--bots", "random", "--record", record]
}

/// `domino play` with the flags `first`, then [`against_random`]'s.
fn play_args<'a>(first: &[&'a str], seed: &'a str, record: &'a str) -> Vec<&'a str> {
    let mut args = vec!["play"];
    args.extend_from_slice(first);
    args.extend(against_random(seed, record));
    args
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("domino-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Play the player's turns with Enter (the first playable tile, the first
/// end) until the hand is over.
fn play_hand(t: &mut Term) -> String {
    for _ in 0..200 {
        let screen = t.wait_for("the player's turn or the hand's end", |s| {
            s.contains("Your turn:") || s.contains("Enter plays") || s.contains(" over ─")
        });
        if screen.contains(" over ─") {
            return screen;
        }
        // Keys that mean nothing must do nothing, then Enter plays.
        t.send("xz\x1bOP");
        t.send("\r");
        t.wait_for("the move to be made", |s| s != screen);
    }
    panic!("the hand never ended:\n{}", t.text());
}

#[test]
fn a_whole_hand_in_a_terminal_then_quit_save_and_resume() {
    let dir = scratch("hand");
    let record = dir.join("match.json");
    let rec = record.to_str().unwrap();
    let mut t = Term::spawn(&play_args(&["--instant"], "7", rec), &dir);
    let first = t.wait_for("the table", |s| s.contains("Jamaican partner"));
    assert!(
        first.contains("Six-love count: You & North 0 – East & West 0"),
        "{first}"
    );
    assert!(first.contains("Your tiles"), "{first}");
    assert!(
        first.contains("East: 7 tiles") || first.contains("East: 6 tiles"),
        "{first}"
    );

    let over = play_hand(&mut t);
    assert!(over.contains("Hand 1 over"), "{over}");
    for seat in ["You ", "East ", "North ", "West "] {
        assert!(
            over.lines()
                .any(|l| l.contains(seat) && l.contains("count")),
            "{seat}'s hand is revealed:\n{over}"
        );
    }
    assert!(over.contains("Enter: next hand"), "{over}");

    // Quit: the terminal comes back, the record is saved and replays.
    t.send("q");
    assert!(t.wait_exit(), "domino exits cleanly");
    let raw = t.raw();
    assert!(raw.contains("\x1b[?1049l"), "the main screen is restored");
    assert!(raw.contains("\x1b[?25h"), "the cursor is shown again");
    let after = t.text();
    assert!(after.contains("Match record saved to"), "{after}");
    assert!(after.contains("domino play --resume"), "{after}");
    let replay = std::process::Command::new(env!("CARGO_BIN_EXE_domino"))
        .args(["replay", rec])
        .output()
        .unwrap();
    assert!(replay.status.success(), "the saved record replays");

    // Resume: the hand's result again, then the next hand.
    let mut t = Term::spawn(&["play", "--instant", "--resume", rec], &dir);
    let back = t.wait_for("the resumed match", |s| s.contains("Hand 1 over"));
    let result = over.lines().find(|l| l.contains("│You ")).unwrap();
    assert!(back.contains(result), "the same hand comes back:\n{back}");
    t.send("\r");
    t.wait_for("hand 2", |s| s.contains("· hand 2 ·"));
    t.send("\x03");
    assert!(t.wait_exit(), "Ctrl-C exits cleanly");
    assert!(t.text().contains("Match record saved to"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The game in Spanish, from `LANG` and from `--lang`: the table, a whole
/// hand and the closing lines in the language.
#[test]
fn the_game_in_spanish_from_lang_and_from_the_flag() {
    let dir = scratch("spanish");
    let record = dir.join("match.json");
    let rec = record.to_str().unwrap();
    let args = play_args(&["--instant"], "7", rec);
    let mut t = Term::spawn_env(&args, &dir, &[("LANG", "es_PR.UTF-8")]);
    let first = t.wait_for("the table", |s| s.contains("Tus fichas"));
    assert!(first.contains("Parejas a la jamaiquina"), "{first}");
    assert!(first.contains("Seis a cero: Tú y Norte 0"), "{first}");
    // The player's turns with Enter until the hand ends.
    let mut over = None;
    for _ in 0..200 {
        let screen = t.wait_for("the player's turn or the hand's end", |s| {
            s.contains("Te toca:") || s.contains("Enter juega") || s.contains("Fin de la mano")
        });
        if screen.contains("Fin de la mano") {
            over = Some(screen);
            break;
        }
        t.send("\r");
        t.wait_for("the move to be made", |s| s != screen);
    }
    let over = over.expect("the hand ends");
    assert!(over.contains("próxima mano"), "{over}");
    t.send("q");
    assert!(t.wait_exit(), "domino exits cleanly");
    assert!(
        t.text().contains("Registro de la partida guardado en"),
        "{}",
        t.text()
    );

    // --lang wins over LANG.
    let mut t = Term::spawn_env(
        &["play", "--instant", "--lang", "fr", "--resume", rec],
        &dir,
        &[("LANG", "es_PR.UTF-8")],
    );
    t.wait_for("the table in French", |s| s.contains("Manche 1 finie"));
    t.send("q");
    assert!(t.wait_exit(), "domino exits cleanly");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_panic_leaves_the_terminal_restored_and_the_match_saved() {
    if !cfg!(debug_assertions) {
        eprintln!("skipped: the test panic exists in debug builds only");
        return;
    }
    let dir = scratch("panic");
    let record = dir.join("match.json");
    let mut t = Term::spawn_env(
        &play_args(&["--instant"], "3", record.to_str().unwrap()),
        &dir,
        &[("DOMINO_PLAY_TEST_PANIC", "1")],
    );
    t.wait_for("the table", |s| s.contains("Your tiles"));
    t.send("!");
    assert!(!t.wait_exit(), "a panic is a failure");
    let raw = t.raw();
    let panic_at = raw.find("a test panic").expect("the panic is reported");
    let restored = raw
        .find("\x1b[?1049l")
        .expect("the main screen is restored");
    assert!(
        restored < panic_at,
        "the terminal is restored before the report"
    );
    assert!(record.exists(), "the match is saved");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_flag_is_refused_before_the_screen_changes() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_domino"))
        .args(["play", "--bots", "grandmaster"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no bot named `grandmaster`"), "{err}");
}

/// How often `needle` appears in `hay`.
fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

/// `--plain --lang es` in a terminal: line by line, numbered choices typed
/// as numbers, a whole hand to its end, and not one screen-drawing escape.
#[test]
fn the_plain_game_in_spanish_plays_a_hand_in_a_terminal() {
    let dir = scratch("plain");
    let record = dir.join("plain.json");
    let rec = record.to_str().unwrap();
    let mut t = Term::spawn(
        &play_args(&["--plain", "--lang", "es", "--instant"], "7", rec),
        &dir,
    );
    let ask = " y luego Enter · h: pista";
    let over = "Fin de la mano.";
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut answered = 0;
    loop {
        let raw = t.raw();
        if raw.contains(over) || raw.contains("La partida terminó.") {
            break;
        }
        if count(&raw, ask) > answered {
            // The first choice, as a number, ended by Enter.
            answered += 1;
            t.send("1\r");
        }
        assert!(
            Instant::now() < deadline,
            "the hand never ended:\n{}",
            t.raw()
        );
        thread::sleep(Duration::from_millis(20));
    }
    let raw = t.raw();
    assert!(answered > 0, "the player was asked:\n{raw}");
    assert!(raw.contains("Parejas a la jamaiquina."), "{raw}");
    assert!(raw.contains("Mano 1."), "{raw}");
    assert!(raw.contains("Tus fichas: "), "{raw}");
    assert!(
        raw.contains("1: jugar ") || raw.contains("1: salir con "),
        "{raw}"
    );
    assert!(
        raw.contains("Tú juegas ") || raw.contains("Tú sales con "),
        "{raw}"
    );
    // No alternate screen, no cursor moves, no colours.
    assert!(!raw.contains('\x1b'), "an escape sequence:\n{raw:?}");
    t.send("q\r");
    assert!(t.wait_exit(), "domino exits cleanly");
    assert!(t.raw().contains("Registro de la partida guardado en"));
    assert!(record.exists(), "the match is saved");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Run `domino play --plain` with `input` piped in (no terminal at all).
fn plain_through_a_pipe(args: &[&str], input: &str) -> (bool, String, String) {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_domino"))
        .args(["play", "--plain", "--instant"])
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // Written from a thread: the game reads while it prints.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Through plain pipes: a wrong answer is asked again, answers play a whole
/// match, and the end of the input quits with the match saved.
#[test]
fn the_plain_game_through_a_pipe_plays_a_match_and_stops_at_the_end_of_input() {
    let dir = scratch("pipe");
    let record = dir.join("pipe.json");
    let rec = record.to_str().unwrap();
    let answers = format!("r\nseven\n99\n{}", "1\n".repeat(400));
    let (ok, out, err) = plain_through_a_pipe(&against_random("7", rec), &answers);
    assert!(ok, "{err}\n{out}");
    assert!(out.starts_with("Jamaican partner."), "{out}");
    assert!(
        out.contains("“seven” is not one of the choices: type a number from 1 to"),
        "{out}"
    );
    assert!(out.contains("“99” is not one of the choices"), "{out}");
    // r: how to play the game, then the choices again.
    assert!(out.contains("\nHow to play: Jamaican partner\n"), "{out}");
    assert!(out.contains("Hand 1."), "{out}");
    assert!(
        out.contains("You play ") || out.contains("You pose "),
        "{out}"
    );
    assert!(out.contains("win the match!"), "{out}");
    assert!(out.contains("Match record saved to"), "{out}");
    assert!(!out.contains('\x1b'), "an escape sequence in a pipe");
    let replay = std::process::Command::new(env!("CARGO_BIN_EXE_domino"))
        .args(["replay", rec])
        .output()
        .unwrap();
    assert!(replay.status.success(), "the saved record replays");

    // One answer, then the input ends: the match is saved unfinished.
    let short = dir.join("short.json");
    let (ok, out, err) = plain_through_a_pipe(&against_random("7", short.to_str().unwrap()), "1\n");
    assert!(ok, "{err}\n{out}");
    assert!(out.contains("Match unfinished (hand 1)"), "{out}");
    assert!(short.exists(), "the unfinished match is saved");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_flag_is_refused_in_the_chosen_language() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_domino"))
        .args(["play", "--plain", "--lang", "es", "--bots", "gran"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no hay ningún bot llamado `gran`"), "{err}");
}

/// Mexican Train against bots through plain pipes (`--game` names it): the
/// first choice every turn plays a one-hand match to its end, and the
/// record replays.
#[test]
fn mexican_train_plays_to_the_end_against_bots() {
    let dir = scratch("trains");
    let record = dir.join("trains.json");
    let rec = record.to_str().unwrap();
    let mut args = vec!["--game", "mexican-train", "--option", "rounds=1"];
    args.extend(against_random("3", rec));
    let (ok, out, err) = plain_through_a_pipe(&args, &"1\n".repeat(400));
    assert!(ok, "{err}\n{out}");
    assert!(out.starts_with("Mexican"), "{out}");
    assert!(out.contains("Hand 1."), "{out}");
    assert!(out.contains("Match record saved to"), "{out}");
    assert!(!out.contains("Match unfinished"), "{out}");
    let replay = std::process::Command::new(env!("CARGO_BIN_EXE_domino"))
        .args(["replay", rec])
        .output()
        .unwrap();
    assert!(replay.status.success(), "the saved record replays");
    let _ = std::fs::remove_dir_all(&dir);
}
