// Quick pairing's model (web/lobby/quick.js) under node, no browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import { quickRows, tileRules, tileClock, othersWaiting, waitingFor, waitSeconds, guestName, waitingWords, WAIT, QUICK_CLOCKS, tapWait, FILL_MIN, FILL_SPARE } from "../lobby/quick.js";

const presets = [
  { name: "draw", default_players: 2 },
  { name: "jamaican", default_players: 4 },
  { name: "block", default_players: 2 },
];

test("the grid: the common games the server offers, in their order, a tile per clock", () => {
  const rows = quickRows(presets);
  assert.deepEqual(rows.map((r) => r.preset), ["jamaican", "block", "draw"]);
  assert.deepEqual(rows[0].tiles.map((x) => x.clock), QUICK_CLOCKS);
  const tile = rows[0].tiles[0];
  assert.deepEqual(tileRules(tile), { preset: "jamaican", players: 4, options: {} });
  assert.deepEqual(tileClock(tile), { kind: "per_move", move_s: 15, bank_s: 60 });
  assert.deepEqual(tileClock(rows[0].tiles[1]), { kind: "none" });
  assert.deepEqual(tileClock(rows[0].tiles[2]), { kind: "correspondence", move_s: 86_400 });
});

test("the others waiting for a tile: same game, size and clock, casual, the reader left out", () => {
  const [draw] = quickRows(presets).filter((r) => r.preset === "draw");
  const untimed = draw.tiles[1];
  const w = (extra) => ({ rules: { preset: "draw", players: 2, options: {} }, rated: false, clock: { kind: "none" }, players: 1, ...extra });
  const waiting = [
    w({}), w({ players: 2 }),
    w({ rated: true }), w({ clock: { kind: "per_move", move_s: 15, bank_s: 60 } }),
    w({ rules: { preset: "draw", players: 3, options: {} } }), w({ rules: { preset: "draw", players: 2, options: { target: 50 } } }),
    w({ rules: { preset: "block", players: 2, options: {} } }),
  ];
  assert.equal(othersWaiting(waiting, untimed, null), 4);
  assert.equal(othersWaiting(waiting, untimed, untimed.key), 3, "the reader's own seek is not counted");
  assert.equal(othersWaiting(waiting, untimed, draw.tiles[0].key), 4);
  // The pool lists a seek's options resolved, every default written out.
  const listed = w({ rules: { preset: "draw", players: 2, options: { hand_size: 7, scoring: "spots", set: 6, target: 100 } } });
  assert.equal(othersWaiting([listed], untimed, null), 1, "a seek listed with its defaults written out counts");
  assert.equal(othersWaiting([w({})], untimed, untimed.key), 0, "alone: nobody else waits");
});

test("how long a tap waits for people: seconds the first time, longer when somebody waits", () => {
  assert.equal(waitSeconds({ others: 0, played: false }), WAIT.first);
  assert.ok(WAIT.first <= 3);
  assert.equal(waitSeconds({ others: 0, played: true }), WAIT.usual);
  assert.equal(waitSeconds({ others: 2, played: false }), WAIT.someone);
  assert.ok(WAIT.someone > WAIT.usual);
});

test("a tap at a game of more than two seats lets the pool fill it with the computer, so the people who came sit together", () => {
  const tile = (players) => ({ preset: "jamaican", players, clock: "none", key: "jamaican/none" });
  // Two seats: the one other person, or the page's own table with the computer.
  assert.deepEqual(tapWait(tile(2), { others: 0, played: true }), { wait: WAIT.usual, fill_s: null, giveUp: WAIT.usual });
  assert.deepEqual(tapWait(tile(2), { others: 1, played: true }), { wait: WAIT.someone, fill_s: null, giveUp: WAIT.someone });
  // Four seats, nobody waiting: the pool fills at the usual wait, the page waits a little longer for it.
  assert.deepEqual(tapWait(tile(4), { others: 0, played: true }), { wait: WAIT.usual, fill_s: WAIT.usual, giveUp: WAIT.usual + FILL_SPARE });
  // Somebody waits: the same fill time as theirs, so that the pool seats both when theirs is up.
  assert.deepEqual(tapWait(tile(4), { others: 1, played: false }), { wait: WAIT.usual, fill_s: WAIT.usual, giveUp: WAIT.usual + FILL_SPARE });
  assert.ok(WAIT.usual >= FILL_MIN);
  // A first game with nobody there is still the computer's within seconds.
  assert.ok(WAIT.first < FILL_MIN);
  assert.deepEqual(tapWait(tile(4), { others: 0, played: false }), { wait: WAIT.first, fill_s: null, giveUp: WAIT.first });
});

test("a guest's name at once, and the countdown in words", () => {
  assert.equal(guestName(() => 0), "Player 1000");
  assert.equal(guestName(() => 0.99999), "Player 9999");
  const tile = quickRows(presets)[0].tiles[0];
  assert.equal(waitingWords(tile, 2.2), "Looking for players (Jamaican partner, 15 s + 1 min): the computer plays you in 3 s.");
  assert.match(waitingWords(tile, -1), / 0 s\.$/);
});

test("Play now's count: the others waiting for the game chosen, house rules aside when none are asked, the reader left out", () => {
  const draw = { preset: "draw", players: 2 };
  const w = (extra) => ({ rules: { ...draw, options: {} }, rated: false, clock: { kind: "none" }, players: 1, ...extra });
  const waiting = [w({ players: 3 }), w({ rules: { ...draw, options: { target: 50 } } }), w({ rated: true })];
  const want = { rules: draw, rated: false, clock: null };
  assert.equal(waitingFor(waiting, want, null), 4);
  assert.equal(waitingFor(waiting, want, w({})), 3, "the reader's seek is one of the pool's");
  assert.equal(waitingFor(waiting, { ...want, rules: { ...draw, options: { target: 50 } } }, null), 1, "house rules asked: only the same");
  assert.equal(waitingFor([w({})], want, w({})), 0, "alone: nobody else");
  assert.equal(waitingFor(waiting, { ...want, rated: true }, w({})), 1, "a seek for another game is not subtracted");
});
