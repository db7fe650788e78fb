// Two `domino serve` nodes on one PostgreSQL database behind nginx, in
// real Chromium: two people at one table, each page reaching the table
// through a different node (nginx sends each port to its own node first,
// the other node being the backup), see each other's moves; the table's
// node is killed with SIGKILL, and both pages carry on at the other node:
// the one whose node died reconnects through nginx and resumes its seat,
// the other is moved there by its node without reconnecting.
//
// Needs DOMINO_TEST_POSTGRES (a server whose user may create databases:
// the test makes a fresh one), `psql` and `nginx`; skipped otherwise.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { launch, freePort, nginx, newPlayer, noErrors, createFriends, inviteLinkOf, moveOnce, handOver, logged, shot } from "./helpers.mjs";

const PG = process.env.DOMINO_TEST_POSTGRES;
const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;
const missing = !PG ? "DOMINO_TEST_POSTGRES is not set"
  : !has("psql") ? "psql is not installed"
  : !has("nginx") ? "nginx is not installed" : null;
if (missing) console.log(`# skipped: ${missing}`);

/// Run `sql` on the database at `url`; what it printed, trimmed.
function psql(url, sql) {
  const r = spawnSync("psql", [url, "-qtAX", "-c", sql], { encoding: "utf8" });
  assert.equal(r.status, 0, `psql: ${r.stderr}`);
  return r.stdout.trim();
}

/// nginx on two loopback ports in front of nodes `a` and `b`: the first
/// port prefers `a`, the second `b`, each falling back on the other.
async function balancer(tmp, a, b) {
  const [p1, p2] = [await freePort(), await freePort()];
  const site = (port, up) => `
    server {
      listen 127.0.0.1:${port};
      location / {
        proxy_pass http://${up};
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $connection_upgrade;
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_connect_timeout 2s;
        proxy_read_timeout 120s;
      }
    }`;
  const proc = await nginx(tmp, `
  proxy_buffering off;
  upstream first_a { server 127.0.0.1:${a} max_fails=1 fail_timeout=30s; server 127.0.0.1:${b} backup; }
  upstream first_b { server 127.0.0.1:${b} max_fails=1 fail_timeout=30s; server 127.0.0.1:${a} backup; }
  ${site(p1, "first_a")}
  ${site(p2, "first_b")}`, [p1, p2]);
  return { proc, first: `http://127.0.0.1:${p1}`, second: `http://127.0.0.1:${p2}` };
}

/// The nodes' `/metrics` token.
const METRICS_TOKEN = "e2e-metrics";

/// The number in a node's `/metrics` line `name`.
async function metric(port, name) {
  const auth = { authorization: `Bearer ${METRICS_TOKEN}` };
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: auth })).text();
  const line = text.split("\n").find((l) => l.startsWith(name + " "));
  return Number(line?.split(" ")[1]);
}

const tiles = (page) => page.locator("#board g.tile").count();

/// Both pages show the same board and the same log.
async function agree(a, b) {
  for (let i = 0; ; i++) {
    const [ta, tb, la, lb] = [await tiles(a), await tiles(b), await logged(a), await logged(b)];
    if (ta === tb && la === lb) return { tiles: ta, logged: la };
    assert.ok(i < 200, `the pages disagree: ${ta}/${tb} tiles, ${la}/${lb} log entries`);
    await a.waitForTimeout(50);
  }
}

/// Play by clicking until each page made `each` moves (or the hand ended),
/// checking after every move that the other page saw it.
async function play(pages, each) {
  const made = pages.map(() => 0);
  for (let guard = 0; made.some((n) => n < each) && guard < 600; guard++) {
    if (await handOver(pages[0])) break;
    let any = false;
    for (const [i, page] of pages.entries()) {
      const other = pages[1 - i];
      const seen = await logged(other);
      if (await moveOnce(page)) {
        made[i]++;
        any = true;
        await other.waitForFunction((n) => +document.querySelector("#log").dataset.logged > n, seen).catch(async () => {
          const say = async (p) => `${p.who}: ${await logged(p)} logged, ${await p.locator("#status").innerText().catch(() => "")}`;
          throw new Error(`${other.who} did not see ${page.who}'s move: ${await say(page)} / ${await say(other)}`);
        });
      }
    }
    if (!any) await pages[0].waitForTimeout(40);
  }
  return made;
}

/// A fresh database, nodes `a` and `b` on it (each with its `--lease`),
/// nginx in front of them and a browser: `body` gets them, and everything
/// is stopped and dropped after it.
async function withCluster(leases, body) {
  const tmp = mkdtempSync(join(tmpdir(), "domino-e2e-nodes-"));
  const name = `domino_e2e_nodes_${process.pid}_${Date.now()}`;
  const base = PG.replace(/\/[^/?]*(\?.*)?$/, "");
  psql(PG, `CREATE DATABASE ${name}`);
  const db = `${base}/${name}`;
  const [pa, pb] = [await freePort(), await freePort()];
  const node = (port, id) => launch(port, db, ["--node", id, "--lease", leases[id], "--metrics-token", METRICS_TOKEN]);
  const procs = [];
  let browser;
  try {
    const a = await node(pa, "a");
    procs.push(a);
    const b = await node(pb, "b");
    procs.push(b);
    const lb = await balancer(tmp, pa, pb);
    procs.push(lb.proc);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    await body({ a, b, pa, pb, lb, browser, db });
  } finally {
    if (browser) await browser.close();
    for (const p of procs.reverse()) if (p.exitCode == null && !p.signalCode) p.kill("SIGKILL");
    await new Promise((ok) => setTimeout(ok, 300));
    const log = join(tmp, "nginx-error.log");
    if (existsSync(log) && process.env.E2E_VERBOSE) console.log(readFileSync(log, "utf8"));
    psql(PG, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

test("two nodes behind nginx: players on different nodes see each other's moves, and carry on when the table's node is killed", { skip: missing ?? false }, () =>
  withCluster({ a: "1500ms", b: "1500ms" }, async ({ a, b, pa, pb, lb, browser }) => {
    const lost = [/WebSocket|ERR_CONNECTION_REFUSED|502/];
    // Ana comes in on the first port (node a), Bo on the second (node b).
    const ana = await newPlayer({ browser, base: lb.first }, "Ana", { allow: lost });
    const id = await createFriends({ browser, base: lb.first }, ana, { game: "draw", players: 2, invite: [1], options: { target: 200 }, name: "Ana" });
    const bo = await newPlayer({ browser, base: lb.second }, "Bo", { allow: lost });
    await bo.goto(await inviteLinkOf(ana, 1, lb.second));
    await bo.fill("#joinname", "Bo");
    await bo.click("#joinbtn");
    await bo.waitForSelector(".seat.me").catch(async (e) => {
      throw new Error(`Bo is not seated: ${await bo.locator("#status").innerText().catch(() => "")} ${bo.errors}\n${b.log.join("")}`);
    });
    await ana.waitForFunction(() => /Bo/.test(document.querySelector('.seat[data-seat="1"]').textContent));
    // The table is a's; Bo reaches it through b and PostgreSQL.
    assert.equal(await metric(pa, "domino_tables_owned"), 1);
    assert.equal(await metric(pb, "domino_tables_owned"), 0);
    assert.ok(await metric(pb, "domino_relay_sockets_remote") >= 1, "Bo's socket is b's, at a's table");

    const before = await play([ana, bo], 2);
    assert.ok(before.every((n) => n >= 1), `both played: ${before}`);
    const seen = await agree(ana, bo);
    await shot(bo, "nodes-before-kill");

    // The table's node dies. Ana's page (on a) loses its socket, and
    // reconnects through nginx to b, which takes the table over from the
    // log; Bo's page (on b) is moved there by b.
    a.kill("SIGKILL");
    await new Promise((ok) => (a.exitCode != null || a.signalCode ? ok() : a.once("exit", ok)));
    await ana.waitForSelector("#offline:not([hidden])");
    await ana.waitForSelector("#offline[hidden]", { state: "attached", timeout: 30000 });
    await ana.waitForSelector(".seat.me").catch(async (e) => {
      throw new Error(`Ana is not seated again: ${await ana.locator("#status").innerText().catch(() => "")} ${ana.errors}\n${b.log.join("")}`);
    });
    for (let i = 0; (await metric(pb, "domino_tables_owned")) !== 1; i++) {
      assert.ok(i < 300, "b did not take the table over");
      await ana.waitForTimeout(50);
    }
    // Nothing lost, nothing doubled: both pages show the table as it was.
    const after = await agree(ana, bo);
    assert.equal(after.tiles, seen.tiles, "the board is as it was");
    assert.equal(await ana.locator(".seat.me").getAttribute("data-seat"), "0");
    assert.equal(await bo.locator(".seat.me").getAttribute("data-seat"), "1");

    // And the game goes on at b, each seeing the other's moves.
    const more = await play([ana, bo], 2);
    assert.ok(more.every((n) => n >= 1) || (await handOver(ana)), `both played on: ${more}`);
    const end = await agree(ana, bo);
    assert.ok(end.logged > after.logged, "moves were played after the failover");
    await shot(ana, "nodes-after-failover");
    noErrors(ana);
    noErrors(bo);
  }));

test("a node that stalled past its lease stops its copy of the table: a player leaving there leaves at the node that runs the table now", { skip: missing ?? false }, () =>
  // a's heartbeat comes far later than the test ends, so only the store
  // can stop a's copy; b's comes every half second and opens the table
  // as soon as its lease is b's.
  withCluster({ a: "600s", b: "1500ms" }, async ({ pa, pb, lb, browser, db }) => {
    const lost = [/WebSocket|ERR_CONNECTION_REFUSED|502/];
    const ana = await newPlayer({ browser, base: lb.first }, "Ana", { allow: lost });
    const id = await createFriends({ browser, base: lb.first }, ana, { game: "draw", players: 2, invite: [1], name: "Ana" });
    await ana.waitForSelector(".seat.me");
    assert.equal(await metric(pa, "domino_tables_owned"), 1);
    // The lease moves to b, as when a stalls past it and b takes over.
    psql(db, `UPDATE domino_leases SET node = 'b',
      expires_at = CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT) + 3600000
      WHERE table_id = '${id}'`);
    for (let i = 0; (await metric(pb, "domino_tables_owned")) !== 1; i++) {
      assert.ok(i < 300, "b did not take the table over");
      await ana.waitForTimeout(50);
    }
    // Ana leaves on a's copy. The store refuses a's write, a's copy
    // answers `moving` and drops her socket; her page reconnects, is
    // taken to b, and asks again there.
    ana.on("dialog", (d) => d.accept());
    await ana.click("#leave");
    await ana.waitForURL(`${lb.first}/`, { timeout: 20000 });
    const left = `SELECT left_hand IS NOT NULL FROM domino_seats WHERE table_id = '${id}' AND seat = 0`;
    assert.equal(psql(db, left), "t", "her seat is left for good");
    assert.equal(await metric(pa, "domino_tables_owned"), 0, "a's copy stopped");
    noErrors(ana);
  }));

/// A clock's text ("5:27", "1:02:03") in seconds.
const seconds = (text) => text.trim().split(":").map(Number).reduce((a, n) => a * 60 + n, 0);

test("a clocked table's node is killed on the player's turn: her clock goes on at the other node, with the time she had", { skip: missing ?? false }, () =>
  withCluster({ a: "1500ms", b: "1500ms" }, async ({ a, pa, pb, lb, browser, b }) => {
    const lost = [/WebSocket|ERR_CONNECTION_REFUSED|502/];
    const ana = await newPlayer({ browser, base: lb.first }, "Ana", { allow: lost });
    await ana.goto(lb.first + "/");
    await ana.fill("#name", "Ana");
    await ana.selectOption("#game", "draw");
    await ana.selectOption("#players", "2");
    await ana.selectOption("#bot", "random");
    // 30 s a move and 5 min in the bank: time enough for the failover.
    await ana.selectOption("#clock", "move30");
    await ana.click("#create");
    await ana.waitForURL(/\/t\/[0-9a-f]+$/);
    await ana.waitForSelector("#clocks .seatclock.running.mine");
    assert.equal(await metric(pa, "domino_tables_owned"), 1);
    const mine = ana.locator("#clocks .seatclock.mine time");
    const had = seconds(await mine.innerText());
    const killed = Date.now();
    a.kill("SIGKILL");
    await new Promise((ok) => (a.exitCode != null || a.signalCode ? ok() : a.once("exit", ok)));
    await ana.waitForSelector("#offline:not([hidden])");
    // Long enough that a clock restarted afresh at b would show it.
    await ana.waitForTimeout(5000);
    await ana.waitForSelector("#offline[hidden]", { state: "attached", timeout: 30000 });
    await ana.waitForSelector(".seat.me").catch(async () => {
      throw new Error(`Ana is not seated again: ${await ana.locator("#status").innerText().catch(() => "")}\n${b.log.join("")}`);
    });
    for (let i = 0; (await metric(pb, "domino_tables_owned")) !== 1; i++) {
      assert.ok(i < 300, "b did not take the table over");
      await ana.waitForTimeout(50);
    }
    // Still her turn, her clock running at b from where it was.
    await ana.waitForSelector("#clocks .seatclock.running.mine");
    const left = seconds(await mine.innerText());
    const gone = (Date.now() - killed) / 1000;
    await shot(ana, "nodes-clock-after-failover");
    // What she had less what passed, give or take the display's rounding.
    assert.ok(left <= had - gone + 2, `the clock went on through the failover (had ${had} s, ${gone.toFixed(1)} s passed, shows ${left} s)`);
    assert.ok(left >= had - gone - 2, `no time lost beyond what passed (had ${had} s, ${gone.toFixed(1)} s passed, shows ${left} s)`);
    noErrors(ana);
  }));
