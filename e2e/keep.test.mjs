// The scorekeeper in real Chromium: from the lobby to a new sheet, hands
// entered in the game's own terms, an impossible hand refused, undo, the
// shared read-only view (following the keeper's hands) and the CSV, at desktop and at phone size.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, PHONE } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

// Enter a hand: who went out, the counts, and any extra inputs by selector.
async function enterHand(page, { out = [], counts, extra = {} }) {
  const before = await page.locator("#sheet tbody tr").count().catch(() => 0);
  for (const s of out) await page.check(`[data-out="${s}"]`);
  for (const [s, c] of counts.entries()) await page.fill(`[data-count="${s}"]`, String(c));
  for (const [sel, v] of Object.entries(extra)) {
    if (v === true) await page.check(sel);
    else await page.fill(sel, String(v));
  }
  await page.click("#keep-enter");
  return before;
}

async function scores(page) {
  return page.locator("#keep-scores .pts").allTextContents();
}

test("keeping a Jamaican match from the lobby at desktop size", async () => {
  // The refused hand answers 400, on purpose.
  const page = await newPlayer(env, "keeper", { allow: [/\/api\/sheets\/[0-9a-f]+\/hands$/, /status of 400/] });
  await page.goto(env.base + "/");
  await page.click("#tokeep");
  await page.waitForURL(/\/keep$/);
  await page.selectOption("#keep-game", "jamaican");
  await page.fill('[data-side="0"]', "Ann & Bo");
  await page.fill('[data-side="1"]', "Cy & Di");
  await page.click("#keep-create");
  await page.waitForURL(/\/k\/[0-9a-f]+$/);
  const id = page.url().split("/k/")[1];
  await page.waitForSelector("#keep-form");

  // Ann dominoes: one hand to her team.
  await enterHand(page, { out: [0], counts: [0, 9, 4, 12] });
  await page.waitForSelector('#sheet tr[data-hand="1"]');
  assert.deepEqual(await scores(page), ["1", "0"]);

  // Two players dominoing: refused with the precise reason, the players
  // named as on the sheet, nothing kept.
  await enterHand(page, { out: [0, 1], counts: [0, 0, 4, 12] });
  await page.waitForFunction(() => document.querySelector("#keep-error").textContent.length > 0);
  assert.match(await page.textContent("#keep-error"), /Ann & Bo \(1\) and Cy & Di \(1\) cannot both have gone out/);
  assert.equal(await page.locator("#sheet tbody tr").count(), 1);

  // Counts no deal leaves (only 1-0 counts one): refused in the page's
  // words for that code, with the precise reason.
  await page.uncheck('[data-out="0"]');
  await page.uncheck('[data-out="1"]');
  await enterHand(page, { counts: [1, 1, 30, 40] });
  await page.waitForFunction(() => /No deal of the set leaves those counts/.test(document.querySelector("#keep-error").textContent));
  assert.match(await page.textContent("#keep-error"), /: Ann & Bo \(1\) and Cy & Di \(1\) cannot hold these counts at once/);
  assert.equal(await page.locator("#sheet tbody tr").count(), 1);

  // The other team wins while it has none: the count goes back to 0-0.
  await enterHand(page, { out: [1], counts: [5, 0, 4, 12] });
  await page.waitForSelector('#sheet tr[data-hand="2"]');
  assert.deepEqual(await scores(page), ["0", "0"]);
  assert.match(await page.textContent('#sheet tr[data-hand="2"]'), /Cy & Di/);
  await shot(page, "keep-desktop");

  // Undo takes the reset back.
  await page.click("#keep-undo");
  await page.waitForFunction(() => !document.querySelector('#sheet tr[data-hand="2"]'));
  assert.deepEqual(await scores(page), ["1", "0"]);

  // The CSV, and the sharing links: the view link shows the sheet to
  // anyone, without a form; the edit link carries the secret.
  const csv = await (await fetch(`${env.base}/api/sheets/${id}/csv`)).text();
  assert.match(csv.split("\r\n")[1], /^1,Ann & Bo,domino,1,0,1,0,/);
  const view = await page.inputValue("#keep-view-link");
  const edit = await page.inputValue("#keep-edit-link");
  assert.ok(edit.startsWith(view + "#") && edit.length > view.length + 40);
  const watcher = await newPlayer(env, "watcher");
  await watcher.goto(view);
  await watcher.waitForSelector("#keep-sheet");
  assert.equal(await watcher.locator("#keep-form").count(), 0);
  assert.equal(await watcher.locator("#keep-undo").count(), 0);
  assert.deepEqual(await scores(watcher), ["1", "0"]);
  // The keeper enters a hand: the open view follows without a reload.
  await enterHand(page, { out: [2], counts: [3, 9, 0, 12] });
  await page.waitForSelector('#sheet tr[data-hand="2"]');
  await watcher.waitForSelector('#sheet tr[data-hand="2"]', { timeout: 15000 });
  assert.deepEqual(await scores(watcher), ["2", "0"]);
  noErrors(watcher);
  await watcher.context().close();
  noErrors(page);
  await page.context().close();
});

test("keeping an all-fives match on a phone (390x844)", async () => {
  const page = await newPlayer(env, "phone keeper", { viewport: PHONE });
  await page.goto(env.base + "/keep");
  await page.selectOption("#keep-game", "all-fives");
  await page.fill('[data-side="0"]', "Eve");
  await page.fill('[data-side="1"]', "Flo");
  await page.click("#keep-create");
  await page.waitForURL(/\/k\/[0-9a-f]+$/);
  await page.waitForSelector("#keep-form");
  // 25 made in play, and Eve out against 12 pips: 10 more.
  await enterHand(page, { out: [0], counts: [0, 12], extra: { '[data-points="0"]': 25, '[data-points="1"]': 10 } });
  await page.waitForSelector('#sheet tr[data-hand="1"]');
  assert.deepEqual(await scores(page), ["35", "10"]);
  // Blocked: Flo lighter by 8, rounded to 10.
  await enterHand(page, { counts: [11, 3], extra: { '[data-points="0"]': 0, '[data-points="1"]': 15 } });
  await page.waitForSelector('#sheet tr[data-hand="2"]');
  assert.deepEqual(await scores(page), ["35", "35"]);
  // Nothing runs off the side of the phone.
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= PHONE.width, `page is ${wide}px wide`);
  await shot(page, "keep-phone");
  noErrors(page);
  await page.context().close();
});
