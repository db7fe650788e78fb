// @ts-check
// The score in each game's own form, with its target always shown: hands
// won toward six-love (or four-love) with the stake, points toward the
// target, French penalty totals where the lowest wins, club-fives pegs to
// 61; and the hand-by-hand score sheet.

import { h } from "./dom.js";
import { el } from "./draw.js";
import { t } from "./words.js";
import { resultShort } from "./names.js";

/**
 * The score as data: the goal's words, and each side's name, points,
 * whether it is the viewer's and whether it leads (no DOM: web/test).
 * @param {import("./types/hand").People} P
 * @param {ReturnType<typeof import("./games.js").facts>} game
 * @param {import("./types/State").State} st
 */
export function scoreFacts(P, game, st) {
  const sc = game.score;
  const goal = sc.kind === "love" ? t(sc.resetsWhenAllScored ? "score-love-cut" : "score-love", { goal: sc.goal })
    : sc.kind === "penalty" ? t("score-penalty", { target: sc.goal })
    : sc.kind === "pegs" ? t("score-pegs", { target: sc.goal })
    // The trains family: a number of hands, then the lowest total wins.
    : sc.kind === "hands" ? t("score-hands", { count: sc.goal, hand: st.hand_number })
    : t("score-points", { target: sc.goal });
  const mine = P.me == null ? null : P.sideOf(P.me);
  const best = sc.lowWins ? Math.min(...st.scores) : Math.max(...st.scores);
  const sides = st.scores.map((pts, k) => ({
    k, name: P.side(k), pts, mine: k === mine,
    lead: st.scores.some((x) => x !== pts) && pts === best,
  }));
  return {
    goal, sides,
    stake: sc.kind === "love" && st.stake > 1 ? st.stake : null,
    playoff: sc.kind === "love" && !!st.playoff,
  };
}

/**
 * The score summary for a state: a <section id="scores">.
 * @param {import("./types/hand").People} P
 * @param {ReturnType<typeof import("./games.js").facts>} game
 * @param {import("./types/State").State} st
 */
export function scoreSummary(P, game, st) {
  const sc = game.score;
  const f = scoreFacts(P, game, st);
  const sides = f.sides.map((x) => h("li", { class: "side" + (x.mine ? " mine" : "") + (x.lead ? " lead" : ""), "data-side": x.k },
    h("span", { class: "sname" }, x.name),
    h("span", { class: "pts" }, String(x.pts)),
    progress(sc, x.pts, x.k)));
  const extra = [];
  if (f.stake != null) extra.push(h("span", { class: "stake" }, t("score-stake", { stake: f.stake })));
  if (f.playoff) extra.push(h("span", { class: "playoff" }, t("score-playoff")));
  return h("section", { id: "scores", class: `scores kind-${sc.kind}`, "aria-label": t("score-title") },
    h("div", { class: "goal", id: "goal" }, f.goal),
    h("ul", { class: "sides" }, sides),
    extra.length ? h("div", { class: "extra" }, extra) : null);
}

// The bar's width set through the element's style object: the page's
// Content-Security-Policy refuses style attributes in markup.
function fillTo(e, share) {
  e.style.width = `${(share * 100).toFixed(1)}%`;
  return e;
}

// The bar under a side's score: dots for hands won, a bar toward the
// target, a peg track.
function progress(sc, pts, k) {
  // A total that only grows toward nothing: no bar (the goal says how many hands).
  if (sc.kind === "hands") return null;
  if (sc.kind === "love") {
    const dots = [];
    for (let i = 0; i < sc.goal; i++) dots.push(h("span", { class: "dot" + (i < pts ? " on" : "") }));
    return h("span", { class: "dots", title: t("score-hands-won", { count: pts }) }, dots);
  }
  if (sc.kind === "pegs") return pegs(sc, pts, k);
  const share = Math.max(0, Math.min(1, pts / sc.goal));
  const bar = h("span", { class: "bar", title: sc.kind === "points" ? t("score-to-go", { count: Math.max(0, sc.goal - pts) }) : t("score-of", { score: pts, target: sc.goal }) },
    fillTo(h("span", { class: "fill" }), share));
  return h("span", { class: "progress" }, bar, h("span", { class: "of" }, t("score-of", { score: pts, target: sc.goal })));
}

// A cribbage-style track: a hole for every point to the target, the peg
// at the score, the skunk line marked.
function pegs(sc, pts, k) {
  const n = sc.goal, w = 4 * n + 8;
  const svg = el("svg", { class: "pegs", viewBox: `0 0 ${w} 12`, preserveAspectRatio: "none", role: "img", "aria-label": t("score-of", { score: pts, target: n }) });
  if (sc.skunkBelow && sc.skunkBelow < n) el("line", { x1: 4 + 4 * sc.skunkBelow - 2, x2: 4 + 4 * sc.skunkBelow - 2, y1: 0, y2: 12, class: "skunkline" }, svg);
  for (let i = 1; i <= n; i++) {
    el("circle", { cx: 2 + 4 * i, cy: 6, r: i <= pts ? 1.5 : 0.8, class: i <= pts ? "hole on" : "hole" }, svg);
  }
  if (pts > 0) el("circle", { cx: 2 + 4 * Math.min(pts, n), cy: 6, r: 2.6, class: `peg peg${k}` }, svg);
  return h("span", { class: "progress" }, svg, h("span", { class: "of" }, t("score-of", { score: pts, target: n })));
}

/**
 * The score sheet: one row per finished hand (`sheet`: [{hand, result,
 * scores}], scores after the hand), the points each side made and the
 * running totals.
 * @param {import("./types/hand").People} P
 * @param {import("./types/HandLine").HandLine[]} sheet
 */
export function scoreSheet(P, sheet) {
  if (!sheet.length) return h("p", { class: "muted", id: "sheet" }, t("sheet-empty"));
  const head = h("tr", {}, h("th", { scope: "col" }, t("sheet-hand")),
    ...sheet[0].scores.map((_, k) => h("th", { scope: "col" }, P.side(k))),
    h("th", { scope: "col" }, t("sheet-how")));
  const rows = sheet.map((line) => {
    const r = line.result;
    return h("tr", { "data-hand": line.hand },
      h("th", { scope: "row" }, String(line.hand)),
      ...line.scores.map((total, k) => {
        const p = r ? r.points[k] : 0;
        return h("td", {}, h("span", { class: "hp" }, p ? (p > 0 ? `+${p}` : String(p)) : "·"), " ", h("span", { class: "tot" }, String(total)));
      }),
      h("td", { class: "how" }, resultShort(P, r), r && r.notes && r.notes.length ? h("span", { class: "notes" }, ` · ${r.notes.map((n) => t("result-note", { note: n })).join(", ")}`) : null));
  });
  return h("table", { class: "sheet", id: "sheet" }, h("caption", {}, t("sheet-title")), h("thead", {}, head), h("tbody", {}, rows));
}
