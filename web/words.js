// @ts-check
// Every word the page shows a player comes from here.
//
// The words themselves are in the Fluent catalogs, web/locales/LANG/domino.ftl
// and howto.ftl (shared with the terminal game): one per language, the same messages with
// the same arguments in each. `t(id, args)` returns a message's text in the
// page's language. Code elsewhere never writes a player-facing sentence
// itself: it asks for a message here (and inserts it as text, never as
// markup). Messages that depend on a count or on who is meant take the
// deciding value as an argument (`count`; `many`: "you", "team" or false),
// so that each language can choose its own forms.
//
// The language: the one the player chose with the switch (remembered in
// localStorage), else the first of the browser's languages the page speaks,
// else the one the server read from Accept-Language (it writes it into
// `<html lang>`), else English.

import { FluentBundle, FluentResource, FluentNumber } from "./vendor/fluent-bundle/index.js";

/** The languages the page speaks, by code. */
export const LANGS = ["en", "es", "fr"];
const FALLBACK = "en";
const KEY = "domino.lang";

const primary = (tag) => String(tag || "").toLowerCase().split(/[-_]/)[0];
const spoken = (tag) => (LANGS.includes(primary(tag)) ? primary(tag) : null);

function remembered() {
  try { return spoken(globalThis.localStorage.getItem(KEY)); } catch { return null; }
}

// Outside a browser (the page's modules under node, e2e/fair.test.mjs)
// there is no navigator or document: English.
function choose() {
  /** @type {{ languages?: readonly string[], language?: string }} */
  const nav = globalThis.navigator || {};
  const browser = (nav.languages && nav.languages.length ? nav.languages : [nav.language])
    .map(spoken).find(Boolean);
  const server = globalThis.document && spoken(globalThis.document.documentElement.lang);
  return remembered() || browser || server || FALLBACK;
}

/** The language of the page's messages, for `<html lang>` and `Intl`. */
export const lang = choose();

// The catalog beside this module: /locales/… from the server, or the file
// itself when the module runs under node.
async function catalog(code, file = "domino.ftl") {
  const url = new URL(`./locales/${code}/${file}`, import.meta.url);
  if (url.protocol === "file:") {
    // Named through a string: the page's type check knows no node modules.
    const fs = /** @type {string} */ ("node:fs/promises");
    const { readFile } = await import(fs);
    return readFile(url, "utf8");
  }
  const res = await fetch(url);
  return res.ok ? res.text() : "";
}

async function load(code) {
  const bundle = new FluentBundle(code, { useIsolating: false });
  // domino.ftl, and howto.ftl: how to play each game (the /how pages).
  for (const file of ["domino.ftl", "howto.ftl"]) {
    try {
      bundle.addResource(new FluentResource(await catalog(code, file)));
    } catch {
      // Offline at start: the messages fall back to English, then to their ids.
    }
  }
  return bundle;
}

// English behind the chosen language: a message a catalog lacks still reads.
const bundles = await Promise.all(lang === FALLBACK ? [load(lang)] : [load(lang), load(FALLBACK)]);

/** Remember `code` as the player's language and show the page in it. */
export function setLang(code) {
  if (!LANGS.includes(code)) return;
  try { localStorage.setItem(KEY, code); } catch { /* private mode: for this page only */ }
  location.reload();
}

/** A language's own name for itself ("español"), from `Intl`. */
export function langName(code) {
  let name = code;
  try { name = new Intl.DisplayNames([code], { type: "language" }).of(code) || code; } catch { /* old browser */ }
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}

// Arguments whose numbers show their sign (a hand's points: +12, -3).
const SIGNED = { "result-points": ["points"] };

// What Fluent takes: true/false as words to select on, lists joined the
// language's way ("4, 5 or 6"), times as dates, signed numbers with a sign.
/** @returns {Record<string, any>} */
function fluentArgs(id, args) {
  const out = {};
  for (const [k, v] of Object.entries(args)) {
    if (typeof v === "boolean") out[k] = String(v);
    else if (v == null) out[k] = k === "many" ? "false" : "";
    else if (Array.isArray(v)) out[k] = listFormat(v);
    else if (k === "at") out[k] = new Date(v);
    else if (typeof v === "number" && SIGNED[id] && SIGNED[id].includes(k)) out[k] = new FluentNumber(v, { signDisplay: "exceptZero" });
    else out[k] = v;
  }
  return out;
}

function listFormat(list) {
  const items = list.map(String);
  try { return new Intl.ListFormat(lang, { type: "disjunction" }).format(items); } catch { return items.join(", "); }
}

/**
 * The text of message `id` with `args`.
 * @param {string} id
 * @param {Record<string, any>} [args]
 */
export function t(id, args = {}) {
  for (const bundle of bundles) {
    const m = bundle.getMessage(id);
    if (m && m.value) return bundle.formatPattern(m.value, fluentArgs(id, args), []);
  }
  return id;
}

/**
 * A list in words, its last two joined by "or": "4", "4 or 6", "2, 4 or 6".
 * @param {(string | number)[]} list
 */
export function orList(list) {
  const w = list.map(String);
  return w.length < 2 ? w.join("") : t("term-or", { rest: w.slice(0, -1).join(", "), last: w[w.length - 1] });
}

/**
 * A list in words, its last two joined by "and", as the language joins
 * them: "Ann, Bo and Cy".
 * @param {string[]} items
 */
export function andList(items) {
  try { return new Intl.ListFormat(lang, { type: "conjunction" }).format(items); } catch { return items.join(", "); }
}

/**
 * Clauses joined by semicolons, as the language writes them (French puts
 * a space before the semicolon: "garde le 6 ; bloque le 4").
 * @param {string[]} list
 */
export function semiList(list) {
  return list.join(lang === "fr" ? "\u202f; " : "; ");
}

/** Whether a message exists (for optional notes and reasons). */
export function has(id) {
  return bundles.some((b) => b.hasMessage(id));
}
