// "My puzzles": the one asked for first (the coach's link) if the player
// has it, then round the list; nothing when the list is empty; off again,
// back to the shared set.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as O from "../puzzles/own.js";

const list = [
  { id: "t1-1-4", table: "t1", hand: 1, index: 4, game: "block", kind: "open" },
  { id: "t1-2-0", table: "t1", hand: 2, index: 0, game: "block", kind: "counting" },
];

test("the one asked for opens first, then the list goes round", () => {
  let o = O.listed(O.start(true, "t1-2-0"), list);
  assert.equal(O.nextId(o, null), "t1-2-0");
  o = O.opened(o, "t1-2-0");
  assert.deepEqual(O.current(o), list[1]);
  assert.equal(O.nextId(o, "t1-2-0"), "t1-1-4");
  assert.equal(O.nextId(o, "t1-1-4"), "t1-2-0");
});

test("an id the player does not have, or an empty list, opens nothing of it", () => {
  const o = O.listed(O.start(true, "someone-else-1-0"), list);
  assert.equal(O.nextId(o, null), "t1-1-4");
  assert.equal(O.nextId(O.listed(O.start(true, ""), { code: "signed_out" }), null), null);
});

test("toggled off, no own puzzle is current", () => {
  let o = O.opened(O.listed(O.start(true, ""), list), "t1-1-4");
  assert.ok(O.current(o));
  o = O.toggle(o);
  assert.equal(o.on, false);
  assert.equal(O.current(o), null);
  assert.equal(O.start(false, "t1-1-4").first, "", "?own=ID only counts with own puzzles on");
});
