// Tournaments in real Chromium: from the lobby to a new Swiss, joining it,
// filling it with a computer player, starting it, playing one's table by
// clicking, and the standings, the winner and the CSV on the tournament
// page; a round robin of computer players followed live at phone size.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, PHONE, playHand, playToMatchEnd } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

// The create form: a one-hand match of the draw game for `players`.
async function createTournament(page, { name, players, format, rounds, max }) {
  await page.goto(env.base + "/");
  await page.click("#totourney");
  await page.waitForURL(/\/tournaments$/);
  await page.fill("#tn-name", name);
  await page.selectOption("#tn-game", "draw");
  await page.selectOption("#tn-players", String(players));
  await page.click("#tn-new details.houserules summary");
  await page.fill('#tn-opts [data-opt="target"]', "1");
  await page.selectOption("#tn-format", format);
  if (rounds) await page.fill("#tn-rounds", String(rounds));
  await page.fill("#tn-max", String(max));
  await page.selectOption("#tn-level", "random");
  await page.click("#tn-create");
  await page.waitForURL(/\/tournaments\/[0-9a-f]+$/);
  await page.waitForSelector("#tn-organiser");
  return page.url().split("/tournaments/")[1];
}

test("a Swiss from the lobby, joined, filled, played and ranked at desktop size", async () => {
  const page = await newPlayer(env, "organiser", { allow: [/status of 400/, /\/api\/tournaments\/[0-9a-f]+\/start$/] });
  const id = await createTournament(page, { name: "Club night", players: 2, format: "swiss", rounds: 1, max: 2 });
  // Starting alone is refused, with the page's words, and changes nothing.
  await page.click("#tn-start");
  await page.waitForFunction(() => document.querySelector("#tn-error").textContent.length > 0);
  assert.match(await page.textContent("#tn-error"), /Not enough entrants/);
  await page.fill("#tn-join-name", "Ann");
  await page.click("#tn-join-button");
  await page.waitForSelector("#tn-me");
  await page.fill("#tn-bots", "1");
  await page.click("#tn-add-bots");
  await page.waitForFunction(() => document.querySelectorAll("#tn-entrants li").length === 2);
  await shot(page, "tournament-desktop-open");
  await page.click("#tn-start");
  // Round one's table, at Ann's seat.
  await page.waitForSelector("a.button[data-table]");
  await page.click("a.button[data-table]");
  await page.waitForURL(/\/t\/[0-9a-f]+$/);
  await page.waitForSelector(".seat.me");
  await playHand([page]);
  await playToMatchEnd(page);
  await page.goto(`${env.base}/tournaments/${id}`);
  await page.waitForSelector("#tn-champion", { timeout: 30000 });
  const rows = await page.locator("#tn-standings tbody tr").count();
  assert.equal(rows, 2);
  const champion = await page.textContent("#tn-champion");
  const first = await page.textContent("#tn-standings tbody tr:first-child th");
  assert.ok(champion.includes(first), `${champion} / ${first}`);
  await shot(page, "tournament-desktop-finished");
  const csv = await page.evaluate(async (u) => (await fetch(u)).text(), `/api/tournaments/${id}/csv`);
  assert.match(csv, /^rank,entrant,/);
  assert.equal(csv.trim().split("\n").length, 3);
  noErrors(page);
});

test("a round robin of computer players, followed live at phone size", async () => {
  const page = await newPlayer(env, "watcher", { viewport: PHONE });
  const id = await createTournament(page, { name: "Threes", players: 3, format: "round_robin", max: 4 });
  // Three players of one level, one of another.
  await page.fill("#tn-bots", "3");
  await page.click("#tn-add-bots");
  await page.waitForFunction(() => document.querySelectorAll("#tn-entrants li").length === 3);
  await page.fill("#tn-bots", "1");
  await page.selectOption("#tn-bots-level", "heavy");
  await page.click("#tn-add-bots");
  await page.waitForFunction(() => document.querySelectorAll("#tn-entrants li").length === 4);
  assert.match(await page.textContent("#tn-entrants li:last-child"), /Bot 4 · .* · Easy/);
  await page.click("#tn-start");
  // The page follows the rounds without a reload until the winner shows.
  await page.waitForSelector("#tn-champion", { timeout: 60000 });
  assert.equal(await page.locator(".round").count(), 2);
  assert.equal(await page.locator("#tn-standings tbody tr").count(), 4);
  // Nothing wider than the phone.
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  assert.equal(wide, false);
  await shot(page, "tournament-phone-finished");
  // A table of the tournament can be opened (to watch, or its replay once over).
  const href = await page.getAttribute("a[data-table]", "href");
  await page.goto(env.base + href);
  // Finished by now: the table offers its replay.
  await page.waitForSelector("#board, #replaylink");
  // The tournament lobby lists it.
  await page.goto(env.base + "/tournaments");
  await page.waitForSelector(`#tn-list a[href="/tournaments/${id}"]`);
  noErrors(page);
});
