// The page in Spanish and French, in real Chromium: the language follows
// the browser (navigator.languages), then the server's reading of
// Accept-Language; the switch in the header changes it and is remembered;
// `<html lang>` follows. The lobby and a whole hand at a table are shown in
// each language's own words.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, quickStart, playHand } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

const htmlLang = (page) => page.evaluate(() => document.documentElement.lang);

const LANGS = [
  {
    code: "es", locale: "es-PR",
    lobby: { quick: "Jugar contra la computadora", open: "Mesas abiertas", game: "Dominó con pozo", option: /ficha clave/ },
    table: { boneyard: /Pozo: \d+ fichas?/, hand: /Mano 1/, log: /Las jugadas/ },
  },
  {
    code: "fr", locale: "fr-FR",
    lobby: { quick: "Jouer contre l'ordinateur", open: "Tables ouvertes", game: "Partie avec pioche", option: /domino clé/ },
    table: { boneyard: /Pioche : \d+ dominos?/, hand: /Manche 1/, log: /Le jeu/ },
  },
];

for (const L of LANGS) {
  test(`the lobby and a hand at a table in ${L.code}`, async () => {
    const page = await newPlayer(env, `${L.code}-player`, { locale: L.locale });
    await page.goto(env.base + "/");
    await page.waitForSelector("#quick h2");
    assert.equal(await htmlLang(page), L.code);
    assert.equal(await page.locator("#quick h2").innerText(), L.lobby.quick);
    assert.match(await page.locator("main").innerText(), new RegExp(L.lobby.open));
    assert.equal(await page.locator("#langswitch").inputValue(), L.code);
    // The games are named in the language.
    const games = await page.locator("#quickgame option").allInnerTexts();
    assert.ok(games.includes(L.lobby.game), `${games}`);
    // No English left in the lobby's headings.
    const headings = await page.locator("main h2").allInnerTexts();
    for (const h of headings) assert.doesNotMatch(h, /Play now|Open tables|Finished matches|The games/);
    // The house rules: names and help in the language.
    await page.selectOption("#game", "jamaican");
    await page.click("#newtable .houserules summary");
    const rules = page.locator("#newtable .houserules label.option");
    assert.match((await rules.allInnerTexts()).join(" | "), L.lobby.option);
    assert.doesNotMatch(await rules.first().locator(".optionhelp").innerText(), /^the |points that win/i);

    await quickStart(env, page, { game: "draw", name: `${L.code}-player` });
    assert.equal(await htmlLang(page), L.code);
    const felt = await page.locator("main").innerText();
    assert.match(felt, L.table.boneyard);
    assert.match(felt, L.table.log);
    await playHand([page]);
    await page.waitForSelector("#result:not([hidden])");
    assert.match(await page.locator("#result").innerText(), L.table.hand);
    await shot(page, `lang-${L.code}-result`);
    noErrors(page);
    await page.context().close();
  });
}

test("English stays the default for an en-US browser", async () => {
  const page = await newPlayer(env, "en-player", { locale: "en-US" });
  await page.goto(env.base + "/");
  await page.waitForSelector("#quick h2");
  assert.equal(await htmlLang(page), "en");
  assert.equal(await page.locator("#quick h2").innerText(), "Play the computer");
  noErrors(page);
  await page.context().close();
});

test("the switch changes the language, and it is remembered", async () => {
  const page = await newPlayer(env, "switcher", { locale: "en-US" });
  await page.goto(env.base + "/");
  await page.waitForSelector("#quick h2");
  const names = await page.locator("#langswitch option").allInnerTexts();
  assert.deepEqual(names.map((n) => n.toLowerCase()), ["english", "español", "français"]);
  await Promise.all([page.waitForEvent("load"), page.selectOption("#langswitch", "fr")]);
  await page.waitForSelector("#quick h2");
  assert.equal(await page.locator("#quick h2").innerText(), "Jouer contre l'ordinateur");
  assert.equal(await htmlLang(page), "fr");
  // A new page of the same browser: still French, though it asks for English.
  const again = await page.context().newPage();
  await again.goto(env.base + "/");
  await again.waitForSelector("#quick h2");
  assert.equal(await again.locator("#quick h2").innerText(), "Jouer contre l'ordinateur");
  noErrors(page);
  await page.context().close();
});

test("a browser language the page does not speak falls back to Accept-Language", async () => {
  // The request asks for Spanish; the page's navigator.languages says German.
  const page = await newPlayer(env, "de-player", { locale: "es-ES" });
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "languages", { get: () => ["de-DE", "de"] });
    Object.defineProperty(Navigator.prototype, "language", { get: () => "de-DE" });
  });
  const res = await page.goto(env.base + "/");
  assert.match(await res.text(), /<html lang="es">/);
  assert.deepEqual(await page.evaluate(() => navigator.languages), ["de-DE", "de"]);
  await page.waitForSelector("#quick h2");
  assert.equal(await page.locator("#quick h2").innerText(), "Jugar contra la computadora");
  noErrors(page);
  await page.context().close();
});
