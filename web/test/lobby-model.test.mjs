// The lobby's model (web/lobby/model.js) under node, no browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import { LEVELS, measured, levelText, levelChoice, seatWhere, seatsFor, hintsFor, isHuman, openTableWho, playerWords, finishedWords } from "../lobby/model.js";

const jamaican = { name: "jamaican", default_players: 4, players: [4], partnerships: [4], options: [], summary: "" };

test("levels with their measured ratings, for the players chosen or the game's default", () => {
  const ladder = [{ preset: "jamaican", players: 4, levels: [{ bot: "expert", rating: 1612.4, low: 1580.2, high: 1650.9 }] }];
  assert.equal(measured(ladder, jamaican, null), ladder[0]);
  assert.equal(measured(ladder, jamaican, 2), null);
  assert.match(levelText("expert", ladder[0]), /1612.*1580.*1651/);
  assert.doesNotMatch(levelText("random", ladder[0]), /\d/);
  assert.deepEqual(LEVELS, ["random", "heavy", "count", "heuristic", "expert"]);
});

test("the lobby offers each level in words, no rating", () => {
  assert.equal(levelChoice("heuristic"), "Strong: plays like a good club player");
  for (const b of LEVELS) assert.doesNotMatch(levelChoice(b), /\d/);
});

test("the seat plan: you first, friends where invited, bots elsewhere; where each sits", () => {
  assert.deepEqual(seatsFor(4, [2]), ["me", "bot", "invite", "bot"]);
  assert.equal(seatWhere(true, 2, 4), "partner, across");
  assert.notEqual(seatWhere(true, 1, 4), seatWhere(true, 3, 4));
  assert.match(seatWhere(false, 1, 3), /2/);
  // Two players: the other one is your opponent, not "player 2 in turn".
  assert.equal(seatWhere(false, 1, 2), "your opponent, across");
});

test("an open table's seats: names, a free seat, an invited one named as the invitation, bots by number", () => {
  const row = { id: "a", names: ["Ann", null, null, null], seats: ["human", "human", "bot", "invite"], rules: { preset: "draw" }, hand_number: 1, open_seats: 1 };
  assert.equal(isHuman(row, 1), true);
  assert.equal(isHuman(row, 2), false);
  assert.equal(openTableWho(row), "Ann, free seat, Bot 3, Invited: seat 4");
  assert.equal(isHuman({ ...row, seats: undefined, humans: 1 }, 1), false, "tables from before plans: humans first");
});

test("a finished match: who played, who took over, who won", () => {
  const m = { id: "f", names: ["Ann", "Bo", "Cy", null], rules: { preset: "jamaican", players: 4 }, scores: [6, 2], winner: { side: 0 },
    players: [{ moves: 10, bot_moves: 0 }, { left: true }, { moves: 10, bot_moves: 5 }, null], hands: 8 };
  assert.equal(playerWords(m, 0), "Ann");
  assert.match(playerWords(m, 1), /Bo/);
  assert.match(playerWords(m, 2), /50/);
  const w = finishedWords(m);
  assert.match(w.players, /^Ann, .*Bot 4$/);
  assert.match(w.winner, /Ann & Cy/);
});

test("the hint switch promises what the table will do: rated play of a profile against the computer has none", () => {
  assert.equal(hintsFor({ signedIn: false, count: 4, invited: 1, botsOnly: false }), "on");
  assert.equal(hintsFor({ signedIn: true, count: 4, invited: 0, botsOnly: false }), "rated");
  assert.equal(hintsFor({ signedIn: true, count: 4, invited: 2, botsOnly: false }), "if-casual");
  // No computer player to hint, or nobody to hint.
  assert.equal(hintsFor({ signedIn: false, count: 2, invited: 1, botsOnly: false }), "none");
  assert.equal(hintsFor({ signedIn: true, count: 4, invited: 0, botsOnly: true }), "none");
});
