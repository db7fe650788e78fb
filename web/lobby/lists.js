// @ts-check
// The lobby's lists: the open tables (to join or watch) and the finished
// matches (who really played, the winner, the score, the replay and the
// record).

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { openSeatNames, finishedWords, playerWords } from "./model.js";
import { botBadge, nameWithBadge } from "../badge.js";

/** @typedef {import("../types/MatchSummary").MatchSummary} FinishedMatch */

/** The open tables' card, filled now and on its refresh button. */
export function openTablesCard() {
  const tables = h("div", { id: "tables" }, t("loading"));
  async function load() {
    const list = await (await fetch("/api/tables")).json();
    fill(tables);
    if (!list.length) tables.append(h("p", { class: "muted" }, t("lobby-none-open")));
    for (const row of list) {
      // Each name, a bot account's marked (the server's bot_accounts).
      const who = openSeatNames(row).map((n, i) => [i ? ", " : "", n, row.bot_accounts?.[i] ? [" ", botBadge()] : null]);
      tables.append(h("div", { class: "tablerow" },
        h("b", {}, t("game-title", { preset: row.rules.preset })), " ",
        h("span", { class: "muted" }, who, ` · ${t("lobby-hand", { n: row.hand_number })}`),
        row.open_seats ? h("span", { class: "chip" }, t("lobby-free-seats", { count: row.open_seats })) : null,
        h("a", { href: "/t/" + row.id, class: "button small" }, row.open_seats ? t("lobby-join") : t("lobby-watch"))));
    }
  }
  load();
  return h("section", { class: "card", id: "opentables" }, h("h2", {}, t("lobby-open"), " ", h("button", { type: "button", class: "quiet small", onclick: load, "aria-label": t("lobby-refresh") }, "↻")), tables);
}

/** The finished matches' card. */
export function finishedCard() {
  const past = h("div", { id: "history" }, t("loading"));
  (async () => {
    const done = await (await fetch("/api/history")).json();
    fill(past);
    if (!done.length) past.append(h("p", { class: "muted" }, t("lobby-none-finished")));
    for (const m of done) past.append(finishedRow(m));
  })();
  return h("section", { class: "card", id: "finished" }, h("h2", {}, t("lobby-finished")), past);
}

// A finished match: the game, who really played, the winner, the final
// score, the date, and its replay and record.
/** @param {FinishedMatch} m */
function finishedRow(m) {
  const { winner } = finishedWords(m);
  // Each player's words, a bot account's with the bot mark.
  const players = m.names.flatMap((_, s) => [s ? ", " : "", ...nameWithBadge(playerWords(m, s), m.bot_accounts?.[s])]);
  return h("div", { class: "tablerow finished", "data-id": m.id },
    h("b", {}, t("game-title", { preset: m.rules.preset })), " ",
    h("span", { class: "players" }, players), " · ",
    m.scores ? h("span", { class: "winner" }, winner, " · ", m.scores.join(" – ")) : null, " · ",
    h("span", { class: "muted" }, t("lobby-hands", { count: m.hands }), " · ", m.finished_at ? h("time", { datetime: new Date(m.finished_at).toISOString() }, t("lobby-date", { at: m.finished_at })) : null), " ",
    h("a", { href: "/r/" + m.id, class: "button small" }, t("lobby-replay")), " ",
    h("a", { href: `/api/history/${m.id}/record`, download: true, title: t("lobby-record-help") }, t("lobby-record")));
}
