// @ts-check
// Today's puzzle on the lobby, as lichess shows its own: the position's
// board in small, its game and kind, and a button to solve it. The card
// is empty until the server answers, and stays away if it cannot.

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { facts } from "../games.js";
import { drawLayout, el as svgEl } from "../draw.js";
import { call } from "../api.js";
import { guest } from "../guest.js";
import { isStation } from "../trains.js";
import { renderStation } from "../table/stationview.js";
import { puzzlePeople, stationTable } from "./board.js";
import * as M from "./model.js";

/** The card, filled once today's puzzle is fetched. */
export function dailyCard() {
  const board = /** @type {SVGSVGElement} */ (svgEl("svg", { class: "board dailyboard", id: "dailyboard", role: "img", "aria-label": t("puzzles-daily") }));
  // A trains puzzle's board is the table's station.
  const station = h("div", { class: "station", id: "dailystation", hidden: true });
  const summary = h("p", { class: "sr" });
  const box = h("div", { class: "puzzleboardbox" }, board, station, summary);
  const info = h("p", { class: "muted", id: "dailyinfo" });
  const card = h("section", { class: "card daily", id: "dailycard", hidden: "" },
    h("h2", {}, t("puzzles-daily")),
    h("a", { href: "/puzzles?daily", tabindex: "-1", "aria-hidden": "true" }, box),
    info,
    h("a", { href: "/puzzles?daily", class: "button", id: "todaily" }, t("puzzle-daily-solve")));
  show();
  return card;

  async function show() {
    const { data } = await call("GET", `/api/puzzles/daily?guest=${encodeURIComponent(guest())}`);
    /** @type {import("./model.js").Shown | null} */
    const p = data && typeof data === "object" && "layout" in data ? data : null;
    if (!p) return;
    const game = facts(p.facts);
    if (isStation(game.layout)) {
      renderStation(stationTable(p, p.layout), { board, station, boardWrap: box, boardSummary: summary }, puzzlePeople(p), () => {});
    } else {
      // A small layout drawn larger (up to three times) to fill the narrow card.
      drawLayout(board, p.layout, 320, p.state.history, game.branches, null, "", 3);
    }
    fill(info, t("puzzle-info", {
      game: t("game-title", { preset: p.game }), kind: p.kind,
      rating: p.rating ? M.points(p.rating) : "", player: p.player ? M.points(p.player) : "",
    }));
    card.hidden = false;
    // A station taller than the card's room fades out where it is cut.
    requestAnimationFrame(() => station.classList.toggle("clipped", station.scrollHeight > station.clientHeight + 1));
  }
}
