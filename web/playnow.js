// @ts-check
// "Play now with people": ask the server's pool for a game (alone, or as a
// team with a friend who joins by code), see that you wait and for how
// long, cancel, and go to the table once the pool seats you. The seek is
// kept in this browser, so a reload goes on waiting.

import { h, fill } from "./dom.js";
import { t } from "./words.js";
import { call } from "./api.js";
import { store } from "./store.js";
import { guest } from "./guest.js";
import { optionField, readOptions, partnersIn } from "./options.js";
import { opponentsFor } from "./lobby/bots.js";
import { clockSelect, clockName } from "./lobby/clock.js";
import { waitingFor } from "./lobby/quick.js";

/** @typedef {import("./types/GameInfo").GameInfo} Preset */

const SEEK_KEY = "domino.seek";
const FILLS = [0, 15, 30, 60, 120];
/** The clocks the pool offers (the server's `seek_clock`); rated: move15 only. */
const POOL_CLOCKS = ["none", "move15", "day1", "day3"];

/**
 * The card, in the lobby.
 * @param {{ presets: Preset[], byName: (n: string) => Preset, needName: () => string | null, go: (path: string) => void }} ctx
 */
export function playNowCard({ presets, byName, needName, go }) {
  const game = h("select", { id: "pn-game" }, presets.map((p) => h("option", { value: p.name, selected: p.name === store.game }, t("game-title", { preset: p.name }))));
  const players = h("select", { id: "pn-players" });
  const rated = h("input", { type: "checkbox", id: "pn-rated" });
  const fillSel = h("select", { id: "pn-fill" }, FILLS.map((s) => h("option", { value: s }, s ? t("pn-fill-after", { s }) : t("pn-fill-never"))));
  const clock = clockSelect("pn-clock", POOL_CLOCKS);
  const team = h("input", { type: "checkbox", id: "pn-team" });
  // Bot accounts only when the player asks for them (off by default).
  const alsoBots = h("input", { type: "checkbox", id: "pn-bots" });
  const teamLabel = h("label", {}, team, " ", t("pn-team"));
  const opts = h("div", { class: "opts", id: "pn-opts" });
  const counts = h("p", { class: "muted", id: "pn-waiting" });
  const status = h("p", { id: "pn-status", role: "status", "aria-live": "polite" });
  const error = h("p", { class: "error", id: "pn-error", role: "alert" });
  const code = h("input", { id: "pn-code", size: 18, "aria-label": t("pn-code") });
  /** @type {import("./lobby/quick.js").Waiting[]} */
  let waiting = [];
  /** The game the reader's seek waits for, once its status is read. @type {import("./lobby/quick.js").Waiting | null} */
  let mineGame = null;

  const rules = () => {
    const p = byName(game.value);
    return { preset: p.name, players: Number(players.value), options: readOptions(opts, p) };
  };
  // The others waiting for the game chosen: the reader's own seek, while
  // it waits for that game, is not one of them.
  const showCount = () => {
    const r = rules();
    const want = { rules: { preset: r.preset, players: r.players }, rated: rated.checked, clock: clock.value() };
    const n = waitingFor(waiting, want, mineGame);
    counts.textContent = t(mineGame ? "pn-waiting-others" : "pn-waiting-count", { count: n });
  };
  const showTeam = () => {
    const p = byName(game.value);
    teamLabel.hidden = !partnersIn(opts, p, Number(players.value));
    if (teamLabel.hidden) team.checked = false;
    fillSel.disabled = rated.checked;
    // A rated game has the rated pairing's clock, and only that one.
    if (rated.checked) clock.select.value = "move15";
    clock.select.disabled = rated.checked;
    showCount();
  };
  function fillGame() {
    const p = byName(game.value);
    fill(players, p.players.map((n) => h("option", { value: n, selected: n === p.default_players }, String(n))));
    fill(opts);
    for (const o of p.options) {
      const { input, label } = optionField(o);
      input.addEventListener("change", showTeam);
      opts.append(label);
    }
    showTeam();
  }
  game.addEventListener("change", fillGame);
  players.addEventListener("change", showTeam);
  rated.addEventListener("change", showTeam);
  clock.select.addEventListener("change", showCount);
  fillGame();

  async function refreshCounts() {
    const { data } = await call("GET", "/api/seeks");
    if (data) { waiting = data; showCount(); }
  }

  /** @type {{ seek: string, token: string } | null} */
  let mine = null;
  let timer = 0;
  let polls = 0;
  const forget = () => { mine = null; mineGame = null; clearTimeout(timer); try { localStorage.removeItem(SEEK_KEY); } catch { /* nothing kept */ } };
  const cancelBtn = h("button", { type: "button", id: "pn-cancel", onclick: cancel }, t("pn-cancel"));
  const playBtn = h("button", { type: "button", id: "pn-play", class: "big", onclick: play }, t("pn-play"));
  const joinBtn = h("button", { type: "button", id: "pn-join", onclick: joinTeam }, t("pn-join"));
  const busy = (on) => { playBtn.disabled = on; joinBtn.disabled = on; cancelBtn.hidden = !on; };
  busy(false);

  /** @param {{ seek: string, token: string }} s */
  function follow(s) {
    mine = s;
    try { localStorage.setItem(SEEK_KEY, JSON.stringify(s)); } catch { /* this page only */ }
    busy(true);
    poll();
    refreshCounts();
  }
  async function poll() {
    if (!mine) return;
    const { data, error: e } = await call("GET", `/api/seeks/${encodeURIComponent(mine.seek)}`);
    if (!mine) return;
    if (!data) { forget(); busy(false); status.textContent = ""; error.textContent = e || ""; return; }
    if (data.state === "paired" && data.table) {
      store.setToken(data.table, mine.token);
      forget();
      status.textContent = t("pn-found");
      go("/t/" + data.table);
      return;
    }
    // The count is read again every few seconds while waiting (it was 5 s old at most).
    const known = mineGame;
    mineGame = { rules: data.rules, rated: data.rated, clock: data.clock, players: Math.max(1, data.names.length) };
    if (!known) showCount();
    if (++polls % 3 === 0) refreshCounts();
    const s = Math.floor(data.waited_ms / 1000);
    status.textContent = data.state === "forming"
      ? t("pn-forming", { code: data.team || "" })
      : t("pn-wait", { game: t("game-title", { preset: data.rules.preset }), s, window: Math.round(data.window) })
        + " " + t("pn-wait-clock", { clock: clockName(data.clock) });
    timer = window.setTimeout(poll, 700);
  }
  async function play() {
    error.textContent = "";
    const name = needName();
    if (!name) return;
    const fillS = Number(fillSel.value);
    const { data, error: e } = await call("POST", "/api/seeks", {
      rules: rules(), rated: rated.checked, team: team.checked, name, guest: guest(), opponents: opponentsFor(alsoBots.checked), clock: clock.value(),
      ...(fillS && !rated.checked ? { fill_s: fillS } : {}),
    });
    if (!data) { error.textContent = e || ""; return; }
    follow(data);
  }
  async function joinTeam() {
    error.textContent = "";
    const name = needName();
    if (!name) return;
    const { data, error: e } = await call("POST", `/api/seeks/team/${encodeURIComponent(code.value.trim())}`, { name, guest: guest() });
    if (!data) { error.textContent = e || ""; return; }
    follow(data);
  }
  async function cancel() {
    if (!mine) return;
    const { error: e } = await call("DELETE", `/api/seeks/${encodeURIComponent(mine.seek)}`, { guest: guest(), token: mine.token });
    if (e) { error.textContent = e; poll(); return; }
    forget();
    busy(false);
    status.textContent = t("pn-cancelled");
    refreshCounts();
  }

  // A seek made before a reload goes on.
  try {
    const kept = JSON.parse(localStorage.getItem(SEEK_KEY) || "null");
    if (kept && kept.seek && kept.token) follow(kept);
  } catch { /* none kept */ }
  refreshCounts();
  const counter = window.setInterval(() => { if (!document.getElementById("pn-waiting")) clearInterval(counter); else refreshCounts(); }, 5000);

  return h("section", { class: "card", id: "playnow" },
    h("h2", {}, t("pn-title")), h("p", { class: "muted" }, t("pn-help")),
    h("div", { class: "row" }, h("label", {}, t("lobby-game"), " ", game), h("label", {}, t("lobby-players"), " ", players),
      h("label", {}, rated, " ", t("pn-rated")), h("label", {}, t("pn-fill"), " ", fillSel), clock.label, teamLabel,
      h("label", {}, alsoBots, " ", t("pn-bots"))),
    h("details", { class: "houserules" }, h("summary", {}, t("lobby-house-rules")), opts),
    h("div", { class: "row" }, playBtn, cancelBtn), counts, status, error,
    h("div", { class: "row" }, h("label", {}, t("pn-code"), " ", code), joinBtn));
}
