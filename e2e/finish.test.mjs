// The seams of issue 55 in real Chromium, in French on a phone and in
// Spanish at desktop size: a leaderboard opened on the game its address
// names, with every built-in level on the bots' tab; the puzzles' game
// filter naming each game once; a puzzle's tile that fits two ends played
// with the table's end buttons; the score sheet's short "how" speaking to
// the reader ("dominaste", never "dominó de Tú"); French semicolons.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, DESKTOP, PHONE } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

const LEVELS = ["random", "heavy", "count", "heuristic", "expert"];
const GAMES = ["jamaican", "cutthroat", "french", "chiva", "puerto-rican", "block", "draw", "cross", "double-nine-cross", "all-fives", "fives-and-threes", "club-fives", "mexican-train", "chicken-foot"];

const RUNS = [
  { lang: "fr", locale: "fr-FR", size: "phone", viewport: PHONE, you: { domino: "votre domino", blocked: "bloqué, votre main la plus légère" } },
  { lang: "es", locale: "es-ES", size: "desktop", viewport: DESKTOP, you: { domino: "dominaste", blocked: "tranque, tenías menos" } },
];

for (const run of RUNS) {
  test(`${run.lang} at ${run.size} size: the leaderboard opens on the game its address names, and the bots' tab names every level`, async () => {
    const page = await newPlayer(env, `board-${run.lang}`, { viewport: run.viewport, locale: run.locale });
    await page.goto(env.base + "/leaderboard?game=club-fives");
    await page.waitForSelector("#boardgame option[value=club-fives]", { state: "attached" });
    assert.equal(await page.inputValue("#boardgame"), "club-fives");
    await page.click("#boardkind-bots");
    await page.waitForSelector("#board-unrated, #board-botaccounts");
    const named = await page.locator("#board [data-bot]").evaluateAll((els) => els.map((e) => e.dataset.bot));
    assert.deepEqual([...new Set(named)].sort(), [...LEVELS].sort(), `levels on the bots' tab: ${named}`);
    // The address follows the choices, so the board can be linked to.
    assert.match(page.url(), /\/leaderboard\?game=club-fives&kind=bots$/);
    await page.selectOption("#boardgame", "draw");
    await page.waitForFunction(() => location.search === "?game=draw&kind=bots");
    await shot(page, `finish-leaderboard-${run.lang}-${run.size}`);
    // Opened again from its address, it shows what was chosen.
    await page.goto(page.url());
    await page.waitForSelector("#board-unrated, #board-botaccounts");
    assert.equal(await page.inputValue("#boardgame"), "draw");
    assert.equal(await page.getAttribute("#boardkind-bots", "aria-pressed"), "true");
    noErrors(page);
  });

  test(`${run.lang} at ${run.size} size: the puzzles' filter names each game once, and a tile fitting two ends is placed with end buttons`, async () => {
    const page = await newPlayer(env, `puzzle-ends-${run.lang}`, { viewport: run.viewport, locale: run.locale });
    const next = () => page.waitForResponse((r) => r.url().includes("/api/puzzles/next")).then((r) => r.json());
    let shown = next();
    await page.goto(env.base + "/puzzles");
    await page.waitForSelector("#puzzlegame option:nth-child(3)", { state: "attached" });
    const options = await page.locator("#puzzlegame option").evaluateAll((els) => els.slice(1).map((o) => ({ value: o.value, text: o.textContent })));
    assert.equal(new Set(options.map((o) => o.value)).size, options.length, `a game listed twice: ${JSON.stringify(options)}`);
    for (const o of options) {
      assert.ok(GAMES.includes(o.value), `not a game: ${o.value}`);
      // A name may hold digits ("Cinq en 61"); an id never has spaces or capitals.
      assert.ok(o.text !== o.value && !/^[a-z0-9_-]+$/.test(o.text), `a game named by its id: ${o.text}`);
    }
    // Puzzles until one whose legal tile fits two ends.
    let twoEnds = null;
    for (let i = 0; i < 60 && !twoEnds; i++) {
      const p = await shown;
      const byTile = new Map();
      for (const c of p.choices) if (c.type === "play" && c.end != null) byTile.set(c.tile, [...(byTile.get(c.tile) || []), c.end]);
      const tile = [...byTile].find(([, ends]) => ends.length > 1);
      if (tile) { twoEnds = { p, tile: tile[0], ends: tile[1] }; break; }
      shown = next();
      await page.click("#puzzlenext");
    }
    assert.ok(twoEnds, "no puzzle with a tile fitting two ends in 60");
    await page.waitForSelector(`#puzzlehand [data-tile="${twoEnds.tile}"]`);
    assert.equal(await page.locator("#puzzleends .endchoice").count(), 0, "no end buttons before a tile is chosen");
    await page.click(`#puzzlehand [data-tile="${twoEnds.tile}"]`);
    const buttons = await page.locator("#puzzleends .endchoice").evaluateAll((els) => els.map((b) => {
      const r = b.getBoundingClientRect();
      return { end: Number(b.dataset.end), text: b.textContent, w: r.width, h: r.height };
    }));
    assert.deepEqual(buttons.map((b) => b.end).sort(), [...twoEnds.ends].sort(), JSON.stringify(buttons));
    for (const b of buttons) assert.ok(b.h >= 44 && b.w >= 44 && /\S · \d/.test(b.text), `an end button named and big enough: ${JSON.stringify(b)}`);
    await shot(page, `finish-puzzle-ends-${run.lang}-${run.size}`);
    // Cancel, choose again, then play by the button.
    await page.click("#puzzlecancel");
    assert.equal(await page.locator("#puzzleends .endchoice").count(), 0);
    await page.click(`#puzzlehand [data-tile="${twoEnds.tile}"]`);
    await page.click(`#puzzleends .endchoice[data-end="${twoEnds.ends[0]}"]`);
    await page.waitForSelector("#puzzleverdict");
    assert.equal(await page.locator("#puzzleends .endchoice").count(), 0, "no end buttons after the try");
    // French writes a space before its semicolons.
    const reasons = (await page.locator("#puzzleresult").innerText());
    if (run.lang === "fr") assert.ok(!/[^\u202f ];/.test(reasons), `a French semicolon without its space: ${reasons}`);
    noErrors(page);
  });

  test(`${run.lang} at ${run.size} size: a missed puzzle keeps its answer back, is tried again unrated, and an answer is shown on asking`, async () => {
    const words = {
      fr: { miss: /Ce n'est pas celui-là/, unrated: /Non classé : seul votre premier essai/ },
      es: { miss: /Esa no es/, unrated: /Sin puntuar: solo cuenta tu primer intento/ },
    }[run.lang];
    const page = await newPlayer(env, `puzzle-retry-${run.lang}`, { viewport: run.viewport, locale: run.locale });
    const shownNext = () => page.waitForResponse((r) => r.url().includes("/api/puzzles/next")).then((r) => r.json());
    const tried = () => page.waitForResponse((r) => /\/api\/puzzles\/[^/]+\/try$/.test(r.url())).then((r) => r.json());
    /** Play `a` through the page: its tile, then its end's button when it fits two. */
    const play = async (p, a) => {
      await page.click(`#puzzlehand [data-tile="${a.tile}"]`);
      const ends = p.choices.filter((c) => c.type === "play" && c.tile === a.tile);
      if (ends.length > 1) await page.click(`#puzzleends .endchoice[data-end="${a.end}"]`);
    };
    let shown = shownNext();
    await page.goto(env.base + "/puzzles");
    // Puzzles of plays only, until a first try misses.
    let missed = null;
    for (let i = 0; i < 30 && !missed; i++) {
      const p = await shown;
      await page.waitForSelector("#puzzlehand .handtile.legal");
      if (p.choices.every((c) => c.type === "play")) {
        const answer = tried();
        await play(p, p.choices[p.choices.length - 1]);
        const r = await answer;
        if (!r.right) { missed = { p, r }; break; }
      }
      shown = shownNext();
      await page.click("#puzzlenext");
    }
    assert.ok(missed, "no miss in 30 puzzles");
    await page.waitForSelector("#puzzleretry");
    assert.match(await page.textContent("#puzzleverdict"), words.miss);
    assert.equal(await page.locator("#puzzlevalues").count(), 0, "the values would give the answer away");
    assert.equal(await page.locator("#puzzleratings").count(), 1, "the first try is rated");
    await shot(page, `finish-puzzle-miss-${run.lang}-${run.size}`);
    // Again, with the answer: right, and not rated.
    await page.click("#puzzleretry");
    assert.equal(await page.locator("#puzzleverdict").count(), 0);
    const again = tried();
    await play(missed.p, missed.r.answer);
    const r = await again;
    assert.equal(r.right, true);
    assert.equal(r.unrated, "tried-before");
    await page.waitForSelector("#puzzleunrated");
    assert.match(await page.textContent("#puzzleunrated"), words.unrated);
    assert.equal(await page.locator("#puzzleratings").count(), 0);
    await page.waitForSelector("#puzzlevalues");
    await shot(page, `finish-puzzle-retried-${run.lang}-${run.size}`);
    // A miss shown on asking: the answer, its values and its reason.
    for (let i = 0; i < 30; i++) {
      shown = shownNext();
      await page.click("#puzzlenext");
      const p = await shown;
      await page.waitForSelector("#puzzlehand .handtile.legal");
      if (!p.choices.every((c) => c.type === "play")) continue;
      const answer = tried();
      await play(p, p.choices[p.choices.length - 1]);
      if ((await answer).right) continue;
      await page.click("#puzzlereveal");
      await page.waitForSelector("#puzzlevalues");
      assert.equal(await page.locator("#puzzleretry").count(), 0);
      assert.ok((await page.textContent("#puzzlewhy, #puzzlecount").catch(() => "")) !== "", "the answer has a reason");
      break;
    }
    noErrors(page);
  });

  test(`${run.lang} at ${run.size} size: a bot account's page shows how to run a program with this site's address, and the bot API is a page of the site`, async () => {
    const words = {
      fr: { run: /Lancer un programme avec un jeton/, docs: /L'API des bots/, english: /qu'en anglais/, none: /ce bot aura son classement/ },
      es: { run: /Ejecutar un programa con un token/, docs: /La API de bots/, english: /solo está en inglés/, none: /este bot tendrá su puntuación/ },
    }[run.lang];
    const page = await newPlayer(env, `botdocs-${run.lang}`, { viewport: run.viewport, locale: run.locale });
    await page.goto(env.base + "/");
    await page.fill("#name", `Robo${run.lang}`);
    await page.click("#profilecreate");
    await page.waitForSelector("#myprofile");
    await page.click("#myprofile");
    await page.waitForSelector("#botacct-make");
    page.once("dialog", (d) => d.accept());
    await page.click("#botacct-make");
    await page.waitForSelector("#botacct-run");
    assert.match(await page.innerText("#botacct-run"), words.run);
    const cli = await page.innerText("#botacct-run-cli");
    assert.ok(cli.includes(`domino bot --server ${env.base} `), cli);
    assert.ok(!/dbt_[0-9A-Za-z]{40}/.test(cli), "no token on a command line");
    const py = await page.innerText("#botacct-run-python");
    assert.ok(py.includes(`domino.connect("${env.base}"`), py);
    assert.doesNotMatch(await page.innerText("#botacct"), /docs\/botapi\.md/);
    assert.match(await page.innerText("#profilepage"), words.none, "a bot's profile speaks of the bot");
    await shot(page, `finish-botacct-${run.lang}-${run.size}`);
    // The bot API's page, in the site, from the link.
    await page.click("#botacct-docs");
    await page.waitForURL(/\/bots\/api$/);
    await page.waitForSelector("#botdocs-text h2");
    assert.match(await page.innerText("#botdocs-english"), words.english);
    const headings = await page.locator("#botdocs-text h2").allInnerTexts();
    assert.ok(headings.includes("Accounts and tokens") && headings.includes("Limits"), headings.join(" | "));
    assert.match(await page.title(), words.docs);
    // Code and tables scroll inside their boxes: the page itself never scrolls sideways.
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(wide <= 1, `the page is ${wide} px too wide`);
    await shot(page, `finish-botdocs-${run.lang}-${run.size}`);
    // Opened by its address too.
    await page.goto(env.base + "/bots/api");
    await page.waitForSelector("#botdocs-text h1");
    // The HTTP reference, written from the OpenAPI document, one link away and back.
    await page.click("#botdocs-to-reference");
    await page.waitForSelector("#botdocs-text h3#schema-refusal");
    const ops = await page.locator("#botdocs-text h3 code").allInnerTexts();
    assert.ok(ops.includes("POST /api/challenges") && ops.includes("GET /api/bot/tables"), ops.join(" | "));
    const wideRef = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(wideRef <= 1, `the reference is ${wideRef} px too wide`);
    await shot(page, `finish-botref-${run.lang}-${run.size}`);
    await page.click("#botdocs-to-guide");
    await page.waitForSelector("#botdocs-text h1");
    noErrors(page);
  });

  test(`${run.lang} at ${run.size} size: the score sheet's short how speaks to the reader`, async () => {
    const page = await newPlayer(env, `how-${run.lang}`, { viewport: run.viewport, locale: run.locale });
    await page.goto(env.base + "/leaderboard");
    await page.waitForSelector("#boardgame option", { state: "attached" });
    const said = await page.evaluate(async () => {
      const { people, resultShort } = await import("/names.js");
      const state = { rules: { players: 2 }, scores: [0, 0] };
      const P = people([{ name: "Ana" }, { name: "Bea" }], state, 0);
      const winner = (side) => ({ side });
      return {
        mine: resultShort(P, { reason: "domino", seat: 0, winner: winner(0) }),
        hers: resultShort(P, { reason: "domino", seat: 1, winner: winner(1) }),
        blockedMine: resultShort(P, { reason: "blocked", seat: 0, winner: winner(0) }),
        blockedHers: resultShort(P, { reason: "blocked", seat: 1, winner: winner(1) }),
      };
    });
    assert.equal(said.mine, run.you.domino);
    assert.equal(said.blockedMine, run.you.blocked);
    assert.match(said.hers, /Bea/);
    assert.match(said.blockedHers, /Bea/);
    for (const s of Object.values(said)) assert.ok(!/\b(Tú|Toi|Vous|You)\b/.test(s), `the reader named as a person: ${s}`);
    noErrors(page);
  });
}
