// The puzzles page's model: picking a tile or an end makes the play to
// try, the answer's rows, the ratings as shown, the guest's id.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as M from "../puzzles/model.js";

/** A puzzle where 3-1 fits one end and 5-3 both. */
const puzzle = {
  id: "draw-4kq2m8vz", game: "draw", kind: "open", themes: ["double"], seat: 1,
  state: { hands: [["6-6"], ["3-1", "5-3", "2-2"]], history: [], ends: [{ id: 0, pips: 3 }, { id: 1, pips: 5 }] }, layout: null, facts: null,
  choices: [{ type: "play", tile: "3-1", end: 0 }, { type: "play", tile: "5-3", end: 0 }, { type: "play", tile: "5-3", end: 1 }],
  rating: { rating: 1500, deviation: 200 }, player: { rating: 1500, deviation: 350 },
};

test("a tile with one place is played at once; one with two waits for its end", () => {
  let S = M.show(M.start(), puzzle);
  assert.deepEqual(M.myTiles(puzzle), ["3-1", "5-3", "2-2"]);
  assert.deepEqual([...M.playable(puzzle)].sort(), ["3-1", "5-3"]);
  assert.equal(M.pickTile(S, "2-2").play, null);
  const one = M.pickTile(S, "3-1");
  assert.deepEqual(one.play, { type: "play", tile: "3-1", end: 0 });
  const two = M.pickTile(S, "5-3");
  assert.equal(two.play, null);
  S = two.S;
  assert.equal(S.selected, "5-3");
  assert.deepEqual([...M.endsFor(S)], [0, 1]);
  const at = M.pickEnd(S, 1);
  assert.deepEqual(at.play, { type: "play", tile: "5-3", end: 1 });
  assert.deepEqual(at.S.mine, at.play);
  // Once tried, nothing more is played.
  const done = M.answered(at.S, { right: false, answer: puzzle.choices[0], choices: [], player: { before: puzzle.player, after: puzzle.player }, puzzle: { before: puzzle.rating, after: puzzle.rating } });
  assert.equal(M.pickTile(done, "3-1").play, null);
  assert.equal(M.show(done, puzzle).tried, null);
});

test("a play names its end's number only when its tile fits two", () => {
  assert.equal(M.endPips(puzzle, puzzle.choices[0]), null);
  assert.equal(M.endPips(puzzle, puzzle.choices[2]), 5);
});

test("the answer's rows are best first, marking the answer and the player's play", () => {
  const tried = {
    right: false, answer: { type: "play", tile: "3-1", end: 0 },
    choices: [{ action: { type: "play", tile: "5-3", end: 0 }, value: -10, best_in: 1 }, { action: { type: "play", tile: "3-1", end: 0 }, value: 20, best_in: 3 }],
    player: { before: { rating: 1500, deviation: 350 }, after: { rating: 1421.6, deviation: 300 } },
    puzzle: { before: { rating: 1500, deviation: 200 }, after: { rating: 1530.4, deviation: 190 } },
  };
  const rows = M.rows(tried, { type: "play", tile: "5-3", end: 0 });
  assert.deepEqual(rows.map((r) => [r.action.tile, r.value, r.bestIn, r.answer, r.mine]), [["3-1", 20, 3, true, false], ["5-3", -10, 1, false, true]]);
  assert.equal(M.change(tried.player), "-78");
  assert.equal(M.change(tried.puzzle), "+30");
  assert.equal(M.points(tried.player.after), 1422);
});

test("the guest keeps a good id and gets a new one otherwise", () => {
  const random = () => new Uint8Array(16).fill(171);
  assert.equal(M.guestId("kept-id-123", random), "kept-id-123");
  assert.equal(M.guestId(null, random), "ab".repeat(16));
  assert.equal(M.guestId("bad id!", random), "ab".repeat(16));
});

test("the next query carries the theme and skips the puzzle just seen", () => {
  assert.equal(M.nextQuery(M.start("nonsense"), "g1234567"), "guest=g1234567");
  const S = M.show(M.start("passes"), puzzle);
  assert.equal(M.nextQuery(S, "g1234567"), "guest=g1234567&theme=passes&skip=draw-4kq2m8vz");
  const inGame = M.show(M.start("", "club-fives"), puzzle);
  assert.equal(M.nextQuery(inGame, "g1234567"), "guest=g1234567&game=club-fives&skip=draw-4kq2m8vz");
  assert.equal(M.start("", "<script>").game, "");
});

test("the other seats are named from the mover's place", () => {
  assert.deepEqual([0, 2, 3].map((s) => M.seatRole(4, true, 1, s)), ["before", "next", "partner"]);
  assert.deepEqual([0, 2, 3].map((s) => M.seatRole(4, false, 1, s)), ["before", "next", "across"]);
  assert.deepEqual([1, 2].map((s) => M.seatRole(3, false, 0, s)), ["next", "before"]);
});

test("a played-out line steps within its length, and the hands lose the tiles played", () => {
  const line = [
    { seat: 1, action: { type: "play", tile: "3-1", end: 0 }, layout: { posed: "x" } },
    { seat: 0, action: { type: "pass" }, layout: { posed: "x" } },
    { seat: 1, action: { type: "play", tile: "5-3", end: 1 }, layout: { posed: "x" } },
  ];
  const yours = [{ seat: 1, action: { type: "play", tile: "5-3", end: 0 }, layout: { posed: "y" } }];
  const moved = { before: { rating: 1500, deviation: 350 }, after: { rating: 1490, deviation: 340 } };
  let S = M.show(M.start(), puzzle);
  assert.equal(M.line(S), null);
  assert.equal(M.stepTo(S, 2), S, "no line before the try");
  S = M.answered(S, { right: false, answer: line[0].action, choices: [], player: moved, puzzle: moved, line, your_line: yours });
  assert.equal(S.step, -1);
  assert.equal(M.line(S), null, "a miss keeps its answer's line back");
  S = M.reveal(S);
  assert.equal(M.line(S), line);
  assert.deepEqual(M.handsNow(S), puzzle.state.hands, "before the first step, every tile is in hand");
  S = M.stepTo(S, 9);
  assert.equal(S.step, 2, "kept to the last step");
  assert.deepEqual(M.handsNow(S), [["6-6"], ["2-2"]]);
  S = M.stepTo(S, 0);
  assert.deepEqual(M.handsNow(S), [["6-6"], ["5-3", "2-2"]]);
  assert.equal(M.stepTo(S, -5).step, -1, "kept to the position");
  S = M.showLine(S, true);
  assert.equal(S.step, -1);
  assert.equal(M.line(S), yours);
  // A right try has no line of the player's own.
  const right = M.answered(S, { right: true, answer: line[0].action, choices: [], player: moved, puzzle: moved, line });
  assert.equal(M.showLine(right, true), right);
});

test("the explanation names seats by their place to the mover", () => {
  const four = { ...puzzle, seat: 0, state: { ...puzzle.state, hands: [["6-6"], 3, 3, 3] }, facts: { partners: true } };
  const e = M.explanation(four, {
    why: [{ why: "shown_none", seat: 1, ends: [4, 6] }, { why: "double" }],
    lacks: [{ seat: 2, numbers: [2] }, { seat: 3, numbers: [4, 6] }],
    all_seen: [3],
  });
  assert.deepEqual(e.why.map((w) => w.id), ["term-why-shown-none", "term-why-double"]);
  assert.equal(e.why[0].args.role, "next");
  assert.deepEqual(e.known, [
    { id: "puzzle-lacks", args: { role: "partner", numbers: [2] } },
    { id: "puzzle-lacks", args: { role: "before", numbers: [4, 6] } },
    { id: "puzzle-all-seen", args: { number: 3 } },
  ]);
  assert.equal(e.count, null, "an open puzzle is not about counting");
});

test("a counting puzzle's passes lead to its deals, and covering a seat's number names its role", () => {
  const four = { ...puzzle, kind: "counting", worlds: 36, seat: 0, state: { ...puzzle.state, hands: [["6-6"], 3, 3, 3] }, facts: { partners: true } };
  const e = M.explanation(four, {
    why: [{ why: "covers", seat: 3, x: 2 }],
    lacks: [{ seat: 1, numbers: [4] }, { seat: 3, numbers: [5, 6] }],
    all_seen: [3],
  });
  // "the player before you's 2" / "de el jugador anterior": the role has its own message.
  assert.deepEqual(e.why, [{ id: "puzzle-why-covers", args: { why: "covers", seat: 3, x: 2, role: "before" } }]);
  assert.deepEqual(e.count, {
    id: "puzzle-count-passes",
    args: {
      worlds: 36,
      passes: [
        { id: "puzzle-count-passed", args: { role: "next", numbers: [4] } },
        { id: "puzzle-count-passed", args: { role: "before", numbers: [5, 6] } },
      ],
    },
  });
  // The passes are said once, in the count.
  assert.deepEqual(e.known, [{ id: "puzzle-all-seen", args: { number: 3 } }]);
  // No pass to read: the deals come from the tiles in sight.
  const seen = M.explanation(four, { why: [], lacks: [], all_seen: [3] });
  assert.deepEqual(seen.count, { id: "puzzle-count-seen", args: { worlds: 36 } });
});

test("the hand so far: who laid what, who passed or drew on which numbers, a turn's draws said once", () => {
  const p = {
    ...puzzle, kind: "counting", seat: 0, facts: { partners: true },
    state: { ...puzzle.state, hands: [["6-6"], 3, 3, 3], history: [
      { seat: 1, action: { type: "play", tile: "4-4" } },
      { seat: 2, action: { type: "pass" } },
      { seat: 3, action: { type: "play", tile: "4-2", end: 0 } },
      { seat: 0, action: { type: "play", tile: "4-1", end: 1 } },
      { seat: 1, action: { type: "draw" } },
      { seat: 1, action: { type: "draw" } },
      { seat: 1, action: { type: "play", tile: "2-0", end: 0 } },
    ] },
    missed: [{ at: 1, seat: 2, ends: [4] }, { at: 4, seat: 1, ends: [1, 2] }, { at: 5, seat: 1, ends: [1, 2] }],
  };
  assert.deepEqual(M.turns(p).map((tn) => [tn.role, tn.what, tn.tile, tn.ends]), [
    ["next", "play", "4-4", []],
    ["partner", "pass", "", [4]],
    ["before", "play", "4-2", []],
    ["you", "play", "4-1", []],
    ["next", "draw", "", [1, 2]],
    ["next", "draw", "", [1, 2]],
    ["next", "play", "2-0", []],
  ]);
  assert.deepEqual(M.passes(p).map((tn) => [tn.role, tn.what, tn.ends]), [["partner", "pass", [4]], ["next", "draw", [1, 2]]]);
  // A puzzle from before `missed` was sent: the turns, with no numbers.
  assert.deepEqual(M.turns({ ...p, missed: undefined })[1].ends, []);
});

test("a miss keeps its answer back: tried again from the position, or shown on asking", () => {
  const moved = { before: { rating: 1500, deviation: 350 }, after: { rating: 1490, deviation: 340 } };
  let S = M.show(M.start(), puzzle);
  const miss = { right: false, answer: puzzle.choices[0], choices: [], player: moved, puzzle: moved };
  S = M.answered({ ...S, mine: puzzle.choices[1] }, miss);
  assert.equal(S.hidden, true);
  const again = M.retry(S);
  assert.equal(again.tried, null);
  assert.equal(again.mine, null);
  assert.equal(again.hidden, false);
  assert.equal(again.puzzle, puzzle, "the same puzzle");
  const shown = M.reveal(S);
  assert.equal(shown.hidden, false);
  assert.equal(M.retry(shown), shown, "no retry once the answer is shown");
  const right = M.answered(M.show(S, puzzle), { ...miss, right: true });
  assert.equal(right.hidden, false, "a right try shows everything");
  assert.equal(M.retry(right), right);
});

test("an answer the expert's reasons cannot explain is explained by its worth", () => {
  const e = M.explanation(puzzle, { why: [{ why: "search" }], lacks: [], all_seen: [] },
    [{ action: puzzle.choices[0], value: -1 }, { action: puzzle.choices[1], value: 4 }, { action: puzzle.choices[0], value: 2 }]);
  assert.deepEqual(e.why, [{ id: "puzzle-why-worth", args: { best: 4, next: 2 } }]);
  const kept = M.explanation(puzzle, { why: [{ why: "double" }], lacks: [], all_seen: [] }, [{ action: puzzle.choices[0], value: 1 }]);
  assert.deepEqual(kept.why.map((w) => w.id), ["term-why-double"]);
});
