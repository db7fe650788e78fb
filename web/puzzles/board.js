// @ts-check
// A puzzle drawn to be answered, as every mode of the puzzles page shows
// it (one puzzle, a streak, a storm): the board (draw.js, or for the
// trains family the table's station), the other seats' tiles, the hand so
// far, the prompt, the end buttons and the mover's tiles to click. The
// state is model.js's; the page decides what a pick does.

import { h, fill } from "../dom.js";
import { t, orList } from "../words.js";
import { facts } from "../games.js";
import { drawLayout, drawEnds, tileSvg, el as svgEl } from "../draw.js";
import { endNameAt } from "../names.js";
import { endsSummary } from "../a11y.js";
import { people } from "../names.js";
import { isStation, trainOn } from "../trains.js";
import { newTable } from "../table/model.js";
import { renderStation } from "../table/stationview.js";
import { trainChoices } from "../table/station.js";
import * as M from "./model.js";

/** @typedef {import("./model.js").Puzzles} Puzzles */
/** @typedef {import("../types/Action").Action} Action */
/** A pick's outcome: the state after it, and the play to try if it makes one. @typedef {{ S: Puzzles, play: Action | null }} Picked */

/**
 * The elements a puzzle is drawn into; the page puts them where it wants
 * (`boardBox` holds the board, the station and its summary).
 * @returns {{ boardBox: HTMLElement, board: SVGSVGElement, station: HTMLElement, summary: HTMLElement, others: HTMLElement, soFar: HTMLElement, prompt: HTMLElement, endBtns: HTMLElement, hand: HTMLElement }}
 */
export function boardParts() {
  // A group, as the table's board: its ends may be picked.
  const board = /** @type {SVGSVGElement} */ (svgEl("svg", { class: "board", id: "puzzleboard", role: "group", "aria-label": t("a11y-board") }));
  // The trains family's board, as the table draws it: its open ends are buttons.
  const station = h("div", { class: "station", id: "puzzlestation", role: "group", "aria-label": t("a11y-board"), hidden: true });
  const summary = h("p", { class: "sr", id: "puzzlestationsummary" });
  return {
    boardBox: h("div", { class: "puzzleboardbox" }, board, station, summary),
    board,
    station,
    summary,
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
  // The box holds the board and the station themselves: emptied, it would
  // lose them, and every later puzzle would be drawn out of the page.
  for (const [name, e] of Object.entries(parts)) if (name !== "boardBox") fill(e);
}

/**
 * The seats of a puzzle as the table names them: the mover is "you", the
 * others by their place to the mover (the station labels their trains so).
 * @param {import("./model.js").Shown} p
 */
export function puzzlePeople(p) {
  const n = p.state.hands.length;
  const seats = p.state.hands.map((_, s) => ({ name: t("puzzle-player", { role: M.seatRole(n, !!p.facts?.partners, p.seat, s) }) }));
  return people(seats, /** @type {any} */ (p.state), p.seat, facts(p.facts));
}

/**
 * How a play reads: its tile, and the number of its end when the tile fits
 * two (in the trains family, the train it goes on).
 * @param {import("./model.js").Shown} p @param {Action} a
 */
export function playWords(p, a) {
  if (a.type !== "play") return a.type;
  if (isStation(facts(p.facts).layout) && a.end != null && p.choices.filter((c) => c.type === "play" && c.tile === a.tile).length > 1) {
    return t("puzzle-play-train", { tile: a.tile, on: trainOn(puzzlePeople(p), p.layout, a.end) });
  }
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
  const steps = M.line(S);
  const step = steps && S.step >= 0 ? steps[S.step] : null;
  const layout = step ? step.layout : p.layout;
  const choosable = M.endsFor(S);
  const atEnd = (/** @type {number} */ end) => pick(M.pickEnd(S, end));
  const cancel = choosable.size && !S.tried ? [h("button", { type: "button", class: "quiet", id: "puzzlecancel",
    onclick: () => pick({ S: { ...S, selected: null }, play: null }) }, t("act-cancel"))] : [];
  if (isStation(game.layout)) {
    const P = puzzlePeople(p);
    const T = stationTable(p, layout, { played: step && steps ? steps.slice(0, S.step + 1) : null, selected: S.selected, live: !S.tried && !step });
    renderStation(T, { board, station: parts.station, boardWrap: parts.boardBox, boardSummary: parts.summary }, P, atEnd);
    fill(endBtns, ...(S.tried || !S.selected ? [] : trainChoices(T, P, S.selected).map((c) => h("button", {
      type: "button", class: "endchoice trainchoice", "data-end": c.id, onclick: () => atEnd(c.id) }, t("act-on-train", { train: c.name, pips: c.pips })))), ...cancel);
  } else {
    board.classList.remove("gone");
    parts.station.hidden = true;
    fill(parts.summary);
    const width = Math.max(game.layout === "line" ? 340 : 420, Math.min(1000, board.clientWidth || 800));
    const ends = step
      ? drawLayout(board, step.layout, width, null, game.branches, step.action.type === "play" ? step.action.tile : null, "")
      : drawLayout(board, p.layout, width, p.state.history, game.branches, null, "");
    board.setAttribute("aria-label", `${t("a11y-board")}. ${endsSummary(layout, ends || [], t("board-empty"))}`);
    drawEnds(board, ends, atEnd, choosable.size ? choosable : null);
    fill(endBtns, ...(S.tried ? [] : [...choosable].map((end) => {
      const e = (ends || []).find((x) => x.id === end) || { id: end, pips: "" };
      return h("button", { type: "button", class: "endchoice", "data-end": end, onclick: () => atEnd(end) }, t("act-on-end", { end: endNameAt(layout, e), pips: e.pips }));
    })), ...cancel);
  }
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

/**
 * A trains puzzle as the table's station reads it: the position's state,
 * with its choices as the mover's legal plays while it is `live` (to be
 * answered) and the tile `selected`. At a step of the played-out line
 * (`played`, the line so far) the state has only its layout and plays:
 * the double owed then is not known, so none is shown as owed.
 * @param {import("./model.js").Shown} p @param {any} layout
 * @param {{ played?: import("./model.js").Played[] | null, selected?: string | null, live?: boolean }} [how]
 */
export function stationTable(p, layout, { played = null, selected = null, live = false } = {}) {
  const T = newTable();
  const st = /** @type {any} */ (p.state);
  const trains = st.trains && played ? { ...st.trains, owed: [], chaining: false } : st.trains;
  const history = played ? [...st.history, ...played.map((x) => ({ seat: x.seat, action: x.action }))] : st.history;
  T.msg = /** @type {any} */ ({ layout, seat: p.seat, started: true, facts: p.facts,
    state: { ...st, trains, history, to_act: played ? null : p.seat, legal: live ? p.choices : [] } });
  T.selected = live ? selected : null;
  return T;
}
