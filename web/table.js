// @ts-check
// The table: the seats around the felt (you at the bottom, your partner or
// the next player across), the board, your hand, what you may do, the
// score in the game's own form, the hand result and the match end, the
// fair-deal panel, the score sheet, table talk and the story of the hand.
// It keeps everything on screen while the connection is down and catches
// up when it returns.
//
// This module is the controller: the connection, taking a seat, acting,
// the keys and the focus. What is shown is worked out by table/model.js
// (no page) and drawn by the views in table/.

import { h, fill, reducedMotion } from "./dom.js";
import { t } from "./words.js";
import { Conn } from "./conn.js";
import { facts } from "./games.js";
import { sound } from "./sound.js";
import { store } from "./store.js";
import { call } from "./api.js";
import { people } from "./names.js";
import { scoreSummary } from "./score.js";
import { roving, actionWords } from "./a11y.js";
import { spokenLines } from "./table/speech.js";
import { typing, focusHandOf, focusTurn, focusAfterHand } from "./table/focus.js";
import { newTable, takeState, statusLine, hintReasons, chatWho, tableKind, inviteLink as linkFor } from "./table/model.js";
import { tableParts } from "./table/parts.js";
import { renderSeats, bubble, tickDropped } from "./table/seats.js";
import { renderBoard, endMarks, fly } from "./table/board.js";
import { renderHand, renderButtons } from "./table/hand.js";
import { renderResult, renderBanner } from "./table/result.js";
import { renderSheet, renderLog, renderChat, renderInvite, chatText } from "./table/side.js";
import { renderFair } from "./table/fairpanel.js";
import { seating } from "./table/seating.js";
import { acting } from "./table/acting.js";
import { clockView } from "./table/clock.js";

/** @typedef {import("./types/StateMessage").StateMessage} StateMessage */
/** @typedef {import("./types/ChatLine").ChatLine} ChatLine */
/** @typedef {import("./types/hand").Answer} Answer */
/** @typedef {import("./types/Action").Action} Action */

/**
 * Open table `id` in `app`; returns the function that closes it.
 * @param {HTMLElement} app
 * @param {string} id
 * @param {{ go: (path: string) => void, notFound: (what: string) => void }} nav
 */
export function tablePage(app, id, nav) {
  const S = newTable();
  const el = tableParts({
    openFair, leave: () => acts.leave(), say: (what) => acts.say(what),
    autoPass: (on) => { store.autoPass = on; sendSettings(); },
  });
  const { page, status, offline, announcer, buttons, board, handEl, fair } = el;
  const clock = clockView(announcer);
  status.before(clock.el);
  roving(handEl, el.handTiles, (b) => { S.handFocus = b.dataset.tile ?? null; });
  fill(app, page);
  el.title.textContent = t("loading");
  // ---- the connection ----
  const conn = new Conn({ onPush, onOpen: () => seats.sit(), onStatus });
  const seats = seating({ S, conn, id, app, nav, status, render, sendSettings });
  const acts = acting({ S, el, conn, id, nav, render, soon: (r, again) => seats.soon(r, again), focusHand });
  const { act, playTile, playAt, rematch, fillBots } = acts;
  /** @type {import("./table/hand.js").HandActions} */
  const handActions = {
    act, playTile, playAt, cancelChoice, askHint, focusHand,
    toggleClaim: () => { S.claim = !S.claim; render(); },
  };
  // A tournament's table ends with the way back to it: this browser knows
  // it if it came from the tournament's page, the server in any case.
  if (!store.tournamentOf(id)) {
    call("GET", `/api/tables/${id}/tournament`).then(({ data }) => {
      if (data && data.tournament) { store.setTournamentOf(id, data.tournament); render(); }
    });
  }
  const ticker = setInterval(tick, 250);
  const onResize = () => S.msg && renderBoard(S, el, playAt);
  window.addEventListener("resize", onResize);
  document.addEventListener("keydown", onKey);

  function sendSettings() {
    conn.request({ type: "settings", auto_pass: store.autoPass });
  }

  function onStatus(what, at, why) {
    S.offlineAt = what === "offline" ? at : null;
    S.offlineWhy = why;
    if (what === "online" && page.classList.contains("offline")) S.note = t("online-again");
    page.classList.toggle("offline", what === "offline");
    tick();
    if (S.msg) render();
  }

  function tick() {
    clock.tick();
    tickDropped();
    if (S.offlineAt == null) { offline.hidden = true; return; }
    const secs = Math.max(0, Math.ceil((S.offlineAt - Date.now()) / 1000));
    offline.hidden = false;
    const words = S.offlineWhy === "silent" ? t("server-silent") : secs > 0 ? t("offline", { secs }) : t("offline-now");
    fill(offline, h("span", { id: "offlinetext" }, words), " ",
      h("button", { type: "button", class: "quiet", id: "reconnect", onclick: () => conn.retry() }, t("offline-retry")));
  }

  // ---- what the server pushes ----
  function onPush(m) {
    if (m.type === "state") return onState(m);
    if (m.type === "chat") {
      S.chat.push(m); S.chat = S.chat.slice(-50);
      const P = S.msg ? people(S.msg.seats, S.msg.state, S.msg.seat) : null;
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
    if (!did.joined) announce(m, did.turnBegins);
    else if (!did.prev) announce({ ...m, events: m.log || [] }, did.turnBegins);
    if (did.turnBegins) focusTurn(S, el);
    if (did.handEnded) focusAfterHand();
    acts.again(m);
  }

  // ---- for the keyboard and screen readers ----

  // What this state's events say, read out politely: the computer players'
  // moves gather until it is your turn (or the table goes quiet), your own
  // moves, the turn and the hand's end are said at once.
  /**
   * @param {StateMessage} m
   * @param {boolean} turnBegins
   */
  function announce(m, turnBegins) {
    const { lines, now } = spokenLines(S, m, turnBegins);
    announcer.say(lines, now);
  }

  // The expert's move in your place (the H key): said, shown in the status
  // line, and its tile (or button) gets the focus; nothing is played.
  async function askHint() {
    S.note = t("a11y-hint-thinking");
    render();
    const r = await conn.request({ type: "hint" });
    if (r.type === "error") {
      S.note = r.code === "offline" ? null : t("a11y-hint-failed", { why: t("error", { code: r.code, message: r.message }) });
      render();
      return;
    }
    const a = r.action;
    const why = hintReasons(people(S.msg.seats, S.msg.state, S.msg.seat), r.reason || []);
    S.note = why ? t("coach-hint", { what: hintWords(a), why }) : t("a11y-hint", { what: hintWords(a) });
    if (a.type === "play") S.handFocus = a.tile;
    // Marked in the hand and on the board too, until the turn is played.
    S.hint = a.type === "play" ? { tile: a.tile, end: a.end ?? null } : null;
    render();
    if (typing()) return;
    if (a.type === "play") focusHand();
    else {
      const b = document.getElementById(a.type) || (a.type === "choose_poser" ? buttons.querySelector(`.poser[data-seat="${a.seat}"]`) : null);
      if (b) b.focus();
    }
  }

  /** @param {Action} a */
  function hintWords(a) {
    const m = /** @type {StateMessage} */ (S.msg);
    return actionWords(people(m.seats, m.state, m.seat), m.layout, a, m.seat);
  }

  function sayBoard() {
    const m = S.msg, st = m.state;
    const P = people(m.seats, st, m.seat);
    const turn = st.phase === "hand_over" || st.phase === "match_over" || st.to_act == null ? null
      : st.to_act === m.seat ? t("a11y-your-turn") : t("a11y-waiting-for", { who: P.name(st.to_act) });
    announcer.say([el.boardSummary.textContent, turn], true);
  }

  function focusHand() {
    return focusHandOf(S, el);
  }

  function cancelChoice() {
    const tile = S.selected;
    S.selected = null;
    render();
    if (tile) S.handFocus = tile;
    focusHand();
    announcer.say(t("a11y-cancelled"), true);
  }

  // The table's keys (listed in the keys help beside the hand).
  function onKey(e) {
    if (!S.msg || e.altKey || e.ctrlKey || e.metaKey || typing()) return;
    if (e.key === "Escape") {
      if (S.selected) { e.preventDefault(); cancelChoice(); }
      return;
    }
    const press = (id) => {
      const b = /** @type {HTMLButtonElement | null} */ (document.getElementById(id));
      if (!b || b.disabled || !buttons.contains(b)) return false;
      b.click();
      return true;
    };
    const k = e.key.length === 1 ? e.key.toLowerCase() : "";
    const done = k === "d" ? press("draw") : k === "p" ? press("pass") : k === "c" ? press("claim") : k === "m" ? press("muggins") : k === "h" ? press("hint")
      : k === "t" ? focusHand() : k === "b" ? (sayBoard(), true) : false;
    if (done) e.preventDefault();
  }

  function openFair() {
    fair.open = true;
    fair.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
  }

  roving(board, () => endMarks(el));

  // ---- drawing ----
  function render() {
    const m = S.msg;
    if (!m) return;
    const st = m.state;
    const me = m.seat;
    const game = facts(m.facts);
    const P = people(m.seats, st, me, game);
    document.title = `${t("game-title", { preset: st.rules.preset })} · ${t("page-title")}`;
    el.title.textContent = t("game-title", { preset: st.rules.preset });
    el.howLink.href = `/how/${st.rules.preset}`;
    el.howLink.hidden = false;
    el.handNo.textContent = t("score-hand", { n: st.hand_number });
    const kind = tableKind(S);
    el.kind.textContent = kind ? kind.text : "";
    el.kind.classList.toggle("rated", !!kind && kind.rated);
    el.leaveBtn.hidden = me == null || st.phase === "match_over";
    fill(el.scoreBox, scoreSummary(P, game, st));
    renderSeats(S, el, P, inviteButton);
    renderBoard(S, el, playAt);
    renderHand(S, el, handActions);
    renderButtons(S, el, P, handActions);
    renderStatus(P);
    clock.take(m, (s) => P.name(s));
    renderResult(S, el, P, () => conn.request({ type: "ready" }));
    renderBanner(S, el, P, rematch);
    renderFair(S, el, P, fairAgain);
    renderSheet(S, el, P);
    renderLog(S, el, P);
    renderChat(S, el, P);
    renderInvite(S, el, P, { link: inviteLink, button: inviteButton, fillBots });
    page.dataset.phase = st.phase;
    page.dataset.preset = st.rules.preset;
    page.classList.toggle("watching", me == null);
    // Automatic passes are a seated player's setting.
    el.settings.hidden = me == null;
    page.classList.toggle("myturn", me != null && st.to_act === me && st.phase !== "hand_over");
  }

  // A deal check finished: its panel again.
  function fairAgain() {
    if (S.msg) renderFair(S, el, people(S.msg.seats, S.msg.state, S.msg.seat), fairAgain);
  }

  /** @param {import("./types/hand").People} P */
  function renderStatus(P) {
    if (status.querySelector("form")) return; // asking for a name
    fill(status, statusLine(S, P));
    if (S.note && S.note !== S.spokenNote) announcer.say(S.note, true);
    S.spokenNote = S.note;
  }

  /** @param {number | null} s @param {string | null} code */
  function inviteLink(s, code) {
    return linkFor(location.origin, id, s, code);
  }

  /** @param {number} s @param {string} code */
  function inviteButton(s, code) {
    return h("button", { type: "button", class: "chip", "data-invite": s, "data-link": inviteLink(s, code), onclick: () => copyInvite(s, code) }, t("copy-invite"));
  }

  /** @param {number} s @param {string} code */
  async function copyInvite(s, code) {
    const link = inviteLink(s, code);
    try { await navigator.clipboard.writeText(link); S.note = t("copied"); } catch (_) { S.note = link; }
    render();
  }

  return () => {
    conn.close();
    clearInterval(ticker);
    window.removeEventListener("resize", onResize);
    document.removeEventListener("keydown", onKey);
    announcer.stop();
    for (const g of document.querySelectorAll(".flying")) g.remove();
  };
}
