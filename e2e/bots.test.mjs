// Bot accounts in real Chromium (docs/botapi.md): a person makes their
// profile a bot account and a token on the profile page; a bot connected
// with that token (driven from here over a raw WebSocket: the events
// socket, accepting challenges, its table resumed by token, any legal play
// on its turn) is challenged from the lobby's "Play a bot" by another
// person, who plays the rated match to the end; the bot's mark shows at
// the table and on the bots' leaderboard, and both ratings move. Then on
// a phone in Spanish; then the owner revokes the token on the page and the
// bot is cut off. A built-in level, a bot account too, is challenged
// rated and answers at once. Desktop and phone, with screenshots and axe.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
// The `ws` client playwright-core bundles (node 20 has no WebSocket of its
// own), for the bot's Authorization header, which a browser cannot send.
import bundle from "playwright-core/lib/utilsBundle";
import { setup, newPlayer, noErrors, shot, playHand, playToMatchEnd, openCustom, PHONE } from "./helpers.mjs";

const WS = bundle.ws;
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let env;
before(async () => { env = await setup(); });
after(async () => { bot?.stop(); await env.stop(); });

/** axe-core's serious and critical violations on the page as it is now. */
async function axe(page, where) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) }));
  });
  assert.deepEqual(found, [], `${where}: axe found\n${JSON.stringify(found, null, 2)}`);
}

/**
 * A bot account's program, as small as the contract allows: it keeps an
 * events socket, accepts every challenge, opens each table it is given on
 * its own socket (resume by token) and plays the first legal action on its
 * turn (and is ready for each next hand).
 */
function runBot(base, token) {
  const url = base.replace(/^http/, "ws") + "/ws";
  const headers = { authorization: `Bearer ${token}` };
  const bot = { tables: new Map(), closed: null, finished: 0, sockets: [], log: [] };
  const events = new WS(url, { headers });
  bot.sockets.push(events);
  events.on("open", () => events.send(JSON.stringify({ id: 1, type: "events" })));
  events.on("close", (code, reason) => { bot.closed = { code, reason: String(reason) }; });
  events.on("message", async (data) => {
    const m = JSON.parse(String(data));
    bot.log.push(m.type);
    if (m.type === "challenge") {
      const r = await fetch(`${base}/api/challenges/${m.challenge.id}/accept`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: "{}" });
      const seat = await r.json();
      bot.log.push(`accept ${r.status}${r.ok ? "" : " " + seat.code}`);
      if (r.ok) play(seat.table, seat.token);
    } else if (m.type === "table") play(m.table, m.token);
  });
  function play(table, seatToken) {
    if (bot.tables.has(table)) return;
    const ws = new WS(url, { headers });
    bot.sockets.push(ws);
    let id = 10, sentFor = -1, readyFor = -1;
    const last = { state: null };
    bot.tables.set(table, last);
    const send = (msg) => ws.send(JSON.stringify({ id: ++id, ...msg }));
    ws.on("open", () => send({ type: "resume", table, token: seatToken }));
    ws.on("message", (data) => {
      const m = JSON.parse(String(data));
      if (m.type === "error") bot.log.push(`error ${m.code}`);
      if (!m.state || !m.seats) return;
      last.state = m;
      const st = m.state;
      if (m.finished) { if (!last.done) { last.done = true; bot.finished++; } return; }
      if (st.phase === "hand_over" && readyFor !== st.hand_number) { readyFor = st.hand_number; send({ type: "ready" }); return; }
      if (st.to_act === m.seat && m.started !== false && st.legal && st.legal.length && sentFor !== m.seq) {
        sentFor = m.seq;
        send({ type: "act", action: st.legal[0], seq: m.seq });
      }
    });
  }
  bot.stop = () => { for (const s of bot.sockets) s.terminate(); };
  return bot;
}

let bot = null;
let token = "";
let botId = "";
let owner = null;

/** A person's profile, made from the lobby (the name field, then "Keep my name"). */
async function profile(page, name) {
  await page.goto(env.base + "/");
  await page.fill("#name", name);
  await page.click("#profilecreate");
  await page.waitForSelector("#myprofile");
}

/** The open challenge form set to a rated draw game of two, to 1 point. */
async function ratedDrawToOne(page) {
  await page.selectOption("#pb-c-game", "draw");
  await page.selectOption("#pb-c-players", "2");
  await page.locator("#pb-challenge summary").click();
  await page.fill('#pb-c-opts [data-opt="target"]', "1");
  await page.check("#pb-c-rated");
}

/** Challenge the bot from the lobby's "Play a bot" (draw game to 1 point, rated). */
async function challenge(page, shotName) {
  await page.goto(env.base + "/");
  // "Play a bot" is among the custom games, folded on a phone.
  await openCustom(page);
  const row = page.locator(`#pb-accounts [data-bot="${botId}"]`);
  await row.waitFor();
  assert.equal(await row.locator(".botbadge").count(), 1, "the list marks the bot");
  await row.locator("button").click();
  await ratedDrawToOne(page);
  await page.locator("#pb-challenge").scrollIntoViewIfNeeded();
  await shot(page, shotName);
  await page.click("#pb-send");
  await page.waitForURL(/\/t\/[0-9a-f]+$/, { timeout: 15000 }).catch(async (e) => {
    const said = await page.locator("#pb-status, #pb-error").allInnerTexts();
    throw new Error(`not seated: ${said.join(" | ")}; the bot: ${bot.log.join(" ")}; ${e}`);
  });
  // The bot sits across, marked as a bot.
  await page.locator("#seat-1 .botbadge").waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
}

test("a person makes a bot account and a token on the profile page", async () => {
  owner = await newPlayer(env, "owner");
  await profile(owner, "Robo");
  await owner.click("#myprofile");
  await owner.waitForSelector("#botacct-make");
  botId = new URL(owner.url()).pathname.split("/").pop();
  await axe(owner, "profile, a person's");
  // The confirmation: dismissed, nothing changes; accepted, it is a bot.
  owner.once("dialog", (d) => d.dismiss());
  await owner.click("#botacct-make");
  assert.equal(await owner.locator("#token-make").count(), 0);
  owner.once("dialog", (d) => d.accept());
  await owner.click("#botacct-make");
  await owner.waitForSelector("#token-make");
  assert.equal(await owner.locator("#profilename .botbadge").count(), 1, "the profile's name is marked");
  await owner.fill("#token-name", "e2e runner");
  await owner.click("#token-make");
  await owner.waitForSelector("#token-value");
  token = await owner.inputValue("#token-value");
  assert.match(token, /^dbt_[0-9A-Za-z]{40}$/);
  assert.match(await owner.innerText("#token-once"), /will not be shown again/);
  await owner.waitForSelector('#tokens .tokenrow .tokenname:text("e2e runner")');
  assert.match(await owner.innerText("#tokens"), /never used/);
  await shot(owner, "bots-token-made");
  await axe(owner, "profile, a bot's tokens");
  noErrors(owner);
});

test("a person challenges the bot from the lobby and plays the rated match to the end", async () => {
  assert.ok(token, "the first test made a token");
  bot = runBot(env.base, token);
  await new Promise((ok) => setTimeout(ok, 300));
  const ann = await newPlayer(env, "ann");
  await profile(ann, "Ann");
  await challenge(ann, "bots-challenge");
  await shot(ann, "bots-table");
  await axe(ann, "table with a bot account");
  await playHand([ann]);
  await playToMatchEnd(ann);
  await ann.waitForSelector("#ratingline");
  const [table] = bot.tables.values();
  for (let i = 0; i < 50 && !table.done; i++) await new Promise((ok) => setTimeout(ok, 100));
  assert.ok(table.done, `the bot saw the match end: ${bot.log.join(" ")}`);
  const changes = table.state.ratings;
  assert.equal(changes.length, 2, JSON.stringify(changes));
  for (const r of changes) assert.notEqual(r.after, r.before, `seat ${r.seat}'s rating moved`);

  // The bots' leaderboard: the bot account, marked.
  await ann.goto(env.base + "/leaderboard");
  await ann.selectOption("#boardgame", "draw");
  await ann.click("#boardkind-bots");
  const line = ann.locator(`#board-botaccounts [data-player="${botId}"]`);
  await line.waitFor();
  assert.equal(await line.locator(".botbadge").innerText(), "BOT");
  assert.match(await line.innerText(), /Robo/);
  // A list of lines as long as it needs: not the game board's box (whose
  // height limit let a long board run over the text below it).
  const box = await ann.locator("#board-botaccounts").evaluate((l) => [getComputedStyle(l).minHeight, getComputedStyle(l).maxHeight]);
  assert.deepEqual(box, ["0px", "none"]);
  await shot(ann, "bots-leaderboard");
  await axe(ann, "bots' leaderboard");
  noErrors(ann);
});

test("on a phone in Spanish: the challenge, the table and the bots' leaderboard", async () => {
  const bea = await newPlayer(env, "bea", { viewport: PHONE, locale: "es-ES" });
  await profile(bea, "Bea");
  await challenge(bea, "bots-challenge-es-phone");
  assert.equal(await bea.locator("#seat-1 .botbadge").innerText(), "BOT");
  await shot(bea, "bots-table-es-phone");
  await axe(bea, "es phone table with a bot account");
  await playHand([bea]);
  await playToMatchEnd(bea);
  await bea.goto(env.base + "/leaderboard?kind=bots");
  await bea.selectOption("#boardgame", "draw");
  await bea.locator(`#board-botaccounts [data-player="${botId}"] .botbadge`).waitFor();
  assert.equal(await bea.getAttribute("#boardkind-bots", "aria-pressed"), "true");
  await shot(bea, "bots-leaderboard-es-phone");
  await axe(bea, "es phone bots' leaderboard");
  noErrors(bea);
});

test("Play now pairs a person with a bot account only when they switch on \"Also play bot accounts\"", async () => {
  const cy = await newPlayer(env, "cy");
  await cy.goto(env.base + "/");
  await cy.fill("#name", "Cy");
  await cy.selectOption("#pn-game", "draw");
  await cy.selectOption("#pn-players", "2");
  assert.equal(await cy.isChecked("#pn-bots"), false, "off by default");
  await cy.check("#pn-bots");
  await cy.click("#pn-play");
  await cy.waitForSelector("#pn-cancel:not([hidden])");
  const seats = bot.tables.size;
  // The bot asks the pool for the same game with its token.
  const r = await fetch(env.base + "/api/seeks", { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ rules: { preset: "draw", players: 2, options: {} }, rated: false, name: "Robo" }) });
  const text = await r.text();
  assert.ok(r.ok, text);
  const made = JSON.parse(text);
  // The bot won or lost its rated matches above at random: up to 250
  // points from Cy's 1500, which the pool's window (150, widening by 50
  // every 5 s) reaches within 10 s of Cy's wait.
  await cy.waitForURL(/\/t\/[0-9a-f]+$/, { timeout: 25000 }).catch(async (e) => {
    const st = await (await fetch(`${env.base}/api/seeks/${made.seek}`)).text();
    throw new Error(`not paired: the bot's seek ${st}; the page: ${await cy.locator("#playnow").innerText()}; ${e}`);
  });
  await cy.locator(".seat:not(.me) .botbadge").waitFor();
  for (let i = 0; i < 50 && bot.tables.size === seats; i++) await new Promise((ok) => setTimeout(ok, 100));
  assert.equal(bot.tables.size, seats + 1, "the bot was told of its new table");
  noErrors(cy);
});

test("a built-in level is challenged rated from \"Play a bot\", answers at once, and the match is rated for both", async () => {
  const dee = await newPlayer(env, "dee");
  await profile(dee, "Dee");
  await dee.goto(env.base + "/");
  const row = dee.locator('#pb-builtin [data-bot="bot:random"]');
  await row.waitFor();
  await row.locator("button").click();
  await ratedDrawToOne(dee);
  await dee.click("#pb-send");
  await dee.waitForURL(/\/t\/[0-9a-f]+$/, { timeout: 10000 });
  await dee.locator("#seat-1").waitFor();
  await playHand([dee]);
  await playToMatchEnd(dee);
  await dee.waitForSelector("#ratingline");
  const table = new URL(dee.url()).pathname.split("/").pop();
  // The level's own profile has the match, rated.
  const r = await fetch(`${env.base}/api/profiles/bot:random`);
  const card = await r.json();
  assert.equal(card.profile.bot, true);
  const played = card.recent.find((m) => m.table === table);
  assert.ok(played && played.after !== null, JSON.stringify(card.recent));
  // (A measured level moves by less than a point a match: its count says
  // the match was rated for it.)
  assert.equal(card.ratings.find((g) => g.game === "draw")?.matches, 1, JSON.stringify(card.ratings));
  noErrors(dee);
});

test("the owner revokes the token on the page: the bot is cut off at once", async () => {
  assert.ok(bot && !bot.closed, "the bot is connected");
  await owner.reload();
  owner.once("dialog", (d) => d.accept());
  await owner.locator("#tokens .tokenrow button").click();
  await owner.waitForFunction(() => /revocad|revoked|révoqué/.test(document.getElementById("tokens-note").textContent));
  for (let i = 0; i < 30 && !bot.closed; i++) await new Promise((ok) => setTimeout(ok, 100));
  assert.deepEqual(bot.closed, { code: 4001, reason: "token revoked" });
  // The list is read again after the note is shown: wait for it.
  await owner.waitForFunction(() => /No tokens yet/.test(document.getElementById("tokens").innerText), null, { timeout: 5000 })
    .catch(() => {});
  assert.match(await owner.innerText("#tokens"), /No tokens yet/);
  const r = await fetch(env.base + "/api/tokens", { headers: { authorization: `Bearer ${token}` } });
  assert.equal(r.status, 401);
  noErrors(owner);
});
