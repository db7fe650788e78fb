// @ts-check
// Quick pairing as data: the lobby's grid of common games by clock (one
// tap seeks a game with people, and the computer plays you when nobody
// comes in the time shown), how many others wait for each tile, how long
// a tap waits for people, and the name a guest gets at once. No page
// here: web/test/quick-model.test.mjs runs it under node; lobby/quickgrid.js
// draws it.

import { t } from "../words.js";
import { CLOCKS, sameClock } from "./clock.js";

/** The grid's games, the most played first (each at its usual table size). */
export const QUICK_GAMES = ["jamaican", "puerto-rican", "mexican-train", "block", "draw", "all-fives"];
/** The grid's clocks, as the pool offers them (the server's `seek_clock`). */
export const QUICK_CLOCKS = ["move15", "none", "day1"];

/** Seconds a tap waits for people before the computer plays you. */
export const WAIT = {
  /** A browser's first game: a game within seconds. */
  first: 3,
  /** Later, when nobody waits for that game. */
  usual: 12,
  /** Somebody waits for it: the pool pairs within a round or two. */
  someone: 20,
};

/**
 * A tile of the grid: the game, at its usual table size with no house
 * rules, and the clock.
 * @typedef {{ preset: string, players: number, clock: string, key: string }} Tile
 */

/**
 * The grid's rows: one per game the server offers, in QUICK_GAMES's
 * order, each with a tile per clock.
 * @param {{ name: string, default_players: number }[]} presets
 * @returns {{ preset: string, tiles: Tile[] }[]}
 */
export function quickRows(presets) {
  return QUICK_GAMES.flatMap((name) => {
    const p = presets.find((x) => x.name === name);
    if (!p) return [];
    return [{ preset: name, tiles: QUICK_CLOCKS.map((clock) => ({ preset: name, players: p.default_players, clock, key: `${name}/${clock}` })) }];
  });
}

/** A tile's seek rules. @param {Tile} tile */
export function tileRules(tile) {
  return { preset: tile.preset, players: tile.players, options: {} };
}

/** A tile's time control, as the server takes it. @param {Tile} tile */
export function tileClock(tile) {
  return CLOCKS[/** @type {keyof typeof CLOCKS} */ (tile.clock)] || CLOCKS.none;
}

/**
 * A game as the pool's count lists it (`GET /api/seeks`: a team counts two).
 * @typedef {{ rules: { preset: string, players?: number | null, options?: Record<string, unknown> }, rated: boolean, clock?: any, players: number }} Waiting
 */

/**
 * How many players other than the reader wait for the game `want`: the
 * pool's count for the same rules (house rules too, unless `want` has no
 * `options`), rated or casual and clock, less the reader's own seek
 * (`mine`) when it is for that game.
 * @param {Waiting[]} waiting
 * @param {Omit<Waiting, "players">} want
 * @param {Waiting | null} mine
 */
export function waitingFor(waiting, want, mine) {
  // The pool lists each seek's options resolved (every default written
  // out), so only the house rules the reader asked are compared.
  const asked = Object.entries(want.rules.options || {});
  /** @param {Omit<Waiting, "players">} w */
  const same = (w) => w.rated === want.rated && w.rules.preset === want.rules.preset && w.rules.players === want.rules.players
    && asked.every(([k, v]) => JSON.stringify((w.rules.options || {})[k]) === JSON.stringify(v)) && sameClock(w.clock, want.clock);
  const n = waiting.filter(same).reduce((a, w) => a + w.players, 0);
  return Math.max(0, n - (mine && same(mine) ? mine.players : 0));
}

/**
 * How many other players wait for a tile's game, leaving out the reader's
 * own seek when it is for this tile.
 * @param {Waiting[]} waiting
 * @param {Tile} tile
 * @param {string | null} mine the key of the tile the reader waits at, if any
 */
export function othersWaiting(waiting, tile, mine) {
  const want = { rules: tileRules(tile), rated: false, clock: tileClock(tile) };
  return waitingFor(waiting, want, mine === tile.key ? { ...want, players: 1 } : null);
}

/**
 * How long a tap waits for people before the computer plays you.
 * @param {{ others: number, played: boolean }} at others: players waiting for it; played: this browser has had a game
 */
export function waitSeconds({ others, played }) {
  if (others > 0) return WAIT.someone;
  return played ? WAIT.usual : WAIT.first;
}

/** The pool's shortest wait before the computer fills a table (the server's FILL_MIN_S). */
export const FILL_MIN = 5;
/** Seconds the page gives the pool past the fill time before it makes the computer's table itself. */
export const FILL_SPARE = 8;

/**
 * How a tap waits: the seconds shown before the computer plays you, the
 * pool's fill time (`fill_s`), and when the page stops waiting for the
 * pool. A game of two meets its one other person or goes to the computer.
 * A game of more seats lets the pool make the table from those who came,
 * the computer in the empty seats: every tap asks the same fill time, and
 * the pool seats those who asked no longer a wait together once the first
 * one's time is up. A first game with nobody waiting still goes to the
 * computer within seconds.
 * @param {Tile} tile
 * @param {{ others: number, played: boolean }} at
 * @returns {{ wait: number, fill_s: number | null, giveUp: number }}
 */
export function tapWait(tile, at) {
  const wait = waitSeconds(at);
  if (tile.players <= 2 || wait < FILL_MIN) return { wait, fill_s: null, giveUp: wait };
  return { wait: WAIT.usual, fill_s: WAIT.usual, giveUp: WAIT.usual + FILL_SPARE };
}

/**
 * A guest's name, given at once (the player may change it): the
 * language's word for a player and four digits.
 * @param {() => number} random a number in [0, 1)
 */
export function guestName(random) {
  return t("quick-guest-name", { n: String(1000 + Math.floor(random() * 9000)) });
}

/**
 * What the grid says while a tap waits: the seconds left before the
 * computer plays you, and how many others wait.
 * @param {Tile} tile
 * @param {number} left seconds
 */
export function waitingWords(tile, left) {
  return t("quick-waiting", {
    game: t("game-title", { preset: tile.preset }), clock: t("quick-clock-" + tile.clock), s: Math.max(0, Math.ceil(left)),
  });
}
