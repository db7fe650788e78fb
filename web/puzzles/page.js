// @ts-check
// The puzzles page (/puzzles): one puzzle at a time, drawn as a table's
// board is (draw.js), the player's hand to click, then the answer with the
// solver's values and both ratings. The state is model.js's.

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { facts } from "../games.js";
import { drawLayout, drawEnds, tileSvg, el as svgEl } from "../draw.js";
import { call } from "../api.js";
import * as M from "./model.js";
import { guest } from "../guest.js";

/** @typedef {import("./model.js").Puzzles} Puzzles */
/** @typedef {import("../types/Action").Action} Action */


/**
 * How a play reads: its tile, and the number of its end when the tile fits two.
 * @param {import("./model.js").Shown} p @param {Action} a
 */
function playWords(p, a) {
  if (a.type !== "play") return a.type;
  const pips = M.endPips(p, a);
  return pips == null ? a.tile : t("puzzle-play-at", { tile: a.tile, pips });
}

/** @param {HTMLElement} app */
export function puzzlesPage(app) {
  document.title = `${t("puzzles-title")} · ${t("page-title")}`;
  const me = guest();
  const params = new URLSearchParams(location.search);
  /** @type {Puzzles} */
  let S = M.start(params.get("theme") || "");
  // `?daily` (the lobby's link) opens on today's puzzle, then goes on as usual.
  let daily = params.has("daily");
  const board = /** @type {SVGSVGElement} */ (svgEl("svg", { class: "board", id: "puzzleboard", role: "img" }));
  const title = h("h1", { id: "puzzletitle" }, t("puzzles-title"));
  const info = h("p", { id: "puzzleinfo", class: "muted" });
  const others = h("div", { id: "puzzleothers", class: "puzzleothers" });
  const hand = h("div", { class: "hand", id: "puzzlehand", role: "group", "aria-label": t("puzzle-your-hand") });
  const prompt = h("p", { id: "puzzleprompt" });
  const result = h("div", { id: "puzzleresult", "aria-live": "polite" });
  const error = h("p", { class: "error", id: "puzzleerror", role: "alert" });
  const theme = /** @type {HTMLSelectElement} */ (h("select", { id: "puzzletheme" },
    h("option", { value: "" }, t("puzzle-theme-any")),
    ...M.THEMES.map((th) => h("option", { value: th, ...(th === S.theme ? { selected: "" } : {}) }, t("puzzle-theme", { theme: th })))));
  const nextBtn = h("button", { type: "button", id: "puzzlenext" }, t("puzzle-next"));
  theme.addEventListener("change", () => { S = { ...S, theme: theme.value }; load(); });
  nextBtn.addEventListener("click", () => load());
  fill(app, h("section", { class: "card puzzles", id: "puzzles" },
    title,
    h("div", { class: "row" }, h("label", {}, t("puzzle-theme-label"), " ", theme), nextBtn),
    info, board, others, prompt, hand, error, result));

  async function load() {
    error.textContent = "";
    const url = daily ? "/api/puzzles/daily?" + new URLSearchParams({ guest: me }) : "/api/puzzles/next?" + M.nextQuery(S, me);
    const { data, error: e } = await call("GET", url);
    if (e) { error.textContent = e; return; }
    S = M.show(S, data);
    title.textContent = t(daily ? "puzzles-daily" : "puzzles-title");
    daily = false;
    render();
  }

  /** @param {Action | null} play */
  async function send(play) {
    render();
    if (!play || !S.puzzle) return;
    const { data, error: e } = await call("POST", `/api/puzzles/${encodeURIComponent(S.puzzle.id)}/try`, { action: play, guest: me });
    if (e) { error.textContent = e; S = M.unsent(S); } else S = M.answered(S, data);
    render();
  }

  function render() {
    const p = S.puzzle;
    if (!p) return;
    const game = facts(p.facts);
    fill(info, t("puzzle-info", { game: t("game-title", { preset: p.game.replace(/\d+$/, "") }), kind: p.kind, rating: M.points(p.rating), player: M.points(p.player) }),
      // The themes would give the answer away: shown once it is tried.
      " ", ...(S.tried ? p.themes : []).map((th) => h("span", { class: "chip" }, t("puzzle-theme", { theme: th }))));
    const width = Math.max(game.layout === "line" ? 340 : 420, Math.min(1000, board.clientWidth || 800));
    const ends = drawLayout(board, p.layout, width, p.state.history, game.branches, null, "");
    const choosable = M.endsFor(S);
    drawEnds(board, ends, (end) => { const r = M.pickEnd(S, end); S = r.S; send(r.play); }, choosable.size ? choosable : null);
    fill(others, ...p.state.hands.map((hd, seat) => seat === p.seat ? null
      : h("div", { class: "puzzleseat" }, t("puzzle-seat", { role: M.seatRole(p.state.hands.length, !!p.facts.partners, p.seat, seat) }), " ",
        ...(Array.isArray(hd) ? hd.map((tl) => h("span", { class: "minitile" }, tileSvg(tl))) : [t("puzzle-tiles", { count: hd })]))));
    prompt.textContent = S.tried ? "" : S.selected ? t("puzzle-pick-end") : t(p.kind === "counting" ? "puzzle-prompt-counting" : "puzzle-prompt-open", { worlds: p.worlds ?? 0 });
    const can = M.playable(p);
    fill(hand, ...M.myTiles(p).map((tl) => {
      const on = can.has(tl) && !S.tried;
      const b = h("button", { type: "button", class: "handtile" + (on ? " legal" : " unplayable") + (S.selected === tl ? " selected" : ""),
        "data-tile": tl, "aria-label": tl, "aria-pressed": S.selected === tl ? "true" : "false", ...(on ? {} : { "aria-disabled": "true" }) }, tileSvg(tl));
      b.addEventListener("click", () => { const r = M.pickTile(S, tl); S = r.S; send(r.play); });
      return b;
    }));
    renderResult();
  }

  function renderResult() {
    const tr = S.tried;
    const p = S.puzzle;
    if (!tr || !p) { fill(result); return; }
    fill(result,
      h("p", { class: tr.right ? "right" : "wrong", id: "puzzleverdict" }, t(tr.right ? "puzzle-right" : "puzzle-wrong", { answer: playWords(p, tr.answer) })),
      h("p", {}, t("puzzle-values")),
      h("table", { id: "puzzlevalues" },
        ...M.rows(tr, S.mine).map((r) => h("tr", { class: [r.answer ? "answer" : "", r.mine ? "mine" : ""].join(" ").trim() },
          h("td", {}, playWords(p, r.action)), h("td", {}, String(r.value)),
          h("td", {}, r.bestIn != null ? t("puzzle-best-in", { count: r.bestIn }) : "")))),
      h("p", { id: "puzzleratings" },
        t("puzzle-your-rating", { rating: M.points(tr.player.after), change: M.change(tr.player) }), " · ",
        t("puzzle-its-rating", { rating: M.points(tr.puzzle.after), change: M.change(tr.puzzle) })));
  }

  load();
}
