// @ts-check
// For players who use a keyboard or a screen reader: tiles and open ends
// named in words, the board's open ends as a sentence, arrow keys across a
// group of controls (one tab stop for the group), and the polite live
// region that tells what happened at the table without flooding.

import { h } from "./dom.js";
import { t, semiList } from "./words.js";
import { parseTile } from "./draw.js";
import { endName, endNameAt } from "./names.js";
import { isStation, trainOn, trainName } from "./trains.js";

/**
 * A number of pips as a word ("six", "blank"), in the page's language.
 * @param {number} n
 */
export function pipWord(n) {
  const id = `a11y-pips-${n}`;
  const w = t(id);
  return w === id ? String(n) : w;
}

/**
 * A tile in words ("six-four", "double six"): what a screen reader says.
 * @param {string} tile
 */
export function tileWords(tile) {
  const [a, b] = parseTile(tile);
  return a === b ? t("a11y-tile-double", { a: pipWord(a) }) : t("a11y-tile", { a: pipWord(a), b: pipWord(b) });
}

/**
 * An action in words ("play six-four on the left end", "draw a tile"):
 * `P` from names.js people, `layout` the board before the action, `me`
 * the viewer's seat (null for a spectator).
 * @param {import("./types/hand").People} P
 * @param {import("./types/Drawn").Drawn} layout
 * @param {import("./types/Action").Action} a
 * @param {number | null} me
 * @param {boolean} [chaining] a first-turn chain is being laid (a pass ends the turn)
 */
export function actionWords(P, layout, a, me, chaining = false) {
  let what;
  if (a.type === "play") {
    what = a.end == null ? t("a11y-hint-pose", { tile: tileWords(a.tile) })
      : isStation(P.shape) ? t("a11y-hint-play-train", { tile: tileWords(a.tile), on: trainOn(P, layout, a.end) })
      : t("a11y-hint-play", { tile: tileWords(a.tile), end: endName(layout, a.end) });
    if (a.claim) what = `${what}, ${t("ev-claim")}`;
  } else if (a.type === "pass" && chaining) what = t("a11y-hint-end-chain");
  else if (a.type === "choose_poser") what = t("a11y-hint-poser", { who: P.name(a.seat), self: a.seat === me });
  else what = t(`a11y-hint-${a.type}`);
  return what;
}

/**
 * A hand tile's name: its words and, on your turn, whether it can be played.
 * @param {string} tile
 * @param {boolean} playable
 * @param {boolean} myTurn
 */
export function handTileName(tile, playable, myTurn) {
  return t("a11y-hand-tile", { tile: tileWords(tile), playable: myTurn ? playable : "none" });
}

/**
 * The board's open ends as a sentence (`ends` from drawLayout).
 * @param {import("./types/Drawn").Drawn} layout
 * @param {{ id: number, pips: number | string }[]} ends
 * @param {string} emptyText
 * @param {import("./types/hand").People | null} [P] the people, where the game's lines are trains
 */
export function endsSummary(layout, ends, emptyText, P = null) {
  if (!ends.length) return emptyText;
  if (P && isStation(P.shape)) {
    const list = ends.map((e) => t("a11y-end-asks", { end: trainName(P, layout, e.id), pips: e.pips }));
    return t("a11y-station-ends", { ends: semiList(list) });
  }
  const list = ends.map((e) => t("a11y-end-asks", { end: endNameAt(layout, e), pips: e.pips }));
  return t("a11y-board-ends", { ends: semiList(list) });
}

/**
 * The same event with its tiles in words, for reading aloud.
 * @param {import("./types/Event").Event} e
 * @returns {import("./types/Event").Event}
 */
export function spokenEvent(e) {
  if (e.type === "drew" && e.tile) return { ...e, tile: tileWords(e.tile) };
  if (e.type === "action" && e.action.type === "play") return { ...e, action: { ...e.action, tile: tileWords(e.action.tile) } };
  return { ...e };
}

// The keys that move across a row of controls, and where each goes.
const MOVES = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/**
 * Arrow keys (and Home/End) across the controls `items()` returns inside
 * `container`: only one of them is in the tab order at a time (roving
 * tabindex), so Tab enters and leaves the group in one step. `onMove(el)`
 * learns which control holds the group's place.
 * @param {HTMLElement | SVGElement} container
 * @param {() => HTMLElement[]} items
 * @param {(el: HTMLElement) => void} [onMove]
 */
export function roving(container, items, onMove = () => {}) {
  container.addEventListener("keydown", (/** @type {KeyboardEvent} */ e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const list = items();
    const target = /** @type {HTMLElement} */ (e.target);
    const at = list.indexOf(/** @type {HTMLElement} */ (target.closest ? target.closest("[tabindex]") : target));
    if (at < 0) return;
    let next = null;
    if (e.key in MOVES) next = (at + MOVES[e.key] + list.length) % list.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = list.length - 1;
    if (next == null) return;
    e.preventDefault();
    focusIn(list, next);
    onMove(list[next]);
  });
}

/**
 * Give control `k` of `list` the group's tab stop, and focus it.
 * @param {(HTMLElement | SVGElement)[]} list
 * @param {number} k
 */
export function focusIn(list, k) {
  list.forEach((x, i) => x.setAttribute("tabindex", i === k ? "0" : "-1"));
  if (list[k]) list[k].focus();
}

/**
 * The table's live region: announcements are queued and spoken together,
 * so a round of computer players' moves is one announcement, said when it
 * is your turn, when the hand ends, or once the table has been quiet for
 * `quietMs` (and at the latest `maxMs` after the first, for a spectator of
 * a busy table). Each announcement is a paragraph of its own, the last few
 * kept.
 */
export class Announcer {
  constructor(quietMs = 1500, maxMs = 6000) {
    this.el = h("div", { class: "sr", id: "announce", "aria-live": "polite", "aria-relevant": "additions" });
    this.pending = [];
    this.quietMs = quietMs;
    this.maxMs = maxMs;
    this.since = null;
    this.timer = null;
  }

  /** Queue sentences; `now` speaks everything queued at once. */
  say(sentences, now = false) {
    for (const s of [sentences].flat()) if (s) this.pending.push(s);
    clearTimeout(this.timer);
    if (!this.pending.length) return;
    if (this.since == null) this.since = Date.now();
    const left = this.maxMs - (Date.now() - this.since);
    if (now || left <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), Math.min(this.quietMs, left));
  }

  flush() {
    clearTimeout(this.timer);
    this.since = null;
    if (!this.pending.length) return;
    const text = this.pending.map((s) => (/[.!?…]$/.test(s) ? s : s + ".")).join(" ");
    this.pending = [];
    this.el.append(h("p", {}, text));
    while (this.el.children.length > 6) this.el.firstElementChild.remove();
  }

  stop() {
    clearTimeout(this.timer);
  }
}
