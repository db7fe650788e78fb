// Quick pairing in real Chromium (issue 55, "One tap to a game" and "the
// phone lobby"): a fresh browser has a name at once, its phone's first
// screen holds the grid of quick games and today's puzzle with the custom
// forms folded, and one tap is a game: against the computer after the
// countdown shown when nobody comes (timed from the tap to the first
// move), or with the player already waiting for that game; a game of
// four fills its empty seats with the computer around the people who came.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, moveOnce, logged, writeArtifact, DESKTOP, PHONE } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

/** Where an element is on the first screen: its top and bottom, in px. */
const boxOf = (page, sel) => page.locator(sel).evaluate((e) => { const b = e.getBoundingClientRect(); return { top: b.top, bottom: b.bottom }; });

/** Play (or wait for the computer to play) until a move is in the table's log; resolves to who moved first. */
async function firstMove(page) {
  for (let i = 0; i < 400; i++) {
    if ((await logged(page)) > 0) return "computer";
    if (await moveOnce(page)) return "me";
    await page.waitForTimeout(25);
  }
  throw new Error("no move was made");
}

test("a fresh phone in French: a name at once, the grid and today's puzzle on the first screen, one tap to a game against the computer", async () => {
  const page = await newPlayer(env, "fresh-fr-phone", { viewport: PHONE, locale: "fr-FR" });
  await page.goto(env.base + "/");
  await page.waitForSelector('#qgrid [data-tile="draw/none"]');
  await page.waitForSelector("#dailycard:not([hidden]) :is(#dailyboard g.tile, #dailystation svg[data-tile])");
  // A guest's name, given at once and kept.
  const name = await page.inputValue("#name");
  assert.match(name, /^Joueur \d{4}$/);
  // The first screen: the grid, then today's puzzle, both whole; the
  // custom games' forms folded under their title.
  const grid = await boxOf(page, "#qgrid");
  const daily = await boxOf(page, "#todaily");
  assert.ok(grid.bottom <= daily.top, `the grid (to ${grid.bottom} px) is above today's puzzle (${daily.top} px)`);
  assert.ok(daily.bottom <= PHONE.height, `today's puzzle ends at ${daily.bottom} px`);
  assert.equal(await page.locator("#customfold[open]").count(), 0);
  assert.equal(await page.locator("#quickplay").isVisible(), false);
  // The grid in French: each game by its clocks, named whole for a screen reader.
  assert.deepEqual(await page.locator('#qgrid [data-tile^="jamaican/"] .qclock').allInnerTexts(), ["15 s + 1 min", "Sans pendule", "1 jour par coup"]);
  assert.equal(await page.getAttribute('#qgrid [data-tile="draw/day1"]', "aria-label"), "Partie avec pioche, 1 jour par coup");
  assert.match(await page.textContent("#quickgrid .qghelp"), /^Un geste : .* ; si personne/);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > innerWidth), false, "nothing scrolls sideways");
  await shot(page, "quick-fr-phone");
  // The name is kept: a reload shows the same one.
  await page.reload();
  await page.waitForSelector("#qgrid .qtile");
  assert.equal(await page.inputValue("#name"), name);

  // One tap, timed to the first move: nobody waits, so the countdown shown
  // runs out and the computer plays this first-time visitor.
  const t0 = Date.now();
  await page.click('#qgrid [data-tile="draw/none"]');
  await page.waitForFunction(() => /l'ordinateur joue contre vous dans \d+ s\.$/.test(document.querySelector("#qg-status")?.textContent || ""));
  assert.match(await page.textContent("#qg-status"), /^Recherche de joueurs \(Partie avec pioche, Sans pendule\) : /);
  await page.waitForURL(/\/t\/[0-9a-f]+$/);
  await page.waitForSelector(".seat.me");
  const who = await firstMove(page);
  const ms = Date.now() - t0;
  writeArtifact("quick-first-move-computer.json", { ms, who });
  console.log(`first tap to first move, against the computer: ${ms} ms (${who} moved first)`);
  assert.ok((await logged(page)) > 0, "a move is in the log");
  assert.ok(ms < 30000, `${ms} ms`);
  // The table is the player's, under the name given.
  assert.match(await page.locator(".seat.me").innerText(), new RegExp(name.split(" ")[1]));
  await shot(page, "quick-fr-phone-table");
  noErrors(page);
  await page.context().close();
});

test("Spanish at desktop size: the forms open, the others waiting counted without the reader, one tap paired with the player waiting", async () => {
  const ana = await newPlayer(env, "ana-es-desktop", { viewport: DESKTOP, locale: "es-ES" });
  const bea = await newPlayer(env, "bea-es-desktop", { viewport: DESKTOP, locale: "es-ES" });
  for (const p of [ana, bea]) {
    await p.goto(env.base + "/");
    await p.waitForSelector('#qgrid [data-tile="all-fives/move15"]');
  }
  assert.match(await bea.inputValue("#name"), /^Jugador \d{4}$/);
  assert.equal(await bea.locator("#customfold[open]").count(), 1, "the forms stand open at desktop size");
  assert.equal(await bea.locator("#quickplay").isVisible(), true);
  assert.deepEqual(await bea.locator('#qgrid [data-tile^="block/"] .qclock').allInnerTexts(), ["15 s + 1 min", "Sin reloj", "1 día por jugada"]);
  await shot(bea, "quick-es-desktop");

  // Ana has played before, so she waits for people longer; her own tile
  // does not count her.
  await ana.evaluate(() => localStorage.setItem("domino.played", "1"));
  await ana.fill("#name", "Ana");
  await ana.click('#qgrid [data-tile="all-fives/move15"]');
  await ana.waitForFunction(() => /la computadora juega contigo en \d+ s\.$/.test(document.querySelector("#qg-status")?.textContent || ""));
  await ana.waitForTimeout(300);
  assert.equal(await ana.textContent('#qgrid [data-tile="all-fives/move15"] .qcount'), "");

  // Bea sees one waiting, taps the same tile, and both sit at one table.
  await bea.fill("#name", "Bea");
  await bea.dispatchEvent("#name", "change"); // the name typed is kept
  await bea.waitForFunction(() => document.querySelector('#qgrid [data-tile="all-fives/move15"] .qcount')?.textContent === "1 espera", null, { timeout: 8000 });
  const t0 = Date.now();
  await bea.click('#qgrid [data-tile="all-fives/move15"]');
  await Promise.all([ana, bea].map((p) => p.waitForURL(/\/t\/[0-9a-f]+$/)));
  assert.equal(ana.url(), bea.url());
  await Promise.all([ana, bea].map((p) => p.waitForSelector(".seat.me")));
  let moved = null;
  for (let i = 0; i < 400 && !moved; i++) {
    for (const p of [ana, bea]) if (!moved && await moveOnce(p)) moved = p.who;
    if (!moved) await bea.waitForTimeout(25);
  }
  const ms = Date.now() - t0;
  writeArtifact("quick-first-move-people.json", { ms, moved });
  console.log(`tap to first move, with a player waiting: ${ms} ms`);
  assert.ok(moved, "a move was made");
  // The move reaches the other player's page too.
  await bea.waitForFunction(() => Number(document.querySelector("#log")?.dataset.logged) > 0);
  // A table with people.
  assert.match(await bea.locator(".seats, #seats, main").first().innerText(), /Ana/);
  await shot(bea, "quick-es-desktop-table");
  for (const p of [ana, bea]) { noErrors(p); await p.context().close(); }
});

test("a game of four from the grid: the two people who tap it sit at one table, the computer in the other seats (French phone, Spanish desktop)", async () => {
  const lea = await newPlayer(env, "lea-fr-phone-four", { viewport: PHONE, locale: "fr-FR" });
  const bruno = await newPlayer(env, "bruno-es-desktop-four", { viewport: DESKTOP, locale: "es-ES" });
  const tile = '#qgrid [data-tile="jamaican/none"]';
  // Both have played before: nobody is sent to the computer within seconds.
  for (const p of [lea, bruno]) {
    await p.goto(env.base + "/");
    await p.waitForSelector(tile);
    await p.evaluate(() => localStorage.setItem("domino.played", "1"));
  }
  await lea.fill("#name", "Léa");
  await lea.click(tile);
  await lea.waitForFunction(() => /\d+ s/.test(document.querySelector("#qg-status")?.textContent || ""));
  // Bruno opens the lobby, sees Léa waiting, and taps the same game.
  await bruno.goto(env.base + "/");
  await bruno.fill("#name", "Bruno");
  await bruno.dispatchEvent("#name", "change");
  await bruno.waitForFunction((sel) => document.querySelector(sel + " .qcount")?.textContent === "1 espera", tile, { timeout: 8000 });
  await bruno.click(tile);
  // Nobody else comes: the pool makes the table of the two, the computer
  // in the two seats left, and says so while it does.
  await Promise.all([lea, bruno].map((p) => p.waitForURL(/\/t\/[0-9a-f]+$/, { timeout: 30000 })));
  assert.equal(lea.url(), bruno.url(), "one table for both");
  await Promise.all([lea, bruno].map((p) => p.waitForSelector(".seat.me")));
  assert.equal(await bruno.locator(".seat").count(), 4);
  const seats = await bruno.locator(".seat").allInnerTexts();
  assert.ok(seats.some((s) => /Léa/.test(s)) && seats.some((s) => /Bruno/.test(s)), JSON.stringify(seats));
  await shot(lea, "quick-four-fr-phone-table");
  await shot(bruno, "quick-four-es-desktop-table");
  for (const p of [lea, bruno]) { noErrors(p); await p.context().close(); }
});
