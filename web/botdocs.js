// @ts-check
// The bot API's documentation as pages of the site: the guide (/bots/api,
// docs/botapi.md) and the HTTP reference (/bots/api/reference, written from
// the OpenAPI document), each rendered once by the server; each page links
// to the other. The documents are in English only, and say so elsewhere.

import { h, fill } from "./dom.js";
import { t, lang } from "./words.js";
import { call } from "./api.js";

/** The two documents: where each is read from, its title, and the other's link. */
const DOCS = {
  guide: { text: "/api/docs/bot-api", title: "botdocs-title",
    other: { href: "/bots/api/reference", id: "botdocs-to-reference", words: "botdocs-to-reference" } },
  reference: { text: "/api/docs/reference", title: "botdocs-reference-title",
    other: { href: "/bots/api", id: "botdocs-to-guide", words: "botdocs-to-guide" } },
};

/**
 * @param {HTMLElement} app
 * @param {"guide" | "reference"} [which]
 */
export async function botDocsPage(app, which = "guide") {
  const doc = DOCS[which];
  document.title = `${t(doc.title)} · ${t("page-title")}`;
  const body = h("div", { class: "doc", id: "botdocs-text" });
  const error = h("p", { class: "error", role: "alert" });
  const other = h("p", { class: "botdocs-other" },
    h("a", { href: doc.other.href, id: doc.other.id }, t(doc.other.words)));
  fill(app, h("article", { class: "card botdocs", id: "botdocs", lang: "en" },
    lang === "en" ? null : h("p", { class: "muted", lang, id: "botdocs-english" }, t("botdocs-english")),
    other, error, body));
  const { data, error: e } = await call("GET", doc.text);
  if (e) { error.textContent = e; return; }
  // The server's own rendering of its own file: no visitor's text is in it.
  body.innerHTML = data.html;
  // Code and tables scroll sideways on a phone: the keyboard must reach them.
  for (const box of body.querySelectorAll("pre, table")) box.setAttribute("tabindex", "0");
}
