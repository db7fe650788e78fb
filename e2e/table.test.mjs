// The table as a player sees it, in real Chromium, for each layout kind
// (line, cross, French arms, double-nine branches, club-fives T) at desktop
// (1280x800) and phone (390x844) size: seats around the felt, large hand
// tiles, playable ones marked, the last play highlighted and flown in,
// ends named and big enough to hit, the score in the game's own form, the
// score sheet, the hand result, the Fair deal panel; the turn marker and
// ends chosen by name in each layout kind; every board drawn in
// a whole hand checked for overlaps at both sizes; all twelve games
// screenshotted at both sizes; automatic passes and the muggins claim,
// sounds, plays flying in (or not, under reduced motion) and double-nine
// pips, each at both sizes; and the timings.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { setup, newPlayer, noErrors, shot, quickStart, createFriends, playHand, handOver, moveOnce, logged, contrast, DESKTOP, PHONE, writeArtifact, ARTIFACTS } from "./helpers.mjs";

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
      // What sticks out to the right, to name it when the page scrolls sideways.
      outside: document.scrollingElement.scrollWidth > innerWidth
        ? [...document.querySelectorAll("body *")].filter((e) => r(e).right > innerWidth + 0.5)
          .slice(0, 6).map((e) => `${e.tagName}#${e.id}.${e.className?.baseVal ?? e.className} ${Math.round(r(e).right)}`)
          .concat([`board ${JSON.stringify(r(document.getElementById("board")))} viewBox ${document.getElementById("board")?.getAttribute("viewBox")} inner ${innerWidth}x${innerHeight} client ${document.documentElement.clientWidth}`])
        : [],
      scoreVisible: inView(document.querySelector("#scores")),
      mySeatVisible: inView(document.querySelector(".seat.me")),
      // Where it is, and what stands above the table, to name what pushed it off.
      mySeatAt: JSON.stringify(r(document.querySelector(".seat.me"))) + ` in ${innerWidth}x${innerHeight}; above the felt: `
        + [...(document.querySelector(".felt")?.parentElement?.children || [])].filter((e) => e.getBoundingClientRect().bottom <= (r(document.querySelector(".felt"))?.top ?? 0) + 1 && e.getBoundingClientRect().height > 0)
          .map((e) => `${e.id || e.className} ${Math.round(e.getBoundingClientRect().height)}`).join(", "),
      statusVisible: inView(document.querySelector("#status")),
      handVisible: !document.querySelector("#hand .handtile") || inView(document.querySelector("#hand .handtile")),
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

/// Watch every board the page draws (after each play, whoever made it):
/// no two tiles overlap (a pixel of slack for rounding), every tile and
/// open end lies inside the board's box, and at most one play is in
/// flight (a flight never outlives the board it started on). The page
/// keeps count in `boardWatch`; `boardCheck` checks the board now.
async function watchBoards(page) {
  await page.evaluate(() => {
    window.checkBoard = () => {
      const svg = document.getElementById("board");
      const box = svg.getBoundingClientRect();
      const rect = (e) => { const b = e.getBoundingClientRect(); return { x: b.x, y: b.y, w: b.width, h: b.height }; };
      const tiles = [...svg.querySelectorAll("g.tile")].map((g) => ({ tile: g.dataset.tile, ...rect(g) }));
      const ends = [...svg.querySelectorAll("g.end circle")].map(rect);
      const problems = [];
      for (let i = 0; i < tiles.length; i++) {
        for (let j = i + 1; j < tiles.length; j++) {
          const a = tiles[i], b = tiles[j];
          if (a.x + 1 < b.x + b.w && b.x + 1 < a.x + a.w && a.y + 1 < b.y + b.h && b.y + 1 < a.y + a.h) problems.push(`${a.tile} overlaps ${b.tile}`);
        }
      }
      for (const t of [...tiles, ...ends]) {
        if (t.x < box.x - 1 || t.y < box.y - 1 || t.x + t.w > box.x + box.width + 1 || t.y + t.h > box.y + box.height + 1) problems.push(`${t.tile || "an end"} outside the board`);
      }
      const flights = document.querySelectorAll(".flying").length;
      if (flights > 1) problems.push(`${flights} flights at once`);
      return { tiles: tiles.length, problems };
    };
    // Bots may have played before the watch began (a loaded machine):
    // the tiles already laid count as boards drawn, and are checked now.
    const start = window.checkBoard();
    window.boardWatch = { boards: start.tiles, most: start.tiles, problems: start.problems.slice(0, 10) };
    new MutationObserver(() => {
      const c = window.checkBoard();
      const w = window.boardWatch;
      w.boards++;
      w.most = Math.max(w.most, c.tiles);
      for (const p of c.problems) if (w.problems.length < 10) w.problems.push(`with ${c.tiles} tiles: ${p}`);
    }).observe(document.getElementById("board"), { childList: true });
  });
}
const boardCheck = (page) => page.evaluate(() => window.checkBoard());
const boardWatch = (page) => page.evaluate(() => window.boardWatch);

for (const [game, kind, scoreForm, players, partners] of GAMES) {
  for (const [size, viewport, other] of [["desktop", DESKTOP, PHONE], ["phone", PHONE, DESKTOP]]) {
    test(`${game} (${kind}) at ${size} size: the table, played by clicking to the hand's end`, async () => {
      const page = await newPlayer(env, `${game}-${size}`, { viewport });
      await quickStart(env, page, { game, name: "Ann" });
      await watchBoards(page);
      // Every end choice the page offers, measured as it appears.
      await page.evaluate(() => {
        window.endSizes = [];
        new MutationObserver(() => {
          for (const b of document.querySelectorAll("#buttons .endchoice")) { const r = b.getBoundingClientRect(); window.endSizes.push([r.width, r.height]); }
        }).observe(document.getElementById("buttons"), { childList: true });
      });
      const title = await page.locator("#gametitle").innerText();
      assert.ok(title.length > 3 && title !== game && /^[A-Z]/.test(title), `a game title, not a preset name: ${title}`);
      assert.match(await page.locator("#goal").innerText(), scoreForm);
      // The seats around the table: you at the bottom, your partner across.
      let m = await measure(page);
      assert.equal(m.seats.length, players);
      // The score and your seat (where the turn shows) without scrolling.
      const header = await page.locator("header#header").boundingBox();
      assert.ok(header.height <= 60, `${game} at ${size}: the header is ${header.height}px tall (one line)`);
      assert.ok(m.scoreVisible && m.mySeatVisible && m.statusVisible, `${game} at ${size}: score ${m.scoreVisible}, seat ${m.mySeatVisible}, status ${m.statusVisible}`);
      const mine = m.seats.find((s) => s.me);
      assert.equal(mine.spot, "bottom");
      if (partners) {
        const p = m.seats.find((s) => s.partner);
        assert.ok(p && p.spot === "top" && p.seat === 2, `partner across: ${JSON.stringify(m.seats)}`);
      } else if (players === 2) assert.equal(m.seats.find((s) => !s.me).spot, "top");
      else assert.deepEqual(m.seats.filter((s) => !s.me).map((s) => s.spot), ["left", "top", "right"]);
      // The main view keeps only the deal's mark; the details are in the panel.
      assert.match(await page.locator("#fairtick").innerText(), /Deal sealed/);
      assert.equal(await page.locator("#fairtick svg.icon-lock").count(), 1, "the padlock is drawn");
      assert.equal(await page.locator("#fair").getAttribute("open"), null);
      assert.doesNotMatch(await page.locator(".play").innerText(), /[0-9a-f]{16}/, "no hex in the main view");
      let looked = false, lastChecked = 0;
      await playHand([page], async (p, n) => {
        m = await measure(p);
        // Hand tiles: at least 56 px tall on a desktop, 44 px wide on a phone.
        for (const t of m.tiles) {
          if (viewport.width >= 1000) assert.ok(t.h >= 56, `${game}: desktop tile ${t.h}px tall`);
          else assert.ok(t.w >= 44, `${game}: phone tile ${t.w}px wide`);
        }
        assert.ok(m.sideways <= 0, `${game}: ${m.sideways}px of sideways scrolling at ${viewport.width}: ${m.outside.join(", ")}`);
        // Your hand without scrolling, whatever the board and seats hold.
        if (!(await handOver(p))) assert.ok(m.handVisible, `${game} at ${size}, move ${n}: the hand is below the fold`);
        assert.deepEqual((await boardWatch(p)).problems, [], `${game} at ${size}, by move ${n}`);
        if (!(await handOver(p))) {
          // The last play on the board is the one marked.
          if (m.lastInLog && m.last) { assert.equal(m.last, m.lastInLog, `${game}: the last play is highlighted`); lastChecked++; }
        }
        if (n === 2 && !looked) {
          // The same board at the other size, mid-hand.
          looked = true;
          await p.setViewportSize(other);
          await p.waitForTimeout(100);
          assert.ok((await measure(p)).sideways <= 0, `${game}: sideways scrolling after resizing`);
          assert.deepEqual((await boardCheck(p)).problems, [], `${game}: the board after resizing`);
          await shot(p, `${game}-${size === "desktop" ? "phone" : "desktop"}-mid`);
          await p.setViewportSize(viewport);
        }
      }, (count) => count - 1);
      assert.ok(lastChecked > 0, `${game}: the last play was checked`);
      const endSizes = await page.evaluate(() => window.endSizes);
      for (const [w, h] of endSizes) assert.ok(w >= 44 && h >= 44, `${game} at ${size}: an end choice ${w}x${h}`);
      // The hand's final board, with every tile laid.
      await page.waitForTimeout(700);
      const final = await boardCheck(page);
      assert.deepEqual(final.problems, [], `${game} at ${size}: the final board`);
      assert.equal(await page.locator(".flying").count(), 0, "no flight left behind");
      const seen = await boardWatch(page);
      assert.deepEqual(seen.problems, [], `${game} at ${size}: every board of the hand`);
      assert.ok(seen.boards >= final.tiles && seen.most === final.tiles && final.tiles > 5, `${game}: ${seen.boards} boards checked, ${final.tiles} tiles at the end`);
      // The hand result: who won and how, the points, every hand revealed.
      const result = page.locator("#result");
      assert.match(await page.locator("#resulttitle").innerText(), /Hand 1 · (.+ wins? the hand|A tied hand)/);
      assert.equal(await result.locator(".reveal").count(), players);
      assert.equal(await result.locator("#resultpoints li[data-side]").count(), partners ? 2 : players);
      // The page checks the revealed deal on its own; the tick says so.
      await page.waitForFunction(() => /verified/.test(document.querySelector("#fairtick").textContent));
      assert.match(await page.locator("#fairtick").innerText(), /Deal verified/);
      assert.equal(await page.locator("#fairtick svg.icon-tick").count(), 1, "the tick is drawn");
      await shot(page, `${game}-${size}-hand-over`);
      await page.click("#fairtick");
      assert.equal(await page.locator("#fair").getAttribute("open"), "");
      const fair = await page.locator("#fair").innerText();
      assert.match(fair, /Fingerprint of the key[\s\S]*Revealed key[\s\S]*Redeal rule/);
      assert.match(fair, /✓ Deal verified: the commitment and all hands match the revealed key/);
      // The score sheet has the hand.
      assert.equal(await page.locator('#sheet tr[data-hand="1"]').count(), 1);
      // The board at the top of the page, as a player scrolls back to it.
      await page.evaluate(() => scrollTo(0, 0));
      await shot(page, `${game}-${size}-board`);
      noErrors(page);
      await page.context().close();
    });
  }
}

for (const [game, kind] of GAMES) {
  test(`${game} (${kind}): the turn marker stands out (3:1), playable tiles differ from the rest, an end is named and big, at both sizes`, async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const page = await newPlayer(env, `marks-${game}-${viewport.width}`, { viewport });
    await quickStart(env, page, { game, name: "Max" });
    let checkedTurn = false, checkedTiles = false, checkedEnds = false, hands = 1;
    for (let guard = 0; guard < 1500 && !(checkedTurn && checkedTiles && checkedEnds); guard++) {
      if (await handOver(page)) {
        // A tile that fits two ends may take more than a hand to come (only
        // the first playable tile is tried each turn: ten hands of Jamaican
        // on a phone once went by without one).
        await page.waitForSelector("#banner:not([hidden]), #ready");
        if (hands >= 20) break;
        hands++;
        if (await page.locator("#banner:not([hidden])").count()) {
          // One big hand can end a double-nine match: play on in a rematch.
          const url = page.url();
          await page.click("#rematch");
          await page.waitForURL((u) => u.toString() !== url);
          continue;
        }
        await page.click("#ready");
        await page.waitForFunction(() => document.querySelector("#result").hidden);
        continue;
      }
      if (await page.locator(".seat.me.toact").count() && await page.locator("#hand .handtile.legal").count()) {
        // Your turn and the score without scrolling: on the first screen.
        // (Playwright scrolls to what it clicks, an end button below the hand
        // on a phone too, so the page is taken back to its top first.)
        // Measured on your turn: once the hand or the match is over, the
        // result and the match's banner may rightly push the table down.
        await page.evaluate(() => window.scrollTo(0, 0));
        const m = await measure(page);
        if (!(await handOver(page))) {
          assert.ok(m.scoreVisible, `${game} at ${viewport.width}: the score is on screen`);
          assert.ok(m.mySeatVisible, `${game} at ${viewport.width}: your seat (and turn) is on screen: ${m.mySeatAt}`);
        }
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
        const history = await logged(page), held = await page.locator("#hand .handtile").count();
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
            await shot(page, `choose-end-${game}-${viewport.width}`);
            checkedEnds = true;
            asked = true;
            await page.locator("#buttons .endchoice").first().click();
            break;
          }
          break;
        }
        // The log grows with the play: the turn may already be back (bots answer fast).
        await page.waitForFunction(([h, n]) => +document.querySelector("#log").dataset.logged > h
          || document.querySelectorAll("#hand .handtile").length !== n
          || !document.querySelector("#result[hidden]"), [history, held]);
        continue;
      }
      // Draw or pass, waiting for the answer (a second click on the old
      // button would find it gone).
      if (!(await moveOnce(page))) await page.waitForTimeout(40);
    }
    assert.ok(checkedTurn, "saw my turn");
    assert.ok(checkedEnds, `${game} at ${viewport.width}: no tile fitting two ends in ${hands} hands`);
    await page.evaluate(() => window.scrollTo(0, 0));
    assert.ok((await measure(page)).sideways <= 0);
    noErrors(page);
    await page.context().close();
  }
  });
}

test("each play flies from its seat to its place, except under prefers-reduced-motion, at both sizes", async () => {
  for (const [viewport, reducedMotion] of [[DESKTOP, "no-preference"], [DESKTOP, "reduce"], [PHONE, "no-preference"], [PHONE, "reduce"]]) {
    const page = await newPlayer(env, `motion-${viewport.width}-${reducedMotion}`, { viewport, reducedMotion });
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
    if (reducedMotion === "reduce") assert.equal(flights, 0, `no flights under reduced motion at ${viewport.width}`);
    else assert.ok(flights >= 1, `plays fly in at ${viewport.width}`);
    noErrors(page);
    await page.context().close();
  }
});

for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`sounds at ${size} size are off by default; the switch is remembered and plays, passes and turns sound`, async () => {
    const page = await newPlayer(env, "sound", { viewport });
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
}

for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`double-nine tiles at ${size} size show 7, 8 and 9 as on real tiles`, async () => {
    const page = await newPlayer(env, "pips", { viewport });
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
    await page.locator("#pips").screenshot({ path: join(ARTIFACTS, `pips-double-nine-${size}.png`) });
    noErrors(page);
    await page.context().close();
  });
}

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

test("every game at both sizes, a few plays in: screenshots to look at, the board whole, nothing sideways", async () => {
  const PRESETS = ["jamaican", "cutthroat", "chiva", "puerto-rican", "block", "draw", "cross", "double-nine-cross",
    "french", "all-fives", "fives-and-threes", "club-fives"];
  for (const game of PRESETS) {
    const page = await newPlayer(env, `every-${game}`);
    await quickStart(env, page, { game, name: "Eve" });
    await watchBoards(page);
    // Play until the board has a few tiles (or the hand is over).
    for (let guard = 0; guard < 400 && (await page.locator("#board g.tile").count()) < 6; guard++) {
      if (await handOver(page)) break;
      if (!(await moveOnce(page))) await page.waitForTimeout(40);
    }
    await page.waitForTimeout(700); // the last flight lands
    for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(150);
      await page.evaluate(() => scrollTo(0, 0));
      const m = await measure(page);
      assert.ok(m.sideways <= 0, `${game} at ${size}: ${m.sideways}px sideways`);
      if (!(await handOver(page))) assert.ok(m.handVisible, `${game} at ${size}: the hand is below the fold`);
      assert.deepEqual((await boardCheck(page)).problems, [], `${game} at ${size}`);
      await shot(page, `game-${game}-${size}`);
    }
    assert.deepEqual((await boardWatch(page)).problems, [], `${game}: every board`);
    noErrors(page);
    await page.context().close();
  }
});

for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`automatic pass at ${size} size: on by default, with a word saying why; switched off, the pass is the player's own`, async () => {
    // The block game has no drawing: a player without a fitting tile passes.
    const page = await newPlayer(env, "autopass", { viewport });
    await createFriends(env, page, { game: "block", players: 4, name: "Ada" });
    await page.waitForSelector(".seat.me");
    assert.equal(await page.isChecked("#autopass"), true, "on by default");
    // Every word the status line says, kept as it comes: the word about an
    // automatic pass can be replaced by the next play before a look.
    const watchStatus = () => page.evaluate(() => {
      window.said = window.said || [];
      const st = document.querySelector("#status");
      new MutationObserver(() => window.said.push(st.textContent)).observe(st, { childList: true, characterData: true, subtree: true });
    });
    const heard = async () => (await page.evaluate(() => window.said)).find((s) => /passed for you/.test(s)) ?? null;
    await watchStatus();
    let told = null;
    for (let hands = 0; !told && hands < 8; hands++) {
      await playHand([page]);
      told = await heard();
      if (told) break;
      if (await page.locator("#banner:not([hidden])").count()) {
        // The match ended before a pass came: play on in a rematch.
        const url = page.url();
        await page.click("#rematch");
        await page.waitForURL((u) => u.toString() !== url);
        await page.waitForSelector(".seat.me");
        await watchStatus();
        continue;
      }
      await page.click("#ready");
      await page.waitForFunction(() => document.querySelector("#result").hidden);
    }
    assert.ok(told, "a pass was made for the player, and the page said so");
    assert.match(told, /No tile of yours fits .+ and there is nothing to draw: passed for you\.|You could not play and there was nothing to draw: passed for you\./);
    await page.context().close();

    // Switched off (and remembered): the page offers Pass and waits for it.
    const own = await newPlayer(env, "ownpass", { viewport });
    await own.goto(env.base + "/");
    await own.evaluate(() => localStorage.clear());
    await createFriends(env, own, { game: "block", players: 4, name: "Bo" });
    await own.waitForSelector(".seat.me");
    await own.uncheck("#autopass");
    let offered = false;
    for (let hands = 0; !offered && hands < 8; hands++) {
      for (let guard = 0; guard < 600 && !(await handOver(own)); guard++) {
        if (await own.locator("#pass").count()) {
          offered = true;
          assert.equal(await own.locator(".seat.me.toact").count(), 1, "still the player's turn");
          const b = await own.locator("#pass").boundingBox();
          assert.ok(b.width >= 44 && b.height >= 44, `the pass button is ${b.width}x${b.height}`);
          await own.click("#pass");
          break;
        }
        if (!(await moveOnce(own))) await own.waitForTimeout(40);
      }
      if (offered || (await own.locator("#banner:not([hidden])").count())) break;
      await own.click("#ready");
      await own.waitForFunction(() => document.querySelector("#result").hidden);
    }
    assert.ok(offered, "the pass was offered to the player");
    noErrors(own);
    await own.context().close();
  });
}

test("under muggins the claim is the player's own act: never pre-ticked, ticked only by the player", async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const page = await newPlayer(env, "claims", { viewport });
    await createFriends(env, page, { game: "all-fives", players: 2, options: { claims: "muggins" }, name: "Mia" });
    await page.waitForSelector(".seat.me");
    let turns = 0, claimed = false;
    await playHand([page], async () => {}, undefined);
    // A second hand, watching the claim switch at each of our turns.
    if (!(await page.locator("#banner:not([hidden])").count())) {
      await page.click("#ready");
      await page.waitForFunction(() => document.querySelector("#result").hidden);
      for (let guard = 0; guard < 800 && !(await handOver(page)); guard++) {
        if (await page.locator(".seat.me.toact").count() && await page.locator("#hand .handtile.legal").count()) {
          assert.equal(await page.getAttribute("#claim", "aria-pressed"), "false", "not pre-ticked");
          turns++;
          if (!claimed) {
            // The player ticks it (and may untick it): the page never does.
            await page.click("#claim");
            assert.equal(await page.getAttribute("#claim", "aria-pressed"), "true");
            await page.click("#claim");
            assert.equal(await page.getAttribute("#claim", "aria-pressed"), "false");
            // Ticked for a play: the play goes with the claim, or, when it
            // scores nothing, the page says so in words; the tick is off after.
            await page.click("#claim");
            const history = await logged(page);
            await page.locator("#hand .handtile.legal").first().click();
            if (await page.locator("#buttons .endchoice").count()) await page.locator("#buttons .endchoice").first().click();
            await page.waitForFunction((h) => +document.querySelector("#log").dataset.logged > h
              || /nothing to claim/.test((document.querySelector("#status")?.textContent ?? "")), history);
            const said = await page.locator("#status").innerText();
            if (/nothing to claim/.test(said)) assert.match(said, /That play scores nothing, so there was nothing to claim\. Choose your play again\./);
            assert.doesNotMatch(said, /illegal/);
            if (await page.locator("#claim").count()) assert.equal(await page.getAttribute("#claim", "aria-pressed"), "false");
            claimed = true;
            continue;
          }
        }
        if (!(await moveOnce(page))) await page.waitForTimeout(40);
      }
    }
    assert.ok(claimed && turns >= 2 || (await page.locator("#banner:not([hidden])").count()), `${turns} turns seen`);
    noErrors(page);
    await page.context().close();
  }
});
