// @ts-check
// The table's lists and links, as data for the views: the score sheet's
// lines, who said a chat line, invitation links and the seats that have
// one, the move log's rows, and whether the table is rated. Pure, as
// model.js (which re-exports them).

import { t } from "../words.js";

/** @typedef {import("./model.js").Table} Table */
/** @typedef {import("../types/StateMessage").StateMessage} StateMessage */
/** @typedef {import("../types/ChatLine").ChatLine} ChatLine */
/** @typedef {import("../types/hand").People} People */
/** @typedef {import("../types/Event").Event} Event */

/**
 * The score sheet's lines: the server's, else those this page saw end.
 * @param {Table} S
 */
export function sheetLines(S) {
  const m = S.msg;
  return m && Array.isArray(m.sheet) ? m.sheet : [...S.sheetSeen.values()].sort((a, b) => a.hand - b.hand);
}

/**
 * Who said a chat line, by the name the table gives them.
 * @param {Table} S
 * @param {People | null} P
 * @param {ChatLine & { name?: string }} c a line, or one the page wrote with a name
 */
export function chatWho(S, P, c) {
  if (!S.msg || !P) return c.name || "";
  return c.seat != null ? P.name(c.seat) : c.name || "";
}

/**
 * The table's plain link (`code` null: open seats or watching), or an
 * invited seat's, carrying the code only the creator is told.
 * @param {string} origin
 * @param {string} id
 * @param {number | null} s
 * @param {string | null} code
 */
export function inviteLink(origin, id, s, code) {
  const q = s != null && code ? `?${new URLSearchParams({ seat: String(s), invite: code })}` : "";
  return `${origin}/t/${id}${q}`;
}

/**
 * The seats whose invite link the viewer may copy (the creator only is
 * told the codes).
 * @param {StateMessage} m
 */
export function invitedSeats(m) {
  return m.seats.map((x, s) => (x.invited && x.invite ? s : null)).filter((s) => s != null);
}

/**
 * The story of the hand as lines: each hand's heading, then its moves
 * numbered from 1 (`text` gives an event's words, or nothing to leave it
 * out, told what a pass did at a trains table as the log kept it).
 * @param {Table} S
 * @param {(e: Event, how: import("../trains.js").PassKind | null) => string | null} text
 * @param {number} [last] how many entries to show
 * @returns {({ hand: number } | { no: number, text: string, type: string })[]}
 */
export function logRows(S, text, last = 80) {
  /** @type {({ hand: number } | { no: number, text: string, type: string })[]} */
  const rows = [];
  let no = 0;
  const from = Math.max(0, S.log.length - last);
  S.log.forEach((x, i) => {
    if ("hand" in x) { no = 0; if (i >= from) rows.push({ hand: x.hand }); return; }
    const words = text(x.e, x.how ?? null);
    if (!words) return;
    no += 1;
    if (i >= from) rows.push({ no, text: words, type: x.e.type === "action" ? x.e.action.type : x.e.type });
  });
  return rows;
}

/**
 * What the table says about its match: a tournament's, rated or casual.
 * @param {Table} S
 * @param {boolean} [tournament] the table is a tournament's
 */
export function tableKind(S, tournament = false) {
  const m = S.msg;
  if (!m) return null;
  if (tournament) return { rated: !!m.rated, text: t("table-tournament", { rated: m.rated ? "yes" : "no" }) };
  return { rated: !!m.rated, text: t(m.rated ? "table-rated" : "table-casual") };
}
