// @ts-check
// The coach on the replay: each player's marks, each step's verdict saying
// what it knows ("with all tiles known" or "from your view"), a value graph
// per hand, the better play drawn on the board, and the list of marks
// folded so the board stays in view. The marks are earned from the
// player's view only (crates/league/src/verdict.rs, docs/analysis.md).

import { h } from "./dom.js";
import { t } from "./words.js";
import { el, tile, parseTile, planLayout, U } from "./draw.js";
import { Q } from "./plan.js";

/**
 * @typedef {import("./types/Action").Action} Act
 * @typedef {"inaccuracy" | "mistake" | "blunder"} Severity
 * @typedef {{ index: number, seat: number, side: number, played: Act, value: number | null, best: Act[],
 *   best_value: number | null, cost: number | null, blunder: boolean, expert: Act | null,
 *   expert_cost: number | null, view_cost: number | null, severity: Severity | null, hindsight: boolean,
 *   puzzle?: boolean }} Decision
 * @typedef {{ hand: number, decisions: Decision[] }} Hand
 * @typedef {{ seat: number, name: string | null, decisions: number, solved: number, total_cost: number,
 *   mean_cost: number | null, blunders: number, mistakes: number, inaccuracies: number, hindsight: number,
 *   expert_agreed: number, expert_asked: number }} Seat
 * @typedef {{ objective: string, thresholds: { inaccuracy: number, mistake: number, blunder: number },
 *   hands: Hand[], seats: Seat[], hand?: number }} Report
 */

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Each player's marks and the thresholds they were given by.
 * @param {Report} coach
 * @param {(s: number) => string} who
 */
export function coachSummary(coach, who) {
  const th = coach.thresholds;
  // The rule above the table, wrapped to the page; the table scrolls in
  // its own box on a narrow screen, the page does not.
  return h("div", { class: "coachsumwrap" },
    h("p", { class: "coachrule", id: "coach-rule" }, t("coach-marks-rule", { objective: coach.objective, inaccuracy: th.inaccuracy, mistake: th.mistake, blunder: th.blunder })),
    h("div", { class: "coachsumscroll" }, h("table", { class: "coachsum", id: "coach-summary" },
    h("thead", {}, h("tr", {}, ["coach-player", "coach-decisions", "coach-inaccuracies", "coach-mistakes", "coach-blunders", "coach-hindsight", "coach-agreed"]
      .map((k) => h("th", { scope: "col" }, t(k))))),
    // Each cell carries its column's name: on a phone a row is a line of
    // "name value" pairs (style.css), every column on screen.
    h("tbody", {}, coach.seats.map((s) => h("tr", { "data-seat": s.seat, class: s.blunders ? "hasblunders" : "" },
      h("th", { scope: "row" }, who(s.seat)),
      h("td", { "data-label": t("coach-decisions") }, String(s.decisions)),
      h("td", { "data-label": t("coach-inaccuracies") }, String(s.inaccuracies)),
      h("td", { "data-label": t("coach-mistakes") }, String(s.mistakes)),
      h("td", { class: "nblunders", "data-label": t("coach-blunders") }, String(s.blunders)),
      h("td", { class: "nhindsight", "data-label": t("coach-hindsight") }, String(s.hindsight)),
      h("td", { "data-label": t("coach-agreed") }, `${s.expert_agreed}/${s.expert_asked}`)))))));
}

/**
 * Every mark as a button to its step, folded under one line so that the
 * board stays in view.
 * @param {Report} coach
 * @param {(hand: number, index: number) => number} frameOf the frame of a decision, -1 when none
 * @param {(s: number) => string} who
 * @param {(k: number) => void} go
 */
export function marksList(coach, frameOf, who, go) {
  const items = [];
  const count = { inaccuracy: 0, mistake: 0, blunder: 0 };
  for (const hand of coach.hands) {
    for (const d of hand.decisions) {
      if (!d.severity) continue;
      const k = frameOf(hand.hand, d.index);
      if (k < 0) continue;
      count[d.severity]++;
      items.push(h("li", {}, h("button", { type: "button", class: `quiet small marklink ${d.severity}`, "data-severity": d.severity, onclick: () => go(k) },
        t("coach-mark-at", { severity: d.severity, hand: hand.hand, step: d.index + 1, who: who(d.seat), cost: d.view_cost ?? 0 }))));
    }
  }
  if (!items.length) return h("p", { id: "coach-marks", class: "muted" }, t("coach-no-marks"));
  return h("details", { id: "coach-marks", class: "marks" },
    h("summary", {}, t("coach-marks-title", count)),
    h("ul", { class: "blunders" }, items));
}

/**
 * One step's verdict in words: the mark, what the play cost with all
 * tiles known, and what the expert would have played from the player's view.
 * @param {Decision} d
 * @param {(a: Act) => string} say
 */
export function verdictWords(d, say) {
  const parts = [];
  if (d.severity) parts.push(t("coach-severity", { severity: d.severity }));
  if (d.cost == null) parts.push(t("coach-unsolved", { played: say(d.played) }));
  else if (d.cost === 0) parts.push(t("coach-all-best", { played: say(d.played) }));
  else parts.push(t("coach-all-cost", { played: say(d.played), cost: d.cost, best: say(d.best[0]) }));
  if (d.expert) {
    if (same(d.expert, d.played)) parts.push(t("coach-view-same"));
    else if (d.view_cost != null && d.view_cost > 0) parts.push(t("coach-view-better", { expert: say(d.expert), cost: d.view_cost }));
    else parts.push(t("coach-view-other", { expert: say(d.expert) }));
  }
  if (d.hindsight) parts.push(t("coach-hindsight-only"));
  return parts.join(" ");
}

/**
 * The play to draw as better on the board at a marked step: the expert's
 * from the player's view (what the player could have found).
 * @param {Decision | null} d
 * @returns {Act | null}
 */
export function betterPlay(d) {
  if (!d || !d.severity || !d.expert || same(d.expert, d.played)) return null;
  return d.expert.type === "play" ? d.expert : null;
}

/**
 * Draw `a` on `board` as a ghost tile where it would have gone: laid out
 * as the board was before the move (`before`), then moved on along its
 * line past whatever is on the board now (the tile played there instead
 * takes that very place when it went to the same end), so it covers no
 * tile; the board's view grows to show it.
 * @param {SVGSVGElement} board the board after the move, as drawLayout drew it
 * @param {any} before the layout the decision was made on
 * @param {number} width
 * @param {any[]} history the history before the move
 * @param {boolean} branches
 * @param {Act} a
 * @param {string} label
 */
export function drawBetter(board, before, width, history, branches, a, label) {
  if (a.type !== "play") return;
  const spot = ghostSpot(before, width, history, branches, a);
  const onBoard = [...board.querySelectorAll("g.layout g.tile")].map(drawnBox).filter((b) => b != null);
  const [dx, dy] = { L: [-1, 0], R: [1, 0], U: [0, -1], D: [0, 1] }[spot.dir] || [0, 1];
  const r = { x: spot.x, y: spot.y, w: spot.w, h: spot.h };
  const hit = () => onBoard.some((b) => r.x < b.x + b.w && b.x < r.x + r.w && r.y < b.y + b.h && b.y < r.y + r.h);
  // A tile's length at a time, so that it stays on its end's line.
  for (let i = 0; i < 40 && hit(); i++) { r.x += dx * 2 * U; r.y += dy * 2 * U; }
  const g = el("g", { class: "better", id: "better", role: "img", "aria-label": label }, board);
  el("title", {}, g).textContent = label;
  const vertical = r.h > r.w;
  tile(g, r.x, r.y, spot.a, spot.b, vertical, "ghost");
  // The short word on the board (a narrow board clips long text); the
  // whole play is in the title and in the verdict's words.
  el("text", { x: r.x + r.w / 2, y: r.y - 6, "text-anchor": "middle", class: "betterlabel" }, g).textContent = t("coach-better-mark");
  showToo(board, { x: r.x - 8, y: r.y - 24, w: r.w + 16, h: r.h + 32 });
}

/**
 * Where the page would have laid `a` on `before` (the tile's face, in the
 * board's units), its halves in drawing order and the way its line goes.
 * @param {any} before
 * @param {number} width
 * @param {any[]} history
 * @param {boolean} branches
 * @param {Extract<Act, { type: "play" }>} a
 */
function ghostSpot(before, width, history, branches, a) {
  const posed = !before || !before.posed;
  const chains = posed ? [] : before.chains.map((c) => c.id === a.end ? { ...c, tiles: [...c.tiles, a.tile] } : c);
  const layout = posed ? { posed: a.tile, chains: [] } : { ...before, chains };
  const plan = planLayout(layout, width, posed ? [] : [...(history || []), { action: a }], branches);
  const p = plan.tiles.find((x) => x.tile === a.tile && (posed ? x.posed : x.chain === a.end));
  if (!p) {
    const [pa, pb] = parseTile(a.tile);
    return { x: -U, y: -U / 2, w: 2 * U, h: U, a: pa, b: pb, dir: "D" };
  }
  const flat = p.w > p.h;
  const w = flat ? 2 * U : U, h = flat ? U : 2 * U;
  // Centred in its cell, as drawLayout draws a tile; a posed tile has no
  // line of its own, and moves down off the one played there.
  return { x: p.x * Q + (p.w * Q - w) / 2, y: p.y * Q + (p.h * Q - h) / 2, w, h, a: p.a, b: p.b, dir: posed ? "D" : p.dir };
}

/**
 * A drawn tile's face on the board, in the board's units.
 * @param {Element} g
 */
function drawnBox(g) {
  const at = /translate\(([-\d.e]+),([-\d.e]+)\)/.exec(g.getAttribute("transform") || "");
  const face = g.querySelector("rect");
  if (!at || !face) return null;
  return { x: Number(at[1]), y: Number(at[2]), w: Number(face.getAttribute("width")), h: Number(face.getAttribute("height")) };
}

/**
 * Widen `board`'s view, where needed, to take in `r` too.
 * @param {SVGSVGElement} board
 * @param {{ x: number, y: number, w: number, h: number }} r
 */
function showToo(board, r) {
  const vb = (board.getAttribute("viewBox") || "").split(/\s+/).map(Number);
  if (vb.length !== 4 || vb.some((v) => !Number.isFinite(v))) return;
  const [x, y, w, h] = vb;
  const x0 = Math.min(x, r.x), y0 = Math.min(y, r.y);
  const x1 = Math.max(x + w, r.x + r.w), y1 = Math.max(y + h, r.y + r.h);
  board.setAttribute("viewBox", `${x0} ${y0} ${x1 - x0} ${y1 - y0}`);
}

/**
 * A hand's value graph: the value still to come, after each decision, for
 * side `side` (in a two-sided game every decision, the other side's
 * negated; with more sides only `side`'s own), marked by severity; a dot
 * goes to its step.
 * @param {Hand} hand
 * @param {number} side
 * @param {number} sides
 * @param {string} sideName
 * @param {(index: number) => number} frameOf
 * @param {(k: number) => void} go
 * @param {number | null} current the decision index shown now
 */
export function valueGraph(hand, side, sides, sideName, frameOf, go, current) {
  const pts = [];
  for (const d of hand.decisions) {
    if (d.value == null) continue;
    if (d.side !== side && sides !== 2) continue;
    pts.push({ d, v: d.side === side ? d.value : -d.value });
  }
  const W = 600, H = 120, pad = 10;
  const svg = /** @type {SVGSVGElement} */ (el("svg", { viewBox: `0 0 ${W} ${H}`, class: "valuegraph", role: "img",
    "aria-label": t("coach-graph-label", { hand: hand.hand, side: sideName }) }));
  if (pts.length < 1) return h("figure", { id: "coach-graph", class: "coachgraph" }, h("figcaption", { class: "muted small" }, t("coach-graph-none")));
  const top = Math.max(1, ...pts.map((p) => Math.abs(p.v)));
  const X = (i) => pad + (pts.length === 1 ? (W - 2 * pad) / 2 : (i * (W - 2 * pad)) / (pts.length - 1));
  const Y = (v) => H / 2 - (v / top) * (H / 2 - pad);
  el("line", { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: "zero" }, svg);
  const line = pts.map((p, i) => `${X(i).toFixed(1)},${Y(p.v).toFixed(1)}`).join(" ");
  el("polyline", { points: line, class: "curve" }, svg);
  pts.forEach((p, i) => {
    const cls = ["dot", p.d.severity || "", p.d.hindsight ? "hindsight" : "", p.d.index === current ? "now" : ""].filter(Boolean).join(" ");
    const c = el("circle", { cx: X(i), cy: Y(p.v), r: p.d.severity ? 6 : 4, class: cls, "data-index": p.d.index }, svg);
    el("title", {}, c).textContent = t("coach-graph-dot", { step: p.d.index + 1, value: p.v });
    const k = frameOf(p.d.index);
    if (k >= 0) c.addEventListener("click", () => go(k));
  });
  return h("figure", { id: "coach-graph", class: "coachgraph" }, svg,
    h("figcaption", { class: "muted small" }, t("coach-graph-caption", { hand: hand.hand, side: sideName })));
}
