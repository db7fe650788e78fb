// @ts-check
// The puzzles page's modes as a row of links: one puzzle at a time, the
// streak, the storm and the player's history; the one shown is marked.

import { h } from "../dom.js";
import { t } from "../words.js";

/** @typedef {"puzzles" | "streak" | "storm" | "history"} Mode */

/** @type {[Mode, string][]} */
const MODES = [["puzzles", "/puzzles"], ["streak", "/puzzles?streak"], ["storm", "/puzzles?storm"], ["history", "/puzzles?history"]];

/** The row of modes, `current` marked. @param {Mode} current */
export function modeTabs(current) {
  return h("nav", { class: "puzzletabs", id: "puzzletabs", "aria-label": t("puzzle-tabs") },
    ...MODES.map(([mode, href]) => h("a", { href, id: `tab-${mode}`, ...(mode === current ? { "aria-current": "page" } : {}) },
      t("puzzle-tab", { mode }))));
}
