import { chromium } from "playwright-core";
const base = process.argv[2], preset = process.argv[3] || "jamaican", players = Number(process.argv[4] || 4), out = process.argv[5] || "/tmp/look";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
for (const [w, hgt] of [[1280, 800], [390, 844]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: hgt } });
  const page = await ctx.newPage();
  page.on("pageerror", (e) => console.log("pageerror", String(e)));
  page.on("console", (m) => { if (m.type() === "error") console.log("console", m.text()); });
  await page.goto(base + "/");
  const r = await page.evaluate(async ([preset, players]) => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    await new Promise((ok) => (ws.onopen = ok));
    const ans = new Promise((ok) => (ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.id === 1) ok(m); }));
    ws.send(JSON.stringify({ id: 1, type: "create", name: "Ann", humans: 1, bot: "random", rules: { preset, players } }));
    const m = await ans;
    localStorage.setItem("domino.token." + m.table, m.token);
    localStorage.setItem("domino.name", "Ann");
    ws.close();
    return m;
  }, [preset, players]);
  await page.goto(base + "/t/" + r.table);
  await page.waitForSelector(".seat.me");
  // play a few moves
  for (let k = 0; k < 6; k++) {
    await page.waitForFunction(() => document.querySelector(".handtile.legal") || document.querySelector("#draw") || document.querySelector("#pass") || document.querySelector("#result:not([hidden])"), null, { timeout: 10000 }).catch(() => {});
    if (await page.locator("#draw").count()) await page.click("#draw");
    else if (await page.locator("#pass").count()) await page.click("#pass");
    else if (await page.locator(".handtile.legal").count()) {
      await page.locator(".handtile.legal").first().click();
      if (await page.locator(".endchoice").count()) { await page.screenshot({ path: `${out}/${preset}-${w}-choose.png` }); await page.locator(".endchoice").first().click(); }
    } else break;
    await page.waitForTimeout(400);
  }
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/${preset}-${w}.png` });
  await ctx.close();
}
await browser.close();
