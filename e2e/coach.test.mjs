// The coach in real Chromium, at desktop (1280x800) and phone (390x844)
// size: a hint at a table against a bot, with the expert's move and its
// reason in words; then the replay of the finished match, in Spanish or
// French, asks the coach: each player's marks, earned from the player's
// view; the list of marks folded; a marked step's verdict saying what it
// knows, the better play drawn on the board, and the hand's value graph.
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
    await p.waitForFunction(() => /—/.test((document.querySelector("#status")?.textContent ?? "")) || /No hint/.test((document.querySelector("#status")?.textContent ?? "")));
    hint = await p.locator("#status").innerText();
    await shot(p, `coach-hint-${size}`);
  });
  await playToMatchEnd(page);
  return { id, hint };
}

// The replay's words in the language each size is looked at in.
const WORDS = {
  es: { mark: /^(¡Error grave!|Error\.|Imprecisión\.) Con todas las fichas a la vista, .+ Desde tu vista, el experto habría elegido: .+/, marks: /^Marcas: \d+ error/, better: /^Mejor/ },
  fr: { mark: /^(Gaffe !|Erreur\.|Imprécision\.) Avec tous les dominos connus, .+ De votre point de vue, l'expert aurait choisi : .+/, marks: /^Marques : \d+ gaffe/, better: /^Mieux/ },
};

for (const [size, viewport, locale] of [["desktop", DESKTOP, "es"], ["phone", PHONE, "fr"]]) {
  test(`a hint with its reason, and the coach's marks from the player's view on the replay, its value graph and the better play on the board (${locale}, ${size})`, async () => {
    const page = await newPlayer(env, "Coachee", { viewport });
    // The lobby names each level in words; the leaderboard gives its rating and interval.
    await page.goto(env.base + "/leaderboard");
    await page.selectOption("#boardgame", "jamaican");
    await page.waitForSelector("#board-bots [data-bot=expert]");
    assert.match(await page.locator("#board-bots [data-bot=expert]").innerText(), /Expert.*\d{3,4} \(\d{3,4}–\d{3,4}\)/);
    // Matches until one has a play marked from the player's view where
    // the expert would have played a tile (a random bot and first-legal
    // clicks make them often); the hint is checked in each.
    let found = null;
    let hinted = 0;
    const marked = (d) => d.severity && d.expert && d.expert.type === "play" && JSON.stringify(d.expert) !== JSON.stringify(d.played);
    for (let tries = 0; tries < 6 && (!found || hinted === 0); tries++) {
      const { id, hint } = await matchWithHint(page, "Coachee", size);
      if (hint != null) {
        hinted++;
        assert.match(hint, /Hint: .+ — .+\./, "the move and its reason");
      }
      const r = await page.request.get(`${env.base}/api/analysis/${id}`);
      assert.equal(r.status(), 200);
      const a = await r.json();
      for (const d of a.hands.flatMap((h) => h.decisions)) {
        // Marks come from the player's view only; hindsight is never marked.
        assert.ok(!(d.hindsight && d.severity), JSON.stringify(d));
        if (d.severity) assert.ok(d.view_cost >= a.thresholds.inaccuracy, JSON.stringify(d));
        assert.equal(d.blunder, d.severity === "blunder");
      }
      if (!found && a.hands.some((h) => h.decisions.some(marked))) found = { id, a };
    }
    assert.ok(hinted >= 1, "a hint was asked and answered");
    assert.ok(found, "a match with a marked play in six");
    const words = WORDS[locale];
    const viewer = await newPlayer(env, "Coachee", { viewport, locale });
    await viewer.goto(`${env.base}/r/${found.id}`);
    await viewer.waitForSelector("#coach-ask");
    await viewer.click("#coach-ask");
    await viewer.waitForSelector("#coach-summary");
    // One row a player: decisions and marks by severity.
    assert.equal(await viewer.locator("#coach-summary tbody tr").count(), 2);
    assert.match(await viewer.locator("#coach-summary tbody tr").first().innerText(), /Coachee/);
    // Every count is on screen, the hindsight one too, with its name beside
    // it on a phone (no column scrolled out of sight).
    const cells = await viewer.evaluate(() => [...document.querySelectorAll("#coach-summary td")].map((td) => {
      const b = td.getBoundingClientRect();
      return { right: b.right, w: innerWidth, hindsight: td.classList.contains("nhindsight") };
    }));
    assert.equal(cells.filter((c) => c.hindsight).length, 2);
    for (const c of cells) assert.ok(c.right <= c.w, `a count off screen: ${JSON.stringify(c)}`);
    // The marks are folded under one line: the board stays in view.
    const marks = found.a.seats.reduce((n, s) => n + s.blunders + s.mistakes + s.inaccuracies, 0);
    assert.match(await viewer.locator("#coach-marks summary").innerText(), words.marks);
    assert.equal(await viewer.locator("#coach-marks[open]").count(), 0);
    assert.ok(await viewer.locator("#board").isVisible());
    const boardBox = await viewer.locator("#board").boundingBox();
    assert.ok(boardBox.y < viewport.height, `the board starts in view: ${JSON.stringify(boardBox)}`);
    await viewer.click("#coach-marks summary");
    assert.equal(await viewer.locator("#coach-marks .marklink").count(), marks);
    // The first mark where the expert would have played a tile.
    const hand = found.a.hands.find((h) => h.decisions.some(marked));
    const d = hand.decisions.find(marked);
    await viewer.locator(`#coach-marks .marklink`).nth(
      found.a.hands.flatMap((h) => h.decisions.filter((x) => x.severity).map((x) => [h.hand, x.index]))
        .findIndex(([k, i]) => k === hand.hand && i === d.index)).click();
    await viewer.waitForSelector(`#coachstep.${d.severity}`);
    assert.match(await viewer.locator("#coachstep").innerText(), words.mark);
    // The better play is drawn on the board, and the hand's value graph
    // marks the move.
    await viewer.waitForSelector("#board #better");
    assert.match(await viewer.locator("#board #better").getAttribute("aria-label"), words.better);
    assert.match(await viewer.locator("#board #better .betterlabel").textContent(), words.better);
    // Nothing of the page scrolls sideways.
    assert.ok(await viewer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), "no sideways scroll");
    assert.ok(await viewer.locator("#coach-graph svg .dot").count() >= 1);
    assert.equal(await viewer.locator(`#coach-graph svg .dot.now.${d.severity}`).count(), 1);
    // The verdict fits the page's width.
    const box = await viewer.locator("#coachstep").boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= viewport.width + 1, `${JSON.stringify(box)} within ${viewport.width}`);
    await shot(viewer, `coach-replay-${locale}-${size}`);
    await viewer.locator("#coach-graph").scrollIntoViewIfNeeded();
    await shot(viewer, `coach-graph-${locale}-${size}`);
    // At every marked step, the better play is drawn clear of the tiles on
    // the board, the one played there above all.
    const covered = [];
    for (let k = 0; k < marks; k++) {
      await viewer.locator("#coach-marks .marklink").nth(k).click();
      if (!(await viewer.locator("#board #better").count())) continue;
      await viewer.locator("#board").scrollIntoViewIfNeeded();
      await shot(viewer, `coach-better-${locale}-${size}-${k}`);
      covered.push(...await viewer.evaluate(() => {
        const g = /** @type {Element} */ (document.querySelector("#board #better rect.face")).getBoundingClientRect();
        return [...document.querySelectorAll("#board g.layout g.tile")].map((t) => {
          const b = /** @type {Element} */ (t.querySelector("rect.face")).getBoundingClientRect();
          const x = Math.min(g.right, b.right) - Math.max(g.left, b.left), y = Math.min(g.bottom, b.bottom) - Math.max(g.top, b.top);
          return x > 0.5 && y > 0.5 ? `${document.querySelector("#coachstep")?.textContent}: over ${t.getAttribute("data-tile")} by ${x.toFixed(0)}x${y.toFixed(0)}` : null;
        }).filter(Boolean);
      }));
    }
    assert.deepEqual(covered, [], "the better play covers no tile");
    // A step without a mark loses the highlight and the drawing.
    await viewer.keyboard.press("Home");
    await viewer.waitForSelector("#coachstep:not(.blunder):not(.mistake):not(.inaccuracy)");
    assert.equal(await viewer.locator("#board #better").count(), 0);
    noErrors(page);
    noErrors(viewer);
  });
}

// A match too long for the coach whole (the trains family's many hands):
// the page asks for the hand on the board alone, says so, and offers the
// next hand's analysis on reaching it. The whole match's refusal is the
// server's own answer for a long match, given here to a short one (two
// hands of Mexican Train on a double-nine set between bots) so that the
// test stays short. Each hand's analysis is the server's real one: on
// CI's loaded cores it took more than 15 s, so its waits are long.
test("a trains match too long whole is coached a hand at a time on its replay (en, phone)", async () => {
  // The whole match's 413 is this test's own answer (below).
  const page = await newPlayer(env, "Trains-watcher", { viewport: PHONE, allow: [/\/api\/analysis\/[0-9a-f]+$/, /Failed to load resource.*413/] });
  await page.goto(env.base + "/");
  const made = await page.evaluate(() => new Promise((ok) => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    ws.onopen = () => ws.send(JSON.stringify({ id: 1, type: "create", rules: { preset: "mexican-train", players: 2, options: { rounds: 2, set: 9 } },
      seats: ["bot", "bot"], bot: "random", name: "Watcher" }));
    ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.id === 1) { ws.close(); ok(m); } };
  }));
  assert.equal(made.type, "joined", JSON.stringify(made));
  // Finished once its history has a record.
  let rec = null;
  for (let i = 0; i < 240 && !rec; i++) {
    const r = await page.request.get(`${env.base}/api/history/${made.table}/record`);
    if (r.status() === 200) rec = await r.json();
    else await page.waitForTimeout(500);
  }
  assert.ok(rec && rec.hands.length === 2, "the match finished with two hands");
  const asked = [];
  await page.route(/\/api\/analysis\//, (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    if (!url.searchParams.has("hand")) {
      return route.fulfill({ status: 413, contentType: "application/json",
        body: JSON.stringify({ type: "error", code: "analysis_too_large", message: "the match has 900 decisions; the coach analyses at most 600 (ask for one hand at a time: ?hand=N)" }) });
    }
    return route.continue();
  });
  await page.goto(`${env.base}/r/${made.table}`);
  await page.click("#coach-ask");
  await page.waitForSelector("#coach-hand-only", { timeout: 120000 });
  assert.match(await page.textContent("#coach-hand-only"), /one hand at a time\. Shown: hand 1\./);
  assert.deepEqual(asked, ["", "?hand=1"]);
  await page.waitForSelector("#coach-summary", { timeout: 120000 });
  // On to the last frame, of hand 2: its analysis is offered, and given.
  await page.keyboard.press("End");
  await page.waitForSelector("#coach-ask");
  assert.equal((await page.textContent("#coach-ask")).trim(), "Ask the coach about hand 2");
  await shot(page, "coach-trains-by-hand-phone");
  await page.click("#coach-ask");
  await page.waitForFunction(() => /Shown: hand 2\./.test(document.getElementById("coach-hand-only")?.textContent || ""), null, { timeout: 120000 });
  assert.deepEqual(asked, ["", "?hand=1", "?hand=2"]);
  assert.equal(await page.locator("#coach-ask").count(), 0, "nothing more to ask on hand 2");
  noErrors(page);
});
