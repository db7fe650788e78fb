// @ts-check
// The replay of a finished match: every hand face up, step by step, with
// the buttons, the slider or the keyboard (arrows step, Page Up/Down jump a
// hand, Home/End go to the ends).

import { h, fill } from "./dom.js";
import { t } from "./words.js";
import { facts } from "./games.js";
import { drawLayout, tileSvg, el } from "./draw.js";
import { people, eventText } from "./names.js";
import { scoreSummary } from "./score.js";
import { tileWords, endsSummary, actionWords } from "./a11y.js";
import { coachSummary, marksList, verdictWords, valueGraph, betterPlay, drawBetter } from "./coach.js";
import { makePuzzleBox } from "./coachpuzzle.js";
import { nameWithBadge } from "./badge.js";
import { isStation, passKindsOf } from "./trains.js";
import { renderStation } from "./table/stationview.js";
import { newTable } from "./table/model.js";

/** A table of a duplicate round still being played: the server shows
 * @param {HTMLElement} app
 */
export function sealedCard(app) {
  fill(app, h("section", { class: "card notfound", id: "sealed" },
    h("p", {}, t("error", { code: "round_not_over", message: "" })),
    h("p", {}, h("a", { href: "/", class: "button", id: "tolobby" }, t("not-found-lobby")))));
}

/**
 * @param {HTMLElement} app
 * @param {string} id
 * @param {{ go: (path: string) => void, notFound: (what: string) => void }} nav
 */
export async function replayPage(app, id, nav) {
  fill(app, h("p", { class: "muted" }, t("loading")));
  const res = await fetch(`/api/history/${id}`);
  if (res.status === 403) { sealedCard(app); return () => {}; }
  if (!res.ok) { nav.notFound("replay"); return () => {}; }
  const data = await res.json();
  const frames = data.frames;
  const names = data.summary.names;
  const seats = names.map((n) => ({ name: n, human: n != null }));
  let i = Math.max(0, Math.min(frames.length - 1, Number(new URLSearchParams(location.search).get("step") || 0)));

  const board = el("svg", { class: "board", id: "board", role: "img" });
  // The trains family's board is a station (table/stationview.js), said by its summary.
  const station = h("div", { class: "station", id: "station", hidden: true });
  const stationSummary = h("p", { class: "sr", id: "boardsummary" });
  const boardWrap = h("div", { class: "boardwrap" }, board, station, stationSummary);
  const hands = h("ul", { class: "reveals", id: "hands" });
  const caption = h("p", { class: "status", id: "caption", "aria-live": "polite" });
  const scoreBox = h("div", { class: "scorebox" });
  const slider = h("input", { type: "range", min: 0, max: frames.length - 1, value: i, id: "slider", "aria-label": t("replay-slider") });
  slider.addEventListener("input", () => go(Number(slider.value)));
  const preset = data.summary.rules.preset;

  // The coach: the server's analysis of every decision, asked for once
  // (its views are in coach.js). A match too long to go through whole
  // (many hands of the trains family) is analysed a hand at a time: the
  // hand shown, and another when the player asks on reaching it.
  /** @type {import("./coach.js").Report | null} */
  let coach = null;
  /** @type {number | null} the frame's hand the coach's box was drawn for */
  let boxHand = null;
  const stepCoach = h("p", { class: "coachstep", id: "coachstep", "aria-live": "polite" });
  // A marked step's "Make this a puzzle".
  const puzzleBox = h("div", {});
  const graphBox = h("div", { class: "graphbox" });
  const askButton = (/** @type {number | null} */ hand) => h("button", { type: "button", id: "coach-ask", onclick: () => askCoach(hand) },
    hand == null ? t("coach-ask") : t("coach-ask-hand", { hand }));
  const coachBox = h("section", { class: "coach", id: "coach", "aria-label": t("coach-title") },
    askButton(null), h("span", { class: "muted small" }, " ", t("coach-about")));
  const who = (s) => names[s] || t("bot-name", { n: s + 1 });
  const frameOf = (hand, index) => frames.findIndex((f) => f.hand === hand && f.step === index);
  /** @param {number | null} hand the hand alone, or the whole match */
  async function askCoach(hand = null) {
    fill(coachBox, h("p", { class: "muted", id: "coach-wait" }, t("coach-thinking")));
    let r;
    try {
      r = await fetch(`/api/analysis/${id}${hand == null ? "" : `?hand=${hand}`}`);
    } catch (e) {
      r = null;
    }
    const body = r ? await r.json().catch(() => ({})) : {};
    if (r && !r.ok && body.code === "analysis_too_large" && hand == null) {
      // Too long whole: the hand on the board, alone.
      return askCoach(frames[i].hand);
    }
    if (!r || !r.ok) {
      fill(coachBox, h("p", { class: "error", id: "coach-error" }, t("error", { code: body.code || "internal", message: body.message || "" })),
        h("button", { type: "button", id: "coach-ask", onclick: () => askCoach(hand) }, t("coach-again")));
      return;
    }
    coach = body;
    showCoachBox();
    show();
  }

  // The analysis's summary and marks; a match analysed by hands (the
  // report names its hand) says which, and offers the one on the board
  // when it is another.
  function showCoachBox() {
    if (!coach) return;
    const byHand = coach.hand;
    boxHand = frames[i].hand;
    fill(coachBox,
      byHand != null ? h("p", { class: "muted", id: "coach-hand-only" }, t("coach-hand-only", { hand: byHand })) : null,
      byHand != null && boxHand !== byHand ? askButton(boxHand) : null,
      coachSummary(coach, who), marksList(coach, frameOf, who, go));
  }

  // The decision played at frame `f` (the frame after its action), if any.
  function decisionAt(f) {
    if (!coach || f.step == null) return null;
    const hand = coach.hands.find((x) => x.hand === f.hand);
    return hand ? hand.decisions.find((d) => d.index === f.step) || null : null;
  }

  // The graph is drawn for the side of the first person at the table.
  const graphSeat = Math.max(0, names.findIndex((n) => n != null));

  function showCoach(k, P, game) {
    const f = frames[k];
    // Another hand on the board: the offer to analyse it follows (not while one is asked for).
    if (coach && coach.hand != null && f.hand !== boxHand && !document.getElementById("coach-wait")) showCoachBox();
    const d = decisionAt(f);
    stepCoach.className = "coachstep" + (d && d.severity ? ` ${d.severity}` : "") + (d && d.blunder ? " blunder" : "");
    fill(puzzleBox);
    if (!coach) { stepCoach.textContent = ""; return; }
    const hand = coach.hands.find((x) => x.hand === f.hand);
    // Each seat's side from the facts; without them, partners sit across.
    const seatSides = game.seatSides || names.map((_, s) => (game.partners ? s % 2 : s));
    const sides = new Set(seatSides).size;
    const side = seatSides[graphSeat];
    fill(graphBox, hand ? valueGraph(hand, side, sides, P.name(graphSeat), (i) => frameOf(f.hand, i), go, d ? d.index : null) : null);
    if (!d) { stepCoach.textContent = f.step == null ? "" : t("coach-no-choice"); return; }
    const prev = frames[k - 1] || f;
    const chaining = !!(prev.state.trains && prev.state.trains.chaining);
    const say = (a) => actionWords(P, prev.layout, a, null, chaining);
    stepCoach.textContent = verdictWords(d, say);
    // Offered only where the solver can make a puzzle of it (the coach says so).
    fill(puzzleBox, d.severity && d.puzzle ? makePuzzleBox(id, f.hand, d.index) : null);
  }
  document.title = `${t("replay-title", { game: t("game-title", { preset }) })} · ${t("page-title")}`;
  fill(app, h("div", { class: "replay" },
    h("h1", {}, t("replay-title", { game: t("game-title", { preset }) })),
    h("p", { class: "muted", id: "replay-players" }, names.flatMap((n, s) => [s ? ", " : "", ...nameWithBadge(n || t("bot-name", { n: s + 1 }), data.summary.bot_accounts?.[s])])),
    h("div", { class: "buttons" },
      h("button", { type: "button", id: "prev", onclick: () => go(i - 1) }, t("replay-prev")),
      h("button", { type: "button", id: "next", onclick: () => go(i + 1) }, t("replay-next")),
      slider,
      h("a", { href: `/api/history/${id}/record`, download: true, class: "button quiet" }, t("download-record"))),
    h("p", { class: "muted small" }, t("replay-keys")),
    coachBox,
    caption, stepCoach, puzzleBox, scoreBox,
    h("div", { class: "felt replayfelt" }, boardWrap),
    graphBox,
    hands,
    h("p", { class: "fair", id: "fairverdict" }, data.verified ? t("fair-replay-ok") : t("fair-replay-bad"))));

  function go(k) {
    i = Math.max(0, Math.min(frames.length - 1, k));
    show();
  }

  // The first frame of the hand after (or before) the current one.
  function jumpHand(dir) {
    const hand = frames[i].hand;
    if (dir > 0) {
      const k = frames.findIndex((f) => f.hand > hand);
      go(k < 0 ? frames.length - 1 : k);
    } else {
      const start = frames.findIndex((f) => f.hand === hand);
      go(i > start ? start : frames.findIndex((f) => f.hand === hand - 1));
    }
  }

  function onKey(e) {
    if (e.target && ((e.target.tagName === "INPUT" && e.target.type !== "range") || e.target.tagName === "SELECT")) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = { ArrowRight: () => go(i + 1), ArrowLeft: () => go(i - 1), Home: () => go(0), End: () => go(frames.length - 1),
      PageDown: () => jumpHand(1), PageUp: () => jumpHand(-1) };
    const f = keys[e.key];
    if (!f) return;
    e.preventDefault();
    f();
  }
  document.addEventListener("keydown", onKey);

  function show() {
    slider.value = String(i);
    const f = frames[i];
    const st = f.state;
    const game = facts(data.facts);
    const P = people(seats, st, null, game);
    const how = passKindsOf(game.layout, st, f.events);
    const words = f.events.map((e, k) => eventText(P, f.layout, e, st, how[k])).filter(Boolean).join(" · ");
    caption.textContent = f.step == null ? t("replay-deal", { hand: f.hand }) : `${t("replay-step", { hand: f.hand, step: f.step + 1 })}: ${words}`;
    fill(scoreBox, scoreSummary(P, game, st));
    showCoach(i, P, game);
    let last = null;
    const a = st.history.length ? st.history[st.history.length - 1].action : null;
    if (a && a.type === "play") last = a.tile;
    if (isStation(game.layout)) {
      const S = newTable();
      S.msg = /** @type {any} */ ({ layout: f.layout, state: st, seat: null, started: true, facts: data.facts });
      renderStation(S, { board, station, boardWrap, boardSummary: stationSummary }, P, () => {});
    } else showBoard(f, P, game, last);
    fill(hands, st.hands.map((hand, s) => h("li", { class: "reveal" + (st.to_act === s ? " toact" : ""), "data-seat": s },
      h("span", { class: "rname" }, P.name(s)),
      h("span", { class: "rtiles", "aria-hidden": "true" }, hand.map((x) => tileSvg(x, "small", true))),
      h("span", { class: "sr" }, hand.map(tileWords).join(", ")))));
  }

  /**
   * The board of a frame drawn in the round, with the better play the coach found.
   * @param {any} f
   * @param {import("./types/hand").People} P
   * @param {ReturnType<typeof facts>} game
   * @param {string | null} last
   */
  function showBoard(f, P, game, last) {
    const st = f.state;
    const width = Math.max(340, Math.min(1000, boardWrap.clientWidth || 800));
    const ends = drawLayout(board, f.layout, width, st.history, game.branches, last, t("board-empty"));
    // At a marked step, the play the player could have found is drawn
    // where it would have gone.
    const better = betterPlay(decisionAt(f));
    if (better && frames[i - 1]) {
      const prev = frames[i - 1];
      drawBetter(board, prev.layout, width, prev.state.history, game.branches, better,
        t("coach-better-here", { play: actionWords(P, prev.layout, better, null) }));
    }
    board.setAttribute("aria-label", [endsSummary(f.layout, ends, t("board-empty")), last ? t("a11y-board-last", { tile: tileWords(last) }) : ""].join(" ").trim());
  }
  show();
  return () => document.removeEventListener("keydown", onKey);
}
