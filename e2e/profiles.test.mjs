// Profiles and ratings in real Chromium: make a profile in the lobby, play
// a short match against a bot, see the rating change in the match-end
// banner, then the profile page (rating with its chart, stats, the match
// with its replay) and the leaderboard; a taken name is refused in words;
// a one-time link signs in a second browser once.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, createFriends, playHand, playToMatchEnd } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

test("a profile, a rated match against a bot, the banner's rating change, the profile page and the leaderboard", async () => {
  const page = await newPlayer(env, "Zoë");
  await page.goto(env.base + "/");
  await page.fill("#name", "Zoë");
  await page.click("#profilecreate");
  await page.waitForSelector("#profilewho");
  assert.match(await page.locator("#profilewho").innerText(), /Zoë/);
  // The cookie is not for scripts.
  assert.equal(await page.evaluate(() => document.cookie), "");

  const id = await createFriends(env, page, { game: "draw", players: 2, options: { target: 1 }, name: "Zoë" });
  assert.match(await page.locator(".seat.me").innerText(), /Zoë/);
  await playHand([page]);
  await playToMatchEnd(page);
  await page.waitForSelector("#ratingline");
  const line = await page.locator("#ratingline").innerText();
  assert.match(line, /^Rating 1500 → \d+ \([+−±]\d+\)$/);
  await shot(page, "profiles-banner");

  // The profile page: the game's rating and chart, stats, the match.
  await page.goto(env.base + "/");
  await page.click("#myprofile");
  await page.waitForSelector("#profilepage");
  assert.equal(await page.locator("#profilename").innerText(), "Zoë");
  const game = page.locator('.ratinggame[data-game="draw"]');
  assert.equal(await game.locator(".rating").innerText(), line.match(/→ (\d+)/)[1]);
  assert.equal(await game.locator("svg.ratingchart circle").count(), 1);
  assert.match(await page.locator('[data-stat="matches"]').innerText(), /Matches: 1/);
  assert.equal(await page.locator(`#recent [data-id="${id}"] a[href="/r/${id}"]`).count(), 1);
  await shot(page, "profiles-page");

  // The leaderboard: one match is under the default minimum of five.
  await page.click('a[href="/leaderboard"]');
  await page.waitForSelector("#leaderboard");
  await page.selectOption("#boardgame", "draw");
  await page.waitForSelector("#board-provisional");
  // With one match Zoë's rating is provisional: listed apart, marked "?".
  assert.equal(await page.locator('#board-people a[href^="/p/"]').count(), 0);
  assert.match(await page.locator("#board-provisional li").first().innerText(), /^Zoë \d+\?/);
  // The computer levels are listed apart from people, with no profile link.
  assert.ok(await page.locator("#board-bots li").count() >= 1);
  assert.equal(await page.locator('#board-bots a[href^="/p/"]').count(), 0);
  await shot(page, "profiles-leaderboard");
  // Signed in, the lobby's one name field holds the profile's name.
  await page.goto(env.base + "/");
  await page.waitForSelector("#profilewho");
  assert.equal(await page.locator("#name").inputValue(), "Zoë");
  assert.equal(await page.locator("#name").isEditable(), false);
  noErrors(page);

  // Another browser cannot take the name, in any case.
  const other = await newPlayer(env, "Other", { allow: [/\/api\/profile$/] });
  await other.goto(env.base + "/");
  await other.fill("#name", "ZOË");
  await other.click("#profilecreate");
  await other.waitForFunction(() => document.querySelector("#profile-error").textContent.length > 0);
  assert.equal(await other.locator("#profile-error").innerText(), "That name is taken: choose another.");

  // A one-time link signs the other browser in, once.
  await page.goto(env.base + "/");
  await page.click("#profilelink");
  await page.waitForSelector("#linkbox svg");
  const url = await page.locator("#linkurl").inputValue();
  await other.goto(url);
  await other.click("#claimbtn");
  await other.waitForURL(env.base + "/");
  await other.waitForSelector("#profilewho");
  assert.match(await other.locator("#profilewho").innerText(), /Zoë/);
  const third = await newPlayer(env, "Third", { allow: [/\/api\/profile\/claim$/] });
  await third.goto(url);
  await third.click("#claimbtn");
  await third.waitForFunction(() => document.querySelector("#claim-error").textContent.length > 0);
  assert.match(await third.locator("#claim-error").innerText(), /used already or has expired/);
  // Signing out on the other browser leaves this one signed in.
  await other.click("#signout");
  await other.waitForSelector("#profilecreate");
  await page.reload();
  await page.waitForSelector("#profilewho");
});
