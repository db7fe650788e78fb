// @ts-check
// The table as data: the last state message and what this page keeps of
// its own (the log, the chat, the tile being placed, the notes) in, and
// what the views show out. Nothing here touches the page, so it runs under
// node (web/test/table-model.test.mjs); the views (seats.js, board.js,
// hand.js, result.js, side.js, fairpanel.js) draw what it says.

import { t, orList, semiList } from "../words.js";
import { isStation, passKinds, passKindsOf } from "../trains.js";

/** @typedef {import("../types/StateMessage").StateMessage} StateMessage */
/** @typedef {import("../types/ChatLine").ChatLine} ChatLine */
/** @typedef {import("../types/hand").People} People */
/** @typedef {import("../types/Action").Action} Action */
/** @typedef {import("../types/State").State} State */
/** @typedef {import("../types/Event").Event} Event */
/** @typedef {import("../types/HandResult").HandResult} HandResult */

/**
 * @typedef {{ hand: number } | { e: Event, n: number, how?: import("../trains.js").PassKind | null }} LogEntry
 * @typedef {{ hand: number, result: HandResult, scores: number[] }} SheetLine
 * @typedef {{ key: string, done: { ok: boolean, message: string } | null }} DealCheck
 * @typedef {{ id: number, pips: number | string, out?: string }} End
 */

/** The page's own state beside the last message. */
export function newTable() {
  return {
    /** @type {StateMessage | null} the last state message */
    msg: null,
    /** @type {LogEntry[]} this hand and before */
    log: [],
    logged: 0,          // entries ever added to the log: it shows only the last 80
    /** @type {ChatLine[]} */
    chat: [],
    /** @type {Map<number, SheetLine>} hand -> line, when the server sends no sheet */
    sheetSeen: new Map(),
    /** @type {string | null} the tile whose end is being chosen */
    selected: null,
    claim: false,       // the claim toggle, off after every play
    sentPass: false,    // whether this page sent the last pass itself
    /** @type {string | null} a short message for the status line */
    note: null,
    /** @type {string | null} the note saying the table is moving to another server */
    movingNote: null,
    /** @type {string | null} the note saying a pass was made for you */
    passNote: null,
    /** @type {string | null} why this page watches: "bots", "full", "choice" */
    watching: null,
    /** @type {number | null} when the next reconnection try is, while offline */
    offlineAt: null,
    /** @type {"closed" | "silent" | undefined} why the connection went: closed, or the server stopped answering */
    offlineWhy: undefined,
    /** @type {{ a: import("../types/Action").Action, seq: number | null } | null} a move sent and not answered yet */
    unanswered: null,
    /** @type {number} when the last state came (Date.now()), for the seats' countdowns */
    stateAt: 0,
    /** @type {string | null} the rematch's table id, once there is one */
    rematch: null,
    /** @type {Map<number, DealCheck>} */
    dealChecks: new Map(),
    left: false,
    /** @type {string | null} the hand tile holding the hand's tab stop */
    handFocus: null,
    /** @type {string | null} the last status note read out */
    spokenNote: null,
    /** @type {End[] | null} the open ends as last drawn */
    ends: null,
    /** @type {{ tile: string, end: number | null } | null} the hinted play, marked in the hand and on the board */
    hint: null,
    /** @type {{ tile: string, points: number } | null} the last play, when it scored by the ends */
    scored: null,
  };
}

/** @typedef {ReturnType<typeof newTable>} Table */

/**
 * Take a state message in. Returns what the page does about it besides
 * drawing: the sounds, the play that flies, whether your turn begins.
 * @param {Table} S
 * @param {StateMessage} m
 */
export function takeState(S, m) {
  const prev = S.msg;
  const st = m.state;
  const newHand = !!prev && prev.state.hand_number !== st.hand_number;
  const joined = Array.isArray(m.log);
  S.msg = m;
  // What each pass did at a trains table is read from the hand's history
  // now: the log keeps it, as the history moves on.
  const told = [...(m.log || []), ...m.events];
  const how = passKindsOf(m.facts && m.facts.layout, st, told);
  const entry = (/** @type {Event} */ e, /** @type {number} */ i) => (how[i] ? { e, n: st.hand_number, how: how[i] } : { e, n: st.hand_number });
  if (Array.isArray(m.log)) {
    S.log = S.log.filter((x) => ("hand" in x ? x.hand < st.hand_number : x.n < st.hand_number));
    S.log.push({ hand: st.hand_number });
    m.log.forEach((e, i) => S.log.push(entry(e, i)));
  } else if (newHand) S.log.push({ hand: st.hand_number });
  if (!S.log.length) S.log.push({ hand: st.hand_number });
  const from = told.length - m.events.length;
  m.events.forEach((e, i) => S.log.push(entry(e, from + i)));
  S.logged += m.events.length + (Array.isArray(m.log) ? m.log.length : 0);
  S.log = S.log.slice(-200);
  if (Array.isArray(m.chat)) S.chat = m.chat.slice(-50);
  if (m.rematch) S.rematch = m.rematch;
  if ((st.phase === "hand_over" || st.phase === "match_over") && st.result) {
    S.sheetSeen.set(st.hand_number, { hand: st.hand_number, result: st.result, scores: st.scores });
  }
  if (newHand) { S.note = null; S.scored = null; }
  const me = m.seat;
  const held = me != null ? st.hands[me] : null;
  if (S.selected && !(Array.isArray(held) && held.includes(S.selected) && st.to_act === me)) S.selected = null;
  const myTurn = me != null && st.to_act === me && st.phase !== "hand_over";
  const wasMyTurn = !!prev && prev.seat === me && prev.state.to_act === me && prev.state.hand_number === st.hand_number;
  // The word about a pass made for you tells of your last turn: gone
  // when your next one comes, where it would contradict "your turn".
  if (myTurn && !wasMyTurn && S.note && S.note === S.passNote) S.note = null;
  /** @type {string[]} */
  const sounds = [];
  /** @type {{ seat: number, tile: string } | null} */
  let played = null;
  for (const e of m.events) {
    // A play's points by the ends come right after it.
    if (e.type === "scored" && e.reason === "ends" && played) S.scored = { tile: played.tile, points: e.points };
    if (e.type !== "action") continue;
    // Whatever is done next, the hint was for a turn that is over, and a
    // pass made for you is old news once the turn moves on.
    S.hint = null;
    if (S.note && S.note === S.passNote) S.note = null;
    if (e.action.type === "play") { sounds.push("play"); played = { seat: e.seat, tile: e.action.tile }; S.scored = null; }
    if (e.action.type === "pass") {
      sounds.push("pass");
      // The ends now: a pass changes none, and any play before it is in.
      if (e.seat === me && me != null && !S.sentPass) S.note = S.passNote = autoPassNote(st.ends);
      if (e.seat === me) S.sentPass = false;
    }
  }
  const turnBegins = myTurn && !wasMyTurn;
  if (turnBegins && !joined) sounds.push("turn");
  const ended = st.phase === "hand_over" || st.phase === "match_over";
  return {
    prev, joined, sounds, turnBegins,
    fly: joined ? null : played,
    handEnded: ended && (!prev || prev.state.phase !== st.phase || newHand),
  };
}

/**
 * The word for a pass made for you: the ends you could not match.
 * @param {{ pips: number }[]} open the ends on the board at the pass
 */
export function autoPassNote(open) {
  const ends = [...new Set(open.map((e) => e.pips))].sort((a, b) => a - b);
  return ends.length ? t("status-auto-passed", { ends: t("ends-list", { list: ends.map(String) }) }) : t("status-auto-passed-empty");
}

/**
 * What you may do now: every legal action, and the plays once each (claim
 * variants are the same plays: one entry per tile and end).
 * @param {Table} S
 */
export function legalNow(S) {
  const m = S.msg;
  if (!m) return { legal: [], plays: [] };
  const me = m.seat;
  const live = m.started !== false && S.offlineAt == null;
  /** @type {Action[]} */
  const legal = live && me != null && m.state.to_act === me ? (m.state.legal || []) : [];
  const seen = new Set();
  /** @type {Extract<Action, { type: "play" }>[]} */
  const plays = [];
  for (const a of legal) {
    if (a.type !== "play") continue;
    const k = `${a.tile}/${a.end}`;
    if (seen.has(k)) continue;
    seen.add(k);
    plays.push(a);
  }
  return { legal, plays };
}

/**
 * A claim is the player's own act: sent only when they asked for it.
 * @param {Table} S
 * @param {Action} a
 * @returns {Action}
 */
export function withClaim(S, a) {
  if (a.type !== "play") return a;
  const { claim, ...plain } = a;
  return S.claim ? { ...plain, claim: true } : plain;
}

/**
 * The tile last laid on the board, if any.
 * @param {State["history"]} history
 */
export function lastPlayed(history) {
  for (let i = history.length - 1; i >= 0; i--) {
    const a = history[i].action;
    if (a.type === "play") return a.tile;
  }
  return null;
}

/**
 * What a seat's panel shows.
 * @param {Table} S
 * @param {People} P
 * @param {number} s
 */
export function seatView(S, P, s) {
  const m = /** @type {StateMessage} */ (S.msg), st = m.state;
  const info = m.seats[s] || /** @type {Partial<import("../types/SeatView").SeatView>} */ ({});
  const me = m.seat;
  const toAct = st.to_act === s && (st.phase === "play" || st.phase === "choose_poser") && m.started !== false;
  const partner = P.partners && me != null && s !== me && P.sideOf(s) === P.sideOf(me);
  const hand = st.hands[s];
  const count = Array.isArray(hand) ? hand.length : hand;
  // Ending a first-turn chain is no pass.
  const chainEnds = passKinds(P.shape, st);
  const passes = st.history.filter((e, i) => e.seat === s && e.action.type === "pass" && chainEnds.get(i) !== "chain").length;
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
  return {
    cls, label: P.label(s), tags,
    levelTip: info.human ? null : t("level-tooltip", { bot: level }),
    turn: toAct ? (s === me ? t("seat-your-turn") : t("seat-to-play")) : null,
    out: !!(st.out && st.out.includes(s)),
    count: st.phase === "play" || typeof hand === "number" ? count : null,
    passes,
    ready: st.phase === "hand_over" && !!info.ready,
    // Your own tiles are in your hand while you play; others' show their backs.
    backs: s === me && st.phase === "play" ? null : typeof hand === "number" ? Math.min(hand, 14) : null,
    invite: info.invited && info.invite && me != null ? info.invite : null,
    // A bot account sits here (a program, not a person): marked by its name.
    botAccount: !!info.bot_account,
    // A dropped player's seat: when a computer takes it over (Date.now() scale).
    droppedUntil: info.bot_in_ms != null && !info.bot && !info.left ? S.stateAt + info.bot_in_ms : null,
  };
}

/**
 * A dropped player's countdown in words, at `now`.
 * @param {number} until
 * @param {number} now
 */
export function droppedWords(until, now) {
  const secs = Math.ceil((until - now) / 1000);
  return secs > 0 ? t("seat-dropped", { secs }) : t("seat-away");
}

/**
 * The boneyard's word, when it is news: only in a hand where players drew.
 * @param {State} st
 */
export function boneyardShown(st) {
  const drew = st.history.some((e) => e.action.type === "draw");
  return typeof st.boneyard === "number" && (st.boneyard > 0 || drew) ? st.boneyard : null;
}

/**
 * The status line: who is to act, what to do, and the page's note.
 * @param {Table} S
 * @param {People} P
 */
export function statusLine(S, P) {
  const m = /** @type {StateMessage} */ (S.msg), st = m.state, me = m.seat;
  const parts = [];
  if (me == null) {
    const allBots = m.seats.every((x) => !x.human);
    parts.push(t(allBots ? "status-watching-bots" : S.watching === "full" ? "status-watching-full" : "status-watching"));
  }
  const { plays, legal } = legalNow(S);
  if (m.started === false && !m.ended) {
    const waiting = m.seats.filter((x) => x.human && x.name == null).length;
    parts.push(t("waiting-invited", { count: waiting }));
  } else if (st.phase === "play" || st.phase === "choose_poser") {
    if (me != null && st.to_act === me) {
      if (S.selected) parts.push(t(isStation(m.facts.layout) ? "status-choose-train" : "status-choose-end", { tile: S.selected }));
      else if (st.phase === "choose_poser") parts.push(t("status-choose-poser"));
      else parts.push(plays.length ? t("status-your-turn") : legal.length ? t("status-your-turn-plain") : "");
    } else if (st.to_act != null) parts.push(t("status-waiting-for", { who: P.name(st.to_act) }));
  } else if (st.phase === "hand_over") parts.push(t("status-next-hand"));
  if (S.note) parts.push(S.note);
  return parts.filter(Boolean).join(" ");
}

/**
 * The seats still to say they are ready for the next hand, you aside.
 * @param {StateMessage} m
 */
export function notReady(m) {
  if (m.state.phase !== "hand_over") return [];
  return m.seats.map((x, s) => (x.ready || x.bot || !x.human ? null : s)).filter((s) => s != null && s !== m.seat);
}

/**
 * Whether the viewer's side won `side` (a hand's or the match's winner).
 * @param {People} P
 * @param {{ side: number } | null | undefined} winner
 */
export function viewerWon(P, winner) {
  return !!winner && P.me != null && P.sideOf(P.me) === winner.side;
}

/**
 * The expert's reasons (the server's facts) in words: "scores 10 (the
 * ends make 10); keeps 5s: you hold 2 more".
 * @param {People} P
 * @param {{ why: string, seat?: number, ends?: number[] }[]} reasons
 */
export function hintReasons(P, reasons) {
  return semiList(reasons.map((r) => {
    /** @type {Record<string, unknown>} */
    const args = { ...r };
    if (r.seat != null) args.who = P.name(r.seat);
    if (r.ends) args.ends = orList(r.ends);
    return t(reasonId(r.why), args);
  }));
}

/** The catalog's id of one of the expert's reasons (`shown_none`: `term-why-shown-none`). @param {string} why */
export function reasonId(why) {
  return "term-why-" + why.replace(/_/g, "-");
}

/**
 * Whether every end `tile` may go to takes it the same way, so that there
 * is nothing to choose: the ends show the same number and either the
 * board is a line (playing at one end or the other leaves the same ends)
 * or the posed tile lies alone (its ends are mirror images).
 * @param {Table} S
 * @param {string} tile
 */
export function sameWay(S, tile) {
  const m = S.msg;
  if (!m) return false;
  const ids = [...new Set(legalNow(S).plays.filter((a) => a.tile === tile && a.end != null).map((a) => a.end))];
  if (ids.length < 2) return true;
  // Trains are told apart by whose they are, not by the number they show.
  if (isStation(m.facts.layout)) return false;
  const pips = new Set(ids.map((id) => (m.state.ends.find((e) => e.id === id) || { pips: -1 }).pips));
  if (pips.size !== 1) return false;
  const alone = m.layout.chains.every((c) => !c.tiles.length);
  return m.facts.layout === "line" || alone;
}

/**
 * The open ends' total on the board (the fives games tell it), and the
 * points the last play made by them, where it was made.
 * @param {Table} S
 * @returns {{ total: number | null, scored: { tile: string, points: number } | null }}
 */
export function boardCount(S) {
  const st = S.msg && S.msg.state;
  const total = st && typeof st.ends_total === "number" && st.phase !== "hand_over" && st.phase !== "match_over" ? st.ends_total : null;
  return { total, scored: st && st.phase === "play" ? S.scored : null };
}

// The lists and links the views show, kept apart (lists.js).
export { sheetLines, chatWho, inviteLink, invitedSeats, logRows, tableKind } from "./lists.js";
