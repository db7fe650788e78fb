// @ts-check
// Puzzle runs, pure: a streak (puzzles in a row, each harder, until the
// first miss) and a storm (as many as can be solved in three minutes, a
// miss costing ten seconds), the clock counted on the server's time, and
// the player's history of tries as rows to show. The views (runview.js,
// historyview.js) fetch and draw; this decides.

import * as M from "./model.js";

/** @typedef {import("./model.js").Shown} Shown */
/** @typedef {import("./model.js").Puzzles} Puzzles */
/** @typedef {import("../types/Action").Action} Action */
/** @typedef {"streak" | "storm"} Kind */
/**
 * A run as the server starts it (`POST /api/puzzles/runs`): `ends_ms` is
 * the server's time when a storm ends (null for a streak), `now_ms` the
 * server's time at the answer.
 * @typedef {{ run: string, kind: Kind, score: number, best: number, puzzle: Shown | null,
 *   ends_ms: number | null, now_ms: number, over: boolean }} Begun
 */
/**
 * The server's answer to a run's try: `puzzle` is the next one (null once
 * over); `counted` false for a storm's try that came after its end.
 * @typedef {{ right: boolean, answer: Action, counted: boolean, score: number, best: number, new_best: boolean,
 *   over: boolean, puzzle: Shown | null, ends_ms: number | null, now_ms: number }} RunTry
 */
/**
 * The last try as shown: right or not, the right play, and its puzzle (for
 * the play in words).
 * @typedef {{ right: boolean, answer: Action, counted: boolean, puzzle: Shown }} Last
 */
/** A puzzle of the run, tried: to try again from the run's end. @typedef {{ id: string, game: string, right: boolean, again: string }} Done */
/**
 * `phase`: "start" (the start screen), "playing", "over".
 * `P`: the puzzle being solved (model.js's state, for the board and hand).
 * `deadline`: a storm's end on this browser's clock (ms), null for a streak.
 * `misses`: a storm's misses so far, each one flashes "−10 s".
 * `startBest`: the best before this run, for "New best!" when time runs out.
 * `done`: the run's puzzles tried so far, in order, for its end to list.
 * @typedef {{ kind: Kind, phase: "start" | "playing" | "over", run: string, score: number, best: number,
 *   startBest: number, newBest: boolean, P: Puzzles, last: Last | null, deadline: number | null, misses: number,
 *   done: Done[] }} Run
 */

/** The page's mode from its query: `?streak`, `?storm`, `?history`, else one puzzle at a time. @param {string} search */
export function pageMode(search) {
  const q = new URLSearchParams(search);
  for (const mode of /** @type {const} */ (["streak", "storm", "history"])) if (q.has(mode)) return mode;
  return "puzzles";
}

/** A puzzle to open by its id (`?id=`, the history's "Try again"), "" when none or malformed. @param {string} search */
export function openedId(search) {
  const id = new URLSearchParams(search).get("id") || "";
  return /^[a-z0-9-]{1,80}$/.test(id) ? id : "";
}

/** A run's start screen, before the player starts it. @param {Kind} kind @param {number} [best] @returns {Run} */
export function start(kind, best = 0) {
  return { kind, phase: "start", run: "", score: 0, best, startBest: best, newBest: false, P: M.start(), last: null, deadline: null, misses: 0, done: [] };
}

/** The player's bests as the server keeps them (`{streak, storm}`). @param {Run} S @param {unknown} bests @returns {Run} */
export function bests(S, bests) {
  const b = bests && typeof bests === "object" ? /** @type {Record<string, unknown>} */ (bests)[S.kind] : null;
  if (typeof b !== "number" || S.phase !== "start") return S;
  return { ...S, best: b, startBest: b };
}

/**
 * A deadline of the server's clock on this browser's: as far from `clientNow`
 * (when the answer came) as `ends_ms` was from the server's `now_ms`.
 * @param {number | null} endsMs @param {number} nowMs @param {number} clientNow @returns {number | null}
 */
export function deadline(endsMs, nowMs, clientNow) {
  return endsMs == null ? null : clientNow + (endsMs - nowMs);
}

/** The run started, its first puzzle to solve. @param {Run} S @param {Begun} b @param {number} clientNow @returns {Run} */
export function begun(S, b, clientNow) {
  return {
    ...S, phase: b.over || !b.puzzle ? "over" : "playing", run: b.run, score: b.score, best: b.best, startBest: b.best,
    newBest: false, P: b.puzzle ? M.show(M.start(), b.puzzle) : M.start(), last: null,
    deadline: deadline(b.ends_ms, b.now_ms, clientNow), misses: 0, done: [],
  };
}

/**
 * The server's answer to a try. A streak's miss ends it, the puzzle left
 * with its answer; a storm goes on to the next puzzle, right or not (a miss
 * brings its end nearer), until the server says it is over.
 * @param {Run} S @param {RunTry} r @param {number} clientNow @returns {Run}
 */
export function tried(S, r, clientNow) {
  const shown = S.P.puzzle;
  // A storm's clock ran out here while a try was on its way: the score
  // still takes it if the server counted it.
  if (S.phase === "over" && S.kind === "storm" && r.counted) {
    return { ...S, score: Math.max(S.score, r.score), best: Math.max(S.best, r.best), newBest: S.newBest || r.new_best };
  }
  if (!shown || S.phase !== "playing") return S;
  const last = { right: r.right, answer: r.answer, counted: r.counted, puzzle: shown };
  const missed = r.counted && !r.right;
  // A try too late to count is no puzzle of the run.
  const done = r.counted ? [...S.done, { id: shown.id, game: shown.game, right: r.right, again: `/puzzles?id=${encodeURIComponent(shown.id)}` }] : S.done;
  const next = {
    ...S, score: r.score, best: r.best, newBest: S.newBest || r.new_best, last, done,
    deadline: S.kind === "storm" ? deadline(r.ends_ms, r.now_ms, clientNow) : null,
    misses: S.misses + (missed && S.kind === "storm" ? 1 : 0),
  };
  if (r.over || !r.puzzle) {
    // The puzzle stays, answered: the board shows what was tried.
    return { ...next, phase: "over", P: M.answered(S.P, { right: r.right, answer: r.answer, choices: [] }) };
  }
  return { ...next, P: M.show(M.start(), r.puzzle) };
}

/** A try that failed to reach the server: the player may pick again. @param {Run} S @returns {Run} */
export function unsent(S) {
  return { ...S, P: M.unsent(S.P) };
}

/** A storm's time left at `clientNow` (ms, never below 0); null for a streak. @param {Run} S @param {number} clientNow */
export function left(S, clientNow) {
  return S.deadline == null ? null : Math.max(0, S.deadline - clientNow);
}

/**
 * A storm whose clock ran out on this page: over with the score it has
 * (a try still on its way is the server's to refuse).
 * @param {Run} S @param {number} clientNow @returns {Run}
 */
export function tick(S, clientNow) {
  if (S.phase !== "playing" || S.kind !== "storm" || (left(S, clientNow) ?? 1) > 0) return S;
  return ended(S);
}

/**
 * The run over with the score it has: a storm's time up on this page, or
 * a try refused because the run had ended.
 * @param {Run} S @returns {Run}
 */
export function ended(S) {
  if (S.phase !== "playing") return S;
  const best = Math.max(S.best, S.score);
  return { ...S, phase: "over", best, newBest: S.newBest || S.score > S.startBest, P: { ...S.P, selected: null } };
}

/** Time left as the clock shows it, mm:ss, whole seconds rounded up (0.2 s left is 00:01). @param {number} ms */
export function clockText(ms) {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/** The times left that a screen reader is told (seconds), not every second. */
export const SPOKEN = [120, 60, 30, 10];

/**
 * The time left to announce when the clock goes from `before` ms to `now`
 * ms: the last of SPOKEN passed, else null.
 * @param {number} before @param {number} now @returns {number | null}
 */
export function spoken(before, now) {
  const passed = SPOKEN.filter((s) => before > s * 1000 && now <= s * 1000);
  return passed.length ? passed[passed.length - 1] : null;
}

/**
 * One try of the player's history as the server lists it.
 * @typedef {{ id: string, game: string, tried_ms: number, right: boolean, rated: boolean }} Entry
 */
/**
 * A history row's inputs: the game to name, the time to write, which
 * words for the result and the rating, and the address to try it again.
 * @typedef {{ id: string, game: string, when: Date, result: "solved" | "missed", rated: "rated" | "unrated", again: string }} Row
 */

/** The history's rows, newest first, malformed entries left out. @param {unknown} list @returns {Row[]} */
export function historyRows(list) {
  if (!Array.isArray(list)) return [];
  return list
    .filter((e) => e && typeof e.id === "string" && /^[a-z0-9-]{1,80}$/.test(e.id) && typeof e.game === "string" && Number.isFinite(e.tried_ms))
    .sort((a, b) => b.tried_ms - a.tried_ms)
    .map((e) => ({
      id: e.id, game: e.game, when: new Date(e.tried_ms),
      result: e.right ? "solved" : "missed", rated: e.rated ? "rated" : "unrated",
      again: `/puzzles?id=${encodeURIComponent(e.id)}`,
    }));
}
