//! Where the tiles of the layout go on a grid of character cells.
//!
//! Each chain grows from its anchor (the posed tile, or a later double) in
//! its direction: chain 0 to the left, chain 1 to the right, spinner and
//! cross arms and French arms up (chain 2) and down (chain 3), and chains
//! opened by later doubles out of that double's two sides. A tile lies along
//! its chain, `[6|4]` across the screen or a 3-row box down it, and a double
//! lies across. When a chain runs into the edge of the board or another
//! tile it turns a corner, and a line that turned comes straight back one
//! row of tiles further on: a snake. Chains grow one tile each in turn, so
//! short arms near the middle keep their room. A chain that finds no room
//! at all stops; [`fit`] then gives up rows under the drawn tiles and writes
//! the rest of each such chain there in words and flat tiles ("branch 5 off
//! 4-4: [4|2][2|1]"), with its open end, so no tile is ever left out.

use domino_engine::wire::{Drawn, DrawnChain};
use domino_engine::{Tile, View};

/// Which way a chain grows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dir {
    Left,
    Right,
    Up,
    Down,
}

impl Dir {
    pub fn horizontal(self) -> bool {
        matches!(self, Dir::Left | Dir::Right)
    }

    pub fn reverse(self) -> Dir {
        match self {
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
        }
    }

    /// A quarter turn clockwise (left arm turns up, up arm turns right...).
    pub fn clockwise(self) -> Dir {
        match self {
            Dir::Left => Dir::Up,
            Dir::Up => Dir::Right,
            Dir::Right => Dir::Down,
            Dir::Down => Dir::Left,
        }
    }
}

/// How a tile is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// One row: `[left|right]`.
    Flat { left: u8, right: u8 },
    /// Three rows: `┌top┐`, `├─┤`, `└bottom┘`.
    Upright { top: u8, bottom: u8 },
    /// The trains family's station: the engine double upright, as tall as
    /// the tile's `h` (the trains run from its side, see [`crate::station`]).
    Station { pips: u8 },
}

/// A tile on the grid, with its top-left cell and size.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub tile: Tile,
    pub glyph: Glyph,
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
    /// The chain it was laid on; `None` for the posed tile.
    pub chain: Option<usize>,
}

impl Placed {
    fn overlaps(&self, x: i32, y: i32, w: i32, h: i32) -> bool {
        x < self.x + self.w && self.x < x + w && y < self.y + self.h && self.y < y + h
    }

    /// The text of each row of the tile, `dw` digits per half.
    pub fn rows(&self, dw: usize) -> Vec<String> {
        match self.glyph {
            Glyph::Flat { left, right } => vec![format!("[{left:>dw$}|{right:<dw$}]")],
            Glyph::Upright { top, bottom } => vec![
                format!("┌{top:>dw$}┐"),
                format!("├{}┤", "─".repeat(dw)),
                format!("└{bottom:>dw$}┘"),
            ],
            Glyph::Station { pips } => (0..self.h.max(1))
                .map(|y| match y {
                    0 => format!("┌{pips:>dw$}┐"),
                    y if y == self.h - 1 => format!("└{pips:>dw$}┘"),
                    y if y == self.h / 2 => format!("├{}┤", "─".repeat(dw)),
                    _ => format!("│{}│", " ".repeat(dw)),
                })
                .collect(),
        }
    }
}

/// Where the next tile of a chain would go: the cell next to its open end.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EndSpot {
    pub chain: usize,
    pub x: i32,
    pub y: i32,
    pub dir: Dir,
}

/// The layout's tiles by chain, for drawing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pic {
    pub posed: Option<Tile>,
    /// Each chain's tiles outwards, as the engine rebuilt them.
    pub chains: Vec<DrawnChain>,
    pub max_pip: u8,
}

impl Pic {
    /// The engine's drawing of the layout, for a set whose highest pip is `max_pip`.
    pub fn new(drawn: Drawn, max_pip: u8) -> Pic {
        Pic {
            posed: drawn.posed,
            chains: drawn.chains,
            max_pip,
        }
    }

    /// The layout as `view` sees it.
    pub fn from_view(view: &View) -> Pic {
        Pic::new(view.drawn(), view.rules.max_pip())
    }

    /// Digits per half: 2 for the double-twelve set.
    pub fn digit_width(&self) -> usize {
        if self.max_pip >= 10 {
            2
        } else {
            1
        }
    }
}

/// The drawn layout.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    pub width: i32,
    pub height: i32,
    pub dw: usize,
    pub tiles: Vec<Placed>,
    /// Open ends that have room on the board, by chain.
    pub ends: Vec<EndSpot>,
    /// Chains that ran out of room, with how many tiles are not shown.
    pub hidden: Vec<(usize, usize)>,
    /// Chains written out under the drawn tiles.
    pub notes: Vec<Note>,
    /// Tiles to pick out: the trains family's double owed a tile first.
    pub hot: Vec<Tile>,
}

/// A piece of text on the board: a label, or a flat tile of a chain written
/// out under the drawn tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub x: i32,
    pub y: i32,
    pub text: String,
    pub tile: Option<Tile>,
    pub mark: Mark,
}

/// What a note without a tile says, for its colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A chain's name written out, a count of tiles left out.
    Plain,
    /// A line's label at the station.
    Label,
    /// A train open to everybody.
    Open,
    /// The line to play on before any other.
    Owed,
}

impl Board {
    pub fn end_spot(&self, chain: usize) -> Option<EndSpot> {
        self.ends.iter().copied().find(|e| e.chain == chain)
    }

    /// Tiles not shown, over all chains.
    pub fn hidden_total(&self) -> usize {
        self.hidden.iter().map(|h| h.1).sum()
    }

    /// The board as plain text rows (tests and debugging).
    #[cfg(test)]
    pub fn text(&self) -> Vec<String> {
        let w = self.width.max(0) as usize;
        let mut rows = vec![vec![' '; w]; self.height.max(0) as usize];
        for p in &self.tiles {
            for (dy, line) in p.rows(self.dw).iter().enumerate() {
                for (dx, ch) in line.chars().enumerate() {
                    let (x, y) = (p.x + dx as i32, p.y + dy as i32);
                    if let Some(cell) = rows.get_mut(y as usize).and_then(|r| r.get_mut(x as usize))
                    {
                        *cell = ch;
                    }
                }
            }
        }
        for n in &self.notes {
            for (dx, ch) in n.text.chars().enumerate() {
                let (x, y) = (n.x + dx as i32, n.y);
                if let Some(cell) = rows.get_mut(y as usize).and_then(|r| r.get_mut(x as usize)) {
                    *cell = ch;
                }
            }
        }
        rows.into_iter()
            .map(|r| r.into_iter().collect::<String>().trim_end().to_string())
            .collect()
    }
}

/// A chain being laid: where its next tile goes.
#[derive(Clone, Debug)]
struct Cursor {
    chain: usize,
    /// The cell next to the open end (see [`EndSpot`]).
    x: i32,
    y: i32,
    dir: Dir,
    pips: u8,
    /// The last tile laid on the chain (an index into the board's tiles).
    last: Option<usize>,
    /// After a corner: the way back, taken as soon as there is room.
    back: Option<Dir>,
    /// Tiles of the chain laid so far.
    next: usize,
    stopped: bool,
}

struct Builder {
    board: Board,
    dw: i32,
}

impl Builder {
    fn size(&self, tile: Tile, dir: Dir) -> (i32, i32) {
        let flat = if tile.is_double() {
            !dir.horizontal()
        } else {
            dir.horizontal()
        };
        if flat {
            (3 + 2 * self.dw, 1)
        } else {
            (2 + self.dw, 3)
        }
    }

    /// The tile `tile`, touching `pips`, laid from the cell (x, y) going `dir`.
    fn shape(&self, tile: Tile, pips: u8, x: i32, y: i32, dir: Dir) -> Placed {
        let other = tile.other(pips);
        let (w, h) = self.size(tile, dir);
        let glyph = match (h, dir) {
            (1, Dir::Right) | (1, Dir::Up) | (1, Dir::Down) => Glyph::Flat {
                left: pips,
                right: other,
            },
            (1, Dir::Left) => Glyph::Flat {
                left: other,
                right: pips,
            },
            (_, Dir::Up) => Glyph::Upright {
                top: other,
                bottom: pips,
            },
            _ => Glyph::Upright {
                top: pips,
                bottom: other,
            },
        };
        let (x0, y0) = match dir {
            Dir::Right => (x, y - h / 2),
            Dir::Left => (x - w + 1, y - h / 2),
            Dir::Up => (x - w / 2, y - h + 1),
            Dir::Down => (x - w / 2, y),
        };
        Placed {
            tile,
            glyph,
            x: x0,
            y: y0,
            w,
            h,
            chain: None,
        }
    }

    fn fits(&self, p: &Placed) -> bool {
        p.x >= 0
            && p.y >= 0
            && p.x + p.w <= self.board.width
            && p.y + p.h <= self.board.height
            && !self
                .board
                .tiles
                .iter()
                .any(|q| q.overlaps(p.x, p.y, p.w, p.h))
    }

    /// The cell after a tile laid going `dir`, on its track.
    fn after(p: &Placed, dir: Dir, x: i32, y: i32) -> (i32, i32) {
        match dir {
            Dir::Right => (p.x + p.w, y),
            Dir::Left => (p.x - 1, y),
            Dir::Up => (x, p.y - 1),
            Dir::Down => (x, p.y + p.h),
        }
    }

    /// Where a tile turning from the last tile's way into `dir` starts.
    fn corner(&self, last: &Placed, from: Dir, dir: Dir, tile: Tile) -> (i32, i32) {
        let (w, _) = self.size(tile, dir);
        let dw = self.dw;
        let across = last.tile.is_double();
        if from.horizontal() {
            // Turning up or down out of a line.
            if across {
                // Beside the double, level with its lower (or upper) half.
                let x = match from {
                    Dir::Right => last.x + last.w + w / 2,
                    _ => last.x - w + w / 2,
                };
                let y = if dir == Dir::Down {
                    last.y + last.h - 1
                } else {
                    last.y
                };
                (x, y)
            } else {
                // Under (or over) the open half.
                let x = match from {
                    Dir::Right => last.x + 1 + 2 * dw,
                    _ => last.x + dw,
                };
                let y = if dir == Dir::Down {
                    last.y + 1
                } else {
                    last.y - 1
                };
                (x, y)
            }
        } else if across {
            // Off the corner of a double lying across a column.
            let x = if dir == Dir::Right {
                last.x + last.w
            } else {
                last.x - 1
            };
            let y = if from == Dir::Up {
                last.y - 1
            } else {
                last.y + 1
            };
            (x, y)
        } else {
            // Beside the open half of an upright tile.
            let x = if dir == Dir::Right {
                last.x + last.w
            } else {
                last.x - 1
            };
            let y = if from == Dir::Up {
                last.y
            } else {
                last.y + last.h - 1
            };
            (x, y)
        }
    }

    /// `p` where it fits; a double across the line may slide sideways
    /// (still touching the line) to keep off the edge or another tile.
    fn nudged(&self, p: Placed, dir: Dir) -> Option<Placed> {
        if self.fits(&p) && self.room_to_turn(&p, dir) {
            return Some(p);
        }
        if !p.tile.is_double() {
            return None;
        }
        let reach = if dir.horizontal() { p.h / 2 } else { p.w / 2 };
        for d in 1..=reach {
            for shift in [d, -d] {
                let mut q = p;
                if dir.horizontal() {
                    q.y += shift;
                } else {
                    q.x += shift;
                }
                if self.fits(&q) && self.room_to_turn(&q, dir) {
                    return Some(q);
                }
            }
        }
        None
    }

    /// A double can only be turned from beside it, so one laid along a line
    /// must leave room for an upright tile after it, inside the board.
    fn room_to_turn(&self, p: &Placed, dir: Dir) -> bool {
        if !p.tile.is_double() {
            return true;
        }
        let room = 2 + self.dw;
        match dir {
            Dir::Right => p.x + p.w + room <= self.board.width,
            Dir::Left => p.x - room >= 0,
            Dir::Up => p.y >= 1,
            Dir::Down => p.y + p.h < self.board.height,
        }
    }

    /// Lay `tile` on the chain of `c`, turning if it must; false if there
    /// is no room anywhere.
    fn lay(&mut self, c: &mut Cursor, tile: Tile) -> bool {
        let mut options: Vec<(Dir, i32, i32, Option<Dir>)> = Vec::new();
        let last = c.last.and_then(|i| self.board.tiles.get(i)).copied();
        if let (Some(back), Some(l)) = (c.back, last) {
            // A double ending the leg would read as part of the line back.
            if !l.tile.is_double() {
                let (x, y) = self.corner(&l, c.dir, back, tile);
                options.push((back, x, y, None));
            }
        }
        options.push((c.dir, c.x, c.y, c.back));
        if let Some(l) = last {
            for turn in [c.dir.clockwise(), c.dir.clockwise().reverse()] {
                let (x, y) = self.corner(&l, c.dir, turn, tile);
                let back = if c.dir.horizontal() {
                    Some(c.dir.reverse())
                } else {
                    None
                };
                options.push((turn, x, y, back));
            }
        }
        for (dir, x, y, back) in options {
            let Some(mut p) = self.nudged(self.shape(tile, c.pips, x, y, dir), dir) else {
                continue;
            };
            p.chain = Some(c.chain);
            let (nx, ny) = Self::after(&p, dir, x, y);
            self.board.tiles.push(p);
            c.last = Some(self.board.tiles.len() - 1);
            c.x = nx;
            c.y = ny;
            c.dir = dir;
            c.back = back;
            c.pips = tile.other(c.pips);
            return true;
        }
        false
    }
}

/// Lay out `pic` on a board `width` cells wide and `height` rows high.
pub fn build(pic: &Pic, width: i32, height: i32) -> Board {
    let dw = pic.digit_width();
    let mut b = Builder {
        board: Board {
            width: width.max(0),
            height: height.max(0),
            dw,
            ..Board::default()
        },
        dw: dw as i32,
    };
    let Some(posed) = pic.posed else {
        return b.board;
    };
    let (cx, cy) = (width / 2, height / 2);
    // The posed tile: a double across the line, else along it.
    let mut p = b.shape(posed, posed.high(), cx, cy, Dir::Right);
    p.x -= p.w / 2;
    if !b.fits(&p) {
        b.board.hidden.push((usize::MAX, 1));
        return b.board;
    }
    b.board.tiles.push(p);
    let posed_at = 0usize;
    let mut cursors: Vec<Cursor> = Vec::new();
    let mut pending: Vec<usize> = (0..pic.chains.len()).collect();
    // Start the chains whose anchor is on the board; later doubles' chains
    // start once their double is laid.
    let start = |b: &Builder, chain: usize, anchor: usize, side: usize| -> Option<Cursor> {
        let a = b.board.tiles.get(anchor)?;
        let upright = matches!(a.glyph, Glyph::Upright { .. });
        let mid_x = a.x + a.w / 2;
        let mid_y = a.y + a.h / 2;
        let (dir, x, y) = if anchor == posed_at {
            match side {
                0 => (Dir::Left, a.x - 1, mid_y),
                1 => (Dir::Right, a.x + a.w, mid_y),
                2 => (Dir::Up, mid_x, a.y - 1),
                _ => (Dir::Down, mid_x, a.y + a.h),
            }
        } else if upright {
            // A double upright in a horizontal line opens up and down.
            match side {
                0 => (Dir::Up, mid_x, a.y - 1),
                _ => (Dir::Down, mid_x, a.y + a.h),
            }
        } else {
            match side {
                0 => (Dir::Left, a.x - 1, mid_y),
                _ => (Dir::Right, a.x + a.w, mid_y),
            }
        };
        Some(Cursor {
            chain,
            x,
            y,
            dir,
            // The posed tile's chain 1 starts from its low half.
            pips: if anchor == posed_at && side == 1 {
                a.tile.low()
            } else {
                a.tile.high()
            },
            last: None,
            back: None,
            next: 0,
            stopped: false,
        })
    };
    // Which anchor and side each chain has: the posed tile's chains in
    // order, then each later double's two chains.
    let anchors: Vec<(Option<Tile>, usize)> = sides(pic, posed)
        .into_iter()
        .map(|(t, side)| (Some(t), side))
        .collect();
    let max_len = pic.chains.iter().map(|c| c.tiles.len()).max().unwrap_or(0);
    let mut round = 0usize;
    loop {
        // Start chains whose anchor is now on the board.
        pending.retain(|&id| {
            let (from, side) = anchors[id];
            let from = from.unwrap_or(posed);
            let anchor = if from == posed {
                Some(posed_at)
            } else {
                b.board
                    .tiles
                    .iter()
                    .position(|t| t.tile == from && t.chain.is_some())
            };
            match anchor.and_then(|a| start(&b, id, a, side)) {
                Some(cur) => {
                    cursors.push(cur);
                    false
                }
                None => true,
            }
        });
        if round > max_len + 1 && pending.is_empty() {
            break;
        }
        if round > max_len + pic.chains.len() + 2 {
            break;
        }
        let mut any = false;
        for c in cursors.iter_mut() {
            if c.stopped {
                continue;
            }
            let Some(&tile) = pic.chains[c.chain].tiles.get(c.next) else {
                continue;
            };
            any = true;
            if b.lay(c, tile) {
                c.next += 1;
            } else {
                c.stopped = true;
            }
        }
        round += 1;
        if !any && pending.is_empty() {
            break;
        }
    }
    // Chains never started (their double could not be shown) are hidden.
    for &id in &pending {
        let n = pic.chains[id].tiles.len();
        if n > 0 {
            b.board.hidden.push((id, n));
        }
    }
    cursors.sort_by_key(|c| c.chain);
    for c in &cursors {
        let total = pic.chains[c.chain].tiles.len();
        if c.next < total {
            b.board.hidden.push((c.chain, total - c.next));
            continue;
        }
        let free = |x: i32, y: i32| {
            x >= 0
                && y >= 0
                && x < b.board.width
                && y < b.board.height
                && !b.board.tiles.iter().any(|q| q.overlaps(x, y, 1, 1))
        };
        let mut spot = None;
        if let (Some(back), Some(l)) = (c.back, c.last.and_then(|i| b.board.tiles.get(i))) {
            let (x, y) = match back {
                Dir::Left => (l.x - 1, l.y + l.h - 1),
                _ => (l.x + l.w, l.y + l.h - 1),
            };
            let y = if c.dir == Dir::Up { l.y } else { y };
            if free(x, y) {
                spot = Some(EndSpot {
                    chain: c.chain,
                    x,
                    y,
                    dir: back,
                });
            }
        }
        if spot.is_none() && free(c.x, c.y) {
            spot = Some(EndSpot {
                chain: c.chain,
                x: c.x,
                y: c.y,
                dir: c.dir,
            });
        }
        if let Some(s) = spot {
            b.board.ends.push(s);
        }
    }
    b.board
}

/// The side of its anchor each chain grows from: the posed tile's chains in
/// order, then each later double's two chains.
fn sides(pic: &Pic, posed: Tile) -> Vec<(Tile, usize)> {
    let mut seen: Vec<(Tile, usize)> = Vec::new();
    let mut out = Vec::new();
    for c in &pic.chains {
        let from = c.from.unwrap_or(posed);
        let side = match seen.iter_mut().find(|(t, _)| *t == from) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                seen.push((from, 1));
                0
            }
        };
        out.push((from, side));
    }
    out
}

/// The tiles of chain `id` as `[a|b]` read away from its anchor.
fn oriented(pic: &Pic, posed: Tile, from: Tile, side: usize, id: usize) -> Vec<(Tile, String)> {
    let dw = pic.digit_width();
    let Some(c) = pic.chains.get(id) else {
        return Vec::new();
    };
    let mut p = if from == posed && side == 1 && !from.is_double() {
        from.low()
    } else {
        from.high()
    };
    if let Some(first) = c.tiles.first() {
        if !first.has(p) {
            p = from.other(p);
        }
    }
    c.tiles
        .iter()
        .map(|&t| {
            let q = t.other(p);
            let text = format!("[{p:>dw$}|{q:<dw$}]");
            p = q;
            (t, text)
        })
        .collect()
}

/// A chain to write out under the drawn tiles: its label and the tiles not
/// drawn (maybe none, when only its open end found no room).
struct Item {
    chain: usize,
    label: String,
    tiles: Vec<(Tile, String)>,
}

/// The chains `board` could not show in full, or whose open end has no
/// room on it.
fn items(pic: &Pic, board: &Board, label: &dyn Fn(usize) -> String) -> Vec<Item> {
    let Some(posed) = pic.posed else {
        return Vec::new();
    };
    let sides = sides(pic, posed);
    let mut out = Vec::new();
    for (id, c) in pic.chains.iter().enumerate() {
        let hidden = board
            .hidden
            .iter()
            .filter(|h| h.0 == id)
            .map(|h| h.1)
            .sum::<usize>()
            .min(c.tiles.len());
        let open = c.pips.is_some() && board.end_spot(id).is_none();
        if hidden == 0 && !open {
            continue;
        }
        let (from, side) = sides.get(id).copied().unwrap_or((posed, 0));
        let mut tiles = oriented(pic, posed, from, side, id);
        let shown = tiles.len() - hidden;
        let name = label(id);
        let label = match shown.checked_sub(1).and_then(|i| tiles.get(i)) {
            Some((_, t)) => format!("{name} after {t}:"),
            None => format!("{name}:"),
        };
        tiles.drain(..shown);
        out.push(Item {
            chain: id,
            label,
            tiles,
        });
    }
    out
}

/// Write `items` in rows from row `y0`, `width` cells wide, wrapping between
/// tiles; each chain's open end is the cell after its last tile. Returns the
/// notes, the ends and the rows used.
fn write(items: &[Item], width: i32, y0: i32) -> (Vec<Note>, Vec<EndSpot>, i32) {
    let mut notes = Vec::new();
    let mut ends = Vec::new();
    let (mut x, mut y) = (0i32, 0i32);
    for it in items {
        let mut put = |text: &str, tile: Option<Tile>, gap: i32, x: &mut i32, y: &mut i32| {
            let len = text.chars().count() as i32;
            if *x > 0 && *x + gap + len > width {
                *y += 1;
                *x = if tile.is_some() { 2 } else { 0 };
            } else if *x > 0 {
                *x += gap;
            }
            if !text.is_empty() {
                notes.push(Note {
                    x: *x,
                    y: y0 + *y,
                    text: text.to_string(),
                    tile,
                    mark: Mark::Plain,
                });
            }
            *x += len;
        };
        put(&it.label, None, 3, &mut x, &mut y);
        for (i, (t, text)) in it.tiles.iter().enumerate() {
            put(text, Some(*t), if i == 0 { 1 } else { 0 }, &mut x, &mut y);
        }
        // The open end: one cell, where its number goes when choosing.
        if x + 1 > width {
            y += 1;
            x = 2;
        }
        ends.push(EndSpot {
            chain: it.chain,
            x,
            y: y0 + y,
            dir: Dir::Right,
        });
        x += 1;
    }
    let used = if items.is_empty() { 0 } else { y + 1 };
    (notes, ends, used)
}

/// `board` with the chains it could not show written under its tiles, if
/// they fit in the `height - board.height` rows below.
fn with_notes(
    pic: &Pic,
    mut board: Board,
    height: i32,
    label: &dyn Fn(usize) -> String,
) -> Option<Board> {
    if board.hidden.iter().any(|h| h.0 >= pic.chains.len()) {
        return None;
    }
    let items = items(pic, &board, label);
    let (notes, ends, used) = write(&items, board.width, board.height);
    if board.height + used > height {
        return None;
    }
    board.height = height;
    board.notes = notes;
    board.ends.extend(ends);
    board.hidden.clear();
    Some(board)
}

/// Lay out `pic` on a board `width` cells wide and `height` rows high,
/// showing every tile: chains that find no room among the drawn tiles are
/// written out under them, in as few rows as it takes. `label` names a
/// chain ("left", "branch 5 off 4-4").
pub fn fit(pic: &Pic, width: i32, height: i32, label: &dyn Fn(usize) -> String) -> Board {
    let full = build(pic, width, height);
    if pic.posed.is_none() {
        return full;
    }
    for k in 0..height {
        let b = if k == 0 {
            full.clone()
        } else {
            build(pic, width, height - k)
        };
        if let Some(b) = with_notes(pic, b, height, label) {
            return b;
        }
    }
    // Last resort: the posed tile alone, every chain in words.
    let alone = Pic {
        posed: pic.posed,
        chains: Vec::new(),
        max_pip: pic.max_pip,
    };
    for h in 1..=3.min(height) {
        let mut b = build(&alone, width, h);
        if !b.hidden.is_empty() {
            continue;
        }
        b.hidden = pic
            .chains
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.tiles.is_empty())
            .map(|(id, c)| (id, c.tiles.len()))
            .collect();
        if let Some(b) = with_notes(pic, b, height, label) {
            return b;
        }
    }
    full
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    fn chain(from: &str, tiles: &[&str]) -> DrawnChain {
        DrawnChain {
            from: Some(t(from)),
            id: 0,
            pips: None,
            tiles: tiles.iter().map(|s| t(s)).collect(),
        }
    }

    #[test]
    fn a_line_reads_left_to_right_with_doubles_across() {
        let pic = Pic {
            posed: Some(t("6-4")),
            chains: vec![chain("6-4", &["6-6", "6-2"]), chain("6-4", &["4-1"])],
            max_pip: 6,
        };
        let b = build(&pic, 30, 5);
        let text = b.text();
        assert_eq!(text[1], "          ┌6┐");
        assert_eq!(text[2], "     [2|6]├─┤[6|4][4|1]");
        assert_eq!(text[3], "          └6┘");
        assert!(b.hidden.is_empty());
        assert_eq!(b.end_spot(0).map(|e| (e.x, e.y)), Some((4, 2)));
        assert_eq!(b.end_spot(1).map(|e| (e.x, e.y)), Some((23, 2)));
    }

    #[test]
    fn a_long_line_snakes_back_a_row_of_tiles_further_on() {
        let right = ["4-1", "1-2", "2-3", "3-5", "5-0", "0-1"];
        let pic = Pic {
            posed: Some(t("6-4")),
            chains: vec![chain("6-4", &[]), chain("6-4", &right)],
            max_pip: 6,
        };
        let b = build(&pic, 28, 9);
        let text = b.text();
        assert!(b.hidden.is_empty(), "{text:#?}");
        assert_eq!(text[4], "            [6|4][4|1][1|2]");
        assert_eq!(text[5], "                        ┌2┐");
        assert_eq!(text[6], "                        ├─┤");
        assert_eq!(text[7], "         [1|0][0|5][5|3]└3┘");
        assert_eq!(b.end_spot(1).map(|e| e.dir), Some(Dir::Left));
    }

    #[test]
    fn a_cross_has_four_arms_and_a_full_board_hides_what_does_not_fit() {
        let pic = Pic {
            posed: Some(t("6-6")),
            chains: vec![
                chain("6-6", &["6-2"]),
                chain("6-6", &["6-4"]),
                chain("6-6", &["6-3"]),
                chain("6-6", &["6-5"]),
            ],
            max_pip: 6,
        };
        let b = build(&pic, 21, 11);
        let text = b.text();
        assert_eq!(text[1], "         ┌3┐");
        assert_eq!(text[3], "         └6┘");
        assert_eq!(text[5], "    [2|6]├─┤[6|4]");
        assert_eq!(text[7], "         ┌6┐");
        assert_eq!(text[9], "         └5┘");
        let tiny = build(&pic, 12, 3);
        assert_eq!(tiny.hidden_total(), 3, "{:#?}", tiny.text());
    }
}
