// Browser end-to-end tests of `domino serve` in real headless Chromium.
//
// Runs the real `domino` binary (DOMINO_BIN, default target/debug/domino)
// on a free loopback port with a temporary SQLite file and short bot
// delays, and drives Debian's Chromium (CHROMIUM, default /usr/bin/chromium)
// with playwright-core. Screenshots go to target/e2e-artifacts/ (or
// E2E_ARTIFACTS). Run: `npm ci && node --test` in this directory.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, existsSync, writeFileSync } from "node:fs";
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

const plain = (log) => log.join("").replace(/\x1b\[[0-9;]*m/g, "");

/// Start `domino serve` on `port` with the SQLite file `db`; resolves to
/// the process once it listens.
async function launch(port, db) {
  assert.ok(existsSync(BIN), `no domino binary at ${BIN} (cargo build, or set DOMINO_BIN)`);
  const args = ["serve", "--addr", `127.0.0.1:${port}`, "--db", `sqlite://${db}`,
    "--bot-delay-ms", "40", "--bot-budget-ms", "20", "--grace-secs", "60"];
  const proc = spawn(BIN, args, { stdio: ["ignore", "ignore", "pipe"] });
  proc.log = [];
  await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error("server did not start:\n" + proc.log.join(""))), 20000);
    proc.stderr.on("data", (d) => {
      proc.log.push(String(d));
      serverLog.push(String(d));
      // Up once the store is open and the tables are restored.
      if (/restored=\d+/.test(plain(proc.log))) { clearTimeout(timer); ok(); }
    });
    proc.on("exit", (code) => { clearTimeout(timer); fail(new Error(`server exited ${code}:\n${proc.log.join("")}`)); });
  });
  return proc;
}

async function startServer() {
  const port = await freePort();
  tmp = mkdtempSync(join(tmpdir(), "domino-e2e-"));
  server = await launch(port, join(tmp, "e2e.db"));
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
  // A blocked hand can tie, and a tie scores nothing: then the match goes
  // on, so play the next hands until somebody reaches the target.
  for (let hands = 1; !(await page.locator("#replaylink").count()); hands++) {
    assert.ok(hands < 20, "the match did not end");
    await page.waitForSelector("#replaylink, #ready");
    if (await page.locator("#replaylink").count()) break;
    await page.click("#ready");
    await page.waitForFunction(() => !document.querySelector("#result h3"));
    await playHand([page]);
  }
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
  // The record downloads with each hand's commitment and key, and
  // `domino verify` checks it; a tampered copy fails with exit code 1.
  const rec = await (await fetch(`${base}/api/history/${id}/record`)).json();
  assert.equal(rec.hands.length, 1);
  assert.equal(rec.fair.length, 1);
  const file = join(tmp, "record.json");
  writeFileSync(file, JSON.stringify(rec));
  let v = spawnSync(BIN, ["verify", file], { encoding: "utf8" });
  assert.equal(v.status, 0, v.stderr);
  assert.match(v.stdout, /^ok: 1 hand verified/);
  rec.fair[0].key = rec.fair[0].key.replace(/^./, (c) => (c === "0" ? "1" : "0"));
  writeFileSync(file, JSON.stringify(rec));
  v = spawnSync(BIN, ["verify", file], { encoding: "utf8" });
  assert.equal(v.status, 1);
  assert.match(v.stderr, /NOT verified: hand 1: the key does not match the commitment/);
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

/// This page's seat's full state message, over a socket of its own that
/// resumes the seat with the token the page keeps.
function seatState(page, id) {
  return page.evaluate(async (id) => {
    const token = localStorage.getItem("domino.token." + id);
    const ws = new WebSocket(`ws://${location.host}/ws`);
    await new Promise((ok, no) => { ws.onopen = ok; ws.onerror = no; });
    const st = await new Promise((ok) => {
      ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.type === "state") ok(m); };
      ws.send(JSON.stringify({ type: "resume", table: id, token }));
    });
    ws.close();
    return st;
  }, id);
}

test("kill -9 mid-hand: the restarted binary has every acknowledged move, the pages reconnect and finish", async () => {
  // A server of its own, on its own file, so killing it spares the others.
  const port = await freePort();
  const db = join(tmp, "restart.db");
  let proc = await launch(port, db);
  const url = `http://127.0.0.1:${port}`;
  try {
    // Two people, no bots: every stored action is one of theirs.
    const a = await newPlayer("Ann");
    await a.goto(url + "/");
    await a.fill("#name", "Ann");
    await a.selectOption("#game", "draw");
    await a.selectOption("#players", "2");
    await a.selectOption("#humans", "2");
    await a.fill("[data-opt=target]", "1");
    await a.click("#create");
    await a.waitForURL(/\/t\/[0-9a-f]+$/);
    const id = a.url().split("/t/")[1];
    const b = await newPlayer("Bea");
    await b.goto(`${url}/t/${id}`);
    await b.fill("#joinname", "Bea");
    await b.click("#joinbtn");
    await b.waitForSelector(".seat.me");
    // Six acknowledged moves by clicking (each shown on the page).
    let moves = 0;
    for (let guard = 0; moves < 6 && guard < 500; guard++) {
      let any = false;
      for (const p of [a, b]) if (await moveOnce(p)) { moves++; any = true; }
      if (await a.locator("#result h3").count()) break;
      if (!any) await a.waitForTimeout(30);
    }
    assert.ok(moves >= 2, `made ${moves} moves`);
    const before = [await seatState(a, id), await seatState(b, id)];
    await shot(a, "restart-before-kill");
    proc.kill("SIGKILL");
    await new Promise((ok) => (proc.exitCode != null || proc.signalCode ? ok() : proc.once("exit", ok)));
    await a.waitForFunction(() => /reconnecting/.test(document.querySelector("#status")?.textContent || ""));
    proc = await launch(port, db);
    assert.match(plain(proc.log), /restored=1/);
    const after = [await seatState(a, id), await seatState(b, id)];
    for (const s of [0, 1]) {
      assert.equal(after[s].seat, s);
      assert.deepEqual(after[s].state, before[s].state, `seat ${s}: the same state after kill -9`);
      assert.deepEqual(after[s].fair, before[s].fair);
    }
    assert.ok(after[0].state.history.length >= moves, "every acknowledged move is stored");
    // The pages reconnect by themselves to the same seats, and play on.
    for (const p of [a, b]) {
      await p.waitForFunction(() => document.querySelector(".seat.me") && !/reconnecting/.test(document.querySelector("#status").textContent), null, { timeout: 20000 });
    }
    assert.match(await a.locator(".seat.me").innerText(), /Ann \(you\)/);
    assert.match(await b.locator(".seat.me").innerText(), /Bea \(you\)/);
    await shot(a, "restart-after");
    await playHand([a, b]);
    await a.waitForSelector("#replaylink");
    const rec = await (await fetch(`${url}/api/history/${id}/record`)).json();
    const played = rec.hands[0].actions.map((x) => x.action);
    assert.deepEqual(played.slice(0, before[0].state.history.length), before[0].state.history.map((x) => x.action));
    await shot(a, "restart-finished");
    noErrors(b);
  } finally {
    proc.kill("SIGKILL");
  }
});
