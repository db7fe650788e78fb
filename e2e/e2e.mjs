// Browser end-to-end tests of `domino serve` in real headless Chromium.
//
// Runs the real `domino` binary (DOMINO_BIN, default target/debug/domino)
// on a free loopback port with a temporary SQLite file and short bot
// delays, and drives Debian's Chromium (CHROMIUM, default /usr/bin/chromium)
// with playwright-core. Screenshots go to target/e2e-artifacts/ (or
// E2E_ARTIFACTS). Run: `npm ci && node --test` in this directory.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import net from "node:net";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const BIN = process.env.DOMINO_BIN || join(root, "target/debug/domino");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const ARTIFACTS = process.env.E2E_ARTIFACTS || join(root, "target/e2e-artifacts");
mkdirSync(ARTIFACTS, { recursive: true });

let server, base, tmp, browser;
const serverLog = [];

function freePort() {
  return new Promise((ok, fail) => {
    const s = net.createServer();
    s.unref();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

async function startServer() {
  assert.ok(existsSync(BIN), `no domino binary at ${BIN} (cargo build, or set DOMINO_BIN)`);
  const port = await freePort();
  tmp = mkdtempSync(join(tmpdir(), "domino-e2e-"));
  const args = ["serve", "--addr", `127.0.0.1:${port}`, "--db", `sqlite://${join(tmp, "e2e.db")}`,
    "--bot-delay-ms", "40", "--bot-budget-ms", "20", "--grace-secs", "60"];
  server = spawn(BIN, args, { stdio: ["ignore", "ignore", "pipe"] });
  await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error("server did not start:\n" + serverLog.join(""))), 20000);
    server.stderr.on("data", (d) => {
      serverLog.push(String(d));
      if (serverLog.join("").includes("serving on")) { clearTimeout(timer); ok(); }
    });
    server.on("exit", (code) => { clearTimeout(timer); fail(new Error(`server exited ${code}:\n${serverLog.join("")}`)); });
  });
  base = `http://127.0.0.1:${port}`;
}

before(async () => {
  await startServer();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // Headless without a sandbox (root in CI). playwright-core gives every
    // launch a fresh temporary user data dir of its own (and refuses one in
    // `args`), removed again at close.
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server && server.exitCode == null) server.kill("SIGTERM");
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/// A page in a fresh context (its own localStorage: its own player),
/// failing the test on any page error.
async function newPlayer(name) {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await ctx.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") page.errors.push(m.text()); });
  page.on("response", (r) => { if (r.status() >= 400) page.errors.push(`${r.status()} ${r.url()}`); });
  page.setDefaultTimeout(15000);
  page.who = name;
  return page;
}

async function shot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/// The lobby: a name, a game, and a new table; returns the table id.
async function createTable(page, { game, players, humans, target, priv = false, name }) {
  await page.goto(base + "/");
  await page.fill("#name", name);
  await page.selectOption("#game", game);
  await page.selectOption("#players", String(players));
  await page.selectOption("#humans", String(humans));
  await page.selectOption("#bot", "random");
  if (target != null) await page.fill("[data-opt=target]", String(target));
  if (priv) await page.check("#private");
  await shot(page, `lobby-${name}`);
  await page.click("#create");
  await page.waitForURL(/\/t\/[0-9a-f]+$/);
  await page.waitForSelector(".seat.me");
  return page.url().split("/t/")[1];
}

const myTiles = (page) => page.locator("#hand svg.tilesvg").count();

/// One move by clicking, if it is this page's turn: draw or pass when
/// those buttons are shown, else a highlighted tile (and an end when the
/// tile fits more than one). Returns what was done, or null.
async function moveOnce(page) {
  if (await page.locator("#result h3").count()) return null;
  if (!(await page.locator(".seat.me.toact").count())) return null;
  const before = await myTiles(page);
  const history = await page.locator("#log li").count();
  let did;
  if (await page.locator("#draw").count()) {
    await page.click("#draw");
    did = "draw";
  } else if (await page.locator("#pass").count()) {
    await page.click("#pass");
    did = "pass";
  } else {
    const legal = page.locator("#hand svg.tilesvg.legal");
    if (!(await legal.count())) return null; // the state is still arriving
    await legal.first().click();
    did = "play";
    if (await page.locator("#board .end.choosable").count()) {
      did = "play at an end";
      await page.locator("#board .end.choosable").first().click();
    }
  }
  // The move is done when the page shows its result.
  await page.waitForFunction(([n, h]) =>
    document.querySelectorAll("#hand svg.tilesvg").length !== n
      || !document.querySelector(".seat.me.toact")
      || document.querySelector("#result h3")
      || document.querySelectorAll("#log li").length > h, [before, history]);
  return did;
}

/// Play by clicking until this hand is over; `onMove(n)` runs after each
/// of this page's moves.
async function playHand(pages, onMove = async () => {}) {
  const done = [];
  for (let guard = 0; guard < 2000; guard++) {
    let any = false;
    for (const page of pages) {
      if (await page.locator("#result h3").count()) continue;
      const did = await moveOnce(page);
      if (did) { any = true; done.push(did); await onMove(page, done.length); }
    }
    if ((await Promise.all(pages.map((p) => p.locator("#result h3").count()))).every((n) => n > 0)) return done;
    if (!any) await pages[0].waitForTimeout(50);
  }
  throw new Error("the hand did not end");
}

function noErrors(page) {
  assert.deepEqual(page.errors, [], `${page.who}: page errors`);
}

test("a hand against a bot by clicking, a reload mid-hand, then the replay", async () => {
  const page = await newPlayer("Ann");
  const id = await createTable(page, { game: "draw", players: 2, humans: 1, target: 1, name: "Ann" });
  await shot(page, "table-start");
  assert.match(await page.locator(".seat.me").innerText(), /Ann \(you\)/);
  // A commitment to the first hand's seed is shown before the hand.
  assert.match(await page.locator("#fair").innerText(), /commitment/);
  let reloaded = false;
  const moves = await playHand([page], async (p, n) => {
    if (n === 2 && !reloaded) {
      reloaded = true;
      const hand = await p.locator("#hand svg.tilesvg").evaluateAll((ts) => ts.map((t) => t.dataset.tile).sort());
      await shot(p, "table-before-reload");
      await p.reload();
      await p.waitForSelector(".seat.me");
      await p.waitForFunction((n) => document.querySelectorAll("#hand svg.tilesvg").length === n, hand.length);
      const back = await p.locator("#hand svg.tilesvg").evaluateAll((ts) => ts.map((t) => t.dataset.tile).sort());
      assert.deepEqual(back, hand, "the same hand after a reload");
      assert.match(await p.locator(".seat.me").innerText(), /Ann \(you\)/);
      assert.equal(p.url(), `${base}/t/${id}`);
      await shot(p, "table-after-reload");
    }
  });
  assert.ok(moves.length >= 2, `moves: ${moves}`);
  assert.ok(reloaded, "reloaded mid-hand");
  await page.waitForSelector("#replaylink");
  const result = await page.locator("#result").innerText();
  assert.match(result, /Match over/);
  // All hands are shown at the end, and the revealed key checks out.
  assert.ok(await page.locator("#result .reveal").count() === 2);
  await page.waitForFunction(() => /matches the commitment/.test(document.querySelector("#verified")?.textContent || ""));
  await shot(page, "table-match-over");
  // The replay: step through, all hands shown, deals verified.
  await page.click("#replaylink");
  await page.waitForURL(`${base}/r/${id}`);
  await page.waitForSelector("#caption");
  assert.match(await page.locator("body").innerText(), /Every deal matches its revealed seed/);
  assert.match(await page.locator("#caption").innerText(), /Hand 1, step deal/);
  await page.click("#next");
  assert.match(await page.locator("#caption").innerText(), /Hand 1, step 1/);
  await shot(page, "replay-step-1");
  const max = Number(await page.locator("#slider").getAttribute("max"));
  assert.ok(max >= moves.length, `replay has ${max} steps for ${moves.length} of our moves`);
  await page.locator("#slider").fill(String(max));
  assert.match(await page.locator("#caption").innerText(), /Match over|Hand over/);
  await shot(page, "replay-end");
  // The record downloads.
  const rec = await (await fetch(`${base}/api/history/${id}/record`)).json();
  assert.equal(rec.hands.length, 1);
  // And the lobby lists the finished match.
  await page.click("a.brand");
  await page.waitForSelector(`#history a[href="/r/${id}"]`);
  noErrors(page);
});

test("a friend joins a private table by its share link, both play a hand, then the next", async () => {
  const host = await newPlayer("Host");
  const id = await createTable(host, { game: "draw", players: 3, humans: 2, target: 500, priv: true, name: "Host" });
  const link = await host.inputValue("#share");
  assert.equal(link, `${base}/t/${id}`);
  // A private table is not in the lobby's list.
  const open = await (await fetch(`${base}/api/tables`)).json();
  assert.ok(!open.some((t) => t.id === id), "private tables are not listed");
  const friend = await newPlayer("Bea");
  await friend.goto(link);
  await friend.fill("#joinname", "Bea");
  await friend.click("#joinbtn");
  await friend.waitForSelector(".seat.me");
  assert.match(await friend.locator(".seat.me").innerText(), /Bea \(you\)/);
  assert.equal(await friend.locator(".seat.me").getAttribute("data-seat"), "1");
  // The host sees the friend arrive; the third seat is a bot.
  await host.waitForFunction(() => /Bea/.test(document.querySelector("#seats").textContent));
  assert.match(await host.locator('.seat[data-seat="2"]').innerText(), /bot/);
  // Each sees only their own tiles: the others' are backs.
  assert.equal(await friend.locator('.seat[data-seat="0"] .backs svg').count(), await host.locator("#hand svg.tilesvg").count());
  await shot(host, "friend-host");
  await shot(friend, "friend-joined");
  const moves = await playHand([host, friend]);
  assert.ok(moves.length >= 2, `moves: ${moves}`);
  await shot(host, "friend-host-over");
  await shot(friend, "friend-over");
  // Every hand is shown at the end; the next hand starts once both
  // players are ready (the bot always is).
  assert.equal(await friend.locator("#result .reveal").count(), 3);
  await host.click("#ready");
  await friend.waitForFunction(() => /✓ ready/.test(document.querySelector('.seat[data-seat="0"]').textContent));
  assert.match(await host.locator("#scores h3").innerText(), /Hand 1/);
  await friend.click("#ready");
  for (const p of [host, friend]) await p.waitForFunction(() => /Hand 2/.test(document.querySelector("#scores h3").textContent));
  assert.equal(await host.locator("#result h3").count(), 0);
  // A third visitor finds no free seat and watches: no tiles of anyone's.
  const watcher = await newPlayer("Cy");
  await watcher.goto(link);
  await watcher.fill("#joinname", "Cy");
  await watcher.click("#joinbtn");
  await watcher.waitForFunction(() => /Watching/.test(document.querySelector("#status").textContent));
  await watcher.waitForSelector('.seat[data-seat="1"] .backs');
  assert.equal(await watcher.locator("#hand svg").count(), 0);
  assert.equal(await watcher.locator(".seat.me").count(), 0);
  await shot(watcher, "friend-watcher");
  noErrors(watcher);
  noErrors(host);
  noErrors(friend);
});
