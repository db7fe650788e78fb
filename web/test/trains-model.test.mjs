// The trains family's table under node, no browser (web/trains.js,
// web/table/station.js): real state messages of Mexican Train and chicken
// foot hands (fixtures/trains-*, foot-*, recorded from `domino serve` with
// the viewer in seat 0) in, the station's rows, the train buttons and the
// words of the log and the announcer out.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { isStation, trainKind, trainName, trainOn, trainLabel, trainOrder } from "../trains.js";
import { stationRows, halves, owedDouble, owedWords, trainChoices, roomFor } from "../table/station.js";
import { newTable, takeState, sameWay, statusLine } from "../table/model.js";
import { spokenLines } from "../table/speech.js";
import { people, eventText } from "../names.js";
import { actionWords, endsSummary } from "../a11y.js";
import { facts } from "../games.js";

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
const peopleOf = (m, me = m.seat) => people(m.seats, m.state, me, facts(m.facts));
const tableOf = (m) => { const S = newTable(); takeState(S, m); return S; };

test("the station is the trains family's shape only", () => {
  assert.equal(isStation("trains"), true);
  assert.equal(isStation("foot"), true);
  for (const shape of ["line", "spinner", "cross", "branches", "arms", null, undefined]) assert.equal(isStation(shape), false);
});

test("Mexican Train: the first chains are the players' trains by seat, the next the Mexican train, each named in words", () => {
  const m = fixture("trains-turn");
  const P = peopleOf(m);
  assert.deepEqual(trainKind(P, m.layout, 0), { kind: "mine", seat: 0 });
  assert.deepEqual(trainKind(P, m.layout, 2), { kind: "train", seat: 2 });
  assert.deepEqual(trainKind(P, m.layout, 4), { kind: "mexican" });
  assert.equal(trainName(P, m.layout, 0), "Your train");
  assert.equal(trainName(P, m.layout, 2), "Bot 3's train");
  assert.equal(trainName(P, m.layout, 4), "Mexican train");
  assert.equal(trainOn(P, m.layout, 0), "on your train");
  assert.equal(trainOn(P, m.layout, 1), "on Bot 2's train");
  assert.equal(trainOn(P, m.layout, 4), "on the Mexican train");
  // The row's label is the player's own name.
  assert.equal(trainLabel(P, m.layout, 0), "You");
  assert.equal(trainLabel(P, m.layout, 3), "Bot 4");
  assert.equal(trainLabel(P, m.layout, 4), "Mexican train");
});

test("the trains run from the viewer's own round the table, the Mexican train last", () => {
  const m = fixture("trains-turn");
  assert.deepEqual(trainOrder(peopleOf(m), m.layout).map((x) => x.id), [0, 1, 2, 3, 4]);
  assert.deepEqual(trainOrder(peopleOf(m, 2), m.layout).map((x) => x.id), [2, 3, 0, 1, 4]);
  assert.deepEqual(trainOrder(peopleOf(m, null), m.layout).map((x) => x.id), [0, 1, 2, 3, 4]);
  const eight = fixture("trains-8");
  assert.deepEqual(trainOrder(peopleOf(eight, 5), eight.layout).map((x) => x.id), [5, 6, 7, 0, 1, 2, 3, 4, 8]);
});

test("chicken foot: the centre's lines, each followed by the toes of the feet on it, one step in", () => {
  const m = fixture("foot-deep");
  const P = peopleOf(m);
  const order = trainOrder(P, m.layout);
  assert.deepEqual(order.map((x) => x.id), [0, 4, 5, 6, 7, 1, 2, 3]);
  assert.deepEqual(order.map((x) => x.depth), [0, 1, 1, 1, 1, 0, 0, 0]);
  assert.equal(trainName(P, m.layout, 0), "Line 1");
  assert.equal(trainName(P, m.layout, 3), "Line 4");
  assert.equal(trainName(P, m.layout, 4), "Toe 1 of 6-6");
  assert.equal(trainName(P, m.layout, 5), "Toe 2 of 6-6");
  assert.equal(trainName(P, m.layout, 7), "Toe 2 of 0-0");
  assert.equal(trainOn(P, m.layout, 6), "on toe 1 of 0-0");
  assert.equal(trainLabel(P, m.layout, 6), "Toe 1 of 0-0");
});

test("a row's tiles read away from the station, each touching the one before by its first half", () => {
  const m = fixture("trains-turn");
  for (const c of m.layout.chains) {
    const hs = halves(m.layout, c);
    assert.equal(hs.length, c.tiles.length);
    if (!hs.length) continue;
    assert.equal(hs[0].a, 12, `chain ${c.id} leaves the engine`);
    for (let i = 1; i < hs.length; i++) assert.equal(hs[i].a, hs[i - 1].b, `chain ${c.id} at ${i}`);
    assert.equal(hs[hs.length - 1].b, c.pips, `chain ${c.id} ends on its open end`);
  }
  const foot = fixture("foot-deep");
  const toe = foot.layout.chains.find((c) => c.id === 7);
  assert.deepEqual(halves(foot.layout, toe), [{ tile: "2-0", a: 0, b: 2 }]);
});

test("the station's rows: labels, open markers, the newest tiles that fit after a count of the rest, the open ends", () => {
  const m = fixture("trains-turn");
  const S = tableOf(m);
  const model = stationRows(S, peopleOf(m), 4);
  assert.equal(model.engine, "12-12");
  assert.deepEqual(model.rows.map((r) => r.label), ["You", "Bot 2", "Bot 3", "Bot 4", "Mexican train"]);
  assert.deepEqual(model.rows.filter((r) => r.open).map((r) => r.id), [0, 2, 3]);
  assert.equal(model.rows[4].mexican, true);
  assert.equal(model.rows[4].open, false, "the Mexican train is everybody's, never marked open");
  for (const r of model.rows) {
    const c = m.layout.chains[r.id];
    assert.ok(r.tiles.length <= 4, `row ${r.id} fits`);
    assert.equal(r.tiles.length + r.hidden, c.tiles.length, `row ${r.id} counts what it hides`);
    // The open end is always in view: the last tile shown is the newest.
    assert.equal(r.tiles[r.tiles.length - 1].tile, c.tiles[c.tiles.length - 1]);
    assert.equal(r.pips, c.pips);
  }
  // A long line: its count takes a tile's room.
  assert.equal(model.rows[4].tiles.length, 3);
  assert.equal(model.rows[4].hidden, m.layout.chains[4].tiles.length - 3);
  assert.equal(model.owed, null);
  // With room for all, nothing is hidden.
  assert.ok(stationRows(S, peopleOf(m), 60).rows.every((r) => r.hidden === 0));
});

test("a toe's row, its label set in, has the less room for tiles: the room is asked by depth", () => {
  const m = fixture("foot-deep");
  const model = stationRows(tableOf(m), peopleOf(m), (depth) => 5 - 2 * depth);
  const row = (id) => model.rows.find((r) => r.id === id);
  assert.deepEqual([row(0).depth, row(0).tiles.length, row(0).hidden], [0, 4, 2]);
  assert.deepEqual([row(5).depth, row(5).tiles.length, row(5).hidden], [1, 2, 4]);
  assert.equal(row(5).tiles.at(-1).tile, m.layout.chains[5].tiles.at(-1), "the open end stays in view");
});

test("a double to cover: its line marked first, the double highlighted, and said with its train", () => {
  const m = fixture("trains-owed");
  const S = tableOf(m);
  const P = peopleOf(m);
  const model = stationRows(S, P, 6);
  assert.deepEqual(model.rows.filter((r) => r.first).map((r) => r.id), [2]);
  assert.equal(owedDouble(m.layout, 2), "9-9");
  const row = model.rows.find((r) => r.id === 2);
  assert.deepEqual(row.tiles.filter((x) => x.hot).map((x) => x.tile), ["9-9"]);
  assert.equal(model.engineHot, false);
  assert.equal(model.owed, "9-9 on Bot 3's train must be covered before anything else.");
});

test("chicken foot: the foot's toes owed first, the foot double said; the centre first at the start", () => {
  const m = fixture("foot-toes");
  const P = peopleOf(m);
  const model = stationRows(tableOf(m), P, 6);
  assert.deepEqual(model.rows.map((r) => r.id), [0, 4, 5, 1, 2, 3]);
  assert.deepEqual(model.rows.filter((r) => r.first).map((r) => r.id), [0, 4]);
  assert.equal(model.owed, "The chicken foot 6-6 takes its toes before anything else.");
  // An empty toe shows its open end, the foot double's number.
  assert.deepEqual(model.rows[1].tiles, []);
  assert.equal(model.rows[1].pips, 6);
  const start = { chains: [0, 1, 2, 3].map((id) => ({ id, from: "9-9", tiles: [], pips: 9 })), posed: "9-9" };
  assert.equal(owedWords(P, start, [0, 1, 2, 3]), "Each line of the station 9-9 takes a tile before anything else.");
});

test("nothing to draw before the engine is down", () => {
  const m = fixture("trains-turn");
  const S = tableOf({ ...m, layout: { chains: [], posed: null } });
  assert.equal(stationRows(S, peopleOf(m), 5), null);
});

test("a tile for several trains asks which, by the trains' names in the station's order; a tile for one goes there", () => {
  const m = fixture("trains-turn");
  const legal = [...m.state.legal, { type: "play", tile: "3-1", end: 3 }, { type: "play", tile: "3-1", end: 0 }];
  const S = tableOf({ ...m, state: { ...m.state, legal } });
  const P = peopleOf(m);
  assert.equal(sameWay(S, "5-5"), true, "5-5 fits Bot 3's train only");
  assert.equal(sameWay(S, "3-1"), false);
  assert.deepEqual(trainChoices(S, P, "3-1"), [
    { id: 0, name: "Your train", pips: 2 },
    { id: 3, name: "Bot 4's train", pips: 2 },
    { id: 4, name: "Mexican train", pips: 3 },
  ]);
  // At the start every train shows the engine's number: still a choice.
  const bare = { chains: [0, 1, 2, 3, 4].map((id) => ({ id, from: "12-12", tiles: [], pips: 12 })), posed: "12-12" };
  const start = tableOf({ ...m, layout: bare, state: { ...m.state, ends: bare.chains.map((c) => ({ id: c.id, pips: 12 })),
    legal: [{ type: "play", tile: "12-5", end: 0 }, { type: "play", tile: "12-5", end: 4 }] } });
  assert.equal(sameWay(start, "12-5"), false);
  S.selected = "3-1";
  assert.match(statusLine(S, P), /Where does 3-1 go\? Choose a train\./);
  const model = stationRows(S, P, 5);
  assert.deepEqual(model.rows.filter((r) => r.choosable).map((r) => r.id), [0, 3, 4]);
});

test("the log, the hint and the announcer name the trains in words", () => {
  const m = fixture("trains-turn");
  const P = peopleOf(m);
  const play = (seat, tile, end) => ({ type: "action", seat, action: { type: "play", tile, end } });
  assert.equal(eventText(P, m.layout, play(1, "5-1", 1), m.state), "Bot 2 played 5-1 on Bot 2's train");
  assert.equal(eventText(P, m.layout, play(0, "3-1", 4), m.state), "You played 3-1 on the Mexican train");
  assert.equal(eventText(P, m.layout, { type: "action", seat: 0, action: { type: "play", tile: "12-12" } }, m.state), "You posed 12-12");
  assert.equal(actionWords(P, m.layout, { type: "play", tile: "5-5", end: 2 }, 0), "play double five on Bot 3's train");
  const ends = m.layout.chains.map((c) => ({ id: c.id, pips: c.pips }));
  assert.match(endsSummary(m.layout, ends, "", P), /^Trains: Your train, 2; Bot 2's train, 1; .*Mexican train, 3\.$/);
  const S = tableOf(m);
  S.ends = ends;
  const { lines, now } = spokenLines(S, { ...m, events: [play(3, "7-2", 3)] }, true);
  assert.equal(lines[0], "Bot 4 played seven-two on Bot 4's train");
  assert.match(lines[1], /Trains: Your train, 2;/);
  assert.equal(now, true);
  const foot = fixture("foot-deep");
  assert.equal(eventText(peopleOf(foot), foot.layout, play(2, "2-0", 7), foot.state), "Bot 3 played 2-0 on toe 2 of 0-0");
});

test("a row's room in tiles: what is left of its width after its label and its end", () => {
  assert.equal(roomFor(360, { label: 76, end: 62, tile: 36 }), 6);
  assert.equal(roomFor(100, { label: 76, end: 62, tile: 36 }), 1, "always one: the open end's tile");
});

test("the trains family's score: so many hands, the lowest total leading, no bar toward a target", async () => {
  const { scoreFacts } = await import("../score.js");
  const m = fixture("trains-8");
  const st = { ...m.state, scores: [25, 10, 15, 12, 38, 0, 10, 14], hand_number: 2 };
  const f = scoreFacts(peopleOf(m), facts(m.facts), st);
  assert.equal(f.goal, "Hand 2 of 13: the lowest total wins");
  assert.deepEqual(f.sides.filter((x) => x.lead).map((x) => x.k), [5]);
});
