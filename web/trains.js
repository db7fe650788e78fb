// @ts-check
// The trains family's lines in words (Mexican Train, chicken foot): each
// chain of the layout is a player's train, the Mexican train, a line of
// the chicken foot's centre or a toe of a foot double, and is named so in
// buttons, the move log and what a screen reader hears. Which it is comes
// from the game's shape (the server's facts), the number of players and
// the layout alone. No page here: web/test/trains-model.test.mjs runs it.

import { t } from "./words.js";

/** @typedef {import("./types/Drawn").Drawn} Drawn */
/** @typedef {{ me?: number | null, n: number, shape?: string | null, name: (s: number) => string }} TrainPeople */
/**
 * @typedef {{ kind: "mine" | "train", seat: number } | { kind: "mexican" }
 *   | { kind: "line", n: number } | { kind: "toe", n: number, tile: string }} TrainKind
 */

/** The trains family's games, by name. */
export const TRAINS_GAMES = ["mexican-train", "chicken-foot"];

/**
 * The games a score sheet or a tournament offers: the twelve, not yet the
 * trains family (their sheets and standings are still to come, issue 58).
 * @param {any[]} presets as `/api/presets` lists them
 * @returns {any[]}
 */
export function withoutTrains(presets) {
  return presets.filter((p) => !TRAINS_GAMES.includes(p.name));
}

/**
 * Whether a game's layout is drawn as a station (the trains family).
 * @param {string | null | undefined} shape the facts' `layout`
 */
export function isStation(shape) {
  return shape === "trains" || shape === "foot";
}

/**
 * What chain `id` is: in Mexican Train the first chains are the players'
 * trains by seat, and the one after them the Mexican train; in chicken
 * foot a chain leaving the station is a line (numbered from 1), and one
 * leaving a later double is a toe of that foot (1 or 2: the foot's middle
 * toe goes on as its line).
 * @param {TrainPeople} P
 * @param {Drawn} layout
 * @param {number} id
 * @returns {TrainKind}
 */
export function trainKind(P, layout, id) {
  if (P.shape === "trains") {
    if (id < P.n) return { kind: id === P.me ? "mine" : "train", seat: id };
    return { kind: "mexican" };
  }
  const chains = (layout && layout.chains) || [];
  const c = chains.find((x) => x.id === id);
  if (!c || !c.from || c.from === layout.posed) return { kind: "line", n: id + 1 };
  const before = chains.filter((x) => x.id < id && x.from === c.from).length;
  return { kind: "toe", n: before + 1, tile: c.from };
}

/**
 * The arguments of the catalog's train messages for chain `id`.
 * @param {TrainPeople} P
 * @param {Drawn} layout
 * @param {number} id
 */
function trainArgs(P, layout, id) {
  const k = trainKind(P, layout, id);
  /** @type {Record<string, string | number>} */
  const args = { kind: k.kind };
  if (k.kind === "mine" || k.kind === "train") {
    args.who = P.name(k.seat);
  }
  if (k.kind === "line" || k.kind === "toe") args.n = k.n;
  if (k.kind === "toe") args.tile = k.tile;
  return args;
}

/**
 * A train's name on its own ("Your train", "Ana's train", "Mexican
 * train", "Line 2", "Toe 1 of 5-5"): buttons and lists.
 * @param {TrainPeople} P
 * @param {Drawn} layout
 * @param {number} id
 */
export function trainName(P, layout, id) {
  return t("train-name", trainArgs(P, layout, id));
}

/**
 * Where a tile went, in a sentence ("on Ana's train", "on toe 1 of 5-5").
 * @param {TrainPeople} P
 * @param {Drawn} layout
 * @param {number} id
 */
export function trainOn(P, layout, id) {
  return t("train-on", trainArgs(P, layout, id));
}

/**
 * A row's label at the station: the player's own name for a train
 * ("You", "Ana"), else the line's name.
 * @param {TrainPeople} P
 * @param {Drawn} layout
 * @param {number} id
 */
export function trainLabel(P, layout, id) {
  const k = trainKind(P, layout, id);
  return k.kind === "mine" || k.kind === "train" ? P.name(k.seat) : trainName(P, layout, id);
}

/**
 * The chains in the order the station shows them, each with its depth:
 * the players' trains from the viewer's own round the table, then the
 * Mexican train; in chicken foot each line followed by the toes of the
 * feet on it (and theirs), one step further in.
 * @param {TrainPeople} P
 * @param {Drawn} layout
 * @returns {{ id: number, depth: number }[]}
 */
export function trainOrder(P, layout) {
  const chains = layout.chains;
  if (P.shape === "trains") {
    const from = P.me ?? 0;
    const trains = chains.filter((c) => c.id < P.n).map((c) => c.id)
      .sort((a, b) => ((a - from + P.n) % P.n) - ((b - from + P.n) % P.n));
    return [...trains, ...chains.filter((c) => c.id >= P.n).map((c) => c.id)].map((id) => ({ id, depth: 0 }));
  }
  // The chain each foot double lies on: its toes go under that line.
  /** @param {import("./types/DrawnChain").DrawnChain} c */
  const parent = (c) => {
    if (!c.from || c.from === layout.posed) return null;
    const p = chains.find((x) => x.tiles.includes(/** @type {string} */ (c.from)));
    return p ? p.id : null;
  };
  /** @type {{ id: number, depth: number }[]} */
  const out = [];
  /** @param {number | null} of @param {number} depth */
  const walk = (of, depth) => {
    for (const c of chains) {
      if (parent(c) !== of || out.some((x) => x.id === c.id)) continue;
      out.push({ id: c.id, depth });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  // A toe whose double is not found still gets its row.
  for (const c of chains) if (!out.some((x) => x.id === c.id)) out.push({ id: c.id, depth: 0 });
  return out;
}
