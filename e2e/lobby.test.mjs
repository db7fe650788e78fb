// The lobby's first screen and its words in real Chromium (issue 39,
// "First contact" and "Languages"; issue 55, "One tap to a game"): on a
// 390x844 phone, in English, Spanish and French, one name field and the
// quick games' grid show without scrolling and end well above the
// browser's bars, and the computer's form gives the level in words;
// house rules are named in words with their meaning written under them; a
// two-player table names the other seat as your opponent; the leaderboard
// keeps provisional players apart; French counts 0 and 1 in the singular.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, createFriends, openCustom, playHand, playToMatchEnd, DESKTOP, PHONE } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

const LANGS = [
  { code: "en", locale: "en-US", level: "Opponent level", strong: "Strong: plays like a good club player", claims: "Scoring your points", opponent: "your opponent, across" },
  { code: "es", locale: "es-ES", level: "Nivel de la computadora", strong: "Fuerte: como un buen jugador de club", claims: "Cómo se anotan los puntos", opponent: "tu rival, de frente" },
  { code: "fr", locale: "fr-FR", level: "Niveau de l'ordinateur", strong: "Fort : comme un bon joueur de club", claims: "Marquer ses points", opponent: "votre adversaire, en face" },
];

// Where the bottom of `sel` is on the first screen, in px from the top.
const bottomOf = (page, sel) => page.locator(sel).evaluate((e) => e.getBoundingClientRect().bottom);

for (const L of LANGS) {
  for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    test(`the first screen in ${L.code} at ${size} size: one name and the quick games above the fold; the computer's form gives the level in words`, async () => {
      const page = await newPlayer(env, `first-${L.code}-${size}`, { viewport, locale: L.locale });
      await page.goto(env.base + "/");
      await openCustom(page);
      await page.waitForSelector("#qgrid .qtile");
      // The name, then the grid, whole on the first screen.
      assert.ok(await bottomOf(page, "#name") < await bottomOf(page, "#qgrid"));
      const last = await bottomOf(page, "#qgrid");
      assert.ok(last < viewport.height - 100, `the grid ends at ${last} px`);
      // The custom games' forms: folded on a phone, open at desktop size.
      await openCustom(page);
      // One name field: a profile is that name, kept.
      assert.equal(await page.locator("main input[autocomplete=nickname]").count(), 1);
      assert.equal(await page.locator("#profilename").count(), 0);
      // The levels in words, no ratings.
      const levels = await page.locator("#quicklevel option").allInnerTexts();
      assert.equal(levels.length, 5);
      assert.ok(levels.includes(L.strong), `${levels}`);
      for (const l of levels) assert.doesNotMatch(l, /\d/);
      // Names as players say them: the level, and the games' names reviewed
      // (not "Jugadores de la computadora", "Tout par cinq", "En 100").
      assert.equal(await page.locator("label.field:has(#quicklevel) span").innerText(), L.level);
      const games = await page.locator("#quickgame option").allInnerTexts();
      assert.equal(games.length, 14);
      for (const g of games) assert.doesNotMatch(g, /Portoricain aux points|Tout par cinq|Cincos de club|En 100|Jugadores de la computadora|Joueurs de l'ordinateur/);
      // The computer is "l'ordinateur", "la computadora", not its "players",
      // anywhere in the lobby; each game's line is a sentence.
      assert.doesNotMatch(await page.locator("main").innerText(), /joueurs? de l'ordinateur|jugadores? de la computadora/i);
      if (L.code === "fr") assert.match(await page.locator('#games dt:has([data-game="jamaican"]) + dd').textContent(), /^Deux équipes de deux : la première à six manches gagne/);
      // Nothing scrolls sideways.
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > innerWidth), false);
      await shot(page, `lobby-first-${L.code}-${size}`);
      noErrors(page);
      await page.context().close();
    });
  }
}

for (const [L, size, viewport] of [[LANGS[2], "phone", PHONE], [LANGS[1], "desktop", DESKTOP], [LANGS[0], "phone", PHONE]]) {
  test(`house rules in words with their meaning shown, and a two-player seat plan, in ${L.code} at ${size} size`, async () => {
    const page = await newPlayer(env, `rules-${L.code}`, { viewport, locale: L.locale });
    await page.goto(env.base + "/");
    await openCustom(page);
    await page.waitForSelector("#game");
    await page.selectOption("#game", "all-fives");
    await page.click("#newtable .houserules summary");
    const rules = page.locator("#opts label.option");
    assert.ok(await rules.count() >= 3);
    const names = await page.locator("#opts .optname").allInnerTexts();
    assert.ok(names.includes(L.claims), `${names}`);
    for (const n of names) assert.doesNotMatch(n, /^(claims|muggins by|hand size)$/);
    // Each rule's meaning is on the page, visible, not in a tooltip.
    for (let i = 0; i < await rules.count(); i++) {
      const help = rules.nth(i).locator(".optionhelp");
      assert.ok(await help.isVisible());
      assert.ok((await help.innerText()).length > 10);
      assert.equal(await rules.nth(i).getAttribute("title"), null);
    }
    const box = await page.locator("#opts").evaluate((e) => e.getBoundingClientRect().right);
    assert.ok(box <= viewport.width, "the rules fit the screen");
    await shot(page, `lobby-rules-${L.code}-${size}`);
    // Two players: the other seat is your opponent, not "player 2 in turn".
    await page.selectOption("#game", "draw");
    await page.selectOption("#players", "2");
    assert.equal(await page.getAttribute("#plan-1", "aria-label"), L.opponent);
    noErrors(page);
    await page.context().close();
  });
}

for (const [size, viewport] of [["phone", PHONE], ["desktop", DESKTOP]]) {
test(`French counts 0 and 1 in the singular: 0 point, 1 domino, 0 manche (${size})`, async () => {
  const page = await newPlayer(env, "pluriel", { viewport, locale: "fr-FR" });
  await page.goto(env.base + "/");
  await openCustom(page);
  await page.waitForSelector("#quickplay");
  const said = await page.evaluate(async () => {
    const { t } = await import("/words.js");
    return [t("result-pips", { count: 0 }), t("result-pips", { count: 1 }), t("result-pips", { count: 2 }),
      t("seat-tiles", { count: 0 }), t("seat-tiles", { count: 1 }), t("lobby-hands", { count: 0 }), t("boneyard", { count: 0 })];
  });
  assert.deepEqual(said, ["0 point", "1 point", "2 points", "0 domino", "1 domino", "0 manche", "Pioche : 0 domino"]);
  noErrors(page);
  await page.context().close();
});
}

for (const [size, viewport] of [["phone", PHONE], ["desktop", DESKTOP]]) {
  test(`the French score sheet of four players shows its comments whole, nothing sideways, at ${size} size`, async () => {
    const page = await newPlayer(env, "feuille", { viewport, locale: "fr-FR" });
    const sheet = await (await fetch(env.base + "/api/sheets", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ rules: { preset: "draw", players: 4, options: { partners: false } }, names: ["Annabelle", "Bonaventure", "Cyrille", "Dieudonné"] }) })).json();
    await page.goto(`${env.base}/k/${sheet.id}#${sheet.secret}`);
    await page.waitForSelector("#keep-form");
    await page.check('[data-out="0"]');
    for (const [s, n] of [[1, 9], [2, 4], [3, 12]]) await page.fill(`[data-count="${s}"]`, String(n));
    await page.click("#keep-enter");
    await page.waitForSelector('#sheet tr[data-hand="1"]');
    const how = page.locator('#sheet tr[data-hand="1"] .how');
    assert.match(await how.innerText(), /domino de Annabelle/);
    const fits = await page.evaluate(() => {
      const wrap = /** @type {HTMLElement} */ (document.querySelector("#sheet").parentElement);
      const right = Math.max(...[...document.querySelectorAll("#sheet th, #sheet td")].map((e) => e.getBoundingClientRect().right));
      return { page: document.documentElement.scrollWidth <= innerWidth, wrap: wrap.scrollWidth <= wrap.clientWidth, right: right <= innerWidth };
    });
    assert.deepEqual(fits, { page: true, wrap: true, right: true });
    // Each side's name heads its column whole, on one line, not broken in two.
    const broken = await page.evaluate(() => [...document.querySelectorAll("#sheet thead th")].filter((th) => {
      const r = document.createRange();
      r.selectNodeContents(th);
      return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size > 1;
    }).map((th) => th.textContent));
    assert.deepEqual(broken, [], "names broken in two");
    await shot(page, `keep-sheet-fr-${size}`);
    noErrors(page);
    await page.context().close();
  });
}

for (const [size, viewport] of [["phone", PHONE], ["desktop", DESKTOP]]) {
test(`the French leaderboard at ${size} size: people, provisional players and computer levels apart`, async () => {
  const page = await newPlayer(env, "classement", { viewport, locale: "fr-FR" });
  // A profile with one rated match: provisional.
  const name = `Élodie ${size}`;
  await page.goto(env.base + "/");
  await openCustom(page);
  await page.fill("#name", name);
  await page.click("#profilecreate");
  await page.waitForSelector("#profilewho");
  await createFriends(env, page, { game: "draw", players: 2, options: { target: 1 }, name });
  await playHand([page]);
  await playToMatchEnd(page);
  await page.goto(env.base + "/leaderboard");
  await page.selectOption("#boardgame", "draw");
  await page.waitForSelector("#board-bots li");
  assert.deepEqual(await page.locator("#board h2").allInnerTexts(), ["Joueurs", "Classements provisoires", "Niveaux de l'ordinateur"]);
  // Listed apart from the settled players, marked "?".
  assert.match(await page.locator("#board-provisional").innerText(), new RegExp(`${name} \\d+\\?`));
  assert.match(await page.locator("#board-bots [data-bot=heuristic]").innerText(), /^Fort · \d{3,4} \(\d{3,4}–\d{3,4}\)$/);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > innerWidth), false);
  await shot(page, `leaderboard-fr-${size}`);
  noErrors(page);
  await page.context().close();
});
}

for (const [code, locale, size, viewport, two, counts] of [
  ["es", "es-ES", "phone", PHONE, /^Esa mano no se puede anotar así: Ann & Bo \(1\) y Ann & Bo \(2\) no pueden haberse pegado los dos: solo se pega un jugador\.$/, /^Ningún reparto deja esas cuentas: Ann & Bo \(1\) y Cy & Di \(1\) no pueden tener esas cuentas a la vez/],
  ["fr", "fr-FR", "desktop", DESKTOP, /^Cette manche ne peut pas être comptée ainsi : Ann & Bo \(1\) et Ann & Bo \(2\) ne peuvent pas être sortis tous les deux : un seul joueur sort\.$/, /^Aucune donne ne laisse ces comptes : Ann & Bo \(1\) et Cy & Di \(1\) ne peuvent pas avoir ces comptes à la fois/],
]) {
  test(`the scorekeeper's refusals say the precise reason in ${code} at ${size} size`, async () => {
    const page = await newPlayer(env, `keeper-${code}`, { viewport, locale, allow: [/\/api\/sheets\/[0-9a-f]+\/hands$/, /status of 400/] });
    const sheet = await (await fetch(env.base + "/api/sheets", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ rules: { preset: "jamaican", players: 4, options: {} }, names: ["Ann & Bo", "Cy & Di"] }) })).json();
    await page.goto(`${env.base}/k/${sheet.id}#${sheet.secret}`);
    await page.waitForSelector("#keep-form");
    // Two players out at once.
    await page.check('[data-out="0"]');
    await page.check('[data-out="2"]');
    await page.click("#keep-enter");
    await page.waitForFunction(() => document.querySelector("#keep-error").textContent.length > 0);
    assert.match(await page.textContent("#keep-error"), two);
    // Counts no deal leaves.
    await page.uncheck('[data-out="0"]');
    await page.uncheck('[data-out="2"]');
    for (const [s, n] of [[0, 1], [1, 1], [2, 30], [3, 40]]) await page.fill(`[data-count="${s}"]`, String(n));
    await page.click("#keep-enter");
    await page.waitForFunction(() => /^(Ningún reparto|Aucune donne)/.test(document.querySelector("#keep-error").textContent));
    const said = await page.textContent("#keep-error");
    assert.match(said, counts);
    assert.doesNotMatch(said, /no deal|the last tile|seat \d/);
    await shot(page, `keep-refused-${code}-${size}`);
    noErrors(page);
    await page.context().close();
  });
}

// The open tables' list names a seat kept for an invited friend as the
// invitation (not "·"), and a table whose only empty seats are invited
// ones is offered to watch, not to join.
for (const [code, locale, size, viewport, invited, watch] of [
  ["fr", "fr-FR", "phone", PHONE, "Invitation : place 3", "Regarder"],
  ["es", "es-ES", "desktop", DESKTOP, "Invitación: puesto 3", "Mirar"],
]) {
  test(`the open tables name an invited seat as the invitation, in ${code} at ${size} size`, async () => {
    const host = await newPlayer(env, `host-${code}`, { viewport, locale });
    const id = await createFriends(env, host, { game: "jamaican", invite: [2], name: `Hana ${code}` });
    const page = await newPlayer(env, `lister-${code}`, { viewport, locale });
    await page.goto(env.base + "/");
    await openCustom(page);
    const row = page.locator(`#tables .tablerow:has(a[href="/t/${id}"])`);
    await row.waitFor();
    const said = await row.innerText();
    assert.ok(said.includes(`Hana ${code}`) && said.includes(invited), said);
    assert.doesNotMatch(said, /·\s*,|,\s*·/);
    assert.equal(await row.locator("a").innerText(), watch);
    await row.scrollIntoViewIfNeeded();
    await shot(page, `lobby-open-invited-${code}-${size}`);
    for (const p of [host, page]) { noErrors(p); await p.context().close(); }
  });
}

// Every game's house rules, in the player's language: each named in words
// with its explanation, none by the engine's own name ("capicu_same_ends")
// or with the server's English help.
for (const [code, locale, size, viewport] of [["fr", "fr-FR", "phone", PHONE], ["es", "es-ES", "desktop", DESKTOP]]) {
  test(`every game's house rules are named and explained in ${code} at ${size} size`, async () => {
    const page = await newPlayer(env, `rules-${code}`, { viewport, locale });
    await page.goto(env.base + "/");
    await openCustom(page);
    await page.waitForSelector("#game option", { state: "attached" });
    const presets = await (await fetch(env.base + "/api/presets")).json();
    await page.click("#newtable .houserules summary");
    for (const p of presets) {
      await page.selectOption("#game", p.name);
      const shown = await page.evaluate(() => [...document.querySelectorAll("#opts [data-opt]")].map((e) => e.getAttribute("data-opt")));
      for (const o of p.options.filter((o) => shown.includes(o.name))) {
        const said = await page.locator(`#opts label.option:has([data-opt=${o.name}])`).innerText();
        // No engine key (capicu_same_ends, team_total) for a name or a choice.
        assert.doesNotMatch(said, /\b[a-z]+_[a-z_]+\b/, `${p.name}: ${o.name} named by its key`);
        assert.ok(!said.includes(o.help), `${p.name}: ${o.name} explained in the server's English: ${said}`);
      }
    }
    await page.selectOption("#game", "puerto-rican");
    await page.locator("#opts").scrollIntoViewIfNeeded();
    await shot(page, `lobby-rules-puerto-rican-${code}-${size}`);
    noErrors(page);
    await page.context().close();
  });
}

// On a phone, what a finger taps beyond the table is at least 24x24 px too:
// the lobby's forms and folded house rules, the games' names, the
// scorekeeper's switches, the tournament form and the leaderboard's links
// (links inside a sentence excepted).
for (const [code, locale] of [["fr", "fr-FR"], ["es", "es-ES"]]) {
  test(`on a phone in ${code}, the lobby's, the scorekeeper's, the tournaments' and the leaderboard's controls are at least 24x24`, async () => {
    const page = await newPlayer(env, `targets-${code}`, { viewport: PHONE, locale });
    const sheet = await (await fetch(env.base + "/api/sheets", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ rules: { preset: "jamaican", players: 4, options: {} }, names: ["Ann & Bo", "Cy & Di"] }) })).json();
    for (const [path, ready] of [["/", "#gamesfold summary"], [`/k/${sheet.id}#${sheet.secret}`, "#keep-form"], ["/tournaments", "#app summary"], ["/leaderboard", "#leaderboard > p > a"]]) {
      await page.goto(env.base + path);
      await page.waitForSelector(ready);
      const small = await page.evaluate(() => [...document.querySelectorAll("main button, main a, main summary, main input, main select")]
        .filter((e) => !(e.tagName === "A" && e.parentElement && e.parentElement.childNodes.length > 1 && /\S/.test([...e.parentElement.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(""))))
        .map((e) => ({ e, b: e.getBoundingClientRect() }))
        .filter(({ e, b }) => b.width > 0 && b.height > 0 && getComputedStyle(e).visibility !== "hidden")
        .filter(({ b }) => b.width < 24 || b.height < 24)
        .map(({ e, b }) => `${e.tagName}#${e.id}.${e.getAttribute("class")} "${(e.textContent || "").trim().slice(0, 20)}" ${b.width.toFixed(0)}x${b.height.toFixed(0)}`));
      assert.deepEqual(small, [], `${path}: controls under 24x24`);
      // The games' names, folded on a phone, once opened.
      if (path === "/") {
        await page.click("#gamesfold summary");
        const names = await page.locator("#games button.linkish").evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().height));
        assert.ok(names.length === 14 && names.every((hgt) => hgt >= 24), `${names}`);
      }
    }
    await shot(page, `targets-leaderboard-${code}-phone`);
    noErrors(page);
    await page.context().close();
  });
}

// "Play a bot" names each built-in level once, then says how it plays
// ("Débutant BOT joue ce qui va", not "Débutant BOT Débutant : joue ce qui va").
for (const [code, locale, size, viewport, beginner] of [["fr", "fr-FR", "phone", PHONE, "Débutant"], ["es", "es-ES", "desktop", DESKTOP, "Principiante"]]) {
  test(`"Play a bot" names each built-in level once, in ${code} at ${size} size`, async () => {
    const page = await newPlayer(env, `levels-${code}`, { viewport, locale });
    await page.goto(env.base + "/");
    await openCustom(page);
    await page.waitForSelector("#pb-builtin li");
    const rows = await page.locator("#pb-builtin li").allInnerTexts();
    assert.equal(rows.length, 5);
    assert.ok(rows[0].startsWith(beginner), rows[0]);
    for (const row of rows) {
      const name = row.split(/\s/)[0];
      assert.equal(row.split(name).length - 1, 1, `the level's name said once: ${row}`);
      assert.doesNotMatch(row, /\d{3,4}/, "a level in words, its rating on the leaderboard");
    }
    await page.locator("#playbot").scrollIntoViewIfNeeded();
    await shot(page, `lobby-playbot-${code}-${size}`);
    noErrors(page);
    await page.context().close();
  });
}

// The lobby on a phone: the games' list, a thousand pixels of reference,
// is folded under its title at the bottom and opens with a tap; at desktop
// size it stands open beside the lobby.
for (const [code, locale, size, viewport] of [["fr", "fr-FR", "phone", PHONE], ["es", "es-ES", "desktop", DESKTOP]]) {
  test(`the games' list is folded on a phone and open at desktop size (${code}, ${size})`, async () => {
    const page = await newPlayer(env, `games-${code}-${size}`, { viewport, locale });
    await page.goto(env.base + "/");
    await openCustom(page);
    await page.waitForSelector("#gamesfold summary");
    const phone = size === "phone";
    assert.equal(await page.locator("#gamesfold[open]").count(), phone ? 0 : 1);
    assert.equal(await page.locator("#games dt").first().isVisible(), !phone);
    const folded = await page.locator("#gamesfold").evaluate((e) => e.getBoundingClientRect().height);
    if (phone) {
      assert.ok(folded < 60, `the folded list is ${folded} px tall on a phone`);
      await page.click("#gamesfold summary");
      await page.locator("#games dt").first().waitFor();
      assert.equal(await page.locator("#games dt").count(), 14);
    }
    await page.locator("#gamesfold").scrollIntoViewIfNeeded();
    await shot(page, `lobby-games-${code}-${size}`);
    noErrors(page);
    await page.context().close();
  });
}
