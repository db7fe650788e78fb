// @ts-check
// What a score sheet's match is played to, as data (no DOM: the page's
// words are asked for in keep.js; web/test/keep-goal.test.mjs runs this
// under node): the trains family's match of so many hands, each opened by
// an engine double one lower than the last, the lowest total after the
// last hand winning; and the sides holding the best total.

import { TRAINS_GAMES } from "../trains.js";

/**
 * @typedef {{ count: number | null, played: number, next: number | null, engine: number | null }} TrainsMatch
 *   `count`: the hands in the match (null when the rules do not say);
 *   `played`: those entered; `next`: the next hand's number (null once
 *   the last is in); `engine`: the double that opens it (12 for 12-12).
 */

/**
 * The trains family's match on a sheet; null for the other games.
 * @param {{ rules: { preset: string, options?: Record<string, unknown> }, hands: unknown[] }} sheet
 * @returns {TrainsMatch | null}
 */
export function trainsMatch(sheet) {
  if (!TRAINS_GAMES.includes(sheet.rules.preset)) return null;
  const o = sheet.rules.options || {};
  const whole = (v) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null);
  const first = whole(o.start_double);
  // The engine's default: one hand per double from the first down to 0-0.
  const count = whole(o.rounds) ?? (first == null ? null : first + 1);
  const played = sheet.hands.length;
  const next = count == null || played < count ? played + 1 : null;
  const engine = first == null || next == null || first - (next - 1) < 0 ? null : first - (next - 1);
  return { count, played, next, engine };
}

/**
 * The sides holding the best total (the lowest where the lowest wins);
 * none while every total is the same, so that nobody leads at 0-0.
 * @param {number[]} scores by side
 * @param {boolean} lowWins
 * @returns {number[]}
 */
export function leaders(scores, lowWins) {
  if (!scores.length || scores.every((x) => x === scores[0])) return [];
  const best = lowWins ? Math.min(...scores) : Math.max(...scores);
  return scores.flatMap((x, k) => (x === best ? [k] : []));
}

/**
 * Each side's place, 1 for the best total; equal totals share a place
 * (1, 2, 2, 4).
 * @param {number[]} scores by side
 * @param {boolean} lowWins
 * @returns {number[]}
 */
export function places(scores, lowWins) {
  const better = (a, b) => (lowWins ? a < b : a > b);
  return scores.map((x) => 1 + scores.filter((y) => better(y, x)).length);
}

/**
 * A place's ordinal plural category in `language` ("one", "two", "few",
 * "other"), for the catalog to choose "1st", "2nd", "3rd", "4th".
 * @param {number} place
 * @param {string} language
 */
export function ordinal(place, language) {
  try { return new Intl.PluralRules(language, { type: "ordinal" }).select(place); } catch { return "other"; }
}
