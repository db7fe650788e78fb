// The turn clock's words and count-down (web/table/clock.js) under node.

import { test } from "node:test";
import assert from "node:assert/strict";
import { clockText, leftNow } from "../table/clock.js";

test("times left read as m:ss under an hour, then hours, then days", () => {
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(9_001), "0:10");
  assert.equal(clockText(75_000), "1:15");
  assert.equal(clockText((3600 + 120) * 1000), "1 h 2 min");
  assert.equal(clockText((2 * 86_400 + 5 * 3600) * 1000), "2 d 5 h");
  // A day is still hours: a day a move reads "24 h 0 min", not "1 d 0 h".
  assert.equal(clockText(86_400 * 1000), "24 h 0 min");
});

test("times shown together take the longest one's units", () => {
  const day = 86_400 * 1000;
  // One table's clocks at a day a move: both in hours and minutes.
  assert.equal(clockText(day - 60_000, day), "23 h 59 min");
  assert.equal(clockText(day, day), "24 h 0 min");
  // Beside three days, a few hours read in days.
  assert.equal(clockText(5 * 3600 * 1000, 3 * day), "0 d 5 h");
  // The last hour counts its seconds whatever is beside it.
  assert.equal(clockText(45_000, 2 * 3600 * 1000), "0:45");
});

test("only the running seat's time counts down, and never below zero", () => {
  const c = { left_ms: [75_000, 60_000], running: 1 };
  assert.deepEqual(leftNow(c, 1_000, 11_000), [75_000, 50_000]);
  assert.deepEqual(leftNow(c, 1_000, 99_000), [75_000, 0]);
});

test("a timeout of yours is news with its count, the last one says the seat is lost, and nothing else is", async () => {
  const { timeoutNews } = await import("../table/clock.js");
  assert.deepEqual(timeoutNews({ timeouts: [0, 0] }, { timeouts: [1, 0] }, 0), { key: "clock-timeout", n: 1, max: 3 });
  assert.deepEqual(timeoutNews({ timeouts: [2, 0] }, { timeouts: [3, 0] }, 0), { key: "clock-timeout-left", n: 3, max: 3 });
  // Another seat's timeout, no change, a spectator, no clock before.
  assert.equal(timeoutNews({ timeouts: [0, 0] }, { timeouts: [0, 1] }, 0), null);
  assert.equal(timeoutNews({ timeouts: [1, 0] }, { timeouts: [1, 0] }, 0), null);
  assert.equal(timeoutNews({ timeouts: [0, 0] }, { timeouts: [1, 0] }, null), null);
  assert.equal(timeoutNews(null, { timeouts: [1, 0] }, 0), null);
});

test("a seat lost to timeouts is offered back only in a casual match still played, to a player who watches", async () => {
  const { mayTakeBack } = await import("../table/clock.js");
  assert.equal(mayTakeBack(true, { rated: false, seat: null, finished: false }), true);
  assert.equal(mayTakeBack(true, { rated: true, seat: null, finished: false }), false);
  assert.equal(mayTakeBack(true, { rated: false, seat: 1, finished: false }), false);
  assert.equal(mayTakeBack(true, { rated: false, seat: null, finished: true }), false);
  assert.equal(mayTakeBack(false, { rated: false, seat: null, finished: false }), false);
});
