// @ts-check
// "Make this a puzzle" on a marked step of the coach's replay: the server
// proves the position with the solver and keeps it among the player's own
// puzzles (crates/server/src/puzzles/own.rs), which the puzzles page's
// "My puzzles" replays. Only the player who made the play may keep it, and
// only a position with one best play makes a puzzle: the server says so in
// words otherwise.

import { h, fill } from "./dom.js";
import { t } from "./words.js";
import { call } from "./api.js";

/**
 * The button for decision `index` of hand `hand` of match `table`, and
 * where its outcome is said.
 * @param {string} table @param {number} hand @param {number} index
 */
export function makePuzzleBox(table, hand, index) {
  const box = h("div", { id: "coach-puzzle", class: "coachpuzzle" });
  const said = h("span", { id: "coach-puzzle-said", "aria-live": "polite" });
  const button = h("button", { type: "button", id: "coach-make", class: "quiet small" }, t("coach-make-puzzle"));
  button.addEventListener("click", async () => {
    button.setAttribute("disabled", "");
    fill(said, t("coach-making-puzzle"));
    const { data, error, code } = await call("POST", "/api/puzzles/own", { table, hand, index });
    button.removeAttribute("disabled");
    if (error) {
      // The refusals' general words speak of tables and sheets: these say it for a puzzle.
      const words = { not_seated: "coach-puzzle-not-yours", no_puzzle: "coach-puzzle-none", full: "coach-puzzle-full" }[code || ""];
      fill(said, h("span", { class: "error", id: "coach-puzzle-error" }, words ? t(words) : error));
      return;
    }
    fill(said, t("coach-made-puzzle"), " ",
      h("a", { href: `/puzzles?own=${encodeURIComponent(data.id)}`, id: "coach-puzzle-open" }, t("coach-open-puzzle")));
  });
  fill(box, button, " ", said);
  return box;
}
