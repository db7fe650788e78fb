// @ts-check
// "Play a bot": the bot accounts online now (their rating in the chosen
// game) and the built-in levels. Choosing a bot account opens a challenge
// (game, players, house rules, rated or casual); the page waits for the bot
// to answer (with cancel), goes to the table when it accepts (with the
// challenge's seat token, as Play now does with a seek's), and says so
// when it declines, does not answer in time or goes offline. A built-in
// level is a bot account too, always there: challenged the same way, rated
// or casual, it answers at once.

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { call } from "../api.js";
import { store } from "../store.js";
import { guest } from "../guest.js";
import { optionField, readOptions } from "../options.js";
import { botBadge } from "../badge.js";
import { playBotList, botLine, builtinLevel, challengeBody, challengeOutcome } from "./bots.js";

/** @typedef {import("../types/GameInfo").GameInfo} Preset */
/** @typedef {import("./bots.js").OnlineBot} OnlineBot */

/**
 * The card, in the lobby.
 * @param {{ presets: Preset[], byName: (n: string) => Preset, needName: () => string | null, go: (path: string) => void,
 *   create?: (req: Record<string, unknown>) => Promise<void> }} ctx
 */
export function playBotCard({ presets, byName, needName, go }) {
  const game = h("select", { id: "pb-game" }, presets.map((p) => h("option", { value: p.name, selected: p.name === store.game }, t("game-title", { preset: p.name }))));
  const list = h("div", { id: "pb-list" }, t("loading"));
  const panel = h("div", { class: "challenge", id: "pb-challenge", hidden: true, role: "group", "aria-labelledby": "pb-challenge-title" });
  /** @type {OnlineBot[]} */
  let bots = [];

  function show() {
    const { accounts, builtin } = playBotList(bots, game.value);
    /** @param {OnlineBot} b */
    const row = (b) => {
      const level = builtinLevel(b);
      const name = level ? t("level", { bot: level }) : b.name;
      // A built-in level says how it plays; an account, its rating here.
      return h("li", { class: "botrow", "data-bot": b.id },
        h("span", { class: "botname" }, level ? name : h("a", { href: "/p/" + b.id }, name), " ", botBadge()), " ",
        h("span", { class: "muted" }, level ? t("level-how", { bot: level }) : botLine(b, game.value)), " ",
        h("button", { type: "button", class: "small", onclick: () => open(b, name), "aria-label": t("pb-challenge-named", { name }) }, t("pb-challenge")));
    };
    fill(list,
      h("h3", {}, t("pb-online")),
      accounts.length ? h("ul", { class: "botlist", id: "pb-accounts" }, accounts.map(row)) : h("p", { class: "muted", id: "pb-none" }, t("pb-none-online")),
      builtin.length ? [h("h3", {}, t("pb-builtin")), h("ul", { class: "botlist", id: "pb-builtin" }, builtin.map(row))] : null);
  }
  async function load() {
    const { data } = await call("GET", "/api/bots");
    bots = Array.isArray(data) ? data : [];
    show();
  }
  game.addEventListener("change", show);

  /** @type {{ id: string, token: string, name: string } | null} */
  let pending = null;
  let timer = 0;

  /**
   * The challenge form for bot `b`.
   * @param {OnlineBot} b
   * @param {string} botName
   */
  function open(b, botName) {
    if (pending) return;
    const level = builtinLevel(b);
    const cgame = h("select", { id: "pb-c-game" }, presets.map((p) => h("option", { value: p.name, selected: p.name === game.value }, t("game-title", { preset: p.name }))));
    const players = h("select", { id: "pb-c-players" });
    const opts = h("div", { class: "opts", id: "pb-c-opts" });
    const rated = h("input", { type: "checkbox", id: "pb-c-rated" });
    const status = h("p", { id: "pb-status", role: "status", "aria-live": "polite" });
    const error = h("p", { class: "error", id: "pb-error", role: "alert" });
    const fillGame = () => {
      const p = byName(cgame.value);
      fill(players, p.players.map((n) => h("option", { value: n, selected: n === p.default_players }, String(n))));
      fill(opts, p.options.map((o) => optionField(o).label));
    };
    cgame.addEventListener("change", fillGame);
    fillGame();
    const rules = () => {
      const p = byName(cgame.value);
      return { preset: p.name, players: Number(players.value), options: readOptions(opts, p) };
    };
    const close = () => { panel.hidden = true; fill(panel); };
    const sendBtn = h("button", { type: "button", id: "pb-send", class: "big" }, t("pb-send"));
    const closeBtn = h("button", { type: "button", id: "pb-close", class: "quiet", onclick: close }, t("pb-close"));
    const cancelBtn = h("button", { type: "button", id: "pb-cancel", hidden: true }, t("pb-cancel"));
    const busy = (on) => { sendBtn.disabled = on; closeBtn.hidden = on; cancelBtn.hidden = !on; cgame.disabled = on; players.disabled = on; rated.disabled = on; };

    async function poll() {
      if (!pending) return;
      const { data, error: e } = await call("GET", `/api/challenges/${encodeURIComponent(pending.id)}`);
      if (!pending) return;
      if (!data) { stop(e || ""); return; }
      const out = challengeOutcome(data, pending.name);
      if ("table" in out) {
        store.setToken(out.table, pending.token);
        pending = null;
        status.textContent = t("pb-accepted");
        go("/t/" + out.table);
        return;
      }
      if ("done" in out) { stop(out.done); return; }
      timer = window.setTimeout(poll, 700);
    }
    /** @param {string} words */
    function stop(words) {
      pending = null;
      clearTimeout(timer);
      busy(false);
      status.textContent = words;
    }
    async function send() {
      error.textContent = "";
      status.textContent = "";
      const name = needName();
      if (!name) return;
      store.game = cgame.value;
      const { data, error: e } = await call("POST", "/api/challenges", challengeBody({ to: b.id, rules: rules(), rated: rated.checked, name, guest: guest() }));
      if (!data) { error.textContent = e || ""; return; }
      pending = { id: data.id, token: data.token, name: botName };
      busy(true);
      status.textContent = t("pb-waiting", { name: botName });
      poll();
    }
    async function cancel() {
      if (!pending) return;
      const { error: e } = await call("DELETE", `/api/challenges/${encodeURIComponent(pending.id)}`);
      if (e) { error.textContent = e; return; }
      stop(t("pb-cancelled"));
    }
    sendBtn.addEventListener("click", send);
    cancelBtn.addEventListener("click", cancel);
    panel.hidden = false;
    const title = h("h3", { id: "pb-challenge-title", tabindex: -1 }, t("pb-challenge-title", { name: botName }), " ", botBadge());
    fill(panel, title,
      h("div", { class: "row" }, h("label", {}, t("lobby-game"), " ", cgame), h("label", {}, t("lobby-players"), " ", players),
        h("label", {}, rated, " ", t("pn-rated")), level ? h("span", { class: "muted" }, t("pb-builtin-now")) : null),
      h("details", { class: "houserules" }, h("summary", {}, t("lobby-house-rules")), opts),
      h("div", { class: "row" }, sendBtn, closeBtn, cancelBtn), status, error);
    title.focus();
  }

  load();
  const refresher = window.setInterval(() => { if (!document.getElementById("pb-list")) clearInterval(refresher); else if (!pending) load(); }, 10000);

  return h("section", { class: "card", id: "playbot" },
    h("h2", {}, t("pb-title"), " ", h("button", { type: "button", class: "quiet small", id: "pb-refresh", onclick: load, "aria-label": t("pb-refresh") }, "↻")),
    h("p", { class: "muted" }, t("pb-help")),
    h("label", {}, t("lobby-game"), " ", game),
    list, panel);
}
