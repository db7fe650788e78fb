// @ts-check
// The side panels: the invite links, the score sheet, the story of the
// hand (the log) and table talk.

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { eventText } from "../names.js";
import { scoreSheet } from "../score.js";
import { icon, emoteOf } from "../icons.js";
import { sheetLines, chatWho, invitedSeats, logRows } from "./model.js";
import { freeSeat } from "./seating.js";

/** @typedef {import("./model.js").Table} Table */
/** @typedef {import("./parts.js").Parts} Parts */
/** @typedef {import("../types/hand").People} People */
/** @typedef {import("../types/ChatLine").ChatLine} ChatLine */

/**
 * @param {Table} S
 * @param {Parts} el
 * @param {People} P
 */
export function renderSheet(S, el, P) {
  // Up to eight players' columns: the sheet scrolls inside its panel, never the page
  // (a scrolling region the keyboard can reach, named as the sheet).
  fill(el.sheetBox, h("section", { class: "panel" }, h("div", { class: "sheetwrap", tabindex: 0, role: "region", "aria-label": t("sheet-title") },
    scoreSheet(P, sheetLines(S)))));
}

/**
 * @param {Table} S
 * @param {Parts} el
 * @param {People} P
 */
export function renderLog(S, el, P) {
  const m = S.msg;
  if (!m) return;
  const logEl = el.logEl;
  fill(logEl);
  // Each hand's moves are numbered from 1, under its heading.
  for (const x of logRows(S, (e, how) => eventText(P, m.layout, e, m.state, how))) {
    if ("hand" in x) { logEl.append(h("li", { class: "handline" }, t("log-hand", { n: x.hand }))); continue; }
    logEl.append(h("li", { "data-type": x.type, value: x.no }, x.text));
  }
  logEl.scrollTop = logEl.scrollHeight;
  // A count that keeps growing once the list is full, for whoever waits on a move.
  logEl.dataset.logged = String(S.logged);
}

/**
 * A quick-chat emote shows as its face; anything else as the text sent.
 * @param {ChatLine} c
 * @returns {string | Node}
 */
export function chatText(c) {
  if (c.phrase) return t("chat-phrase-" + c.phrase);
  const e = emoteOf(c.text);
  return e ? icon(e.face, t("emote-" + e.face)) : c.text || "";
}

/**
 * @param {Table} S
 * @param {Parts} el
 * @param {People | null} P
 */
export function renderChat(S, el, P) {
  const list = el.chatList;
  fill(list);
  if (!S.chat.length) list.append(h("li", { class: "muted" }, t("chat-empty")));
  for (const c of S.chat) list.append(h("li", {}, h("b", {}, chatWho(S, P, c)), " ", h("span", { class: "said" }, chatText(c))));
  list.scrollTop = list.scrollHeight;
  const seated = !!S.msg && S.msg.seat != null;
  el.chat.classList.toggle("readonly", !seated);
  for (const b of /** @type {NodeListOf<HTMLButtonElement | HTMLInputElement>} */ (el.chat.querySelectorAll("button, input"))) b.disabled = !seated;
}

/**
 * The invite panel: the table's link, and the creator's links for the
 * seats kept for friends.
 * @param {Table} S
 * @param {Parts} el
 * @param {People} P
 * @param {{ link: (s: number | null, code: string | null) => string,
 *   button: (s: number, code: string) => HTMLElement, fillBots: () => void }} on
 */
export function renderInvite(S, el, P, on) {
  const m = S.msg;
  const invite = el.invite;
  if (!m || m.seat == null || m.state.phase === "match_over") { invite.hidden = true; return; }
  invite.hidden = false;
  // A table with no seat left for whoever opens the link is shared to be
  // watched, not joined (invited seats keep their own links below).
  const open = freeSeat(m, null, null);
  const label = open ? t("invite-link") : t("watch-link");
  invite.dataset.kind = open ? "join" : "watch";
  const share = h("input", { readonly: true, value: on.link(null, null), id: "share", "aria-label": label,
    onclick: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select() });
  const invited = invitedSeats(m);
  fill(invite, h("h2", {}, label), share,
    m.started === false ? h("p", { class: "muted" }, t("waiting-host")) : null,
    m.started === false && m.host === m.seat
      ? h("button", { type: "button", id: "fill", onclick: on.fillBots }, t("fill-bots")) : null,
    invited.length ? h("ul", { class: "invites" }, invited.map((s) => h("li", {},
      P.label(s), " ", // "Invited: seat 3"
      on.button(s, /** @type {string} */ (m.seats[s].invite))))) : null);
}
