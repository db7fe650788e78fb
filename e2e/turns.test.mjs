// "Tell me when it is my turn" in real Chromium: two people at a
// correspondence table; Ana allows notifications from the lobby's list of
// her clocked tables and stays on the lobby; when Bob moves and it becomes
// her turn, the open page shows a browser notification for that table, and
// clicking it opens the table. The page's `Notification` is a recording
// stand-in (headless Chromium shows none), and the page's clock is moved on
// past the 30 s between its looks rather than waited for.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, inviteLinkOf, moveOnce, PHONE, openCustom } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

/// A stand-in for the browser's Notification: "default" until asked, then
/// granted; each notification made is kept in `window.shown`.
function recordNotifications() {
  window.shown = [];
  class Recorded {
    static permission = "default";
    static async requestPermission() { Recorded.permission = "granted"; return "granted"; }
    constructor(title, options) { this.title = title; this.body = options?.body; this.tag = options?.tag; window.shown.push(this); }
  }
  window.Notification = Recorded;
}

/// Move until it is not this page's turn (a draw keeps the turn).
async function moveUntilTheirTurn(page) {
  for (let i = 0; i < 30 && (await page.locator(".seat.me.toact").count()); i++) {
    await moveOnce(page);
    await page.waitForTimeout(100);
  }
  assert.equal(await page.locator(".seat.me.toact").count(), 0, "still this page's turn");
}

test("an open lobby tells the player, once she allows it, when it becomes her turn at a correspondence table", async () => {
  const ana = await newPlayer(env, "Ana", { viewport: PHONE, locale: "fr-FR" });
  const bob = await newPlayer(env, "Bob");
  await ana.goto(env.base + "/");
  await openCustom(ana);
  await ana.fill("#name", "Ana");
  await ana.selectOption("#game", "draw");
  await ana.selectOption("#players", "2");
  await ana.selectOption("#plan-1", "invite");
  await ana.selectOption("#clock", "day1");
  await ana.click("#create");
  await ana.waitForURL(/\/t\/[0-9a-f]+$/);
  const table = ana.url().split("/t/")[1];
  const link = await inviteLinkOf(ana, 1);
  await bob.goto(link);
  await bob.fill("#joinname", "Bob");
  await bob.click("#joinbtn");
  await bob.waitForSelector(".seat.me");
  // The hand begins at the table; whoever is to move first, it ends up Bob's turn.
  await ana.waitForSelector(".seat.toact");
  await moveUntilTheirTurn(ana);
  await bob.waitForSelector(".seat.me.toact");

  // Ana waits in the lobby, the page's clock in the test's hands.
  await ana.context().addInitScript(recordNotifications);
  await ana.clock.install();
  await ana.goto(env.base + "/");
  await openCustom(ana);
  const row = ana.locator(`#yourtables [data-table="${table}"]`);
  await row.waitFor();
  assert.match(await row.innerText(), /Les autres jouent/);
  await ana.click("#notifyask");
  await ana.waitForFunction(() => /prévenu/.test(document.getElementById("notifynote").textContent));

  await moveUntilTheirTurn(bob);
  await ana.clock.fastForward(31_000);
  await ana.waitForFunction(() => window.shown.length > 0, null, { timeout: 10_000 });
  const shown = await ana.evaluate(() => window.shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag })));
  assert.equal(shown.length, 1, JSON.stringify(shown));
  assert.equal(shown[0].tag, "turn-" + table);
  assert.equal(shown[0].title, "À vous de jouer");
  assert.match(shown[0].body, /Partie avec pioche/);
  await shot(ana, "turns-notified-fr-phone");
  // A second look finds nothing new: one notification per turn.
  await ana.clock.fastForward(31_000);
  await ana.waitForTimeout(500);
  assert.equal(await ana.evaluate(() => window.shown.length), 1);
  // Clicking it opens the table.
  await ana.evaluate(() => window.shown[0].onclick());
  await ana.waitForURL(new RegExp(`/t/${table}$`));
  noErrors(ana);
  noErrors(bob);
});
