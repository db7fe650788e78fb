// What the server trusts, in real Chromium:
// - a page of another origin (another port of the same loopback host, so
//   the same site: the profile cookie goes along) posts forms to the
//   server: a text/plain one that would make a profile and replace the
//   visitor's cookie, a bare one that would sign them out. The server
//   refuses both and the cookie stays; a text/plain POST from the page
//   itself is refused too;
// - the page meets its Content-Security-Policy (no violation reported
//   while it is used) and will not load in another site's frame;
// - behind nginx with TLS (a self-signed certificate made here), sending
//   the headers docs/deploy.md's nginx file sends (read from it): the
//   cookie is Secure, the sign-in link is https with the port, and a game
//   plays over the proxied WebSocket, with --public-url and without it.
//
// The TLS test needs `nginx` and `openssl` (skipped otherwise).

import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { spawnSync } from "node:child_process";
import { mkdtempSync, existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { setup, launch, freePort, nginx, newPlayer, noErrors, quickStart, root, pollEvery } from "./helpers.mjs";

/// A page server on another loopback port: `pages` maps a path to its HTML.
async function otherOrigin(pages) {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    const body = pages[req.url];
    res.writeHead(body ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(body ?? "not here");
  });
  await new Promise((ok) => server.listen(port, "127.0.0.1", ok));
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(ok)) };
}

/// The page's profile cookie, as the browser holds it.
const profileCookie = async (page, base) =>
  (await page.context().cookies(base)).find((c) => c.name === "domino_profile");

/// Who the server says is signed in, asked from the server's own page.
const signedIn = (page) => page.evaluate(async () => (await (await fetch("/api/profile")).json()).profile);

test("another origin's forms cannot make a profile or sign the visitor out, and the page's own text/plain POST is refused", async () => {
  const env = await setup();
  try {
    // The refusals below are 4xx answers the page's listener would count.
    const page = await newPlayer(env, "Ann", { allow: [/\/api\/profile/] });
    await page.goto(env.base + "/");
    await page.fill("#name", "Ann");
    await page.click("#profilecreate");
    await page.waitForSelector("#profilewho");
    const before = await profileCookie(page, env.base);
    assert.ok(before, "signed in: a cookie");
    const ann = await signedIn(page);
    assert.equal(ann.name, "Ann");

    // The forms another origin's page posts, submitted as it loads.
    // text/plain makes `name=value`: the field name carries the JSON up
    // to `=`, its value the rest, so the server would read a whole object.
    const form = (action, enctype, fields) => `<!doctype html><form method=post action="${env.base}${action}" enctype="${enctype}">
      ${fields}</form><script>document.forms[0].submit()</script>`;
    const other = await otherOrigin({
      "/make": form("/api/profile", "text/plain", `<input type=hidden name='{"name":"Mall' value='ory"}'>`),
      "/signout": form("/api/profile/signout", "application/x-www-form-urlencoded", ""),
    });
    try {
      for (const [path, action] of [["/make", "/api/profile"], ["/signout", "/api/profile/signout"]]) {
        const answered = page.waitForResponse((r) => r.url() === env.base + action);
        await page.goto(other.base + path);
        const r = await answered;
        assert.equal(r.status(), 403, `${path}: ${await r.text()}`);
        assert.equal((await r.json()).code, "cross_site");
        assert.equal(r.headers()["set-cookie"], undefined, `${path}: no cookie set`);
        const now = await profileCookie(page, env.base);
        assert.equal(now?.value, before.value, `${path}: the visitor's cookie is unchanged`);
      }
    } finally {
      await other.close();
    }

    // Back on the server's page: still Ann. A text/plain body from the
    // page itself (a string body's default type) is refused as not JSON.
    await page.goto(env.base + "/");
    assert.equal((await signedIn(page)).id, ann.id);
    const plain = await page.evaluate(async () => {
      const r = await fetch("/api/profile", { method: "POST", body: JSON.stringify({ name: "Plain" }) });
      return { status: r.status, code: (await r.json()).code };
    });
    assert.deepEqual(plain, { status: 415, code: "not_json" });
    assert.equal((await profileCookie(page, env.base)).value, before.value);
    assert.equal((await signedIn(page)).id, ann.id);
  } finally {
    await env.stop();
  }
});

/// Record every CSP violation a page reports, from its first script on.
async function watchViolations(page) {
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
}
const violations = (page) => page.evaluate(() => window.__violations);

test("the page meets its Content-Security-Policy and stays out of other sites' frames", async () => {
  const env = await setup();
  try {
    const page = await newPlayer(env, "Csp");
    await watchViolations(page);
    // A game against bots (the WebSocket, the board, the score bars), then
    // the other pages.
    await quickStart(env, page, { game: "draw", name: "Csp" });
    await page.waitForSelector("#scores .fill, #scores .dots, #scores .pegs", { state: "attached" });
    assert.deepEqual(await violations(page), [], "the table");
    for (const path of ["/", "/keep", "/tournaments", "/leaderboard", "/how/draw"]) {
      await page.goto(env.base + path);
      await page.waitForLoadState("networkidle");
      assert.deepEqual(await violations(page), [], path);
    }
    noErrors(page);

    // Another site frames the lobby: the browser refuses to show it.
    const framer = await otherOrigin({ "/": `<!doctype html><iframe id=f src="${env.base}/"></iframe>` });
    try {
      const outside = await newPlayer(env, "Framer", { allow: [/.*/] });
      await outside.goto(framer.base + "/");
      await outside.waitForTimeout(1000);
      const child = outside.frames().find((f) => f !== outside.mainFrame());
      assert.ok(child, "the frame exists");
      const shown = await child.locator("#app").count().catch(() => 0);
      assert.equal(shown, 0, `the lobby loaded in another site's frame (${child.url()})`);
    } finally {
      await framer.close();
    }
  } finally {
    await env.stop();
  }
});

const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;
const tlsMissing = !has("nginx") ? "nginx is not installed" : !has("openssl") ? "openssl is not installed" : null;
if (tlsMissing) console.log(`# skipped the TLS test: ${tlsMissing}`);

/// A self-signed certificate for 127.0.0.1 in `dir`: [cert, key].
function certificate(dir) {
  const [cert, key] = [join(dir, "cert.pem"), join(dir, "key.pem")];
  const r = spawnSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
    "-keyout", key, "-out", cert], { encoding: "utf8" });
  assert.equal(r.status, 0, `openssl: ${r.stderr}`);
  return [cert, key];
}

/// The `proxy_set_header` lines of the WebSocket location in
/// docs/deploy.md's nginx file: the test runs what the operators are told.
function documentedHeaders() {
  const doc = readFileSync(join(root, "docs/deploy.md"), "utf8");
  const conf = doc.split("```nginx\n")[1].split("```")[0];
  const ws = conf.slice(conf.indexOf("location /ws {"));
  const lines = ws.slice(0, ws.indexOf("}")).split("\n").map((l) => l.trim());
  const headers = lines.filter((l) => l.startsWith("proxy_set_header "));
  assert.ok(headers.length >= 4, `docs/deploy.md: no headers found in ${ws}`);
  return headers.join("\n        ");
}

/// nginx terminating TLS in front of each upstream port in `ups`, sending
/// the headers docs/deploy.md has it send: one TLS port for each.
async function tlsProxy(tmp, ups) {
  const [cert, key] = certificate(tmp);
  const ports = [];
  for (const _ of ups) ports.push(await freePort());
  const site = (port, up) => `
    server {
      listen 127.0.0.1:${port} ssl;
      ssl_certificate ${cert};
      ssl_certificate_key ${key};
      location / {
        proxy_pass http://127.0.0.1:${up};
        proxy_http_version 1.1;
        ${documentedHeaders()}
        proxy_read_timeout 120s;
      }
    }`;
  const proc = await nginx(tmp, ups.map((up, i) => site(ports[i], up)).join("\n"), ports);
  return { proc, ports };
}

test("behind nginx with TLS: a Secure cookie, https sign-in links with the port, a game over wss", { skip: tlsMissing ?? false }, async () => {
  const tmp = mkdtempSync(join(tmpdir(), "domino-e2e-tls-"));
  const [a, b] = [await freePort(), await freePort()];
  const procs = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const plainNode = await launch(b, join(tmp, "b.db"), ["--behind-proxy"]);
    procs.push(plainNode);
    const lb = await tlsProxy(tmp, [a, b]);
    procs.push(lb.proc);
    // Node a is told its public URL, known once nginx has its ports (its
    // upstream need not be up yet); node b works it out from the headers.
    const publicUrl = `https://127.0.0.1:${lb.ports[0]}`;
    procs.push(await launch(a, join(tmp, "a.db"), ["--behind-proxy", "--public-url", publicUrl]));
    for (const [i, origin] of [[0, publicUrl], [1, `https://127.0.0.1:${lb.ports[1]}`]]) {
      const ctx = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await ctx.newPage();
      pollEvery(page);
      page.errors = [];
      page.on("pageerror", (e) => page.errors.push(String(e)));
      page.on("console", (m) => { if (m.type() === "error") page.errors.push(m.text()); });
      page.who = `tls ${i}`;
      const tlsEnv = { base: origin };
      await page.goto(origin + "/");
      await page.fill("#name", `Tls${i}`);
      await page.click("#profilecreate");
      await page.waitForSelector("#profilewho");
      const cookie = (await ctx.cookies(origin)).find((c) => c.name === "domino_profile");
      assert.ok(cookie, `${origin}: a cookie`);
      assert.equal(cookie.secure, true, `${origin}: Secure`);
      assert.equal(cookie.httpOnly, true);
      await page.click("#profilelink");
      const url = await page.locator("#linkurl").inputValue();
      assert.ok(url.startsWith(`${origin}/link/`), `${origin}: the link is ${url}`);
      // A game over the proxied WebSocket (wss), the socket's Origin being
      // the page's.
      await quickStart(tlsEnv, page, { game: "draw", name: `Tls${i}` });
      await page.waitForSelector("#board");
      assert.deepEqual(page.errors, [], `${origin}: page errors`);
      await ctx.close();
    }
  } finally {
    await browser.close();
    for (const p of procs.reverse()) if (p.exitCode == null && !p.signalCode) p.kill("SIGTERM");
    const log = join(tmp, "nginx-error.log");
    if (existsSync(log) && process.env.E2E_VERBOSE) console.log(readFileSync(log, "utf8"));
  }
});
