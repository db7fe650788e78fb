// @ts-check
// The trains family's board drawn (station.js says what): the engine
// double standing at the start, then a row per line, each labelled, its
// open marker, the "+n" of tiles left out, its newest tiles and its open
// end, which is a button while the chosen tile may go there. The rows
// take the width there is: as many tiles as fit, never a sideways scroll.

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { tileSvg } from "../draw.js";
import { endsSummary, tileWords } from "../a11y.js";
import { lastPlayed } from "./model.js";
import { stationRows, roomFor } from "./station.js";

/** @typedef {import("./model.js").Table} Table */
/** @typedef {import("./parts.js").Parts} Parts */
/** @typedef {import("../types/hand").People} People */

/** A row's parts in pixels besides its tiles, a tile's width and a toe's step in, by screen (station.css). */
function sizes() {
  const phone = matchMedia("(max-width: 600px)").matches;
  return phone ? { engine: 30, label: 76, end: 62, tile: 36, tw: 34, indent: 8 } : { engine: 46, label: 128, end: 70, tile: 46, tw: 44, indent: 12 };
}

/** @typedef {{ board: Element, station: HTMLElement, boardWrap: HTMLElement, boardSummary: HTMLElement }} StationParts */

/**
 * @param {Table} S
 * @param {StationParts} el the table's parts, or the replay's
 * @param {People} P
 * @param {(end: number) => void} playAt
 */
export function renderStation(S, el, P, playAt) {
  const m = S.msg;
  if (!m) return;
  el.board.classList.add("gone");
  el.station.hidden = false;
  const size = sizes();
  const width = el.boardWrap.clientWidth || 360;
  // A toe's label is wider by its step in: its row has the less room for tiles.
  const room = (/** @type {number} */ depth) => roomFor(width - size.engine - depth * size.indent, size);
  const model = stationRows(S, P, room);
  const active = document.activeElement;
  const focused = active && el.station.contains(active) ? active.getAttribute("data-end") : null;
  el.station.style.setProperty("--tw", `${size.tw}px`);
  el.station.style.setProperty("--label", `${size.label}px`);
  el.station.style.setProperty("--indent", `${size.indent}px`);
  if (!model) {
    fill(el.station, h("p", { class: "stationempty" }, m.started === false ? t("board-waiting") : t("board-empty")));
    el.boardSummary.textContent = el.station.textContent || "";
    S.ends = [];
    return;
  }
  const last = lastPlayed(m.state.history);
  const engine = h("div", { class: "engine" + (model.engineHot ? " hot" : ""), "aria-hidden": "true" },
    tagged(tileSvg(/** @type {string} */ (model.engine), model.engine === last ? "last" : ""), /** @type {string} */ (model.engine)));
  // The ends to choose are one tab stop, the arrows moving between them (table.js), as on the board.
  let stops = 0;
  const rows = model.rows.map((r) => {
    const ends = r.pips == null ? null : r.choosable
      ? h("button", { type: "button", class: "trainend choosable" + (r.hinted ? " hinted" : ""), "data-end": r.id, tabindex: stops++ ? "-1" : "0",
        "aria-label": t("a11y-end-play", { end: r.name, pips: r.pips }), onclick: () => playAt(r.id) }, String(r.pips))
      : h("span", { class: "trainend" + (r.hinted ? " hinted" : ""), "aria-hidden": "true" }, String(r.pips));
    const li = h("li", {
      class: ["train", r.mine ? "mine" : "", r.mexican ? "mexican" : "", r.open ? "open" : "", r.first ? "first" : "", r.depth ? "toe" : ""].filter(Boolean).join(" "),
      "data-chain": r.id,
    },
    h("span", { class: "trainlabel" }, h("span", { class: "trainname" }, r.label),
      r.open ? h("span", { class: "openmark" }, h("span", { class: "opendot", "aria-hidden": "true" }), t("station-open")) : null),
    h("span", { class: "sr" }, t("station-row", { count: r.tiles.length + r.hidden, pips: r.pips ?? "" })),
    h("span", { class: "traintiles", "aria-hidden": "true" },
      r.hidden ? h("span", { class: "more", title: t("station-more-title", { count: r.hidden }) }, t("station-more", { count: r.hidden })) : null,
      r.tiles.map((x) => tagged(tileSvg(`${x.a}-${x.b}`, [x.hot ? "hot" : "", x.tile === last ? "last" : ""].join(" "), false), x.tile))),
    ends,
    r.first ? h("span", { class: "firstmark" }, h("span", { "aria-hidden": "true" }, "←"), h("span", { class: "sr" }, t("station-first"))) : null);
    // Toes are set in under their foot (a property: the page's policy refuses style attributes).
    if (r.depth) li.style.setProperty("--depth", String(r.depth));
    return li;
  });
  // What is owed is said while the hand is played; once it is over it asks nothing.
  const playing = m.state.phase === "play";
  const note = playing ? [model.owed, model.chaining && m.state.to_act === m.seat ? t("station-chaining") : null].filter(Boolean).join(" ") : "";
  fill(el.station,
    h("div", { class: "stationgrid" }, engine, h("ol", { class: "trains", "aria-label": t("station-label", { tile: model.engine }) }, rows)),
    note ? h("p", { class: "stationnote", id: "stationnote" }, note) : null);
  const ends = model.rows.filter((r) => r.pips != null).map((r) => ({ id: r.id, pips: /** @type {number} */ (r.pips) }));
  S.ends = ends;
  const open = model.rows.filter((r) => r.open).map((r) => r.label);
  el.boardSummary.textContent = [t("station-engine", { tile: tileWords(/** @type {string} */ (model.engine)) }),
    endsSummary(m.layout, ends, "", P), open.length ? t("station-open-list", { list: open.join(", ") }) : "", model.owed || "",
    last ? t("a11y-board-last", { tile: tileWords(last) }) : ""].filter(Boolean).join(" ");
  if (focused != null) {
    const b = /** @type {HTMLElement | null} */ (el.station.querySelector(`button[data-end="${focused}"]`));
    if (b) b.focus();
  }
}

/**
 * A row's tile marked with the tile it is, for the flight of a play (board.js).
 * @param {SVGSVGElement} svg
 * @param {string} tile
 */
function tagged(svg, tile) {
  svg.setAttribute("data-tile", tile);
  return svg;
}

/**
 * The station's open ends that are buttons now.
 * @param {StationParts} el
 * @returns {HTMLElement[]}
 */
export function stationMarks(el) {
  return !el.station || el.station.hidden ? [] : [...el.station.querySelectorAll("button.trainend")].map((b) => /** @type {HTMLElement} */ (b));
}
