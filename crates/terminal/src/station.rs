//! The trains family's table (Mexican Train, chicken foot) on the grid.
//!
//! The station, the engine double, stands upright at the left of the
//! table and every line runs from it to the right, one row each: a
//! player's train labelled with the player and its open marker, then the
//! Mexican train; in chicken foot the lines of the centre, each followed by
//! the toes that leave its feet. A line that must be played on before any
//! other (an unsatisfied double, the centre, a foot's toes) is marked, its
//! double highlighted. A row too long for its room shows its newest tiles
//! and how many older ones are left out: the open end, where the next tile
//! goes, is always shown. Trains are straight rows, so the generic layout's
//! snakes and corners ([`super::layout`]) are not needed here.

use domino_engine::rules::LayoutKind;
use domino_engine::wire::TrainsState;
use domino_engine::Tile;

use super::lang::{num, txt};
use super::layout::{Board, Dir, EndSpot, Glyph, Mark, Note, Pic, Placed};
use super::words::Table;

/// One row of the station: a line and its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub chain: usize,
    pub label: String,
    /// A player's train open to everybody (Mexican Train).
    pub open: bool,
    /// The line must take a tile before any other play.
    pub first: bool,
}

/// The Mexican train's chain, where the game has one.
fn mexican(t: &Table) -> Option<usize> {
    match t.rules.layout() {
        LayoutKind::Trains { trains } if trains > t.rules.players() => {
            Some(t.rules.players() as usize)
        }
        _ => None,
    }
}

/// A chicken foot's chain: a line of the centre (from 1), or the toe
/// (1 or 2) of a foot double; the foot's middle toe goes on as its line.
enum Foot {
    Line(usize),
    Toe(usize, Tile),
}

fn foot(pic: &Pic, chain: usize) -> Foot {
    let from = pic.chains.get(chain).and_then(|c| c.from);
    match from {
        Some(d) if Some(d) != pic.posed => {
            let before = pic.chains[..chain]
                .iter()
                .filter(|c| c.from == Some(d))
                .count();
            Foot::Toe(before + 1, d)
        }
        _ => Foot::Line(chain + 1),
    }
}

/// A line of the trains family in words, as the log and the prompts name
/// it after "on the" ("train of East", "Mexican train", "toe 1 of 5-5");
/// `None` in the other games.
pub fn end_name(t: &Table, pic: &Pic, chain: usize) -> Option<String> {
    match t.rules.layout() {
        LayoutKind::Trains { .. } if mexican(t) == Some(chain) => {
            Some(t.tr("term-end-mexican", &[]))
        }
        LayoutKind::Trains { .. } => Some(t.about_seat("term-end-train", chain as u8, &[])),
        LayoutKind::ChickenFoot { .. } => Some(match foot(pic, chain) {
            Foot::Line(n) => t.tr("term-end-line", &[("n", num(n as i64))]),
            Foot::Toe(n, d) => t.tr(
                "term-end-toe",
                &[("n", num(n as i64)), ("tile", txt(d.to_string()))],
            ),
        }),
        _ => None,
    }
}

/// A row's label: the seat's name, the Mexican train, a line or a toe.
fn label(t: &Table, pic: &Pic, chain: usize) -> String {
    if let LayoutKind::Trains { .. } = t.rules.layout() {
        return match mexican(t) == Some(chain) {
            true => t.tr("term-station-mexican", &[]),
            false => t.name(chain as u8).to_string(),
        };
    }
    match foot(pic, chain) {
        Foot::Line(n) => t.tr("term-station-line", &[("n", num(n as i64))]),
        Foot::Toe(n, d) => t.tr(
            "term-station-toe",
            &[("n", num(n as i64)), ("tile", txt(d.to_string()))],
        ),
    }
}

/// The chains in the order the table shows them: the players' trains from
/// the player's own round the table, then the Mexican train; in chicken
/// foot each line, then the toes of the feet on it (and theirs), indented.
fn order(t: &Table, pic: &Pic) -> Vec<(usize, usize)> {
    let n = pic.chains.len();
    if let LayoutKind::Trains { .. } = t.rules.layout() {
        let players = t.rules.players() as usize;
        let mut out: Vec<(usize, usize)> = (0..players.min(n))
            .map(|d| ((t.human as usize + d) % players, 0))
            .collect();
        out.extend((players..n).map(|c| (c, 0)));
        return out;
    }
    // The chain each foot double lies on: its toes go under that line.
    let parent = |c: usize| -> Option<usize> {
        let d = pic.chains[c].from.filter(|d| Some(*d) != pic.posed)?;
        pic.chains.iter().position(|p| p.tiles.contains(&d))
    };
    let mut out = Vec::new();
    let mut stack: Vec<(usize, usize)> = (0..n)
        .rev()
        .filter(|&c| parent(c).is_none())
        .map(|c| (c, 0))
        .collect();
    while let Some((c, depth)) = stack.pop() {
        out.push((c, depth));
        stack.extend(
            (0..n)
                .rev()
                .filter(|&k| parent(k) == Some(c))
                .map(|k| (k, depth + 1)),
        );
    }
    out
}

/// The station's rows for the table `t` sees, with `trains` as the view
/// gives them.
pub fn rows(t: &Table, pic: &Pic, trains: &TrainsState) -> Vec<Row> {
    order(t, pic)
        .into_iter()
        .map(|(chain, depth)| {
            let name = label(t, pic, chain);
            let label = match depth {
                0 => name,
                d => format!("{}└{name}", "  ".repeat(d - 1)),
            };
            let open = chain < t.rules.players() as usize
                && matches!(t.rules.layout(), LayoutKind::Trains { .. })
                && trains.open.contains(&(chain as u8));
            Row {
                chain,
                label,
                open,
                first: trains.owed.contains(&chain),
            }
        })
        .collect()
}

/// The double a line owes a tile to: the double at its end, or for an
/// empty line the tile it leaves from (the station, a foot double).
fn owed_double(pic: &Pic, chain: usize) -> Option<Tile> {
    let c = pic.chains.get(chain)?;
    match c.tiles.last() {
        Some(&t) if t.is_double() => Some(t),
        Some(_) => None,
        None => c.from.or(pic.posed),
    }
}

/// The table's title for the trains: the station, and the double owed a
/// tile first, if any ("· station 12-12 · 5-5 first").
pub fn title(t: &Table, pic: &Pic, trains: &TrainsState) -> String {
    let Some(engine) = pic.posed else {
        return String::new();
    };
    let mut out = t.tr("term-station-title", &[("tile", txt(engine.to_string()))]);
    let owed = trains.owed.iter().find_map(|&c| owed_double(pic, c));
    if let Some(d) = owed {
        out.push_str(&format!(
            "· {} ",
            t.tr("term-double-first", &[("pips", num(d.high()))])
        ));
    }
    out
}

/// The station in lines of text for `--plain`: the engine, then each line
/// with its tiles from the station out, the number its end shows, whether
/// it is open and whether it is to be played on first. Nothing before the
/// engine is down.
pub fn plain_lines(t: &Table, pic: &Pic, trains: &TrainsState) -> Vec<String> {
    let Some(engine) = pic.posed else {
        return Vec::new();
    };
    let mut out = vec![t.tr("term-plain-station", &[("tile", txt(engine.to_string()))])];
    for r in rows(t, pic, trains) {
        let tiles: Vec<String> = halves(pic, r.chain)
            .iter()
            .map(|(_, a, b)| format!("{a}-{b}"))
            .collect();
        let tiles = match tiles.is_empty() {
            true => t.tr("term-plain-empty", &[]),
            false => tiles.join(", "),
        };
        let pips = pic.chains.get(r.chain).and_then(|c| c.pips).unwrap_or(0);
        out.push(t.tr(
            "term-plain-train",
            &[
                ("name", txt(r.label.trim_start_matches([' ', '└']))),
                ("open", txt(r.open.to_string())),
                ("tiles", txt(tiles)),
                ("pips", num(pips)),
                ("first", txt(r.first.to_string())),
            ],
        ));
    }
    out
}

/// The tiles of `chain` as the halves read away from the station.
fn halves(pic: &Pic, chain: usize) -> Vec<(Tile, u8, u8)> {
    let Some(c) = pic.chains.get(chain) else {
        return Vec::new();
    };
    let mut p = c.from.or(pic.posed).map_or(0, Tile::high);
    c.tiles
        .iter()
        .map(|&t| {
            let q = t.other(p);
            let out = (t, p, q);
            p = q;
            out
        })
        .collect()
}

fn note(x: i32, y: i32, text: String, mark: Mark) -> Note {
    Note {
        x,
        y,
        text,
        tile: None,
        mark,
    }
}

/// `text` cut to `max` characters, with an ellipsis where it was cut.
fn clip(text: &str, max: usize) -> String {
    match text.chars().count() > max {
        true => text
            .chars()
            .take(max.saturating_sub(1))
            .chain(['…'])
            .collect(),
        false => text.to_string(),
    }
}

/// One column of rows, from cell `x0`, `width` cells wide. Whatever the
/// room, each row keeps its open end's cell and the number the end shows.
fn column(b: &mut Board, pic: &Pic, rows: &[Row], x0: i32, width: i32, words: &Words) {
    let tw = 3 + 2 * b.dw as i32;
    let end_x = x0 + width;
    let open_w = match rows.iter().any(|r| r.open) {
        true => words.open.chars().count() as i32 + 1,
        false => 0,
    };
    // Labels give way first to the number at the end, then are cut short.
    let most = (width - 3 - open_w - 6).max(1) as usize;
    let label_w = rows
        .iter()
        .map(|r| r.label.chars().count().min(most))
        .max()
        .unwrap_or(0) as i32;
    for (y, r) in rows.iter().enumerate() {
        let y = y as i32;
        b.notes.push(note(x0, y, "─".into(), Mark::Label));
        b.notes
            .push(note(x0 + 2, y, clip(&r.label, most), Mark::Label));
        if r.open {
            b.notes
                .push(note(x0 + 3 + label_w, y, words.open.clone(), Mark::Open));
        }
        let start = x0 + 3 + label_w + open_w;
        let tiles = halves(pic, r.chain);
        let first = match r.first {
            true => words.first.clone(),
            false => String::new(),
        };
        // Room for the tiles, the open end's cell and the "first" mark.
        let mark = match r.first {
            true => first.chars().count() as i32 + 1,
            false => 0,
        };
        let room = end_x - start - 1 - mark;
        let mut fit = ((room / tw).max(0) as usize).min(tiles.len());
        let mut x = start;
        if fit < tiles.len() {
            let more = |fit: usize| match (fit, tiles.last()) {
                // No tile fits: the number the end shows, after the count.
                (0, Some(&(_, _, pips))) => format!("+{}→{pips} ", tiles.len()),
                _ => format!("+{} ", tiles.len() - fit),
            };
            fit = ((room - more(fit).chars().count() as i32) / tw).max(0) as usize;
            let more = more(fit);
            x += more.chars().count() as i32;
            b.notes.push(note(start, y, more, Mark::Plain));
        }
        for &(tile, left, right) in &tiles[tiles.len() - fit..] {
            b.tiles.push(Placed {
                tile,
                glyph: Glyph::Flat { left, right },
                x,
                y,
                w: tw,
                h: 1,
                chain: Some(r.chain),
            });
            x += tw;
        }
        if pic.chains.get(r.chain).is_some_and(|c| c.pips.is_some()) {
            b.ends.push(EndSpot {
                chain: r.chain,
                x,
                y,
                dir: Dir::Right,
            });
        }
        if r.first {
            // The arrow alone where the words do not fit.
            let fits = x + 2 + first.chars().count() as i32 <= end_x;
            let text = match fits {
                true => first,
                false => first.chars().take(1).collect(),
            };
            b.notes.push(note(x + 2, y, text, Mark::Owed));
            b.hot.extend(owed_double(pic, r.chain));
        }
    }
}

/// The words the rows show besides their labels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    pub open: String,
    pub first: String,
}

impl Words {
    pub fn of(t: &Table) -> Words {
        Words {
            open: t.tr("term-station-open", &[]),
            first: t.tr("term-station-first", &[]),
        }
    }
}

/// Lay out the station and its `rows` on a board `width` cells wide and
/// `height` rows high; rows that do not fit under each other go on in
/// columns side by side.
pub fn build(pic: &Pic, rows: &[Row], words: &Words, width: i32, height: i32) -> Board {
    let dw = pic.digit_width();
    let mut b = Board {
        width: width.max(0),
        height: height.max(0),
        dw,
        ..Board::default()
    };
    let (Some(engine), true) = (pic.posed, height > 0) else {
        return b;
    };
    let sw = 2 + dw as i32;
    let per = height as usize;
    let columns = rows.len().div_ceil(per).max(1);
    b.tiles.push(Placed {
        tile: engine,
        glyph: Glyph::Station {
            pips: engine.high(),
        },
        x: 0,
        y: 0,
        w: sw,
        h: rows.len().max(3).min(per) as i32,
        chain: None,
    });
    // A cell between columns.
    let col_w = (width - sw) / columns as i32;
    for (i, part) in rows.chunks(per).enumerate() {
        column(&mut b, pic, part, sw + i as i32 * col_w, col_w - 1, words);
    }
    b.hot.dedup();
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use domino_engine::wire::DrawnChain;
    use domino_engine::{Rules, RulesSpec};

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    fn rules(preset: &str, players: u8) -> Rules {
        RulesSpec {
            preset: preset.into(),
            players: Some(players),
            options: Default::default(),
        }
        .resolve()
        .unwrap()
    }

    fn chain(id: usize, from: &str, tiles: &[&str], pips: u8) -> DrawnChain {
        DrawnChain {
            from: Some(t(from)),
            id,
            pips: Some(pips),
            tiles: tiles.iter().map(|s| t(s)).collect(),
        }
    }

    /// Three players, the Mexican train, East's train open and a double
    /// on the player's train waiting to be covered.
    fn mexican_pic() -> (Pic, TrainsState) {
        let pic = Pic {
            posed: Some(t("12-12")),
            chains: vec![
                chain(0, "12-12", &["12-5", "5-5"], 5),
                chain(1, "12-12", &["12-7"], 7),
                chain(2, "12-12", &[], 12),
                chain(3, "12-12", &["12-3", "3-1"], 1),
            ],
            max_pip: 12,
        };
        let trains = TrainsState {
            mexican: Some(3),
            open: vec![1],
            owed: vec![0],
            chaining: false,
        };
        (pic, trains)
    }

    #[test]
    fn a_station_with_each_players_train_the_mexican_train_and_the_double_to_cover() {
        let table = Table::new(rules("mexican-train", 3), 0);
        let (pic, trains) = mexican_pic();
        let rows = rows(&table, &pic, &trains);
        let labels: Vec<&str> = rows.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels, ["You", "East", "West", "Mexican train"]);
        let b = build(&pic, &rows, &Words::of(&table), 60, 6);
        assert_eq!(
            b.text(),
            [
                "┌12┐─ You                [12|5 ][ 5|5 ]  ← first",
                "│  │─ East          open [12|7 ]",
                "├──┤─ West",
                "└12┘─ Mexican train      [12|3 ][ 3|1 ]",
                "",
                "",
            ]
        );
        assert_eq!(b.hot, [t("5-5")]);
        // Every line's open end has its cell, after its last tile.
        let spot = |c: usize| b.end_spot(c).map(|e| (e.x, e.y));
        assert_eq!(spot(0), Some((39, 0)));
        assert_eq!(spot(2), Some((25, 2)));
        assert_eq!(spot(3), Some((39, 3)));
        assert_eq!(title(&table, &pic, &trains), "· station 12-12 · 5-5 first ");
    }

    #[test]
    fn the_seats_start_from_the_players_own_train_and_are_named_in_words() {
        let table = Table::new(rules("mexican-train", 3), 2);
        let (pic, trains) = mexican_pic();
        let order: Vec<usize> = rows(&table, &pic, &trains)
            .iter()
            .map(|r| r.chain)
            .collect();
        assert_eq!(order, [2, 0, 1, 3]);
        let end = |c| end_name(&table, &pic, c).unwrap();
        assert_eq!(end(2), "train of yours");
        assert_eq!(end(0), "train of East");
        assert_eq!(end(3), "Mexican train");
        let es = Table::in_lang(rules("mexican-train", 3), 0, crate::lang::Lang::Es);
        assert_eq!(end_name(&es, &pic, 1).unwrap(), "por el tren de Este");
        let fr = Table::in_lang(rules("mexican-train", 3), 0, crate::lang::Lang::Fr);
        assert_eq!(end_name(&fr, &pic, 1).unwrap(), "sur le train d'Est");
        assert_eq!(end_name(&fr, &pic, 0).unwrap(), "sur votre train");
    }

    #[test]
    fn a_long_train_shows_its_newest_tiles_and_counts_the_others() {
        let table = Table::new(rules("mexican-train", 2), 0);
        let long = ["12-1", "1-2", "2-3", "3-4", "4-5", "5-6", "6-7", "7-8"];
        let pic = Pic {
            posed: Some(t("12-12")),
            chains: vec![
                chain(0, "12-12", &long, 8),
                chain(1, "12-12", &[], 12),
                chain(2, "12-12", &[], 12),
            ],
            max_pip: 12,
        };
        let trains = TrainsState::default();
        let b = build(
            &pic,
            &rows(&table, &pic, &trains),
            &Words::of(&table),
            40,
            5,
        );
        let text = b.text();
        assert_eq!(
            text[0], "┌12┐─ You           +6 [ 6|7 ][ 7|8 ]",
            "{text:#?}"
        );
        assert_eq!(b.end_spot(0).map(|e| e.x), Some(37));
    }

    #[test]
    fn chicken_foot_toes_follow_the_line_of_their_foot() {
        let table = Table::new(rules("chicken-foot", 4), 0);
        let pic = Pic {
            posed: Some(t("9-9")),
            chains: vec![
                chain(0, "9-9", &["9-5", "5-5"], 5),
                chain(1, "9-9", &["9-1"], 1),
                chain(2, "9-9", &["9-2"], 2),
                chain(3, "9-9", &["9-3"], 3),
                chain(4, "5-5", &["5-4"], 4),
                chain(5, "5-5", &[], 5),
            ],
            max_pip: 9,
        };
        let trains = TrainsState {
            mexican: None,
            open: Vec::new(),
            owed: vec![0, 5],
            chaining: false,
        };
        let rows = rows(&table, &pic, &trains);
        let labels: Vec<&str> = rows.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "line 1",
                "└toe 1 of 5-5",
                "└toe 2 of 5-5",
                "line 2",
                "line 3",
                "line 4"
            ]
        );
        let b = build(&pic, &rows, &Words::of(&table), 80, 4);
        let text = b.text();
        // Six rows in four: a second column.
        assert!(
            text[0].starts_with("┌9┐─ line 1        [9|5][5|5]  ← first"),
            "{text:#?}"
        );
        assert!(text[0].contains("─ line 3"), "{text:#?}");
        assert!(
            text[2].starts_with("├─┤─ └toe 2 of 5-5   ← first"),
            "{text:#?}"
        );
        assert_eq!(b.hot, [t("5-5")]);
        assert_eq!(end_name(&table, &pic, 5).unwrap(), "toe 2 of 5-5");
        assert_eq!(end_name(&table, &pic, 3).unwrap(), "line 4");
        for c in 0..6 {
            assert!(b.end_spot(c).is_some(), "{c}: {text:#?}");
        }
    }
}
