// @ts-check
// The puzzle streak (`/puzzles?streak`) and the puzzle storm
// (`/puzzles?storm`): a start screen with the player's best, then puzzles
// drawn and answered as on the puzzles page, the score, a storm's clock,
// and the run's end. The state is runs.js's.

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { call } from "../api.js";
import { guest } from "../guest.js";
import * as R from "./runs.js";
import { boardParts, clearParts, drawPuzzle, playWords, plainInfo } from "./board.js";
import { modeTabs } from "./tabs.js";

/** How long a miss's "−10 s" shows (ms). */
const FLASH_MS = 1500;

/**
 * The run page of `kind`; what to stop when the player leaves it (the clock).
 * @param {HTMLElement} app @param {R.Kind} kind @returns {() => void}
 */
export function runPage(app, kind) {
  document.title = `${t("run-title", { kind })} · ${t("page-title")}`;
  const me = guest();
  let S = R.start(kind);
  let sending = false;
  let flashed = 0;
  let shownLeft = Infinity;
  const storm = kind === "storm";
  const score = h("span", { id: "runscore", class: "runstat" });
  const best = h("span", { id: "runbest", class: "runstat muted" });
  // The clock's figures change every second, announced only now and then
  // (runs.js's SPOKEN) through a live region of their own.
  const clock = h("span", { id: "runclock", role: "timer", "aria-live": "off" }, R.clockText(180000));
  const clockLive = h("span", { id: "runclocklive", class: "sr", "aria-live": "polite" });
  const flash = h("span", { id: "runflash", class: "runflash", "aria-hidden": "true" });
  const verdict = h("div", { id: "runverdict", "aria-live": "polite" });
  const startBtn = h("button", { type: "button", id: "runstart" }, t("run-start"));
  const info = h("p", { id: "puzzleinfo", class: "muted" });
  const error = h("p", { class: "error", id: "runerror", role: "alert" });
  const parts = boardParts();
  const help = h("p", { id: "runhelp" }, t("run-help", { kind }));
  const startRow = h("div", { class: "row" }, startBtn);
  // The puzzle's parts, hidden on the start screen and after a storm.
  const puzzle = h("div", { id: "runpuzzle" }, info, parts.boardBox, parts.others, parts.soFar, parts.prompt, parts.endBtns, parts.hand);
  startBtn.addEventListener("click", begin);
  fill(app, h("section", { class: "card puzzles runs", id: "puzzleruns", "data-kind": kind },
    modeTabs(kind),
    h("h1", { id: "runtitle" }, t("run-title", { kind })),
    help,
    h("div", { class: "runstats", id: "runstats" },
      score, best,
      storm ? h("span", { class: "runstat runclock" }, h("span", { class: "muted" }, t("run-clock-label")), " ", clock, flash) : null,
      clockLive),
    verdict,
    startRow,
    error,
    puzzle));

  const timer = storm ? setInterval(tickClock, 250) : null;
  draw();
  loadBest();

  async function loadBest() {
    const { data } = await call("GET", "/api/puzzles/runs/best?" + new URLSearchParams({ guest: me }));
    S = R.bests(S, data);
    draw();
  }

  async function begin() {
    startBtn.disabled = true;
    error.textContent = "";
    const { data, error: e } = await call("POST", "/api/puzzles/runs", { kind, guest: me });
    startBtn.disabled = false;
    if (e) { error.textContent = e; return; }
    S = R.begun(S, data, Date.now());
    flashed = 0;
    shownLeft = Infinity;
    draw();
    // The keyboard goes on from the first tile to play.
    /** @type {HTMLElement | null} */ (parts.hand.querySelector(".handtile.legal"))?.focus();
  }

  /** @param {import("../types/Action").Action | null} play */
  async function send(play) {
    draw();
    if (!play || sending || S.phase !== "playing") return;
    sending = true;
    // The try names its puzzle: one the run has moved past is refused, never judged against the next.
    const puzzle = S.P.puzzle ? S.P.puzzle.id : "";
    const { data, error: e, code } = await call("POST", `/api/puzzles/runs/${encodeURIComponent(S.run)}/try`, { puzzle, action: play, guest: me });
    sending = false;
    if (e) {
      error.textContent = e;
      // Refused as over (a storm's time ran out on the way): the run ends here too.
      S = code === "run_over" ? R.ended(S) : R.unsent(S);
    } else {
      error.textContent = "";
      S = R.tried(S, data, Date.now());
    }
    const wasPlaying = document.activeElement && parts.hand.contains(document.activeElement);
    draw();
    if (S.phase === "over") startBtn.focus();
    else if (wasPlaying || !document.activeElement || document.activeElement === document.body) {
      /** @type {HTMLElement | null} */ (parts.hand.querySelector(".handtile.legal"))?.focus();
    }
  }

  /** A storm's clock, a few times a second: its figures, what is announced, the end. */
  function tickClock() {
    if (!app.contains(clock)) { stop(); return; }
    const now = Date.now();
    const ms = R.left(S, now);
    if (ms == null || S.phase !== "playing") return;
    clock.textContent = R.clockText(ms);
    const say = R.spoken(shownLeft, ms);
    if (say != null) clockLive.textContent = t("run-time-left", { seconds: say });
    shownLeft = ms;
    const next = R.tick(S, now);
    if (next !== S) { S = next; draw(); startBtn.focus(); }
  }

  function draw() {
    const playing = S.phase === "playing";
    score.textContent = t("run-score", { kind, score: S.score });
    best.textContent = t("run-best", { best: S.best });
    // While a run goes on, the board comes first: what it is and how to
    // start are for the screens before and after.
    startRow.hidden = help.hidden = playing;
    startBtn.textContent = t(S.phase === "over" ? "run-again" : "run-start");
    if (storm) {
      const ms = R.left(S, Date.now());
      clock.textContent = R.clockText(S.phase === "start" ? 180000 : S.phase === "over" ? 0 : ms ?? 0);
      if (S.misses > flashed) {
        flashed = S.misses;
        flash.textContent = t("run-penalty");
        flash.classList.add("on");
        setTimeout(() => { flash.classList.remove("on"); }, FLASH_MS);
      }
    }
    drawVerdict();
    const p = S.P.puzzle;
    // A storm's end shows its score, not the last puzzle; a streak's shows
    // the puzzle missed, answered.
    if (!p || S.phase === "start" || (S.phase === "over" && (storm || !S.P.tried))) {
      clearParts(parts);
      fill(info);
      puzzle.hidden = true;
      return;
    }
    puzzle.hidden = false;
    fill(info, plainInfo(p));
    drawPuzzle(parts, S.P, (r) => {
      if (S.phase !== "playing" || sending) return;
      S = { ...S, P: r.S };
      send(r.play);
    });
  }

  function drawVerdict() {
    const last = S.last;
    const lastWords = !last ? null
      : !last.counted ? h("p", { class: "wrong", id: "runlast" }, t("run-late"))
      : h("p", { class: last.right ? "right" : "wrong", id: "runlast" },
        t(last.right ? "puzzle-right" : "puzzle-wrong", { answer: playWords(last.puzzle, last.answer) }));
    if (S.phase !== "over") { fill(verdict, lastWords); return; }
    fill(verdict, lastWords,
      h("p", { id: "runover", class: "runover" }, t("run-over", { kind, count: S.score })),
      h("p", { id: "runnewbest", class: S.newBest ? "right" : "muted" }, S.newBest ? t("run-new-best") : t("run-best", { best: S.best })),
      S.done.length ? h("details", { id: "rundone", class: "rundone" }, h("summary", {}, t("run-done", { kind, count: S.done.length })),
        h("ol", {}, ...S.done.map((d) => h("li", { class: d.right ? "solved" : "missed" },
          h("a", { href: d.again, "data-again": d.id }, t("run-done-item", { game: t("game-title", { preset: d.game }), result: d.right ? "solved" : "missed" })))))) : null);
  }

  function stop() {
    if (timer != null) clearInterval(timer);
  }
  return stop;
}
