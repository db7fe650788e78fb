// @ts-check
// The player's history of puzzle tries (`/puzzles?history`), newest first:
// the game, when, solved or missed, rated or not, and a link to try the
// puzzle again. A table on a desktop; on a phone each try reads as a
// block of its own (style.css), never wider than the screen.

import { h, fill } from "../dom.js";
import { t, lang } from "../words.js";
import { call } from "../api.js";
import { guest } from "../guest.js";
import * as R from "./runs.js";
import { modeTabs } from "./tabs.js";

/** @param {HTMLElement} app */
export async function historyPage(app) {
  document.title = `${t("history-title")} · ${t("page-title")}`;
  const body = h("div", { id: "historybody", "aria-busy": "true" });
  fill(app, h("section", { class: "card puzzles", id: "puzzlehistorypage" },
    modeTabs("history"),
    h("h1", { id: "historytitle" }, t("history-title")),
    h("p", { class: "muted" }, t("history-help")),
    body));
  const { data, error } = await call("GET", "/api/puzzles/history?" + new URLSearchParams({ guest: guest() }));
  body.removeAttribute("aria-busy");
  if (error) { fill(body, h("p", { class: "error", role: "alert" }, error)); return; }
  const rows = R.historyRows(data);
  if (!rows.length) {
    fill(body, h("p", { id: "historyempty" }, t("history-empty"), " ", h("a", { href: "/puzzles", id: "historytopuzzles" }, t("history-to-puzzles"))));
    return;
  }
  const when = dateFormat();
  // On a phone the header row is hidden: each cell says its column.
  /** @param {string} col @param {string} text @param {string} [cls] */
  const cell = (col, text, cls) => h("td", { class: cls },
    h("span", { class: "celllabel", "aria-hidden": "true" }, t("history-labelled", { label: t("history-col", { col }) }), " "), text);
  fill(body, h("table", { id: "historytable", class: "historytable" },
    h("caption", { class: "sr" }, t("history-title")),
    h("thead", {}, h("tr", {}, ...["game", "when", "result", "rated"].map((col) => h("th", { scope: "col" }, t("history-col", { col }))),
      h("th", { scope: "col" }, h("span", { class: "sr" }, t("history-again"))))),
    h("tbody", {}, ...rows.map((r) => row(r, t("game-title", { preset: r.game }), when(r.when))))));

  /** @param {R.Row} r @param {string} game @param {string} date */
  function row(r, game, date) {
    return h("tr", { "data-id": r.id },
      h("th", { scope: "row", class: "historygame" }, game),
      cell("when", date),
      cell("result", t("history-result", { result: r.result }), r.result === "solved" ? "right" : "wrong"),
      cell("rated", t("history-rated", { rated: r.rated })),
      h("td", { class: "historyagain" }, h("a", { href: r.again, class: "button small", "data-again": r.id,
        "aria-label": t("history-again-of", { game, when: date }) }, t("history-again"))));
  }
}

/** A time written the page's language's way, date and hour. */
function dateFormat() {
  try {
    const f = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
    return (/** @type {Date} */ d) => f.format(d);
  } catch {
    return (/** @type {Date} */ d) => d.toLocaleString();
  }
}
