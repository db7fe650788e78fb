// People at the table, in real Chromium: a match against a bot by clicking
// with a reload mid-hand, the match-end banner, rematch and the replay
// (arrow keys) and the record; friends invited to chosen seats (partner),
// chat (phrases, emotes, text as text, 200 characters at most) at both
// sizes, leaving, spectators told they watch, filling with bots;
// the lobby's games, quick start and finished matches; 404 pages; a
// server killed mid-hand (the board stays, greyed, and catches up); the
// layout's geometry on real hands; one name per player in every place a
// seat is named; bad input from a page's own socket refused. The match,
// the lobby, filling with bots, the 404 pages and watching bots run at
// desktop (1280x800) and phone (390x844) size.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { setup, newPlayer, noErrors, shot, quickStart, openCustom, createFriends, inviteLinkOf, playHand, playToMatchEnd, moveOnce, handOver, launch, freePort, plain, BIN, engineSession, DESKTOP, PHONE } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env.stop(); });

for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`a match against a bot by clicking at ${size} size, a reload mid-hand, the match-end banner, the replay by keys, the record, a rematch`, async () => {
    const page = await newPlayer(env, "Ann", { viewport });
    const id = await createFriends(env, page, { game: "draw", players: 2, options: { target: 1 }, name: "Ann" });
    await shot(page, `match-start-${size}`);
    assert.match(await page.locator(".seat.me").innerText(), /Ann/);
    let reloaded = false;
    await playHand([page], async (p, n) => {
      if (n === 2 && !reloaded) {
        reloaded = true;
        const hand = await p.locator("#hand .handtile").evaluateAll((ts) => ts.map((t) => t.dataset.tile).sort());
        await p.reload();
        await p.waitForSelector(".seat.me");
        await p.waitForFunction((n) => document.querySelectorAll("#hand .handtile").length === n || !document.querySelector("#result[hidden]"), hand.length);
        if (!(await handOver(p))) {
          const back = await p.locator("#hand .handtile").evaluateAll((ts) => ts.map((t) => t.dataset.tile).sort());
          assert.deepEqual(back, hand, "the same hand after a reload");
        }
        assert.equal(p.url(), `${env.base}/t/${id}`);
      }
    });
    // Tied hands score nothing: play on until the match ends.
    await playToMatchEnd(page);
    await page.waitForSelector("#replaylink");
    assert.match(await page.locator("#bannertitle").innerText(), /(You win the match!|Bot 2 wins the match|The match is tied)/);
    assert.equal(await page.locator("#final li").count(), 2);
    await shot(page, `match-over-${size}`);
    // Back at the table: a rematch seats Ann again at a new table.
    await page.click("#rematch");
    await page.waitForURL((u) => /\/t\/[0-9a-f]+$/.test(u.pathname) && !u.pathname.endsWith(id));
    await page.waitForSelector(".seat.me");
    assert.match(await page.locator(".seat.me").innerText(), /Ann/);
    // The replay: arrow keys step, End and Home jump.
    await page.goto(`${env.base}/r/${id}`);
    await page.waitForSelector("#caption");
    assert.match(await page.locator("#fairverdict").innerText(), /✓ Every deal matches its revealed key/);
    assert.match(await page.locator("#caption").innerText(), /Hand 1, the deal/);
    await page.keyboard.press("ArrowRight");
    assert.match(await page.locator("#caption").innerText(), /Hand 1, move 1: .+ posed \d+-\d+/);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    assert.match(await page.locator("#caption").innerText(), /Hand 1, move 1/);
    await page.keyboard.press("End");
    assert.equal(await page.locator("#slider").inputValue(), await page.locator("#slider").getAttribute("max"));
    assert.match(await page.locator("#caption").innerText(), /wins the match|win the match|tie/);
    await shot(page, `replay-end-${size}`);
    await page.keyboard.press("Home");
    assert.match(await page.locator("#caption").innerText(), /Hand 1, the deal/);
    // The record verifies with `domino verify`.
    const rec = await (await fetch(`${env.base}/api/history/${id}/record`)).json();
    const file = join(env.tmp, `record-${size}.json`);
    writeFileSync(file, JSON.stringify(rec));
    const v = spawnSync(BIN, ["verify", file], { encoding: "utf8" });
    assert.equal(v.status, 0, v.stderr);
    // The lobby lists the finished match with its winner, score and date.
    await page.click("a.brand");
    const row = page.locator(`#history .finished[data-id="${id}"]`);
    await row.waitFor();
    assert.match(await row.innerText(), /Draw game[\s\S]*Ann, Bot 2[\s\S]*(won|No winner) · -?\d+ – -?\d+[\s\S]*\d+ hands?/);
    assert.equal(await row.locator("time").count(), 1);
    await shot(page, `lobby-${size}`);
    noErrors(page);
    await page.context().close();
  });
}

for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`the lobby at ${size} size explains each game in a line and starts a quick game against the chosen level`, async () => {
    const page = await newPlayer(env, "Lou", { viewport });
    await page.goto(env.base + "/");
    // The lobby draws its games once the catalogs and the games list are in.
    await page.waitForFunction(() => document.querySelectorAll("#games dt").length > 0);
    assert.equal(await page.locator("#games dt").count(), 14);
    // Folded under its title on a phone: opened to be read.
    if (!(await page.locator("#gamesfold[open]").count())) await page.click("#gamesfold summary");
    for (const line of await page.locator("#games dd").allInnerTexts()) assert.ok(line.length > 20, line);
    // Each level in words (its measured rating is the leaderboard's), in
    // the custom games' forms (folded on a phone).
    await openCustom(page);
    const levels = await page.locator("#quicklevel option").allInnerTexts();
    assert.deepEqual(levels.map((x) => x.split(":")[0]), ["Beginner", "Easy", "Casual", "Strong", "Expert"]);
    assert.match(await page.locator("#quicklevel option[value=expert]").getAttribute("title"), /expert/);
    // The table for friends offers the same words, whatever the table size.
    await openCustom(page);
    await page.selectOption("#game", "block");
    await page.selectOption("#players", "3");
    assert.deepEqual(await page.locator("#bot option").allInnerTexts(), levels);
    // A guest has a name from the first visit, kept: never "Choose a name first."
    assert.match(await page.inputValue("#name"), /^Player \d{4}$/);
    await quickStart(env, page, { game: "chiva", level: "heuristic", name: "Lou" });
    assert.match(await page.locator("#gametitle").innerText(), /Chiva/);
    assert.match(await page.locator(".seat.bot").first().innerText(), /Strong/);
    noErrors(page);
    await page.context().close();
  });
}

for (const [hostSize, hostView, friendSize, friendView] of [["desktop", DESKTOP, "phone", PHONE], ["phone", PHONE, "desktop", DESKTOP]]) {
  test(`friends (host at ${hostSize} size, friend at ${friendSize}): the host invites a partner, who comes by the link; chat is text, 200 characters at most; a third watches; a leaver's seat goes to a bot`, async () => {
    const host = await newPlayer(env, "Host", { viewport: hostView });
    const id = await createFriends(env, host, { game: "jamaican", invite: [2], name: "Hana", priv: true });
    // The invited seat waits, and the match with it.
    await host.waitForSelector('.seat[data-seat="2"].invited');
    assert.match(await host.locator('.seat[data-seat="2"]').innerText(), /waiting for a friend/);
    assert.match(await host.locator("#status").innerText(), /Waiting for 1 invited player/);
    assert.equal(await host.locator("#hand .handtile.legal").count(), 0);
    await shot(host, `invite-waiting-${hostSize}`);
    // A stranger typing the seat into the table's address (no code) is not
    // seated there: no seat is open to strangers, so they watch, and are
    // told why, with no button to watch what they already see.
    const stranger = await newPlayer(env, "Sam", { viewport: friendView });
    await stranger.goto(`${env.base}/t/${id}?seat=2`);
    await stranger.waitForFunction(() => /You are watching: every seat is taken/.test((document.querySelector("#status")?.textContent ?? "")));
    assert.equal(await stranger.locator("#joinname, #watchbtn").count(), 0);
    assert.equal(await stranger.locator(".seat.me").count(), 0);
    assert.equal(await stranger.locator("[data-invite]").count(), 0, "only the creator is given invite links");
    await host.waitForSelector('.seat[data-seat="2"].invited');
    noErrors(stranger);
    await stranger.context().close();
    // The friend comes by the link the host's page gives.
    const link = await inviteLinkOf(host, 2);
    const friend = await newPlayer(env, "Pat", { viewport: friendView });
    await friend.goto(link);
    await friend.fill("#joinname", "<b>Pat</b>");
    await friend.click("#joinbtn");
    await friend.waitForSelector(".seat.me");
    assert.equal(await friend.locator(".seat.me").getAttribute("data-seat"), "2");
    // The partner sits across from the host, named as text.
    await host.waitForFunction(() => /Pat/.test(document.querySelector('.seat[data-seat="2"]').textContent));
    assert.equal(await host.locator('.spot-top .seat[data-seat="2"].partner').count(), 1);
    assert.equal(await host.locator('.seat[data-seat="2"] b').first().innerText(), "<b>Pat</b>");
    assert.equal(await host.locator('.seat[data-seat="2"] .name b').count(), 0, "no markup from a name");
    // Chat: a phrase, and free text with markup shown as text.
    await friend.click('[data-phrase="gg"]');
    await friend.locator("#chatquick .emote").first().click();
    await friend.fill("#chatinput", "<img src=x onerror=alert(1)> hi");
    await friend.click("#chatsend");
    await host.waitForFunction(() => document.querySelectorAll("#chatlist li").length >= 3);
    assert.equal(await host.locator("#chatlist li .said svg").count(), 1, "the emote shows as its face");
    const lines = await host.locator("#chatlist li").allInnerTexts();
    assert.ok(lines.some((l) => /Good game!/.test(l)));
    assert.ok(lines.some((l) => l.includes("<img src=x onerror=alert(1)> hi")));
    assert.equal(await host.locator("#chatlist img").count(), 0);
    // 200 characters at most: the field takes no more, and a longer line
    // (put there by a script, say) is refused with a word, nothing sent.
    assert.equal(await friend.getAttribute("#chatinput", "maxlength"), "200");
    // The line sent is taken out of the field once the server has it.
    await friend.waitForFunction(() => document.querySelector("#chatinput").value === "");
    await friend.evaluate(() => { document.querySelector("#chatinput").value = "y".repeat(201); });
    await friend.click("#chatsend");
    await friend.waitForFunction(() => /At most 200 characters\./.test((document.querySelector("#status")?.textContent ?? "")));
    await friend.waitForTimeout(200);
    assert.equal(await host.locator("#chatlist li .said").count(), lines.length, "the long line was not sent");
    assert.equal(await friend.inputValue("#chatinput"), "y".repeat(201), "the line stays to be shortened");
    await shot(host, `friends-${hostSize}`);
    await shot(friend, `friends-${friendSize}`);
    // A third person watches, and is told so.
    const watcher = await newPlayer(env, "Cy", { viewport: hostView });
    await watcher.goto(`${env.base}/t/${id}`);
    await watcher.waitForFunction(() => /You are watching/.test((document.querySelector("#status")?.textContent ?? "")));
    assert.equal(await watcher.locator("#watchbtn").count(), 0);
    assert.equal(await watcher.locator("#hand .handtile").count(), 0);
    assert.ok(await watcher.locator("#chat.readonly").count());
    // The partner leaves: a bot plays the seat, and the host sees why.
    friend.on("dialog", (d) => d.accept());
    await friend.click("#leave");
    await friend.waitForURL(`${env.base}/`);
    await host.waitForFunction(() => /left: a computer plays/.test(document.querySelector('.seat[data-seat="2"]').textContent));
    await shot(host, `friend-left-${hostSize}`);
    for (const p of [host, friend, watcher]) noErrors(p);
    for (const p of [host, friend, watcher]) await p.context().close();
  });
}

for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`the creator at ${size} size fills the waiting seats with bots and the match starts`, async () => {
    const host = await newPlayer(env, "Fay", { viewport });
    await createFriends(env, host, { game: "cutthroat", players: 3, invite: [1, 2], name: "Fay" });
    await host.waitForSelector("#fill");
    await host.click("#fill");
    await host.waitForFunction(() => !document.querySelector(".seat.invited"));
    await host.waitForFunction(() => document.querySelectorAll("#board g.tile").length >= 1 || document.querySelector(".seat.me.toact"));
    assert.equal(await host.locator(".seat.bot").count(), 2);
    noErrors(host);
    await host.context().close();
  });
}

for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`unknown table and replay addresses answer 404 with a page that says so, at ${size} size`, async () => {
    for (const [path, text] of [["/t/0123456789abcdef", /There is no table at this address/], ["/r/0123456789abcdef", /There is no finished match at this address/], ["/nowhere", /This page does not exist/]]) {
      const page = await newPlayer(env, "404", { viewport, allow: [/\/(t|r)\/0123|nowhere|Failed to load resource/] });
      const res = await page.goto(env.base + path);
      assert.equal(res.status(), 404, path);
      await page.waitForSelector("#notfound");
      assert.match(await page.locator("#notfound").innerText(), text);
      await page.click("#tolobby");
      await page.waitForSelector("#qgrid");
      if (path.startsWith("/t")) await shot(page, `not-found-${size}`);
      noErrors(page);
      await page.context().close();
    }
  });
}

for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`a table of bots only is watched at ${size} size, and the watcher is told so`, async () => {
    // A server of its own, its bots at a person's pace (a fifth of a
    // second): at the tests' 30 ms, the page drew the board 30 times a
    // second, and on CI's shared cores it fell so far behind that it
    // answered none of the test's questions for 15 s (twice, both sizes).
    const port = await freePort();
    const proc = await launch(port, join(env.tmp, `bots-watched-${size}.db`), ["--bot-delay-ms", "200"]);
    const local = { ...env, base: `http://127.0.0.1:${port}` };
    try {
      const page = await newPlayer(local, "Wes", { viewport });
      await createFriends(local, page, { game: "draw", players: 3, name: "Wes", botsOnly: true, options: { target: 100 } });
      await page.waitForFunction(() => /watching the computer players/.test((document.querySelector("#status")?.textContent ?? "")));
      await page.waitForFunction(() => document.querySelectorAll("#board g.tile").length >= 3);
      assert.equal(await page.locator(".seat.me").count(), 0);
      assert.equal(await page.locator("#hand .handtile").count(), 0);
      assert.equal(await page.locator("#settings").isVisible(), false, "no seat, no automatic-pass setting");
      await shot(page, `bots-watched-${size}`);
      noErrors(page);
      await page.context().close();
    } finally {
      proc.kill("SIGTERM");
    }
  });
}

for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`kill -9 mid-hand at ${size} size: the board stays on screen greyed with a countdown, and the page catches up without a reload`, async () => {
    const port = await freePort();
    const db = join(env.tmp, `restart-${size}.db`);
    let proc = await launch(port, db);
    const url = `http://127.0.0.1:${port}`;
    const local = { ...env, base: url };
    try {
      const a = await newPlayer(local, "Ann", { viewport, allow: [/WebSocket|ERR_CONNECTION_REFUSED/] });
      const id = await createFriends(local, a, { game: "draw", players: 2, invite: [1], options: { target: 1 }, name: "Ann" });
      const b = await newPlayer(local, "Bea", { viewport, allow: [/WebSocket|ERR_CONNECTION_REFUSED/] });
      await b.goto(await inviteLinkOf(a, 1));
      await b.fill("#joinname", "Bea");
      await b.click("#joinbtn");
      await b.waitForSelector(".seat.me");
      let moves = 0;
      for (let guard = 0; moves < 4 && guard < 400; guard++) {
        let any = false;
        for (const p of [a, b]) if (await moveOnce(p)) { moves++; any = true; }
        if (await handOver(a)) break;
        if (!any) await a.waitForTimeout(30);
      }
      await a.evaluate(() => (window.sameDocument = true));
      const tiles = await a.locator("#board g.tile").count();
      proc.kill("SIGKILL");
      await new Promise((ok) => (proc.exitCode != null || proc.signalCode ? ok() : proc.once("exit", ok)));
      await a.waitForSelector("#offline:not([hidden])");
      assert.match(await a.locator("#offlinetext").innerText(), /Connection lost\. Reconnecting( in \d+ s)?…/);
      assert.ok(await a.locator("#tablepage.offline").count(), "greyed");
      assert.equal(await a.locator("#board g.tile").count(), tiles, "the board stays");
      assert.ok(await a.locator("#scores").count(), "the score stays");
      await shot(a, `offline-${size}`);
      // The word and its retry button fit on the screen.
      const word = await a.locator("#offline").boundingBox();
      assert.ok(word && word.x >= 0 && word.x + word.width <= viewport.width + 1, `the offline word at ${size}: ${JSON.stringify(word)}`);
      proc = await launch(port, db);
      assert.match(plain(proc.log), /restored=1/);
      for (const p of [a, b]) await p.waitForFunction(() => !document.querySelector("#tablepage.offline"), null, { timeout: 20000 });
      assert.equal(await a.evaluate(() => window.sameDocument), true, "no reload");
      await playHand([a, b]);
      noErrors(b);
    } finally {
      proc.kill("SIGKILL");
    }
  });
}

test("a silent node (SIGSTOP, its socket left open): the page notices within seconds by its own ping, says so, and catches up once the node runs again", async () => {
  const port = await freePort();
  const db = join(env.tmp, "silent.db");
  const proc = await launch(port, db);
  const url = `http://127.0.0.1:${port}`;
  const local = { ...env, base: url };
  try {
    const a = await newPlayer(local, "Ann", { viewport: DESKTOP, allow: [/WebSocket|ERR_CONNECTION_REFUSED|ERR_TIMED_OUT/] });
    await createFriends(local, a, { game: "draw", players: 2, invite: [1], options: { target: 1 }, name: "Ann" });
    await a.evaluate(() => (window.sameDocument = true));
    const stopped = Date.now();
    proc.kill("SIGSTOP");
    // Nothing closes the socket: only the page's unanswered ping tells.
    await a.waitForSelector("#offline:not([hidden])", { timeout: 15000 });
    const noticed = Date.now() - stopped;
    assert.ok(noticed < 12000, `noticed after ${noticed} ms`);
    console.log(`a silent node noticed after ${noticed} ms`);
    proc.kill("SIGCONT");
    await a.waitForFunction(() => !document.querySelector("#tablepage.offline"), null, { timeout: 20000 });
    assert.equal(await a.evaluate(() => window.sameDocument), true, "no reload");
    await a.waitForSelector(".seat.me");
    noErrors(a);
  } finally {
    proc.kill("SIGCONT");
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
  const { ask, close } = engineSession();
  const STEP = { L: [-1, 0], R: [1, 0], U: [0, -1], D: [0, 1] };
  let spinners = 0, snakes = 0, boards = 0, detached = 0;
  // Branches out of their double, and boxed in elsewhere, by width.
  const branchesAt = new Map();
  try {
    for (const [preset, players] of [["club-fives", 2], ["french", 4], ["cross", 2], ["double-nine-cross", 2], ["double-nine-cross", 4], ["draw", 2]]) {
      for (let seed = 1; seed <= 6; seed++) {
        let st = (await ask({ cmd: "new", rules: { preset, players }, seed })).state;
        for (let n = 0; st.phase === "play"; n++) {
          const { actions } = await ask({ cmd: "legal" });
          const plays = actions.filter((a) => a.type === "play");
          const pick = plays.length ? plays : actions;
          st = (await ask({ cmd: "act", action: pick[(n * 7 + seed) % pick.length] })).state;
          // The widths the page lays boards out at: a phone (340 for a line,
          // 420 for arms and branches: renderBoard in web/table/board.js), a
          // desktop beside seats, a wide board.
          for (const width of [preset === "draw" ? 340 : 420, 506, 860]) {
            const what = `${preset} seed ${seed} step ${n} at ${width}`;
            const at = branchesAt.get(width) || { out: 0, elsewhere: 0 };
            branchesAt.set(width, at);
            const plan = planLayout(st.layout, width, st.history, preset === "double-nine-cross");
            const { tiles } = plan;
            // Laid away from its chain, boxed in: rare at the page's widths for arms.
            boards++;
            detached += tiles.filter((t) => t.loose).length;
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
              } else if (out) at.out++;
              else at.elsewhere++; // a branch boxed in by the tiles around its double
            }
            if (tiles.some((t) => t.chain === 0 && t.dir === "R") || tiles.some((t) => t.chain === 1 && t.dir === "L")) snakes++;
          }
        }
      }
    }
  } finally {
    close();
  }
  const counts = JSON.stringify([...branchesAt]);
  assert.ok(spinners > 0 && branchesAt.get(860).out > 0 && snakes > 0, `spinner arms ${spinners}, branches ${counts}, snakes ${snakes}`);
  for (const [width, { out, elsewhere }] of branchesAt) {
    // Narrower boards box in more branches; most still grow out of their double.
    assert.ok(elsewhere * (width >= 860 ? 10 : 3) <= out, `at ${width}: ${elsewhere} branches not out of their double, ${out} out of it (${counts})`);
  }
  assert.ok(detached * 10 <= boards, `${detached} tiles laid away from their chain in ${boards} boards`);
});


// ---- names, and what a page may send ----

test("one name per player everywhere: seat panels, the story, the hand result, the score and the sheet (en)", async () => {
  for (const [game, players] of [["draw", 4], ["jamaican", 4]]) {
    const page = await newPlayer(env, `names-${game}`, { locale: "en-US" });
    await createFriends(env, page, { game, players, name: "Ann" });
    await page.waitForSelector(".seat.me");
    await playHand([page]);
    const seen = await page.evaluate(() => ({
      me: Number(document.querySelector(".seat.me").dataset.seat),
      panels: Object.fromEntries([...document.querySelectorAll(".seat")].map((s) => [s.dataset.seat, s.querySelector(".name").textContent])),
      story: [...document.querySelectorAll("#log li[data-type]")].map((l) => l.textContent),
      reveal: Object.fromEntries([...document.querySelectorAll("#result .reveal")].map((r) => [r.dataset.seat, r.querySelector(".rname").textContent])),
      points: [...document.querySelectorAll("#resultpoints li[data-side]")].map((l) => l.textContent),
      headline: document.querySelector("#resulttitle").textContent + " " + document.querySelector("#resulthow").textContent,
      scores: [...document.querySelectorAll("#scores .sname")].map((s) => s.textContent),
      sheet: [...document.querySelectorAll("#sheet thead th")].map((s) => s.textContent).slice(1, -1),
      how: [...document.querySelectorAll("#sheet td.how")].map((s) => s.textContent),
    }));
    const { me, panels } = seen;
    assert.equal(panels[me], "Ann", "your own panel carries your name");
    const others = Object.entries(panels).filter(([s]) => Number(s) !== me).map(([, n]) => n);
    assert.equal(new Set(Object.values(panels)).size, players, `one name per seat: ${JSON.stringify(panels)}`);
    // How a seat is told: its panel's name, or "You" for yourself.
    const told = (s) => (s === me ? "You" : panels[s]);
    const everything = [...seen.story, ...Object.values(seen.reveal), ...seen.points, seen.headline, ...seen.scores, ...seen.sheet, ...seen.how];
    for (const line of everything) {
      // No other way of naming a seat than its panel's name.
      for (const [w] of line.matchAll(/\b(?:Seat|Player|Bot|Computer) \d+\b/g)) assert.ok(others.includes(w), `${game}: "${w}" in "${line}" (the seats are ${others.join(", ")})`);
      assert.doesNotMatch(line, /\bAnn\b/, `${game}: yourself as "You" in "${line}"`);
    }
    // Every line of the story starts with who did it; a tied hand has nobody to name.
    const who = [...others, "You"];
    for (const line of seen.story) if (line !== "A tied hand") assert.ok(who.some((n) => line.startsWith(n + " ")), `${game}: who is "${line}"?`);
    for (const n of others) assert.ok(seen.story.some((l) => l.startsWith(n + " ")), `${game}: ${n} in the story`);
    assert.ok(seen.story.some((l) => l.startsWith("You ")), `${game}: you in the story`);
    // The hand result reveals each hand under its seat's name.
    for (let s = 0; s < players; s++) assert.equal(seen.reveal[s], told(s), `${game}: the revealed hand of seat ${s}`);
    // Sides are named the same in the result, the score and the sheet,
    // after their players (a partnership after both).
    assert.deepEqual(seen.sheet, seen.scores, `${game}: the sheet's columns are the score's sides`);
    assert.equal(seen.points.length, seen.scores.length);
    seen.scores.forEach((side, k) => {
      assert.ok(seen.points[k].startsWith(side), `${game}: "${seen.points[k]}" is side "${side}"`);
      const members = seen.scores.length < players ? [k, k + seen.scores.length] : [k];
      for (const s of members) assert.ok(side.includes(told(s)), `${game}: side "${side}" names ${told(s)}`);
    });
    noErrors(page);
    await page.context().close();
  }
});

test("bad input from a page's own socket: a forged seat, a forged token, a stale action and an over-long chat are refused, and the table is unchanged; markup in a name is text", async () => {
  const page = await newPlayer(env, "forger", { viewport: PHONE });
  const id = await createFriends(env, page, { game: "draw", players: 2, name: "<i>Eve</i>" });
  // A few plays in (so that an older state exists), at my turn: the bot
  // waits for me, so nothing moves unless a request does.
  for (let guard = 0; guard < 400 && (await page.locator("#board g.tile").count()) < 2; guard++) {
    if (!(await moveOnce(page))) await page.waitForTimeout(30);
  }
  assert.ok(!(await handOver(page)), "the hand goes on");
  await page.waitForSelector(".seat.me.toact");
  await page.waitForFunction(() => document.querySelector("#hand .handtile.legal, #draw, #pass"));
  const look = () => page.evaluate(() => ({
    board: [...document.querySelectorAll("#board g.tile")].map((g) => g.dataset.tile),
    hand: [...document.querySelectorAll("#hand .handtile")].map((b) => b.dataset.tile),
    log: document.querySelectorAll("#log li").length,
    chat: document.querySelectorAll("#chatlist li .said").length,
    toact: !!document.querySelector(".seat.me.toact"),
  }));
  const before = await look();
  const answers = await page.evaluate(async (id) => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = fail; });
    const pending = new Map();
    let n = 0, state = null;
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.id != null && pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id); } else if (m.type === "state") state = m;
    };
    const ask = (msg) => new Promise((ok) => { const i = ++n; pending.set(i, ok); ws.send(JSON.stringify({ ...msg, id: i })); });
    const token = localStorage.getItem("domino.token." + id);
    const out = {};
    out.unseated = await ask({ type: "act", action: { type: "draw" } });
    out.forgedToken = await ask({ type: "resume", table: id, token: token.replace(/./g, (c) => (c === "0" ? "1" : "0")) });
    out.botSeat = await ask({ type: "join", table: id, name: "Mallory", seat: 1 });
    out.mySeat = await ask({ type: "join", table: id, name: "Mallory", seat: 0 });
    out.stillUnseated = await ask({ type: "act", action: { type: "pass" } });
    // Back at my own seat on this socket: an action chosen from an old state.
    out.resume = await ask({ type: "resume", table: id, token });
    for (let i = 0; i < 50 && !state; i++) await new Promise((ok) => setTimeout(ok, 20));
    const legal = (state && (state.legal || state.state?.legal)) || [];
    out.seq = state && state.seq;
    out.legal = legal.length;
    out.stale = await ask({ type: "act", action: legal[0] || { type: "pass" }, seq: out.seq - 1 });
    out.longChat = await ask({ type: "chat", text: "x".repeat(201) });
    ws.close();
    return out;
  }, id);
  const refused = (a, codes, what) => {
    assert.equal(a.type, "error", `${what}: ${JSON.stringify(a)}`);
    assert.ok(codes.includes(a.code), `${what}: ${JSON.stringify(a)}`);
    assert.ok(a.message && a.message.length > 5, `${what}: a sentence for people`);
  };
  refused(answers.unseated, ["not_seated"], "an action from no seat");
  refused(answers.forgedToken, ["bad_token"], "a forged token");
  refused(answers.botSeat, ["seat_taken", "started", "table_full"], "a bot's seat");
  refused(answers.mySeat, ["seat_taken", "started", "table_full"], "my own seat, by another");
  refused(answers.stillUnseated, ["not_seated"], "an action after the refusals");
  assert.equal(answers.resume.type, "joined", JSON.stringify(answers.resume));
  assert.ok(answers.seq > 0 && answers.legal > 0, JSON.stringify(answers));
  refused(answers.stale, ["stale"], "an action from an old state");
  refused(answers.longChat, ["chat_too_long"], "201 characters of chat");
  // The table as it was.
  await page.waitForTimeout(300);
  assert.deepEqual(await look(), before, "the table is unchanged");
  // The name is shown as typed, not as markup.
  assert.equal(await page.locator(".seat.me .name").innerText(), "<i>Eve</i>");
  assert.equal(await page.locator("#tablepage i").count(), 0, "no markup from a name");
  // The page plays on.
  await playHand([page]);
  noErrors(page);
  await page.context().close();
});
