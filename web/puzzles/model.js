// @ts-check
// The puzzles page's state, pure: the puzzle shown, the tile picked, the
// try and its answer. The page (page.js) fetches and draws; this decides.

import { reasonId } from "../table/model.js";

/** @typedef {import("../types/Action").Action} Action */
/** @typedef {{ rating: number, deviation: number }} Rating */
/** @typedef {{ before: Rating, after: Rating }} Moved */
/**
 * A puzzle as the server shows it (never its answer).
 * @typedef {{ id: string, game: string, kind: "open" | "counting", themes: string[], seat: number,
 *   state: { hands: (string[] | number)[], history: any[], ends: { id: number, pips: number }[] }, layout: any, facts: any,
 *   choices: Action[], missed?: Missed[], worlds?: number, rating?: Rating, player?: Rating }} Shown
 */
/** A pass or draw so far (`at` in the state's history) with the numbers open then. @typedef {{ at: number, seat: number, ends: number[] }} Missed */
/** One turn of the hand so far, as the page says it. @typedef {{ role: string, what: "play" | "pass" | "draw", tile: string, ends: number[] }} Turn */
/** @typedef {{ action: Action, value: number, best_in?: number }} Choice */
/** @typedef {{ seat: number, action: Action, layout: any }} Played */
/**
 * The answer explained from the mover's view: the expert's reasons (as the
 * table's hints give them), who passed on what, which numbers are all seen.
 * @typedef {{ why: { why: string, seat?: number, ends?: number[], [k: string]: unknown }[],
 *   lacks: { seat: number, numbers: number[] }[], all_seen: number[] }} Explained
 */
/**
 * `player` and `puzzle`: the ratings moved (none for the player's own
 * puzzles, which are not rated); `played`: an own puzzle's play in the match.
 * @typedef {{ right: boolean, unrated?: "tried-before" | "not-served", answer: Action, choices: Choice[], player?: Moved, puzzle?: Moved, played?: Action,
 *   line?: Played[], your_line?: Played[], explained?: Explained }} Tried
 */
/**
 * `step`: how far the played-out line is shown (-1: the position itself);
 * `yours`: the line from the player's play rather than from the answer;
 * `hidden`: a miss whose answer is kept back, for the player to try again
 * (unrated) or ask for it.
 * @typedef {{ puzzle: Shown | null, selected: string | null, mine: Action | null,
 *   tried: Tried | null, theme: string, game: string, step: number, yours: boolean, hidden?: boolean }} Puzzles
 */

/** The themes a player may ask for (docs/puzzles.md, "Themes"). */
export const THEMES = ["blocking", "domino", "capicu", "cutting", "partner-number", "scoring", "double", "passes"];

/**
 * A page's start, with the theme and game asked for (a game is the server's
 * to check: an unknown one gets its refusal).
 * @param {string} theme @param {string} game @returns {Puzzles}
 */
export function start(theme = "", game = "") {
  return { puzzle: null, selected: null, mine: null, tried: null, theme: THEMES.includes(theme) ? theme : "", game: /^[a-z0-9-]{1,40}$/.test(game) ? game : "", step: -1, yours: false };
}

/** A new puzzle to solve. @param {Puzzles} S @param {Shown} puzzle @returns {Puzzles} */
export function show(S, puzzle) {
  return { ...S, puzzle, selected: null, mine: null, tried: null, step: -1, yours: false, hidden: false };
}

/** The mover's tiles (in `hands`, by default the puzzle's). @param {Shown} p @param {(string[] | number)[]} [hands] @returns {string[]} */
export function myTiles(p, hands = p.state.hands) {
  const h = hands[p.seat];
  return Array.isArray(h) ? h : [];
}

/**
 * The number of the end a play goes to, when its tile fits more than one
 * end (else null: the tile says it all).
 * @param {Shown} p @param {Action} a @returns {number | null}
 */
export function endPips(p, a) {
  if (a.type !== "play" || a.end == null) return null;
  const ends = p.choices.filter((c) => c.type === "play" && c.tile === a.tile).length;
  if (ends < 2) return null;
  const end = p.state.ends.find((e) => e.id === a.end);
  return end ? end.pips : null;
}

/**
 * Who another seat is to the mover: `partner`, `next` (plays after the
 * mover), `before` (plays just before) or `across` (neither, no partner).
 * @param {number} players @param {boolean} partners @param {number} mover @param {number} seat
 */
export function seatRole(players, partners, mover, seat) {
  const offset = (seat - mover + players) % players;
  if (partners && offset === players / 2) return "partner";
  if (offset === 1) return "next";
  if (offset === players - 1) return "before";
  return "across";
}

/**
 * The explanation as messages to put into words: each an id of the
 * catalogs and its arguments, seats given as their role to the mover
 * (`role`), lists of numbers as lists (the page joins them). A counting
 * puzzle's passes go into `count`, the reasoning the puzzle is about:
 * who passed on what, so only so many deals are possible, and the answer
 * is best in every one (the page adds the answer in words); `null` for an
 * open puzzle.
 * `choices`: the plays with their values, for an answer the expert's
 * reasons cannot explain.
 * @param {Shown} p @param {Explained} e @param {Choice[]} [choices]
 * @returns {{ why: Said[], known: Said[], count: Said | null }}
 */
export function explanation(p, e, choices = []) {
  const role = (/** @type {number} */ seat) => seatRole(p.state.hands.length, !!p.facts?.partners, p.seat, seat);
  // "The expert's search rates it best" is no reason a player can follow:
  // the values the solver found, played to the hand's end, are.
  const values = choices.map((c) => c.value).sort((a, b) => b - a);
  const searchOnly = e.why.length > 0 && e.why.every((r) => r.why === "search");
  if (searchOnly && values.length > 1) {
    e = { ...e, why: [] };
  }
  /** @type {Said[]} */
  const worth = searchOnly && values.length > 1 ? [{ id: "puzzle-why-worth", args: { best: values[0], next: values[1] } }] : [];
  const why = worth.concat(e.why.map((r) => {
    /** @type {Record<string, unknown>} */
    const args = { ...r };
    if (r.seat != null) args.role = role(r.seat);
    // The table's "covers" names a player; a role needs its own grammar ("del siguiente jugador").
    return { id: r.why === "covers" && r.seat != null ? "puzzle-why-covers" : reasonId(r.why), args };
  }));
  const counting = p.kind === "counting" && p.worlds != null;
  const passed = e.lacks.map((l) => ({ id: counting ? "puzzle-count-passed" : "puzzle-lacks", args: { role: role(l.seat), numbers: l.numbers } }));
  const seen = e.all_seen.map((n) => ({ id: "puzzle-all-seen", args: { number: n } }));
  if (!counting) return { why, known: [...passed, ...seen], count: null };
  const count = passed.length
    ? { id: "puzzle-count-passes", args: { passes: passed, worlds: p.worlds } }
    : { id: "puzzle-count-seen", args: { worlds: p.worlds } };
  return { why, known: seen, count };
}

/** @typedef {{ id: string, args: Record<string, unknown> }} Said */

/**
 * The hand so far, oldest first: who laid what, and who passed or drew
 * with which numbers open (the mover is `you`).
 * @param {Shown} p @returns {Turn[]}
 */
export function turns(p) {
  const open = new Map((p.missed ?? []).map((m) => [m.at, m.ends]));
  return p.state.history.flatMap((e, i) => {
    const what = e.action?.type;
    if (what !== "play" && what !== "pass" && what !== "draw") return [];
    const role = e.seat === p.seat ? "you" : seatRole(p.state.hands.length, !!p.facts?.partners, p.seat, e.seat);
    return [{ role, what, tile: what === "play" ? e.action.tile : "", ends: open.get(i) ?? [] }];
  });
}

/**
 * The passes and draws so far, what a counting puzzle is read from; a
 * seat's draws of one turn said once.
 * @param {Shown} p @returns {Turn[]}
 */
export function passes(p) {
  /** @type {Turn[]} */
  const out = [];
  let prev = null;
  for (const tn of turns(p)) {
    if (tn.what !== "play") {
      const again = prev && prev.what === "draw" && tn.what === "draw" && prev.role === tn.role;
      if (!again) out.push(tn);
    }
    prev = tn;
  }
  return out;
}

/** The tiles that have a play. @param {Shown} p @returns {Set<string>} */
export function playable(p) {
  return new Set(p.choices.flatMap((a) => (a.type === "play" ? [a.tile] : [])));
}

/**
 * Picking a tile: its play when it has one place, else the tile waits for
 * an end (`selected`); nothing once the puzzle is tried.
 * @param {Puzzles} S @param {string} tile
 * @returns {{ S: Puzzles, play: Action | null }}
 */
export function pickTile(S, tile) {
  if (!S.puzzle || S.tried) return { S, play: null };
  const plays = S.puzzle.choices.filter((a) => a.type === "play" && a.tile === tile);
  if (plays.length === 1) return { S: { ...S, selected: null, mine: plays[0] }, play: plays[0] };
  if (plays.length === 0 || S.selected === tile) return { S: { ...S, selected: null }, play: null };
  return { S: { ...S, selected: tile }, play: null };
}

/** The ends the selected tile may go to. @param {Puzzles} S @returns {Set<number>} */
export function endsFor(S) {
  if (!S.puzzle || !S.selected) return new Set();
  return new Set(S.puzzle.choices.flatMap((a) => (a.type === "play" && a.tile === S.selected && a.end != null ? [a.end] : [])));
}

/** Picking an end for the selected tile. @param {Puzzles} S @param {number} end @returns {{ S: Puzzles, play: Action | null }} */
export function pickEnd(S, end) {
  if (!S.puzzle || !S.selected || S.tried) return { S, play: null };
  const play = S.puzzle.choices.find((a) => a.type === "play" && a.tile === S.selected && a.end === end) || null;
  return { S: play ? { ...S, selected: null, mine: play } : S, play };
}

/**
 * The server's answer to the try; a miss keeps its answer back, for the
 * player to try again or ask for it.
 * @param {Puzzles} S @param {Tried} tried @returns {Puzzles}
 */
export function answered(S, tried) {
  return { ...S, tried, step: -1, yours: false, hidden: !tried.right };
}

/** The answer of a miss, asked for. @param {Puzzles} S @returns {Puzzles} */
export function reveal(S) {
  return { ...S, hidden: false };
}

/** The same puzzle again after a miss (the server rates only the first try). @param {Puzzles} S @returns {Puzzles} */
export function retry(S) {
  if (!S.tried || !S.hidden) return S;
  return { ...S, tried: null, mine: null, selected: null, step: -1, yours: false, hidden: false };
}

/** The line being shown, if the answer came with one. @param {Puzzles} S @returns {Played[] | null} */
export function line(S) {
  const tr = S.tried;
  if (!tr || S.hidden) return null;
  return (S.yours ? tr.your_line : tr.line) ?? null;
}

/**
 * Another step of the line shown, kept between the position (-1) and the
 * line's last step.
 * @param {Puzzles} S @param {number} step @returns {Puzzles}
 */
export function stepTo(S, step) {
  const l = line(S);
  if (!l) return S;
  return { ...S, step: Math.max(-1, Math.min(l.length - 1, step)) };
}

/** The other line (from the answer, or from the player's play), from its start. @param {Puzzles} S @param {boolean} yours @returns {Puzzles} */
export function showLine(S, yours) {
  if (yours && !S.tried?.your_line) return S;
  return { ...S, yours, step: -1 };
}

/**
 * Every seat's tiles once the line shown has gone to `S.step`: the tiles
 * played so far taken out of the puzzle's hands (a count stays a count).
 * @param {Puzzles} S @returns {(string[] | number)[]}
 */
export function handsNow(S) {
  const p = S.puzzle;
  if (!p) return [];
  const l = line(S) ?? [];
  const played = new Set(l.slice(0, S.step + 1).flatMap((s) => (s.action.type === "play" ? [s.action.tile] : [])));
  return p.state.hands.map((hd) => (Array.isArray(hd) ? hd.filter((tl) => !played.has(tl)) : hd));
}

/** A try that failed to reach the server: the player may pick again. @param {Puzzles} S @returns {Puzzles} */
export function unsent(S) {
  return { ...S, mine: null, selected: null };
}

/** Whether two plays are the same (a claim does not change the play). @param {Action | null} a @param {Action | null} b */
export function samePlay(a, b) {
  if (!a || !b) return false;
  if (a.type === "play" && b.type === "play") return a.tile === b.tile && (a.end ?? null) === (b.end ?? null);
  return a.type === b.type;
}

/**
 * The plays with the solver's values, best first, marking the answer and
 * the player's own.
 * @param {Tried} tried @param {Action | null} mine
 * @returns {{ action: Action, value: number, bestIn: number | null, answer: boolean, mine: boolean }[]}
 */
export function rows(tried, mine) {
  return tried.choices
    .map((c) => ({ action: c.action, value: c.value, bestIn: c.best_in ?? null, answer: samePlay(c.action, tried.answer), mine: samePlay(c.action, mine) }))
    .sort((a, b) => b.value - a.value || Number(b.answer) - Number(a.answer));
}

/** A rating as shown: whole points. @param {Rating} r */
export const points = (r) => Math.round(r.rating);

/** A rating's change as shown, signed. @param {Moved} m */
export function change(m) {
  const d = points(m.after) - points(m.before);
  return d > 0 ? `+${d}` : `${d}`;
}

const GUEST = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The guest's browser id: the one kept, else a new one from `random`
 * (16 bytes), to keep.
 * @param {string | null} kept @param {() => Uint8Array} random
 */
export function guestId(kept, random) {
  if (kept && GUEST.test(kept)) return kept;
  return Array.from(random(), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The query of the next puzzle. @param {Puzzles} S @param {string} guest */
export function nextQuery(S, guest) {
  const q = new URLSearchParams({ guest });
  if (S.theme) q.set("theme", S.theme);
  if (S.game) q.set("game", S.game);
  if (S.puzzle) q.set("skip", S.puzzle.id);
  return q.toString();
}
