import { setup, newPlayer, quickStart, PHONE, DESKTOP, handOver, moveOnce } from "./helpers.mjs";
const env = await setup();
for (const vp of [PHONE, DESKTOP]) {
const page = await newPlayer(env, "p", { viewport: vp });
await quickStart(env, page, { game: "cross", name: "Max" });
let worst = -1e9, hands = 0;
for (let g = 0; g < 400 && hands < 4; g++) {
  if (await handOver(page)) { hands++; await page.waitForSelector("#banner:not([hidden]), #ready"); if (await page.locator("#ready").count()) { await page.click("#ready"); await page.waitForFunction(() => document.querySelector("#result").hidden); continue; } else break; }
  await page.evaluate(() => window.scrollTo(0, 0));
  const m = await page.evaluate(() => { const b = document.querySelector(".seat.me").getBoundingClientRect(); const bd = document.getElementById("board").getBoundingClientRect(); return { bottom: b.bottom, ih: innerHeight, board: bd.height, top: b.top }; });
  if (m.bottom - m.ih > worst) { worst = m.bottom - m.ih; console.log(vp.width, JSON.stringify(m)); }
  if (!(await moveOnce(page))) await page.waitForTimeout(40);
}
}
await env.close?.();
process.exit(0);
