// The leaderboard's split (web/clubs/board.js) under node, no browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import { splitBoard, PROVISIONAL_DEVIATION } from "../clubs/board.js";

const row = (player, rating, deviation, matches, level = null) => ({ player, name: player, rating, deviation, matches, bot: level != null, level });

test("few matches or a wide deviation is provisional; bots stand apart; each list by rating", () => {
  const rows = [
    row("ann", 1600, 80, 30),
    row("new", 1900, 200, 2),
    row("wide", 1700, PROVISIONAL_DEVIATION + 1, 40),
    row("bob", 1650, 90, 12),
    row("bot:expert", 1800, 60, 500, "expert"),
    row("bot:random", 1100, 60, 500, "random"),
  ];
  const { people, provisional, bots } = splitBoard(rows, 10);
  assert.deepEqual(people.map((r) => r.player), ["bob", "ann"]);
  assert.deepEqual(provisional.map((r) => r.player), ["new", "wide"]);
  assert.deepEqual(bots.map((r) => r.level), ["expert", "random"]);
});
