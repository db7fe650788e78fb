// How to play each game (/how/GAME), in real Chromium: the lobby links to a
// page for every game, each page reads in Spanish and French (the browser's
// language) with the players' own words, the table's header links to its
// game's page, and an unknown game is a page not found.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, quickStart } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

const LANGS = [
  { code: "en", locale: "en-US", title: /^How to play: /, headings: ["The aim", "The deal", "Your turn", "Scoring", "Winning the match"],
    words: { game: "jamaican", has: /six-love/ } },
  { code: "es", locale: "es-PR", title: /^Cómo se juega: /, headings: ["El objetivo", "El reparto", "Tu turno", "Los puntos", "Cómo se gana la partida"],
    words: { game: "puerto-rican", has: /capicú[\s\S]*chuchazo|tranque/ } },
  { code: "fr", locale: "fr-FR", title: /^Comment jouer : /, headings: ["Le but", "La donne", "À votre tour", "Les points", "Gagner la partie"],
    words: { game: "french", has: /boudez/ } },
];

for (const L of LANGS) {
  test(`the lobby links to every game's page, and each reads in ${L.code}`, async () => {
    const page = await newPlayer(env, `how-${L.code}`, { locale: L.locale });
    await page.goto(env.base + "/");
    await page.waitForSelector("#games a.howlink");
    const links = await page.locator("#games a.howlink").evaluateAll((as) => as.map((a) => [a.dataset.how, a.getAttribute("href"), a.getAttribute("aria-label")]));
    const presets = await (await fetch(env.base + "/api/presets")).json();
    assert.equal(links.length, presets.length);
    assert.equal(presets.length, 14);
    for (const p of presets) {
      const link = links.find(([name]) => name === p.name);
      assert.ok(link, `no link for ${p.name}`);
      assert.equal(link[1], `/how/${p.name}`);
    }

    // Opened from the lobby without reloading: the game's own page.
    await page.click(`#games a.howlink[data-how="${L.words.game}"]`);
    await page.waitForURL(new RegExp(`/how/${L.words.game}$`));
    await page.waitForSelector("#howto h1");
    const text = await page.locator("#howto").innerText();
    assert.match(text, L.words.has);
    await shot(page, `howto-${L.code}-${L.words.game}`);

    // Every game's page, loaded by its address: the title, the five parts
    // with their headings, and no message id showing through.
    for (const p of presets) {
      await page.goto(env.base + `/how/${p.name}`);
      await page.waitForSelector(`#howto[data-game="${p.name}"] h1`);
      assert.equal(await page.evaluate(() => document.documentElement.lang), L.code);
      assert.match(await page.locator("#howto h1").innerText(), L.title);
      assert.deepEqual(await page.locator("#howto .howto-part h2").allInnerTexts(), L.headings);
      const paras = await page.locator("#howto .howto-part p").allInnerTexts();
      assert.equal(paras.length, 5);
      for (const para of paras) {
        assert.ok(para.length > 30, `${p.name}: a short part: ${para}`);
        assert.doesNotMatch(para, /howto-/);
      }
      assert.equal(await page.locator(`#howto .howto-games a[aria-current="page"]`).getAttribute("href"), `/how/${p.name}`);
    }
    // Back to the lobby.
    await page.click("#howback");
    await page.waitForSelector("#games");
    noErrors(page);
  });
}

test("the table's header links to its game's page; an unknown game is not found", async () => {
  const page = await newPlayer(env, "how-table", { locale: "es-PR", allow: [/\/how\/nope|Failed to load resource/] });
  await quickStart(env, page, { game: "draw", name: "how-table" });
  const link = page.locator("#howlink");
  await link.waitFor({ state: "visible" });
  assert.equal(await link.getAttribute("href"), "/how/draw");
  assert.equal(await link.innerText(), "Cómo se juega");
  assert.equal(await link.getAttribute("target"), "_blank");

  const res = await page.goto(env.base + "/how/nope");
  assert.equal(res.status(), 404);
  await page.waitForSelector("#notfound");
  noErrors(page);
});
