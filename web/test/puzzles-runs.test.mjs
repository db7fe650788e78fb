// Puzzle runs' model: a streak ends on its first miss, a storm goes on
// with its end nearer, a late try is not counted, the best and a new best,
// the clock on the server's time, and the history's rows.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as R from "../puzzles/runs.js";

/** A puzzle where 3-1 fits one end, shown without ratings as runs show it. */
const shown = (id) => ({
  id, game: "block", kind: "open", themes: [], seat: 1,
  state: { hands: [["6-6"], ["3-1", "2-2"]], history: [], ends: [{ id: 0, pips: 3 }, { id: 1, pips: 5 }] }, layout: null, facts: null,
  choices: [{ type: "play", tile: "3-1", end: 0 }],
});
const play = { type: "play", tile: "3-1", end: 0 };

/** The server's start of a run, its clock `skew` ms ahead of this browser's (at client time 1000). */
const begin = (kind, { best = 4, skew = 0 } = {}) => R.begun(R.start(kind), {
  run: "r1", kind, score: 0, best, puzzle: shown("block-1"),
  ends_ms: kind === "storm" ? 1000 + skew + 180000 : null, now_ms: 1000 + skew, over: false,
}, 1000);

const answer = (over) => ({ right: true, answer: play, counted: true, score: 1, best: 4, new_best: false, over, puzzle: over ? null : shown("block-2"), ends_ms: null, now_ms: 0 });

test("the page's mode and a puzzle to open come from its query", () => {
  assert.equal(R.pageMode("?streak"), "streak");
  assert.equal(R.pageMode("?storm"), "storm");
  assert.equal(R.pageMode("?history"), "history");
  assert.equal(R.pageMode("?theme=passes"), "puzzles");
  assert.equal(R.pageMode(""), "puzzles");
  assert.equal(R.openedId("?id=block-ab12cd34"), "block-ab12cd34");
  assert.equal(R.openedId("?id=../admin"), "");
  assert.equal(R.openedId("?streak"), "");
});

test("a streak goes on with each right answer and ends on its first miss, the answer shown", () => {
  let S = begin("streak");
  assert.equal(S.phase, "playing");
  assert.equal(S.deadline, null, "a streak has no clock");
  assert.equal(S.P.puzzle.id, "block-1");
  S = R.tried(S, answer(false), 2000);
  assert.equal(S.phase, "playing");
  assert.equal(S.score, 1);
  assert.equal(S.P.puzzle.id, "block-2", "the next puzzle at once");
  assert.equal(S.P.tried, null, "the next puzzle is to solve");
  assert.deepEqual(S.last, { right: true, answer: play, counted: true, puzzle: shown("block-1") });
  const right = { type: "play", tile: "2-2", end: 1 };
  S = R.tried(S, { right: false, answer: right, counted: true, score: 1, best: 4, new_best: false, over: true, puzzle: null, ends_ms: null, now_ms: 0 }, 3000);
  assert.equal(S.phase, "over");
  assert.equal(S.score, 1);
  assert.equal(S.newBest, false);
  // The puzzle missed stays, answered: no more plays on it.
  assert.equal(S.P.puzzle.id, "block-2");
  assert.deepEqual(S.P.tried.answer, right);
  assert.equal(S.last.right, false);
  // The run's puzzles, to try again from its end.
  assert.deepEqual(S.done, [
    { id: "block-1", game: "block", right: true, again: "/puzzles?id=block-1" },
    { id: "block-2", game: "block", right: false, again: "/puzzles?id=block-2" },
  ]);
  assert.deepEqual(R.begun(S, { run: "r2", kind: "streak", score: 0, best: 4, puzzle: shown("c"), ends_ms: null, now_ms: 0, over: false }, 0).done, [], "a new run starts its own list");
  // Nothing more is taken once over.
  assert.equal(R.tried(S, answer(false), 4000), S);
});

test("a streak beating the best says so, and the best is the server's", () => {
  let S = R.bests(R.start("streak"), { streak: 2, storm: 9 });
  assert.equal(S.best, 2);
  S = R.begun(S, { run: "r", kind: "streak", score: 0, best: 2, puzzle: shown("a"), ends_ms: null, now_ms: 5, over: false }, 5);
  S = R.tried(S, { ...answer(false), score: 3, best: 3, new_best: true }, 6);
  assert.equal(S.best, 3);
  assert.equal(S.newBest, true);
  // A later try without the flag keeps it: this run beat the best.
  S = R.tried(S, { ...answer(true), right: false, score: 3, best: 3, new_best: false }, 7);
  assert.equal(S.newBest, true);
  assert.equal(S.phase, "over");
  // The bests as the server gave them, ignored when malformed.
  assert.equal(R.bests(R.start("storm"), { streak: 2, storm: 9 }).best, 9);
  assert.equal(R.bests(R.start("storm"), null).best, 0);
  assert.equal(R.bests(R.start("storm"), { storm: "9" }).best, 0);
});

test("a storm's clock counts to the server's end from when its answer came, whatever this browser's clock says", () => {
  // The server's clock 50 s ahead of the browser's: still 3 minutes to go.
  const S = begin("storm", { skew: 50000 });
  assert.equal(S.deadline, 181000);
  assert.equal(R.left(S, 1000), 180000);
  assert.equal(R.clockText(R.left(S, 1000)), "03:00");
  assert.equal(R.clockText(R.left(S, 1001)), "03:00", "a second begun shows whole");
  assert.equal(R.clockText(R.left(S, 2000)), "02:59");
  assert.equal(R.clockText(R.left(S, 171000)), "00:10");
  assert.equal(R.clockText(R.left(S, 180900)), "00:01");
  assert.equal(R.clockText(R.left(S, 999999)), "00:00");
  assert.equal(R.left(S, 999999), 0);
  assert.equal(R.left(begin("streak"), 5000), null);
});

test("a storm's miss brings its end 10 s nearer and goes on with the next puzzle", () => {
  let S = begin("storm");
  S = R.tried(S, { right: false, answer: play, counted: true, score: 0, best: 4, new_best: false, over: false,
    puzzle: shown("block-2"), ends_ms: 181000 - 10000, now_ms: 21000 }, 21000);
  assert.equal(S.phase, "playing");
  assert.equal(S.misses, 1, "one '−10 s' to flash");
  assert.equal(S.P.puzzle.id, "block-2");
  assert.equal(S.P.tried, null);
  assert.equal(R.left(S, 21000), 150000);
  assert.equal(R.clockText(R.left(S, 21000)), "02:30");
  // A right answer raises the score and flashes nothing.
  S = R.tried(S, { ...answer(false), score: 1, ends_ms: 171000, now_ms: 31000 }, 31000);
  assert.equal(S.score, 1);
  assert.equal(S.misses, 1);
  assert.equal(R.left(S, 31000), 140000);
});

test("a storm's try after its end is not counted: the run is over with its score", () => {
  let S = R.tried(begin("storm"), { ...answer(false), score: 1, ends_ms: 181000, now_ms: 100000 }, 100000);
  S = R.tried(S, { right: true, answer: play, counted: false, score: 1, best: 4, new_best: false, over: true, puzzle: null, ends_ms: 181000, now_ms: 182000 }, 182000);
  assert.equal(S.phase, "over");
  assert.equal(S.score, 1, "the late answer added nothing");
  assert.equal(S.last.counted, false);
  assert.equal(S.misses, 0, "a late try costs no time");
  assert.deepEqual(S.done.map((d) => d.right), [true], "nor is it one of the run's puzzles");
});

test("a storm whose clock runs out on the page is over, a new best when it beat the old", () => {
  let S = R.tried(begin("storm", { best: 0 }), { ...answer(false), score: 1, best: 1, new_best: true, ends_ms: 181000, now_ms: 2000 }, 2000);
  assert.equal(R.tick(S, 180999), S, "not yet");
  const over = R.tick(S, 181000);
  assert.equal(over.phase, "over");
  assert.equal(over.best, 1);
  assert.equal(over.newBest, true);
  assert.equal(R.tick(over, 190000), over);
  // A try on its way when the clock ran out here, counted by the server, still scores.
  const late = R.tried(over, { ...answer(false), score: 2, best: 2, ends_ms: 181000, now_ms: 180990 }, 181100);
  assert.equal(late.phase, "over");
  assert.equal(late.score, 2);
  assert.equal(late.best, 2);
  assert.equal(R.tried(over, { ...answer(true), counted: false, score: 1 }, 181100), over, "one not counted changes nothing");
  // A streak has no clock to run out.
  const streak = begin("streak");
  assert.equal(R.tick(streak, 1e12), streak);
  // Fewer than the best: no new best.
  const less = R.tick(begin("storm", { best: 5 }), 1e12);
  assert.equal(less.newBest, false);
  assert.equal(less.best, 5);
  // A try refused as over ends the run where it stands.
  assert.equal(R.ended(begin("streak")).phase, "over");
});

test("a screen reader hears the clock at marks only, not every second", () => {
  assert.equal(R.spoken(Infinity, 179000), null);
  assert.equal(R.spoken(120500, 119500), 120);
  assert.equal(R.spoken(119500, 118500), null);
  assert.equal(R.spoken(60100, 59900), 60);
  // A miss jumping past two marks says the nearer.
  assert.equal(R.spoken(65000, 25000), 30);
  assert.equal(R.spoken(10001, 9999), 10);
});

test("the history's rows: newest first, what to say of each, and where to try it again", () => {
  const rows = R.historyRows([
    { id: "block-ab12cd34", game: "block", tried_ms: 1764200000000, right: true, rated: true },
    { id: "draw-99", game: "draw", tried_ms: 1764300000000, right: false, rated: false },
    { id: "../x", game: "draw", tried_ms: 1, right: false, rated: false },
    { game: "draw", tried_ms: 2 },
    null,
  ]);
  assert.deepEqual(rows.map((r) => r.id), ["draw-99", "block-ab12cd34"]);
  assert.deepEqual(rows.map((r) => [r.game, r.result, r.rated, r.again]), [
    ["draw", "missed", "unrated", "/puzzles?id=draw-99"],
    ["block", "solved", "rated", "/puzzles?id=block-ab12cd34"],
  ]);
  assert.equal(rows[1].when.getTime(), 1764200000000);
  assert.deepEqual(R.historyRows({ error: "x" }), []);
});
