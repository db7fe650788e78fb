// @ts-check
// SVG dominoes: tiles with pips, and the layout drawn from `layout_json`
// in the games' real shapes: every chain grows out of the tile it hangs
// from (the posed tile's four sides, or a later double's two ends), doubles
// lie across the line, and long arms turn corners to stay in view.

// The layout's geometry (where each tile goes) is plan.js's; the tests
// take planLayout from here too.
import { planLayout, parseTile, Q } from "./plan.js";
export { planLayout, parseTile };

const NS = "http://www.w3.org/2000/svg";
export const U = 22; // half a tile: a tile is 2U by U

// Where the pips of a half go, in a unit square, as on real tiles: 1 to 6
// as on dice; 7, 8 and 9 on a three-by-three grid (7: two columns of
// three and the centre; 8: the grid without its centre; 9: all of it);
// 10 to 12 on three columns of four rows (10: 4-2-4, 11: 4-3-4, 12: 4-4-4).
const G = [.22, .5, .78];
const R4 = [.16, .39, .61, .84];
const PIPS = {
  0: [], 1: [[.5, .5]], 2: [[.25, .25], [.75, .75]], 3: [[.25, .25], [.5, .5], [.75, .75]],
  4: [[.25, .25], [.75, .25], [.25, .75], [.75, .75]],
  5: [[.25, .25], [.75, .25], [.5, .5], [.25, .75], [.75, .75]],
  6: [[.25, .2], [.75, .2], [.25, .5], [.75, .5], [.25, .8], [.75, .8]],
  7: [[G[0], G[0]], [G[0], G[1]], [G[0], G[2]], [G[1], G[1]], [G[2], G[0]], [G[2], G[1]], [G[2], G[2]]],
  8: G.flatMap((x) => G.map((y) => [x, y])).filter(([x, y]) => !(x === G[1] && y === G[1])),
  9: G.flatMap((x) => G.map((y) => [x, y])),
  10: [...R4.map((y) => [G[0], y]), [G[1], R4[1]], [G[1], R4[2]], ...R4.map((y) => [G[2], y])],
  11: [...R4.map((y) => [G[0], y]), [G[1], .26], [G[1], .5], [G[1], .74], ...R4.map((y) => [G[2], y])],
  12: G.flatMap((x) => R4.map((y) => [x, y])),
};

/**
 * @param {number} n
 */
export function pipSpots(n) {
  return PIPS[n] || [];
}

/**
 * @param {string} name
 * @param {Record<string, any>} [attrs]
 * @param {Element} [parent]
 * @returns {any}
 */
export function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
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
    const r = n > 9 ? 1.6 : n > 6 ? 1.9 : 2.4;
    for (const [px, py] of pipSpots(n)) {
      el("circle", { cx: ox + px * U, cy: oy + py * U, r, class: "pip" }, g);
    }
  });
  return g;
}

// A standalone tile as an <svg> (hands, results, flights). It scales to
// whatever size the page's CSS gives it.
/**
 * @param {string} t
 * @param {string} [cls]
 * @param {boolean} [vertical]
 * @returns {SVGSVGElement}
 */
export function tileSvg(t, cls = "", vertical = true) {
  const [a, b] = parseTile(t);
  const w = vertical ? U + 4 : 2 * U + 4, h = vertical ? 2 * U + 4 : U + 4;
  const svg = el("svg", { width: w, height: h, viewBox: `0 0 ${w} ${h}`, class: "tilesvg " + cls });
  tile(svg, 2, 2, a, b, vertical);
  return svg;
}

// A tile seen from behind, for the tiles other players hold.
export function backSvg() {
  const w = U / 1.6 + 4, h = U * 1.25 + 4;
  const svg = el("svg", { width: w, height: h, viewBox: `0 0 ${w} ${h}`, class: "tilesvg back", "aria-hidden": "true" });
  el("rect", { x: 2, y: 2, width: U / 1.6, height: U * 1.25, rx: 3, class: "backface" }, svg);
  return svg;
}

// Draw a layout; returns the open ends' positions {id, pips, x, y, out,
// from} in the SVG's coordinates (`out`: the way the chain left the tile
// it grows from, L, R, U or D). `history` (optional) orders the tiles as
// played; `branches` says that later doubles open chains (see
// planLayout); `last` names the tile played last, drawn highlighted.
/**
 * @param {SVGSVGElement} svg
 * @param {import("./types/Drawn").Drawn} layout
 * @param {number} width
 * @param {import("./types/Entry").Entry[]} history
 * @param {boolean} branches
 * @param {string | null} [last]
 * @param {string} [emptyText]
 * @param {number} [zoom] how much larger than life a small layout may be drawn
 */
export function drawLayout(svg, layout, width, history, branches, last = null, emptyText = "", zoom = 1) {
  svg.innerHTML = "";
  if (!layout || !layout.posed) {
    el("text", { x: width / 2, y: 40, class: "empty", "text-anchor": "middle" }, svg).textContent = emptyText;
    svg.setAttribute("viewBox", `0 0 ${width} 80`);
    return [];
  }
  const plan = planLayout(layout, width, history, branches);
  const g = el("g", { class: "layout" }, svg);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of plan.tiles) {
    const flat = p.w > p.h;
    const bw = p.w * Q, bh = p.h * Q;
    const tw = flat ? 2 * U : U, th = flat ? U : 2 * U;
    const cls = [p.posed ? "posed" : "", p.tile === last ? "last" : ""].join(" ");
    const t = tile(g, p.x * Q + (bw - tw) / 2, p.y * Q + (bh - th) / 2, p.a, p.b, !flat, cls);
    t.setAttribute("data-tile", p.tile);
    t.setAttribute("data-chain", p.chain == null ? "posed" : p.chain);
    t.setAttribute("data-dir", p.dir);
    x0 = Math.min(x0, p.x * Q); y0 = Math.min(y0, p.y * Q);
    x1 = Math.max(x1, (p.x + p.w) * Q); y1 = Math.max(y1, (p.y + p.h) * Q);
  }
  // The last play is outlined on top of everything around it.
  const lastEl = g.querySelector("g.tile.last");
  if (lastEl) g.appendChild(lastEl);
  const ends = plan.ends.map((e) => ({ ...e, x: e.x * Q, y: e.y * Q }));
  for (const e of ends) {
    x0 = Math.min(x0, e.x - 14); y0 = Math.min(y0, e.y - 14);
    x1 = Math.max(x1, e.x + 14); y1 = Math.max(y1, e.y + 14);
  }
  // Fitted to what is drawn; at least `width` wide (no zooming in), kept
  // centred on the posed tile while that shows everything.
  const pad = 16;
  const w = Math.max(width / zoom, x1 - x0 + 2 * pad);
  let vx = -w / 2;
  if (x0 - pad < vx) vx = x0 - pad;
  if (x1 + pad > vx + w) vx = x1 + pad - w;
  const vy = y0 - pad, h = Math.max(y1 - y0 + 2 * pad, 120 / zoom);
  svg.setAttribute("viewBox", `${vx} ${vy - (h - (y1 - y0 + 2 * pad)) / 2} ${w} ${h}`);
  return ends;
}

// Markers at the open ends, showing the number each end asks for; those
// in `choosable` (chain ids) are highlighted and call onPick(id).
/**
 * @param {SVGSVGElement} svg
 * @param {{ id: number, pips: number | string, x?: number, y?: number }[]} ends
 * @param {(end: number) => void} onPick
 * @param {Set<number> | null} choosable
 * @param {{ least?: number, hinted?: number | null }} [opts] `least`: the
 *   smallest radius, in board units; `hinted`: the end the hint plays at
 */
export function drawEnds(svg, ends, onPick, choosable, opts = {}) {
  const g = el("g", { class: "ends" }, svg);
  const least = opts.least || 0;
  for (const e of ends) {
    const on = choosable && choosable.has(e.id);
    const hinted = opts.hinted != null && opts.hinted === e.id;
    const c = el("g", { class: "end" + (on ? " choosable" : "") + (hinted ? " hinted" : ""), "data-end": e.id }, g);
    const r = Math.max(on ? 13 : 11, least);
    if (hinted) el("circle", { cx: e.x, cy: e.y, r: r + 5, class: "hintring" }, c);
    el("circle", { cx: e.x, cy: e.y, r }, c);
    el("text", { x: e.x, y: e.y + r * 0.36, "text-anchor": "middle", "font-size": r }, c).textContent = e.pips ?? "";
    if (on) c.addEventListener("click", () => onPick(e.id));
  }
}
