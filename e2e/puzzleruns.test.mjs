// Puzzle streak, puzzle storm and the history of tries in real Chromium,
// in French on a phone and in Spanish on a desktop: a streak with one
// puzzle right and then a miss that ends it; a storm with its clock
// running, a right answer scoring and a miss costing 10 seconds; the
// history listing a puzzle tried, and its "Try again" opening it; axe-core
// finds nothing serious on each.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, DESKTOP, PHONE, puzzleKey, missOf, playPuzzle, axe, stationPuzzle, puzzleTiles } from "./helpers.mjs";

const KEY = puzzleKey();
const SIZES = [["phone", PHONE, "fr-FR"], ["desktop", DESKTOP, "es-ES"]];

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

/** The run the page starts, from the server's answer. */
const runStarted = (page) => page.waitForResponse((r) => r.url().endsWith("/api/puzzles/runs") && r.request().method() === "POST").then((r) => r.json());
/**
 * The answer to the page's next try in a run. It waits longer than a click
 * does, so that a try never sent fails on the click that did not make it,
 * with the click's own account, instead of on this wait.
 */
const runTried = (page) => page.waitForResponse((r) => /\/api\/puzzles\/runs\/[^/]+\/try$/.test(r.url()), { timeout: 30000 }).then((r) => r.json());

/** Wait until the hand shows exactly the tiles of `shown` (the next puzzle drawn), and its board with it. */
async function showing(page, shown) {
  const tiles = shown.state.hands[shown.seat];
  await page.waitForFunction((want) => {
    const have = [...document.querySelectorAll("#puzzlehand .handtile")].map((b) => b.getAttribute("data-tile"));
    return have.length === want.length && want.every((t) => have.includes(t));
  }, tiles);
  // The board on screen with the tiles laid (a run's board was once left
  // out of the page after its start screen, the hand alone shown).
  await page.waitForSelector(stationPuzzle(shown) ? "#puzzlestation" : "#puzzleboard");
  if (shown.state.history.some((e) => e.action.type === "play")) await page.waitForSelector(puzzleTiles(shown));
}

for (const [size, viewport, locale] of SIZES) {
  const fr = locale === "fr-FR";

  test(`a puzzle streak: one right, then a miss ends it, in ${locale} at ${size} size`, async () => {
    const page = await newPlayer(env, `streak-${size}`, { viewport, locale });
    const bests = page.waitForResponse((r) => r.url().includes("/api/puzzles/runs/best")).then((r) => r.json());
    await page.goto(env.base + "/puzzles?streak");
    assert.deepEqual(await bests, { streak: 0, storm: 0 }, "a new player has no best yet");
    await page.waitForSelector("#runstart");
    assert.equal(await page.getAttribute("#tab-streak", "aria-current"), "page");
    assert.equal(await page.getAttribute("#tab-puzzles", "aria-current"), null);
    assert.match(await page.textContent("#runhelp"), fr ? /Une seule erreur met fin à la série/ : /Un solo fallo termina la racha/);
    await axe(page, `streak start, ${locale}`);
    await shot(page, `puzzles-streak-start-${size}-${locale}`);
    const started = runStarted(page);
    await page.click("#runstart");
    const run = await started;
    assert.equal(run.kind, "streak");
    assert.equal(run.ends_ms, null, "a streak has no clock");
    assert.equal(await page.locator("#runclock").count(), 0);
    await showing(page, run.puzzle);
    assert.equal(await page.locator("#runstart").isVisible(), false, "no start while the run goes on");
    // Right: the next puzzle at once, the streak at 1.
    let key = KEY.get(run.puzzle.id);
    let tried = runTried(page);
    await playPuzzle(page, run.puzzle, key.answer);
    const right = await tried;
    assert.equal(right.right, true);
    assert.equal(right.score, 1);
    assert.ok(right.puzzle, "a next puzzle");
    await page.waitForSelector("#runlast.right");
    assert.match(await page.textContent("#runscore"), fr ? /^Série : 1$/ : /^Racha: 1$/);
    await showing(page, right.puzzle);
    await shot(page, `puzzles-streak-right-${size}-${locale}`);
    // A miss: over, the answer shown, the count, a new best, and again.
    key = KEY.get(right.puzzle.id);
    tried = runTried(page);
    await playPuzzle(page, right.puzzle, missOf(key));
    const miss = await tried;
    assert.equal(miss.right, false);
    assert.equal(miss.over, true);
    assert.equal(miss.puzzle, null);
    await page.waitForSelector("#runover");
    assert.match(await page.textContent("#runover"), fr ? /^Fin de la série : 1 problème résolu\.$/ : /^Fin de la racha: 1 problema resuelto\.$/);
    assert.ok((await page.textContent("#runlast.wrong")).includes(key.answer.tile), "the right play in words");
    assert.equal(miss.new_best, true);
    assert.match(await page.textContent("#runnewbest"), fr ? /Nouveau record/ : /Nuevo récord/);
    assert.equal(await page.locator("#puzzlehand .handtile.legal").count(), 0, "nothing more to play");
    assert.match(await page.textContent("#runstart"), fr ? /^Recommencer$/ : /^Empezar de nuevo$/);
    assert.ok(await page.locator("#runstart").isVisible());
    // The run's puzzles, each to try again.
    await page.click("#rundone summary");
    assert.deepEqual(await page.locator("#rundone a").evaluateAll((as) => as.map((a) => a.getAttribute("href"))),
      [`/puzzles?id=${run.puzzle.id}`, `/puzzles?id=${right.puzzle.id}`]);
    assert.match(await page.textContent("#rundone li:last-child"), fr ? / : manqué$/ : /: fallado$/);
    await page.locator("#runverdict").scrollIntoViewIfNeeded();
    await axe(page, `streak over, ${locale}`);
    await shot(page, `puzzles-streak-over-${size}-${locale}`);
    // A run tried after it ended is refused.
    const guest = await page.evaluate(() => localStorage.getItem("domino.guest"));
    const late = await page.request.post(`${env.base}/api/puzzles/runs/${run.run}/try`, { data: { puzzle: run.puzzle.id, action: key.answer, guest } });
    assert.equal(late.status(), 409);
    assert.equal((await late.json()).code, "run_over");
    noErrors(page);
  });

  test(`a puzzle storm: the clock runs, a right answer scores, a miss costs 10 s, in ${locale} at ${size} size`, async () => {
    const page = await newPlayer(env, `storm-${size}`, { viewport, locale });
    await page.goto(env.base + "/puzzles?storm");
    await page.waitForSelector("#runstart");
    assert.equal(await page.getAttribute("#tab-storm", "aria-current"), "page");
    assert.equal(await page.textContent("#runclock"), "03:00");
    assert.match(await page.textContent("#runhelp"), fr ? /10 secondes/ : /10 segundos/);
    await shot(page, `puzzles-storm-start-${size}-${locale}`);
    const started = runStarted(page);
    await page.click("#runstart");
    const run = await started;
    assert.equal(run.kind, "storm");
    assert.equal(run.ends_ms - run.now_ms, 180000);
    await showing(page, run.puzzle);
    // The clock counts down, and nothing around it moves as it does.
    assert.ok(await page.locator("#runclock").isVisible());
    assert.equal(await page.getAttribute("#runclock", "role"), "timer");
    const first = await page.textContent("#runclock");
    assert.match(first, /^0[23]:[0-5]\d$/);
    const board = await page.locator(".puzzleboardbox").boundingBox();
    const stats = await page.locator("#runstats").boundingBox();
    await page.waitForFunction((t) => document.querySelector("#runclock").textContent !== t, first);
    assert.deepEqual(await page.locator(".puzzleboardbox").boundingBox(), board, "the board stays put as the clock ticks");
    assert.deepEqual(await page.locator("#runstats").boundingBox(), stats);
    // Right: the score rises.
    let key = KEY.get(run.puzzle.id);
    let tried = runTried(page);
    await playPuzzle(page, run.puzzle, key.answer);
    const right = await tried;
    assert.equal(right.counted, true);
    assert.equal(right.score, 1);
    await page.waitForSelector("#runlast.right");
    assert.match(await page.textContent("#runscore"), fr ? /^Résolus : 1$/ : /^Resueltos: 1$/);
    await showing(page, right.puzzle);
    await axe(page, `storm, ${locale}`);
    await shot(page, `puzzles-storm-right-${size}-${locale}`);
    // A miss: 10 s off, "−10 s" flashed, the storm goes on.
    key = KEY.get(right.puzzle.id);
    tried = runTried(page);
    await playPuzzle(page, right.puzzle, missOf(key));
    const miss = await tried;
    assert.equal(miss.right, false);
    assert.equal(miss.over, false);
    assert.equal(miss.ends_ms, right.ends_ms - 10000);
    await page.waitForSelector("#runflash.on");
    assert.equal(await page.textContent("#runflash"), "−10 s");
    const [mm, ss] = (await page.textContent("#runclock")).split(":").map(Number);
    const left = mm * 60 + ss;
    assert.ok(left <= 170 && left >= 100, `about 10 s fewer: ${left} s left`);
    assert.match(await page.textContent("#runscore"), fr ? /^Résolus : 1$/ : /^Resueltos: 1$/);
    await showing(page, miss.puzzle);
    await page.waitForSelector("#puzzlehand .handtile.legal");
    await shot(page, `puzzles-storm-miss-${size}-${locale}`);
    noErrors(page);
  });

  test(`the history lists a puzzle tried, and "Try again" opens it, in ${locale} at ${size} size`, async () => {
    const page = await newPlayer(env, `history-${size}`, { viewport, locale });
    // Nothing tried yet: said, with the way to the puzzles.
    await page.goto(env.base + "/puzzles?history");
    await page.waitForSelector("#historyempty");
    assert.match(await page.textContent("#historyempty"), fr ? /aucun problème/ : /ningún problema/);
    assert.equal(await page.getAttribute("#historytopuzzles", "href"), "/puzzles");
    // One puzzle solved on the puzzles page.
    const next = page.waitForResponse((r) => r.url().includes("/api/puzzles/next")).then((r) => r.json());
    await page.click("#historytopuzzles");
    const shown = await next;
    await page.waitForSelector("#puzzlehand .handtile.legal");
    await playPuzzle(page, shown, KEY.get(shown.id).answer);
    await page.waitForSelector("#puzzleverdict.right");
    // Listed: its game by name, solved, rated, and the way back to it.
    await page.click("#tab-history");
    await page.waitForSelector("#historytable");
    const row = page.locator(`#historytable tbody tr[data-id="${shown.id}"]`);
    assert.equal(await row.count(), 1);
    const text = await row.textContent();
    const game = (await row.locator(".historygame").textContent()).trim();
    assert.ok(game && game !== shown.game, `the game by its name, not its id: ${game}`);
    assert.match(text, fr ? /Résolu/ : /Resuelto/);
    assert.match(text, fr ? /Classé/ : /Puntuado/);
    assert.match(text, new RegExp(String(new Date().getFullYear())), "the date written out");
    // A phone reads it without scrolling sideways.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no sideways scroll");
    await axe(page, `history, ${locale}`);
    await shot(page, `puzzles-history-${size}-${locale}`);
    const opened = page.waitForResponse((r) => r.url().includes(`/api/puzzles/${shown.id}?`)).then((r) => r.json());
    await row.locator("a[data-again]").click();
    await page.waitForURL(new RegExp(`/puzzles\\?id=${shown.id}$`));
    assert.equal((await opened).id, shown.id);
    await page.waitForSelector("#puzzlehand .handtile.legal");
    assert.equal(await page.getAttribute("#tab-puzzles", "aria-current"), "page");
    // Tried again: answered, not rated.
    await playPuzzle(page, shown, KEY.get(shown.id).answer);
    await page.waitForSelector("#puzzleverdict.right");
    assert.match(await page.textContent("#puzzleunrated"), fr ? /^Non classé/ : /^Sin puntuar/);
    noErrors(page);
  });
}
