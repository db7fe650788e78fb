// @ts-check
// Quick pairing, the lobby's first card: the common games by clock, a
// tap each. A tap seeks that game with people (`POST /api/seeks`), shows
// the seconds left before the computer plays you, goes to the table the
// pool makes, and when nobody came in that time stops seeking and opens a
// table against the computer (the socket's `create`), with the same clock.
// A game of more than two seats asks the pool itself to fill the empty
// seats with the computer (`fill_s`, see quick.js's `tapWait`), so that
// the people who came sit together.

import { h } from "../dom.js";
import { t } from "../words.js";
import { call } from "../api.js";
import { store } from "../store.js";
import { guest } from "../guest.js";
import { seatsFor } from "./model.js";
import { quickRows, tileRules, tileClock, othersWaiting, tapWait, waitingWords } from "./quick.js";

/** @typedef {import("./quick.js").Tile} Tile */

const KEPT = "domino.quickseek";
const PLAYED = "domino.played";

/** Whether this browser has had a game from the grid. */
export function played() {
  try { return localStorage.getItem(PLAYED) === "1"; } catch { return false; }
}
function remember(key, value) {
  try { if (value == null) localStorage.removeItem(key); else localStorage.setItem(key, value); } catch { /* this page only */ }
}

/**
 * The card.
 * @param {{ presets: { name: string, default_players: number }[], name: HTMLInputElement, needName: () => string,
 *   create: (req: Record<string, unknown>, out: HTMLElement) => Promise<void>, go: (path: string) => void }} ctx
 */
export function quickGrid({ presets, name, needName, create, go }) {
  const status = h("p", { id: "qg-status", role: "status", "aria-live": "polite" });
  const error = h("p", { class: "error", id: "qg-error", role: "alert" });
  const nowBtn = h("button", { type: "button", id: "qg-computer", onclick: () => computer() }, t("quick-computer-now"));
  const stopBtn = h("button", { type: "button", id: "qg-stop", class: "quiet", onclick: () => stop(true) }, t("pn-cancel"));
  const waitRow = h("div", { class: "row qgwait", hidden: true }, nowBtn, stopBtn);
  /** @type {any[]} */
  let waiting = [];
  /** @type {{ seek: string, token: string, tile: Tile, deadline: number, giveUp: number } | null} */
  let mine = null;
  let timer = 0;

  const rows = quickRows(presets);
  /** @type {Map<string, { button: HTMLButtonElement, count: HTMLElement, tile: Tile }>} */
  const cells = new Map();
  const grid = h("div", { class: "qgrid", id: "qgrid", role: "group", "aria-labelledby": "qg-title" },
    rows.map((r) => [
      h("span", { class: "qgame" }, t("game-title", { preset: r.preset })),
      r.tiles.map((tile) => {
        const count = h("span", { class: "qcount" });
        const label = t("quick-tile-label", { game: t("game-title", { preset: tile.preset }), clock: t("quick-clock-" + tile.clock) });
        const button = h("button", { type: "button", class: "qtile", "data-tile": tile.key, "aria-label": label, onclick: () => tap(tile) },
          h("span", { class: "qclock" }, t("quick-clock-" + tile.clock)), count);
        cells.set(tile.key, { button, count, tile });
        return button;
      }),
    ]));

  function showCounts() {
    for (const { count, tile, button } of cells.values()) {
      const n = othersWaiting(waiting, tile, mine && mine.tile.key);
      count.textContent = n ? t("quick-others", { count: n }) : "";
      button.classList.toggle("chosen", !!mine && mine.tile.key === tile.key);
      button.disabled = !!mine;
    }
  }
  async function refresh() {
    const { data } = await call("GET", "/api/seeks");
    if (Array.isArray(data)) { waiting = data; showCounts(); }
  }

  /** @param {Tile} tile */
  async function tap(tile) {
    if (mine) return;
    error.textContent = "";
    const who = needName();
    await refresh();
    const others = othersWaiting(waiting, tile, null);
    const how = tapWait(tile, { others, played: played() });
    const { data, error: e } = await call("POST", "/api/seeks", {
      rules: tileRules(tile), rated: false, name: who, guest: guest(), opponents: "people", clock: tileClock(tile),
      ...(how.fill_s != null ? { fill_s: how.fill_s } : {}),
    });
    if (!data) { error.textContent = e || ""; return; }
    const now = Date.now();
    mine = { seek: data.seek, token: data.token, tile, deadline: now + 1000 * how.wait, giveUp: now + 1000 * how.giveUp };
    remember(KEPT, JSON.stringify({ seek: data.seek, token: data.token }));
    store.game = tile.preset;
    waitRow.hidden = false;
    showCounts();
    tick();
  }

  /** Follow the seek: to the table once paired, to the computer at the deadline. */
  async function tick() {
    if (!mine) return;
    const at = mine;
    const { data } = await call("GET", `/api/seeks/${encodeURIComponent(at.seek)}`);
    if (mine !== at) return;
    if (data && data.state === "paired" && data.table) return seated(data.table);
    const left = (at.deadline - Date.now()) / 1000;
    if (Date.now() >= at.giveUp) return computer();
    // Past the fill time the pool is making the table with the computer.
    status.textContent = left > 0 ? waitingWords(at.tile, left) : t("quick-filling");
    timer = window.setTimeout(tick, 400);
  }
  /** @param {string} table */
  function seated(table) {
    if (!mine) return;
    const at = mine;
    // The seek is spent: forget it here, without asking the pool to stop
    // it (that answers `started`, which would seat the player again).
    clearTimeout(timer);
    mine = null;
    remember(KEPT, null);
    waitRow.hidden = true;
    showCounts();
    store.setToken(table, at.token);
    remember(PLAYED, "1");
    status.textContent = t("pn-found");
    go("/t/" + table);
  }
  /** Stop seeking; `said`: tell the player so. Resolves to the table if the pool had already seated them. */
  async function stop(said) {
    if (!mine) return null;
    const at = mine;
    clearTimeout(timer);
    const r = await call("DELETE", `/api/seeks/${encodeURIComponent(at.seek)}`, { guest: guest(), token: at.token });
    if (r.code === "started") {
      const { data } = await call("GET", `/api/seeks/${encodeURIComponent(at.seek)}`);
      if (data && data.table) { mine = at; seated(data.table); return data.table; }
    }
    mine = null;
    remember(KEPT, null);
    waitRow.hidden = true;
    if (said) status.textContent = t("pn-cancelled");
    showCounts();
    return null;
  }
  /** Nobody came (or the player would not wait): the computer plays them, on the same clock. */
  async function computer() {
    if (!mine) return;
    const tile = mine.tile;
    if (await stop(false)) return;
    status.textContent = t("quick-to-computer");
    remember(PLAYED, "1");
    await create({
      rules: tileRules(tile), seats: seatsFor(tile.players, []), bot: store.level, private: true,
      name: needName(), clock: tileClock(tile),
    }, error);
  }

  // A seek left waiting by a reload: to its table if it was paired, else stopped.
  (async () => {
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(KEPT) || "null"); } catch { /* none */ }
    if (!kept || !kept.seek) return;
    remember(KEPT, null);
    const { data } = await call("GET", `/api/seeks/${encodeURIComponent(kept.seek)}`);
    if (data && data.state === "paired" && data.table) { store.setToken(data.table, kept.token); go("/t/" + data.table); return; }
    if (data) await call("DELETE", `/api/seeks/${encodeURIComponent(kept.seek)}`, { guest: guest(), token: kept.token });
  })();
  refresh();
  const counter = window.setInterval(() => { if (!document.getElementById("qgrid")) clearInterval(counter); else refresh(); }, 5000);

  return h("section", { class: "card playnow quickgrid", id: "quickgrid" },
    h("h2", { id: "qg-title" }, t("quick-title")),
    h("label", { class: "field qgname" }, h("span", {}, t("lobby-you")), name),
    h("p", { class: "muted qghelp" }, t("quick-help")),
    grid, status, waitRow, error);
}
