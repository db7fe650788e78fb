// @ts-check
// Your clocked tables: the lobby's list ("your turn" first, with the time
// left) and, while any page of the site is open, a browser notification
// when it becomes your turn at one of them. The page knows its tables by
// the seat tokens it keeps; the server answers from its store
// (`POST /api/turns`), so a correspondence table waiting for days is not
// woken by the asking. Notifications are asked for on a click, never on
// load.

import { h, fill } from "./dom.js";
import { t } from "./words.js";
import { clockText } from "./table/clock.js";

const PREFIX = "domino.token.";
const EVERY_MS = 30_000;

/** The tables this browser holds a seat at, with their tokens (at most 100). */
export function heldSeats() {
  const out = [];
  for (let i = 0; i < localStorage.length && out.length < 100; i++) {
    const k = localStorage.key(i);
    if (k && k.startsWith(PREFIX)) out.push({ table: k.slice(PREFIX.length), token: localStorage.getItem(k) || "" });
  }
  return out;
}

/**
 * Your unfinished tables with a clock, your turn first.
 * @returns {Promise<{ table: string, seat: number, preset: string, clock: { kind: string }, your_turn: boolean, left_ms?: number, opponents?: string[] }[]>}
 */
export async function myTurns() {
  const seats = heldSeats();
  if (!seats.length) return [];
  const r = await fetch("/api/turns", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seats }) });
  if (!r.ok) return [];
  const list = await r.json();
  return list.filter((x) => x.clock.kind !== "none");
}

const canNotify = () => typeof Notification !== "undefined";

/** Every so often, tell the player (if they allowed it) of each table where it became their turn. */
export function watchTurns() {
  /** @type {Set<string> | null} */
  let mine = null;
  async function look() {
    let list;
    try { list = await myTurns(); } catch { return; }
    const now = new Set(list.filter((x) => x.your_turn).map((x) => x.table));
    if (mine && canNotify() && Notification.permission === "granted") {
      for (const x of list) {
        if (!x.your_turn || mine.has(x.table) || location.pathname === "/t/" + x.table) continue;
        const n = new Notification(t("turn-notify-title"), { body: t("turn-notify-body", { game: t("game-title", { preset: x.preset }), left: clockText(x.left_ms ?? 0) }), tag: "turn-" + x.table });
        n.onclick = () => { window.focus(); location.href = "/t/" + x.table; };
      }
    }
    mine = now;
  }
  look();
  return setInterval(look, EVERY_MS);
}

/** The lobby's card of your clocked tables; hidden when you have none. */
export function yourTablesCard() {
  const list = h("div", { id: "yourturns" });
  const note = h("p", { class: "muted", id: "notifynote" });
  const ask = h("button", { type: "button", class: "quiet small", id: "notifyask", hidden: !canNotify() || Notification.permission !== "default" }, t("turn-notify-ask"));
  ask.addEventListener("click", async () => {
    const p = await Notification.requestPermission();
    ask.hidden = true;
    note.textContent = t(p === "granted" ? "turn-notify-on" : "turn-notify-off");
  });
  const card = h("section", { class: "card", id: "yourtables", hidden: true }, h("h2", {}, t("turn-title")), list, ask, note);
  (async () => {
    const rows = await myTurns().catch(() => []);
    card.hidden = rows.length === 0;
    const scale = Math.max(0, ...rows.map((x) => x.left_ms ?? 0));
    fill(list, rows.map((x) => h("div", { class: "tablerow" + (x.your_turn ? " yourturn" : ""), "data-table": x.table },
      h("b", {}, t("game-title", { preset: x.preset })), " ",
      x.opponents && x.opponents.length ? [h("span", { class: "with" }, t("turn-with", { names: x.opponents.join(", ") })), " "] : null,
      h("span", { class: x.your_turn ? "chip" : "muted" }, t(x.your_turn ? "turn-yours" : "turn-theirs")), " ",
      x.left_ms != null ? h("span", { class: "muted" }, t("turn-left", { left: clockText(x.left_ms, scale) })) : null, " ",
      h("a", { href: "/t/" + x.table, class: "button small" }, t("turn-open")))));
  })();
  return card;
}
