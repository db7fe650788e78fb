// @ts-check
// "My puzzles" on the puzzles page, pure: whether the page shows the
// player's own puzzles (made from their matches by the coach's "Make this
// a puzzle"), the list the server keeps for them, and which one is shown.

/** @typedef {{ id: string, table: string, hand: number, index: number, game: string, kind: string }} Listed */
/** @typedef {{ on: boolean, list: Listed[], shown: string, first: string }} Own */

/**
 * The page's start: own puzzles when asked for, `first` (an id) opened first.
 * @param {boolean} on @param {string} first @returns {Own}
 */
export function start(on, first) {
  return { on, list: [], shown: "", first: on ? first : "" };
}

/** Own puzzles on, or off (back to the shared set). @param {Own} o @returns {Own} */
export function toggle(o) {
  return { ...o, on: !o.on, shown: "", first: "" };
}

/** The list as the server gave it. @param {Own} o @param {unknown} list @returns {Own} */
export function listed(o, list) {
  return { ...o, list: Array.isArray(list) ? list : [] };
}

/**
 * The id to open: the one asked for first if the player has it, else the
 * one after `current` in the list, round to the first; null when none.
 * @param {Own} o @param {string | null} current @returns {string | null}
 */
export function nextId(o, current) {
  if (!o.list.length) return null;
  if (o.first && o.list.some((p) => p.id === o.first)) return o.first;
  const i = o.list.findIndex((p) => p.id === current);
  return o.list[(i + 1) % o.list.length].id;
}

/** `id` is shown (the first asked for is used up). @param {Own} o @param {string} id @returns {Own} */
export function opened(o, id) {
  return { ...o, shown: id, first: "" };
}

/** The own puzzle shown, as listed (where it is from). @param {Own} o @returns {Listed | null} */
export function current(o) {
  return o.on ? o.list.find((p) => p.id === o.shown) || null : null;
}
