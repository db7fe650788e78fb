// The puzzles page in real Chromium: from the lobby's link, one puzzle
// solved right and one wrong, with the answer, the solver's values and
// both ratings moving, at desktop and at phone size.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, DESKTOP, PHONE, puzzleKey, samePlay as same, playPuzzle as play, puzzleTiles, puzzleLast, stationPuzzle } from "./helpers.mjs";

/** The answer key: the shipped set, by id. */
const KEY = puzzleKey();

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

/** Wait for the next puzzle the page loads, and read it from its answer. */
const nextShown = (page) => page.waitForResponse((r) => r.url().includes("/api/puzzles/next")).then((r) => r.json());

/** The two ratings shown after a try, as numbers. */
async function ratings(page) {
  const text = await page.textContent("#puzzleratings");
  return [...text.matchAll(/(\d+) \(([+-]\d+)\)/g)].map((m) => Number(m[2]));
}

for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`a puzzle solved right and one wrong at ${size} size`, async () => {
    const page = await newPlayer(env, `puzzler-${size}`, { viewport });
    await page.goto(env.base + "/");
    const first = nextShown(page);
    await page.click("#topuzzles");
    await page.waitForURL(/\/puzzles$/);
    let shown = await first;
    await page.waitForSelector("#puzzlehand .handtile.legal");
    await page.waitForSelector(puzzleTiles(shown));
    await shot(page, `puzzles-${size}-puzzle`);
    // The themes would give the answer away: none before the try.
    assert.equal(await page.locator(".chip").count(), 0, "no theme shown before the try");
    // Right.
    let key = KEY.get(shown.id);
    await play(page, shown, key.answer);
    await page.waitForSelector("#puzzleverdict.right");
    assert.equal(await page.locator(".chip").count(), key.themes.length, "the themes after the try");
    assert.equal(await page.locator("#puzzlevalues tr").count(), key.choices.length);
    let [mine, its] = await ratings(page);
    assert.ok(mine > 0 && its < 0, `right: ${mine} ${its}`);
    await shot(page, `puzzles-${size}-right`);
    // Wrong, on a counting puzzle of the theme chosen.
    const second = nextShown(page);
    await page.selectOption("#puzzletheme", "passes");
    shown = await second;
    assert.equal(shown.kind, "counting");
    await page.waitForFunction((id) => !document.querySelector("#puzzleverdict"), shown.id);
    key = KEY.get(shown.id);
    const miss = key.choices.map((c) => c.action).find((a) => !same(a, key.answer));
    await play(page, shown, miss);
    await page.waitForSelector("#puzzleverdict.wrong");
    // A miss keeps the answer back until asked for.
    assert.equal(await page.locator("#puzzlewhy").count(), 0);
    await page.click("#puzzlereveal");
    await page.waitForSelector("#puzzlewhy");
    // The answer in words, from what the mover could see.
    assert.match(await page.textContent("#puzzlewhy"), /^Why: .+\.$/);
    [mine, its] = await ratings(page);
    assert.ok(mine < 0 && its > 0, `wrong: ${mine} ${its}`);
    await shot(page, `puzzles-${size}-wrong`);
    // The next puzzle clears the answer.
    await page.click("#puzzlenext");
    await page.waitForFunction(() => !document.querySelector("#puzzleverdict"));
    // A game chosen: the next puzzles are of that game (and the theme kept).
    await page.waitForSelector('#puzzlegame option[value="club-fives"]', { state: "attached" });
    const third = nextShown(page);
    await page.selectOption("#puzzlegame", "club-fives");
    shown = await third;
    assert.equal(shown.game, "club-fives");
    assert.ok(shown.themes.includes("passes"), shown.themes.join());
    assert.match(await page.textContent("#puzzleinfo"), /[Cc]lub/);
    noErrors(page);
  });
}

for (const [size, viewport, locale] of [["desktop", DESKTOP, "fr-FR"], ["phone", PHONE, "es-ES"]]) {
  test(`today's puzzle shows its board on the lobby, in ${locale} at ${size} size`, async () => {
    const page = await newPlayer(env, `daily-${size}`, { viewport, locale });
    const daily = page.waitForResponse((r) => r.url().includes("/api/puzzles/daily")).then((r) => r.json());
    await page.goto(env.base + "/");
    const shown = await daily;
    // The position in small, its game, kind and rating, and the way to it.
    await page.waitForSelector(`#dailycard ${puzzleTiles(shown, "#daily")}`);
    if (stationPuzzle(shown)) {
      // The station: a row per line, each showing its newest tiles and counting the rest.
      assert.equal(await page.locator("#dailystation .train").count(), shown.layout.chains.length);
      const counted = await page.locator("#dailystation .train").evaluateAll((rows) => rows.reduce((n, r) =>
        n + r.querySelectorAll(".traintiles svg[data-tile]").length + Number(r.querySelector(".more")?.textContent.match(/\d+/)?.[0] || 0), 0));
      assert.equal(counted + 1, shown.state.history.filter((e) => e.action.type === "play").length, "every tile at the station, the engine with them");
    } else {
      assert.equal(await page.locator("#dailyboard g.tile").count(), shown.state.history.filter((e) => e.action.type === "play").length);
    }
    const info = await page.textContent("#dailyinfo");
    assert.ok(info.includes(String(Math.round(shown.rating.rating)).slice(-3)), info);
    assert.match(info, locale === "fr-FR" ? /Problème / : /Problema /);
    assert.match(await page.textContent("#todaily"), locale === "fr-FR" ? /^Le résoudre$/ : /^Resolverlo$/);
    // On a desktop it heads the side column, in the first screen.
    if (size === "desktop") {
      const box = await page.locator("#dailycard").boundingBox();
      assert.ok(box && box.y + box.height <= viewport.height, JSON.stringify(box));
    }
    await page.locator("#dailycard").scrollIntoViewIfNeeded();
    await shot(page, `puzzles-daily-lobby-${size}-${locale}`);
    const opened = page.waitForResponse((r) => r.url().includes("/api/puzzles/daily")).then((r) => r.json());
    await page.click("#todaily");
    await page.waitForURL(/\/puzzles\?daily$/);
    assert.equal((await opened).id, shown.id);
    noErrors(page);
  });
}

test("today's puzzle from the lobby", async () => {
  const page = await newPlayer(env, "daily");
  await page.goto(env.base + "/");
  const daily = page.waitForResponse((r) => r.url().includes("/api/puzzles/daily")).then((r) => r.json());
  await page.click("#todaily");
  await page.waitForURL(/\/puzzles\?daily$/);
  const shown = await daily;
  assert.ok(KEY.has(shown.id));
  await page.waitForSelector("#puzzlehand .handtile.legal");
  assert.match(await page.textContent("#puzzletitle"), /Today/);
  // The next one is an ordinary puzzle.
  const next = nextShown(page);
  await page.click("#puzzlenext");
  assert.notEqual((await next).id, shown.id);
  await page.waitForFunction(() => !/Today/.test(document.querySelector("#puzzletitle").textContent));
  noErrors(page);
});

for (const [size, viewport, locale] of [["desktop", DESKTOP, "es-ES"], ["phone", PHONE, "fr-FR"]]) {
  test(`an open puzzle tried wrong is played out both ways, in ${locale} at ${size} size`, async () => {
    const page = await newPlayer(env, `lines-${size}`, { viewport, locale });
    let next = nextShown(page);
    await page.goto(env.base + "/puzzles?game=jamaican");
    let shown = await next;
    // The set mixes open and counting puzzles: go on to an open one.
    for (let i = 0; shown.kind !== "open" && i < 20; i++) {
      next = nextShown(page);
      await page.click("#puzzlenext");
      shown = await next;
    }
    assert.equal(shown.kind, "open");
    await page.waitForSelector("#puzzlehand .handtile.legal");
    const key = KEY.get(shown.id);
    const miss = key.choices.map((c) => c.action).find((a) => !same(a, key.answer));
    const tried = page.waitForResponse((r) => r.url().includes("/try")).then((r) => r.json());
    await play(page, shown, miss);
    const answer = await tried;
    await page.click("#puzzlereveal");
    await page.waitForSelector("#puzzleline #puzzlelinenext");
    assert.match(await page.textContent("#puzzlewhy"), /^(Por qué|Pourquoi) ?: /);
    // From the best play first: its first step is the answer, drawn last on the board.
    await page.click("#puzzlelinenext");
    assert.match(await page.textContent("#puzzlestep"), new RegExp(`^1 (de|sur) ${answer.line.length}`));
    assert.ok((await page.textContent("#puzzlestep")).includes(key.answer.tile));
    await page.waitForSelector(puzzleLast(shown, key.answer.tile));
    assert.equal(await page.locator(`#puzzlehand [data-tile="${key.answer.tile}"]`).count(), 0, "the tile played left the hand");
    await shot(page, `puzzles-line-${size}-${locale}`);
    // To the end, then the player's own play.
    for (let i = 1; i < answer.line.length; i++) await page.click("#puzzlelinenext");
    assert.ok(await page.locator("#puzzlelinenext").isDisabled());
    await page.click("#puzzlelineyours");
    assert.equal(await page.getAttribute("#puzzlelineyours", "aria-pressed"), "true");
    await page.click("#puzzlelinenext");
    await page.waitForSelector(puzzleLast(shown, miss.tile));
    await page.click("#puzzlelineback");
    assert.ok(await page.locator("#puzzlelineback").isDisabled(), "back at the position");
    await page.waitForSelector(`#puzzlehand [data-tile="${miss.tile}"]`);
    noErrors(page);
  });
}

for (const [size, viewport, locale] of [["desktop", DESKTOP, "es-ES"], ["phone", PHONE, "fr-FR"]]) {
  test(`a counting puzzle shows the passes so far, then says who passed, so how many deals, in ${locale} at ${size} size`, async () => {
    const page = await newPlayer(env, `count-${size}`, { viewport, locale });
    const next = nextShown(page);
    await page.goto(env.base + "/puzzles?theme=passes");
    const shown = await next;
    assert.equal(shown.kind, "counting");
    await page.waitForSelector("#puzzlehand .handtile.legal");
    // Before the try, what a player at the table saw: who passed on which numbers.
    assert.ok(shown.missed.length > 0, shown.id);
    const passes = await page.textContent("#puzzlepasses");
    assert.match(passes, locale === "es-ES" ? /^Pases hasta ahora: .*(pase|al pozo) con \d/ : /^Boudés jusqu'ici : .*(boudé|pioché) sur le \d/);
    const first = shown.missed[0];
    assert.ok(first.ends.every((n) => passes.includes(String(n))), `${JSON.stringify(first)} in ${passes}`);
    // And every turn of the hand, on demand.
    const turns = shown.state.history.filter((e) => ["play", "pass", "draw"].includes(e.action.type)).length;
    assert.equal(await page.locator("#puzzlehistory li").count(), turns);
    await page.click("#puzzlehistory summary");
    assert.ok(await page.locator("#puzzlehistory li").first().isVisible());
    await shot(page, `puzzles-count-before-${size}-${locale}`);
    const key = KEY.get(shown.id);
    const miss = key.choices.map((c) => c.action).find((a) => !same(a, key.answer));
    const tried = page.waitForResponse((r) => r.url().includes("/try")).then((r) => r.json());
    await play(page, shown, miss);
    const answer = await tried;
    await page.click("#puzzlereveal");
    const count = await page.textContent("#puzzlecount");
    // The chain the puzzle is about: the passes, so only the puzzle's deals, the answer best in all.
    const passed = locale === "es-ES" ? / no pudo jugar con .+ en la mesa/ : / n'a rien pu jouer sur le /;
    assert.match(count, locale === "es-ES" ? /^La cuenta: / : /^Le compte : /);
    if (answer.explained.lacks.length) assert.match(count, passed);
    assert.ok(count.includes(` ${shown.worlds} `), `${shown.worlds} deals in: ${count}`);
    assert.ok(count.includes(key.answer.tile), count);
    // Each play's deals out of the puzzle's.
    const rows = await page.locator("#puzzlevalues tr").allTextContents();
    assert.ok(rows.every((r) => r.includes(locale === "es-ES" ? ` de ${shown.worlds} repartos` : ` sur ${shown.worlds}`)), rows.join(" | "));
    // A seat named by its role reads as the language does ("del", "du"), never "de el", "de le".
    assert.doesNotMatch(await page.textContent("#puzzleresult"), /\bde (el|le) /);
    await shot(page, `puzzles-count-${size}-${locale}`);
    noErrors(page);
  });
}

test("a puzzle answered late for the game first shown does not replace the game chosen since", async () => {
  const page = await newPlayer(env, "late-answer", { viewport: PHONE });
  // The page's first ask (the default game's) is held until the second
  // (chicken foot's, chosen meanwhile) has been answered.
  let release = () => {};
  const held = new Promise((ok) => { release = ok; });
  let asked = 0, firstAsk = null;
  await page.route(/\/api\/puzzles\/next/, async (route) => {
    if (++asked === 1) {
      firstAsk = route.request();
      await held;
      return route.continue();
    }
    await route.fulfill({ response: await route.fetch() });
    release();
  });
  const late = page.waitForResponse((r) => firstAsk !== null && r.request() === firstAsk, { timeout: 30000 });
  await page.goto(env.base + "/puzzles");
  await page.waitForSelector('#puzzlegame option[value="chicken-foot"]', { state: "attached" });
  await page.selectOption("#puzzlegame", "chicken-foot");
  await page.waitForSelector("#puzzlestation .train");
  assert.notEqual((await (await late).json()).game, "chicken-foot");
  // Time for the page to take the late answer, were it to.
  await page.waitForTimeout(300);
  assert.equal(await page.locator("#puzzlegame").inputValue(), "chicken-foot");
  assert.ok(await page.locator("#puzzlestation .train").count() > 0, "chicken foot's station is still shown");
  assert.ok(await page.locator("#puzzleboard").evaluate((b) => getComputedStyle(b).display === "none"), "no line game's board");
  noErrors(page);
});

// The trains family's puzzles on the table's station: every line a row
// with its owner's place to the mover, the tiles to click, a tile that
// fits several trains asking which at the station, and after the try the
// solver's line played out on the station.
for (const [game, size, viewport, locale] of [["mexican-train", "phone", PHONE, "es-ES"], ["chicken-foot", "desktop", DESKTOP, "fr-FR"]]) {
  test(`a ${game} puzzle drawn as the station, answered from it, in ${locale} at ${size} size`, async () => {
    const page = await newPlayer(env, `trains-puzzler-${size}`, { viewport, locale });
    // The first puzzle (of the default game) is waited for: its answer is
    // not the one asked for below (once, on a loaded machine, it came after
    // the selection and was taken for it).
    const first = nextShown(page);
    await page.goto(env.base + "/puzzles");
    await first;
    await page.waitForSelector(`#puzzlegame option[value="${game}"]`, { state: "attached" });
    // Asked for until one comes whose answer's tile fits more than one train, or the tenth.
    let shown, key;
    for (let i = 0; i < 10; i++) {
      const next = nextShown(page);
      if (i === 0) await page.selectOption("#puzzlegame", game);
      else await page.click("#puzzlenext");
      shown = await next;
      key = KEY.get(shown.id);
      if (shown.choices.filter((c) => c.tile === key.answer.tile).length > 1) break;
    }
    assert.equal(shown.game, game);
    assert.ok(stationPuzzle(shown), JSON.stringify(shown.facts));
    await page.waitForSelector("#puzzlestation .train");
    assert.ok(await page.locator("#puzzleboard").evaluate((b) => getComputedStyle(b).display === "none"), "the line board is not drawn");
    assert.equal(await page.locator("#puzzlestation .train").count(), shown.layout.chains.length);
    // The mover's own train is "yours"; nothing sticks out sideways.
    if (game === "mexican-train") assert.equal(await page.locator("#puzzlestation .train.mine").count(), 1);
    assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth <= innerWidth), "no sideways scroll");
    await shot(page, `puzzles-${game}-${size}`);
    const several = shown.choices.filter((c) => c.tile === key.answer.tile).length > 1;
    await page.click(`#puzzlehand [data-tile="${key.answer.tile}"]`);
    if (several) {
      // The trains it fits are buttons at the station and under it, named.
      await page.waitForSelector("#puzzlestation button.trainend.choosable");
      assert.ok(await page.locator("#puzzleends .trainchoice").count() >= 2);
      await shot(page, `puzzles-${game}-${size}-choose`);
      await page.click(`#puzzlestation button.trainend.choosable[data-end="${key.answer.end}"]`);
    }
    await page.waitForSelector("#puzzleverdict.right");
    // The solver's line from the answer, on the station.
    if (await page.locator("#puzzlelinenext").count()) {
      await page.click("#puzzlelinenext");
      await page.waitForSelector(puzzleLast(shown, key.answer.tile));
      await shot(page, `puzzles-${game}-${size}-line`);
    }
    noErrors(page);
  });
}
