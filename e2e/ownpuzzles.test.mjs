// A player's own puzzles in real Chromium, at desktop (English) and phone
// (French) size: a signed-in player plays block against the random bot,
// asks the coach on the replay, makes a marked move of their own into a
// puzzle ("Make this a puzzle"), and solves it under "My puzzles", where
// the match's move is named and nothing is rated; another player sees
// none of it. And on a phone the other hands' tiles are large enough to
// read.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, createFriends, playHand, playToMatchEnd, DESKTOP, PHONE } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

/** A new browser signed in as a new profile `name`. */
async function signedIn(name, opts) {
  const page = await newPlayer(env, name, opts);
  await page.goto(env.base + "/");
  await page.fill("#name", name);
  await page.click("#profilecreate");
  await page.waitForSelector("#profilewho");
  return page;
}

const WORDS = {
  en: { mine: /^My puzzles$/, made: /Kept in your puzzles/, played: /^In the match you played .+\.$/, unrated: /not rated/, none: /no puzzles of your own/ },
  fr: { mine: /^Mes problèmes$/, made: /Gardé dans vos problèmes/, played: /^Dans la partie, vous avez joué .+\.$/, unrated: /ne sont pas classés/, none: /pas encore de problèmes/ },
};

for (const [size, viewport, locale, lang] of [["desktop", DESKTOP, undefined, "en"], ["phone", PHONE, "fr-FR", "fr"]]) {
  test(`a marked move of one's own match made into a puzzle and solved under My puzzles (${lang}, ${size})`, async () => {
    const words = WORDS[lang];
    const name = `Own${size}`;
    // A position with no single best play is refused in words, with a 422.
    const page = await signedIn(name, { viewport, locale, allow: [/\/api\/puzzles\/own$/, /status of 422/] });
    let made = null;
    // A match's marks are random (the deal, the bot), and a mark the solver
    // cannot prove makes no puzzle: sixteen matches once had none (CI, stop
    // 64), forty leave that far less likely, and a match without one is
    // skipped before its replay is opened.
    for (let match = 0; match < 40 && !made; match++) {
      const id = await createFriends(env, page, { game: "block", players: 2, options: { target: 1 }, name });
      await playHand([page]);
      await playToMatchEnd(page);
      const a = await (await page.request.get(`${env.base}/api/analysis/${id}`)).json();
      // The marks in the list's order, and which of them are this player's (seat 0).
      const marked = a.hands.flatMap((h) => h.decisions).filter((d) => d.severity);
      if (!marked.some((d) => d.seat === 0 && d.puzzle)) continue;
      await page.goto(`${env.base}/r/${id}`);
      await page.click("#coach-ask");
      await page.waitForSelector("#coach-marks");
      for (let i = 0; i < marked.length && !made; i++) {
        if (marked[i].seat !== 0) continue;
        if (!(await page.locator("#coach-marks[open]").count())) await page.click("#coach-marks summary");
        await page.locator("#coach-marks .marklink").nth(i).click();
        // Offered only where the solver can make one, and then made.
        if (!marked[i].puzzle) {
          assert.equal(await page.locator("#coach-make").count(), 0, "offered where no puzzle can be made");
          continue;
        }
        await page.click("#coach-make");
        await page.waitForSelector("#coach-puzzle-open, #coach-puzzle-error");
        assert.equal(await page.locator("#coach-puzzle-error").count(), 0, await page.textContent("#coach-puzzle-said"));
        made = { id, d: marked[i] };
        assert.match(await page.textContent("#coach-puzzle-said"), words.made);
        await shot(page, `ownpuzzles-made-${size}-${lang}`);
      }
    }
    assert.ok(made, "a marked move of this player made a puzzle in forty matches");
    const shown = page.waitForResponse((r) => /\/api\/puzzles\/own\/[^/]+$/.test(r.url())).then((r) => r.json());
    await page.click("#coach-puzzle-open");
    await page.waitForURL(/\/puzzles\?own=/);
    const p = await shown;
    assert.ok(p.id.startsWith(made.id), p.id);
    assert.equal(p.rating, undefined, "not rated");
    await page.waitForSelector("#puzzlehand .handtile.legal");
    assert.match(await page.textContent("#puzzletitle"), words.mine);
    assert.equal(await page.getAttribute("#puzzlemine", "aria-pressed"), "true");
    await shot(page, `ownpuzzles-puzzle-${size}-${lang}`);
    // The match's own move again: the coach marked it, so it is not the answer.
    const mine = made.d.played;
    await page.click(`#puzzlehand [data-tile="${mine.tile}"]`);
    if (p.choices.filter((c) => c.tile === mine.tile).length > 1) {
      await page.click(`#puzzleboard g.end.choosable[data-end="${mine.end}"]`); // own puzzles here are of a line game
    }
    await page.waitForSelector("#puzzleverdict");
    // The coach's mark is a miss: its answer is shown on asking.
    await page.click("#puzzlereveal");
    assert.match(await page.textContent("#puzzleplayed"), words.played);
    assert.match(await page.textContent("#puzzleunrated"), words.unrated);
    assert.equal(await page.locator("#puzzleratings").count(), 0);
    await shot(page, `ownpuzzles-tried-${size}-${lang}`);
    noErrors(page);

    // Another player: none of it, on the page or from the server.
    const other = await signedIn(`Other${size}`, { viewport, locale, allow: [/\/api\/puzzles\/own\//, /status of 404/] });
    await other.goto(`${env.base}/puzzles?own=${encodeURIComponent(p.id)}`);
    await other.waitForFunction(() => (document.querySelector("#puzzleerror")?.textContent || "").length > 0);
    assert.match(await other.textContent("#puzzleerror"), words.none);
    assert.equal(await other.locator("#puzzlehand .handtile").count(), 0);
    assert.equal((await other.request.get(`${env.base}/api/puzzles/own/${encodeURIComponent(p.id)}`)).status(), 404);
    noErrors(other);
  });
}

test("the other hands' tiles are readable on a phone", async () => {
  const page = await newPlayer(env, "phone-reader", { viewport: PHONE });
  let next = page.waitForResponse((r) => r.url().includes("/api/puzzles/next")).then((r) => r.json());
  await page.goto(env.base + "/puzzles?game=jamaican");
  let shown = await next;
  for (let i = 0; shown.kind !== "open" && i < 20; i++) {
    next = page.waitForResponse((r) => r.url().includes("/api/puzzles/next")).then((r) => r.json());
    await page.click("#puzzlenext");
    shown = await next;
  }
  assert.equal(shown.kind, "open");
  await page.waitForSelector("#puzzleothers .minitile svg");
  const boxes = await page.locator("#puzzleothers .minitile svg").evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.width, r.height, r.right]));
  for (const [w, hgt, right] of boxes) {
    assert.ok(w >= 26 && hgt >= 48, `a tile of ${w}x${hgt} px`);
    assert.ok(right <= 390, "within the screen");
  }
  await page.locator("#puzzleothers").scrollIntoViewIfNeeded();
  await shot(page, "ownpuzzles-phone-others");
  noErrors(page);
});
