// The table as a player sees it, in real Chromium, for each layout kind
// (line, cross, French arms, double-nine branches, club-fives T) at desktop
// (1280x800) and phone (390x844) size: seats around the felt, large hand
// tiles, playable ones marked, the last play highlighted and flown in,
// ends named and big enough to hit, the score in the game's own form, the
// score sheet, the hand result, the Fair deal panel; sounds, reduced
// motion, double-nine pips and the timings.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { setup, newPlayer, noErrors, shot, quickStart, playHand, handOver, moveOnce, contrast, DESKTOP, PHONE, writeArtifact, ARTIFACTS } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

const GAMES = [
  // [preset, layout kind, score form, players, partners]
  ["jamaican", "line", /First to 6 while somebody still has none/, 4, true],
  ["cross", "cross", /First to 100 points/, 4, false],
  ["french", "arms", /Penalty points: when somebody reaches 100, the lowest total wins/, 4, false],
  ["double-nine-cross", "branches", /First to 100 points/, 4, false],
  ["club-fives", "T", /Pegging to 61/, 2, false],
];

/// What the page shows about its layout at this moment, measured in the
/// page: seats' places, hand tile sizes, sideways scrolling, what is
/// visible without scrolling, the turn marker's contrast.
function measure(page) {
  return page.evaluate(() => {
    const r = (e) => e && e.getBoundingClientRect();
    const tiles = [...document.querySelectorAll("#hand .handtile svg")].map((s) => { const b = r(s); return { w: b.width, h: b.height }; });
    const seats = [...document.querySelectorAll(".seat")].sort((a, b) => a.dataset.seat - b.dataset.seat).map((s) => ({
      seat: Number(s.dataset.seat), me: s.classList.contains("me"), partner: s.classList.contains("partner"),
      spot: s.parentElement.className.replace(/.*spot-(\w+).*/, "$1"), text: s.innerText,
    }));
    const toact = document.querySelector(".seat.toact");
    const feltBg = getComputedStyle(document.querySelector(".felt")).backgroundImage.match(/rgba?\([^)]*\)/g)?.[1] || getComputedStyle(document.querySelector(".felt")).backgroundColor;
    const inView = (e) => { const b = r(e); return !!b && b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth; };
    return {
      tiles, seats,
      sideways: document.scrollingElement.scrollWidth - innerWidth,
      scoreVisible: inView(document.querySelector("#scores")),
      mySeatVisible: inView(document.querySelector(".seat.me")),
      statusVisible: inView(document.querySelector("#status")),
      turnBorder: toact ? getComputedStyle(toact).borderTopColor : null,
      felt: feltBg,
      last: document.querySelector("#board g.tile.last")?.dataset.tile || null,
      lastInLog: (() => {
        const items = [...document.querySelectorAll("#log li[data-type=play]")];
        const m = items.length && items[items.length - 1].textContent.match(/(\d+-\d+)/);
        return m ? m[1] : null;
      })(),
      // Unplayable tiles are aria-disabled, not disabled: still focusable, to be heard.
      playable: [...document.querySelectorAll("#hand .handtile.legal")].map((b) => ({ tile: b.dataset.tile, disabled: b.disabled || b.getAttribute("aria-disabled") === "true" })),
      unplayable: [...document.querySelectorAll("#hand .handtile.unplayable")].map((b) => ({ disabled: b.getAttribute("aria-disabled") === "true", opacity: Number(getComputedStyle(b).opacity) })),
      endButtons: [...document.querySelectorAll("#buttons .endchoice")].map((b) => { const x = r(b); return { w: x.width, h: x.height, text: b.innerText }; }),
    };
  });
}

for (const [game, kind, scoreForm, players, partners] of GAMES) {
  test(`${game} (${kind}): the table at desktop and phone size, played by clicking to the hand's end`, async () => {
    // Odd games are played at phone size, even ones at desktop size; each
    // is also looked at (and checked) at the other size mid-hand.
    const phoneFirst = GAMES.findIndex((g) => g[0] === game) % 2 === 1;
    const page = await newPlayer(env, game, { viewport: phoneFirst ? PHONE : DESKTOP });
    await quickStart(env, page, { game, name: "Ann" });
    const title = await page.locator("#gametitle").innerText();
    assert.ok(title.length > 3 && title !== game && /^[A-Z]/.test(title), `a game title, not a preset name: ${title}`);
    assert.match(await page.locator("#goal").innerText(), scoreForm);
    // The seats around the table: you at the bottom, your partner across.
    let m = await measure(page);
    assert.equal(m.seats.length, players);
    const mine = m.seats.find((s) => s.me);
    assert.equal(mine.spot, "bottom");
    if (partners) {
      const p = m.seats.find((s) => s.partner);
      assert.ok(p && p.spot === "top" && p.seat === 2, `partner across: ${JSON.stringify(m.seats)}`);
    } else if (players === 2) assert.equal(m.seats.find((s) => !s.me).spot, "top");
    else assert.deepEqual(m.seats.filter((s) => !s.me).map((s) => s.spot), ["left", "top", "right"]);
    // The main view keeps only the deal's tick; the details are in the panel.
    assert.match(await page.locator("#fairtick").innerText(), /Deal sealed/);
    assert.equal(await page.locator("#fair").getAttribute("open"), null);
    assert.doesNotMatch(await page.locator(".play").innerText(), /[0-9a-f]{16}/, "no hex in the main view");
    let looked = false, lastChecked = 0;
    await playHand([page], async (p, n, did) => {
      m = await measure(p);
      const size = p.viewportSize();
      // Hand tiles: at least 56 px tall on a desktop, 44 px wide on a phone.
      for (const t of m.tiles) {
        if (size.width >= 1000) assert.ok(t.h >= 56, `${game}: desktop tile ${t.h}px tall`);
        else assert.ok(t.w >= 44, `${game}: phone tile ${t.w}px wide`);
      }
      assert.ok(m.sideways <= 0, `${game}: ${m.sideways}px of sideways scrolling at ${size.width}`);
      if (!(await handOver(p))) {
        // The last play on the board is the one marked.
        if (m.lastInLog && m.last) { assert.equal(m.last, m.lastInLog, `${game}: the last play is highlighted`); lastChecked++; }
      }
      if (n === 2 && !looked) {
        looked = true;
        await p.setViewportSize(phoneFirst ? DESKTOP : PHONE);
        await p.waitForTimeout(100);
        const other = await measure(p);
        assert.ok(other.sideways <= 0, `${game}: sideways scrolling after resizing`);
        await shot(p, `${game}-${phoneFirst ? "desktop" : "phone"}-mid`);
        await p.setViewportSize(phoneFirst ? PHONE : DESKTOP);
      }
    }, (count) => count - 1);
    assert.ok(lastChecked > 0, `${game}: the last play was checked`);
    // The hand result: who won and how, the points, every hand revealed.
    const result = page.locator("#result");
    assert.match(await page.locator("#resulttitle").innerText(), /Hand 1 · (.+ wins? the hand|A tied hand)/);
    assert.equal(await result.locator(".reveal").count(), players);
    assert.equal(await result.locator("#resultpoints li[data-side]").count(), partners ? 2 : players);
    // The page checks the revealed deal on its own; the tick says so.
    await page.waitForFunction(() => /verified/.test(document.querySelector("#fairtick").textContent));
    assert.match(await page.locator("#fairtick").innerText(), /✓ Deal verified/);
    await page.click("#fairtick");
    assert.equal(await page.locator("#fair").getAttribute("open"), "");
    const fair = await page.locator("#fair").innerText();
    assert.match(fair, /Fingerprint of the key[\s\S]*Revealed key[\s\S]*Redeal rule/);
    assert.match(fair, /✓ Deal verified: the commitment and all hands match the revealed key/);
    // The score sheet has the hand.
    assert.equal(await page.locator('#sheet tr[data-hand="1"]').count(), 1);
    await shot(page, `${game}-${phoneFirst ? "phone" : "desktop"}-hand-over`);
    await page.setViewportSize(phoneFirst ? DESKTOP : PHONE);
    await page.waitForTimeout(100);
    await shot(page, `${game}-${phoneFirst ? "desktop" : "phone"}-hand-over`);
    noErrors(page);
    await page.context().close();
  });
}

test("the turn marker stands out (3:1), playable tiles differ from the rest, an end is named and big", async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const page = await newPlayer(env, "marks", { viewport });
    await quickStart(env, page, { game: "draw", name: "Max" });
    let checkedTurn = false, checkedTiles = false, checkedEnds = false;
    for (let guard = 0; guard < 400 && !(checkedTurn && checkedTiles && checkedEnds); guard++) {
      if (await handOver(page)) break;
      if (await page.locator(".seat.me.toact").count() && await page.locator("#hand .handtile.legal").count()) {
        const m = await measure(page);
        assert.ok(contrast(m.turnBorder, "rgb(13, 84, 52)") >= 3, `turn marker contrast ${m.turnBorder}`);
        checkedTurn = true;
        assert.ok(m.playable.every((t) => !t.disabled));
        if (m.unplayable.length) {
          assert.ok(m.unplayable.every((t) => t.disabled && t.opacity < 0.8), JSON.stringify(m.unplayable));
          checkedTiles = true;
        }
        // A tile that fits two ends asks which: the ends by name, 44 px at least.
        const tiles = await page.locator("#hand .handtile.legal").evaluateAll((bs) => bs.map((b) => b.dataset.tile));
        let asked = false;
        const history = await page.locator("#log li").count(), held = await page.locator("#hand .handtile").count();
        for (const t of tiles) {
          await page.click(`#hand .handtile[data-tile="${t}"]`);
          if (await page.locator("#buttons .endchoice").count()) {
            const e = (await measure(page)).endButtons;
            assert.ok(e.length >= 2);
            for (const b of e) {
              assert.ok(b.w >= 44 && b.h >= 44, `end button ${b.w}x${b.h}`);
              assert.match(b.text, /^(left end|right end|top|bottom|.+ branch \(.+\)) · \d+$/);
            }
            assert.match(await page.locator("#status").innerText(), /Where does \d+-\d+ go\? Choose an end\./);
            await shot(page, `choose-end-${viewport.width}`);
            checkedEnds = true;
            asked = true;
            await page.locator("#buttons .endchoice").first().click();
            break;
          }
          break;
        }
        // The log grows with the play: the turn may already be back (bots answer fast).
        await page.waitForFunction(([h, n]) => document.querySelectorAll("#log li").length > h
          || document.querySelectorAll("#hand .handtile").length !== n
          || !document.querySelector("#result[hidden]"), [history, held]);
        continue;
      }
      if (await page.locator("#draw").count()) { await page.click("#draw"); continue; }
      if (await page.locator("#pass").count()) { await page.click("#pass"); continue; }
      await page.waitForTimeout(40);
    }
    assert.ok(checkedTurn, "saw my turn");
    // Your turn and the score without scrolling.
    const m = await measure(page);
    assert.ok(m.scoreVisible, "the score is on screen");
    assert.ok(m.mySeatVisible, "your seat (and turn) is on screen");
    assert.ok(m.sideways <= 0);
    noErrors(page);
    await page.context().close();
  }
});

test("each play flies from its seat to its place, except under prefers-reduced-motion", async () => {
  for (const reducedMotion of ["no-preference", "reduce"]) {
    const page = await newPlayer(env, "motion", { reducedMotion });
    await quickStart(env, page, { game: "draw", name: "Mo" });
    await page.evaluate(() => {
      window.flights = 0;
      new MutationObserver((ms) => {
        for (const m of ms) for (const n of m.addedNodes) if (n.classList && n.classList.contains("flying")) window.flights++;
      }).observe(document.body, { childList: true });
    });
    // Bots may already have played before the watcher was in place:
    // wait for two plays after it.
    const before = await page.locator("#board g.tile").count();
    for (let guard = 0; guard < 400 && (await page.locator("#board g.tile").count()) < before + 2; guard++) {
      if (!(await moveOnce(page))) await page.waitForTimeout(30);
    }
    await page.waitForTimeout(100);
    const flights = await page.evaluate(() => window.flights);
    if (reducedMotion === "reduce") assert.equal(flights, 0, "no flights under reduced motion");
    else assert.ok(flights >= 1, "plays fly in");
    noErrors(page);
    await page.context().close();
  }
});

test("sounds are off by default; the switch is remembered and plays, passes and turns sound", async () => {
  const page = await newPlayer(env, "sound");
  await quickStart(env, page, { game: "draw", name: "Sol" });
  assert.equal(await page.getAttribute("#soundtoggle", "aria-pressed"), "false");
  // The game is under way: a tile is down, or it is our own pose.
  await page.waitForFunction(() =>
    document.querySelectorAll("#board g.tile").length >= 1 || document.querySelector(".seat.me.toact"));
  assert.equal(await page.evaluate(() => document.documentElement.dataset.sounds || "0"), "0");
  await page.click("#soundtoggle");
  assert.equal(await page.getAttribute("#soundtoggle", "aria-pressed"), "true");
  await page.reload();
  await page.waitForSelector(".seat.me");
  assert.equal(await page.getAttribute("#soundtoggle", "aria-pressed"), "true", "remembered");
  await playHand([page]);
  const n = Number(await page.evaluate(() => document.documentElement.dataset.sounds || "0"));
  assert.ok(n >= 2, `${n} sounds`);
  noErrors(page);
  await page.context().close();
});

test("double-nine tiles show 7, 8 and 9 as on real tiles", async () => {
  const page = await newPlayer(env, "pips");
  await page.goto(env.base + "/");
  const spots = await page.evaluate(async () => {
    const { tileSvg, pipSpots } = await import("/draw.js");
    const row = document.createElement("div");
    row.id = "pips";
    row.style.cssText = "position:fixed;top:0;left:0;background:#0d5434;padding:10px;display:flex;gap:8px;z-index:9";
    for (const t of ["7-7", "8-8", "9-9", "9-7", "8-0", "12-10", "11-11"]) {
      const s = tileSvg(t);
      s.style.cssText = "width:60px;height:116px";
      row.append(s);
    }
    document.body.append(row);
    return { 7: pipSpots(7), 8: pipSpots(8), 9: pipSpots(9) };
  });
  assert.equal(spots[7].length, 7);
  assert.equal(spots[8].length, 8);
  assert.equal(spots[9].length, 9);
  // Symmetric about the centre, as printed: every pip has its mirror.
  for (const n of [7, 8, 9]) {
    for (const [x, y] of spots[n]) assert.ok(spots[n].some(([a, b]) => Math.abs(a - (1 - x)) < 1e-9 && Math.abs(b - (1 - y)) < 1e-9), `${n}`);
  }
  assert.ok(spots[7].some(([x, y]) => x === 0.5 && y === 0.5), "7 has its centre pip");
  assert.ok(!spots[8].some(([x, y]) => x === 0.5 && y === 0.5), "8 has none");
  await page.locator("#pips").screenshot({ path: join(ARTIFACTS, "pips-double-nine.png") });
  noErrors(page);
  await page.context().close();
});

test("timings on loopback: a table link to the first board, a click to the board showing the play", async () => {
  const page = await newPlayer(env, "timing");
  const id = await quickStart(env, page, { game: "block", name: "Tim" });
  const opens = [];
  for (let i = 0; i < 5; i++) {
    const t0 = Date.now();
    await page.goto(`${env.base}/t/${id}`);
    await page.waitForSelector("#board g.tile, #board text.empty");
    opens.push(Date.now() - t0);
  }
  const clicks = [];
  for (let guard = 0; guard < 300 && clicks.length < 5; guard++) {
    if (await handOver(page)) break;
    const legal = page.locator("#hand .handtile.legal");
    if (await page.locator(".seat.me.toact").count() && await legal.count()) {
      const tile = await legal.first().getAttribute("data-tile");
      const ms = await page.evaluate((tile) => new Promise((ok) => {
        const t0 = performance.now();
        const board = document.getElementById("board");
        const seen = () => board.querySelector(`g.tile[data-tile="${tile}"]`);
        new MutationObserver((_, obs) => { if (seen()) { obs.disconnect(); ok(performance.now() - t0); } }).observe(board, { childList: true, subtree: true });
        document.querySelector(`#hand .handtile[data-tile="${tile}"]`).click();
        setTimeout(() => { const b = document.querySelector("#buttons .endchoice"); if (b) b.click(); }, 0);
      }), tile);
      clicks.push(ms);
      continue;
    }
    if (await page.locator("#pass").count()) { await page.click("#pass"); continue; }
    await page.waitForTimeout(30);
  }
  const med = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const report = { open_to_board_ms: opens, open_median_ms: med(opens), click_to_board_ms: clicks.map((x) => Math.round(x * 10) / 10), click_median_ms: clicks.length ? med(clicks) : null };
  writeArtifact("timings.json", report);
  console.log("# timings", JSON.stringify(report));
  assert.ok(opens.length === 5);
  noErrors(page);
  await page.context().close();
});
