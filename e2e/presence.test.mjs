// Presence and failure in real Chromium, in Spanish and French, at desktop
// (1280x800) and phone (390x844) size: an invited seat is named as the
// invitation and the friend's form says which seat she takes; a full table
// offers to watch; a friend who drops is shown at once with the time before
// the computer plays; a table nobody is connected to pauses; a move the
// frozen server does not answer is said, the board stays, and the move goes
// through once the server answers again.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, createFriends, inviteLinkOf, DESKTOP, PHONE } from "./helpers.mjs";

let env;
// A grace of 60 s (helpers.mjs).
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

async function health() {
  const r = await fetch(`${env.base}/healthz`);
  return r.json();
}

// Every language at both sizes (the friend at the other size).
const EVERY = [["desktop", DESKTOP, "es", PHONE], ["phone", PHONE, "fr", DESKTOP], ["phone", PHONE, "es", DESKTOP],
  ["desktop", DESKTOP, "fr", PHONE], ["desktop", DESKTOP, "en", PHONE], ["phone", PHONE, "en", DESKTOP]];

for (const [size, viewport, locale, other] of EVERY) {
  test(`an invited seat, a full table, a friend who drops and a table nobody is at (${locale}, ${size})`, async () => {
    const words = {
      es: { invited: /Invitación: puesto 3/, seat: /Ocupar el puesto 3 como/, full: /Estás mirando: todos los puestos están ocupados/, dropped: /sin conexión: la computadora juega en (\d+) s/ },
      en: { invited: /Invited: seat 3/, seat: /Take seat 3 as/, full: /You are watching: every seat is taken/, dropped: /disconnected: the computer plays in (\d+) s/ },
      fr: { invited: /Invitation : place 3/, seat: /Prendre la place 3 sous le nom/, full: /Vous regardez : toutes les places sont prises/, dropped: /hors ligne : l'ordinateur joue dans (\d+) s/ },
    }[locale];
    const host = await newPlayer(env, "Hana", { viewport, locale });
    const id = await createFriends(env, host, { game: "jamaican", invite: [2], name: "Hana", priv: true });
    // The waiting seat is the invitation, not a bot.
    await host.waitForSelector('.seat[data-seat="2"].invited');
    const waiting = await host.locator('.seat[data-seat="2"] .name').innerText();
    assert.match(waiting, words.invited);
    assert.doesNotMatch(waiting, /Bot/);
    await shot(host, `presence-invited-${locale}-${size}`);
    // The friend's form names the seat her link gives her.
    const link = await inviteLinkOf(host, 2);
    const friend = await newPlayer(env, "Pia", { viewport: other, locale });
    await friend.goto(link);
    await friend.waitForSelector("#joinname");
    assert.match(await friend.locator(".joinform label").innerText(), words.seat);
    await shot(friend, `presence-joinform-${locale}-${size === "desktop" ? "phone" : "desktop"}`);
    await friend.fill("#joinname", "Pia");
    await friend.click("#joinbtn");
    await friend.waitForSelector(".seat.me");
    assert.equal(await friend.locator(".seat.me").getAttribute("data-seat"), "2");
    // Every seat is taken now: a visitor watches at once and is told why,
    // offered neither to join nor to watch what they already see.
    const visitor = await newPlayer(env, "Vic", { viewport, locale });
    await visitor.goto(`${env.base}/t/${id}`);
    await visitor.waitForFunction((src) => new RegExp(src).test(document.querySelector("#status")?.textContent ?? ""), words.full.source);
    assert.equal(await visitor.locator("#joinbtn, #joinname, #watchbtn").count(), 0);
    await shot(visitor, `presence-full-${locale}-${size}`);
    assert.equal(await visitor.locator(".seat.me").count(), 0);
    await visitor.context().close();
    // The friend drops: the host sees it at once, counting down from 60 s.
    await friend.context().close();
    const dropped = host.locator('.seat[data-seat="2"] .dropped');
    await dropped.waitFor({ timeout: 3000 });
    const first = Number((await dropped.innerText()).match(words.dropped)[1]);
    assert.ok(first >= 56 && first <= 60, `${first} s of 60`);
    await host.waitForFunction(([re, n]) => {
      const m = (document.querySelector('.seat[data-seat="2"] .dropped')?.textContent ?? "").match(new RegExp(re));
      return m && Number(m[1]) < n;
    }, [words.dropped.source, first]);
    await shot(host, `presence-dropped-${locale}-${size}`);
    noErrors(host);
    // Nobody is left at the table: it pauses at once.
    const parked = (await health()).parked;
    await host.goto("about:blank");
    for (let i = 0; ; i++) {
      const h = await health();
      if (h.parked >= parked + 1) break;
      assert.ok(i < 20, `the table did not pause: ${JSON.stringify(h)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The host comes back (the same browser, her seat kept): it is no
    // longer paused.
    await host.goto(`${env.base}/t/${id}`);
    await host.waitForSelector('.seat.me[data-seat="0"]');
    for (let i = 0; ; i++) {
      const h = await health();
      if (h.parked <= parked) break;
      assert.ok(i < 30, `the table did not resume: ${JSON.stringify(h)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    noErrors(host);
    await host.context().close();
    noErrors(friend);
  });
}

for (const [size, viewport, locale] of EVERY) {
  test(`a move the frozen server does not answer is said, the board stays, and it goes through once it answers (${locale}, ${size})`, async () => {
    const silent = { en: /The server is not answering/, es: /El servidor no responde/, fr: /Le serveur ne répond pas/ }[locale];
    const page = await newPlayer(env, "Mo", { viewport, locale, allow: [/WebSocket/] });
    await createFriends(env, page, { game: "draw", players: 2, options: { target: 100 }, name: "Mo" });
    // Our turn, with a tile to play (drawing from the boneyard until one fits).
    await page.waitForSelector(".seat.me.toact");
    for (let i = 0; i < 30 && !(await page.locator("#hand .handtile.legal").count()); i++) {
      if (await page.locator("#draw").count()) await page.click("#draw");
      await page.waitForTimeout(300);
    }
    await page.waitForSelector("#hand .handtile.legal");
    const tiles = await page.locator("#hand .handtile").count();
    const history = await page.evaluate(() => +document.querySelector("#log").dataset.logged);
    env.server.kill("SIGSTOP");
    try {
      await page.locator("#hand .handtile.legal").first().click();
      const ends = page.locator("#buttons .endchoice");
      if (await ends.count()) await ends.first().click();
      // Within 5 s by the page's watch, the page says the server is not
      // answering (the rest is slack for a loaded machine, whose timers run late).
      await page.waitForFunction((re) => new RegExp(re).test(document.querySelector("#offlinetext")?.textContent || ""), silent.source, { timeout: 12000 });
      // Said where the player is looking: on screen, even scrolled down to
      // the hand to play the tile.
      const note = await page.locator("#offline").evaluate((e) => { const b = e.getBoundingClientRect(); return { top: b.top, bottom: b.bottom, h: innerHeight }; });
      assert.ok(note.top >= 0 && note.bottom <= note.h, `the note is on screen: ${JSON.stringify(note)}`);
      // The board and the hand stay on screen.
      assert.ok(await page.locator("#board").isVisible());
      assert.equal(await page.locator("#hand .handtile").count(), tiles, "the move is not shown as made");
      await shot(page, `presence-silent-${locale}-${size}`);
    } finally {
      env.server.kill("SIGCONT");
    }
    // The server answers again: the move is made once.
    await page.waitForFunction((n) => document.querySelectorAll("#hand .handtile").length < n, tiles, { timeout: 20000 });
    await page.waitForFunction(() => document.querySelector("#offline").hidden);
    assert.ok(await page.evaluate(() => +document.querySelector("#log").dataset.logged) > history);
    assert.equal(await page.locator("#hand .handtile").count(), tiles - 1, "played once");
    noErrors(page);
    await page.context().close();
  });
}
