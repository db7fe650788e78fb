// @ts-check
// A puzzle drawn to be answered, as every mode of the puzzles page shows
// it (one puzzle, a streak, a storm): the board (draw.js), the other
// seats' tiles, the hand so far, the prompt, the end buttons and the
// mover's tiles to click. The state is model.js's; the page decides what
// a pick does.

import { h, fill } from "../dom.js";
import { t, orList } from "../words.js";
import { facts } from "../games.js";
import { drawLayout, drawEnds, tileSvg, el as svgEl } from "../draw.js";
import { endNameAt } from "../names.js";
import { endsSummary } from "../a11y.js";
import * as M from "./model.js";

/** @typedef {import("./model.js").Puzzles} Puzzles */
/** @typedef {import("../types/Action").Action} Action */
/** A pick's outcome: the state after it, and the play to try if it makes one. @typedef {{ S: Puzzles, play: Action | null }} Picked */

/**
 * The elements a puzzle is drawn into; the page puts them where it wants.
 * @returns {{ board: SVGSVGElement, others: HTMLElement, soFar: HTMLElement, prompt: HTMLElement, endBtns: HTMLElement, hand: HTMLElement }}
 */
export function boardParts() {
  return {
    // A group, as the table's board: its ends may be picked.
    board: /** @type {SVGSVGElement} */ (svgEl("svg", { class: "board", id: "puzzleboard", role: "group", "aria-label": t("a11y-board") })),
    others: h("div", { id: "puzzleothers", class: "puzzleothers" }),
    // The hand so far: a counting puzzle's passes in sight, every turn on demand.
    soFar: h("div", { id: "puzzlesofar" }),
    prompt: h("p", { id: "puzzleprompt" }),
    // A tile that fits two ends: the ends as buttons, as at the table.
    endBtns: h("div", { id: "puzzleends", class: "buttons" }),
    hand: h("div", { class: "hand", id: "puzzlehand", role: "group", "aria-label": t("puzzle-your-hand") }),
  };
}

/** The parts emptied: no puzzle to show. @param {ReturnType<typeof boardParts>} parts */
export function clearParts(parts) {
  for (const e of Object.values(parts)) fill(e);
}

/**
 * How a play reads: its tile, and the number of its end when the tile fits two.
 * @param {import("./model.js").Shown} p @param {Action} a
 */
export function playWords(p, a) {
  if (a.type !== "play") return a.type;
  const pips = M.endPips(p, a);
  return pips == null ? a.tile : t("puzzle-play-at", { tile: a.tile, pips });
}

/** A puzzle's game and kind, for a puzzle shown without ratings. @param {import("./model.js").Shown} p */
export function plainInfo(p) {
  return t("puzzle-plain-info", { game: t("game-title", { preset: p.game }), kind: p.kind });
}

/**
 * The puzzle of `S` drawn into `parts` (at the step of its played-out line
 * when one is shown); `pick` gets each tile or end picked.
 * @param {ReturnType<typeof boardParts>} parts @param {Puzzles} S @param {(r: Picked) => void} pick
 */
export function drawPuzzle(parts, S, pick) {
  const p = S.puzzle;
  if (!p) return;
  const { board, others, prompt, endBtns, hand } = parts;
  // The keyboard's place survives the redraw: a tile picked that waits for
  // its end hands the focus to the end buttons, else it stays on its tile.
  const had = document.activeElement;
  const focused = had && (hand.contains(had) || endBtns.contains(had)) ? had.getAttribute("data-tile") || "end" : null;
  const game = facts(p.facts);
  const width = Math.max(game.layout === "line" ? 340 : 420, Math.min(1000, board.clientWidth || 800));
  const steps = M.line(S);
  const step = steps && S.step >= 0 ? steps[S.step] : null;
  const ends = step
    ? drawLayout(board, step.layout, width, null, game.branches, step.action.type === "play" ? step.action.tile : null, "")
    : drawLayout(board, p.layout, width, p.state.history, game.branches, null, "");
  board.setAttribute("aria-label", `${t("a11y-board")}. ${endsSummary(step ? step.layout : p.layout, ends || [], t("board-empty"))}`);
  const choosable = M.endsFor(S);
  const atEnd = (/** @type {number} */ end) => pick(M.pickEnd(S, end));
  drawEnds(board, ends, atEnd, choosable.size ? choosable : null);
  const layout = step ? step.layout : p.layout;
  fill(endBtns, ...(S.tried ? [] : [...choosable].map((end) => {
    const e = (ends || []).find((x) => x.id === end) || { id: end, pips: "" };
    return h("button", { type: "button", class: "endchoice", "data-end": end, onclick: () => atEnd(end) }, t("act-on-end", { end: endNameAt(layout, e), pips: e.pips }));
  })), ...(choosable.size && !S.tried ? [h("button", { type: "button", class: "quiet", id: "puzzlecancel",
    onclick: () => pick({ S: { ...S, selected: null }, play: null }) }, t("act-cancel"))] : []));
  const hands = M.handsNow(S);
  fill(others, ...hands.map((hd, seat) => seat === p.seat ? null
    : h("div", { class: "puzzleseat" }, t("puzzle-seat", { role: M.seatRole(p.state.hands.length, !!p.facts.partners, p.seat, seat) }), " ",
      ...(Array.isArray(hd) ? hd.map((tl) => h("span", { class: "minitile" }, tileSvg(tl))) : [t("puzzle-tiles", { count: hd })]))));
  prompt.textContent = S.tried ? "" : S.selected ? t("puzzle-pick-end") : t(p.kind === "counting" ? "puzzle-prompt-counting" : "puzzle-prompt-open", { worlds: p.worlds ?? 0 });
  const can = M.playable(p);
  fill(hand, ...M.myTiles(p, hands).map((tl) => {
    const on = can.has(tl) && !S.tried;
    const b = h("button", { type: "button", class: "handtile" + (on ? " legal" : " unplayable") + (S.selected === tl ? " selected" : ""),
      "data-tile": tl, "aria-label": tl, "aria-pressed": S.selected === tl ? "true" : "false", ...(on ? {} : { "aria-disabled": "true" }) }, tileSvg(tl));
    b.addEventListener("click", () => pick(M.pickTile(S, tl)));
    return b;
  }));
  drawSoFar(parts.soFar, p);
  if (focused) {
    const to = S.selected && !S.tried ? endBtns.querySelector(".endchoice")
      : hand.querySelector(focused === "end" ? ".handtile" : `[data-tile="${focused}"]`);
    /** @type {HTMLElement | null} */ (to)?.focus();
  }
}

/** Who passed or drew on what (counting), and every turn so far. @param {HTMLElement} soFar @param {import("./model.js").Shown} p */
function drawSoFar(soFar, p) {
  /** @param {import("./model.js").Turn} tn */
  const turnWords = (tn) => t("puzzle-turn", { role: tn.role, what: tn.what, tile: tn.tile, ends: orList(tn.ends) });
  const missed = M.passes(p);
  fill(soFar,
    p.kind === "counting"
      ? h("p", { id: "puzzlepasses" }, missed.length
        ? [h("strong", {}, t("puzzle-passes")), " ", missed.map(turnWords).join(" · ")]
        : t("puzzle-passes-none"))
      : null,
    h("details", { id: "puzzlehistory" }, h("summary", {}, t("puzzle-history")),
      h("ol", { class: "puzzleturns" }, ...M.turns(p).map((tn) => h("li", {}, turnWords(tn))))));
}
