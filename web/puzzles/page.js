// @ts-check
// The puzzles page (/puzzles): one puzzle at a time, drawn as a table's
// board is (draw.js), the player's hand to click, then the answer with the
// solver's values and both ratings. The state is model.js's.

import { h, fill } from "../dom.js";
import { t, orList, semiList } from "../words.js";
import { call, latestLoads } from "../api.js";
import * as M from "./model.js";
import { guest } from "../guest.js";
import * as O from "./own.js";
import { boardParts, clearParts, drawPuzzle, playWords, plainInfo } from "./board.js";
import * as R from "./runs.js";
import { modeTabs } from "./tabs.js";
import { runPage } from "./runview.js";
import { historyPage } from "./historyview.js";

/** @typedef {import("./model.js").Puzzles} Puzzles */
/** @typedef {import("../types/Action").Action} Action */


/**
 * The page in its mode (`?streak`, `?storm`, `?history`, else one puzzle at
 * a time); what to stop when the player leaves it.
 * @param {HTMLElement} app @returns {(() => void) | null}
 */
export function puzzlesPage(app) {
  const mode = R.pageMode(location.search);
  if (mode === "streak" || mode === "storm") return runPage(app, mode);
  if (mode === "history") { historyPage(app); return null; }
  document.title = `${t("puzzles-title")} · ${t("page-title")}`;
  const me = guest();
  const params = new URLSearchParams(location.search);
  // `?id=ID` (from the history's "Try again"): that puzzle first, unrated.
  let opened = R.openedId(location.search);
  /** @type {Puzzles} */
  let S = M.start(params.get("theme") || "", params.get("game") || "");
  // `?daily` (the lobby's link) opens on today's puzzle, then goes on as usual.
  let daily = params.has("daily");
  // "My puzzles": the player's own, made from their matches (`?own`, or
  // `?own=ID` from the coach's link to the one just made); not rated.
  /** @type {import("./own.js").Own} */
  let own = O.start(params.has("own"), params.get("own") || "");
  const title = h("h1", { id: "puzzletitle" }, t("puzzles-title"));
  const info = h("p", { id: "puzzleinfo", class: "muted" });
  const parts = boardParts();
  const result = h("div", { id: "puzzleresult", "aria-live": "polite" });
  // The solver's line after a try, step by step on the board.
  const lineBox = h("div", { id: "puzzleline", class: "puzzleline" });
  const error = h("p", { class: "error", id: "puzzleerror", role: "alert" });
  const theme = /** @type {HTMLSelectElement} */ (h("select", { id: "puzzletheme" },
    h("option", { value: "" }, t("puzzle-theme-any")),
    ...M.THEMES.map((th) => h("option", { value: th, ...(th === S.theme ? { selected: "" } : {}) }, t("puzzle-theme", { theme: th })))));
  const game = /** @type {HTMLSelectElement} */ (h("select", { id: "puzzlegame" }, h("option", { value: "" }, t("puzzle-game-any"))));
  const nextBtn = h("button", { type: "button", id: "puzzlenext" }, t("puzzle-next"));
  const mineBtn = h("button", { type: "button", id: "puzzlemine", class: "quiet", "aria-pressed": String(own.on) }, t("puzzle-own-toggle"));
  mineBtn.addEventListener("click", () => { own = O.toggle(own); load(); });
  theme.addEventListener("change", () => { S = { ...S, theme: theme.value }; load(); });
  game.addEventListener("change", () => { S = { ...S, game: game.value }; load(); });
  nextBtn.addEventListener("click", () => load());
  fill(app, h("section", { class: "card puzzles", id: "puzzles" },
    modeTabs("puzzles"),
    title,
    h("div", { class: "row" }, h("label", {}, t("puzzle-game-label"), " ", game), h("label", {}, t("puzzle-theme-label"), " ", theme), nextBtn, mineBtn),
    info, parts.boardBox, lineBox, parts.others, parts.soFar, parts.prompt, parts.endBtns, parts.hand, error, result));

  // The puzzle shown is always the last one asked for: an answer that comes
  // after a later load began (the game changed while the first puzzle was
  // on its way) is dropped.
  const begin = latestLoads();

  async function load() {
    const current = begin();
    error.textContent = "";
    mineBtn.setAttribute("aria-pressed", String(own.on));
    theme.disabled = game.disabled = own.on;
    if (own.on) return loadOwn(current);
    const mine = new URLSearchParams({ guest: me });
    const url = opened ? `/api/puzzles/${encodeURIComponent(opened)}?${mine}`
      : daily ? "/api/puzzles/daily?" + mine : "/api/puzzles/next?" + M.nextQuery(S, me);
    opened = "";
    const { data, error: e } = await call("GET", url);
    if (!current()) return;
    if (e) { error.textContent = e; return; }
    S = M.show(S, data);
    title.textContent = t(daily ? "puzzles-daily" : "puzzles-title");
    daily = false;
    render();
  }

  /** The player's next own puzzle, or why there is none. @param {() => boolean} current whether this load is still the latest */
  async function loadOwn(current) {
    const { data: list, error: e } = await call("GET", "/api/puzzles/own");
    if (!current()) return;
    if (e) { clear(e); return; }
    own = O.listed(own, list);
    const id = O.nextId(own, S.puzzle ? S.puzzle.id : null);
    if (!id) { clear(t("puzzle-own-none")); return; }
    const { data, error: e2 } = await call("GET", `/api/puzzles/own/${encodeURIComponent(id)}`);
    if (!current()) return;
    if (e2) { clear(e2); return; }
    own = O.opened(own, id);
    S = M.show(S, data);
    title.textContent = t("puzzle-own-title");
    render();
  }

  /** No puzzle to show: the board and hands emptied, and `why`. @param {string} why */
  function clear(why) {
    S = M.show(S, /** @type {any} */ (null));
    clearParts(parts);
    fill(info); fill(lineBox); fill(result);
    error.textContent = why;
    title.textContent = t(own.on ? "puzzle-own-title" : "puzzles-title");
  }

  /** @param {Action | null} play */
  async function send(play) {
    render();
    if (!play || !S.puzzle) return;
    const id = encodeURIComponent(S.puzzle.id);
    const { data, error: e } = own.on
      ? await call("POST", `/api/puzzles/own/${id}/try`, { action: play })
      : await call("POST", `/api/puzzles/${id}/try`, { action: play, guest: me });
    if (e) { error.textContent = e; S = M.unsent(S); } else S = M.answered(S, data);
    render();
  }

  function render() {
    const p = S.puzzle;
    if (!p) return;
    const gameName = t("game-title", { preset: p.game });
    const from = O.current(own);
    fill(info, p.rating && p.player
      ? t("puzzle-info", { game: gameName, kind: p.kind, rating: M.points(p.rating), player: M.points(p.player) })
      : own.on ? t("puzzle-own-info", { game: gameName, kind: p.kind, hand: from ? from.hand : 0, step: from ? from.index + 1 : 0 })
        : plainInfo(p),
      // The themes would give the answer away: shown once it is tried.
      " ", ...(S.tried && !S.hidden ? p.themes : []).map((th) => h("span", { class: "chip" }, t("puzzle-theme", { theme: th }))));
    drawPuzzle(parts, S, (r) => { S = r.S; send(r.play); });
    renderLine();
    renderResult();
  }

  /** The played-out line's controls: which line, back, next, and the step in words. */
  function renderLine() {
    const p = S.puzzle;
    const steps = M.line(S);
    if (!p || !steps) { fill(lineBox); return; }
    const step = S.step >= 0 ? steps[S.step] : null;
    /** @param {string} id @param {string} label @param {number} to @param {boolean} off */
    const move = (id, label, to, off) => {
      const b = h("button", { type: "button", id, ...(off ? { disabled: "" } : {}) }, label);
      b.addEventListener("click", () => { S = M.stepTo(S, to); render(); });
      return b;
    };
    /** @param {boolean} yours */
    const which = (yours) => {
      const b = h("button", { type: "button", class: "chip", id: yours ? "puzzlelineyours" : "puzzlelinebest", "aria-pressed": S.yours === yours ? "true" : "false" },
        t(yours ? "puzzle-line-yours" : "puzzle-line-best"));
      b.addEventListener("click", () => { S = M.showLine(S, yours); render(); });
      return b;
    };
    const words = step
      ? t("puzzle-line-step", { step: S.step + 1, count: steps.length,
        who: step.seat === p.seat ? "you" : M.seatRole(p.state.hands.length, !!p.facts.partners, p.seat, step.seat),
        action: step.action.type, tile: step.action.type === "play" ? step.action.tile : "" })
      : t("puzzle-line-start", { count: steps.length });
    fill(lineBox,
      h("p", { class: "muted" }, t("puzzle-line-title")),
      S.tried?.your_line ? h("div", { class: "row" }, which(false), which(true)) : null,
      h("div", { class: "row" },
        move("puzzlelineback", t("puzzle-line-back"), S.step - 1, S.step < 0),
        move("puzzlelinenext", t("puzzle-line-next"), S.step + 1, S.step >= steps.length - 1),
        h("span", { id: "puzzlestep", "aria-live": "polite" }, words)));
  }

  /** One explained fact in words. @param {{ id: string, args: Record<string, unknown> }} m */
  function said(m) {
    const args = { ...m.args };
    if (typeof args.role === "string") args.who = t("puzzle-who", { role: args.role });
    if (Array.isArray(args.ends)) args.ends = orList(args.ends);
    if (Array.isArray(args.numbers)) args.numbers = orList(args.numbers);
    if (Array.isArray(args.passes)) args.passes = semiList(args.passes.map(said));
    return t(m.id, /** @type {Record<string, string | number>} */ (args));
  }

  function renderResult() {
    const tr = S.tried;
    const p = S.puzzle;
    if (!tr || !p) { fill(result); return; }
    const ratings = tr.player && tr.puzzle
      ? h("p", { id: "puzzleratings" },
        t("puzzle-your-rating", { rating: M.points(tr.player.after), change: M.change(tr.player) }), " · ",
        t("puzzle-its-rating", { rating: M.points(tr.puzzle.after), change: M.change(tr.puzzle) }))
      : h("p", { id: "puzzleunrated", class: "muted" }, t(tr.unrated ? "puzzle-unrated-" + tr.unrated : "puzzle-own-unrated"));
    if (S.hidden) {
      // A miss: the answer kept back, to try again (unrated) or to see it.
      const again = h("button", { type: "button", id: "puzzleretry" }, t("puzzle-retry"));
      again.addEventListener("click", () => { S = M.retry(S); render(); });
      const show = h("button", { type: "button", class: "quiet", id: "puzzlereveal" }, t("puzzle-reveal"));
      show.addEventListener("click", () => { S = M.reveal(S); render(); });
      fill(result, h("p", { class: "wrong", id: "puzzleverdict" }, t("puzzle-miss")), ratings, h("div", { class: "row" }, again, show));
      return;
    }
    const ex = tr.explained ? M.explanation(p, tr.explained, tr.choices) : null;
    fill(result,
      h("p", { class: tr.right ? "right" : "wrong", id: "puzzleverdict" }, t(tr.right ? "puzzle-right" : "puzzle-wrong", { answer: playWords(p, tr.answer) })),
      ex && ex.why.length ? h("p", { id: "puzzlewhy" }, t("puzzle-why", { reasons: semiList(ex.why.map(said)) })) : null,
      ex && ex.count ? h("p", { id: "puzzlecount" }, said({ id: ex.count.id, args: { ...ex.count.args, answer: playWords(p, tr.answer) } })) : null,
      ex && ex.known.length ? h("p", { id: "puzzleknown" }, t("puzzle-known", { facts: semiList(ex.known.map(said)) })) : null,
      h("p", {}, t("puzzle-values")),
      h("table", { id: "puzzlevalues" },
        ...M.rows(tr, S.mine).map((r) => h("tr", { class: [r.answer ? "answer" : "", r.mine ? "mine" : ""].join(" ").trim() },
          h("td", {}, playWords(p, r.action)), h("td", {}, String(r.value)),
          h("td", {}, r.bestIn != null ? t("puzzle-best-in", { count: r.bestIn, worlds: p.worlds ?? r.bestIn }) : "")))),
      tr.played ? h("p", { id: "puzzleplayed" }, t("puzzle-own-played", { play: playWords(p, tr.played) })) : null,
      ratings);
  }

  loadGames();
  load();
  return null;

  // The games the set has puzzles for; the filter stays at "any" if they
  // cannot be had.
  async function loadGames() {
    const { data } = await call("GET", "/api/puzzles/games");
    if (!Array.isArray(data)) return;
    fill(game, h("option", { value: "" }, t("puzzle-game-any")),
      ...data.map((/** @type {{ game: string }} */ g) => h("option", { value: g.game, ...(g.game === S.game ? { selected: "" } : {}) },
        t("game-title", { preset: g.game }))));
  }
}
