// @ts-check
// The page: the header (with the sounds switch), and the lobby, a table or
// a replay by address. Links inside the page open without reloading it.

import { h, fill } from "./dom.js";
import { t, lang, LANGS, langName, setLang } from "./words.js";
import { soundOn, setSound } from "./sound.js";
import { el } from "./draw.js";
import { icon } from "./icons.js";
import { lobby } from "./lobby.js";
import { tablePage } from "./table.js";
import { replayPage } from "./replay.js";
import { newSheetPage, sheetPage } from "./keep.js";
import { howtoPage } from "./howto.js";
import { profilePage, linkPage } from "./profile.js";
import { leaderboardPage } from "./clubs/leaderboard.js";
import { tournamentsPage, tournamentPage } from "./tournament.js";
import { puzzlesPage } from "./puzzles/page.js";
import { botDocsPage } from "./botdocs.js";
import { watchTurns } from "./turns.js";

const app = document.getElementById("app");
document.documentElement.lang = lang;
// Whatever page is open tells the player when it becomes their turn at
// one of their clocked tables (if they allowed notifications).
watchTurns();

// ---- the header ----
const soundBtn = h("button", { type: "button", id: "soundtoggle", class: "headbtn", title: t("sound-toggle") });
function showSound() {
  const on = soundOn();
  soundBtn.setAttribute("aria-pressed", on ? "true" : "false");
  fill(soundBtn, speaker(on), h("span", { class: "headlabel" }, t(on ? "sound-on" : "sound-off")));
}
// A speaker, with waves when on and a cross when off.
function speaker(on) {
  const svg = el("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" });
  el("path", { d: "M3 9h4l5-4v14l-5-4H3z", fill: "currentColor" }, svg);
  const d = on ? "M15 9a4 4 0 0 1 0 6M17.5 6.5a7.5 7.5 0 0 1 0 11" : "M16 9l5 6M21 9l-5 6";
  el("path", { d, stroke: "currentColor", "stroke-width": 2, fill: "none", "stroke-linecap": "round" }, svg);
  return svg;
}
soundBtn.addEventListener("click", () => { setSound(!soundOn()); showSound(); });
showSound();
// The language switch: the choice is remembered, and the page reloads in it.
const langSelect = h("select", { id: "langswitch", class: "headbtn", "aria-label": t("language-switch"), title: t("language-switch") },
  ...LANGS.map((code) => h("option", { value: code, lang: code, ...(code === lang ? { selected: "" } : {}) }, langName(code))));
langSelect.addEventListener("change", () => setLang(langSelect.value));
fill(document.getElementById("header"),
  h("a", { href: "/", class: "brand" }, icon("domino"), " ", t("brand")),
  h("span", { class: "spacer" }),
  langSelect,
  soundBtn);

// ---- pages ----
let close = null;
const nav = {
  go(path) {
    history.pushState({}, "", path);
    // A new page starts at its top, as a loaded one would: a game opened
    // from far down the lobby must not show its table scrolled past the score.
    window.scrollTo(0, 0);
    route();
  },
  notFound(what) {
    document.title = `${t("not-found-title")} · ${t("page-title")}`;
    fill(app, h("section", { class: "card notfound", id: "notfound" },
      h("h1", {}, t("not-found-title")),
      h("p", {}, t(what === "table" ? "not-found-table" : what === "replay" ? "not-found-replay" : what === "sheet" ? "not-found-sheet" : what === "tournament" ? "not-found-tournament" : "not-found-page")),
      h("p", {}, h("a", { href: "/", class: "button", id: "tolobby" }, t("not-found-lobby")))));
  },
};

async function route() {
  if (close) { close(); close = null; }
  document.title = t("page-title");
  // The server answered this address with 404: say so.
  const missing = document.body.dataset.missing;
  if (missing) {
    delete document.body.dataset.missing;
    return nav.notFound(missing);
  }
  const p = location.pathname;
  let m;
  if ((m = p.match(/^\/t\/([0-9a-f]+)$/))) { close = tablePage(app, m[1], nav); return; }
  if ((m = p.match(/^\/r\/([0-9a-f]+)$/))) { close = await replayPage(app, m[1], nav); return; }
  if ((m = p.match(/^\/k\/([0-9a-f]+)$/))) { close = await sheetPage(app, m[1], nav); return; }
  if (p === "/keep") return newSheetPage(app, nav);
  if (p === "/tournaments") return tournamentsPage(app, nav);
  if ((m = p.match(/^\/tournaments\/([0-9a-f]+)$/))) { close = tournamentPage(app, m[1], nav); return; }
  if ((m = p.match(/^\/how\/([a-z-]+)$/))) return howtoPage(app, m[1], nav);
  if ((m = p.match(/^\/p\/([0-9a-f]+)$/))) return profilePage(app, m[1]);
  if ((m = p.match(/^\/link\/([0-9a-f]+)$/))) return linkPage(app, m[1]);
  if (p === "/leaderboard") return leaderboardPage(app);
  if (p === "/puzzles") { close = puzzlesPage(app); return; }
  if (p === "/bots/api") return botDocsPage(app);
  if (p === "/bots/api/reference") return botDocsPage(app, "reference");
  if (p === "/" || p === "/index.html") return lobby(app, nav);
  nav.notFound("page");
}

window.addEventListener("popstate", route);
document.addEventListener("click", (e) => {
  const target = /** @type {Element} */ (e.target);
  const a = /** @type {HTMLAnchorElement | null} */ (target.closest && target.closest("a[href]"));
  if (!a || a.hasAttribute("download") || a.target || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const href = a.getAttribute("href");
  if (/^\/(t\/|r\/|k\/|keep$|puzzles($|\?)|how\/|p\/|leaderboard($|\?)|bots\/api$|$)/.test(href)) { e.preventDefault(); nav.go(href); }
});
route();
