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

// The trains family at a real table: up to eight players, a match of so
// many hands (here shortened in the house rules), each player's pips left
// added to a running total, the lowest total after the last hand winning.

/** The sheet's totals by side, and what the page says of the match. */
async function standing(page) {
  return {
    totals: await scores(page),
    places: await page.locator("#keep-scores .place").allTextContents(),
    goal: await page.textContent("#keep-goal"),
  };
}

/** The page is no wider than its viewport. */
async function noSideScroll(page, width, where) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= width, `${where}: page is ${wide}px wide`);
}

test("keeping Mexican Train for eight players on a phone, in Spanish", async () => {
  const page = await newPlayer(env, "mesa", { viewport: PHONE, locale: "es-ES" });
  await page.goto(env.base + "/keep");
  await page.selectOption("#keep-game", "mexican-train");
  await page.selectOption("#keep-players", "8");
  const names = ["Abuela Carmen", "Pepe", "Lucía", "Tío Javier", "Marisol", "Nico", "Inés", "Guillermo"];
  for (const [k, n] of names.entries()) await page.fill(`[data-side="${k}"]`, n);
  // A short match: three hands (12-12, 11-11, 10-10). Only the options
  // that change the score are asked.
  await page.click("#keep-new .houserules summary");
  assert.equal(await page.locator('#keep-opts [data-opt="mexican_train"]').count(), 0);
  await page.fill('#keep-opts [data-opt="rounds"]', "3");
  await noSideScroll(page, PHONE.width, "the new sheet");
  await shot(page, "keep-trains-phone-new");
  await page.click("#keep-create");
  await page.waitForURL(/\/k\/[0-9a-f]+$/);
  const id = page.url().split("/k/")[1];
  await page.waitForSelector("#keep-form");
  assert.equal(await page.textContent("#keep-next"), "Mano 1 de 3: se abre con el doble doce");
  assert.equal(await page.locator("#keep-form [data-count]").count(), 8);
  assert.match(await page.textContent("#keep-form"), /El doble blanco que quede en la mano cuenta 0\./);

  // Lucía goes out; ticking her sets her count to 0.
  await page.fill('[data-count="2"]', "5");
  await page.check('[data-out="2"]');
  assert.equal(await page.inputValue('[data-count="2"]'), "0");
  await enterHand(page, { out: [], counts: [14, 23, 0, 7, 31, 60, 9, 18] });
  await page.waitForSelector('#sheet tr[data-hand="1"]');
  let s = await standing(page);
  assert.deepEqual(s.totals, ["14", "23", "0", "7", "31", "60", "9", "18"]);
  assert.deepEqual(s.places, ["4.º", "6.º", "1.º", "2.º", "7.º", "8.º", "3.º", "5.º"]);
  assert.match(s.goal, /Tras 3 manos gana el total más bajo \(1 jugada\)/);
  assert.match(await page.textContent('#sheet tr[data-hand="1"]'), /Lucía/);
  assert.equal(await page.textContent("#keep-next"), "Mano 2 de 3: se abre con el doble once");

  // A blocked hand, one count mistyped (41 for 14): undo, and enter it right.
  await enterHand(page, { counts: [5, 12, 30, 7, 3, 22, 8, 41] });
  await page.waitForSelector('#sheet tr[data-hand="2"]');
  assert.equal((await standing(page)).totals[7], "59");
  await page.click("#keep-undo");
  await page.waitForFunction(() => !document.querySelector('#sheet tr[data-hand="2"]'));
  assert.deepEqual((await standing(page)).totals, ["14", "23", "0", "7", "31", "60", "9", "18"]);
  await enterHand(page, { counts: [5, 12, 30, 7, 3, 22, 8, 14] });
  await page.waitForSelector('#sheet tr[data-hand="2"]');
  s = await standing(page);
  assert.deepEqual(s.totals, ["19", "35", "30", "14", "34", "82", "17", "32"]);
  assert.match(s.goal, /\(2 jugadas\)/);
  // The blocked hand goes to the lightest: Marisol with 3.
  assert.match(await page.textContent('#sheet tr[data-hand="2"]'), /tranque.*Marisol/);
  assert.deepEqual(await page.locator("#keep-scores .lead .sname").allTextContents(), ["Tío Javier"]);
  await noSideScroll(page, PHONE.width, "two hands in");
  await shot(page, "keep-trains-phone");

  // The last hand: Tío Javier goes out and keeps the lowest total.
  assert.equal(await page.textContent("#keep-next"), "Mano 3 de 3: se abre con el doble diez");
  await enterHand(page, { out: [3], counts: [10, 4, 12, 0, 6, 2, 13, 20] });
  await page.waitForSelector("#keep-winner");
  s = await standing(page);
  assert.deepEqual(s.totals, ["29", "39", "42", "14", "40", "84", "30", "52"]);
  assert.equal(await page.textContent("#keep-winner"), "Tío Javier ganó la partida.");
  assert.equal(await page.locator("#keep-form").count(), 0);
  // Every name stands whole over its column, none past its neighbour.
  const heads = await page.$$eval("#sheet thead th", (ths) => ths.slice(1, -1).map((th) => {
    const r = th.getBoundingClientRect();
    return { text: th.textContent, fits: th.scrollHeight <= th.clientHeight + 1 && th.scrollWidth <= th.clientWidth + 1, left: r.left, right: r.right };
  }));
  assert.deepEqual(heads.map((x) => x.text), names);
  for (const [k, x] of heads.entries()) {
    assert.ok(x.fits, `${x.text} is cut`);
    if (k) assert.ok(x.left >= heads[k - 1].right - 1, `${x.text} overlaps ${heads[k - 1].text}`);
  }
  await noSideScroll(page, PHONE.width, "the match over");
  await shot(page, "keep-trains-phone-over");
  await page.locator("#sheet").scrollIntoViewIfNeeded();
  await shot(page, "keep-trains-phone-sheet");

  const csv = (await (await fetch(`${env.base}/api/sheets/${id}/csv`)).text()).split("\r\n");
  assert.equal(csv[1], "1,Lucía,domino,14,23,0,7,31,60,9,18,14,23,0,7,31,60,9,18,");
  assert.equal(csv[4], "match,Tío Javier");
  noErrors(page);
  await page.context().close();
});

test("keeping chicken foot for five at desktop size, in French, to a shared win", async () => {
  // The hand refused for its count answers 400, on purpose.
  const page = await newPlayer(env, "table", { locale: "fr-FR", allow: [/\/api\/sheets\/[0-9a-f]+\/hands$/, /status of 400/] });
  await page.goto(env.base + "/keep");
  await page.selectOption("#keep-game", "chicken-foot");
  await page.selectOption("#keep-players", "5");
  const names = ["Jean-Baptiste", "Zoé", "Mamie Lou", "Hugo", "Éloïse"];
  for (const [k, n] of names.entries()) await page.fill(`[data-side="${k}"]`, n);
  await page.click("#keep-new .houserules summary");
  await page.fill('#keep-opts [data-opt="rounds"]', "2");
  await page.click("#keep-create");
  await page.waitForURL(/\/k\/[0-9a-f]+$/);
  const id = page.url().split("/k/")[1];
  await page.waitForSelector("#keep-form");
  assert.equal(await page.textContent("#keep-next"), "Manche 1 sur 2 : elle s'ouvre avec le double neuf");
  assert.match(await page.textContent("#keep-form"), /Le double blanc resté en main compte 50\./);
  assert.match(await page.textContent("#keep-goal"), /Après 2 manches, le total le plus bas gagne \(aucune jouée pour l'instant\)/);

  // Zoé goes out; Mamie Lou is caught with the double blank alone (50).
  await enterHand(page, { out: [1], counts: [12, 0, 50, 8, 21] });
  await page.waitForSelector('#sheet tr[data-hand="1"]');
  let s = await standing(page);
  assert.deepEqual(s.totals, ["12", "0", "50", "8", "21"]);
  assert.deepEqual(s.places, ["3e", "1er", "5e", "2e", "4e"]);

  // A count of 0 without going out: no tile counts 0 here (the double
  // blank counts 50), refused in the page's words, nothing kept.
  await enterHand(page, { counts: [0, 20, 6, 4, 9] });
  await page.waitForFunction(() => document.querySelector("#keep-error").textContent.length > 0);
  assert.match(await page.textContent("#keep-error"), /Jean-Baptiste/);
  assert.equal(await page.locator("#sheet tbody tr").count(), 1);

  // Jean-Baptiste went out; Hugo's 4 typed as 40 ends the match...
  await enterHand(page, { out: [0], counts: [0, 20, 6, 40, 9] });
  await page.waitForSelector("#keep-winner");
  assert.equal(await page.textContent("#keep-winner"), "Jean-Baptiste a gagné la partie.");
  // ... undone, and entered right: two lowest totals of 12 share the win.
  await page.click("#keep-undo");
  await page.waitForSelector("#keep-form");
  assert.equal(await page.locator("#keep-winner").count(), 0);
  assert.deepEqual((await standing(page)).totals, ["12", "0", "50", "8", "21"]);
  assert.equal(await page.textContent("#keep-next"), "Manche 2 sur 2 : elle s'ouvre avec le double huit");
  await enterHand(page, { out: [0], counts: [0, 20, 6, 4, 9] });
  await page.waitForSelector("#keep-winner");
  s = await standing(page);
  assert.deepEqual(s.totals, ["12", "20", "56", "12", "30"]);
  assert.deepEqual(s.places, ["1er", "3e", "5e", "1er", "4e"]);
  assert.equal(await page.textContent("#keep-winner"), "Jean-Baptiste et Hugo se partagent la victoire avec le total le plus bas.");
  assert.deepEqual(await page.locator("#keep-scores .lead .sname").allTextContents(), ["Jean-Baptiste", "Hugo"]);
  await noSideScroll(page, 1280, "desktop");
  await shot(page, "keep-trains-desktop");

  const csv = (await (await fetch(`${env.base}/api/sheets/${id}/csv`)).text()).split("\r\n");
  assert.equal(csv[2], "2,Jean-Baptiste,domino,0,20,6,4,9,12,20,56,12,30,");
  noErrors(page);
  await page.context().close();
});
