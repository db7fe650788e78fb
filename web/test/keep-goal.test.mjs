// What a score sheet's match is played to (web/keep/goal.js) under node,
// no browser: the trains family's hands and engines, the leaders and the
// places.

import { test } from "node:test";
import assert from "node:assert/strict";
import { trainsMatch, leaders, places, ordinal } from "../keep/goal.js";
import { t } from "../words.js";

const sheet = (preset, options, played) => ({ rules: { preset, players: 8, options }, hands: Array(played).fill({}) });

test("a Mexican Train sheet counts its hands down the engines", () => {
  const opts = { set: 12, start_double: 12, rounds: 13, double_blank: 0 };
  assert.deepEqual(trainsMatch(sheet("mexican-train", opts, 0)), { count: 13, played: 0, next: 1, engine: 12 });
  assert.deepEqual(trainsMatch(sheet("mexican-train", opts, 2)), { count: 13, played: 2, next: 3, engine: 10 });
  // The last hand opens with 0-0; after it there is no next hand.
  assert.deepEqual(trainsMatch(sheet("mexican-train", opts, 12)), { count: 13, played: 12, next: 13, engine: 0 });
  assert.deepEqual(trainsMatch(sheet("mexican-train", opts, 13)), { count: 13, played: 13, next: null, engine: null });
});

test("a short chicken foot match, and rules that do not say", () => {
  const cf = sheet("chicken-foot", { set: 9, start_double: 9, rounds: 2, double_blank: 50 }, 1);
  assert.deepEqual(trainsMatch(cf), { count: 2, played: 1, next: 2, engine: 8 });
  // No rounds written: one hand per engine down to 0-0, as the engine's default.
  assert.deepEqual(trainsMatch(sheet("chicken-foot", { start_double: 6 }, 0)), { count: 7, played: 0, next: 1, engine: 6 });
  assert.deepEqual(trainsMatch(sheet("chicken-foot", {}, 3)), { count: null, played: 3, next: 4, engine: null });
  assert.equal(trainsMatch(sheet("jamaican", {}, 0)), null);
  assert.equal(trainsMatch(sheet("french", { start_double: 6 }, 0)), null);
});

test("the leaders: the lowest or the highest, nobody while all are equal", () => {
  assert.deepEqual(leaders([0, 0, 0], true), []);
  assert.deepEqual(leaders([12, 5, 30, 5], true), [1, 3]);
  assert.deepEqual(leaders([12, 5, 30, 5], false), [2]);
  assert.deepEqual(leaders([], true), []);
});

test("places: 1 for the best total, equal totals sharing one", () => {
  assert.deepEqual(places([25, 10, 15, 10, 38, 0, 10, 14], true), [7, 2, 6, 2, 8, 1, 2, 5]);
  assert.deepEqual(places([3, 9, 9], false), [3, 1, 1]);
  assert.deepEqual(places([0, 0], true), [1, 1]);
});

test("the places and the trains goal in words", () => {
  assert.deepEqual([1, 2, 3, 4].map((p) => ordinal(p, "fr")), ["one", "other", "other", "other"]);
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22].map((place) => t("keep-place", { place, ord: ordinal(place, "en") })),
    ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]);
  assert.equal(t("keep-goal-trains", { count: 13, played: 0 }), "After 13 hands the lowest total wins (none played yet)");
  assert.equal(t("keep-goal-trains", { count: 13, played: 1 }), "After 13 hands the lowest total wins (1 played)");
  assert.equal(t("keep-next-engine", { n: 3, count: 13, engine: t("a11y-tile-double", { a: t("a11y-pips-10") }) }),
    "Hand 3 of 13: it opens with the double ten");
});
