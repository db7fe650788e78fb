// "Play now with people" for four, in real Chromium, each player in their
// own browser context: four people ask for Jamaican and sit at one table,
// where each plays a turn; two friends ask together by the team code and
// are seated as partners against two single players; a casual seeker's
// chosen clock is shown while waiting and kept by the table.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, moveOnce, handOver } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

async function choose(page, name, game = "jamaican", players = 4) {
  await page.goto(env.base + "/");
  await page.fill("#name", name);
  await page.selectOption("#pn-game", game);
  await page.selectOption("#pn-players", String(players));
}

/// Everyone's page goes to one table and sits: their seats, by page.
async function seated(pages) {
  await Promise.all(pages.map((p) => p.waitForURL(/\/t\/[0-9a-f]+$/, { timeout: 10000 })));
  assert.equal(new Set(pages.map((p) => p.url())).size, 1, "one table");
  await Promise.all(pages.map((p) => p.waitForSelector(".seat.me")));
  return Promise.all(pages.map(async (p) => Number(await p.locator(".seat.me").getAttribute("data-seat"))));
}

test("four people ask for Jamaican in four browsers: one table, and each plays a turn", async () => {
  const names = ["Ana", "Bo", "Cy", "Di"];
  const pages = [];
  for (const n of names) pages.push(await newPlayer(env, n));
  for (const [i, p] of pages.entries()) {
    await choose(p, names[i]);
    await p.click("#pn-play");
  }
  const seats = await seated(pages);
  assert.deepEqual([...seats].sort(), [0, 1, 2, 3], `every seat its own player: ${seats}`);
  const made = pages.map(() => 0);
  for (let guard = 0; made.some((n) => n < 1) && guard < 400; guard++) {
    if (await handOver(pages[0])) break;
    let any = false;
    for (const [i, p] of pages.entries()) {
      if (await moveOnce(p)) { made[i]++; any = true; }
    }
    if (!any) await pages[0].waitForTimeout(50);
  }
  assert.ok(made.every((n) => n >= 1), `each played a turn: ${made}`);
  await shot(pages[0], "pairing-four-played");
  for (const p of pages) noErrors(p);
});

test("two friends ask together by the team code and sit as partners against two singles", async () => {
  const [ann, bob, cy, di] = [await newPlayer(env, "ann"), await newPlayer(env, "bob"), await newPlayer(env, "cy"), await newPlayer(env, "di")];
  await choose(ann, "Ann");
  await ann.check("#pn-team");
  await ann.click("#pn-play");
  await ann.waitForFunction(() => /team code: \S+/.test(document.querySelector("#pn-status")?.textContent || ""));
  const code = (await ann.locator("#pn-status").innerText()).match(/team code: (\S+?) /)[1];
  await shot(ann, "pairing-team-code");
  await bob.goto(env.base + "/");
  await bob.fill("#name", "Bob");
  await bob.fill("#pn-code", code);
  await bob.click("#pn-join");
  for (const [p, n] of [[cy, "Cy"], [di, "Di"]]) {
    await choose(p, n);
    await p.click("#pn-play");
  }
  const [a, b, c, d] = await seated([ann, bob, cy, di]);
  // Jamaican's partners sit across: seats 0 and 2, 1 and 3.
  assert.equal(a % 2, b % 2, `Ann (${a}) and Bob (${b}) are partners`);
  assert.notEqual(c % 2, a % 2, `Cy (${c}) is on the other side`);
  assert.notEqual(d % 2, a % 2, `Di (${d}) is on the other side`);
  await shot(bob, "pairing-team-seated");
  for (const p of [ann, bob, cy, di]) noErrors(p);
});

test("a casual seeker's clock: shown while waiting, paired only with the same clock, kept by the table", async () => {
  const [eve, fay, gus] = [await newPlayer(env, "eve"), await newPlayer(env, "fay"), await newPlayer(env, "gus")];
  await choose(eve, "Eve", "draw", 2);
  await eve.selectOption("#pn-clock", "move15");
  await eve.click("#pn-play");
  await eve.waitForFunction(() => /Clock: 15 s a move/.test(document.querySelector("#pn-status")?.textContent || ""));
  await shot(eve, "pairing-clock-waiting");
  // Another clock: not paired with her.
  await choose(gus, "Gus", "draw", 2);
  await gus.selectOption("#pn-clock", "day1");
  await gus.click("#pn-play");
  await gus.waitForFunction(() => /Clock: Correspondence/.test(document.querySelector("#pn-status")?.textContent || ""));
  // Rated takes the rated clock only.
  await choose(fay, "Fay", "draw", 2);
  await fay.check("#pn-rated");
  assert.equal(await fay.locator("#pn-clock").inputValue(), "move15");
  assert.ok(await fay.locator("#pn-clock").isDisabled());
  await fay.uncheck("#pn-rated");
  await fay.selectOption("#pn-clock", "move15");
  await fay.click("#pn-play");
  await seated([eve, fay]);
  // The table keeps the clock: each person's time is shown.
  await eve.waitForSelector("#clocks .seatclock");
  assert.equal(await eve.locator("#clocks .seatclock").count(), 2);
  assert.match(gus.url(), /\/$/, "Gus still waits");
  for (const p of [eve, fay, gus]) noErrors(p);
});
