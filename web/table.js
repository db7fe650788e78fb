// @ts-check
// The table: the seats around the felt (you at the bottom, your partner or
// the next player across), the board, your hand, what you may do, the
// score in the game's own form, the hand result and the match end, the
// fair-deal panel, the score sheet, table talk and the story of the hand.
// It keeps everything on screen while the connection is down and catches
// up when it returns.
//
// This module is the controller: it wires the connection to taking a seat
// (table/seating.js), acting (table/acting.js), the keys and the focus
// (table/keys.js) and the connection's line (table/online.js), and hands
// what the server pushes to the model. What is shown is worked out by
// table/model.js (no page) and drawn by table/view.js and its views.

import { fill, reducedMotion } from "./dom.js";
import { t } from "./words.js";
import { Conn } from "./conn.js";
import { sound } from "./sound.js";
import { store } from "./store.js";
import { call } from "./api.js";
import { people } from "./names.js";
import { facts } from "./games.js";
import { roving } from "./a11y.js";
import { focusTurn, focusAfterHand } from "./table/focus.js";
import { newTable, takeState, chatWho } from "./table/model.js";
import { tableParts } from "./table/parts.js";
import { bubble } from "./table/seats.js";
import { renderBoard, endMarks, fly } from "./table/board.js";
import { renderChat, chatText } from "./table/side.js";
import { seating } from "./table/seating.js";
import { acting } from "./table/acting.js";
import { clockView } from "./table/clock.js";
import { keyboard } from "./table/keys.js";
import { onlineView } from "./table/online.js";
import { tableView } from "./table/view.js";

/** @typedef {import("./types/StateMessage").StateMessage} StateMessage */

/**
 * Open table `id` in `app`; returns the function that closes it.
 * @param {HTMLElement} app
 * @param {string} id
 * @param {{ go: (path: string) => void, notFound: (what: string) => void }} nav
 */
export function tablePage(app, id, nav) {
  const S = newTable();
  const el = tableParts({
    openFair, leave: () => acts.leave(), end: () => acts.end(), say: (what) => acts.say(what),
    autoPass: (on) => { store.autoPass = on; sendSettings(); },
  });
  const { page, status, announcer, board, handEl, fair } = el;
  // A seat lost to timeouts in a casual match: coming back with its token takes it back.
  const clock = clockView(announcer, () => seats.takeBack());
  status.before(clock.el, clock.back);
  roving(handEl, el.handTiles, (b) => { S.handFocus = b.dataset.tile ?? null; });
  roving(board, () => endMarks(el));
  roving(el.station, () => endMarks(el));
  fill(app, page);
  el.title.textContent = t("loading");
  const online = onlineView({ S, el, clock, retry: () => conn.retry() });
  const conn = new Conn({ onPush, onOpen: () => seats.sit(), onStatus });
  const seats = seating({ S, conn, id, app, nav, status, render, sendSettings });
  const keys = keyboard({ S, el, conn, render });
  const acts = acting({ S, el, conn, id, nav, render, soon: (r, again) => seats.soon(r, again), focusHand: keys.focusHand });
  const view = tableView({
    S, el, id, clock,
    hand: {
      act: acts.act, playTile: acts.playTile, playAt: acts.playAt,
      cancelChoice: keys.cancelChoice, askHint: keys.askHint, focusHand: keys.focusHand,
      toggleClaim: () => { S.claim = !S.claim; render(); },
    },
    ready: () => conn.request({ type: "ready" }), rematch: acts.rematch, fillBots: acts.fillBots,
  });
  // A tournament's table ends with the way back to it: this browser knows
  // it if it came from the tournament's page, the server in any case.
  if (!store.tournamentOf(id)) {
    call("GET", `/api/tables/${id}/tournament`).then(({ data }) => {
      if (data && data.tournament) { store.setTournamentOf(id, data.tournament); render(); }
    });
  }
  const ticker = setInterval(online.tick, 250);
  const onResize = () => S.msg && renderBoard(S, el, acts.playAt, people(S.msg.seats, S.msg.state, S.msg.seat, facts(S.msg.facts)));
  window.addEventListener("resize", onResize);
  document.addEventListener("keydown", keys.onKey);

  function render() {
    view.render();
  }

  function sendSettings() {
    conn.request({ type: "settings", auto_pass: store.autoPass });
  }

  /** @type {import("./conn.js").ConnHandlers["onStatus"]} */
  function onStatus(what, at, why) {
    online.status(what, at, why);
    if (S.msg) render();
  }

  function openFair() {
    fair.open = true;
    fair.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
  }

  // ---- what the server pushes ----
  function onPush(m) {
    if (m.type === "state") return onState(m);
    if (m.type === "chat") {
      S.chat.push(m); S.chat = S.chat.slice(-50);
      const P = S.msg ? people(S.msg.seats, S.msg.state, S.msg.seat, facts(S.msg.facts)) : null;
      renderChat(S, el, P); bubble(m.seat, chatText(m));
      announcer.say(t("ev-chat", { who: chatWho(S, P, m), text: chatText(m) }), true);
      return;
    }
    if (m.type === "rematch") { S.rematch = m.table; if (S.msg) render(); }
  }

  /** @param {StateMessage} m */
  function onState(m) {
    S.stateAt = Date.now();
    const did = takeState(S, m);
    for (const s of did.sounds) sound(s);
    render();
    if (did.fly) fly(el, m.seat === did.fly.seat, did.fly.seat, did.fly.tile);
    // On sitting down, what happened so far in the hand is told at once;
    // after a reconnection only what is new.
    if (!did.joined) keys.announce(m, did.turnBegins);
    else if (!did.prev) keys.announce({ ...m, events: m.log || [] }, did.turnBegins);
    if (did.turnBegins) focusTurn(S, el);
    if (did.handEnded) focusAfterHand();
    acts.again(m);
  }

  return () => {
    conn.close();
    clearInterval(ticker);
    window.removeEventListener("resize", onResize);
    document.removeEventListener("keydown", keys.onKey);
    announcer.stop();
    for (const g of document.querySelectorAll(".flying")) g.remove();
  };
}
