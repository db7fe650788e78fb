// @ts-check
// What the screen reader is told: a state's events as sentences, the
// hand's result, and your turn with the open ends; whether to say it at
// once (your own move, the turn, the hand's end) or let the computer
// players' moves gather. No page here: web/test/table-model.test.mjs runs it.

import { t } from "../words.js";
import { people, eventText, resultHow } from "../names.js";
import { endsSummary, spokenEvent } from "../a11y.js";
import { facts } from "../games.js";
import { passKindsOf } from "../trains.js";

/**
 * @param {import("./model.js").Table} S
 * @param {import("../types/StateMessage").StateMessage} m the message, or one whose `events` are the hand so far
 * @param {boolean} turnBegins
 * @returns {{ lines: string[], now: boolean }}
 */
export function spokenLines(S, m, turnBegins) {
  const st = m.state;
  const P = people(m.seats, st, m.seat, facts(m.facts));
  /** @type {(string | null)[]} */
  const lines = [];
  let now = false;
  const how = passKindsOf(P.shape, st, m.events);
  m.events.forEach((e, i) => {
    lines.push(eventText(P, m.layout, spokenEvent(e), st, how[i]));
    if (e.type === "hand_over" && e.result) {
      lines.push(resultHow(P, st, e.result));
      lines.push(...(e.result.points || []).map((points, k) => t("result-points", { who: P.side(k), points })));
      now = true;
    }
    if (e.type === "match_over" || (e.type === "action" && e.seat === m.seat)) now = true;
  });
  if (turnBegins && st.phase !== "hand_over" && st.phase !== "match_over") {
    lines.push(S.ends && S.ends.length && st.phase === "play"
      ? t("a11y-your-turn-ends", { ends: endsSummary(m.layout, S.ends, "", P) }) : t("a11y-your-turn"));
    now = true;
  }
  return { lines: /** @type {string[]} */ (lines.filter(Boolean)), now };
}
