// The table's finish (issue 39, "At the table") in real Chromium, at
// 1280x800 and 390x844, in English, Spanish and French: the fives count on
// the board, a board that fills the felt, no end to choose when the ends
// take a tile the same way, the hint marked on the tiles, the move log from
// 1, controls a finger can hit, the claim switch, rated or casual on every
// table. Screenshots go to target/e2e-artifacts/tablefinish-*.png.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, quickStart, createFriends, playHand, moveOnce, handOver,
  engineSession, DESKTOP, PHONE, writeArtifact, openCustom } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.stop(); });

const LANGS = [
  { code: "en", locale: "en-US" },
  { code: "es", locale: "es-ES" },
  { code: "fr", locale: "fr-FR" },
];
const SIZES = [{ size: "desktop", viewport: DESKTOP }, { size: "phone", viewport: PHONE }];

/** Wait until the board holds a tile: play the pose when it is ours. */
async function firstTileDown(page) {
  for (let i = 0; i < 200; i++) {
    if (await page.locator("#board g.layout g.tile").count()) return;
    if (await page.locator(".seat.me.toact").count() && await page.locator("#hand .handtile.legal").count()) {
      await page.locator("#hand .handtile.legal").first().click();
    }
    await page.waitForTimeout(50);
  }
  throw new Error("no tile came down");
}

/** The drawn size of the board's tiles (their faces), smallest side first: the page's own `__tileSizes` (see below). */
function tileSizes(page) {
  return page.evaluate(() => window.__tileSizes());
}

for (const { code, locale, viewport, size } of [
  { code: "es", locale: "es-ES", viewport: DESKTOP, size: "desktop" },
  { code: "fr", locale: "fr-FR", viewport: PHONE, size: "phone" },
]) {
  test(`the board fills the felt: the first tiles at least 36 px tall (${code}, ${size}), shrinking as the layout grows`, async () => {
    const page = await newPlayer(env, `board-${size}`, { viewport, locale });
    // The sizes are taken in the page the moment the first tiles are drawn:
    // read afterwards, a slow machine may already show the bots' next tiles.
    await page.addInitScript(() => {
      window.__tileSizes = () => [...document.querySelectorAll("#board g.layout g.tile rect.face")].map((r) => {
        const b = r.getBoundingClientRect();
        return { short: Math.min(b.width, b.height), long: Math.max(b.width, b.height) };
      });
      new MutationObserver(() => {
        if (window.__firstTiles) return;
        const sizes = window.__tileSizes();
        if (sizes.length) window.__firstTiles = sizes;
      }).observe(document, { childList: true, subtree: true });
    });
    await quickStart(env, page, { game: "block", name: "Ana" });
    await firstTileDown(page);
    const first = await page.evaluate(() => window.__firstTiles);
    writeArtifact(`tablefinish-first-tiles-${size}.json`, first);
    assert.ok(first.length >= 1 && first.every((s) => s.short >= 36), `first tiles ${JSON.stringify(first)}`);
    await shot(page, `tablefinish-board-first-${size}-${code}`);
    // Played on, the layout grows and the tiles come back towards their size.
    for (let i = 0; i < 400 && !(await handOver(page)) && (await page.locator("#board g.layout g.tile").count()) < 9; i++) {
      if (!(await moveOnce(page))) await page.waitForTimeout(30);
    }
    const later = await tileSizes(page);
    if (later.length >= 9) assert.ok(later[0].short <= first[0].short, `later ${later[0].short} vs first ${first[0].short}`);
    noErrors(page);
    await page.context().close();
  });
}

test("the fives games show the ends' total at every turn and a scoring play's points where it was made", async () => {
  for (const { code, locale, viewport, size } of [
    { code: "fr", locale: "fr-FR", viewport: PHONE, size: "phone" },
    { code: "es", locale: "es-ES", viewport: DESKTOP, size: "desktop" },
  ]) {
    const page = await newPlayer(env, `fives-${code}`, { viewport, locale });
    await quickStart(env, page, { game: "all-fives", name: "Léa" });
    // Every "+N" the board ever shows, and where.
    await page.evaluate(() => {
      window.__scored = [];
      new MutationObserver(() => {
        const m = document.querySelector("#scoredmark");
        if (m && !window.__scored.includes(m.textContent)) window.__scored.push(m.textContent);
      }).observe(document.body, { childList: true, subtree: true });
    });
    let turns = 0, shotTaken = false;
    for (let hand = 0; hand < 6; hand++) {
      await playHand([page], async (p) => {
        if (!shotTaken && await p.locator("#scoredmark").count()) {
          shotTaken = true;
          await shot(p, `tablefinish-fives-${size}-${code}`);
        }
        if (await p.locator("#board g.layout g.tile").count() === 0 || await handOver(p)) return;
        if (!(await p.locator(".seat.me.toact").count())) return;
        turns++;
        const total = await p.locator("#endstotal").innerText();
        assert.match(total, code === "fr" ? /^Total des bouts : \d+$/ : /^Suma de las puntas: \d+$/, `turn ${turns}`);
      });
      if ((await page.evaluate(() => window.__scored.length)) && turns) break;
      // The result shows the ready button, or the banner when the match is over.
      await page.waitForSelector("#ready, #banner:not([hidden])");
      if (await page.locator("#banner:not([hidden])").count()) break;
      await page.click("#ready");
      await page.waitForFunction(() => document.querySelector("#result").hidden);
    }
    const scored = await page.evaluate(() => window.__scored);
    assert.ok(turns > 0, "played turns with tiles down");
    assert.ok(scored.length > 0, "a scoring play was marked");
    for (const s of scored) assert.match(s, /^\+\d+$/);
    noErrors(page);
    await page.context().close();
  }
});

test("no end to choose when both ends take the tile the same way", async () => {
  // A posed double alone, and a tile of ours that fits it: either end is the same.
  const seen = new Set();
  for (let k = 0; k < 30 && seen.size < 2; k++) {
    const viewport = seen.has("desktop") ? PHONE : seen.has("phone") ? DESKTOP : k % 2 ? PHONE : DESKTOP;
    const page = await newPlayer(env, `same-${k}`, { viewport, locale: "es-ES" });
    await quickStart(env, page, { game: "block", name: "Ana" });
    await page.waitForSelector(".seat.toact");
    for (let i = 0; i < 100; i++) {
      if (await page.locator(".seat.me.toact").count() && await page.locator("#hand .handtile.legal").count()) break;
      await page.waitForTimeout(40);
    }
    const tiles = await page.evaluate(() => [...document.querySelectorAll("#board g.layout g.tile")].map((g) => g.getAttribute("data-tile")));
    const posed = tiles.length === 1 ? tiles[0].split("-") : null;
    if (posed && posed[0] === posed[1]) {
      const before = await page.locator("#hand .handtile").count();
      await shot(page, `tablefinish-sameway-before-${viewport === PHONE ? "phone" : "desktop"}-es`);
      await page.locator("#hand .handtile.legal").first().click();
      await page.waitForFunction((n) => document.querySelectorAll("#hand .handtile").length < n || document.querySelector("#buttons .endchoice"), before);
      assert.equal(await page.locator("#buttons .endchoice").count(), 0, "no end choice for the posed double's mirror ends");
      assert.equal(await page.locator("#hand .handtile").count(), before - 1, "the tile was played at once");
      seen.add(viewport === PHONE ? "phone" : "desktop");
    }
    noErrors(page);
    await page.context().close();
  }
  assert.deepEqual([...seen].sort(), ["desktop", "phone"], "at each size, a table began with a double posed before our turn");
});

test("the hint marks its tile in the hand and its end on the board", async () => {
  for (const { viewport, size } of SIZES) {
    const page = await newPlayer(env, `hint-${size}`, { viewport, locale: "fr-FR" });
    await quickStart(env, page, { game: "block", name: "Léa" });
    await firstTileDown(page);
    for (let i = 0; i < 200; i++) {
      if (await page.locator(".seat.me.toact").count() && await page.locator("#hand .handtile.legal").count() && await page.locator("#hint").count()) break;
      if (await handOver(page)) break;
      await page.waitForTimeout(40);
    }
    await page.click("#hint");
    await page.waitForSelector("#hand .handtile.hinted");
    assert.equal(await page.locator("#hand .handtile.hinted").count(), 1);
    assert.match(await page.locator("#hand .handtile.hinted").getAttribute("class"), /legal/);
    assert.equal(await page.locator("#board g.end.hinted").count(), 1, "the hinted end is marked on the board");
    // Said in one French sentence: "jouer six-deux, bout droit — …", not
    // "jouer six-deux : bout droit" (a colon already follows "Conseil").
    await page.waitForFunction(() => /Conseil : jouer/.test((document.querySelector("#status")?.textContent ?? "")));
    const said = await page.locator("#status").innerText();
    assert.match(said, /Conseil : jouer [^:—]+, (bout|branche) [^:—]+ — /, said);
    assert.doesNotMatch(said, /[!?]\./, said);
    await shot(page, `tablefinish-hint-${size}-fr`);
    // Played, the marks go.
    await page.locator("#hand .handtile.hinted").click();
    if (await page.locator("#buttons .endchoice").count()) await page.locator("#buttons .endchoice").first().click();
    await page.waitForFunction(() => !document.querySelector("#hand .handtile.hinted") && !document.querySelector("#board g.end.hinted"));
    noErrors(page);
    await page.context().close();
  }
});

test("the move log numbers from 1, every control on a phone is at least 24x24, the table says casual", async () => {
  for (const { code, locale } of LANGS) {
    for (const { viewport, size } of SIZES) {
      const page = await newPlayer(env, `controls-${code}-${size}`, { viewport, locale });
      await quickStart(env, page, { game: "block", name: "Zoé" });
      await firstTileDown(page);
      await page.waitForFunction(() => document.querySelectorAll("#log li:not(.handline)").length > 0);
      const first = await page.evaluate(() => /** @type {HTMLLIElement} */ (document.querySelector("#log li:not(.handline)")).value);
      assert.equal(first, 1, "the first move is number 1");
      const kind = await page.locator("#tablekind").innerText();
      assert.equal(kind, { en: "Casual match", es: "Partida amistosa", fr: "Partie amicale" }[code]);
      // Every seat is taken (you and the computer): the link is to watch, not to join.
      assert.equal(await page.locator("#invite").getAttribute("data-kind"), "watch");
      assert.equal(await page.locator("#invite h2").innerText(),
        { en: "Link to watch this table", es: "Enlace para mirar esta mesa", fr: "Lien pour regarder cette table" }[code]);
      if (size === "phone") {
        const small = await page.evaluate(() => [...document.querySelectorAll(
          "#tablepage button, #tablepage a, #tablepage summary, #tablepage input, #tablepage select, #board g.end")]
          .map((e) => ({ e, b: e.getBoundingClientRect() }))
          .filter(({ e, b }) => b.width > 0 && b.height > 0 && getComputedStyle(e).visibility !== "hidden" && !e.closest(".sr, [hidden]"))
          .filter(({ b }) => b.width < 24 || b.height < 24)
          .map(({ e, b }) => `${e.tagName}#${e.id}.${e.getAttribute("class")} "${(e.textContent || "").trim().slice(0, 20)}" ${b.width.toFixed(0)}x${b.height.toFixed(0)}`));
        assert.deepEqual(small, [], `controls under 24x24 (${code})`);
      }
      await shot(page, `tablefinish-table-${size}-${code}`);
      noErrors(page);
      await page.context().close();
    }
  }
});

test("the claim switch shows its state and does not look like the muggins action", async () => {
  for (const { viewport, size } of SIZES) {
    const page = await newPlayer(env, `claim-${size}`, { viewport, locale: "es-ES" });
    await createFriends(env, page, { game: "all-fives", players: 2, options: { claims: "muggins" }, name: "Ana" });
    await page.waitForSelector("#claim", { timeout: 30000 }).catch(async () => {
      // The bot may be to pose: play on until our turn with a play.
      for (let i = 0; i < 100 && !(await page.locator("#claim").count()); i++) { await moveOnce(page); await page.waitForTimeout(40); }
    });
    const claim = page.locator("#claim");
    assert.equal(await claim.getAttribute("aria-pressed"), "false");
    assert.match(await claim.innerText(), /no$/i);
    await claim.click();
    assert.equal(await claim.getAttribute("aria-pressed"), "true");
    assert.match(await claim.innerText(), /sí$/i);
    const look = await page.evaluate(() => {
      const s = (id) => getComputedStyle(/** @type {Element} */ (document.getElementById(id))).backgroundColor;
      return { claim: s("claim"), muggins: s("muggins") };
    });
    assert.notEqual(look.claim, look.muggins, "the switch and the action look different");
    await shot(page, `tablefinish-claim-${size}-es`);
    noErrors(page);
    await page.context().close();
  }
});

test("signed in, the lobby's hint switch and the table agree: rated against the computer, no hints, said in both", async () => {
  const WORDS = {
    fr: { rated: /^Avec votre profil.*pas de conseils/, casual: /seulement si un ami invité joue sans profil/, kind: "Partie classée", none: /Pas de conseils/ },
    es: { rated: /^Con tu perfil.*sin pistas/, casual: /solo si un amigo invitado juega sin perfil/, kind: "Partida puntuada", none: /Sin pistas/ },
  };
  for (const { code, locale, viewport, size } of [
    { code: "fr", locale: "fr-FR", viewport: PHONE, size: "phone" },
    { code: "es", locale: "es-ES", viewport: DESKTOP, size: "desktop" },
  ]) {
    const words = WORDS[code];
    const page = await newPlayer(env, `rated-${size}`, { viewport, locale });
    await page.goto(env.base + "/");
    await openCustom(page);
    // A guest: hints on, as chosen, nothing to explain.
    await page.waitForSelector("#hints");
    assert.ok(await page.locator("#hints").isChecked());
    assert.ok(await page.locator("#hints").isEnabled());
    assert.ok(await page.locator("#hintsnote").isHidden());
    // A profile's name is its own: one each.
    const name = `Margaux ${size}`;
    await page.fill("#name", name);
    await page.click("#profilecreate");
    await page.waitForSelector("#profilewho");
    // The lobby is drawn again for the profile: its custom games fold anew on a phone.
    await openCustom(page);
    // Signed in, a table with the computer is rated: the switch is off and says why.
    await page.selectOption("#game", "jamaican");
    assert.ok(!(await page.locator("#hints").isChecked()), "no hints offered for rated play");
    assert.ok(await page.locator("#hints").isDisabled());
    assert.match(await page.locator("#hintsnote").innerText(), words.rated);
    // An invited friend may have no profile: then the match is casual and hints come.
    await page.selectOption("#plan-2", "invite");
    assert.ok(await page.locator("#hints").isEnabled());
    assert.ok(await page.locator("#hints").isChecked());
    assert.match(await page.locator("#hintsnote").innerText(), words.casual);
    await page.selectOption("#plan-2", "bot");
    assert.ok(await page.locator("#hints").isDisabled());
    await page.locator("#hints").scrollIntoViewIfNeeded();
    await shot(page, `tablefinish-lobby-hints-${size}-${code}`);
    // The table says the same: rated, and no Hint button but why.
    await createFriends(env, page, { game: "draw", players: 2, name });
    await page.waitForSelector("#tablekind");
    assert.equal(await page.locator("#tablekind").innerText(), words.kind);
    for (let i = 0; i < 200 && !(await page.locator("#nohints").count()); i++) await page.waitForTimeout(40);
    assert.match(await page.locator("#nohints").innerText(), words.none);
    assert.equal(await page.locator("#hint").count(), 0);
    await page.evaluate(() => scrollTo(0, 0));
    await shot(page, `tablefinish-rated-${size}-${code}`);
    noErrors(page);
    await page.context().close();
  }
});

test("a 6-player match's final scores keep every name whole, on a phone and at desktop size", async () => {
  for (const { code, locale, viewport, size } of [{ code: "es", locale: "es-ES", viewport: PHONE, size: "phone" },
    { code: "fr", locale: "fr-FR", viewport: PHONE, size: "phone" }, { code: "fr", locale: "fr-FR", viewport: DESKTOP, size: "desktop" }]) {
    const page = await newPlayer(env, `six-${code}-${size}`, { viewport, locale });
    await createFriends(env, page, { game: "double-nine-cross", players: 6, options: { target: 1 }, name: "Ana", botsOnly: true });
    await page.waitForSelector("#banner:not([hidden])", { timeout: 60000 });
    const broken = await page.evaluate(() => [...document.querySelectorAll("#final .sname")]
      .filter((s) => s.getClientRects().length > 1 || s.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(s).lineHeight || "20"))
      .map((s) => s.textContent));
    assert.equal(await page.locator("#final li").count(), 6);
    assert.deepEqual(broken, [], "no name broken in two");
    await page.locator("#banner").scrollIntoViewIfNeeded();
    await shot(page, `tablefinish-six-final-${size}-${code}`);
    noErrors(page);
    await page.context().close();
  }
});

for (const { viewport, size } of SIZES) {
test(`a pass made for you is told until the turn moves on, naming only ends on the board (es, ${size})`, async () => {
  const page = await newPlayer(env, `passes-${size}`, { viewport, locale: "es-ES" });
  await quickStart(env, page, { game: "block", name: "Ana" });
  // Every time the status line changes: whether it tells of a pass made
  // for us, how many moves the log had when it began to, and the board's ends.
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__pass = { seen: 0, late: [], wrongEnds: [] };
    let since = null;
    const check = () => {
      const status = document.querySelector("#status")?.textContent || "";
      const n = Number(document.querySelector("#log")?.getAttribute("data-logged") || 0);
      const on = status.includes("pasaste");
      if (!on) { since = null; return; }
      if (since == null) { since = n; w.__pass.seen++; }
      else if (n > since) w.__pass.late.push(status);
      const ends = [...document.querySelectorAll("#board g.end text")].map((t) => t.textContent);
      const named = (status.match(/le cabe a ([^y]*(?: y \d+)?) y no hay/) || [, ""])[1].match(/\d+/g) || [];
      if (named.some((x) => !ends.includes(x))) w.__pass.wrongEnds.push(`${status} | ${ends}`);
    };
    new MutationObserver(check).observe(document.querySelector("#tablepage"), { childList: true, subtree: true, characterData: true });
  });
  for (let hand = 0; hand < 6; hand++) {
    await playHand([page]);
    if ((await page.evaluate(() => /** @type {any} */ (window).__pass.seen)) >= 1) break;
    await page.click("#ready");
    await page.waitForFunction(() => document.querySelector("#result").hidden);
  }
  const pass = await page.evaluate(() => /** @type {any} */ (window).__pass);
  assert.ok(pass.seen >= 1, "a pass was made for us");
  assert.deepEqual(pass.late, [], "the notice went when the next player moved");
  assert.deepEqual(pass.wrongEnds, [], "it named only ends on the board");
  noErrors(page);
  await page.context().close();
});
}

/**
 * Seeded deals the server does not deal on demand, played in `domino
 * engine`: French deals where a double goes onto an arm (seed 1: the arm
 * down, seed 4: the arm left; each stops just after that double), and
 * 2-player block hands played with the first legal move to their end
 * (seed 50: tied, seed 1: won).
 */
async function seededStates() {
  const eng = engineSession();
  try {
    const french = [];
    for (const seed of [1, 4]) {
      let st = (await eng.ask({ cmd: "new", rules: { preset: "french", players: 4 }, seed })).state;
      for (let n = 0; st.phase === "play" && n < 100; n++) {
        const { actions } = await eng.ask({ cmd: "legal" });
        const plays = actions.filter((a) => a.type === "play");
        const dbl = plays.find((a) => { const [x, y] = a.tile.split("-"); return x === y; });
        st = (await eng.ask({ cmd: "act", action: dbl || plays[0] || actions[0] })).state;
        if (dbl && st.history.length > 1) { french.push({ seed, st, dbl }); break; }
      }
    }
    const hands = {};
    for (const [kind, seed] of [["tied", 50], ["won", 1]]) {
      let st = (await eng.ask({ cmd: "new", rules: { preset: "block", players: 2 }, seed })).state;
      for (let n = 0; st.phase === "play" && n < 200; n++) st = (await eng.ask({ cmd: "act", action: (await eng.ask({ cmd: "legal" })).actions[0] })).state;
      hands[kind] = st;
    }
    return { french, hands };
  } finally {
    eng.close();
  }
}

/**
 * `st` drawn by the table's own board code (renderBoard) in place of the
 * live board of `page` (a French table: its felt and sizes); the drawn
 * boxes of the tiles' faces and of the end markers, in screen pixels.
 */
function drawSeeded(page, st) {
  return page.evaluate(async (st) => {
    const { renderBoard } = await import("/table/board.js");
    const live = /** @type {SVGSVGElement} */ (document.querySelector("#board"));
    live.style.display = "none";
    document.querySelector("#seededboard")?.remove();
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "board");
    svg.id = "seededboard";
    live.after(svg);
    const el = { board: svg, boardWrap: live.parentElement, boardSummary: document.createElement("p"),
      endsTotal: document.createElement("span"), spots: { bottom: document.createElement("div") } };
    const facts = { score: { kind: "penalty", goal: 100 }, layout: "arms", players: 4 };
    renderBoard({ msg: { state: st, layout: st.layout, facts, seat: 0, started: true }, selected: null, hint: null, scored: null }, el, () => {});
    const box = (e) => { const b = e.getBoundingClientRect(); return { x: b.x, y: b.y, w: b.width, h: b.height }; };
    return {
      tiles: [...svg.querySelectorAll("g.layout g.tile")].map((g) => ({ tile: g.getAttribute("data-tile"), chain: g.getAttribute("data-chain"), ...box(g.querySelector("rect.face")) })),
      ends: [...svg.querySelectorAll("g.end")].map((g) => ({ end: g.getAttribute("data-end"), ...box(g.querySelector("circle")) })),
    };
  }, st);
}

/** How far apart two boxes are along x and along y (negative: they overlap that much). */
function apart(a, b) {
  return { x: Math.max(b.x - (a.x + a.w), a.x - (b.x + b.w)), y: Math.max(b.y - (a.y + a.h), a.y - (b.y + b.h)) };
}

/** `st`'s hand result drawn by the table's own code (renderResult) for seat 0; its headline and class. */
function resultOf(page, st) {
  return page.evaluate(async (st) => {
    const { renderResult } = await import("/table/result.js");
    const { people } = await import("/names.js");
    document.querySelector("#seededresult")?.remove();
    const box = document.createElement("section");
    box.id = "seededresult";
    document.querySelector("#tablepage").append(box);
    const seats = [{ name: "Ana", human: true, ready: false }, { name: null, human: false, bot: true, ready: true }];
    renderResult({ msg: { table: "seeded", state: st, seat: 0, seats } }, { result: box }, people(seats, st, 0, null), () => {});
    return { title: /** @type {HTMLElement} */ (box.querySelector("h2")).textContent, how: /** @type {HTMLElement} */ (box.querySelector("#resulthow")).textContent, cls: box.className };
  }, st);
}

test("a double on a French arm is drawn joined to its arm, its end marker beside it; \"a tied hand\" heads only a tied hand (seeded)", async () => {
  const { french, hands } = await seededStates();
  assert.deepEqual(french.map((f) => f.seed), [1, 4], "both seeded deals put a double on an arm");
  assert.equal(hands.tied.result.winner, null, "seed 50 is a tied hand");
  assert.ok(hands.won.result.winner, "seed 1 is a won hand");
  const words = { es: { hand: "Mano 1", tie: "Mano empatada", how: "Tranque: tenías menos puntos (20)." },
    fr: { hand: "Manche 1", tie: "Manche nulle", how: "Bloqué : vous aviez la main la plus légère (20 points)." } };
  for (const { code, locale, viewport, size } of [
    { code: "es", locale: "es-ES", viewport: DESKTOP, size: "desktop" },
    { code: "fr", locale: "fr-FR", viewport: PHONE, size: "phone" },
  ]) {
    const page = await newPlayer(env, `seeded-${size}`, { viewport, locale });
    await quickStart(env, page, { game: "french", name: "Léa" });
    for (const { seed, st, dbl } of french) {
      const what = `seed ${seed} at ${size}`;
      const { tiles, ends } = await drawSeeded(page, st);
      writeArtifact(`tablefinish-french-double-${seed}-${size}.json`, { dbl, tiles, ends });
      const chain = st.layout.chains[dbl.end];
      const double = tiles.find((x) => x.tile === dbl.tile);
      const before = tiles.find((x) => x.tile === chain.tiles[chain.tiles.length - 2]);
      const marker = ends.find((e) => Number(e.end) === dbl.end);
      // The arm runs down (seed 1) or left (seed 4): the double lies across it.
      const down = seed === 1;
      assert.ok(down ? double.w > double.h : double.h > double.w, `${what}: the double lies across its arm ${JSON.stringify(double)}`);
      // Joined: against the arm's tile before it, centred on the arm's line.
      const gap = apart(before, double);
      assert.ok(down ? gap.y >= -0.5 && gap.y <= 6 && gap.x < 0 : gap.x >= -0.5 && gap.x <= 6 && gap.y < 0, `${what}: the double is ${JSON.stringify(gap)} from its arm`);
      const mid = (b) => down ? b.x + b.w / 2 : b.y + b.h / 2;
      assert.ok(Math.abs(mid(double) - mid(before)) <= 1, `${what}: the double is centred on its arm`);
      // Its end marker beside it, past it on the arm's line, on no tile.
      const off = apart(double, marker);
      assert.ok(down ? off.y >= -0.5 && off.y <= 8 : off.x >= -0.5 && off.x <= 8, `${what}: the marker is ${JSON.stringify(off)} from the double`);
      assert.ok(Math.abs(mid(marker) - mid(double)) <= 2, `${what}: the marker is on the arm's line`);
      for (const x of tiles) {
        const o = apart(x, marker);
        assert.ok(o.x >= -0.5 || o.y >= -0.5, `${what}: the marker lies on ${x.tile} ${JSON.stringify(o)}`);
      }
      await page.locator("#seededboard").scrollIntoViewIfNeeded();
      await shot(page, `tablefinish-french-double-${seed}-${size}-${code}`);
    }
    // The hand's headline: a tie only for the tied hand.
    const tied = await resultOf(page, hands.tied);
    assert.equal(tied.title, `${words[code].hand} · ${words[code].tie}`);
    assert.match(tied.cls, /\btie\b/);
    const won = await resultOf(page, hands.won);
    assert.ok(won.title.startsWith(`${words[code].hand} · `), won.title);
    assert.doesNotMatch(won.title, new RegExp(words[code].tie));
    assert.doesNotMatch(won.cls, /\btie\b/);
    // Blocked, and you had the lightest hand: said to you ("tenías", "vous aviez").
    assert.equal(won.how, words[code].how);
    await page.locator("#seededresult").scrollIntoViewIfNeeded();
    await shot(page, `tablefinish-result-won-${size}-${code}`);
    noErrors(page);
    await page.context().close();
  }
});

// The chat field's placeholder shows whole, at both sizes (the side column
// is narrow at desktop size too), in Spanish and French.
for (const { code, locale, viewport, size } of [
  { code: "fr", locale: "fr-FR", viewport: PHONE, size: "phone" },
  { code: "es", locale: "es-ES", viewport: DESKTOP, size: "desktop" },
  { code: "fr", locale: "fr-FR", viewport: DESKTOP, size: "desktop" },
  { code: "es", locale: "es-ES", viewport: PHONE, size: "phone" },
]) {
  test(`the chat field's placeholder is not clipped (${code}, ${size})`, async () => {
    const page = await newPlayer(env, `chat-${code}-${size}`, { viewport, locale });
    await quickStart(env, page, { game: "draw", name: "Ana" });
    const fit = await page.locator("#chatinput").evaluate((e) => {
      const input = /** @type {HTMLInputElement} */ (e);
      const s = getComputedStyle(input);
      const c = /** @type {CanvasRenderingContext2D} */ (document.createElement("canvas").getContext("2d"));
      c.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const room = input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      return { text: input.placeholder, needs: c.measureText(input.placeholder).width, room };
    });
    assert.ok(fit.needs <= fit.room, `"${fit.text}" needs ${fit.needs.toFixed(0)} px, has ${fit.room.toFixed(0)}`);
    await page.locator("#chatinput").scrollIntoViewIfNeeded();
    await shot(page, `tablefinish-chat-${size}-${code}`);
    noErrors(page);
    await page.context().close();
  });
}

for (const { code, locale, viewport, size, said } of [
  { code: "en", locale: "en-US", viewport: DESKTOP, size: "desktop", said: { aborted: /^You called the match off/, resigned: /^You resigned/ } },
  { code: "fr", locale: "fr-FR", viewport: PHONE, size: "phone", said: { aborted: /^Vous avez annulé/, resigned: /^Vous avez abandonné/ } },
]) {
  test(`a match is aborted before anything is played and resigned after (${code}, ${size})`, async () => {
    // Waiting for an invited friend, nothing is played: the button aborts.
    const page = await newPlayer(env, `end-${size}`, { viewport, locale });
    page.on("dialog", (d) => d.accept());
    await createFriends(env, page, { game: "draw", players: 2, invite: [1], name: "Ana" });
    await page.waitForSelector("#endmatch:not([hidden])");
    const abortWord = await page.locator("#endmatch").textContent();
    await page.click("#endmatch");
    await page.waitForSelector("#banner:not([hidden]) #endedline");
    const aborted = await page.locator("#endedline").textContent();
    assert.match(aborted, said.aborted);
    // Ended mid-hand, the hand's key stays sealed: no check left hanging.
    assert.equal(await page.locator("#fairtick.checking").count(), 0, "the deal check does not hang");
    assert.ok(await page.locator("#endmatch[hidden]").count(), "no button once over");
    await shot(page, `tablefinish-aborted-${size}-${code}`);
    // Against the computer, once a tile is down the same button resigns.
    await quickStart(env, page, { game: "block", name: "Ana" });
    await firstTileDown(page);
    await page.waitForFunction((w) => {
      const b = document.querySelector("#endmatch");
      return b && !b.hidden && b.textContent !== w;
    }, abortWord);
    await page.click("#endmatch");
    await page.waitForSelector("#banner:not([hidden]) #endedline");
    const resigned = await page.locator("#endedline").textContent();
    assert.match(resigned, said.resigned);
    assert.equal(await page.locator("#fairtick.checking").count(), 0, "the deal check does not hang");
    await shot(page, `tablefinish-resigned-${size}-${code}`);
    noErrors(page);
    await page.context().close();
  });
}
