// @ts-check
// Your hand (playable tiles marked, the one being placed pressed, one tab
// stop for the whole hand) and the buttons of what else you may do: the
// ends to choose, draw, pass, the poser, the claim, muggins and the hint.

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { facts } from "../games.js";
import { tileSvg } from "../draw.js";
import { endNameAt } from "../names.js";
import { handTileName } from "../a11y.js";
import { legalNow } from "./model.js";
import { isStation } from "../trains.js";
import { trainChoices } from "./station.js";

/** @typedef {import("./model.js").Table} Table */
/** @typedef {import("./parts.js").Parts} Parts */
/** @typedef {import("../types/hand").People} People */
/** @typedef {import("../types/Action").Action} Action */

/**
 * @typedef {{
 *   act: (a: Action) => void, playTile: (tile: string) => void, playAt: (end: number) => void,
 *   cancelChoice: () => void, toggleClaim: () => void, askHint: () => void, focusHand: () => boolean,
 * }} HandActions
 */

/**
 * @param {Table} S
 * @param {Parts} el
 * @param {HandActions} on
 */
export function renderHand(S, el, on) {
  const m = S.msg;
  if (!m) return;
  const st = m.state, me = m.seat;
  // Focus stays in the hand through a redraw: on the same tile, or on
  // the one now in its place.
  const was = el.handTiles();
  const focusedAt = was.indexOf(/** @type {HTMLElement} */ (document.activeElement));
  fill(el.handEl);
  const held = me != null ? st.hands[me] : null;
  // At the end of a hand every hand, yours too, is in the result.
  if (!Array.isArray(held) || st.result) { el.handEl.hidden = true; return; }
  el.handEl.hidden = false;
  const { plays } = legalNow(S);
  const myTurn = plays.length > 0;
  if (!S.handFocus || !held.includes(S.handFocus)) {
    const at = Math.max(0, was.findIndex((b) => b.dataset.tile === S.handFocus));
    S.handFocus = held[Math.min(at, held.length - 1)] ?? null;
  }
  for (const tile of held) {
    const ok = plays.some((a) => a.tile === tile);
    // Unplayable tiles stay focusable, so that they can be heard.
    const b = h("button", {
      type: "button", class: "handtile" + (ok ? " legal" : myTurn ? " unplayable" : "") + (S.selected === tile ? " selected" : "")
        + (S.hint && S.hint.tile === tile ? " hinted" : ""),
      "data-tile": tile, "aria-disabled": ok ? null : "true", "aria-pressed": S.selected === tile ? "true" : null,
      tabindex: tile === S.handFocus ? "0" : "-1",
      "aria-label": handTileName(tile, ok, myTurn), onclick: () => on.playTile(tile),
    }, tileSvg(tile));
    el.handEl.append(b);
  }
  if (focusedAt >= 0) on.focusHand();
}

/**
 * @param {Table} S
 * @param {Parts} el
 * @param {People} P
 * @param {HandActions} on
 */
export function renderButtons(S, el, P, on) {
  const m = S.msg;
  if (!m) return;
  const st = m.state, me = m.seat;
  const game = facts(m.facts);
  const { legal, plays } = legalNow(S);
  const buttons = el.buttons;
  fill(buttons);
  if (me == null || st.to_act !== me || !legal.length) return;
  if (S.selected && isStation(game.layout)) {
    // The trains the tile goes on, by name.
    for (const c of trainChoices(S, P, S.selected)) {
      buttons.append(h("button", { type: "button", class: "endchoice trainchoice", "data-end": c.id, onclick: () => on.playAt(c.id) },
        t("act-on-train", { train: c.name, pips: c.pips })));
    }
    buttons.append(h("button", { type: "button", class: "quiet", id: "cancel", onclick: on.cancelChoice }, t("act-cancel")));
    return;
  }
  if (S.selected) {
    const ends = S.ends || [];
    for (const a of plays.filter((x) => x.tile === S.selected && x.end != null)) {
      const end = /** @type {number} */ (a.end);
      const e = ends.find((x) => x.id === end) || { id: end, pips: "" };
      buttons.append(h("button", { type: "button", class: "endchoice", "data-end": end, onclick: () => on.playAt(end) },
        t("act-on-end", { end: endNameAt(m.layout, e), pips: e.pips })));
    }
    buttons.append(h("button", { type: "button", class: "quiet", id: "cancel", onclick: on.cancelChoice }, t("act-cancel")));
    return;
  }
  if (legal.some((a) => a.type === "draw")) buttons.append(h("button", { type: "button", id: "draw", onclick: () => on.act({ type: "draw" }) }, t("act-draw")));
  // Passing during a first turn's chain ends it (Mexican Train).
  const chaining = !!(st.trains && st.trains.chaining);
  if (legal.some((a) => a.type === "pass")) buttons.append(h("button", { type: "button", id: "pass", onclick: () => on.act({ type: "pass" }) }, t(chaining ? "act-end-chain" : "act-pass")));
  for (const a of legal) {
    if (a.type !== "choose_poser") continue;
    buttons.append(h("button", { type: "button", class: "poser", "data-seat": a.seat, onclick: () => on.act(a) }, t("act-poser", { who: P.name(a.seat), me: a.seat === me })));
  }
  // A switch, not an action: its state is written on it ("on"/"off").
  if (game.claims && plays.length) {
    buttons.append(h("button", { type: "button", id: "claim", class: "switch", "aria-pressed": S.claim ? "true" : "false", title: t("act-claim-help"),
      onclick: on.toggleClaim }, h("span", { class: "track", "aria-hidden": "true" }, h("span", { class: "knob" })), " ", t("act-claim"), " ",
      h("span", { class: "state", "aria-hidden": "true" }, t(S.claim ? "switch-on" : "switch-off"))));
  }
  if (game.claims === "muggins") {
    buttons.append(h("button", { type: "button", id: "muggins", title: t("act-muggins-help"), onclick: () => on.act({ type: "muggins" }) }, t("act-muggins")));
  }
  if (m.hints) buttons.append(h("button", { type: "button", id: "hint", class: "quiet", onclick: on.askHint }, t("a11y-hint-button")));
  // Where the hint button would be: why there is none.
  else if (m.rated) buttons.append(h("span", { class: "muted nohints", id: "nohints" }, t("table-no-hints")));
}
