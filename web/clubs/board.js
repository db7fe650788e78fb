// @ts-check
// A leaderboard as data: rated people apart from those whose rating is
// still provisional (few rated matches, or a deviation still wide), and
// the computer levels apart from both. No page here:
// web/test/clubs-board.test.mjs runs it under node.

/** A rating whose deviation is above this is provisional (as lichess counts it). */
export const PROVISIONAL_DEVIATION = 110;

/**
 * @typedef {{ player: string, name: string, rating: number, deviation: number, matches: number, bot?: boolean, level?: string | null }} Leader
 */

/**
 * Split the leaderboard's rows: `rows` are every player of the game (the
 * server's list asked with `min=0`), `min` the rated matches a settled
 * rating needs.
 * @param {Leader[]} rows
 * @param {number} min
 * @returns {{ people: Leader[], provisional: Leader[], bots: Leader[] }}
 */
export function splitBoard(rows, min) {
  const byRating = (/** @type {Leader} */ a, /** @type {Leader} */ b) => b.rating - a.rating;
  const bots = rows.filter((r) => r.bot).sort(byRating);
  const humans = rows.filter((r) => !r.bot);
  const settled = (/** @type {Leader} */ r) => r.matches >= min && r.deviation <= PROVISIONAL_DEVIATION;
  return { people: humans.filter(settled).sort(byRating), provisional: humans.filter((r) => !settled(r)).sort(byRating), bots };
}
