// The page's bot accounts as data (web/lobby/bots.js) under node, no browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import { isBot, builtinLevel, playBotList, botLine, challengeBody, challengeOutcome, opponentsFor, tokenWhen } from "../lobby/bots.js";

test("a bot account, a built-in level and a person are told apart", () => {
  assert.equal(isBot({ id: "a1", bot: true }), true);
  assert.equal(isBot({ player: "bot:expert", bot: "expert" }), true);
  assert.equal(isBot({ player: "bot:count" }), true);
  assert.equal(isBot({ id: "b2", bot: false }), false);
  assert.equal(isBot(null), false);
  assert.equal(builtinLevel({ id: "bot:heavy", builtin: true }), "heavy");
  assert.equal(builtinLevel({ id: "c3", bot: true }), null);
});

test("Play a bot lists the accounts online best rated in the game first, then the built-in levels", () => {
  const list = [
    { id: "x", name: "Zed", rating: { draw: 1400 }, tables: 0 },
    { id: "bot:random", name: "random", builtin: true },
    { id: "y", name: "Amy", rating: { draw: 1600, block: 1300 }, tables: 2 },
    { id: "z", name: "Bea", rating: {}, tables: 1 },
    { id: "bot:expert", name: "expert", builtin: true },
  ];
  const { accounts, builtin } = playBotList(list, "draw");
  assert.deepEqual(accounts.map((b) => b.name), ["Amy", "Zed", "Bea"]);
  assert.deepEqual(builtin.map((b) => b.id), ["bot:random", "bot:expert"]);
  // In another game the order follows that game's ratings.
  assert.deepEqual(playBotList(list, "block").accounts.map((b) => b.name), ["Amy", "Bea", "Zed"]);
  assert.equal(botLine(list[2], "draw"), "rating 1600 in this game · playing 2 tables");
  assert.equal(botLine(list[3], "draw"), "not rated in this game yet · playing one table");
  assert.equal(botLine(list[1], "draw"), "not rated in this game yet");
});

test("a challenge's body and what each answer means", () => {
  const rules = { preset: "draw", players: 2, options: {} };
  assert.deepEqual(challengeBody({ to: "y", rules, rated: true, name: "Ann", guest: "g1" }),
    { to: "y", rules, rated: true, clock: null, fill: "expert", name: "Ann", guest: "g1" });
  assert.deepEqual(challengeOutcome({ id: "c", state: "pending" }, "Amy"), { wait: true });
  assert.deepEqual(challengeOutcome({ id: "c", state: "accepted", table: "ab12", seat: 0 }, "Amy"), { table: "ab12" });
  assert.deepEqual(challengeOutcome({ id: "c", state: "declined", reason: "later" }, "Amy"), { done: "Amy declined: not now, maybe later." });
  assert.deepEqual(challengeOutcome({ id: "c", state: "declined" }, "Amy"), { done: "Amy declined the challenge." });
  assert.match(/** @type {any} */ (challengeOutcome({ id: "c", state: "expired" }, "Amy")).done, /Amy did not answer/);
  assert.match(/** @type {any} */ (challengeOutcome({ id: "c", state: "cancelled", reason: "offline" }, "Amy")).done, /Amy went offline/);
  assert.equal(/** @type {any} */ (challengeOutcome({ id: "c", state: "cancelled" }, "Amy")).done, "You cancelled the challenge.");
});

test("Play now admits bot accounts only when asked; a token's dates in words", () => {
  assert.equal(opponentsFor(false), "people");
  assert.equal(opponentsFor(true), "any");
  assert.match(tokenWhen({ created: Date.UTC(2026, 0, 5, 12), last_used: null }), /^made .*2026.* · never used$/);
  assert.match(tokenWhen({ created: "2026-01-05T12:00:00Z", last_used: Date.UTC(2026, 1, 1) }), /last used .*2026/);
});
