// The coach in real Chromium, at desktop (1280x800) and phone (390x844)
// size: a hint at a table against a bot, with the expert's move and its
// reason in words; then the replay of the finished match asks the coach,
// shows each player's totals, lists the blunders, and a blunder's step is
// highlighted with what it cost and what the expert would have played.
// The lobby's level choice shows each level's measured rating.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, createFriends, playHand, playToMatchEnd, DESKTOP, PHONE } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

// Play a one-hand draw match against the random bot by clicking, asking
// for one hint on the way; returns the table id and the hint's words.
async function matchWithHint(page, name, size) {
  const id = await createFriends(env, page, { game: "draw", players: 2, options: { target: 1 }, name });
  let hint = null;
  await playHand([page], async (p) => {
    if (hint != null) return;
    // Called just after our move: wait for the bot's reply (our turn again)
    // or the hand's end, so a slow reply under load cannot skip every hint.
    await p.waitForSelector(".seat.me.toact, #result:not([hidden])");
    if (await p.locator("#result:not([hidden])").count()) return;
    if (!(await p.locator("#hint").count())) return;
    await p.click("#hint");
    await p.waitForFunction(() => /—/.test(document.querySelector("#status").textContent) || /No hint/.test(document.querySelector("#status").textContent));
    hint = await p.locator("#status").innerText();
    await shot(p, `coach-hint-${size}`);
  });
  await playToMatchEnd(page);
  return { id, hint };
}

for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`a hint with its reason, and the coach's analysis of the replay with a blunder highlighted, at ${size} size`, async () => {
    const page = await newPlayer(env, "Coachee", { viewport });
    // The lobby names each level in words; the leaderboard gives its rating and interval.
    await page.goto(env.base + "/leaderboard");
    await page.selectOption("#boardgame", "jamaican");
    await page.waitForSelector("#board-bots [data-bot=expert]");
    assert.match(await page.locator("#board-bots [data-bot=expert]").innerText(), /Expert.*\d{3,4} \(\d{3,4}–\d{3,4}\)/);
    // Matches until one has a blunder (a random bot and first-legal clicks
    // make them often); the hint is checked in each.
    let found = null;
    let hinted = 0;
    for (let tries = 0; tries < 6 && (!found || hinted === 0); tries++) {
      const { id, hint } = await matchWithHint(page, "Coachee", size);
      if (hint != null) {
        hinted++;
        assert.match(hint, /Hint: .+ — .+\./, "the move and its reason");
      }
      const r = await page.request.get(`${env.base}/api/analysis/${id}`);
      assert.equal(r.status(), 200);
      const a = await r.json();
      if (!found && a.hands.some((h) => h.decisions.some((d) => d.blunder))) found = { id, a };
    }
    assert.ok(hinted >= 1, "a hint was asked and answered");
    assert.ok(found, "a match with a blunder in six");
    await page.goto(`${env.base}/r/${found.id}`);
    await page.waitForSelector("#coach-ask");
    await page.click("#coach-ask");
    await page.waitForSelector("#coach-summary");
    // One row a player: decisions, costs, blunders.
    assert.equal(await page.locator("#coach-summary tbody tr").count(), 2);
    assert.match(await page.locator("#coach-summary tbody tr").first().innerText(), /Coachee/);
    const blunders = found.a.seats.reduce((n, s) => n + s.blunders, 0);
    assert.equal(await page.locator("#coach-blunders .blunderlink").count(), blunders);
    await page.locator("#coach-blunders .blunderlink").first().click();
    await page.waitForSelector("#coachstep.blunder");
    const words = await page.locator("#coachstep").innerText();
    assert.match(words, /^Blunder! .+ cost \d+; best was .+\./);
    assert.match(words, /The expert would have (chosen|played the same)/);
    // The highlighted line fits the page's width.
    const box = await page.locator("#coachstep").boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= viewport.width + 1, `${JSON.stringify(box)} within ${viewport.width}`);
    await shot(page, `coach-replay-${size}`);
    // A step that was not a blunder loses the highlight.
    await page.keyboard.press("Home");
    await page.waitForSelector("#coachstep:not(.blunder)");
    noErrors(page);
  });
}
