// The trains family's table (issue 58) in real Chromium: Mexican Train and
// chicken foot against the computer, on a phone (390x844) and a desktop
// (1280x800), in French, Spanish and English, 4 to 8 players. The board is
// a station: a row per train, labelled, open trains marked, the double
// owed a tile highlighted; a tile that fits several trains asks for one by
// buttons naming them. Each game is played through a whole hand choosing
// trains by those buttons, with no sideways scroll, no page error and
// axe-core's checks; every row's label is read in full (wrapped, never
// clipped), and the log tells a pass that opened a train, and the end of
// a first turn's chain as the end of a turn. The lobby's preset list does not offer these games
// yet, so the tables are made from the page's own socket, as the lobby
// makes its tables. Screenshots go to target/e2e-artifacts/trains-*.png.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, newPlayer, noErrors, shot, DESKTOP, PHONE, handOver, logged, axe, openCustom } from "./helpers.mjs";

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.stop(); });

/** A table of `preset` for `players`, you in seat 0 and bots elsewhere; the page at it. */
async function trainsTable(page, preset, players, options = {}) {
  await page.goto(env.base + "/");
  await page.waitForSelector("#app *");
  const made = await page.evaluate(([preset, players, options]) => new Promise((ok) => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    ws.onopen = () => ws.send(JSON.stringify({ id: 1, type: "create", rules: { preset, players, options },
      seats: ["me", ...Array(players - 1).fill("bot")], bot: "random", name: "Ana" }));
    ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.id === 1) { ws.close(); ok(m); } };
  }), [preset, players, options]);
  assert.equal(made.type, "joined", JSON.stringify(made));
  await page.evaluate(([t, tok]) => localStorage.setItem("domino.token." + t, tok), [made.table, made.token]);
  await page.goto(`${env.base}/t/${made.table}`);
  await page.waitForSelector(".seat.me");
  // Given to the page as a string, as the page's script policy would refuse to build it there.
  await page.evaluate(`window.__clipped = ${clippedLabels}`);
  return made.table;
}

/** Whether the page scrolls sideways (and what sticks out, to say so). */
async function sideways(page) {
  const out = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= w + 1) return null;
    return [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > w + 1)
      .slice(0, 6).map((e) => `${e.tagName}#${e.id}.${e.className?.baseVal ?? e.className} ${Math.round(e.getBoundingClientRect().right)}`);
  });
  if (out) console.log("sideways:", out);
  return out != null;
}

/** Until the move just made shows: the hand changed, the turn moved on, the hand ended, or the log grew. */
function moved(page, before, history) {
  return page.waitForFunction(([n, h]) =>
    document.querySelectorAll("#hand .handtile").length !== n || !document.querySelector(".seat.me.toact")
      || !document.querySelector("#result[hidden]") || +document.querySelector("#log").dataset.logged > h, [before, history]);
}

/**
 * One move by clicking when it is your turn: a playable tile, then (when
 * it fits several trains) a train by its button, taking them in turn by
 * `pick`; else draw, else pass. Returns what was done (with the train
 * button's words), or null.
 */
async function trainsMove(page, pick) {
  if (await handOver(page)) return null;
  if (!(await page.locator(".seat.me.toact").count())) return null;
  const history = await logged(page);
  const before = await page.locator("#hand .handtile").count();
  let did;
  const legal = page.locator("#hand .handtile.legal");
  if (await legal.count()) {
    await legal.first().click();
    did = { type: "play" };
    const trains = page.locator("#buttons .trainchoice");
    if (await trains.count()) {
      const n = await trains.count();
      const b = trains.nth(pick(n));
      did = { type: "train", words: (await b.innerText()).trim(), n, box: await b.boundingBox() };
      // The choice, as it is offered: the status asks, the station's ends are buttons too.
      did.status = (await page.locator("#status").innerText()).trim();
      did.ends = await page.locator("#station button.trainend").count();
      if (!page.shotChoice) { page.shotChoice = true; await page.onChoice?.(); }
      await b.click();
    }
  } else if (await page.locator("#draw").count()) { await page.click("#draw"); did = { type: "draw" }; }
  else if (await page.locator("#pass").count()) {
    did = { type: "pass", words: (await page.locator("#pass").innerText()).trim() };
    await page.click("#pass");
  } else return null; // the state is still arriving
  await moved(page, before, history);
  return did;
}

/**
 * When it is your turn and a playable tile fits your own train with
 * another in your hand to follow it, play it there (by its train button
 * when it fits several). Returns what was done, or null.
 */
async function ownTrainMove(page) {
  if (await handOver(page) || !(await page.locator(".seat.me.toact").count())) return null;
  const end = page.locator("#station li.train.mine .trainend");
  if (!(await end.count())) return null;
  const pips = (await end.first().innerText()).trim();
  const hand = await page.locator("#hand .handtile").evaluateAll((els) => els.map((e) => ({ tile: e.dataset.tile, legal: e.classList.contains("legal") })));
  const halves = (t) => t.split("-");
  const pick = hand.find((t) => t.legal && halves(t.tile).includes(pips) && (() => {
    const [a, b] = halves(t.tile);
    const far = a === pips ? b : a;
    return hand.some((o) => o.tile !== t.tile && halves(o.tile).includes(far));
  })());
  if (!pick) return null;
  const history = await logged(page);
  const before = hand.length;
  await page.click(`#hand .handtile[data-tile="${pick.tile}"]`);
  const trains = page.locator("#buttons .trainchoice");
  if (await trains.count()) {
    const mine = trains.filter({ hasText: /^Tu tren/ });
    if (!(await mine.count())) { await page.click("#cancel").catch(() => {}); return null; }
    await mine.first().click();
  }
  await moved(page, before, history);
  return { type: "own", tile: pick.tile };
}

/**
 * The labels of the station's rows that are not read in full: cut off by
 * their box or their row, or ended with an ellipsis (in the page).
 */
function clippedLabels() {
  return [...document.querySelectorAll("#station li.train")].filter((li) => {
    const label = /** @type {HTMLElement} */ (li.querySelector(".trainlabel"));
    const name = /** @type {HTMLElement} */ (li.querySelector(".trainname"));
    const r = li.getBoundingClientRect(), b = label.getBoundingClientRect();
    const cut = (e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
    const ellipsis = (e) => getComputedStyle(e).textOverflow === "ellipsis" || getComputedStyle(e).getPropertyValue("-webkit-line-clamp") !== "none";
    return cut(label) || cut(name) || ellipsis(label) || ellipsis(name)
      || b.left < r.left - 1 || b.right > r.right + 1 || b.top < r.top - 1 || b.bottom > r.bottom + 1;
  }).map((li) => li.querySelector(".trainname").textContent);
}

/** What the station shows: its rows' labels, classes and whether each fits the board. */
function station(page) {
  return page.evaluate(() => {
    const wrap = document.querySelector(".boardwrap").getBoundingClientRect();
    return {
      rows: [...document.querySelectorAll("#station li.train")].map((li) => {
        const r = li.getBoundingClientRect();
        const end = li.querySelector(".trainend");
        return {
          label: li.querySelector(".trainname").textContent, cls: li.className,
          tiles: li.querySelectorAll(".traintiles svg").length, more: li.querySelector(".more")?.textContent ?? null,
          fits: r.right <= wrap.right + 1 && (!end || end.getBoundingClientRect().right <= wrap.right + 1),
        };
      }),
      engine: !!document.querySelector("#station .engine svg"),
      note: document.querySelector("#stationnote")?.textContent ?? null,
      summary: document.querySelector("#boardsummary").textContent,
      svgShown: getComputedStyle(document.querySelector("#board")).display !== "none",
      clipped: /** @type {any} */ (window).__clipped(),
    };
  });
}

/** Play the hand to its end; checks the station at every move of yours. */
async function playTrainsHand(page, run) {
  const done = [];
  let seen = { rows: [], more: false, open: false, first: false };
  for (let guard = 0; guard < 4000 && !(await handOver(page)); guard++) {
    // Once, the expert's hint: a play named with its train.
    if (run.hint && !page.hinted && await page.locator(".seat.me.toact").count() && await page.locator("#hand .handtile.legal").count()
      && await page.locator("#station li.train").count() && await page.locator("#hint").count()) {
      page.hinted = true;
      await page.click("#hint");
      await page.waitForFunction((src) => new RegExp(src).test(document.querySelector("#status").textContent), run.hint.source);
    }
    const did = await trainsMove(page, (n) => done.filter((d) => d.type === "train").length % n);
    if (!did) { await page.waitForTimeout(40); continue; }
    done.push(did);
    const s = await station(page);
    assert.equal(s.svgShown, false, "the station, not the round board");
    // Before the engine is down (drawn for when nobody held it) there is no station yet.
    if (!s.rows.length) continue;
    assert.ok(s.engine, "the engine double at the start");
    assert.ok(s.rows.every((r) => r.fits), `every row fits: ${JSON.stringify(s.rows)}`);
    assert.deepEqual(s.clipped, [], `${run.name}: every label read in full`);
    seen = { rows: s.rows, more: seen.more || s.rows.some((r) => r.more), open: seen.open || s.rows.some((r) => /open/.test(r.cls)),
      first: seen.first || s.rows.some((r) => /first/.test(r.cls)) };
    if (done.length % 8 === 1) assert.equal(await sideways(page), false, `${run.name}: no sideways scroll`);
  }
  assert.ok(await handOver(page), "the hand ended");
  return { done, seen };
}

const RUNS = [
  { name: "mexican-train-8-fr-phone", preset: "mexican-train", players: 8, locale: "fr-FR", viewport: PHONE,
    rowsAre: (n) => n === 9, mexican: "Train mexicain", on: /sur (votre train|le train (de|mexicain))/, choose: /Choisissez un train/,
    summary: /^La gare : double \S+\./, trains: /^(Votre train|Train de .+|Train mexicain) · \d+$/,
    opened: /^(.+) : boudé, (son|votre) train est ouvert$/ },
  { name: "mexican-train-4-es-desktop", preset: "mexican-train", players: 4, locale: "es-ES", viewport: DESKTOP,
    rowsAre: (n) => n === 5, mexican: "Tren mexicano", on: /en (tu tren|el tren (de|mexicano))/, choose: /Escoge un tren/,
    summary: /^La estación: doble \S+\./, trains: /^(Tu tren|Tren de .+|Tren mexicano) · \d+$/, hint: /en (tu tren|el tren (de|mexicano))/,
    opened: /^(.+): pase, (su|tu) tren queda abierto$/ },
  { name: "chicken-foot-6-es-phone", preset: "chicken-foot", players: 6, locale: "es-ES", viewport: PHONE,
    rowsAre: (n) => n >= 6, mexican: null, on: /en (la línea \d|el dedo \d del \d-\d)/, choose: /Escoge un tren/,
    summary: /^La estación: doble \S+\./, trains: /^(Línea \d|Dedo \d del \d-\d) · \d+$/ },
  { name: "chicken-foot-4-fr-desktop", preset: "chicken-foot", players: 4, locale: "fr-FR", viewport: DESKTOP,
    rowsAre: (n) => n >= 4, mexican: null, on: /sur (la ligne \d|le doigt \d du \d-\d)/, choose: /Choisissez un train/,
    summary: /^La gare : double \S+\./, trains: /^(Ligne \d|Doigt \d du \d-\d) · \d+$/, hint: /sur (la ligne \d|le doigt \d du \d-\d)/ },
];

for (const run of RUNS) {
  test(`${run.name}: a whole hand against the computer, trains chosen by their buttons, the station fitting the screen`, async () => {
    const page = await newPlayer(env, run.name, { viewport: run.viewport, locale: run.locale });
    await trainsTable(page, run.preset, run.players);
    // Everything the announcer says, for the trains' names in it.
    await page.evaluate(() => {
      window.__said = [];
      new MutationObserver(() => window.__said.push(document.querySelector("#announce").textContent))
        .observe(document.querySelector("#announce"), { childList: true, subtree: true, characterData: true });
    });
    // Every pass the log tells, with the trains marked open on the station as it is told.
    await page.evaluate(() => {
      window.__passes = new Map();
      new MutationObserver(() => {
        for (const li of document.querySelectorAll("#log li[data-type=pass]")) {
          const key = `${li.value}/${li.textContent}`;
          if (window.__passes.has(key)) continue;
          window.__passes.set(key, { text: li.textContent,
            open: [...document.querySelectorAll("#station li.train.open .trainname")].map((x) => x.textContent) });
        }
      }).observe(document.querySelector("#log"), { childList: true });
    });
    const opened = async () => (await page.evaluate(() => [...window.__passes.values()])).filter((x) => run.opened?.test(x.text));
    page.onChoice = async () => {
      // The focus is on the station's first end to choose, and the arrows move along them.
      const focused = () => page.evaluate(() => document.activeElement?.closest("#station button.trainend")?.dataset.end ?? null);
      const first = await focused();
      assert.ok(first != null, "choosing a train, the focus is on the station's ends");
      await page.keyboard.press("ArrowDown");
      const next = await focused();
      assert.ok(next != null && next !== first, `the arrows move between the ends: ${first} then ${next}`);
      await shot(page, `trains-${run.name}-choice`);
      await axe(page, `${run.name}, choosing a train`);
    };
    let { done, seen } = await playTrainsHand(page, run);
    // A hand may go by without a tile that fits several trains, or (Mexican
    // Train) a pass that opens a train: the next ones, until each came.
    for (let hand = 2; hand <= 4 && (!done.some((d) => d.type === "train") || (run.opened && !(await opened()).length)); hand++) {
      await page.click("#ready");
      await page.waitForFunction(() => document.querySelector("#result").hidden);
      const more = await playTrainsHand(page, run);
      done = [...done, ...more.done];
      seen = more.seen;
    }
    const chosen = done.filter((d) => d.type === "train");
    assert.ok(chosen.length >= 1, `a tile fitted several trains at least once: ${JSON.stringify(done.map((d) => d.type))}`);
    for (const c of chosen) {
      assert.match(c.words, run.trains, "the buttons name the trains");
      assert.match(c.status, run.choose);
      assert.equal(c.ends, c.n, "each train offered is a button on the station too");
      if (run.viewport === PHONE) assert.ok(c.box.height >= 44 && c.box.width >= 44, `a finger's size: ${JSON.stringify(c.box)}`);
    }
    // The station as the hand ended: a row per line, labelled.
    const rows = seen.rows;
    assert.ok(run.rowsAre(rows.length), `${rows.length} rows`);
    if (run.mexican) {
      assert.equal(rows[rows.length - 1].label, run.mexican);
      assert.equal(rows[0].label, run.locale.startsWith("fr") ? "Vous" : "Tú");
      assert.ok(/mexican/.test(rows[rows.length - 1].cls));
    } else {
      // The centre's lines in order, each toe under its own line.
      const lines = rows.filter((r) => !/toe/.test(r.cls)).map((r) => r.label);
      assert.deepEqual(lines, [1, 2, 3, 4].map((n) => `${run.locale.startsWith("fr") ? "Ligne" : "Línea"} ${n}`));
    }
    const s = await station(page);
    assert.match(s.summary, run.summary);
    // The move log and the announcer name the trains in the page's language.
    const log = await page.locator("#log").innerText();
    assert.match(log, run.on);
    assert.match((await page.evaluate(() => window.__said)).join(" "), run.on);
    if (run.hint) assert.equal(page.hinted, true, "the hint was asked");
    if (run.opened) {
      // A pass that opened the passer's train says so, the train marked open on the station as it is told.
      const told = await opened();
      assert.ok(told.length >= 1, `a pass opened a train in ${done.length} moves of yours`);
      assert.ok(told.some((x) => x.open.includes(x.text.match(run.opened)[1])), JSON.stringify(told));
    }
    assert.equal(await sideways(page), false, "no sideways scroll");
    await shot(page, `trains-${run.name}-end`);
    await axe(page, `${run.name}, the hand over`);
    noErrors(page);
    await page.context().close();
  });
}

test("English at both sizes: the station of an 8-player Mexican Train and of chicken foot, mid-hand", async () => {
  for (const [preset, players, viewport, size] of [["mexican-train", 8, PHONE, "phone"], ["mexican-train", 8, DESKTOP, "desktop"],
    ["chicken-foot", 4, PHONE, "phone"], ["chicken-foot", 4, DESKTOP, "desktop"]]) {
    const page = await newPlayer(env, `en-${preset}-${size}`, { viewport, locale: "en-US" });
    await trainsTable(page, preset, players);
    // Plays fly from their seats onto the station's rows.
    await page.evaluate(() => {
      window.__flew = 0;
      new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes) if (n.classList?.contains("flying")) window.__flew++; })
        .observe(document.body, { childList: true });
    });
    const done = [];
    for (let i = 0; i < 3000 && done.length < 12 && !(await handOver(page)); i++) {
      const did = await trainsMove(page, (n) => n - 1);
      if (did) done.push(did); else await page.waitForTimeout(40);
    }
    const s = await station(page);
    assert.ok(s.engine && s.rows.length >= (preset === "mexican-train" ? 9 : 4), JSON.stringify(s));
    assert.ok(s.rows.every((r) => r.fits));
    assert.match(s.summary, /^The station: double (twelve|nine)\. Trains: /);
    if (preset === "mexican-train") assert.deepEqual([s.rows[0].label, s.rows[8].label], ["You", "Mexican train"]);
    assert.equal(await sideways(page), false);
    assert.ok(await page.evaluate(() => window.__flew) > 0, "plays fly onto the station");
    await shot(page, `trains-${preset}-${players}-en-${size}`);
    noErrors(page);
    await page.context().close();
  }
});

/**
 * Draws a chicken foot station whose feet go three deep (a foot on a toe
 * of a foot on a toe) with the page's own drawing, in the page's language,
 * and says which labels are not read in full: no hand reaches such a
 * station reliably, so it is laid here (in the page).
 */
async function deepFoot() {
  const { renderStation } = await import("/table/stationview.js");
  const { newTable } = await import("/table/model.js");
  const { people } = await import("/names.js");
  const chain = (id, from, tiles, pips) => ({ id, from, tiles, pips });
  const layout = { posed: "9-9", chains: [
    chain(0, "9-9", ["9-6", "6-6", "6-2"], 2), chain(1, "9-9", ["9-8", "8-7"], 7), chain(2, "9-9", ["9-5"], 5), chain(3, "9-9", ["9-0", "1-0"], 1),
    chain(4, "6-6", ["6-4", "4-4", "4-0"], 0), chain(5, "6-6", ["6-1"], 1),
    chain(6, "4-4", ["4-3", "3-3", "3-1"], 1), chain(7, "4-4", ["5-4"], 5),
    chain(8, "3-3", ["3-2"], 2), chain(9, "3-3", ["7-3"], 7),
  ] };
  const state = { phase: "play", to_act: 1, history: [], legal: [], ends: [], scores: [0, 0, 0, 0, 0, 0], rules: { players: 6 },
    trains: { mexican: null, open: [], owed: [] } };
  const S = newTable();
  S.msg = /** @type {any} */ ({ layout, state, seat: 0, started: true, facts: { layout: "foot" } });
  const el = { board: document.querySelector("#board"), station: document.querySelector("#station"),
    boardWrap: document.querySelector(".boardwrap"), boardSummary: document.querySelector("#boardsummary") };
  renderStation(S, /** @type {any} */ (el), people([], /** @type {any} */ (state), 0, { layout: "foot" }), () => {});
  document.querySelector("#station").scrollIntoView();
  return { labels: [...document.querySelectorAll("#station li.train")].map((li) => [li.querySelector(".trainname").textContent, li.style.getPropertyValue("--depth")]),
    clipped: /** @type {any} */ (window).__clipped() };
}

test("every station label read in full on a phone, in three languages: chicken foot for six, as played and with toes three deep", async () => {
  for (const [locale, lang, deepest] of [["es-ES", "es", "Dedo 1 del 3-3"], ["fr-FR", "fr", "Doigt 1 du 3-3"], ["en-US", "en", "Toe 1 of 3-3"]]) {
    const page = await newPlayer(env, `labels-${lang}`, { viewport: PHONE, locale });
    await trainsTable(page, "chicken-foot", 6);
    // Your turn with the station out: nothing moves at the table until you play.
    for (let i = 0; i < 400 && !(await page.locator(".seat.me.toact").count() && await page.locator("#station li.train").count()); i++) {
      if (!(await trainsMove(page, () => 0))) await page.waitForTimeout(40);
    }
    assert.deepEqual((await station(page)).clipped, [], `${lang}: the station as played`);
    const deep = await page.evaluate(deepFoot);
    assert.deepEqual(deep.labels.map(([, d]) => +d), [0, 1, 2, 3, 3, 2, 1, 0, 0, 0], JSON.stringify(deep.labels));
    assert.equal(deep.labels[3][0], deepest);
    assert.deepEqual(deep.clipped, [], `${lang}: every label of the deep station read in full`);
    assert.equal(await sideways(page), false);
    await shot(page, `trains-labels-${lang}-phone`);
    noErrors(page);
    await page.context().close();
  }
});

test("a first turn's chain (first_turn: chain, Spanish on a phone): said on the station, ended by its own button, logged as the turn's end", async () => {
  const page = await newPlayer(env, "chain-es", { viewport: PHONE, locale: "es-ES" });
  await trainsTable(page, "mexican-train", 4, { first_turn: "chain" });
  // The server would end a chain that nothing more fits for you: here you end it.
  await page.uncheck("#autopass");
  /** @type {{ words: string, note: string, box: object, plays: number, mine?: string[] }[]} */
  const ends = [];
  // Each hand's first moves of yours, to say what happened if no chain came.
  const trace = [];
  // A chain starts with a first tile on your own train: hands go by until one does.
  for (let hand = 1; hand <= 6 && !ends.length; hand++) {
    if (hand > 1) {
      // The finished hand's first lines of the log, for the trace.
      trace.push({ hand: hand - 1, log: (await page.locator("#log li").allInnerTexts()).slice(0, 12) });
      await page.click("#ready");
      await page.waitForFunction(() => document.querySelector("#result").hidden);
    }
    for (let guard = 0; guard < 4000 && !(await handOver(page)); guard++) {
      const pass = page.locator("#pass");
      if (!ends.length && await page.locator(".seat.me.toact").count() && await pass.count() && /Terminar mi turno/.test(await pass.innerText())) {
        // Your first tile went on your own train: the chain goes on until you end it (here, at once).
        const chaining = async () => await page.locator(".seat.me.toact").count() && await pass.count() && /Terminar mi turno/.test(await pass.innerText());
        const plays = await page.locator("#hand .handtile.legal").count();
        if (!(await chaining())) continue;
        const note = (await page.locator("#stationnote").innerText()).trim();
        await shot(page, "trains-chain-es-phone");
        ends.push({ words: (await pass.innerText()).trim(), note, box: await pass.boundingBox(), plays });
        await axe(page, "a first turn's chain");
        await pass.click();
        // Ended, the turn goes on and the chain's words are gone.
        await page.waitForFunction(() => !/primer turno/.test(document.querySelector("#station")?.textContent || ""));
        // The log tells the turn's end, not a pass (your next turn waits for you: it is still your last line).
        await page.waitForFunction(() => [...document.querySelectorAll("#log li")].some((li) => li.textContent.startsWith("Tú: fin")));
        ends[0].mine = await page.locator("#log li[data-type]").evaluateAll((ls) => ls.map((l) => l.textContent).filter((x) => x.startsWith("Tú:")));
        continue;
      }
      // Your train first, with a tile that leaves another to follow it there,
      // so that a first turn on it becomes a chain; else any move.
      const did = (await ownTrainMove(page)) || await trainsMove(page, () => 0);
      if (!did) await page.waitForTimeout(40);
      else if (trace.filter((t) => t.hand === hand).length < 3) trace.push({ hand, ...did, note: (await page.locator("#stationnote").innerText().catch(() => "")).trim() });
    }
  }
  assert.equal(ends.length, 1, `a first turn was a chain to end: ${JSON.stringify(trace)}`);
  assert.equal(ends[0].words, "Terminar mi turno");
  assert.match(ends[0].note, /Tu primer turno: pon en tu tren las fichas que quieras/);
  assert.ok(ends[0].box.height >= 44, JSON.stringify(ends[0].box));
  const mine = /** @type {string[]} */ (ends[0].mine);
  assert.equal(mine.at(-1), "Tú: fin de tu turno", mine.join(" | "));
  assert.match(mine.at(-2) ?? "", /^Tú: \d+-\d+ en tu tren$/, "the chain's tiles went on your train before it");
  assert.equal(await sideways(page), false);
  noErrors(page);
  await page.context().close();
});

// The two games as the server's preset list will give them once it offers
// them (their options as the engine names them): the lobby is shown them
// here before the server lists them.
const TRAINS_PRESETS = [
  { name: "mexican-train", players: [2, 3, 4, 5, 6, 7, 8], default_players: 4, partnerships: [], summary: "",
    options: [{ name: "mexican_train", default: true, help: "", values: [false, true] },
      { name: "first_turn", default: "one", help: "", values: ["one", "chain"] },
      { name: "open_trains_start", default: false, help: "", values: [false, true] }] },
  { name: "chicken-foot", players: [2, 3, 4, 5, 6, 7, 8], default_players: 4, partnerships: [], summary: "", options: [] },
];

test("the lobby names both games in three languages and makes a table of either from its custom form", async () => {
  for (const { locale, viewport, titles } of [
    { locale: "fr-FR", viewport: PHONE, titles: ["Train mexicain", "Patte de poulet"] },
    { locale: "es-ES", viewport: DESKTOP, titles: ["Tren mexicano", "Pata de gallo"] },
    { locale: "en-US", viewport: PHONE, titles: ["Mexican Train", "Chicken foot"] },
  ]) {
    const page = await newPlayer(env, `lobby-${locale}`, { viewport, locale });
    await page.route("**/api/presets", async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: [...(await res.json()), ...TRAINS_PRESETS] });
    });
    await page.goto(env.base + "/");
    await openCustom(page);
    const names = await page.locator("#game option").allInnerTexts();
    for (const title of titles) assert.ok(names.includes(title), `${locale}: ${title} among ${names}`);
    // Each game's line in the list of games, in the page's language.
    const games = await page.locator("#games").textContent();
    assert.match(games, locale.startsWith("fr") ? /un train chacun depuis la gare/ : locale.startsWith("es") ? /pata de gallo que pide tres dedos/ : /a train each from the station/);
    if (locale.startsWith("fr")) {
      // A table for six from the custom form: five seats to fill, the station at the table.
      await page.fill("#name", "Léa");
      await page.selectOption("#game", "mexican-train");
      await page.selectOption("#players", "6");
      assert.equal(await page.locator("#seatplan select[data-seat]").count(), 5);
      await page.selectOption("#bot", "random");
      await page.click("#create");
      await page.waitForURL(/\/t\/[0-9a-f]+$/);
      await page.waitForSelector("#station li.train, #station .stationempty");
      assert.equal(await page.locator("#gametitle").innerText(), "Train mexicain");
      assert.equal(await sideways(page), false);
      await shot(page, "trains-lobby-made-fr-phone");
    }
    noErrors(page);
    await page.context().close();
  }
});

test("the replay of a finished Mexican Train match shows each step's station (computer players only, French on a phone)", async () => {
  const page = await newPlayer(env, "replay-fr", { viewport: PHONE, locale: "fr-FR" });
  await page.goto(env.base + "/");
  await page.waitForSelector("#app *");
  // Two computer players to the match's end (two hands: engines 12-12 and
  // 11-11, where the whole match of 13 took a minute): the page only watches.
  const made = await page.evaluate(() => new Promise((ok) => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    ws.onopen = () => ws.send(JSON.stringify({ id: 1, type: "create", rules: { preset: "mexican-train", players: 2, options: { rounds: 2 } },
      seats: ["bot", "bot"], bot: "random", name: "Ana" }));
    ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.id === 1) { ws.close(); ok(m); } };
  }));
  assert.ok(made.table, JSON.stringify(made));
  await page.goto(`${env.base}/t/${made.table}`);
  await page.waitForSelector("#replaylink", { timeout: 180000 });
  await page.click("#replaylink");
  await page.waitForSelector("#slider");
  // Steps into the first hand until trains are on the station (the engine
  // may be drawn for first), and a few more.
  for (let k = 0; k < 400 && !(await page.locator("#station li.train").count()); k++) await page.keyboard.press("ArrowRight");
  // On to a play, whose caption names its train.
  const played = /Bot [12] : \S+ sur le train (de Bot [12]|mexicain)/;
  for (let k = 0; k < 400 && !played.test(await page.locator("#caption").innerText()); k++) await page.keyboard.press("ArrowRight");
  await page.waitForSelector("#station li.train");
  const labels = await page.locator("#station .trainname").allInnerTexts();
  assert.deepEqual(labels, ["Bot 1", "Bot 2", "Train mexicain"]);
  assert.equal(await page.locator("#board").evaluate((b) => getComputedStyle(b).display), "none");
  assert.match(await page.locator("#boardsummary").textContent(), /^La gare : double douze\. Trains : /);
  assert.match(await page.locator("#caption").innerText(), played);
  assert.equal(await sideways(page), false);
  await shot(page, "trains-replay-fr-phone");
  await axe(page, "the replay of Mexican Train");
  noErrors(page);
  await page.context().close();
});
