// The page does not depend on an emoji font: its own words, marks and
// icons contain no character that only an emoji font draws (the test
// browser has none, and such characters show there as empty boxes). The
// icons are inline SVG; the quick-chat emotes are drawn faces. Only what
// players type themselves (chat text, names) may hold emoji.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, createFriends, playHand, DESKTOP, PHONE } from "./helpers.mjs";

let env;
// Seven chat lines in a row: more than the default limit allows.
before(async () => { env = await setup(["--chat-lines", "20"]); });
after(async () => { await env.stop(); });

/// Characters the page's own text shows from the emoji ranges: text
/// nodes, ::before/::after content, tooltips, placeholders, accessible
/// names and the title, leaving out what players typed (chat lines).
function emojiOnPage(page) {
  return page.evaluate(() => {
    // Emoji shown as pictures by default, emoji presentation selectors,
    // and the supplementary symbol blocks (no text font to fall back on).
    const bad = /[\p{Emoji_Presentation}\u{FE0F}\u{1F000}-\u{1FAFF}]/u;
    // What players typed, and the screen readers' live region (never
    // drawn; it reads typed chat lines as they were sent).
    const typed = (e) => e && e.closest(".said, .bubble, #announce");
    const found = [];
    const note = (where, s) => { if (bad.test(s)) found.push(`${where}: ${JSON.stringify(s)}`); };
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n; (n = walk.nextNode());) if (!typed(n.parentElement)) note(n.parentElement.tagName + "." + n.parentElement.className, n.data);
    for (const e of document.querySelectorAll("*")) {
      if (typed(e)) continue;
      for (const a of ["title", "placeholder", "aria-label", "alt", "value"]) if (e.hasAttribute(a)) note(`${e.tagName}[${a}]`, e.getAttribute(a));
      for (const p of ["::before", "::after"]) {
        const c = getComputedStyle(e, p).content;
        if (c && c !== "none" && c !== "normal") note(`${e.tagName}${p}`, c);
      }
    }
    note("title", document.title);
    return found;
  });
}

test("no emoji glyphs in the page's own text: lobby, table, chat emotes, hand result, match end, replay, 404", async () => {
  const page = await newPlayer(env, "glyphs", { allow: [/\/t\/ffffffffffff|Failed to load resource/] });
  await page.goto(env.base + "/");
  await page.waitForSelector("#quickplay");
  assert.deepEqual(await emojiOnPage(page), [], "the lobby");
  assert.equal(await page.locator("header .brand svg").count(), 1, "the brand mark is drawn");

  const id = await createFriends(env, page, { game: "draw", players: 2, options: { target: 1 }, name: "Ann" });
  await page.waitForSelector(".seat.me");
  // The sealed deal's padlock is drawn.
  await page.waitForFunction(() => document.querySelector("#fairtick svg"));
  assert.deepEqual(await emojiOnPage(page), [], "the table");

  // Every emote is a drawn face with a name, and shows as one in the chat.
  const emotes = page.locator("#chatquick .emote");
  const n = await emotes.count();
  assert.equal(n, 6);
  for (let i = 0; i < n; i++) {
    const b = emotes.nth(i);
    assert.equal(await b.locator("svg").count(), 1);
    assert.ok((await b.getAttribute("title")).length > 1);
    assert.equal((await b.innerText()).trim(), "", "no glyph text in an emote button");
    await b.click();
    await page.waitForFunction((k) => document.querySelectorAll("#chatlist li .said").length >= k, i + 1);
  }
  const said = await page.locator("#chatlist li .said").evaluateAll((xs) => xs.map((x) => ({ text: x.innerText.trim(), faces: x.querySelectorAll("svg").length })));
  assert.deepEqual(said, Array.from({ length: n }, () => ({ text: "", faces: 1 })), "emotes shown as faces");
  // Typed chat stays as typed, emoji and all.
  await page.fill("#chatinput", "nice \u{1F600}");
  await page.click("#chatsend");
  await page.waitForFunction(() => [...document.querySelectorAll("#chatlist .said")].some((x) => x.textContent === "nice \u{1F600}"));
  assert.deepEqual(await emojiOnPage(page), [], "the table with chat");
  await shot(page, "glyphs-chat-desktop");

  // Hands to the match's end: the hand result, the ready marks, the banner.
  for (let hands = 0; !(await page.locator("#banner:not([hidden])").count()); hands++) {
    assert.ok(hands < 20, "the match did not end");
    await playHand([page]);
    assert.deepEqual(await emojiOnPage(page), [], `hand ${hands + 1} over`);
    await page.waitForSelector("#banner:not([hidden]), #ready");
    if (await page.locator("#banner:not([hidden])").count()) break;
    await page.click("#ready");
    await page.waitForFunction(() => document.querySelector("#result").hidden);
  }
  await page.waitForSelector("#replaylink");
  assert.deepEqual(await emojiOnPage(page), [], "the match end");
  await page.setViewportSize(PHONE);
  await shot(page, "glyphs-match-over-phone");
  await page.setViewportSize(DESKTOP);

  await page.goto(`${env.base}/r/${id}`);
  await page.waitForSelector("#caption");
  assert.deepEqual(await emojiOnPage(page), [], "the replay");
  await page.goto(`${env.base}/t/ffffffffffff`);
  await page.waitForSelector("a[href='/']");
  assert.deepEqual(await emojiOnPage(page), [], "the 404 page");
  noErrors(page);
  await page.context().close();
});
