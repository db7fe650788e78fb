// SVG dominoes: tiles with pips, and the layout drawn from `layout_json`:
// chain 0 to the left and chain 1 to the right of the posed tile, both
// snaking onto new rows when long; chains 2 and 3 (spinner, cross and
// French arms) up and down; chains grown from later doubles as extra rows.

const NS = "http://www.w3.org/2000/svg";
export const U = 22; // half a tile: a tile is 2U by U

const PIPS = {
  0: [], 1: [[.5, .5]], 2: [[.25, .25], [.75, .75]], 3: [[.25, .25], [.5, .5], [.75, .75]],
  4: [[.25, .25], [.75, .25], [.25, .75], [.75, .75]],
  5: [[.25, .25], [.75, .25], [.5, .5], [.25, .75], [.75, .75]],
  6: [[.25, .2], [.75, .2], [.25, .5], [.75, .5], [.25, .8], [.75, .8]],
};

function pipSpots(n) {
  if (PIPS[n]) return PIPS[n];
  // 7 to 12: two columns of up to six, centred.
  const out = [];
  const rows = Math.ceil(n / 3);
  for (let i = 0; i < n; i++) {
    const col = i % 3, row = Math.floor(i / 3);
    out.push([.2 + .3 * col, (row + .5) / rows]);
  }
  return out;
}

export function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export function parseTile(t) {
  const [a, b] = t.split("-").map(Number);
  return [a, b];
}

// A tile at (x, y), halves a then b, horizontal (a left) or vertical (a top).
export function tile(parent, x, y, a, b, vertical, cls = "") {
  const g = el("g", { class: "tile " + cls, transform: `translate(${x},${y})` }, parent);
  const w = vertical ? U : 2 * U, h = vertical ? 2 * U : U;
  el("rect", { width: w, height: h, rx: 4, class: "face" }, g);
  if (vertical) el("line", { x1: 3, y1: U, x2: U - 3, y2: U, class: "bar" }, g);
  else el("line", { x1: U, y1: 3, x2: U, y2: U - 3, class: "bar" }, g);
  [[a, 0], [b, 1]].forEach(([n, half]) => {
    const ox = vertical ? 0 : half * U, oy = vertical ? half * U : 0;
    for (const [px, py] of pipSpots(n)) {
      el("circle", { cx: ox + px * U, cy: oy + py * U, r: n > 6 ? 1.8 : 2.4, class: "pip" }, g);
    }
  });
  return g;
}

// A standalone tile as an <svg> (for hands).
export function tileSvg(t, cls = "", vertical = true) {
  const [a, b] = parseTile(t);
  const svg = el("svg", { width: vertical ? U + 4 : 2 * U + 4, height: vertical ? 2 * U + 4 : U + 4, class: "tilesvg " + cls });
  tile(svg, 2, 2, a, b, vertical);
  return svg;
}

export function backSvg() {
  const svg = el("svg", { width: U / 1.6 + 4, height: U * 1.25 + 4, class: "tilesvg back" });
  el("rect", { x: 2, y: 2, width: U / 1.6, height: U * 1.25, rx: 3, class: "backface" }, svg);
  return svg;
}

// Lay out a horizontal arm going `dir` (-1 left, +1 right) from x0 at row y,
// snaking onto rows below when it passes `limit` tiles per row.
function arm(g, tiles, open, x0, y, dir, perRow, ends, id, pips) {
  let x = x0, d = dir, count = 0, row = 0;
  let lastX = x, lastY = y;
  for (const t of tiles) {
    let [a, b] = parseTile(t);
    let inner = a === open ? a : b, outer = a === open ? b : a;
    open = outer;
    const dbl = a === b;
    const w = dbl ? U : 2 * U;
    if (count >= perRow) {
      count = 0; row++; d = -d;
      y += 2 * U + 6; x += d * (w / 2);
    }
    const left = d > 0 ? x : x - w;
    const ty = dbl ? y - U / 2 : y;
    // Halves in the direction of play: the inner half faces the previous tile.
    if (dbl) tile(g, left, ty, a, b, true);
    else if (d > 0) tile(g, left, ty, inner, outer, false);
    else tile(g, left, ty, outer, inner, false);
    x = d > 0 ? left + w + 2 : left - 2;
    lastX = x; lastY = y;
    count++;
  }
  ends.push({ id, pips, x: lastX + d * 12, y: lastY + U / 2 });
}

// A vertical arm going up (-1) or down (+1) from (cx, y0).
function vArm(g, tiles, open, cx, y0, dir, ends, id, pips) {
  let y = y0;
  for (const t of tiles) {
    const [a, b] = parseTile(t);
    const inner = a === open ? a : b, outer = a === open ? b : a;
    open = outer;
    const dbl = a === b;
    const h = dbl ? U : 2 * U;
    const top = dir > 0 ? y : y - h;
    if (dbl) tile(g, cx - U, top, a, b, false);
    else if (dir > 0) tile(g, cx - U / 2, top, inner, outer, true);
    else tile(g, cx - U / 2, top, outer, inner, true);
    y = dir > 0 ? top + h + 2 : top - 2;
  }
  ends.push({ id, pips, x: cx, y: y + dir * 12 });
}

// Draw a layout; returns the open ends' positions {id, pips, x, y}.
export function drawLayout(svg, layout, width) {
  svg.innerHTML = "";
  const ends = [];
  if (!layout || !layout.posed) {
    el("text", { x: width / 2, y: 40, class: "empty", "text-anchor": "middle" }, svg).textContent = "Waiting for the first tile";
    svg.setAttribute("viewBox", `0 0 ${width} 80`);
    return ends;
  }
  const g = el("g", {}, svg);
  const [pa, pb] = parseTile(layout.posed);
  const posedDouble = pa === pb;
  const cx = 0, cy = 0;
  const pw = posedDouble ? U : 2 * U;
  if (posedDouble) tile(g, cx - U / 2, cy - U, pa, pb, true, "posed");
  else tile(g, cx - U, cy - U / 2, pa, pb, false, "posed");
  const perRow = Math.max(3, Math.floor((width / 2 - 2 * U) / (2 * U + 2)));
  const chains = layout.chains || [];
  const extra = [];
  chains.forEach((c) => {
    const startOpen = c.from === layout.posed
      ? (c.id === 1 && !posedDouble ? pb : pa)
      : parseTile(c.from || layout.posed)[0];
    if (c.from !== layout.posed && c.id > 1) { extra.push([c, startOpen]); return; }
    if (c.id === 0) arm(g, c.tiles, startOpen, cx - pw / 2 - 2, cy - U / 2, -1, perRow, ends, c.id, c.pips);
    else if (c.id === 1) arm(g, c.tiles, startOpen, cx + pw / 2 + 2, cy - U / 2, 1, perRow, ends, c.id, c.pips);
    else if (c.id === 2) vArm(g, c.tiles, startOpen, cx, cy - (posedDouble ? U : U / 2) - 2, -1, ends, c.id, c.pips);
    else if (c.id === 3) vArm(g, c.tiles, startOpen, cx, cy + (posedDouble ? U : U / 2) + 2, 1, ends, c.id, c.pips);
    else extra.push([c, startOpen]);
  });
  // Arms grown from later doubles (and French arms past four): rows below.
  let bb = g.getBBox ? safeBox(g) : { x: -100, y: -50, width: 200, height: 100 };
  let y = bb.y + bb.height + 20;
  for (const [c, open] of extra) {
    const label = el("text", { x: bb.x, y: y + U / 2 + 4, class: "armlabel" }, g);
    label.textContent = `arm ${c.id} from ${c.from}:`;
    arm(g, c.tiles, open, bb.x + 110, y, 1, perRow, ends, c.id, c.pips);
    y += 2 * U + 10;
  }
  bb = safeBox(g);
  const pad = 30;
  const w = Math.max(width, bb.width + 2 * pad);
  svg.setAttribute("viewBox", `${Math.min(bb.x - pad, -w / 2)} ${bb.y - pad} ${w} ${bb.height + 2 * pad}`);
  return ends;
}

function safeBox(g) {
  try {
    const b = g.getBBox();
    if (b.width || b.height) return b;
  } catch (_) { /* not rendered yet */ }
  return { x: -100, y: -50, width: 200, height: 100 };
}

// Clickable markers at the open ends.
export function drawEnds(svg, ends, onPick, choosable) {
  const g = el("g", { class: "ends" }, svg);
  for (const e of ends) {
    const on = choosable && choosable.has(e.id);
    const c = el("g", { class: "end" + (on ? " choosable" : ""), "data-end": e.id }, g);
    el("circle", { cx: e.x, cy: e.y, r: 11 }, c);
    el("text", { x: e.x, y: e.y + 4, "text-anchor": "middle" }, c).textContent = e.pips ?? "";
    if (on) c.addEventListener("click", () => onPick(e.id));
  }
}
