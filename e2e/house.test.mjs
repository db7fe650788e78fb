// House rules in real Chromium: every option the rule sources name can be
// chosen in the lobby's table form, and the table is made with it.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, createFriends, shot, PHONE, openCustom } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

const CASES = [
  ["puerto-rican", 4, { pass_points: 25 }],
  ["cutthroat", 4, { sporting: true }],
  ["chiva", 4, { sporting: true, playoff: true, tie_replays: true, blocked: "lowest_player" }],
  ["draw", 4, { partners: true, both_partners_out: true }],
  ["all-fives", 2, { claims: "muggins", muggins_by: "any" }],
  ["club-fives", 2, { skunk: "double_game" }],
  ["club-fives", 2, { skunk: "no_skunk" }],
  ["club-fives", 2, { skunk: 20 }],
];

test("each house option the sources name is offered by the table form and reaches the table", async () => {
  for (const [game, players, options] of CASES) {
    const page = await newPlayer(env, `host of ${game}`);
    const id = await createFriends(env, page, { game, players, invite: [1], options, name: "Host" });
    const tables = await (await fetch(env.base + "/api/tables")).json();
    const t = tables.find((x) => x.id === id);
    assert.ok(t, `table ${id} listed`);
    for (const [k, v] of Object.entries(options)) {
      assert.deepEqual(t.rules.options[k], v, `${game}: ${k}`);
    }
    noErrors(page);
    await page.context().close();
  }
});

test("the skunk choice: points or a named choice, at phone size too", async () => {
  const page = await newPlayer(env, "phone host", { viewport: PHONE });
  await page.goto(env.base + "/");
  await openCustom(page);
  await page.selectOption("#game", "club-fives");
  await page.click("#newtable .houserules summary");
  const pick = page.locator("#opts [data-opt=skunk] [data-part=pick]");
  const points = page.locator("#opts [data-opt=skunk] [data-part=points]");
  assert.equal(await pick.inputValue(), "", "points by default");
  assert.ok(await points.isVisible());
  await pick.selectOption("double_game");
  assert.ok(!(await points.isVisible()), "no number beside a named choice");
  await shot(page, "house-rules-skunk-phone");
  noErrors(page);
  await page.context().close();
});
