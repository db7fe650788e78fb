// @ts-check
// The seats around the felt: you at the bottom, the others placed by
// games.js, each with its name, tags, turn, counts and the backs of its
// tiles; the boneyard above; a chat line's bubble beside its seat.

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { placeSeats } from "../games.js";
import { backSvg } from "../draw.js";
import { icon } from "../icons.js";
import { botBadge } from "../badge.js";
import { seatView, boneyardShown, droppedWords } from "./model.js";

/** @typedef {import("./model.js").Table} Table */
/** @typedef {import("./parts.js").Parts} Parts */
/** @typedef {import("../types/hand").People} People */

/**
 * @param {Table} S
 * @param {Parts} el
 * @param {People} P
 * @param {(s: number, code: string) => HTMLElement} inviteButton
 */
export function renderSeats(S, el, P, inviteButton) {
  const m = S.msg;
  if (!m) return;
  const st = m.state;
  // The state's rules are resolved: they always name the players.
  const n = /** @type {number} */ (st.rules.players);
  const place = placeSeats(n, m.seat != null ? m.seat : 0);
  for (const spot of Object.values(el.spots)) fill(spot);
  for (let s = 0; s < n; s++) el.spots[place[s]].append(seatPanel(S, P, s, inviteButton));
  const bones = boneyardShown(st);
  if (bones != null) el.spots.top.append(h("div", { class: "boneyard", id: "boneyard" }, t("boneyard", { count: bones })));
}

/**
 * @param {Table} S
 * @param {People} P
 * @param {number} s
 * @param {(s: number, code: string) => HTMLElement} inviteButton
 */
function seatPanel(S, P, s, inviteButton) {
  const v = seatView(S, P, s);
  return h("div", { class: v.cls, "data-seat": s, id: `seat-${s}` },
    h("div", { class: "who" },
      h("b", { class: "name" }, v.label), v.botAccount ? [" ", botBadge()] : null,
      v.tags.length ? h("span", { class: "tag", title: v.levelTip }, v.tags.join(" · ")) : null),
    h("div", { class: "marks" },
      v.turn ? h("span", { class: "turn" }, v.turn) : null,
      v.out ? h("span", { class: "out" }, t("seat-out")) : null,
      v.count != null ? h("span", { class: "count" }, t("seat-tiles", { count: v.count })) : null,
      v.passes ? h("span", { class: "passes" }, t("seat-passes", { count: v.passes })) : null,
      v.ready ? h("span", { class: "ready" }, icon("tick"), " ", t("seat-ready")) : null,
      v.droppedUntil != null ? h("span", { class: "dropped", "data-until": v.droppedUntil }, droppedWords(v.droppedUntil, Date.now())) : null),
    v.backs != null ? h("span", { class: "backs", "aria-hidden": "true" }, Array.from({ length: v.backs }, backSvg)) : null,
    v.invite ? inviteButton(s, v.invite) : null,
    h("div", { class: "bubble", hidden: true }));
}

/** @type {WeakMap<Element, ReturnType<typeof setTimeout>>} */
const bubbleTimers = new WeakMap();

/**
 * A chat line shows for a few seconds beside the seat that said it.
 * @param {number | null | undefined} seat
 * @param {string | Node} said
 */
export function bubble(seat, said) {
  const b = seat != null ? /** @type {HTMLElement | null} */ (document.querySelector(`#seat-${seat} .bubble`)) : null;
  if (!b) return;
  fill(b, said);
  b.hidden = false;
  clearTimeout(bubbleTimers.get(b));
  bubbleTimers.set(b, setTimeout(() => (b.hidden = true), 5000));
}

/** The dropped players' countdowns, a second less (between states). */
export function tickDropped() {
  for (const x of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".seat .dropped[data-until]"))) {
    const words = droppedWords(Number(x.dataset.until), Date.now());
    if (x.textContent !== words) x.textContent = words;
  }
}
