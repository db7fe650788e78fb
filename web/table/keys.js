// @ts-check
// The table for the keyboard and screen readers: the table's keys (listed
// in the keys help beside the hand), what each state's events say, the
// expert's hint in your place, the board read out, the hand's focus.

import { t } from "../words.js";
import { refused } from "../conn.js";
import { people } from "../names.js";
import { actionWords } from "../a11y.js";
import { facts } from "../games.js";
import { spokenLines } from "./speech.js";
import { typing, focusHandOf } from "./focus.js";
import { hintReasons } from "./model.js";

/** @typedef {import("../types/StateMessage").StateMessage} StateMessage */
/** @typedef {import("../types/Action").Action} Action */

/**
 * @param {{
 *   S: import("./model.js").Table, el: import("./parts.js").Parts,
 *   conn: import("../conn.js").Conn, render: () => void,
 * }} ctx
 */
export function keyboard({ S, el, conn, render }) {
  const { announcer, buttons } = el;

  // What this state's events say, read out politely: the computer players'
  // moves gather until it is your turn (or the table goes quiet), your own
  // moves, the turn and the hand's end are said at once.
  /**
   * @param {StateMessage} m
   * @param {boolean} turnBegins
   */
  function announce(m, turnBegins) {
    const { lines, now } = spokenLines(S, m, turnBegins);
    announcer.say(lines, now);
  }

  // The expert's move in your place (the H key): said, shown in the status
  // line, and its tile (or button) gets the focus; nothing is played.
  async function askHint() {
    S.note = t("a11y-hint-thinking");
    render();
    const r = await conn.request({ type: "hint" });
    if (r.type !== "hint") {
      const no = refused(r);
      S.note = !no || no.code === "offline" ? null : t("a11y-hint-failed", { why: t("error", { code: no.code, message: no.message }) });
      render();
      return;
    }
    const a = r.action;
    const why = hintReasons(people(S.msg.seats, S.msg.state, S.msg.seat), r.reason || []);
    S.note = why ? t("coach-hint", { what: hintWords(a), why }) : t("a11y-hint", { what: hintWords(a) });
    if (a.type === "play") S.handFocus = a.tile;
    // Marked in the hand and on the board too, until the turn is played.
    S.hint = a.type === "play" ? { tile: a.tile, end: a.end ?? null } : null;
    render();
    if (typing()) return;
    if (a.type === "play") focusHand();
    else {
      const b = document.getElementById(a.type) || (a.type === "choose_poser" ? buttons.querySelector(`.poser[data-seat="${a.seat}"]`) : null);
      if (b) b.focus();
    }
  }

  /** @param {Action} a */
  function hintWords(a) {
    const m = /** @type {StateMessage} */ (S.msg);
    return actionWords(people(m.seats, m.state, m.seat, facts(m.facts)), m.layout, a, m.seat, !!(m.state.trains && m.state.trains.chaining));
  }

  function sayBoard() {
    const m = S.msg, st = m.state;
    const P = people(m.seats, st, m.seat, facts(m.facts));
    const turn = st.phase === "hand_over" || st.phase === "match_over" || st.to_act == null ? null
      : st.to_act === m.seat ? t("a11y-your-turn") : t("a11y-waiting-for", { who: P.name(st.to_act) });
    announcer.say([el.boardSummary.textContent, turn], true);
  }

  function focusHand() {
    return focusHandOf(S, el);
  }

  function cancelChoice() {
    const tile = S.selected;
    S.selected = null;
    render();
    if (tile) S.handFocus = tile;
    focusHand();
    announcer.say(t("a11y-cancelled"), true);
  }

  /** @param {KeyboardEvent} e */
  function onKey(e) {
    if (!S.msg || e.altKey || e.ctrlKey || e.metaKey || typing()) return;
    if (e.key === "Escape") {
      if (S.selected) { e.preventDefault(); cancelChoice(); }
      return;
    }
    const press = (id) => {
      const b = /** @type {HTMLButtonElement | null} */ (document.getElementById(id));
      if (!b || b.disabled || !buttons.contains(b)) return false;
      b.click();
      return true;
    };
    const k = e.key.length === 1 ? e.key.toLowerCase() : "";
    const done = k === "d" ? press("draw") : k === "p" ? press("pass") : k === "c" ? press("claim") : k === "m" ? press("muggins") : k === "h" ? press("hint")
      : k === "t" ? focusHand() : k === "b" ? (sayBoard(), true) : false;
    if (done) e.preventDefault();
  }

  return { announce, askHint, focusHand, cancelChoice, onKey };
}
