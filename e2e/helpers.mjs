// Shared pieces of the browser tests: the real `domino serve` on a free
// loopback port, Chromium through playwright-core, players in their own
// browser contexts at desktop (1280x800) or phone (390x844) size, and
// playing by clicking.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, existsSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import net from "node:net";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, "..");
export const BIN = process.env.DOMINO_BIN || join(root, "target/debug/domino");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
export const ARTIFACTS = process.env.E2E_ARTIFACTS || join(root, "target/e2e-artifacts");
mkdirSync(ARTIFACTS, { recursive: true });

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export function freePort() {
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

export const plain = (log) => log.join("").replace(/\x1b\[[0-9;]*m/g, "");

/// Start `domino serve` on `port` with the SQLite file `db` (or the
/// database URL `db`, e.g. postgres://...); resolves to the process once
/// it listens.
export async function launch(port, db, extra = []) {
  assert.ok(existsSync(BIN), `no domino binary at ${BIN} (cargo build, or set DOMINO_BIN)`);
  const url = db.includes("://") ? db : `sqlite://${db}`;
  const defaults = [
    "--bot-delay-ms", "30", "--budget-ms", "20", "--grace-secs", "60",
    // Every test's pages come from one address and make many tables a minute.
    "--max-tables-per-address", "1000", "--max-creates-per-minute", "1000",
    "--max-sockets-per-address", "1000", "--max-connections-per-address", "1000",
    "--max-sheets-per-hour", "1000", "--max-tournaments-per-hour", "1000", "--max-open-tournaments", "1000",
    "--max-entries-per-hour", "1000", "--max-profiles-per-hour", "1000", "--max-links-per-hour", "1000"];
  // A flag in `extra` replaces its default (the server takes each once).
  const kept = [];
  for (let i = 0; i < defaults.length; i += 2) if (!extra.includes(defaults[i])) kept.push(defaults[i], defaults[i + 1]);
  const args = ["serve", "--addr", `127.0.0.1:${port}`, "--db", url, ...kept, ...extra];
  const proc = spawn(BIN, args, { stdio: ["ignore", "ignore", "pipe"] });
  proc.log = [];
  await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error("server did not start:\n" + proc.log.join(""))), 20000);
    proc.stderr.on("data", (d) => {
      proc.log.push(String(d));
      if (/restored=\d+/.test(plain(proc.log))) { clearTimeout(timer); ok(); }
    });
    proc.on("exit", (code) => { clearTimeout(timer); fail(new Error(`server exited ${code}:\n${proc.log.join("")}`)); });
  });
  return proc;
}

/// nginx in the foreground, its files in `tmp`, with `http` as the inside
/// of its `http {}` block (upstreams and servers; `$connection_upgrade` is
/// defined); resolves to its process once every port in `ports` takes
/// connections.
export async function nginx(tmp, http, ports) {
  const conf = `
worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/nginx-error.log;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  ${http}
}
`;
  writeFileSync(join(tmp, "nginx.conf"), conf);
  // As root, nginx's workers would run as nobody: keep them as whoever runs the test.
  const proc = spawn("nginx", ["-p", tmp, "-e", join(tmp, "nginx-error.log"), "-c", join(tmp, "nginx.conf"),
    "-g", `daemon off;${process.getuid?.() === 0 ? " user root;" : ""}`], { stdio: ["ignore", "ignore", "pipe"] });
  proc.log = [];
  proc.stderr.on("data", (d) => proc.log.push(String(d)));
  for (const port of ports) {
    for (let i = 0; ; i++) {
      assert.ok(proc.exitCode == null, `nginx exited: ${proc.log.join("")}`);
      const up = await new Promise((ok) => {
        const s = net.connect(port, "127.0.0.1", () => { s.end(); ok(true); });
        s.on("error", () => ok(false));
      });
      if (up) break;
      assert.ok(i < 100, `nginx did not listen: ${proc.log.join("")}`);
      await new Promise((ok) => setTimeout(ok, 100));
    }
  }
  return proc;
}

/// A server of its own (`extra`: more `domino serve` flags) and a
/// browser: {base, tmp, browser, stop()}.
export async function setup(extra = []) {
  const port = await freePort();
  const tmp = mkdtempSync(join(tmpdir(), "domino-e2e-"));
  const server = await launch(port, join(tmp, "e2e.db"), extra);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    // Headless without a sandbox (root in CI); a fresh profile per launch.
    // The network service in the browser's own process, software
    // compositing and one raster thread: less work passing messages
    // between processes and threads, about 5% of Chromium's processor
    // time in a run of puzzles.test.mjs (alternated with the defaults).
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--enable-features=NetworkServiceInProcess2", "--disable-gpu-compositing", "--num-raster-threads=1"],
  });
  return {
    base: `http://127.0.0.1:${port}`, tmp, browser, server,
    async stop() {
      await browser.close();
      if (server.exitCode == null) server.kill("SIGTERM");
    },
  };
}

/// A page in a fresh context (its own localStorage: its own player),
/// collecting page errors.
export async function newPlayer(env, name, { viewport = DESKTOP, reducedMotion = "no-preference", allow = [], locale } = {}) {
  // `locale` sets navigator.languages and Accept-Language.
  const ctx = await env.browser.newContext({ viewport, reducedMotion, ...(locale ? { locale } : {}) });
  // Every page of the player's context, this one and any opened later.
  ctx.on("page", (p) => pollEvery(p));
  const page = await ctx.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error" && !allow.some((r) => r.test(m.text()))) page.errors.push(m.text()); });
  page.on("response", (r) => { if (r.status() >= 400 && !allow.some((re) => re.test(r.url()))) page.errors.push(`${r.status()} ${r.url()}`); });
  page.setDefaultTimeout(15000);
  page.who = name;
  return page;
}

/// Playwright's `waitForFunction` checks its condition on every animation
/// frame unless told otherwise, which keeps Chromium painting 60 frames a
/// second for as long as a test waits: a page's waits check every 50 ms
/// instead (a wait that asks for its own polling keeps it).
export function pollEvery(page, ms = 50) {
  const wait = page.waitForFunction.bind(page);
  page.waitForFunction = (fn, arg, options = {}) => wait(fn, arg, { polling: ms, ...options });
}

export function noErrors(page) {
  assert.deepEqual(page.errors, [], `${page.who}: page errors`);
}

/// A screenshot to look at, in target/e2e-artifacts/. Nothing is asserted
/// on it, so CI, where nobody looks, skips them (E2E_SHOTS=0): each costs
/// Chromium a full paint and an encode.
export async function shot(page, name) {
  if (process.env.E2E_SHOTS === "0") return;
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/// The lobby's custom games' forms, folded on a phone: opened.
export async function openCustom(page) {
  await page.waitForSelector("#customfold");
  if (!(await page.locator("#customfold[open]").count())) await page.click("#customfold > summary");
}

/// Quick start from the lobby: you against bots; returns the table id.
export async function quickStart(env, page, { game, level = "random", name }) {
  await page.goto(env.base + "/");
  // Signed in, the name field shows the profile's name, not to be typed.
  await page.waitForSelector("#name");
  await openCustom(page);
  if (await page.locator("#name").isEditable()) await page.fill("#name", name);
  await page.selectOption("#quickgame", game);
  await page.selectOption("#quicklevel", level);
  await page.click("#quickplay");
  await page.waitForURL(/\/t\/[0-9a-f]+$/);
  await page.waitForSelector(".seat.me");
  return page.url().split("/t/")[1];
}

/// A table for friends: `invite` lists the seats for friends, `options`
/// are house rules by name; returns the table id.
export async function createFriends(env, page, { game, players, invite = [], options = {}, name, priv = false, botsOnly = false }) {
  await page.goto(env.base + "/");
  await openCustom(page);
  // Signed in, the name field shows the profile's name, not to be typed.
  if (await page.locator("#name").isEditable()) await page.fill("#name", name);
  await page.selectOption("#game", game);
  if (players) await page.selectOption("#players", String(players));
  for (const s of invite) await page.selectOption(`#plan-${s}`, "invite");
  await page.selectOption("#bot", "random");
  if (Object.keys(options).length) await page.click("#newtable .houserules summary");
  for (const [k, v] of Object.entries(options)) {
    const sel = `#opts [data-opt=${k}]`;
    const select = `#opts select[data-opt=${k}]`;
    if (await page.locator(sel).getAttribute("data-kind") === "points-or") {
      // Points, or one of the option's named choices.
      await page.selectOption(`${sel} [data-part=pick]`, typeof v === "number" ? "" : v);
      if (typeof v === "number") await page.fill(`${sel} [data-part=points]`, String(v));
    } else if (typeof v === "boolean") await page.setChecked(sel, v);
    else if (await page.locator(select).count()) await page.selectOption(sel, String(v));
    else await page.fill(sel, String(v));
  }
  if (priv) await page.check("#private");
  if (botsOnly) await page.check("#botsonly");
  await page.click("#create");
  await page.waitForURL(/\/t\/[0-9a-f]+$/);
  await page.waitForSelector("#scores");
  return page.url().split("/t/")[1];
}

/// The invite link the creator's page gives for `seat` (what its copy
/// button copies: the seat and its code), at `base` when given (another
/// node's address).
export async function inviteLinkOf(page, seat, base) {
  await page.waitForSelector(`[data-invite="${seat}"]`, { state: "attached" });
  const link = new URL(await page.locator(`[data-invite="${seat}"]`).first().getAttribute("data-link"));
  assert.ok(link.searchParams.get("invite"), `the link carries the code: ${link}`);
  if (!base) return link.href;
  const at = new URL(base);
  link.protocol = at.protocol;
  link.host = at.host;
  return link.href;
}

export const handOver = (page) => page.locator("#result:not([hidden])").count().then((n) => n > 0);

/// One move by clicking, if it is this page's turn: draw or pass when
/// those are offered, else a highlighted tile (and an end, when it fits
/// several: `pickEnd` chooses among the end buttons). Returns what was
/// done, or null.
export async function moveOnce(page, pickEnd = (n) => 0) {
  if (await handOver(page)) return null;
  if (!(await page.locator(".seat.me.toact").count())) return null;
  const before = await page.locator("#hand .handtile").count();
  const history = await logged(page);
  let did;
  if (await page.locator(".poser").count()) {
    await page.locator(".poser").first().click();
    did = "choose";
  } else if (await page.locator("#draw").count()) {
    await page.click("#draw");
    did = "draw";
  } else if (await page.locator("#pass").count()) {
    await page.click("#pass");
    did = "pass";
  } else {
    const legal = page.locator("#hand .handtile.legal");
    if (!(await legal.count())) return null; // the state is still arriving
    await legal.first().click();
    did = "play";
    const ends = page.locator("#buttons .endchoice");
    if (await ends.count()) {
      did = "play at an end";
      await ends.nth(pickEnd(await ends.count())).click();
    }
  }
  await page.waitForFunction(([n, h]) =>
    document.querySelectorAll("#hand .handtile").length !== n
      || !document.querySelector(".seat.me.toact")
      || !document.querySelector("#result[hidden]")
      || +document.querySelector("#log").dataset.logged > h, [before, history]);
  return did;
}

/// Play by clicking until this hand is over; `onMove(page, n, did)` runs
/// after each of this page's moves.
export async function playHand(pages, onMove = async () => {}, pickEnd) {
  const done = [];
  for (let guard = 0; guard < 3000; guard++) {
    let any = false;
    for (const page of pages) {
      if (await handOver(page)) continue;
      const did = await moveOnce(page, pickEnd);
      if (did) { any = true; done.push(did); await onMove(page, done.length, did); }
    }
    if ((await Promise.all(pages.map(handOver))).every(Boolean)) return done;
    if (!any) await pages[0].waitForTimeout(40);
  }
  throw new Error("the hand did not end");
}

/// After a hand that is over, play on hand by hand until the match-end
/// banner shows (ties score nothing, so this may take several hands).
export async function playToMatchEnd(page) {
  for (let hands = 1; !(await page.locator("#banner:not([hidden])").count()); hands++) {
    assert.ok(hands < 20, "the match did not end");
    await page.waitForSelector("#banner:not([hidden]), #ready");
    if (await page.locator("#banner:not([hidden])").count()) break;
    await page.click("#ready");
    await page.waitForFunction(() => document.querySelector("#result").hidden);
    await playHand([page]);
  }
}

/// Relative luminance contrast of two CSS colours (rgb()/rgba() strings).
export function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

export function writeArtifact(name, data) {
  writeFileSync(join(ARTIFACTS, name), typeof data === "string" ? data : JSON.stringify(data, null, 2));
}

/// How many entries the table's log has had: the list itself shows only the
/// last 80, so its length stops growing in a long match.
export async function logged(page) {
  return +(await page.locator("#log").getAttribute("data-logged") ?? 0);
}

/// `domino engine` as a session: `ask(request)` resolves to its answer
/// (docs of the protocol: `domino engine --help`); `close()` ends it.
/// Seeded deals the server never deals on demand: the tests play them
/// here and draw their states with the page's own code.
export function engineSession() {
  const proc = spawn(BIN, ["engine"], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = [];
  let wake = null;
  let buf = "";
  proc.stdout.on("data", (d) => {
    buf += d;
    for (let i; (i = buf.indexOf("\n")) >= 0; buf = buf.slice(i + 1)) lines.push(JSON.parse(buf.slice(0, i)));
    if (wake) wake();
  });
  return {
    async ask(req) {
      proc.stdin.write(JSON.stringify(req) + "\n");
      while (!lines.length) await new Promise((ok) => (wake = ok));
      return lines.shift();
    },
    close() { proc.kill(); },
  };
}

/// The shipped puzzle set's answers, by puzzle id: how the puzzle tests
/// find a right play and a wrong one.
export const puzzleKey = () => new Map(readFileSync(join(root, "puzzles/set.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l)).map((p) => [p.id, p]));

export const samePlay = (a, b) => a.tile === b.tile && (a.end ?? null) === (b.end ?? null);

/// A play of the puzzle `key` other than its answer.
export const missOf = (key) => key.choices.map((c) => c.action).find((a) => !samePlay(a, key.answer));

/// Play `action` on a puzzle shown (`shown`, as the server sent it): its
/// tile, then its end on the board when the tile fits two (in the trains
/// family, the open end of its train at the station).
export async function playPuzzle(page, shown, action) {
  await page.click(`#puzzlehand [data-tile="${action.tile}"]`);
  if (shown.choices.filter((c) => c.tile === action.tile).length > 1) {
    const end = `${puzzleEnd(shown)}[data-end="${action.end}"]`;
    // Twice on CI the end never came after the tile's click (puzzle runs,
    // on a busy machine): say what the page showed instead.
    await page.waitForSelector(end, { timeout: 10000 }).catch(async (e) => {
      const seen = await page.evaluate((tile) => ({
        tile: document.querySelector(`#puzzlehand [data-tile="${tile}"]`)?.className ?? "gone",
        ends: [...document.querySelectorAll(".choosable[data-end], .endchoice[data-end]")].map((x) => x.getAttribute("data-end")),
        prompt: document.querySelector("#puzzleprompt")?.textContent ?? null,
        error: document.querySelector(".error[role=alert]")?.textContent ?? null,
        drawn: [...document.querySelectorAll("#puzzleboard g.end, #puzzlestation .trainend")].map((x) => {
          const b = x.getBoundingClientRect();
          return `${x.getAttribute("data-end")} ${x.getAttribute("class")} ${[b.x, b.y, b.width, b.height].map(Math.round)}`;
        }),
        board: (() => { const b = document.querySelector("#puzzleboard")?.getBoundingClientRect(); return b ? [b.x, b.y, b.width, b.height].map(Math.round) : null; })(),
        window: [innerWidth, innerHeight, scrollY],
      }), action.tile);
      throw new Error(`${shown.id}: no end ${action.end} for ${action.tile} after its click: ${JSON.stringify(seen)}\n${e}`);
    });
    await page.click(end);
  }
}

/// The trains family's puzzles are drawn as the table's station.
export const stationPuzzle = (shown) => shown.facts.layout === "trains" || shown.facts.layout === "foot";
/// A puzzle's board's tiles, on the board or at the station.
export const puzzleTiles = (shown, root = "#puzzle") => stationPuzzle(shown) ? `${root}station svg[data-tile]` : `${root}board g.tile`;
/// A puzzle's board's tile `tile` drawn as the last played.
export const puzzleLast = (shown, tile) => stationPuzzle(shown) ? `#puzzlestation svg.last[data-tile="${tile}"]` : `#puzzleboard g.tile.last[data-tile="${tile}"]`;
/// A puzzle's ends that take the tile picked.
export const puzzleEnd = (shown) => stationPuzzle(shown) ? "#puzzlestation button.trainend.choosable" : "#puzzleboard g.end.choosable";

// axe-core's source, run through the DevTools protocol: the page's
// Content-Security-Policy refuses it as an inline <script> tag.
let AXE = null;
const axeSource = () => AXE ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's serious and critical violations on the page as it is now. */
export async function axe(page, where) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(axeSource());
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`) }));
  });
  assert.deepEqual(found, [], `${where}: axe found\n${JSON.stringify(found, null, 2)}`);
}
