// @ts-check
// The lobby. Its first screen, whole on a phone: your one name (a guest
// gets one at once) above the quick-pairing grid, then today's puzzle.
// After them the custom games' forms (folded on a phone): the computer at
// a chosen level, Play now with people, Play a bot, a table for friends;
// then your profile (the same name, kept), the open tables, the other ways
// to play (scorekeeper, tournaments, puzzles), the finished matches, and
// the games in a line each.

import { h, fill } from "./dom.js";
import { t } from "./words.js";
import { Conn, refused } from "./conn.js";
import { store } from "./store.js";
import { profileCard } from "./profile.js";
import { LEVELS, levelChoice, seatsFor } from "./lobby/model.js";
import { friendsCard } from "./lobby/friends.js";
import { openTablesCard, finishedCard } from "./lobby/lists.js";
import { yourTablesCard } from "./turns.js";
import { playNowCard } from "./playnow.js";
import { playBotCard } from "./lobby/playbot.js";
import { dailyCard } from "./puzzles/daily.js";
import { quickGrid } from "./lobby/quickgrid.js";
import { guestName } from "./lobby/quick.js";

/** @typedef {import("./types/GameInfo").GameInfo} Preset */
/** @typedef {import("./types/MatchSummary").MatchSummary} FinishedMatch */

/**
 * The lobby page in `app`.
 * @param {HTMLElement} app
 * @param {{ go: (path: string) => void }} nav
 */
export async function lobby(app, nav) {
  fill(app, h("p", { class: "muted" }, t("loading")));
  /** @type {Preset[]} */
  const presets = await fetch("/api/presets").then((r) => r.json());
  const byName = (n) => presets.find((p) => p.name === n) || presets[0];
  /** @param {string} sel */
  const gameOptions = (sel) => presets.map((p) => h("option", { value: p.name, selected: p.name === sel }, t("game-title", { preset: p.name })));

  // ---- your name: the one name field (a profile keeps it); a guest has
  // one from the first visit, to change at will ----
  if (!store.name) store.name = guestName(Math.random);
  const name = h("input", { id: "name", value: store.name, maxlength: 24, placeholder: t("lobby-name-placeholder"), autocomplete: "nickname" });
  name.addEventListener("change", () => (store.name = name.value.trim()));
  const msg = h("p", { class: "error", id: "lobby-error", role: "alert" });
  /** The name to play under: the field's, or a new guest's name when it was emptied. */
  const needName = () => {
    let n = name.value.trim();
    if (!n) name.value = n = guestName(Math.random);
    store.name = n;
    return n;
  };

  // ---- play now: the game and the opponent level ----
  const quickGame = h("select", { id: "quickgame" }, gameOptions(store.game));
  const quickLevel = h("select", { id: "quicklevel" }, LEVELS.map((b) => h("option", { value: b, selected: b === store.level, title: t("level-tooltip", { bot: b }) }, levelChoice(b))));
  async function quick() {
    const n = needName();
    store.game = quickGame.value;
    store.level = quickLevel.value;
    const p = byName(quickGame.value);
    await create({ rules: { preset: p.name, players: p.default_players, options: {} }, seats: seatsFor(p.default_players, []), bot: quickLevel.value, private: true, name: n });
  }

  /** Open the table `req` (the socket's `create`) and go to it; a refusal is said in `out`. */
  async function create(req, out = msg) {
    out.textContent = "";
    /** @type {import("./types/Answer").Answer | null} */
    let answered = null;
    const conn = new Conn({ onOpen: async (c) => { answered = await c.request({ type: "create", ...req }); } });
    for (let i = 0; i < 200 && !answered; i++) await new Promise((ok) => setTimeout(ok, 25));
    conn.close();
    if (!answered || answered.type !== "joined") {
      const no = refused(answered);
      out.textContent = no ? t("error", { code: no.code, message: no.message }) : t("offline-now");
      return;
    }
    if (answered.token) store.setToken(answered.table, answered.token);
    nav.go("/t/" + answered.table);
  }

  // The custom games' fold (folded on a phone), opened to choose a game there.
  const openCustom = () => { const d = document.getElementById("customfold"); if (d instanceof HTMLDetailsElement) d.open = true; };

  // ---- the games, a line each ----
  const games = h("dl", { class: "games", id: "games" }, presets.map((p) => [
    h("dt", {}, h("button", { type: "button", class: "linkish", "data-game": p.name, onclick: () => { openCustom(); quickGame.value = p.name; quickGame.focus(); } }, t("game-title", { preset: p.name })),
      " ", h("span", { class: "muted" }, t("players-count", { count: p.players.length > 1 ? `${p.players[0]}–${p.players[p.players.length - 1]}` : p.players[0] }))),
    h("dd", {}, t("game-line", { preset: p.name }), " ",
      h("a", { href: `/how/${p.name}`, class: "howlink", "data-how": p.name, "aria-label": t("howto-link-game", { game: t("game-title", { preset: p.name }) }) }, t("howto-link"))),
  ]));

  const profile = await profileCard(name);
  // The first screen, whole on a phone: the grid of quick games, then
  // today's puzzle (lobby.css brings it up from the side column). The
  // custom games' forms fold under one title, open at desktop size.
  fill(app,
    h("div", { class: "lobby" },
      h("div", { class: "lobbymain" },
        // Clocked tables (your turn first); hidden when there are none.
        yourTablesCard(),
        quickGrid({ presets, name, needName, create, go: nav.go }),
        h("details", { class: "customfold", id: "customfold", open: !matchMedia("(max-width: 600px)").matches },
          h("summary", { class: "card" }, h("h2", {}, t("lobby-custom"))),
          h("section", { class: "card playnow", id: "quick" }, h("h2", {}, t("lobby-quick")),
            h("div", { class: "quickpick", id: "quickpick" },
              h("label", { class: "field" }, h("span", {}, t("lobby-game")), quickGame),
              h("label", { class: "field" }, h("span", {}, t("lobby-level")), quickLevel)),
            h("button", { type: "button", id: "quickplay", class: "big", onclick: quick }, t("lobby-play")), msg),
          // Play now with people: paired by rating (docs/server.md, "Pairing").
          playNowCard({ presets, byName, needName, go: nav.go }),
          // Bot accounts online and the built-in levels, to challenge.
          playBotCard({ presets, byName, needName, go: nav.go, create }),
          // Signed in, profileCard fixed the name field to the profile's.
          friendsCard(presets, gameOptions, needName, create, name.readOnly)),
        profile,
        openTablesCard(),
        h("section", { class: "card more", id: "more" }, h("h2", {}, t("lobby-more")),
          h("div", { class: "moreitem", id: "keepscore" }, h("h3", {}, t("keep-title")), h("p", { class: "muted" }, t("keep-lobby-help")),
            h("a", { href: "/keep", class: "button", id: "tokeep" }, t("keep-start"))),
          h("div", { class: "moreitem", id: "tournaments" }, h("h3", {}, t("tourney-title")), h("p", { class: "muted" }, t("tourney-lobby-help")),
            h("a", { href: "/tournaments", class: "button", id: "totourney" }, t("tourney-see"))),
          h("div", { class: "moreitem", id: "puzzlescard" }, h("h3", {}, t("puzzles-title")), h("p", { class: "muted" }, t("puzzles-lobby-help")),
            h("a", { href: "/puzzles", class: "button", id: "topuzzles" }, t("puzzles-see")))),
        finishedCard()),
      // Today's puzzle heads the side column, as on lichess's home page.
      // The games' list stands beside the lobby at desktop size; on a
      // phone, where it would add a thousand pixels at the bottom, it is
      // folded under its title.
      h("div", { class: "lobbyside" }, dailyCard(),
        h("aside", { class: "card gamesbox" }, h("details", { id: "gamesfold", open: !matchMedia("(max-width: 600px)").matches },
          h("summary", {}, h("h2", {}, t("lobby-games"))), games)))));
}
