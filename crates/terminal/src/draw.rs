//! Drawing the game: header, score, the other seats, the table, the log,
//! the player's tiles and what to do next; the hand result over the table.

use domino_engine::rules::LayoutKind;
use domino_engine::{EndCount, MatchWin, Winner};
use domino_engine::{Phase, Tile, TileSet, View};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};
use ratatui::Frame;

use super::app::{end_of, App, Hint, Mode};
use super::lang::{num, txt};
use super::layout::{self, Board, Mark, Pic};
use super::station;
use super::words::{end_name, result_line, Table, Tone};

/// Smallest screen the game draws on; below it, a request to enlarge.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 18;

fn tone_style(t: Tone) -> Style {
    match t {
        Tone::Plain => Style::default(),
        Tone::Mine => Style::default().fg(Color::Cyan),
        Tone::Points => Style::default().fg(Color::Green),
        Tone::Penalty => Style::default().fg(Color::Red),
        Tone::Result => Style::default()
            .fg(Color::Yellow)
            .add_modifier(Modifier::BOLD),
        Tone::Warning => Style::default().fg(Color::Magenta),
    }
}

fn tile_style() -> Style {
    Style::default().fg(Color::Black).bg(Color::White)
}

/// The double owed a tile before any other play (the trains family).
fn owed_style() -> Style {
    Style::default()
        .fg(Color::Black)
        .bg(Color::Magenta)
        .add_modifier(Modifier::BOLD)
}

/// Draw the whole screen.
pub fn draw(f: &mut Frame, app: &App) {
    let area = f.area();
    render(app, area, f.buffer_mut());
}

/// Draw into a buffer (the frame's, or a test's).
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let msg = app.table.tr(
            "term-too-small",
            &[
                ("w", num(MIN_WIDTH)),
                ("h", num(MIN_HEIGHT)),
                ("cw", num(area.width)),
                ("ch", num(area.height)),
            ],
        );
        Paragraph::new(msg)
            .wrap(Wrap { trim: true })
            .render(area, buf);
        return;
    }
    let view = app.view();
    let hand_rows = hand_rows(app, area.width);
    let log_rows = 3 + (area.height.saturating_sub(24) / 4).min(5);
    let seat_rows = seats_lines(app, &view, area.width).len() as u16;
    let chunks = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(seat_rows),
        Constraint::Min(6),
        Constraint::Length(log_rows),
        Constraint::Length(1 + 2 * hand_rows),
        Constraint::Length(1),
    ])
    .split(area);
    header(app, &view, chunks[0], buf);
    Paragraph::new(score_line(app, &view)).render(chunks[1], buf);
    Paragraph::new(seats_lines(app, &view, area.width)).render(chunks[2], buf);
    table(app, &view, chunks[3], buf);
    log(app, chunks[4], buf);
    hand(app, &view, chunks[5], buf);
    let p = app.prompt();
    Paragraph::new(Line::styled(
        p.text,
        tone_style(p.tone).add_modifier(Modifier::BOLD),
    ))
    .render(chunks[6], buf);
    if app.mode == Mode::Over {
        result_panel(app, &view, area, buf);
    }
    if app.help {
        help_panel(&app.table, area, buf);
    }
}

fn header(app: &App, view: &View, area: Rect, buf: &mut Buffer) {
    let t = &app.table;
    let turn = match view.to_act {
        Some(seat) if seat == app.human() => t.tr("term-header-your-turn", &[]),
        Some(seat) => t.tr("term-header-to-play", &[("who", txt(t.name(seat)))]),
        None if view.phase == Phase::MatchOver => t.tr("term-header-match-over", &[]),
        None => t.tr("term-header-hand-over", &[]),
    };
    let turn = match app.clock_line() {
        Some(clock) => format!("{turn} · {clock}"),
        None => turn,
    };
    let game = t.tr("game-title", &[("preset", txt(view.rules.preset().name()))]);
    let left = format!(
        " {}",
        t.tr(
            "term-header",
            &[
                ("game", txt(game)),
                ("n", num(view.hand_number as i64)),
                ("turn", txt(turn)),
            ],
        )
    );
    let right = format!("{} ", t.tr("term-header-keys", &[]));
    let pad = (area.width as usize).saturating_sub(left.chars().count() + right.chars().count());
    let text = format!("{left}{}{right}", " ".repeat(pad));
    Paragraph::new(Line::styled(
        text,
        Style::default().add_modifier(Modifier::REVERSED),
    ))
    .render(area, buf);
}

/// The match score in the game's own form.
pub fn score_line(app: &App, view: &View) -> Line<'static> {
    let rules = &view.rules;
    let t = &app.table;
    let sides = rules.sides();
    let named = |side: usize| -> String {
        let name = t.side_name(side);
        format!("{name} {}", view.scores.get(side).copied().unwrap_or(0))
    };
    let list = |sep: &str| -> String { (0..sides).map(named).collect::<Vec<_>>().join(sep) };
    let bold = Style::default().add_modifier(Modifier::BOLD);
    match rules.win() {
        MatchWin::Love { goal } => {
            let mut extra = t.tr("term-love-goal", &[("goal", num(goal as i64))]);
            if view.stake > 1 {
                extra.push_str(&t.tr("term-love-stake", &[("stake", num(view.stake as i64))]));
            }
            if view.playoff {
                extra.push_str(&t.tr("term-love-playoff", &[]));
            }
            Line::from(vec![
                Span::styled(t.tr("term-love-count", &[("goal", num(goal as i64))]), bold),
                Span::raw(list(" – ")),
                Span::styled(extra, Style::default().fg(Color::DarkGray)),
            ])
        }
        MatchWin::Target { low_wins: true, .. } => Line::from(vec![
            Span::styled(t.tr("term-penalty-totals", &[]), bold),
            Span::raw(list(" · ")),
            Span::styled(
                t.tr(
                    "term-lowest-wins",
                    &[("target", num(rules.target() as i64))],
                ),
                Style::default().fg(Color::DarkGray),
            ),
        ]),
        MatchWin::Hands { count } => Line::from(vec![
            Span::styled(t.tr("term-hands-totals", &[("count", num(count))]), bold),
            Span::raw(list(" · ")),
        ]),
        // Fives counted one each go on a board, pegged towards the target.
        _ if rules.ends() == EndCount::OnePerFive => {
            let mut spans = vec![Span::styled(
                t.tr("term-pegs-to", &[("target", num(rules.target() as i64))]),
                bold,
            )];
            for side in 0..sides {
                let s = view.scores.get(side).copied().unwrap_or(0).max(0);
                let filled = ((s as i64 * 12) / rules.target().max(1) as i64).clamp(0, 12) as usize;
                if side > 0 {
                    spans.push(Span::raw("  "));
                }
                spans.push(Span::raw(format!("{} {s} ", t.side_name(side))));
                spans.push(Span::styled(
                    "▰".repeat(filled),
                    Style::default().fg(Color::Green),
                ));
                spans.push(Span::styled(
                    "▱".repeat(12 - filled),
                    Style::default().fg(Color::DarkGray),
                ));
            }
            if rules.skunk() != domino_engine::rules::Skunk::Off {
                spans.push(Span::styled(
                    t.tr("term-skunked-below", &[]),
                    Style::default().fg(Color::DarkGray),
                ));
            }
            Line::from(spans)
        }
        _ => Line::from(vec![
            Span::styled(
                t.tr("term-points-to", &[("target", num(rules.target() as i64))]),
                bold,
            ),
            Span::raw(list(" · ")),
        ]),
    }
}

/// The other seats: tiles held, passes, whose turn; the boneyard.
fn seats_lines(app: &App, view: &View, width: u16) -> Vec<Line<'static>> {
    let n = view.rules.players();
    let mut passes = vec![0usize; n as usize];
    for e in &view.history {
        if e.action == domino_engine::Action::Pass {
            if let Some(p) = passes.get_mut(e.seat as usize) {
                *p += 1;
            }
        }
    }
    // Detail 2: bots named; 1: tiles and passes in words; 0: compact.
    let piece = |seat: u8, detail: u8| -> String {
        let name = app.table.name(seat);
        let tiles = view.hand_sizes[seat as usize];
        let bot = app.cfg.bots.get(seat as usize).map_or("", String::as_str);
        let partner = app.table.partner() == Some(seat);
        let t = &app.table;
        let held = t.tr("term-seat-tiles", &[("count", num(tiles as i64))]);
        let args = [("who", txt(name)), ("bot", txt(bot)), ("tiles", txt(held))];
        let mut text = match detail {
            2 if partner => t.tr("term-seat-partner-bot", &args),
            2 => t.tr("term-seat-bot", &args),
            1 if partner => t.tr("term-seat-partner", &args),
            1 => t.tr("term-seat-plain", &args),
            _ => t.tr(
                "term-seat-short",
                &[("who", txt(name)), ("count", num(tiles as i64))],
            ),
        };
        let p = passes[seat as usize];
        if p > 0 {
            let id = if detail > 0 {
                "term-seat-passed"
            } else {
                "term-seat-passed-short"
            };
            text.push_str(&t.tr(id, &[("count", num(p as i64))]));
        }
        if view.out.contains(&seat) {
            text.push_str(&t.tr("term-seat-out", &[]));
        }
        text
    };
    let others: Vec<u8> = (1..n).map(|d| (app.human() + d) % n).collect();
    let bone = match view.rules.draw() {
        domino_engine::rules::DrawRule::Never => None,
        _ => Some(app.table.tr(
            "term-boneyard",
            &[("count", num(view.boneyard_count as i64))],
        )),
    };
    let build = |detail: u8| -> Vec<Span<'static>> {
        let mut spans = Vec::new();
        for (i, &s) in others.iter().enumerate() {
            if i > 0 {
                spans.push(Span::styled(" │ ", Style::default().fg(Color::DarkGray)));
            }
            let turn = view.to_act == Some(s);
            let style = if turn {
                Style::default()
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD)
            } else {
                Style::default()
            };
            spans.push(Span::styled(
                format!("{}{}", if turn { "▶" } else { "" }, piece(s, detail)),
                style,
            ));
        }
        if let Some(b) = &bone {
            spans.push(Span::styled(" │ ", Style::default().fg(Color::DarkGray)));
            spans.push(Span::raw(b.clone()));
        }
        spans
    };
    for detail in [2, 1, 0] {
        let spans = build(detail);
        let len: usize = spans.iter().map(|s| s.content.chars().count()).sum();
        if len <= width as usize {
            return vec![Line::from(spans)];
        }
    }
    let compact = build(0);
    // Many seats: two lines.
    let half = compact.len() / 2;
    let mut second = compact;
    let first: Vec<Span<'static>> = second.drain(..half).collect();
    vec![Line::from(first), Line::from(second)]
}

/// The open ends in words for the table's title: "◀6 ▶4 ▲6 ▼6".
fn ends_title(t: &Table, view: &View, pic: &Pic) -> String {
    let arms = view.rules.layout() != LayoutKind::Line;
    let board = view.layout.board();
    let mut parts = Vec::new();
    for (id, c) in pic.chains.iter().enumerate() {
        let Some(p) = c.pips else { continue };
        let arrow = match id {
            0 => '◀',
            1 => '▶',
            2 if arms => '▲',
            3 if arms => '▼',
            _ => '·',
        };
        let waits = view.rules.layout() == LayoutKind::French
            && !view.layout.opening()
            && !board.contains(Tile::double(p));
        if waits {
            let first = t.tr("term-double-first", &[("pips", num(p))]);
            parts.push(format!("{arrow}{p}({first})"));
        } else {
            parts.push(format!("{arrow}{p}"));
        }
    }
    parts.join(" ")
}

fn table(app: &App, view: &View, area: Rect, buf: &mut Buffer) {
    let pic = Pic::from_view(view);
    let t = &app.table;
    let mut title = vec![Span::styled(
        t.tr("term-table-title", &[]),
        Style::default().add_modifier(Modifier::BOLD),
    )];
    if let (Some(trains), Some(_)) = (&view.trains, pic.posed) {
        title.push(Span::raw(station::title(t, &pic, trains)));
    } else if pic.posed.is_some() {
        let ends = ends_title(t, view, &pic);
        title.push(Span::raw(t.tr("term-ends-title", &[("ends", txt(ends))])));
        if view.rules.scores_ends() {
            let total = view.layout.ends_total() as i64;
            title.push(Span::raw(
                t.tr("term-total-title", &[("total", num(total))]),
            ));
        }
    }
    let block = Block::default()
        .borders(Borders::TOP)
        .border_style(Style::default().fg(Color::DarkGray))
        .title(Line::from(title));
    let inner = block.inner(area);
    block.render(area, buf);
    if pic.posed.is_none() {
        let who = view
            .to_act
            .map(|s| app.table.name(s).to_string())
            .unwrap_or_default();
        let me = view.to_act == Some(app.human());
        let id = match (view.phase, me) {
            (Phase::ChoosePoser, true) => "term-empty-choose-you",
            (Phase::ChoosePoser, false) => "term-empty-choose",
            (_, true) => "term-empty-you",
            _ => "term-empty",
        };
        let text = app.table.tr(id, &[("who", txt(who))]);
        let y = inner.y + inner.height / 2;
        let x = inner.x + (inner.width.saturating_sub(text.chars().count() as u16)) / 2;
        buf.set_string(x, y, text, Style::default().fg(Color::DarkGray));
        return;
    }
    let (w, h) = (inner.width as i32, inner.height as i32);
    let board = match &view.trains {
        Some(trains) => {
            let rows = station::rows(t, &pic, trains);
            station::build(&pic, &rows, &station::Words::of(t), w, h)
        }
        None => layout::fit(&pic, w, h, &|chain| end_name(t, &pic, chain)),
    };
    paint_board(app, &board, inner, buf);
    if board.hidden_total() > 0 {
        let note = app.table.tr(
            "term-hidden",
            &[("count", num(board.hidden_total() as i64))],
        );
        let x = inner.x + inner.width.saturating_sub(note.chars().count() as u16);
        buf.set_string(x, area.y, note, Style::default().fg(Color::Magenta));
    }
}

fn paint_board(app: &App, board: &Board, area: Rect, buf: &mut Buffer) {
    for p in &board.tiles {
        let style = if Some(p.tile) == app.last {
            Style::default().fg(Color::Black).bg(Color::Yellow)
        } else if board.hot.contains(&p.tile) && p.chain.is_some() {
            owed_style()
        } else {
            tile_style()
        };
        for (dy, row) in p.rows(board.dw).iter().enumerate() {
            let (x, y) = (p.x, p.y + dy as i32);
            if x < 0 || y < 0 || y >= area.height as i32 {
                continue;
            }
            buf.set_stringn(
                area.x + x as u16,
                area.y + y as u16,
                row,
                (area.width as i32 - x).max(0) as usize,
                style,
            );
        }
    }
    // Chains written out under the drawn tiles.
    for n in &board.notes {
        if n.x < 0 || n.y < 0 || n.x >= area.width as i32 || n.y >= area.height as i32 {
            continue;
        }
        let style = match n.tile {
            Some(t) if Some(t) == app.last => Style::default().fg(Color::Black).bg(Color::Yellow),
            Some(_) => tile_style(),
            None => match n.mark {
                Mark::Plain => Style::default().fg(Color::DarkGray),
                Mark::Label => Style::default(),
                Mark::Open => Style::default()
                    .fg(Color::Green)
                    .add_modifier(Modifier::BOLD),
                Mark::Owed => Style::default()
                    .fg(Color::Magenta)
                    .add_modifier(Modifier::BOLD),
            },
        };
        buf.set_stringn(
            area.x + n.x as u16,
            area.y + n.y as u16,
            &n.text,
            (area.width as i32 - n.x).max(0) as usize,
            style,
        );
    }
    // The ends the chosen tile may go to, numbered as the keys choose them.
    if let Mode::End {
        options, cursor, ..
    } = &app.mode
    {
        for (i, a) in options.iter().enumerate() {
            let Some(end) = end_of(*a) else { continue };
            let Some(spot) = board.end_spot(end as usize) else {
                continue;
            };
            let style = if i == *cursor {
                Style::default()
                    .fg(Color::Black)
                    .bg(Color::Cyan)
                    .add_modifier(Modifier::BOLD)
            } else {
                Style::default()
                    .fg(Color::Cyan)
                    .add_modifier(Modifier::BOLD)
            };
            let (x, y) = (spot.x, spot.y);
            if x >= 0 && y >= 0 && x < area.width as i32 && y < area.height as i32 {
                buf.set_string(
                    area.x + x as u16,
                    area.y + y as u16,
                    format!("{}", i + 1),
                    style,
                );
            }
        }
    }
}

/// Split `text` into lines of at most `width` characters, at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

fn log(app: &App, area: Rect, buf: &mut Buffer) {
    let rows = area.height as usize;
    let hint: Vec<Line> = match &app.hint {
        Hint::Thinking(_) => vec![Line::styled(
            app.table.tr("term-hint-thinking", &[]),
            Style::default().fg(Color::Green),
        )],
        Hint::Ready { text, .. } => wrap(
            &app.table.tr("term-hint", &[("text", txt(text.as_str()))]),
            area.width as usize,
        )
        .into_iter()
        .take(rows.saturating_sub(1).max(1))
        .map(|l| {
            Line::styled(
                l,
                Style::default()
                    .fg(Color::Green)
                    .add_modifier(Modifier::BOLD),
            )
        })
        .collect(),
        Hint::None => Vec::new(),
    };
    let room = rows.saturating_sub(hint.len());
    // The newest lines, wrapped, as many as fit.
    let mut lines: Vec<Line> = Vec::new();
    for said in app.log.iter().rev() {
        if lines.len() >= room {
            break;
        }
        let mut rows: Vec<Line> = wrap(&said.text, area.width as usize)
            .into_iter()
            .map(|l| Line::styled(l, tone_style(said.tone)))
            .collect();
        while lines.len() + rows.len() > room && !rows.is_empty() {
            rows.remove(0);
        }
        rows.extend(lines);
        lines = rows;
    }
    lines.extend(hint);
    Paragraph::new(lines).render(area, buf);
}

/// Rows of tiles the player's hand needs at this width.
fn hand_rows(app: &App, width: u16) -> u16 {
    let dw = if app.m.rules().max_pip() >= 10 { 2 } else { 1 };
    let per = (width as usize / (4 + 2 * dw)).max(1);
    let n = app.m.hand().hand(app.human()).len() as usize;
    n.div_ceil(per).clamp(1, 3) as u16
}

fn hand(app: &App, view: &View, area: Rect, buf: &mut Buffer) {
    let tiles: Vec<Tile> = view.hands[app.human() as usize]
        .unwrap_or(TileSet::EMPTY)
        .iter()
        .collect();
    let count = view
        .rules
        .count(view.hands[app.human() as usize].unwrap_or_default());
    let block = Block::default()
        .borders(Borders::TOP)
        .border_style(Style::default().fg(Color::DarkGray))
        .title(Line::from(vec![
            Span::styled(
                app.table.tr("term-your-tiles", &[]),
                Style::default().add_modifier(Modifier::BOLD),
            ),
            Span::raw(format!("· {} {count} ", app.table.tr("term-count", &[]))),
        ]));
    let inner = block.inner(area);
    block.render(area, buf);
    let playable = app.playable();
    let (cursor, chosen) = match &app.mode {
        Mode::Tile { cursor } => (tiles.get(*cursor).copied(), None),
        Mode::End { tile, .. } => (None, Some(*tile)),
        _ => (None, None),
    };
    let hinted = match &app.hint {
        Hint::Ready { action, .. } => action.tile(),
        _ => None,
    };
    let dw = if view.rules.max_pip() >= 10 { 2 } else { 1 };
    let w = (3 + 2 * dw) as u16;
    let per = (inner.width / (w + 1)).max(1) as usize;
    for (i, &t) in tiles.iter().enumerate() {
        let row = (i / per) as u16;
        let col = (i % per) as u16;
        let x = inner.x + col * (w + 1);
        let y = inner.y + row * 2;
        if y >= inner.y + inner.height {
            break;
        }
        let text = format!("[{:>dw$}|{:<dw$}]", t.high(), t.low());
        let mut style = if playable.contains(&t) {
            Style::default()
                .fg(Color::Black)
                .bg(Color::White)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::default().fg(Color::DarkGray)
        };
        if Some(t) == cursor || Some(t) == chosen {
            style = Style::default()
                .fg(Color::Black)
                .bg(Color::Yellow)
                .add_modifier(Modifier::BOLD);
        }
        buf.set_string(x, y, &text, style);
        let label = match i {
            0..=8 => format!("{}", i + 1),
            9 => "0".to_string(),
            _ => String::new(),
        };
        let marker = if Some(t) == cursor || Some(t) == chosen {
            format!("^{label}^")
        } else if Some(t) == hinted {
            format!("h{label}")
        } else {
            label
        };
        let lx = x + (w.saturating_sub(marker.chars().count() as u16)) / 2;
        if y + 1 < inner.y + inner.height {
            buf.set_string(lx, y + 1, marker, Style::default().fg(Color::DarkGray));
        }
    }
}

fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

/// The hand's result over the lower part of the screen (the table's top
/// stays in view): how it ended, every hand revealed, the score.
fn result_panel(app: &App, view: &View, area: Rect, buf: &mut Buffer) {
    let t = &app.table;
    let over = view.phase == Phase::MatchOver;
    let mut lines: Vec<Line> = Vec::new();
    if let Some(r) = &view.result {
        lines.push(Line::styled(
            result_line(t, r),
            Style::default()
                .fg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
        ));
        let width = t.names.iter().map(|n| n.len()).max().unwrap_or(4);
        for s in 0..view.rules.players() {
            let held = view.hands[s as usize].unwrap_or_default();
            let tiles: Vec<String> = held
                .iter()
                .map(|x| format!("[{}|{}]", x.high(), x.low()))
                .collect();
            let count = r.counts.get(s as usize).copied().unwrap_or(0);
            let shown = if tiles.is_empty() {
                t.tr("term-no-tiles", &[])
            } else {
                tiles.join(" ")
            };
            lines.push(Line::raw(format!(
                "{:width$}  {} {count:>2}  {shown}",
                t.name(s),
                t.tr("term-count", &[])
            )));
        }
    }
    if over {
        let who = match view.winner {
            Some(Winner::Side(side)) => t.about_side("term-match-won", side, &[]),
            _ => t.tr("term-match-over-line", &[]),
        };
        lines.push(Line::styled(
            who,
            Style::default()
                .fg(Color::Green)
                .add_modifier(Modifier::BOLD),
        ));
    }
    lines.push(score_line(app, view));
    lines.push(Line::styled(
        t.tr(
            if over {
                "term-leave"
            } else {
                "term-next-or-quit"
            },
            &[],
        ),
        Style::default().add_modifier(Modifier::BOLD),
    ));
    let w = area.width;
    let inner_w = w.saturating_sub(2).max(1) as usize;
    let needed: usize = lines
        .iter()
        .map(|l| l.width().max(1).div_ceil(inner_w))
        .sum();
    let h = (needed as u16 + 2).min(area.height.saturating_sub(2));
    // Just above the prompt line.
    let rect = Rect {
        x: area.x,
        y: area.y + area.height.saturating_sub(h + 1),
        width: w,
        height: h,
    };
    Clear.render(rect, buf);
    let title = if over {
        t.tr("term-match-over-title", &[])
    } else {
        t.tr(
            "term-hand-over-title",
            &[("n", num(view.hand_number as i64))],
        )
    };
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(Block::default().borders(Borders::ALL).title(Span::styled(
            title,
            Style::default().add_modifier(Modifier::BOLD),
        )))
        .render(rect, buf);
}

/// The keys, one per line, in the table's language.
pub fn help_lines(t: &Table) -> Vec<String> {
    t.tr("term-help", &[]).lines().map(str::to_string).collect()
}

fn help_panel(t: &Table, area: Rect, buf: &mut Buffer) {
    let help = help_lines(t);
    let widest = help.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16;
    let w = (widest + 2).max(74).min(area.width.saturating_sub(2));
    let h = (help.len() as u16 + 2).min(area.height);
    let rect = centered(area, w, h);
    Clear.render(rect, buf);
    Paragraph::new(help.into_iter().map(Line::raw).collect::<Vec<_>>())
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(t.tr("term-keys-title", &[])),
        )
        .render(rect, buf);
}
