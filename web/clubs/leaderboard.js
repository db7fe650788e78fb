// @ts-check
// The leaderboards, one game at a time: the rated players, then those
// whose rating is still provisional (marked "?"), then the computer levels
// with their measured strength.

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { LEVELS, levelText, measured } from "../lobby/model.js";
import { splitBoard, PROVISIONAL_DEVIATION } from "./board.js";

/** @typedef {import("./board.js").Leader} Leader */

/**
 * @param {string} path
 * @returns {Promise<any>} the answer, or null when there is none
 */
async function get(path) {
  try {
    const r = await fetch(path);
    return r.ok ? await r.json() : null;
  } catch {
    return null;
  }
}

/**
 * A person's line: name, rating (with "?" while provisional), deviation and matches.
 * @param {Leader} p
 * @param {boolean} provisional
 */
function personRow(p, provisional) {
  return h("li", { "data-player": p.player, class: provisional ? "provisional" : "" },
    h("a", { href: "/p/" + p.player }, p.name), " ",
    h("b", {}, String(p.rating), provisional ? h("span", { class: "mark", title: t("leaderboard-provisional") }, "?") : null), " ",
    h("span", { class: "muted" }, t("profile-rating-detail", { deviation: p.deviation, count: p.matches })));
}

/**
 * The leaderboards page.
 * @param {HTMLElement} app
 */
export async function leaderboardPage(app) {
  document.title = `${t("leaderboard-title")} · ${t("page-title")}`;
  const [presets, ladder] = await Promise.all([get("/api/presets"), get("/api/levels")]);
  const game = h("select", { id: "boardgame", "aria-label": t("lobby-game") },
    (presets || []).map((p) => h("option", { value: p.name }, t("game-title", { preset: p.name }))));
  const list = h("div", { id: "board" });
  const load = async () => {
    // Every player of the game (min=0): the page sets the provisional ones apart.
    const all = await get("/api/leaderboard?min=0&game=" + encodeURIComponent(game.value));
    const settled = await get("/api/leaderboard?game=" + encodeURIComponent(game.value));
    // The built-in levels are on the bots' board (with the bot accounts).
    const botBoard = await get("/api/leaderboard?min=0&kind=bots&game=" + encodeURIComponent(game.value));
    if (!all || !settled) { fill(list, h("p", { class: "error" }, t("offline-now"))); return; }
    const min = settled.min;
    const { people, provisional } = splitBoard(all.players, min);
    const bots = splitBoard(botBoard ? botBoard.players : [], min).bots.filter((b) => b.level);
    const preset = (presets || []).find((p) => p.name === game.value);
    const m = preset ? measured(ladder || [], preset, null) : null;
    // The levels' measured strength where the server has it, else their ratings here.
    const levels = m
      ? LEVELS.filter((b) => m.levels.some((l) => l.bot === b)).map((b) => h("li", { "data-bot": b }, levelText(b, m)))
      : bots.map((b) => h("li", { "data-bot": b.level }, t("level", { bot: b.level }), " ", h("b", {}, String(b.rating))));
    fill(list,
      h("h2", {}, t("leaderboard-people")),
      people.length ? h("ol", { class: "board", id: "board-people" }, people.map((p) => personRow(p, false)))
        : h("p", { class: "muted" }, t("leaderboard-empty", { min })),
      h("p", { class: "muted" }, t("leaderboard-min", { min })),
      h("h2", {}, t("leaderboard-provisional")),
      provisional.length ? h("ol", { class: "board", id: "board-provisional" }, provisional.map((p) => personRow(p, true)))
        : h("p", { class: "muted" }, t("leaderboard-none-provisional")),
      h("p", { class: "muted" }, t("leaderboard-provisional-help", { min, deviation: PROVISIONAL_DEVIATION })),
      levels.length ? [h("h2", {}, t("leaderboard-bots")), h("ul", { class: "board", id: "board-bots" }, levels),
        m ? h("p", { class: "muted" }, t("leaderboard-bots-help")) : null] : []);
  };
  game.addEventListener("change", load);
  fill(app, h("section", { class: "card", id: "leaderboard" }, h("h1", {}, t("leaderboard-title")), game, list,
    h("p", {}, h("a", { href: "/" }, t("back-lobby")))));
  await load();
}
