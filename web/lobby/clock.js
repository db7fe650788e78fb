// @ts-check
// The new table's clock: none (casual), a time per move with a bank, one
// for the whole match, or a move a day or more by correspondence. The
// ranges are the server's (domino_engine::clock).

import { h } from "../dom.js";
import { t } from "../words.js";

/** The choices, by value: the time control the server takes. */
export const CLOCKS = {
  none: { kind: "none" },
  move15: { kind: "per_move", move_s: 15, bank_s: 60 },
  move30: { kind: "per_move", move_s: 30, bank_s: 300 },
  match10: { kind: "per_match", bank_s: 600 },
  day1: { kind: "correspondence", move_s: 86_400 },
  day3: { kind: "correspondence", move_s: 3 * 86_400 },
};

/**
 * The clock field: its label (with the select), the select, and the
 * chosen control. `keys`: the choices offered (all by default).
 */
export function clockSelect(id = "clock", keys = Object.keys(CLOCKS)) {
  const select = /** @type {HTMLSelectElement} */ (h("select", { id },
    keys.map((k) => h("option", { value: k }, t("clock-choice-" + k)))));
  const label = h("label", {}, t("lobby-clock"), " ", select);
  return { label, select, value: () => CLOCKS[select.value] || CLOCKS.none };
}

/**
 * Whether two time controls are the same (as the server writes them, or
 * as chosen here); a missing one is none.
 * @param {any} a @param {any} b
 */
export function sameClock(a, b) {
  const x = a || CLOCKS.none, y = b || CLOCKS.none;
  return x.kind === y.kind && x.move_s === y.move_s && x.bank_s === y.bank_s;
}

/** A time control in words: one of the choices' names. @param {any} tc */
export function clockName(tc) {
  const k = Object.keys(CLOCKS).find((key) => sameClock(CLOCKS[key], tc));
  return k ? t("clock-choice-" + k) : t("clock-choice-none");
}
