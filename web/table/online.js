// @ts-check
// The connection's line on the table page: while the server cannot be
// reached, how long until the next try (or that it does not answer) and a
// button to try now; the clocks tick with it.

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { tickDropped } from "./seats.js";

/**
 * @param {{
 *   S: import("./model.js").Table, el: import("./parts.js").Parts,
 *   clock: ReturnType<typeof import("./clock.js").clockView>, retry: () => void,
 * }} ctx
 */
export function onlineView({ S, el, clock, retry }) {
  const { page, offline } = el;

  /**
   * The connection went up or down (`at`: when it is tried again).
   * @param {"online" | "offline"} what
   * @param {number} [at]
   * @param {"closed" | "silent"} [why]
   */
  function status(what, at, why) {
    S.offlineAt = what === "offline" ? at : null;
    S.offlineWhy = why;
    if (what === "online" && page.classList.contains("offline")) S.note = t("online-again");
    page.classList.toggle("offline", what === "offline");
    tick();
  }

  function tick() {
    clock.tick();
    tickDropped();
    if (S.offlineAt == null) { offline.hidden = true; return; }
    const secs = Math.max(0, Math.ceil((S.offlineAt - Date.now()) / 1000));
    offline.hidden = false;
    const words = S.offlineWhy === "silent" ? t("server-silent") : secs > 0 ? t("offline", { secs }) : t("offline-now");
    fill(offline, h("span", { id: "offlinetext" }, words), " ",
      h("button", { type: "button", class: "quiet", id: "reconnect", onclick: retry }, t("offline-retry")));
  }

  return { status, tick };
}
