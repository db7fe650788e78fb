// The page's pure helpers under node, no browser: sides (sides.js), the
// people at a table and their words (names.js), the score's figures
// (score.js) and the board's plan (draw.js planLayout).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { sideOf, seatsOf } from "../sides.js";
import { people, eventText, resultHeadline, resultHow } from "../names.js";
import { scoreFacts } from "../score.js";
import { facts, placeSeats } from "../games.js";
import { planLayout } from "../draw.js";

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));

test("sides: partners sit across; the table facts' own sides win when given", () => {
  assert.deepEqual([0, 1, 2, 3].map((s) => sideOf(s, 2)), [0, 1, 0, 1]);
  assert.deepEqual([0, 1, 2].map((s) => sideOf(s, 3)), [0, 1, 2]);
  assert.deepEqual(seatsOf(1, 2, 4), [1, 3]);
  assert.deepEqual(seatsOf(2, 3, 3), [2]);
  const given = { sides: [1, 0, 1, 0] };
  assert.equal(sideOf(0, 2, given), 1);
  assert.deepEqual(seatsOf(1, 2, 4, given), [0, 2]);
});

test("people: one name per player, teams named after their players with you first", () => {
  const m = fixture("jamaican-turn");
  const P = people(m.seats, m.state, m.seat);
  assert.equal(P.partners, true);
  assert.equal(P.name(0), "You");
  assert.equal(P.label(0), "Eve");
  assert.equal(P.name(1), "Bot 2");
  assert.equal(P.side(0), "You & Bot 3");
  assert.equal(P.side(1), "Bot 2 & Bot 4");
  assert.equal(P.sideOf(3), 1);
  assert.deepEqual(P.sideSeats(0), [0, 2]);
  assert.deepEqual(placeSeats(4, 0), { 0: "bottom", 1: "left", 2: "top", 3: "right" });
});

test("events and results as sentences", () => {
  const end = fixture("jamaican-end");
  const P = people(end.seats, end.state, end.seat, facts(end.facts));
  assert.equal(eventText(P, end.layout, end.events[0], end.state), "Bot 4 played 5-3 on the right end");
  assert.equal(resultHeadline(P, end.state, end.state.result), "Bot 2 & Bot 4 win the hand");
  assert.equal(resultHow(P, end.state, end.state.result), "Bot 4 dominoed.");
});

test("the score's figures: the goal, your side marked, the leader", () => {
  const end = fixture("jamaican-end");
  const P = people(end.seats, end.state, end.seat, facts(end.facts));
  const f = scoreFacts(P, facts(end.facts), end.state);
  assert.match(f.goal, /6/);
  assert.deepEqual(f.sides.map((x) => [x.name, x.pts, x.mine, x.lead]),
    [["You & Bot 3", 0, true, false], ["Bot 2 & Bot 4", 1, false, true]]);
  assert.equal(f.stake, null);
});

test("the board's plan: every tile once, nothing overlapping, an open end per chain", () => {
  const m = fixture("jamaican-turn");
  for (const width of [340, 506, 860]) {
    const { tiles, ends } = planLayout(m.layout, width, m.state.history);
    assert.equal(tiles.length, 1 + m.layout.chains.reduce((k, c) => k + c.tiles.length, 0), `at ${width}`);
    assert.equal(new Set(tiles.map((x) => x.tile)).size, tiles.length);
    for (let i = 0; i < tiles.length; i++) {
      for (let j = i + 1; j < tiles.length; j++) {
        const a = tiles[i], b = tiles[j];
        const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
        assert.ok(apart, `${a.tile} overlaps ${b.tile} at ${width}`);
      }
    }
    assert.deepEqual(ends.map((e) => e.id).sort(), [0, 1]);
  }
  assert.deepEqual(planLayout({ chains: [], posed: null }), { tiles: [], ends: [] });
});

test("people take each seat's side from the table facts when the server states it", () => {
  const m = fixture("jamaican-turn");
  const P = people(m.seats, m.state, m.seat, facts({ ...m.facts, sides: [1, 0, 1, 0] }));
  assert.equal(P.sideOf(0), 1);
  assert.deepEqual(P.sideSeats(1), [0, 2]);
  assert.equal(P.side(1), "You & Bot 3");
});
