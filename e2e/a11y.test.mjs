// Accessibility in real Chromium: axe-core finds no serious or critical
// problem on the lobby, a table of each layout kind, the hand result, the
// match end and the replay, in English, Spanish and French; a whole hand
// played with the keyboard alone; what the live region says over a hand
// (every play, pass and the result, the computer players' moves together);
// the table at 200% zoom; and the indicators' and the focus ring's contrast.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, quickStart, createFriends, playHand, playToMatchEnd, handOver, moveOnce, logged, writeArtifact, contrast, axe } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

// Play on (drawing, passing) until this page has a playable tile, or the
// hand is over; `plays` tiles are played first, so that the board has some.
async function myTurn(page, plays = 0) {
  for (let guard = 0; guard < 2000; guard++) {
    if (await handOver(page)) return;
    if (await page.locator(".seat.me.toact").count() && await page.locator("#hand .handtile.legal").count()) {
      if (plays-- <= 0) return;
    }
    if (!(await moveOnce(page))) await page.waitForTimeout(40);
  }
  assert.fail("no playable tile came");
}

const LAYOUTS = [
  { game: "draw", kind: "line" },
  { game: "cross", kind: "cross" },
  { game: "french", kind: "arms" },
  { game: "double-nine-cross", kind: "branches" },
  { game: "club-fives", kind: "spinner" },
];

for (const [code, locale] of [["en", "en-US"], ["es", "es-ES"], ["fr", "fr-FR"]]) {
  test(`axe finds nothing serious in ${code}: lobby, each layout, hand result, match end, replay`, async () => {
    const page = await newPlayer(env, `axe-${code}`, { locale });
    await page.goto(env.base + "/");
    await page.waitForSelector("#quick h2");
    await page.waitForSelector("#history .tablerow, #history p");
    await axe(page, `${code} lobby`);
    await page.click("#newtable .houserules summary");
    await axe(page, `${code} lobby, house rules open`);

    for (const L of LAYOUTS) {
      await quickStart(env, page, { game: L.game, name: `Axe ${code}` });
      // A few plays in, so that the board has tiles and open ends.
      await myTurn(page, 2);
      await axe(page, `${code} ${L.kind} table`);
      // A tile that fits several ends: the end markers are buttons.
      for (const tile of await page.locator("#hand .handtile.legal").evaluateAll((bs) => bs.map((b) => b.dataset.tile))) {
        if (await handOver(page)) break;
        await page.click(`#hand .handtile[data-tile="${tile}"]`);
        if (await page.locator("#board g.end[role=button]").count()) {
          await axe(page, `${code} ${L.kind} table, choosing an end`);
          await page.keyboard.press("Escape");
          break;
        }
        break; // it was played: this layout is checked
      }
    }

    // The hand result and the match end, then the replay.
    const id = await createFriends(env, page, { game: "draw", players: 2, options: { target: 1 }, name: `Axe ${code}` });
    await playHand([page]);
    await page.waitForSelector("#result:not([hidden])");
    await axe(page, `${code} hand result`);
    await playToMatchEnd(page);
    await page.waitForSelector("#replaylink");
    await axe(page, `${code} match end`);
    await page.goto(`${env.base}/r/${id}`);
    await page.waitForSelector("#caption");
    await page.keyboard.press("End");
    await axe(page, `${code} replay`);
    await shot(page, `a11y-replay-${code}`);
    noErrors(page);
    await page.context().close();
  });
}

/** Tab (at most `n` times) until `ok(activeElement)` holds in the page. */
async function tabTo(page, test, n = 40) {
  for (let i = 0; i < n; i++) {
    if (await page.evaluate(test)) return;
    await page.keyboard.press("Tab");
  }
  assert.fail(`Tab never reached ${test}`);
}

const active = (page) => page.evaluate(() => {
  const a = document.activeElement;
  return { id: a.id, tag: a.tagName, tile: a.dataset ? a.dataset.tile : undefined, end: a.getAttribute("data-end"),
    legal: a.classList.contains("legal"), inHand: !!a.closest("#hand"), label: a.getAttribute("aria-label") };
});

// One hand with the keyboard alone; `done` counts what was done.
async function keyboardHand(page, done) {
  for (let guard = 0; guard < 400 && !(await handOver(page)); guard++) {
    await page.waitForFunction(() => document.querySelector(".seat.me.toact") && document.querySelector("#buttons button, #hand .handtile.legal")
      || !document.querySelector("#result[hidden]"), null, { timeout: 30000 });
    if (await handOver(page)) break;
    const before = await logged(page);
    let a = await active(page);
    if (await page.locator("#hand .handtile.legal").count()) {
      // Your turn moved the focus to a playable tile.
      if (a.inHand && a.legal) done.focusedOnTurn++;
      else await page.keyboard.press("t");
      if (!done.hint) {
        // H: the expert's move is said and its tile gets the focus.
        await page.keyboard.press("h");
        await page.waitForFunction(() => /Hint: /.test((document.querySelector("#status")?.textContent ?? "")));
        a = await active(page);
        assert.ok(a.inHand && a.legal, `the hinted tile has the focus: ${JSON.stringify(a)}`);
        assert.match(await page.locator("#status").innerText(), new RegExp(`Hint: (play|pose) ${a.label.split(",")[0]}`));
        done.hint++;
      }
      for (let i = 0; i < 30 && !(a = await active(page)).legal; i++) await page.keyboard.press("ArrowRight");
      assert.ok(a.legal, "arrows reach a playable tile");
      assert.match(a.label, /, playable$/);
      await page.keyboard.press("Enter");
      await page.waitForFunction((n) => document.querySelector("#board g.end[role=button]") || +document.querySelector("#log").dataset.logged > n
        || !document.querySelector("#result[hidden]"), before);
      a = await active(page);
      if (a.end != null) {
        // Several ends: the markers are named buttons; Escape goes back once.
        assert.match(a.label, /^Play on the .+: \d+$/);
        if (!done.cancel) {
          await page.keyboard.press("Escape");
          const back = await active(page);
          assert.ok(back.inHand && back.legal, "Escape goes back to the tile");
          assert.equal(await page.locator("#board g.end[role=button]").count(), 0);
          done.cancel++;
          continue;
        }
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("Enter");
        done.end++;
      }
      done.play++;
    } else if (await page.locator("#draw").count()) {
      await page.keyboard.press("d");
      done.draw++;
    } else if (await page.locator("#pass").count()) {
      await page.keyboard.press("p");
      done.pass++;
    } else {
      // Any other choice (who poses): the focus is on its button.
      assert.equal(a.tag, "BUTTON");
      await page.keyboard.press("Enter");
    }
    await page.waitForFunction((n) => +document.querySelector("#log").dataset.logged > n || !document.querySelector("#result[hidden]"), before);
  }
  assert.ok(await handOver(page), "the hand ended");
}

test("whole hands with the keyboard alone: the lobby, tiles, ends, draws and passes, the next hand", async () => {
  const page = await newPlayer(env, "keys");
  await page.goto(env.base + "/");
  await page.waitForSelector("#quick h2");
  await tabTo(page, () => document.activeElement.id === "name");
  await page.keyboard.type("Kay");
  await tabTo(page, () => document.activeElement.id === "quickgame");
  // Cross (four open ends: tiles often fit several), chosen by typing its
  // name on the closed list.
  await page.keyboard.type("Cross");
  assert.equal(await page.locator("#quickgame").inputValue(), "cross");
  await tabTo(page, () => document.activeElement.id === "quickplay");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/t\/[0-9a-f]+$/);
  await page.waitForSelector(".seat.me");

  const done = { hands: 0, hint: 0, play: 0, draw: 0, pass: 0, end: 0, cancel: 0, focusedOnTurn: 0 };
  // Hands until a tile fitting several ends has come (at most six).
  while (done.hands < 6) {
    await keyboardHand(page, done);
    done.hands++;
    // After the hand the focus is on the button for the next one.
    await page.waitForFunction(() => document.activeElement && ["ready", "rematch"].includes(document.activeElement.id));
    if (done.end && done.cancel) break;
    if (await page.locator("#banner:not([hidden])").count()) break;
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelector("#result").hidden);
  }
  writeArtifact("a11y-keyboard-hands.json", done);
  assert.ok(done.play > 0 && done.hint > 0, JSON.stringify(done));
  assert.ok(done.focusedOnTurn > 0, `focus moved to the hand on a turn: ${JSON.stringify(done)}`);
  assert.ok(done.end > 0 && done.cancel > 0, `an end chosen by keys, and one choice cancelled: ${JSON.stringify(done)}`);
  await shot(page, "a11y-keyboard-hands");
  noErrors(page);
  await page.context().close();
});

// The live region's paragraphs, as they are added, from the page's start.
async function listen(page) {
  await page.addInitScript(() => {
    window.said = [];
    const seen = new WeakSet();
    const grab = () => {
      for (const p of document.querySelectorAll("#announce p")) if (!seen.has(p)) { seen.add(p); window.said.push(p.textContent); }
    };
    addEventListener("DOMContentLoaded", () => new MutationObserver(grab).observe(document.body, { childList: true, subtree: true }));
  });
}

// A sentence telling a play or a pass, by language; `mine` your own play.
const LIVE = [
  { code: "en", locale: "en-US", play: /^.+ (played|posed) /, mine: /^You (played|posed) /, pass: /^.+ passed\.$/, turn: /Your turn/ },
  { code: "es", locale: "es-ES", play: /^(Salida de |.+: .+ en la )/, mine: /^(Salida de Tú|Tú: )/, pass: /^.+: pase\.$/, turn: /Te toca/ },
];

for (const L of LIVE) {
  test(`the live region over a hand in ${L.code}: plays, passes and the result, the computer players' moves together`, async () => {
    const page = await newPlayer(env, `live-${L.code}`, { locale: L.locale });
    // Jamaican: four players, no drawing, so others' moves come in rounds.
    await listen(page);
    await quickStart(env, page, { game: "jamaican", name: "Lia" });
    await playHand([page]);
    await page.waitForSelector("#result:not([hidden])");
    await page.waitForFunction(() => window.said.length && document.querySelector("#announce p:last-child"));
    const said = await page.evaluate(() => window.said);
    const log = await page.locator("#log li[data-type]").evaluateAll((ls) => ls.map((l) => ({ type: l.dataset.type, text: l.textContent })));
    writeArtifact(`a11y-live-${L.code}.json`, { said, log });
    const all = said.join(" ");
    // Every play and pass of the log is said (tiles in words, not digits).
    const plays = log.filter((x) => x.type === "play").length, passes = log.filter((x) => x.type === "pass").length;
    assert.ok(plays > 0);
    assert.doesNotMatch(all, /\d-\d/, "tiles are said in words");
    const sentences = (s) => s.split(/(?<=\.) /);
    const count = (re) => said.reduce((k, s) => k + sentences(s).filter((x) => re.test(x)).length, 0);
    assert.equal(count(L.play), plays, `every play said once:\n${said.join("\n")}`);
    assert.ok(count(L.mine) > 0, "your own plays are said");
    assert.equal(count(L.pass), passes, "every pass said once");
    assert.match(all, L.turn);
    const headline = (await page.locator("#resulttitle").innerText()).split(" · ").pop();
    assert.ok(said[said.length - 1].includes(headline), `the result is said last: ${headline}`);
    // Batched: fewer announcements than moves, and one with several others' moves.
    assert.ok(said.length < plays + passes, `${said.length} announcements for ${plays + passes} moves`);
    const others = (x) => (L.play.test(x) || L.pass.test(x)) && !/^(You |Tú:|Salida de Tú)/.test(x);
    assert.ok(said.some((s) => sentences(s).filter(others).length >= 2), "the computer players' moves come together");
    // A chat line is said once, with who said it.
    await page.fill("#chatinput", "good game all");
    await page.press("#chatinput", "Enter");
    await page.waitForFunction(() => window.said.some((s) => s.includes("good game all")));
    const chat = (await page.evaluate(() => window.said)).filter((s) => s.includes("good game all"));
    assert.equal(chat.length, 1, JSON.stringify(chat));
    assert.match(chat[0], /^(You|Tú): good game all/);
    noErrors(page);
    await page.context().close();
  });
}

test("at 200% zoom (640x400 CSS pixels) nothing is cut off: lobby, table, hand", async () => {
  const page = await newPlayer(env, "zoom", { viewport: { width: 640, height: 400 } });
  await page.goto(env.base + "/");
  await page.waitForSelector("#quick h2");
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(await fits(), "the lobby has no sideways scrolling");
  await quickStart(env, page, { game: "draw", name: "Zed" });
  await myTurn(page);
  assert.ok(await fits(), "the table has no sideways scrolling");
  // Every hand tile can be seen (scrolled to), and the board too.
  const cut = await page.evaluate(() => [...document.querySelectorAll("#hand .handtile, #board, #status")].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width === 0 || r.left < 0 || r.right > window.innerWidth + 1;
  }).length);
  assert.equal(cut, 0);
  if (!(await handOver(page))) await page.locator("#hand").scrollIntoViewIfNeeded();
  await shot(page, "a11y-zoom-200");
  noErrors(page);
  await page.context().close();
});

test("indicators stand out at 3:1 and not by colour alone: playable tiles, the last play, the focus ring", async () => {
  const page = await newPlayer(env, "marks");
  await quickStart(env, page, { game: "draw", name: "Ida" });
  // A hand may end before a second playable turn comes: then the next one.
  await myTurn(page, 1);
  for (let hands = 1; hands < 6 && (await handOver(page)); hands++) {
    await page.waitForSelector("#banner:not([hidden]), #ready");
    if (await page.locator("#banner:not([hidden])").count()) break;
    await page.click("#ready");
    await page.waitForFunction(() => document.querySelector("#result").hidden);
    await myTurn(page, 1);
  }
  assert.ok(!(await handOver(page)), "a turn with a playable tile");
  // From the keyboard (T: to your tiles), so that the focus ring shows.
  await page.keyboard.press("t");
  const m = await page.evaluate(() => {
    const css = (e) => getComputedStyle(e);
    const legal = document.activeElement.closest("#hand .handtile.legal") || document.querySelector("#hand .handtile.legal");
    const other = document.querySelector("#hand .handtile:not(.legal)");
    const last = document.querySelector("#board g.tile.last rect.face");
    const plain = document.querySelector("#board g.tile:not(.last) rect.face");
    legal.focus();
    const ring = css(legal);
    const outline = { outlineColor: ring.outlineColor, outlineWidth: ring.outlineWidth, outlineStyle: ring.outlineStyle };
    const draw = document.querySelector("#keyshelp summary");
    return {
      rack: css(document.querySelector("#hand")).backgroundColor,
      legalRing: (css(legal).boxShadow.match(/rgba?\([^)]*\)/) || [""])[0],
      legalRaised: css(legal).transform !== "none",
      otherRaised: other ? css(other).transform !== "none" : false,
      focusOutline: outline.outlineColor, focusWidth: parseFloat(outline.outlineWidth), focusStyle: outline.outlineStyle,
      lastStroke: last ? css(last).stroke : null, lastWidth: last ? parseFloat(css(last).strokeWidth) : 0,
      plainWidth: plain ? parseFloat(css(plain).strokeWidth) : 1,
      felt: "rgb(13, 84, 52)",
      paper: css(document.body).backgroundColor,
      summary: draw ? (draw.focus(), { outline: css(draw).outlineColor, shadow: css(draw).boxShadow }) : null,
    };
  });
  writeArtifact("a11y-indicators.json", m);
  // Playable: a ring that stands out on the rack, and raised (a shape, not a colour).
  assert.ok(contrast(m.legalRing, m.rack) >= 3, `playable ring ${m.legalRing} on ${m.rack}`);
  assert.ok(m.legalRaised && !m.otherRaised, "playable tiles are raised, the others not");
  // The last play: a stroke that stands out on the felt, thicker than the others.
  assert.ok(m.lastStroke, "the last play is marked");
  assert.ok(contrast(m.lastStroke, m.felt) >= 3, `last play ${m.lastStroke}`);
  assert.ok(m.lastWidth >= 2 * m.plainWidth, `last play stroke ${m.lastWidth} vs ${m.plainWidth}`);
  // Focus: a solid ring at least 2 px, 3:1 on the rack; on the paper, a dark ring.
  assert.equal(m.focusStyle, "solid");
  assert.ok(m.focusWidth >= 2);
  assert.ok(contrast(m.focusOutline, m.rack) >= 3, `focus ring ${m.focusOutline} on ${m.rack}`);
  assert.ok(contrast(m.summary.outline, m.paper) >= 3, `focus ring ${m.summary.outline} on ${m.paper}`);
  noErrors(page);
  await page.context().close();
});
