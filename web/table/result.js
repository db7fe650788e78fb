// @ts-check
// The end of a hand (who won and how, the points, every hand shown, the
// ready button) and the end of the match (the final score, ratings, the
// rematch, or the way back to its tournament, the replay and the record).

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { tileSvg } from "../draw.js";
import { icon } from "../icons.js";
import { resultHeadline, resultHow } from "../names.js";
import { tileWords } from "../a11y.js";
import { ratingLine } from "../profile.js";
import { store } from "../store.js";
import { notReady, viewerWon } from "./model.js";

/** @typedef {import("./model.js").Table} Table */
/** @typedef {import("./parts.js").Parts} Parts */
/** @typedef {import("../types/hand").People} People */
/** @typedef {import("../types/State").State} State */

/**
 * @param {People} P
 * @param {State} st
 * @param {number} s
 */
function revealRow(P, st, s) {
  const hand = st.hands[s];
  const r = st.result;
  return h("li", { class: "reveal", "data-seat": s },
    h("span", { class: "rname" }, P.name(s)),
    h("span", { class: "rtiles", "aria-hidden": "true" }, Array.isArray(hand) ? hand.map((x) => tileSvg(x, "small", true)) : null),
    Array.isArray(hand) ? h("span", { class: "sr" }, hand.map(tileWords).join(", ")) : null,
    r ? h("span", { class: "rcount" }, t("result-pips", { count: r.counts[s] })) : null);
}

/**
 * @param {Table} S
 * @param {Parts} el
 * @param {People} P
 * @param {() => void} ready
 */
export function renderResult(S, el, P, ready) {
  const m = S.msg;
  if (!m) return;
  const st = m.state, me = m.seat;
  const r = st.result;
  const result = el.result;
  if (!(st.phase === "hand_over" || st.phase === "match_over") || !r) { result.hidden = true; fill(result); return; }
  result.hidden = false;
  const won = viewerWon(P, r.winner);
  result.className = "result" + (r.winner ? (won ? " won" : me != null ? " lost" : "") : " tie");
  const pts = st.scores.map((_, k) => h("li", { "data-side": k }, t("result-points", { who: P.side(k), points: r.points[k] })));
  const notes = (r.notes || []).map((n) => h("li", { class: "note", "data-note": n }, t("result-note", { note: n })));
  const waiting = notReady(m);
  const meReady = me != null && !!m.seats[me].ready;
  fill(result,
    h("h2", { id: "resulttitle" }, `${t("result-title", { n: st.hand_number })} · ${resultHeadline(P, st, r)}`),
    h("p", { class: "how", id: "resulthow" }, resultHow(P, st, r)),
    h("ul", { class: "points", id: "resultpoints" }, pts, notes),
    st.phase === "hand_over" && me != null && !meReady
      ? h("button", { type: "button", id: "ready", class: "big", onclick: ready }, t("act-ready")) : null,
    waiting.length && meReady
      ? h("p", { class: "muted" }, t("result-ready-wait", { who: t("ends-list", { list: waiting.map((s) => P.name(s)) }) })) : null,
    h("h3", { class: "sr" }, t("result-hands")),
    h("ul", { class: "reveals", id: "reveals" }, st.hands.map((_, s) => revealRow(P, st, s))));
}

/**
 * @param {Table} S
 * @param {Parts} el
 * @param {People} P
 * @param {() => void} rematch
 */
export function renderBanner(S, el, P, rematch) {
  const m = S.msg;
  if (!m) return;
  const st = m.state, me = m.seat;
  const banner = el.banner;
  if (st.phase !== "match_over") { banner.hidden = true; fill(banner); return; }
  banner.hidden = false;
  const w = st.winner;
  const won = viewerWon(P, w);
  const aborted = m.ended?.how === "aborted";
  const head = aborted ? t("match-called-off") : !w ? t("match-tie") : won ? t("match-you-win", { many: P.partners }) : t("match-winner", { who: P.side(w.side), many: P.sideMany(w.side) });
  const tournament = store.tournamentOf(m.table);
  const final = st.scores.map((p, k) => h("li", { "data-side": k }, h("span", { class: "sname" }, P.side(k)), " ", h("b", {}, String(p))));
  fill(banner,
    h("h2", { id: "bannertitle" }, won ? [icon("trophy"), " "] : null, head),
    m.ended ? h("p", { id: "endedline" }, t(`match-${m.ended.how}${m.ended.seat === me ? "-you" : ""}`, { who: P.name(m.ended.seat) })) : null,
    // A match called off has no score to show, nor a replay.
    aborted ? null : h("p", { class: "muted" }, t("match-final")),
    aborted ? null : h("ul", { class: "final", id: "final" }, final),
    ratingLine(m),
    st.skunk ? h("p", { id: "skunkline" }, t("match-skunk", { who: P.side(st.skunk.side), many: P.sideMany(st.skunk.side), points: st.skunk.points, games: st.skunk.games })) : null,
    h("div", { class: "row" },
      // A tournament's table has no rematch: its players go back to the
      // tournament for the next round.
      tournament ? h("a", { href: "/tournaments/" + tournament, class: "button big", id: "totournament" }, t("tourney-back"))
        : me != null || S.rematch ? h("button", { type: "button", id: "rematch", class: "big", title: t("rematch-help"), onclick: rematch }, S.rematch ? t("rematch-open") : t("rematch")) : null,
      tournament ? null : h("a", { href: "/", class: "button quiet", id: "tolobby" }, t("back-lobby")),
      m.finished && !aborted ? h("a", { href: "/r/" + m.table, class: "button quiet", id: "replaylink" }, t("open-replay")) : null,
      m.finished ? h("a", { href: `/api/history/${m.table}/record`, download: true, class: "button quiet", id: "recordlink" }, t("download-record")) : null));
  banner.className = "banner" + (won ? " won" : "");
}
