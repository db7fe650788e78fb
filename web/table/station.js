// @ts-check
// The trains family's board as data (Mexican Train, chicken foot): the
// station's engine double, a row per line (each player's train labelled
// with its player, the Mexican train, the centre's lines and the toes of
// each chicken foot under their double), which trains are open, the line
// owed a tile first and its double, and the newest tiles of each row as
// many as fit (the rest counted). stationview.js draws it; no page here,
// so web/test/trains-model.test.mjs runs it under node.

import { t } from "../words.js";
import { parseTile } from "../plan.js";
import { trainKind, trainLabel, trainName, trainOrder } from "../trains.js";
import { legalNow } from "./model.js";

/** @typedef {import("./model.js").Table} Table */
/** @typedef {import("../types/hand").People} People */
/** @typedef {import("../types/Drawn").Drawn} Drawn */

/**
 * @typedef {{
 *   id: number, depth: number, label: string, name: string, mine: boolean, mexican: boolean,
 *   open: boolean, first: boolean, choosable: boolean, hinted: boolean,
 *   tiles: { tile: string, a: number, b: number, hot: boolean }[], hidden: number, pips: number | null,
 * }} TrainRow
 */

/**
 * The tiles of a chain as their halves read away from the station (the
 * half touching the tile before it first).
 * @param {Drawn} layout
 * @param {import("../types/DrawnChain").DrawnChain} c
 */
export function halves(layout, c) {
  const from = c.from || layout.posed;
  let p = from ? parseTile(from)[0] : 0;
  return c.tiles.map((tile) => {
    const [x, y] = parseTile(tile);
    const a = x === p ? x : y, b = x === p ? y : x;
    p = b;
    return { tile, a, b };
  });
}

/**
 * The double a line owes a tile to: the double at its end, or for a line
 * with no tile yet the tile it leaves from (the engine, a foot double).
 * @param {Drawn} layout
 * @param {number} id
 * @returns {string | null}
 */
export function owedDouble(layout, id) {
  const c = layout.chains.find((x) => x.id === id);
  if (!c) return null;
  const last = c.tiles[c.tiles.length - 1];
  if (last) {
    const [a, b] = parseTile(last);
    return a === b ? last : null;
  }
  return c.from || layout.posed;
}

/**
 * The station as rows. `room` is how many tiles a row shows at most (or
 * the most for a row at a depth: a toe's label, set in, takes more of the
 * row): a longer line shows its newest tiles after a "+n" of the earlier
 * ones (the count takes a tile's room), so that its open end is always in view.
 * @param {Table} S
 * @param {People} P
 * @param {number | ((depth: number) => number)} room
 */
export function stationRows(S, P, room) {
  const m = S.msg;
  if (!m || !m.layout.posed) return null;
  const layout = m.layout, st = m.state;
  const trains = st.trains || { mexican: null, open: [], owed: [] };
  const { plays } = legalNow(S);
  const choosable = new Set(S.selected ? plays.filter((a) => a.tile === S.selected && a.end != null).map((a) => a.end) : []);
  const owedTiles = new Set(trains.owed.map((id) => owedDouble(layout, id)).filter(Boolean));
  const hinted = S.hint && st.to_act === m.seat ? S.hint.end : null;
  /** @type {TrainRow[]} */
  const rows = trainOrder(P, layout).map(({ id, depth }) => {
    const c = /** @type {import("../types/DrawnChain").DrawnChain} */ (layout.chains.find((x) => x.id === id));
    const k = trainKind(P, layout, id);
    const all = halves(layout, c).map((x) => ({ ...x, hot: owedTiles.has(x.tile) }));
    const fit = Math.max(1, typeof room === "function" ? room(depth) : room);
    const shown = all.length > fit ? all.slice(all.length - Math.max(1, fit - 1)) : all;
    return {
      id, depth, label: trainLabel(P, layout, id), name: trainName(P, layout, id),
      mine: k.kind === "mine", mexican: k.kind === "mexican",
      open: (k.kind === "mine" || k.kind === "train") && trains.open.includes(id),
      first: trains.owed.includes(id), choosable: choosable.has(id), hinted: hinted === id,
      tiles: shown, hidden: all.length - shown.length, pips: c.pips,
    };
  });
  return { engine: layout.posed, engineHot: owedTiles.has(layout.posed), rows, owed: owedWords(P, layout, trains.owed), chaining: !!trains.chaining };
}

/**
 * What must be played first, in words: the centre's lines, a foot's toes
 * or the double to cover; null when nothing is owed.
 * @param {People} P
 * @param {Drawn} layout
 * @param {number[]} owed
 */
export function owedWords(P, layout, owed) {
  if (!owed.length) return null;
  const tile = owedDouble(layout, owed[0]);
  if (tile && tile === layout.posed) return t("station-centre-first", { tile });
  if (P.shape === "foot") return t("station-toes-first", { tile: tile || "" });
  return t("station-cover-first", { tile: tile || "", train: trainName(P, layout, owed[0]) });
}

/**
 * The trains a tile goes on now, as the buttons name them.
 * @param {Table} S
 * @param {People} P
 * @param {string} tile
 */
export function trainChoices(S, P, tile) {
  const m = S.msg;
  if (!m) return [];
  const ids = [...new Set(legalNow(S).plays.filter((a) => a.tile === tile && a.end != null).map((a) => /** @type {number} */ (a.end)))];
  const order = trainOrder(P, m.layout).map((x) => x.id);
  ids.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return ids.map((id) => {
    const c = m.layout.chains.find((x) => x.id === id);
    return { id, name: trainName(P, m.layout, id), pips: c && c.pips != null ? c.pips : "" };
  });
}

/**
 * How many tiles a row has room for: `width` pixels for the row, less its
 * label, its end and its mark, at `tile` pixels a tile.
 * @param {number} width
 * @param {{ label: number, end: number, tile: number }} sizes
 */
export function roomFor(width, sizes) {
  return Math.max(1, Math.floor((width - sizes.label - sizes.end) / sizes.tile));
}
