// The table: the seats around the felt (you at the bottom, your partner or
// the next player across), the board, your hand, what you may do, the
// score in the game's own form, the hand result and the match end, the
// fair-deal panel, the score sheet, table talk and the story of the hand.
// It keeps everything on screen while the connection is down and catches
// up when it returns.

import { h, fill, reducedMotion } from "./dom.js";
import { t } from "./words.js";
import { Conn } from "./conn.js";
import { facts, placeSeats } from "./games.js";
import { drawLayout, drawEnds, tileSvg, backSvg, el } from "./draw.js";
import { checkHand } from "./fair.js";
import { sound } from "./sound.js";
import { store } from "./store.js";
import { people, endNameAt, eventText, resultHeadline, resultHow } from "./names.js";
import { scoreSummary, scoreSheet } from "./score.js";
import { icon, EMOTES, emoteOf } from "./icons.js";
import { Announcer, roving, focusIn, handTileName, tileWords, endsSummary, spokenEvent, actionWords } from "./a11y.js";
import { ratingLine } from "./profile.js";
import { sealedCard } from "./replay.js";

const PHRASES = ["hi", "gg", "nice", "oops", "thanks", "hurry", "again", "wow"];
const CHAT_MAX = 200;

/** Open table `id` in `app`; returns the function that closes it. */
export function tablePage(app, id, nav) {
  const S = {
    msg: null,          // the last state message
    log: [],            // [{hand: n}] or [{e: event}], this hand and before
    logged: 0,          // entries ever added to the log: it shows only the last 80
    chat: [],           // [{seat, name, text | phrase, at}]
    sheetSeen: new Map(), // hand -> {hand, result, scores}, when the server sends no sheet
    selected: null,     // the tile whose end is being chosen
    claim: false,       // the claim toggle, off after every play
    sentPass: false,    // whether this page sent the last pass itself
    note: null,         // a short message for the status line
    movingNote: null,   // the note saying the table is moving to another server
    passNote: null,     // the note saying a pass was made for you
    watching: null,     // why this page watches: "bots", "full", "choice"
    offlineAt: null,    // when the next reconnection try is, while offline
    rematch: null,      // the rematch's table id, once there is one
    dealChecks: new Map(), // hand -> {key, result (a promise), done}
    left: false,
    handFocus: null,    // the hand tile holding the hand's tab stop
    spokenNote: null,   // the last status note read out
  };

  // ---- the page's parts ----
  const title = h("h1", { class: "gametitle", id: "gametitle" });
  // How to play this game: a new tab, so the table stays open.
  const howLink = h("a", { id: "howlink", class: "howlink", target: "_blank", rel: "noopener", hidden: true }, t("howto-link"));
  const handNo = h("span", { class: "handno", id: "handno" });
  const fairTick = h("button", { type: "button", class: "linkish fairtick", id: "fairtick", onclick: openFair });
  const leaveBtn = h("button", { type: "button", class: "quiet", id: "leave", hidden: true, onclick: leave }, t("act-leave"));
  const scoreBox = h("div", { class: "scorebox", id: "scorebox" });
  // The match's end is said by the announcer, and the focus goes to the rematch.
  const banner = h("section", { id: "banner", class: "banner", hidden: true });
  const offline = h("div", { id: "offline", class: "offline-note", role: "alert", hidden: true });
  const spots = {
    top: h("div", { class: "spot spot-top" }),
    left: h("div", { class: "spot spot-left" }),
    right: h("div", { class: "spot spot-right" }),
    bottom: h("div", { class: "spot spot-bottom" }),
  };
  // A group, not an image: the open ends inside become buttons when a tile
  // fits several; the sentence beside it says what is open.
  const board = el("svg", { class: "board", id: "board", role: "group", "aria-label": t("a11y-board"), "aria-describedby": "boardsummary" });
  const boardSummary = h("p", { class: "sr", id: "boardsummary" });
  const boardWrap = h("div", { class: "boardwrap" }, board, boardSummary);
  const felt = h("div", { class: "felt", id: "felt" }, spots.top, spots.left, boardWrap, spots.right, spots.bottom);
  // Not a live region itself: the announcer reads what matters, once.
  const status = h("p", { class: "status", id: "status" });
  const announcer = new Announcer();
  const buttons = h("div", { class: "buttons", id: "buttons" });
  const handEl = h("div", { class: "hand", id: "hand", role: "group", "aria-label": t("hand-label") });
  const handTiles = () => [...handEl.querySelectorAll(".handtile")];
  roving(handEl, handTiles, (b) => { S.handFocus = b.dataset.tile; });
  const keysHelp = h("details", { class: "keyshelp", id: "keyshelp" }, h("summary", {}, t("a11y-keys")),
    h("ul", {}, ["tab", "arrows", "ends", "draw", "claim", "hint", "hand", "ready"].map((k) => h("li", {}, t("a11y-key-" + k)))));
  const result = h("section", { class: "result", id: "result", hidden: true });
  const sheetBox = h("div", { class: "sheetbox", id: "sheetbox" });
  const fair = h("details", { class: "fair panel", id: "fair" });
  // Scrolling lists take the focus, so that the keyboard can scroll them.
  // The chat list is redrawn whole: new lines are said by the announcer.
  const chatList = h("ol", { class: "chatlist", id: "chatlist", tabindex: 0, "aria-label": t("chat-title") });
  const chatInput = h("input", { id: "chatinput", maxlength: CHAT_MAX, placeholder: t("chat-placeholder"), "aria-label": t("chat-placeholder"), autocomplete: "off" });
  const chatForm = h("form", { class: "chatform", id: "chatform", onsubmit: (e) => { e.preventDefault(); say({ text: chatInput.value }); } },
    chatInput, h("button", { type: "submit", id: "chatsend" }, t("chat-send")));
  const chatQuick = h("div", { class: "quick", id: "chatquick" },
    PHRASES.map((p) => h("button", { type: "button", class: "chip", "data-phrase": p, onclick: () => say({ phrase: p }) }, t("chat-phrase-" + p))),
    EMOTES.map((e) => h("button", { type: "button", class: "chip emote", "data-emote": e.face, title: t("emote-" + e.face), onclick: () => say({ text: e.text }) },
      icon(e.face, t("emote-" + e.face)))));
  const chat = h("section", { class: "panel chat", id: "chat" }, h("h2", {}, t("chat-title")), chatList, chatQuick, chatForm);
  const logEl = h("ol", { class: "log", id: "log", tabindex: 0, "aria-label": t("log-title") });
  const autoPass = h("input", { type: "checkbox", id: "autopass", checked: store.autoPass, onchange: () => { store.autoPass = autoPass.checked; sendSettings(); } });
  const settings = h("section", { class: "panel settings", id: "settings" }, h("h2", {}, t("settings")),
    h("label", { title: t("autopass-help") }, autoPass, " ", t("autopass")));
  const invite = h("section", { class: "panel invite", id: "invite", hidden: true });
  const page = h("div", { class: "tablepage", id: "tablepage" },
    h("div", { class: "play" },
      h("div", { class: "topbar" }, title, handNo, fairTick, howLink, leaveBtn),
      scoreBox, banner, offline, felt, status, buttons, result, handEl, keysHelp, announcer.el),
    h("aside", { class: "side" }, invite, sheetBox, chat, fair,
      h("section", { class: "panel" }, h("h2", {}, t("log-title")), logEl), settings));
  fill(app, page);
  title.textContent = t("loading");

  // ---- the connection ----
  const conn = new Conn({ onPush, onOpen: sit, onStatus });
  const ticker = setInterval(tick, 250);
  const onResize = () => S.msg && renderBoard();
  window.addEventListener("resize", onResize);
  document.addEventListener("keydown", onKey);

  async function sit() {
    const token = store.token(id);
    if (token) {
      const r = await conn.request({ type: "resume", table: id, token });
      if (r.type === "joined") { settled(); sendSettings(); return; }
      if (r.code === "no_table") return gone();
      if (r.code === "moving") return soon(r, sit);
    }
    if (S.watching) return watch(S.watching);
    const params = new URLSearchParams(location.search);
    const want = params.get("seat");
    const seat = want == null ? null : Number(want);
    const invite = params.get("invite");
    if (store.name) return join(store.name, seat, invite);
    askName(seat, invite);
  }

  // `invite`: the code an invite link carries, without which the server
  // gives nobody the invited seat it names.
  async function join(name, seat, invite) {
    store.name = name;
    const named = seat != null && seat >= 0 ? { seat, ...(invite ? { invite } : {}) } : {};
    let r = await conn.request({ type: "join", table: id, name, ...named });
    // A seat taken, or kept for a friend whose link this is not: an open
    // seat if there is one, else watching (below).
    if (r.type === "error" && (r.code === "seat_taken" || r.code === "not_invited")) r = await conn.request({ type: "join", table: id, name });
    if (r.type === "joined") {
      if (r.token) store.setToken(id, r.token);
      settled();
      sendSettings();
      return;
    }
    if (r.code === "table_full" || r.code === "match_over") return watch("full");
    if (r.code === "no_table") return gone();
    if (r.code === "moving") return soon(r, () => join(name, seat, invite));
    if (r.code !== "offline") S.note = t("error", { code: r.code, message: r.message });
    render();
  }

  async function watch(why) {
    S.watching = why;
    const r = await conn.request({ type: "spectate", table: id });
    if (r.code === "no_table") return gone();
    if (r.code === "moving") return soon(r, () => watch(why));
    if (r.code === "round_not_over") return sealed();
    if (r.type === "joined") settled();
  }

  // A duplicate round's table before the round is over: nothing to show.
  function sealed() {
    conn.close();
    sealedCard(app);
  }

  // The table's server stopped and another is taking the table over (a
  // server among several): say so, and try again in a moment.
  function soon(r, again) {
    S.note = S.movingNote = t("error", { code: r.code, message: r.message });
    render();
    setTimeout(() => { if (conn.online) again(); }, 1500);
  }

  // Seated again: the word about the move goes.
  function settled() {
    if (S.note && S.note === S.movingNote) S.note = null;
    S.movingNote = null;
  }

  // `seat`, `invite`: the seat an invite link names and its code, which only
  // a join carrying both takes.
  function askName(seat, invite) {
    const input = h("input", { id: "joinname", maxlength: 24, placeholder: t("lobby-name-placeholder"), "aria-label": t("lobby-you"), autocomplete: "nickname" });
    const go = (e) => { e.preventDefault(); const n = input.value.trim(); if (n) { fill(status); join(n, seat, invite); } };
    fill(status, h("form", { class: "joinform", onsubmit: go },
      h("label", { for: "joinname" }, t("join-prompt"), " "), input,
      h("button", { type: "submit", id: "joinbtn" }, t("act-join")),
      h("button", { type: "button", class: "quiet", id: "watchbtn", onclick: () => { fill(status); watch("choice"); } }, t("act-watch"))));
    // Show the table behind the form.
    if (!S.msg) conn.request({ type: "spectate", table: id }).then((r) => { if (r.code === "no_table") gone(); else if (r.code === "round_not_over") sealed(); });
  }

  // The table does not exist (any more): a finished match has a replay.
  async function gone() {
    conn.close();
    const res = await fetch(`/api/history/${id}`, { method: "HEAD" }).catch(() => null);
    if (res && res.status === 403) return sealed();
    if (res && res.ok) {
      fill(app, h("section", { class: "card notfound", id: "notfound" }, h("h1", {}, t("table-over")),
        h("p", {}, h("a", { href: `/r/${id}`, class: "button", id: "replaylink" }, t("open-replay")), " ",
          h("a", { href: "/", class: "button quiet" }, t("not-found-lobby")))));
    } else nav.notFound("table");
  }

  function sendSettings() {
    conn.request({ type: "settings", auto_pass: store.autoPass });
  }

  function onStatus(what, at) {
    S.offlineAt = what === "offline" ? at : null;
    if (what === "online" && page.classList.contains("offline")) S.note = t("online-again");
    page.classList.toggle("offline", what === "offline");
    tick();
    if (S.msg) render();
  }

  function tick() {
    if (S.offlineAt == null) { offline.hidden = true; return; }
    const secs = Math.max(0, Math.ceil((S.offlineAt - Date.now()) / 1000));
    offline.hidden = false;
    fill(offline, h("span", { id: "offlinetext" }, secs > 0 ? t("offline", { secs }) : t("offline-now")), " ",
      h("button", { type: "button", class: "quiet", id: "reconnect", onclick: () => conn.retry() }, t("offline-retry")));
  }

  // ---- what the server pushes ----
  function onPush(m) {
    if (m.type === "state") return onState(m);
    if (m.type === "chat") {
      S.chat.push(m); S.chat = S.chat.slice(-50); renderChat(); bubble(m);
      announcer.say(t("ev-chat", { who: chatWho(m), text: chatText(m) }), true);
      return;
    }
    if (m.type === "rematch") { S.rematch = m.table; if (S.msg) render(); }
  }

  function onState(m) {
    const prev = S.msg;
    const st = m.state;
    const newHand = prev && prev.state.hand_number !== st.hand_number;
    S.msg = m;
    if (Array.isArray(m.log)) {
      S.log = S.log.filter((x) => x.hand != null ? x.hand < st.hand_number : x.n < st.hand_number);
      S.log.push({ hand: st.hand_number });
      for (const e of m.log) S.log.push({ e, n: st.hand_number });
    } else if (newHand) S.log.push({ hand: st.hand_number });
    if (!S.log.length) S.log.push({ hand: st.hand_number });
    for (const e of m.events) S.log.push({ e, n: st.hand_number });
    S.logged += m.events.length + (Array.isArray(m.log) ? m.log.length : 0);
    S.log = S.log.slice(-200);
    if (Array.isArray(m.chat)) S.chat = m.chat.slice(-50);
    if (m.rematch) S.rematch = m.rematch;
    if ((st.phase === "hand_over" || st.phase === "match_over") && st.result) {
      S.sheetSeen.set(st.hand_number, { hand: st.hand_number, result: st.result, scores: st.scores });
    }
    if (newHand) S.note = null;
    const me = m.seat;
    if (S.selected && !(Array.isArray(st.hands[me]) && st.hands[me].includes(S.selected) && st.to_act === me)) S.selected = null;
    const myTurn = me != null && st.to_act === me && st.phase !== "hand_over";
    const wasMyTurn = prev && prev.seat === me && prev.state.to_act === me && prev.state.hand_number === st.hand_number;
    // The word about a pass made for you tells of your last turn: gone
    // when your next one comes, where it would contradict "your turn".
    if (myTurn && !wasMyTurn && S.note && S.note === S.passNote) S.note = null;
    // Sounds, and a word when a pass was made for you.
    let played = null;
    for (const e of m.events) {
      if (e.type !== "action") continue;
      if (e.action.type === "play") { sound("play"); played = e; }
      if (e.action.type === "pass") {
        sound("pass");
        if (e.seat === me && me != null && !S.sentPass) S.note = S.passNote = autoPassNote(prev);
        if (e.seat === me) S.sentPass = false;
      }
    }
    if (myTurn && !wasMyTurn && !Array.isArray(m.log)) sound("turn");
    render();
    if (played && !Array.isArray(m.log)) fly(played.seat, played.action.tile);
    // On sitting down, what happened so far in the hand is told at once;
    // after a reconnection only what is new.
    if (!Array.isArray(m.log)) announce(m, myTurn && !wasMyTurn);
    else if (!prev) announce({ ...m, events: m.log }, myTurn);
    if (myTurn && !wasMyTurn) focusTurn();
    const ended = st.phase === "hand_over" || st.phase === "match_over";
    if (ended && (!prev || prev.state.phase !== st.phase || newHand)) focusAfterHand();
  }

  // ---- for the keyboard and screen readers ----

  // What this state's events say, read out politely: the computer players'
  // moves gather until it is your turn (or the table goes quiet), your own
  // moves, the turn and the hand's end are said at once.
  function announce(m, turnBegins) {
    const st = m.state;
    const P = people(m.seats, st, m.seat);
    const lines = [];
    let now = false;
    for (const e of m.events) {
      lines.push(eventText(P, m.layout, spokenEvent(e), st));
      if (e.type === "hand_over" && e.result) {
        lines.push(resultHow(P, st, e.result));
        lines.push(...(e.result.points || []).map((points, k) => t("result-points", { who: P.side(k), points })));
        now = true;
      }
      if (e.type === "match_over" || (e.type === "action" && e.seat === m.seat)) now = true;
    }
    if (turnBegins && st.phase !== "hand_over" && st.phase !== "match_over") {
      lines.push(S.ends && S.ends.length && st.phase === "play"
        ? t("a11y-your-turn-ends", { ends: endsSummary(m.layout, S.ends, "") }) : t("a11y-your-turn"));
      now = true;
    }
    announcer.say(lines.filter(Boolean), now);
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
    const why = hintReasons(r.reason || []);
    S.note = why ? t("coach-hint", { what: hintWords(a), why }) : t("a11y-hint", { what: hintWords(a) });
    if (a.type === "play") S.handFocus = a.tile;
    render();
    if (typing()) return;
    if (a.type === "play") focusHand();
    else {
      const b = document.getElementById(a.type) || buttons.querySelector(`.poser[data-seat="${a.seat}"]`);
      if (b) b.focus();
    }
  }

  // The expert's reasons (the server's facts) in words: "scores 10 (the
  // ends make 10); keeps 5s: you hold 2 more".
  function hintReasons(reasons) {
    const m = S.msg;
    const P = people(m.seats, m.state, m.seat);
    const ends = (list) => {
      const w = list.map(String);
      return w.length < 2 ? w.join("") : t("term-or", { rest: w.slice(0, -1).join(", "), last: w[w.length - 1] });
    };
    return reasons.map((r) => {
      const id = "term-why-" + r.why.replace(/_/g, "-");
      const args = { ...r };
      if (r.seat != null) args.who = P.name(r.seat);
      if (r.ends) args.ends = ends(r.ends);
      return t(id, args);
    }).join("; ");
  }

  function hintWords(a) {
    const m = S.msg;
    return actionWords(people(m.seats, m.state, m.seat), m.layout, a, m.seat);
  }

  // The open ends and whose turn it is, on request (the B key).
  function sayBoard() {
    const m = S.msg, st = m.state;
    const P = people(m.seats, st, m.seat);
    const turn = st.phase === "hand_over" || st.phase === "match_over" || st.to_act == null ? null
      : st.to_act === m.seat ? t("a11y-your-turn") : t("a11y-waiting-for", { who: P.name(st.to_act) });
    announcer.say([boardSummary.textContent, turn], true);
  }

  // Focus never leaves a field the player is typing in.
  function typing() {
    const a = document.activeElement;
    return !!a && (a.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(a.tagName));
  }

  /** Focus the hand's tab stop; false when there is no hand. */
  function focusHand() {
    const tiles = handTiles();
    if (!tiles.length) return false;
    const k = Math.max(0, tiles.findIndex((b) => b.dataset.tile === S.handFocus));
    focusIn(tiles, k);
    S.handFocus = tiles[k].dataset.tile;
    return true;
  }

  // Your turn: to a playable tile, else to the first thing you may do.
  function focusTurn() {
    if (typing()) return;
    const legal = handTiles().filter((b) => b.classList.contains("legal"));
    if (legal.length) {
      if (!legal.some((b) => b.dataset.tile === S.handFocus)) S.handFocus = legal[0].dataset.tile;
      focusHand();
      return;
    }
    const b = buttons.querySelector("button");
    if (b) b.focus();
    else focusHand();
  }

  // The hand or the match is over: to the button that goes on.
  function focusAfterHand() {
    if (typing()) return;
    const b = document.getElementById("ready") || document.getElementById("rematch");
    if (b) b.focus();
  }

  function endMarks() {
    return [...board.querySelectorAll("g.end[role=button]")];
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
      const b = document.getElementById(id);
      if (!b || b.disabled || !buttons.contains(b)) return false;
      b.click();
      return true;
    };
    const k = e.key.length === 1 ? e.key.toLowerCase() : "";
    const done = k === "d" ? press("draw") : k === "p" ? press("pass") : k === "c" ? press("claim") : k === "m" ? press("muggins") : k === "h" ? press("hint")
      : k === "t" ? focusHand() : k === "b" ? (sayBoard(), true) : false;
    if (done) e.preventDefault();
  }

  function autoPassNote(prev) {
    const ends = prev ? [...new Set(prev.state.ends.map((e) => e.pips))].sort((a, b) => a - b) : [];
    return ends.length ? t("status-auto-passed", { ends: t("ends-list", { list: ends.map(String) }) }) : t("status-auto-passed-empty");
  }

  // ---- acting ----
  function act(a) {
    S.selected = null;
    if (a.type === "pass") S.sentPass = true;
    if (a.type === "play") S.claim = false;
    S.note = null;
    // The state the move was chosen from: a move made on an old board is
    // refused as stale (the new board is already on its way) and never
    // applied by mistake.
    conn.request({ type: "act", action: a, seq: S.msg && S.msg.seq }).then((r) => {
      if (r.type !== "error" || r.code === "offline") return;
      if (r.code === "stale") { if (a.type === "pass") S.sentPass = false; render(); return; }
      if (a.type === "pass") S.sentPass = false;
      // The play came from the legal list: refused with a claim, it was the claim.
      S.note = a.type === "muggins" ? t("act-muggins-nothing")
        : a.claim && r.code === "illegal_action" ? t("act-claim-nothing")
        : t("error", { code: r.code, message: r.message });
      render();
    });
    render();
  }

  function playTile(tile) {
    const { plays } = legalNow();
    const mine = plays.filter((a) => a.tile === tile);
    if (!mine.length) return;
    const ends = [...new Set(mine.map((a) => a.end))];
    if (ends.length === 1) return act(withClaim(mine[0]));
    S.selected = S.selected === tile ? null : tile;
    S.handFocus = tile;
    render();
    // Choosing the end goes on on the board's end markers.
    const marks = endMarks();
    if (S.selected && marks.length) {
      marks[0].focus();
      announcer.say(t("status-choose-end", { tile: tileWords(tile) }), true);
    } else focusHand();
  }

  function playAt(end) {
    const { plays } = legalNow();
    const a = plays.find((x) => x.tile === S.selected && x.end === end);
    if (a) act(withClaim(a));
  }

  // A claim is the player's own act: sent only when they asked for it.
  function withClaim(a) {
    const { claim, ...plain } = a;
    return S.claim ? { ...plain, claim: true } : plain;
  }

  function legalNow() {
    const m = S.msg;
    const me = m.seat;
    const live = m.started !== false && S.offlineAt == null;
    const legal = live && me != null && m.state.to_act === me ? (m.state.legal || []) : [];
    // Claim variants are the same plays: one entry per tile and end.
    const seen = new Set();
    const plays = legal.filter((a) => a.type === "play").filter((a) => {
      const k = `${a.tile}/${a.end}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    return { legal, plays };
  }

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
      else if (what.text != null && chatInput.value.trim() === what.text) chatInput.value = "";
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
    if (r.code === "moving") return soon(r, leaveNow);
    store.dropToken(id);
    S.left = true;
    nav.go("/");
  }

  async function rematch() {
    if (S.rematch) return follow(S.rematch);
    const r = await conn.request({ type: "rematch" });
    if (r.type === "error") { S.note = t("error", { code: r.code, message: r.message }); return render(); }
    follow(r.table);
  }

  // Take your seat in the rematch: the same token holds it.
  function follow(table) {
    const tok = store.token(id);
    if (tok && !store.token(table)) store.setToken(table, tok);
    nav.go("/t/" + table);
  }

  async function fillBots() {
    const r = await conn.request({ type: "fill" });
    if (r.type === "error") { S.note = t("error", { code: r.code, message: r.message }); render(); }
  }

  function openFair() {
    fair.open = true;
    fair.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
  }

  roving(board, endMarks);

  // ---- drawing ----
  function render() {
    const m = S.msg;
    if (!m) return;
    const st = m.state;
    const me = m.seat;
    const game = facts(m.facts);
    const P = people(m.seats, st, me, game);
    document.title = `${t("game-title", { preset: st.rules.preset })} · ${t("page-title")}`;
    title.textContent = t("game-title", { preset: st.rules.preset });
    howLink.href = `/how/${st.rules.preset}`;
    howLink.hidden = false;
    handNo.textContent = t("score-hand", { n: st.hand_number });
    leaveBtn.hidden = me == null || st.phase === "match_over";
    fill(scoreBox, scoreSummary(P, game, st));
    renderSeats(P, game);
    renderBoard();
    renderHand(P);
    renderButtons(P);
    renderStatus(P);
    renderResult(P, game);
    renderBanner(P, game);
    renderFair(P);
    renderSheet(P);
    renderLog(P);
    renderChat();
    renderInvite(P);
    page.dataset.phase = st.phase;
    page.dataset.preset = st.rules.preset;
    page.classList.toggle("watching", me == null);
    // Automatic passes are a seated player's setting.
    settings.hidden = me == null;
    page.classList.toggle("myturn", me != null && st.to_act === me && st.phase !== "hand_over");
  }

  function seatPassed(st, s) {
    return st.history.filter((e) => e.seat === s && e.action.type === "pass").length;
  }

  function renderSeats(P, game) {
    const m = S.msg, st = m.state;
    const bottom = m.seat != null ? m.seat : 0;
    const place = placeSeats(st.rules.players, bottom);
    for (const spot of Object.values(spots)) fill(spot);
    for (let s = 0; s < st.rules.players; s++) spots[place[s]].append(seatPanel(P, game, s));
    // An empty boneyard is news only in a hand where players drew from it.
    const drew = st.history.some((e) => e.action.type === "draw");
    if (typeof st.boneyard === "number" && (st.boneyard > 0 || drew)) {
      spots.top.append(h("div", { class: "boneyard", id: "boneyard" }, t("boneyard", { count: st.boneyard })));
    }
  }

  function seatPanel(P, game, s) {
    const m = S.msg, st = m.state;
    const info = m.seats[s] || {};
    const me = m.seat;
    const toAct = st.to_act === s && (st.phase === "play" || st.phase === "choose_poser") && m.started !== false;
    const partner = P.partners && me != null && s !== me && P.sideOf(s) === P.sideOf(me);
    const hand = st.hands[s];
    const count = Array.isArray(hand) ? hand.length : hand;
    const passes = seatPassed(st, s);
    const tags = [];
    // Each seat names its own bot's level: a tournament table may seat several.
    const level = info.level ?? m.bot;
    if (s === me) tags.push(t("you-tag"));
    if (partner) tags.push(t("seat-partner"));
    if (!info.human) tags.push(t("seat-bot", { level: t("level", { bot: level }) }));
    else if (info.left) tags.push(t("seat-left"));
    else if (info.invited || (info.name == null && m.started === false)) tags.push(t("seat-waiting"));
    else if (!info.present && info.bot) tags.push(t("seat-away"));
    const cls = ["seat", s === me ? "me" : "", toAct ? "toact" : "", partner ? "partner" : "",
      info.human ? "" : "bot", info.invited ? "invited" : ""].filter(Boolean).join(" ");
    const backs = s === me && st.phase === "play" ? null
      : typeof hand === "number" ? h("span", { class: "backs", "aria-hidden": "true" }, Array.from({ length: Math.min(hand, 14) }, backSvg)) : null;
    return h("div", { class: cls, "data-seat": s, id: `seat-${s}` },
      h("div", { class: "who" },
        h("b", { class: "name" }, P.label(s)),
        tags.length ? h("span", { class: "tag", title: info.human ? null : t("level-tooltip", { bot: level }) }, tags.join(" · ")) : null),
      h("div", { class: "marks" },
        toAct ? h("span", { class: "turn" }, s === me ? t("seat-your-turn") : t("seat-to-play")) : null,
        st.out && st.out.includes(s) ? h("span", { class: "out" }, t("seat-out")) : null,
        st.phase === "play" || typeof hand === "number" ? h("span", { class: "count" }, t("seat-tiles", { count })) : null,
        passes ? h("span", { class: "passes" }, t("seat-passes", { count: passes })) : null,
        st.phase === "hand_over" && info.ready ? h("span", { class: "ready" }, icon("tick"), " ", t("seat-ready")) : null),
      backs,
      info.invited && info.invite && me != null ? inviteButton(s, info.invite) : null,
      h("div", { class: "bubble", hidden: true }));
  }

  function renderBoard() {
    const m = S.msg, st = m.state;
    const me = m.seat;
    const game = facts(m.facts);
    // Arms and branches need room to turn: on a narrow screen they are laid
    // out a little wider and drawn scaled down, rather than boxed in and
    // continued away from their chain.
    const least = game.layout === "line" ? 340 : 420;
    const width = Math.max(least, Math.min(1000, boardWrap.clientWidth || 800));
    let last = null;
    for (let i = st.history.length - 1; i >= 0; i--) {
      if (st.history[i].action.type === "play") { last = st.history[i].action.tile; break; }
    }
    const empty = m.started === false ? t("board-waiting") : t("board-empty");
    // A flight belongs to the board it was started on: once the board is
    // redrawn (and maybe re-fitted), it would land on the wrong spot.
    for (const g of document.querySelectorAll(".flying")) g.remove();
    const focused = board.contains(document.activeElement) ? document.activeElement.getAttribute("data-end") : null;
    const ends = drawLayout(board, m.layout, width, st.history, game.branches, last, empty);
    boardSummary.textContent = [endsSummary(m.layout, ends, empty), last ? t("a11y-board-last", { tile: tileWords(last) }) : ""].join(" ").trim();
    const { plays } = legalNow();
    const choosable = S.selected ? new Set(plays.filter((a) => a.tile === S.selected && a.end != null).map((a) => a.end)) : null;
    drawEnds(board, ends, playAt, choosable);
    S.ends = ends;
    const marks = nameEnds(ends, choosable);
    if (focused != null && marks.length) focusIn(marks, Math.max(0, marks.findIndex((g) => g.getAttribute("data-end") === focused)));
    void me;
  }

  // The drawn tiles are told by the summary; the ends you may choose are
  // buttons named by where they are (arrows move between them).
  function nameEnds(ends, choosable) {
    const m = S.msg;
    const layoutG = board.querySelector("g.layout");
    if (layoutG) layoutG.setAttribute("aria-hidden", "true");
    const marks = [];
    for (const g of board.querySelectorAll("g.end")) {
      const id = Number(g.getAttribute("data-end"));
      const e = ends.find((x) => x.id === id);
      if (!e || !choosable || !choosable.has(id)) { g.setAttribute("aria-hidden", "true"); continue; }
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", marks.length ? "-1" : "0");
      g.setAttribute("aria-label", t("a11y-end-play", { end: endNameAt(m.layout, e), pips: e.pips }));
      g.addEventListener("keydown", (ev) => {
        if (ev.key !== "Enter" && ev.key !== " ") return;
        ev.preventDefault();
        playAt(id);
      });
      marks.push(g);
    }
    return marks;
  }

  function renderHand(P) {
    const m = S.msg, st = m.state, me = m.seat;
    // Focus stays in the hand through a redraw: on the same tile, or on
    // the one now in its place.
    const was = handTiles();
    const focusedAt = was.indexOf(document.activeElement);
    fill(handEl);
    // At the end of a hand every hand, yours too, is in the result.
    if (me == null || !Array.isArray(st.hands[me]) || st.result) { handEl.hidden = true; return; }
    handEl.hidden = false;
    const { plays } = legalNow();
    const myTurn = plays.length > 0;
    const held = st.hands[me];
    if (!held.includes(S.handFocus)) {
      const at = Math.max(0, was.findIndex((b) => b.dataset.tile === S.handFocus));
      S.handFocus = held[Math.min(at, held.length - 1)] ?? null;
    }
    for (const tile of held) {
      const ok = plays.some((a) => a.tile === tile);
      // Unplayable tiles stay focusable, so that they can be heard.
      const b = h("button", {
        type: "button", class: "handtile" + (ok ? " legal" : myTurn ? " unplayable" : "") + (S.selected === tile ? " selected" : ""),
        "data-tile": tile, "aria-disabled": ok ? null : "true", "aria-pressed": S.selected === tile ? "true" : null,
        tabindex: tile === S.handFocus ? "0" : "-1",
        "aria-label": handTileName(tile, ok, myTurn), onclick: () => playTile(tile),
      }, tileSvg(tile));
      handEl.append(b);
    }
    if (focusedAt >= 0) focusHand();
    void P;
  }

  function renderButtons(P) {
    const m = S.msg, st = m.state, me = m.seat;
    const game = facts(m.facts);
    const { legal, plays } = legalNow();
    fill(buttons);
    if (me == null || st.to_act !== me || !legal.length) return;
    if (S.selected) {
      const ends = S.ends || [];
      for (const a of plays.filter((x) => x.tile === S.selected && x.end != null)) {
        const e = ends.find((x) => x.id === a.end) || { id: a.end, pips: "" };
        buttons.append(h("button", { type: "button", class: "endchoice", "data-end": a.end, onclick: () => playAt(a.end) },
          t("act-on-end", { end: endNameAt(m.layout, e), pips: e.pips })));
      }
      buttons.append(h("button", { type: "button", class: "quiet", id: "cancel", onclick: cancelChoice }, t("act-cancel")));
      return;
    }
    if (legal.some((a) => a.type === "draw")) buttons.append(h("button", { type: "button", id: "draw", onclick: () => act({ type: "draw" }) }, t("act-draw")));
    if (legal.some((a) => a.type === "pass")) buttons.append(h("button", { type: "button", id: "pass", onclick: () => act({ type: "pass" }) }, t("act-pass")));
    for (const a of legal.filter((x) => x.type === "choose_poser")) {
      buttons.append(h("button", { type: "button", class: "poser", "data-seat": a.seat, onclick: () => act(a) }, t("act-poser", { who: P.name(a.seat), me: a.seat === me })));
    }
    if (game.claims && plays.length) {
      buttons.append(h("button", { type: "button", id: "claim", class: "toggle", "aria-pressed": S.claim ? "true" : "false", title: t("act-claim-help"),
        onclick: () => { S.claim = !S.claim; render(); } }, t("act-claim")));
    }
    if (game.claims === "muggins") {
      buttons.append(h("button", { type: "button", id: "muggins", title: t("act-muggins-help"), onclick: () => act({ type: "muggins" }) }, t("act-muggins")));
    }
    if (S.msg.hints) buttons.append(h("button", { type: "button", id: "hint", class: "quiet", onclick: askHint }, t("a11y-hint-button")));
  }

  function renderStatus(P) {
    const m = S.msg, st = m.state, me = m.seat;
    if (status.querySelector("form")) return; // asking for a name
    const parts = [];
    if (me == null) {
      const allBots = m.seats.every((x) => !x.human);
      parts.push(t(allBots ? "status-watching-bots" : S.watching === "full" ? "status-watching-full" : "status-watching"));
    }
    const { plays, legal } = legalNow();
    if (m.started === false) {
      const waiting = m.seats.filter((x) => x.human && x.name == null).length;
      parts.push(t("waiting-invited", { count: waiting }));
    } else if (st.phase === "play" || st.phase === "choose_poser") {
      if (me != null && st.to_act === me) {
        if (S.selected) parts.push(t("status-choose-end", { tile: S.selected }));
        else if (st.phase === "choose_poser") parts.push(t("status-choose-poser"));
        else parts.push(plays.length ? t("status-your-turn") : legal.length ? t("status-your-turn-plain") : "");
      } else if (st.to_act != null) parts.push(t("status-waiting-for", { who: P.name(st.to_act) }));
    } else if (st.phase === "hand_over") parts.push(t("status-next-hand"));
    if (S.note) parts.push(S.note);
    fill(status, parts.filter(Boolean).join(" "));
    if (S.note && S.note !== S.spokenNote) announcer.say(S.note, true);
    S.spokenNote = S.note;
  }

  function revealRow(P, st, s) {
    const hand = st.hands[s];
    const r = st.result;
    return h("li", { class: "reveal", "data-seat": s },
      h("span", { class: "rname" }, P.name(s)),
      h("span", { class: "rtiles", "aria-hidden": "true" }, Array.isArray(hand) ? hand.map((x) => tileSvg(x, "small", true)) : null),
      Array.isArray(hand) ? h("span", { class: "sr" }, hand.map(tileWords).join(", ")) : null,
      r ? h("span", { class: "rcount" }, t("result-pips", { count: r.counts[s] })) : null);
  }

  function renderResult(P, game) {
    const m = S.msg, st = m.state, me = m.seat;
    const r = st.result;
    if (!(st.phase === "hand_over" || st.phase === "match_over") || !r) { result.hidden = true; fill(result); return; }
    result.hidden = false;
    const won = r.winner && me != null && P.sideOf(me) === r.winner.side;
    result.className = "result" + (r.winner ? (won ? " won" : me != null ? " lost" : "") : " tie");
    const pts = st.scores.map((_, k) => h("li", { "data-side": k }, t("result-points", { who: P.side(k), points: r.points[k] })));
    const notes = (r.notes || []).map((n) => h("li", { class: "note", "data-note": n }, t("result-note", { note: n })));
    const waiting = st.phase === "hand_over" ? m.seats.map((x, s) => (x.ready || x.bot || !x.human ? null : s)).filter((s) => s != null && s !== me) : [];
    fill(result,
      h("h2", { id: "resulttitle" }, `${t("result-title", { n: st.hand_number })} · ${resultHeadline(P, st, r)}`),
      h("p", { class: "how", id: "resulthow" }, resultHow(P, st, r)),
      h("ul", { class: "points", id: "resultpoints" }, pts, notes),
      st.phase === "hand_over" && me != null && !m.seats[me].ready
        ? h("button", { type: "button", id: "ready", class: "big", onclick: () => conn.request({ type: "ready" }) }, t("act-ready")) : null,
      waiting.length && me != null && m.seats[me].ready
        ? h("p", { class: "muted" }, t("result-ready-wait", { who: t("ends-list", { list: waiting.map((s) => P.name(s)) }) })) : null,
      h("h3", { class: "sr" }, t("result-hands")),
      h("ul", { class: "reveals", id: "reveals" }, st.hands.map((_, s) => revealRow(P, st, s))));
    void game;
  }

  function renderBanner(P, game) {
    const m = S.msg, st = m.state, me = m.seat;
    if (st.phase !== "match_over") { banner.hidden = true; fill(banner); return; }
    banner.hidden = false;
    const w = st.winner;
    const won = w && me != null && P.sideOf(me) === w.side;
    const head = !w ? t("match-tie") : won ? t("match-you-win", { many: P.partners }) : t("match-winner", { who: P.side(w.side), many: P.sideMany(w.side) });
    const final = st.scores.map((p, k) => h("li", { "data-side": k }, h("span", { class: "sname" }, P.side(k)), " ", h("b", {}, String(p))));
    fill(banner,
      h("h2", { id: "bannertitle" }, won ? [icon("trophy"), " "] : null, head),
      h("p", { class: "muted" }, t("match-final")),
      h("ul", { class: "final", id: "final" }, final),
      ratingLine(m),
      st.skunk ? h("p", { id: "skunkline" }, t("match-skunk", { who: P.side(st.skunk.side), many: P.sideMany(st.skunk.side), points: st.skunk.points, games: st.skunk.games })) : null,
      h("div", { class: "row" },
        me != null || S.rematch ? h("button", { type: "button", id: "rematch", class: "big", title: t("rematch-help"), onclick: rematch }, S.rematch ? t("rematch-open") : t("rematch")) : null,
        h("a", { href: "/", class: "button quiet", id: "tolobby" }, t("back-lobby")),
        m.finished ? h("a", { href: "/r/" + m.table, class: "button quiet", id: "replaylink" }, t("open-replay")) : null,
        m.finished ? h("a", { href: `/api/history/${m.table}/record`, download: true, class: "button quiet", id: "recordlink" }, t("download-record")) : null));
    banner.className = "banner" + (won ? " won" : "");
    void game;
  }

  function renderFair(P) {
    const m = S.msg, st = m.state;
    const open = fair.open;
    const list = m.fair || [];
    const cur = list[list.length - 1];
    let tick = t("fair-sealed"), cls = "sealed";
    const rows = [];
    for (const f of list.slice().reverse().slice(0, 6)) {
      const rule = !f.redeal ? null : ["double", "never", "turn_over"].includes(f.redeal) ? t("fair-redeal-" + f.redeal) : t("fair-redeal-tile", { tile: f.redeal });
      const check = f.key ? checkFor(P, f) : null;
      rows.push(h("li", { "data-hand": f.hand },
        h("h3", {}, t("fair-hand", { n: f.hand })),
        h("dl", {},
          h("dt", {}, t("fair-commit")), h("dd", {}, h("code", {}, f.commit)),
          h("dt", {}, t("fair-key")), h("dd", {}, f.key ? h("code", {}, f.key) : t("fair-key-hidden")),
          rule ? [h("dt", {}, t("fair-redeal")), h("dd", {}, rule)] : null),
        check ? h("p", { class: "verdict", id: f.hand === st.hand_number ? "verified" : null }, check.done ? check.done.message : t("fair-checking")) : null));
    }
    if (cur && cur.key) {
      const c = checkFor(P, cur);
      if (c && c.done) { tick = c.done.ok ? t("fair-verified") : t("fair-failed"); cls = c.done.ok ? "ok" : "bad"; }
      else { tick = t("fair-checking"); cls = "checking"; }
    }
    const mark = { ok: "tick", bad: "cross", sealed: "lock" }[cls];
    fill(fairTick, mark ? [icon(mark), " "] : null, tick);
    fairTick.className = "linkish fairtick " + cls;
    fairTick.title = t("fair-title");
    fill(fair, h("summary", {}, h("h2", {}, t("fair-title"))), h("p", { class: "muted" }, t("fair-explain")), h("ol", { class: "fairlist" }, rows));
    fair.open = open;
  }

  // The page's own check of a revealed key (fair.js), once per hand.
  function checkFor(P, f) {
    const m = S.msg, st = m.state;
    let c = S.dealChecks.get(f.hand);
    if (c && c.key === f.key) return c;
    // Only the current hand's tiles are on this page to check against.
    if (f.hand !== st.hand_number || !st.hands.every(Array.isArray)) return c || null;
    const shown = { facts: m.facts, rules: st.rules, hand: f.hand, key: f.key, commit: f.commit, redeal: f.redeal, hands: st.hands, history: st.history };
    c = { key: f.key, done: null };
    S.dealChecks.set(f.hand, c);
    checkHand(shown, (s) => P.name(s))
      .catch((e) => ({ ok: false, message: t("fair-error", { why: e.message }) }))
      .then((r) => { c.done = r; if (S.msg) renderFair(people(S.msg.seats, S.msg.state, S.msg.seat)); });
    return c;
  }

  function renderSheet(P) {
    const m = S.msg;
    const sheet = Array.isArray(m.sheet) ? m.sheet : [...S.sheetSeen.values()].sort((a, b) => a.hand - b.hand);
    fill(sheetBox, h("section", { class: "panel" }, scoreSheet(P, sheet)));
  }

  function renderLog(P) {
    const m = S.msg;
    fill(logEl);
    for (const x of S.log.slice(-80)) {
      if (x.hand != null) { logEl.append(h("li", { class: "handline" }, t("log-hand", { n: x.hand }))); continue; }
      const text = eventText(P, m.layout, x.e, m.state);
      if (text) logEl.append(h("li", { "data-type": x.e.type === "action" ? x.e.action.type : x.e.type }, text));
    }
    logEl.scrollTop = logEl.scrollHeight;
    // A count that keeps growing once the list is full, for whoever waits on a move.
    logEl.dataset.logged = S.logged;
  }

  // A quick-chat emote shows as its face; anything else as the text sent.
  function chatText(c) {
    if (c.phrase) return t("chat-phrase-" + c.phrase);
    const e = emoteOf(c.text);
    return e ? icon(e.face, t("emote-" + e.face)) : c.text;
  }

  function chatWho(c) {
    if (!S.msg) return c.name || "";
    const P = people(S.msg.seats, S.msg.state, S.msg.seat);
    return c.seat != null ? P.name(c.seat) : c.name || "";
  }

  function renderChat() {
    fill(chatList);
    if (!S.chat.length) chatList.append(h("li", { class: "muted" }, t("chat-empty")));
    for (const c of S.chat) chatList.append(h("li", {}, h("b", {}, chatWho(c)), " ", h("span", { class: "said" }, chatText(c))));
    chatList.scrollTop = chatList.scrollHeight;
    const seated = S.msg && S.msg.seat != null;
    chat.classList.toggle("readonly", !seated);
    for (const b of chat.querySelectorAll("button, input")) b.disabled = !seated;
  }

  // A chat line shows for a few seconds beside the seat that said it.
  function bubble(c) {
    const b = c.seat != null && document.querySelector(`#seat-${c.seat} .bubble`);
    if (!b) return;
    fill(b, chatText(c));
    b.hidden = false;
    clearTimeout(b.timer);
    b.timer = setTimeout(() => (b.hidden = true), 5000);
  }

  // The table's plain link (`code` null: open seats or watching), or an
  // invited seat's, carrying the code only the creator is told.
  function inviteLink(s, code) {
    const q = s != null && code ? `?${new URLSearchParams({ seat: s, invite: code })}` : "";
    return `${location.origin}/t/${id}${q}`;
  }

  function inviteButton(s, code) {
    return h("button", { type: "button", class: "chip", "data-invite": s, "data-link": inviteLink(s, code), onclick: () => copyInvite(s, code) }, t("copy-invite"));
  }

  async function copyInvite(s, code) {
    const link = inviteLink(s, code);
    try { await navigator.clipboard.writeText(link); S.note = t("copied"); } catch (_) { S.note = link; }
    render();
  }

  function renderInvite(P) {
    const m = S.msg;
    if (m.seat == null || m.state.phase === "match_over") { invite.hidden = true; return; }
    invite.hidden = false;
    // Only the creator is told the invited seats' codes, so only the
    // creator is offered their links.
    const invited = m.seats.map((x, s) => (x.invited && x.invite ? s : null)).filter((s) => s != null);
    const share = h("input", { readonly: true, value: inviteLink(null, null), id: "share", "aria-label": t("invite-link"), onclick: (e) => e.target.select() });
    fill(invite, h("h2", {}, t("invite-link")), share,
      m.started === false ? h("p", { class: "muted" }, t("waiting-host")) : null,
      m.started === false && m.host === m.seat
        ? h("button", { type: "button", id: "fill", onclick: fillBots }, t("fill-bots")) : null,
      invited.length ? h("ul", { class: "invites" }, invited.map((s) => h("li", {},
        t("invite-for", { where: P.label(s) }), " ",
        inviteButton(s, m.seats[s].invite)))) : null);
  }

  // ---- the flight of a play from its seat to its place ----
  function fly(seat, tile) {
    if (reducedMotion()) return;
    const target = board.querySelector(`g.tile[data-tile="${tile}"]`);
    const from = (S.msg.seat === seat ? handEl : null) || document.getElementById(`seat-${seat}`);
    if (!target || !from) return;
    const tr = target.getBoundingClientRect(), fr = from.getBoundingClientRect();
    if (!tr.width || !fr.width) return;
    const face = target.querySelector("rect");
    const w = Number(face.getAttribute("width")), hh = Number(face.getAttribute("height"));
    const ghost = el("svg", { class: "flying", viewBox: `0 0 ${w} ${hh}`, width: tr.width, height: tr.height });
    const clone = target.cloneNode(true);
    clone.removeAttribute("transform");
    ghost.appendChild(clone);
    // On the page, not the window: scrolling during the flight moves it with the board.
    Object.assign(ghost.style, { position: "absolute", left: `${tr.left + scrollX}px`, top: `${tr.top + scrollY}px`, zIndex: 50, pointerEvents: "none" });
    document.body.appendChild(ghost);
    target.style.opacity = "0";
    const dx = fr.left + fr.width / 2 - (tr.left + tr.width / 2), dy = fr.top + fr.height / 2 - (tr.top + tr.height / 2);
    const anim = ghost.animate([{ transform: `translate(${dx}px, ${dy}px) scale(1.4)` }, { transform: "none" }],
      { duration: 420, easing: "cubic-bezier(.2,.7,.3,1)" });
    const done = () => { ghost.remove(); target.style.opacity = ""; };
    anim.onfinish = done;
    anim.oncancel = done;
    // Whatever happens to the animation, the ghost goes.
    setTimeout(done, 600);
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
