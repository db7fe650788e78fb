// @ts-check
// The bot API's documentation as a page of the site (/bots/api): the
// server renders docs/botapi.md once; the page shows it under the site's
// own heading. The document is in English only, and says so elsewhere.

import { h, fill } from "./dom.js";
import { t, lang } from "./words.js";
import { call } from "./api.js";

/** @param {HTMLElement} app */
export async function botDocsPage(app) {
  document.title = `${t("botdocs-title")} · ${t("page-title")}`;
  const body = h("div", { class: "doc", id: "botdocs-text" });
  const error = h("p", { class: "error", role: "alert" });
  fill(app, h("article", { class: "card botdocs", id: "botdocs", lang: "en" },
    lang === "en" ? null : h("p", { class: "muted", lang, id: "botdocs-english" }, t("botdocs-english")),
    error, body));
  const { data, error: e } = await call("GET", "/api/docs/bot-api");
  if (e) { error.textContent = e; return; }
  // The server's own rendering of its own file: no visitor's text is in it.
  body.innerHTML = data.html;
  // Code and tables scroll sideways on a phone: the keyboard must reach them.
  for (const box of body.querySelectorAll("pre, table")) box.setAttribute("tabindex", "0");
}
