// @ts-check
// The fair-deal panel: each hand's commitment, its key once revealed, the
// redeal rule, and the page's own check of the current hand (fair.js); the
// tick beside the title says where that check stands.

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { icon } from "../icons.js";
import { checkHand } from "../fair.js";

/** @typedef {import("./model.js").Table} Table */
/** @typedef {import("./model.js").DealCheck} DealCheck */
/** @typedef {import("./parts.js").Parts} Parts */
/** @typedef {import("../types/hand").People} People */
/** @typedef {import("../types/Reveal").Reveal} Reveal */

/**
 * @param {Table} S
 * @param {Parts} el
 * @param {People} P
 * @param {() => void} again redraw the panel (a check has finished)
 */
export function renderFair(S, el, P, again) {
  const m = S.msg;
  if (!m) return;
  const st = m.state;
  const fair = el.fair;
  const open = fair.open;
  const list = m.fair || [];
  const cur = list[list.length - 1];
  let tick = t("fair-sealed"), cls = "sealed";
  const rows = [];
  for (const f of list.slice().reverse().slice(0, 6)) {
    const rule = !f.redeal ? null : ["double", "never", "turn_over"].includes(f.redeal) ? t("fair-redeal-" + f.redeal) : t("fair-redeal-tile", { tile: f.redeal });
    const check = f.key ? checkFor(S, P, f, again) : null;
    rows.push(h("li", { "data-hand": f.hand },
      h("h3", {}, t("fair-hand", { n: f.hand })),
      h("dl", {},
        h("dt", {}, t("fair-commit")), h("dd", {}, h("code", {}, f.commit)),
        h("dt", {}, t("fair-key")), h("dd", {}, f.key ? h("code", {}, f.key) : t("fair-key-hidden")),
        rule ? [h("dt", {}, t("fair-redeal")), h("dd", {}, rule)] : null),
      check ? h("p", { class: "verdict", id: f.hand === st.hand_number ? "verified" : null }, check.done ? check.done.message : t("fair-checking")) : null));
  }
  if (cur && cur.key) {
    const c = checkFor(S, P, cur, again);
    if (c && c.done) { tick = c.done.ok ? t("fair-verified") : t("fair-failed"); cls = c.done.ok ? "ok" : "bad"; }
    else { tick = t("fair-checking"); cls = "checking"; }
  }
  /** @type {Record<string, string>} */
  const marks = { ok: "tick", bad: "cross", sealed: "lock" };
  const mark = marks[cls];
  fill(el.fairTick, mark ? [icon(mark), " "] : null, tick);
  el.fairTick.className = "linkish fairtick " + cls;
  el.fairTick.title = t("fair-title");
  fill(fair, h("summary", {}, h("h2", {}, t("fair-title"))), h("p", { class: "muted" }, t("fair-explain")), h("ol", { class: "fairlist" }, rows));
  fair.open = open;
}

/**
 * The page's own check of a revealed key (fair.js), once per hand.
 * @param {Table} S
 * @param {People} P
 * @param {Reveal} f
 * @param {() => void} again
 * @returns {DealCheck | null}
 */
function checkFor(S, P, f, again) {
  const m = /** @type {NonNullable<Table["msg"]>} */ (S.msg), st = m.state;
  let c = S.dealChecks.get(f.hand);
  if (c && c.key === f.key) return c;
  // Only the current hand's tiles are on this page to check against.
  if (f.hand !== st.hand_number || !st.hands.every(Array.isArray)) return c || null;
  const key = /** @type {string} */ (f.key);
  const shown = { facts: m.facts, rules: st.rules, hand: f.hand, key, commit: f.commit, redeal: f.redeal, hands: st.hands, history: st.history };
  const check = /** @type {DealCheck} */ ({ key, done: null });
  S.dealChecks.set(f.hand, check);
  checkHand(shown, (/** @type {number} */ s) => P.name(s))
    .catch((/** @type {Error} */ e) => ({ ok: false, message: t("fair-error", { why: e.message }) }))
    .then((/** @type {{ ok: boolean, message: string }} */ r) => { check.done = r; again(); });
  return check;
}
