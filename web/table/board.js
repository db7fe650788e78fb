// @ts-check
// The board: the layout drawn to the width there is (draw.js), its open
// ends (buttons when the chosen tile fits several), the sentence that says
// what is open, and the flight of a play from its seat to its place.

import { reducedMotion } from "../dom.js";
import { t } from "../words.js";
import { facts } from "../games.js";
import { drawLayout, drawEnds, el as svgEl } from "../draw.js";
import { endNameAt } from "../names.js";
import { focusIn, endsSummary, tileWords } from "../a11y.js";
import { legalNow, lastPlayed, boardCount } from "./model.js";
import { isStation } from "../trains.js";
import { renderStation, stationMarks } from "./stationview.js";

/** @typedef {import("./model.js").Table} Table */
/** @typedef {import("./model.js").End} End */
/** @typedef {import("./parts.js").Parts} Parts */

/**
 * @param {Table} S
 * @param {Parts} el
 * @param {(end: number) => void} playAt
 * @param {import("../types/hand").People} P
 */
export function renderBoard(S, el, playAt, P) {
  const m = S.msg;
  if (!m) return;
  const st = m.state;
  const game = facts(m.facts);
  // A flight belongs to the board it was started on: once the board is
  // redrawn (and maybe re-fitted), it would land on the wrong spot.
  for (const g of document.querySelectorAll(".flying")) g.remove();
  // The trains family's board is a station of rows, not a layout in the round.
  if (isStation(game.layout)) return renderStation(S, el, P, playAt);
  el.board.classList.remove("gone");
  // (Some tests draw a board alone, with no station beside it.)
  if (el.station) el.station.hidden = true;
  // Arms and branches need room to turn: on a narrow screen they are laid
  // out a little wider and drawn scaled down, rather than boxed in and
  // continued away from their chain.
  const least = game.layout === "line" ? 340 : 420;
  const width = Math.max(least, Math.min(1000, el.boardWrap.clientWidth || 800));
  const last = lastPlayed(st.history);
  const empty = m.ended?.how === "aborted" ? t("match-called-off") : m.started === false ? t("board-waiting") : t("board-empty");
  const active = document.activeElement;
  const focused = active && el.board.contains(active) ? active.getAttribute("data-end") : null;
  /** @type {End[]} */
  // A board with few tiles is drawn larger, up to twice their size, and
  // shrinks back as the layout grows to fill the width.
  const ends = drawLayout(el.board, m.layout, width, st.history, game.branches, last, empty, 2);
  el.boardSummary.textContent = [endsSummary(m.layout, ends, empty), last ? t("a11y-board-last", { tile: tileWords(last) }) : ""].join(" ").trim();
  const { plays } = legalNow(S);
  const choosable = S.selected ? new Set(plays.filter((a) => a.tile === S.selected && a.end != null).map((a) => a.end)) : null;
  // The markers stay a finger's size however small the board is drawn.
  const ctm = el.board.getScreenCTM();
  const scale = ctm && ctm.a > 0 ? ctm.a : 1;
  const hinted = S.hint && st.to_act === m.seat ? S.hint : null;
  drawEnds(el.board, ends, playAt, choosable, { least: 13 / scale, hinted: hinted && hinted.end != null ? hinted.end : null });
  S.ends = ends;
  markBoard(S, el, scale);
  const marks = nameEnds(S, el, ends, choosable, playAt);
  if (focused != null && marks.length) focusIn(marks, Math.max(0, marks.findIndex((g) => g.getAttribute("data-end") === focused)));
}

/**
 * The fives games' count on the board: the ends' total at every turn, and
 * the points of the last play beside its tile ("+10").
 * @param {Table} S
 * @param {Parts} el
 * @param {number} scale screen pixels per board unit
 */
function markBoard(S, el, scale) {
  const { total, scored } = boardCount(S);
  // On the felt beside your seat (the seats are drawn first).
  if (total != null && el.endsTotal.parentElement !== el.spots.bottom) el.spots.bottom.append(el.endsTotal);
  el.endsTotal.hidden = total == null;
  el.endsTotal.textContent = total == null ? "" : t("board-ends-total", { total });
  if (!scored) return;
  const g = /** @type {SVGGElement | null} */ (el.board.querySelector(`g.layout g.tile[data-tile="${scored.tile}"]`));
  if (!g) return;
  const at = /translate\(([-\d.e]+),([-\d.e]+)\)/.exec(g.getAttribute("transform") || "");
  const face = g.querySelector("rect");
  if (!at || !face) return;
  const x = Number(at[1]) + Number(face.getAttribute("width")) / 2, y = Number(at[2]);
  const size = Math.max(14, 16 / scale);
  const text = svgEl("text", { x, y: y - size * 0.35, class: "scoredmark", id: "scoredmark", "text-anchor": "middle", "font-size": size }, el.board);
  text.textContent = t("board-scored", { points: scored.points });
}

/**
 * The drawn tiles are told by the summary; the ends you may choose are
 * buttons named by where they are (arrows move between them).
 * @param {Table} S
 * @param {Parts} el
 * @param {End[]} ends
 * @param {Set<number | undefined> | null} choosable
 * @param {(end: number) => void} playAt
 */
function nameEnds(S, el, ends, choosable, playAt) {
  const m = S.msg;
  const layoutG = el.board.querySelector("g.layout");
  if (layoutG) layoutG.setAttribute("aria-hidden", "true");
  /** @type {SVGElement[]} */
  const marks = [];
  for (const g of /** @type {NodeListOf<SVGElement>} */ (el.board.querySelectorAll("g.end"))) {
    const id = Number(g.getAttribute("data-end"));
    const e = ends.find((x) => x.id === id);
    if (!e || !choosable || !choosable.has(id)) { g.setAttribute("aria-hidden", "true"); continue; }
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", marks.length ? "-1" : "0");
    g.setAttribute("aria-label", t("a11y-end-play", { end: endNameAt(m && m.layout, e), pips: e.pips }));
    g.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      ev.preventDefault();
      playAt(id);
    });
    marks.push(g);
  }
  return marks;
}

/**
 * The open ends that are buttons now.
 * @param {Parts} el
 * @returns {HTMLElement[]}
 */
export function endMarks(el) {
  const trains = stationMarks(el);
  if (trains.length) return trains;
  return [...el.board.querySelectorAll("g.end[role=button]")].map((g) => /** @type {HTMLElement} */ (/** @type {unknown} */ (g)));
}

/**
 * The flight of a play from its seat (your hand, for your own) to its place.
 * @param {Parts} el
 * @param {boolean} mine
 * @param {number} seat
 * @param {string} tile
 */
export function fly(el, mine, seat, tile) {
  if (reducedMotion()) return;
  const station = !!el.station && !el.station.hidden;
  // On the station the row's own tile (an <svg>) flies; on the board, the layout's tile.
  const target = /** @type {SVGGraphicsElement | null} */ (station ? el.station.querySelector(`svg[data-tile="${tile}"]`)
    : el.board.querySelector(`g.tile[data-tile="${tile}"]`));
  const from = (mine ? el.handEl : null) || document.getElementById(`seat-${seat}`);
  if (!target || !from) return;
  const tr = target.getBoundingClientRect(), fr = from.getBoundingClientRect();
  if (!tr.width || !fr.width) return;
  /** @type {SVGSVGElement} */
  let ghost;
  if (station) {
    ghost = /** @type {SVGSVGElement} */ (target.cloneNode(true));
    ghost.classList.add("flying");
    ghost.setAttribute("width", String(tr.width));
    ghost.setAttribute("height", String(tr.height));
  } else {
    const face = /** @type {Element} */ (target.querySelector("rect"));
    const w = Number(face.getAttribute("width")), hh = Number(face.getAttribute("height"));
    ghost = /** @type {SVGSVGElement} */ (svgEl("svg", { class: "flying", viewBox: `0 0 ${w} ${hh}`, width: tr.width, height: tr.height }));
    const clone = /** @type {Element} */ (target.cloneNode(true));
    clone.removeAttribute("transform");
    ghost.appendChild(clone);
  }
  // Fixed to the window: the flight starts scaled up over a seat, which on
  // a phone may reach past the screen's edge, and a fixed box never makes
  // the page scroll sideways (one placed on the page did, for a moment).
  Object.assign(ghost.style, { position: "fixed", left: `${tr.left}px`, top: `${tr.top}px`, zIndex: 50, pointerEvents: "none" });
  document.body.appendChild(ghost);
  target.style.opacity = "0";
  const dx = fr.left + fr.width / 2 - (tr.left + tr.width / 2), dy = fr.top + fr.height / 2 - (tr.top + tr.height / 2);
  const anim = ghost.animate([{ transform: `translate(${dx}px, ${dy}px) scale(1.4)` }, { transform: "none" }],
    { duration: 420, easing: "cubic-bezier(.2,.7,.3,1)" });
  const done = () => { ghost.remove(); target.style.opacity = ""; };
  anim.onfinish = done;
  anim.oncancel = done;
  // Whatever happens to the animation, the ghost goes.
  setTimeout(done, 600);
}
