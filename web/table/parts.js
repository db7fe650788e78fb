// @ts-check
// The table page's parts, made once: the top bar, the felt with a spot for
// each side of the table, the board, the status line, the buttons, the
// hand and the side panels. The views fill them; `on` holds what the
// controls do (table.js).

import { h } from "../dom.js";
import { t } from "../words.js";
import { el } from "../draw.js";
import { icon, EMOTES } from "../icons.js";
import { store } from "../store.js";
import { Announcer } from "../a11y.js";

export const PHRASES = ["hi", "gg", "nice", "oops", "thanks", "hurry", "again", "wow"];
export const CHAT_MAX = 200;

/**
 * @typedef {{
 *   openFair: () => void, leave: () => void, end: () => void,
 *   say: (what: { text?: string, phrase?: string }) => void,
 *   autoPass: (on: boolean) => void,
 * }} PartsHandlers
 */

/** @param {PartsHandlers} on */
export function tableParts(on) {
  const title = h("h1", { class: "gametitle", id: "gametitle" });
  // How to play this game: a new tab, so the table stays open.
  const howLink = /** @type {HTMLAnchorElement} */ (h("a", { id: "howlink", class: "howlink", target: "_blank", rel: "noopener", hidden: true }, t("howto-link")));
  const handNo = h("span", { class: "handno", id: "handno" });
  // Rated or casual, written on every table.
  const kind = h("span", { class: "tablekind", id: "tablekind" });
  const fairTick = h("button", { type: "button", class: "linkish fairtick", id: "fairtick", onclick: on.openFair });
  const leaveBtn = h("button", { type: "button", class: "quiet", id: "leave", hidden: true, onclick: on.leave }, t("act-leave"));
  // Abort while nothing is played, resign after: the view names it. Under
  // the hand, away from the plays: in the top bar it took a line of its own
  // on a phone and pushed the hand below the fold.
  const endBtn = h("button", { type: "button", class: "quiet", id: "endmatch", hidden: true, onclick: on.end });
  const scoreBox = h("div", { class: "scorebox", id: "scorebox" });
  // The match's end is said by the announcer, and the focus goes to the rematch.
  const banner = h("section", { id: "banner", class: "banner", hidden: true });
  const offline = h("div", { id: "offline", class: "offline-note", role: "alert", hidden: true });
  const spots = {
    top: h("div", { class: "spot spot-top" }),
    left: h("div", { class: "spot spot-left" }),
    right: h("div", { class: "spot spot-right" }),
    bottom: h("div", { class: "spot spot-bottom" }),
  };
  // A group, not an image: the open ends inside become buttons when a tile
  // fits several; the sentence beside it says what is open.
  const board = el("svg", { class: "board", id: "board", role: "group", "aria-label": t("a11y-board"), "aria-describedby": "boardsummary" });
  const boardSummary = h("p", { class: "sr", id: "boardsummary" });
  // The trains family's board: the station and its rows (stationview.js), drawn instead of the SVG board.
  const station = h("div", { class: "station", id: "station", hidden: true });
  // The fives games' count of the ends, on the felt beside your seat (board.js places it).
  const endsTotal = h("p", { class: "endstotal", id: "endstotal", hidden: true });
  const boardWrap = h("div", { class: "boardwrap" }, board, station, boardSummary);
  const felt = h("div", { class: "felt", id: "felt" }, spots.top, spots.left, boardWrap, spots.right, spots.bottom);
  // Not a live region itself: the announcer reads what matters, once.
  const status = h("p", { class: "status", id: "status" });
  const announcer = new Announcer();
  const buttons = h("div", { class: "buttons", id: "buttons" });
  const handEl = h("div", { class: "hand", id: "hand", role: "group", "aria-label": t("hand-label") });
  const keysHelp = h("details", { class: "keyshelp", id: "keyshelp" }, h("summary", {}, t("a11y-keys")),
    h("ul", {}, ["tab", "arrows", "ends", "draw", "claim", "hint", "hand", "ready"].map((k) => h("li", {}, t("a11y-key-" + k)))));
  const result = h("section", { class: "result", id: "result", hidden: true });
  const sheetBox = h("div", { class: "sheetbox", id: "sheetbox" });
  const fair = /** @type {HTMLDetailsElement} */ (h("details", { class: "fair panel", id: "fair" }));
  // Scrolling lists take the focus, so that the keyboard can scroll them.
  // The chat list is redrawn whole: new lines are said by the announcer.
  const chatList = h("ol", { class: "chatlist", id: "chatlist", tabindex: 0, "aria-label": t("chat-title") });
  const chatInput = /** @type {HTMLInputElement} */ (h("input", { id: "chatinput", maxlength: CHAT_MAX, placeholder: t("chat-short"), "aria-label": t("chat-placeholder"), autocomplete: "off" }));
  const chatForm = h("form", { class: "chatform", id: "chatform", onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); on.say({ text: chatInput.value }); } },
    chatInput, h("button", { type: "submit", id: "chatsend" }, t("chat-send")));
  const chatQuick = h("div", { class: "quick", id: "chatquick" },
    PHRASES.map((p) => h("button", { type: "button", class: "chip", "data-phrase": p, onclick: () => on.say({ phrase: p }) }, t("chat-phrase-" + p))),
    EMOTES.map((e) => h("button", { type: "button", class: "chip emote", "data-emote": e.face, title: t("emote-" + e.face), onclick: () => on.say({ text: e.text }) },
      icon(e.face, t("emote-" + e.face)))));
  const chat = h("section", { class: "panel chat", id: "chat" }, h("h2", {}, t("chat-title")), chatList, chatQuick, chatForm);
  const logEl = h("ol", { class: "log", id: "log", tabindex: 0, "aria-label": t("log-title") });
  const autoPass = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "autopass", checked: store.autoPass, onchange: () => on.autoPass(autoPass.checked) }));
  const settings = h("section", { class: "panel settings", id: "settings" }, h("h2", {}, t("settings")),
    h("label", { title: t("autopass-help") }, autoPass, " ", t("autopass")));
  const invite = h("section", { class: "panel invite", id: "invite", hidden: true });
  const page = h("div", { class: "tablepage", id: "tablepage" },
    h("div", { class: "play" },
      h("div", { class: "topbar" }, title, handNo, kind, fairTick, howLink, leaveBtn),
      scoreBox, banner, offline, felt, status, buttons, result, handEl, h("div", { class: "endrow" }, endBtn), keysHelp, announcer.el),
    h("aside", { class: "side" }, invite, sheetBox, chat, fair,
      h("section", { class: "panel" }, h("h2", {}, t("log-title")), logEl), settings));
  return {
    page, title, howLink, handNo, kind, endsTotal, fairTick, leaveBtn, endBtn, scoreBox, banner, offline, spots, board, station, boardSummary, boardWrap,
    status, announcer, buttons, handEl, result, sheetBox, fair, chatList, chatInput, chat, logEl, settings, invite,
    /** The hand's tile buttons, in order. */
    handTiles: () => /** @type {HTMLElement[]} */ ([...handEl.querySelectorAll(".handtile")]),
  };
}

/** @typedef {ReturnType<typeof tableParts>} Parts */
