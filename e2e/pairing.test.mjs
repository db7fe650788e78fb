// "Play now with people" in real Chromium: two players, each in their own
// browser context, ask for the same game from the lobby; the first sees
// that she waits (and how many others wait for the game); both are paired and sit
// at one table within 5 seconds of the second asking.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, openCustom, PHONE } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

async function choose(page, name, players) {
  await page.goto(env.base + "/");
  await page.fill("#name", name);
  await page.selectOption("#pn-game", "draw");
  await page.selectOption("#pn-players", String(players));
}

async function ask(page, name, players = 2) {
  await choose(page, name, players);
  await page.click("#pn-play");
}

test("two players press Play now with people and sit at one table within 5 s", async () => {
  const ann = await newPlayer(env, "ann");
  const bob = await newPlayer(env, "bob");
  await ask(ann, "Ann");
  await ann.waitForSelector("#pn-cancel:not([hidden])");
  await ann.waitForFunction(() => /Waiting for/.test(document.querySelector("#pn-status")?.textContent || ""));
  // The only one waiting is not told that one player waits (issue 55, item 5).
  await ann.waitForFunction(() => /^Nobody else waits for this game yet\.$/.test(document.querySelector("#pn-waiting")?.textContent || ""));
  await shot(ann, "pairing-waiting");

  await choose(bob, "Bob", 2);
  await bob.waitForFunction(() => /One player waits/.test(document.querySelector("#pn-waiting")?.textContent || ""), null, { timeout: 8000 });
  const asked = Date.now();
  await bob.click("#pn-play");
  await Promise.all([ann, bob].map((p) => p.waitForURL(/\/t\/[0-9a-f]+$/, { timeout: 5000 })));
  await Promise.all([ann, bob].map((p) => p.waitForSelector(".seat.me", { timeout: 5000 - (Date.now() - asked) })));
  const took = Date.now() - asked;
  assert.ok(took < 5000, `seated after ${took} ms`);
  assert.equal(ann.url(), bob.url(), "one table");
  const names = await ann.locator(".seat").allInnerTexts();
  assert.ok(names.some((n) => n.includes("Bob")) && names.some((n) => n.includes("Ann")), names.join(" | "));
  await shot(bob, "pairing-seated");
  noErrors(ann);
  noErrors(bob);
});

test("a waiting player can stop waiting", async () => {
  const cy = await newPlayer(env, "cy");
  await ask(cy, "Cy", 3);
  await cy.waitForSelector("#pn-cancel:not([hidden])");
  await cy.click("#pn-cancel");
  await cy.waitForFunction(() => /stopped waiting/.test(document.querySelector("#pn-status")?.textContent || ""));
  const pool = await (await fetch(env.base + "/api/seeks")).json();
  assert.deepEqual(pool, []);
  noErrors(cy);
});

test("on a phone the Play now card's switches are at least 24 px", async () => {
  const page = await newPlayer(env, "phone-switches", { viewport: PHONE });
  await page.goto(env.base + "/");
  await openCustom(page);
  await page.waitForSelector("#pn-rated");
  for (const id of ["#pn-rated", "#private"]) {
    const box = await page.locator(id).boundingBox();
    assert.ok(box && box.width >= 24 && box.height >= 24, `${id}: ${JSON.stringify(box)}`);
  }
  noErrors(page);
});
