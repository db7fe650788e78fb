// @ts-check
// How to play a game (/how/GAME): the aim, the deal, a turn, scoring and how
// the match is won, in the page's language (web/locales/LANG/howto.ftl, the
// same words `domino rules --how GAME` prints), with links to the other
// games and back to the lobby.

import { h, fill } from "./dom.js";
import { t } from "./words.js";

/** The parts of every game's page, in order (as in the terminal's howto.rs). */
export const PARTS = ["aim", "deal", "turn", "score", "win"];

/**
 * @param {HTMLElement} app
 * @param {string} preset
 * @param {{ notFound: (what: string) => void }} nav
 */
export async function howtoPage(app, preset, nav) {
  let presets = [];
  try {
    presets = await (await fetch("/api/presets")).json();
  } catch {
    // The server is away: the page still shows, without the other games.
  }
  if (presets.length && !presets.some((p) => p.name === preset)) return nav.notFound("page");
  const game = t("game-title", { preset });
  document.title = `${t("howto-title", { game })} · ${t("page-title")}`;
  fill(app, h("article", { class: "card howto", id: "howto", "data-game": preset },
    h("h1", {}, t("howto-title", { game })),
    PARTS.map((part) => h("section", { class: "howto-part", "data-part": part },
      h("h2", {}, t(`howto-${part}`)),
      h("p", {}, t(`howto-${preset}-${part}`)))),
    presets.length ? h("nav", { class: "howto-games", "aria-labelledby": "howto-games" },
      h("h2", { id: "howto-games" }, t("howto-games")),
      h("ul", {}, presets.map((p) => h("li", {},
        h("a", { href: `/how/${p.name}`, ...(p.name === preset ? { "aria-current": "page" } : {}) }, t("game-title", { preset: p.name })))))) : null,
    h("p", {}, h("a", { href: "/", class: "button", id: "howback" }, t("howto-back")))));
}
