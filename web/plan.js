// @ts-check
// Where each tile of a layout goes, in the games' real shapes, as numbers
// only (no page): draw.js draws what this plans, and web/test/ checks it
// under node.

/**
 * A tile's name ("6-4") as its two halves.
 * @param {string} t
 * @returns {number[]}
 */
export function parseTile(t) {
  const [a, b] = t.split("-").map(Number);
  return [a, b];
}

// ---- the layout's geometry ----
//
// Positions are in grid units of Q pixels: a tile along its line is 4 units
// by 2, a double lies across its line (2 by 4, centred on the line). Each
// chain grows out of the tile it hangs from (`from`): the posed tile's
// chains go left (0), right (1), up (2) and down (3); a later double's two
// chains go out of its short ends, across the line it lies in. Tiles are
// laid in the order they were played (from the history), so earlier tiles
// never move. A chain that would leave the soft bounds of the view or hit
// another tile turns a corner; a row that turned comes back the other way
// (a snake). Only when no way fits inside the bounds may a chain leave
// them (the viewBox always fits every tile drawn), and a chain boxed in on
// every side goes on from the nearest free place, so no tile ever hides
// another.

/** Pixels per grid unit. */
export const Q = 12;
const STEP = { L: [-1, 0], R: [1, 0], U: [0, -1], D: [0, 1] };
const CW = { L: "U", U: "R", R: "D", D: "L" };
const REV = { L: "R", R: "L", U: "D", D: "U" };
const horiz = (d) => d === "L" || d === "R";

// The rectangle of a tile laid going `dir` whose near edge is centred on
// (ax, ay); `shift` slides a double sideways along its own length.
function shape(ax, ay, dir, dbl, shift = 0) {
  const along = dbl ? 2 : 4, across = dbl ? 4 : 2;
  if (horiz(dir)) {
    return { x: dir === "R" ? ax : ax - along, y: ay - across / 2 + shift, w: along, h: across };
  }
  return { x: ax - across / 2 + shift, y: dir === "D" ? ay : ay - along, w: across, h: along };
}

// The point nearest to `at` (in rings of growing size) where `ok` holds.
function nearest(at, ok) {
  for (let d = 1; d <= 40; d++) {
    for (let i = -d; i <= d; i++) {
      for (const [x, y] of [[i, -d], [i, d], [-d, i], [d, i]]) {
        if (ok(at[0] + x, at[1] + y)) return [at[0] + x, at[1] + y];
      }
    }
  }
  return at;
}

const overlaps = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

// Where a tile turning from a chain going `d` into `t` starts (the centre
// of its near edge). After a plain tile it lies against the open half, on
// the `t` side; after a double (or out of a double's end) it lies just
// past the double, its first half on the line.
function corner(c, t) {
  const [tx, ty] = STEP[t], [dx, dy] = STEP[c.dir];
  if (c.lastDbl) {
    const cx = c.ax + dx, cy = c.ay + dy;
    return [cx - tx, cy - ty];
  }
  const l = c.last;
  const ox = l.x + l.w / 2 + dx, oy = l.y + l.h / 2 + dy;
  return [ox + tx, oy + ty];
}

// Lay out `layout` (the state's `layout`) for a view about `width` pixels
// wide. `history` (the state's `history`, optional) gives the order the
// tiles were played. Returns {tiles: [{x, y, w, h, a, b, tile, chain,
// dir, posed}], ends: [{id, pips, x, y}]}, in grid units; `a` is the half
// drawn left or on top.
//
// `branches`: later doubles open chains (double-nine cross), so room is
// kept free off both ends of every double laid; by default, whether the
// layout already has such a chain.
/**
 * @param {import("./types/Drawn").Drawn | null} layout
 * @param {number} [width]
 * @param {import("./types/Entry").Entry[] | null} [history]
 * @param {boolean | null} [branches]
 */
export function planLayout(layout, width = 800, history = null, branches = null) {
  const tiles = [], ends = [];
  if (!layout || !layout.posed) return { tiles, ends };
  const HW = Math.max(12, Math.floor(width / Q / 2) - 2);
  const HH = Math.max(10, Math.floor(Math.min(640, Math.max(300, width * 0.6)) / Q / 2) - 1);
  const excess = (r) => Math.max(0, -HW - r.x) + Math.max(0, r.x + r.w - HW)
    + Math.max(0, -HH - r.y) + Math.max(0, r.y + r.h - HH);
  const free = (r) => !tiles.some((p) => overlaps(p, r));
  // Room kept for chains not yet started off a double's ends, by owner.
  const reserved = [];
  const taken = (r, id) => reserved.some((q) => q.id !== id && overlaps(q.r, r));

  const [pa, pb] = parseTile(layout.posed);
  const posedDbl = pa === pb;
  const posed = posedDbl ? { x: -1, y: -2, w: 2, h: 4 } : { x: -2, y: -1, w: 4, h: 2 };
  tiles.push({ ...posed, a: pa, b: pb, tile: layout.posed, chain: null, dir: "R", posed: true, dbl: posedDbl });
  const chains = layout.chains || [];
  if (branches == null) branches = chains.some((c) => c.from && c.from !== layout.posed);

  // Each chain's side of the tile it grows from: the posed tile's chains
  // in order, then each later double's two.
  const sideOf = [], seen = new Map();
  for (const c of chains) {
    const from = c.from || layout.posed;
    const n = seen.get(from) || 0;
    seen.set(from, n + 1);
    sideOf.push(n);
  }
  const cursors = new Map();
  // Start a chain once the tile it grows from is on the table.
  function start(c) {
    const from = c.from || layout.posed;
    const side = sideOf[c.id] ?? 0;
    let anchor, dir, pips;
    if (from === layout.posed) {
      anchor = tiles[0];
      dir = ["L", "R", "U", "D"][side] || "R";
      pips = side === 1 && !posedDbl ? pb : pa;
    } else {
      anchor = tiles.find((p) => p.tile === from && !p.posed);
      if (!anchor) return null;
      // Out of the double's two short ends, across its line.
      dir = horiz(anchor.dir) ? (side === 0 ? "U" : "D") : (side === 0 ? "L" : "R");
      pips = parseTile(from)[0];
    }
    const [dx, dy] = STEP[dir];
    const mx = anchor.x + anchor.w / 2, my = anchor.y + anchor.h / 2;
    const cur = {
      id: c.id, dir, out: dir, pips, last: anchor, lastDbl: anchor.dbl,
      ax: mx + dx * anchor.w / 2, ay: my + dy * anchor.h / 2,
      back: null, snake: null, next: 0,
    };
    cursors.set(c.id, cur);
    return cur;
  }

  // The ways the next tile of `c` may go, best first.
  function options(c) {
    const out = [];
    if (c.back && !c.lastDbl && c.next > 0) out.push({ dir: c.back, at: corner(c, c.back), back: null, snake: c.snake });
    out.push({ dir: c.dir, at: [c.ax, c.ay], back: c.back, snake: c.snake });
    const first = horiz(c.dir) && c.snake ? c.snake : CW[c.dir];
    for (const t of [first, REV[first]]) {
      const h = horiz(c.dir);
      out.push({ dir: t, at: corner(c, t), back: h ? REV[c.dir] : null, snake: h ? t : c.snake });
    }
    return out;
  }

  // The rectangles off a double's two short ends (where the chains it
  // opens start) and the strip just past it (room to turn after it).
  function offDouble(r, dir) {
    const past = horiz(dir)
      ? { x: dir === "R" ? r.x + r.w : r.x - 2, y: r.y + r.h / 2 - 1, w: 2, h: 2 }
      : { x: r.x + r.w / 2 - 1, y: dir === "D" ? r.y + r.h : r.y - 2, w: 2, h: 2 };
    const sides = horiz(dir)
      ? [{ x: r.x, y: r.y - 4, w: 2, h: 4 }, { x: r.x, y: r.y + r.h, w: 2, h: 4 }]
      : [{ x: r.x - 4, y: r.y, w: 4, h: 2 }, { x: r.x + r.w, y: r.y, w: 4, h: 2 }];
    return { past, sides };
  }

  // Where the next tile of `c` goes: the first way that lies inside the
  // bounds, clear of every tile and of room kept for other chains (and,
  // for a double, with room past it and off its ends); failing that, the
  // free way that breaks the least of this. Null when every way is taken.
  function spot(c, dbl) {
    let best = null;
    for (const o of options(c)) {
      for (const sh of dbl ? [0, 1, -1] : [0]) {
        const r = shape(o.at[0], o.at[1], o.dir, dbl, sh);
        if (!free(r)) continue;
        let cost = 10 * excess(r) + (taken(r, c.id) ? 100 : 0);
        if (dbl) {
          // A double is best laid straight on, even a little past the
          // bounds: as a corner it reads like a tile of the line before.
          const off = offDouble(r, o.dir);
          cost += o.dir !== c.dir && o.dir !== c.back ? 15 : 0;
          cost += free(off.past) ? 5 * excess(off.past) : 1000;
          if (branches) for (const q of off.sides) cost += free(q) ? 10 * excess(q) : 1000;
        }
        if (cost === 0) return { ...o, r };
        if (!best || cost < best.cost) best = { ...o, r, cost };
      }
    }
    return best;
  }

  function lay(c, t) {
    const [a, b] = parseTile(t);
    const dbl = a === b;
    const inner = a === c.pips || b !== c.pips ? a : b;
    const outer = inner === a ? b : a;
    /** @type {ReturnType<typeof spot> & { loose?: boolean }} */
    let s = spot(c, dbl);
    if (!s) { // boxed in: the nearest free place on, detached
      const o = options(c)[c.back && !c.lastDbl && c.next > 0 ? 1 : 0];
      const at = nearest(o.at, (x, y) => free(shape(x, y, o.dir, dbl)));
      s = { ...o, at, r: shape(at[0], at[1], o.dir, dbl), loose: true };
    }
    const first = s.dir === "R" || s.dir === "D" ? inner : outer;
    const p = { ...s.r, a: first, b: first === inner ? outer : inner, tile: t, chain: c.id, dir: s.dir, dbl, loose: !!s.loose };
    tiles.push(p);
    // Its own room is used; a double keeps room for the chains it opens.
    for (let i = reserved.length - 1; i >= 0; i--) if (reserved[i].id === c.id) reserved.splice(i, 1);
    if (dbl && branches) {
      const opened = chains.filter((x) => x.from === t);
      const off = offDouble(p, s.dir);
      opened.forEach((x, k) => { if (off.sides[k]) reserved.push({ id: x.id, r: off.sides[k] }); });
    }
    const along = dbl ? 2 : 4;
    const [dx, dy] = STEP[s.dir];
    c.ax = s.at[0] + dx * along;
    c.ay = s.at[1] + dy * along;
    c.dir = s.dir;
    c.back = s.back;
    c.snake = s.snake;
    c.last = p;
    c.lastDbl = dbl;
    c.pips = outer;
    c.next++;
  }

  // The order of play: from the history when it agrees with the chains,
  // else round by round (a chain waits for the double it grows from).
  let order = null;
  if (Array.isArray(history)) {
    order = [];
    const seenN = chains.map(() => 0);
    for (const e of history) {
      const a = e.action;
      if (!a || a.type !== "play" || a.end == null) continue;
      const c = chains[a.end];
      if (!c || c.tiles[seenN[a.end]] !== a.tile) { order = null; break; }
      order.push([a.end, seenN[a.end]++]);
    }
    if (order && chains.some((c, i) => seenN[i] !== c.tiles.length)) order = null;
  }
  if (!order) {
    order = [];
    const longest = Math.max(0, ...chains.map((c) => c.tiles.length));
    for (let k = 0; k < longest; k++) chains.forEach((c, i) => { if (k < c.tiles.length) order.push([i, k]); });
  }
  let waiting = order;
  while (waiting.length) {
    const later = [];
    for (const [i, k] of waiting) {
      const c = chains[i];
      const cur = cursors.get(c.id) || start(c);
      if (!cur || cur.next !== k) later.push([i, k]);
      else lay(cur, c.tiles[k]);
    }
    if (later.length === waiting.length) break; // a chain whose double is missing
    waiting = later;
  }
  // Open ends: where a plain tile would go next on each chain.
  for (const c of chains) {
    const cur = cursors.get(c.id) || start(c);
    if (!cur) continue;
    const s = spot(cur, false);
    const o = s || options(cur)[cur.back && !cur.lastDbl && cur.next > 0 ? 1 : 0];
    const [dx, dy] = STEP[o.dir];
    let at = [o.at[0] + dx, o.at[1] + dy];
    const apart = (x, y) => !ends.some((e) => Math.abs(e.x - x) < 2 && Math.abs(e.y - y) < 2);
    if (!s || !apart(...at)) at = nearest(at, (x, y) => apart(x, y) && free({ x: x - 1, y: y - 1, w: 2, h: 2 }));
    ends.push({ id: c.id, pips: c.pips, x: at[0], y: at[1], out: cur.out, from: c.from || layout.posed });
  }
  return { tiles, ends };
}
