// @ts-check
// The leaderboards, one game at a time, for people or for bots (a switch):
// people are the rated players, then those whose rating is still
// provisional (marked "?"), then the computer levels with their measured
// strength; bots are the bot accounts and the built-in levels on one scale,
// each marked as a bot.

import { h, fill } from "../dom.js";
import { latestLoads } from "../api.js";
import { t } from "../words.js";
import { LEVELS, levelText, measured } from "../lobby/model.js";
import { splitBoard, PROVISIONAL_DEVIATION } from "./board.js";
import { botBadge } from "../badge.js";
import { builtinLevel } from "../lobby/bots.js";

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
 * A bot's line on the bots' board: a bot account (to its profile) or a
 * built-in level, with the mark, its rating and matches.
 * @param {Leader} b
 */
function botRow(b) {
  const level = builtinLevel(b);
  return h("li", { "data-player": b.player, ...(level ? { "data-bot": level } : {}) },
    level ? t("level", { bot: level }) : h("a", { href: "/p/" + b.player }, b.name), " ", botBadge(), " ",
    h("b", {}, String(b.rating)), " ",
    h("span", { class: "muted" }, t("profile-rating-detail", { deviation: b.deviation, count: b.matches })));
}

/**
 * The leaderboards page.
 * @param {HTMLElement} app
 */
export async function leaderboardPage(app) {
  document.title = `${t("leaderboard-title")} · ${t("page-title")}`;
  const [presets, ladder] = await Promise.all([get("/api/presets"), get("/api/levels")]);
  // The address names the game and the tab, so a board can be linked to.
  const query = new URLSearchParams(location.search);
  const asked = query.get("game");
  const game = h("select", { id: "boardgame", "aria-label": t("lobby-game") },
    (presets || []).map((p) => h("option", { value: p.name, ...(p.name === asked ? { selected: "" } : {}) }, t("game-title", { preset: p.name }))));
  const list = h("div", { id: "board" });
  // People or bots: two buttons, the chosen one pressed.
  let kind = query.get("kind") === "bots" ? "bots" : "people";
  const remember = () => {
    const q = new URLSearchParams({ game: game.value });
    if (kind === "bots") q.set("kind", "bots");
    history.replaceState(history.state, "", "/leaderboard?" + q);
  };
  const kindBtn = (/** @type {"people" | "bots"} */ k) => h("button", { type: "button", class: "small toggle", id: "boardkind-" + k, "aria-pressed": String(kind === k),
    onclick: () => { kind = k; for (const b of kinds.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.id === "boardkind-" + k)); remember(); load(); } },
  t("leaderboard-kind-" + k));
  const kinds = h("div", { class: "row boardkind", role: "group", "aria-label": t("leaderboard-kind") }, kindBtn("people"), kindBtn("bots"));
  // A slower answer to an earlier choice (another game, the other tab) must
  // not replace the board of the latest one.
  const begin = latestLoads();
  const loadBots = async (/** @type {() => boolean} */ current) => {
    const all = await get("/api/leaderboard?min=0&kind=bots&game=" + encodeURIComponent(game.value));
    if (!current()) return;
    if (!all) { fill(list, h("p", { class: "error" }, t("offline-now"))); return; }
    const rows = [...all.players].sort((a, b) => b.rating - a.rating);
    // Every built-in level is named, as on the people's tab: those with
    // no rated match in this game yet follow the board, saying so.
    const unrated = LEVELS.filter((l) => !rows.some((b) => builtinLevel(b) === l));
    fill(list, h("h2", {}, t("leaderboard-bot-accounts")),
      rows.length ? h("ol", { class: "leaders", id: "board-botaccounts" }, rows.map(botRow)) : h("p", { class: "muted" }, t("leaderboard-bots-none")),
      unrated.length ? [h("p", { class: "muted" }, t("leaderboard-level-unrated")),
        h("ul", { class: "leaders", id: "board-unrated" }, unrated.map((l) => h("li", { "data-bot": l, class: "unrated" }, t("level", { bot: l }), " ", botBadge())))] : null,
      h("p", { class: "muted" }, t("leaderboard-bots-scale")));
  };
  const load = async () => {
    const current = begin();
    if (kind === "bots") return loadBots(current);
    // Every player of the game (min=0): the page sets the provisional ones apart.
    const all = await get("/api/leaderboard?min=0&game=" + encodeURIComponent(game.value));
    const settled = await get("/api/leaderboard?game=" + encodeURIComponent(game.value));
    // The built-in levels are on the bots' board (with the bot accounts).
    const botBoard = await get("/api/leaderboard?min=0&kind=bots&game=" + encodeURIComponent(game.value));
    if (!current()) return;
    if (!all || !settled) { fill(list, h("p", { class: "error" }, t("offline-now"))); return; }
    const min = settled.min;
    const { people, provisional } = splitBoard(all.players, min);
    const bots = splitBoard(botBoard ? botBoard.players : [], min).bots.filter((b) => b.level);
    const preset = (presets || []).find((p) => p.name === game.value);
    const m = preset ? measured(ladder || [], preset, null) : null;
    // The levels' measured strength where the server has it, else their ratings here.
    const levels = m
      ? LEVELS.filter((b) => m.levels.some((l) => l.bot === b)).map((b) => h("li", { "data-bot": b }, levelText(b, m)))
      : bots.map((b) => h("li", { "data-bot": builtinLevel(b) }, t("level", { bot: builtinLevel(b) }), " ", h("b", {}, String(b.rating))));
    fill(list,
      h("h2", {}, t("leaderboard-people")),
      people.length ? h("ol", { class: "leaders", id: "board-people" }, people.map((p) => personRow(p, false)))
        : h("p", { class: "muted" }, t("leaderboard-empty", { min })),
      h("p", { class: "muted" }, t("leaderboard-min", { min })),
      h("h2", {}, t("leaderboard-provisional")),
      provisional.length ? h("ol", { class: "leaders", id: "board-provisional" }, provisional.map((p) => personRow(p, true)))
        : h("p", { class: "muted" }, t("leaderboard-none-provisional")),
      h("p", { class: "muted" }, t("leaderboard-provisional-help", { min, deviation: PROVISIONAL_DEVIATION })),
      levels.length ? [h("h2", {}, t("leaderboard-bots")), h("ul", { class: "leaders", id: "board-bots" }, levels),
        m ? h("p", { class: "muted" }, t("leaderboard-bots-help")) : null] : []);
  };
  game.addEventListener("change", () => { remember(); load(); });
  fill(app, h("section", { class: "card", id: "leaderboard" }, h("h1", {}, t("leaderboard-title")), kinds, game, list,
    h("p", {}, h("a", { href: "/" }, t("back-lobby")))));
  await load();
}
