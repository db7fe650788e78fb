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
  const boardWrap = h("div", { class: "boardwrap" }, board);
  const hands = h("ul", { class: "reveals", id: "hands" });
  const caption = h("p", { class: "status", id: "caption", "aria-live": "polite" });
  const scoreBox = h("div", { class: "scorebox" });
  const slider = h("input", { type: "range", min: 0, max: frames.length - 1, value: i, id: "slider", "aria-label": t("replay-slider") });
  slider.addEventListener("input", () => go(Number(slider.value)));
  const preset = data.summary.rules.preset;

  // The coach: the server's analysis of every decision, asked for once.
  let coach = null;
  const stepCoach = h("p", { class: "coachstep", id: "coachstep", "aria-live": "polite" });
  const coachBox = h("section", { class: "coach", id: "coach", "aria-label": t("coach-title") },
    h("button", { type: "button", id: "coach-ask", onclick: askCoach }, t("coach-ask")),
    h("span", { class: "muted small" }, " ", t("coach-about")));
  async function askCoach() {
    fill(coachBox, h("p", { class: "muted", id: "coach-wait" }, t("coach-thinking")));
    let r;
    try {
      r = await fetch(`/api/analysis/${id}`);
    } catch (e) {
      r = null;
    }
    const body = r ? await r.json().catch(() => ({})) : {};
    if (!r || !r.ok) {
      fill(coachBox, h("p", { class: "error", id: "coach-error" }, t("error", { code: body.code || "internal", message: body.message || "" })),
        h("button", { type: "button", id: "coach-ask", onclick: askCoach }, t("coach-again")));
      return;
    }
    coach = body;
    fill(coachBox, coachSummary(), blunderList());
    show();
  }

  // The decision played at frame `f` (the frame after its action), if any.
  function decisionAt(f) {
    if (!coach || f.step == null) return null;
    const hand = coach.hands.find((x) => x.hand === f.hand);
    return hand ? hand.decisions.find((d) => d.index === f.step) || null : null;
  }

  function coachSummary() {
    const cost = (x) => (x == null ? "–" : (Math.round(x * 100) / 100).toLocaleString(document.documentElement.lang));
    return h("table", { class: "coachsum", id: "coach-summary" },
      h("caption", {}, t("coach-summary", { objective: coach.objective, blunder: coach.blunder })),
      h("thead", {}, h("tr", {}, ["coach-player", "coach-decisions", "coach-total", "coach-mean", "coach-blunders", "coach-agreed"].map((k) => h("th", { scope: "col" }, t(k))))),
      h("tbody", {}, coach.seats.map((s) => h("tr", { "data-seat": s.seat, class: s.blunders ? "hasblunders" : "" },
        h("th", { scope: "row" }, s.name || t("bot-name", { n: s.seat + 1 })),
        h("td", {}, String(s.decisions)),
        h("td", {}, String(s.total_cost)),
        h("td", {}, cost(s.mean_cost)),
        h("td", {}, String(s.blunders)),
        h("td", {}, `${s.expert_agreed}/${s.expert_asked}`)))));
  }

  // Every blunder as a button that goes to its step.
  function blunderList() {
    const items = [];
    for (const hand of coach.hands) {
      for (const d of hand.decisions.filter((x) => x.blunder)) {
        const k = frames.findIndex((f) => f.hand === hand.hand && f.step === d.index);
        if (k < 0) continue;
        const who = names[d.seat] || t("bot-name", { n: d.seat + 1 });
        items.push(h("li", {}, h("button", { type: "button", class: "quiet small blunderlink", onclick: () => go(k) },
          t("coach-blunder-at", { hand: hand.hand, step: d.index + 1, who, cost: d.cost }))));
      }
    }
    return items.length
      ? h("div", { id: "coach-blunders" }, h("p", {}, t("coach-blunders-title")), h("ul", { class: "blunders" }, items))
      : h("p", { id: "coach-blunders", class: "muted" }, t("coach-no-blunders"));
  }

  function showCoach(k, P) {
    const d = decisionAt(frames[k]);
    stepCoach.classList.toggle("blunder", !!(d && d.blunder));
    if (!coach) { stepCoach.textContent = ""; return; }
    if (!d) { stepCoach.textContent = frames[k].step == null ? "" : t("coach-no-choice"); return; }
    const before = frames[k - 1] ? frames[k - 1].layout : frames[k].layout;
    const say = (a) => actionWords(P, before, a, null);
    const parts = [];
    if (d.cost == null) parts.push(t("coach-unsolved", { played: say(d.played) }));
    else if (d.cost === 0) parts.push(t("coach-best", { played: say(d.played) }));
    else parts.push(t("coach-cost", { played: say(d.played), cost: d.cost, best: say(d.best[0]) }));
    if (d.expert) parts.push(d.expert && JSON.stringify(d.expert) === JSON.stringify(d.played) ? t("coach-expert-agrees") : t("coach-expert", { expert: say(d.expert) }));
    if (d.blunder) parts.unshift(t("coach-blunder"));
    stepCoach.textContent = parts.join(" ");
  }
  document.title = `${t("replay-title", { game: t("game-title", { preset }) })} · ${t("page-title")}`;
  fill(app, h("div", { class: "replay" },
    h("h1", {}, t("replay-title", { game: t("game-title", { preset }) })),
    h("p", { class: "muted" }, names.map((n, s) => n || t("bot-name", { n: s + 1 })).join(", ")),
    h("div", { class: "buttons" },
      h("button", { type: "button", id: "prev", onclick: () => go(i - 1) }, t("replay-prev")),
      h("button", { type: "button", id: "next", onclick: () => go(i + 1) }, t("replay-next")),
      slider,
      h("a", { href: `/api/history/${id}/record`, download: true, class: "button quiet" }, t("download-record"))),
    h("p", { class: "muted small" }, t("replay-keys")),
    coachBox,
    caption, stepCoach, scoreBox,
    h("div", { class: "felt replayfelt" }, boardWrap),
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
    const words = f.events.map((e) => eventText(P, f.layout, e, st)).filter(Boolean).join(" · ");
    caption.textContent = f.step == null ? t("replay-deal", { hand: f.hand }) : `${t("replay-step", { hand: f.hand, step: f.step + 1 })}: ${words}`;
    fill(scoreBox, scoreSummary(P, game, st));
    showCoach(i, P);
    let last = null;
    const a = st.history.length ? st.history[st.history.length - 1].action : null;
    if (a && a.type === "play") last = a.tile;
    const ends = drawLayout(board, f.layout, Math.max(340, Math.min(1000, boardWrap.clientWidth || 800)), st.history, game.branches, last, t("board-empty"));
    board.setAttribute("aria-label", [endsSummary(f.layout, ends, t("board-empty")), last ? t("a11y-board-last", { tile: tileWords(last) }) : ""].join(" ").trim());
    fill(hands, st.hands.map((hand, s) => h("li", { class: "reveal" + (st.to_act === s ? " toact" : ""), "data-seat": s },
      h("span", { class: "rname" }, P.name(s)),
      h("span", { class: "rtiles", "aria-hidden": "true" }, hand.map((x) => tileSvg(x, "small", true))),
      h("span", { class: "sr" }, hand.map(tileWords).join(", ")))));
  }
  show();
  return () => document.removeEventListener("keydown", onKey);
}
