// The table's model (web/table/model.js, speech.js) under node, no browser:
// real state messages of a Jamaican partnership hand (fixtures/, recorded
// from `domino serve`) in, what the views show out.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { newTable, takeState, legalNow, withClaim, seatView, statusLine, boneyardShown, lastPlayed,
  notReady, viewerWon, hintReasons, sheetLines, chatWho, inviteLink, invitedSeats, autoPassNote,
  sameWay, boardCount, logRows, tableKind } from "../table/model.js";
import { spokenLines } from "../table/speech.js";
import { people } from "../names.js";
import { facts } from "../games.js";

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
const peopleOf = (m) => people(m.seats, m.state, m.seat, facts(m.facts));

test("a first state with the hand so far: the log opens with the hand, your turn begins, nothing flies", () => {
  const S = newTable();
  const m = fixture("jamaican-turn");
  const did = takeState(S, { ...m, log: m.state.history.map((e) => ({ type: "action", ...e })), events: [] });
  assert.deepEqual(S.log[0], { hand: 1 });
  assert.equal(S.log.length, 1 + m.state.history.length);
  assert.equal(S.logged, m.state.history.length);
  assert.equal(did.joined, true);
  assert.equal(did.turnBegins, true);
  assert.equal(did.fly, null, "a play already made does not fly again");
  assert.deepEqual(did.sounds, [], "no sounds for the hand so far");
});

test("a pushed state: the play sounds and flies, and your turn's sound follows", () => {
  const S = newTable();
  const did = takeState(S, fixture("jamaican-turn"));
  assert.deepEqual(did.sounds, ["play", "turn"]);
  assert.deepEqual(did.fly, { seat: 3, tile: "1-1" });
});

test("the plays you may make: once per tile and end, claim variants folded; a claim only when asked", () => {
  const S = newTable();
  const m = fixture("jamaican-turn");
  const legal = m.state.legal;
  takeState(S, { ...m, state: { ...m.state, legal: [...legal, { ...legal[0], claim: true }] } });
  const { plays } = legalNow(S);
  assert.equal(plays.length, legal.length);
  assert.deepEqual(withClaim(S, { ...legal[0], claim: true }), legal[0]);
  S.claim = true;
  assert.deepEqual(withClaim(S, legal[0]), { ...legal[0], claim: true });
  S.offlineAt = Date.now();
  assert.equal(legalNow(S).plays.length, 0, "nothing to play while offline");
});

test("the seats: you, your partner across, the computer players with their tiles' backs", () => {
  const S = newTable();
  const m = fixture("jamaican-turn");
  takeState(S, m);
  const P = peopleOf(m);
  const me = seatView(S, P, 0);
  assert.equal(me.cls, "seat me toact");
  assert.equal(me.turn, "Your turn");
  assert.equal(me.count, 5);
  assert.equal(me.passes, 1);
  assert.equal(me.backs, null, "your own tiles are in your hand");
  const partner = seatView(S, P, 2);
  assert.match(partner.cls, /partner/);
  assert.ok(partner.tags.includes("partner"), partner.tags.join());
  const bot = seatView(S, P, 1);
  assert.equal(bot.cls, "seat bot");
  assert.equal(bot.backs, 4);
  assert.equal(boneyardShown(m.state), null, "no boneyard where nobody draws");
  assert.equal(lastPlayed(m.state.history), "1-1");
});

test("the status line: your turn, a note after it; watching says so", () => {
  const S = newTable();
  const m = fixture("jamaican-turn");
  takeState(S, m);
  const P = peopleOf(m);
  assert.equal(statusLine(S, P), "Your turn: play a highlighted tile.");
  S.note = "Copied.";
  assert.equal(statusLine(S, P), "Your turn: play a highlighted tile. Copied.");
  const W = newTable();
  takeState(W, { ...m, seat: null });
  assert.match(statusLine(W, peopleOf({ ...m, seat: null })), /^You are watching/);
});

test("a pass made for you leaves a word naming the ends; your own pass does not", () => {
  const m = fixture("jamaican-turn");
  const passed = { ...m, state: { ...m.state, to_act: 1 }, events: [{ type: "action", seat: 0, action: { type: "pass" } }] };
  const S = newTable();
  takeState(S, m);
  takeState(S, passed);
  assert.equal(S.note, autoPassNote(passed.state.ends));
  assert.match(S.note, /1/);
  const T = newTable();
  takeState(T, m);
  T.sentPass = true;
  takeState(T, passed);
  assert.equal(T.note, null);
  assert.equal(T.sentPass, false);
});

test("the hand's end: the sheet keeps it, who is not ready yet, who won, and it is said at once", () => {
  const S = newTable();
  const turn = fixture("jamaican-turn");
  const end = fixture("jamaican-end");
  takeState(S, turn);
  const did = takeState(S, end);
  assert.equal(did.handEnded, true);
  assert.deepEqual(sheetLines(S), [{ hand: 1, result: end.state.result, scores: end.state.scores }]);
  assert.deepEqual(notReady(end), [], "only people are waited for, and not you");
  const P = peopleOf(end);
  assert.equal(viewerWon(P, end.state.result.winner), false);
  const { lines, now } = spokenLines(S, end, false);
  assert.equal(now, true);
  assert.ok(lines.some((l) => /win the hand/.test(l)), lines.join(" | "));
});

test("hints, chat names and invite links in words", () => {
  const S = newTable();
  const m = fixture("jamaican-turn");
  takeState(S, m);
  const P = peopleOf(m);
  assert.match(hintReasons(P, [{ why: "scores", points: 10, ends: [5, 5] }]), /10/);
  assert.equal(chatWho(S, P, { seat: 0, text: "hi" }), "You");
  assert.equal(chatWho(S, P, { seat: 2, text: "hi" }), "Bot 3");
  assert.equal(inviteLink("http://x", "ab", null, null), "http://x/t/ab");
  assert.equal(inviteLink("http://x", "ab", 2, "c0de"), "http://x/t/ab?seat=2&invite=c0de");
  const seats = m.seats.map((x, s) => (s === 1 ? { ...x, invited: true, invite: "c0de" } : x));
  assert.deepEqual(invitedSeats({ ...m, seats }), [1]);
});

test("the pass notice goes when the turn moves on, and names the ends on the board at the pass", () => {
  const m = fixture("jamaican-turn");
  const ends = m.state.ends;
  // A play before the pass in the same message: the notice names the ends after it.
  const newEnds = ends.map((e, i) => (i === 0 ? { ...e, pips: 9 } : e));
  const passed = { ...m, state: { ...m.state, ends: newEnds, to_act: 1 },
    events: [{ type: "action", seat: 3, action: { type: "play", tile: "9-1", end: 0 } }, { type: "action", seat: 0, action: { type: "pass" } }] };
  const S = newTable();
  takeState(S, m);
  takeState(S, passed);
  assert.equal(S.note, autoPassNote(newEnds));
  assert.match(S.note, /9/);
  // The next player moves: the notice is gone, long before your turn.
  takeState(S, { ...passed, state: { ...passed.state, to_act: 2 }, events: [{ type: "action", seat: 1, action: { type: "pass" } }] });
  assert.equal(S.note, null);
});

test("no end to choose when both ends take the tile the same way", () => {
  const m = fixture("jamaican-turn");
  const plays = (tile, ids) => ids.map((end) => ({ type: "play", tile, end }));
  const S = newTable();
  // The posed double alone: its two ends are mirror images.
  const alone = { ...m, facts: { ...m.facts, layout: "spinner" }, layout: { posed: "2-2", chains: [{ id: 0, from: "2-2", pips: 2, tiles: [] }, { id: 1, from: "2-2", pips: 2, tiles: [] }] },
    state: { ...m.state, ends: [{ id: 0, pips: 2 }, { id: 1, pips: 2 }], legal: plays("2-5", [0, 1]) } };
  takeState(S, alone);
  assert.equal(sameWay(S, "2-5"), true);
  // A line whose two ends show the same number: either leaves the same ends.
  const line = { ...m, facts: { ...m.facts, layout: "line" }, layout: { posed: "2-3", chains: [{ id: 0, from: "2-3", pips: 2, tiles: [] }, { id: 1, from: "2-3", pips: 2, tiles: ["3-2"] }] },
    state: { ...m.state, ends: [{ id: 0, pips: 2 }, { id: 1, pips: 2 }], legal: plays("2-5", [0, 1]) } };
  takeState(S, line);
  assert.equal(sameWay(S, "2-5"), true);
  // A spinner with tiles down: its arms differ, so the player chooses.
  takeState(S, { ...line, facts: { ...m.facts, layout: "spinner" } });
  assert.equal(sameWay(S, "2-5"), false);
  // Different numbers: a choice.
  takeState(S, { ...line, state: { ...line.state, ends: [{ id: 0, pips: 2 }, { id: 1, pips: 5 }], legal: plays("2-5", [0, 1]) } });
  assert.equal(sameWay(S, "2-5"), false);
});

test("the fives count: the ends' total at every turn, and the points of a play where it was made", () => {
  const m = fixture("jamaican-turn");
  const S = newTable();
  takeState(S, { ...m, state: { ...m.state, ends_total: 15 } });
  assert.deepEqual(boardCount(S), { total: 15, scored: null });
  takeState(S, { ...m, state: { ...m.state, ends_total: 10 },
    events: [{ type: "action", seat: 1, action: { type: "play", tile: "5-5", end: 0 } }, { type: "scored", side: 1, points: 10, reason: "ends" }] });
  assert.deepEqual(boardCount(S), { total: 10, scored: { tile: "5-5", points: 10 } });
  // A pass keeps the mark; the next play, scoring nothing, takes it away.
  takeState(S, { ...m, state: { ...m.state, ends_total: 10 }, events: [{ type: "action", seat: 2, action: { type: "pass" } }] });
  assert.equal(boardCount(S).scored?.points, 10);
  takeState(S, { ...m, state: { ...m.state, ends_total: 12 }, events: [{ type: "action", seat: 3, action: { type: "play", tile: "2-2", end: 1 } }] });
  assert.deepEqual(boardCount(S), { total: 12, scored: null });
  // Games that do not count the ends say nothing.
  const T = newTable();
  takeState(T, m);
  assert.equal(boardCount(T).total, null);
});

test("the move log numbers each hand's moves from 1", () => {
  const m = fixture("jamaican-turn");
  const S = newTable();
  takeState(S, { ...m, log: m.state.history.map((e) => ({ type: "action", ...e })), events: [] });
  const rows = logRows(S, (e) => e.type);
  assert.deepEqual(rows[0], { hand: 1 });
  assert.equal(rows[1].no, 1);
  assert.equal(rows[rows.length - 1].no, m.state.history.length);
  // Only the last few shown: they keep their numbers in the hand.
  const tail = logRows(S, (e) => e.type, 2);
  assert.deepEqual(tail.map((r) => r.no), [m.state.history.length - 1, m.state.history.length]);
});

test("every table says whether it is rated or casual", () => {
  const m = fixture("jamaican-turn");
  const S = newTable();
  takeState(S, { ...m, rated: true });
  assert.deepEqual(tableKind(S), { rated: true, text: "Rated match" });
  takeState(S, { ...m, rated: false });
  assert.equal(tableKind(S)?.text, "Casual match");
  // A tournament's table is named as one, never "Casual match".
  assert.equal(tableKind(S, true)?.text, "Tournament match");
  takeState(S, { ...m, rated: true });
  assert.deepEqual(tableKind(S, true), { rated: true, text: "Rated tournament match" });
});

test("a dropped player's seat counts down to the computer taking it; an invited seat is named as the invitation", async () => {
  const { droppedWords } = await import("../table/model.js");
  const S = newTable();
  const m = fixture("jamaican-turn");
  const seats = m.seats.map((x, s) => (s === 2 ? { ...x, present: false, bot: false, bot_in_ms: 25000 } : x));
  takeState(S, { ...m, seats });
  const v = seatView(S, peopleOf(S.msg), 2);
  assert.ok(v.droppedUntil != null && v.droppedUntil - S.stateAt === 25000);
  assert.match(droppedWords(v.droppedUntil, S.stateAt), /the computer plays in 25 s/);
  assert.match(droppedWords(v.droppedUntil, S.stateAt + 25000), /away: a computer plays/);
  assert.equal(seatView(S, peopleOf(S.msg), 1).droppedUntil, null);
  const invited = m.seats.map((x, s) => (s === 2 ? { ...x, name: null, invited: true } : x));
  assert.equal(people(invited, m.state, m.seat).label(2), "Invited: seat 3");
});
