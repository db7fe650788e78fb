//! The terminal game as a pure state machine: keys, ticks and the bots'
//! answers go in, commands for the bot thread come out. Nothing here touches
//! the terminal or the clock (times are passed in), so tests drive it
//! directly.

use std::time::{Duration, Instant};

use domino_engine::rules::Claims;
use domino_engine::{Action, Event, Match, MoveList, Phase, SeatView, Tile};

use super::hint;
use super::lang::{num, txt, Lang};
use super::layout::Pic;
use super::words::{draw_words, event_words, ActionContext, PassKind, Said, Table, Tone};

/// A key, as the game reads it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Key {
    Left,
    Right,
    Up,
    Down,
    Enter,
    Esc,
    Backspace,
    Tab,
    Char(char),
    CtrlC,
    /// Anything else (function keys, mouse...): ignored.
    Other,
}

/// Something that happened to the game.
#[derive(Clone, Debug)]
pub enum Msg {
    Key(Key),
    /// Time passed: bots' moves and forced moves happen on ticks.
    Tick,
    /// A bot's answer to [`Cmd::AskBot`].
    Bot {
        token: u64,
        action: Result<Action, String>,
    },
    /// The expert's answer to [`Cmd::AskHint`].
    Hint {
        token: u64,
        action: Result<Action, String>,
    },
}

/// Work for the bot thread.
#[derive(Clone, Debug)]
pub enum Cmd {
    AskBot {
        token: u64,
        seat: u8,
        view: Box<SeatView>,
    },
    AskHint {
        token: u64,
        view: Box<SeatView>,
    },
}

/// How the game is set up around the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The player's seat.
    pub human: u8,
    /// The bot at each seat (the player's own seat holds "human").
    pub bots: Vec<String>,
    /// Pause between moves, so bots' moves can be followed.
    pub delay: Duration,
    /// The language of every word shown.
    pub lang: Lang,
}

/// What the player is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Nothing to choose: a bot is to act, or the player's move is forced.
    Watch,
    /// Choosing a tile; `cursor` indexes the hand.
    Tile { cursor: usize },
    /// Choosing an end for `tile`; `cursor` indexes `options`.
    End {
        tile: Tile,
        options: Vec<Action>,
        cursor: usize,
    },
    /// Choosing which partner poses; `cursor` indexes `options`.
    Poser { options: Vec<u8>, cursor: usize },
    /// The hand (or match) is over: the result is shown.
    Over,
}

/// The expert's advice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    None,
    Thinking(u64),
    Ready { action: Action, text: String },
}

#[derive(Clone, Debug)]
struct DrawRun {
    seat: u8,
    tiles: Vec<Tile>,
    count: usize,
    line: usize,
    forced: bool,
}

/// Most log lines kept.
const LOG_MAX: usize = 500;

/// The game.
#[derive(Debug)]
pub struct App {
    pub m: Match,
    pub table: Table,
    pub cfg: Config,
    pub mode: Mode,
    pub log: Vec<Said>,
    /// A message for the player about the last key.
    pub notice: Option<Said>,
    pub hint: Hint,
    /// Call the points of the next play (claim rules only); off again after
    /// every play, as on the page.
    pub claim: bool,
    pub help: bool,
    pub quit: bool,
    /// The last tile laid, to highlight it.
    pub last: Option<Tile>,
    /// Lines dropped from the front of the log so far (it keeps the last
    /// [`LOG_MAX`]): the plain mode counts lines through the drops.
    pub cut: usize,
    token: u64,
    waiting: Option<u64>,
    queued: Option<Action>,
    ready_at: Instant,
    draw_run: Option<DrawRun>,
    /// The player's turn clock (`--clock`), if any.
    pub clock: Option<super::clock::TermClock>,
    /// The time of the last update, for the clock shown.
    pub now: Instant,
}

impl App {
    pub fn new(m: Match, cfg: Config, now: Instant) -> App {
        let table = Table::in_lang(*m.rules(), cfg.human, cfg.lang);
        let mut app = App {
            m,
            table,
            cfg,
            mode: Mode::Watch,
            log: Vec::new(),
            notice: None,
            hint: Hint::None,
            claim: false,
            help: false,
            quit: false,
            last: None,
            cut: 0,
            token: 0,
            waiting: None,
            queued: None,
            ready_at: now,
            draw_run: None,
            clock: None,
            now,
        };
        app.last = app.last_tile();
        app.announce_hand();
        app.settle_mode();
        app.ready_at = now + app.cfg.delay;
        app
    }

    pub fn human(&self) -> u8 {
        self.cfg.human
    }

    /// The player's view of the match.
    pub fn view(&self) -> domino_engine::View {
        self.m.player_view(self.cfg.human)
    }

    pub fn my_turn(&self) -> bool {
        self.m.to_act() == Some(self.cfg.human) && !self.out_of_time()
    }

    /// Time the player's moves with `control` from `now` (none: untimed).
    pub fn set_clock(&mut self, control: domino_engine::TimeControl, now: Instant) {
        self.clock = (!control.is_none())
            .then(|| super::clock::TermClock::new(control, self.m.rules().players(), now));
    }

    /// The player's time ran out this turn: the computer moves for them.
    fn out_of_time(&self) -> bool {
        self.clock.as_ref().is_some_and(|c| c.timed_out)
    }

    /// The player's clock as the header shows it.
    pub fn clock_line(&self) -> Option<String> {
        let c = self.clock.as_ref()?;
        let left = super::clock::clock_text(c.left_ms(self.cfg.human, self.now));
        Some(self.table.tr("term-clock", &[("left", txt(left))]))
    }

    /// The legal actions of the seat to act.
    pub fn legal(&self) -> Vec<Action> {
        let mut moves = MoveList::new();
        self.m.legal(&mut moves);
        moves.as_slice().to_vec()
    }

    /// The player's tiles, in order.
    pub fn hand(&self) -> Vec<Tile> {
        self.m.hand().hand(self.cfg.human).iter().collect()
    }

    /// The player's tiles that can be laid now.
    pub fn playable(&self) -> Vec<Tile> {
        if !self.my_turn() || self.m.phase() != Phase::Play {
            return Vec::new();
        }
        let mut out = Vec::new();
        for a in self.legal() {
            if let Action::Play { tile, .. } = a {
                if !out.contains(&tile) {
                    out.push(tile);
                }
            }
        }
        out
    }

    /// The ways to lay `tile` now, one per end, calling the points when the
    /// player calls them.
    pub fn placements(&self, tile: Tile) -> Vec<Action> {
        let legal = self.legal();
        let mut out: Vec<Action> = Vec::new();
        for a in &legal {
            let Action::Play {
                tile: t,
                end,
                claim: false,
            } = *a
            else {
                continue;
            };
            if t != tile {
                continue;
            }
            let called = Action::Play {
                tile,
                end,
                claim: true,
            };
            // Sent as the player asked: whether the play scores is theirs to
            // see, and the engine refuses a claim on nothing.
            let chosen = if self.claim { called } else { *a };
            // Ends that leave the same table for the rules (the two 6s of a
            // posed 6-6) are one choice; trains are never the same (whose
            // train it is matters).
            let same = !self.m.rules().preset().is_trains()
                && out
                    .iter()
                    .any(|o| self.table_after(*o) == self.table_after(chosen));
            if !same {
                out.push(chosen);
            }
        }
        out
    }

    /// What the rules see of the layout after a play: each chain's number,
    /// whether a double ends it, whether it is empty; in no order.
    fn table_after(&self, a: Action) -> (bool, Vec<(u8, bool, bool, bool)>) {
        let mut l = *self.m.hand().layout();
        if let Action::Play {
            tile, end: Some(e), ..
        } = a
        {
            l.place(tile, e);
        }
        let mut chains: Vec<(u8, bool, bool, bool)> = l
            .chains()
            .iter()
            .map(|c| (c.pips, c.double_end, c.counts_empty, c.len == 0))
            .collect();
        chains.sort_unstable();
        (l.opening(), chains)
    }

    /// Whether the player may end the turn with a pass beside a play (a
    /// first-turn chain of trains).
    pub fn can_end_turn(&self) -> bool {
        self.my_turn() && self.m.phase() == Phase::Play && self.legal().contains(&Action::Pass)
    }

    /// The only action the player has when it is a draw or a pass.
    pub fn forced(&self) -> Option<Action> {
        if !self.my_turn() || self.m.phase() != Phase::Play {
            return None;
        }
        match self.legal().as_slice() {
            [a @ (Action::Draw | Action::Pass)] => Some(*a),
            _ => None,
        }
    }

    fn last_tile(&self) -> Option<Tile> {
        self.m.history().iter().rev().find_map(|e| e.action.tile())
    }

    fn say(&mut self, s: Said) {
        self.log.push(s);
        if self.log.len() > LOG_MAX {
            let cut = self.log.len() - LOG_MAX;
            self.log.drain(..cut);
            self.cut += cut;
            if let Some(run) = &mut self.draw_run {
                run.line = run.line.saturating_sub(cut);
            }
        }
    }

    fn announce_hand(&mut self) {
        let m = &self.m;
        let t = &self.table;
        let who = match (m.phase(), m.to_act()) {
            (Phase::ChoosePoser, Some(seat)) => t.about_seat("term-won-last", seat, &[]),
            (Phase::Play, Some(seat)) if seat == self.cfg.human && m.history().is_empty() => {
                t.tr("term-you-pose", &[])
            }
            (Phase::Play, Some(seat)) if m.history().is_empty() => {
                t.tr("term-poses", &[("who", txt(t.name(seat)))])
            }
            (Phase::Play, Some(seat)) if seat == self.cfg.human => t.tr("term-your-turn", &[]),
            (Phase::Play, Some(seat)) => t.tr("term-to-play", &[("who", txt(t.name(seat)))]),
            _ => String::new(),
        };
        let mut text = t.tr(
            "term-hand-start",
            &[("n", num(m.hand_number() as i64)), ("who", txt(who))],
        );
        if m.rules().is_six_love() && m.stake() > 1 {
            text.push(' ');
            text.push_str(&t.tr("term-hand-worth", &[("stake", num(m.stake() as i64))]));
        }
        if m.in_playoff() {
            text.push(' ');
            text.push_str(&t.tr("term-playoff-hand", &[]));
        }
        self.say(Said::new(text.trim_end(), Tone::Result));
    }

    /// Put the player in the mode the match calls for.
    fn settle_mode(&mut self) {
        self.mode = match self.m.phase() {
            Phase::HandOver | Phase::MatchOver => Mode::Over,
            Phase::ChoosePoser if self.my_turn() => {
                let me = self.cfg.human;
                let options: Vec<u8> = self
                    .legal()
                    .iter()
                    .filter_map(|a| match a {
                        Action::ChoosePoser { seat } => Some(*seat),
                        _ => None,
                    })
                    .collect();
                let cursor = options.iter().position(|&s| s == me).unwrap_or(0);
                Mode::Poser { options, cursor }
            }
            Phase::Play if self.my_turn() => {
                let hand = self.hand();
                let playable = self.playable();
                match playable.first() {
                    Some(first) => Mode::Tile {
                        cursor: hand.iter().position(|t| t == first).unwrap_or(0),
                    },
                    None => Mode::Watch,
                }
            }
            _ => Mode::Watch,
        };
    }

    /// Handle one message at time `now`; the returned commands go to the
    /// bot thread.
    pub fn update(&mut self, msg: Msg, now: Instant) -> Vec<Cmd> {
        let mut cmds = Vec::new();
        match msg {
            Msg::Key(k) => self.key(k, now, &mut cmds),
            Msg::Tick => {}
            Msg::Bot { token, action } => self.bot_answer(token, action),
            Msg::Hint { token, action } => self.hint_answer(token, action),
        }
        self.now = now;
        self.run_clock(now);
        self.tick(now, &mut cmds);
        cmds
    }

    /// The log line a run of draws is still counting on, if any: it may
    /// change yet ("East draws 2 tiles." becomes "3 tiles").
    pub fn drawing_line(&self) -> Option<usize> {
        self.draw_run.as_ref().map(|r| r.line)
    }

    /// Make the player's move `a` if it is legal now (the plain mode's way
    /// in: it names whole moves, not keys); whether it was made.
    pub fn choose(&mut self, a: Action, now: Instant) -> bool {
        self.my_turn() && self.apply(a, now, false)
    }

    /// When the next automatic step is due, if one is waiting.
    pub fn next_due(&self) -> Option<Instant> {
        if self.queued.is_some() || self.forced().is_some() {
            Some(self.ready_at)
        } else {
            None
        }
    }

    /// Whether a bot is thinking.
    pub fn bot_thinking(&self) -> bool {
        self.waiting.is_some()
    }

    /// Run the player's clock on their turn; when it runs out, say so and
    /// leave the move to the computer.
    fn run_clock(&mut self, now: Instant) {
        let human = self.cfg.human;
        let to_move = self.m.to_act() == Some(human);
        let Some(c) = &mut self.clock else {
            return;
        };
        if c.turn(human, to_move, now) {
            self.mode = Mode::Watch;
            let text = self.table.tr("term-out-of-time", &[]);
            self.say(Said::new(text, Tone::Warning));
        }
    }

    fn tick(&mut self, now: Instant, cmds: &mut Vec<Cmd>) {
        if self.quit {
            return;
        }
        let Some(seat) = self.m.to_act() else {
            if self.mode != Mode::Over {
                self.mode = Mode::Over;
            }
            return;
        };
        if seat == self.cfg.human && !self.out_of_time() {
            if self.mode == Mode::Watch {
                self.settle_mode();
            }
            if let Some(a) = self.forced() {
                if now >= self.ready_at {
                    self.apply(a, now, true);
                }
            }
            return;
        }
        if now >= self.ready_at {
            if let Some(a) = self.queued.take() {
                self.apply(a, now, false);
            }
        }
        // Ask the bot to act next at once: it thinks during the pause.
        if let Some(seat) = self.m.to_act() {
            let computer = seat != self.cfg.human || self.out_of_time();
            if computer && self.waiting.is_none() && self.queued.is_none() {
                self.token += 1;
                self.waiting = Some(self.token);
                cmds.push(Cmd::AskBot {
                    token: self.token,
                    seat,
                    view: Box::new(self.m.seat_view(seat)),
                });
            }
        }
    }

    fn bot_answer(&mut self, token: u64, action: Result<Action, String>) {
        if self.waiting != Some(token) {
            return;
        }
        self.waiting = None;
        let legal = self.legal();
        let Some(&first) = legal.first() else {
            return;
        };
        let name = self
            .m
            .to_act()
            .map(|s| self.table.name(s).to_string())
            .unwrap_or_default();
        self.queued = Some(match action {
            Ok(a) if legal.contains(&a) => a,
            Ok(a) => {
                let text = self.table.tr(
                    "term-bot-illegal",
                    &[("who", txt(name.as_str())), ("action", txt(a.to_string()))],
                );
                self.say(Said::new(text, Tone::Warning));
                first
            }
            Err(e) => {
                let text = self.table.tr(
                    "term-bot-error",
                    &[("who", txt(name.as_str())), ("error", txt(e.to_string()))],
                );
                self.say(Said::new(text, Tone::Warning));
                first
            }
        });
    }

    fn hint_answer(&mut self, token: u64, action: Result<Action, String>) {
        if self.hint != Hint::Thinking(token) {
            return;
        }
        let a = match action {
            Ok(a) if self.legal().contains(&a) => a,
            Ok(_) | Err(_) => {
                self.hint = Hint::None;
                self.notice = Some(Said::new(
                    self.table.tr("term-no-advice", &[]),
                    Tone::Warning,
                ));
                return;
            }
        };
        let view = self.m.seat_view(self.cfg.human);
        let text = hint::explain(&view, a, &self.table);
        if let Some(tile) = a.tile() {
            match &mut self.mode {
                Mode::Tile { cursor } => {
                    if let Some(i) = self
                        .m
                        .hand()
                        .hand(self.cfg.human)
                        .iter()
                        .position(|t| t == tile)
                    {
                        *cursor = i;
                    }
                }
                Mode::End {
                    tile: t,
                    options,
                    cursor,
                } if *t == tile => {
                    let end = end_of(a);
                    if let Some(i) = options.iter().position(|o| end_of(*o) == end) {
                        *cursor = i;
                    }
                }
                _ => {}
            }
        }
        self.hint = Hint::Ready { action: a, text };
    }

    fn key(&mut self, k: Key, now: Instant, cmds: &mut Vec<Cmd>) {
        if matches!(k, Key::CtrlC | Key::Char('q') | Key::Char('Q')) {
            self.quit = true;
            return;
        }
        if self.help {
            if matches!(k, Key::Char('?') | Key::Esc | Key::Enter | Key::Char(' ')) {
                self.help = false;
            }
            return;
        }
        match k {
            Key::Char('?') => {
                self.help = true;
                return;
            }
            Key::Char('h') | Key::Char('H') => {
                self.ask_hint(cmds);
                return;
            }
            Key::Char('c') | Key::Char('C') if self.m.rules().claims() != Claims::Auto => {
                self.claim = !self.claim;
                self.notice = Some(Said::new(
                    self.table.tr(
                        if self.claim {
                            "term-claim-on"
                        } else {
                            "term-claim-off"
                        },
                        &[],
                    ),
                    Tone::Plain,
                ));
                if let Mode::End { tile, .. } = &self.mode {
                    let opts = self.placements(*tile);
                    if let Mode::End { options, .. } = &mut self.mode {
                        *options = opts;
                    }
                }
                return;
            }
            Key::Char('p') | Key::Char('P') => {
                // Ending a first-turn chain of trains: the one pass the
                // player chooses beside a play.
                if self.can_end_turn() && matches!(self.mode, Mode::Tile { .. } | Mode::End { .. })
                {
                    self.apply(Action::Pass, now, false);
                }
                return;
            }
            Key::Char('m') | Key::Char('M') => {
                // Offered at every turn, as at the table: the engine refuses
                // it when nothing was left unclaimed.
                if self.my_turn() && self.m.rules().claims() == Claims::Muggins {
                    self.apply(Action::Muggins, now, false);
                }
                return;
            }
            _ => {}
        }
        match self.mode.clone() {
            Mode::Watch => {}
            Mode::Over => {
                if matches!(k, Key::Enter | Key::Char(' ') | Key::Char('n')) {
                    match self.m.phase() {
                        Phase::HandOver => self.next_hand(now),
                        Phase::MatchOver => self.quit = true,
                        _ => self.settle_mode(),
                    }
                }
            }
            Mode::Tile { cursor } => self.tile_key(k, cursor, now),
            Mode::End {
                tile,
                options,
                cursor,
            } => match k {
                Key::Left | Key::Up => {
                    let n = options.len().max(1);
                    self.set_cursor((cursor + n - 1) % n);
                }
                Key::Right | Key::Down | Key::Tab => {
                    let n = options.len().max(1);
                    self.set_cursor((cursor + 1) % n);
                }
                Key::Char(c @ '1'..='9') => {
                    let i = c as usize - '1' as usize;
                    if i < options.len() {
                        self.set_cursor(i);
                    }
                }
                Key::Enter | Key::Char(' ') => {
                    if let Some(&a) = options.get(cursor) {
                        self.apply(a, now, false);
                    }
                }
                Key::Esc | Key::Backspace => {
                    let cursor = self.hand().iter().position(|&t| t == tile).unwrap_or(0);
                    self.mode = Mode::Tile { cursor };
                }
                _ => {}
            },
            Mode::Poser { options, cursor } => match k {
                Key::Left | Key::Up | Key::Right | Key::Down | Key::Tab => {
                    let n = options.len().max(1);
                    let next = if matches!(k, Key::Left | Key::Up) {
                        (cursor + n - 1) % n
                    } else {
                        (cursor + 1) % n
                    };
                    self.set_cursor(next);
                }
                Key::Char(c @ '1'..='9') => {
                    let i = c as usize - '1' as usize;
                    if i < options.len() {
                        self.set_cursor(i);
                    }
                }
                Key::Enter | Key::Char(' ') => {
                    if let Some(&seat) = options.get(cursor) {
                        self.apply(Action::ChoosePoser { seat }, now, false);
                    }
                }
                _ => {}
            },
        }
    }

    fn set_cursor(&mut self, i: usize) {
        match &mut self.mode {
            Mode::Tile { cursor } | Mode::End { cursor, .. } | Mode::Poser { cursor, .. } => {
                *cursor = i
            }
            _ => {}
        }
    }

    fn tile_key(&mut self, k: Key, cursor: usize, now: Instant) {
        let hand = self.hand();
        let playable = self.playable();
        let at = |i: usize| hand.get(i).copied();
        match k {
            Key::Left | Key::Right | Key::Up | Key::Down | Key::Tab => {
                if playable.is_empty() {
                    return;
                }
                let back = matches!(k, Key::Left | Key::Up);
                let n = hand.len();
                for step in 1..=n {
                    let i = if back {
                        (cursor + n * step - step) % n
                    } else {
                        (cursor + step) % n
                    };
                    if at(i).is_some_and(|t| playable.contains(&t)) {
                        self.mode = Mode::Tile { cursor: i };
                        break;
                    }
                }
            }
            Key::Char(c @ '0'..='9') => {
                let i = if c == '0' {
                    9
                } else {
                    c as usize - '1' as usize
                };
                let Some(t) = at(i) else { return };
                if playable.contains(&t) {
                    self.mode = Mode::Tile { cursor: i };
                    self.notice = None;
                } else {
                    self.notice = Some(Said::new(
                        self.table
                            .tr("term-does-not-fit", &[("tile", txt(t.to_string()))]),
                        Tone::Warning,
                    ));
                }
            }
            Key::Enter | Key::Char(' ') => {
                let Some(t) = at(cursor) else { return };
                if !playable.contains(&t) {
                    return;
                }
                let options = self.placements(t);
                match options.as_slice() {
                    [] => {}
                    [one] => {
                        self.apply(*one, now, false);
                    }
                    _ => {
                        let hinted = match &self.hint {
                            Hint::Ready { action, .. } if action.tile() == Some(t) => {
                                options.iter().position(|o| end_of(*o) == end_of(*action))
                            }
                            _ => None,
                        };
                        self.mode = Mode::End {
                            tile: t,
                            options,
                            cursor: hinted.unwrap_or(0),
                        };
                    }
                }
            }
            _ => {}
        }
    }

    fn ask_hint(&mut self, cmds: &mut Vec<Cmd>) {
        if !self.my_turn() || !matches!(self.mode, Mode::Tile { .. } | Mode::End { .. }) {
            self.notice = Some(Said::new(
                self.table.tr("term-hint-not-now", &[]),
                Tone::Warning,
            ));
            return;
        }
        if matches!(self.hint, Hint::Thinking(_)) {
            return;
        }
        self.token += 1;
        self.hint = Hint::Thinking(self.token);
        cmds.push(Cmd::AskHint {
            token: self.token,
            view: Box::new(self.m.seat_view(self.cfg.human)),
        });
    }

    fn next_hand(&mut self, now: Instant) {
        if let Err(e) = self.m.next_hand(None) {
            let text = self
                .table
                .tr("term-no-next-hand", &[("error", txt(e.to_string()))]);
            self.say(Said::new(text, Tone::Warning));
            return;
        }
        self.last = None;
        self.draw_run = None;
        self.announce_hand();
        self.hint = Hint::None;
        self.notice = None;
        self.ready_at = now + self.cfg.delay;
        self.settle_mode();
    }

    /// Apply a legal action and tell what happened.
    /// Make `a` for the seat to act, or say why the engine refused it;
    /// whether it was made.
    fn apply(&mut self, a: Action, now: Instant, forced: bool) -> bool {
        let seat = self.m.to_act().unwrap_or(0);
        let ends_before: Vec<u8> = if self.m.phase() == Phase::Play {
            self.m
                .hand()
                .layout()
                .chains()
                .iter()
                .map(|c| c.pips)
                .collect()
        } else {
            Vec::new()
        };
        let chaining = self.m.phase() == Phase::Play && self.m.hand().chaining();
        let open_before = self.m.hand().train_open(seat);
        let mut events: Vec<Event> = Vec::new();
        if let Err(e) = self.m.act(a, &mut events) {
            let text = self
                .table
                .tr("term-refused", &[("error", txt(e.to_string()))]);
            self.say(Said::new(text, Tone::Warning));
            return false;
        }
        // A call is for one play, as on the page.
        if seat == self.cfg.human && a.tile().is_some() {
            self.claim = false;
        }
        let after = Pic::from_view(&self.view());
        let total = self.m.hand().layout().ends_total();
        let pass = if a != Action::Pass {
            PassKind::Plain
        } else if chaining {
            PassKind::EndsChain
        } else if !open_before && self.m.hand().train_open(seat) {
            PassKind::OpensTrain
        } else {
            PassKind::Plain
        };
        for e in &events {
            if let Event::Drew { seat: s, tile } = e {
                self.tell_draw(*s, *tile, forced);
                continue;
            }
            if !matches!(
                e,
                Event::Action {
                    action: Action::Draw,
                    ..
                }
            ) {
                self.draw_run = None;
            }
            let cx = ActionContext {
                table: &self.table,
                after: &after,
                ends_before: &ends_before,
                ends_total: total,
                pass,
            };
            if let Some(mut said) = event_words(e, &cx) {
                if forced
                    && pass == PassKind::Plain
                    && matches!(
                        e,
                        Event::Action {
                            action: Action::Pass,
                            ..
                        }
                    )
                {
                    let ends = if ends_before.is_empty() {
                        "none".to_string()
                    } else {
                        super::words::ends_words(self.table.lang, &ends_before)
                    };
                    let id = match self.m.rules().draw() {
                        domino_engine::rules::DrawRule::Never => "term-cannot-pass",
                        _ => "term-cannot-draw-pass",
                    };
                    said.text = self.table.tr(id, &[("ends", txt(ends))]);
                }
                self.say(said);
            }
        }
        if let Some(t) = a.tile() {
            self.last = Some(t);
        }
        self.notice = if forced && seat == self.cfg.human {
            self.log.last().cloned()
        } else {
            None
        };
        self.hint = Hint::None;
        self.ready_at = now + self.cfg.delay;
        self.settle_mode();
        true
    }

    fn tell_draw(&mut self, seat: u8, tile: Option<Tile>, forced: bool) {
        let mine = seat == self.cfg.human;
        let same = self
            .draw_run
            .as_ref()
            .is_some_and(|r| r.seat == seat && r.line + 1 == self.log.len());
        if !same {
            self.draw_run = Some(DrawRun {
                seat,
                tiles: Vec::new(),
                count: 0,
                line: self.log.len(),
                forced,
            });
            self.say(Said::new(String::new(), Tone::Plain));
        }
        let Some(run) = &mut self.draw_run else {
            return;
        };
        run.count += 1;
        if mine {
            if let Some(t) = tile {
                run.tiles.push(t);
            }
        }
        let mut text = draw_words(&self.table, seat, &run.tiles, run.count);
        if mine && run.forced {
            text = self
                .table
                .tr("term-cannot-play", &[("then", txt(lower_first(&text)))]);
        }
        let line = run.line;
        if let Some(l) = self.log.get_mut(line) {
            *l = Said::new(text, if mine { Tone::Mine } else { Tone::Plain });
        }
    }

    /// The line telling the player what to do now.
    pub fn prompt(&self) -> Said {
        let t = &self.table;
        if let Some(n) = &self.notice {
            if self.mode != Mode::Over {
                return n.clone();
            }
        }
        match &self.mode {
            Mode::Over => Said::new(
                t.tr(
                    if self.m.phase() == Phase::MatchOver {
                        "term-prompt-match-over"
                    } else {
                        "term-prompt-hand-over"
                    },
                    &[],
                ),
                Tone::Result,
            ),
            Mode::Tile { .. } => {
                let mut line = t.tr("term-prompt-tile", &[]);
                if self.can_end_turn() {
                    line.push_str(&t.tr("term-prompt-end-chain", &[]));
                }
                if self.m.rules().claims() == Claims::Muggins {
                    line.push_str(&t.tr("term-prompt-muggins", &[]));
                }
                if self.m.rules().claims() != Claims::Auto {
                    line.push_str(&t.tr(
                        if self.claim {
                            "term-prompt-calling"
                        } else {
                            "term-prompt-not-calling"
                        },
                        &[],
                    ));
                }
                Said::new(line, Tone::Mine)
            }
            Mode::End {
                tile,
                options,
                cursor,
            } => {
                let pic = Pic::from_view(&self.view());
                let ends: Vec<String> = options
                    .iter()
                    .enumerate()
                    .map(|(i, a)| {
                        let e = end_of(*a).unwrap_or(0) as usize;
                        let name = super::words::end_name(t, &pic, e);
                        let pips = pic.chains.get(e).and_then(|c| c.pips).unwrap_or(0);
                        if i == *cursor {
                            format!("[{}: {name} {pips}]", i + 1)
                        } else {
                            format!("{}: {name} {pips}", i + 1)
                        }
                    })
                    .collect();
                Said::new(
                    t.tr(
                        "term-prompt-end",
                        &[
                            ("tile", txt(tile.to_string())),
                            ("ends", txt(ends.join(" · "))),
                        ],
                    ),
                    Tone::Mine,
                )
            }
            Mode::Poser { .. } => Said::new(t.tr("term-prompt-poser", &[]), Tone::Mine),
            Mode::Watch => match self.m.to_act() {
                Some(s) if s == self.cfg.human => match self.forced() {
                    Some(Action::Draw) => Said::new(t.tr("term-drawing", &[]), Tone::Mine),
                    Some(_) => Said::new(t.tr("term-passing", &[]), Tone::Mine),
                    None => Said::new(t.tr("term-your-turn", &[]), Tone::Mine),
                },
                Some(s) => {
                    let name = self.table.name(s);
                    let bot = self.cfg.bots.get(s as usize).map_or("", String::as_str);
                    if self.waiting.is_some() {
                        Said::new(
                            t.tr("term-thinking", &[("who", txt(name)), ("bot", txt(bot))]),
                            Tone::Plain,
                        )
                    } else {
                        Said::new(
                            t.tr("term-bot-to-play", &[("who", txt(name)), ("bot", txt(bot))]),
                            Tone::Plain,
                        )
                    }
                }
                None => Said::new("", Tone::Plain),
            },
        }
    }
}

/// The end of a play (`None` for the pose).
pub fn end_of(a: Action) -> Option<u8> {
    match a {
        Action::Play { end, .. } => end,
        _ => None,
    }
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
