// Tournaments in real Chromium: from the lobby to a new Swiss, joining it,
// filling it with a computer player, starting it, playing one's table by
// clicking, and the standings, the winner and the CSV on the tournament
// page; a round robin of computer players followed live at phone size; a
// duplicate round whose other tables are offered only once it is over; a
// tournament table ending with the way back to it (no rematch), its replay
// in the standings, in French on a phone.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, DESKTOP, PHONE, playHand, playToMatchEnd } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

// The create form: a one-hand match of the draw game for `players`.
async function createTournament(page, { name, players, format, rounds, max, duplicate }) {
  await page.goto(env.base + "/");
  await page.click("#totourney");
  await page.waitForURL(/\/tournaments$/);
  await page.fill("#tn-name", name);
  // All fourteen games, the trains family's among them.
  const games = await page.locator("#tn-game option").evaluateAll((os) => os.map((o) => o.getAttribute("value")));
  assert.equal(games.length, 14, `${games}`);
  assert.ok(games.includes("mexican-train") && games.includes("chicken-foot"), `${games}`);
  await page.selectOption("#tn-game", "draw");
  await page.selectOption("#tn-players", String(players));
  await page.click("#tn-new details.houserules summary");
  await page.fill('#tn-opts [data-opt="target"]', "1");
  await page.selectOption("#tn-format", format);
  if (rounds) await page.fill("#tn-rounds", String(rounds));
  await page.fill("#tn-max", String(max));
  await page.selectOption("#tn-level", "random");
  if (duplicate) await page.check("#tn-duplicate");
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
  const table = page.url().split("/t/")[1];
  await playHand([page]);
  await playToMatchEnd(page);
  // A tournament's table ends with the way back to it, not a rematch.
  await page.waitForSelector("#totournament");
  assert.equal(await page.locator("#rematch").count(), 0);
  assert.equal(await page.textContent("#totournament"), "Back to the tournament");
  // Named a tournament's match, never "Casual match".
  assert.match(await page.textContent("#tablekind"), /Tournament match/);
  await page.click("#totournament");
  await page.waitForURL(`${env.base}/tournaments/${id}`);
  await page.waitForSelector("#tn-champion", { timeout: 30000 });
  // The finished table is offered as its replay.
  assert.equal(await page.getAttribute(`a[data-replay="${table}"]`, "href"), `/r/${table}`);
  const rows = await page.locator("#tn-standings tbody tr").count();
  assert.equal(rows, 2);
  const champion = await page.textContent("#tn-champion");
  // The name only: a computer entrant's row also carries the bot mark, which the champion line does not.
  const first = await page.evaluate(() => document.querySelector("#tn-standings tbody tr:first-child th").firstChild.textContent);
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
  // Four at tables of three: one sits out each round, and its bye's points have their column.
  const heads = await page.locator("#tn-standings thead th").allInnerTexts();
  const col = heads.indexOf("Byes");
  assert.ok(col > 0, heads.join(" | "));
  const byes = await page.locator(`#tn-standings tbody tr > :nth-child(${col + 1})`).allInnerTexts();
  assert.ok(byes.some((b) => Number(b) > 0), byes.join(","));
  // Nothing wider than the phone.
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  assert.equal(wide, false);
  await shot(page, "tournament-phone-finished");
  // Every table is over: each is offered as its replay, which opens.
  assert.equal(await page.locator("a[data-table]").count(), 0);
  const href = await page.getAttribute("a[data-replay]", "href");
  assert.match(href, /^\/r\/[0-9a-f]+$/);
  await page.goto(env.base + href);
  await page.waitForSelector("#board");
  // The tournament lobby lists it.
  await page.goto(env.base + "/tournaments");
  await page.waitForSelector(`#tn-list a[href="/tournaments/${id}"]`);
  noErrors(page);
});

test("a duplicate round's tables are watched only once the round is over", async () => {
  // The refused replay answers 403, which the console reports.
  const sealedOk = [/status of 403/, /\/api\/history\/[0-9a-f]+$/];
  const ann = await newPlayer(env, "ann", { allow: sealedOk });
  const id = await createTournament(ann, { name: "Same cards", players: 2, format: "swiss", rounds: 1, max: 4, duplicate: true });
  await ann.fill("#tn-join-name", "Ann");
  await ann.click("#tn-join-button");
  await ann.waitForSelector("#tn-me");
  await ann.fill("#tn-bots", "3");
  await ann.click("#tn-add-bots");
  await ann.waitForFunction(() => document.querySelectorAll("#tn-entrants li").length === 4);
  await ann.click("#tn-start");
  // Ann's own table to play; the bots' table, dealt the same cards, not to watch.
  await ann.waitForSelector("a.button[data-table]");
  await ann.waitForSelector(".later[data-table]");
  assert.match(await ann.textContent(".later[data-table]"), /you can watch once the round is over/);
  assert.equal(await ann.locator("a[data-table]:not(.button)").count(), 0);
  const bots = await ann.getAttribute(".later[data-table]", "data-table");
  // Its link opened by hand says the same, and so does its replay.
  const other = await newPlayer(env, "other", { allow: sealedOk });
  for (const path of [`/t/${bots}`, `/r/${bots}`]) {
    await other.goto(env.base + path);
    await other.waitForSelector("#sealed");
    assert.match(await other.textContent("#sealed"), /once the round is over/);
  }
  await shot(other, "tournament-duplicate-sealed");
  // Ann plays her table out: the round is over and everything opens.
  await ann.click("a.button[data-table]");
  await ann.waitForURL(/\/t\/[0-9a-f]+$/);
  await ann.waitForSelector(".seat.me");
  await playHand([ann]);
  await playToMatchEnd(ann);
  await ann.goto(`${env.base}/tournaments/${id}`);
  await ann.waitForSelector("#tn-champion", { timeout: 30000 });
  assert.equal(await ann.locator(".later").count(), 0);
  await ann.waitForSelector(`a[data-replay="${bots}"]`);
  await other.goto(`${env.base}/r/${bots}`);
  await other.waitForSelector("#board");
  noErrors(ann);
  noErrors(other);
});


for (const [code, locale, size, viewport, back, replay] of [
  ["fr", "fr-FR", "phone", PHONE, "Retour au tournoi", "Revoir"],
  ["es", "es-ES", "desktop", DESKTOP, "Volver al torneo", "Repetición"],
]) {
test(`in ${code} at ${size} size, a tournament table ends with the way back to it, and its replay is in the standings`, async () => {
  const page = await newPlayer(env, `anne-${size}`, { viewport, locale });
  const id = await createTournament(page, { name: "Soirée du club", players: 2, format: "swiss", rounds: 1, max: 2 });
  await page.fill("#tn-join-name", "Anne");
  await page.click("#tn-join-button");
  await page.waitForSelector("#tn-me");
  await page.fill("#tn-bots", "1");
  await page.click("#tn-add-bots");
  await page.waitForFunction(() => document.querySelectorAll("#tn-entrants li").length === 2);
  await page.click("#tn-start");
  await page.waitForSelector("a.button[data-table]");
  await page.click("a.button[data-table]");
  await page.waitForURL(/\/t\/[0-9a-f]+$/);
  const table = page.url().split("/t/")[1];
  await page.waitForSelector(".seat.me");
  // As if opened from a bare link: this browser no longer knows the table's
  // tournament, and the page asks the server.
  await page.evaluate((tb) => localStorage.removeItem("domino.tournament." + tb), table);
  await page.reload();
  await page.waitForSelector(".seat.me");
  await playHand([page]);
  await playToMatchEnd(page);
  await page.waitForSelector("#totournament");
  assert.equal(await page.textContent("#totournament"), back);
  assert.equal(await page.locator("#rematch").count(), 0);
  assert.equal(await page.locator("#tolobby").count(), 0);
  await shot(page, `tournament-${code}-${size}-back`);
  await page.click("#totournament");
  await page.waitForURL(`${env.base}/tournaments/${id}`);
  await page.waitForSelector(`a[data-replay="${table}"]`, { timeout: 30000 });
  assert.equal(await page.textContent(`a[data-replay="${table}"]`), replay);
  // The round's table in the language's own punctuation ("Table 1 : …" in French).
  assert.match(await page.locator(`li:has(a[data-replay="${table}"])`).innerText(), code === "fr" ? /^Table 1 : Anne – Bot 1 / : /^Mesa 1: Anne – Bot 1 /);
  await shot(page, `tournament-${code}-${size}-standings`);
  await page.click(`a[data-replay="${table}"]`);
  await page.waitForURL(`${env.base}/r/${table}`);
  await page.waitForSelector("#board");
  noErrors(page);
});
}

for (const [lang, locale, size, viewport] of [["fr", "fr-FR", "phone", PHONE], ["es", "es-ES", "desktop", DESKTOP]]) {
  test(`in ${lang} at ${size} size, a team's refused entry is said at its fields`, async () => {
    const org = await newPlayer(env, `org-${lang}`, { viewport, locale });
    await org.goto(env.base + "/tournaments");
    await org.fill("#tn-name", "Parejas");
    await org.selectOption("#tn-game", "jamaican");
    await org.selectOption("#tn-players", "4");
    await org.fill("#tn-max", "4");
    await org.click("#tn-create");
    await org.waitForURL(/\/tournaments\/[0-9a-f]+$/);
    const id = org.url().split("/tournaments/")[1];
    const team = await newPlayer(env, `team-${lang}`, { viewport, locale, allow: [/status of 400/, /\/join$/] });
    await team.goto(`${env.base}/tournaments/${id}`);
    await team.waitForSelector("#tn-member-2");
    await team.fill("#tn-join-name", "Los Dos");
    await team.fill("#tn-member-1", "Ana");
    await team.fill("#tn-member-2", "");
    await team.click("#tn-join-button");
    await team.waitForFunction(() => (document.querySelector("#tn-join-error")?.textContent || "").length > 0);
    // At the form, the empty member marked, nothing at the top of the page.
    assert.equal(await team.locator("#tn-join #tn-join-error").count(), 1);
    assert.equal(await team.textContent("#tn-error"), "");
    assert.equal(await team.getAttribute("#tn-member-2", "aria-invalid"), "true");
    assert.equal(await team.evaluate(() => document.activeElement?.id), "tn-member-2");
    await shot(team, `tournament-team-error-${lang}-${size}`);
    noErrors(team);
  });
}
