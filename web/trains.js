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
 * The trains family's options that change how a hand is played but not
 * how it scores: a score sheet does not ask them.
 */
export const TRAINS_PLAY_ONLY = ["first_turn", "mexican_train", "open_trains_start", "centre"];

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

/** @typedef {"chain" | "opened"} PassKind */

/**
 * What each pass of a trains hand did, by its place in the hand's history:
 * "chain" for the pass that ends a first-turn chain ("End my turn": the
 * train stays as it was), "opened" for one that opened the passer's own
 * train (Mexican Train); a pass that left an open train open, or any pass
 * in chicken foot, is a plain pass and has no entry. The history is walked
 * from the deal as the engine plays it (crates/engine/src/hand/trains.rs):
 * the trains open at the start under `open_trains_start`; a tile on one's
 * own train closes it; a seat's first turn (placing the engine is one,
 * drawing for it none) is a chain once a tile goes on its own train
 * (`first_turn: chain`), and a turn ends where the next seat acts.
 * @param {string | null | undefined} shape the facts' `layout`
 * @param {import("./types/State").State} st
 * @returns {Map<number, PassKind>}
 */
export function passKinds(shape, st) {
  return walkTrains(shape, st).kinds;
}

/**
 * The hand's history walked (see passKinds): what each pass did, and the
 * seats whose trains are open at its end (the state's `trains.open`).
 * @param {string | null | undefined} shape
 * @param {import("./types/State").State} st
 */
export function walkTrains(shape, st) {
  /** @type {Map<number, PassKind>} */
  const kinds = new Map();
  if (!isStation(shape)) return { kinds, open: /** @type {number[]} */ ([]) };
  const trains = shape === "trains";
  const options = st.rules.options || {};
  const n = st.rules.players || 0;
  const open = new Set(trains && options.open_trains_start === true ? [...Array(n).keys()] : []);
  const chainRule = options.first_turn === "chain";
  const turned = new Set();
  let posed = false, chaining = false;
  st.history.forEach(({ seat, action: a }, i) => {
    if (a.type === "play" && a.end == null) posed = true;
    else if (posed && a.type === "play" && trains) {
      if (a.end === seat) open.delete(seat);
      chaining = chaining || (a.end === seat && chainRule && !turned.has(seat));
    } else if (posed && a.type === "pass") {
      if (chaining) kinds.set(i, "chain");
      else if (trains && !open.has(seat)) { kinds.set(i, "opened"); open.add(seat); }
    }
    // Draws for the engine are nobody's turn, and placing it is not the
    // placer's first turn (as the engine rules); once it is down, a turn
    // ends where the next seat acts.
    const next = st.history[i + 1];
    const placing = a.type === "play" && a.end == null;
    if (posed && !placing && (!next || next.seat !== seat)) { turned.add(seat); chaining = false; }
  });
  return { kinds, open: [...open].sort((a, b) => a - b) };
}

/**
 * The kinds of the passes among `events` (see passKinds), one per event
 * (null for anything else): the events are the newest of the state's hand,
 * their actions the last of its history. Where they stop matching it (the
 * end of an earlier hand in the same message), the earlier ones are plain.
 * @param {string | null | undefined} shape
 * @param {import("./types/State").State} st
 * @param {import("./types/Event").Event[]} events
 * @returns {(PassKind | null)[]}
 */
export function passKindsOf(shape, st, events) {
  const out = events.map(() => /** @type {PassKind | null} */ (null));
  if (!isStation(shape)) return out;
  const kinds = passKinds(shape, st);
  // A hand_over among the events ends this hand only while it is over.
  let ends = st.phase === "hand_over" || st.phase === "match_over" ? 1 : 0;
  let at = st.history.length - 1;
  for (let i = events.length - 1; i >= 0 && at >= 0; i--) {
    const e = events[i];
    if (e.type === "hand_over" && ends-- <= 0) break;
    if (e.type !== "action") continue;
    const h = st.history[at];
    if (h.seat !== e.seat || h.action.type !== e.action.type) break;
    out[i] = kinds.get(at) ?? null;
    at--;
  }
  return out;
}
