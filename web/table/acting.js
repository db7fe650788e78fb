// @ts-check
// What the player does at the table: a move (sent with the state it was
// chosen from), a tile whose end is still to choose, a chat line, leaving,
// the rematch, filling waiting seats with bots. Each refusal becomes the
// status line's note.

import { t } from "../words.js";
import { refused } from "../conn.js";
import { store } from "../store.js";
import { tileWords } from "../a11y.js";
import { legalNow, withClaim, sameWay } from "./model.js";
import { endMarks } from "./board.js";
import { CHAT_MAX } from "./parts.js";
import { isStation } from "../trains.js";

/** @typedef {import("../types/Action").Action} Action */

/** How long a move may go unanswered before the page says the server is
 * not answering and tries again (ms). */
const MOVE_PATIENCE = 5000;
/** @typedef {Extract<import("../types/Answer").Answer, { type: "error" }>} Refusal */

/**
 * @param {{
 *   S: import("./model.js").Table, el: import("./parts.js").Parts, conn: import("../conn.js").Conn,
 *   id: string, nav: { go: (path: string) => void }, render: () => void,
 *   soon: (r: Refusal, again: () => void) => void, focusHand: () => boolean,
 * }} ctx
 */
export function acting({ S, el, conn, id, nav, render, soon, focusHand }) {
  /** @param {Action} a */
  function act(a) {
    S.selected = null;
    S.hint = null;
    if (a.type === "pass") S.sentPass = true;
    if (a.type === "play") S.claim = false;
    S.note = null;
    // The state the move was chosen from: a move made on an old board is
    // refused as stale (the new board is already on its way) and never
    // applied by mistake.
    const seq = S.msg && S.msg.seq;
    S.unanswered = { a, seq };
    // No answer within MOVE_PATIENCE: the connection is dropped as silent,
    // and the move is sent again once the table is back (see `again`).
    conn.request({ type: "act", action: a, seq }, { patience: MOVE_PATIENCE }).then((r) => {
      if (r.type === "error" && r.code === "offline") return;
      S.unanswered = null;
      if (r.type !== "error") return;
      if (r.code === "stale") { if (a.type === "pass") S.sentPass = false; render(); return; }
      if (a.type === "pass") S.sentPass = false;
      // The play came from the legal list: refused with a claim, it was the claim.
      S.note = a.type === "muggins" ? t("act-muggins-nothing")
        : a.type === "play" && a.claim && r.code === "illegal_action" ? t("act-claim-nothing")
        : t("error", { code: r.code, message: r.message });
      render();
    });
    render();
  }

  /**
   * The first state after (re)joining: a move left unanswered is sent again
   * if the table is still where it was chosen (otherwise it was played, or
   * the board moved on and the player chooses again).
   * @param {import("../types/StateMessage").StateMessage} m
   */
  function again(m) {
    const u = S.unanswered;
    if (!u || m.log == null) return;
    S.unanswered = null;
    if (m.seq === u.seq && m.state.to_act === m.seat) act(u.a);
  }

  /** @param {string} tile */
  function playTile(tile) {
    const { plays } = legalNow(S);
    const mine = plays.filter((a) => a.tile === tile);
    if (!mine.length) return;
    // Nothing to choose when every end takes the tile the same way.
    if (sameWay(S, tile)) return act(withClaim(S, mine[0]));
    S.selected = S.selected === tile ? null : tile;
    S.handFocus = tile;
    render();
    // Choosing the end goes on on the board's end markers.
    const marks = endMarks(el);
    if (S.selected && marks.length) {
      marks[0].focus();
      el.announcer.say(t(isStation(S.msg && S.msg.facts.layout) ? "status-choose-train" : "status-choose-end", { tile: tileWords(tile) }), true);
    } else focusHand();
  }

  /** @param {number} end */
  function playAt(end) {
    const { plays } = legalNow(S);
    const a = plays.find((x) => x.tile === S.selected && x.end === end);
    if (a) act(withClaim(S, a));
  }

  /** @param {{ text?: string, phrase?: string }} what */
  function say(what) {
    if (what.text != null) {
      const text = what.text.trim();
      if (!text) return;
      if ([...text].length > CHAT_MAX) { S.note = t("chat-too-long"); return render(); }
      what = { text };
    }
    conn.request({ type: "chat", ...what }).then((r) => {
      if (r.type === "error" && r.code !== "offline") { S.note = t("error", { code: r.code, message: r.message }); render(); }
      // Only the line sent: what was typed while it travelled stays.
      else if (what.text != null && el.chatInput.value.trim() === what.text) el.chatInput.value = "";
    });
  }

  async function leave() {
    if (!confirm(t("act-leave-confirm"))) return;
    await leaveNow();
  }

  // Asked again once the table has moved to another server: until the
  // server running it takes the leave, the seat is still the player's.
  async function leaveNow() {
    const r = await conn.request({ type: "leave" });
    const no = refused(r);
    if (no?.code === "moving") return soon(no, leaveNow);
    // The socket dropped before the answer: the leave may not have been
    // taken, so it is asked again once connected (leaving twice is harmless).
    if (no?.code === "offline") return conn.whenReady(leaveNow);
    store.dropToken(id);
    S.left = true;
    nav.go("/");
  }

  // Abort while the match may still be called off, else resign; the
  // table's next state shows the end.
  async function end() {
    const m = S.msg;
    if (!m) return;
    const abort = m.may_abort;
    const sure = abort ? t("act-abort-confirm") : t("act-resign-confirm", { rated: m.rated ? "yes" : "no" });
    if (!confirm(sure)) return;
    const r = await conn.request({ type: abort ? "abort" : "resign" });
    const no = refused(r);
    if (no && no.code !== "offline") { S.note = t("error", { code: no.code, message: no.message }); render(); }
  }

  async function rematch() {
    if (S.rematch) return follow(S.rematch);
    const r = await conn.request({ type: "rematch" });
    if (r.type === "error") { S.note = t("error", { code: r.code, message: r.message }); return render(); }
    if (r.type === "rematch") follow(r.table);
  }

  // Take your seat in the rematch: the same token holds it.
  /** @param {string} table */
  function follow(table) {
    const tok = store.token(id);
    if (tok && !store.token(table)) store.setToken(table, tok);
    nav.go("/t/" + table);
  }

  async function fillBots() {
    const r = await conn.request({ type: "fill" });
    if (r.type === "error") { S.note = t("error", { code: r.code, message: r.message }); render(); }
  }

  return { act, again, playTile, playAt, say, leave, end, rematch, fillBots };
}
