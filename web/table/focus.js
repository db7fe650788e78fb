// @ts-check
// Where the keyboard's focus goes: to your hand's tab stop, to a playable
// tile when your turn comes, to the button that goes on after a hand; never
// away from a field the player is typing in.

import { focusIn } from "../a11y.js";

/** @typedef {import("./model.js").Table} Table */
/** @typedef {import("./parts.js").Parts} Parts */

/** Whether the player is typing in a field. */
export function typing() {
  const a = /** @type {HTMLElement | null} */ (document.activeElement);
  return !!a && (a.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(a.tagName));
}

/**
 * Focus the hand's tab stop; false when there is no hand.
 * @param {Table} S
 * @param {Parts} el
 */
export function focusHandOf(S, el) {
  const tiles = el.handTiles();
  if (!tiles.length) return false;
  const k = Math.max(0, tiles.findIndex((b) => b.dataset.tile === S.handFocus));
  focusIn(tiles, k);
  S.handFocus = tiles[k].dataset.tile ?? null;
  return true;
}

/**
 * Your turn: to a playable tile, else to the first thing you may do.
 * @param {Table} S
 * @param {Parts} el
 */
export function focusTurn(S, el) {
  if (typing()) return;
  const legal = el.handTiles().filter((b) => b.classList.contains("legal"));
  if (legal.length) {
    if (!legal.some((b) => b.dataset.tile === S.handFocus)) S.handFocus = legal[0].dataset.tile ?? null;
    focusHandOf(S, el);
    return;
  }
  const b = el.buttons.querySelector("button");
  if (b) b.focus();
  else focusHandOf(S, el);
}

/** The hand or the match is over: to the button that goes on. */
export function focusAfterHand() {
  if (typing()) return;
  const b = document.getElementById("ready") || document.getElementById("rematch");
  if (b) b.focus();
}
