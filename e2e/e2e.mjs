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
  // A commitment to the first hand's seed is shown before the hand, with
  // the redeal rule the hand is dealt under (draw: until somebody holds a
  // double).
  assert.match(await page.locator("#fair").innerText(), /commitment: .*\(redeal rule: double\)/);
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
  // All hands are shown at the end, and the page itself checks the revealed
  // key: against the commitment, and the deal it gives (web/fair.js)
  // against every hand.
  assert.ok(await page.locator("#result .reveal").count() === 2);
  await page.waitForFunction(() => /✓|✗/.test(document.querySelector("#verified")?.textContent || ""));
  assert.match(await page.locator("#verified").innerText(), /✓ Deal verified: the commitment and all hands match the revealed key/);
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
  // The record downloads with each hand's commitment, redeal rule and key,
  // and `domino verify` checks it; a tampered copy fails with exit code 1.
  // (Usually one hand; more after tied hands, see above.)
  const rec = await (await fetch(`${base}/api/history/${id}/record`)).json();
  const n = rec.hands.length;
  assert.ok(n >= 1);
  assert.equal(rec.fair.length, n);
  assert.ok(rec.fair.every((f) => f.redeal === "double"), JSON.stringify(rec.fair));
  const file = join(tmp, "record.json");
  writeFileSync(file, JSON.stringify(rec));
  let v = spawnSync(BIN, ["verify", file], { encoding: "utf8" });
  assert.equal(v.status, 0, v.stderr);
  assert.match(v.stdout, new RegExp(`^ok: ${n} hands? verified: .* under its published redeal rule`));
  writeFileSync(file, JSON.stringify({ ...rec, fair: rec.fair.map((f, i) => (i === 0 ? { ...f, redeal: "never" } : f)) }));
  v = spawnSync(BIN, ["verify", file], { encoding: "utf8" });
  assert.equal(v.status, 1);
  assert.match(v.stderr, /NOT verified: hand 1: the published redeal rule `never` is not the match's \(`double`\)/);
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
  // Both pages recompute the deal from the revealed key and find it matches.
  for (const p of [host, friend]) {
    await p.waitForFunction(() => /✓|✗/.test(document.querySelector("#verified")?.textContent || ""));
    assert.match(await p.locator("#verified").innerText(), /✓ Deal verified/);
  }
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

// ---- the table's shape ----

/// The board as drawn: the viewBox, each tile's box in the SVG's own
/// coordinates (with its chain and the way it was laid) and the open ends.
function boardShape(page) {
  return page.evaluate(() => {
    const svg = document.getElementById("board");
    const [x, y, w, h] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
    const box = (g) => {
      const b = g.getBBox();
      const m = g.transform.baseVal.consolidate()?.matrix;
      return { x: b.x + (m ? m.e : 0), y: b.y + (m ? m.f : 0), w: b.width, h: b.height };
    };
    const tiles = [...svg.querySelectorAll("g.tile")].map((g) => ({ ...box(g), tile: g.dataset.tile, chain: g.dataset.chain, dir: g.dataset.dir }));
    const ends = [...svg.querySelectorAll("g.end circle")].map((c) => ({ x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")) }));
    return { view: { x, y, w, h }, tiles, ends };
  });
}

/// Every tile and open end inside the viewBox, and no two tiles on top of
/// each other.
function checkShape(shape, what) {
  const { view: v, tiles, ends } = shape;
  for (const t of tiles) {
    assert.ok(t.x >= v.x && t.y >= v.y && t.x + t.w <= v.x + v.w && t.y + t.h <= v.y + v.h, `${what}: ${t.tile} outside the view`);
  }
  for (const e of ends) assert.ok(e.x >= v.x && e.y >= v.y && e.x <= v.x + v.w && e.y <= v.y + v.h, `${what}: an open end outside the view`);
  for (let i = 0; i < tiles.length; i++) {
    for (let j = i + 1; j < tiles.length; j++) {
      const a = tiles[i], b = tiles[j];
      const over = a.x + 1 < b.x + b.w && b.x + 1 < a.x + a.w && a.y + 1 < b.y + b.h && b.y + 1 < a.y + a.h;
      assert.ok(!over, `${what}: ${a.tile} and ${b.tile} overlap`);
    }
  }
}

test("the layout in each game's shape: arms out of the posed double and of later doubles, snakes, nothing overlapping", async () => {
  // No browser: the page's own layout code on real hands from `domino engine`.
  const { planLayout } = await import("../web/draw.js");
  const engine = spawn(BIN, ["engine"], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = [];
  let wake = null;
  let buf = "";
  engine.stdout.on("data", (d) => {
    buf += d;
    for (let i; (i = buf.indexOf("\n")) >= 0; buf = buf.slice(i + 1)) lines.push(JSON.parse(buf.slice(0, i)));
    if (wake) wake();
  });
  const ask = async (req) => {
    engine.stdin.write(JSON.stringify(req) + "\n");
    while (!lines.length) await new Promise((ok) => (wake = ok));
    return lines.shift();
  };
  const STEP = { L: [-1, 0], R: [1, 0], U: [0, -1], D: [0, 1] };
  let spinners = 0, branches = 0, elsewhere = 0, snakes = 0;
  try {
    for (const [preset, players] of [["club-fives", 2], ["french", 4], ["cross", 2], ["double-nine-cross", 2], ["double-nine-cross", 4], ["draw", 2]]) {
      for (let seed = 1; seed <= 6; seed++) {
        let st = (await ask({ cmd: "new", rules: { preset, players }, seed })).state;
        for (let n = 0; st.phase === "play"; n++) {
          const { actions } = await ask({ cmd: "legal" });
          const plays = actions.filter((a) => a.type === "play");
          const pick = plays.length ? plays : actions;
          st = (await ask({ cmd: "act", action: pick[(n * 7 + seed) % pick.length] })).state;
          const what = `${preset} seed ${seed} step ${n}`;
          const plan = planLayout(st.layout, 860, st.history, preset === "double-nine-cross");
          const { tiles } = plan;
          assert.equal(tiles.length, 1 + st.layout.chains.reduce((k, c) => k + c.tiles.length, 0), what);
          for (let i = 0; i < tiles.length; i++) {
            for (let j = i + 1; j < tiles.length; j++) {
              const a = tiles[i], b = tiles[j];
              assert.ok(!(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h), `${what}: ${a.tile} over ${b.tile}`);
            }
            // A double lies across its line, any other tile along it.
            const t = tiles[i];
            if (!t.posed) assert.equal(t.w > t.h, (t.a === t.b) !== (t.dir === "L" || t.dir === "R"), `${what}: ${t.tile} lies wrong`);
          }
          // Every chain starts out of its tile's side: the posed tile's
          // four sides in order, a later double's two ends across its line.
          const posed = tiles[0];
          for (const c of st.layout.chains) {
            const first = tiles.find((t) => t.chain === c.id && t.tile === c.tiles[0]);
            if (!first) continue;
            const from = c.from === st.layout.posed ? posed : tiles.find((t) => t.tile === c.from && !t.posed);
            const ways = c.from === st.layout.posed ? [["L", "R", "U", "D"][c.id]] : (from.dir === "L" || from.dir === "R" ? ["U", "D"] : ["L", "R"]);
            const [dx, dy] = STEP[first.dir];
            const touches = (dx > 0 && first.x === from.x + from.w) || (dx < 0 && first.x + first.w === from.x)
              || (dy > 0 && first.y === from.y + from.h) || (dy < 0 && first.y + first.h === from.y);
            const out = ways.includes(first.dir) && touches;
            if (c.from === st.layout.posed) {
              assert.ok(out, `${what}: chain ${c.id} does not grow out of the posed ${c.from}`);
              if (c.id >= 2) spinners++;
            } else if (out) branches++;
            else elsewhere++; // a branch boxed in by the tiles around its double
          }
          if (tiles.some((t) => t.chain === 0 && t.dir === "R") || tiles.some((t) => t.chain === 1 && t.dir === "L")) snakes++;
        }
      }
    }
  } finally {
    engine.stdin.end();
  }
  assert.ok(spinners > 0 && branches > 0 && snakes > 0, `spinner arms ${spinners}, branches ${branches}, snakes ${snakes}`);
  assert.ok(elsewhere * 10 <= branches, `${elsewhere} branches not out of their double, ${branches} out of it`);
});

/// Play this page's first move as a double, if it poses and holds one
/// (so that club fives gets its spinner).
async function poseADouble(page) {
  await page.waitForFunction(() => document.querySelector("#board .tile") || document.querySelector(".seat.me.toact"));
  if (await page.locator("#board .tile").count()) return false;
  const doubles = await page.locator("#hand svg.tilesvg.legal").evaluateAll((ts) => ts.map((t) => t.dataset.tile).filter((t) => t.split("-")[0] === t.split("-")[1]));
  if (!doubles.length) return false;
  await page.click(`#hand svg.tilesvg[data-tile="${doubles[0]}"]`);
  await page.waitForSelector("#board .tile");
  return true;
}

test("club fives, French and double-nine cross by clicking: arms drawn in every direction, all in view; the log survives a reload", async () => {
  for (const [game, players] of [["club-fives", 2], ["french", 4], ["double-nine-cross", 2]]) {
    const page = await newPlayer(`Shape ${game}`);
    const name = game === "club-fives" ? "Cy" : game === "french" ? "Flo" : "Nan";
    await createTable(page, { game, players, humans: 1, name });
    const posedDouble = game === "club-fives" ? await poseADouble(page) : true;
    let reloaded = false, mid = false;
    await playHand([page], async (p, n) => {
      if (n === 2 && !reloaded) {
        // The log after a reload tells the same story (and maybe more).
        reloaded = true;
        const before = await p.locator("#log li").allInnerTexts();
        await p.reload();
        await p.waitForSelector(".seat.me");
        await p.waitForFunction((n) => document.querySelectorAll("#log li").length >= n, before.length);
        const after = await p.locator("#log li").allInnerTexts();
        assert.deepEqual(after.slice(0, before.length), before, `${game}: the log after a reload`);
        assert.ok(before.length > 2, `${game}: ${before}`);
      }
      const tiles = await p.locator("#board g.tile").count();
      if (!mid && tiles >= (game === "french" ? 12 : 8)) {
        mid = true;
        await shot(p, `shape-${game}-mid`);
        checkShape(await boardShape(p), `${game} mid-hand`);
      }
    });
    await shot(page, `shape-${game}-end`);
    const shape = await boardShape(page);
    checkShape(shape, `${game} at the end`);
    const dirs = new Set(shape.tiles.filter((t) => t.chain !== "posed").map((t) => t.dir));
    const posed = shape.tiles.find((t) => t.chain === "posed");
    // The cross games always open four arms; club fives when its double
    // was posed and crossed.
    const up = shape.tiles.filter((t) => t.chain === "2"), down = shape.tiles.filter((t) => t.chain === "3");
    if (game !== "club-fives" || (posedDouble && up.length)) {
      assert.ok(up.length && up.every((t) => t.y + t.h <= posed.y + 1), `${game}: chain 2 grows up`);
      assert.ok(dirs.has("U"), `${game}: tiles laid upwards`);
    }
    if (game !== "club-fives" || (posedDouble && down.length)) {
      assert.ok(down.length && down.every((t) => t.y >= posed.y + posed.h - 1), `${game}: chain 3 grows down`);
      assert.ok(dirs.has("D"), `${game}: tiles laid downwards`);
    }
    assert.ok(dirs.has("L") || dirs.has("R"), `${game}: tiles laid across`);
    noErrors(page);
    await page.context().close();
  }
});

test("a table of bots only: created with no human seat, watched, the log kept across a reload", async () => {
  const page = await newPlayer("Wes");
  await page.goto(base + "/");
  await page.fill("#name", "Wes");
  await page.selectOption("#game", "draw");
  await page.selectOption("#players", "3");
  await page.selectOption("#humans", "0");
  await page.selectOption("#bot", "random");
  await page.fill("[data-opt=target]", "100");
  await page.click("#create");
  await page.waitForURL(/\/t\/[0-9a-f]+$/);
  const id = page.url().split("/t/")[1];
  await page.waitForFunction(() => /Watching the bots play/.test(document.querySelector("#status").textContent));
  // The bots play on their own: tiles appear and the log grows.
  await page.waitForFunction(() => document.querySelectorAll("#board g.tile").length >= 4 && document.querySelectorAll("#log li").length >= 5);
  assert.equal(await page.locator(".seat.me").count(), 0);
  assert.equal(await page.locator("#hand svg").count(), 0);
  assert.equal(await page.locator("#buttons button").count(), 0);
  for (let s = 0; s < 3; s++) assert.match(await page.locator(`.seat[data-seat="${s}"]`).innerText(), /bot/i);
  assert.equal(await page.evaluate((id) => localStorage.getItem("domino.token." + id), id), null, "no seat token");
  await shot(page, "bots-watched");
  // It is listed with a Watch link.
  const open = await (await fetch(`${base}/api/tables`)).json();
  const row = open.find((t) => t.id === id);
  assert.ok(row && row.humans === 0 && row.open_seats === 0, JSON.stringify(row));
  // A reload brings back the story of the hand so far, not an empty log.
  const hand = await page.locator("#scores h3").innerText();
  await page.reload();
  await page.waitForFunction(() => /Watching the bots play/.test(document.querySelector("#status").textContent));
  const log = await page.locator("#log li").allInnerTexts();
  if ((await page.locator("#scores h3").innerText()) === hand) {
    assert.ok(log.length >= 5, `log after the reload: ${log}`);
    assert.match(log[0], /^Hand \d+$/);
    assert.ok(log.some((l) => / played \d+-\d+/.test(l)), `${log}`);
  }
  await shot(page, "bots-watched-reloaded");
  noErrors(page);
});
